"""A review of one player's game: the decisions that cost the most win chance, and what
decided the result.

Each decision of the player that had a choice is searched as ``advice.advise`` searches it
(same seed, same budget: a review's numbers for step K are what ``advise`` shows at step K),
and the loss is the best move's win chance minus the played move's. Both come from the same
playouts, so the difference is sharper than either number alone; it is still an estimate,
and each mistake says whether the loss exceeds the margins of the two moves together.

A search costs about the same at every decision, so a review costs the number of decisions
times the budget: ``decisions=N`` reviews only the player's last N decisions with a choice.

Where the game is too long to play out (every play-out of the move played stopped
unfinished, see ``core.search``), a decision cannot be rated: the review counts and names
it rather than call it no mistake.
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from .advice import advise, check_budget, check_rollout, seat_of, why
from .errors import InvalidInputError
from .game import Game
from .registry import plugin
from .text import quote, with_names

#: the playouts per decision when neither ``playouts`` nor ``seconds_per_decision`` is given
DEFAULT_PLAYOUTS = 20
#: fewer playouts than this say little, however much they agree (a margin of 0 after four
#: playouts that all ended alike is an artefact of the normal approximation, not certainty)
MIN_SURE = 10
ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth",
            "ninth", "tenth", "eleventh", "twelfth", "thirteenth")


@dataclass(frozen=True)
class Mistake:
    """One decision where the played move rated below the best one."""

    step: int
    played: str
    played_chance: float
    best: str
    best_chance: float
    #: best_chance - played_chance
    loss: float
    #: the two moves' 95% margins combined (as if independent: a cautious bound)
    margin: float
    why: str | None
    played_action: str
    best_action: str
    #: the playouts behind each of the two win chances
    playouts: int

    @property
    def sure(self) -> bool:
        """Whether the loss is more than the margin, from enough playouts: not likely to be
        the luck of the playouts."""
        return self.playouts >= MIN_SURE and self.loss > self.margin

    def line(self) -> str:
        if self.playouts < MIN_SURE:
            doubt = f"too few playouts ({self.playouts}) to be sure"
        else:
            side = "beyond" if self.sure else "within"
            doubt = f"{side} the margin of ± {self.margin * 100:.0f}"
        text = (f"step {self.step}: played {self.played} (win {self.played_chance:.0%}); best "
                f"{self.best} (win {self.best_chance:.0%}): {self.loss * 100:.0f} points lost, "
                f"{doubt}")
        return f"{text}. {self.why}" if self.why else text

    def to_json(self) -> dict:
        return {"step": self.step, "played": self.played, "played_action": self.played_action,
                "played_chance": self.played_chance, "best": self.best,
                "best_action": self.best_action, "best_chance": self.best_chance,
                "loss": self.loss, "margin": self.margin, "playouts": self.playouts,
                "sure": self.sure, "why": self.why}


@dataclass
class Review:
    """What ``review`` found: the costliest mistakes first, and what decided the game."""

    game: Game
    seat: int
    names: list
    #: steps of the player's decisions with a choice, in the whole record
    decisions: list
    #: the steps reviewed (all of ``decisions``, or the last N of them)
    reviewed: list
    #: how many decisions the review was asked to search (more than ``reviewed`` if stopped)
    asked: int = 0
    mistakes: list = field(default_factory=list)
    #: how many reviewed decisions rated below the best move (``mistakes`` keeps the top)
    below_best: int = 0
    #: the reviewed steps that could not be rated: no play-out of the move played ended
    unrated: list = field(default_factory=list)
    #: play-outs of single moves stopped unfinished, of all played out, and after how many steps
    cut: int = 0
    played_out: int = 0
    max_steps: int = 0
    decided: str | None = None
    playouts: int = 0
    seconds: float = 0.0
    rollout: str = ""
    #: False when ``should_stop`` ended the review before every chosen decision was searched
    complete: bool = True

    @property
    def player(self) -> str:
        return self.names[self.seat]

    def lines(self) -> list[str]:
        """The review as text: what was reviewed, the result, then the mistakes."""
        total = len(self.decisions)
        what = f"all {total}" if self.asked == total else f"the last {self.asked} of {total}"
        what += " decisions with a choice"
        if not self.complete:
            what += f" (stopped early, after {len(self.reviewed)})"
        lines = [f"Review of {self.player}'s {self.game.title}: {what}, "
                 f"{self.playouts:,} playouts in {self.seconds:.1f} s"]
        lines.append(self.decided or "The game is not finished.")
        lines.extend(cut_lines(self.unrated, self.cut, self.played_out, self.max_steps))
        if not self.below_best:
            if len(self.unrated) < len(self.reviewed) or not self.reviewed:  # some were rated
                lines.append("No reviewed decision rated below the best move.")
            return lines
        shown = len(self.mistakes)
        shown = ("none shown" if not shown else "the costliest" if shown == 1
                 else f"the {shown} costliest")
        plural = "s" if self.below_best != 1 else ""
        lines.append(f"{self.below_best} reviewed decision{plural} rated below the best move; "
                     f"{shown} (win chance lost):")
        lines.extend(f"  {mistake.line()}" for mistake in self.mistakes)
        return lines

    def to_json(self) -> dict:
        return {"game": self.game.name, "seat": self.seat, "player": self.player,
                "decisions": list(self.decisions), "asked": self.asked,
                "reviewed": list(self.reviewed),
                "complete": self.complete, "playouts": self.playouts,
                "seconds": round(self.seconds, 3), "rollout": self.rollout,
                "decided": self.decided, "below_best": self.below_best,
                "unrated": list(self.unrated), "cut": self.cut, "played_out": self.played_out,
                "mistakes": [m.to_json() for m in self.mistakes]}


def cut_lines(unrated: Sequence[int], cut: int, played_out: int, max_steps: int) -> list[str]:
    """What a review says of play-outs stopped unfinished: how many, and the decisions
    (``unrated``: their steps) that could not be rated for it. Nothing when none was cut."""
    if not cut:
        return []
    lines = [f"{cut:,} of {played_out:,} play-outs stopped unfinished after {max_steps:,} steps "
             "(the game too long to play out from there) and count in no rating."]
    if unrated:
        shown = ", ".join(map(str, unrated[:10]))
        more = f" and {len(unrated) - 10} more" if len(unrated) > 10 else ""
        lines.append(f"{len(unrated)} reviewed decision{'s' if len(unrated) != 1 else ''} "
                     f"(step{'s' if len(unrated) != 1 else ''} {shown}{more}) could not be "
                     "rated: every play-out of the move played stopped unfinished.")
    return lines


# ---- what decided the game -------------------------------------------------------------
def _points(score) -> float:
    if isinstance(score, (tuple, list)):
        return score[0] if score else 0
    return score


def _unit(table: dict, scores) -> str:
    """What the scores count, from the game's own results table: the header of the column
    that holds them ("Chips", "Stars"); a total or a plain score is in points."""
    rows, order = table.get("rows", []), table.get("order", [])
    for column, header in enumerate(table.get("columns", [])[1:], 1):
        if rows and all(len(row) > column and row[column] == str(_points(scores[seat]))
                        for seat, row in zip(order, rows)):
            word = header.lower()
            return "points" if word in ("total", "score") else word
    return "points"


def _amount(score, unit: str) -> str:
    number = _points(score)
    if number == 1:
        unit = unit[:-3] + "y" if unit.endswith("ies") else unit.rstrip("s")
    return f"{number} {unit}"


def _place(place: int) -> str:
    return ORDINALS[place] if place < len(ORDINALS) else f"{place + 1}th"


def decided_sentence(record, seat: int) -> str | None:
    """Who won with what, where ``seat`` ended, the game's own words on why, and the rule
    that decided it. None while the game is not over."""
    outcome, game, names = record.outcome, record.game, record.players
    if outcome is None:
        return None
    results = plugin(game.name).results
    table = results(game.observe(record.state, seat), names) if results else {}
    unit = _unit(table, outcome.scores)
    order = list(table.get("order") or sorted(range(len(names)),
                                              key=lambda s: -_points(outcome.scores[s])))
    winners = list(outcome.winners)
    me = names[seat]
    mine = _amount(outcome.scores[seat], unit)
    if len(names) == 1:
        ours = f"{me} played alone and {'won' if winners else 'lost'} with {mine}."
    elif not winners:
        ours = f"Nobody won; {me} ended with {mine}."
    elif seat in winners and len(winners) > 1:
        together = " and ".join(names[w] for w in winners)
        ours = f"{together} shared the win with {mine} each."
    elif seat in winners:
        rest = [s for s in order if s != seat]
        ours = f"{me} won with {mine}" + (
            f"; the next, {names[rest[0]]}, had {_amount(outcome.scores[rest[0]], unit)}."
            if rest else ".")
    else:
        won = " and ".join(names[w] for w in winners)
        ours = (f"{won} won with {_amount(outcome.scores[winners[0]], unit)}; {me} ended "
                f"{_place(order.index(seat) if seat in order else len(order))} with {mine}.")
    theirs = table.get("decided")
    rule = game.rulebook[outcome.rule] if outcome.rule in game.rulebook else None
    text = f"{ours} {theirs}" if theirs else ours
    if rule is not None:
        text += f' Deciding rule: "{with_names(rule.title, names)}".'
    return text


# ---- the review ------------------------------------------------------------------------
def choices(record, seat: int) -> list[int]:
    """The steps at which ``seat`` made a move and had more than one to choose from."""
    game = record.game
    return [k for k, step in enumerate(record.steps)
            if step.player == seat and len(game.legal_actions(record.states[k], seat)) > 1]


def _last(decisions: Any) -> int | None:
    if decisions is None or decisions == "all":
        return None
    if isinstance(decisions, bool) or not isinstance(decisions, int) or decisions < 1:
        raise InvalidInputError(f"decisions is a whole number above 0 (review the last N) or "
                                f"None (all of them), not {quote(decisions)}")
    return decisions


def review(record, seat: int | str, *, playouts: int | None = None,
           seconds_per_decision: float | None = None, decisions: int | str | None = None,
           seed: int | str = 0, rollout: str | None = None, top: int = 5,
           on_progress: Callable[[int, int, int], Any] | None = None,
           should_stop: Callable[[], bool] | None = None) -> Review:
    """Search each decision of ``seat`` that had a choice (``decisions=N``: only the last N)
    with ``playouts`` (default 20) or ``seconds_per_decision`` each, and keep the ``top``
    costliest. ``on_progress(done, total, step)`` is called after each decision;
    ``should_stop()`` is asked before each and ends the review early when true."""
    from .records import load_record
    record = load_record(record)
    seat = seat_of(record, seat)
    seconds, playouts = check_budget(seconds_per_decision, playouts, default_seconds=None)
    if seconds is None and playouts is None:
        playouts = DEFAULT_PLAYOUTS
    rollout = check_rollout(record.game, rollout)
    if isinstance(top, bool) or not isinstance(top, int) or top < 0:
        raise InvalidInputError(f"top is a whole number (how many mistakes to show), "
                                f"not {quote(top)}")
    last = _last(decisions)
    every = choices(record, seat)
    chosen = every if last is None else every[-last:]
    result = Review(record.game, seat, list(record.players), every, [], len(chosen),
                    rollout=rollout, decided=decided_sentence(record, seat))
    found = []
    start = time.perf_counter()
    for done, step in enumerate(chosen, 1):
        if should_stop is not None and should_stop():
            result.complete = False
            break
        search = advise(record, step, seat, seconds=seconds, playouts=playouts, seed=seed,
                        rollout=rollout)
        result.reviewed.append(step)
        result.playouts += search.playouts
        result.cut += search.cut
        result.played_out += search.played_out
        result.max_steps = search.max_steps
        played = record.steps[step].action
        if unrated(search, played):
            result.unrated.append(step)
        else:
            mistake = mistake_of(search, step, played, record.players)
            if mistake is not None:
                found.append(mistake)
        if on_progress is not None:
            on_progress(done, len(chosen), step)
    result.seconds = time.perf_counter() - start
    found.sort(key=lambda m: (-m.loss, m.step))
    result.mistakes = found[:top]
    result.below_best = len(found)
    return result


def unrated(search, played: str) -> bool:
    """Whether the decision cannot be rated: no play-out of the move played reached the end."""
    return search.ratings_by_action[played].unrated


def mistake_of(search, step: int, played: str, names: Sequence[str]) -> Mistake | None:
    """The decision as a mistake when the move played rated below the best; None otherwise
    (see ``unrated`` for a decision that cannot be rated)."""
    ratings = search.ratings()
    best, mine = ratings[0], search.ratings_by_action[played]
    loss = best.win_chance - mine.win_chance
    if loss <= 1e-12:
        return None
    return Mistake(step, with_names(mine.label, names), mine.win_chance,
                   with_names(best.label, names), best.win_chance, loss,
                   math.hypot(best.margin, mine.margin),
                   why(search.game, ratings, best, names), played, best.action, mine.playouts)
