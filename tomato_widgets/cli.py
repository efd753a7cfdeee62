"""The ``tomato-widgets`` command: list games, simulate, validate, show, export, benchmark."""
from __future__ import annotations

import argparse
import json
import sys

from .core.errors import InvalidInputError
from .core.game import CHANCE
from .core.text import for_terminal


def say(text="", file=None, flush: bool = False) -> None:
    """Print a line with every control character a terminal would obey made visible: names,
    comments and headers come from records, and an escape sequence in them must not retitle
    the window or clear the screen."""
    print(for_terminal(str(text)), file=file or sys.stdout, flush=flush)


def _parse_options(pairs):
    options = {}
    for pair in pairs or ():
        name, sep, value = pair.partition("=")
        if not sep or not name:
            raise InvalidInputError(f"an option is NAME=VALUE, not {pair!r}")
        try:
            options[name] = json.loads(value)
        except json.JSONDecodeError:
            options[name] = value
    return options


def cmd_games(args) -> int:
    from .games import PACKAGES
    for name, package in PACKAGES.items():
        game = package.GAME
        say(f"{name}: {game.title}, {game.min_players}-{game.max_players} players. {game.summary}")
        for option in game.options:
            say(f"    {option.describe()}")
        say(f"    bots: {', '.join(package.BOTS)}")
    return 0


def cmd_simulate(args) -> int:
    from .core.play import play_game
    from .games import get_game, make_bot
    game = get_game(args.game)
    if args.players is None:
        args.players = game.min_players
    kinds = (args.bots or "heuristic").split(",")
    if len(kinds) == 1:
        kinds = kinds * args.players
    if len(kinds) != args.players:
        raise InvalidInputError(f"--bots names {len(kinds)} bots for {args.players} players")
    game.new_game(args.players, _parse_options(args.option))  # refuse bad input before the bots
    bots = [make_bot(game.name, kind, f"{args.seed}-{seat}") for seat, kind in enumerate(kinds)]
    names = [f"{kind.capitalize()} {seat + 1}" for seat, kind in enumerate(kinds)]
    record = play_game(game, bots, seed=args.seed, options=_parse_options(args.option), names=names)
    record.headers.update({"generator": "tomato-widgets simulate", "seed": str(args.seed)})
    if args.output:
        record.save(args.output)
        outcome = record.outcome
        winners = (", ".join(record.players[w] for w in outcome.winners)
                   or "nobody (a game alone, lost)")
        say(f"wrote {args.output}: {len(record.steps)} steps; won by {winners}")
    else:
        say(record.dumps())
    return 0


def cmd_validate(args) -> int:
    from .core.records import load_record
    record = load_record(args.file)
    outcome = record.outcome
    state = "finished" if outcome else "unfinished"
    say(f"ok: {record.game.name}, {len(record.players)} players, {len(record.steps)} steps, {state}")
    return 0


def _seat(record, who: str) -> int | None:
    if who in (None, "all"):
        return None
    if who.isdigit() and int(who) < len(record.players):
        return int(who)
    if who in record.players:
        return record.players.index(who)
    raise InvalidInputError(f"--as takes a seat number 0-{len(record.players) - 1}, a player's name "
                            f"or 'all', not {who!r}")


def cmd_show(args) -> int:
    from .core.records import load_record
    from .games import game_package
    record = load_record(args.file)
    total = len(record.steps)
    step = total if args.step is None else args.step
    if not 0 <= step <= total:
        raise InvalidInputError(f"--step must be between 0 and {total}, not {step}")
    seat = _seat(record, args.as_player)
    game = record.game
    state = record.states[step]
    view = "everything (all-seeing)" if seat is None else f"{record.players[seat]}'s view"
    say(f"{game.title}: step {step} of {total}, {view}")
    if step:
        made = record.steps[step - 1]
        who = "Chance" if made.player == CHANCE else record.players[made.player]
        action = game.public_label(record.states[step - 1], made.action, made.player, seat)
        say(f"Step {step}: {who}: {action}")
        comment = made.comment_for(seat)
        if comment:
            say(f"  comment: {comment}")
        for event in record.events[step - 1]:
            seen = event.seen_by(seat)
            rule = game.rulebook[event.rule]
            say(f"  - {game.explain(seen, record.players)}")
            say(f"      rule: {rule.title} [{rule.id}, {rule.section}]"
                  + (" (our ruling)" if rule.ruling else ""))
    say(game_package(game.name).render_text(game.observe(state, seat), record.players))
    outcome = game.outcome(state)
    if outcome:
        winners = (", ".join(record.players[w] for w in outcome.winners)
                   or "nobody (a game alone, lost)")
        say(f"Result: won by {winners}; scores {list(outcome.scores)}")
    return 0


def cmd_export(args) -> int:
    from .core.records import load_record
    from .widgets import replay
    record = load_record(args.file)
    seat = _seat(record, args.as_player)
    widget = replay(record, perspective=seat, perspectives=[seat])
    path = widget.save_html(args.output)
    view = "all-seeing" if seat is None else f"{record.players[seat]}'s view"
    say(f"wrote {path} ({path.stat().st_size / 1e6:.1f} MB, every step in the page): "
        f"{len(record.steps)} steps, {view}")
    return 0


def cmd_bench(args) -> int:
    from .core.bench import bench_game, format_result, table_size
    from .games import GAMES, get_game
    names = [args.game] if args.game else list(GAMES)
    for name in names:
        game = get_game(name)
        players = args.players or table_size(game, 4)
        for line in format_result(bench_game(game, players, args.seconds)):
            say(line, flush=True)
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="tomato-widgets", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("games", help="list the games, their player counts, options and bots")
    sim = sub.add_parser("simulate", help="play a bot game and write it as a record")
    sim.add_argument("game")
    sim.add_argument("--players", type=int)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--bots", help="bot kind for every seat, or one per seat separated by commas")
    sim.add_argument("--option", action="append", metavar="NAME=VALUE", help="a game option")
    sim.add_argument("-o", "--output", help="record file to write (default: print the JSON)")
    val = sub.add_parser("validate", help="check that a record replays")
    val.add_argument("file")
    show = sub.add_parser("show", help="a record's state and explanations at one step, as text")
    show.add_argument("file")
    show.add_argument("--step", type=int, help="step number (default: the last)")
    show.add_argument("--as", dest="as_player", help="seat number or name whose view to show")
    export = sub.add_parser("export", help="write a record as one self-contained HTML replay")
    export.add_argument("file")
    export.add_argument("-o", "--output", required=True, help="the HTML file to write")
    export.add_argument("--as", dest="as_player", help="seat number or name whose view to show")
    bench = sub.add_parser("bench", help="measure random self-play speed")
    bench.add_argument("--game")
    bench.add_argument("--players", type=int)
    bench.add_argument("--seconds", type=float, default=3.0)
    return parser


COMMANDS = {"games": cmd_games, "simulate": cmd_simulate, "validate": cmd_validate,
            "show": cmd_show, "export": cmd_export, "bench": cmd_bench}


def main(argv=None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return COMMANDS[args.command](args)
    except (ValueError, OSError) as error:  # our errors are ValueErrors with a clear sentence
        say(f"tomato-widgets {args.command}: {error}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
