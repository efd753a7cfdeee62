"""Karate Tomate's bots: legal moves only, decisions from the seat's own view, and a
heuristic that beats random play."""
from __future__ import annotations

import random

import pytest

from karate_helpers import GAME, heat, three
from tomato_widgets.core.play import play_game
from tomato_widgets.games import make_bot
from tomato_widgets.games.karate_tomate import BOTS
from tomato_widgets.games.karate_tomate.bots import KarateBot


def test_the_bots_are_registered():
    """fight.commit (ruling): random and heuristic, as the shell and the command line expect."""
    assert set(BOTS) == {"random", "heuristic"}
    assert isinstance(make_bot("karate_tomate", "heuristic", 1), KarateBot)


@pytest.mark.parametrize("players", [3, 6, 10])
def test_heuristic_bots_play_whole_games_with_legal_moves(players):
    """triumph.pick (ruling): a table of heuristic bots finishes its games."""
    bots = [make_bot("karate_tomate", "heuristic", seat) for seat in range(players)]
    record = play_game(GAME, bots, seed=players)
    assert record.outcome is not None


def test_the_choice_depends_only_on_what_the_seat_sees():
    """fight.commit (ruling): the bot is shown its observation; states it cannot tell apart
    give the same choice."""
    record = three()
    bot = KarateBot(0)
    rng = random.Random(0)
    state = record.state
    choice = bot.choose(GAME, GAME.observe(state, 0), GAME.legal_actions(state, 0))
    for _ in range(10):
        other = GAME.resample_hidden(state, 0, rng)
        again = KarateBot(0).choose(GAME, GAME.observe(other, 0), GAME.legal_actions(other, 0))
        assert again == choice


def test_the_bot_fights_in_its_strongest_colour_and_stays_in_it():
    """fight.colour: it opens with the highest card of the colour it holds most of."""
    record = three()
    bot = KarateBot(0)
    assert bot.choose(GAME, GAME.observe(record.state, 0), GAME.legal_actions(record.state, 0)) \
        == "play:C5"
    heat(record, {"Ana": "C5", "Ben": "K5", "Cai": "M5"})
    assert bot.choose(GAME, GAME.observe(record.state, 0), GAME.legal_actions(record.state, 0)) \
        == "play:C4"


def test_the_bot_discards_its_least_useful_cards():
    """drop.discard-two (ruling): it takes four new cards for two it does not need."""
    record = three()
    heat(record, {"Ana": "tomato", "Ben": "K5", "Cai": "M5"})
    bot = KarateBot(0)
    obs = GAME.observe(record.state, 0)
    assert bot.choose(GAME, obs, GAME.legal_actions(record.state, 0)) == "discard-two"
    record.append("discard-two", 0)
    assert bot.choose(GAME, GAME.observe(record.state, 0), GAME.legal_actions(record.state, 0)) \
        == "discard:K1"


@pytest.mark.parametrize("players", [3, 5])
def test_the_heuristic_bot_beats_random_bots(players):
    """end.most-trophies: one heuristic seat against random ones wins far more than its
    share (``benchmarks/bots.py --game karate_tomate`` measures it at length)."""
    wins = 0
    games = 30
    for number in range(games):
        hero = number % players
        bots = [make_bot("karate_tomate", "heuristic" if seat == hero else "random",
                         f"{number}-{seat}") for seat in range(players)]
        record = play_game(GAME, bots, seed=f"bots-{number}")
        wins += hero in record.outcome.winners
    assert wins / games > 2 / players
