"""Small Tomate helpers for the tutorial notebook (the generic ones are in ``core.teach``).

They print plain text, so the notebook cells that use them have outputs nbval can check.
"""
from __future__ import annotations

from ...core.records import GameRecord
from ...core.teach import steps_with_rule


def chips(record: GameRecord, step: int | None = None) -> None:
    """Print everyone's chips and the pot after ``step`` steps (default: the last step)."""
    state = record.states[len(record.steps) if step is None else step]
    counts = ", ".join(f"{name} {count}" for name, count in zip(record.players, state.chips))
    print(f"Chips: {counts}; pot: {state.pot}")


def round_by_round(record: GameRecord) -> None:
    """Print the chips at the end of every round: the rounds end on the steps that share the
    pot (with the next dealer named, or the game over)."""
    ends = sorted(set(steps_with_rule(record, "round.next-dealer"))
                  | set(steps_with_rule(record, "end.most-chips")))
    for step in ends:
        print(f"After round {record.states[step].round} (step {step}): ", end="")
        chips(record, step)


def worth_a_look(record: GameRecord, highlights: dict[str, str]) -> None:
    """Print the steps that apply the rules named in ``highlights`` (rule id -> words)."""
    found = sorted((step, words) for rule, words in highlights.items()
                   for step in steps_with_rule(record, rule))
    for step, words in found:
        print(f"  step {step}: {words}")
