"""tomato_widgets: teach, replay and play tomato-themed tabletop games in Jupyter.

Re-exports the widgets (``replay``, ``play``, ``play_from``, ``guided``, ``GameWidget``; imported on first use, so
the command line does not pay for the widget libraries), ``load_record`` and the registry.
"""
from .core.errors import IllegalActionError, InvalidInputError, RecordError
from .core.records import GameRecord, load_record
from .games import GAMES, get_game

__all__ = ["GAMES", "GameRecord", "GameWidget", "IllegalActionError", "InvalidInputError",
           "RecordError", "get_game", "guided", "load_record", "play", "play_from", "replay"]

_WIDGETS = ("GameWidget", "guided", "play", "play_from", "replay")


def __getattr__(name):
    if name in _WIDGETS:
        from . import widgets
        return getattr(widgets, name)
    raise AttributeError(f"module 'tomato_widgets' has no attribute {name!r}")
