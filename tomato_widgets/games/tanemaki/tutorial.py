"""Helpers for the Tanemaki tutorial (``notebooks/04_tanemaki.ipynb``): short facts about
the cards, the rates, a record and the rulings, as text a notebook prints, so that the
notebook's cells stay a line or two. Generic helpers (``tell``, ``step_of``, ``why_not``
...) are in ``tomato_widgets.core.teach``.
"""
from __future__ import annotations


from ...core.play import play_game
from ...core.records import GameRecord
from ...core.teach import may_play, observe, why_not
from ...core.text import with_names
from .cards import RATE_HELP, RATE_TABLES, SYMBOL_SPLIT, VARIETIES
from .rulebook import plural
from .rules import GAME
from .texts import coin_kinds, field_text, held_text, results, seat_name


def card_mix() -> str:
    """The 45 seed cards: per variety, how many carry one, two and three seeds."""
    lines = []
    for variety, split in zip(VARIETIES, SYMBOL_SPLIT):
        parts = ", ".join(f"{count} with {plural(seeds, 'seed')}"
                          for seeds, count in enumerate(split, start=1))
        lines.append(f"{variety}: {sum(split)} cards ({parts})")
    lines.append("Manure: 15 cards, each worth one seed of any variety")
    return "\n".join(lines)


def rates(table: str = "assumed") -> str:
    """An exchange-rate table in words, and what it assumes."""
    listed = ", ".join(f"{variety} {plural(need, 'seed')} = {plural(gain, 'coin')}"
                       for variety, (need, gain) in zip(VARIETIES, RATE_TABLES[table]))
    return f"Rates {table!r}: {listed}.\n({RATE_HELP[table]})"


def fields(record: GameRecord, step: int | None = None) -> str:
    """Everyone's fields after ``step`` steps (default: the last), in words."""
    obs = observe(record, step)
    lines = []
    for seat, info in enumerate(obs["seats"]):
        told = "; ".join(field_text(field, number)
                         for number, field in enumerate(info["fields"], start=1))
        lines.append(f"{seat_name(seat, record.players)}: {told}")
    return "\n".join(lines)


def coins(record: GameRecord, step: int | None = None, perspective: int | None = None) -> str:
    """Everyone's coins after ``step`` steps, as ``perspective`` may know them."""
    obs = observe(record, step, perspective)
    parts = []
    for seat, info in enumerate(obs["seats"]):
        count = info["coins"]
        what = f"{count} coin{'' if count == 1 else 's'}"
        if info["coin_cards"]:
            what += f" ({coin_kinds(info['coin_cards'])})"
        parts.append(f"{seat_name(seat, record.players)} {what}")
    return ", ".join(parts)


def chain(record: GameRecord, step: int, perspective: int | None = None) -> str:
    """The card being handed after ``step`` steps, as ``perspective`` may know it."""
    obs = observe(record, step, perspective)
    if not obs["held"]:
        return "No card is being handed."
    targets = obs["held"]["targets"]
    go = ", ".join(seat_name(seat, record.players) for seat in targets) or "nobody"
    return f"Being handed: {held_text(obs, record.players)}; it may go on to: {go}"


def choices(record: GameRecord, step: int, *tried: str) -> str:
    """What the player of step ``step`` could choose from just before it, and why each
    action in ``tried`` would have been refused then."""
    game, names = record.game, record.players
    state = record.states[step - 1]
    who = seat_name(record.steps[step - 1].player, names)
    lines = [f"{who} may: "
             + "; ".join(with_names(label, names) for label in may_play(record, step))]
    for action in tried:
        label = with_names(game.action_label(state, action), names)
        lines.append(f"{who} may not {label}. {with_names(why_not(record, step, action), names)}")
    return "\n".join(lines)


def outcome(record: GameRecord) -> str:
    """Who won a finished record, and why, in one sentence."""
    return results(observe(record), record.players)["decided"]


def bot_game(players: int, seed: int, **options) -> GameRecord:
    """A whole game of heuristic bots (Ana, Ben, Cai, ...) from ``seed``, with ``options``."""
    from .. import make_bot  # the games package imports this one
    names = ["Ana", "Ben", "Cai", "Dee", "Eve"][:players]
    bots = [make_bot("tanemaki", "heuristic", seat) for seat in range(players)]
    return play_game(GAME, bots, seed=seed, options=options or None, names=names)


def rulings(width: int = 92) -> str:
    """Our rulings, as text to print: what the text says, what we decided and why."""
    from ...core.teach import rulings as rulings_of
    from . import GAME
    return rulings_of(GAME, width)
