"""Advice on one decision of a recorded game: how each legal move of one player rates there.

A learner replaying a game asks "was that a good move, and what else could I have done?".
``advise`` checks the question (which step, whose decision) and hands it to the search
(``core.search``), which sees only what that player could know then. The rest turns the
ratings into lines a learner reads and data the widget shows.

Steps are counted as in ``play_from`` (``widgets.shell``): step K is the decision taken
from the position after K steps, so ``record.steps[K]`` is the move that was made there.
"""
from __future__ import annotations

import math
from typing import Any, Sequence

from .errors import InvalidInputError
from .game import CHANCE, Game
from .search import Rating, Search
from .text import quote, with_names

#: how long advice thinks when neither ``seconds`` nor ``playouts`` is given
DEFAULT_SECONDS = 2.0
#: the longest a search may be asked to think: an hour (the command line's --seconds limit)
MAX_SECONDS = 3600.0
#: the most playouts a search may be asked for: about an hour in the slowest searches (some
#: 20 playouts a second: Diced Tomatoes early on, Tomate at 13 players), as MAX_SECONDS is;
#: margins are well under a point long before
MAX_PLAYOUTS = 100_000
#: the smallest gap between shares (10 percentage points) a "why" sentence reports
NOTABLE = 0.10
#: the smallest difference in win chance (5 points) that makes a rule worth naming in "why"
LINKED = 0.05


# ---- checking the question ----------------------------------------------------------------
def _players(players: Sequence[str]) -> str:
    return ", ".join(f"{quote(name, 20)} (seat {seat})" for seat, name in enumerate(players))


def seat_of(record, seat: Any) -> int:
    """The seat ``seat`` means: a seat number, or a player's name (exact first, then in any
    case). A name two players share, or that only differs in case, is refused, not guessed."""
    players = record.players
    if isinstance(seat, int) and not isinstance(seat, bool):
        if 0 <= seat < len(players):
            return seat
        raise InvalidInputError(f"there is no seat {quote(seat)}; the seats are 0 to "
                                f"{len(players) - 1}: {_players(players)}")
    if not isinstance(seat, str):
        raise InvalidInputError(f"a seat is a seat number or a player's name, not {quote(seat)}")
    found = [i for i, name in enumerate(players) if name == seat]
    if not found:
        found = [i for i, name in enumerate(players) if name.casefold() == seat.casefold()]
    if len(found) == 1:
        return found[0]
    if found:
        raise InvalidInputError(f"{quote(seat)} names seats {', '.join(map(str, found))}: "
                                "give the seat number instead")
    raise InvalidInputError(f"no player is called {quote(seat)}; the players are "
                            f"{_players(players)}")


def check_step(record, step: Any) -> int:
    total = len(record.steps)
    if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= total:
        raise InvalidInputError(f"there is no step {quote(step)}: this record's steps are 0 "
                                f"(the start) to {total} (the position after its last move)")
    return step


def _who_decides(record, step: int) -> str:
    actors = record.game.to_act(record.states[step])
    if actors and actors[0] == CHANCE:
        return "chance decides there (a shuffle, a deal or a roll)"
    names = [record.players[seat] for seat in actors]
    return f"{' and '.join(names)} {'decides' if len(names) == 1 else 'decide'} there"


def _nearest(record, step: int, seat: int) -> str:
    """Where the seat does decide, as a hint for a refusal."""
    steps = record.steps
    later = next((k for k in range(step, len(steps)) if steps[k].player == seat), None)
    if later is not None:
        return f"; {record.players[seat]} decides next at step {later}"
    earlier = next((k for k in range(min(step, len(steps)) - 1, -1, -1)
                    if steps[k].player == seat), None)
    if earlier is not None:
        return f"; {record.players[seat]} last decided at step {earlier}"
    return f"; {record.players[seat]} makes no decision in this record"


def check_decision(record, step: Any, seat: Any) -> tuple[int, int]:
    """(step, seat) when that seat decides at that step, else a refusal saying why."""
    step = check_step(record, step)
    seat = seat_of(record, seat)
    actors = record.game.to_act(record.states[step])
    if not actors:
        raise InvalidInputError(f"the game is over at step {step}: nobody decides there"
                                + _nearest(record, step, seat))
    if seat not in actors:
        raise InvalidInputError(f"{record.players[seat]} does not decide at step {step}: "
                                f"{_who_decides(record, step)}" + _nearest(record, step, seat))
    return step, seat


def check_budget(seconds: Any, playouts: Any, default_seconds: float | None = DEFAULT_SECONDS):
    """(seconds, playouts) for ``Search.run``: positive numbers within MAX_SECONDS and
    MAX_PLAYOUTS (a search asked for more would hold the caller for hours), a default when
    both are None."""
    if seconds is None and playouts is None:
        return default_seconds, None
    if seconds is not None and (isinstance(seconds, bool) or not isinstance(seconds, (int, float))
                                or not math.isfinite(seconds) or not 0 < seconds <= MAX_SECONDS):
        raise InvalidInputError(f"seconds must be a number above 0 and at most {MAX_SECONDS:g}, "
                                f"not {quote(seconds)}")
    if playouts is not None and (isinstance(playouts, bool) or not isinstance(playouts, int)
                                 or not 1 <= playouts <= MAX_PLAYOUTS):
        raise InvalidInputError(f"playouts must be a whole number from 1 to {MAX_PLAYOUTS:,}, "
                                f"not {quote(playouts)}")
    return seconds, playouts


def check_rollout(game: Game, rollout: Any) -> str:
    """The bot kind to play out with: one the game has (None: the game's own choice)."""
    if rollout is None:
        return game.search_rollout
    from .search import rollout_kinds
    kinds = rollout_kinds(game.name)
    if rollout not in kinds:
        raise InvalidInputError(f"the games are played out by one of {', '.join(kinds)}, "
                                f"not {quote(rollout)}")
    return rollout


# ---- asking ---------------------------------------------------------------------------------
def advise(record, step: int, seat: int | str, *, seconds: float | None = None,
           playouts: int | None = None, seed: int | str = 0,
           rollout: str | None = None) -> Search:
    """Rate every legal move of ``seat`` (a seat number or a player's name) at step ``step``
    of ``record`` (a GameRecord, a path or JSON text). Thinks ``playouts`` playouts or
    ``seconds`` (default 2 s); the same seed and playouts give the same ratings."""
    from .records import load_record  # records import much of core; keep this module light
    record = load_record(record)
    step, seat = check_decision(record, step, seat)
    seconds, playouts = check_budget(seconds, playouts)
    rollout = check_rollout(record.game, rollout)
    search = Search(record.game, record.states[step], seat, seed=seed, rollout=rollout)
    search.run(playouts=playouts, seconds=seconds)
    if not search.playouts:  # a very short time: one playout all the same
        search.run(playouts=1)
    return search


def played_move(record, step: int, seat: int) -> str | None:
    """The move ``seat`` made at its decision at ``step``: the step itself, or, where several
    decide at once and another committed first, the seat's own later step of that decision.
    None when the record stops before it."""
    steps, game = record.steps, record.game
    for k in range(step, len(steps)):
        if seat not in game.to_act(record.states[k]):
            return None
        if steps[k].player == seat:
            return steps[k].action
    return None


# ---- telling --------------------------------------------------------------------------------
def why(game: Game, ratings: Sequence[Rating], rating: Rating, names: Sequence[str]) -> str | None:
    """Why ``rating`` stands where it does, in a sentence: a rule (an event naming the player
    soon after the move) that follows this move more or less often than the others (10
    points or more) *and* goes with winning or losing: over all playouts, games where it
    happened were won 5 points more or less often than games where it did not. Of those, the
    one whose gap times its link to winning is largest. It says what tends to follow, not
    that the move causes it. A rule that follows exactly as often as a win, after every move,
    is the win being announced: it explains nothing and is passed over."""
    others = [r for r in ratings if r.action != rating.action and r.playouts]
    if not rating.playouts or not others:
        return None
    everyone = (rating, *others)
    playouts = sum(r.playouts for r in everyone)
    wins = sum(r.wins for r in everyone)
    rules = set(rating.consequences).union(*(r.consequences for r in others))
    found = None
    for rule in sorted(rules):
        if rule not in game.rulebook or all(
                abs(r.share_of(rule) - r.win_chance) < 1e-9 for r in everyone):
            continue
        mine = rating.share_of(rule)
        theirs = sum(r.share_of(rule) for r in others) / len(others)
        happened = sum(r.consequences.get(rule, 0) for r in everyone)
        if not 0 < happened < playouts:
            continue
        won_with = sum(r.consequence_wins.get(rule, 0.0) for r in everyone) / happened
        won_without = (wins - won_with * happened) / (playouts - happened)
        gap, link = abs(mine - theirs), abs(won_with - won_without)
        if gap >= NOTABLE - 1e-9 and link >= LINKED - 1e-9 and (
                found is None or gap * link > found[0]):
            found = (gap * link, rule, mine, theirs, won_with, won_without)
    if found is None:
        return None
    _, rule, mine, theirs, won_with, won_without = found
    title = with_names(game.rulebook[rule].title, names)
    after = "the other move" if len(others) == 1 else "the other moves"
    return (f'"{title}" follows {mine:.0%} of the time ({theirs:.0%} after {after}); games '
            f"where it happens are won {won_with:.0%} of the time, others {won_without:.0%}.")


def _count(number: int, word: str) -> str:
    return f"{number:,} {word}" + ("" if number == 1 else "s")


def cut_note(search: Search) -> str | None:
    """What a learner is told when play-outs were stopped unfinished (the game too long to
    play out): they are no result, and the ratings leave them out. None when none was."""
    cut, total = search.cut, search.played_out
    if not cut:
        return None
    stopped = (f"all {total:,} play-outs" if cut == total else f"{cut:,} of {total:,} play-outs")
    text = (f"The game is too long to play out from here: {stopped} stopped unfinished after "
            f"{search.max_steps:,} steps")
    if cut == total:
        return f"{text}, so no move can be rated."
    return f"{text}; the ratings count only the {total - cut:,} that reached the end."


def _chance(rating: Rating) -> str:
    if rating.unrated:
        return "not rated"
    return f"win {rating.win_chance:.0%} ± {rating.margin * 100:.0f}"


def _games(rating: Rating) -> str:
    """How many play-outs a rating counts, and how many more were stopped unfinished."""
    if rating.unrated:
        return f"{_count(rating.cut, 'playout')}, all stopped unfinished"
    text = _count(rating.playouts, "playout")
    return f"{text} ({rating.cut:,} more stopped unfinished)" if rating.cut else text


def _share(rating: Rating) -> str:
    return "not rated" if rating.unrated else f"{rating.win_chance:.0%}"


def _check_played(search: Search, played: str | None) -> None:
    if played is not None and played not in search.ratings_by_action:
        raise InvalidInputError(f"{quote(played)} is not one of the moves rated here")


def advice_lines(search: Search, names: Sequence[str], played: str | None = None, *,
                 step: int | None = None) -> list[str]:
    """The advice as text: a heading, the played move against the best, then one line per
    move, best first. ``played``: the action id that was played (marked)."""
    _check_played(search, played)
    ratings = search.ratings()
    where = "" if step is None else f" at step {step}"
    lines = [f"{names[search.seat]}{where} ({search.game.title}): {_count(len(ratings), 'move')}, "
             f"{_count(search.playouts, 'playout')} in {search.seconds:.1f} s"]
    note = cut_note(search)
    if note:
        lines.append(note)
    if played is not None and search.rated:
        lines.append(f"played: {_share(search.ratings_by_action[played])}, "
                     f"best: {_share(ratings[0])}")
    for rank, rating in enumerate(ratings, 1):
        marks = [mark for mark, yes in (("best", rank == 1 and search.rated),
                                        ("played", rating.action == played)) if yes]
        score = "" if rating.unrated else f", mean score {rating.mean_score:.1f}"
        line = (f"{rank}. {with_names(rating.label, names)}: {_chance(rating)}{score}, "
                f"{_games(rating)}")
        if marks:
            line += f" ({', '.join(marks)})"
        reason = why(search.game, ratings, rating, names)
        lines.append(f"{line}. {reason}" if reason else line)
    return lines


def advice_json(search: Search, names: Sequence[str], played: str | None = None, *,
                step: int | None = None) -> dict:
    """The advice as JSON-ready data (the widget, ``--json``): moves best first, each with
    its win chance, margin, mean score, why, and the share of playouts each rule followed;
    ``cut`` and ``note`` say how many play-outs stopped unfinished (``best`` is None when
    every one did: nothing is rated)."""
    _check_played(search, played)
    ratings = search.ratings()
    moves = []
    for rank, rating in enumerate(ratings, 1):
        data = rating.to_json()
        data.update(label=with_names(rating.label, names), rank=rank,
                    best=rank == 1 and search.rated,
                    played=rating.action == played, why=why(search.game, ratings, rating, names),
                    consequences={rule: rating.share_of(rule)
                                  for rule in sorted(rating.consequences)})
        moves.append(data)
    return {"game": search.game.name, "step": step, "seat": search.seat,
            "player": names[search.seat], "playouts": search.playouts,
            "seconds": round(search.seconds, 3), "rollout": search.rollout,
            "cut": search.cut, "note": cut_note(search),
            "best": ratings[0].action if search.rated else None, "played": played,
            "moves": moves}
