"""Exercises: the questions of a record (``core.questions``) as a view asks them.

Everything an exercise needs is made here, in Python, once: the options to pick from, and
for each option the verdict and the words the learner gets (right; allowed but not the move
asked for; or not allowed, with the rule and the same sentence live play gives). The page
only looks answers up, so a standalone page checks them with no kernel, and Python checks
them the same way (``check``).

A view is asked only what it may see: a "what may this player do?" or "what would you do?"
question is asked in that player's view (and the all-seeing one), where its options (the
player's own moves) are no secret; a "what happens next?" question in every view, in the
words that view is told.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

from .errors import InvalidInputError
from .game import CHANCE
from .records import GameRecord
from .text import with_names

TITLES = {"legal": "what may {name} do?", "choose": "what would you do as {name}?",
          "next": "what happens next?"}


@dataclass(frozen=True)
class Verdict:
    """What picking one option earns: right or not, the words, the rule behind them."""

    right: bool
    text: str
    rule: str | None = None


def asked_in(record: GameRecord, perspective: int | None) -> list[int]:
    """The steps (0-based) whose question this view is asked."""
    return [index for index, step in enumerate(record.steps) if step.question is not None
            and (step.question.kind == "next" or perspective is None
                 or perspective == step.player)]


def _label(record: GameRecord, state, action: str) -> str:
    return with_names(record.game.action_label(state, action), record.players)


def _refusal(record: GameRecord, state, action: str, player: int):
    """The rule that forbids ``action`` and live play's sentence for it, or None if legal."""
    game = record.game
    reason = game.reason_illegal(state, action, player)
    if reason is None:
        return None
    title = game.rulebook[reason.rule].title if reason.rule in game.rulebook else reason.rule
    text = f"Not allowed \u2014 {title}: {with_names(reason.message, record.players)}."
    return Verdict(False, text, reason.rule if reason.rule in game.rulebook else None)


def _key_rule(record: GameRecord, index: int, perspective: int | None) -> str | None:
    """The rule of the step's weightiest event as the view is told it."""
    game = record.game
    seen = [event.seen_by(perspective) for event in record.events[index]]
    rules = [game.rulebook.told(event) for event in seen if event.rule in game.rulebook]
    return max(rules, key=lambda rule: rule.dwell).id if rules else None


def exercise(record: GameRecord, index: int, number: int, perspective: int | None,
             board: Iterable[str] = ()) -> dict:
    """Exercise ``number`` (1-based), the question of step ``index`` (0-based), as the page
    of ``perspective`` gets it. ``board``: the action ids a click on the board can make at
    that position (their refusals are answered too)."""
    game, names = record.game, record.players
    step = record.steps[index]
    question = step.question
    state = record.states[index]
    seat = step.player
    name = names[seat] if seat != CHANCE else ""
    rule = _key_rule(record, index, perspective)
    data: dict[str, Any] = {
        "number": number, "step": index, "kind": question.kind, "seat": seat,
        "title": f"Exercise {number}: " + TITLES[question.kind].format(name=name),
        "prompt": question.prompt or _default_prompt(question.kind, name),
        "hint": question.hint or _default_hint(game, rule),
    }
    options: list[dict] = []
    verdicts: dict[str, Verdict] = {}
    if question.kind in ("legal", "choose"):
        legal = list(game.legal_actions(state, seat))
        board = set(board)
        for action in legal:
            options.append({"id": action, "label": _label(record, state, action),
                            "on_board": action in board})
        refused = {action: _refusal(record, state, action, seat)
                   for action in sorted(board - set(legal))}
        refused = {action: verdict for action, verdict in refused.items() if verdict}
        if question.kind == "legal":
            for action, verdict in refused.items():
                options.append({"id": action, "label": _label(record, state, action),
                                "on_board": True})
            options.sort(key=lambda option: option["label"])
            for option in options:
                action = option["id"]
                verdicts[action] = refused.get(action) or Verdict(
                    True, f"Allowed: {option['label']}.")
            data["right"] = sorted(legal)
            data["answer"] = (f"{name} may: " + "; ".join(
                option["label"] for option in options if option["id"] in legal) + ".")
        else:
            right = {step.action: None, **{item.action: item.comment for item in question.accept}}
            comments = {item.action: item.comment for item in question.wrong}
            # the record's own note on the move (as this view may read it) says why
            why = step.comment_for(perspective)
            for option in options:
                action, label = option["id"], option["label"]
                if action in right:
                    said = ("This is the move the game went on with."
                            if action == step.action else "Also right.")
                    verdicts[action] = Verdict(True, " ".join(filter(None, [
                        f"Right: {label}.", said,
                        right[action] if action != step.action else why])))
                else:
                    verdicts[action] = Verdict(False, " ".join(filter(None, [
                        f"Allowed, but not the move to make here: {label}.",
                        comments.get(action)])))
            verdicts.update(refused)
            for action, comment in comments.items():  # a tempting move the rules forbid
                if action in refused and comment:
                    verdict = refused[action]
                    verdicts[action] = Verdict(False, f"{verdict.text} {comment}", verdict.rule)
            data["right"] = sorted(right)
            data["answer"] = "The move to make: " + " or ".join(
                _label(record, state, action) for action in [step.action, *(
                    item.action for item in question.accept)]) + "."
    else:
        told = " ".join(game.explain(event.seen_by(perspective), names)
                        for event in record.events[index])
        choices = question.choices or _who_choices(record, index)
        for number_, choice in enumerate(choices):
            key = str(number_)
            options.append({"id": key, "label": choice.text, "on_board": False})
            if choice.right:
                verdicts[key] = Verdict(True, " ".join(filter(None, [
                    f"Right: {choice.text}.", choice.comment, told])), rule)
            else:
                verdicts[key] = Verdict(False, " ".join(filter(None, [
                    f"Not this one: {choice.text}.", choice.comment])), rule)
        data["right"] = [str(i) for i, choice in enumerate(choices) if choice.right]
        data["answer"] = told
    data["options"] = options
    data["verdicts"] = {key: {"right": v.right, "text": v.text, "rule": v.rule}
                        for key, v in verdicts.items()}
    return data


def _default_prompt(kind: str, name: str) -> str:
    return {"legal": f"Mark every move {name} may make here, then check.",
            "choose": f"You are {name}. Make the move you would make here.",
            "next": "The rules act by themselves next. What will happen?"}[kind]


def _default_hint(game, rule: str | None) -> str:
    if rule is None:
        return "Look at the cards you can see and the rules for this moment of the game."
    return f"The rule that matters here: {game.rulebook[rule].title}."


def _who_choices(record: GameRecord, index: int):
    """"What happens next?" without written choices: which player the step names."""
    from .questions import Choice

    named = next((event.players for event in record.events[index] if event.players), ())
    return tuple(Choice(name, seat in named) for seat, name in enumerate(record.players))


def exercises_for(record: GameRecord, perspective: int | None,
                  board_actions=lambda index: ()) -> list[dict]:
    """Every exercise this view is asked, numbered in the order of the game."""
    return [exercise(record, index, number, perspective, board_actions(index))
            for number, index in enumerate(asked_in(record, perspective), 1)]


def check(data: dict, answer: Any) -> dict:
    """The verdict on an answer, as the page reaches it: an option's id ("choose", "next"),
    or a collection of ids ("legal": every legal move marked, nothing else). Returns
    ``{"right": bool, "text": str, "rule": str | None}``."""
    verdicts = data["verdicts"]
    if data["kind"] == "legal":
        if isinstance(answer, str) or not all(isinstance(a, str) for a in answer):
            raise InvalidInputError("a 'legal' exercise is answered with the moves marked")
        marked, right = set(answer), set(data["right"])
        wrong = [verdicts[a]["text"] for a in sorted(marked - right) if a in verdicts]
        labels = {option["id"]: option["label"] for option in data["options"]}
        missed = [f"Also allowed: {labels[a]}." for a in sorted(right - marked)]
        if marked == right:
            return {"right": True, "text": f"Right: all {len(right)} of them.", "rule": None}
        rules = [verdicts[a]["rule"] for a in sorted(marked - right) if a in verdicts]
        return {"right": False, "text": " ".join(["Not quite.", *wrong, *missed]),
                "rule": next(filter(None, rules), None)}
    if not isinstance(answer, str):
        raise InvalidInputError("this exercise is answered with one option's id")
    if answer in verdicts:
        return dict(verdicts[answer])
    return {"right": False, "text": "That is not a move here.", "rule": None}
