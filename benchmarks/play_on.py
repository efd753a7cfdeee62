"""How long "Play on from here" takes to deal a new past, per game: at a usual table, and in
the longest games the options allow (the learner waits for it after the click, and the
kernel answers nothing else meanwhile).

    python benchmarks/play_on.py [--games N] [--skip-usual] [--skip-limits] [--no-widget]
                                 [--game NAME]

Usual table: for each game, N games of heuristic bots at its usual table (rounds left at
their defaults), and in each, one seat at 10 %, 50 % and 90 % of the game; reported: the
median and the slowest seconds of ``resample_past``, the changes tried and kept.

At the limits: per game, the longest game its options allow at its largest table:

* Tomate: 13 seats, 1,000 rounds, 100,000 chips each, every seat staying in every round;
* Karate Tomate: 10 seats, 200 rounds, every seat dropping out with its Tomato in every heat
  and discarding two (no Triumph card is ever taken, so all 200 rounds are played);
* Tomatomat (4 seats, 4 rounds), Tanemaki (5 seats, the reshuffle variation) and Diced
  Tomatoes (4 seats, 100 rounds at most): the longest of a few games of random bots.

From each, seat 1 plays on from the middle and from its last decision (the longest past);
reported: the seconds of ``game_from`` (the new past and its record) and of the replay
widget's "play_on" message handler (``game_from``, then the bots' moves up to the seat's
turn, and the page's new state; ``--no-widget`` leaves it out), the changes tried and kept,
and the steps replayed.

A benchmark, not a test: nothing is asserted about the numbers.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

from tomato_widgets.core.play import play_game, random_bots
from tomato_widgets.core.resample import PastWalk, game_from
from tomato_widgets.games import GAMES, make_bot

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from bot_games import DropsOut, StaysIn  # noqa: E402 - the tests' longest-game bots

PLAYERS = {"tomate": 4, "tomatomat": 4, "karate_tomate": 4, "tanemaki": 4, "diced_tomatoes": 3}


def longest_record(name: str):
    """The longest game of ``name`` the options allow, at its largest table."""
    game = GAMES[name]
    players = game.max_players
    if name == "tomate":
        return play_game(game, [StaysIn(seat) for seat in range(players)], seed=1,
                         options={"rounds": 1000, "starting_chips": 100_000})
    if name == "karate_tomate":
        return play_game(game, [DropsOut(f"{seat}") for seat in range(players)], seed=1,
                         options={"rounds": 200})
    options = {"tomatomat": {"rounds": 4}, "tanemaki": {"reshuffle": True},
               "diced_tomatoes": {"round_limit": 100}}[name]
    records = [play_game(game, random_bots(players, seed), seed=seed, options=options)
               for seed in range(8)]
    return max(records, key=lambda record: len(record.steps))


def usual(games: int, names) -> None:
    print(f"{'game':16} {'where':>5} {'median s':>9} {'max s':>7} {'steps':>6} {'tried':>6} "
          f"{'kept':>6}")
    for name in names:
        players = PLAYERS[name]
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
                tried.append(walk.tried)
                kept.append(walk.kept)
            print(f"{name:16} {share:>5.0%} {statistics.median(times):>9.2f} {max(times):>7.2f} "
                  f"{int(statistics.median(steps)):>6} {int(statistics.median(tried)):>6} "
                  f"{int(statistics.median(kept)):>6}")


def handler_seconds(record, step: int, seat: int) -> float:
    """The replay widget's "play_on" message, from the page's message to its return."""
    from tomato_widgets.widgets import replay
    widget = replay(record, step=step)
    try:
        start = time.perf_counter()
        widget._handle_message({"type": "play_on", "seat": seat})
        elapsed = time.perf_counter() - start
        assert widget.mode == "live", "the widget did not play on"
        return elapsed
    finally:
        widget.close()


def limits(names, widget: bool = True) -> None:
    print(f"{'game':16} {'seats':>5} {'steps':>7} {'from':>7} {'game_from s':>11} "
          f"{'handler s':>9} {'tried':>6} {'kept':>6} {'replayed':>9}")
    seat = 1
    for name in names:
        record = longest_record(name)
        game = record.game
        decisions = [step for step in range(len(record.steps))
                     if seat in game.to_act(record.states[step])]
        for step in (decisions[len(decisions) // 2], decisions[-1]):
            walk = PastWalk(record, step, seat, random.Random("past-0"))  # game_from's, seed 0
            walk.walk()
            start = time.perf_counter()
            game_from(record, step, seat, seed=0)
            made = time.perf_counter() - start
            handled = f"{handler_seconds(record, step, seat):>9.2f}" if widget else f"{'-':>9}"
            print(f"{name:16} {len(record.players):>5} {len(record.steps):>7} {step:>7} "
                  f"{made:>11.2f} {handled} {walk.tried:>6} {walk.kept:>6} {walk.replayed:>9}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--skip-usual", action="store_true")
    parser.add_argument("--skip-limits", action="store_true")
    parser.add_argument("--no-widget", action="store_true",
                        help="at the limits, time game_from only, not the widget's handler")
    parser.add_argument("--game", choices=list(PLAYERS), help="one game only")
    args = parser.parse_args(argv)
    names = [args.game] if args.game else list(PLAYERS)
    if not args.skip_usual:
        usual(args.games, names)
    if not args.skip_limits:
        limits(names, widget=not args.no_widget)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
