"""Every board readable at every width a learner meets: the tutorials (at 800 px, where
boards are squeezed; the wide layouts are checked on the live games and a standalone page), a
live game of each game, in JupyterLab with the file browser open at 1400, 1024 and 800 px
windows (output areas of about 970, 600 and 370 px), and a standalone page.

Measured on what is drawn (``board_checks``): every text at 11 px or more after every
transform, no two texts overlapping, no text covered (a raised card over a name) or cut, and
in live play every clickable item at least 24 x 24 px. Around the board: nothing scrolls
sideways or is cut by the output area, the side panel stands beside the board or under it,
its boxes say when their text runs on (a scroll cue), the log shows the current step, and
live play's buttons sit right under the board."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from board_checks import MEASURE_BOARD, SETTLED, problems
from browser_support import (LAB_TIMEOUT_MS, new_page, notebook, open_notebook, run_all_cells,
                             wait_cells_done, write_notebook)
from tomato_widgets.games import GAMES
from tomato_widgets.games.tomate import scenarios
from tomato_widgets.widgets import replay

pytestmark = pytest.mark.browser

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
TUTORIALS = sorted(path.name for path in NOTEBOOKS.glob("0*.ipynb"))
WIDTHS = (1400, 1024, 800)
#: the tutorials at 800 px with the file browser open, where a board has least room (about
#: 370 px); every game's live board and a page are checked at all three widths
TUTORIAL_WIDTHS = (800,)

# per widget: what sticks out of where it should be, the side panel, and the live bar
MEASURE_AROUND = """(root) => {
  const rect = (node) => node.getBoundingClientRect();
  const board = rect(root.querySelector('.tw-board'));
  const outer = root.closest('.jp-OutputArea-output') || document.body;
  const live = root.querySelector('.tw-live');
  const side = rect(root.querySelector('.tw-side-box'));
  // a box whose text runs past it must scroll and show it (the scroll cue)
  const silent = [...root.querySelectorAll('.tw-explain-step:not(.tw-spare), '
    + '.tw-knows:not(.tw-spare), .tw-summary:not([hidden])')]
    .filter((box) => box.scrollHeight > box.clientHeight + 1
      && (getComputedStyle(box).overflowY !== 'auto' || !box.classList.contains('tw-scrolls')))
    .map((box) => box.className);
  const log = root.querySelector('.tw-log');
  const current = root.querySelector('.tw-log-item.tw-current .tw-log-link');
  // the current step in view: all of it, or where it is taller than the log, its start
  const seen = !current || (rect(current).top >= rect(log).top - 1
    && (rect(current).bottom <= rect(log).bottom + 1 || rect(current).top <= rect(log).top + 1));
  return {
    title: root.querySelector('.tw-title').textContent,
    sideways: root.scrollWidth > root.clientWidth + 1 || outer.scrollWidth > outer.clientWidth + 1,
    outside: board.left < rect(outer).left - 1 || board.right > rect(outer).right + 1,
    stacked: root.classList.contains('tw-stacked'),
    sideBelow: side.top >= board.bottom - 1,
    sideBeside: side.left >= board.right - 1,
    sideInside: side.bottom <= rect(root).bottom + 1,
    silent,
    logShowsCurrent: seen,
    logWhere: current ? [rect(log).top, rect(log).bottom, rect(current).top, rect(current).bottom]
      .map(Math.round) : null,
    liveGap: live && !live.hidden ? rect(live).top - board.bottom : null,
    bannerCut: (() => {  // live play's strip shows all of what to decide
      const banner = root.querySelector('.tw-banner');
      if (!banner || banner.hidden) return false;
      const text = rect(banner.querySelector('.tw-banner-text'));
      return text.top < rect(banner).top - 1 || text.bottom > rect(banner).bottom + 1;
    })(),
  };
}"""


def check_widget(root, width: int) -> list[str]:
    """What a learner would trip on in one widget at one width (scrolled into view)."""
    root.scroll_into_view_if_needed()
    root.page.wait_for_function(SETTLED)
    around = root.evaluate(MEASURE_AROUND)
    where = f"{around['title']} at {width} px"
    found = problems(root.evaluate(MEASURE_BOARD), where)
    if around["sideways"]:
        found.append(f"{where}: scrolls sideways")
    if around["outside"]:
        found.append(f"{where}: the board is wider than its output")
    if not (around["sideBelow"] if around["stacked"] else around["sideBeside"]):
        found.append(f"{where}: the side panel is neither beside nor under the board")
    if not around["sideInside"]:
        found.append(f"{where}: the side panel runs past the widget")
    for box in around["silent"]:
        found.append(f"{where}: {box} cuts its text with no cue that it scrolls")
    if not around["logShowsCurrent"]:
        found.append(f"{where}: the log does not show the current step (log from y "
                     "{0} to {1}, the step from {2} to {3})".format(*around["logWhere"]))
    if around["bannerCut"]:
        found.append(f"{where}: the strip over the table cuts what to decide")
    if around["liveGap"] is not None and not 0 <= around["liveGap"] < 20:
        found.append(f"{where}: live buttons {around['liveGap']:.0f} px below the board")
    return found


def settle(page) -> None:
    """The widgets have fitted themselves to the new width and stopped moving."""
    page.wait_for_function(SETTLED)


def check_notebook(browser, lab, name: str, cells: int, code: int, widths=WIDTHS) -> None:
    errors, dialogs = [], []
    context, page = new_page(browser, errors, dialogs)
    found = []
    try:
        open_notebook(page, lab, name, workspace=f"fit-{Path(name).stem}", cells=cells)
        run_all_cells(page)
        wait_cells_done(page, code)
        roots = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .tw-root")
        roots.first.wait_for(timeout=LAB_TIMEOUT_MS)
        page.locator("#filebrowser").wait_for(state="visible")  # the file browser is open
        for width in widths:
            page.set_viewport_size({"width": width, "height": 900})
            settle(page)
            assert page.locator("#filebrowser").is_visible()
            for number in range(roots.count()):
                found += check_widget(roots.nth(number), width)
    finally:
        context.close()
    assert found == [], "\n".join(found[:40]) + (f"\n... {len(found)} in all" if len(found) > 40 else "")
    assert errors == [] and dialogs == []


@pytest.mark.parametrize("name", TUTORIALS)
def test_every_tutorial_widget_is_readable_at_800_px(browser, lab, name):
    shutil.copy(NOTEBOOKS / name, lab.root / name)
    cells = json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))["cells"]
    code = sum(cell["cell_type"] == "code" for cell in cells)
    check_notebook(browser, lab, name, len(cells), code, TUTORIAL_WIDTHS)


#: a live game of each game, a few moves in (seat 0 to act: its moves raised and clickable)
LIVE_MOVES = 4


def live_games_notebook() -> dict:
    cells = ["import random\nfrom tomato_widgets.widgets import play"]
    for name, game in GAMES.items():
        players = min(4, game.max_players)
        cells.append(f"game = play({name!r}, {players}, human=0, seed=5, delay_ms=0)\n"
                     f"rng = random.Random(5)\n"
                     f"for _ in range({LIVE_MOVES}):\n"
                     f"    if game.legal:\n"
                     f"        game.act(rng.choice(game.legal)['id'])\n"
                     f"game")
    return notebook(cells)


def test_a_live_game_of_each_game_is_readable_and_clickable_at_three_widths(browser, lab):
    write_notebook(lab.root / "fit-live.ipynb", live_games_notebook())
    count = len(GAMES) + 1
    check_notebook(browser, lab, "fit-live.ipynb", count, count)


def test_a_standalone_page_is_readable_at_three_widths(browser, tmp_path):
    path = replay(scenarios.must_beat()).save_html(tmp_path / "fit.html")
    errors, dialogs = [], []
    context, page = new_page(browser, errors, dialogs)
    found = []
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
            found += check_widget(root, width)
            assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    finally:
        context.close()
    assert found == [], "\n".join(found)
    assert errors == [] and dialogs == []
