"""A new record that begins with another record's first steps, without replaying them.

"Play on from here" starts a game whose first steps, up to the first one dealt afresh, are
the recorded game's own; appending tens of thousands of them one by one would apply every
one again and take seconds. The states are a pure function of the steps, so the new record
takes the old one's states and events as they are: its ``StateLine`` keeps one state in
``EVERY`` and the last, and only those are read from the old record (its own checkpoints).
Were the line ever to keep more states, it would have to be handed those too.
"""
from __future__ import annotations

from .records import GameRecord, Step
from .states import EVERY


def branch(record: GameRecord, count: int, headers: dict | None = None) -> GameRecord:
    """A record of ``record``'s game, players and options holding its first ``count`` steps
    as bare moves (no comments, tags or exercises: those were written for the recorded game,
    some for one seat only); it grows with ``append`` like any record."""
    if not 0 <= count <= len(record.steps):
        raise ValueError(f"count must be from 0 to {len(record.steps)}, not {count}")
    new = GameRecord(record.game, list(record.players), dict(record.options), headers)
    line = new.states
    for index, step in enumerate(record.steps[:count], 1):
        new.steps.append(Step(step.player, step.action))
        new.events.append(list(record.events[index - 1]))
        # the line keeps only its checkpoints and its last state: the others are not read
        line.append(record.states[index] if index % EVERY == 0 or index == count else None)
    return new
