"""Our random self-play next to OpenSpiel's, interleaved, so that a shared machine's changing
speed cancels out of the comparison.

    pip install -e .[reference]       # OpenSpiel, only for this script
    python benchmarks/reference.py [--rounds 7] [--seconds 1] [--players 4]

The speed targets were set against OpenSpiel driven from a Python loop on a reference
machine: its C++ hearts at about 225,000 actions/s, its pure-Python games at 28,000 to
89,000. A single figure from a shared host says little, because the host's speed swings; the
pure-Python games run the same interpreter work as our engines, so their figures in the same
minutes say how fast this machine is right now compared with the reference one.

Each round measures every game once, in turn; the report gives each game's median over the
rounds and our games' speed as a fraction of each OpenSpiel game's, per round, then median.
"""
from __future__ import annotations

import argparse
import random
import statistics
import time

from tomato_widgets.core.bench import random_selfplay, table_size
from tomato_widgets.games import GAMES

#: C++ trick-takers and the pure-Python games OpenSpiel ships
OPENSPIEL = ("hearts", "spades", "python_kuhn_poker", "python_liars_poker", "python_block_dominoes",
             "python_tic_tac_toe", "python_iterated_prisoners_dilemma")


def openspiel_selfplay(name: str, seconds: float, seed: int = 0) -> float:
    """Actions/s of uniform random play in OpenSpiel, with the same kind of loop as ours
    (one C call per random pick; chance outcomes picked uniformly, as they are in these games)."""
    import pyspiel
    from open_spiel.python import games  # noqa: F401 - registers the pure-Python games

    game = pyspiel.load_game(name)
    uniform = random.Random(seed).random
    actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                action = outcomes[int(uniform() * len(outcomes))][0]
            elif state.is_simultaneous_node():  # every player's action counts, as in ours
                joint = []
                for player in range(game.num_players()):
                    legal = state.legal_actions(player)
                    joint.append(legal[int(uniform() * len(legal))])
                state.apply_actions(joint)
                actions += len(joint)
                continue
            else:
                legal = state.legal_actions()
                action = legal[int(uniform() * len(legal))]
            state.apply_action(action)
            actions += 1
    return actions / (time.perf_counter() - start)


def ours(name: str, players: int, seconds: float) -> float:
    game = GAMES[name]
    actions, _, elapsed = random_selfplay(game, table_size(game, players), seconds)
    return actions / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        parser.exit(2, "OpenSpiel is not installed: pip install -e .[reference]\n")
    runs: dict[str, list[float]] = {name: [] for name in (*GAMES, *OPENSPIEL)}
    for number in range(1, args.rounds + 1):
        for name in GAMES:
            runs[name].append(ours(name, args.players, args.seconds))
        for name in OPENSPIEL:
            runs[name].append(openspiel_selfplay(name, args.seconds, seed=number))
        print(f"round {number}: " + ", ".join(f"{name} {rates[-1]:.0f}" for name, rates in runs.items()),
              flush=True)
    print("\nmedian actions/s")
    for name, rates in runs.items():
        print(f"  {name}: {statistics.median(rates):.0f}  (range {min(rates):.0f}-{max(rates):.0f})")
    print("\nours as a fraction of OpenSpiel's, round by round (median)")
    for name in GAMES:
        fractions = ", ".join(
            f"{other} {statistics.median(a / b for a, b in zip(runs[name], runs[other])):.2f}"
            for other in OPENSPIEL)
        print(f"  {name}: {fractions}")


if __name__ == "__main__":
    main()
