"""Karate Tomate records mutated every way the shared fuzzing knows (``tests/test_fuzz_records``,
which also takes them through the command line), starting from Karate Tomate's own records:
each loads and round-trips, or is refused in one clear line naming the step and the rule."""
from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from karate_helpers import GAME
from test_fuzz_records import check_outcome, mutate
from tomato_widgets.core.play import play_game, random_bots
from tomato_widgets.games.karate_tomate import scenarios

BASES = [json.loads(record.dumps()) for record in (
    play_game(GAME, random_bots(3, 1), seed=1, options={"rounds": 2}),
    play_game(GAME, random_bots(5, 2), seed=2, options={"rounds": 1}),
    scenarios.rulebook_round())]


@settings(suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_a_mutated_record_loads_cleanly_or_is_refused_in_one_line(data):
    """rules.forced (ruling): a record missing, doubling or swapping steps is replayed with
    the rules' own steps put back, or refused at the first step that breaks a rule."""
    check_outcome(mutate(data.draw, data.draw(st.sampled_from(BASES))))


def test_hand_written_chance_steps_of_every_kind_are_checked():
    """setup.deal, warmup.turnup, draw.cards: a malformed or impossible chance outcome in a
    record is refused with the rule, never with another exception."""
    base = json.loads(json.dumps(BASES[2]))
    for index, bad in ((0, "deal:7,3|C1"), (0, "deal:7,3,10,5|Z9,C1,C1,C1,C1|||"),
                       (1, "turnup:T500,T500,T500"), (1, "turnup:X"), (8, "draw:Q1,C1"),
                       (8, "draw:"), (6, "rank"), (6, "reveal:II")):
        mutated = json.loads(json.dumps(base))
        mutated["steps"][index]["action"] = bad
        check_outcome(mutated)
