"""Liar's Dice's rules and rulings, each shown by a hand-written table."""
from __future__ import annotations

import random

import pytest

from liars_dice import GAME, PLUGIN, roll_action
from liars_dice.teaching import first_round
from tomato_widgets.core.errors import IllegalActionError, InvalidInputError
from tomato_widgets.core.game import CHANCE
from tomato_widgets.core.records import GameRecord, load_record


def table(dice, players=None, **options) -> GameRecord:
    """A game whose first roll is ``dice`` (one list per seat)."""
    players = players or len(dice)
    record = GameRecord(GAME, [f"P{seat}" for seat in range(players)],
                        {"dice": max(len(d) for d in dice), **options})
    record.append(roll_action(dice))
    return record


def rules(events):
    return [event.rule for event in events]


def refused(record, action, rule):
    with pytest.raises(IllegalActionError) as info:
        record.append(action)
    assert info.value.rule == rule
    assert GAME.reason_illegal(record.state, action).rule == rule


def test_each_player_rolls_their_own_dice_under_a_cup():
    """setup.dice (ruling): five dice each unless the dice option says otherwise; round.roll:
    each seat is told its own dice, the others only how many."""
    assert GAME.new_game(3).counts == (5, 5, 5)
    assert GAME.new_game(3, {"dice": 2}).counts == (2, 2, 2)
    record = table([[3, 1], [6, 6]])
    events = record.events[0]
    assert rules(events) == ["setup.dice", "round.roll", "round.roll"]
    roll = events[1]
    assert roll.seen_by(0).facts["dice"] == [1, 3]
    assert "dice" not in roll.seen_by(1).facts
    assert GAME.explain(roll.seen_by(1), record.players) == "P0 rolls 2 dice under the cup."
    assert record.game.observe(record.state, 1)["dice"] == [[None, None], [6, 6]]
    with pytest.raises(InvalidInputError, match="at most 6"):
        GAME.new_game(2, {"dice": 7})


def test_a_roll_must_give_each_seat_its_dice():
    """round.roll: a hand-written roll with a wrong number of dice or a face off the die is
    refused, naming the rule."""
    state = GAME.new_game(2, {"dice": 2})
    for bad in ("roll:1,2|3", "roll:1,2|3,7", "roll:1,2", "shuffle:1,2|3,4"):
        assert GAME.reason_illegal(state, bad, CHANCE).rule == "round.roll"
    assert GAME.chance_probability(state, "roll:1,2|3,4") == 6 ** -4


def test_the_round_opens_with_a_bid_and_every_bid_raises():
    """bid.open, bid.raise and call.call: the first player must bid (nothing to call yet),
    then each bid is higher than the last."""
    record = table([[2, 3], [4, 5]])
    refused(record, "call", "call.call")
    assert rules(record.append("bid:1-3")) == ["bid.open"]
    assert rules(record.append("bid:2-3")) == ["bid.raise"]
    refused(record, "bid:2-3", "bid.order")
    assert "call" in GAME.legal_actions(record.state)


def test_higher_means_more_dice_or_a_higher_face_with_the_wild_face_on_top():
    """bid.order (ruling): more dice of any face, or as many of a higher face; ones, being
    wild, are the highest face."""
    record = table([[2, 3], [4, 5]])
    record.append("bid:2-5")
    legal = GAME.legal_actions(record.state)
    assert legal[:3] == ("bid:2-6", "bid:2-1", "bid:3-2")
    refused(record, "bid:2-4", "bid.order")
    refused(record, "bid:1-6", "bid.order")
    off = table([[2, 3], [4, 5]], wild_ones=False)
    off.append("bid:2-5")
    assert GAME.legal_actions(off.state)[:2] == ("bid:2-6", "bid:3-1")


def test_no_bid_may_name_more_dice_than_the_table_holds():
    """bid.limit: with four dice on the table, 5 of anything is refused."""
    record = table([[2, 3], [4, 5]])
    refused(record, "bid:5-2", "bid.limit")
    assert max(int(a[4]) for a in GAME.legal_actions(record.state) if a != "call") == 4


def test_a_call_lifts_the_cups_and_counts_wild_ones():
    """call.call, call.reveal and count.wild (ruling): the dice are shown to everyone and
    each one counts for any face but ones."""
    record = table([[1, 4], [4, 6]])
    record.append("bid:3-4")
    events = record.append("call")
    assert rules(events) == ["call.call", "call.reveal", "count.wild"]
    assert events[1].facts["found"] == 3 and events[1].facts["met"]
    for seat in (0, 1):
        assert GAME.observe(record.state, seat)["dice"] == [[1, 4], [4, 6]]


def test_a_bid_on_ones_counts_only_ones():
    """count.wild (ruling): nothing is wild for a bid on ones; with wild_ones off no die is
    wild at all."""
    record = table([[1, 4], [4, 6]])
    record.append("bid:2-1")
    events = record.append("call")
    assert events[1].facts["found"] == 1 and "count.wild" not in rules(events)
    off = table([[1, 4], [4, 6]], wild_ones=False)
    off.append("bid:3-4")
    assert off.append("call")[1].facts["found"] == 2


def test_the_loser_of_the_call_loses_a_die_and_opens_the_next_round():
    """call.lose-die, round.starter (ruling): a bid not met costs the bidder a die, and the
    loser opens the next round."""
    record = table([[2, 3], [4, 5], [6, 6]])
    record.append("bid:2-2")
    record.append("call")
    assert GAME.forced_action(record.state) == "lose"
    events = record.append("lose")
    assert rules(events) == ["call.lose-die", "round.starter"]
    assert record.state.counts == (1, 2, 2) and record.state.starter == 0
    record.append(roll_action([[5], [1, 1], [2, 3]]))
    assert GAME.to_act(record.state) == (0,)


def test_a_met_bid_costs_the_caller_the_die():
    """call.lose-die: the bid stands, so the caller loses."""
    record = first_round()
    assert record.state.counts == (3, 2, 3)


def test_a_player_without_dice_is_out_and_the_next_on_the_left_opens():
    """player.out and round.starter (ruling): the loser of their last die is out; the next
    seat on their left with dice opens, and out seats are skipped in the bidding."""
    record = table([[2], [4], [6]])
    record.append("bid:2-5")
    record.append("call")
    events = record.append("lose")
    assert rules(events) == ["call.lose-die", "player.out", "round.starter"]
    assert record.state.starter == 1
    record.append("roll:|3|4")
    record.append("bid:1-2")
    assert GAME.to_act(record.state) == (2,)


def test_the_last_player_with_dice_wins():
    """end.last-player: the game ends when one player has dice; the scores are dice left."""
    record = table([[2], [4]])
    record.append("bid:1-3")
    record.append("call")
    events = record.append("lose")
    assert rules(events)[-1] == "end.last-player"
    outcome = GAME.outcome(record.state)
    assert outcome.winners == (1,) and outcome.scores == (0, 1)
    assert PLUGIN.results(GAME.observe(record.state, None), record.players)["order"] == [1, 0]


def test_openspiel_rules_play_one_round_with_sixes_wild():
    """rules.openspiel (ruling) and end.one-round: two players, sixes wild and highest, the
    first call ends the game with +1 and -1 (here two threes and a wild six meet 3 threes,
    so the caller loses)."""
    record = table([[6, 2], [3, 3]], rules="openspiel")
    legal = GAME.legal_actions(record.state)
    assert legal[:7] == tuple(f"bid:1-{face}" for face in range(1, 7)) + ("bid:2-1",)
    record.append("bid:3-3")
    events = record.append("call")
    assert rules(events) == ["call.call", "call.reveal", "count.wild", "end.one-round"]
    assert GAME.outcome(record.state).scores == (1, -1) and GAME.is_over(record.state)
    with pytest.raises(InvalidInputError, match="2 players"):
        GAME.new_game(3, {"rules": "openspiel"})
    with pytest.raises(InvalidInputError, match="wild"):
        GAME.new_game(2, {"rules": "openspiel", "wild_ones": False})


def test_a_record_replays_exactly_from_its_rolls():
    """round.roll: the rolls are actions of the record, so it loads to the same states."""
    record = first_round()
    again = load_record(record.to_json())
    assert again.states == record.states and again.events == record.events


def test_resampling_redraws_only_what_the_seat_cannot_see():
    """round.roll: a seat's view and moves stay the same when the others' dice are
    redrawn; once the cups are lifted nothing is hidden."""
    record = table([[1, 2, 3], [4, 5, 6], [2, 2, 2]])
    rng = random.Random(1)
    changed = 0
    for _ in range(20):
        other = GAME.resample_hidden(record.state, 0, rng)
        assert GAME.observe(other, 0) == GAME.observe(record.state, 0)
        assert other.dice[0] == (1, 2, 3)
        changed += other != record.state
    assert changed
    record.append("bid:1-2")
    record.append("call")
    assert GAME.resample_hidden(record.state, 0, rng) == record.state


def test_a_label_never_names_a_hidden_die():
    """round.roll: a roll is labelled alike for every view."""
    state = GAME.new_game(2, {"dice": 1})
    assert {GAME.public_label(state, roll, CHANCE, 0) for roll in ("roll:1|2", "roll:6|5")} == {
        "roll the dice under the cups"}
    assert GAME.chance_words(state, "roll:1|2") == GAME.chance_words(state, "roll:6|5")
