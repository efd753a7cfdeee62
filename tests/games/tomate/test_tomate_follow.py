"""Tomate, "The play": what a follower must play, who wins a trick, and refused plays.

Every deal here has swords as trumps (the turned card is the K of swords), and the last
seat deals, so seat 0 leads the first trick and the others follow in seat order.
"""
from __future__ import annotations

from tomate_helpers import at_first_trick, only

TRUMP = "K-swords"


def legal_cards(table) -> set[str]:
    return {action.removeprefix("play:") for action in table.legal()}


# ---- follow.beat ----------------------------------------------------------------------------
def test_must_beat_in_the_suit_led_when_able():
    """follow.beat: holding a card of the suit led that beats the trick, you must play it."""
    table = at_first_trick([["6-cups", "A-coins", "2-clubs"],
                            ["4-cups", "K-cups", "2-coins"]], TRUMP)
    table.play(0, "6-cups")
    assert legal_cards(table) == {"K-cups"}
    error = table.refuse("play:4-cups", rule="follow.beat")
    assert error.reason.startswith("you must beat the 6 of cups when you can: your K of cups does")
    assert "4 of cups" in error.reason
    table.refuse("play:2-coins", rule="follow.beat")
    events = table.play(1, "K-cups")
    assert only(events, "follow.beat").players == (1,)
    won = only(events, "trick.won")
    assert won.facts["winner"] == 1 and won.facts["card"] == "K-cups" and won.facts["number"] == 1
    assert table.to_act == (1,)          # the winner leads the next trick


def test_must_beat_the_best_card_so_far_not_just_the_lead():
    """follow.beat: the card to beat is the highest played so far: a Q beats the led 5 but
    not the K played after it, so the 3 is required."""
    table = at_first_trick([["5-cups", "A-coins", "2-clubs"],
                            ["K-cups", "2-coins", "4-clubs"],
                            ["Q-cups", "3-cups", "4-coins"]], TRUMP)
    table.play(0, "5-cups")
    table.play(1, "K-cups")
    assert legal_cards(table) == {"3-cups"}
    error = table.refuse("play:Q-cups", rule="follow.beat")
    assert "K of cups" in error.reason
    events = table.play(2, "3-cups")
    assert only(events, "trick.won").facts["winner"] == 2


def test_must_beat_when_trumps_are_led():
    """follow.beat: the duty to beat applies to a trump lead like any other suit."""
    table = at_first_trick([["7-swords", "A-coins", "2-clubs"],
                            ["2-swords", "Q-swords", "A-cups"]], TRUMP)
    table.play(0, "7-swords")
    assert legal_cards(table) == {"Q-swords"}
    table.refuse("play:2-swords", rule="follow.beat")
    table.refuse("play:A-cups", rule="follow.beat")


# ---- follow.lower ---------------------------------------------------------------------------
def test_follow_suit_with_a_lower_card_when_unable_to_beat():
    """follow.lower: holding the suit led but nothing that beats the trick, play any card of it."""
    table = at_first_trick([["5-cups", "A-coins", "2-clubs"],
                            ["K-cups", "2-coins", "4-clubs"],
                            ["Q-cups", "2-cups", "A-swords"]], TRUMP)
    table.play(0, "5-cups")
    table.play(1, "K-cups")
    assert legal_cards(table) == {"Q-cups", "2-cups"}     # not the trump: follow suit first
    error = table.refuse("play:A-swords", rule="follow.lower")
    assert "cups" in error.reason
    events = table.play(2, "2-cups")
    assert only(events, "follow.lower").players == (2,)
    assert only(events, "trick.won").facts["winner"] == 1


# ---- follow.trump ---------------------------------------------------------------------------
def test_void_in_suit_led_must_trump_with_any_trump():
    """follow.trump: with none of the suit led, you must trump (any trump, even the lowest);
    the lowest trump beats the led suit."""
    table = at_first_trick([["6-cups", "A-coins", "2-clubs"],
                            ["2-swords", "A-swords", "7-coins"]], TRUMP)
    table.play(0, "6-cups")
    assert legal_cards(table) == {"2-swords", "A-swords"}
    error = table.refuse("play:7-coins", rule="follow.trump")
    assert "swords" in error.reason
    events = table.play(1, "2-swords")
    assert only(events, "follow.trump").players == (1,)
    won = only(events, "trick.won")
    assert won.facts["winner"] == 1 and won.facts["card"] == "2-swords"


# ---- follow.free ----------------------------------------------------------------------------
def test_void_in_suit_led_and_no_trump_plays_anything_and_cannot_win():
    """follow.free: with neither the suit led nor a trump, any card; even an ace cannot win."""
    table = at_first_trick([["6-cups", "A-coins", "2-clubs"],
                            ["7-coins", "A-clubs", "2-coins"]], TRUMP)
    table.play(0, "6-cups")
    assert legal_cards(table) == {"7-coins", "A-clubs", "2-coins"}
    events = table.play(1, "A-clubs")
    assert only(events, "follow.free").players == (1,)
    won = only(events, "trick.won")
    assert won.facts["winner"] == 0 and won.facts["card"] == "6-cups"
    assert table.to_act == (0,)


def test_trump_led_and_no_trump_any_card_is_allowed():
    """follow.free: a player with no trump on a trump lead may play any card."""
    table = at_first_trick([["4-swords", "A-coins", "2-clubs"],
                            ["A-cups", "2-coins", "7-clubs"]], TRUMP)
    table.play(0, "4-swords")
    assert legal_cards(table) == {"A-cups", "2-coins", "7-clubs"}
    events = table.play(1, "A-cups")
    assert only(events, "trick.won").facts["winner"] == 0


def test_trump_led_and_no_trump_is_told_as_follow_free():
    """follow.free: on a trump lead, a player holding no trump has 'neither the suit led nor a
    trump' -- nobody has trumped a trick of another suit, so it is not follow.free-when-trumped."""
    table = at_first_trick([["4-swords", "A-coins", "2-clubs"],
                            ["A-cups", "2-coins", "7-clubs"]], TRUMP)
    table.play(0, "4-swords")
    events = table.play(1, "A-cups")
    assert [e.rule for e in events][0] == "follow.free"


# ---- follow.overtrump -------------------------------------------------------------------------
def test_trumped_trick_must_be_overtrumped_when_able():
    """follow.overtrump: void in the suit led after a trump, you must play a higher trump."""
    table = at_first_trick([["6-cups", "A-coins", "2-clubs"],
                            ["5-swords", "2-coins", "4-clubs"],
                            ["4-swords", "7-swords", "3-coins"]], TRUMP)
    table.play(0, "6-cups")
    table.play(1, "5-swords")
    assert legal_cards(table) == {"7-swords"}
    error = table.refuse("play:4-swords", rule="follow.overtrump")
    assert "5 of swords" in error.reason
    table.refuse("play:3-coins", rule="follow.overtrump")
    events = table.play(2, "7-swords")
    assert only(events, "follow.overtrump").players == (2,)
    won = only(events, "trick.won")
    assert won.facts["winner"] == 2 and won.facts["card"] == "7-swords"


# ---- follow.free-when-trumped ------------------------------------------------------------------
def test_no_duty_to_undertrump():
    """follow.free-when-trumped ruling: unable to follow or overtrump, any card may be played;
    a lower trump is allowed but not required."""
    table = at_first_trick([["6-cups", "A-coins", "2-clubs"],
                            ["5-swords", "2-coins", "4-clubs"],
                            ["2-swords", "3-coins", "3-clubs"]], TRUMP)
    table.play(0, "6-cups")
    table.play(1, "5-swords")
    assert legal_cards(table) == {"2-swords", "3-coins", "3-clubs"}
    events = table.play(2, "3-coins")
    assert only(events, "follow.free-when-trumped").players == (2,)
    assert only(events, "trick.won").facts["winner"] == 1


def test_a_lower_trump_on_a_trumped_trick_does_not_win_it():
    """follow.free-when-trumped, trick.won: a player who cannot overtrump may still throw a
    lower trump; that is not an overtrump, and the higher trump keeps the trick."""
    table = at_first_trick([["6-cups", "A-coins", "2-clubs"],
                            ["5-swords", "2-coins", "4-clubs"],
                            ["2-swords", "3-coins", "3-clubs"]], TRUMP)
    table.play(0, "6-cups")
    table.play(1, "5-swords")
    events = table.play(2, "2-swords")
    assert "follow.overtrump" not in [e.rule for e in events]
    assert only(events, "follow.free-when-trumped").players == (2,)
    won = only(events, "trick.won")
    assert won.facts["winner"] == 1 and won.facts["card"] == "5-swords"
    assert table.to_act == (1,)


# ---- follow.suit-when-trumped -------------------------------------------------------------------
def test_holding_suit_led_after_a_trump_follow_suit_with_any_card_of_it():
    """follow.suit-when-trumped ruling: after a trump, a player with the suit led plays any card
    of that suit: neither forced to overtrump nor to beat the led card."""
    table = at_first_trick([["6-cups", "A-coins", "2-clubs"],
                            ["5-swords", "2-coins", "4-clubs"],
                            ["2-cups", "7-cups", "Q-swords"]], TRUMP)
    table.play(0, "6-cups")
    table.play(1, "5-swords")
    assert legal_cards(table) == {"2-cups", "7-cups"}
    error = table.refuse("play:Q-swords", rule="follow.suit-when-trumped")
    assert "cups" in error.reason
    events = table.play(2, "2-cups")
    assert only(events, "follow.suit-when-trumped").players == (2,)
    assert only(events, "trick.won").facts["winner"] == 1


# ---- trick.won --------------------------------------------------------------------------------
def test_trick_goes_to_highest_of_suit_led_else_trump_winner_leads():
    """trick.won: without trumps the highest card of the suit led wins (an off-suit ace does
    not); a trump beats even the ace of the suit led; the winner leads the next trick."""
    table = at_first_trick([["J-cups", "2-swords", "4-clubs"],
                            ["Q-cups", "7-cups", "5-coins"],
                            ["A-clubs", "A-coins", "5-clubs"]], TRUMP)
    table.play(0, "J-cups")
    table.play(1, "Q-cups")
    events = table.play(2, "A-clubs")
    won = only(events, "trick.won")
    assert won.facts["winner"] == 1 and won.facts["card"] == "Q-cups"
    assert table.to_act == (1,)
    table.play(1, "5-coins")
    table.play(2, "A-coins")
    events = table.play(0, "2-swords")
    won = only(events, "trick.won")
    assert won.facts["winner"] == 0 and won.facts["card"] == "2-swords" and won.facts["number"] == 2
    assert table.to_act == (0,)


# ---- play.own-card / turn order / refused plays change nothing ----------------------------------
def test_playing_a_card_not_in_hand_is_refused():
    """play.own-card: you can only play a card you hold, even when leading."""
    table = at_first_trick([["6-cups", "A-coins", "2-clubs"],
                            ["4-cups", "K-cups", "2-coins"]], TRUMP)
    error = table.refuse("play:K-cups", rule="play.own-card")      # seat 1 holds it
    assert "K of cups" in error.reason
    table.refuse("play:A-cups", rule="play.own-card")              # nobody holds it


def test_playing_out_of_turn_is_refused():
    """turn.order: only the player to act plays to the trick."""
    table = at_first_trick([["6-cups", "A-coins", "2-clubs"],
                            ["4-cups", "K-cups", "2-coins"]], TRUMP)
    table.refuse("play:K-cups", player=1, rule="turn.order")


def test_refused_play_leaves_the_game_as_it_was():
    """Illegal actions change nothing: after a refusal the same play is still to be made and
    a legal play then goes through."""
    table = at_first_trick([["6-cups", "A-coins", "2-clubs"],
                            ["4-cups", "K-cups", "2-coins"]], TRUMP)
    table.play(0, "6-cups")
    before = table.view(None)
    table.refuse("play:4-cups", rule="follow.beat")
    table.refuse("play:A-coins", rule="play.own-card")
    assert table.view(None) == before
    assert before["trick"] == [[0, "6-cups"]] and len(before["hands"][1]) == 3
    events = table.play(1, "K-cups")
    assert only(events, "trick.won").facts["winner"] == 1


# ---- the fast legal-card search agrees with the written-out rules ----------------------------
def test_the_legal_card_search_agrees_with_the_trick_rules():
    """follow.beat, follow.lower, follow.suit-when-trumped, follow.trump, follow.overtrump,
    follow.free, follow.free-when-trumped: listing legal cards uses a search over the sorted hand; for every kind of
    hand and trick it allows exactly the cards the written-out rules allow."""
    import random

    from tomato_widgets.games.tomate.cards import DECK
    from tomato_widgets.games.tomate.tricks import allowed, playable

    rng = random.Random(7)
    rules_seen = set()
    for _ in range(20000):
        cards = rng.sample(DECK, rng.randint(2, 5))
        hand = tuple(sorted(cards[1:]))
        top = cards[0]
        led = rng.choice([top // 10, rng.randrange(4)])   # the trick held in the led suit, or trumped
        trump_suit = rng.choice([top // 10, led, rng.randrange(4)])
        expected, rule = allowed(hand, led, top, trump_suit)
        rules_seen.add(rule)
        assert list(playable(hand, led, top, trump_suit)) == list(expected), (hand, led, top, trump_suit)
    assert len(rules_seen) == 7  # every follow.* rule decided some of the cases
