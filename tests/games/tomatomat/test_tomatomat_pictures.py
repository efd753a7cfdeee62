"""Tomatomat's pictures (``sprites.svg``): one SVG of symbols drawn with plain shapes only,
and a picture for every name the board uses."""
from __future__ import annotations

import pytest

from picture_checks import icons_named, sprite_symbols
from tomato_widgets.core.play import play_game, random_bots
from tomato_widgets.games import tomatomat
from tomato_widgets.games.tomatomat import GAME, scenarios, scene


def test_the_sprite_file_holds_only_symbols_of_plain_shapes():
    """cards.colours (ruling): the pictures are plain drawings: no text, scripts, styles,
    images, links or event handlers, so nothing in them can run or fetch anything."""
    found = sprite_symbols(tomatomat)
    # the card colour comes from the card: coins and figures draw in currentColor
    for name in ("coin-1", "coin-2", "thief", "police"):
        assert any(element.get("fill") is None and element is not found[name]
                   for element in found[name].iter()), name


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
                used |= icons_named(scene(GAME.observe(state, view), rec.players)["items"])
    drawn = set(sprite_symbols(tomatomat))
    assert used <= drawn, used - drawn
    assert {"coin-1", "coin-2", "thief", "police", "star"} <= used
    assert any(name.startswith("tomatoes-") for name in used)
