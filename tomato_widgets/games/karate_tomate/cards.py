"""Karate Tomate's cards: 140 Number cards, 10 Tomatoes, 40 Triumph cards.

Number cards are written as a colour letter and a value, ``"K3"`` for a carrot 3; identical
cards are interchangeable, so a pile is a sorted tuple of these ids with repeats. The five
colours are vegetables (C corn, K carrot, M mushroom, A aubergine, B broccoli).

Tomatoes are the numbers 1 to 10 in the engine; an observation writes one as
``"tomato-7"`` (an id the hidden-information tests can look for).

Triumph cards are written ``"T"`` and three digits: trophies, kitchen knives and tomato
symbols, ``"T210"`` for 2 trophies and 1 knife. Identical cards share their id.

ASSUMED DATA. The rulebook gives neither how many cards of each value a colour has nor what
the 40 Triumph cards show. ``NUMBER_SETS`` and ``TRIUMPH_SETS`` hold our guesses (the set
``"placeholder"`` of each, chosen by the options ``number_set`` and ``triumph_set``): to use
the real figures, add a table in the same form; nothing else changes.
"""
from __future__ import annotations

from typing import NamedTuple

from ...core.errors import InvalidInputError
from ...core.ids import whole_number
from ...core.rulebook import join_words
from ...core.text import plural, quote

#: colour letter -> the vegetable on those cards
COLOURS = {"C": "corn", "K": "carrot", "M": "mushroom", "A": "aubergine", "B": "broccoli"}
COLOUR_LETTERS = tuple(COLOURS)
VALUES = (1, 2, 3, 4, 5)
CARDS_PER_COLOUR = 28
TOMATOES = tuple(range(1, 11))
TOMATO = "tomato"  # what a seat commits when it plays its Tomato

#: every Number card id and its value
VALUE = {f"{letter}{value}": value for letter in COLOUR_LETTERS for value in VALUES}

#: per set: how many cards of the values 1, 2, 3, 4, 5 one colour has (28 in all)
NUMBER_SETS = {"placeholder": (8, 6, 6, 4, 4)}

#: per set: Triumph card id -> how many the pile has (40 in all)
TRIUMPH_SETS = {"placeholder": {
    "T500": 3, "T400": 4, "T310": 4, "T301": 4, "T210": 5, "T202": 3,
    "T211": 3, "T120": 5, "T111": 4, "T030": 3, "T021": 2,
}}
TRIUMPH_CARDS = 40


class Triumph(NamedTuple):
    trophies: int
    knives: int
    tomatoes: int  # tomato symbols: cards the taker draws


def triumph(card_id: str) -> Triumph:
    """The symbols on a Triumph card, read from its id."""
    return Triumph(int(card_id[1]), int(card_id[2]), int(card_id[3]))


def card_colour(card_id: str) -> str:
    return card_id[0]


def card_value(card_id: str) -> int:
    return int(card_id[1])


def number_deck(number_set: str) -> tuple[str, ...]:
    """All 140 Number cards of a set, sorted."""
    counts = NUMBER_SETS[number_set]
    return tuple(sorted(f"{letter}{value}" for letter in COLOUR_LETTERS
                        for value, count in zip(VALUES, counts) for _ in range(count)))


def triumph_pile(triumph_set: str) -> tuple[str, ...]:
    """All 40 Triumph cards of a set, sorted."""
    return tuple(sorted(card for card, count in TRIUMPH_SETS[triumph_set].items()
                        for _ in range(count)))


def _check_tables() -> None:
    for name, counts in NUMBER_SETS.items():
        assert len(counts) == len(VALUES) and sum(counts) == CARDS_PER_COLOUR, name
    for name, cards in TRIUMPH_SETS.items():
        assert sum(cards.values()) == TRIUMPH_CARDS, name
        for card in cards:
            assert len(card) == 4 and card[0] == "T", (name, card)
            assert all(whole_number(digit) is not None for digit in card[1:]), (name, card)


_check_tables()


# ---- names ----------------------------------------------------------------------------
def card_name(card_id: str) -> str:
    """``corn 3``: a Number card in words."""
    return f"{COLOURS[card_id[0]]} {card_id[1]}"


def colour_name(letter: str) -> str:
    return COLOURS[letter]


def tomato_name(value: int) -> str:
    """``Tomato 7``."""
    return f"Tomato {value}"


def tomato_id(value: int) -> str:
    """How an observation writes a Tomato: ``tomato-7``."""
    return f"tomato-{value}"


def tomato_value(token: str) -> int:
    return int(token.rpartition("-")[2])


def symbols_words(card_id: str) -> str:
    """What a Triumph card shows: ``3 trophies, 1 knife and 1 tomato symbol``; ``nothing`` for a
    blank card."""
    trophies, knives, tomatoes = triumph(card_id)
    parts = []
    if trophies:
        parts.append(plural(trophies, "trophy", "trophies"))
    if knives:
        parts.append(plural(knives, "knife", "knives"))
    if tomatoes:
        parts.append(plural(tomatoes, "tomato symbol"))
    return join_words(parts) if parts else "nothing"


def triumph_name(card_id: str) -> str:
    """``the Triumph card with 3 trophies and 1 knife``."""
    return f"the Triumph card with {symbols_words(card_id)}"


# ---- reading ids ----------------------------------------------------------------------
def is_card(text: str) -> bool:
    return (isinstance(text, str) and len(text) == 2 and text[0] in COLOURS
            and text[1] in "12345")


def is_triumph(text: str) -> bool:
    """Whether ``text`` is written as a Triumph card: T and three digits, each a count."""
    return (isinstance(text, str) and len(text) == 4 and text[0] == "T"
            and all(whole_number(digit) is not None for digit in text[1:]))


def is_tomato(text: str) -> bool:
    """Whether ``text`` is a Tomato's id, ``tomato-7``."""
    return (isinstance(text, str) and text.startswith("tomato-")
            and whole_number(text[7:]) is not None)


def parse_card(text: str, where: str | None = None) -> str:
    """A Number card id, checked; anything else is malformed input."""
    if not is_card(text):
        raise InvalidInputError(
            f"{quote(text)} is not a Number card: write a colour letter (C corn, K carrot, "
            "M mushroom, A aubergine, B broccoli) and a value 1 to 5, e.g. K3", where=where)
    return text


def parse_triumph(text: str, where: str | None = None) -> str:
    if not is_triumph(text):
        raise InvalidInputError(
            f"{quote(text)} is not a Triumph card: write T and three digits (trophies, knives, "
            "tomatoes), e.g. T210", where=where)
    return text


def words_for(token: str) -> list[str]:
    """The ways an id from an observation can be written in a text that names that very
    thing (the hidden-information tests look for them): a Number card as its id, "the
    corn 3" or "Ana's corn 3"; a Tomato as its id or "Tomato 7"; a Triumph card as its id
    or "the Triumph card with ...". A bare kind ("no corn 3 left") names no card: cards of
    a kind are not unique."""
    if is_card(token):
        name = card_name(token)
        return [token, f"the {name}", f"'s {name}"]
    if is_tomato(token):
        return [token, tomato_name(tomato_value(token))]
    if is_triumph(token):
        return [token, triumph_name(token)]
    return [token]
