"""The built-in games, each a package that plugs in through ``core.registry`` (its
``PLUGIN``: rules, presenter, bots, teaching material), and the names older code reaches
them by: ``GAMES`` (short name -> rules), ``get_game`` and ``make_bot``.
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping

from ..core.game import Game
from ..core.players import SEARCH_METHODS, bot_kinds, make_bot
from ..core.registry import game as get_game
from ..core.registry import plugins

__all__ = ["GAMES", "SEARCH_METHODS", "bot_kinds", "get_game", "make_bot"]


class _Games(Mapping):
    """Short name -> the game's rules, for every registered game (plug-ins included),
    looked up when asked: the plug-ins load on first use."""

    def __getitem__(self, name: str) -> Game:
        return plugins()[name].game

    def __iter__(self) -> Iterator[str]:
        return iter(plugins())

    def __len__(self) -> int:
        return len(plugins())


GAMES: Mapping[str, Game] = _Games()
