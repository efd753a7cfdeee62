"""Diced Tomatoes, "Dice placement rules": seeds, sets, runs, black dice, the page's own
example, and the refusals a learner meets ("why not?")."""
from __future__ import annotations

import pytest

from tomato_widgets.core.errors import IllegalActionError, InvalidInputError
from tomato_widgets.core.teach import step_of
from tomato_widgets.games.diced_tomatoes import GAME, scenarios

from diced_helpers import act, placements, position, refusal, rules_of


# ---- the page's example ---------------------------------------------------------------------
def test_the_pages_example_lists_exactly_the_placements_the_text_allows():
    """place.seed place.set place.run: tokens empty / 1 / 1-2 and a roll of 1, 2, 3 (alone, so
    no other tokens): the 1 as a seed or onto the lone 1, the 2 as a seed or next to the 1, the
    3 as a seed or above the run 1-2; nothing else (no 3 next to a lone 1, no 1 or 2 on the
    run 1-2)."""
    record = scenarios.placement_example()
    before = record.states[step_of(record, "roll:R1,R2,R3")]
    assert placements(before) == {"d1:0A", "d1:0B", "d2:0A", "d2:0B", "d3:0A", "d3:0C"}


def test_the_pages_runs_grow_at_either_end_in_any_order():
    """place.run (ruling): 3 as the seed, then 2 and 1 below it; or a seed 2 with 1 below and
    3 above; and, as the page adds, a 2 then a 3 onto the lone 1."""
    record = scenarios.placement_example()
    assert record.state.vines[0][0] == (3, 2, 1)
    example = record.states[step_of(record, "roll:R1,R2,R3")]
    middle, _ = act(example, "d2:0A", "d1:0A", "d3:0A")
    assert middle.vines[0][0] == (2, 1, 3)
    onto_one, _ = act(example, "d2:0B", "d3:0B")
    assert onto_one.vines[0][1] == (1, 2, 3)


# ---- seeds ------------------------------------------------------------------------------------
def test_a_red_die_on_any_empty_token_is_a_seed():
    """place.seed (ruling): a red die may seed an empty token of any player, the active
    player's or a rival's."""
    state = position(2, hand="R5")
    assert placements(state) == {f"d1:{seat}{t}" for seat in (0, 1) for t in "ABC"}
    after, events = act(state, "d1:1B")
    assert after.vines[1][1] == (5,)
    assert rules_of(events)[0] == "place.seed"
    assert GAME.explain(events[0], ["Ana", "Ben"]) == \
        "Ana puts the red 5 as the seed of Ben's tomato B (worth 5)."


def test_a_black_die_is_never_a_seed():
    """place.black-seed: a black die fits no empty token; with no vine it has no spot at all,
    and the refusal says why."""
    state = position(2, hand="B4 R1")
    assert not any(a.startswith("d1:") and a[3].isdigit() for a in GAME.legal_actions(state))
    rule, message = refusal(state, "d1:0A")
    assert rule == "place.black-seed"
    assert message == "your black 4 cannot start a vine on your tomato A: only red dice are seeds"


def test_a_lone_seed_takes_its_own_value_or_a_neighbour():
    """place.extend: a vine of one die takes the same value (a set begins) or one next to it
    (a run begins); anything else is refused with what it takes."""
    state = position(2, vines={"0A": "R4"}, hand="R3 R4 R5 R6")
    targets = {a for a in placements(state) if a.endswith(":0A")}
    assert targets == {"d1:0A", "d2:0A", "d3:0A"}
    rule, message = refusal(state, "d4:0A")
    assert rule == "place.extend"
    assert message == ("your red 6 does not fit your tomato A: it holds a lone seed 4, which "
                       "takes a 3, a 4 or a 5")


# ---- sets and runs ----------------------------------------------------------------------------
def test_a_set_takes_only_its_value():
    """place.set: two 3s make a set; only another 3 joins it (a 2 or 4 does not)."""
    state = position(2, vines={"1C": "R3 R3"}, hand="R2 R3 R4")
    assert {a for a in placements(state) if a.endswith("1C")} == {"d2:1C"}
    rule, message = refusal(state, "d3:1C")
    assert rule == "place.set"
    assert "holds a set of 3s (2 dice), which takes only another 3" in message
    after, events = act(state, "d2:1C")
    assert after.vines[1][2] == (3, 3, 3) and rules_of(events) == ["place.set"]


def test_a_run_takes_one_below_or_one_above_without_gaps():
    """place.run (ruling): a run 3-4 takes a 2 or a 5, never a gap (6) or a repeat (3)."""
    state = position(2, vines={"0B": "R4 R3"}, hand="R2 R5 R6 R3")
    assert {a for a in placements(state) if a.endswith("0B")} == {"d1:0B", "d2:0B"}
    assert refusal(state, "d3:0B")[0] == "place.run"
    assert refusal(state, "d4:0B")[0] == "place.run"


def test_runs_do_not_wrap_from_six_to_one():
    """place.no-wrap (ruling): 5-6 takes a 4 only; a 1 does not follow a 6 (rolling a die
    over is what the 4-karma power is for)."""
    state = position(2, vines={"0A": "R5 R6", "0B": "R1 R2", "0C": "R6"}, hand="R1 R4 R6 R2")
    assert {a for a in placements(state) if a.endswith("0A")} == {"d2:0A"}
    rule, message = refusal(state, "d1:0A")
    assert rule == "place.no-wrap"
    assert "a run 5 to 6, which takes a 4" in message
    assert refusal(state, "d3:0B")[0] == "place.no-wrap"  # 6 below 1 would wrap too
    assert refusal(state, "d1:0C")[0] == "place.no-wrap"  # a lone 6 takes 5 or 6, not 1
    assert refusal(state, "d4:0B")[0] == "place.run"      # a repeat: no wrap involved


def test_black_dice_follow_the_same_rules_and_lower_the_worth():
    """place.black (ruling): a black 5 joins a seed 5 (a set) and a black 6 a run 4-5, but
    not a set of 4s; each black die lowers the vine's worth by one."""
    state = position(2, vines={"1A": "R5", "1B": "R4 R5", "1C": "R4 R4"}, hand="B5 B6")
    assert {"d1:1A", "d2:1B"} <= placements(state)
    assert "d2:1C" not in placements(state)
    after, events = act(state, "d1:1A")
    assert rules_of(events) == ["place.set", "place.black"]
    assert GAME.explain(events[1], ["Ana", "Ben"]) == \
        "The black die lowers the worth of Ben's tomato A to 4."


# ---- every die with a spot must be placed ------------------------------------------------------
def test_the_turn_cannot_end_while_a_die_has_a_spot():
    """place.must: "end" is refused while a die left has a spot (saying where); it is offered
    once no die left has one."""
    state = position(2, vines={"0A": "R6 R6", "0B": "R3 R3", "0C": "R4", "1A": "R6",
                               "1B": "R3 R3", "1C": "R2 R2"}, hand="R5 B1")
    assert "end" not in GAME.legal_actions(state)
    rule, message = refusal(state, "end")
    assert rule == "place.must"
    assert message == "your red 5 (die 1) still has a spot: your tomato C or player 2's tomato A"
    after, _ = act(state, "d1:0C")
    assert "end" in GAME.legal_actions(after)


def test_only_this_turns_dice_waiting_can_be_placed():
    """place.die: a die already placed, or a die number beyond this turn's dice, is refused
    with the dice still waiting."""
    state = position(2, hand="R5 R6")
    after, _ = act(state, "d1:0A")
    rule, message = refusal(after, "d1:0B")
    assert rule == "place.die"
    assert message == "die 1 is already on a vine: your dice to place are die 2 (red 6)"
    assert refusal(after, "d7:0B")[0] == "place.die"


def test_a_full_score_track_takes_no_more_dice():
    """place.full-track (ruling): once a player has six tomatoes their tokens accept no die,
    not even a seed on an empty token; their vines stay."""
    full = "R6:6 R5:5 R4:4 R3:3 R2:2 R1:1"
    state = position(2, vines={"1A": "R3 R3"}, hand="R3", track={1: full}, final=True, bonus=1)
    assert placements(state) == {"d1:0A", "d1:0B", "d1:0C"}
    rule, message = refusal(state, "d1:1A")
    assert rule == "place.full-track"
    assert "has harvested six tomatoes" in message


# ---- refusals ----------------------------------------------------------------------------------
@pytest.mark.parametrize("action", ["d1:9A", "d1:0D", "d1", "d0:0A", "x:0A", "d1:0A:0B", "dd:0A"])
def test_malformed_placements_name_no_action(action):
    """place.die: a placement names one of this turn's dice and a token; anything else is a
    format error, refused without a change."""
    state = position(2, hand="R5")
    with pytest.raises((IllegalActionError, InvalidInputError)):
        GAME.apply(state, action)
    assert GAME.reason_illegal(state, action).rule in ("action.format", "place.die")


def test_an_illegal_placement_changes_nothing():
    """place.set: a refused placement raises IllegalActionError naming the rule, and the state
    is unchanged."""
    state = position(2, vines={"1C": "R3 R3"}, hand="R2")
    with pytest.raises(IllegalActionError) as caught:
        GAME.apply(state, "d1:1C")
    assert caught.value.rule == "place.set"
    assert state.hand == (2,) and state.vines[1][2] == (3, 3)
