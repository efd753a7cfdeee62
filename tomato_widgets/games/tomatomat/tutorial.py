"""Helpers for the Tomatomat tutorial (``notebooks/02_tomatomat.ipynb``): short facts about
the cards, the machines and a record, as text a notebook prints (so nbval checks it).
Generic helpers (``tell``, ``step_of``, ``observe`` ...) are in ``tomato_widgets.core.teach``.
"""
from __future__ import annotations

from collections import Counter

from ...core.records import GameRecord
from ...core.teach import observe
from .cards import COLOURS, FULL_DECK
from .machines import MACHINE_SETS
from .words import plural, seat_name, stack_words


#: each kind of card in words: one, several
KIND_WORDS = (("coin worth 1", "coins worth 1"), ("coin worth 2", "coins worth 2"),
              ("thief", "thieves"), ("police officer", "police officers"))


def card_mix() -> str:
    """The 48 playing cards: how many of each kind per colour."""
    kinds = Counter(card & 3 for card in FULL_DECK)
    per_colour = ", ".join(plural(kinds[kind] // len(COLOURS), *KIND_WORDS[kind]) for kind in range(4))
    return (f"{len(FULL_DECK)} playing cards in {len(COLOURS)} colours ({', '.join(COLOURS)}); "
            f"per colour: {per_colour}.")


def machine_mix(machine_set: str = "placeholder") -> str:
    """The machines of a set: how many with 1, 2 and 3 stars, and with one or two colours."""
    table = MACHINE_SETS[machine_set]
    by_stars = Counter(table.stars)
    by_colours = Counter(len(colours) for colours in table.colours)
    stars = ", ".join(f"{count} with {plural(star, 'star')}" for star, count in sorted(by_stars.items()))
    return (f"{len(table)} machines in the {machine_set!r} set: {stars}; "
            f"{by_colours[1]} with one tomato colour, {by_colours[2]} with two.")


def places(record: GameRecord, step: int | None = None) -> str:
    """The four machine places after ``step`` steps (default: the last), in words."""
    obs = observe(record, step)
    machine_set = obs["settings"]["machine_set"]
    return "\n".join(f"{place['position']}: " + (stack_words(machine_set, place["stack"])
                                                 if place["stack"] else "no machine")
                     for place in obs["positions"])


def stars(record: GameRecord, step: int | None = None) -> str:
    """The stars and machines each player has won after ``step`` steps (default: the last)."""
    seats = observe(record, step)["seats"]
    return ", ".join(f"{seat_name(number, record.players)} {plural(seat['stars'], 'star')} / "
                     f"{plural(seat['machines'], 'machine')}" for number, seat in enumerate(seats))


def stars_by_round(record: GameRecord) -> list[str]:
    """One line per round played: the stars of each player when the round was over."""
    ends = [number for number, step in enumerate(record.steps, start=1) if step.action == "pass"]
    return [f"After round {round_number} (step {step}): " + ", ".join(
                f"{name} {seat['stars']}" for name, seat in zip(record.players,
                                                                observe(record, step)["seats"]))
            for round_number, step in enumerate(ends, start=1)]
