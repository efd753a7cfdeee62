"""What a page may ask of its widget, in one table: every message it may send and every synced
trait it may change, with the modes in which each is accepted.

The page is not trusted: a notebook's console, or a script on a standalone page, can send any
message and set any trait. ``GameWidget`` handles only what this table accepts in the mode it
is in; anything else is dropped unanswered (nothing changes, nothing is sent), and a message
whose fields are not exactly the ones named here, of exactly these types (``True`` is not a
step), is dropped whole. What a message may then do with an accepted value (which seat, which
exercise) is checked where it is handled. ``tests/test_messages.py`` sends every message in
every mode, for every game, and checks the answers against this table; a message the page's
script sends, or a trait it sets, that has no row here fails that test.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

# ---- the modes a widget can be in -----------------------------------------------------------
REPLAY = "replay"                  # a replay that may show everything
REPLAY_SEAT = "replay of a seat"   # a replay offered for some seats only
EXERCISES = "exercises"            # a replay that asks questions (always for some seats only)
LIVE = "live"                      # live play against bots, the game on
FAIR = "fair"                      # live play without takebacks or advice, the game on
GUIDED = "guided"                  # a guided first game, while its script lasts
PLAYED_ON = "played on"            # live play begun from a replay's step, the game on
LIVE_OVER = "live, over"           # a live (or guided) game that has ended
FAIR_OVER = "fair, over"           # a fair game that has ended
PLAYED_ON_OVER = "played on, over"  # a game played on from a replay that has ended

MODES = (REPLAY, REPLAY_SEAT, EXERCISES, LIVE, FAIR, GUIDED, PLAYED_ON,
         LIVE_OVER, FAIR_OVER, PLAYED_ON_OVER)
EVERY = frozenset(MODES)
REPLAYS = frozenset({REPLAY, REPLAY_SEAT, EXERCISES})
GAME_ON = frozenset({LIVE, FAIR, GUIDED, PLAYED_ON})
OVER = frozenset({LIVE_OVER, FAIR_OVER, PLAYED_ON_OVER})
FAIR_GAMES = frozenset({FAIR, FAIR_OVER})


@dataclass(frozen=True)
class Row:
    """One thing the page may ask: its fields (name -> type), the modes that accept it, and
    what it is for (why only there)."""

    fields: dict
    modes: frozenset
    why: str


#: every custom message a page may send, by its ``type``
MESSAGES: dict[str, Row] = {
    "act": Row({"action": str}, GAME_ON,
               "a move for the human's seat, checked by the rules: only while the game is on"),
    "undo": Row({}, GAME_ON - FAIR_GAMES,
                "take back the human's last decision: never in a fair game, never once it is over"),
    "new_game": Row({}, OVER, "the next game at the same table: the results table's button"),
    "download": Row({"id": str}, OVER,
                    "the whole record: every hand, every comment and every exercise's answer, "
                    "so only once a live game is over (its results table's button)"),
    "play_on": Row({"seat": int}, REPLAYS,
                   "take a seat at the step shown: only a seat the view may take "
                   "(``seats_to_take``: the seat viewed; any from the all-seeing view)"),
    "back_to_replay": Row({}, frozenset({PLAYED_ON, PLAYED_ON_OVER}),
                          "leave a game played on from a replay for the replay"),
    "review": Row({"seat": int}, REPLAYS | OVER,
                  "a seat's costliest decisions: a seat the view may show, and in live play "
                  "only once the game is over (in a fair game it would be coaching)"),
    "review_close": Row({}, EVERY, "put the review away (nothing to put away is no harm)"),
    "answered": Row({"step": int, "right": bool, "shown": bool}, frozenset({EXERCISES}),
                    "how an exercise went, counted for the tutorial's score: a step this view "
                    "asks at"),
    "chapters": Row({}, EVERY, "a long game's chapters (a replay, or live play from a long "
                               "recorded past), made when the page first asks"),
    "resync": Row({}, EVERY, "the page missed an update: the view's state is sent again"),
}

#: every synced trait a page may change, and where: the step shown (clamped to the game), the
#: view (one this widget allows, decided in Python), the advisor's switch (where it is offered)
PAGE_TRAITS: dict[str, Row] = {
    "step": Row({"step": int}, EVERY, "the step shown: the page steps through the frames"),
    "perspective": Row({"perspective": int}, EVERY,
                       "the view shown: only one of those this widget allows"),
    "advisor_on": Row({"advisor_on": bool}, EVERY - FAIR_GAMES,
                      "the advisor's switch: never in a fair game"),
}


def exactly(value: Any, kind: type) -> bool:
    """``value`` is of type ``kind`` itself (a bool is no int here, an int no float)."""
    return type(value) is kind


def accepted_message(content: Any, mode: str) -> str | None:
    """The message's type when the table accepts ``content`` in ``mode``, else None."""
    if not isinstance(content, dict) or not isinstance(content.get("type"), str):
        return None
    row = MESSAGES.get(content["type"])
    if row is None or mode not in row.modes:
        return None
    fields = {key: value for key, value in content.items() if key != "type"}
    if set(fields) != set(row.fields):
        return None
    if not all(exactly(fields[name], kind) for name, kind in row.fields.items()):
        return None
    return content["type"]


def accepted_trait(name: str, value: Any, mode: str) -> bool:
    """Whether the page may set trait ``name`` to a value of ``value``'s type in ``mode``."""
    row = PAGE_TRAITS.get(name)
    return row is not None and mode in row.modes and exactly(value, row.fields[name])
