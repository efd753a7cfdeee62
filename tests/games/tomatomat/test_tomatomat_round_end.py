"""Tomatomat, "End of a round" and "End of the game": piles passed (spare decks included),
the new decks and their probabilities, the last round, left-over machines, the tie-break,
and the conservation laws the engine checks."""
from __future__ import annotations

import json
import math
from collections import Counter

import pytest

from tomato_widgets.core.game import CHANCE
from tomato_widgets.core.records import load_record
from tomato_widgets.games.tomatomat import GAME, scenarios, shuffle_action
from tomato_widgets.games.tomatomat.cards import CARD_IDS

from tomatomat_helpers import dealt, only, rules

RED = "R1 R1 R1 R1 R1 R1 R1 R2 R2 RT RT RP"
GREEN = "G1 G1 G1 G1 G1 G1 G1 G2 G2 GT GT GP"


def ids(cards) -> list[str]:
    return sorted(CARD_IDS[c] for c in cards)


def round_played(players, rounds=2, dummies=None):
    """A game where every card goes to machine IV, up to the end of round 1's settlement."""
    table = dealt(*[""] * players, rounds=rounds, dummies=dummies)
    table.batches(3)
    table.settle(until="score:IV")
    return table


# ---- round.pass --------------------------------------------------------------------------
def test_two_players_pass_through_the_spare_decks():
    """round.pass (ruling), setup.dummies (ruling): with two players the piles go Ana -> spare
    deck 1 -> Ben -> spare deck 2 -> Ana; every pile passed holds 12 cards."""
    table = round_played(2, dummies=[GREEN, RED])
    before = table.state
    assert [len(before.discards[seat]) for seat in range(2)] == [12, 12]
    ana, ben = ids(before.discards[0]), ids(before.discards[1])
    events = table.settle()
    event = only(events, "round.pass")
    assert event.facts["moves"] == [[0, "D1"], ["D1", 1], [1, "D2"], ["D2", 0]]
    assert GAME.explain(event, table.record.players) == (
        "Round 1 is over; the piles move on: Ana to spare deck 1, spare deck 1 to Ben, "
        "Ben to spare deck 2, spare deck 2 to Ana.")
    after = table.state
    assert ids(after.decks[0]) == sorted(RED.split()) and ids(after.decks[1]) == sorted(GREEN.split())
    assert ids(after.decks[2]) == ana and ids(after.decks[3]) == ben
    assert after.discards == ((), ())
    assert table.view()["next_step"] == "machines"


def test_three_players_pass_through_one_spare_deck():
    """round.pass (ruling): with three players Ana -> Ben -> Cai -> the spare deck -> Ana."""
    table = round_played(3, dummies=[RED])
    piles = [ids(table.state.discards[seat]) for seat in range(3)]
    events = table.settle()
    assert only(events, "round.pass").facts["moves"] == [[0, 1], [1, 2], [2, "D1"], ["D1", 0]]
    decks = table.state.decks
    assert ids(decks[0]) == sorted(RED.split())
    assert ids(decks[1]) == piles[0] and ids(decks[2]) == piles[1] and ids(decks[3]) == piles[2]


def test_four_players_pass_clockwise():
    """round.pass (ruling): with four players each pile goes to the next seat, the last
    player's to the first."""
    table = round_played(4)
    piles = [ids(table.state.discards[seat]) for seat in range(4)]
    table.settle()
    assert [ids(table.state.decks[seat]) for seat in range(4)] == [piles[3]] + piles[:3]


def test_every_card_goes_home_so_each_pile_passed_holds_twelve():
    """round.pass (ruling): caught thieves, stolen coins and scored coins all end on their
    owner's pile: at the pass every pile is the owner's 12 cards of the round."""
    table = dealt("RP RT R1 B1", "RT BT B2 R2", "B1 G2 GT YP", rounds=2)
    dealt_cards = [Counter(CARD_IDS[c] for c in table.record.states[2].decks[s]) +
                   Counter(CARD_IDS[c] for c in table.record.states[2].hands[s]) for s in range(3)]
    table.batch("RP:I RT:I R1:I B1:I", "RT:I BT:I B2:I R2:I", "B1:I G2:I GT:I YP:I")
    table.batches(2)
    events = table.settle(until="score:IV")
    assert {"police.catch", "police.nothing", "thieves.steal", "score.win"} <= set(rules(events))
    for seat in range(3):
        assert Counter(CARD_IDS[c] for c in table.state.discards[seat]) == dealt_cards[seat]
    assert table.state.step == "pass"
    GAME.check_invariants(table.state)


# ---- round.shuffle --------------------------------------------------------------------------
def test_new_round_shuffles_the_received_piles_and_draws():
    """round.shuffle, machines.draw: after the pass come four new machines, then everyone's
    received pile is shuffled into a new deck and the first four cards are drawn."""
    table = round_played(2, dummies=[GREEN, RED])
    table.settle()
    table.machines(["M05", "M06", "M07", "M08"])
    assert table.view(0)["round"] == 2 and table.view(0)["stock"] == 28
    events = table.shuffle("RP R2 R1 RT", "GT GT GP G1")
    assert rules(events)[0] == "round.shuffle"
    assert table.hand(0) == ["R1", "R2", "RT", "RP"] and table.hand(1) == ["G1", "GT", "GT", "GP"]
    assert table.view(0)["phase"] == "allocate" and table.view(0)["batch"] == 1


def test_a_shuffle_must_use_the_pile_received():
    """round.shuffle: each new deck is exactly the 12 cards that seat was handed."""
    table = round_played(2, dummies=[GREEN, RED])
    table.settle()
    table.machines(["M05", "M06", "M07", "M08"])
    swapped = shuffle_action([GREEN.split(), RED.split()])
    table.refuse(swapped, CHANCE, rule="round.shuffle")
    table.refuse(shuffle_action([RED.split()]), CHANCE, rule="round.shuffle")
    table.refuse("machines:M09,M10,M11,M12", CHANCE, rule="round.shuffle")


def _distinct_orders(counts: dict):
    """Every distinct order of a multiset (card id -> count)."""
    total = sum(counts.values())
    if total == 0:
        yield []
        return
    for card in list(counts):
        if counts[card]:
            counts[card] -= 1
            for rest in _distinct_orders(counts):
                yield [card] + rest
            counts[card] += 1


def test_shuffle_probabilities_add_up_to_one():
    """round.shuffle: every distinct order of a pile is equally likely. Ana receives seven
    red and five green 1-coins: over all 12!/(7! 5!) = 792 orders of them (Ben's order
    fixed) the probabilities add up to the chance of Ben's order, 2^5/12!."""
    ana = "R1 R1 R1 R1 R1 R1 R1 G1 G1 G1 G1 G1"
    ben = "R2 R2 RT RT RP G1 G1 G2 G2 GT GT GP"
    table = round_played(2, dummies=[ben, ana])
    table.settle()
    table.machines(["M05", "M06", "M07", "M08"])
    state = table.state
    total = 0.0
    count = 0
    for order in _distinct_orders(Counter(ana.split())):
        total += GAME.chance_probability(state, shuffle_action([order, ben.split()]))
        count += 1
    assert count == 792
    assert total == pytest.approx(2 ** 5 / math.factorial(12), rel=1e-9)
    assert GAME.chance_probability(state, shuffle_action([ben.split(), ana.split()])) == 0


def test_the_second_machines_draw_has_exact_probability():
    """machines.draw: in round 2 the four machines come from the 32 left: 1/(32*31*30*29)."""
    table = round_played(2)
    table.settle()
    assert GAME.chance_probability(table.state, "machines:M05,M06,M07,M08") == \
        pytest.approx(1 / (32 * 31 * 30 * 29), rel=1e-12)


# ---- end of the game ------------------------------------------------------------------------
def test_the_game_ends_after_the_last_round_without_passing():
    """end.game (ruling): after the last round's settlement the game is over; the piles are
    not handed on."""
    table = round_played(3, rounds=1)
    piles = table.state.discards
    events = table.settle()
    assert rules(events)[0] == "end.game" and "round.pass" not in rules(events)
    assert GAME.is_over(table.state) and table.state.discards == piles
    assert table.view()["phase"] == "over" and table.view()["to_act"] == []
    assert GAME.action_label(table.record.states[-2], "pass") == "end of the last round: the game ends"
    table.refuse("pass", CHANCE, rule="game.over")


def test_left_over_machines_go_to_nobody():
    """end.leftover (ruling): a machine still on display after the last round is won by
    nobody: it counts for no one's stars or machines."""
    record = scenarios.final_tie_break()
    events = record.events[-1]
    leftover = only(events, "end.leftover")
    assert leftover.facts["machines"] == ["M14"]
    view = GAME.observe(record.state, None)
    assert view["positions"][3]["stack"] == ["M14"]
    assert all("M14" not in sum(seat["won"], []) for seat in view["seats"])


def test_most_stars_wins():
    """end.most-stars: the player with the most stars wins; scores are the stars."""
    record = scenarios.tie_then_stack()
    outcome = record.outcome
    assert outcome.winners == (0,) and outcome.rule == "end.most-stars"
    assert outcome.scores == (11, 3)
    assert only(record.events[-1], "end.most-stars").facts["winners"] == [0]


def test_level_on_stars_most_machines_wins():
    """end.most-machines, machines.stack (ruling): Ana and Ben both have 3 stars; Ben's two
    machines beat Ana's one."""
    record = scenarios.final_tie_break()
    outcome = record.outcome
    assert outcome.scores == (3, 3) and outcome.winners == (1,) and outcome.rule == "end.most-machines"
    assert outcome.facts["machines"] == [1, 2]
    event = only(record.events[-1], "end.most-machines")
    assert GAME.explain(event, record.players) == "Level on stars (3 stars); Ben wins with 2 machines."


def test_level_on_stars_and_machines_the_win_is_shared():
    """end.shared (ruling): Ana and Ben each win one 2-star machine; machines I and IV are
    tied (16 all, and nobody at all) and go to nobody, so Ana and Ben share the win."""
    table = dealt("G2 R1 R1 R1 | R1 R1 G1 G1 | G1 G1 G1 G1",
                  "B2 R1 R1 R2 | R2 Y1 Y1 Y1 | Y1 GP YP BP", rounds=1)
    table.batch("G2:II", "B2:III", rest="I")
    table.batches(2, rest="I")
    events = table.settle()
    ties = [e for e in events if e.rule == "score.tie"]
    assert [(e.facts["position"], e.facts["totals"]) for e in ties] == [("I", [16, 16]), ("IV", [0, 0])]
    outcome = GAME.outcome(table.state)
    assert outcome.winners == (0, 1) and outcome.rule == "end.shared" and outcome.scores == (2, 2)
    assert only(events, "end.shared").facts == {"winners": [0, 1], "stars": 2, "machine_count": 1}
    assert only(events, "end.leftover").facts["machines"] == ["M01", "M28"]


# ---- records and conservation ---------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(scenarios.SCENARIOS))
def test_scenarios_replay_from_json(name):
    """resolve.forced (ruling): a scenario, forced steps included, saves as JSON and loads
    back into the same states and events; every step's probability is known."""
    record = scenarios.SCENARIOS[name]()
    assert record.outcome is not None
    loaded = load_record(json.dumps(record.to_json()))
    assert loaded.states == record.states and loaded.events == record.events
    for state, step in zip(record.states, record.steps):
        if step.player == CHANCE:
            assert 0 < GAME.chance_probability(state, step.action) <= 1


def test_invariants_catch_a_lost_card_or_machine():
    """round.pass (ruling): the engine's checks notice a card or a machine gone missing."""
    table = round_played(3)
    state = table.state
    GAME.check_invariants(state)
    lost_card = state.evolve(discards=(state.discards[0][1:],) + state.discards[1:])
    with pytest.raises(AssertionError):
        GAME.check_invariants(lost_card)
    lost_machine = state.evolve(stock=state.stock[1:])
    with pytest.raises(AssertionError):
        GAME.check_invariants(lost_machine)
