"""tomato_widgets: teach, replay and play tomato-themed tabletop games in Jupyter."""
from .core.errors import IllegalActionError, InvalidInputError, RecordError
from .core.records import GameRecord, load_record
from .games import GAMES, get_game

__all__ = ["GAMES", "GameRecord", "IllegalActionError", "InvalidInputError", "RecordError",
           "get_game", "load_record"]
