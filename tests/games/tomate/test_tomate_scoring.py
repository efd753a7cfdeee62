"""Tomate, "Scoring" and "Winning": the scoring's forced steps, the penalty, the dealer's two
tricks, paying short, the pot in thirds with odd chips, the next dealer, and the end of the
game.

Unless said otherwise: ante 3 from the bank, penalty 3, 20 starting chips, swords trumps
(the K of swords turned), the last seat deals so seat 0 leads.
"""
from __future__ import annotations

import json

import pytest

import random

from tomato_widgets.core.game import CHANCE
from tomato_widgets.games.tomate import GAME

from tomate_helpers import Table, at_first_trick, dealt, only, rules

TRUMP = "K-swords"

# Seat 0 wins tricks 1 and 2, seat 2 trick 3, seat 1 nothing.
PENALTY_HANDS = [["A-cups", "A-coins", "2-clubs"],
                 ["2-cups", "2-coins", "4-clubs"],
                 ["4-cups", "4-coins", "A-clubs"]]


def play_penalty_round(table) -> dict[str, list]:
    """The three tricks of PENALTY_HANDS, then the scoring: {forced step: its events}."""
    table.play(0, "A-cups"); table.play(1, "2-cups"); table.play(2, "4-cups")
    table.play(0, "A-coins"); table.play(1, "2-coins"); table.play(2, "4-coins")
    table.play(0, "2-clubs"); table.play(1, "4-clubs")
    table.play(2, "A-clubs")
    return table.score()


def shares(events):
    """(seat, amount, rule) of each trick's share of the pot, in trick order."""
    return [(e.players[0], e.facts["amount"], e.rule) for e in events
            if e.rule in ("score.third", "score.odd-chips")]


# ---- score.order: the scoring's forced steps ---------------------------------------------------
def test_the_third_trick_is_won_on_its_own_step_and_the_scoring_follows_step_by_step():
    """score.order, trick.won: the card that completes trick 3 only wins the trick; the rules
    then score the round in forced steps, each one thing: the penalty, then the shares with
    the end of the round. The completed trick stays on the table all the while."""
    table = at_first_trick(PENALTY_HANDS, TRUMP)
    table.play(0, "A-cups"); table.play(1, "2-cups"); table.play(2, "4-cups")
    table.play(0, "A-coins"); table.play(1, "2-coins"); table.play(2, "4-coins")
    table.play(0, "2-clubs"); table.play(1, "4-clubs")
    events = table.play(2, "A-clubs")
    assert rules(events) == ["follow.beat", "trick.won"]
    assert table.state.phase == "penalties" and table.to_act == (CHANCE,)
    assert GAME.forced_action(table.state) == "penalties"
    assert table.chips == [20, 20, 20] and table.state.pot == 3
    last_trick = ["2-clubs", "4-clubs", "A-clubs"]
    assert table.view(None)["played"][-3:] == last_trick
    scored = table.score()
    assert list(scored) == ["penalties", "shares"]
    assert rules(scored["penalties"]) == ["score.penalty"]
    assert rules(scored["shares"]) == ["score.third"] * 3 + ["round.next-dealer"]
    for perspective in (None, 0, 1):                     # still on the table, for everyone
        assert table.view(perspective)["played"][-3:] == last_trick
    assert GAME.forced_action(table.state) is None and table.state.phase == "deal"


def test_no_penalties_step_when_nobody_falls_short():
    """score.order: the penalties step comes only when somebody owes a penalty."""
    table = at_first_trick([["A-cups", "2-coins", "2-clubs"],
                            ["2-cups", "A-coins", "4-clubs"],
                            ["4-cups", "4-coins", "A-clubs"]], TRUMP)
    table.play(0, "A-cups"); table.play(1, "2-cups"); table.play(2, "4-cups")
    table.play(0, "2-coins"); table.play(1, "A-coins"); table.play(2, "4-coins")
    table.play(1, "4-clubs"); table.play(2, "A-clubs")
    table.play(0, "2-clubs")
    assert table.state.phase == "shares"
    scored = table.score()
    assert list(scored) == ["shares"]
    assert shares(scored["shares"]) == [(0, 1, "score.third"), (1, 1, "score.third"),
                                        (2, 1, "score.third")]


def test_a_wrong_forced_outcome_is_refused_with_the_rule_and_why():
    """score.order: nothing is chosen in the scoring; any other outcome than the step due is
    refused, naming the rule and the step, and so is a scoring step when none is due."""
    table = at_first_trick(PENALTY_HANDS, TRUMP)
    table.play(0, "A-cups"); table.play(1, "2-cups"); table.play(2, "4-cups")
    table.play(0, "A-coins"); table.play(1, "2-coins"); table.play(2, "4-coins")
    table.play(0, "2-clubs"); table.play(1, "4-clubs"); table.play(2, "A-clubs")
    error = table.refuse("shares", rule="score.order")       # the penalties come first
    assert "penalties" in error.reason and "nothing is chosen" in error.reason
    deal = "deal:" + "|".join(",".join(hand) for hand in PENALTY_HANDS) + "|" + TRUMP
    assert "penalties" in table.refuse(deal, rule="score.order").reason
    table.refuse("play", player=0, rule="turn.chance")       # no player acts now
    assert GAME.sample_chance(table.state, random.Random(1)) == "penalties"
    assert GAME.action_label(table.state, "penalties") == "pay the penalties"
    table.score()
    assert "deal" in table.refuse("penalties", rule="score.order").reason


# ---- score.penalty --------------------------------------------------------------------------
def test_player_without_a_trick_pays_into_this_pot():
    """score.penalty (ruling, default), score.third: a player who stayed in and won no trick
    pays 3 into the pot being split, so the pot of 3 + 3 = 6 gives 2 chips per trick."""
    table = at_first_trick(PENALTY_HANDS, TRUMP)
    scored = play_penalty_round(table)
    penalty = only(scored["penalties"], "score.penalty")
    assert penalty.players == (1,)
    assert penalty.facts["amount"] == 3 and penalty.facts["into"] == "this-pot"
    # the dealer (seat 2) declined the trump, so one trick was enough for them
    assert "score.dealer-two-tricks" not in rules(scored["penalties"])
    events = scored["shares"]
    assert shares(events) == [(0, 2, "score.third"), (0, 2, "score.third"), (2, 2, "score.third")]
    assert all(e.facts["pot"] == 6 for e in events if e.rule == "score.third")
    assert table.chips == [20 + 4, 20 - 3, 20 + 2]
    assert table.state.pot == 0 and table.state.carry == 0


def test_penalty_is_paid_before_the_pot_is_shared():
    """score.penalty, score.order: after the penalties step the penalty is in the pot and
    nothing is shared yet; the shares step then empties the pot."""
    table = at_first_trick(PENALTY_HANDS, TRUMP)
    table.play(0, "A-cups"); table.play(1, "2-cups"); table.play(2, "4-cups")
    table.play(0, "A-coins"); table.play(1, "2-coins"); table.play(2, "4-coins")
    table.play(0, "2-clubs"); table.play(1, "4-clubs"); table.play(2, "A-clubs")
    table.step("penalties")
    assert table.chips == [20, 17, 20] and table.state.pot == 6
    assert table.view(0)["settlement"] == {"paid": [0, 3, 0], "won": [0, 0, 0]}
    table.step("shares")
    assert table.chips == [24, 17, 22] and table.state.pot == 0
    assert table.view(2)["settlement"] == {"paid": [0, 3, 0], "won": [4, 0, 2]}


def test_penalty_into_next_pot_option():
    """score.penalty, option penalty_into=next-pot: the penalty waits for the next round's pot."""
    table = at_first_trick(PENALTY_HANDS, TRUMP, penalty_into="next-pot")
    scored = play_penalty_round(table)
    assert only(scored["penalties"], "score.penalty").facts["into"] == "next-pot"
    # only the ante of 3 is split now: 1 chip per trick
    assert shares(scored["shares"]) == [(0, 1, "score.third"), (0, 1, "score.third"),
                                        (2, 1, "score.third")]
    assert table.chips == [20 + 2, 20 - 3, 20 + 1]
    assert table.state.carry == 3 and table.state.pot == 0
    events = table.deal(PENALTY_HANDS, TRUMP)        # next round: ante 3 + the waiting 3
    assert only(events, "round.ante").facts["pot"] == 6
    assert table.state.pot == 6 and table.state.carry == 0


def test_penalty_amount_option():
    """score.penalty, option penalty: the agreed penalty is what a failing player pays."""
    table = at_first_trick(PENALTY_HANDS, TRUMP, penalty=5)
    scored = play_penalty_round(table)
    assert only(scored["penalties"], "score.penalty").facts["amount"] == 5
    assert table.chips[1] == 15
    assert sum(amount for _, amount, _ in shares(scored["shares"])) == 3 + 5


# ---- score.dealer-two-tricks ------------------------------------------------------------------
def dealer_took(seat1_hand):
    """Two players, seat 0 deals, takes the K of swords and discards the 4 of clubs, so holds
    A-cups, 2-coins and K-swords; seat 1 plays and leads."""
    table = dealt([["A-cups", "2-coins", "4-clubs"], seat1_hand], TRUMP, dealer=0)
    table.decide(0, "take")
    table.decide(0, "discard:4-clubs")
    table.declare((1, "play"))
    assert table.state.phase == "trick" and table.to_act == (1,)
    return table


def test_dealer_who_took_with_one_trick_pays_and_still_collects_a_third():
    """score.dealer-two-tricks ruling: the dealer who took the trump needs two tricks; with one
    they pay 3 and still collect that trick's third of the pot (3 + 3 = 6)."""
    table = dealer_took(["A-swords", "A-coins", "4-cups"])
    assert "K-swords" in table.view(1)["hands"][0]         # the taken trump is seen by all...
    table.play(1, "A-swords"); table.play(0, "K-swords")   # seat 1's ace of trumps wins
    assert table.view(1)["hands"][0] == [None, None]       # ...until it is played
    table.play(1, "A-coins"); table.play(0, "2-coins")
    table.play(1, "4-cups")
    table.play(0, "A-cups")                                # the dealer's only trick
    scored = table.score()
    owed = only(scored["penalties"], "score.dealer-two-tricks")
    assert owed.players == (0,) and owed.facts["amount"] == 3 and owed.facts["tricks"] == 1
    assert "score.penalty" not in rules(scored["penalties"])   # seat 1 won two tricks
    assert shares(scored["shares"]) == [(1, 2, "score.third"), (1, 2, "score.third"),
                                        (0, 2, "score.third")]
    assert table.chips == [20 - 3 + 2, 20 + 4]


def test_dealer_who_took_with_two_tricks_pays_nothing():
    """score.dealer-two-tricks: two tricks are enough for the dealer who took the trump."""
    table = dealer_took(["A-coins", "4-cups", "2-clubs"])
    table.play(1, "A-coins"); table.play(0, "2-coins")     # seat 1
    table.play(1, "4-cups"); table.play(0, "A-cups")       # dealer
    table.play(0, "K-swords")
    table.play(1, "2-clubs")                               # dealer, with a trump
    scored = table.score()
    assert list(scored) == ["shares"]                      # nobody owes a penalty
    assert shares(scored["shares"]) == [(1, 1, "score.third"), (0, 1, "score.third"),
                                        (0, 1, "score.third")]
    assert table.chips == [22, 21]


# ---- score.penalty-short / end.out-of-chips -----------------------------------------------------
def test_short_player_pays_what_they_have_and_the_game_ends():
    """score.penalty-short ruling, end.out-of-chips: a player owing 3 with 2 chips pays 2; at
    zero chips the game is over and the richest player wins."""
    table = at_first_trick([["A-cups", "A-coins", "A-clubs"],
                            ["2-cups", "2-coins", "2-clubs"]], TRUMP, starting_chips=2)
    for lead, follow in (("A-cups", "2-cups"), ("A-coins", "2-coins"), ("A-clubs", "2-clubs")):
        table.play(0, lead)
        table.play(1, follow)
    scored = table.score()
    short = only(scored["penalties"], "score.penalty-short")
    assert short.players == (1,) and short.facts["amount"] == 2 and short.facts["owed"] == 3
    assert "score.penalty" not in rules(scored["penalties"])
    assert not GAME.is_over(table.record.states[-2])       # not over before the shares
    events = scored["shares"]
    # the pot is 3 + 2 = 5, all of it to seat 0
    assert sum(amount for _, amount, _ in shares(events)) == 5
    assert table.chips == [2 + 5, 0]
    assert only(events, "end.out-of-chips").players == (1,)
    assert "round.next-dealer" not in rules(events)
    assert list(only(events, "end.most-chips").facts["winners"]) == [0]
    outcome = GAME.outcome(table.state)
    assert outcome.winners == (0,) and tuple(outcome.scores) == (7, 0)
    assert outcome.rule == "end.most-chips" and outcome.facts["ended_by"] == "end.out-of-chips"
    assert GAME.legal_actions(table.state) == () and GAME.is_over(table.state)
    table.refuse("deal:" + "|".join(["A-cups,A-coins,A-clubs", "2-cups,2-coins,2-clubs", TRUMP]),
                 rule="game.over")


# ---- score.third / score.odd-chips ---------------------------------------------------------------
def test_pot_of_ten_odd_chip_to_winner_of_trick_one():
    """score.odd-chips ruling: a carried pot of 5 + ante 5 = 10 splits 4/3/3, the odd chip to
    the winner of trick 1 (seat 2 here, not the lowest seat)."""
    hands = [["2-cups", "A-coins", "2-clubs"],
             ["4-cups", "4-coins", "A-clubs"],
             ["A-cups", "2-coins", "4-clubs"]]
    table = dealt(hands, TRUMP, dealer=2, ante=5)
    table.decide(2, "decline")
    table.declare((0, "pass"), (1, "pass"), (2, "pass"))       # pot of 5 carries over
    table.score()
    table.deal(hands, TRUMP)                                    # seat 0 deals, seat 1 leads
    assert table.state.pot == 10
    table.decide(0, "decline")
    table.declare((1, "play"), (2, "play"), (0, "play"))
    winners = []
    table.play(1, "4-cups"); table.play(2, "A-cups")
    winners.append(only(table.play(0, "2-cups"), "trick.won").facts["winner"])
    table.play(2, "2-coins"); table.play(0, "A-coins")
    winners.append(only(table.play(1, "4-coins"), "trick.won").facts["winner"])
    table.play(0, "2-clubs"); table.play(1, "A-clubs")
    winners.append(only(table.play(2, "4-clubs"), "trick.won").facts["winner"])
    assert winners == [2, 0, 1]
    scored = table.score()
    assert list(scored) == ["shares"]
    assert shares(scored["shares"]) == [(2, 4, "score.odd-chips"), (0, 3, "score.third"),
                                        (1, 3, "score.third")]
    assert table.chips == [23, 23, 24]


def test_pot_of_eleven_odd_chips_to_winners_of_tricks_one_and_two():
    """score.odd-chips ruling: ante 8 + a penalty of 3 = 11 splits 4/4/3: one odd chip to the
    winner of trick 1 and one to the winner of trick 2."""
    table = at_first_trick([["4-cups", "A-coins", "2-clubs"],
                            ["A-cups", "2-coins", "A-clubs"],
                            ["2-cups", "4-coins", "4-clubs"]], TRUMP, ante=8)
    table.play(0, "4-cups"); table.play(1, "A-cups"); table.play(2, "2-cups")      # seat 1
    table.play(1, "2-coins"); table.play(2, "4-coins"); table.play(0, "A-coins")   # seat 0
    table.play(0, "2-clubs"); table.play(1, "A-clubs")
    table.play(2, "4-clubs")                                                        # seat 1
    scored = table.score()
    assert only(scored["penalties"], "score.penalty").players == (2,)
    events = scored["shares"]
    assert shares(events) == [(1, 4, "score.odd-chips"), (0, 4, "score.odd-chips"),
                              (1, 3, "score.third")]
    assert all(e.facts["pot"] == 11 for e in events if e.rule.startswith("score.") and "pot" in e.facts)
    assert table.chips == [20 + 4, 20 + 7, 20 - 3]


# ---- round.next-dealer ----------------------------------------------------------------------------
def test_deal_moves_left_after_a_settled_round_and_ante_is_paid_again():
    """round.next-dealer, round.ante: after the split the seat on the dealer's left deals
    (the last seat wraps to seat 0), and the bank pays a fresh ante into the empty pot. The
    round's dealer stays its dealer (the discard and the taken trump are theirs) until the
    next deal gathers the cards."""
    table = at_first_trick(PENALTY_HANDS, TRUMP)
    assert table.state.dealer == 2
    scored = play_penalty_round(table)
    assert only(scored["shares"], "round.next-dealer").facts["dealer"] == 0
    assert table.state.dealer == 2 and table.state.phase == "deal"
    events = table.deal(PENALTY_HANDS, TRUMP)
    assert table.state.dealer == 0 and only(events, "deal.deal").facts["dealer"] == 0
    assert only(events, "round.ante").facts["pot"] == 3 and table.state.pot == 3
    assert table.to_act == (0,)                          # the new dealer decides on the trump
    assert table.state.round == 2


def test_deal_goes_round_the_table():
    """round.next-dealer: round after round the deal moves one seat left."""
    hands = PENALTY_HANDS + [["5-cups", "5-coins", "5-clubs"]]
    table = Table(4, first_dealer=1)
    dealers = []
    for _ in range(5):
        table.deal(hands, TRUMP)
        dealer = table.state.dealer
        dealers.append(dealer)
        table.decide(dealer, "decline")
        table.declare(*[((dealer + k) % 4, "pass") for k in range(1, 5)])
        table.score()
    assert dealers == [1, 2, 3, 0, 1]


# ---- end.rounds / end.most-chips ---------------------------------------------------------------
def all_pass_round(table):
    """A round in which everybody passes; the events of its one scoring step."""
    table.deal(PENALTY_HANDS[:table.n], TRUMP)
    dealer = table.state.dealer
    table.decide(dealer, "decline")
    table.declare(*[((dealer + k) % table.n, "pass") for k in range(1, table.n + 1)])
    return table.score()["shares"]


def test_game_ends_after_the_agreed_rounds_tie_is_shared():
    """end.rounds, end.most-chips ruling: with rounds=1 the game ends after one round; players
    level on chips share the win."""
    table = Table(2, first_dealer=0, rounds=1)
    events = all_pass_round(table)
    assert "end.rounds" in rules(events)
    assert list(only(events, "end.most-chips").facts["winners"]) == [0, 1]
    assert table.state.phase == "over" and GAME.is_over(table.state)
    outcome = GAME.outcome(table.state)
    assert outcome.winners == (0, 1) and outcome.facts["ended_by"] == "end.rounds"


def test_most_chips_wins_after_the_last_round():
    """end.rounds, end.most-chips: after round 2 of 2, the player with the most chips wins."""
    table = at_first_trick([["A-cups", "A-coins", "A-clubs"],
                            ["2-cups", "2-coins", "2-clubs"]], TRUMP, rounds=2)
    assert GAME.outcome(table.state) is None
    for lead, follow in (("A-cups", "2-cups"), ("A-coins", "2-coins"), ("A-clubs", "2-clubs")):
        table.play(0, lead)
        table.play(1, follow)
    events = [event for step in table.score().values() for event in step]
    assert "end.rounds" not in rules(events) and table.state.phase == "deal"
    assert table.chips == [26, 17]
    events = all_pass_round(table)
    assert rules(events) == ["round.all-pass", "end.rounds", "end.most-chips"]
    outcome = GAME.outcome(table.state)
    assert outcome.winners == (0,) and tuple(outcome.scores) == (26, 17)
    assert table.state.pot == 3                     # the last all-pass pot goes to nobody
    # the game's last state keeps the last table: the passed hands, face down to the others
    assert table.view(1)["mucked"][0] == [None] * 3
    assert set(table.view(1)["mucked"][1]) == set(PENALTY_HANDS[1])


def test_default_game_lasts_twenty_rounds():
    """end.game ruling: unless set, the game ends after 20 rounds."""
    table = Table(2, first_dealer=0)
    for round_number in range(1, 21):
        events = all_pass_round(table)
        assert ("end.rounds" in rules(events)) == (round_number == 20)
    assert GAME.is_over(table.state)
    assert table.state.pot == 60


def test_every_game_has_a_round_limit():
    """end.game ruling: no game without a limit (with the bank paying the ante, nobody may
    ever run out of chips); the most is 1000 rounds, and an older record's "0, no limit" is
    read as that, replaying the same game."""
    from tomato_widgets import load_record
    from tomato_widgets.core.errors import InvalidInputError
    with pytest.raises(InvalidInputError, match="at least 1"):
        GAME.new_game(2, {"rounds": 0})
    with pytest.raises(InvalidInputError, match="at most 1000"):
        GAME.new_game(2, {"rounds": 1001})
    table = Table(2, first_dealer=0, rounds=1000)
    for _ in range(25):
        all_pass_round(table)
    assert not GAME.is_over(table.state) and table.state.phase == "deal"
    old = json.loads(table.record.dumps())
    old["options"]["rounds"] = 0
    again = load_record(old)
    assert again.options["rounds"] == 1000 and again.states[-1] == table.state


# ---- paced live play -----------------------------------------------------------------------
def test_completed_tricks_scoring_and_the_end_linger_in_paced_play():
    """trick.won, score.third, end.most-chips: live play lingers on a completed trick, on the
    scoring and on the game's end (the rules' dwell), not on a card put down."""
    from tomato_widgets.games.tomate import scenarios
    from tomato_widgets.widgets.frames import step_info

    record = scenarios.penalty_and_thirds()
    dwell = [step_info(GAME, record, number, None).get("dwell", 1.0)
             for number in range(1, len(record.steps) + 1)]
    assert dwell[5] == 1.0                                  # step 6: Ana leads a card
    assert 1.5 <= dwell[7] < dwell[14] <= dwell[15] <= 2.5  # trick won < penalty <= shares + end
    assert dwell[15] == 2.5
