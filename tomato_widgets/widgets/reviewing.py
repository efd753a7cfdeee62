"""The widget's post-game review: one seat's costliest decisions, searched in the kernel.

Like the advisor (``advisor.py``) the review runs in slices on the kernel's event loop, so
the page stays usable while it works through the decisions; what it has found so far is
sent as it goes. ``core.review`` holds the reckoning; this module only paces it. Without a
running event loop (plain Python) ``GameWidget.review`` does the whole review at once.
"""
from __future__ import annotations

import asyncio

from ..core.review import (DEFAULT_PLAYOUTS, choices, cut_lines, decided_sentence, mistake_of,
                           unrated)
from ..core.search import Search
from .advisor import PUBLISH_S, SLICE_S

#: how many of the costliest decisions the review lists
TOP = 5


class Reviewer:
    """One widget's review: started for a seat, refined decision by decision, cancellable."""

    def __init__(self, widget):
        self.widget = widget
        self.run_number = 0
        self.made_of = None  # the game reviewed: (record, its length)

    def follow(self) -> None:
        """The widget shows another game now (a new game, a takeback, a replay brought back):
        a review of the old one is stopped and put away."""
        record = self.widget.record
        if self.made_of is not None and self.made_of != (id(record), len(record.steps)):
            self.made_of = None
            self.stop()

    def stop(self) -> None:
        self.run_number += 1
        if self.widget.review_data:
            self.widget.review_data = {}

    def start(self, seat: int, playouts: int = DEFAULT_PLAYOUTS, wait: bool = False) -> dict:
        """Review ``seat``'s decisions; ``wait``: all at once, here (else in slices)."""
        self.run_number += 1
        number = self.run_number
        record = self.widget.record
        self.made_of = (id(record), len(record.steps))
        work = Work(record, seat, playouts)
        self.widget.review_data = work.summary(running=True)
        try:
            loop = None if wait else asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        if loop is None:
            while work.step_once(None):
                pass
            self.widget.review_data = work.summary(running=False)
            return self.widget.review_data
        loop.create_task(self._run(number, work))
        return self.widget.review_data

    async def _run(self, number: int, work: "Work") -> None:
        sent = 0.0
        while number == self.run_number:
            more = work.step_once(SLICE_S)
            if not more or work.seconds - sent >= PUBLISH_S:
                sent = work.seconds
                self.widget.review_data = work.summary(running=more)
            if not more:
                return
            await asyncio.sleep(0)


class Work:
    """A review in progress: the decisions left, the search under way, the mistakes found."""

    def __init__(self, record, seat: int, playouts: int):
        self.record, self.seat, self.playouts = record, seat, playouts
        self.steps = choices(record, seat)
        self.done = 0
        self.search: Search | None = None
        self.mistakes: list = []
        self.unrated: list = []  # steps that could not be rated (the game too long to play out)
        self.cut = self.played_out = self.max_steps = 0
        self.seconds = 0.0

    def step_once(self, seconds: float | None) -> bool:
        """Search on for ``seconds`` (None: finish the decision under way), as the search
        keeps its time (``Search.run``); False when done."""
        if self.done >= len(self.steps):
            return False
        step = self.steps[self.done]
        record = self.record
        if self.search is None:  # the seed ``advise`` uses: the same numbers as the advisor's
            self.search = Search(record.game, record.states[step], self.seat, seed=0)
        left = self.playouts - self.search.playouts
        before = self.search.seconds
        self.search.run(playouts=left, seconds=seconds)
        self.seconds += self.search.seconds - before
        if self.search.playouts >= self.playouts:
            search, played = self.search, record.steps[step].action
            self.cut += search.cut
            self.played_out += search.played_out
            self.max_steps = search.max_steps
            if unrated(search, played):
                self.unrated.append(step)
            elif (found := mistake_of(search, step, played, record.players)) is not None:
                self.mistakes.append(found)
            self.search = None
            self.done += 1
        return self.done < len(self.steps)

    def summary(self, running: bool) -> dict:
        ranked = sorted(self.mistakes, key=lambda m: (-m.loss, m.step))[:TOP]
        names = self.record.players
        return {"seat": self.seat, "name": names[self.seat], "running": running,
                "done": self.done, "total": len(self.steps), "playouts": self.playouts,
                "decided": decided_sentence(self.record, self.seat) or "",
                "unrated": list(self.unrated), "cut": self.cut,
                "note": " ".join(cut_lines(self.unrated, self.cut, self.played_out,
                                           self.max_steps)),
                "mistakes": [m.to_json() for m in ranked]}
