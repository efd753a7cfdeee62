"""Diced Tomatoes: dice rolled onto tomato vines in sets and runs, black dice, karma powers and
a one-player mode (1-4 players)."""
from .bots import BOTS
from .guide import guide
from .narrow import narrow_scene
from .render import scene
from .rules import GAME, DicedState, DicedTomatoes, reroll_action, roll_action, start_action
from .texts import knowledge, prompt, render_text, results, words_for

__all__ = ["BOTS", "GAME", "DicedState", "DicedTomatoes", "guide", "knowledge", "narrow_scene",
           "prompt", "render_text", "reroll_action", "results", "roll_action", "scene",
           "start_action", "words_for"]
