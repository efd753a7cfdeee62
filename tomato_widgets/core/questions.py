"""Questions a teacher writes into a record: a step becomes an exercise.

Three kinds, each asked at the position before its step:

* ``legal``: "what may this player do?" The learner picks every legal move of the player
  who acts at the step (the step's own player).
* ``choose``: "what would you do?" The move the record made is right; ``accept`` lists other
  moves that are right too, and ``wrong`` adds a comment to tempting moves that are not.
* ``next``: "what happens next?" The step is one the rules take by themselves (a forced
  step: a trick collected, a machine given, a harvest scored). The learner picks among
  ``choices`` the teacher wrote, or, when there are none, among the players: who does the
  step name (who wins the trick, who gets the machine).

This module reads and checks a question's shape; ``core.exercises`` checks it against the
game (the moves named must exist there) and makes what a page needs to ask it.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .errors import InvalidInputError
from .text import quote

KINDS = ("legal", "choose", "next")


class QuestionError(InvalidInputError):
    """A question the game cannot ask at its step (a move that is not there, a step that is
    not forced)."""

#: the longest prompt, hint or comment of a question (a paragraph, not an essay)
MAX_TEXT = 2000
#: the most accepted moves, commented moves or choices one question lists
MAX_ITEMS = 40
FIELDS = {"kind", "prompt", "hint", "accept", "wrong", "choices"}


@dataclass(frozen=True)
class Commented:
    """A move named by a question, with what the learner is told when they pick it."""

    action: str
    comment: str | None = None

    def to_json(self) -> dict:
        return {"action": self.action, **({"comment": self.comment} if self.comment else {})}


@dataclass(frozen=True)
class Choice:
    """One answer to a "what happens next?" question."""

    text: str
    right: bool
    comment: str | None = None

    def to_json(self) -> dict:
        data: dict[str, Any] = {"text": self.text, "right": self.right}
        if self.comment:
            data["comment"] = self.comment
        return data


@dataclass(frozen=True)
class Question:
    kind: str
    prompt: str | None = None
    hint: str | None = None
    accept: tuple[Commented, ...] = field(default=())
    wrong: tuple[Commented, ...] = field(default=())
    choices: tuple[Choice, ...] = field(default=())

    def to_json(self) -> dict:
        data: dict[str, Any] = {"kind": self.kind}
        for name in ("prompt", "hint"):
            if getattr(self, name):
                data[name] = getattr(self, name)
        for name in ("accept", "wrong", "choices"):
            if getattr(self, name):
                data[name] = [item.to_json() for item in getattr(self, name)]
        return data


def _text(value: Any, what: str, where: str, required: bool = False) -> str | None:
    if value is None and not required:
        return None
    if not isinstance(value, str) or not value.strip():
        raise InvalidInputError(f"{what} must be a non-empty text, not {quote(value)}", where=where)
    if len(value) > MAX_TEXT:
        raise InvalidInputError(f"{what} has at most {MAX_TEXT:,} characters, this one has "
                                f"{len(value):,}", where=where)
    if any(0xD800 <= ord(ch) <= 0xDFFF for ch in value):
        raise InvalidInputError(f"{what} cannot contain unpaired surrogate characters", where=where)
    return value


def _list(value: Any, what: str, where: str) -> list:
    if value is None:
        return []
    if not isinstance(value, list) or len(value) > MAX_ITEMS:
        raise InvalidInputError(f"'{what}' must be a list of at most {MAX_ITEMS} objects",
                                where=where)
    return value


def _commented(items: Any, what: str, where: str) -> tuple[Commented, ...]:
    found = []
    for number, item in enumerate(_list(items, what, where), 1):
        if not isinstance(item, dict) or set(item) - {"action", "comment"}:
            raise InvalidInputError(f"'{what}' item {number} must be an object with 'action' "
                                    f"and an optional 'comment'", where=where)
        action = _text(item.get("action"), f"'{what}' item {number}'s action", where, True)
        found.append(Commented(action, _text(item.get("comment"), f"'{what}' item {number}'s "
                                             f"comment", where)))
    if len({item.action for item in found}) != len(found):
        raise InvalidInputError(f"'{what}' names a move twice", where=where)
    return tuple(found)


def _choices(items: Any, where: str) -> tuple[Choice, ...]:
    found = []
    for number, item in enumerate(_list(items, "choices", where), 1):
        if not isinstance(item, dict) or set(item) - {"text", "right", "comment"} \
                or not isinstance(item.get("right", False), bool):
            raise InvalidInputError(f"'choices' item {number} must be an object with 'text', "
                                    f"'right' (true or false) and an optional 'comment'",
                                    where=where)
        found.append(Choice(_text(item.get("text"), f"choice {number}'s text", where, True),
                            item.get("right", False),
                            _text(item.get("comment"), f"choice {number}'s comment", where)))
    if found and not any(choice.right for choice in found):
        raise InvalidInputError("'choices' must mark at least one choice right", where=where)
    if found and len(found) < 2:
        raise InvalidInputError("'choices' must offer at least two answers", where=where)
    return tuple(found)


def parse_question(raw: Any, where: str) -> Question | None:
    """A step's ``question`` field, its shape checked (None: the step asks nothing)."""
    if raw is None:
        return None
    if not isinstance(raw, dict):
        raise InvalidInputError(f"'question' must be an object, not {quote(raw)}", where=where)
    unknown = sorted(set(raw) - FIELDS)
    if unknown:
        raise InvalidInputError(f"unknown field {quote(unknown[0])} in a question (it may have "
                                f"{', '.join(sorted(FIELDS))})", where=where)
    kind = raw.get("kind")
    if kind not in KINDS:
        raise InvalidInputError(f"a question's 'kind' is one of {', '.join(KINDS)}, not "
                                f"{quote(kind)}", where=where)
    accept = _commented(raw.get("accept"), "accept", where)
    wrong = _commented(raw.get("wrong"), "wrong", where)
    choices = _choices(raw.get("choices"), where)
    if kind != "choose" and (accept or wrong):
        raise InvalidInputError("only a 'choose' question lists 'accept' and 'wrong' moves",
                                where=where)
    if kind != "next" and choices:
        raise InvalidInputError("only a 'next' question lists 'choices'", where=where)
    both = {item.action for item in accept} & {item.action for item in wrong}
    if both:
        raise InvalidInputError(f"{quote(sorted(both)[0])} is both accepted and wrong",
                                where=where)
    return Question(kind, _text(raw.get("prompt"), "a question's prompt", where),
                    _text(raw.get("hint"), "a question's hint", where), accept, wrong, choices)


def check_question(game, state, player: int, action: str, question: Question) -> None:
    """Refuse a question the game cannot ask at this step (before the step is applied)."""
    from .game import CHANCE

    if question.kind in ("legal", "choose") and player == CHANCE:
        raise InvalidInputError(f"a {question.kind!r} question asks about a player's move; "
                                f"this step is chance's")
    if question.kind == "choose":
        legal = set(game.legal_actions(state, player))
        for item in question.accept:
            if item.action not in legal:
                raise InvalidInputError(f"'accept' names {quote(item.action)}, which is not a "
                                        f"legal move here")
        if any(item.action == action for item in question.wrong):
            raise InvalidInputError("'wrong' names the move the record makes (it is right)")
    if question.kind == "next":
        if player != CHANCE or game.forced_action(state) != action:
            raise InvalidInputError("a 'next' question asks about a step the rules take by "
                                    "themselves (a forced step); this one is not")
        if not question.choices:
            _, events = game.apply(state, action, player)
            if not any(event.players for event in events):
                raise InvalidInputError("this step names no player: write the 'choices' to "
                                        "pick from")
