"""Every position of a game record, without keeping every position in memory.

A record's states are a pure function of its steps, so a long game keeps only one state in
``EVERY`` (a checkpoint) and the last one; any other is replayed from the checkpoint before
it (at most ``EVERY - 1`` steps, well under a millisecond), and the few asked for last are
kept. Reading them one after another (``from_step``) replays each step once. Memory then
grows with the game by one state per ``EVERY`` steps instead of one per step.
"""
from __future__ import annotations

from collections import OrderedDict
from typing import Iterator, Sequence

from .game import Game, State

#: one state kept in this many
EVERY = 32
#: recently read states kept besides the checkpoints
RECENT = 2 * EVERY


class StateLine(Sequence):
    """``states[k]`` is the position after ``k`` steps of ``steps`` (a list the record owns)."""

    def __init__(self, game: Game, start: State, steps: list):
        self._game = game
        self._steps = steps
        self._checkpoints: dict[int, State] = {0: start}
        self._recent: OrderedDict[int, State] = OrderedDict()
        self._last = start
        self._count = 1

    def __len__(self) -> int:
        return self._count

    def append(self, state: State) -> None:
        """The state after the step just added to ``steps``."""
        index = self._count
        self._count += 1
        self._last = state
        if index % EVERY == 0:
            self._checkpoints[index] = state

    def truncate(self, count: int) -> None:
        """Keep the first ``count`` states (the steps were cut back to ``count - 1``)."""
        last = self[count - 1]
        self._count = count
        self._last = last
        for index in [i for i in self._checkpoints if i >= count]:
            del self._checkpoints[index]
        for index in [i for i in self._recent if i >= count]:
            del self._recent[index]

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self._count))]
        if index < 0:
            index += self._count
        if not 0 <= index < self._count:
            raise IndexError(f"no state {index} in a record of {self._count - 1} steps")
        if index == self._count - 1:
            return self._last
        state = self._checkpoints.get(index) or self._recent.get(index)
        if state is None:
            # from the closest state known before it: the one just before (reading in
            # order), else the checkpoint
            start = index - 1 if index - 1 in self._recent else index - index % EVERY
            state = self._recent.get(start) or self._checkpoints[start]
            for number in range(start, index):
                state = self._next(state, number)
                self._remember(number + 1, state)
        return state

    def _next(self, state: State, number: int) -> State:
        """The state after step ``number + 1`` (replayed: it was legal when recorded)."""
        step = self._steps[number]
        return self._game.apply(state, step.action, step.player)[0]

    def _remember(self, index: int, state: State) -> None:
        self._recent[index] = state
        if len(self._recent) > RECENT:
            self._recent.popitem(last=False)

    def from_step(self, index: int) -> Iterator[State]:
        """The states from ``index`` on, in order, each step replayed once."""
        if index >= self._count:
            return
        state = self[index]
        yield state
        last = self._count - 1
        for number in range(index, last):
            if number + 1 == last:
                state = self._last
            else:
                state = self._checkpoints.get(number + 1) or self._next(state, number)
            yield state

    def __iter__(self) -> Iterator[State]:
        return self.from_step(0)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, (StateLine, list, tuple)):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other))

    __hash__ = None  # a record's states change as it grows
