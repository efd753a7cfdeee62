"""The rulebook's worked examples, replayed as hand-written games."""
from __future__ import annotations

import json

import pytest

from karate_helpers import GAME, checked, only, rules
from tomato_widgets.core.records import load_record
from tomato_widgets.core.teach import step_of
from tomato_widgets.games.karate_tomate import scenarios


def test_linda_drops_out_and_draws_two_then_gabi_discards_two_and_draws_four():
    """drop.draw-two, drop.discard-two (ruling), fight.end (ruling): the rulebook's fight
    example. Linda's Tomato in the first heat, two cards drawn; Gabi's in the second,
    two discarded and four drawn; then two players are left for two Triumph cards."""
    record = checked(scenarios.rulebook_round())
    linda = step_of(record, "tomato")
    assert record.steps[linda - 1].player == 1
    assert record.steps[linda + 3].action == "draw-two" and record.steps[linda + 3].player == 1
    gabi = step_of(record, "tomato", start=linda + 1)
    assert record.steps[gabi - 1].player == 3
    assert [step.action for step in record.steps[gabi + 1:gabi + 5]] == [
        "discard-two", "discard:M1", "discard:A1", "draw"]
    end = next(i for i, events in enumerate(record.events, 1) if "fight.end" in rules(events))
    assert only(record.events[end - 1], "fight.end").facts["players"] == [0, 2]
    assert len(record.states[end].hands[3]) == 5 - 1 - 2 + 4
    assert record.states[end].hands[1][-2:] == ("M1", "M5") and "B5" in record.states[end].hands[1]
    assert {"K3", "C5", "A5", "B3"} <= set(record.states[end].hands[3])


def test_sebastian_with_nine_picks_before_betti_with_five():
    """triumph.order, triumph.pick (ruling): the rulebook's triumph example."""
    record = scenarios.rulebook_round()
    rank = step_of(record, "rank")
    assert GAME.explain(only(record.events[rank - 1], "triumph.order"), record.players) == \
        "Picking order by the total value played: 1. Sebastian (9), 2. Betti (5)."
    assert [(step.player, step.action) for step in record.steps[rank:rank + 2]] == [
        (0, "take:T500"), (2, "take:T310")]


def test_sebastian_calls_the_end_but_has_the_fewest_knives_and_linda_wins():
    """end.call (ruling), end.fewest-knives (ruling), end.most-trophies: the rulebook's end
    example: 13 trophies and 2 knives lose; Linda wins with 9 (Betti 8 and 5 knives, Gabi 6
    and 3)."""
    record = checked(scenarios.rulebook_end())
    assert record.steps[-2].action == "call-end" and record.steps[-2].player == 0
    outcome = GAME.outcome(record.state)
    assert outcome.winners == (1,) and outcome.scores == (13, 9, 8, 6)
    assert outcome.facts["knives"] == (2, 3, 5, 3) and outcome.facts["losers"] == (0,)
    assert rules(record.events[-1]) == ["end.reveal", "end.fewest-knives", "end.most-trophies"]


@pytest.mark.parametrize("name", sorted(scenarios.SCENARIOS))
def test_every_scenario_replays_from_its_record(name):
    """rules.forced (ruling): a scenario saved as JSON loads to the same game."""
    record = scenarios.SCENARIOS[name]()
    loaded = load_record(json.dumps(record.to_json()))
    assert loaded.states == record.states and loaded.events == record.events
