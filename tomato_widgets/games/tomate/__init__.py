"""Tomate: the Spanish trick-taker (2-13 players)."""
from .rules import GAME, Tomate, TomateState, cut_action, deal_action

__all__ = ["GAME", "Tomate", "TomateState", "cut_action", "deal_action"]
