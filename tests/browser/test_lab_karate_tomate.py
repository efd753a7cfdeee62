"""Karate Tomate in JupyterLab: the tutorial runs without page errors and its widgets show the
game at three widths; a live game is played to its end by clicking against two bots, checked
move by move against the same game played in the test process (same seed, same choices): the
moves offered are the legal ones, a card of the wrong colour is answered with the rule, and
nothing the human has not seen (the bots' cards, their face-down cards, their Tomatoes)
reaches the page or the saved notebook."""
from __future__ import annotations

import json
import re
import shutil
import time
from pathlib import Path

import pytest
from playwright.sync_api import expect

from browser_support import (LAB_TIMEOUT_MS, SHOWN_BOARD, WAIT_MS, dom_legal, game_widgets_shown,
                             new_page, notebook, open_notebook, run_all_cells, save_notebook,
                             wait_cells_done, widget_titled)
from frame_checks import leaves
from tomato_widgets.games.karate_tomate import GAME, words_for
from tomato_widgets.widgets import play

pytestmark = pytest.mark.browser

TUTORIAL = "03_karate_tomate.ipynb"
NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
SEED = 4            # a game the human plays to its end in 39 moves, calling it
PLAYERS = 3
TITLE = "Karate Tomate live (test)"


def live_notebook() -> dict:
    return notebook([
        "from tomato_widgets.widgets import play",
        f"live = play('karate_tomate', {PLAYERS}, human=0, seed={SEED}, title={TITLE!r}, "
        "delay_ms=0)\nlive",
    ])


@pytest.fixture
def karate_page(browser, lab):
    """A fresh notebook with a live Karate Tomate game (seat 0 is ours), open and run."""
    from conftest import _notebook_page
    yield from _notebook_page(browser, lab, "karate-live.ipynb", cells=2, widgets=1,
                              notebook=live_notebook())


# ---- what the human may not have seen ------------------------------------------------------------
def never_seen(record, seat: int) -> set[str]:
    """The ids in the all-seeing views of the game so far that ``seat`` never saw: in no
    observation of its own and in no event as told to it."""
    seen, everything = set(), set()
    for index, state in enumerate(record.states):
        seen |= leaves(GAME.observe(state, seat))
        everything |= leaves(GAME.observe(state, None))
        if index:
            for event in record.events[index - 1]:
                seen |= leaves(event.seen_by(seat).facts)
    return everything - seen


def bot_sentences(record, seat: int) -> list[str]:
    """What each bot was told of its own steps and ``seat`` was not ("Bot 2 puts the carrot 4
    face down.", the cards a bot draws)."""
    secrets = []
    for number, step in enumerate(record.steps, start=1):
        if step.player not in (seat, -1):
            told = set(record.explain(number, seat))
            secrets += [s for s in record.explain(number, step.player) if s not in told]
    return secrets


def secrets_in(text: str, record, seat: int) -> list[str]:
    """What ``text`` names of the things ``seat`` never saw (by id or by name), and the
    sentences told only to the bots about their own steps."""
    words = {word for token in never_seen(record, seat) for word in words_for(token)
             if len(word) > 1}
    found = []
    if words:
        pattern = re.compile("|".join((r"(?<![\w-])" if word[0].isalnum() else "") + re.escape(word)
                                      + r"(?![\w-])" for word in sorted(words, key=len, reverse=True)))
        found += pattern.findall(text)
    return found + [sentence for sentence in bot_sentences(record, seat) if sentence in text]


# ---- the human -----------------------------------------------------------------------------------
def choose(legal: list[str]) -> str:
    """The tests' human: fights on with its highest card, discards two and draws four, takes
    the first Triumph card, calls the end when it may."""
    plays = sorted(action for action in legal if action.startswith("play:"))
    if plays:
        return plays[-1]
    for wanted in ("discard-two", "call-end"):
        if wanted in legal:
            return wanted
    for prefix in ("discard:", "take:"):
        found = sorted(action for action in legal if action.startswith(prefix))
        if found:
            return found[0]
    return "draw-two" if "draw-two" in legal else legal[0]


def offered(widget) -> list[str]:
    """The moves the widget offers now: legal cards on the board (identical cards offer the
    same move) and buttons."""
    return sorted(set(dom_legal(widget)))


def wait_for_legal(widget, expected: list[str]) -> None:
    """The widget offers exactly ``expected``."""
    deadline = time.monotonic() + WAIT_MS / 1000
    while offered(widget) != expected:
        if time.monotonic() > deadline:
            assert offered(widget) == expected
        time.sleep(0.05)


def wrong_colour(mirror) -> str | None:
    """A card of the human's hand that is not of the colour opened with, in a later heat."""
    state = mirror.record.state
    if state.phase != "fight" or state.heat < 2 or 0 not in state.actor:
        return None
    return next((card for card in state.hands[0] if card[0] != state.colours[0]), None)


def test_live_game_by_clicking_against_the_bots(karate_page, lab):
    page = karate_page.page
    widget = widget_titled(page, TITLE)
    expect(widget).to_have_count(1)
    widget.scroll_into_view_if_needed()
    position = widget.locator(".tw-position")
    notice = widget.locator(".tw-notice")
    mirror = play("karate_tomate", PLAYERS, human=0, seed=SEED)

    clicked, refused, kinds = 0, 0, set()
    while mirror.legal:
        total = len(mirror.steps)
        expect(position).to_have_text(f"Step {total} of {total}", timeout=WAIT_MS)
        legal = sorted(action["id"] for action in mirror.legal)
        wait_for_legal(widget, legal)
        card = wrong_colour(mirror)
        if card is not None and not refused:  # a card of another colour: answered with the rule
            assert mirror.act(f"play:{card}") is False
            target = widget.locator(f'.tw-board .tw-card.tw-not-legal[data-action="play:{card}"]')
            target.first.click()
            expect(notice).to_have_text(mirror.notice, timeout=WAIT_MS)
            assert "Stay with your colour" in mirror.notice
            expect(position).to_have_text(f"Step {total} of {total}")
            refused += 1
        action = choose(legal)
        on_board = widget.locator(f'.tw-board [data-action="{action}"].tw-legal')
        if on_board.count():
            on_board.first.click()
        else:
            widget.locator(f'.tw-actions .tw-action[data-action="{action}"]').click()
        assert mirror.act(action), action
        clicked += 1
        kinds.add(action.split(":")[0])
        total = len(mirror.steps)
        expect(position).to_have_text(f"Step {total} of {total}", timeout=WAIT_MS)
        # the widget's own page content (JupyterLab's icons elsewhere draw paths such as
        # "M5 3h14", which only look like card ids), and the whole page for the bots' sentences
        assert secrets_in(widget.evaluate("(node) => node.outerHTML"), mirror.record, 0) == []
        content = page.content()
        assert [s for s in bot_sentences(mirror.record, 0) if s in content] == []
    assert GAME.is_over(mirror.record.state) and refused == 1
    assert {"play", "tomato", "draw-two", "discard-two", "discard", "take", "call-end"} <= kinds
    expect(widget.locator(".tw-log")).to_contain_text("puts a card face down")
    saved = save_notebook(page, lab, karate_page.name)
    assert secrets_in(saved, mirror.record, 0) == []
    assert karate_page.dialogs == [] and karate_page.errors == []


def test_the_tutorial_runs_in_jupyterlab(browser, lab):
    """Every widget of the tutorial shows Karate Tomate: Number cards, Triumph cards, Tomatoes,
    without errors (test_fit measures how it reads at three widths)."""
    shutil.copy(NOTEBOOKS / TUTORIAL, lab.root / TUTORIAL)
    cells = json.loads((NOTEBOOKS / TUTORIAL).read_text(encoding="utf-8"))["cells"]
    code = sum(cell["cell_type"] == "code" for cell in cells)
    widgets = game_widgets_shown(cells)
    errors, dialogs = [], []
    context, page = new_page(browser, errors, dialogs)
    try:
        open_notebook(page, lab, TUTORIAL, workspace="karate-tutorial", cells=len(cells))
        run_all_cells(page)
        wait_cells_done(page, code)
        roots = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .tw-root")
        roots.nth(widgets - 1).wait_for(timeout=LAB_TIMEOUT_MS)
        assert roots.count() == widgets
        for index in range(widgets):
            board = roots.nth(index).locator(".tw-board")
            expect(board).to_contain_text("Triumph cards up")
            expect(board).to_contain_text("Picking order")
        first = roots.first
        expect(first.locator(".tw-title")).to_have_text("The rulebook's example: heat 2 turns over")
        # heat 2 has turned over: Gabi's Tomato (5) face up, Sebastian's carrots on the table
        shown = first.locator(SHOWN_BOARD)
        expect(shown.locator('.tw-card[aria-label="5 of Tomato"]')).to_have_count(1)
        expect(shown.locator('.tw-card[aria-label="4 of carrot"]')).to_have_count(1)
    finally:
        context.close()
    assert errors == [] and dialogs == []
