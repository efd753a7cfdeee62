"""The widget shell (anywidget): replays and live play for every registered game."""
from .progress import Progress
from .shell import GameWidget, guided, play, play_from, replay

__all__ = ["GameWidget", "Progress", "guided", "play", "play_from", "replay"]
