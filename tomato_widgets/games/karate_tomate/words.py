"""Karate Tomate in words: the phrases the catalogue's sentences, the board's labels and
tooltips, the knowledge lines, the results table and the text view share, so a thing is
said the same way everywhere and never as an internal code (card ids such as ``K3``,
Triumph ids such as ``T210``, ``tomato-7``: those stay in action ids and records).
"""
from __future__ import annotations

from collections import Counter
from typing import Iterable, Sequence

from ...core.rulebook import join_words
from .cards import (TOMATO, card_name, is_card, is_triumph, plural, symbols_words,
                    tomato_name, tomato_value, triumph_name)

ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth",
            "ninth", "tenth")


def named(seat, names: Sequence[str]) -> str:
    """A player's name for a seat number."""
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(names):
        return str(names[seat])
    return f"Player {seat + 1}" if isinstance(seat, int) else str(seat)


def ordinal(number: int) -> str:
    return ORDINALS[number - 1] if 0 < number <= len(ORDINALS) else f"number {number}"


def triumphs_count(count: int) -> str:
    """``no Triumph card``, ``1 Triumph card``, ``2 Triumph cards``."""
    return plural(count, "Triumph card") if count else "no Triumph card"


def count_words(count: int) -> str:
    """``1 card``, ``4 cards``."""
    return plural(count, "card")


def tomato_words(token) -> str:
    """A Tomato as a learner reads it, from its value or its id: ``Tomato 7``."""
    return tomato_name(token if isinstance(token, int) else tomato_value(token))


def card_words(card: str) -> str:
    """Any one card by its id: ``the corn 3``, ``the Tomato`` (a commit),
    ``Tomato 7``, ``the Triumph card with 5 trophies``."""
    if card == TOMATO:
        return "the Tomato"
    if is_card(card):
        return f"the {card_name(card)}"
    if is_triumph(card):
        return triumph_name(card)
    return tomato_words(card)


def cards_words(cards: Iterable[str]) -> str:
    """``the corn 3, 2 carrot 1s and the mushroom 5``: Number cards by name, repeats
    counted, in the order given ("no card" for none)."""
    counts = Counter(cards)
    if not counts:
        return "no card"
    return join_words([f"the {card_name(card)}" if count == 1 else f"{count} {card_name(card)}s"
                       for card, count in counts.items()])


def triumph_short(card: str) -> str:
    """What one Triumph card shows, in a list: ``3 trophies and 1 knife``."""
    return symbols_words(card)


def offer_words(cards: Iterable[str]) -> str:
    """Triumph cards in a row: ``5 trophies; 2 trophies and 1 knife`` ("none")."""
    cards = list(cards)
    return "; ".join(triumph_short(card) for card in cards) if cards else "none"


def turned_words(cards: Sequence[str]) -> str:
    """Triumph cards turned up: ``a Triumph card with 5 trophies``, ``2 Triumph cards (5
    trophies; 2 trophies and 1 knife)``."""
    if len(cards) == 1:
        return f"a Triumph card with {triumph_short(cards[0])}"
    return f"{len(cards)} Triumph cards ({offer_words(cards)})"


def revealed_words(revealed, names) -> str:
    """The cards of a heat as they turn over: ``Ana the corn 3 (total 8); Ben Tomato 7``."""
    parts = []
    for seat, card, total in revealed:
        if is_card(card):
            parts.append(f"{named(seat, names)} the {card_name(card)} (total {total})")
        else:
            parts.append(f"{named(seat, names)} {tomato_words(card)}")
    return "; ".join(parts)


def ranking_words(ranking, names) -> str:
    """``1. Sebastian (9), 2. Betti (5)``."""
    return ", ".join(f"{place}. {named(seat, names)} ({total})"
                     for place, (seat, total) in enumerate(ranking, start=1))


def shown_words(shown, names) -> str:
    """Tomatoes shown: ``Betti Tomato 8, Gabi Tomato 3``."""
    return ", ".join(f"{named(seat, names)} {tomato_words(value)}" for seat, value in shown)


def swap_words(swaps, names) -> str:
    """``Betti and Gabi swap Tomatoes: Betti now has Tomato 3, Gabi Tomato 8``."""
    parts = []
    for high, low, high_now, low_now in swaps:
        parts.append(f"{named(high, names)} and {named(low, names)} swap Tomatoes: "
                     f"{named(high, names)} now has {tomato_words(high_now)}, "
                     f"{named(low, names)} {tomato_words(low_now)}")
    return "; ".join(parts)


def keeps_words(keeps, names) -> str:
    """``; Cai, in the middle, keeps Tomato 5`` ("" when nobody is in the middle)."""
    if not keeps:
        return ""
    seat, value = keeps
    return f"; {named(seat, names)}, in the middle, keeps {tomato_words(value)}"


def score_words(trophies: int, knives: int) -> str:
    """``13 trophies and 2 knives``."""
    return f"{plural(trophies, 'trophy', 'trophies')} and {plural(knives, 'knife', 'knives')}"


def scores_words(scores, names) -> str:
    """``Sebastian 13 trophies and 2 knives, Linda 9 trophies and 3 knives``."""
    return ", ".join(f"{named(seat, names)} {score_words(trophies, knives)}"
                     for seat, trophies, knives, _ in scores)


def won_words(cards: Sequence[str]) -> str:
    """A player's Triumph cards and what they add up to."""
    if not cards:
        return "no Triumph card"
    trophies = sum(int(card[1]) for card in cards)
    knives = sum(int(card[2]) for card in cards)
    return f"{plural(len(cards), 'Triumph card')}: {score_words(trophies, knives)}"
