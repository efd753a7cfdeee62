"""Tomatomat live in JupyterLab: the human places cards with two clicks (a card in hand, then a
machine) while the bots place theirs at the same time, face down. Checked step by step against
the same game played in the test process: the page never learns where a bot put which card."""
from __future__ import annotations

from playwright.sync_api import expect
import pytest

from browser_support import (TOMATOMAT_PLAYERS, TOMATOMAT_SEED, TOMATOMAT_TITLE, WAIT_MS,
                             save_notebook, widget_titled)
from tomato_widgets.widgets import play

pytestmark = pytest.mark.browser


def bot_secrets(record, human: int) -> list[str]:
    """What each bot was told of its own steps and the human was not ("Bot 2 puts the red
    1-coin face down at machine II.", the cards a bot draws): never to be read in the page,
    before or after the reveal."""
    secrets = []
    for number, step in enumerate(record.steps, start=1):
        if step.player not in (human, -1):
            told = set(record.explain(number, human))
            secrets.extend(s for s in record.explain(number, step.player) if s not in told)
    return secrets


def bot_placements(record, human: int) -> int:
    return sum(1 for step in record.steps if step.player not in (human, -1))


def test_card_then_machine_against_simultaneous_bots(tomatomat_page, lab):
    page = tomatomat_page.page
    widget = widget_titled(page, TOMATOMAT_TITLE)
    expect(widget).to_have_count(1)
    widget.scroll_into_view_if_needed()
    position = widget.locator(".tw-position")
    notice = widget.locator(".tw-notice")
    mirror = play("tomatomat", TOMATOMAT_PLAYERS, human=0, seed=TOMATOMAT_SEED)

    # the banner says what to decide in the game's words: the card, then its machine
    expect(widget.locator(".tw-banner-text")).to_contain_text(
        "Your turn: Batch 1 of 3: click a card of your hand, then the machine it goes to")
    # a machine before a card: nothing is sent, the widget says what to do first
    total = len(mirror.steps)
    expect(position).to_have_text(f"Step {total} of {total}", timeout=WAIT_MS)
    widget.locator('.tw-board .tw-zone[data-drop="I"]').first.click()
    expect(notice).not_to_have_text("")
    expect(position).to_have_text(f"Step {total} of {total}")

    placed = 0
    while placed < 12:  # the whole first round: three batches of four
        total = len(mirror.steps)
        expect(position).to_have_text(f"Step {total} of {total}", timeout=WAIT_MS)
        legal = sorted(action["id"] for action in mirror.legal)
        assert legal and all(action.startswith("place:") for action in legal)
        action = legal[placed % len(legal)]
        _, card, where = action.split(":")
        widget.locator(f'.tw-board [data-pick="place:{card}"]').first.click()
        expect(widget.locator(".tw-board .tw-picked")).to_have_count(1)
        widget.locator(f'.tw-board .tw-zone[data-drop="{where}"]').first.click()
        assert mirror.act(action), action
        placed += 1
        expect(position).to_have_text(f"Step {len(mirror.steps)} of {len(mirror.steps)}",
                                      timeout=WAIT_MS)
        expect(widget.locator(".tw-board .tw-picked")).to_have_count(0)
        content = page.content()
        secrets = bot_secrets(mirror.record, 0)
        if placed % 4 == 0:  # the batch is complete: the bots have placed theirs
            assert bot_placements(mirror.record, 0) == 8 * (placed // 4)
            assert len(secrets) >= 8 * (placed // 4)
        assert [secret for secret in secrets if secret in content] == []

    # the round was settled by itself (reveal, police, thieves, score, pass) and a new one began
    actions = [step.action for step in mirror.record.steps]
    assert "reveal:I" in actions and "pass" in actions
    expect(widget.locator(".tw-log")).to_contain_text("places a card face down")
    saved = save_notebook(page, lab, tomatomat_page.name)
    assert [secret for secret in bot_secrets(mirror.record, 0) if secret in saved] == []
    assert "You put the" in saved  # the check would see a placement sentence (said to you)
    assert tomatomat_page.dialogs == []
    assert tomatomat_page.errors == []
