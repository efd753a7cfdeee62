"""How much better a game's heuristic bot plays than its random bot.

    python benchmarks/bots.py [--game tomatomat] [--games 300] [--players 2,3,4] [--seed 0]
                              [--options rounds=4] [--jobs 2]

For each table size: ``--games`` seeded games, one heuristic bot and random bots in the
other seats (the heuristic bot's seat goes round the table from game to game). Prints per
table size the heuristic bot's win share (a shared win counts as a fraction: 1/winners),
what a random seat would get (1/players; alone at the table, a random bot's own win rate on
the same games), and the mean final score (stars in Tomatomat,
chips in Tomate) of the heuristic seat and of the random seats. The same arguments give the
same table.
"""
from __future__ import annotations

import argparse
import json
from concurrent.futures import ProcessPoolExecutor

from tomato_widgets.core.play import play_game
from tomato_widgets.games import GAMES, make_bot


def one_game(game_name: str, players: int, number: int, seed: int, options: dict | None):
    """(the heuristic seat's win share, its score, the random seats' mean score, a random
    seat's win share). Alone at the table (a solo game) the same deal is played again by a
    random bot: its win and score are what the heuristic is measured against."""
    hero = number % players
    game_seed = f"{seed}-{players}-{number}"
    bots = [make_bot(game_name, "heuristic" if seat == hero else "random", f"{game_seed}-{seat}")
            for seat in range(players)]
    record = play_game(GAMES[game_name], bots, seed=game_seed, options=options)
    outcome = record.outcome
    share = 1 / len(outcome.winners) if hero in outcome.winners else 0.0
    if players == 1:
        alone = play_game(GAMES[game_name], [make_bot(game_name, "random", f"{game_seed}-0")],
                          seed=game_seed, options=options).outcome
        return share, outcome.scores[0], alone.scores[0], float(bool(alone.winners))
    others = [score for seat, score in enumerate(outcome.scores) if seat != hero]
    return share, outcome.scores[hero], sum(others) / len(others), 1 / players


def _run(job):
    return one_game(*job)


def measure(game_name: str, players: int, games: int, seed: int = 0, options: dict | None = None,
            jobs: int = 1) -> dict:
    work = [(game_name, players, number, seed, options) for number in range(games)]
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            results = list(pool.map(_run, work, chunksize=8))
    else:
        results = [_run(job) for job in work]
    return {"players": players, "games": games,
            "win_share": sum(r[0] for r in results) / games,
            "heuristic_score": sum(r[1] for r in results) / games,
            "random_score": sum(r[2] for r in results) / games,
            "random_share": sum(r[3] for r in results) / games}


def _options(pairs) -> dict | None:
    options = {}
    for pair in pairs or ():
        name, _, value = pair.partition("=")
        try:
            options[name] = json.loads(value)
        except json.JSONDecodeError:
            options[name] = value
    return options or None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="tomatomat", choices=sorted(GAMES))
    parser.add_argument("--games", type=int, default=300, help="games per table size")
    parser.add_argument("--players", default="2,3,4", help="table sizes, separated by commas")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--options", nargs="*", metavar="NAME=VALUE", help="game options")
    parser.add_argument("--jobs", type=int, default=1, help="processes to play in")
    args = parser.parse_args()
    game = GAMES[args.game]
    options = _options(args.options)
    print(f"{game.title}: one heuristic bot against random bots, {args.games} games per size")
    print("players | heuristic win share | random seat's share | heuristic mean score | "
          "random mean score")
    for players in (int(n) for n in args.players.split(",")):
        result = measure(args.game, players, args.games, args.seed, options, args.jobs)
        print(f"{players:>7} | {result['win_share']:>19.1%} | {result['random_share']:>19.1%} | "
              f"{result['heuristic_score']:>20.2f} | {result['random_score']:>17.2f}", flush=True)


if __name__ == "__main__":
    main()
