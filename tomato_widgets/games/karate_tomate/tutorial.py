"""Helpers for the Karate Tomate tutorial (``notebooks/03_karate_tomate.ipynb``): short facts
about the cards and a record, as text a notebook prints. Generic helpers
(``tell``, ``step_of``, ``observe`` ...) are in ``tomato_widgets.core.teach``.
"""
from __future__ import annotations

from collections import Counter

from ...core.records import GameRecord
from ...core.teach import observe
from .cards import COLOURS, NUMBER_SETS, TRIUMPH_SETS, VALUES, plural, symbols_words
from .rules import TRIUMPHS_UP
from .texts import fight_words
from .words import cards_words, named, offer_words, score_words


def card_mix(number_set: str = "placeholder") -> str:
    """The Number cards: colours and how many of each value a colour has."""
    counts = NUMBER_SETS[number_set]
    per_colour = ", ".join(f"{count} of value {value}" for value, count in zip(VALUES, counts))
    return (f"{len(COLOURS) * sum(counts)} Number cards in {len(COLOURS)} colours "
            f"({', '.join(COLOURS.values())}); per colour: {per_colour} (the {number_set!r} "
            "split).")


def triumph_mix(triumph_set: str = "placeholder") -> str:
    """The Triumph cards of a set: how many of each, and the symbols in all."""
    cards = TRIUMPH_SETS[triumph_set]
    kinds = "; ".join(f"{count} \u00d7 {symbols_words(card)}"
                      for card, count in sorted(cards.items(), key=lambda item: item[0],
                                                reverse=True))
    totals = Counter()
    for card, count in cards.items():
        totals.update({"trophies": int(card[1]) * count, "knives": int(card[2]) * count,
                       "symbols": int(card[3]) * count})
    return (f"{sum(cards.values())} Triumph cards in the {triumph_set!r} set: {kinds}. In all "
            f"{totals['trophies']} trophies, {totals['knives']} knives and {totals['symbols']} "
            "tomato symbols.")


def triumphs_up() -> str:
    """How many Triumph cards lie up at each table size."""
    return ", ".join(f"{players} players: {up}" for players, up in TRIUMPHS_UP.items())


def fight(record: GameRecord, step: int | None = None) -> str:
    """Everybody's place in the fight after ``step`` steps (default: the last): who still
    fights, in which colour, with which cards and total, and who is out."""
    obs = observe(record, step)
    lines = [f"Round {obs['round']}, heat {obs['heat']}; Triumph cards up: "
             f"{offer_words(obs['offer'])}"]
    for seat, info in enumerate(obs["seats"]):
        lines.append(f"  {named(seat, record.players)}: "
                     f"{fight_words(info) or 'in the fight, no card turned over yet'}")
    return "\n".join(lines)


def scores(record: GameRecord, step: int | None = None) -> str:
    """Each player's Triumph cards after ``step`` steps (default: the last), as the
    all-seeing view counts them."""
    seats = observe(record, step)["seats"]
    return ", ".join(f"{named(seat, record.players)} {score_words(info['trophies'], info['knives'])}"
                     for seat, info in enumerate(seats))


def scores_by_round(record: GameRecord) -> list[str]:
    """One line per round played: everybody's trophies and knives when it was over."""
    ends = [number for number, step in enumerate(record.steps, start=1) if step.action == "clear"]
    lines = []
    for round_number, step in enumerate(ends, start=1):
        seats = observe(record, step)["seats"]
        lines.append(f"After round {round_number}: " + ", ".join(
            f"{name} {info['trophies']}/{info['knives']}"
            for name, info in zip(record.players, seats)))
    return lines


def hand(record: GameRecord, who: str, step: int | None = None) -> str:
    """A player's hand after ``step`` steps, as they see it."""
    seat = record.players.index(who)
    cards = observe(record, step, seat)["seats"][seat]["hand"]
    return f"{who} holds {plural(len(cards), 'card')}: {cards_words(cards)}"


def reveal_of(record: GameRecord, heat: int = 1) -> int:
    """The step at which the cards of ``heat`` (counted through the record) turn over."""
    reveals = [number for number, step in enumerate(record.steps, start=1)
               if step.action == "reveal"]
    return reveals[heat - 1]


def decided(record: GameRecord) -> str:
    """One sentence on what decided a finished game, as its results table says it."""
    from .texts import results
    return results(observe(record), record.players)["decided"]


def bot_game(seed: int = 4, names: tuple[str, ...] = ("Ana", "Ben", "Cai", "Dee")) -> GameRecord:
    """A whole game played by heuristic bots from ``seed`` (the same game every time)."""
    from ...core.play import play_game
    from .. import make_bot
    from . import GAME
    bots = [make_bot("karate_tomate", "heuristic", seat) for seat in range(len(names))]
    return play_game(GAME, bots, seed=seed, names=list(names))


def rulings(width: int = 92) -> str:
    """Our rulings, as text to print: what the text says, what we decided and why."""
    from ...core.teach import rulings as rulings_of
    from . import GAME
    return rulings_of(GAME, width)
