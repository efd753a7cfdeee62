"""The game registry: short name -> game package. A game is a package that plugs in here.

Each game package exposes ``GAME`` (the rules), ``BOTS`` (name -> bot class),
``render_text`` (an observation as text), ``scene``, ``knowledge`` and ``results`` (what
the widget shows), and ``words_for`` (the ways a hidden thing's id can be written in a text:
the hidden-information tests look for them where they must not be).
"""
from __future__ import annotations

from types import ModuleType

from ..core.errors import InvalidInputError
from ..core.game import Game
from . import diced_tomatoes, karate_tomate, tanemaki, tomate, tomatomat

#: in the order the games are listed (the order of the project's tutorials)
PACKAGES: dict[str, ModuleType] = {pkg.GAME.name: pkg for pkg in (
    tomate, tomatomat, karate_tomate, tanemaki, diced_tomatoes)}
GAMES: dict[str, Game] = {name: pkg.GAME for name, pkg in PACKAGES.items()}


def game_package(name: str) -> ModuleType:
    package = PACKAGES.get(name) if isinstance(name, str) else None
    if package is None:
        raise InvalidInputError(f"unknown game {name!r}; known games: {', '.join(sorted(GAMES))}")
    return package


def get_game(name: str) -> Game:
    """The registered game called ``name``; unknown names list the known ones."""
    return game_package(name).GAME


def make_bot(game_name: str, kind: str, seed: int | str = 0):
    """A bot of kind ``kind`` ("random", "heuristic", ...) for the game."""
    bots = game_package(game_name).BOTS
    if kind not in bots:
        raise InvalidInputError(f"{game_name} has no bot {kind!r}; it has: {', '.join(sorted(bots))}")
    return bots[kind](seed)
