"""Fixtures of the browser tests: Debian's chromium through playwright, and one JupyterLab
server per test session (per xdist worker) rooted in a temporary folder.

Without chromium (or playwright) the browser tests are skipped with the reason, except in CI
(the ``CI`` environment variable set), where they fail instead: CI must run them.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field

import pytest

from browser_support import (LAB_TIMEOUT_MS, JupyterLab, browser_missing, launch_chromium, new_page,
                             learner_notebook, live_notebook, open_notebook, replays_notebook,
                             run_all_cells,
                             tomatomat_notebook, views_notebook, wait_cells_done, write_notebook)


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "browser: drives Debian's chromium (playwright) through JupyterLab or a "
                   "standalone page; skipped without chromium unless CI is set")


def _require_browser() -> None:
    reason = browser_missing()
    if reason is None:
        return
    if os.environ.get("CI"):
        pytest.fail(f"browser tests must run in CI, but {reason}", pytrace=False)
    pytest.skip(f"browser tests skipped: {reason}")


def pytest_runtest_setup(item):
    if item.get_closest_marker("browser") is not None:
        _require_browser()


@pytest.fixture(scope="session")
def playwright_driver():
    _require_browser()
    from playwright.sync_api import sync_playwright
    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="session")
def browser(playwright_driver):
    chromium = launch_chromium(playwright_driver)
    yield chromium
    chromium.close()


@pytest.fixture(scope="session")
def lab(tmp_path_factory):
    """One JupyterLab server for the session, with the test notebooks in its root."""
    _require_browser()
    home = tmp_path_factory.mktemp("lab-home")
    root = tmp_path_factory.mktemp("lab-root")
    write_notebook(root / "replays.ipynb", replays_notebook())
    server = JupyterLab(home, root).start()
    yield server
    server.stop()


@dataclass
class NotebookPage:
    """A notebook open in its own browser context, with what the page reported."""
    page: object
    name: str
    dialogs: list = field(default_factory=list)
    errors: list = field(default_factory=list)


def _open_and_run(browser, lab, name: str, cells: int, widgets: int):
    result = NotebookPage(page=None, name=name)
    context, page = new_page(browser, result.errors, result.dialogs)
    result.page = page
    open_notebook(page, lab, name, workspace=name.replace(".ipynb", ""), cells=cells)
    run_all_cells(page)
    wait_cells_done(page, cells)
    page.locator(".tw-root").nth(widgets - 1).wait_for(timeout=LAB_TIMEOUT_MS)
    return context, result


def _notebook_page(browser, lab, name: str, cells: int, widgets: int, notebook=None):
    """Write ``notebook`` (when given) as ``name``, open and run it; close it afterwards."""
    if notebook is not None:
        write_notebook(lab.root / name, notebook)
    context, result = _open_and_run(browser, lab, name, cells=cells, widgets=widgets)
    yield result
    context.close()


@pytest.fixture(scope="session")
def replays_page(browser, lab):
    """replays.ipynb open and run: the must_beat replay and a replay with an <img> name."""
    yield from _notebook_page(browser, lab, "replays.ipynb", cells=3, widgets=2)


@pytest.fixture
def live_page(browser, lab, request):
    """A fresh notebook with one live game (seat 0 is ours), open and run; its own kernel."""
    name = f"live-{request.node.name[:40]}.ipynb".replace("[", "-").replace("]", "")
    yield from _notebook_page(browser, lab, name, cells=2, widgets=1, notebook=live_notebook())


@pytest.fixture
def tomatomat_page(browser, lab):
    """A fresh notebook with a live Tomatomat game (seat 0 is ours), open and run."""
    yield from _notebook_page(browser, lab, "tomatomat-live.ipynb", cells=2, widgets=1,
                              notebook=tomatomat_notebook())


@pytest.fixture
def views_page(browser, lab):
    """A fresh notebook showing one live game in two cells (two views of one model)."""
    yield from _notebook_page(browser, lab, "live-views.ipynb", cells=3, widgets=2,
                              notebook=views_notebook())


@pytest.fixture(scope="module")
def learner_page(browser, lab):
    """The learner notebook (three live games and a replay with a note for one seat), run."""
    yield from _notebook_page(browser, lab, "learner.ipynb", cells=5, widgets=4,
                              notebook=learner_notebook())
