"""Tanemaki: seed cards handed face down along a chain, planted and harvested for coins (2-5 players)."""
from pathlib import Path

from ...core.plugin import GamePlugin
from .bots import BOTS
from .cards import words_for
from .guide import guide
from .narrow import scene as narrow_scene
from .render import scene
from .rules import GAME, Tanemaki, TanemakiState, draw_action, first_action
from .texts import knowledge, prompt, render_text, results
from .tutorial import exercises

__all__ = ["BOTS", "GAME", "PLUGIN", "Tanemaki", "TanemakiState", "draw_action", "first_action",
           "guide", "knowledge", "narrow_scene", "prompt", "render_text", "results", "scene",
           "words_for"]

#: the game as the project's plug-in (registered in pyproject.toml's entry points)
PLUGIN = GamePlugin(game=GAME, bots=BOTS, scene=scene, narrow_scene=narrow_scene,
                    knowledge=knowledge, results=results, prompt=prompt,
                    render_text=render_text, words_for=words_for, guide=guide,
                    exercises=exercises, sprites=Path(__file__).with_name("sprites.svg"))
