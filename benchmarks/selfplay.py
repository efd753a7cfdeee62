"""Random self-play throughput per game, best of several windows (the machine is shared and
its speed varies, so the best window is the least disturbed one).

    python benchmarks/selfplay.py [--seconds 1] [--repeat 5] [--players 4]

Prints one line per game: ``GAME: N actions/s, M games/s (best of R)``.
"""
from __future__ import annotations

import argparse

from tomato_widgets.core.bench import random_selfplay, table_size
from tomato_widgets.games import GAMES


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    for name, game in GAMES.items():
        players = table_size(game, args.players)
        runs = [random_selfplay(game, players, args.seconds) for _ in range(args.repeat)]
        best = max(runs, key=lambda run: run[0] / run[2])
        actions, games, elapsed = best
        print(f"{name}: {actions / elapsed:.0f} actions/s, {games / elapsed:.1f} games/s "
              f"(best of {args.repeat}, {players} players)")


if __name__ == "__main__":
    main()
