"""Diced Tomatoes, "Set-up" and "Turn": the components, the start roll, drawing and rolling,
ending a turn and passing dice on, and the chance steps told with their probabilities."""
from __future__ import annotations

import contextlib
import io
import random

import pytest

from tomato_widgets.core.errors import IllegalActionError
from tomato_widgets.core.game import CHANCE
from tomato_widgets.core.teach import step_of, tell
from tomato_widgets.games.diced_tomatoes import GAME, roll_action, scenarios
from tomato_widgets.games.diced_tomatoes.rules import drawn_probability

from diced_helpers import act, forced, position, rules_of

NAMES = ["Ana", "Ben", "Cai", "Dot"]


# ---- set-up -------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_every_player_brings_dice_tokens_and_three_karma(players):
    """setup.components: 11 red and 2 black dice per player in the bushel, three empty tokens
    each, karma 3, an empty score track."""
    state = GAME.new_game(players)
    assert state.bushel == (11 * players, 2 * players)
    assert state.vines == (((), (), ()),) * players
    assert state.karma == (3,) * players and state.track == ((),) * players
    GAME.check_invariants(state)


def test_the_lowest_start_roll_plays_last_and_the_next_seat_starts():
    """setup.first: the start roll picks the last player (lowest); the seat after starts."""
    state, events = act(GAME.new_game(3), "start:4,2,6")
    assert (state.last, state.first, state.turn, state.round) == (1, 2, 2, 1)
    assert GAME.explain(events[0], NAMES) == \
        "Start roll: Ana 4, Ben 2, Cai 6. Ben rolled lowest and plays last; Cai starts."
    assert GAME.chance_probability(GAME.new_game(3), "start:4,2,6") == pytest.approx(1 / 216)


def test_players_tied_for_the_lowest_roll_roll_again_alone():
    """setup.tie (ruling): only the players tied for the lowest start roll roll again."""
    record = scenarios.start_tie()
    tied = record.states[1]
    assert tied.rolling == (0, 1) and tied.phase == "start"
    assert GAME.explain(record.events[0][0], record.players) == \
        "Start roll: Ana 2, Ben 2, Cai 5. Ana and Ben tie with the lowest value, 2, and roll again."
    assert GAME.reason_illegal(tied, "start:4,1,3", CHANCE).rule == "setup.first"
    assert GAME.chance_words(tied, "start:4,1") == "Each player rolls one die: this roll is 1 chance in 36."
    after = record.states[2]
    assert (after.last, after.first) == (1, 2)


def test_a_game_alone_needs_no_start_roll():
    """setup.first: a player alone is first and last at once; the game starts with a roll."""
    state = GAME.new_game(1)
    assert (state.first, state.last, state.turn, state.phase) == (0, 0, 0, "roll")


# ---- the roll ------------------------------------------------------------------------------------
def test_a_turn_draws_three_dice_at_random_and_rolls_them_with_the_passed_ones():
    """turn.roll (ruling): the passed dice come first and keep their colour, then three drawn
    from the bushel, black ones included; the probability is the colours drawn in order times
    1/6 per die, and the words tell both parts."""
    state = position(2, passed="B4", turn=0, phase="roll", step="roll", actor=(CHANCE,), hand="")
    red, black = state.bushel
    action = "roll:B2,R5,B1,R3"
    expected = (red / (red + black)) * (black / (red + black - 1)) * ((red - 1) / (red + black - 2))
    assert drawn_probability(red, black, "RBR") == pytest.approx(expected)
    assert GAME.chance_probability(state, action) == pytest.approx(expected / 6 ** 4)
    assert GAME.chance_words(state, action).startswith(
        f"3 dice drawn from the bushel ({red} red, {black} black) come out red, black, red: ")
    assert GAME.chance_words(state, action).endswith("the 4 values rolled: 1 chance in 1,296.")
    after, events = act(state, action)
    assert after.hand == (12, 5, 11, 3) and after.bushel == (red - 2, black - 1)
    assert GAME.explain(events[0], NAMES) == ("Ana rolls the red 5, the black 1 and the red 3 from "
                                              "the bushel, and again the black 2 passed on; the "
                                              f"bushel keeps {red - 2} red and {black - 1} black.")
    for wrong in ("roll:R2,R5,B1,R3", "roll:B2,R5", "roll:B2,R5,B1,R7", "start:1,2"):
        assert GAME.reason_illegal(state, wrong, CHANCE) is not None


def test_the_chance_outcomes_of_a_roll_add_up_to_one():
    """turn.roll (ruling): over every colour order and value, the roll's probabilities sum to 1."""
    state = position(1, phase="roll", step="roll", actor=(CHANCE,), turn=0,
                     vines={"0A": "R1 R1 B1", "0B": "R3", "0C": "R2"},
                     track={0: "R6:6 R5:5 R4:4 R3:3 R2:2"})
    assert state.bushel == (2, 1)
    total = 0.0
    for colours in ("RRB", "RBR", "BRR"):
        for values in range(6 ** 3):
            dice = [f"{c}{values // 6 ** i % 6 + 1}" for i, c in enumerate(colours)]
            total += GAME.chance_probability(state, roll_action(dice))
    assert total == pytest.approx(1.0)
    assert GAME.chance_probability(state, "roll:B1,B2,R3") == 0.0


def test_fewer_than_three_dice_left_are_all_drawn():
    """turn.short-bushel (ruling): with two dice in the bushel a turn draws those two."""
    record = scenarios.empty_bushel()
    number = step_of(record, "roll:R4,B5,R3,R4,B6,R5,B4,B3")
    assert "turn.short-bushel" in rules_of(record.events[number - 1])
    assert GAME.explain(record.events[number - 1][1], record.players) == \
        "The bushel held fewer than three dice: 2 drawn."


# ---- the end of a turn ----------------------------------------------------------------------------
def test_the_player_ends_the_turn_when_no_die_left_has_a_spot():
    """turn.end: with karma to spend the player decides when the turn ends; without any
    choice left the turn ends by itself."""
    state = position(2, hand="R5", karma=1)
    after, events = act(state, "d1:0A")
    assert after.phase == "pass" and GAME.forced_action(after) == "pass"  # nothing left to decide
    rich = position(2, hand="R5", karma=3)
    after, _ = act(rich, "d1:0A")
    assert GAME.legal_actions(after)[-1] == "end"
    ended, events = act(after, "end")
    assert rules_of(events) == ["turn.end"] and ended.phase == "pass"


def test_dice_without_a_spot_pass_to_the_next_player_with_the_reason():
    """turn.pass (ruling): the dice left go to the next player, who rolls them again with
    three new ones; the step says why they had no spot."""
    state = position(3, vines={"0A": "R2 R2", "0B": "R1", "0C": "R4", "1A": "R3 R3", "1B": "R3",
                               "1C": "R3", "2A": "R3", "2B": "R3", "2C": "R3"}, hand="B5 R5",
                     karma=0)
    assert set(GAME.legal_actions(state)) == {"d1:0C", "d2:0C"}
    after, _ = act(state, "d2:0C")
    after, events = forced(after)
    assert after.passed == (15,) and after.turn == 1 and after.phase == "roll"
    assert GAME.explain(events[0], NAMES) == (
        "Ana's turn is over. No spot for the black 5 (the open vines take only a 1, a 2, a 3, "
        "a 4 or a 6): on to Ben.")


def test_a_turn_with_nothing_left_hands_over_to_the_next_player():
    """turn.next: the seat after the active player goes next; after the last player a new
    round begins."""
    state = position(2, hand="R5", karma=0, turn=1, last=1)
    after, events = forced(act(state, "d1:0A")[0])
    assert rules_of(events) == ["turn.next"] and after.turn == 0 and after.round == 2
    assert GAME.explain(events[0], NAMES) == "Ben's turn is over; Ana is next."


def test_forced_steps_have_one_outcome_and_refuse_any_other():
    """turn.forced: a harvest, the end of a turn and the final scoring are forced chance steps;
    another outcome is refused, and so is a player's move."""
    state = position(2, vines={"1A": "R4 R4 R4"}, hand="R4 R1", karma=0)
    after, _ = act(state, "d1:1A")
    assert GAME.forced_action(after) == "harvest:1A"
    assert GAME.chance_probability(after, "harvest:1A") == 1.0
    assert GAME.reason_illegal(after, "pass", CHANCE).rule == "turn.forced"
    assert GAME.reason_illegal(after, "d2:0A", 0).rule == "turn.chance"
    with pytest.raises(IllegalActionError):
        GAME.apply(after, "pass", CHANCE)


def test_a_record_of_a_whole_turn_tells_each_step():
    """turn.roll turn.end turn.pass: a scenario's turn is told step by step, chance with its
    words (tell prints the rule behind every sentence)."""
    record = scenarios.black_clears_a_zero()
    with contextlib.redirect_stdout(io.StringIO()) as out:
        tell(record, 14)
    lines = out.getvalue().splitlines()
    assert lines[0] == "Step 14 (Chance: draw dice from the bushel and roll):"
    assert "[Draw three dice and roll, a ruling]" in lines[1]


def test_random_games_always_end_and_keep_every_die():
    """end.limit (ruling): random play at every table size ends (the round limit is a safety
    net it never needs here) with all dice accounted for at every step."""
    for players in (1, 2, 3, 4):
        rng = random.Random(players)
        for _ in range(10):
            state = GAME.new_game(players)
            while GAME.to_act(state):
                GAME.check_invariants(state)
                seat = GAME.to_act(state)[0]
                action = (GAME.sample_chance(state, rng) if seat == CHANCE
                          else rng.choice(GAME.legal_actions(state)))
                state = GAME.apply(state, action, seat)[0]
            assert state.round <= 40 and GAME.outcome(state) is not None
