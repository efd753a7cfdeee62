"""Lock step with OpenSpiel's liars_dice: under ``rules="openspiel"`` both engines are given
the same rolls and the same bids, and at every step must offer the same moves, in the same
order, and end with the same result."""
from __future__ import annotations

import random

import pytest

from liars_dice import GAME
from liars_dice.rules import parse_bid
from tomato_widgets.core.game import CHANCE

pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel (pip install open-spiel) is not "
                                                "installed: nothing to compare with")
FACES = 6
GAMES = 300


def spiel_id(action: str, total: int) -> int:
    """OpenSpiel's id of one of our moves: (quantity - 1) * 6 + (face - 1), the call last."""
    if action == "call":
        return total * FACES
    quantity, face = parse_bid(action)
    return (quantity - 1) * FACES + face - 1


def play_both(dice: int, rng: random.Random) -> int:
    """One game in lock step; the number of moves compared."""
    spiel = pyspiel.load_game("liars_dice", {"numdice": dice}).new_initial_state()
    state = GAME.new_game(2, {"dice": dice, "rules": "openspiel"})
    total = 2 * dice
    compared = 0
    while not GAME.is_over(state):
        assert not spiel.is_terminal()
        if GAME.to_act(state) == (CHANCE,):
            action = GAME.sample_chance(state, rng)
            for group in action.partition(":")[2].split("|"):  # one die at a time, seat 0 first
                for face in group.split(","):
                    assert spiel.is_chance_node()
                    assert [o for o, _ in spiel.chance_outcomes()] == list(range(FACES))
                    spiel.apply_action(int(face) - 1)
            state = GAME.apply(state, action, CHANCE)[0]
            continue
        (seat,) = GAME.to_act(state)
        assert spiel.current_player() == seat
        legal = GAME.legal_actions(state, seat)
        assert [spiel_id(a, total) for a in legal] == spiel.legal_actions(), state
        compared += 1
        # calls often enough that games are not all long bidding wars
        action = "call" if "call" in legal and rng.random() < 0.3 else rng.choice(legal)
        spiel.apply_action(spiel_id(action, total))
        state = GAME.apply(state, action, seat)[0]
    assert spiel.is_terminal()
    outcome = GAME.outcome(state)
    assert list(outcome.scores) == spiel.returns()
    assert outcome.winners == (spiel.returns().index(1.0),)
    return compared


@pytest.mark.parametrize("dice", [1, 2, 3, 5])
def test_every_step_and_result_match_openspiel(dice):
    rng = random.Random(f"lock-step-{dice}")
    moves = sum(play_both(dice, rng) for _ in range(GAMES))
    assert moves > GAMES  # every game had bids and a call to compare


def test_the_same_bids_are_refused_by_both():
    """A bid no higher than the last is refused here and is not among OpenSpiel's moves."""
    spiel = pyspiel.load_game("liars_dice", {"numdice": 1}).new_initial_state()
    state = GAME.new_game(2, {"dice": 1, "rules": "openspiel"})
    for face in (6, 2):
        spiel.apply_action(face - 1)
    state = GAME.apply(state, "roll:6|2", CHANCE)[0]
    state = GAME.apply(state, "bid:1-5")[0]
    spiel.apply_action(spiel_id("bid:1-5", 2))
    assert GAME.reason_illegal(state, "bid:1-4").rule == "bid.order"
    assert spiel_id("bid:1-4", 2) not in spiel.legal_actions()
