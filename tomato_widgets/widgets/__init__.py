"""The widget shell (anywidget): replays and live play for every registered game."""
from .progress import Progress
from .shell import GameWidget, play, play_from, replay

__all__ = ["GameWidget", "Progress", "play", "play_from", "replay"]
