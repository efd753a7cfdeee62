"""The fast code of Diced Tomatoes against the plain reading of the rules.

The engine lists a player's moves from ready-made ids and a bit mask per token of the dice
it takes (kept in the state, updated when a vine changes), and samples rolls with one C call
per pick, keeping the dice it drew so the roll is not parsed again. The reference below is
the rulebook read plainly; both must give the same moves, in the same order, for every
position random play meets and for hand-made ones it rarely builds (rich karma, full score
tracks, the clean_any option)."""
from __future__ import annotations

import random

import pytest

from tomato_widgets.core.game import CHANCE
from tomato_widgets.games.diced_tomatoes import GAME
from tomato_widgets.games.diced_tomatoes.dice import (BLACK, OPPOSITE, SLOTS, TOKENS, accepts, fits,
                                                      is_vine)
from tomato_widgets.games.diced_tomatoes.rules import token_masks

from diced_helpers import position


def plain_actions(state) -> tuple:
    """What the active player may do, read straight from the rules."""
    seat, karma, n = state.turn, state.karma[state.turn], state.n
    hand = [(slot, die) for slot, die in enumerate(state.hand) if die]
    tokens = [(owner, token, vine) for owner in range(n) if len(state.track[owner]) < SLOTS
              for token, vine in enumerate(state.vines[owner])]
    actions = [f"d{slot + 1}:{owner}{TOKENS[token]}" for slot, die in hand
               for owner, token, vine in tokens
               if (die < BLACK if not vine else fits(die, vine))]
    must_place = bool(actions)
    if karma >= 1:
        actions += [f"d{slot + 1}:reroll" for slot, _ in hand]
    if karma >= 2:
        for slot, die in hand:
            actions += [f"d{slot + 1}:up"] * (die % BLACK < 6) + [f"d{slot + 1}:down"] * (die % BLACK > 1)
    if karma >= 3:
        owners = range(n) if state.settings.clean_any else [seat]
        actions += [f"clean:{owner}{TOKENS[token]}" for owner in owners
                    for token, vine in enumerate(state.vines[owner]) if vine]
    if karma >= 4:
        actions += [f"d{slot + 1}:over" for slot, die in hand if die % BLACK in (1, 6)]
    if karma >= 5:
        for owner in range(n):
            for token, vine in enumerate(state.vines[owner]):
                if vine and is_vine([OPPOSITE[vine[0] % BLACK]] + [d % BLACK for d in vine[1:]]):
                    actions.append(f"flip:{owner}{TOKENS[token]}")
    if karma >= 6:
        actions += [f"d{slot + 1}:set{v}" for slot, die in hand for v in range(1, 7)
                    if v != die % BLACK]
    if not must_place:
        actions.append("end")
    return tuple(actions)


def plain_no_spot(state) -> list:
    """What the open tokens take (values), and whether one is empty, read plainly."""
    takes, empty = set(), False
    for owner in range(state.n):
        if len(state.track[owner]) < SLOTS:
            for vine in state.vines[owner]:
                if vine:
                    takes |= accepts(vine)
                else:
                    empty = True
    return [sorted(takes), empty]


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_the_moves_listed_are_the_plain_rules_in_random_play(players):
    """place.must power.own-turn turn.pass (ruling): at every decision of random games (in
    place and not) the engine's moves are the plain reading's, the tokens' masks match their
    vines, and the reason given for passing dice on is the plain one."""
    rng = random.Random(players)
    checked = 0
    for game_number in range(15):
        state = GAME.new_game(players)
        if game_number % 2:
            state = state.thaw()
        while GAME.to_act(state):
            seat = GAME.to_act(state)[0]
            assert state.masks == token_masks(state.vines, state.track)
            if seat == CHANCE:
                action = GAME.sample_chance(state, rng)
                if state.phase == "pass" and any(state.hand):
                    assert GAME._no_spot(state) == plain_no_spot(state)
            else:
                legal = GAME.legal_actions(state)
                if state.phase == "play":
                    assert legal == plain_actions(state)
                    checked += 1
                action = rng.choice(legal)
            state = GAME.apply(state, action, seat)[0]
    assert checked > 100


@pytest.mark.parametrize("karma", range(0, 13))
def test_the_moves_listed_are_the_plain_rules_with_any_karma(karma):
    """power.flip power.set power.clean (ruling): hand-made tables with every karma level,
    a full score track, flippable and unflippable seeds, and the clean_any option."""
    full = "R6:6 R5:5 R4:4 R3:3 R2:2 R1:1"

    def rich(players):  # the active player (seat 0) holds it; the others at most 6
        return [karma] + [min(karma, 6)] * (players - 1)
    tables = [
        position(3, vines={"0A": "R3 R4", "1B": "R2 R2", "2C": "R6", "1A": "R1 B2"},
                 hand="R1 B6 R3 B4", karma=rich(3), final=True),
        position(2, vines={"0A": "R5 B5", "1A": "R3"}, hand="R6 R1", karma=rich(2),
                 track={1: full}, final=True, bonus=1),
        position(4, vines={"3C": "R2 R3 R4", "0B": "R6 R6 B6"}, hand="B1 R2", karma=rich(4),
                 options={"clean_any": True}),
        position(1, vines={"0A": "R1 R1"}, hand="", karma=karma),
    ]
    for state in tables:
        assert GAME.play_actions(state) == plain_actions(state)


def test_our_own_sampled_roll_is_used_without_parsing_and_equals_the_parsed_one():
    """turn.roll (ruling): a roll the engine sampled is applied from the dice it kept; the
    same roll written by hand gives the same state and events."""
    rng = random.Random(5)
    state = GAME.new_game(3)
    state = GAME.apply(state, GAME.sample_chance(state, rng), CHANCE)[0]
    action = GAME.sample_chance(state, rng)
    fast = GAME.apply(state, action, CHANCE)
    written = GAME.apply(state, "".join(action), CHANCE)  # a new string: parsed
    assert fast == written
