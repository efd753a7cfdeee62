"""Small helpers the tutorials use to show what the engine says at one step of a record.

They print or return plain text, so a notebook cell that calls them has an output nbval
can check, and the tutorials can start with prose and a widget instead of helper code.
"""
from __future__ import annotations

from typing import Any

from .game import CHANCE
from .records import GameRecord
from .text import with_names


def who(record: GameRecord, step: int) -> str:
    """Who took step ``step`` (1-based): a player's name or "Chance"."""
    player = record.steps[step - 1].player
    return "Chance" if player == CHANCE else record.players[player]


def tell(record: GameRecord, step: int, perspective: int | None = None) -> None:
    """Print step ``step`` as the engine tells it to ``perspective`` (None: everything),
    with the rule behind each sentence and the record's comment when that view may read it."""
    game = record.game
    made = record.steps[step - 1]
    label = with_names(game.public_label(record.states[step - 1], made.action, made.player,
                                         perspective), record.players)
    print(f"Step {step} ({who(record, step)}: {label}):")
    for sentence, event in zip(record.explain(step, perspective), record.events[step - 1]):
        rule = game.rulebook.told(event.seen_by(perspective))
        badge = ", a ruling" if rule.ruling else ""
        print(f"  {sentence}  [{rule.title}{badge}]")
    comment = made.comment_for(perspective)
    if comment:
        print(f"  Note: {comment}")


def may_play(record: GameRecord, step: int) -> list[str]:
    """The labels of the actions the player of step ``step`` could choose from just before it."""
    game = record.game
    state = record.states[step - 1]
    player = record.steps[step - 1].player
    return [game.action_label(state, action) for action in game.legal_actions(state, player)]


def why_not(record: GameRecord, step: int, action: str) -> str:
    """Why ``action`` would have been refused just before step ``step``: "rule title: reason"."""
    game = record.game
    reason = game.reason_illegal(record.states[step - 1], action, record.steps[step - 1].player)
    if reason is None:
        return "it is allowed"
    title = game.rulebook[reason.rule].title if reason.rule in game.rulebook else reason.rule
    return f"{title}: {reason.message}"


def step_of(record: GameRecord, action: str, start: int = 1) -> int:
    """The number of the first step from ``start`` on that took ``action`` (e.g. "score:II")."""
    for number in range(start, len(record.steps) + 1):
        if record.steps[number - 1].action == action:
            return number
    raise ValueError(f"no step of the record takes {action!r}")


def steps_with_rule(record: GameRecord, rule: str) -> list[int]:
    """The numbers of the steps that caused an event of ``rule`` (e.g. "trick.won")."""
    return [number for number, events in enumerate(record.events, start=1)
            if any(event.rule == rule for event in events)]


def observe(record: GameRecord, step: int | None = None, perspective: int | None = None) -> Any:
    """What ``perspective`` may know after ``step`` steps (default: the last)."""
    state = record.states[len(record.steps) if step is None else step]
    return record.game.observe(state, perspective)


def rulings(game, width: int = 92) -> str:
    """Every ruling of ``game``'s rule catalogue as text a tutorial prints: what the rulebook
    says, what we decided and why, and the option that picks another reading, if any."""
    import textwrap
    lines = []
    for number, rule in enumerate(game.rulebook.rulings(), start=1):
        ruling = rule.ruling
        lines.append(f"{number}. {rule.title} ({rule.section})")
        for label, text in [("The text says", ruling.text_says), ("We decided", ruling.decision),
                            ("Why", ruling.reason)]:
            lines.append(textwrap.fill(f"{label}: {text}", width=width, initial_indent="   ",
                                       subsequent_indent="     ", break_on_hyphens=False))
        if ruling.option:
            lines.append(f"   Option: {ruling.option}")
        lines.append("")
    return "\n".join(lines)
