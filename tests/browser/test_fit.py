"""The table fits the widget: the tutorials in JupyterLab with the file browser open, and a
standalone page, at 1400, 1024 and 800 px wide. No board scrolls sideways or is cut, its text
stays legible, the side panel goes under the board when both cannot stand side by side, and
live play's buttons stay right under the board."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from browser_support import LAB_TIMEOUT_MS, new_page, open_notebook, run_all_cells, wait_cells_done
from tomato_widgets.games.tomate import scenarios
from tomato_widgets.widgets import replay

pytestmark = pytest.mark.browser

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
TUTORIALS = sorted(path.name for path in NOTEBOOKS.glob("0*.ipynb"))
WIDTHS = (1400, 1024, 800)
SMALLEST_TEXT_PX = 8.9

# per widget: what sticks out of where it should be, and the numbers the checks need
MEASURE = """(roots) => roots.map((root) => {
  const rect = (node) => node.getBoundingClientRect();
  const board = rect(root.querySelector('.tw-board'));
  const layer = root.querySelector('.tw-board-items:not(.tw-spare)');
  const scale = Number(getComputedStyle(root).getPropertyValue('--tw-scale'));
  const cut = [...layer.querySelectorAll('.tw-item')].map((node) => [node.twId, rect(node)])
    .filter(([, r]) => r.width && (r.left < board.left - 1 || r.right > board.right + 1
                                   || r.top < board.top - 1 || r.bottom > board.bottom + 1))
    .map(([id]) => id);
  const outer = root.closest('.jp-OutputArea-output') || document.body;
  const live = root.querySelector('.tw-live');
  const side = rect(root.querySelector('.tw-side'));
  return {
    title: root.querySelector('.tw-title').textContent,
    cut,
    sideways: root.scrollWidth > root.clientWidth + 1 || outer.scrollWidth > outer.clientWidth + 1,
    outside: board.left < rect(outer).left - 1 || board.right > rect(outer).right + 1,
    text: parseFloat(getComputedStyle(layer).fontSize) * scale,
    stacked: root.classList.contains('tw-stacked'),
    sideBelow: side.top >= board.bottom - 1,
    sideBeside: side.left >= board.right - 1,
    liveGap: live && !live.hidden ? rect(live).top - board.bottom : null,
    width: rect(root).width,
  };
})"""


def check_fit(widgets: list[dict], width: int) -> None:
    assert widgets
    for shown in widgets:
        where = f"{shown['title']} at {width} px"
        assert shown["cut"] == [], f"{where}: items cut off by the board's edge"
        assert not shown["sideways"], f"{where}: scrolls sideways"
        assert not shown["outside"], f"{where}: the board is wider than its output"
        assert shown["text"] >= SMALLEST_TEXT_PX, f"{where}: text {shown['text']:.1f} px"
        assert shown["sideBelow"] if shown["stacked"] else shown["sideBeside"], where
        if shown["liveGap"] is not None:
            assert 0 <= shown["liveGap"] < 20, f"{where}: live buttons {shown['liveGap']} px below"


def settle(page) -> None:
    """Two frames: the widgets have fitted themselves to the new width."""
    page.wait_for_function("() => new Promise((done) => requestAnimationFrame(() => "
                           "requestAnimationFrame(() => done(true))))")


@pytest.mark.parametrize("name", TUTORIALS)
def test_the_tutorials_fit_at_three_widths_in_jupyterlab(browser, lab, name):
    shutil.copy(NOTEBOOKS / name, lab.root / name)
    cells = json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))["cells"]
    code = sum(cell["cell_type"] == "code" for cell in cells)
    errors, dialogs = [], []
    context, page = new_page(browser, errors, dialogs)
    try:
        open_notebook(page, lab, name, workspace=f"fit-{name[:2]}", cells=len(cells))
        run_all_cells(page)
        wait_cells_done(page, code)
        roots = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .tw-root")
        roots.first.wait_for(timeout=LAB_TIMEOUT_MS)
        page.locator("#filebrowser").wait_for(state="visible")  # the file browser is open
        stacked = set()
        for width in WIDTHS:
            page.set_viewport_size({"width": width, "height": 900})
            settle(page)
            assert page.locator("#filebrowser").is_visible()
            widgets = roots.evaluate_all(MEASURE)
            check_fit(widgets, width)
            stacked |= {width for shown in widgets if shown["stacked"]}
        assert 800 in stacked and 1400 not in stacked  # narrow: the panel under the board
    finally:
        context.close()
    assert errors == [] and dialogs == []


def test_a_standalone_page_fits_at_three_widths(browser, tmp_path):
    path = replay(scenarios.must_beat()).save_html(tmp_path / "fit.html")
    errors, dialogs = [], []
    context, page = new_page(browser, errors, dialogs)
    try:
        page.goto(path.as_uri())
        root = page.locator(".tw-root")
        root.wait_for()
        for width in WIDTHS:
            page.set_viewport_size({"width": width, "height": 900})
            settle(page)
            for step in range(3):  # a few steps: the items move
                root.get_by_role("button", name="Next step", exact=True).click()
            settle(page)
            check_fit(root.evaluate_all(MEASURE), width)
            assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    finally:
        context.close()
    assert errors == [] and dialogs == []
