"""Tomatomat's 48 playing cards as small integers: card = colour * 4 + kind.

Identical cards are interchangeable, so a card number names a card *type* (16 of them) and
piles are tuples of numbers with repeats. Colours: 0 red, 1 green, 2 blue, 3 yellow.
Kinds: 0 a coin worth 1, 1 a coin worth 2, 2 a thief, 3 a police officer. Text ids are a
colour letter and a kind letter: ``R1``, ``R2``, ``RT``, ``RP``, ``G1`` ...
"""
from __future__ import annotations

from ...core.errors import InvalidInputError
from ...core.text import quote

COLOURS = ("red", "green", "blue", "yellow")
COLOUR_LETTERS = "RGBY"
KIND_LETTERS = "12TP"
KIND_NAMES = ("1-coin", "2-coin", "thief", "police officer")
KIND_PLURALS = ("1-coins", "2-coins", "thieves", "police officers")
#: copies of each kind in one colour: seven 1-coins, two 2-coins, two thieves, one officer
PER_COLOUR = (7, 2, 2, 1)
#: what a coin of each kind is worth (thieves and officers score nothing)
VALUE_OF_KIND = (1, 2, 0, 0)
COIN, COIN2, THIEF, POLICE = range(4)

TYPES = tuple(range(16))
CARD_IDS = tuple(COLOUR_LETTERS[t >> 2] + KIND_LETTERS[t & 3] for t in TYPES)
CARD_BY_ID = {card_id: card for card, card_id in enumerate(CARD_IDS)}
#: how many cards of each type the game has
COUNTS = tuple(PER_COLOUR[t & 3] for t in TYPES)
VALUE = tuple(VALUE_OF_KIND[t & 3] for t in TYPES)
#: all 48 cards, sorted
FULL_DECK = tuple(t for t in TYPES for _ in range(COUNTS[t]))
DECK_SIZE = len(FULL_DECK)
PILE = 12  # cards each player (and each spare deck) holds per round


def colour(card: int) -> int:
    return card >> 2


def kind(card: int) -> int:
    return card & 3


def card_name(card_or_id: int | str) -> str:
    """``blue thief``, ``red 2-coin``: the name used in sentences."""
    card = card_or_id if isinstance(card_or_id, int) else CARD_BY_ID[card_or_id]
    return f"{COLOURS[card >> 2]} {KIND_NAMES[card & 3]}"


def cards_name(card_or_id: int | str, count: int) -> str:
    """``blue thief`` or ``2 blue thieves``."""
    card = card_or_id if isinstance(card_or_id, int) else CARD_BY_ID[card_or_id]
    if count == 1:
        return card_name(card)
    return f"{count} {COLOURS[card >> 2]} {KIND_PLURALS[card & 3]}"


def parse_card(text: str, where: str | None = None) -> int:
    """``"BT"`` -> 10; anything else is malformed input."""
    card = CARD_BY_ID.get(text)
    if card is None:
        raise InvalidInputError(
            f"{quote(text)} is not a card: write a colour letter ({'/'.join(COLOUR_LETTERS)}) and a "
            f"kind (1 or 2 for a coin, T for a thief, P for a police officer), e.g. B2", where=where)
    return card


def type_counts(cards) -> list[int]:
    """How many cards of each of the 16 types ``cards`` holds."""
    counts = [0] * 16
    for card in cards:
        counts[card] += 1
    return counts


def words_for(token: str) -> list[str]:
    """The ways a card id from an observation ("RT") can be written in a text that names
    that very card: the id, "the red thief", "Ana's red thief" (the hidden-information tests
    look for them). The bare kind ("no red thief to catch") names no card: cards are not
    unique."""
    if token not in CARD_BY_ID:
        return [token]
    name = card_name(token)
    return [token, f"the {name}", f"'s {name}"]
