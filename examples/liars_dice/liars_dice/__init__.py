"""Liar's Dice (2-6 players): dice hidden under cups, bids on how many dice of a face lie on
the whole table, and calling a bid. A game from outside tomato_widgets: it imports only
``tomato_widgets.core`` and comes in through the ``tomato_widgets.games`` entry point."""
from pathlib import Path

from tomato_widgets.core.plugin import GamePlugin

from .board import narrow_scene, scene
from .bots import BOTS, LiarsBot
from .rules import GAME, LiarsDice, LiarsState, bid_action, roll_action
from .teaching import exercises, guide
from .words import knowledge, prompt, render_text, results, words_for

__all__ = ["BOTS", "GAME", "PLUGIN", "LiarsBot", "LiarsDice", "LiarsState", "bid_action",
           "roll_action"]

#: the game as a plug-in (registered in this package's pyproject.toml)
PLUGIN = GamePlugin(game=GAME, bots=BOTS, scene=scene, narrow_scene=narrow_scene,
                    knowledge=knowledge, results=results,
                    prompt=prompt, render_text=render_text, words_for=words_for, guide=guide,
                    exercises=exercises, sprites=Path(__file__).with_name("sprites.svg"))
