"""Helpers for the Diced Tomatoes tutorial (``notebooks/05_diced_tomatoes.ipynb``): the table,
where each die may go, karma, the powers, bot games and our rulings, as text a notebook prints
(so nbval checks it). Generic helpers (``tell``, ``step_of``, ``why_not`` ...) are in
``tomato_widgets.core.teach``.
"""
from __future__ import annotations

from collections.abc import Sequence

from ...core.records import GameRecord
from ...core.teach import observe, step_of
from .dice import BLACK_PER_PLAYER, POWER_COST, RED_PER_PLAYER, plural
from .texts import die_name_of, render_text, seat_name, vines_words

#: each power: what it does and what it may target (our rulings where the page is silent)
POWER_WORDS = (
    ("reroll", "re-roll", "one of your dice not yet placed is rolled again"),
    ("up", "shift", "one of your dice not yet placed goes one up or one down (no wrap)"),
    ("clean", "clean a vine", "every die of one of your own vines goes back to the bushel"),
    ("over", "roll over", "one of your dice not yet placed showing 1 becomes 6, or 6 becomes 1"),
    ("flip", "flip a seed", "the seed of any player's vine turns to its opposite face, if the "
                            "vine stays a set or a run"),
    ("set", "set a die", "one of your dice not yet placed shows any value you choose"),
)


def components(players: int) -> str:
    """What a table of ``players`` starts with."""
    red, black = RED_PER_PLAYER * players, BLACK_PER_PLAYER * players
    return (f"{plural(players, 'player')}: a bushel of {red} red and {black} black dice; each player "
            "has 3 empty tomato tokens, karma 3 (of 6 kept between turns) and an empty score "
            "track of 6 slots.")


def table(record: GameRecord, step: int | None = None) -> None:
    """Print the table after ``step`` steps (default: the last), as the command line shows it."""
    print(render_text(observe(record, step), record.players))


def spots(record: GameRecord, step: int | None = None) -> None:
    """Print where each die of the turn may go after ``step`` steps (default: the last)."""
    obs = observe(record, step)
    for slot, die in enumerate(obs["hand"]):
        if die:
            where = vines_words(obs["spots"][slot], record.players) or "no spot"
            print(f"die {slot + 1}, the {die_name_of(die)}: {where}")


def karma(record: GameRecord, step: int | None = None) -> str:
    """Each player's karma after ``step`` steps (default: the last)."""
    seats = observe(record, step)["seats"]
    return ", ".join(f"{seat_name(number, record.players)} {seat['karma']}"
                     for number, seat in enumerate(seats))


def powers() -> None:
    """Print the karma powers: cost, what they do, what they may target."""
    for power, name, words in POWER_WORDS:
        print(f"{POWER_COST[power]} karma  {name}: {words}")


def karma_after(record: GameRecord, *actions: str) -> None:
    """Print each player's karma right after the first step that took each of ``actions``."""
    for action in actions:
        number = step_of(record, action)
        print(f"after step {number}:", karma(record, number))


def bot_game(names: Sequence[str], seed: int) -> GameRecord:
    """A whole game of heuristic bots, one per name, from ``seed`` (the same every time)."""
    from ...core.play import play_game
    from .. import make_bot
    from .rules import GAME
    bots = [make_bot("diced_tomatoes", "heuristic", seat) for seat in range(len(names))]
    return play_game(GAME, bots, seed=seed, names=list(names))


def rulings(width: int = 92) -> None:
    """Print our rulings: what the text says, what we decided and why."""
    from ...core.teach import rulings as rulings_of
    from . import GAME
    print(rulings_of(GAME, width))
