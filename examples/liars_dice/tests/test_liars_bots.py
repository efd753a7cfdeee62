"""Liar's Dice's bots: they read only their own seat's view, and the heuristic one plays
better than chance."""
from __future__ import annotations

from liars_dice import GAME, LiarsBot
from tomato_widgets.core.bots import RandomBot
from tomato_widgets.core.play import play_game


def test_the_heuristic_bot_beats_random_bots_and_always_finishes():
    """end.last-player: every game ends with one player holding dice; the heuristic seat
    wins far more than its share of three-player games against random bots."""
    wins = 0
    for seed in range(60):
        record = play_game(GAME, [LiarsBot(seed), RandomBot(seed), RandomBot(seed + 1)], seed=seed)
        assert GAME.is_over(record.state)
        wins += record.outcome.winners == (0,)
    assert wins > 30, wins


def test_the_heuristic_bot_decides_from_its_own_view_alone():
    """round.roll: the bot's choice is the same for any roll of the dice it cannot see."""
    import random
    record = play_game(GAME, [LiarsBot(1), LiarsBot(2)], seed=3)
    rng = random.Random(4)
    for state in record.states:
        if GAME.to_act(state) and GAME.to_act(state)[0] >= 0:
            (seat,) = GAME.to_act(state)
            legal = GAME.legal_actions(state, seat)
            mine = LiarsBot(0).choose(GAME, GAME.observe(state, seat), legal)
            other = GAME.resample_hidden(state, seat, rng)
            assert LiarsBot(0).choose(GAME, GAME.observe(other, seat), legal) == mine
