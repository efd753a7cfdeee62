"""Positions of Diced Tomatoes written directly (a table in the middle of a turn), and small
helpers to act on them. Dice are written as in records: "R5", "B2"."""
from __future__ import annotations

from tomato_widgets.core.game import CHANCE
from tomato_widgets.games.diced_tomatoes import GAME
from tomato_widgets.games.diced_tomatoes.rules import token_masks
from tomato_widgets.games.diced_tomatoes.dice import (BLACK, BLACK_PER_PLAYER, RED_PER_PLAYER,
                                                      TOKENS, parse_die)


def dice(text: str) -> tuple:
    return tuple(parse_die(d) for d in text.split())


def position(players: int = 2, vines: dict | None = None, hand: str = "", karma=None,
             turn: int = 0, track: dict | None = None, passed: str = "", last: int | None = None,
             options: dict | None = None, **fields):
    """The active player ``turn`` deciding in the middle of a turn. ``vines`` maps a vine id
    ("1B") to its dice ("R3 R4"); ``track`` maps a seat to its tomatoes as (seed, worth)
    pairs written "R5:4 R3:3"; ``karma`` one number for everybody or one per seat. The bushel
    holds every die not on the table."""
    state = GAME.new_game(players, options)
    rows = [[(), (), ()] for _ in range(players)]
    for vine, text in (vines or {}).items():
        rows[int(vine[0])][TOKENS.index(vine[1])] = dice(text)
    tracks = [() for _ in range(players)]
    for seat, text in (track or {}).items():
        tracks[seat] = tuple((parse_die(pair.split(":")[0]), int(pair.split(":")[1]))
                             for pair in text.split())
    if karma is None:
        karma = 3
    karmas = tuple(karma) if isinstance(karma, (list, tuple)) else (karma,) * players
    used = list(dice(hand)) + list(dice(passed))
    used += [d for row in rows for vine in row for d in vine]
    used += [seed for row in tracks for seed, _ in row]
    red = RED_PER_PLAYER * players - sum(1 for d in used if d < BLACK)
    black = BLACK_PER_PLAYER * players - sum(1 for d in used if d > BLACK)
    last = (turn - 1) % players if last is None else last
    values = dict(vines=tuple(tuple(row) for row in rows), track=tuple(tracks), karma=karmas,
                  hand=dice(hand), passed=dice(passed), bushel=(red, black), turn=turn,
                  first=(last + 1) % players, last=last, round=1, rolling=(), phase="play",
                  step=None, actor=(turn,), turns=1)
    values.update(fields)
    values.setdefault("masks", token_masks(values["vines"], values["track"]))
    state = state.evolve(**values)
    GAME.check_invariants(state)
    return state


def act(state, *actions):
    """``state`` after ``actions`` (chance outcomes and forced steps included, in order);
    returns (state, every event)."""
    events = []
    for action in actions:
        actors = GAME.to_act(state)
        state, new = GAME.apply(state, action, actors[0])
        events += new
    return state, events


def forced(state):
    """``state`` once its forced steps are taken; (state, their events)."""
    events = []
    while GAME.forced_action(state):
        state, new = GAME.apply(state, GAME.forced_action(state), CHANCE)
        events += new
    return state, events


def placements(state) -> set[str]:
    """The legal placements (die to vine) of the active player."""
    return {a for a in GAME.legal_actions(state) if a[0] == "d" and a.split(":")[1][0].isdigit()}


def rules_of(events) -> list[str]:
    return [event.rule for event in events]


def refusal(state, action):
    """(rule, message) of the refusal of ``action`` by the player to act."""
    reason = GAME.reason_illegal(state, action)
    assert reason is not None, f"{action} is allowed"
    return reason.rule, reason.message
