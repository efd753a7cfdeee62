"""Diced Tomatoes: dice rolled onto tomato vines in sets and runs, black dice, karma powers and
a one-player mode (1-4 players)."""
from pathlib import Path

from ...core.plugin import GamePlugin
from .bots import BOTS
from .guide import guide
from .narrow import narrow_scene
from .render import scene
from .rules import GAME, DicedState, DicedTomatoes, reroll_action, roll_action, start_action
from .texts import knowledge, prompt, render_text, results, words_for
from .tutorial import exercises

__all__ = ["BOTS", "GAME", "PLUGIN", "DicedState", "DicedTomatoes", "guide", "knowledge", "narrow_scene",
           "prompt", "render_text", "reroll_action", "results", "roll_action", "scene",
           "start_action", "words_for"]

#: the game as the project's plug-in (registered in pyproject.toml's entry points)
PLUGIN = GamePlugin(game=GAME, bots=BOTS, scene=scene, narrow_scene=narrow_scene,
                    knowledge=knowledge, results=results, prompt=prompt,
                    render_text=render_text, words_for=words_for, guide=guide,
                    exercises=exercises, sprites=Path(__file__).with_name("sprites.svg"))
