"""Live play in JupyterLab against the bots, checked move by move against the same game played
in the test process (same seed, same choices): the bots answer, an illegal card says why and
changes nothing, and no card the human has not seen ever reaches the page or the notebook."""
from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect

from browser_support import (LIVE_OPTIONS, LIVE_PLAYERS, LIVE_SEED, LIVE_TITLE, WAIT_MS, choose,
                             dom_legal, leaked, never_seen, save_notebook, widget_titled)
from tomato_widgets.games.tomate.cards import CARD_IDS
from tomato_widgets.widgets import play

pytestmark = pytest.mark.browser


def mirror_game():
    """The notebook's live game, played again here: the seeds make it the same game."""
    return play("tomate", LIVE_PLAYERS, human=0, seed=LIVE_SEED, options=dict(LIVE_OPTIONS))


def illegal_cards(mirror) -> list[str]:
    """Cards in the human's hand that may not be played now (when a card must be played)."""
    legal = {a["id"] for a in mirror.legal}
    if not any(action.startswith("play:") for action in legal):
        return []
    hand = mirror.record.state.hands[0]
    return [CARD_IDS[card] for card in hand if f"play:{CARD_IDS[card]}" not in legal]


def wait_for_legal(widget, expected: list[str]) -> None:
    """The widget offers exactly ``expected`` (cards and buttons both redraw on one message)."""
    deadline = time.monotonic() + WAIT_MS / 1000
    while dom_legal(widget) != expected:
        if time.monotonic() > deadline:
            assert dom_legal(widget) == expected
        time.sleep(0.05)


def board_snapshot(widget) -> list:
    return widget.locator(".tw-board .tw-item").evaluate_all(
        "(ns) => ns.map((n) => [n.className, n.getAttribute('aria-label'), n.textContent,"
        " n.style.left, n.style.top, n.dataset.action || null])")


def try_illegal_card(page, widget, mirror, card: str) -> None:
    """Click ``card`` although it may not be played: the notice says why, nothing else moves."""
    before = {"position": widget.locator(".tw-position").inner_text(), "legal": dom_legal(widget),
              "board": board_snapshot(widget), "log": widget.locator(".tw-log").inner_text()}
    assert mirror.act(f"play:{card}") is False  # the mirror tells the expected notice
    expected = mirror.notice
    assert expected.startswith("Not allowed \u2014 ")

    target = widget.locator(f'.tw-board .tw-card.tw-not-legal[data-action="play:{card}"]')
    expect(target).to_have_count(1)
    target.click()
    notice = widget.locator(".tw-notice")
    expect(notice).to_have_text(expected, timeout=WAIT_MS)
    # the same wrong card again: the kernel's notice is unchanged, so it must stay shown
    target.click()
    expect(notice).to_have_text(expected)
    expect(widget.locator(".tw-position")).to_have_text(before["position"])
    assert dom_legal(widget) == before["legal"]
    assert board_snapshot(widget) == before["board"]
    assert widget.locator(".tw-log").inner_text() == before["log"]


def test_live_game_against_the_bots_in_jupyterlab(live_page, lab):
    page = live_page.page
    widget = widget_titled(page, LIVE_TITLE)
    expect(widget).to_have_count(1)
    widget.scroll_into_view_if_needed()
    position = widget.locator(".tw-position")
    notice = widget.locator(".tw-notice")
    mirror = mirror_game()

    decisions = cards_clicked = bot_answers = 0
    illegal_tried = False
    while True:
        total = len(mirror.steps)
        expect(position).to_have_text(f"Step {total} of {total}", timeout=WAIT_MS)
        expected = sorted(action["id"] for action in mirror.legal)
        wait_for_legal(widget, expected)  # the human is to act again, or nothing: game over
        expect(notice).to_have_text("")
        hidden = never_seen(mirror.record, 0)
        assert hidden, "the bots hold cards the human has not seen"
        content = page.content()
        assert leaked(content, hidden) == {}
        # live play draws nothing ahead: the next step is not known before it is played
        expect(widget.locator(".tw-spare")).to_have_count(0)
        # the cards the human may see in their own hand (a dealer decides on the trump blind)
        own = [card for card in mirror.game.observe(mirror.record.state, 0)["hands"][0] if card]
        assert sorted(leaked(content, own)) == sorted(own)  # the check finds the cards shown
        if not expected:
            break
        wrong = illegal_cards(mirror)
        if wrong and not illegal_tried:
            try_illegal_card(page, widget, mirror, wrong[0])
            illegal_tried = True

        action = choose(expected)
        on_board = {a["id"] for a in mirror.legal if a["on_board"]}
        if action in on_board:
            widget.locator(f'.tw-board .tw-card.tw-legal[data-action="{action}"]').click()
            cards_clicked += 1
        else:
            widget.locator(f'.tw-actions .tw-action[data-action="{action}"]').click()
        assert mirror.act(action), action
        decisions += 1
        assert len(mirror.steps) > total
        bot_answers += len(mirror.steps) > total + 1  # the bots answered before our next turn

    assert mirror.game.is_over(mirror.record.state)
    assert decisions >= 4 and cards_clicked >= 2 and bot_answers >= 2
    assert illegal_tried, f"seed {LIVE_SEED} no longer gives the human a card it may not play"
    expect(widget.locator(".tw-actions .tw-action")).to_have_count(0)
    expect(widget.locator(".tw-board [data-action]")).to_have_count(0)

    # nothing hidden in the notebook either: its saved widget state holds every frame
    saved = save_notebook(page, lab, live_page.name)
    hidden = never_seen(mirror.record, 0)
    seen = [card for card in CARD_IDS if card not in hidden]
    assert sum(card in saved for card in seen) >= 6, "the saved notebook has no widget frames"
    assert leaked(saved, hidden) == {}
    assert live_page.dialogs == []
    assert live_page.errors == []

