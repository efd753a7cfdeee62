"""Diced Tomatoes, "Points" and "Karma": the harvest on the fourth die, black dice lowering
a tomato's worth, the karma table, the karma kept after a turn, and karma alone."""
from __future__ import annotations

import pytest

from tomato_widgets.core.teach import step_of
from tomato_widgets.games.diced_tomatoes import GAME, scenarios

from diced_helpers import act, forced, position, rules_of

NAMES = ["Ana", "Ben", "Cai"]


def test_the_fourth_die_harvests_the_vine_as_a_step_of_its_own():
    """harvest.vine (ruling): the placement shows four dice on the vine; the forced harvest
    then moves the seed to the owner's next slot, worth its value less its black dice, and the
    other dice back to the bushel."""
    state = position(2, vines={"0A": "R5 R5 B5"}, hand="B5", karma=0)
    full, _ = act(state, "d1:0A")
    assert full.vines[0][0] == (5, 5, 15, 15) and full.phase == "harvest"
    red, black = full.bushel
    after, events = forced(full)
    assert after.vines[0][0] == () and after.track[0] == ((5, 3),)
    assert after.bushel[0] + after.bushel[1] >= red + black + 3 - 0
    assert GAME.explain(events[0], NAMES) == ("Ana's tomato A is harvested: its seed, the red 5, "
                                              "goes to slot 1, worth 3; 3 dice go back to the bushel.")


def test_a_tomato_is_never_worth_less_than_nothing():
    """harvest.vine (ruling): a seed 1 with two black dice is worth 0, not -1."""
    state = position(2, vines={"1A": "R1 B1 B1"}, hand="R1", karma=0)
    after, events = forced(act(state, "d1:1A")[0])
    assert after.track[1] == ((1, 0),)
    assert "karma.none" in rules_of(events)


@pytest.mark.parametrize("seed, karma", [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 3)])
def test_completing_a_rivals_vine_earns_karma_by_its_worth(seed, karma):
    """karma.earn: worth 1-2 earns 1 karma, 3-4 earns 2, 5-6 earns 3, for the active player."""
    state = position(2, vines={"1B": f"R{seed} R{seed} R{seed}"}, hand=f"R{seed}", karma=0)
    after, events = forced(act(state, "d1:1B")[0])
    assert after.karma == (karma, 0)
    assert GAME.explain(events[1], NAMES) == \
        f"Ana completed Ben's vine, worth {seed}: Ana earns {karma} karma."


def test_the_pages_karma_table_example():
    """karma.earn karma.keep (ruling): Ana completes Ben's vines worth 1, 3 and 5 in one turn and
    earns 1, 2 and 3 karma: 9 during her turn, 6 kept at its end."""
    record = scenarios.karma_table()
    karma = [record.states[step_of(record, f"harvest:1{t}")].karma[0] for t in "ABC"]
    assert karma == [4, 6, 9]
    assert record.state.karma[0] == 6
    last = record.events[-1]
    assert rules_of(last) == ["turn.next", "karma.keep"]
    assert GAME.explain(last[1], record.players) == "Ana keeps 6 karma and loses 3 karma above it."


def test_completing_your_own_vine_earns_no_karma():
    """karma.earn: karma is gratitude from a rival; your own harvest earns none."""
    state = position(2, vines={"0A": "R6 R6 R6"}, hand="R6", karma=0)
    after, events = forced(act(state, "d1:0A")[0])
    assert after.karma == (0, 0) and rules_of(events)[:1] == ["harvest.vine"]
    assert "karma.earn" not in rules_of(events)


def test_a_worthless_tomato_earns_no_karma():
    """karma.none (ruling): completing a rival's vine worth 0 earns nothing."""
    state = position(2, vines={"1A": "R2 B2 B2"}, hand="R2", karma=0)
    after, events = forced(act(state, "d1:1A")[0])
    assert after.karma == (0, 0)
    assert GAME.explain(events[1], NAMES) == "No karma for Ana: the tomato is worth nothing."


def test_karma_kept_after_a_turn_is_an_option():
    """karma.keep (ruling): karma may reach 12 during a turn; option karma_keep (6 by
    default) is what stays at its end."""
    state = position(2, vines={"0A": "R2", "1A": "R6 R6 R6"}, hand="R6", karma=(11, 0))
    after, _ = forced(act(state, "d1:1A")[0])
    assert after.karma[0] == 12 and after.phase == "play"  # never above 12, even in a turn
    after, events = forced(act(after, "end")[0])
    assert after.karma[0] == 6 and "karma.keep" in rules_of(events)
    generous = position(2, vines={"0A": "R2", "1A": "R6 R6 R6"}, hand="R6", karma=(6, 0),
                        options={"karma_keep": 9})
    after, _ = forced(act(forced(act(generous, "d1:1A")[0])[0], "end")[0])
    assert after.karma[0] == 9


def test_alone_your_own_vines_earn_karma():
    """karma.solo (ruling): playing alone, completing your own vine earns karma by its worth."""
    record = scenarios.solo_game()
    number = step_of(record, "harvest:0C")  # the first harvest of tomato C: worth 3
    assert "karma.solo" in rules_of(record.events[number - 1])
    before, after = record.states[number - 1].karma[0], record.states[number].karma[0]
    assert after - before == 2
    assert GAME.explain(record.events[number - 1][1], record.players) == \
        "Ana completed a vine worth 3: 2 karma earned."
