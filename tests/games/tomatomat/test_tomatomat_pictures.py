"""Tomatomat's pictures (``sprites.svg``): one SVG of symbols drawn with plain shapes only,
and a picture for every name the board uses."""
from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tomato_widgets.core.play import play_game, random_bots
from tomato_widgets.games import tomatomat
from tomato_widgets.games.tomatomat import GAME, scenarios, scene

SVG = "{http://www.w3.org/2000/svg}"
SPRITES = Path(tomatomat.__file__).with_name("sprites.svg")
SHAPES = {"g", "path", "circle", "ellipse", "rect", "polygon", "polyline", "line"}
ATTRIBUTES = {"viewBox", "d", "cx", "cy", "r", "rx", "ry", "x", "y", "width", "height", "points",
              "fill", "stroke", "stroke-width", "stroke-linecap", "stroke-linejoin",
              "fill-opacity", "stroke-opacity", "opacity", "transform"}


def symbols() -> dict[str, ET.Element]:
    root = ET.parse(SPRITES).getroot()
    assert root.tag == f"{SVG}svg" and not root.attrib
    assert all(child.tag == f"{SVG}symbol" for child in root)
    return {child.get("id"): child for child in root}


def test_the_sprite_file_holds_only_symbols_of_plain_shapes():
    """cards.colours (ruling): the pictures are plain drawings: no text, scripts, styles,
    images, links or event handlers, so nothing in them can run or fetch anything."""
    found = symbols()
    assert len(found) == len(list(ET.parse(SPRITES).getroot()))  # every id distinct
    for name, symbol in found.items():
        assert name and set(symbol.attrib) == {"id", "viewBox"}, name
        for element in symbol.iter():
            if element is symbol:
                continue
            assert element.tag.removeprefix(SVG) in SHAPES, (name, element.tag)
            assert set(element.attrib) <= ATTRIBUTES, (name, element.attrib)
            assert not (element.text or "").strip() and not (element.tail or "").strip()
    text = SPRITES.read_text(encoding="utf-8")
    for banned in ("<text", "<script", "<style", "<image", "<use", "href", " on", "url("):
        assert banned not in text, banned
    # the card colour comes from the card: coins and figures draw in currentColor
    for name in ("coin-1", "coin-2", "thief", "police"):
        assert any(element.get("fill") is None and element.tag != f"{SVG}symbol"
                   for element in found[name].iter()), name


def icons_used(items) -> set[str]:
    names = set()
    for item in items:
        names |= set(item.get("icons", ()))
        if isinstance(item.get("face"), dict) and "icon" in item["face"]:
            names.add(item["face"]["icon"])
    return names


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_picture_the_board_names_exists(players):
    """machines.deck (ruling): every tomato (single and paired), coin, figure and star the
    scenes of a game and of the scenarios name is a symbol of the file."""
    record = play_game(GAME, random_bots(players, 6), seed=6, options={"rounds": 2})
    records = [record] + [make() for make in scenarios.SCENARIOS.values()]
    used = set()
    for rec in records:
        for state in rec.states[::3] + [rec.state]:
            for view in (None, 0):
                used |= icons_used(scene(GAME.observe(state, view), rec.players)["items"])
    assert used <= set(symbols()), used - set(symbols())
    assert {"coin-1", "coin-2", "thief", "police", "star"} <= used
    assert any(name.startswith("tomatoes-") for name in used)
