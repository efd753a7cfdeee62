"""The widget's advisor: the search's ratings of the decision on screen, refined while shown.

The search runs in the kernel in short slices (``SLICE_S``, kept to within a step of a
play-out: ``Search.run``) on the kernel's own event loop, so a click, a step or a bot's reply
waits at most one slice; a new step, another view, the advisor switched off or a move made
stops it (each run has a number, and a run whose number is no longer the newest ends at its
next slice). A restart for the decision already rated goes on refining the same search.
Without a running event loop (plain Python, tests) nothing runs by itself:
``GameWidget.advise`` searches for as long as it is told.

What the page gets is the rated moves of the seat deciding, and only when the view shown is
that seat's or the all-seeing one: another seat's moves would tell its cards. The search
itself reads the true state only through ``resample_hidden`` (``core.search``).
"""
from __future__ import annotations

import asyncio
from dataclasses import dataclass

from ..core.advice import cut_note, played_move, why
from ..core.game import CHANCE
from ..core.search import Search
from ..core.text import with_names

#: seconds of search between two looks at the kernel's messages. A slice ends within one
#: step of a play-out (``Search.run``), and a step (a heuristic bot's turn: up to ~17 ms in
#: Diced Tomatoes) or a full garbage collection (~30 ms in a large process) may come on top:
#: 20 ms keeps a slice under 50 ms
SLICE_S = 0.02
#: seconds between two updates sent to the page
PUBLISH_S = 0.4
#: a pause before searching a new step, so stepping quickly through a replay starts nothing
SETTLE_S = 0.25
#: the search stops refining when every move's margin is this small, or after this long
ENOUGH_MARGIN = 0.01
MOST_SECONDS = 60.0
#: ... or when this many playouts have found the game too long to play out (none rated)
HOPELESS_PLAYOUTS = 10
FAIR_GAME = "The advisor is off in a fair game (takebacks=False)."


@dataclass(frozen=True)
class Target:
    """The decision the advisor rates: the state, the seat, the move recorded (replays)."""

    state: object
    seat: int
    played: str | None
    key: tuple


def target_of(widget) -> Target | str:
    """The decision on screen, or a sentence saying why the advisor has nothing to rate."""
    record, step = widget.record, widget.step
    game, names = record.game, record.players
    human = widget._human
    if human is not None and not widget.takebacks_allowed:
        return FAIR_GAME
    if human is not None and step != len(record.steps):
        return "The advisor rates the decision in front of you: go to the newest step."
    state = record.states[step]
    actors = [seat for seat in game.to_act(state) if seat != CHANCE]
    if not game.to_act(state):
        return "The game is over: there is no decision to rate."
    if not actors:
        return "Chance acts at this step (cards or dice): there is no decision to rate."
    view = widget.perspective
    if human is not None:
        seat = human if human in actors else None
    elif view in actors:
        seat = view
    elif view < 0:
        seat = actors[0]
    else:
        seat = None
    if seat is None:
        deciding = " and ".join(names[s] for s in actors)
        return (f"{deciding} decides here. The advisor rates only the decisions of the seat "
                "whose view is shown (others' moves would tell their cards).")
    if any(data["step"] == step and not widget.answers.get(str(step), {}).get("done")
           for data in widget.exercises):
        return "Answer the exercise first; then the advisor rates the moves."
    if len(game.legal_actions(state, seat)) < 2:
        return f"{names[seat]} has only one move here: nothing to weigh."
    played = None if human is not None else played_move(record, step, seat)
    return Target(state, seat, played, (id(record), len(record.steps), step, seat, view))


def advice_of(search: Search, target: Target, names, done: bool) -> dict:
    """What the page shows: the moves best first, with win chance, margin, mean score and
    why; the move played marked, and how the search stands. Play-outs stopped unfinished
    (the game too long to play out) are said in the summary; when no move could be rated,
    only that is said."""
    game = search.game
    note = cut_note(search)
    if note and not search.rated:
        return {"note": note, "seat": target.seat, "name": names[target.seat], "rows": [],
                "playouts": search.playouts, "seconds": round(search.seconds, 1), "done": done}
    ratings = search.ratings()
    best = ratings[0] if ratings else None
    rows = []
    for rating in ratings:
        reason = why(game, ratings, rating, names) or ""
        if rating.unrated:
            reason = "Not rated: every play-out of this move stopped unfinished."
        rows.append({"action": rating.action, "label": with_names(rating.label, names),
                     "win": rating.win_chance, "margin": rating.margin,
                     "score": rating.mean_score, "why": reason,
                     "played": rating.action == target.played, "best": rating is best})
    summary = ""
    if target.played in search.ratings_by_action and best is not None:
        played = search.ratings_by_action[target.played]
        summary = f"played: {played.win_chance:.0%}, best: {best.win_chance:.0%}"
        if played.unrated:
            summary = f"played: not rated, best: {best.win_chance:.0%}"
    if note:
        summary = f"{summary}. {note}" if summary else note
    return {"seat": target.seat, "name": names[target.seat], "rows": rows,
            "playouts": search.playouts, "seconds": round(search.seconds, 1),
            "score_name": game.score_name, "summary": summary, "done": done,
            "margin": max((r.margin for r in ratings), default=1.0)}


def finished(search: Search) -> bool:
    """Whether refining can stop: margins small enough, the time spent, or the game too
    long to play out from here."""
    if search.playouts >= HOPELESS_PLAYOUTS and not search.rated:
        return True
    return search.seconds >= MOST_SECONDS or (
        search.playouts >= 30 and all(r.margin <= ENOUGH_MARGIN for r in search.ratings_by_action.values()))


class Advisor:
    """One widget's advisor: starts, refines and stops the search of the decision shown."""

    def __init__(self, widget):
        self.widget = widget
        self.run_number = 0
        self.search: Search | None = None
        self.target: Target | None = None

    def restart(self) -> None:
        """The decision shown (or the advisor's switch) may have changed: stop the refining
        under way, and refine the decision shown now (the same search when it is the one
        already rated)."""
        self.run_number += 1
        widget = self.widget
        if not widget.advisor_on:
            self.search = self.target = None
            if widget.advice:
                widget.advice = {}
            return
        found = target_of(widget)
        if isinstance(found, str):
            self.search = self.target = None
            widget.advice = {"note": found}
            return
        if self.search is None or self.target is None or found.key != self.target.key:
            self.target = found
            # the seed ``advise`` uses by default: the same numbers as the command line's
            self.search = Search(widget.game, found.state, found.seat, seed=0)
            widget.advice = {"note": "Thinking\u2026", "seat": found.seat,
                             "name": widget.record.players[found.seat], "rows": [], "playouts": 0}
        elif finished(self.search):
            return  # the same decision, rated enough already
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return  # no kernel loop: GameWidget.advise searches when asked
        loop.create_task(self._refine(self.run_number))

    def stop(self) -> None:
        """The widget is closed: the refining under way ends at its next slice."""
        self.run_number += 1
        self.search = self.target = None

    async def _refine(self, number: int) -> None:
        await asyncio.sleep(SETTLE_S)
        last_sent = 0.0
        while number == self.run_number and self.search is not None:
            search = self.search
            search.run(seconds=SLICE_S)
            done = finished(search)
            if done or search.seconds - last_sent >= PUBLISH_S:
                last_sent = search.seconds
                self.publish(done)
            if done:
                return
            await asyncio.sleep(0)

    def publish(self, done: bool = False) -> None:
        if self.search is not None and self.target is not None:
            self.widget.advice = advice_of(self.search, self.target, self.widget.record.players, done)

    def think(self, seconds: float) -> dict:
        """Search the decision shown for ``seconds`` now (blocking), and show the result."""
        if self.search is None:
            return dict(self.widget.advice)
        self.search.run(seconds=seconds)
        self.publish(finished(self.search))
        return dict(self.widget.advice)
