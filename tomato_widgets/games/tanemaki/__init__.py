"""Tanemaki: seed cards handed face down along a chain, planted and harvested for coins (2-5 players)."""
from .bots import BOTS
from .cards import words_for
from .guide import guide
from .narrow import scene as narrow_scene
from .render import scene
from .rules import GAME, Tanemaki, TanemakiState, draw_action, first_action
from .texts import knowledge, prompt, render_text, results

__all__ = ["BOTS", "GAME", "Tanemaki", "TanemakiState", "draw_action", "first_action",
           "guide", "knowledge", "narrow_scene", "prompt", "render_text", "results", "scene",
           "words_for"]
