"""Shared helpers for the Karate Tomate rule tests: hand-written games played step by step.

The games are written with the scenario helpers of the package (``table``, ``turnup``,
``heat``, ``drop``, ``pick``, ``go_on``); ``checked`` replays a record and checks what must
hold after any step: every event names a rule of the catalogue and can be told to every
seat (secrets withheld from the others), every seat can observe the state, and the engine's
conservation laws hold. (The module is called ``karate_helpers`` so that it cannot clash
with another game's helper module: these test folders have no ``__init__.py``.)
"""
from __future__ import annotations

from rule_checks import assert_refused, only, rules  # noqa: F401 - shared by this game's tests
from tomato_widgets.core.records import GameRecord
from tomato_widgets.games.karate_tomate import GAME
from tomato_widgets.games.karate_tomate.scenarios import (drop, go_on, heat, pick,  # noqa: F401
                                                          table, turnup)

NAMES = ["Ana", "Ben", "Cai", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon"]
#: three hands of five: Ana corn-heavy, Ben carrot-heavy, Cai mushroom-heavy
HANDS = ["C5 C4 C3 K1 M1", "K5 K4 K3 C1 A1", "M5 M4 M3 A2 B1"]


def three(tomatoes=(4, 8, 1), hands=HANDS, deck="", **options) -> GameRecord:
    """Ana, Ben and Cai dealt by hand (``deck``: the top of the draw pile); two Triumph
    cards (5 trophies; 2 trophies and 1 knife) turned up: the first heat is next."""
    record = table(NAMES[:3], list(tomatoes), list(hands), deck, **options)
    return turnup(record, "T500 T210")


def last_events(record: GameRecord) -> list:
    return record.events[-1]


def events_since(record: GameRecord, step: int) -> list:
    """The events of the steps after ``step`` (steps counted from 1)."""
    return [event for events in record.events[step:] for event in events]


def checked(record: GameRecord) -> GameRecord:
    """Every state of ``record`` keeps the invariants and every event can be told to every
    seat, its secrets only to those who may read them."""
    for state in record.states:
        GAME.check_invariants(state)
        for seat in (None, *range(state.n)):
            GAME.observe(state, seat)
    for events in record.events:
        for event in events:
            assert event.rule in GAME.rulebook
            for seat in (None, *range(len(record.players))):
                seen = event.seen_by(seat)
                text = GAME.explain(seen, record.players)
                assert text and "{" not in text
                if seat is not None and seat not in event.players:
                    assert not set(event.secret) & set(seen.facts)
    return record
