"""How long the Advisor's and the review's slices hold the kernel, per game.

    python benchmarks/slices.py [--game tomate] [--seconds 2] [--seed 0] [--skip-review]

The Advisor (``widgets/advisor.py``) searches in slices of ``SLICE_S`` on the kernel's event
loop, and a click waits for the slice under way: no slice may take much longer than asked.
Each row is a search as the Advisor runs it (seed 0, the game's own rollout), run for about
``--seconds`` in ``SLICE_S`` slices: the longest slice by the clock and in CPU time (on a busy
machine the clock also counts the time other processes had the CPU), how many slices, how
many took over 50 ms (the most a slice may hold the kernel), and the playouts finished.

Decisions: the first with two or more legal moves at or after 20%, 50% and 80% of one seeded
4-player game of heuristic bots (as ``benchmarks/search.py`` picks them, at the table size
nearest 4), plus Tomate at 13 players (the same three points) and early in Tomate's longest
game (13 players, 1,000 rounds, 100,000 chips each: no play-out ends within the step cap).

Review rows: a review (``widgets/reviewing.py``) of seat 0's decisions in a seeded 4-player
game of heuristic bots, 20 playouts each, stepped in ``SLICE_S`` slices for about ``--seconds``.
"""
from __future__ import annotations

import argparse
import random
import time

from search import pick_decisions
from tomato_widgets.core.bench import table_size
from tomato_widgets.core.game import CHANCE
from tomato_widgets.core.play import play_game
from tomato_widgets.core.search import Search
from tomato_widgets.games import GAMES, make_bot
from tomato_widgets.widgets.advisor import SLICE_S
from tomato_widgets.widgets.reviewing import Work

LONGEST = {"rounds": 1000, "starting_chips": 100_000}
#: the most a slice may hold the kernel
BUDGET_MS = 50


def slices(step, seconds: float) -> dict:
    """Calls of ``step()`` for about ``seconds``: the longest in ms by the clock and in this
    process's CPU time, how many, and how many took over BUDGET_MS by the clock. On a busy
    machine the clock also counts the time others had the CPU."""
    longest = cpu = 0.0
    calls = over = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        before, used = time.perf_counter(), time.process_time()
        more = step()
        took = time.perf_counter() - before
        longest = max(longest, took)
        cpu = max(cpu, time.process_time() - used)
        calls += 1
        over += took * 1000 > BUDGET_MS
        if more is False:
            break
    return {"longest_ms": longest * 1000, "cpu_ms": cpu * 1000, "slices": calls, "over": over}


def advisor_row(game, players: int, where: str, state, seat: int, seconds: float) -> dict:
    search = Search(game, state, seat, seed=0)
    measured = slices(lambda: search.run(seconds=SLICE_S), seconds)
    return {"what": f"advisor {where}", "game": game.name, "players": players, **measured,
            "playouts": search.playouts}


def longest_game_row(seconds: float) -> dict:
    """Tomate's longest game, at its first decision (after the cut and the deal)."""
    game = GAMES["tomate"]
    state = game.new_game(13, LONGEST)
    chance = random.Random(0)
    while state.actor[0] == CHANCE:
        state = game.apply(state, game.sample_chance(state, chance), CHANCE)[0]
    return advisor_row(game, 13, "longest game (1,000 rounds)", state, state.actor[0], seconds)


def review_row(game, players: int, seed, seconds: float) -> dict:
    """A review of seat 0 in a seeded game of heuristic bots, in slices."""
    bots = [make_bot(game.name, "heuristic", f"{seed}-{seat}") for seat in range(players)]
    record = play_game(game, bots, seed=seed)
    work = Work(record, 0, 20)
    measured = slices(lambda: work.step_once(SLICE_S), seconds)
    return {"what": "review of seat 0", "game": game.name, "players": players, **measured,
            "playouts": f"{work.done}/{len(work.steps)} decisions"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(GAMES), help="one game (default: all)")
    parser.add_argument("--seconds", type=float, default=2.0, help="seconds per row")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--skip-review", action="store_true")
    args = parser.parse_args()
    names = [args.game] if args.game else list(GAMES)
    print(f"slices of {SLICE_S * 1000:.0f} ms; the longest each row took, by the clock and in "
          "CPU time")
    print(f"game           | pl | what                                  | longest ms |  CPU ms | "
          f"slices | over {BUDGET_MS} ms | playouts")
    rows = []
    for name in names:
        game = GAMES[name]
        tables = [table_size(game, 4)] + ([13] if name == "tomate" else [])
        for players in tables:
            for where, state, seat in pick_decisions(game, players, args.seed):
                rows.append(advisor_row(game, players, where, state, seat, args.seconds))
                _print(rows[-1])
        if name == "tomate":
            rows.append(longest_game_row(args.seconds))
            _print(rows[-1])
        if not args.skip_review:
            rows.append(review_row(game, table_size(game, 4), args.seed, args.seconds))
            _print(rows[-1])
    worst = {}
    for row in rows:
        clock, cpu = worst.get(row["game"], (0.0, 0.0))
        worst[row["game"]] = max(clock, row["longest_ms"]), max(cpu, row["cpu_ms"])
    print("\nlongest slice per game (clock / CPU): "
          + ", ".join(f"{name} {clock:.0f} / {cpu:.0f} ms" for name, (clock, cpu) in worst.items()))


def _print(row: dict) -> None:
    print(f"{row['game']:<14} | {row['players']:>2} | {row['what']:<37} | "
          f"{row['longest_ms']:>10.1f} | {row['cpu_ms']:>7.1f} | {row['slices']:>6} | "
          f"{row['over']:>10} | {row['playouts']}", flush=True)


if __name__ == "__main__":
    main()
