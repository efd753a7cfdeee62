"""The 40-card Spanish deck as small integers: card = suit * 10 + strength.

Strength runs from 0 (the 2, the lowest card) to 9 (the ace, the highest); the 3 ranks
just below the ace, above the K. Within a suit a bigger number always beats a smaller one.
Card ids such as ``K-cups`` are what records store and what players read.
"""
from __future__ import annotations

from ...core.errors import InvalidInputError
from ...core.text import quote

#: ranks from the highest down: ace, three, king, queen (caballo), jack (sota), then 7 to 2
HIGH_TO_LOW = ("A", "3", "K", "Q", "J", "7", "6", "5", "4", "2")
#: ranks from the lowest up (index = strength)
RANKS = tuple(reversed(HIGH_TO_LOW))
SUITS = ("coins", "cups", "swords", "clubs")
SPANISH_SUITS = ("oros", "copas", "espadas", "bastos")
SPANISH_RANKS = {"J": "sota", "Q": "caballo", "K": "rey", "A": "as"}
#: the French-pack suit that stands in for each Spanish suit (8, 9 and 10 removed)
FRENCH_SUITS = ("diamonds", "hearts", "spades", "clubs")
FRENCH_RANKS = {"J": "J", "Q": "Q", "K": "K"}
SUIT_SYMBOLS = ("o", "c", "e", "b")  # printed with the suit so colour is never the only cue

DECK = tuple(range(40))
CARD_IDS = tuple(f"{RANKS[c % 10]}-{SUITS[c // 10]}" for c in DECK)
CARD_BY_ID = {card_id: card for card, card_id in enumerate(CARD_IDS)}


def suit(card: int) -> int:
    return card // 10


def strength(card: int) -> int:
    return card % 10


def card_id(card: int) -> str:
    return CARD_IDS[card]


def parse_card(text: str, where: str | None = None) -> int:
    """``"K-cups"`` -> 27; anything else is malformed input."""
    card = CARD_BY_ID.get(text)
    if card is None:
        raise InvalidInputError(
            f"{quote(text)} is not a card: write rank-suit, with rank one of {' '.join(RANKS)} "
            f"and suit one of {', '.join(SUITS)} (e.g. K-cups)", where=where)
    return card


def card_name(card_or_id: int | str) -> str:
    """``K of cups``: the name used in sentences."""
    card = card_or_id if isinstance(card_or_id, int) else CARD_BY_ID[card_or_id]
    return f"{RANKS[strength(card)]} of {SUITS[suit(card)]}"


def spanish_name(card_or_id: int | str) -> str:
    """``rey de copas``: the name on a Spanish deck."""
    card = card_or_id if isinstance(card_or_id, int) else CARD_BY_ID[card_or_id]
    rank = RANKS[strength(card)]
    return f"{SPANISH_RANKS.get(rank, rank)} de {SPANISH_SUITS[suit(card)]}"


def french_name(card_or_id: int | str) -> str:
    """``K of hearts``: the same card in a French pack with the 8s, 9s and 10s removed."""
    card = card_or_id if isinstance(card_or_id, int) else CARD_BY_ID[card_or_id]
    return f"{RANKS[strength(card)]} of {FRENCH_SUITS[suit(card)]}"


def words_for(token: str) -> list[str]:
    """The ways a card id from an observation ("K-cups") can be written in a text shown to a
    learner: the id and its English, Spanish and French names (the hidden-information tests
    look for them)."""
    if token not in CARD_BY_ID:
        return [token]
    return [token, card_name(token), spanish_name(token), french_name(token)]
