"""The games this installation knows: plug-ins found through the entry-point group
``tomato_widgets.games``, each entry named by its game's short name and pointing at a
``GamePlugin`` (``module:NAME``).

The five built-in games are registered the same way (in ``pyproject.toml``). Where no package
metadata is installed (a bare checkout on ``sys.path``, a bundle without it), ``BUILT_IN``
names them instead: the same entries, written here as data. The core only ever loads a game
by such a name; it imports no game's code itself. Plug-ins load on first use, once.
"""
from __future__ import annotations

import importlib
from importlib import metadata
from typing import Iterator

from .errors import InvalidInputError
from .game import Game
from .plugin import GamePlugin

GROUP = "tomato_widgets.games"
#: the entries of the built-in games, in the order their tutorials come
BUILT_IN = {
    "tomate": "tomato_widgets.games.tomate:PLUGIN",
    "tomatomat": "tomato_widgets.games.tomatomat:PLUGIN",
    "karate_tomate": "tomato_widgets.games.karate_tomate:PLUGIN",
    "tanemaki": "tomato_widgets.games.tanemaki:PLUGIN",
    "diced_tomatoes": "tomato_widgets.games.diced_tomatoes:PLUGIN",
}

_loaded: dict[str, GamePlugin] | None = None


def _entries() -> dict[str, str]:
    """Short name -> ``module:NAME``: the installed entry points, the built-in games first
    (in their order) and, where metadata lacks one, from ``BUILT_IN``."""
    found = {entry.name: entry.value for entry in metadata.entry_points(group=GROUP)}
    entries = {name: found.pop(name, value) for name, value in BUILT_IN.items()}
    entries.update(sorted(found.items()))
    return entries


def _load(name: str, value: str) -> GamePlugin:
    module_name, _, attribute = value.partition(":")
    try:
        plugin = getattr(importlib.import_module(module_name), attribute or "PLUGIN")
    except (ImportError, AttributeError) as error:
        raise InvalidInputError(f"the game {name!r} ({GROUP} entry {value!r}) could not be "
                                f"loaded: {error}") from error
    if not isinstance(plugin, GamePlugin):
        raise InvalidInputError(f"the {GROUP} entry {name!r} ({value!r}) is not a GamePlugin")
    if plugin.name != name:
        raise InvalidInputError(f"the {GROUP} entry {name!r} loads the game {plugin.name!r}: "
                                "an entry is named by its game's short name")
    return plugin


def plugins() -> dict[str, GamePlugin]:
    """Every game's plug-in, by short name (loaded once, on first use)."""
    global _loaded
    if _loaded is None:
        _loaded = {name: _load(name, value) for name, value in _entries().items()}
    return _loaded


def register(plugin: GamePlugin) -> None:
    """Add a game from code (a notebook's own game, a test's), as an entry point would."""
    if not isinstance(plugin, GamePlugin):
        raise InvalidInputError(f"register takes a GamePlugin, not {type(plugin).__name__}")
    plugins()[plugin.name] = plugin


def plugin(name: str) -> GamePlugin:
    """The plug-in of the game called ``name``; an unknown name lists the known ones."""
    found = plugins().get(name) if isinstance(name, str) else None
    if found is None:
        raise InvalidInputError(f"unknown game {name!r}; known games: {', '.join(sorted(plugins()))}")
    return found


def game(name: str) -> Game:
    return plugin(name).game


def games() -> Iterator[Game]:
    return (found.game for found in plugins().values())
