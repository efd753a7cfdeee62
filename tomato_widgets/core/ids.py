"""Numbers inside ids (action ids, chance outcomes, card ids): one strict reading for all games.

``str.isdigit`` says yes to "²", "٣" and "２", which ``int`` then refuses or reads as 3 and
2; ``int`` itself takes " 1", "+1" and "01". An id has one spelling, so a number in it is
written in ASCII digits, with no sign, no space and no leading zero ("0" itself is fine).
Anything else names no number: the game refuses it with its own words, never a bare
``ValueError`` from ``int``, and never saves it as written.
"""
from __future__ import annotations

from typing import Any

#: the most digits a number in an id has; a longer run names no number (and costs nothing)
MAX_DIGITS = 18
_DIGITS = frozenset("0123456789")


def whole_number(text: Any) -> int | None:
    """The whole number ``text`` writes in the one spelling ids use, or None when it writes
    none: ``"7"`` -> 7, ``"0"`` -> 0; ``"07"``, ``"+7"``, ``" 7"``, ``"²"``, ``"７"`` -> None."""
    if not isinstance(text, str) or not 0 < len(text) <= MAX_DIGITS or not _DIGITS.issuperset(text):
        return None
    if text[0] == "0" and len(text) > 1:
        return None
    return int(text)
