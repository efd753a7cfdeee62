"""The game registry: short name -> game object. A game is a package that plugs in here."""
from __future__ import annotations

from ..core.errors import InvalidInputError
from ..core.game import Game
from .tomate.rules import GAME as TOMATE

GAMES: dict[str, Game] = {game.name: game for game in (TOMATE,)}


def get_game(name: str) -> Game:
    """The registered game called ``name``; unknown names list the known ones."""
    game = GAMES.get(name) if isinstance(name, str) else None
    if game is None:
        raise InvalidInputError(f"unknown game {name!r}; known games: {', '.join(sorted(GAMES))}")
    return game
