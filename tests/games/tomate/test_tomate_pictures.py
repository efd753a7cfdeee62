"""Tomate's pictures: the Spanish suits are four different pictures and words, never the
French pack's suit symbols (the sprite file itself, and that it holds every picture the
scenes name, is checked for every game in ``tests/test_pictures.py``)."""
from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ElementTree
from functools import lru_cache
from pathlib import Path

import pytest

import tomato_widgets.games.tomate as tomate
from tomato_widgets.core.play import play_game, random_bots
from tomato_widgets.games.tomate import GAME, knowledge, render_text, results, scene, scenarios

SPRITES = Path(tomate.__file__).with_name("sprites.svg")
FRENCH_SUITS = re.compile("[\u2660-\u2667]")  # the black and white spade, heart, diamond, club


@lru_cache(maxsize=None)
def played(n: int):
    return play_game(GAME, random_bots(n, 4), seed=4, options={"rounds": 3})


def test_the_four_suits_are_four_different_pictures():
    """The suits are a coin, a cup, a sword and a club: four symbols, each drawn differently."""
    root = ElementTree.parse(SPRITES).getroot()
    drawings = {symbol.get("id"): ElementTree.tostring(symbol).decode().split(">", 1)[1]
                for symbol in root}
    suits = ["coins", "cups", "swords", "clubs"]
    assert set(suits) <= set(drawings)
    assert len({drawings[suit] for suit in suits}) == 4


@pytest.mark.parametrize("n", [2, 5])
def test_no_french_suit_symbols_anywhere(n):
    """Scenes, knowledge, step sentences, action labels, the text table, the results and the
    rule catalogue never use the French pack's suit symbols."""
    record = played(n)
    texts = [json.dumps([rule.to_json() for rule in GAME.rulebook], ensure_ascii=False)]
    for number, state in enumerate(record.states):
        for perspective in (None, 0):
            obs = GAME.observe(state, perspective)
            texts.append(json.dumps(scene(obs, record.players), ensure_ascii=False))
            texts.extend(knowledge(obs, record.players).values())
            texts.append(render_text(obs, record.players))
        if number:
            texts.extend(record.explain(number))
            texts.append(GAME.action_label(record.states[number - 1], record.steps[number - 1].action))
    texts.append(json.dumps(results(GAME.observe(record.state, None), record.players)))
    for make in (scenarios.must_beat, scenarios.penalty_and_thirds):
        texts.extend(step.comment or "" for step in make().steps)
    found = [text for text in texts if FRENCH_SUITS.search(text)]
    assert not found, found[:3]
