"""A long replay in JupyterLab: the browser holds a window of steps around the one shown and
gets the others from Python as the step moves, by the buttons, the keys, the slider and the
log; every step it shows is the game's own (checked against the same game made here)."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from browser_support import SHOWN_EXPLANATION, WAIT_MS, click_move, notebook, widget_titled
from tomato_widgets.core.play import play_game
from tomato_widgets.games import make_bot
from tomato_widgets.games.tomate import GAME
from tomato_widgets.widgets import play_from
from tomato_widgets.widgets.frames import CHUNK

pytestmark = pytest.mark.browser

TITLE = "A long replay (test)"
MAKE = ("play_game(GAME, [make_bot('tomate', 'heuristic', seat) for seat in range(6)], seed=4, "
        "options={'rounds': 120, 'starting_chips': 500})")


def long_notebook() -> dict:
    return notebook([
        "from tomato_widgets.core.play import play_game\n"
        "from tomato_widgets.games import make_bot\n"
        "from tomato_widgets.games.tomate import GAME\n"
        "from tomato_widgets.widgets import replay",
        f"record = {MAKE}\nreplay(record, title={TITLE!r})",
    ])


@pytest.fixture
def long_page(browser, lab):
    from conftest import _notebook_page
    yield from _notebook_page(browser, lab, "long.ipynb", cells=2, widgets=1, notebook=long_notebook())


def test_a_long_replay_is_stepped_through_a_window_of_steps(long_page):
    record = play_game(GAME, [make_bot("tomate", "heuristic", seat) for seat in range(6)], seed=4,
                       options={"rounds": 120, "starting_chips": 500})
    total = len(record.steps)
    assert total > 6 * CHUNK
    page = long_page.page
    widget = widget_titled(page, TITLE)
    widget.scroll_into_view_if_needed()
    position = widget.locator(".tw-position")
    explanation = widget.locator(SHOWN_EXPLANATION)
    log = widget.locator(".tw-log")

    def shows(step: int) -> None:
        expect(position).to_have_text(f"Step {step} of {total}", timeout=WAIT_MS)
        if step:
            expect(explanation.locator(".tw-event-text")).to_have_text(record.explain(step),
                                                                       timeout=WAIT_MS)
        expect(widget.locator(".tw-board-items:not(.tw-spare)")).to_have_attribute(
            "data-step", str(step), timeout=WAIT_MS)

    shows(0)
    # the log lists the steps held, and leads on to the others
    assert log.locator(".tw-log-link").count() <= 3 * CHUNK + 2
    expect(log.locator(".tw-log-more")).to_have_count(1)
    widget.focus()
    page.keyboard.press("End")  # far away: Python sends the window there
    shows(total)
    for back in range(1, 4):
        page.keyboard.press("ArrowLeft")
        shows(total - back)
    middle = total // 2
    widget.evaluate("(root, step) => { const r = root.querySelector('.tw-slider');"
                    " r.value = String(step); r.dispatchEvent(new Event('input')); }", middle)
    shows(middle)
    # stepping on by hand across the window's middle: the next window comes as it goes
    widget.focus()
    for _ in range(CHUNK + 30):
        page.keyboard.press("ArrowRight")
    shows(middle + CHUNK + 30)
    # the log's way to the earlier steps
    earlier = log.locator(".tw-log-more").first
    expect(earlier).to_contain_text("go to step")
    # read and clicked at once: a window arriving meanwhile makes the entry lead elsewhere
    target = int(earlier.locator("button").evaluate(
        "(button) => { const step = button.dataset.step; button.click(); return step; }"))
    shows(target)
    assert long_page.errors == [] and long_page.dialogs == []


def test_playing_on_from_late_in_a_long_game_is_live_play_in_a_window(long_page):
    """Live play from a long recorded past holds a window of steps too: the seat is dealt
    in at once (the kernel answers within a second or two), the board offers its moves, a
    click plays one."""
    record = play_game(GAME, [make_bot("tomate", "heuristic", seat) for seat in range(6)], seed=4,
                       options={"rounds": 120, "starting_chips": 500})
    page = long_page.page
    # found by its place, not its title: the title changes once a seat is taken
    widget = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .tw-root").first
    expect(widget.locator(".tw-title")).to_have_text(TITLE)
    widget.scroll_into_view_if_needed()
    widget.focus()
    page.keyboard.press("End")
    total = len(record.steps)
    step = next(k for k in range(total - 40, 0, -1) if record.steps[k].player >= 0)
    widget.evaluate("(root, step) => { const r = root.querySelector('.tw-slider');"
                    " r.value = String(step); r.dispatchEvent(new Event('input')); }", step)
    expect(widget.locator(".tw-position")).to_have_text(f"Step {step} of {total}", timeout=WAIT_MS)
    seat = record.steps[step].player
    widget.locator(".tw-seat-menu").select_option(str(seat))
    widget.locator(".tw-play-on").click()
    mirror = play_from(record, step, seat)
    now = len(mirror.record.steps)
    expect(widget.locator(".tw-position")).to_have_text(f"Step {now} of {now}", timeout=WAIT_MS)
    assert now > 6 * CHUNK
    action = sorted(a["id"] for a in mirror.legal)[0]
    click_move(widget, mirror, action)
    assert mirror.act(action)
    now = len(mirror.record.steps)
    expect(widget.locator(".tw-position")).to_have_text(f"Step {now} of {now}", timeout=WAIT_MS)
    assert long_page.errors == [] and long_page.dialogs == []
