"""Shared pieces of the browser tests: chromium, the JupyterLab server, the test notebooks,
driving a notebook page, and the Python mirror of the live game.

Kept out of conftest.py so the test modules and ``benchmarks/browser.py`` can import it.
"""
from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

from tomato_widgets.games.tomate.views import cards_seen

# ---- chromium -------------------------------------------------------------------------------
# Debian's chromium, never a browser downloaded by playwright
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def browser_missing() -> str | None:
    """Why the browser tests cannot run here, or None when they can."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the playwright package is not installed (pip install -e '.[test]')"
    if not (os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)):
        return f"Debian's chromium is not installed at {CHROMIUM} (apt-get install chromium)"
    return None


def launch_chromium(playwright, extra_args=()):
    return playwright.chromium.launch(executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, *extra_args],
                                      headless=True)


# ---- what the test notebooks show -------------------------------------------------------------
XSS = "<img src=x onerror=alert(1)>"
LIVE_SEED = 0              # a seed where the human holds cards that may not be played
LIVE_OPTIONS = {"rounds": 2}
LIVE_PLAYERS = 3
REPLAY_TITLE = "Must beat (replay)"
# the board's items, the explanation and what each player knows, as shown: a replay keeps a
# spare copy of each, drawn ahead with the next step and hidden (see "a spare copy" in the shell's spares.js)
SHOWN_BOARD = ".tw-board-items:not(.tw-spare)"
SHOWN_EXPLANATION = ".tw-explain-step:not(.tw-spare)"
SHOWN_KNOWS = ".tw-knows:not(.tw-spare)"
XSS_TITLE_START = "Tomate: " + XSS
LIVE_TITLE = "Live game (test)"


def _code(source: str, number: int) -> dict:
    return {"cell_type": "code", "execution_count": None, "id": f"cell-{number}", "metadata": {},
            "outputs": [], "source": source}


def notebook(cells: list[str]) -> dict:
    return {"cells": [_code(source, number) for number, source in enumerate(cells)],
            "metadata": {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python",
                                        "name": "python3"},
                         "language_info": {"name": "python"}},
            "nbformat": 4, "nbformat_minor": 5}


def replays_notebook() -> dict:
    return notebook([
        "from tomato_widgets.widgets import replay\n"
        "from tomato_widgets.games.tomate import scenarios",
        f"must_beat = replay(scenarios.must_beat(), title={REPLAY_TITLE!r})\nmust_beat",
        "record = scenarios.must_beat()\n"
        f"record.players[0] = {XSS!r}\n"
        "xss = replay(record.to_json())\nxss",
    ])


def live_notebook(seed: int = LIVE_SEED, options: dict | None = None, players: int = LIVE_PLAYERS,
                  title: str = LIVE_TITLE) -> dict:
    options = LIVE_OPTIONS if options is None else options
    return notebook([
        "from tomato_widgets.widgets import play",
        f"live = play('tomate', {players}, human=0, seed={seed}, options={options!r}, "
        f"title={title!r}, delay_ms=0)\nlive",
    ])


VIEWS_TITLE = "Live game, two views (test)"


def views_notebook() -> dict:
    """One live game shown twice (two views of one model), and once more by the last cell
    when the tests run it again later."""
    return notebook([
        "from tomato_widgets.widgets import play",
        f"live = play('tomate', {LIVE_PLAYERS}, human=0, seed={LIVE_SEED}, options={LIVE_OPTIONS!r}, "
        f"title={VIEWS_TITLE!r})\nlive",
        "live",
    ])


TOMATOMAT_SEED = 2
TOMATOMAT_PLAYERS = 3
TOMATOMAT_TITLE = "Tomatomat live (test)"


def tomatomat_notebook() -> dict:
    """A live Tomatomat game: seat 0 is ours, two bots place their cards at the same time."""
    return notebook([
        "from tomato_widgets.widgets import play",
        f"live = play('tomatomat', {TOMATOMAT_PLAYERS}, human=0, seed={TOMATOMAT_SEED}, "
        f"title={TOMATOMAT_TITLE!r}, delay_ms=0)\nlive",
    ])


PACED_TITLE = "Paced live game (test)"
FAIR_TITLE = "Fair live game (test)"
PRACTICE_TITLE = "Practice live game (test)"
SECRET_TITLE = "A note for Cai (test)"
SECRET_NOTE = "Psst, Cai: Ana holds the ace of coins."
#: the learner notebook's live games: title -> play(...) keyword arguments (the tests play
#: the same games in the test process)
LEARNER_GAMES = {
    PACED_TITLE: dict(seed=0, options={"rounds": 2}),
    FAIR_TITLE: dict(seed=3, options={"rounds": 1}, delay_ms=0, takebacks=False),
    PRACTICE_TITLE: dict(seed=8, options={"rounds": 2}, delay_ms=0),
}


def learner_notebook() -> dict:
    """Three live games (paced by default; a fair one without takebacks; one to practise
    takebacks) and a replay whose first comment is for Cai's eyes only."""
    games = [f"play('tomate', 3, human=0, title={title!r}, **{kwargs!r})"
             for title, kwargs in LEARNER_GAMES.items()]
    return notebook([
        "from tomato_widgets import GameRecord\n"
        "from tomato_widgets.games.tomate import GAME, deal_action\n"
        "from tomato_widgets.widgets import play, replay",
        *games,
        "record = GameRecord(GAME, ['Ana', 'Ben', 'Cai'], {'first_dealer': 2})\n"
        "record.append(deal_action([['A-coins', '3-cups', 'K-swords'], ['2-coins', '6-cups', '5-swords'],"
        " ['7-coins', 'J-cups', '4-clubs']], 'Q-cups'),"
        f" comment={SECRET_NOTE!r}, visible_to=[2])\n"
        f"replay(record, perspective=1, perspectives=[1, 2], title={SECRET_TITLE!r})",
    ])


def write_notebook(path: Path, data: dict) -> Path:
    path.write_text(json.dumps(data, indent=1), encoding="utf-8")
    return path


# ---- the JupyterLab server ----------------------------------------------------------------------
LAB_OVERRIDES = {
    # every cell attached to the DOM, so every widget is there to find
    "@jupyterlab/notebook-extension:tracker": {"windowingMode": "none"},
    # the tests read the notebook's saved widget state
    "@jupyter-widgets/jupyterlab-manager:plugin": {"saveState": True},
    # no machine here reaches the news feed; no toast asking about it
    "@jupyterlab/apputils-extension:notification": {"fetchNews": "false", "checkForUpdates": False},
    # the tests save when they mean to: an autosave at the moment of a test's own save is two
    # saves of one file at once, which the server may refuse
    "@jupyterlab/docmanager-extension:plugin": {"autosave": False},
}


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class JupyterLab:
    """A JupyterLab server on 127.0.0.1 with no token or password, rooted in a temporary folder.

    ``<home>/share/jupyter/lab/settings/overrides.json`` holds the settings overrides (the lab's
    ``app_settings_dir``); user settings, workspaces, config and runtime files also live under
    ``home``, so nothing of the developer's own Jupyter set-up is read or changed.
    """

    #: the Python module that starts the server: "jupyterlab", or "notebook" for Notebook 7
    app = "jupyterlab"
    overrides = LAB_OVERRIDES

    def __init__(self, home: Path, root: Path, timeout: float = 120.0):
        self.home = Path(home)
        self.root = Path(root)
        self.timeout = timeout
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = self.home / "jupyterlab.log"
        self.process: subprocess.Popen | None = None
        self._log = None

    @property
    def settings_dir(self) -> Path:
        return self.home / "share" / "jupyter" / "lab" / "settings"

    def start(self) -> "JupyterLab":
        self.settings_dir.mkdir(parents=True, exist_ok=True)
        (self.settings_dir / "overrides.json").write_text(json.dumps(self.overrides, indent=1))
        env = dict(os.environ)
        env.update({
            "JUPYTERLAB_SETTINGS_DIR": str(self.home / "user-settings"),
            "JUPYTERLAB_WORKSPACES_DIR": str(self.home / "workspaces"),
            "JUPYTER_CONFIG_DIR": str(self.home / "config"),
            "JUPYTER_RUNTIME_DIR": str(self.home / "runtime"),
            "IPYTHONDIR": str(self.home / "ipython"),
            "JUPYTER_PLATFORM_DIRS": "1",
            "PYTHONUNBUFFERED": "1",
        })
        command = [
            sys.executable, "-m", self.app,
            "--no-browser", "--allow-root",
            "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={self.port}", "--ServerApp.port_retries=0",
            f"--ServerApp.root_dir={self.root}",
            "--IdentityProvider.token=", "--ServerApp.token=", "--ServerApp.password=",
            "--ServerApp.disable_check_xsrf=True", "--ServerApp.open_browser=False",
            f"--LabApp.app_settings_dir={self.settings_dir}",
            "--LabApp.news_url=",
        ]
        self._log = open(self.log_path, "wb")
        self.process = subprocess.Popen(command, cwd=self.root, env=env, stdout=self._log,
                                        stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        self._wait_until_up()
        return self

    def log_tail(self, lines: int = 40) -> str:
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return ""

    def _wait_until_up(self) -> None:
        deadline = time.monotonic() + self.timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"JupyterLab exited with {self.process.returncode}:\n{self.log_tail()}")
            try:
                with urllib.request.urlopen(f"{self.url}/api/status", timeout=2) as answer:
                    if answer.status == 200:
                        return
            except (urllib.error.URLError, ConnectionError, TimeoutError, OSError):
                pass
            time.sleep(0.25)
        self.stop()
        raise RuntimeError(f"JupyterLab did not answer within {self.timeout:.0f} s:\n{self.log_tail()}")

    def api(self, path: str, attempts: int = 5):
        """GET a server API path as JSON. A 5xx answer is tried again a few times: the kernel
        list can fail for a moment while a kernel is starting."""
        for attempt in range(attempts):
            try:
                with urllib.request.urlopen(f"{self.url}/api/{path.lstrip('/')}", timeout=30) as answer:
                    return json.loads(answer.read().decode("utf-8"))
            except urllib.error.HTTPError as error:
                if error.code < 500 or attempt == attempts - 1:
                    raise
                time.sleep(0.5)

    def stop(self) -> None:
        if self.process is None:
            return
        if self.process.poll() is None:
            self.process.terminate()  # the server shuts its kernels down on SIGTERM
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)
        self.process = None
        if self._log:
            self._log.close()
            self._log = None


class Notebook7(JupyterLab):
    """The same server set-up, running Jupyter Notebook 7 (built from JupyterLab's parts)."""

    app = "notebook"
    overrides: dict = {}  # JupyterLab's settings name plugins Notebook 7 does not load


# ---- driving a notebook in JupyterLab ---------------------------------------------------------
LAB_TIMEOUT_MS = 120_000   # kernel start, first run: generous on a loaded machine
WAIT_MS = 30_000           # one round trip to the kernel


def open_notebook(page, lab: JupyterLab, name: str, workspace: str, cells: int) -> None:
    """Open ``name`` alone in a fresh workspace (so no other notebook is restored) and wait
    until its ``cells`` cells are there and its kernel is idle."""
    url = f"{lab.url}/lab/workspaces/{workspace}/tree/{name}?reset"
    try:
        page.goto(url, wait_until="domcontentloaded")
    except Exception as error:  # noqa: BLE001 - playwright's Error: a navigation cut short
        # a reload can be aborted by the page leaving (a save or a redirect in flight): again
        if "ERR_ABORTED" not in str(error):
            raise
        page.wait_for_timeout(500)
        page.goto(url, wait_until="domcontentloaded")
    page.wait_for_function(
        """(cells) => {
            const panel = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden)');
            if (!panel || panel.querySelectorAll('.jp-Notebook .jp-Cell').length !== cells) return false;
            const bar = document.querySelector('#jp-main-statusbar');
            return !!bar && /Python 3 \\(ipykernel\\) \\| Idle/.test(bar.textContent);
        }""", arg=cells, timeout=LAB_TIMEOUT_MS)


def run_all_cells(page) -> None:
    """Run > Run All Cells, from the menu bar as a user would."""
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Run$")).click()
    page.locator(".lm-Menu-item:not(.lm-mod-hidden) .lm-Menu-itemLabel",
                 has_text=re.compile(r"^Run All Cells$")).click()


def wait_cells_done(page, cells: int) -> None:
    """Every code cell has an execution count and none is running."""
    page.wait_for_function(
        """(cells) => {
            const prompts = [...document.querySelectorAll('.jp-NotebookPanel:not(.lm-mod-hidden) '
                + '.jp-CodeCell .jp-InputArea-prompt')].map((p) => p.textContent.trim());
            return prompts.length === cells && prompts.every((p) => /^\\[\\d+\\]:$/.test(p));
        }""", arg=cells, timeout=LAB_TIMEOUT_MS)


def new_page(browser, errors: list, dialogs: list):
    """(context, page) of a fresh browser context that records page errors (with where they
    came from) and dismisses any dialog, recording it."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    context.set_default_timeout(LAB_TIMEOUT_MS)
    page = context.new_page()

    def on_dialog(dialog):
        dialogs.append(f"{dialog.type}: {dialog.message}")
        dialog.dismiss()

    page.on("dialog", on_dialog)
    page.on("pageerror", lambda error: errors.append(f"{error}\n{error.stack}"))
    page.tw_errors = errors  # save_notebook forgives a save the server refused, then redone
    return context, page


def widget_titled(page, title):
    """The widget whose title is (or, given a pattern, matches) ``title``."""
    return page.locator(".tw-root").filter(has=page.locator(".tw-title", has_text=title))


def save_notebook(page, lab: JupyterLab, name: str) -> str:
    """Save with Ctrl+S and return the saved JSON text once the server has the widget state.

    A key press can land before the notebook has the focus back (a busy page), so Ctrl+S is
    pressed again when no save reached the server within a few seconds. It is never pressed
    while a save is still on its way: two saves of one file at once can fail on the server."""
    deadline = time.monotonic() + WAIT_MS / 1000
    in_flight: list = []  # the save requests the server has not answered yet

    def sent(request):
        if request.method == "PUT" and name in request.url:
            in_flight.append(request)

    def answered(request):
        if request in in_flight:
            in_flight.remove(request)

    page.on("request", sent)
    page.on("requestfinished", answered)
    page.on("requestfailed", answered)
    pressed = -float("inf")
    try:
        while True:
            if not in_flight and time.monotonic() - pressed > 3:
                # a save the server could not finish leaves an error dialog: closed, and again
                failed = page.locator(".jp-Dialog", has_text="File Save Error")
                if failed.count():
                    failed.locator(".jp-Dialog-button").first.click()
                page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook").click(
                    position={"x": 5, "y": 5})
                page.keyboard.press("Control+s")
                pressed = time.monotonic()
            try:
                data = lab.api(f"contents/{name}?content=1&type=notebook")
            except (ValueError, urllib.error.HTTPError):  # read while the server was writing it
                data = {"content": {"metadata": {}}}
            widgets = data["content"]["metadata"].get("widgets")
            if widgets and not in_flight and _page_knows_it_saved(page):
                _forgive_refused_saves(page, lab, name)
                return json.dumps(data, ensure_ascii=False)
            if time.monotonic() > deadline:
                raise AssertionError("the notebook was not saved with its widget state")
            page.wait_for_timeout(200)  # lets the page's request events arrive
    finally:
        page.remove_listener("request", sent)
        page.remove_listener("requestfinished", answered)
        page.remove_listener("requestfailed", answered)


def _page_knows_it_saved(page) -> bool:
    """Whether the page has taken in the server's answer: the server can hold the file a
    moment before the page clears its unsaved mark, and leaving the page then would ask
    the user whether to drop changes that are in fact saved."""
    return page.locator(".lm-TabBar-tab.jp-mod-dirty").count() == 0


def _forgive_refused_saves(page, lab: JupyterLab, name: str) -> None:
    """Now and then (about one full run in three) the server answers a notebook's save with
    "No such file or directory" although the file is there, and JupyterLab reports it as an
    uncaught error. The save is pressed again and lands (the caller checked the saved file),
    so that one error is no fault of the page's: it is taken off the page's errors, and
    printed with the server's log for whoever looks into it."""
    errors = getattr(page, "tw_errors", None)
    if not errors:
        return
    refused = [error for error in errors if error.startswith(f"No such file or directory: {name}")]
    if refused:
        errors[:] = [error for error in errors if error not in refused]
        print(f"\n[save] the server refused a save of {name} ({len(refused)}x), saved again;"
              f" its log ends:\n{lab.log_tail(15)}")


# ---- the widget in a page --------------------------------------------------------------------
def dom_legal(widget) -> list[str]:
    """The action ids the widget offers now: cards on the board and buttons."""
    cards = widget.locator(".tw-board .tw-card.tw-legal[data-action]")
    buttons = widget.locator(".tw-actions .tw-action:not([disabled])")
    # two copies of a card in hand offer the same action once
    return sorted(set(cards.evaluate_all("(ns) => ns.map((n) => n.dataset.action)")
                      + buttons.evaluate_all("(ns) => ns.map((n) => n.dataset.action)")))


def game_widgets_shown(cells: list) -> int:
    """How many game widgets a notebook's saved outputs show (not counting other widgets,
    such as a tutorial's score line)."""
    return sum(1 for cell in cells if cell["cell_type"] == "code"
               for output in cell.get("outputs", ())
               if "application/vnd.jupyter.widget-view+json" in output.get("data", {})
               and "".join(output["data"].get("text/plain", "")).startswith("GameWidget("))


def click_move(widget, mirror, action: str) -> None:
    """Make ``action`` on the page as a learner would (``mirror``: the same game in the test
    process, which says whether the move is on the board): a button, a board item, or a
    pick then a drop (clicked near the drop zone's top right corner, clear of what lies on it)."""
    on_board = {a["id"] for a in mirror.legal if a["on_board"]}
    if action not in on_board:
        widget.locator(f'.tw-actions .tw-action[data-action="{action}"]').click()
        return
    item = widget.locator(f'.tw-board [data-action="{action}"]')
    if item.count():
        item.first.click()
        return
    picked, _, where = action.rpartition(":")
    widget.locator(f'.tw-board [data-pick="{picked}"]').first.click()
    zone = widget.locator(f'.tw-board [data-drop="{where}"]').first
    box = zone.bounding_box()
    zone.click(position={"x": box["width"] - 8, "y": 6})


# ---- the live game, mirrored in the test process ----------------------------------------------
def choose(legal_ids: list[str]) -> str:
    """The tests' human: always stays in, leaves the trump, then plays the first card by id."""
    if "play" in legal_ids:
        return "play"
    if "decline" in legal_ids:
        return "decline"
    return sorted(legal_ids)[0]




seen_by = cards_seen  # every card a seat has seen face up in a record


def never_seen(record, seat: int) -> list[str]:
    """The card ids ``seat`` has never seen: the bots' hidden hands, mucked cards, the stock."""
    from tomato_widgets.games.tomate.cards import CARD_IDS
    seen = seen_by(record, seat)
    return [card for card in CARD_IDS if card not in seen]


def leaked(text: str, cards: list[str]) -> dict[str, list[str]]:
    """The cards of ``cards`` that ``text`` names, by id ("K-cups") or by name ("K of cups",
    "rey de copas", "K of hearts"): {card id: the words found}."""
    from tomato_widgets.games.tomate.cards import card_name, french_name, spanish_name
    words = {}
    for card in cards:
        for word in (card, card_name(card), spanish_name(card), french_name(card)):
            words[word] = card
    if not words:
        return {}
    pattern = re.compile(r"(?<![\w-])(" + "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
                         + r")(?![\w-])")
    found: dict[str, set] = {}
    for word in pattern.findall(text):
        found.setdefault(words[word], set()).add(word)
    return {card: sorted(names) for card, names in sorted(found.items())}


def step_head(record, step: int) -> str:
    """Whose step it is, as ``.tw-step-head`` starts ("Ben: ...", "Chance: ...")."""
    player = record.steps[step - 1].player
    return "Chance" if player < 0 else record.players[player]


def check_stepping(page, widget, record, expect) -> None:
    """Step a replay shown at step 0 with the buttons, then with the keys on ``.tw-root``,
    checking the position text, the slider and the explanation after every move."""
    total = len(record.steps)
    position = widget.locator(".tw-position")
    slider = widget.get_by_role("slider", name="Step")
    explain = widget.locator(SHOWN_EXPLANATION)
    spoken = widget.locator('[aria-live="polite"]')  # what a screen reader hears of each step

    def at(step: int) -> None:
        expect(position).to_have_text(f"Step {step} of {total}")
        expect(slider).to_have_value(str(step))
        if step == 0:
            expect(explain).to_have_text("The start of the game.")
            expect(explain.locator(".tw-event-text")).to_have_count(0)
            expect(spoken).to_have_text("The start of the game.")
        else:
            head = re.escape(step_head(record, step)) + ": "
            expect(explain.locator(".tw-step-head")).to_have_text(re.compile("^" + head))
            expect(explain.locator(".tw-event-text")).to_have_text(record.explain(step))
            # the headline, then the events' sentences
            expect(spoken).to_have_text(re.compile(
                "^" + head + ".*" + re.escape(" ".join(["", *record.explain(step)])) + "$"))

    def button(label: str):
        return widget.get_by_role("button", name=label, exact=True)

    at(0)
    button("Next step").click()
    at(1)
    button("Next step").click()
    at(2)
    button("Previous step").click()
    at(1)
    button("Last step").click()
    at(total)
    button("Next step").click()   # nothing after the last step
    at(total)
    button("First step").click()
    at(0)
    button("Previous step").click()  # nothing before the start
    at(0)

    widget.focus()
    expect(widget).to_be_focused()
    for key, step in (("ArrowRight", 1), ("ArrowRight", 2), ("ArrowRight", 3), ("ArrowLeft", 2),
                      ("End", total), ("ArrowRight", total), ("ArrowLeft", total - 1),
                      ("Home", 0), ("ArrowLeft", 0)):
        page.keyboard.press(key)
        at(step)
    expect(widget).to_be_focused()
