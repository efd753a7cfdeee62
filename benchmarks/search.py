"""How fast the search (``tomato_widgets.core.search``) thinks, per game and rollout policy.

    python benchmarks/search.py [--game tomate] [--seconds 1] [--seed 0] [--players 4]
                                [--rollouts heuristic,random] [--margin-decisions 3]
                                [--margin-cap 30] [--profile] [--skip-speed] [--skip-margin]

Decisions are taken from one seeded game of heuristic bots per game (at the table size
nearest ``--players``): the first decision with two or more legal moves at or after 20%, 50%
and 80% of the game's steps (early, middle, late). The same seed gives the same decisions.

Speed table, per game, decision and rollout ("heuristic": the game's heuristic bots play the
game out; "random": random bots do), each searched for ``--seconds`` on one core:
playouts/s (a playout = every legal move tried once in one resampled world), rollouts/s (=
playouts/s x legal moves: one rollout is one move played out to the end), and the time one
``resample_hidden`` call takes at that decision.

Margin table (Tomate, unless ``--game`` names another game): ``--margin-decisions``
decisions of a 4-player game with three or more legal moves (spread over the game), searched
for 2 s: the largest 95% margin of a move's win chance, then searched on (up to
``--margin-cap`` seconds in all) until every move's margin is 3 points or less: the seconds
that took ("<=2" when the 2 s were enough; ">cap" when the cap came first), beside the
estimate from the 2 s search (margin ~ 1/sqrt(playouts)).

``--profile``: per game, cProfile over a search of each decision and rollout, and the share
of the search's time spent (inclusive) in observe, the rollout bots' choose, apply (with
the game's next_state), legal_actions, resample_hidden, sample_chance and outcome (a call
inside another counts in both: a bot that looks ahead calls apply), plus the steps per
rollout (the search's own apply calls). cProfile slows small calls more than big ones: the
shares are a guide, not a measurement.
"""
from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import time

from tomato_widgets.core.bench import table_size
from tomato_widgets.core.game import CHANCE, Game, State
from tomato_widgets.core.play import chance_rng
from tomato_widgets.core.search import Search
from tomato_widgets.core.registry import plugin
from tomato_widgets.games import GAMES, make_bot

POINTS = (("early", 0.2), ("middle", 0.5), ("late", 0.8))
TARGET_MARGIN = 0.03


def heuristic_game(game: Game, players: int, seed) -> list[tuple[int, State, int, int]]:
    """Every decision of one seeded game of heuristic bots: (step, state, seat, legal moves).
    A simultaneous decision gives one entry per seat, its state the one that seat sees
    committed before it (as ``play_game`` commits them one at a time)."""
    bots = [make_bot(game.name, "heuristic", f"{seed}-{seat}") for seat in range(players)]
    rng = chance_rng(seed)
    state = game.new_game(players)
    decisions = []
    step = 0
    while True:
        actors = game.to_act(state)
        if not actors:
            return decisions
        if actors[0] == CHANCE:
            state = game.apply(state, game.sample_chance(state, rng), CHANCE)[0]
        else:
            for seat in actors:
                legal = game.legal_actions(state, seat)
                decisions.append((step, state, seat, len(legal)))
                state = game.apply(state, bots[seat].decide(game, state, seat, legal), seat)[0]
        step += 1


def pick_decisions(game: Game, players: int, seed, min_moves: int = 2,
                   fractions=POINTS) -> list[tuple[str, State, int]]:
    """(where, state, seat) at the given fractions of a seeded heuristic game; when a game
    has no decision with ``min_moves`` moves late enough, the next seeded game is tried."""
    for attempt in range(50):
        decisions = heuristic_game(game, players, f"{seed}-{game.name}-{attempt}")
        steps = decisions[-1][0] + 1 if decisions else 0
        chosen = []
        for where, fraction in fractions:
            found = [(step, state, seat) for step, state, seat, moves in decisions
                     if moves >= min_moves and step >= fraction * steps]
            if not found:
                break
            step, state, seat = found[0]
            chosen.append((f"{where} (step {step}/{steps})", state, seat))
        if len(chosen) == len(fractions):
            return chosen
    raise RuntimeError(f"no {game.name} game with decisions of {min_moves}+ moves where wanted")


def resample_us(game: Game, state: State, seat: int, seconds: float = 0.1) -> float:
    rng = random.Random(0)
    calls = 0
    start = time.perf_counter()
    while not calls or time.perf_counter() - start < seconds:
        game.resample_hidden(state, seat, rng)
        calls += 1
    return (time.perf_counter() - start) / calls * 1e6


def speed_rows(name: str, players: int, seconds: float, seed: int, rollouts) -> list[dict]:
    game = GAMES[name]
    rows = []
    for where, state, seat in pick_decisions(game, players, seed):
        resample = resample_us(game, state, seat)
        for rollout in rollouts:
            search = Search(game, state, seat, seed=seed, rollout=rollout).run(seconds=seconds)
            moves = len(search.actions)
            rows.append({"game": name, "players": players, "where": where, "moves": moves,
                         "rollout": rollout, "playouts": search.playouts,
                         "playouts_per_s": search.playouts / search.seconds,
                         "rollouts_per_s": search.playouts * moves / search.seconds,
                         "resample_us": resample})
    return rows


def print_speed(rows) -> None:
    print("game           | pl | decision              | moves | rollout   | playouts/s | "
          "rollouts/s | resample_hidden")
    for r in rows:
        print(f"{r['game']:<14} | {r['players']:>2} | {r['where']:<21} | {r['moves']:>5} | "
              f"{r['rollout']:<9} | {r['playouts_per_s']:>10.1f} | {r['rollouts_per_s']:>10.1f} | "
              f"{r['resample_us']:>10.1f} us", flush=True)


def margin_rows(name: str, decisions: int, cap: float, seed: int, rollouts) -> list[dict]:
    """Largest margin after 2 s, then seconds until every margin is 3 points or less."""
    game = GAMES[name]
    players = table_size(game, 4)
    fractions = [(f"d{i + 1}", (i + 0.5) / decisions) for i in range(decisions)]
    rows = []
    for where, state, seat in pick_decisions(game, players, seed, min_moves=3, fractions=fractions):
        for rollout in rollouts:
            search = Search(game, state, seat, seed=seed, rollout=rollout).run(seconds=2.0)
            after_2s = max(r.margin for r in search.ratings())
            playouts_2s = search.playouts
            while max(r.margin for r in search.ratings()) > TARGET_MARGIN and search.seconds < cap:
                search.run(seconds=min(0.25, cap - search.seconds))
            worst = max(r.margin for r in search.ratings())
            # margin ~ 1/sqrt(playouts): the playouts, so the seconds, that bring it to 3 points
            estimate = 2.0 * (after_2s / TARGET_MARGIN) ** 2
            rows.append({"game": name, "where": where, "moves": len(search.actions),
                         "rollout": rollout, "playouts_2s": playouts_2s, "margin_2s": after_2s,
                         "reached": worst <= TARGET_MARGIN, "seconds": search.seconds,
                         "playouts": search.playouts, "estimate": estimate,
                         "best": search.ratings()[0]})
    return rows


def print_margin(rows) -> None:
    print(f"\nmargins: 4-player decisions with 3+ moves; largest 95% margin after 2 s, and the "
          f"seconds until every move's margin is {TARGET_MARGIN:.0%} or less")
    print("game           | decision             | moves | rollout   | playouts in 2 s | "
          "largest margin | seconds to 3 pts | (estimate) | best move: win chance")
    for r in rows:
        took = f"{r['seconds']:.1f}" if r["reached"] else f">{r['seconds']:.0f}"
        if r["reached"] and r["playouts"] == r["playouts_2s"]:
            took = "<=2 (at 2 s)"
        best = r["best"]
        print(f"{r['game']:<14} | {r['where']:<20} | {r['moves']:>5} | {r['rollout']:<9} | "
              f"{r['playouts_2s']:>15} | {r['margin_2s']:>13.1%} | {took:>16} | "
              f"{r['estimate']:>9.1f}s | {best.label}: {best.win_chance:.1%}", flush=True)


# ---- profile -----------------------------------------------------------------------
def _code_key(function) -> tuple:
    code = getattr(function, "__func__", function).__code__
    return code.co_filename, code.co_firstlineno, code.co_name


def _where(key: tuple) -> str:
    """A profiled function as "name (package/file:line)"."""
    filename, line, function = key
    if filename == "~":
        return function
    return f"{function} ({'/'.join(filename.split('/')[-2:])}:{line})"


def profile_rows(name: str, players: int, seconds: float, seed: int, rollouts) -> list[dict]:
    game = GAMES[name]
    kind = type(game)
    bots = plugin(name).bots
    parts = {
        "observe": [kind.observe],
        "choose": [bot.choose for bot in bots.values()],
        "apply": [Game.apply],
        "legal_actions": [Game.legal_actions],
        "resample_hidden": [kind.resample_hidden],
        "sample_chance": [kind.sample_chance],
        "outcome": [kind.outcome],
    }
    keys = {part: {_code_key(f) for f in functions} for part, functions in parts.items()}
    search_file = _code_key(Search._play_out)[0]
    rows = []
    decisions = pick_decisions(game, players, seed)
    for rollout in rollouts:
        profile = cProfile.Profile()
        total = playouts = rollouts_done = 0
        for _, state, seat in decisions:
            search = Search(game, state, seat, seed=seed, rollout=rollout)
            profile.enable()
            search.run(seconds=seconds)
            profile.disable()
            total += search.seconds
            playouts += search.playouts
            rollouts_done += search.playouts * len(search.actions)
        stats = pstats.Stats(profile).stats
        shares = {}
        for part, wanted in keys.items():
            shares[part] = sum(entry[3] for key, entry in stats.items() if key in wanted) / total
        # steps the rollouts took: apply calls made by the search itself (a bot that looks
        # ahead calls apply too, and those are not steps of the game)
        applies = sum(calls[1] for key, entry in stats.items() if key in keys["apply"]
                      for caller, calls in entry[4].items() if caller[0] == search_file)
        top = sorted(stats.items(), key=lambda item: -item[1][2])[:5]
        rows.append({"game": name, "rollout": rollout, "shares": shares,
                     "steps_per_rollout": applies / max(1, rollouts_done),
                     "top": [(_where(key), entry[2] / total) for key, entry in top]})
    return rows


def print_profile(rows) -> None:
    print("\nprofile: share of search time (inclusive) per call; cProfile overhead included")
    parts = ("observe", "choose", "apply", "legal_actions", "resample_hidden", "sample_chance",
             "outcome")
    print(f"game           | rollout   | {' | '.join(parts)} | steps/rollout")
    for r in rows:
        shares = " | ".join(f"{r['shares'][p]:>{len(p)}.0%}" for p in parts)
        print(f"{r['game']:<14} | {r['rollout']:<9} | {shares} | {r['steps_per_rollout']:>13.0f}")
        print("    own time: " + ", ".join(f"{label} {share:.0%}" for label, share in r["top"]),
              flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(GAMES), help="one game (default: all)")
    parser.add_argument("--seconds", type=float, default=1.0,
                        help="search time per decision and rollout in the speed table")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--rollouts", default="heuristic,random")
    parser.add_argument("--margin-decisions", type=int, default=3)
    parser.add_argument("--margin-cap", type=float, default=30.0,
                        help="most seconds spent bringing one decision's margins to 3 points")
    parser.add_argument("--profile", action="store_true", help="also profile the searches")
    parser.add_argument("--skip-speed", action="store_true")
    parser.add_argument("--skip-margin", action="store_true")
    args = parser.parse_args()
    names = [args.game] if args.game else list(GAMES)
    rollouts = args.rollouts.split(",")
    if not args.skip_speed:
        rows = []
        for name in names:
            rows += speed_rows(name, table_size(GAMES[name], args.players), args.seconds,
                               args.seed, rollouts)
        print_speed(rows)
    if not args.skip_margin:
        print_margin(margin_rows(args.game or "tomate", args.margin_decisions, args.margin_cap,
                                 args.seed, rollouts))
    if args.profile:
        rows = []
        for name in names:
            rows += profile_rows(name, table_size(GAMES[name], args.players), args.seconds,
                                 args.seed, rollouts)
        print_profile(rows)


if __name__ == "__main__":
    main()
