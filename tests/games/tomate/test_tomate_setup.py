"""Tomate, "The cards & the deal": deck and ranking, the cut, the ante and the deal."""
from __future__ import annotations

import itertools

import pytest

from tomato_widgets.core.errors import InvalidInputError
from tomato_widgets.core.game import CHANCE
from tomato_widgets.games.tomate import GAME, deal_action
from tomato_widgets.games.tomate.cards import CARD_IDS, RANKS, SUITS, parse_card

from tomate_helpers import Table, at_first_trick, only, rules

# three hands and a turned card for a three-player table (no card twice)
HANDS3 = [["4-coins", "6-cups", "K-clubs"],
          ["2-swords", "J-cups", "A-coins"],
          ["7-clubs", "Q-swords", "3-cups"]]
TRUMP3 = "5-cups"


# ---- setup.deck -------------------------------------------------------------------------
def test_deck_is_forty_cards_without_eights_nines_tens():
    """setup.deck: four suits of ten cards; 8, 9 and 10 are not in the deck."""
    assert len(CARD_IDS) == 40 == len(set(CARD_IDS))
    assert {card.split("-")[1] for card in CARD_IDS} == {"coins", "cups", "swords", "clubs"}
    for rank, suit in itertools.product(("8", "9", "10"), SUITS):
        with pytest.raises(InvalidInputError):
            parse_card(f"{rank}-{suit}")


def test_rank_order_is_the_rulebooks():
    """setup.deck: from the top, A, 3, K, Q, J, then 7 down to 2 (the 8s, 9s and 10s are out)."""
    assert RANKS[::-1] == ("A", "3", "K", "Q", "J", "7", "6", "5", "4", "2")


def test_a_three_beats_a_king_and_an_ace_beats_a_three():
    """setup.deck / trick.won: in play a 3 beats a K (so it is the card that must beat it),
    an ace beats a 3, and a 7 does not beat a K."""
    table = at_first_trick([["K-cups", "A-swords", "2-swords"],
                            ["3-cups", "7-cups", "3-swords"]], "4-clubs")
    table.play(0, "K-cups")
    # only the 3 of cups beats the king; the 7 does not
    assert table.legal() == {"play:3-cups"}
    events = table.play(1, "3-cups")
    assert only(events, "trick.won").facts["winner"] == 1
    assert only(events, "trick.won").facts["card"] == "3-cups"
    table.play(1, "3-swords")
    assert table.legal() == {"play:A-swords"}   # the ace beats the 3, the 2 does not
    events = table.play(0, "A-swords")
    assert only(events, "trick.won").facts["winner"] == 0
    assert only(events, "trick.won").facts["card"] == "A-swords"


# ---- setup.cut / setup.cut-tie ------------------------------------------------------------
def test_lowest_cut_deals_first():
    """setup.cut: whoever cuts the lowest card deals; then the deal is next."""
    table = Table(3)
    assert table.state.phase == "cut" and table.to_act == (CHANCE,)
    events = table.cut(["5-coins", "2-cups", "K-swords"])
    cut = only(events, "setup.cut")
    assert cut.facts["dealer"] == 1 and cut.players == (1,)
    assert table.state.dealer == 1
    assert table.state.phase == "deal" and table.to_act == (CHANCE,)


def test_cut_uses_tomate_ranks_so_a_three_is_high():
    """setup.cut: ranks are Tomate's, so a 4 cuts lower than a 3 (and lower than an ace)."""
    table = Table(3)
    events = table.cut(["3-coins", "4-cups", "A-swords"])
    assert only(events, "setup.cut").facts["dealer"] == 1


def test_cut_tie_recut_among_the_tied_only():
    """setup.cut-tie (ruling on setup.cut): tied lowest cutters cut again, only they."""
    table = Table(3)
    events = table.cut(["2-coins", "K-cups", "2-swords"])
    tie = only(events, "setup.cut-tie")
    assert "setup.cut" not in rules(events)
    assert list(tie.facts["players"]) == [0, 2]
    assert table.state.phase == "cut" and table.state.dealer == -1
    assert tuple(table.state.cutters) == (0, 2)
    # only the two tied players cut now: a cut of three cards is refused
    error = table.refuse("cut:4-coins,5-coins,6-coins", rule="setup.cut")
    assert "2" in error.reason
    # seat 2 (the second tied cutter) cuts the 4, lower than seat 0's jack
    events = table.cut(["J-coins", "4-cups"])
    cut = only(events, "setup.cut")
    assert cut.facts["dealer"] == 2 and table.state.dealer == 2
    assert [list(c) for c in cut.facts["cuts"]] == [[0, "J-coins"], [2, "4-cups"]]
    assert table.state.phase == "deal"


def test_cut_tie_can_repeat():
    """setup.cut-tie: a re-cut that ties again is cut again by the same players."""
    table = Table(4)
    table.cut(["7-coins", "5-cups", "5-swords", "5-clubs"])
    assert tuple(table.state.cutters) == (1, 2, 3)
    events = table.cut(["Q-coins", "Q-cups", "A-swords"])
    assert list(only(events, "setup.cut-tie").facts["players"]) == [1, 2]
    events = table.cut(["A-cups", "6-coins"])
    assert only(events, "setup.cut").facts["dealer"] == 2


def test_cut_needs_different_cards():
    """setup.cut: every player cuts a different card of the one deck."""
    table = Table(2)
    table.refuse("cut:5-coins,5-coins", rule="setup.cut")


def test_first_dealer_option_skips_the_cut():
    """setup.cut ruling, option first_dealer: the given seat deals and nobody cuts."""
    table = Table(3, first_dealer=2)
    assert table.state.phase == "deal" and table.state.dealer == 2
    table.refuse("cut:5-coins,2-cups,K-swords", rule="turn.chance")
    table.deal(HANDS3, TRUMP3)
    assert table.to_act == (2,)          # the chosen dealer decides about the trump


def test_first_dealer_must_be_a_seat():
    """setup.cut option first_dealer: a seat that does not exist is malformed input."""
    with pytest.raises(InvalidInputError):
        GAME.new_game(3, {"first_dealer": 3})


# ---- round.ante -------------------------------------------------------------------------
def test_bank_pays_three_chips_ante():
    """round.ante: the bank adds 3 chips to the pot; nobody's chips change."""
    table = Table(3, first_dealer=0)
    events = table.deal(HANDS3, TRUMP3)
    ante = only(events, "round.ante")
    assert ante.facts["amount"] == 3 and ante.facts["source"] == "bank"
    assert ante.facts["pot"] == 3
    assert table.state.pot == 3
    assert table.chips == [20, 20, 20]


def test_ante_amount_option():
    """round.ante option ante: the agreed amount goes into the pot."""
    table = Table(3, first_dealer=0, ante=5)
    events = table.deal(HANDS3, TRUMP3)
    assert only(events, "round.ante").facts["amount"] == 5
    assert table.state.pot == 5 and table.chips == [20, 20, 20]


def test_ante_from_dealer_option():
    """round.ante ruling, option ante_from=dealer: the dealer pays the ante, not the bank."""
    table = Table(3, first_dealer=1, ante_from="dealer")
    events = table.deal(HANDS3, TRUMP3)
    assert only(events, "round.ante").facts["source"] == "dealer"
    assert table.state.pot == 3
    assert table.chips == [20, 17, 20]
    assert sum(table.chips) + table.state.pot == 60   # no chip came from the bank


def test_ante_from_dealer_follows_the_deal():
    """round.ante, ante_from=dealer: each round the new dealer pays (deal moves left)."""
    table = Table(3, first_dealer=1, ante_from="dealer")
    table.deal(HANDS3, TRUMP3)
    table.decide(1, "decline")
    table.declare((2, "pass"), (0, "pass"), (1, "pass"))
    table.score()
    table.deal(HANDS3, TRUMP3)          # dealer is now seat 2
    assert table.chips == [20, 17, 17]
    assert table.state.pot == 6


# ---- deal.deal / deal.trump / deal.empty-stock -----------------------------------------------
def test_deal_gives_three_cards_each_and_turns_the_trump():
    """deal.deal, deal.trump: three cards each, the rest is the stock, top card sets trumps."""
    table = Table(3, first_dealer=0)
    events = table.deal(HANDS3, TRUMP3)
    assert {"deal.deal", "deal.trump"} <= set(rules(events))
    assert "deal.empty-stock" not in rules(events)
    trump = only(events, "deal.trump")
    assert trump.facts["card"] == "5-cups" and trump.facts["suit"] == "cups"
    view = table.view(None)
    assert [set(hand) for hand in view["hands"]] == [set(hand) for hand in HANDS3]
    assert view["trump"] == "5-cups"
    assert view["stock"] == 40 - 3 * 3 - 1
    assert table.state.phase == "take" and table.to_act == (0,)


def test_deal_with_a_card_twice_is_refused():
    """deal.deal: a hand-written deal cannot give the same card twice."""
    table = Table(3, first_dealer=0)
    hands = [["A-coins", "6-cups", "K-clubs"], ["2-swords", "A-coins", "J-cups"],
             ["7-clubs", "Q-swords", "3-cups"]]
    error = table.refuse(deal_action(hands, "5-cups"), rule="deal.deal")
    assert "A of coins" in error.reason and "twice" in error.reason


def test_deal_with_the_trump_also_in_a_hand_is_refused():
    """deal.deal: the turned card is a card of the deck too, so it cannot also be in a hand."""
    table = Table(3, first_dealer=0)
    error = table.refuse(deal_action(HANDS3, "K-clubs"), rule="deal.deal")
    assert "K of clubs" in error.reason


@pytest.mark.parametrize("hand", [["2-swords", "J-cups"], ["2-swords", "J-cups", "A-coins", "4-cups"]])
def test_deal_with_a_wrong_number_of_cards_is_refused(hand):
    """deal.deal: every player gets exactly three cards."""
    table = Table(3, first_dealer=0)
    error = table.refuse(deal_action([HANDS3[0], hand, HANDS3[2]], TRUMP3), rule="deal.deal")
    assert "three" in error.reason and "seat 1" in error.reason


def test_deal_with_a_missing_hand_is_malformed():
    """deal.deal: a deal lists one hand per player and the trump; anything else is malformed."""
    table = Table(3, first_dealer=0)
    with pytest.raises(InvalidInputError):
        table.step(deal_action(HANDS3[:2], TRUMP3))
    assert len(table.record) == 0


def thirteen_hands():
    winner = ["A-coins", "A-cups", "A-swords"]
    loser = ["2-coins", "2-cups", "2-swords"]
    trump = "A-clubs"
    rest = [c for c in CARD_IDS if c not in winner + loser + [trump]]
    return [winner, loser] + [rest[i:i + 3] for i in range(0, 33, 3)], trump


def test_thirteen_players_empty_stock_round_plays_normally():
    """deal.empty-stock (ruling): 13 x 3 + the trump use all 40 cards; the round is as usual."""
    hands, trump = thirteen_hands()
    winner, loser = hands[0], hands[1]
    table = Table(13, first_dealer=12, tell=False)   # telling is tested just below
    events = table.deal(hands, trump)
    assert "deal.empty-stock" in rules(events)
    assert table.view(None)["stock"] == 0
    table.decide(12, "decline")
    table.declare((0, "play"), (1, "play"), *[(seat, "pass") for seat in range(2, 13)])
    assert table.state.phase == "trick" and table.to_act == (0,)
    for lead, follow in zip(winner, loser):
        table.play(0, lead)
        events = table.play(1, follow)
        assert only(events, "trick.won").facts["winner"] == 0
    # seat 1 won nothing: pays 3 into the pot of 3, and seat 0 takes all 6
    scored = table.score()
    assert only(scored["penalties"], "score.penalty").players == (1,)
    assert table.chips == [26, 17] + [20] * 11
    assert only(scored["shares"], "round.next-dealer").facts["dealer"] == 0
    assert table.state.phase == "deal"


def test_empty_stock_deal_can_be_told():
    """deal.empty-stock: the deal of a 13-player round can be told as sentences to everyone
    (the event's sentence is "All 40 cards are out: the stock is empty.")."""
    hands, trump = thirteen_hands()
    table = Table(13, first_dealer=12, tell=False)
    table.deal(hands, trump)
    for perspective in (None, 0, 12):
        lines = table.record.explain(1, perspective)
        assert "All 40 cards are out: the stock is empty." in lines
