"""Tanemaki's cards as small integers, and the exchange rates as data.

Seed cards of the same variety and the same number of seed symbols are interchangeable, so
a card number names a card *type* (16 of them) and piles are counts or tuples with repeats:
seed card = variety * 3 + (seeds - 1), manure = 15. Varieties, rarest first: 0 Radish,
1 Potato, 2 Cucumber, 3 Bean, 4 Calabash. Text ids are a variety letter and the seed count
(``R1`` ... ``R3``, ``P1``, ``C1``, ``B1``, ``G1`` ... ``G3``; G for gourd, the calabash)
and ``M`` for manure; they appear in action ids and records, never in what a learner reads.
"""
from __future__ import annotations

from ...core.errors import InvalidInputError
from ...core.text import quote

VARIETIES = ("Radish", "Potato", "Cucumber", "Bean", "Calabash")
PLURALS = ("Radishes", "Potatoes", "Cucumbers", "Beans", "Calabashes")
LETTERS = "RPCBG"
#: how many cards of each variety carry 1, 2 and 3 seed symbols (the rulebook's table)
SYMBOL_SPLIT = ((2, 2, 1), (3, 3, 1), (4, 3, 2), (5, 4, 2), (5, 5, 3))
MANURE = 15
MANURE_CARDS = 15  # in the box; the option ``manure`` plays with fewer
TYPES = tuple(range(16))
SEED_TYPES = tuple(range(15))
CARD_IDS = tuple([f"{LETTERS[t // 3]}{t % 3 + 1}" for t in SEED_TYPES] + ["M"])
CARD_BY_ID = {card_id: card for card, card_id in enumerate(CARD_IDS)}
#: per type: its variety (None for manure) and the seeds it counts for (manure: one)
VARIETY = tuple([t // 3 for t in SEED_TYPES] + [None])
SEEDS = tuple([t % 3 + 1 for t in SEED_TYPES] + [1])
#: how many seed cards of each type the box holds (manure is an option)
SEED_COUNTS = tuple(SYMBOL_SPLIT[t // 3][t % 3] for t in SEED_TYPES)
SEED_CARDS = sum(SEED_COUNTS)  # 45
#: the word for a variety in sentences and the picture on its cards (``sprites.svg``)
ICONS = ("radish", "potato", "cucumber", "bean", "calabash", "manure")
#: the card colour of each variety's face (never the only cue: a picture and a word go with it)
FACE_COLOURS = ("red", "gold", "green", "mixed", "blue")

#: exchange rates: per variety (seeds needed, coins they earn). Only the Bean's is printed
#: (three seeds make one coin); the others are assumed, kept here as data to replace.
RATE_TABLES = {
    "assumed": ((1, 1), (2, 1), (2, 1), (3, 1), (4, 1)),
    "flat": ((3, 1), (3, 1), (3, 1), (3, 1), (3, 1)),
}
RATE_HELP = {
    "assumed": "assumed: the rarer the variety, the fewer seeds a coin; only the Bean's rate "
               "is printed",
    "flat": "every variety at the Bean's printed rate, 3 seeds a coin",
}


def deck_counts(manure: int) -> tuple:
    """How many cards of each type a game with ``manure`` manure cards starts with."""
    return SEED_COUNTS + (manure,)


def card_name(card: int | str) -> str:
    """``Bean (2 seeds)``, ``Radish (1 seed)``, ``manure card``: a card in sentences."""
    card = card if isinstance(card, int) else CARD_BY_ID[card]
    if card == MANURE:
        return "manure card"
    seeds = SEEDS[card]
    return f"{VARIETIES[VARIETY[card]]} ({seeds} seed{'s' if seeds > 1 else ''})"


def cards_text(cards) -> str:
    """Several cards in words, the same ones counted: "2 Bean (1 seed), a manure card"."""
    from ...core.rulebook import join_words
    counted: dict = {}
    for card in cards:
        card = card if isinstance(card, int) else CARD_BY_ID[card]
        counted[card] = counted.get(card, 0) + 1
    parts = []
    for card in sorted(counted, key=lambda c: (c == MANURE, c)):
        count = counted[card]
        if card == MANURE:
            parts.append("a manure card" if count == 1 else f"{count} manure cards")
        elif count == 1:
            parts.append(f"a {card_name(card)}")
        else:
            seeds = SEEDS[card]
            parts.append(f"{count} {PLURALS[VARIETY[card]]} ({seeds} seed{'s' if seeds > 1 else ''} "
                         "each)")
    return join_words(parts)


def parse_card(text: str, where: str | None = None) -> int:
    """``"B2"`` -> 10; anything else is malformed input."""
    card = CARD_BY_ID.get(text)
    if card is None:
        raise InvalidInputError(
            f"{quote(text)} is not a card: write a variety letter (R radish, P potato, C "
            f"cucumber, B bean, G calabash) and its seeds (1 to 3), e.g. B2, or M for manure",
            where=where)
    return card


def field_variety(field) -> int | None:
    """The variety a field grows: its first seed card's (None when empty or manure only)."""
    for card in field:
        if card != MANURE:
            return VARIETY[card]
    return None


def field_seeds(field) -> int:
    """Seeds in a field: every seed symbol, and one per manure card."""
    return sum([SEEDS[card] for card in field])


def harvest_value(field, rates) -> int:
    """Coins a harvest of ``field`` earns now: its seeds at its variety's rate, never more
    coins than cards; a field of manure only earns nothing."""
    variety = field_variety(field)
    if variety is None:
        return 0
    need, gain = rates[variety]
    return min(field_seeds(field) // need * gain, len(field))


def fits(card: int, field) -> bool:
    """Whether ``card`` may be planted on ``field``: manure anywhere, a seed card on an empty
    field, a manure-only one, or one of its own variety."""
    if card == MANURE:
        return True
    variety = field_variety(field)
    return variety is None or variety == VARIETY[card]


def words_for(token: str) -> list[str]:
    """The ways a card id from an observation ("B2") can be written in a text that names
    that very card: the id and its name ("Bean (2 seeds)", "manure card"). The hidden-
    information tests look for them. A variety's name alone names no card."""
    if token not in CARD_BY_ID:
        return [token]
    return [token, card_name(token)]
