"""Dice, vines and their words: the small facts every other module of Diced Tomatoes uses.

A die is a small int: its value (1-6) for a red die, its value + 10 (11-16) for a black one,
so ``die % 10`` is the value and ``die > 10`` says black. In observations and records a die
is written ``R5`` or ``B2``.

A vine is the tuple of dice on one tomato token, in the order they were put there: the seed
first. It is a set (every die shows the seed's value) or a run (values that follow each other
with no gap and no repeat, in any placement order). A vine of one die is both. A die joins a
vine when the vine with it is still a set or a run; nothing wraps from 6 to 1.

Tokens are named by seat and letter: ``0A`` is the first player's tomato A (seats count from
0 in ids, as in every record; texts name players).
"""
from __future__ import annotations

from ...core.errors import InvalidInputError
from ...core.ids import whole_number
from ...core.text import plural, quote

VALUES = (1, 2, 3, 4, 5, 6)
BLACK = 10
TOKENS = ("A", "B", "C")
#: the dice of one player: red and black
RED_PER_PLAYER = 11
BLACK_PER_PLAYER = 2
#: a vine is harvested when it holds this many dice
HARVEST_AT = 4
#: score slots on a track
SLOTS = 6
#: karma earned for completing another player's vine, by the vine's worth (0 to 6)
KARMA_FOR_WORTH = (0, 1, 1, 2, 2, 3, 3)
#: the karma powers: name -> (cost, what it targets)
POWER_COST = {"reroll": 1, "up": 2, "down": 2, "clean": 3, "over": 4, "flip": 5, "set": 6}
OPPOSITE = {1: 6, 2: 5, 3: 4, 4: 3, 5: 2, 6: 1}


def die_id(die: int) -> str:
    """``R5``, ``B2``: how records and observations write a die."""
    return ("B" if die > BLACK else "R") + str(die % BLACK)


def parse_die(text: str, where: str = "die") -> int:
    if not isinstance(text, str) or len(text) != 2 or text[0] not in "RB" or text[1] not in "123456":
        raise InvalidInputError(f"{quote(text)} is not a die: R or B (red or black) and a value "
                                "1 to 6, e.g. R5 or B2", where=where)
    return int(text[1]) + (BLACK if text[0] == "B" else 0)


def die_name(die: int) -> str:
    """"red 5", "black 2"."""
    return ("black " if die > BLACK else "red ") + str(die % BLACK)


def die_name_of(text: str) -> str:
    """The name of a die written as in an observation (``B2`` -> "black 2")."""
    return die_name(parse_die(text))


def vine_id(seat: int, token: int) -> str:
    return f"{seat}{TOKENS[token]}"


def parse_vine(text: str) -> tuple[int, int] | None:
    """(seat, token) of a vine id such as ``1B``, or None when it names no vine."""
    if isinstance(text, str) and len(text) == 2 and text[1] in TOKENS:
        seat = whole_number(text[0])
        if seat is not None:
            return seat, TOKENS.index(text[1])
    return None


# ---- what a vine is and what it takes ------------------------------------------------------
_ACCEPTS: dict = {}


def accepts(vine: tuple) -> frozenset:
    """The values a die must show to join ``vine`` (an empty token: any value, as a seed of
    a red die only; see ``fits``)."""
    found = _ACCEPTS.get(vine)
    if found is not None:
        return found
    values = sorted(die % BLACK for die in vine)
    if not values:
        found = frozenset(VALUES)
    elif values[0] == values[-1] and len(values) > 1:   # a set: only the same value
        found = frozenset((values[0],))
    else:                                                # a lone seed or a run: either end
        low, high = values[0], values[-1]
        ends = {low - 1, high + 1}
        if len(values) == 1:
            ends.add(low)                                # a second die of its value makes a set
        found = frozenset(v for v in ends if 1 <= v <= 6)
    _ACCEPTS[vine] = found
    return found


def fits(die: int, vine: tuple) -> bool:
    """Whether ``die`` may go on ``vine`` now: a red die as the seed of an empty token, or a
    die of a value the vine takes (full vines are harvested before anything else happens)."""
    if not vine:
        return die < BLACK
    return die % BLACK in accepts(vine)


def is_vine(values) -> bool:
    """Whether these values form a set or a run (no gap, no repeat, no wrap)."""
    values = sorted(values)
    if not values or values[0] == values[-1]:
        return True
    return len(set(values)) == len(values) and values[-1] - values[0] == len(values) - 1


def worth(vine: tuple) -> int:
    """What the vine scores when harvested: its seed's value less one per black die, not
    below 0 (0 for an empty token)."""
    if not vine:
        return 0
    blacks = sum(1 for die in vine if die > BLACK)
    return max(0, vine[0] % BLACK - blacks)


def karma_for(points: int) -> int:
    return KARMA_FOR_WORTH[points]


# ---- scores (the rules score states, the texts observations: both with these) -------------
def final_score(worths, bonus: bool, karma: int, vine_sizes) -> dict:
    """A player's final score in parts: the tomatoes' worths, 2 for the first sixth tomato, a
    point per two karma left, a point per vine of three dice."""
    parts = {"track": sum(worths), "bonus": 2 if bonus else 0, "karma_points": karma // 2,
             "vines": sum(1 for size in vine_sizes if size == 3)}
    parts["total"] = sum(parts.values())
    return parts


def solo_score(worths, karma: int, vine_sizes, scoring: str) -> tuple[int, int]:
    """(score, slots matched) of a game alone: 'page' +1 per match and -1 per other slot
    (empty ones too); 'revision' 7 per match, its worth for any other tomato, plus karma and
    three-dice vines as in the regular game."""
    matches = sum(1 for slot, points in enumerate(worths, 1) if points == slot)
    if scoring == "page":
        return matches - (SLOTS - matches), matches
    score = sum(7 if points == slot else points for slot, points in enumerate(worths, 1))
    score += karma // 2 + sum(1 for size in vine_sizes if size == 3)
    return score, matches


def shape(vine: tuple) -> str:
    """"empty", "seed", "set" or "run"."""
    if not vine:
        return "empty"
    if len(vine) == 1:
        return "seed"
    values = [die % BLACK for die in vine]
    return "set" if min(values) == max(values) else "run"


def value_words(values) -> str:
    """"a 4", "a 1 or a 4", "a 2, a 3 or a 4"."""
    words = [f"a {v}" for v in sorted(values)]
    if not words:
        return "nothing"
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + " or " + words[-1]


def shape_words(vine: tuple) -> str:
    """The vine in words: "an empty token", "a lone 5", "a set of 4s (3 dice)", "a run 2 to 4"."""
    kind = shape(vine)
    if kind == "empty":
        return "an empty token"
    values = sorted(die % BLACK for die in vine)
    if kind == "seed":
        return f"a lone seed {values[0]}"
    if kind == "set":
        return f"a set of {values[0]}s ({len(values)} dice)"
    return f"a run {values[0]} to {values[-1]}"


def takes_words(vine: tuple) -> str:
    """What the vine takes, as a clause: "takes a 3 or a 5", "takes only another 4"."""
    if not vine:
        return "takes any red die as its seed"
    values = accepts(vine)
    if shape(vine) == "set":
        return f"takes only another {min(values)}"
    if not values:
        return "takes nothing more"
    return f"takes {value_words(values)}"
