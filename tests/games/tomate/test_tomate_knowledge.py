"""What a view knows about each seat (``knowledge``), the end-of-game table (``results``)
and chance told in words.

What the tricks prove about a hand is checked against the real hands of many random games:
a claim a learner is shown must be true, and must name only cards the view can see.
"""
from __future__ import annotations

import re
from functools import lru_cache

import pytest

from tomato_widgets.core.play import play_game, random_bots
from tomato_widgets.core.records import GameRecord
from tomato_widgets.games.tomate import GAME, deal_action, knowledge, results, scenarios
from tomato_widgets.games.tomate.cards import CARD_IDS
from tomato_widgets.games.tomate.known import revealed
from tomato_widgets.games.tomate.rules import cut_action
from tomato_widgets.games.tomate.views import visible_cards

CARD_NAME = re.compile(r"\b(A|K|Q|J|[2-7]) of (coins|cups|swords|clubs)\b")
NAMES = ["Ana", "Ben", "Cai", "Dee", "Eve", "Finn", "Gus", "Hal", "Ida", "Jo", "Kim", "Lou", "Max"]


@lru_cache(maxsize=None)
def game(n: int, seed: int, rounds: int = 4) -> GameRecord:
    return play_game(GAME, random_bots(n, seed), seed=f"knows-{seed}", options={"rounds": rounds},
                     names=NAMES[:n])


def named_cards(text: str) -> set[str]:
    return {f"{rank}-{suit}" for rank, suit in CARD_NAME.findall(text)}


# ---- what the tricks prove ---------------------------------------------------------------
@pytest.mark.parametrize("n", [2, 3, 4, 6, 13])
def test_what_the_tricks_prove_is_true_of_the_real_hands(n):
    """follow.lower, follow.trump, follow.free, follow.free-when-trumped: every claim that a
    seat holds no card of a suit, or none above a card, holds for the seat's real hand at
    that moment, in every view (the claims are public: every view gets the same)."""
    kinds = {"no suit": 0, "no trumps": 0, "none higher": 0}
    for seed in range(6):
        record = game(n, seed)
        for state in record.states:
            proved = revealed(GAME.observe(state, None))
            assert all(revealed(GAME.observe(state, seat)) == proved for seat in (0, n - 1))
            trump_suit = state.trump // 10
            for seat, limits in proved.items():
                assert state.hands[seat], "a claim about an empty hand tells nothing"
                for suit, limit in limits.items():
                    held = [c for c in state.hands[seat] if c // 10 == suit]
                    if limit is None:
                        assert not held, (seat, suit, state)
                        kinds["no trumps" if suit == trump_suit else "no suit"] += 1
                    else:
                        assert all(c < limit for c in held), (seat, suit, limit, state)
                        assert limit // 10 == suit and limit % 10 < 9  # never "above the ace"
                        kinds["none higher"] += 1
    assert all(kinds.values()), kinds  # every kind of claim was met and checked


@pytest.mark.parametrize("n", [2, 4, 13])
def test_knowledge_names_only_cards_the_view_can_see(n):
    """A seat's view says private things only about that seat (its hand, its passed hand,
    its discard), the all-seeing view about every seat; about other seats only what the
    tricks proved; no text names a card the view cannot see, nor starts with the seat's
    name (the shell writes it), and no text is a general remark repeated for every seat."""
    names = NAMES[:n]
    record = game(n, 1)
    for perspective in (None, *range(n)):
        for state in record.states:
            obs = GAME.observe(state, perspective)
            told = knowledge(obs, names)
            seen = visible_cards(obs)
            for seat, text in told.items():
                assert text and text.endswith(".") and not text.startswith(names[seat]), text
                assert named_cards(text) <= seen, (perspective, text, named_cards(text) - seen)
                assert not re.search(r"\b(he|she|him|her|his|hers)\b", text, re.I), text
                assert "\u2666" not in text and "\u2665" not in text
                if perspective is not None and seat != perspective:
                    assert text.startswith("showed "), text
            if perspective is not None and state.hands[perspective] and state.phase != "take":
                for card in state.hands[perspective]:  # the seat's own cards, all named
                    assert f"the {CARD_IDS[card].replace('-', ' of ')}" in told[perspective]


def test_knowledge_of_a_written_round():
    """follow.trump, follow.free: Cai trumps the cups led, so he holds no cups; Ana throws a
    sword on the clubs led when trumps were her duty, so she has neither clubs nor trumps.
    Ana's own view also names her hand; the claims go once a hand is empty."""
    record = scenarios.penalty_and_thirds()
    names = record.players
    assert knowledge(GAME.observe(record.states[1], 0), names) == {
        0: "holds the A of cups, the 3 of cups and the 4 of swords."}
    assert knowledge(GAME.observe(record.states[10], 0), names) == {
        0: "holds the 3 of cups; showed no clubs and no trumps.", 2: "showed no cups."}
    assert knowledge(GAME.observe(record.states[10], 1), names) == {
        0: "showed no clubs and no trumps.", 1: "holds the 2 of swords and the 5 of clubs.",
        2: "showed no cups."}
    assert knowledge(GAME.observe(record.states[-1], None), names) == {}


def test_following_low_shows_nothing_higher_in_the_suit():
    """follow.lower: a player who follows under the card holding the trick holds nothing of
    the suit above it, which the view tells (nothing is said under an ace)."""
    record = GameRecord(GAME, ["Ana", "Ben", "Cai"], {"first_dealer": 2})
    record.append(deal_action([["K-cups", "2-clubs", "4-swords"], ["5-cups", "6-cups", "7-coins"],
                               ["A-cups", "4-cups", "J-clubs"]], "5-swords"))
    for action in ["decline", "play", "play", "play", "play:K-cups", "play:6-cups"]:
        record.append(action)
    told = knowledge(GAME.observe(record.state, 2), record.players)
    assert told[1] == "showed no cup higher than the K of cups."
    record.append("play:A-cups")
    assert 2 not in knowledge(GAME.observe(record.state, 0), record.players)


def test_the_dealer_knows_the_discard_and_not_yet_the_hand():
    """deal.take, deal.discard: before taking or leaving the trump the dealer has not looked
    at the hand; afterwards the dealer's view names the discard, the others' views do not."""
    record = scenarios.take_the_trump()
    names = record.players
    assert knowledge(GAME.observe(record.states[1], 2), names) == {
        2: "has not looked at the three cards yet."}
    after = knowledge(GAME.observe(record.states[3], 2), names)
    assert after[2].endswith("; discarded the 4 of clubs face down.")
    assert knowledge(GAME.observe(record.states[3], 0), names) == {
        0: "holds the 3 of coins, the K of cups and the A of clubs."}


def test_a_passed_hand_is_known_to_its_player_face_down():
    """declare.pass: the player who passed still knows the cards lying face down."""
    record = scenarios.everybody_passes()
    told = knowledge(GAME.observe(record.states[3], 0), record.players)
    assert told == {0: "passed with the 2 of cups, the 5 of swords and the 4 of clubs face down."}


# ---- chance in words ------------------------------------------------------------------------
def test_the_cut_and_the_deal_are_told_in_words():
    """setup.cut, setup.cut-tie, deal.deal: the cut counts its chance in words, the re-cut
    says only the tied players draw, the deal is named as a shuffle; the scoring's steps are
    certain."""
    record = GameRecord(GAME, ["Ana", "Ben", "Cai"], {"rounds": 1})
    assert GAME.chance_words(record.state, cut_action(["2-cups", "3-coins", "2-swords"])) == \
        "A cut: each of the 3 players draws a card; 1 chance in 59,280."
    record.append(cut_action(["2-cups", "3-coins", "2-swords"]))
    assert GAME.chance_words(record.state, cut_action(["5-clubs", "4-coins"])) == \
        "A cut: each of the 2 tied players draws a card; 1 chance in 1,560."
    record = scenarios.penalty_and_thirds()
    assert GAME.chance_words(record.states[0], record.steps[0].action) == \
        "A shuffle and deal: every order of the deck is equally likely."
    assert GAME.chance_words(record.states[-2], "shares").startswith("No luck and no choice")


# ---- the end-of-game table ------------------------------------------------------------------
def test_results_of_a_written_game():
    """end.most-chips, end.rounds: the table lists each player's chips and how they were made,
    best first, and one sentence says what decided it."""
    record = scenarios.penalty_and_thirds()
    table = results(GAME.observe(record.state, None), record.players)
    assert table == {
        "columns": ["Player", "Chips", "Started with", "Won from pots", "Paid in penalties"],
        "rows": [["Cai", "24", "20", "4", "0"], ["Ben", "22", "20", "2", "0"],
                 ["Ana", "17", "20", "0", "3"]],
        "order": [2, 1, 0],
        "winners": [2],
        "decided": "After the agreed 1 round, Cai has the most chips: 24."}


def test_results_when_a_player_runs_out_of_chips():
    """end.out-of-chips: the sentence says who ran out, which ended the game."""
    record = GameRecord(GAME, ["Ana", "Ben", "Cai"], {"first_dealer": 2, "rounds": 5,
                                                      "starting_chips": 2})
    record.append(deal_action([["A-cups", "2-swords", "A-clubs"], ["2-cups", "4-swords", "2-clubs"],
                               ["4-cups", "A-swords", "4-clubs"]], "5-coins"))
    for action in ["decline", "play", "play", "play", "play:A-cups", "play:2-cups", "play:4-cups",
                   "play:2-swords", "play:4-swords", "play:A-swords", "play:4-clubs",
                   "play:A-clubs", "play:2-clubs"]:
        record.append(action)
    record.complete_forced()
    table = results(GAME.observe(record.state, None), record.players)
    assert table["decided"] == "Ben ran out of chips, which ended the game; Ana has the most chips: 5."
    assert table["rows"][-1] == ["Ben", "0", "2", "0", "2"]


def test_results_of_a_shared_win_with_the_dealer_paying_the_ante():
    """end.most-chips (ruling), round.ante: players level on the most chips share the win;
    when the dealer pays the ante, the table shows it."""
    record = GameRecord(GAME, ["Ana", "Ben"], {"first_dealer": 0, "rounds": 1, "ante_from": "dealer"})
    record.append(deal_action([["A-cups", "2-swords", "A-clubs"], ["2-cups", "4-swords", "2-clubs"]],
                              "5-coins"))
    for action in ["decline", "pass", "pass"]:
        record.append(action)
    record.complete_forced()
    table = results(GAME.observe(record.state, 1), record.players)
    assert table["columns"][-1] == "Paid in antes"
    assert table["rows"] == [["Ben", "20", "20", "0", "0", "0"], ["Ana", "17", "20", "0", "0", "3"]]
    assert table["winners"] == [1]
    record = GameRecord(GAME, ["Ana", "Ben"], {"first_dealer": 0, "rounds": 1})
    record.append(deal_action([["A-cups", "2-swords", "A-clubs"], ["2-cups", "4-swords", "2-clubs"]],
                              "5-coins"))
    for action in ["decline", "pass", "pass", "shares"]:
        record.append(action)
    table = results(GAME.observe(record.state, None), record.players)
    assert table["winners"] == [0, 1]
    assert table["decided"] == "After the agreed 1 round, Ana and Ben share the most chips: 20 each."


@pytest.mark.parametrize("n", [2, 5])
def test_results_add_up_in_random_games(n):
    """end.most-chips: in any finished game each row's chips are the start plus what was won
    less what was paid, rows run from the most chips down, and the winners are the
    outcome's."""
    for seed in range(4):
        options = {"rounds": 3, "ante_from": "dealer" if seed % 2 else "bank"}
        record = play_game(GAME, random_bots(n, seed), seed=seed, options=options)
        table = results(GAME.observe(record.state, None), record.players)
        assert table["winners"] == list(record.outcome.winners)
        chips = [int(row[1]) for row in table["rows"]]
        assert chips == sorted(chips, reverse=True)
        for row in table["rows"]:
            antes = int(row[5]) if len(row) > 5 else 0
            assert int(row[1]) == int(row[2]) + int(row[3]) - int(row[4]) - antes, row
        assert str(max(chips)) in table["decided"]

