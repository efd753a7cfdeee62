"""Tomate: the Spanish trick-taker (2-13 players)."""
from pathlib import Path

from ...core.plugin import GamePlugin
from .bots import BOTS, TomateBot
from .cards import words_for
from .guide import guide
from .known import knowledge
from .narrow import narrow_scene
from .render import scene
from .rules import GAME, Tomate, TomateState, cut_action, deal_action
from .texts import prompt, render_text, results
from .tutorial import exercises

__all__ = ["BOTS", "GAME", "PLUGIN", "Tomate", "TomateBot", "TomateState", "cut_action", "deal_action",
           "guide", "knowledge", "narrow_scene", "prompt", "render_text", "results", "scene", "words_for"]

#: the game as the project's plug-in (registered in pyproject.toml's entry points)
PLUGIN = GamePlugin(game=GAME, bots=BOTS, scene=scene, narrow_scene=narrow_scene,
                    knowledge=knowledge, results=results, prompt=prompt,
                    render_text=render_text, words_for=words_for, guide=guide,
                    exercises=exercises, sprites=Path(__file__).with_name("sprites.svg"))
