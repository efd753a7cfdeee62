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


def round_scores(record: GameRecord) -> str:
    """The stars of each player at the end of every round, one line per round."""
    return "\n".join(stars_by_round(record))


def own_cards_with_and_without_aid(make, step: int, seat: int = 0) -> str:
    """What ``seat`` knows after ``step`` steps of the scenario ``make`` (e.g.
    ``scenarios.scoring_example``): first by the rules (own placed cards face down, only a
    count), then with the teaching aid ``remember_own=True`` (own placed cards named)."""
    from .texts import knowledge
    lines = []
    for label, options in (("By the rules", {}), ("With remember_own=True", {"remember_own": True})):
        record = make(**options)
        known = knowledge(observe(record, step, seat), record.players)[seat]
        lines.append(f"{label}: {record.players[seat]} {known}")
    return "\n".join(lines)


def bot_game(seed: int = 1, names=("Ana", "Ben", "Cai", "Dee"), kind: str = "heuristic") -> GameRecord:
    """A whole game played by bots of ``kind``, one per name; the same seed, the same game."""
    from ...core.play import play_game
    from .. import make_bot
    from .rules import GAME
    bots = [make_bot("tomatomat", kind, seat) for seat in range(len(names))]
    return play_game(GAME, bots, seed=seed, names=list(names))


def card_not_held(game, seat: int = 0, position: str = "I") -> str:
    """The action id of placing, at ``position``, a coin that ``seat`` (the human of the live
    game ``game``) does not hold: an action the game refuses."""
    hand = observe(game.record, perspective=seat)["seats"][seat]["hand"]
    coin = next(c for c in ("R1", "G1", "B1", "Y1", "R2", "G2", "B2", "Y2") if c not in hand)
    return f"place:{coin}:{position}"


def rulings(width: int = 92) -> str:
    """Our rulings, as text to print: what the text says, what we decided and why."""
    from ...core.teach import rulings as rulings_of
    from . import GAME
    return rulings_of(GAME, width)
