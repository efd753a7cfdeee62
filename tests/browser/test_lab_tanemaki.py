"""Tanemaki in JupyterLab: the tutorial runs without page errors, its widgets show the game
and fit the page; a live game is played to its end by clicking against the bots (a card,
then a player or a field; a field, the storehouse or a player for a handed card; buttons to
harvest or keep), mirrored in the test process with the same seed: the moves offered are the
legal ones, each kind of illegal click is answered with its rule and changes nothing, and no
card the human has not seen (a bot's hand, a card handed between bots, the deck) nor any
sentence told only to a bot ever reaches the page or the saved notebook."""
from __future__ import annotations

import json
import re
import time
import urllib.error
from pathlib import Path

import pytest
from playwright.sync_api import expect

from browser_support import (LAB_TIMEOUT_MS, SHOWN_BOARD, SHOWN_EXPLANATION, WAIT_MS,
                             game_widgets_shown, new_page, notebook, open_notebook, run_all_cells,
                             save_notebook, wait_cells_done, widget_titled)
from frame_checks import leaves
from conftest import _notebook_page
from tomato_widgets.games.tanemaki import GAME, scene, words_for
from tomato_widgets.widgets import play
from tomato_widgets.widgets.shell import board_reachable

pytestmark = pytest.mark.browser

TUTORIAL = Path(__file__).resolve().parents[2] / "notebooks" / "04_tanemaki.ipynb"
LIVE_TITLE = "Tanemaki live (test)"
LIVE_SEED = 4        # the human meets every kind of refusal in the first ten decisions
LIVE_PLAYERS = 3
#: the refusals the live game tries, one click each, the first time the board offers one
REFUSALS = ("give.target", "hold.pass", "plant.variety", "store.full")


# ---- the tutorial ----------------------------------------------------------------------------
def test_the_tutorial_runs_and_shows_the_game(browser, lab):
    name = "tanemaki-tutorial.ipynb"
    (lab.root / name).write_text(TUTORIAL.read_text(encoding="utf-8"), encoding="utf-8")
    cells = json.loads(TUTORIAL.read_text(encoding="utf-8"))["cells"]
    code = [cell for cell in cells if cell["cell_type"] == "code"]
    widgets = game_widgets_shown(code)
    errors, dialogs = [], []
    context, page = new_page(browser, errors, dialogs)
    try:
        open_notebook(page, lab, name, workspace="tanemaki-tutorial", cells=len(cells))
        run_all_cells(page)
        wait_cells_done(page, len(code))
        roots = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .tw-root")
        roots.nth(widgets - 1).wait_for(timeout=LAB_TIMEOUT_MS)
        expect(roots).to_have_count(widgets)
        first = widget_titled(page, "A card handed on: Ana, then Ben, then Cai")
        expect(first.locator(".tw-position")).to_have_text("Step 4 of 14")
        expect(first.locator(f"{SHOWN_EXPLANATION} .tw-step-head")).to_have_text(
            re.compile("^Ben: "))
        board = first.locator(SHOWN_BOARD)
        store = board.locator(".tw-zone", has_text=re.compile(r"^Store"))
        expect(store).to_have_count(1)  # its title as long as it has room for; all in the tooltip
        expect(store).to_have_attribute("title", re.compile("at most two cards.*now empty"))
        expect(board.locator(".tw-label", has_text="Ana \u2192 Ben \u2192 Cai (holds it)")) \
            .to_have_count(1)
        expect(board.locator('.tw-card[aria-label="2 of Bean"]')).to_have_count(1)
        ending = widget_titled(page, "Eight coins each: more Radish wins")
        expect(ending.locator(".tw-results")).to_contain_text("Ben")
        live = widget_titled(page, "Tanemaki: you (Ana) against Bea and Cid")
        expect(live.locator(".tw-live")).to_be_visible()
    finally:
        context.close()
    assert errors == [] and dialogs == []


# ---- a live game ------------------------------------------------------------------------------
def live_notebook() -> dict:
    return notebook([
        "from tomato_widgets.widgets import play",
        f"live = play('tanemaki', {LIVE_PLAYERS}, human=0, seed={LIVE_SEED}, "
        f"title={LIVE_TITLE!r}, delay_ms=0)\nlive",
    ])


@pytest.fixture
def tanemaki_page(browser, lab):
    """A fresh notebook with a live Tanemaki game (seat 0 is ours), open and run."""
    yield from _notebook_page(browser, lab, "tanemaki-live.ipynb", cells=2, widgets=1,
                              notebook=live_notebook())


def secrets(record, human: int) -> tuple[list[str], list[str]]:
    """(the sentences told to a bot and never to the human at the same step; the names of the
    cards the human has never seen, from anything all-seeing that never reached them)."""
    told = []
    for number in range(1, len(record.steps) + 1):
        heard = set(record.explain(number, human))
        for bot in range(len(record.players)):
            if bot != human:
                told.extend(s for s in record.explain(number, bot) if s not in heard)
    seen, everything = set(), set()
    for index, state in enumerate(record.states):
        seen |= leaves(GAME.observe(state, human))
        everything |= leaves(GAME.observe(state, None))
        if index:
            for event in record.events[index - 1]:
                seen |= leaves(event.seen_by(human).facts)
    names = [word for token in everything - seen for word in words_for(token)[1:]]
    return told, names


def offered(widget) -> dict:
    """What the page offers now: one-click actions, picks, and buttons."""
    board = widget.locator(SHOWN_BOARD)
    return {
        "actions": sorted(set(board.locator("[data-action].tw-legal").evaluate_all(
            "(ns) => ns.map((n) => n.dataset.action)"))),
        "picks": sorted(set(board.locator("[data-pick].tw-legal").evaluate_all(
            "(ns) => ns.map((n) => n.dataset.pick)"))),
        "buttons": sorted(widget.locator(".tw-actions .tw-action:not([disabled])").evaluate_all(
            "(ns) => ns.map((n) => n.dataset.action)")),
    }


def expected(mirror) -> dict:
    legal = {action["id"]: action["on_board"] for action in mirror.legal}
    return {"actions": sorted(a for a, on in legal.items() if on and a.count(":") < 2
                              and not a.startswith("give:")),
            "picks": sorted({a.rpartition(":")[0] for a, on in legal.items()
                             if on and (a.startswith("give:") or a.count(":") == 3)}),
            "buttons": sorted(a for a, on in legal.items() if not on)}


def wait_offered(widget, mirror) -> None:
    want = expected(mirror)
    deadline = time.monotonic() + WAIT_MS / 1000
    while offered(widget) != want:
        if time.monotonic() > deadline:
            assert offered(widget) == want
        time.sleep(0.05)


def click(widget, action: str) -> None:
    """Make ``action`` as a user does: a card then a place, one click on the board, or a
    button. Zones are clicked in their title corner, which nothing lies over."""
    board = widget.locator(SHOWN_BOARD)
    corner = {"x": 8, "y": 6}
    if action.startswith("give:") or action.count(":") == 3:
        pick, _, drop = action.rpartition(":")
        board.locator(f'[data-pick="{pick}"]').first.click()
        expect(board.locator(".tw-picked")).to_have_count(1)
        board.locator(f'.tw-zone[data-drop="{drop}"]').first.click(position=corner)
    elif action.startswith(("harvest:", "keep")):
        widget.locator(f'.tw-actions .tw-action[data-action="{action}"]').click()
    else:
        board.locator(f'.tw-zone[data-action="{action}"]').first.click(position=corner)


def choose(mirror) -> str:
    """The tests' human: in the harvest window, harvests a field that earns a coin, else
    keeps; otherwise the first move by id that is not a harvest (a harvest when it must)."""
    legal = {action["id"]: action["label"] for action in mirror.legal}
    if "keep" in legal:
        earning = [a for a, label in sorted(legal.items())
                   if a.startswith("harvest:") and not label.endswith(": 0 coins")]
        return earning[0] if earning else "keep"
    others = sorted(a for a in legal if not a.startswith("harvest:"))
    return others[0] if others else sorted(legal)[0]  # a forced harvest


def try_refusal(widget, mirror, action: str) -> None:
    """Click ``action``, which the board offers but the rules forbid now: the notice gives
    the rule and why, as the mirror says; nothing moves."""
    position = widget.locator(".tw-position")
    before = (position.inner_text(), offered(widget), widget.locator(".tw-log").inner_text())
    assert mirror.act(action) is False
    notice = mirror.notice
    assert notice.startswith("Not allowed \u2014 ")
    click(widget, action)
    expect(widget.locator(".tw-notice")).to_have_text(notice, timeout=WAIT_MS)
    assert (position.inner_text(), offered(widget), widget.locator(".tw-log").inner_text()) \
        == before


def saved_notebook(page, lab, name: str) -> str:
    """``save_notebook``, asked again when the server answers while it is still writing the
    file: it writes a notebook in place (a backup copy beside it), and a whole game's widget
    state takes a moment, so a read in between finds half a file (400 Bad Request)."""
    for attempt in range(3):
        try:
            return save_notebook(page, lab, name)
        except urllib.error.HTTPError as error:
            if error.code != 400 or attempt == 2:
                raise
            time.sleep(1)


def test_a_live_game_clicked_to_its_end_against_the_bots(tanemaki_page, lab):
    page = tanemaki_page.page
    widget = widget_titled(page, LIVE_TITLE)
    expect(widget).to_have_count(1)
    widget.scroll_into_view_if_needed()
    position = widget.locator(".tw-position")
    mirror = play("tanemaki", LIVE_PLAYERS, human=0, seed=LIVE_SEED)
    tried, kinds = set(), set()
    decisions = 0
    while True:
        total = len(mirror.steps)
        expect(position).to_have_text(f"Step {total} of {total}", timeout=WAIT_MS)
        wait_offered(widget, mirror)
        told, unseen = secrets(mirror.record, 0)
        content = page.content()
        assert [s for s in told if s in content] == []
        assert [name for name in unseen if name in content] == []
        if not mirror.legal:
            break
        state = mirror.record.state
        board = scene(GAME.observe(state, 0), mirror.record.players,
                      [a["id"] for a in mirror.legal])
        for wrong in sorted(board_reachable(board["items"]) - {a["id"] for a in mirror.legal}):
            rule = GAME.reason_illegal(state, wrong, 0).rule
            if rule in REFUSALS and rule not in tried:
                try_refusal(widget, mirror, wrong)
                tried.add(rule)
        action = choose(mirror)
        click(widget, action)
        assert mirror.act(action), action
        kinds.add(action.split(":")[0] if action.count(":") < 3 else "plant-last")
        decisions += 1
    assert GAME.is_over(mirror.record.state) and decisions >= 30
    assert tried == set(REFUSALS), tried
    assert {"give", "plant", "plant-last", "keep", "harvest"} <= kinds, kinds
    expect(widget.locator(".tw-results")).to_contain_text("Coins")
    expect(widget.locator(".tw-board [data-action], .tw-board [data-pick]")).to_have_count(0)
    saved = saved_notebook(page, lab, tanemaki_page.name)
    told, unseen = secrets(mirror.record, 0)
    assert told and [s for s in told if s in saved] == []
    assert [name for name in unseen if name in saved] == []
    assert "You plant" in saved  # the check would see the game's sentences (said to you)
    assert tanemaki_page.dialogs == [] and tanemaki_page.errors == []
