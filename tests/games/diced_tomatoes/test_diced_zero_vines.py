"""Diced Tomatoes, "Black dice": a vine worth 0 and its owner's choice to clear it at the end
of a turn (the page's example: a seed 1 spoilt by a black 1 or 2)."""
from __future__ import annotations

import pytest

from tomato_widgets.core.teach import step_of
from tomato_widgets.games.diced_tomatoes import GAME, scenarios

from diced_helpers import act, forced, position, refusal, rules_of


@pytest.mark.parametrize("black", ["B1", "B2"])
def test_a_seed_worth_one_spoilt_by_a_black_one_or_two_is_cleared(black):
    """vine.zero (ruling) vine.cleared: the page's example. A black 1 (a set) or 2 (a run) on
    a seed 1 makes the vine worth 0; at the end of the turn its owner clears it and the
    token is free."""
    record = scenarios.black_clears_a_zero(black)
    number = step_of(record, "clear:0A")
    assert record.states[number - 1].phase == "clear"
    assert record.states[number - 1].actor == (0,)
    assert record.state.vines[0][0] == ()
    assert record.explain(number) == [f"Ana clears tomato A: the red 1 and the black {black[1]} go "
                                      "back to the bushel."]


def test_the_owner_decides_even_on_someone_elses_turn():
    """vine.zero (ruling): Ana spoils Ben's seed 1 with a black 1; after Ana's turn Ben (the
    owner) decides, and may keep it."""
    state = position(2, vines={"1A": "R1"}, hand="B1", karma=0)
    after, _ = act(state, "d1:1A")
    assert after.phase == "clear" and after.actor == (1,)
    assert GAME.legal_actions(after) == ("clear:1A", "keep:1A")
    assert refusal(after, "clear:0A")[0] == "vine.zero"


def test_a_vine_kept_is_asked_about_again_only_once_it_changes():
    """vine.zero (ruling) vine.kept: a vine kept at worth 0 is not offered at the next turn's
    end; once a die joins it (still worth 0) its owner is asked again."""
    state = position(2, vines={"1A": "R1 B1"}, hand="R5", karma=0, turn=0)
    after, _ = act(state, "d1:0A")
    after, events = act(after, "keep:1A")
    assert rules_of(events) == ["vine.kept"] and after.kept == frozenset({(1, 0)})
    after, _ = forced(after)
    assert after.phase == "roll" and after.turn == 1
    after, _ = act(after, "roll:R6,R6,R6")
    after, _ = act(after, "d1:1B", "d2:1B", "d3:1B")
    assert after.phase == "pass"  # not asked: the kept vine did not change
    again = position(2, vines={"1A": "R1 B1"}, hand="B1", karma=0, kept=frozenset({(1, 0)}))
    after, _ = act(again, "d1:1A")
    assert after.phase == "clear" and after.asks == ((1, 0),)


def test_harvesting_a_vine_worth_nothing_happens_on_its_fourth_die():
    """vine.zero (ruling): a vine worth 0 that gets its fourth die is harvested (worth 0),
    not cleared."""
    state = position(2, vines={"0A": "R2 B2 B2"}, hand="R2", karma=0)
    after, events = forced(act(state, "d1:0A")[0])
    assert after.track[0] == ((2, 0),) and "vine.cleared" not in rules_of(events)
