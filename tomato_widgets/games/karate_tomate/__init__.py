"""Karate Tomate: face-down heats, dropping out with your Tomato, Triumph cards (3-10 players)."""
from .bots import BOTS
from .cards import words_for
from .guide import guide
from .narrow import narrow_scene
from .render import scene
from .rules import GAME, KarateState, KarateTomate, cards_action, deal_action
from .texts import knowledge, prompt, render_text, results

__all__ = ["BOTS", "GAME", "KarateState", "KarateTomate", "cards_action", "deal_action",
           "guide", "knowledge", "narrow_scene", "prompt", "render_text", "results", "scene",
           "words_for"]
