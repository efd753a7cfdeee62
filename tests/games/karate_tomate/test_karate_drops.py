"""Dropping out: draw two, or discard two and draw four; the draw pile and its refill."""
from __future__ import annotations

import pytest

from karate_helpers import (GAME, NAMES, assert_refused, checked, drop, heat, last_events, only,
                            table, three, turnup)
from tomato_widgets.core.game import CHANCE
from tomato_widgets.games.karate_tomate import scenarios
from tomato_widgets.games.karate_tomate.rules import arrangements


def test_who_dropped_out_chooses_in_seat_order():
    """drop.choice (ruling): several players out in one heat choose and draw one after the
    other, from the first seat on; each may draw two or discard two and draw four."""
    record = three()
    heat(record, {"Ana": "tomato", "Ben": "K5", "Cai": "tomato"})
    assert record.state.phase == "drop" and record.state.actor == (0,)
    assert GAME.legal_actions(record.state, 0) == ("draw-two", "discard-two")
    assert GAME.reason_illegal(record.state, "draw-two", 2).rule == "turn.order"
    drop(record, "Ana")
    assert record.state.actor == (2,) and record.state.dropped == (2,)
    assert "seat order" in GAME.rulebook["drop.choice"].ruling.decision


def test_draw_two_takes_the_two_top_cards_only_their_owner_sees():
    """drop.draw-two, draw.cards: the choice is public; the draw takes the top cards of the
    draw pile, a step of its own the rules take, the cards the drawer's secret (the others
    learn how many)."""
    record = three(deck="B5 B4")
    heat(record, {"Ana": "tomato", "Ben": "K5", "Cai": "M5"})
    before = len(record.steps)
    drop(record, "Ana")
    choice, drawn = record.events[before], record.events[before + 1]
    assert GAME.explain(only(choice, "drop.draw-two"), NAMES) == "Ana chooses to draw two cards."
    assert record.steps[before + 1].action == "draw"
    assert GAME.forced_action(record.states[before + 1]) == "draw"
    event = only(drawn, "draw.cards")
    assert GAME.explain(event, NAMES) == "Ana draws the broccoli 5 and the broccoli 4."
    assert GAME.explain(event.seen_by(1), NAMES) == "Ana draws 2 cards."
    assert record.states[before + 2].hands[0] == ("B4", "B5", "C3", "C4", "C5", "K1", "M1")
    assert record.states[before + 2].draw == record.states[before + 1].draw[2:]


def test_discard_two_then_draw_four_with_the_discards_face_up():
    """drop.discard-two (ruling), drop.discard (ruling): the player discards two cards of
    their choice, face up for everybody to see, then draws four."""
    record = three()
    heat(record, {"Ana": "tomato", "Ben": "K5", "Cai": "M5"})
    record.append("discard-two", 0)
    assert record.state.phase == "discard"
    assert GAME.legal_actions(record.state, 0) == ("discard:C3", "discard:C4", "discard:C5",
                                                   "discard:K1", "discard:M1")
    record.append("discard:K1", 0)
    assert GAME.explain(only(last_events(record), "drop.discard"), NAMES) == "Ana discards the carrot 1."
    error = assert_refused(record, "discard:K1", 0, rule="drop.discard")
    assert error.reason == "you hold no carrot 1 to discard"
    record.append("discard:M1", 0)
    assert record.state.phase == "draw" and record.state.owed == 4
    assert GAME.observe(record.state, 1)["discard"] == ["K1", "M1"]
    assert "face up" in GAME.rulebook["drop.discard"].ruling.decision


def test_discarding_two_needs_two_cards_in_hand():
    """drop.discard-two (ruling): with one card in hand only drawing two is offered."""
    record = table(NAMES[:3], [4, 8, 1], ["C5 C4 C3 C2 C1", "K5 K4 K3 K2 K1", "M5 M4 M3 M2 M1"])
    turnup(record, "T500 T210")
    for ana, ben, cai in (("C5", "K5", "M5"), ("C4", "K4", "M4"), ("C3", "K3", "M3"),
                          ("C2", "K2", "M2")):
        heat(record, {"Ana": ana, "Ben": ben, "Cai": cai})
    heat(record, {"Ana": "tomato", "Ben": "K1", "Cai": "M1"})
    state = record.state
    assert state.phase == "drop" and state.hands[0] == ("C1",)
    assert GAME.legal_actions(state, 0) == ("draw-two",)
    error = assert_refused(record, "discard-two", 0, rule="drop.discard-two")
    assert error.reason == "you need two cards in hand to discard two: draw two instead"


def test_the_draw_pile_is_refilled_from_the_discard_pile():
    """draw.reshuffle: when cards must be drawn from an empty draw pile, the discard pile is
    shuffled into a new one: a chance step naming the new order, every order as likely."""
    record = checked(scenarios.empty_piles())
    number = next(i for i, step in enumerate(record.steps, 1)
                  if step.action.startswith("reshuffle:"))
    before = record.states[number - 1]
    assert not before.draw and before.discard and before.owed and before.phase == "reshuffle"
    event = only(record.events[number - 1], "draw.reshuffle")
    assert GAME.explain(event, record.players) == (
        f"The draw pile is empty: the discard pile's {len(before.discard)} cards are shuffled into "
        "a new draw pile.")
    after = record.states[number]
    assert sorted(after.draw) == sorted(before.discard) and after.discard == ()
    action = record.steps[number - 1].action
    assert GAME.chance_probability(before, action) == pytest.approx(1 / arrangements(before.discard))
    assert GAME.chance_words(before, action) == (
        f"A shuffle: every order of the {len(before.discard)} cards of the discard pile is "
        "equally likely.")
    assert GAME.reason_illegal(before, "reshuffle:C1", CHANCE).rule == "draw.reshuffle"


def test_with_both_piles_empty_a_draw_comes_up_short():
    """draw.empty (ruling): the player gets what there is; the game goes on."""
    record = scenarios.empty_piles()
    number = next(i for i, events in enumerate(record.events, 1)
                  if any(e.rule == "draw.empty" for e in events))
    before, after = record.states[number - 1], record.states[number]
    assert not after.draw and not after.discard and after.owed == 0
    event = only(record.events[number - 1], "draw.empty")
    seat, short = event.players[0], event.facts["short"]
    assert GAME.explain(event, record.players) == (
        f"Both piles are empty: {record.players[seat]} draws {short} "
        f"card{'s' if short > 1 else ''} fewer than owed.")
    drawn = len(before.draw)
    assert len(after.hands[seat]) == len(before.hands[seat]) + drawn
    assert before.owed == drawn + short and after.phase != "draw"


def test_after_a_reshuffle_the_draw_goes_on_from_the_new_pile():
    """draw.cards, draw.reshuffle: the cards still owed come off the top of the new pile."""
    record = scenarios.empty_piles()
    number = next(i for i, step in enumerate(record.steps, 1)
                  if step.action.startswith("reshuffle:"))
    before, after = record.states[number - 1], record.states[number]
    seat, owed = before.owed_seat, before.owed
    assert owed and not before.draw and record.steps[number].action == "draw"
    drawn = record.states[number + 1]
    assert drawn.hands[seat] == tuple(sorted(before.hands[seat] + after.draw[:owed]))
    assert drawn.draw == after.draw[owed:]
