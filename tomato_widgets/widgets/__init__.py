"""The widget shell (anywidget): replays and live play for every registered game."""
from .shell import GameWidget, play, play_from, replay

__all__ = ["GameWidget", "play", "play_from", "replay"]
