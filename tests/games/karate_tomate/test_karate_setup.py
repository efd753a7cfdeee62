"""Setup and warm-up: the cards, the deal, the Triumph cards turned up."""
from __future__ import annotations

import math
from collections import Counter

import pytest

from karate_helpers import GAME, NAMES, assert_refused, checked, only, table, three
from tomato_widgets.core.game import CHANCE
from tomato_widgets.core.play import chance_rng
from tomato_widgets.games.karate_tomate import deal_action, scenarios
from tomato_widgets.games.karate_tomate.cards import (NUMBER_SETS, TRIUMPH_SETS, number_deck,
                                                      triumph, triumph_pile)
from tomato_widgets.games.karate_tomate.rules import TRIUMPHS_UP, arrangements


def test_the_number_cards_are_five_colours_of_an_assumed_value_split():
    """cards.numbers (ruling): 140 cards, 28 per colour; the split of values is data behind
    the option number_set, marked as assumed."""
    deck = number_deck("placeholder")
    assert len(deck) == 140
    assert Counter(card[0] for card in deck) == dict.fromkeys("CKMAB", 28)
    assert NUMBER_SETS["placeholder"] == (8, 6, 6, 4, 4)
    option = next(o for o in GAME.options if o.name == "number_set")
    assert option.default == "placeholder" and option.ruling == "cards.numbers"
    assert "assumed" in option.help and "number_set" in GAME.rulebook["cards.numbers"].ruling.decision
    assert GAME.new_game(3).draw == deck


def test_the_triumph_cards_are_an_assumed_table_with_the_pictured_cards():
    """cards.triumphs (ruling): 40 Triumph cards behind the option triumph_set; the table
    holds the two kinds the rulebook pictures (5 trophies; 1 trophy and 2 knives)."""
    pile = triumph_pile("placeholder")
    assert len(pile) == 40 and set(pile) == set(TRIUMPH_SETS["placeholder"])
    assert "T500" in pile and "T120" in pile
    totals = [sum(triumph(card)[i] for card in pile) for i in range(3)]
    assert totals == [86, 39, 19]
    assert str(totals[0]) in GAME.rulebook["cards.triumphs"].ruling.decision
    option = next(o for o in GAME.options if o.name == "triumph_set")
    assert option.ruling == "cards.triumphs" and "assumed" in option.help


def test_the_deal_gives_everybody_a_tomato_and_five_cards_in_secret():
    """setup.deal, setup.hand (ruling): each player gets a different Tomato and five Number
    cards; only they see them, the others learn how many."""
    record = checked(table(NAMES[:3], [4, 8, 1], ["C5 C4 C3 K1 M1", "K5 K4 K3 C1 A1",
                                                  "M5 M4 M3 A2 B1"]))
    state = record.state
    assert state.tomatoes == (4, 8, 1) and state.hands[1] == ("A1", "C1", "K3", "K4", "K5")
    assert len(state.draw) == 140 - 15 and state.phase == "turnup"
    events = record.events[0]
    assert only(events, "setup.deal").facts == {"cards": 5, "pile": 125}
    ben = [e for e in events if e.rule == "setup.hand"][1]
    assert GAME.explain(ben, NAMES) == ("Ben gets Tomato 8 and the aubergine 1, the corn 1, the "
                                        "carrot 3, the carrot 4 and the carrot 5.")
    assert GAME.explain(ben.seen_by(0), NAMES) == "Ben gets a Tomato and 5 cards, face down."
    ana_view = GAME.observe(state, 0)["seats"]
    assert ana_view[0]["tomato"] == "tomato-4" and ana_view[0]["hand"] is not None
    assert ana_view[1]["tomato"] is None and ana_view[1]["hand"] is None
    assert ana_view[1]["hand_size"] == 6  # five Number cards and the Tomato


def test_a_deal_is_refused_unless_it_is_a_possible_one():
    """setup.deal: different Tomatoes, five cards each, every other card in the draw pile,
    no more cards of a kind than exist."""
    record = table(NAMES[:3], [4, 8, 1], ["C5 C4 C3 K1 M1", "K5 K4 K3 C1 A1", "M5 M4 M3 A2 B1"])
    fresh = GAME.new_game(3)
    hands = ["C1 C1 C1 C1 C1", "K1 K1 K1 K1 K1", "M1 M1 M1 M1 M1"]
    assert GAME.reason_illegal(fresh, deal_action([1, 2, 3], hands), CHANCE) is None
    assert GAME.reason_illegal(fresh, deal_action([4, 4, 1], hands), CHANCE).rule == "setup.deal"
    too_many = deal_action([1, 2, 3], ["C5 C5 C5 C5 C5", "K1 K1 K1 K1 K1", "M1 M1 M1 M1 M1"])
    assert "each as often as the game has it" in GAME.reason_illegal(fresh, too_many, CHANCE).message
    short = deal_action([1, 2, 3], ["C1 C1", "K1 K1 K1 K1 K1", "M1 M1 M1 M1 M1"])
    assert GAME.reason_illegal(fresh, short, CHANCE).rule == "setup.deal"
    lost = deal_action([1, 2, 3], hands).rsplit(",", 1)[0]  # the pile short of its last card
    assert GAME.reason_illegal(fresh, lost, CHANCE).rule == "setup.deal"
    assert GAME.reason_illegal(fresh, "deal:11,2,3|C1|K1|M1|", CHANCE).rule == "action.format"
    assert record.state.phase == "turnup" and len(record.state.draw) == 125


def test_the_deal_is_a_shuffle_told_without_odds():
    """setup.deal: the deal is a chance step told in words; its probability is exact: any
    order of each hand deals it, the draw pile's order counts."""
    fresh = GAME.new_game(3)
    action = GAME.sample_chance(fresh, chance_rng(1))
    assert GAME.chance_words(fresh, action).startswith("A shuffle and a deal")
    probability = GAME.chance_probability(fresh, action)
    tomatoes, hands, deck = GAME.parse_chance(fresh, action)[1]
    ways = 1
    for hand in hands:
        ways *= arrangements(hand)
    assert probability == pytest.approx(ways / arrangements(number_deck("placeholder"))
                                        / math.perm(10, 3))
    assert len(deck) == 125 and GAME.apply(fresh, action, CHANCE)[0].draw == deck


@pytest.mark.parametrize("players", range(3, 11))
def test_the_warm_up_turns_up_as_many_triumph_cards_as_the_table_needs(players):
    """warmup.turnup: 2, 2, 3, 4, 4, 5, 6, 6 cards for 3 to 10 players, a chance step with
    exact odds."""
    state = GAME.new_game(players)
    rng = chance_rng(players)
    state = GAME.apply(state, GAME.sample_chance(state, rng), CHANCE)[0]
    action = GAME.sample_chance(state, rng)
    assert len(action.split(":")[1].split(",")) == TRIUMPHS_UP[players]
    assert "1 chance in" in GAME.chance_words(state, action) or "chance of" in \
        GAME.chance_words(state, action)
    new, events = GAME.apply(state, action, CHANCE)
    assert len(new.offer) == TRIUMPHS_UP[players] and new.round == 1 and new.heat == 1
    assert new.actor == tuple(range(players)) and only(events, "warmup.turnup")
    assert TRIUMPHS_UP == {3: 2, 4: 2, 5: 3, 6: 4, 7: 4, 8: 5, 9: 6, 10: 6}


def test_the_warm_up_tops_up_the_cards_left_from_the_last_round():
    """warmup.turnup, warmup.enough: a round that left a card up turns up only what is
    missing; a round that left them all up turns up none (a step the rules take alone)."""
    left_one = scenarios.rulebook_end()
    last_turnup = max(i for i, step in enumerate(left_one.steps) if step.action.startswith("turnup:"))
    assert left_one.steps[last_turnup].action == "turnup:T030,T400"
    none_needed = scenarios.everybody_drops()
    number = next(i for i, step in enumerate(none_needed.steps, 1) if step.action == "turnup")
    event = only(none_needed.events[number - 1], "warmup.enough")
    assert GAME.explain(event, none_needed.players) == (
        "Round 2 starts with the 2 Triumph cards still up from the last round: 4 trophies; "
        "5 trophies.")
    assert GAME.chance_probability(none_needed.states[number - 1], "turnup") == 1.0


def test_triumph_cards_turned_up_must_be_in_the_pile_and_as_many_as_needed():
    """warmup.turnup: a hand-written turn-up is checked."""
    record = table(NAMES[:3], [4, 8, 1], ["C5 C4 C3 K1 M1", "K5 K4 K3 C1 A1", "M5 M4 M3 A2 B1"])
    state = record.state
    assert GAME.reason_illegal(state, "turnup:T500", CHANCE).rule == "warmup.turnup"
    assert GAME.reason_illegal(state, "turnup:T500,T500,T500,T500", CHANCE).rule == "warmup.turnup"
    assert GAME.reason_illegal(state, "turnup:T999,T500", CHANCE).rule == "warmup.turnup"
    assert GAME.reason_illegal(state, "turnup:T500,T500", CHANCE) is None
    assert three().state.offer == ("T210", "T500")
    assert_refused(record, "turnup:T500", CHANCE, rule="warmup.turnup")
