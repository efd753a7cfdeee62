"""Every game's pictures: a sprite file of plain shapes only (what the shell keeps), holding
every picture the game's scenes name, from every view of a played game and of live play."""
from __future__ import annotations

import pytest

from picture_checks import icons_named, sprite_symbols
from tomato_widgets.core.play import play_game, random_bots
from tomato_widgets.core.registry import plugin
from tomato_widgets.games import GAMES
from tomato_widgets.widgets import play


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_picture_a_scene_names_is_in_the_sprite_file(name):
    game = GAMES[name]
    package = plugin(name)
    drawn = set(sprite_symbols(package))
    players = min(3, game.max_players)
    record = play_game(game, random_bots(players, 4), seed=4)
    named = set()
    for state in record.states[::3]:
        for view in (None, *range(players)):
            named |= icons_named(package.scene(game.observe(state, view), record.players, None)["items"])
    live = play(name, players, human=0, seed=4, delay_ms=0)
    named |= icons_named(package.scene(game.observe(live.record.state, 0), live.players,
                                       [a["id"] for a in live.legal])["items"])
    assert named, "the scenes name no picture"
    assert named <= drawn, sorted(named - drawn)
