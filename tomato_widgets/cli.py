"""The ``tomato-widgets`` command: list games, simulate, validate, show, export, benchmark."""
from __future__ import annotations

import argparse
import json
import math
import re
import sys

from .core.advice import MAX_PLAYOUTS, MAX_SECONDS
from .core.errors import InvalidInputError, capped
from .core.game import CHANCE
from .core.text import for_terminal, quote, with_names

#: the words ``--as`` reads as the all-seeing view (leaving ``--as`` out gives it too)
ALL_SEEING = ("all", "everything")
_WHOLE = re.compile(r"-?[0-9]+")  # ASCII only: int() would also take "٣", " 3 " and "1_0"
_SEAT_NUMBER = re.compile(r"0|[1-9][0-9]*")


class UsageError(Exception):
    """A command line argparse cannot read, reported in one line like every other refusal."""


class _Parser(argparse.ArgumentParser):
    """argparse, but a bad command line is one line (no usage block) and main() returns."""

    def error(self, message):
        message = message.replace("\n", "\\n")  # a value argparse echoes may hold a line break
        raise UsageError(capped(f"{self.prog}: {message} (see {self.prog} --help)"))


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
    from .core.registry import plugins
    for name, package in plugins().items():
        game = package.game
        say(f"{name}: {game.title}, {game.min_players}-{game.max_players} players. {game.summary}")
        for option in game.options:
            say(f"    {option.describe()}")
        say(f"    bots: {', '.join(package.bots)}")
    return 0


def cmd_simulate(args) -> int:
    from .core.play import play_game
    from .games import get_game, make_bot
    game = get_game(args.game)
    if args.players is None:
        args.players = game.min_players
    kinds = ("heuristic" if args.bots is None else args.bots).split(",")
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


def _players_named(players, limit: int = 200) -> str:
    """The players' names, quoted, for a refusal: as many as fit in about ``limit`` characters."""
    shown = []
    for name in players:
        shown.append(quote(name, limit=20))
        if len(", ".join(shown)) > limit and len(shown) < len(players):
            return f"{', '.join(shown)} and {len(players) - len(shown)} more"
    return ", ".join(shown)


def _refuse_as(who: str, problem: str, players) -> InvalidInputError:
    return InvalidInputError(f"--as {quote(who)} {problem}; the players are "
                             f"{_players_named(players)}")


def _seat_form(who: str, players) -> int | None:
    """The seat ``seat:N`` or ``seat N`` names, None if ``who`` is not written so; refuses a
    badly written one (seat:02, seat:²) rather than read it some other way."""
    head, number = who[:5], who[5:]
    if head not in ("seat:", "seat "):
        return None
    last = len(players) - 1
    if not _SEAT_NUMBER.fullmatch(number):
        raise _refuse_as(who, f"is not a seat: a seat number is written in the digits 0-9, without "
                              f"leading zeros, from 0 (the first seat) to {last}", players)
    if len(number) > len(str(last)) or int(number) > last:
        raise _refuse_as(who, f"is not a seat: the seats are 0 (the first) to {last}", players)
    return int(number)


def _keyword(who: str, players) -> tuple[int | None, str, str] | None:
    """What ``who`` means besides a name, if anything: the all-seeing view or a seat:N, with
    words for a refusal (what it means, and how else to ask for that)."""
    if who in ALL_SEEING:
        return None, "the all-seeing view", "leave --as out for the all-seeing view"
    seat = _seat_form(who, players)
    if seat is None:
        return None
    spelling = f'"seat {seat}"' if who.startswith("seat:") else f"seat:{seat}"
    return seat, f"seat {seat}", f"write --as {spelling} for seat {seat}"


def _seat(record, who: str | None) -> int | None:
    """The seat whose view ``--as`` asks for; None is the all-seeing view.

    A name always means the player of that name, and a seat by number is written seat:N
    (0-based, as in records), so a player named "2" is never taken for seat 2. A value that
    could mean two things (a player named "all", two players of one name) is refused: a
    guess could show one player another's hidden cards."""
    if who is None:
        return None
    players = record.players
    named = [seat for seat, name in enumerate(players) if name == who]
    if len(named) > 1:
        seats = ", ".join(map(str, named[:-1])) + f" and {named[-1]}"
        raise _refuse_as(who, f"is ambiguous: seats {seats} have that name; write --as "
                              f"seat:N with one of those seat numbers", players)
    try:
        reading = _keyword(who, players)
    except InvalidInputError:
        if not named:
            raise
        reading = None  # "seat:02" is no seat: as a player's name it means one thing only
    if reading is None:
        if named:
            return named[0]
        raise _refuse_as(who, "is no player's name; write a name, seat:N for a seat by number "
                              "(0 is the first) or all for the all-seeing view", players)
    meant, what, instead = reading
    if named and named[0] != meant:
        raise _refuse_as(who, f"is ambiguous: it is the name of seat {named[0]} and also means "
                              f"{what}; write --as seat:{named[0]} for that player, or {instead}",
                         players)
    return meant


def cmd_show(args) -> int:
    from .core.records import load_record
    from .core.registry import plugin
    record = load_record(args.file)
    total = len(record.steps)
    step = total if args.step is None else args.step
    if not 0 <= step <= total:
        raise InvalidInputError(f"--step must be between 0 and {total}, not {quote(step)}")
    seat = _seat(record, args.as_player)
    game = record.game
    state = record.states[step]
    view = "everything (all-seeing)" if seat is None else f"{record.players[seat]}'s view"
    say(f"{game.title}: step {step} of {total}, {view}")
    if step:
        made = record.steps[step - 1]
        who = "Chance" if made.player == CHANCE else record.players[made.player]
        action = with_names(game.public_label(record.states[step - 1], made.action,
                                              made.player, seat), record.players)
        say(f"Step {step}: {who}: {action}")
        comment = made.comment_for(seat)
        if comment:
            say(f"  comment: {comment}")
        for event in record.events[step - 1]:
            seen = event.seen_by(seat)
            rule = game.rulebook.told(seen)
            say(f"  - {game.explain(seen, record.players)}")
            say(f"      rule: {rule.title} [{rule.id}, {rule.section}]"
                  + (" (our ruling)" if rule.ruling else ""))
    say(plugin(game.name).render_text(game.observe(state, seat), record.players))
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
    try:
        path = widget.save_html(args.output)
    finally:
        widget.close()
    view = "all-seeing" if seat is None else f"{record.players[seat]}'s view"
    say(f"wrote {path} ({path.stat().st_size / 1e6:.1f} MB, every step in the page): "
        f"{len(record.steps)} steps, {view}")
    return 0


def _check_table(games, players: int) -> None:
    """Refuse a --players some game to measure cannot seat, before any result is printed."""
    for game in games:
        if not game.min_players <= players <= game.max_players:
            hint = "" if len(games) == 1 else (
                f" (without --game every game is measured: all of them seat "
                f"{max(g.min_players for g in games)} to {min(g.max_players for g in games)})")
            raise InvalidInputError(f"--players {quote(players)}: {game.title} is for "
                                    f"{game.min_players} to {game.max_players} players{hint}")


def cmd_bench(args) -> int:
    from .core.bench import bench_game, format_result, table_size
    from .games import GAMES, get_game
    games = [get_game(name) for name in ([args.game] if args.game is not None else GAMES)]
    if args.players is not None:
        _check_table(games, args.players)
    for game in games:
        players = table_size(game, 4) if args.players is None else args.players
        for line in format_result(bench_game(game, players, args.seconds)):
            say(line, flush=True)
    return 0


def whole_number(text: str) -> int:
    """An integer option in the digits 0-9 only, so that no odd spelling slips through."""
    if not _WHOLE.fullmatch(text):
        raise argparse.ArgumentTypeError(f"expected a whole number in the digits 0-9, "
                                         f"not {quote(text)}")
    if len(text) > 100:  # int() refuses some 4,300 digits with a message we cannot control
        raise argparse.ArgumentTypeError(f"a number of {len(text):,} digits is far too large")
    return int(text)


def file_name(text: str) -> str:
    """A file to read or write: an empty name would quietly mean the current folder."""
    if not text:
        raise argparse.ArgumentTypeError("expected a file name, not an empty one")
    return text


def seconds(text: str) -> float:
    """A benchmark's or a search's duration: 0 would divide by zero and nan or inf would
    never end; more than an hour (MAX_SECONDS) is surely a slip."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, "
                                         f"not {quote(text)}") from None
    if not (math.isfinite(value) and 0 < value <= MAX_SECONDS):
        raise argparse.ArgumentTypeError(f"must be more than 0 and at most {MAX_SECONDS:g} "
                                         f"seconds, not {quote(text)}")
    return value


def playouts(text: str) -> int:
    """A search's number of playouts: at most MAX_PLAYOUTS, about as long as the longest
    --seconds in the slowest searches (more would run for hours and print nothing)."""
    value = whole_number(text)
    if not 1 <= value <= MAX_PLAYOUTS:
        raise argparse.ArgumentTypeError(f"must be a whole number from 1 to {MAX_PLAYOUTS:,}, "
                                         f"not {quote(text)}")
    return value


def _advised_seat(record, who: str) -> int:
    """The player ``--as`` names for advice or a review: a name (in any case, when that is
    unambiguous) or seat:N. The all-seeing view makes no moves, so it gets no advice."""
    players = record.players
    try:
        seat = _seat(record, who)
    except InvalidInputError:
        if who in players or who.startswith(("seat:", "seat ")):
            raise  # an ambiguous name, a badly written seat: _seat says why
        alike = [i for i, name in enumerate(players) if name.casefold() == who.casefold()]
        if len(alike) == 1:
            return alike[0]  # the name written in another case
        if alike:
            raise _refuse_as(who, f"is the name of seats {', '.join(map(str, alike))} written "
                                  "in other cases; write --as seat:N for one of them", players)
        raise _refuse_as(who, "is no player's name; write a name, or seat:N for a seat by "
                              "number (0 is the first)", players) from None
    if seat is None:
        raise _refuse_as(who, "is the all-seeing view, which makes no moves to advise on; name "
                              "a player or write seat:N", record.players)
    return seat


def cmd_advise(args) -> int:
    from .core.advice import advice_json, advice_lines, advise, played_move
    from .core.records import load_record
    record = load_record(args.file)
    seat = _advised_seat(record, args.as_player)
    search = advise(record, args.step, seat, seconds=args.seconds, playouts=args.playouts,
                    seed=args.seed, rollout=args.rollout)
    played = played_move(record, args.step, seat)
    if args.json:
        say(json.dumps(advice_json(search, record.players, played, step=args.step),
                       indent=1, ensure_ascii=False))
    else:
        for line in advice_lines(search, record.players, played, step=args.step):
            say(line)
    return 0


def cmd_review(args) -> int:
    from .core.records import load_record
    from .core.review import review
    record = load_record(args.file)
    seat = _advised_seat(record, args.as_player)
    progress = None
    if sys.stderr.isatty():  # a long review shows it is working; a pipe or a log gets no \r
        import time
        start = time.perf_counter()

        def progress(done, total, step):
            left = (time.perf_counter() - start) / done * (total - done)
            sys.stderr.write(f"\rreviewed {done} of {total} decisions (step {step}), "
                             f"about {left:.0f} s left ")
            sys.stderr.write("\n" if done == total else "")
            sys.stderr.flush()
    result = review(record, seat, playouts=args.playouts, seconds_per_decision=args.seconds,
                    decisions=args.last, seed=args.seed, rollout=args.rollout, top=args.top,
                    on_progress=progress)
    if args.json:
        say(json.dumps(result.to_json(), indent=1, ensure_ascii=False))
    else:
        for line in result.lines():
            say(line)
    return 0


def _add_advice_commands(sub) -> None:
    """The ``advise`` and ``review`` subcommands (``core.advice``, ``core.review``)."""
    advise = sub.add_parser("advise", help="rate every move a player could make at one step "
                                           "of a record, by playing the game out many times")
    advise.add_argument("file", type=file_name)
    advise.add_argument("--step", type=whole_number, required=True,
                        help="the decision taken from the position after this many steps "
                             "(the position show --step shows)")
    advise.add_argument("--as", dest="as_player", metavar="WHO", required=True,
                        help="the player to advise: a name or seat:N (0 is the first seat)")
    budget = advise.add_mutually_exclusive_group()
    budget.add_argument("--seconds", type=seconds,
                        help=f"how long to think, at most {MAX_SECONDS:g} (default: 2)")
    budget.add_argument("--playouts", type=playouts,
                        help=f"how many games to play out, at most {MAX_PLAYOUTS:,} (the same "
                             "seed and playouts give the same advice)")
    advise.add_argument("--seed", type=whole_number, default=0,
                        help="the same seed and playouts give the same advice")
    advise.add_argument("--rollout", choices=("heuristic", "random", "own-turn"), default=None,
                        help="the bots that play the games out (default: the game's choice)")
    advise.add_argument("--json", action="store_true", help="print the advice as JSON")
    rev = sub.add_parser("review", help="a player's costliest decisions in a record and what "
                                        "decided the game")
    rev.add_argument("file", type=file_name)
    rev.add_argument("--as", dest="as_player", metavar="WHO", required=True,
                     help="the player to review: a name or seat:N (0 is the first seat)")
    budget = rev.add_mutually_exclusive_group()
    budget.add_argument("--playouts", type=playouts,
                        help=f"games played out per decision (default: 20, at most "
                             f"{MAX_PLAYOUTS:,}; the time a review takes grows with it and "
                             "with the number of decisions)")
    budget.add_argument("--seconds", type=seconds,
                        help=f"seconds of thought per decision, at most {MAX_SECONDS:g}")
    rev.add_argument("--last", type=whole_number,
                     help="review only the player's last N decisions (default: all of them)")
    rev.add_argument("--top", type=whole_number, default=5,
                     help="how many of the costliest decisions to show (default: 5)")
    rev.add_argument("--seed", type=whole_number, default=0,
                     help="the same seed and playouts give the same review")
    rev.add_argument("--rollout", choices=("heuristic", "random", "own-turn"), default=None,
                     help="the bots that play the games out (default: heuristic; random is "
                          "many times faster and judges the moves more roughly)")
    rev.add_argument("--json", action="store_true", help="print the review as JSON")


AS_HELP = ("whose view: a player's name; seat:N for a seat by number, counted from 0 as in "
           "records (seat:0 is the first player; \"seat N\" works too); or all (or everything) "
           "for the all-seeing view, the default. A value that could mean two things, such as "
           "all when a player is named all, is refused")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="tomato-widgets", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("games", help="list the games, their player counts, options and bots")
    sim = sub.add_parser("simulate", help="play a bot game and write it as a record")
    sim.add_argument("game")
    sim.add_argument("--players", type=whole_number)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--bots", help="bot kind for every seat, or one per seat separated by commas")
    sim.add_argument("--option", action="append", metavar="NAME=VALUE", help="a game option")
    sim.add_argument("-o", "--output", type=file_name,
                     help="record file to write (default: print the JSON)")
    val = sub.add_parser("validate", help="check that a record replays")
    val.add_argument("file", type=file_name)
    show = sub.add_parser("show", help="a record's state and explanations at one step, as text")
    show.add_argument("file", type=file_name)
    show.add_argument("--step", type=whole_number, help="step number (default: the last)")
    show.add_argument("--as", dest="as_player", metavar="WHO", help=AS_HELP)
    export = sub.add_parser("export", help="write a record as one self-contained HTML replay")
    export.add_argument("file", type=file_name)
    export.add_argument("-o", "--output", required=True, type=file_name,
                        help="the HTML file to write")
    export.add_argument("--as", dest="as_player", metavar="WHO", help=AS_HELP)
    bench = sub.add_parser("bench", help="measure random self-play speed")
    bench.add_argument("--game", help="the game to measure (default: every game)")
    bench.add_argument("--players", type=whole_number,
                       help="players at the table (default: 4, or the nearest the game takes)")
    bench.add_argument("--seconds", type=seconds, default=3.0,
                       help=f"seconds of self-play per game, more than 0 and at most "
                            f"{MAX_SECONDS:g} (default: 3; the other measures add as much again)")
    _add_advice_commands(sub)
    return parser


COMMANDS = {"games": cmd_games, "simulate": cmd_simulate, "validate": cmd_validate,
            "show": cmd_show, "export": cmd_export, "bench": cmd_bench}
COMMANDS.update(advise=cmd_advise, review=cmd_review)


def main(argv=None) -> int:
    try:
        args = build_parser().parse_args(argv)
    except UsageError as error:  # exit status 2, as argparse gives a command line it cannot read
        say(error, file=sys.stderr)
        return 2
    try:
        return COMMANDS[args.command](args)
    except (ValueError, OSError) as error:  # our errors are ValueErrors with a clear sentence
        say(f"tomato-widgets {args.command}: {error}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
