"""How long "Play on from here" takes to deal a new past, per game, at the start, middle and
end of a game (the learner waits for it after the click).

    python benchmarks/play_on.py [--games N]

For each game: N games of heuristic bots at its usual table (rounds left at their defaults),
and in each, one seat at 10 %, 50 % and 90 % of the game; reported: the median and the
slowest seconds of ``resample_past``, the changes tried and kept. A benchmark, not a test:
nothing is asserted about the numbers.
"""
from __future__ import annotations

import argparse
import random
import statistics
import time

from tomato_widgets.core.play import play_game
from tomato_widgets.core.resample import PastWalk
from tomato_widgets.games import GAMES, make_bot

PLAYERS = {"tomate": 4, "tomatomat": 4, "karate_tomate": 4, "tanemaki": 4, "diced_tomatoes": 3}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    games = parser.parse_args(argv).games
    print(f"{'game':16} {'where':>5} {'median s':>9} {'max s':>7} {'steps':>6} {'tried':>6} {'kept':>6}")
    for name, players in PLAYERS.items():
        game = GAMES[name]
        for share in (0.1, 0.5, 0.9):
            times, steps, tried, kept = [], [], [], []
            for seed in range(games):
                bots = [make_bot(name, "heuristic", f"{seed}-{s}") for s in range(players)]
                record = play_game(game, bots, seed=seed)
                step = int(len(record.steps) * share)
                walk = PastWalk(record, step, seed % players, random.Random(seed))
                start = time.perf_counter()
                walk.walk()
                times.append(time.perf_counter() - start)
                steps.append(step)
                tried.append(sum(walk._tried))
                kept.append(walk.kept)
            print(f"{name:16} {share:>5.0%} {statistics.median(times):>9.2f} {max(times):>7.2f} "
                  f"{int(statistics.median(steps)):>6} {int(statistics.median(tried)):>6} "
                  f"{int(statistics.median(kept)):>6}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
