"""The guided first game in JupyterLab, for every game: the band over the table announces
each decision, what to click is marked on the board, another move is answered with why it is
not the one asked for now and changes nothing, the bots' replies come with the script's words,
and after the script the game goes on as a normal one."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from browser_support import WAIT_MS, click_move, notebook
from conftest import _notebook_page
from tomato_widgets.core.registry import plugins
from tomato_widgets.widgets import guided

pytestmark = pytest.mark.browser

GAMES = [name for name, package in plugins().items() if package.guide is not None]


@pytest.fixture(scope="module")
def guided_page(browser, lab):
    cells = ["from tomato_widgets.widgets import guided"]
    cells += [f"guided({name!r}, delay_ms=0)" for name in GAMES]
    yield from _notebook_page(browser, lab, "guided.ipynb", cells=len(cells),
                              widgets=len(GAMES), notebook=notebook(cells))


def at_the_end(widget, mirror) -> None:
    total = len(mirror.record.steps)
    expect(widget.locator(".tw-position")).to_have_text(f"Step {total} of {total}", timeout=WAIT_MS)


@pytest.mark.parametrize("name", GAMES)
def test_the_guided_game_is_clicked_through(guided_page, name):
    page = guided_page.page
    widget = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .tw-root").nth(GAMES.index(name))
    widget.scroll_into_view_if_needed()
    mirror = guided(name, delay_ms=0)
    script, _ = plugins()[name].guide()
    banner = widget.locator(".tw-banner-text")
    notice = widget.locator(".tw-notice")
    refused = decisions = 0
    while mirror.wanted:
        at_the_end(widget, mirror)
        if mirror.prompt:  # the band says its first sentence, the lesson box all of it
            first = re.match(r"^.*?[.?!:](\s|$)", mirror.prompt)
            first = first.group(0).strip() if first else mirror.prompt
            expect(banner).to_have_text(f"Your turn: {first}")
            if first != mirror.prompt:
                expect(widget.locator(".tw-lesson")).to_have_text(mirror.prompt)
        # what to click is marked: the wanted move's item or button (or its first half)
        expect(widget.locator(".tw-wanted").first).to_be_visible()
        wanted = mirror.wanted[0]
        others = [a["id"] for a in mirror.legal if a["id"] not in mirror.wanted]
        step = script.steps[len(mirror.record.steps)]
        if step.question is not None and others and not refused:
            before = widget.locator(".tw-position").inner_text()
            assert mirror.act(others[0]) is False
            click_move(widget, mirror, others[0])
            expect(notice).to_have_text(mirror.notice, timeout=WAIT_MS)
            assert mirror.notice.startswith("Not the move for now")
            expect(widget.locator(".tw-position")).to_have_text(before)
            refused += 1
        click_move(widget, mirror, wanted)
        assert mirror.act(wanted)
        decisions += 1
    at_the_end(widget, mirror)
    assert decisions >= 3 and refused == 1
    expect(notice).to_have_text(mirror.notice)
    assert "guided part" in mirror.notice
    # the bots' replies come with the script's words: a bot's step, looked back at, shows them
    seat = plugins()[name].guide()[1]
    # (one the seat may read: a comment that names a bot's hidden dice is for that bot only)
    number, comment = next((i + 1, s.comment) for i, s in enumerate(script.steps)
                           if s.player not in (seat, -1) and s.comment
                           and (s.visible_to is None or seat in s.visible_to))
    widget.locator(f'.tw-log-link[data-step="{number}"]').click()
    expect(widget.locator(".tw-explain")).to_contain_text(comment, timeout=WAIT_MS)
    assert not guided_page.errors, guided_page.errors
