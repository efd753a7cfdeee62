"""Replays in JupyterLab: stepping with the buttons and the keys, and names that stay text."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from browser_support import (REPLAY_TITLE, SHOWN_BOARD, SHOWN_EXPLANATION, SHOWN_KNOWS, XSS,
                             check_stepping, widget_titled)
from tomato_widgets.games.tomate import scenarios

pytestmark = pytest.mark.browser


def active_cell(page) -> int:
    return page.evaluate("""() => [...document.querySelectorAll(
        '.jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook .jp-Cell')]
        .findIndex((cell) => cell.classList.contains('jp-mod-active'))""")


def test_replay_steps_with_buttons_and_keys_in_jupyterlab(replays_page):
    page = replays_page.page
    record = scenarios.must_beat()
    assert len(record.steps) == 8
    widget = widget_titled(page, REPLAY_TITLE)
    expect(widget).to_have_count(1)
    widget.scroll_into_view_if_needed()

    check_stepping(page, widget, record, expect)

    # the keys went to the widget, not to JupyterLab: the notebook still shows the same cell
    # as active, and it is still in command mode with no cell editor focused
    cell = active_cell(page)
    widget.focus()
    page.keyboard.press("ArrowRight")
    expect(widget.locator(".tw-position")).to_have_text("Step 1 of 8")
    page.keyboard.press("End")
    expect(widget.locator(".tw-position")).to_have_text("Step 8 of 8")
    assert active_cell(page) == cell
    expect(page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-mod-editMode")).to_have_count(0)

    # the board follows: after step 7 Ben's K of cups lies face up on the table
    expect(widget.locator(f'{SHOWN_BOARD} .tw-card[aria-label="K of cups"]')).to_be_visible()
    page.keyboard.press("Home")
    expect(widget.locator(".tw-position")).to_have_text("Step 0 of 8")
    expect(widget.locator(f'{SHOWN_BOARD} .tw-card[aria-label="K of cups"]')).to_have_count(0)
    assert replays_page.dialogs == []
    assert replays_page.errors == []


def test_player_name_with_markup_shows_as_text_in_jupyterlab(replays_page):
    page = replays_page.page
    record = scenarios.must_beat()
    record.players[0] = XSS
    widget = widget_titled(page, "<img src=x")
    expect(widget).to_have_count(1)
    widget.scroll_into_view_if_needed()

    expect(widget.locator(".tw-title")).to_have_text(f"Tomate: {XSS}, Ben, Cai")
    expect(widget.locator(f"{SHOWN_BOARD} .tw-zone", has_text=XSS)).to_have_count(1)
    expect(widget.get_by_role("combobox", name="Perspective")).to_contain_text(XSS)

    # step to where the name is told in sentences: "<img ...> leads the 6 of cups.", and
    # heads the line of what the table knows of that seat (nothing before the deal)
    widget.focus()
    for _ in range(6):
        page.keyboard.press("ArrowRight")
    expect(widget.locator(".tw-position")).to_have_text("Step 6 of 8")
    expect(widget.locator(SHOWN_KNOWS)).to_contain_text(f"{XSS}: ")
    expect(widget.locator(f"{SHOWN_EXPLANATION} .tw-event-text")).to_have_text(record.explain(6))
    assert XSS in record.explain(6)[0]
    expect(widget.locator(".tw-log")).to_contain_text(f"6. {XSS} leads the 6 of cups.")
    assert XSS in widget.inner_text()

    assert page.locator('img[src="x"]').count() == 0
    assert widget.locator("img").count() == 0
    assert replays_page.dialogs == [], "a name from a record ran as markup"
    assert not any(re.search("alert", error) for error in replays_page.errors)


def test_stepping_keeps_the_buttons_under_the_pointer(replays_page):
    """Stepping scrolls the widget's log, never the notebook: in a narrow window the log sits
    below the board, and scrolling it into view used to carry the buttons off screen."""
    page = replays_page.page
    page.set_viewport_size({"width": 1000, "height": 700})
    try:
        widget = widget_titled(page, REPLAY_TITLE)
        widget.get_by_role("button", name="First step", exact=True).click()
        controls = widget.locator(".tw-controls")
        controls.scroll_into_view_if_needed()
        top = controls.bounding_box()["y"]
        for step in range(1, 9):
            widget.get_by_role("button", name="Next step", exact=True).click()
            expect(widget.locator(".tw-position")).to_have_text(f"Step {step} of 8")
            assert controls.bounding_box()["y"] == top, f"the notebook scrolled at step {step}"
        current = widget.locator(".tw-log .tw-current")
        expect(current).to_have_count(1)
        expect(current).to_contain_text("8. Cai ")
        assert current.evaluate("""(item) => {
            const box = item.closest('.tw-log').getBoundingClientRect();
            const line = item.getBoundingClientRect();
            return line.top >= box.top - 1 && line.bottom <= box.bottom + 1;
        }"""), "the current step is scrolled out of the log"
    finally:
        page.set_viewport_size({"width": 1400, "height": 1000})
