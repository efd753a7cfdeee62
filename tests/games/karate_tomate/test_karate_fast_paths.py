"""The engine's two speed tricks against the plain behaviour: a chance outcome the game
sampled itself is applied without being parsed and checked again, and the moves of a heat
are remembered per hand and colour."""
from __future__ import annotations

import random

import pytest

from karate_helpers import GAME
from tomato_widgets.core.game import CHANCE
from tomato_widgets.games.karate_tomate.rules import random_cards


@pytest.mark.parametrize("players", [3, 10])
def test_applying_our_own_sample_equals_applying_the_same_outcome_written_out(players):
    """rules.forced (ruling): the remembered sample gives the same state and events as the
    same action id parsed and checked from scratch (a copy of the string is another object)."""
    rng = random.Random(players)
    state = GAME.new_game(players, {"rounds": 2})
    while state.actor:
        seat = state.actor[0]
        if seat == CHANCE:
            action = GAME.sample_chance(state, rng)
            fast = GAME.apply(state, action, CHANCE)  # our own sample: no parse, no check
            written = "".join(list(action))  # the same id, but not our sample
            assert GAME.reason_illegal(state, written, CHANCE) is None
            assert GAME.apply(state, written, CHANCE) == fast
            state = fast[0]
        else:
            legal = GAME.legal_actions(state, seat)
            state = GAME.apply(state, legal[rng.randrange(len(legal))], seat)[0]


def test_a_sample_is_forgotten_once_a_step_is_taken():
    """rules.forced (ruling): an in-place state changed by a step is not mistaken for the
    state the sample was made for."""
    state = GAME.new_game(3).thaw()
    rng = random.Random(1)
    deal = GAME.sample_chance(state, rng)
    GAME.apply(state, deal, CHANCE)
    assert GAME._sampled == (None, None, None)
    assert GAME.reason_illegal(state, deal, CHANCE) is not None


def test_the_partial_shuffle_picks_every_card_equally_often():
    """setup.deal: ``random_cards`` draws without replacement, each card as likely."""
    rng = random.Random(5)
    counts = {card: 0 for card in "abcdefgh"}
    for _ in range(8000):
        picked = random_cards("abcdefgh", 3, rng)
        assert len(set(picked)) == 3
        for card in picked:
            counts[card] += 1
    assert all(2700 < count < 3300 for count in counts.values())


def test_the_moves_of_a_heat_are_the_cards_of_the_colour_and_the_tomato():
    """fight.colour, fight.tomato (ruling): the memoised list of a heat's moves is the plain
    one (every card the seat may play, then the Tomato), also after the memo is emptied."""
    from tomato_widgets.core.play import play_game, random_bots
    from tomato_widgets.games.karate_tomate import rules

    record = play_game(GAME, random_bots(6, 3), seed=3, options={"rounds": 4})
    checked = 0
    for state in record.states:
        if state.phase != "fight":
            continue
        for seat in state.actor:
            hand = state.hands[seat]
            allowed = [c for c in hand if state.heat == 1 or c[0] == state.colours[seat]]
            plain = tuple(f"play:{c}" for c in dict.fromkeys(allowed)) + ("tomato",)
            assert GAME.player_actions(state, seat) == plain
            rules._FIGHT_ACTIONS.clear()
            assert GAME.player_actions(state, seat) == plain
            checked += 1
    assert checked > 50
