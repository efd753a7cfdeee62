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
