"""Long games: a record keeps one state in 32 and replays the others when asked, with the
same positions as a record that kept them all."""
from __future__ import annotations

import random

import pytest

from tomato_widgets.core import states as state_line
from tomato_widgets.core.play import play_game, random_bots
from tomato_widgets.games import GAMES


def every_state(record) -> list:
    """The positions replayed one by one from the start, kept in a plain list."""
    game = record.game
    state = game.new_game(len(record.players), record.options)
    positions = [state]
    for step in record.steps:
        state = game.apply(state, step.action, step.player)[0]
        positions.append(state)
    return positions


@pytest.mark.parametrize("name", sorted(GAMES))
def test_states_replayed_from_checkpoints_are_the_positions_played(name):
    game = GAMES[name]
    record = play_game(game, random_bots(3, 5), seed=5)
    assert len(record.steps) > 3 * state_line.EVERY
    expected = every_state(record)
    assert len(record.states) == len(expected)
    order = list(range(len(expected)))
    random.Random(1).shuffle(order)
    for index in order:  # any order, each equal to the position played
        assert record.states[index] == expected[index], index
    assert list(record.states.from_step(40)) == expected[40:]
    assert record.states[-1] == record.state == expected[-1]
    assert record.states[10:13] == expected[10:13]
    # one state in EVERY is kept, plus a few read last
    kept = len(record.states._checkpoints) + len(record.states._recent)
    assert kept <= len(expected) // state_line.EVERY + 1 + state_line.RECENT


def test_cut_back_then_played_on_gives_the_same_positions():
    game = GAMES["tomate"]
    record = play_game(game, random_bots(4, 2), seed=2, options={"rounds": 12})
    cut = 3 * state_line.EVERY + 5
    assert len(record.steps) > cut
    record.truncate(cut)
    assert len(record.states) == cut + 1
    assert record.state == every_state(record)[-1]
    bots = random_bots(4, 3)
    rng = random.Random(3)
    for _ in range(50):
        actors = game.to_act(record.state)
        if not actors:
            break
        seat = actors[0]
        action = (game.sample_chance(record.state, rng) if seat < 0
                  else bots[seat].choose(game, game.observe(record.state, seat),
                                         game.legal_actions(record.state, seat)))
        record.append(action, seat)
    assert list(record.states) == every_state(record)
