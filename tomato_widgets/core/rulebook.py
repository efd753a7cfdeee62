"""The rule catalogue: every rule id an event or an error can name, as data.

A rule has a title, an explanation in our own words, the rulebook section it comes from,
a sentence template for events, and, when the rulebook is silent or ambiguous, a
``Ruling``: what the text says, what we decided, and why.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable, Mapping, Sequence

from .errors import InvalidInputError
from .events import Event


@dataclass(frozen=True)
class Ruling:
    """Our interpretation where the rulebook is silent or unclear."""

    text_says: str
    decision: str
    reason: str
    option: str | None = None  # the game option that selects another reading, if any

    def to_json(self) -> dict:
        return {"text_says": self.text_says, "decision": self.decision,
                "reason": self.reason, "option": self.option}


@dataclass(frozen=True)
class Rule:
    id: str
    title: str
    explanation: str
    section: str
    sentence: str = ""
    ruling: Ruling | None = None
    hidden_sentence: str = ""  # told to those who may not see the event's secret facts
    #: the rule those who may not see the event's secret facts are told instead (its title,
    #: sentence and pause), when even which rule applied would give a secret away
    told_as: str = ""
    #: how long live play lingers on a step with this rule, in ordinary steps: a reveal or a
    #: scoring deserves more time than a card put down
    dwell: float = 1.0

    @property
    def is_ruling(self) -> bool:
        return self.ruling is not None

    def to_json(self) -> dict:
        return {"id": self.id, "title": self.title, "explanation": self.explanation,
                "section": self.section,
                "ruling": self.ruling.to_json() if self.ruling else None}


FactFormatter = Callable[[Any, Sequence[str]], str]


def _name(value: Any, names: Sequence[str]) -> str:
    if isinstance(value, int) and 0 <= value < len(names):
        return names[value]
    return str(value)


def _names(value: Any, names: Sequence[str]) -> str:
    return join_words([_name(v, names) for v in value])


def join_words(words: Sequence[str]) -> str:
    """"a", "a and b", "a, b and c": lists read as English."""
    words = list(words)
    if not words:
        return "nobody"
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + " and " + words[-1]


#: fact keys that hold a seat number (or a list of them) in every game
PLAYER_FACTS: dict[str, FactFormatter] = {
    key: _name for key in ("player", "winner", "dealer", "leader", "loser", "owner", "thief")
}
PLAYER_FACTS.update({key: _names for key in ("players", "winners", "losers")})


#: rules the core itself enforces for every game (turns, format, the end)
CORE_RULES = (
    Rule("action.format", "Actions have a fixed form",
         "Every action is a short text id such as the ones the legal-action list shows; "
         "anything else names no action at all.", "General"),
    Rule("turn.order", "Only the player to act may act",
         "Players act when the rules give them the turn; an action from anyone else is refused.",
         "General"),
    Rule("turn.chance", "Chance moves are not players' moves",
         "Shuffles, deals, cuts and rolls are made by chance (or written into a record); "
         "a player cannot make them, and chance cannot act when a player must decide.", "General"),
    Rule("turn.simultaneous", "Say who acts in a simultaneous decision",
         "When several players decide at once, each action must say whose it is.", "General"),
    Rule("game.over", "The game is over",
         "Once the game has ended nobody can act; the result stands.", "General"),
)


class RuleBook:
    """A game's rules by id, and the one place event sentences are made."""

    def __init__(self, game: str, rules: Iterable[Rule],
                 formatters: Mapping[str, FactFormatter] | None = None):
        self.game = game
        self._rules: dict[str, Rule] = {}
        for rule in (*CORE_RULES, *rules):
            if rule.id in self._rules:
                raise ValueError(f"rule id {rule.id!r} appears twice in {game}")
            self._rules[rule.id] = rule
        for rule in self._rules.values():
            if rule.told_as and rule.told_as not in self._rules:
                raise ValueError(f"rule {rule.id!r} is told as {rule.told_as!r}, which {game} "
                                 "does not have")
        self._formatters = dict(PLAYER_FACTS)
        self._formatters.update(formatters or {})

    def __getitem__(self, rule_id: str) -> Rule:
        try:
            return self._rules[rule_id]
        except KeyError:
            raise InvalidInputError(f"{self.game} has no rule {rule_id!r}") from None

    def __contains__(self, rule_id: object) -> bool:
        return rule_id in self._rules

    def __iter__(self):
        return iter(self._rules.values())

    def __len__(self) -> int:
        return len(self._rules)

    def rulings(self) -> list[Rule]:
        return [rule for rule in self if rule.ruling]

    def format_fact(self, key: str, value: Any, names: Sequence[str]) -> str:
        formatter = self._formatters.get(key)
        if formatter is not None:
            return formatter(value, names)
        if isinstance(value, (list, tuple)):
            return join_words([str(v) for v in value])
        return str(value)

    def told(self, event: Event) -> Rule:
        """The rule an event is told by: its own, or, for an event whose secret facts are
        withheld (see ``Event.seen_by``), the rule its own is ``told_as``."""
        rule = self[event.rule]
        if rule.told_as and event.is_redacted:
            return self[rule.told_as]
        return rule

    def sentence(self, event: Event, names: Sequence[str]) -> str:
        """The event told as one sentence (made on demand, never during rollouts)."""
        rule = self.told(event)
        template = rule.sentence or rule.title + "."
        if event.is_redacted and rule.id == event.rule:
            template = rule.hidden_sentence or rule.title + "."
        values = {key: self.format_fact(key, value, names) for key, value in event.facts.items()}
        if event.players and "player" not in values:
            values["player"] = _name(event.players[0], names)
        try:
            return template.format(**values)
        except (KeyError, IndexError) as missing:
            raise ValueError(f"rule {rule.id}: sentence needs fact {missing}") from None
