"""A game as one plug-in: its rules, how it is shown, its bots and its teaching material.

A game package builds one ``GamePlugin`` and names it in the entry-point group
``tomato_widgets.games`` (see ``registry``); the command line, the search and every widget
then serve it, and nothing outside the package needs to know its modules. The parts every
game has are required; an optional part has a default here, so nobody probes a package for
names it may lack.

The presenter parts take a seat's observation (``Game.observe``: only what that view may
see) and the players' names, so a view can never draw what it may not show:

- ``scene(observation, names, legal)``: the wide board as a scene (``core.scene``);
- ``narrow_scene(...)``: the same board for a narrow column (default: none, the wide one
  scales);
- ``knowledge(observation, names)``: seat -> one line of what the view knows of that seat;
- ``results(observation, names)``: the end-of-game table (default: built from the outcome);
- ``prompt(observation, names, legal)``: what the human decides now, in the game's words
  (default: no prompt);
- ``render_text(observation, names)``: the table as text (the command line's ``show``);
- ``chapter(observation)``: where in the game it is, to jump between (default: its round or
  turn);
- ``words_for(token)``: the ways a hidden thing's id can be written in a text (the hidden-
  information tests look for them where they must not be).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping

from .game import Game


def _no_prompt(observation: dict, names, legal) -> str:
    return ""


def _spelled_as_is(token: str) -> list[str]:
    return [token]


def chapter_by_round(observation: dict) -> str:
    """Where in the game an observation is, as a learner names it: its round ("Round 2"),
    else its turn ("" before either)."""
    if observation.get("round"):
        return f"Round {observation['round']}"
    if observation.get("turn"):
        return f"Turn {observation['turn']}"
    return ""


@dataclass(frozen=True)
class GamePlugin:
    """Everything the project offers of one game, in one object."""

    #: the rules (``core.game.Game``); its ``name`` is the game's short name
    game: Game
    #: bot kind ("random", "heuristic", ...) -> a class made with a seed
    bots: Mapping[str, Callable[[Any], Any]]
    scene: Callable[..., dict]
    knowledge: Callable[..., dict]
    render_text: Callable[..., str]
    narrow_scene: Callable[..., dict] | None = None
    #: None: the results table is made from the outcome alone (``widgets.frames``)
    results: Callable[..., dict] | None = None
    prompt: Callable[..., str] = _no_prompt
    chapter: Callable[[dict], str] = chapter_by_round
    words_for: Callable[[str], list] = _spelled_as_is
    #: () -> (the guided first game's script, the learner's seat); None: no guided game
    guide: Callable[[], tuple] | None = None
    #: () -> records with questions: the tutorial's exercises
    exercises: Callable[[], list] = field(default=lambda: [])
    #: the game's pictures (an SVG of ``<symbol>`` sprites), or None
    sprites: Path | None = None

    @property
    def name(self) -> str:
        return self.game.name

    @property
    def title(self) -> str:
        return self.game.title
