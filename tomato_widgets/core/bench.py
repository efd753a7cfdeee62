"""Throughput measurements (benchmarks, never test assertions).

Random self-play on one core: every action counts, chance actions included. Separately:
the cost of ``observe`` and of making explanation text, which rollouts never pay.
"""
from __future__ import annotations

import random
import time

from .game import CHANCE, Game


def table_size(game: Game, wanted: int) -> int:
    """The player count nearest to ``wanted`` that ``game`` supports."""
    return min(max(wanted, game.min_players), game.max_players)


def random_selfplay(game: Game, players: int, seconds: float, seed: int = 0,
                    max_games: int | None = None, in_place: bool = True) -> tuple[int, int, float]:
    """(actions, finished games, elapsed seconds) of random play for about ``seconds``
    (or exactly ``max_games`` games). Play-outs step one in-place state (``State.thaw``),
    as OpenSpiel's Python loops do; ``in_place=False`` makes a new state per action."""
    rng = random.Random(seed)
    uniform = rng.random
    apply = game.apply
    legal_actions = game.legal_actions
    sample = game.sample_chance
    actions = games = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        state = game.new_game(players)
        if in_place:
            state = state.thaw()
        while True:
            actors = state.actor
            if not actors:
                break
            if actors[0] == CHANCE:
                state = apply(state, sample(state, rng), CHANCE)[0]
                actions += 1
                continue
            # a uniform pick with one C call (random.choice costs three Python frames)
            if len(actors) == 1:
                legal = legal_actions(state)
                state = apply(state, legal[int(uniform() * len(legal))])[0]
                actions += 1
                continue
            for seat in actors:  # simultaneous: every seat commits
                legal = legal_actions(state, seat)
                state = apply(state, legal[int(uniform() * len(legal))], seat)[0]
                actions += 1
        games += 1
        if games == max_games or (max_games is None and time.perf_counter() >= deadline):
            break
    return actions, games, time.perf_counter() - start


def sample_states(game: Game, players: int, count: int, seed: int = 1):
    """Some states and events met in random play, for the per-call measurements."""
    rng = random.Random(seed)
    states, events = [], []
    state = game.new_game(players)
    while len(states) < count:
        actors = game.to_act(state)
        if not actors:
            state = game.new_game(players)
            continue
        seat = actors[0]
        action = game.sample_chance(state, rng) if seat == CHANCE else rng.choice(
            game.legal_actions(state, seat))
        state, new_events = game.apply(state, action, seat)
        states.append(state)
        events.extend(new_events)
    return states, events


def per_call(function, items, seconds: float) -> float:
    """Microseconds per call of ``function`` over ``items``, repeated for about ``seconds``:
    at least one pass, so that a very short time still measures something."""
    calls = passes = 0
    start = time.perf_counter()
    while not passes or time.perf_counter() - start < seconds:
        for item in items:
            function(item)
        calls += len(items)
        passes += 1
    return (time.perf_counter() - start) / calls * 1e6


def bench_game(game: Game, players: int, seconds: float) -> dict:
    actions, games, elapsed = random_selfplay(game, players, seconds)
    immutable = random_selfplay(game, players, seconds / 2, in_place=False)
    states, events = sample_states(game, players, 2000)
    names = game.default_names(players)
    observe_us = per_call(lambda s: game.observe(s, 0), states, seconds / 4)
    explain_us = per_call(lambda e: game.explain(e, names), events, seconds / 4)
    return {"game": game.name, "players": players, "actions_per_s": actions / elapsed,
            "games_per_s": games / elapsed, "immutable_actions_per_s": immutable[0] / immutable[2],
            "observe_us": observe_us, "explain_us": explain_us}


def format_result(result: dict) -> list[str]:
    return [f"{result['game']}: {result['actions_per_s']:.0f} actions/s, "
            f"{result['games_per_s']:.1f} games/s",
            f"{result['game']} new state per action: {result['immutable_actions_per_s']:.0f} actions/s",
            f"{result['game']} observe: {result['observe_us']:.1f} us/call "
            f"({result['players']} players, seat 0's view)",
            f"{result['game']} explain: {result['explain_us']:.1f} us/event"]
