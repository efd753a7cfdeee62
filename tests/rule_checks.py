"""Checks every game's rule tests share: which rules some events applied, the one event of
a rule, and a refused action."""
from __future__ import annotations

import copy

import pytest

from tomato_widgets.core.errors import IllegalActionError
from tomato_widgets.core.records import GameRecord


def rules(events) -> list[str]:
    return [event.rule for event in events]


def only(events, rule: str):
    """The one event of ``events`` that applies ``rule`` (fails if there is not exactly one)."""
    found = [event for event in events if event.rule == rule]
    assert len(found) == 1, f"expected one {rule!r} event, got {rules(events)}"
    return found[0]


def assert_refused(record: GameRecord, action: str, player: int | None = None,
                   rule: str | None = None, who: int | None = None) -> IllegalActionError:
    """Appending ``action`` raises ``IllegalActionError`` naming ``rule``, changes nothing,
    and the game's "why not?" names the same rule (asked for seat ``who``, default
    ``player``). Returns the error."""
    game = record.game
    before = copy.deepcopy(record.state)
    last = record.state
    steps = len(record.steps)
    with pytest.raises(IllegalActionError) as info:
        record.append(action, player)
    assert record.state is last and record.state == before, "a refused action changed the state"
    assert len(record.steps) == steps
    error = info.value
    if rule is not None:
        assert error.rule == rule, f"refused by {error.rule!r} ({error.reason}), expected {rule!r}"
    who = player if who is None else who
    reason = game.reason_illegal(record.state, action, who)
    assert reason is not None and reason.rule == error.rule
    return error
