"""Diced Tomatoes bots: they choose among the legal moves from their own observation, repeat
with the same seed, and the heuristic one plays clearly better than chance."""
from __future__ import annotations

from tomato_widgets.core.play import play_game
from tomato_widgets.games import make_bot
from tomato_widgets.games.diced_tomatoes import GAME
from tomato_widgets.games.diced_tomatoes.bots import DicedBot

from diced_helpers import act, position


def heuristic_share(players: int, games: int) -> float:
    won = 0.0
    for number in range(games):
        hero = number % players
        bots = [make_bot("diced_tomatoes", "heuristic" if seat == hero else "random",
                         f"t{number}-{seat}") for seat in range(players)]
        outcome = play_game(GAME, bots, seed=f"t{number}").outcome
        if hero in outcome.winners:
            won += 1 / len(outcome.winners)
    return won / games


def test_the_heuristic_bot_beats_random_bots():
    """karma.earn harvest.vine: one heuristic bot against random ones wins far more than its
    share (a small sample here; benchmarks/bots.py measures it properly)."""
    assert heuristic_share(2, 12) >= 0.8
    assert heuristic_share(3, 9) >= 0.6


def test_the_heuristic_bot_plays_from_its_observation_only_and_repeats():
    """place.must: the bot gets an observation and the legal moves and returns one of them;
    the same seed gives the same game."""
    bots = [make_bot("diced_tomatoes", "heuristic", seat) for seat in range(2)]
    first = play_game(GAME, bots, seed=4)
    again = play_game(GAME, [make_bot("diced_tomatoes", "heuristic", seat) for seat in range(2)],
                      seed=4)
    assert [s.action for s in first.steps] == [s.action for s in again.steps]


def test_the_heuristic_seeds_its_own_tokens_high_and_a_rivals_low():
    """place.seed (ruling): a 6 makes a good seed for its own token; a 1 is better spent
    blocking a rival's token."""
    state = position(2, hand="R6 R1", karma=0)
    bot = DicedBot(0)
    first = bot.choose(GAME, GAME.observe(state, 0), GAME.legal_actions(state))
    assert first.startswith("d1:0")
    after, _ = act(state, first)
    assert bot.choose(GAME, GAME.observe(after, 0), GAME.legal_actions(after)).startswith("d2:1")


def test_the_heuristic_clears_a_worthless_vine_alone():
    """vine.zero (ruling): alone, a vine worth 0 can never match a slot: the bot clears it."""
    state = position(1, vines={"0A": "R1 B1"}, hand="R5", karma=0)
    after, _ = act(state, "d1:0B")
    assert after.phase == "clear"
    assert DicedBot(0).choose(GAME, GAME.observe(after, 0), GAME.legal_actions(after)) == "clear:0A"
