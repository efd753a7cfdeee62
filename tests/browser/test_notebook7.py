"""The widget in Jupyter Notebook 7 as well as in JupyterLab: a replay renders, steps with the
buttons and the keyboard, and a player's name with markup in it stays text."""
from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import expect

from browser_support import (LAB_TIMEOUT_MS, REPLAY_TITLE, XSS, XSS_TITLE_START, Notebook7,
                             check_stepping, new_page, replays_notebook, run_all_cells,
                             wait_cells_done, widget_titled, write_notebook)
from tomato_widgets.games.tomate import scenarios

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def notebook7(tmp_path_factory):
    home = tmp_path_factory.mktemp("nb7-home")
    root = tmp_path_factory.mktemp("nb7-root")
    write_notebook(root / "replays.ipynb", replays_notebook())
    server = Notebook7(home, root).start()
    yield server
    server.stop()


def wait_kernel_idle(server, seconds: float = LAB_TIMEOUT_MS / 1000) -> None:
    """The notebook's kernel has started and is idle (asked of the server, not the page)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if any(kernel.get("execution_state") == "idle" for kernel in server.api("kernels")):
            return
        time.sleep(0.25)
    raise AssertionError("the notebook's kernel did not start")


def test_replay_in_notebook7(browser, notebook7):
    dialogs, errors = [], []
    context, page = new_page(browser, errors, dialogs)
    try:
        page.goto(f"{notebook7.url}/notebooks/replays.ipynb", wait_until="domcontentloaded")
        expect(page.locator(".jp-Notebook .jp-Cell")).to_have_count(3, timeout=LAB_TIMEOUT_MS)
        wait_kernel_idle(notebook7)
        run_all_cells(page)
        wait_cells_done(page, 3)
        replay = widget_titled(page, REPLAY_TITLE)
        expect(replay).to_have_count(1, timeout=LAB_TIMEOUT_MS)
        replay.scroll_into_view_if_needed()
        check_stepping(page, replay, scenarios.must_beat(), expect)

        xss = widget_titled(page, re.compile("^" + re.escape(XSS_TITLE_START)))
        expect(xss).to_have_count(1)
        expect(xss.locator(".tw-title")).to_contain_text(XSS)
        assert page.locator(".tw-root img").count() == 0
        # Notebook 7.6 itself reports one error (a TypeError in its own bundle, reading a
        # settings schema) as soon as any ipywidget is shown, a plain IntSlider too: only
        # errors from elsewhere count
        ours = [error for error in errors if "/static/notebook/" not in error]
        assert dialogs == [] and ours == []
    finally:
        context.close()
