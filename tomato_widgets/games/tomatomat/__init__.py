"""Tomatomat: coins, thieves and police officers placed face down to win tomato machines (2-4 players)."""
from .bots import BOTS
from .guide import guide
from .narrow import narrow_scene
from .render import scene
from .rules import (GAME, Tomatomat, TomatomatState, deal_action, machines_action,
                    shuffle_action)
from .texts import knowledge, prompt, render_text, results
from .cards import words_for

__all__ = ["BOTS", "GAME", "Tomatomat", "TomatomatState", "deal_action", "guide", "knowledge",
           "machines_action", "narrow_scene", "prompt", "render_text", "results", "scene",
           "shuffle_action", "words_for"]
