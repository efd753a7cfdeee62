"""A guided first game: a hand-written deal that leads a learner through their first moves.

The script is an ordinary record (each game's ``guide()`` writes one). In live play the
rules, the cards and the bots follow it step for step, with its comments telling why each
bot did what it did. At each of the learner's steps the widget says what to do (the step's
question prompt), marks what to click (the recorded move, and any ``accept``-ed one), and:

* when the step has a ``choose`` question, another legal move is answered with why it is not
  the move asked for now (the question's ``wrong`` comment, or the lesson's own words), and
  nothing happens;
* when it has none, any legal move is fine: the recorded one keeps to the script, another
  one leaves it, and the bots play on by themselves from there.

When the script ends, the game goes on as a normal live game against the bots.
"""
from __future__ import annotations

from ..core.game import CHANCE
from ..core.records import GameRecord, Step
from ..core.text import with_names


class Guide:
    def __init__(self, script: GameRecord, seat: int):
        if not 0 <= seat < len(script.players):
            raise ValueError(f"the guided seat must be from 0 to {len(script.players) - 1}")
        self.script = script
        self.seat = seat
        #: the script is followed up to this step (a learner who leaves it ends it there)
        self.until = len(script.steps)
        self.left_at: int | None = None

    def step_at(self, index: int) -> Step | None:
        """The script's step ``index`` (0-based), while the game still follows the script."""
        return self.script.steps[index] if index < self.until else None

    def following(self, record: GameRecord) -> bool:
        return len(record.steps) < self.until

    def scripted(self, record: GameRecord, player: int) -> Step | None:
        """The script's next step when it is ``player``'s (chance is player -1)."""
        step = self.step_at(len(record.steps))
        return step if step is not None and step.player == player else None

    def wanted(self, record: GameRecord) -> list[str]:
        """The moves the learner is led to now (to be marked on the board)."""
        step = self.scripted(record, self.seat)
        if step is None:
            return []
        accepted = [item.action for item in step.question.accept] if step.question else []
        return [step.action, *accepted]

    def asks(self, record: GameRecord) -> bool:
        """Whether the learner's step now asks for its moves only (it has a question)."""
        step = self.scripted(record, self.seat)
        return step is not None and step.question is not None

    def prompt(self, record: GameRecord) -> str:
        step = self.scripted(record, self.seat)
        if step is None or step.question is None or not step.question.prompt:
            return ""
        return step.question.prompt

    def refusal(self, record: GameRecord, action: str) -> str | None:
        """Why a legal move is not the one this lesson asks for now (None: it may be made)."""
        step = self.scripted(record, self.seat)
        if step is None or step.question is None or action in self.wanted(record):
            return None
        comment = next((item.comment for item in step.question.wrong
                        if item.action == action and item.comment), None)
        game = record.game
        asked = with_names(game.action_label(record.state, step.action), record.players)
        return (f"Not the move for now \u2014 this lesson asks you to {asked}"
                + (f": {comment}" if comment else "."))

    def made(self, record: GameRecord, index: int, action: str) -> str:
        """The learner made ``action`` at step ``index``: a move off the script ends it there.
        Returns what to tell them (empty when nothing is to be said)."""
        step = self.step_at(index)
        if step is None or action == step.action:
            return ""
        accepted = {item.action for item in step.question.accept} if step.question else set()
        self.until = self.left_at = index
        if action in accepted:
            return "A fine move too. The guided part ends here: the bots play on by themselves."
        return "Your own way: the guided part ends here, and the bots play on by themselves."

    def leave(self, index: int) -> None:
        """The game left the script at step ``index`` (a step it no longer allows)."""
        if index < self.until:
            self.until = self.left_at = index

    def taken_back(self, steps: int) -> None:
        """A takeback to ``steps`` steps: back on the script if it was left after them."""
        if self.left_at is not None and steps <= self.left_at:
            self.until = len(self.script.steps)
            self.left_at = None

    def chance(self, record: GameRecord) -> str | None:
        step = self.scripted(record, CHANCE)
        return step.action if step is not None else None
