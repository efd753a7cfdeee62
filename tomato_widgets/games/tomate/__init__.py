"""Tomate: the Spanish trick-taker (2-13 players)."""
from .bots import BOTS, TomateBot
from .cards import words_for
from .render import knowledge, render_text, results, scene
from .rules import GAME, Tomate, TomateState, cut_action, deal_action

__all__ = ["BOTS", "GAME", "Tomate", "TomateBot", "TomateState", "cut_action", "deal_action",
           "knowledge", "render_text", "results", "scene", "words_for"]
