"""Tanemaki's bots: they see only their seat's observation, repeat with their seed, and the
heuristic one beats random players clearly."""
from __future__ import annotations

import random

from tomato_widgets.core.play import play_game
from tomato_widgets.games import make_bot
from tomato_widgets.games.tanemaki import GAME, scenarios
from tomato_widgets.games.tanemaki.bots import TanemakiBot, field_value
from tomato_widgets.games.tanemaki.cards import RATE_TABLES, parse_card


def cards(text: str) -> tuple:
    return tuple(parse_card(t) for t in text.split())


def test_a_field_is_worth_its_coins_and_part_of_the_next():
    """rates.table (ruling): the bot's worth of a field: a harvest now, plus part of the way to
    the next coin; room in an empty field counts a little."""
    rates = RATE_TABLES["assumed"]
    assert field_value(cards("B1 B2"), rates) == 1
    assert 0 < field_value(cards("B1"), rates) < field_value(cards("B2"), rates) < 1
    assert field_value((), rates) > 0


def test_the_heuristic_bot_beats_random_players():
    """end.most-coins: one heuristic bot against random bots wins far more than its share."""
    wins = 0.0
    games = 24
    for number in range(games):
        hero = number % 3
        bots = [make_bot("tanemaki", "heuristic" if seat == hero else "random", f"b{number}-{seat}")
                for seat in range(3)]
        outcome = play_game(GAME, bots, seed=f"b{number}").outcome
        if hero in outcome.winners:
            wins += 1 / len(outcome.winners)
    assert wins / games > 0.75


def test_bots_decide_from_their_own_view_only():
    """give.card: a bot gets its seat's observation; the same view and seed give the same
    choice, whatever is hidden from it."""
    record = scenarios.first_turn()
    bot = TanemakiBot(1)
    for state in record.states:
        actors = GAME.to_act(state)
        if actors and actors[0] >= 0:
            seat = actors[0]
            view = GAME.observe(state, seat)
            legal = GAME.legal_actions(state, seat)
            assert bot.choose(GAME, view, legal) in legal
            other = GAME.resample_hidden(state, seat, random.Random(2))
            assert bot.choose(GAME, GAME.observe(other, seat), GAME.legal_actions(other, seat)) \
                == bot.choose(GAME, view, legal)


def test_the_heuristic_bot_harvests_only_when_it_helps():
    """harvest.window (ruling): in the window the bot keeps a field that is still growing
    toward its next coin, and does not harvest while handing cards out."""
    game = play_game(GAME, [make_bot("tanemaki", "heuristic", seat) for seat in range(3)], seed=3)
    for number, step in enumerate(game.steps):
        if step.action.startswith("harvest:"):
            assert game.states[number].phase != "give"
    assert GAME.is_over(game.state)
