"""Text from outside (records, options, action ids), made safe to quote back.

Messages quote what was wrong, but only a short excerpt: an 800 KB action id or a
4,000-digit number is described, not echoed. On a terminal, control characters from a
record (escape sequences that retitle the window or clear the screen) are shown as visible
escapes, never sent raw.
"""
from __future__ import annotations

import json
import re
import unicodedata
from typing import Any

#: the longest excerpt of a value a message quotes, in characters
EXCERPT = 40
#: control and format characters a terminal would act on (line breaks and tabs aside)
_UNSAFE = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def quote(value: Any, limit: int = EXCERPT) -> str:
    """A short, safe rendering of ``value`` for a message: JSON-like, cut with its length."""
    if isinstance(value, bool) or value is None:
        return json.dumps(value)
    if isinstance(value, int):
        if value.bit_length() > 120:  # about 36 digits: described, never written out
            return f"a number of about {int(value.bit_length() * 0.30103) + 1:,} digits"
        return str(value)
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str):
        shown = repr(value[:limit])  # escapes control characters and unpaired surrogates
        if len(value) > limit:
            shown = f"{shown[:-1]}...{shown[-1]} ({len(value):,} characters)"
        return shown
    kind = {dict: "an object", list: "a list", tuple: "a list"}.get(type(value))
    if kind is not None:
        if len(value) <= 8:  # a short one is written out, if it is short written out too
            try:
                shown = json.dumps(value, separators=(", ", ": "), ensure_ascii=True)
            except (TypeError, ValueError, RecursionError):
                shown = None
            if shown is not None and len(shown) <= limit:
                return shown
        return f"{kind} of {len(value)} item{'s' if len(value) != 1 else ''}"
    return f"a value of type {type(value).__name__}"


def for_terminal(text: str) -> str:
    """``text`` with every control character a terminal would obey shown as an escape."""
    return _UNSAFE.sub(lambda match: f"\\u{ord(match.group()):04x}", text)


def character_kind(ch: str) -> str:
    """What a character not allowed in a one-line plain text is, in words."""
    category = unicodedata.category(ch)
    return {"Cc": "control character", "Cf": "invisible formatting character",
            "Cs": "unpaired surrogate", "Co": "private-use character",
            "Zl": "line separator", "Zp": "paragraph separator"}.get(category, "character")


_YOU = re.compile(r"\b(you have|you hold|you were|you are|your|you)\b")
_FIRST = {"you have": "{} has", "you hold": "{} holds", "you were": "{} was", "you are": "{} is",
          "your": "{}'s", "you": "{}"}
_LATER = {"you have": "they have", "you hold": "they hold", "you were": "they were",
          "you are": "they are", "your": "their", "you": "they"}


def third_person(reason: str, name: str) -> str:
    """A refusal told to the player ("you must beat the 6 of cups when you can: your K of
    cups does") retold about them, for a record's reader: "Ben must beat the 6 of cups when
    they can: their K of cups does"."""
    said = []

    def person(match):
        words = match.group(1)
        if not said:
            said.append(True)
            return _FIRST[words].format(name)
        return _LATER[words]
    return _YOU.sub(person, reason)


_SEAT = re.compile(r"\b[Pp]layer ([1-9][0-9]?)\b")


def with_names(text: str, names) -> str:
    """An engine's text with each player it names by number ("hand the card on to player 3",
    1-based) named by their name, as the learner knows them ("... to Cid"). Engines write no
    names (their texts are the same for every table); the names go in where texts are shown,
    and are never read again as text to change."""
    def name(match):
        seat = int(match.group(1)) - 1
        return names[seat] if seat < len(names) else match.group(0)
    return _SEAT.sub(name, text)


# ---- telling a player about themselves: "You put the corn 5 face down" ----------------------
_SAID_TO = {"has": "have", "is": "are", "was": "were", "does": "do", "goes": "go"}
_ENDS = ("sses", "shes", "ches", "xes", "zes", "oes")
_CLAUSE_VERB = re.compile(r"(\band|, and|\bbut|, but|\bthen) ([a-z]+)\b")
_PRONOUNS = {"they": "you", "their": "your", "them": "you", "themselves": "yourself"}
_PRONOUN = re.compile(r"\b(they|their|them|themselves)\b")


def _said_to_you(verb: str) -> str:
    """A verb of "she puts" as said to "you": "put"; a word that is no such verb stays."""
    if verb in _SAID_TO:
        return _SAID_TO[verb]
    if len(verb) > 4 and verb.endswith("ies"):
        return verb[:-3] + "y"
    if verb.endswith(_ENDS):
        return verb[:-2]
    if verb.endswith("s") and not verb.endswith("ss") and len(verb) > 2:
        return verb[:-1]
    return verb


def second_person(text: str, name: str) -> str:
    """``text`` (sentences that name the player ``name`` in the third person) told to that
    player: "Ana cannot beat it and follows suit" -> "You cannot beat it and follow suit",
    "Cid completed Ana's vine" -> "Cid completed your vine". Names of others stay; within a
    sentence that starts with the player alone, "they" and "their" are the player too."""
    if not name or name not in text:
        return text
    named = re.escape(name)
    mine = re.compile(rf"(?<![\w]){named}'s(?![\w])")
    subject = re.compile(rf"(?<![\w]){named} ([a-z]+)\b")
    anywhere = re.compile(rf"(?<![\w]){named}(?![\w])")
    told = []
    for sentence in re.split(r"(?<=[.!?])(\s+)", text):
        if name not in sentence:
            told.append(sentence)
            continue
        sentence = mine.sub("your", sentence)
        sentence = subject.sub(lambda m: "you " + (m.group(1) if m.group(1) == "and"
                                                    else _said_to_you(m.group(1))), sentence)
        sentence = anywhere.sub("you", sentence)
        # a clause the player alone does: "... and pays 3" is "... and pay 3"
        clauses = re.split(r"([:;] )", sentence)
        for index, clause in enumerate(clauses):
            if clause.startswith("you ") and not clause.startswith("you and "):
                clauses[index] = _CLAUSE_VERB.sub(
                    lambda m: f"{m.group(1)} {_said_to_you(m.group(2))}", clause)
        sentence = "".join(clauses)
        if sentence.startswith(("your ", "you ")) and not sentence.startswith("you and "):
            sentence = _PRONOUN.sub(lambda m: _PRONOUNS[m.group(1)], sentence)
        told.append(sentence[:1].upper() + sentence[1:] if sentence.startswith("you")
                    else sentence)
    return "".join(told)


def plural(count: int, one: str, many: str | None = None) -> str:
    """``1 card``, ``3 cards``; ``many`` for an irregular plural (knife, knives)."""
    return f"{count} {one if count == 1 else many or one + 's'}"
