"""The offline JupyterLite site (lite/build.py) in chromium with every request that leaves
127.0.0.1 aborted: the welcome notebook opens by itself, its cells run in the in-browser
kernel, its first replay draws and steps, and a tutorial's live game takes a move.

The site is built once per session into build/lite/ (kept there while its sources and pins are
unchanged; from nothing it needs PyPI and the npm registry) and served by a plain http server
thread. The figures (build time, time to the first widget) are printed: run with ``-s``."""
from __future__ import annotations

import json
import re
import time
from pathlib import Path
from urllib.parse import urlparse

import pytest
from playwright.sync_api import expect

from browser_support import (LAB_TIMEOUT_MS, WAIT_MS, choose, click_move, dom_legal, new_page,
                             run_all_cells)
from test_lite_build import load_lite_build
from tomato_widgets.widgets import play

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
TUTORIAL = "01_tomate.ipynb"
#: the tutorial's live game: the code cell that starts with this
LIVE_CELL_START = "game = play("


def site_cells(folder: Path, name: str) -> list[dict]:
    """The cells of notebook ``name`` as the site serves it."""
    return json.loads((folder / "files" / name).read_text(encoding="utf-8"))["cells"]


def code_sources(folder: Path, name: str) -> list[str]:
    return ["".join(cell["source"]) for cell in site_cells(folder, name) if cell["cell_type"] == "code"]


@pytest.fixture(scope="module")
def site():
    """The built site, served on 127.0.0.1: (folder, root URL)."""
    lite = load_lite_build()
    started = time.monotonic()
    folder = lite.build(reuse=True, zip_it=False)
    print(f"\n[lite] site ready in {time.monotonic() - started:.1f} s "
          f"({lite.folder_size(folder) / 1e6:.1f} MB)")
    server, url = lite.serve_in_thread(folder)
    yield folder, url
    server.shutdown()
    server.server_close()


class OfflinePage:
    """A page of its own browser context where every request not to 127.0.0.1 is aborted;
    it records those requests, the requests that failed, page errors and dialogs."""

    def __init__(self, browser):
        self.blocked: list[str] = []
        self.failed: list[str] = []
        self.errors: list[str] = []
        self.dialogs: list[str] = []
        self.context, self.page = new_page(browser, self.errors, self.dialogs)
        # on the context: it sees the kernel's web worker and the service worker too
        self.context.route("**/*", self._route)
        self.context.on("requestfailed", self._failed)

    def _failed(self, request) -> None:
        # the site's root forwards to the welcome notebook as soon as its script runs: when
        # that is before the root page has finished arriving, the browser drops the rest of
        # it ("aborted"), which is the forwarding working, not a request that failed
        if request.is_navigation_request() and "ERR_ABORTED" in (request.failure or ""):
            return
        self.failed.append(f"{request.url}: {request.failure}")

    def _route(self, route):
        url = route.request.url
        if urlparse(url).hostname == "127.0.0.1":
            route.continue_()
        else:
            self.blocked.append(url)
            route.abort()

    def assert_offline(self) -> None:
        assert self.blocked == [], f"requests left the machine: {self.blocked}"
        assert self.failed == [], f"requests failed: {self.failed}"
        assert self.errors == [], self.errors
        assert self.dialogs == [], self.dialogs


def wait_notebook_idle(page, name: str, cells: int) -> None:
    """``name`` is the notebook on show, with its ``cells`` cells, and its kernel is idle."""
    page.wait_for_function(
        """([name, cells]) => {
            const panel = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden)');
            if (!panel || panel.querySelectorAll('.jp-Notebook .jp-Cell').length !== cells) return false;
            const tab = document.querySelector('.lm-DockPanel-tabBar .lm-mod-current');
            if (!tab || !tab.textContent.includes(name)) return false;
            const bar = document.querySelector('#jp-main-statusbar');
            return !!bar && /Python \\(Pyodide\\) \\| Idle/.test(bar.textContent);
        }""", arg=[name, cells], timeout=LAB_TIMEOUT_MS)


def run_all_and_wait(page, code_cells: int) -> float:
    """Run > Run All Cells, wait until every code cell has run; returns the seconds until the
    first game widget was drawn (counted from the click)."""
    clicked = time.monotonic()
    run_all_cells(page)
    page.locator(".tw-root").first.wait_for(state="visible", timeout=LAB_TIMEOUT_MS)
    first_widget = time.monotonic() - clicked
    # the committed outputs already carry execution counts: wait for the run's own, or for
    # an error (Run All stops at the first one, so the counts would never come)
    outcome = page.wait_for_function(
        """(cells) => {
            const panel = '.jp-NotebookPanel:not(.lm-mod-hidden) ';
            const stderr = [...document.querySelectorAll(panel
                + '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]')];
            if (stderr.length) return 'stderr: ' + stderr.map((n) => n.textContent).join('\\n');
            const prompts = [...document.querySelectorAll(panel + '.jp-CodeCell .jp-InputArea-prompt')]
                .map((p) => p.textContent.trim());
            return prompts.length === cells && prompts.every((p) => /^\\[\\d+\\]:$/.test(p)) && 'done';
        }""", arg=code_cells, timeout=LAB_TIMEOUT_MS).json_value()
    assert outcome == "done", f"a cell wrote to stderr (an error?): {outcome[:3000]}"
    expect(page.locator("#jp-main-statusbar")).to_contain_text(
        re.compile(r"Python \(Pyodide\) \| Idle"), timeout=WAIT_MS)
    return first_widget


@pytest.fixture
def offline_page(browser):
    """A fresh offline page; checked for blocked or failed requests, closed afterwards."""
    offline = OfflinePage(browser)
    yield offline
    offline.context.close()


def test_the_built_site_names_no_remote_address(site):
    """Its configuration and lock name nothing outside the site (the same scan as the build's)."""
    folder, _ = site
    assert load_lite_build().remote_addresses(folder) == []


def test_the_welcome_notebook_runs_offline(offline_page, site):
    """The site's root opens the welcome notebook (lab/index.html?path=...), its kernel starts,
    every cell runs, and the first replay draws and steps."""
    lite = load_lite_build()
    folder, url = site
    page = offline_page.page
    opened = time.monotonic()
    page.goto(url, wait_until="domcontentloaded")
    wait_notebook_idle(page, lite.LANDING, cells=len(site_cells(folder, lite.LANDING)))
    kernel_ready = time.monotonic() - opened
    to_widget = run_all_and_wait(page, len(code_sources(folder, lite.LANDING)))
    print(f"[lite] welcome: kernel idle {kernel_ready:.1f} s after opening the site, first widget "
          f"{to_widget:.1f} s after Run All: {kernel_ready + to_widget:.1f} s to the first widget")

    replay = page.locator(".tw-root").first
    expect(replay).to_be_visible()
    position = replay.locator(".tw-position")
    expect(position).to_have_text(re.compile(r"^Step \d+ of \d+$"), timeout=WAIT_MS)
    step, total = map(int, re.fullmatch(r"Step (\d+) of (\d+)", position.text_content()).groups())
    assert step < total
    replay.get_by_role("button", name="Next step", exact=True).click()
    expect(position).to_have_text(f"Step {step + 1} of {total}", timeout=WAIT_MS)
    page.screenshot(path=str(ROOT / "build" / "lite-welcome.png"))
    offline_page.assert_offline()


def test_a_tutorial_runs_and_its_live_game_takes_a_move_offline(offline_page, site):
    folder, url = site
    page = offline_page.page
    page.goto(f"{url}lab/index.html?path={TUTORIAL}", wait_until="domcontentloaded")
    wait_notebook_idle(page, TUTORIAL, cells=len(site_cells(folder, TUTORIAL)))
    code = code_sources(folder, TUTORIAL)
    started = time.monotonic()
    run_all_and_wait(page, len(code))
    print(f"[lite] {TUTORIAL}: its {len(code)} code cells ran in {time.monotonic() - started:.1f} s")

    source = next(cell for cell in code if cell.startswith(LIVE_CELL_START))
    namespace = {"play": play}
    exec(source, namespace)  # the same game in the test process: same seed, same bots
    mirror = namespace["game"]
    cell = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-CodeCell").filter(
        has=page.locator(".jp-InputArea", has_text=source.splitlines()[0]))
    expect(cell).to_have_count(1)
    widget = cell.locator(".tw-root")
    widget.scroll_into_view_if_needed()
    position = widget.locator(".tw-position")
    total = len(mirror.steps)
    expect(position).to_have_text(f"Step {total} of {total}", timeout=WAIT_MS)
    expected = sorted(action["id"] for action in mirror.legal)
    assert expected, "the live game's human has no move at the start"
    deadline = time.monotonic() + WAIT_MS / 1000
    while dom_legal(widget) != expected and time.monotonic() < deadline:
        page.wait_for_timeout(100)
    assert dom_legal(widget) == expected

    action = choose(expected)
    click_move(widget, mirror, action)
    assert mirror.act(action), action
    total = len(mirror.steps)
    expect(position).to_have_text(f"Step {total} of {total}", timeout=WAIT_MS)
    expect(widget.locator(".tw-notice")).to_have_text("")
    widget.screenshot(path=str(ROOT / "build" / "lite-live-game.png"))
    offline_page.assert_offline()
