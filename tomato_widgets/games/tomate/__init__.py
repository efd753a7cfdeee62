"""Tomate: the Spanish trick-taker (2-13 players)."""
from .bots import BOTS, TomateBot
from .cards import words_for
from .guide import guide
from .known import knowledge
from .narrow import narrow_scene
from .render import scene
from .rules import GAME, Tomate, TomateState, cut_action, deal_action
from .texts import prompt, render_text, results

__all__ = ["BOTS", "GAME", "Tomate", "TomateBot", "TomateState", "cut_action", "deal_action",
           "guide", "knowledge", "narrow_scene", "prompt", "render_text", "results", "scene", "words_for"]
