"""Tomatomat: coins, thieves and police officers placed face down to win tomato machines (2-4 players)."""
from pathlib import Path

from ...core.plugin import GamePlugin
from .bots import BOTS
from .guide import guide
from .narrow import narrow_scene
from .render import scene
from .rules import (GAME, Tomatomat, TomatomatState, deal_action, machines_action,
                    shuffle_action)
from .texts import knowledge, prompt, render_text, results
from .cards import words_for
from .tutorial import exercises

__all__ = ["BOTS", "GAME", "PLUGIN", "Tomatomat", "TomatomatState", "deal_action", "guide", "knowledge",
           "machines_action", "narrow_scene", "prompt", "render_text", "results", "scene",
           "shuffle_action", "words_for"]

#: the game as the project's plug-in (registered in pyproject.toml's entry points)
PLUGIN = GamePlugin(game=GAME, bots=BOTS, scene=scene, narrow_scene=narrow_scene,
                    knowledge=knowledge, results=results, prompt=prompt,
                    render_text=render_text, words_for=words_for, guide=guide,
                    exercises=exercises, sprites=Path(__file__).with_name("sprites.svg"))
