"""How much better a game's heuristic bot plays than its random bot, or how much better the
search bot plays than the heuristic bot.

    python benchmarks/bots.py [--game tomatomat] [--games 300] [--players 2,3,4] [--seed 0]
                              [--options rounds=4] [--jobs 2]
    python benchmarks/bots.py --hero search [--seconds 0.1 | --playouts 20]
                              [--rollout heuristic|random|own-turn] [--method flat|tree]
                              [--others heuristic] [...as above]

For each table size: ``--games`` seeded games, one hero bot (``--hero``, by default the
heuristic bot) and ``--others`` bots in the other seats (by default random bots against the
heuristic hero, heuristic bots against any other hero); the hero's seat goes round the
table from game to game. Prints per table size the hero's win share (a shared win counts as
a fraction: 1/winners), what an equal seat would get (1/players; alone at the table, the
other kind's own win rate on the same games), and the mean final score (stars in
Tomatomat, chips in Tomate) of the hero's seat and of the other seats. The same arguments
give the same table, except a search hero thinking for ``--seconds`` (its playouts depend
on the machine's speed); ``--playouts`` gives it a fixed number per decision instead.

With ``--hero search`` (``tomato_widgets.core.search.SearchBot``, rolling out with the
``--rollout`` bots) the table also gives the 95% margin of the win share (normal
approximation over the games), the searched decisions (those with two or more legal moves)
per game, the share of them where it left its heuristic move for one the playouts showed
surely better, the mean thinking time per searched decision, and the seconds per game.

While it plays, a line on stderr every tenth of the games says how far it is.
"""
from __future__ import annotations

import argparse
import json
import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from tomato_widgets.core.play import play_game
from tomato_widgets.games import GAMES, make_bot


def _number(score) -> float:
    """A final score as one number (a tuple score ranks by its first part)."""
    if isinstance(score, (tuple, list)):
        return float(score[0]) if score else 0.0
    return float(score)


def one_game(game_name: str, players: int, number: int, seed: int, options: dict | None,
             hero_kind: str = "heuristic", others_kind: str = "random",
             settings: dict | None = None):
    """(the hero seat's win share, its score, the other seats' mean score, an equal seat's
    win share, the hero's searched decisions, its thinking seconds, the decisions where it left
    its anchor's move). Alone at the table (a
    solo game) the same deal is played again by an ``others_kind`` bot: its win and score
    are what the hero is measured against."""
    hero = number % players
    game_seed = f"{seed}-{players}-{number}"
    bots = [make_bot(game_name, hero_kind if seat == hero else others_kind, f"{game_seed}-{seat}",
                     **(settings or {}) if seat == hero else {})
            for seat in range(players)]
    record = play_game(GAMES[game_name], bots, seed=game_seed, options=options)
    outcome = record.outcome
    share = 1 / len(outcome.winners) if hero in outcome.winners else 0.0
    decisions = getattr(bots[hero], "decisions", 0)
    thinking = getattr(bots[hero], "thinking", 0.0)
    left = getattr(bots[hero], "left_anchor", 0)
    if players == 1:
        alone = play_game(GAMES[game_name], [make_bot(game_name, others_kind, f"{game_seed}-0")],
                          seed=game_seed, options=options).outcome
        return (share, _number(outcome.scores[0]), _number(alone.scores[0]),
                float(bool(alone.winners)), decisions, thinking, left)
    others = [_number(score) for seat, score in enumerate(outcome.scores) if seat != hero]
    return (share, _number(outcome.scores[hero]), sum(others) / len(others), 1 / players,
            decisions, thinking, left)


def _run(job):
    return one_game(*job)


def _reported(results, players: int, games: int, start: float) -> list:
    """The games' results as they come, with a line on stderr every tenth of the games (a
    search hero's hundred games can take an hour): how many are done, the hero's win share
    so far, and the time taken."""
    done = []
    every = max(1, games // 10)
    for result in results:
        done.append(result)
        if len(done) % every == 0 and len(done) < games:
            share = sum(r[0] for r in done) / len(done)
            print(f"  {players} players: {len(done)}/{games} games, hero's win share so far "
                  f"{share:.1%}, {time.perf_counter() - start:.0f} s", file=sys.stderr, flush=True)
    return done


def measure(game_name: str, players: int, games: int, seed: int = 0, options: dict | None = None,
            jobs: int = 1, hero_kind: str = "heuristic", others_kind: str = "random",
            settings: dict | None = None) -> dict:
    work = [(game_name, players, number, seed, options, hero_kind, others_kind, settings)
            for number in range(games)]
    start = time.perf_counter()
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            results = _reported(pool.map(_run, work, chunksize=8), players, games, start)
    else:
        results = _reported(map(_run, work), players, games, start)
    elapsed = time.perf_counter() - start
    share = sum(r[0] for r in results) / games
    spread = (sum((r[0] - share) ** 2 for r in results) / (games - 1)) if games > 1 else 0.0
    decisions = sum(r[4] for r in results)
    return {"players": players, "games": games,
            "win_share": share,
            "margin": 1.96 * math.sqrt(spread / games) if games > 1 else 1.0,
            "heuristic_score": sum(r[1] for r in results) / games,
            "random_score": sum(r[2] for r in results) / games,
            "random_share": sum(r[3] for r in results) / games,
            "decisions": decisions,
            "thinking": sum(r[5] for r in results) / decisions if decisions else 0.0,
            "left": sum(r[6] for r in results) / decisions if decisions else 0.0,
            "seconds_per_game": elapsed / games}


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
    parser.add_argument("--hero", default="heuristic",
                        help="the measured bot: heuristic, search, ...")
    parser.add_argument("--others", help="the bots in the other seats (default: random against "
                                         "the heuristic hero, else heuristic)")
    parser.add_argument("--seconds", type=float, help="the search hero's thinking time per "
                                                      "decision (default 0.1)")
    parser.add_argument("--playouts", type=int, help="the search hero's playouts per decision "
                                                     "(instead of --seconds: reproducible)")
    parser.add_argument("--rollout", default=None, help="the search hero's rollout bots "
                        "(default: the game's choice)")
    parser.add_argument("--method", default="flat", choices=("flat", "tree"),
                        help="the search hero's method: flat (the search bot) or tree "
                             "(information-set tree search; --playouts counts its iterations)")
    args = parser.parse_args()
    game = GAMES[args.game]
    options = _options(args.options)
    others = args.others or ("random" if args.hero == "heuristic" else "heuristic")
    settings = None
    if args.hero == "search":
        settings = {"rollout": args.rollout, "method": args.method}
        if args.playouts:
            settings.update(playouts=args.playouts, seconds=None)
        else:
            settings["seconds"] = args.seconds or 0.1
    elif args.seconds or args.playouts:
        parser.error("--seconds and --playouts are for --hero search")
    if args.hero == "heuristic" and others == "random":  # the original table, as it was
        print(f"{game.title}: one heuristic bot against random bots, {args.games} games per size")
        print("players | heuristic win share | random seat's share | heuristic mean score | "
              "random mean score")
    else:
        what = args.hero
        if settings:
            budget = (f"{settings['playouts']} playouts" if settings.get("playouts")
                      else f"{settings['seconds']} s")
            method = "tree search" if args.method == "tree" else "search"
            what = f"{method} bot ({budget} per decision, {args.rollout or game.search_rollout} rollouts)"
        print(f"{game.title}: one {what} against {others} bots, {args.games} games per size")
        print("players | hero win share (95%)  | equal seat's share | hero mean score | "
              "others' mean score | searched decisions/game | left heuristic | thinking/decision | s/game")
    for players in (int(n) for n in args.players.split(",")):
        result = measure(args.game, players, args.games, args.seed, options, args.jobs,
                         args.hero, others, settings)
        if args.hero == "heuristic" and others == "random":
            print(f"{players:>7} | {result['win_share']:>19.1%} | "
                  f"{result['random_share']:>19.1%} | {result['heuristic_score']:>20.2f} | "
                  f"{result['random_score']:>17.2f}", flush=True)
            continue
        share = f"{result['win_share']:.1%} ± {result['margin']:.1%}"
        # the tree search keeps no heuristic move to leave
        left = "—" if args.method == "tree" else f"{result['left']:.1%}"
        print(f"{players:>7} | {share:>21} | {result['random_share']:>18.1%} | "
              f"{result['heuristic_score']:>15.2f} | {result['random_score']:>18.2f} | "
              f"{result['decisions'] / result['games']:>23.1f} | {left:>14} | "
              f"{result['thinking']:>15.3f} s | "
              f"{result['seconds_per_game']:>6.2f}", flush=True)


if __name__ == "__main__":
    main()
