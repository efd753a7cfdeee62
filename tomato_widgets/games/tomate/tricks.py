"""The law of the trick: who holds a trick, which cards a player may add, and why.

Pure functions over card numbers (see ``cards.py``); the engine and its "why not?"
messages share them.
"""
from __future__ import annotations

from bisect import bisect_left, bisect_right

from .cards import card_name, suit


def winning_play(trick: tuple, trump_suit: int) -> tuple[int, int]:
    """(seat, card) that holds the trick now: highest trump, else highest of the led suit."""
    best_seat, best = trick[0]
    for seat, card in trick[1:]:
        if suit(card) == suit(best):
            if card > best:
                best_seat, best = seat, card
        elif suit(card) == trump_suit:
            best_seat, best = seat, card
    return best_seat, best


def allowed_cards(hand: tuple, trick: tuple, trump_suit: int) -> tuple[tuple, str]:
    """The cards the rules allow from ``hand`` on ``trick``, and the rule that decides it."""
    if not trick:
        return hand, "trick.lead"
    led = suit(trick[0][1])
    best = winning_play(trick, trump_suit)[1]
    return allowed(hand, led, best, trump_suit)


def allowed(hand, led, best, trump_suit):
    """(cards allowed, rule) given the suit led, the card holding the trick and trumps."""
    followers = []
    trumps = []
    for c in hand:  # plain loops: comprehensions cost a frame each on Python 3.11
        if c // 10 == led:
            followers.append(c)
        elif c // 10 == trump_suit:
            trumps.append(c)
    if followers:
        if best // 10 != led:
            return followers, "follow.suit-when-trumped"
        higher = []
        for c in followers:
            if c > best:
                higher.append(c)
        return (higher, "follow.beat") if higher else (followers, "follow.lower")
    if led == trump_suit:  # trumps led and you have none
        return hand, "follow.free"
    if best // 10 == trump_suit:
        over = []
        for c in trumps:
            if c > best:
                over.append(c)
        return (over, "follow.overtrump") if over else (hand, "follow.free-when-trumped")
    return (trumps, "follow.trump") if trumps else (hand, "follow.free")


def playable(hand, led, top, trump_suit):
    """The cards ``allowed`` permits, as a slice of the sorted ``hand`` (the hot path of
    listing legal cards). A suit's cards lie side by side in a sorted hand, in rank order,
    so each obligation is a search, not a loop: the same rules as ``allowed``."""
    low = led * 10
    first = bisect_left(hand, low)
    end = bisect_left(hand, low + 10, first)
    if first < end:  # holding the led suit
        if low <= top < low + 10:  # and the trick is held in it: beat it when you can
            above = bisect_right(hand, top, first, end)
            if above < end:
                return hand[above:end]
        return hand[first:end]
    if led == trump_suit:
        return hand
    low = trump_suit * 10
    first = bisect_left(hand, low)
    end = bisect_left(hand, low + 10, first)
    if first == end:
        return hand
    if low <= top < low + 10:  # already trumped: overtrump when you can, else anything
        above = bisect_right(hand, top, first, end)
        return hand[above:end] if above < end else hand
    return hand[first:end]


def rule_obeyed(card, player, led, best, trump_suit):
    """The rule a legal card was played under, and who holds the trick after it."""
    top = best[1]
    top_suit = top // 10
    card_suit = card // 10
    if card_suit == led:
        if top_suit != led:
            return "follow.suit-when-trumped", best
        return ("follow.beat", (player, card)) if card > top else ("follow.lower", best)
    if led == trump_suit:
        return "follow.free", best
    if top_suit == trump_suit:
        if card_suit == trump_suit and card > top:
            return "follow.overtrump", (player, card)
        return "follow.free-when-trumped", best
    if card_suit == trump_suit:
        return "follow.trump", (player, card)
    return "follow.free", best


def obligation_message(rule, card, allowed, state):
    trump_suit = suit(state.trump)
    best = winning_play(state.trick, trump_suit)[1]
    led = card_name(state.trick[0][1]).split(" of ")[1]
    trumps = card_name(state.trump).split(" of ")[1]
    options = " or the ".join(card_name(c) for c in allowed)
    mine = card_name(card)
    if rule == "follow.beat":
        return (f"you must beat the {card_name(best)} when you can: your {options} "
                f"{'does' if len(allowed) == 1 else 'do'}, the {mine} does not")
    if rule in ("follow.lower", "follow.suit-when-trumped"):
        return f"you must follow suit ({led}) while you hold one: play the {options}"
    if rule == "follow.trump":
        return (f"you have no {led}, so you must play a trump ({trumps}) if you hold one: "
                f"play the {options}")
    return (f"the trick is trumped with the {card_name(best)}; you must play a higher trump "
            f"when you can: your {options}")
