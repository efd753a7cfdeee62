"""Tomate's quick play-out (``tomate/quick.py``) plays the very games the ordinary steps play.

The search's random play-outs run in a loop of their own for speed. It must end every game
exactly as ``core.search.play_out`` with ``RandomBot``s would, drawing the same numbers from
the same generators: any rule it got wrong (an ante, a penalty, who leads, the odd chips)
shows as another outcome or another draw somewhere in these positions.
"""
from __future__ import annotations

import random

import pytest

from tomato_widgets.core.bots import RandomBot
from tomato_widgets.core.game import CHANCE
from tomato_widgets.core.play import bot_move
from tomato_widgets.core.search import Search, finish, play_out
from tomato_widgets.games import GAMES
from tomato_widgets.games.tomate import quick

GAME = GAMES["tomate"]
POSITIONS = 300


def plain_play_out(state, chance, bots, steps):
    """The ordinary steps: random bots and chance, one step at a time (no quick loop)."""
    for _ in range(steps):
        if not state.actor:
            return GAME.outcome(state)
        actor = state.actor[0]
        move = GAME.sample_chance(state, chance) if actor == CHANCE else \
            bot_move(GAME, state, actor, bots[actor])
        state = GAME.apply(state, move, actor)[0]
    return None


def random_position(rng: random.Random):
    """A table of 2 to 13 seats under random options, some random steps into its game."""
    players = rng.randint(2, 13)
    options = {"ante_from": rng.choice(["bank", "dealer"]),
               "penalty_into": rng.choice(["this-pot", "next-pot"]),
               "rounds": rng.choice([1, 3, 20, 200]), "starting_chips": rng.choice([1, 5, 20]),
               "penalty": rng.choice([0, 3, 7]), "ante": rng.choice([1, 3, 9])}
    state = GAME.new_game(players, options)
    chance = random.Random(rng.getrandbits(32))
    bots = [RandomBot(rng.getrandbits(32)) for _ in range(players)]
    for _ in range(rng.randint(0, 250)):
        if not state.actor:
            break
        actor = state.actor[0]
        move = GAME.sample_chance(state, chance) if actor == CHANCE else \
            bot_move(GAME, state, actor, bots[actor])
        state = GAME.apply(state, move, actor)[0]
    return state


def test_the_quick_play_out_ends_every_game_as_the_ordinary_steps_do():
    """From positions in every phase (a game over included), with every option and table
    size: the same outcome, and every generator left in the same state."""
    rng = random.Random(2026)
    phases = set()
    compared = 0
    while compared < POSITIONS:
        state = random_position(rng)
        if state.phase == "cut":  # the quick loop leaves the cut to the ordinary steps
            assert quick.play_out(state, random.Random(0), [], 10) is NotImplemented
            continue
        phases.add(state.phase)
        seed = rng.getrandbits(32)
        steps = rng.choice([20_000, rng.randint(0, 60)])  # some games cut short
        chance, rngs = random.Random(seed), [random.Random(seed + i) for i in range(state.n)]
        before = state.freeze()
        quickly = finish(quick.play_out(state, chance, rngs, steps))
        bots = [RandomBot(seed + i) for i in range(state.n)]
        plainly = plain_play_out(state, random.Random(seed), bots, steps)
        where = f"position {compared} ({state.phase}, {state.n} seats, {steps} steps)"
        assert quickly == plainly, where
        assert state == before, f"{where}: the quick loop changed the state it was given"
        plain_chance = random.Random(seed)
        plain_play_out(state, plain_chance, [RandomBot(seed + i) for i in range(state.n)], steps)
        assert chance.getstate() == plain_chance.getstate(), f"{where}: chance drew differently"
        assert [r.getstate() for r in rngs] == [b.rng.getstate() for b in bots], \
            f"{where}: a bot chose differently"
        compared += 1
    assert phases >= {"deal", "take", "discard", "declare", "trick", "penalties", "shares", "over"}


def test_the_search_rates_the_same_with_or_without_the_quick_loop(monkeypatch):
    """The search's ratings of a decision are the same whichever loop plays the games out,
    and its play-outs do go through the quick loop."""
    state = GAME.new_game(4)
    chance, bot = random.Random(5), RandomBot(5)
    while state.phase != "trick" or state.round < 3 or len(GAME.legal_actions(state)) < 2:
        actor = state.actor[0]
        move = GAME.sample_chance(state, chance) if actor == CHANCE else \
            bot_move(GAME, state, actor, bot)
        state = GAME.apply(state, move, actor)[0]
    seat = state.actor[0]
    quickly = Search(GAME, state, seat, seed=3).run(playouts=30)
    calls = []
    real = type(GAME).random_play_out

    def counted(self, *args):
        calls.append(1)
        return real(self, *args)

    monkeypatch.setattr(type(GAME), "random_play_out", counted)
    Search(GAME, state, seat, seed=3).run(playouts=30)
    assert calls
    monkeypatch.setattr(type(GAME), "random_play_out", lambda *args: NotImplemented)
    plainly = Search(GAME, state, seat, seed=3).run(playouts=30)
    assert [r.to_json() for r in quickly.ratings()] == [r.to_json() for r in plainly.ratings()]
    assert ([r.consequences for r in quickly.ratings()]
            == [r.consequences for r in plainly.ratings()])


def test_bots_other_than_random_ones_take_the_ordinary_steps(monkeypatch):
    """Only random bots are played by the quick loop: a play-out with any other bot is asked
    of the game step by step."""
    monkeypatch.setattr(type(GAME), "random_play_out",
                        lambda *args: pytest.fail("the quick loop played a heuristic bot"))
    from tomato_widgets.games import make_bot
    state = GAME.new_game(4)
    bots = [make_bot("tomate", "heuristic", seat) for seat in range(4)]
    assert play_out(GAME, state, random.Random(0), bots) is not None


def test_the_quick_loop_lets_a_search_stop_between_chunks_of_steps():
    """A search keeps to its time slice by stopping between the steps of a play-out: the
    quick loop hands back control every CHUNK steps, also in a game far too long to end."""
    state = GAME.new_game(13, {"rounds": 1000, "starting_chips": 100_000})
    chance = random.Random(1)
    while state.phase == "cut":
        state = GAME.apply(state, GAME.sample_chance(state, chance), CHANCE)[0]
    steps = 5_000
    playing = quick.play_out(state, chance, [random.Random(seat) for seat in range(13)], steps)
    pauses = 0
    try:
        while True:
            next(playing)
            pauses += 1
    except StopIteration as end:
        assert end.value is None  # not over in 5,000 steps
    assert pauses == -(-steps // quick.CHUNK)
