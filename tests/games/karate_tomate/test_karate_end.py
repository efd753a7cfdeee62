"""The end: calling it, the Triumph pile running short, the round limit, and who wins."""
from __future__ import annotations

import pytest

from karate_helpers import GAME, assert_refused, checked, last_events, only, rules
from tomato_widgets.core.play import play_game, random_bots
from tomato_widgets.games.karate_tomate import results, scenarios
from tomato_widgets.games.karate_tomate.views import final_ranking


def _ending(record):
    """The events of the last step (the scoring)."""
    return record.events[-1]


def test_a_player_with_twelve_trophies_is_asked_and_may_call_the_end():
    """end.call (ruling): at the end of a round, every player with 12 trophies or more is
    asked in seat order; a call ends the game at once. The others learn that the caller
    may call, not the count."""
    record = checked(scenarios.level_knives())
    call = next(i for i, step in enumerate(record.steps) if step.action == "call-end")
    state = record.states[call]
    assert state.phase == "call" and state.callers == (0, 1) and state.actor == (0,)
    assert GAME.legal_actions(state, 0) == ("call-end", "play-on")
    event = only(record.events[call], "end.call")
    assert GAME.explain(event, record.players) == "Ana calls the end of the game with 12 trophies."
    assert GAME.explain(event.seen_by(1), record.players) == "Ana calls the end of the game."
    assert record.steps[call + 1].action == "score" and record.state.phase == "over"
    assert GAME.outcome(record.state).facts["ended_by"] == "end.called"


def test_a_player_who_may_call_can_play_on():
    """end.no-call: Ana may call after round 4 but plays on; Ben calls a round later."""
    record = checked(scenarios.most_knives())
    first = next(i for i, step in enumerate(record.steps) if step.action == "play-on")
    assert record.states[first].callers == (0,)
    assert GAME.explain(only(record.events[first], "end.no-call"), record.players) == \
        "Ana could call the end of the game, but plays on."
    assert record.states[first + 1].phase == "turnup"
    refused = record.states[first]
    assert GAME.reason_illegal(refused, "draw-two", 0).rule == "end.call"


def test_the_game_ends_when_the_pile_cannot_fill_the_table():
    """end.pile (ruling): at the start of a round; the cards still up go to nobody."""
    record = checked(scenarios.pile_runs_out())
    last = record.states[-2]
    assert last.phase == "score" and len(last.pile) < GAME.needed(last)
    event = only(_ending(record), "end.pile")
    assert GAME.explain(event, record.players) == (
        f"Only {len(last.pile)} card{'s' if len(last.pile) != 1 else ''} left in the Triumph "
        f"pile and the table needs {GAME.needed(last)} more: the game ends.")
    assert record.state.offer == last.offer and record.state.pile == last.pile
    assert rules(_ending(record))[:2] == ["end.pile", "end.reveal"]


def test_the_round_limit_ends_the_game_too():
    """end.rounds (ruling): the option rounds; the game is scored as at any end."""
    record = checked(scenarios.rulebook_round(rounds=1))
    assert record.steps[-1].action == "score" and record.states[-2].end_rule == "end.rounds"
    assert rules(last_events(record))[0] == "end.rounds"
    assert GAME.explain(last_events(record)[0], record.players) == \
        "Round 1 was the last the game allows: it ends."
    option = next(o for o in GAME.options if o.name == "rounds")
    assert (option.default, option.minimum, option.maximum) == (100, 1, 200)
    assert option.ruling == "end.rounds"


def test_everybody_turns_over_their_triumph_cards():
    """end.reveal: at the end every view sees everybody's Triumph cards and counts."""
    record = scenarios.rulebook_end()
    event = only(_ending(record), "end.reveal")
    assert GAME.explain(event, record.players) == (
        "Everybody turns over their Triumph cards: Sebastian 13 trophies and 2 knives, Linda 9 "
        "trophies and 3 knives, Betti 8 trophies and 5 knives, Gabi 6 trophies and 3 knives.")
    seats = GAME.observe(record.state, 3)["seats"]
    assert [seat["trophies"] for seat in seats] == [13, 9, 8, 6]
    assert seats[0]["won"] is not None


def test_the_fewest_knives_lose_whatever_their_trophies():
    """end.fewest-knives (ruling): every player tied for the fewest is out of the running."""
    assert final_ranking([13, 9, 8, 6], [2, 3, 5, 3], [7, 3, 10, 5])[:3] == \
        ([0], 1, "end.most-trophies")
    assert final_ranking([13, 12, 8, 6], [2, 2, 5, 3], [7, 3, 10, 5])[:2] == ([0, 1], 2)
    record = scenarios.rulebook_end()
    event = only(_ending(record), "end.fewest-knives")
    assert GAME.explain(event, record.players) == "The fewest knives (2 knives): Sebastian cannot win."


def test_when_all_have_as_many_knives_nobody_is_knocked_out():
    """end.knives-level: the exception of the knife rule."""
    assert final_ranking([5, 9, 8], [2, 2, 2], [7, 3, 10])[:3] == ([], 1, "end.most-trophies")
    record = scenarios.level_knives()
    event = only(_ending(record), "end.knives-level")
    assert GAME.explain(event, record.players) == \
        "Everybody has 0 knives: the knife rule knocks nobody out."


def test_of_the_rest_the_most_trophies_win():
    """end.most-trophies: the rulebook's example, Linda with 9."""
    record = scenarios.rulebook_end()
    event = only(_ending(record), "end.most-trophies")
    assert GAME.explain(event, record.players) == "Linda wins with the most trophies (9 trophies)."
    assert GAME.outcome(record.state).winners == (1,)


def test_equal_trophies_are_decided_by_knives():
    """end.most-knives: Ana and Ben 12 trophies each, Ben has more knives."""
    record = scenarios.most_knives()
    event = only(_ending(record), "end.most-knives")
    assert GAME.explain(event, record.players) == ("Ana and Ben have 12 trophies each; Ben wins "
                                                   "with the most knives (5 knives).")
    outcome = GAME.outcome(record.state)
    assert outcome.winners == (1,) and outcome.rule == "end.most-knives"
    assert outcome.facts["losers"] == (2,)


def test_still_level_the_higher_tomato_held_at_the_end_wins():
    """end.higher-tomato (ruling): the Tomato held when the game ends, shown to all then."""
    record = scenarios.level_knives()
    event = only(_ending(record), "end.higher-tomato")
    assert GAME.explain(event, record.players) == ("Ana and Ben are level on trophies and knives; "
                                                   "Ben wins with the higher Tomato (Ana Tomato 6, "
                                                   "Ben Tomato 8).")
    assert record.state.shown[:2] == (True, True)
    table = results(GAME.observe(record.state, 2), record.players)
    assert table["winners"] == [1] and table["rows"][0][0] == "Ben"
    assert "held at the end" in GAME.rulebook["end.higher-tomato"].ruling.decision


@pytest.mark.parametrize("players", [3, 10])
def test_the_longest_round_limit_still_ends(players):
    """end.rounds (ruling): every game ends, also with the most rounds the option allows."""
    record = play_game(GAME, random_bots(players, 2), seed=2, options={"rounds": 200})
    assert record.outcome is not None and len(record.steps) < 100_000


def test_nothing_can_be_done_once_the_game_is_over():
    """end.reveal: after the scoring the game is over."""
    record = scenarios.rulebook_end()
    assert_refused(record, "play-on", 1, rule="game.over")
