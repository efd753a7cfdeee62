"""Diced Tomatoes, karma powers: what each costs, what it may target, and the refusals
(a power you cannot afford, a target it does not take, someone else's turn)."""
from __future__ import annotations

import pytest

from tomato_widgets.core.game import CHANCE
from tomato_widgets.core.teach import step_of
from tomato_widgets.games.diced_tomatoes import GAME, scenarios

from diced_helpers import act, position, refusal

NAMES = ["Ana", "Ben", "Cai"]


def test_powers_are_offered_only_as_far_as_the_karma_goes():
    """power.reroll power.shift power.over power.set: with 1 karma only a re-roll; with 6
    every die power, each die its own targets."""
    poor = position(2, hand="R1", karma=1)
    assert [a for a in GAME.legal_actions(poor) if not a[3].isdigit()] == ["d1:reroll"]
    rich = position(2, hand="R1", karma=6)
    powers = [a for a in GAME.legal_actions(rich) if not a[3].isdigit()]
    assert powers == ["d1:reroll", "d1:up", "d1:over", "d1:set2", "d1:set3", "d1:set4",
                      "d1:set5", "d1:set6"]


def test_a_power_you_cannot_afford_is_refused_with_its_cost():
    """power.set power.clean: a power costing more karma than you hold is refused, saying what
    it costs and what you have."""
    state = position(2, vines={"0A": "R3"}, hand="R1", karma=2)
    assert refusal(state, "d1:set4") == ("power.set", "this power costs 6 karma and you have 2")
    assert refusal(state, "clean:0A") == ("power.clean", "this power costs 3 karma and you have 2")
    assert refusal(state, "d1:over")[0] == "power.over"


def test_a_reroll_is_a_chance_step_of_its_own():
    """power.reroll power.rerolled: 1 karma, then chance rolls that die again (1 chance in 6)."""
    record = scenarios.reroll_and_shift()
    asked = step_of(record, "d3:reroll")
    assert record.states[asked].karma[0] == record.states[asked - 1].karma[0] - 1
    assert record.states[asked].phase == "reroll"
    assert GAME.chance_words(record.states[asked], "reroll:d3:4") == "One die rolled again: 1 chance in 6."
    assert GAME.chance_probability(record.states[asked], "reroll:d3:4") == pytest.approx(1 / 6)
    assert GAME.reason_illegal(record.states[asked], "reroll:d1:4", CHANCE).rule == "power.reroll"
    assert record.explain(asked + 1) == ["Die 3 now shows the red 4."]


def test_a_shift_moves_a_die_by_one_without_wrapping():
    """power.shift (ruling): 2 karma turns a die one up or down; a 6 goes no higher, a 1 no
    lower."""
    record = scenarios.reroll_and_shift()
    number = step_of(record, "d1:up")
    assert record.states[number].hand[0] == 14  # the black 3 is now a black 4
    assert record.explain(number) == ["Ana spends 2 karma to turn the black 3 (die 1) to 4 (1 karma left)."]
    state = position(2, hand="R6 R1", karma=6)
    assert "d1:up" not in GAME.legal_actions(state) and "d2:down" not in GAME.legal_actions(state)
    rule, message = refusal(state, "d1:up")
    assert rule == "power.shift" and "a 6 goes no higher" in message


def test_cleaning_empties_one_of_your_own_vines():
    """power.clean (ruling): 3 karma sends every die of your own vine back to the bushel;
    another player's vine only with the option clean_any."""
    record = scenarios.clean_a_vine()
    number = step_of(record, "clean:0A")
    before, after = record.states[number - 1], record.states[number]
    assert before.vines[0][0] == (3, 3, 13) and after.vines[0][0] == ()
    assert sum(after.bushel) == sum(before.bushel) + 3
    assert record.explain(number)[0] == ("Ana spends 3 karma to clean Ana's tomato A: the red 3, "
                                         "the red 3 and the black 3 go back to the bushel (0 karma left).")
    state = position(2, vines={"1A": "R6 R6"}, hand="R1", karma=3)
    assert "clean:1A" not in GAME.legal_actions(state)
    assert refusal(state, "clean:1A") == ("power.clean", "you may clean only your own vines")
    anyone = position(2, vines={"1A": "R6 R6"}, hand="R1", karma=3, options={"clean_any": True})
    assert "clean:1A" in GAME.legal_actions(anyone)


def test_rolling_over_turns_a_one_into_a_six():
    """power.over: 4 karma turns a die showing 1 into a 6 (or a 6 into a 1); other values
    do not roll over."""
    record = scenarios.roll_over()
    number = step_of(record, "d2:over")
    assert record.states[number].hand[1] == 6 and record.states[number].karma[0] == 0
    state = position(2, hand="R3", karma=4)
    assert refusal(state, "d1:over") == ("power.over", "only a die showing 1 or 6 rolls over; your red 3 shows 3")


def test_flipping_a_seed_keeps_the_vine_a_set_or_a_run():
    """power.flip (ruling): 5 karma turns a seed to its opposite face on any player's vine,
    only if the vine stays a set or a run."""
    record = scenarios.flip_a_seed()
    number = step_of(record, "flip:0A")
    assert record.states[number].vines[0][0] == (6,)
    assert record.explain(number) == ["Ana spends 5 karma to flip the seed of Ana's tomato A: "
                                      "the red 1 becomes the red 6 (0 karma left)."]
    state = position(2, vines={"1A": "R3 R4", "1B": "R2 R2", "0A": "R2"}, hand="R1", karma=5)
    flips = {a for a in GAME.legal_actions(state) if a.startswith("flip")}
    assert flips == {"flip:1A", "flip:0A"}  # 3-4 becomes 4-4; 2-2 would become 5-2
    rule, message = refusal(state, "flip:1B")
    assert rule == "power.flip" and "would break the vine" in message


def test_setting_a_die_to_any_value():
    """power.set: 6 karma turns one of your dice to any other value."""
    record = scenarios.set_a_die()
    number = step_of(record, "d2:set5")
    assert record.states[number].hand[1] == 5 and record.states[number].karma[0] == 0
    state = position(2, hand="R4", karma=6)
    assert refusal(state, "d1:set4") == ("power.set", "your red 4 already shows 4")


def test_powers_belong_to_the_active_players_turn():
    """power.own-turn (ruling): only the active player spends karma, on this turn's dice not
    yet placed; deciding about a vine worth 0 after the turn is no time for a power."""
    state = position(2, vines={"1A": "R1 B1"}, hand="R3", karma=6)
    after, _ = act(state, "d1:0A", "end")
    assert after.phase == "clear" and after.actor == (1,)
    assert refusal(after, "clean:1A")[0] == "power.own-turn"
    assert GAME.reason_illegal(state, "d1:up", 1).rule == "turn.order"
    placed, _ = act(state, "d1:0A")
    assert refusal(placed, "d1:up")[0] == "place.die"  # a placed die is no longer a rolled die
