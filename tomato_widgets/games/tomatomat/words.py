"""Tomatomat in words: the phrases that the catalogue's sentences, the board's labels and
tooltips, the knowledge lines, the results table and the text view share, so a thing is said
the same way everywhere, and never as an internal code (card ids such as ``YP``, machine ids
such as ``M23``, spare-deck slots such as ``D1``: those stay in action ids and records).
"""
from __future__ import annotations

from collections import Counter
from typing import Iterable, Sequence

from ...core.rulebook import join_words
from ...core.text import plural
from .cards import CARD_BY_ID, COIN2, POLICE, THIEF, card_name, cards_name
from .machines import MACHINE_SETS, stars_text


def seat_name(slot, names: Sequence[str]) -> str:
    """A player's name for a seat number, "spare deck 1" for the spare deck slot ``D1``."""
    if isinstance(slot, int) and not isinstance(slot, bool):
        return str(names[slot]) if 0 <= slot < len(names) else f"Player {slot + 1}"
    if isinstance(slot, str) and slot.startswith("D"):
        return f"spare deck {slot[1:]}"
    return str(slot)


# ---- cards ------------------------------------------------------------------------------
def named_cards(card_ids: Iterable[str]) -> str:
    """``the red 2-coin, 3 green 1-coins and the blue thief``: every card by name, repeats
    counted, in the order given ("" for no cards)."""
    counts = Counter(card_ids)
    if not counts:
        return ""
    return join_words([cards_name(c, n) if n > 1 else f"the {card_name(c)}"
                       for c, n in counts.items()])


def kinds_summary(card_ids: Iterable[str], officer: str = "police officer") -> str:
    """``5 coins, 2 thieves and 1 police officer``: how many of each kind, no colours."""
    kinds = [CARD_BY_ID[c] & 3 for c in card_ids]
    coins = sum(kind <= COIN2 for kind in kinds)
    parts = [plural(coins, "coin")] if coins else []
    if THIEF in kinds:
        parts.append(plural(kinds.count(THIEF), "thief", "thieves"))
    if POLICE in kinds:
        parts.append(plural(kinds.count(POLICE), officer))
    return join_words(parts) if parts else "no cards"


# ---- machines ---------------------------------------------------------------------------
def star_machine(stars: int) -> str:
    """``a 2-star machine``."""
    return f"a {stars}-star machine"


def doubling(colours: Sequence[str]) -> str:
    """``red and blue count double`` (coins of those colours score twice)."""
    verb = "counts" if len(colours) == 1 else "count"
    return f"{join_words(list(colours))} {verb} double"


def machine_words(stars: int, colours: Sequence[str]) -> str:
    """``a 2-star machine, red and blue count double``."""
    return f"{star_machine(stars)}, {doubling(colours)}"


def machine_facts(machine_set: str, machine_id: str) -> tuple[int, tuple[str, ...]]:
    """(stars, colour names) of a machine of the set ``machine_set``."""
    table = MACHINE_SETS[machine_set]
    number = table.index[machine_id]
    return table.stars[number], table.colour_names[number]


def stack_words(machine_set: str, machine_ids: Sequence[str]) -> str:
    """What a stack at one place is: ``a 2-star machine, green and yellow count double``, or
    for machines left over with a new one on top ``2 machines, 4 stars in all; on top red
    and green count double``."""
    top_stars, colours = machine_facts(machine_set, machine_ids[-1])
    if len(machine_ids) == 1:
        return machine_words(top_stars, colours)
    stars = sum(machine_facts(machine_set, m)[0] for m in machine_ids)
    return (f"{len(machine_ids)} machines, {stars_text(stars)} in all; on top "
            f"{doubling(colours)}")


def won_words(machine_set: str, stacks: Sequence[Sequence[str]]) -> str:
    """The machines a player won, stack by stack: ``a 1-star machine (red) and 2 machines
    of 4 stars (green, yellow on top)`` ("" for none)."""
    parts = []
    for stack in stacks:
        stars = sum(machine_facts(machine_set, m)[0] for m in stack)
        colours = ", ".join(machine_facts(machine_set, stack[-1])[1])
        if len(stack) == 1:
            parts.append(f"{star_machine(stars)} ({colours})")
        else:
            parts.append(f"{len(stack)} machines of {stars_text(stars)} ({colours} on top)")
    return join_words(parts) if parts else ""
