"""The two kinds of bad input, both ``ValueError`` as in python-chess.

``InvalidInputError``: the input does not describe anything we understand (bad JSON,
unknown game, an action id that names nothing, a player count out of range).
``IllegalActionError``: the input is well formed but the rules forbid it right now; it
carries the rule id and a sentence a learner understands.
"""
from __future__ import annotations

#: the longest message an error carries; a longer one (some input quoted whole) is cut
MAX_MESSAGE = 400


def capped(message: str) -> str:
    """``message`` cut to ``MAX_MESSAGE`` characters: a safety net behind the quoting of
    input in short excerpts, so that no error ever carries a whole record or action back."""
    if len(message) <= MAX_MESSAGE:
        return message
    return f"{message[:MAX_MESSAGE - 60]}... (cut: the message ran to {len(message):,} characters)"


class InvalidInputError(ValueError):
    """Malformed input: wrong shape, unknown names, values out of range."""

    def __init__(self, message: str, *, where: str | None = None):
        message = capped(message)
        self.where = where
        super().__init__(f"{where}: {message}" if where else message)
        self.reason = message


class IllegalActionError(ValueError):
    """A well-formed action the rules forbid now. ``rule`` names the rule that forbids it."""

    def __init__(self, action: str, rule: str, reason: str, player: int | None = None):
        self.action = action
        self.rule = rule
        self.reason = reason = capped(reason)
        self.player = player
        shown = repr(action) if len(action) <= 100 else repr(action[:100]) + "..."
        super().__init__(f"{shown} is not allowed ({rule}): {reason}")


class RecordError(InvalidInputError):
    """A game record that cannot be loaded; says which step, which action and which rule."""

    def __init__(self, message: str, *, step: int | None = None, action: str | None = None,
                 rule: str | None = None):
        self.step = step
        self.action = action
        self.rule = rule
        where = f"step {step}" if step is not None else None
        super().__init__(message, where=where)
