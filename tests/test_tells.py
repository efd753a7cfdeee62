"""Helps on the board that tell the moves allowed now or what the rules will do next carry
``tells`` (``core/scene.py``): the shell hides them while an exercise asks the learner to
work that out ("what may Ben do?", "what would you do?", "what happens next?").

For each game, a few random and heuristic games are drawn in several views, wide and narrow:
every marked item says one of the kinds of tells this game marks (a pattern per game), no
unmarked item says one, both layouts mark the same items, and every kind of tell turns up
in the games played (so that the test is not passed by marking nothing). Plain facts of the
table (cards, counts, scores, whose turn it is, a vine's worth, a storehouse's free places)
stay unmarked.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable

import pytest

from tomato_widgets.core.game import CHANCE
from tomato_widgets.core.play import play_game
from tomato_widgets.core.registry import plugin
from tomato_widgets.games import GAMES as RULES, make_bot

NAMES = ["Ana", "Ben", "Cid", "Dee", "Eve", "Flo", "Gus"]


@dataclass(frozen=True)
class Tells:
    """What one game marks: ``kinds`` (name -> the whole text of such an item), the player
    counts to play, and ``exempt(obs, item)``: an unmarked item whose text may look like a
    tell because it states what has happened (the game is over)."""

    kinds: dict[str, str]
    players: tuple[int, ...]
    exempt: Callable[[dict, dict], bool] = lambda obs, item: False
    #: labels wrapped over several lines (``<id>``, ``<id>:2`` ...): read as one text
    wrapped: tuple[str, ...] = ()
    pattern: re.Pattern = field(init=False)

    def __post_init__(self):
        object.__setattr__(self, "pattern", re.compile(
            "|".join(f"(?:{words})" for words in self.kinds.values())))

    def kind(self, text: str) -> str | None:
        for name, words in self.kinds.items():
            if re.fullmatch(words, text):
                return name
        return None


GAMES = {
    "tomate": Tells({
        # the forced step that shares out the pot, foretold by the status line
        "pot shared": r"Round \d+ \u00b7 (?:everybody passed: the pot waits|only .+ stayed in: "
                      r"the pot is shared|one player stayed in|the pot of \d+ is shared"
                      r"(?:, a third per trick)?)",
    }, players=(3, 5)),
    "tomatomat": Tells({
        # nothing is marked: the board only states facts (a card goes to any machine, and
        # the settlement shows what each step did once it is done); no text may read as a help
        "none": r".*\b(?:may|must|can|allowed|takes?|has a spot|would|if (?:it|the game) "
                r"ended now)\b.*",
    }, players=(2, 4)),
    "karate_tomate": Tells({
        "knife rule": r"fewest knives|fewest|Fewest knives so far: (?:knocked out if the game "
                      r"ended now|out if it ended now)|No knife yet: the fewest knives "
                      r"(?:are knocked out at the end|lose)",
        "swap next": r"tied players swap Tomatoes next",
    }, players=(4, 7), exempt=lambda obs, item: obs["phase"] == "over"
       and item["id"].startswith("warn:")),
    "tanemaki": Tells({
        "may go on": r"May go on to: .+",
        "not to": r"Not to: .+",
        "two players": r"Two players: plant it or store it",
    }, players=(2, 4), wrapped=("held:",)),
    "diced_tomatoes": Tells({
        "seed": r"seed: any red",
        "takes": r"takes (?:nothing|[1-6](?:/[1-6])*)",
        "ripe": r"ripe: harvest",
        "dice to place": r"\d+ (?:die|dice) to place: each has a spot"
                         r"|\d+ of \d+ have a spot; others pass on"
                         r"|no spot for (?:it|them): they pass on",
    }, players=(1, 3)),
}
#: kinds of tells a random game may well not show (checked when they do)
RARE = {("diced_tomatoes", "takes")}


def records(name: str, players: int, seeds=(1, 2)):
    """Games of random and heuristic bots (alternating seats)."""
    game = RULES[name]
    for seed in seeds:
        bots = [make_bot(name, "heuristic" if (seat + seed) % 2 else "random", f"{seed}-{seat}")
                for seat in range(players)]
        yield play_game(game, bots, seed=seed, names=NAMES[:players])


def views(name: str, record):
    """(observation, legal) for the all-seeing view and two seats at each step; a seat that
    acts is drawn with its legal moves, as live play draws it."""
    game = RULES[name]
    n = len(record.players)
    for number, state in enumerate(record.states):
        actors = game.to_act(state)
        for perspective in (None, 0, 1) if number % 2 else (None, 0):
            if perspective is not None and perspective >= n:
                continue
            legal = None
            if perspective is not None and actors and actors[0] != CHANCE and perspective in actors:
                legal = list(game.legal_actions(state, perspective))
            yield game.observe(state, perspective), legal


def texts(tells: Tells, items: list[dict]) -> dict[str, str]:
    """id -> the text an item says; each line of a wrapped label (``<id>``, ``<id>:2`` ...)
    says the whole label's text."""
    said = {item["id"]: str(item["text"]) for item in items if item.get("text")}
    joined = dict(said)
    for key in said:
        if not tells.wrapped or not key.startswith(tells.wrapped):
            continue
        base = re.sub(r":\d+$", "", key)
        base = base if base in said else key
        lines = [said[base]] + [said[f"{base}:{k}"] for k in range(2, 20) if f"{base}:{k}" in said]
        joined[key] = " ".join(lines)
    return joined


def check_scene(name: str, tells: Tells, obs: dict, made: dict, seen: set[str]) -> set[str]:
    """The checks on one scene; returns the ids it marks."""
    items = made["items"]
    said = texts(tells, items)
    marked = set()
    for item in items:
        assert item.get("tells", True) is True, f"{name}: tells is true or absent: {item}"
        key = item["id"]
        if item.get("tells"):
            marked.add(key)
            kind = tells.kind(said.get(key, ""))
            assert kind is not None and name != "tomatomat", \
                f"{name}: a marked item that says no tell of this game: {item}"
            seen.add(kind)
        elif item.get("text") and not tells.exempt(obs, item):
            assert not tells.pattern.search(str(item["text"])), \
                f"{name} ({obs['phase']}): an unmarked item says a tell: {item}"
    return marked


@pytest.mark.parametrize("name", list(GAMES))
def test_the_helps_that_tell_the_moves_are_marked_in_both_layouts(name):
    tells = GAMES[name]
    package = plugin(name)
    seen: set[str] = set()
    scenes = 0
    for players in tells.players:
        for record in records(name, players):
            names = record.players
            for obs, legal in views(name, record):
                wide = package.scene(obs, names, legal)
                narrow = package.narrow_scene(obs, names, legal)
                marked_wide = check_scene(name, tells, obs, wide, seen)
                marked_narrow = check_scene(name, tells, obs, narrow, seen)
                scenes += 1
                # both layouts mark the same things: the ids they both draw alike, and a
                # line one layout wraps further is a line of a label marked in both
                ids_wide = {item["id"] for item in wide["items"]}
                ids_narrow = {item["id"] for item in narrow["items"]}
                assert marked_wide & ids_narrow == marked_narrow & ids_wide, \
                    (name, obs["phase"], marked_wide ^ marked_narrow)
                for key in marked_wide ^ marked_narrow:
                    base = re.sub(r":\d+$", "", key)
                    assert base != key and base in marked_wide and base in marked_narrow, \
                        (name, obs["phase"], key)
    assert scenes > 100
    if name == "tomatomat":
        assert not seen
    else:
        missing = {kind for kind in tells.kinds if (name, kind) not in RARE} - seen
        assert not missing, f"{name}: no game showed these tells: {missing}"


def test_a_vine_that_takes_nothing_says_so_as_a_tell():
    """Diced Tomatoes: the lines under a vine, by what they say (a vine's worth and a full
    score track are facts; what it takes and that it is harvested now are tells)."""
    from tomato_widgets.games.diced_tomatoes.render import _tells, TELLING_WORDS
    assert TELLING_WORDS
    for text in ("takes nothing", "takes 4/5", "takes 6", "seed: any red", "ripe: harvest"):
        assert _tells(text) == {"tells": True}, text
    for text in ("worth 4", "worth 0", "track full", "harvested: 3", "to slot 2", "kept",
                 "at worth 0", "cleared", "cleaned", "seed flipped"):
        assert _tells(text) == {}, text
