"""Replays in JupyterLab: stepping with the buttons and the keys, and names that stay text."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from browser_support import REPLAY_TITLE, XSS, check_stepping
from tomato_widgets.games.tomate import scenarios

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("jupyterlab")]


def widget_titled(page, title: str):
    return page.locator(".tw-root").filter(has=page.locator(".tw-title", has_text=title))


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
    expect(widget.locator('.tw-board .tw-card[aria-label="K of cups"]')).to_be_visible()
    page.keyboard.press("Home")
    expect(widget.locator(".tw-position")).to_have_text("Step 0 of 8")
    expect(widget.locator('.tw-board .tw-card[aria-label="K of cups"]')).to_have_count(0)
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
    expect(widget.locator(".tw-board .tw-zone", has_text=XSS)).to_have_count(1)
    expect(widget.locator(".tw-knows")).to_contain_text(f"{XSS}: ")
    expect(widget.get_by_role("combobox", name="Perspective")).to_contain_text(XSS)

    # step to where the name is told in sentences: "<img ...> leads the 6 of cups."
    widget.focus()
    for _ in range(6):
        page.keyboard.press("ArrowRight")
    expect(widget.locator(".tw-position")).to_have_text("Step 6 of 8")
    expect(widget.locator(".tw-explain .tw-event-text")).to_have_text(record.explain(6))
    assert XSS in record.explain(6)[0]
    expect(widget.locator(".tw-log")).to_contain_text(f"6. {XSS}: {XSS} leads the 6 of cups.")
    assert XSS in widget.inner_text()

    assert page.locator('img[src="x"]').count() == 0
    assert widget.locator("img").count() == 0
    assert replays_page.dialogs == [], "a name from a record ran as markup"
    assert not any(re.search("alert", error) for error in replays_page.errors)
