"""Tomatomat, "B. Distribute machines": the forced steps, police, thieves, scoring, ties
and stacks, and the rulebook's worked example.

Unless said otherwise three players (Ana, Ben, Cai); machine I is red (1 star), II green
and yellow (2 stars), III blue (2 stars), IV yellow (3 stars); the cards a test does not
name are coins and go to machine IV.
"""
from __future__ import annotations

import pytest

from tomato_widgets.core.game import CHANCE
from tomato_widgets.core.records import load_record
from tomato_widgets.games.tomatomat import GAME, scenarios
from tomato_widgets.games.tomatomat.machines import find_machine

from tomatomat_helpers import MACHINES, dealt, fates, only, rules


def at_machine(moves, decks, position="I", **options):
    """Deal ``decks``, play batch 1 with ``moves`` (the rest to IV), batches 2-3 to IV, and
    take the forced steps up to the reveal at ``position``."""
    table = dealt(*decks, **options)
    table.batch(*moves)
    table.batches(2)
    table.settle(until=f"reveal:{position}")
    return table


# ---- resolve.forced / reveal.cards -------------------------------------------------------------
def test_the_rules_own_steps_are_named_as_forced():
    """resolve.forced (ruling): every settlement step and the end of a round is the forced
    step due, one at a time; the machines, the deal, the shuffle and the placements are not."""
    record = scenarios.tie_then_stack()
    forced = [GAME.forced_action(state) for state in record.states]
    for state, due, step in zip(record.states, forced, record.steps):
        if step.player == CHANCE and step.action.partition(":")[0] in (
                "reveal", "police", "thieves", "score", "pass"):
            assert due == step.action
        else:
            assert due is None, step.action
    assert forced[-1] is None  # over
    assert forced.count("pass") == 2 and forced.count("reveal:I") == 2


def test_a_record_that_leaves_out_the_forced_steps_loads_with_them_taken():
    """resolve.forced (ruling): a record written with only the chance draws and the players'
    placements replays with every settlement step put back, to the same end."""
    record = scenarios.double_colour()
    data = record.to_json()
    data["steps"] = [raw for raw, made, before in zip(data["steps"], record.steps, record.states)
                     if GAME.forced_action(before) is None]
    assert len(data["steps"]) < len(record.steps)
    loaded = load_record(data)
    assert [s.action for s in loaded.steps] == [s.action for s in record.steps]
    assert loaded.states[-1] == record.state and loaded.outcome == record.outcome


def test_settlement_steps_are_chance_steps_with_one_outcome():
    """resolve.forced (ruling): nobody decides during the settlement: each step is a chance
    action with exactly one possible outcome, of probability 1; any other is refused."""
    table = dealt("", "", "")
    table.batches(3)
    state = table.state
    assert GAME.to_act(state) == (CHANCE,) and GAME.legal_actions(state) == ()
    assert GAME.sample_chance(state, None) == "reveal:I"
    assert GAME.chance_probability(state, "reveal:I") == 1
    for wrong in ("score:I", "reveal:II", "pass", "police:I"):
        table.refuse(wrong, CHANCE, rule="resolve.forced")
    table.refuse("machines:M01,M02,M03,M04", CHANCE, rule="resolve.forced")
    table.refuse("reveal:I", 0, rule="turn.chance")


def test_reveal_turns_up_everybodys_cards_at_the_machine():
    """reveal.cards: the cards all players put at machine I turn face up together, and only
    those; the observation lists them with their fate."""
    table = at_machine(["R2:I G1:II", "Y1:I", ""], ["R2 G1", "Y1", ""])
    event = only(table.record.events[-1], "reveal.cards")
    assert event.facts["revealed"] == [[0, "R2"], [1, "Y1"]]
    assert event.facts["machines"] == [MACHINES[0]] and event.facts["colours"] == ["red"]
    assert fates(table) == [[0, "R2", "open"], [1, "Y1", "open"]]
    view = table.view(2)
    assert view["resolution"]["stage"] == "reveal" and view["resolution"]["totals"] is None
    assert view["seats"][0]["placed"][0]["count"] == 0 and view["seats"][0]["placed"][1]["count"] == 1
    assert view["next_step"] == "score:I"     # no officer and no thief: straight to scoring


# ---- police.catch / police.nothing / resolve.scope -------------------------------------------
def test_police_catch_every_thief_of_their_colour_including_their_own():
    """police.catch, resolve.scope (ruling): Ana's red officer catches both red thieves at
    the machine, her own and Ben's; Cai's green thief is not caught. Officer and thieves go
    to their owners' discard piles."""
    table = at_machine(["RP:I RT:I", "RT:I R2:I", "GT:I G2:I"], ["RP RT", "RT R2", "GT G2"])
    events = table.settle(until="police:I")
    catch = only(events, "police.catch")
    assert catch.facts == {"position": "I", "owner": 0, "card": "RP", "caught": [[0, "RT"], [1, "RT"]]}
    assert GAME.explain(catch, table.record.players) == \
        "At machine I Ana's red police officer catches Ana's red thief and Ben's red thief."
    assert fates(table) == [[0, "RT", "caught"], [0, "RP", "police"], [1, "R2", "open"],
                            [1, "RT", "caught"], [2, "G2", "open"], [2, "GT", "open"]]
    assert sorted(table.discard(0)) == ["RP", "RT"] and table.discard(1) == ["RT"]
    assert table.discard(2) == []
    assert table.view()["next_step"] == "thieves:I"


def test_an_officer_with_nothing_to_catch_is_discarded():
    """police.nothing (ruling), resolve.scope (ruling): Ana's yellow officer at machine I
    does nothing to Ben's yellow thief at machine II, and goes to Ana's pile anyway."""
    table = at_machine(["YP:I R1:I", "YT:II Y2:II", ""], ["YP R1", "YT Y2", ""])
    events = table.settle(until="police:I")
    assert rules(events) == ["police.nothing"]
    assert table.discard(0) == ["YP"]
    assert table.view()["next_step"] == "score:I"
    events = table.settle(until="thieves:II")
    assert only(events, "thieves.steal").facts["stolen"] == [[1, "Y2"]]


# ---- thieves.steal / thieves.nothing / resolve.order --------------------------------------
def test_a_thief_steals_every_coin_of_its_colour_even_its_owners():
    """thieves.steal (ruling): Ben's blue thief takes Ana's blue 1 and Ben's own blue 2; the
    stolen coins go back to the piles of those who played them and count for nobody."""
    table = at_machine(["B1:I R1:I", "BT:I B2:I R1:I", "B1:II"], ["B1 R1", "BT B2 R1", "B1"])
    events = table.settle(until="thieves:I")
    steal = only(events, "thieves.steal")
    assert steal.facts["thieves"] == [[1, "BT"]] and steal.facts["colour"] == "blue"
    assert steal.facts["stolen"] == [[0, "B1"], [1, "B2"]]
    assert "R1" not in table.discard(0) and "B1" in table.discard(0)
    assert sorted(table.discard(1)) == ["B2", "BT"]
    assert table.discard(2) == []         # Cai's blue 1 is at machine II, out of reach
    events = table.settle(until="score:I")
    assert only(events, "score.tie").facts["totals"] == [2, 2, 0]


def test_a_thief_with_nothing_to_steal():
    """thieves.nothing: a free thief with no coin of its colour at the machine is discarded."""
    table = at_machine(["RT:I G1:I", "", ""], ["RT G1", "", ""])
    events = table.settle(until="thieves:I")
    assert rules(events) == ["thieves.nothing"]
    assert table.discard(0) == ["RT"]
    assert GAME.explain(events[0], table.record.players) == \
        "At machine I there is no red coin for Ana's red thief to steal."


def test_police_act_before_thieves_so_a_caught_thief_steals_nothing():
    """resolve.order (ruling): Ana's blue officer catches Ben's blue thief first, so Ben's
    and Cai's blue coins are safe and count."""
    table = at_machine(["BP:I", "BT:I B2:I", "B1:I"], ["BP", "BT B2", "B1"])
    events = table.settle(until="score:I")
    assert rules(events) == ["police.catch", "score.win"]
    assert only(events, "score.win").facts["totals"] == [0, 2, 1]


def test_two_thieves_of_one_colour_steal_the_same_coins_once():
    """resolve.order (ruling): Ana's and Ben's green thieves steal together: one event, each
    green coin taken once."""
    table = at_machine(["GT:I", "GT:I", "G1:I G2:I R1:I"], ["GT", "GT", "G1 G2 R1"])
    events = table.settle(until="thieves:I")
    steal = only(events, "thieves.steal")
    assert steal.facts["thieves"] == [[0, "GT"], [1, "GT"]]
    assert steal.facts["stolen"] == [[2, "G1"], [2, "G2"]]
    assert sorted(table.discard(2)) == ["G1", "G2"]
    assert "Ana's green thief and Ben's green thief" in GAME.explain(steal, table.record.players)


# ---- score.double / score.win / score.tie -----------------------------------------------------
def test_matching_coins_count_double_once_on_a_two_colour_machine():
    """score.double (ruling): on machine II (green and yellow) Ana's green 2 counts 4 and her
    yellow 1 counts 2: each coin at most double. Ben's red 2 and blue 2 count their value."""
    table = at_machine(["G2:II Y1:II", "R2:II B2:II", ""], ["G2 Y1", "R2 B2", ""], position="II")
    events = table.settle(until="score:II")
    double = only(events, "score.double")
    assert double.facts == {"position": "II", "colours": ["green", "yellow"],
                            "coins": [[0, "G2"], [0, "Y1"]]}
    assert only(events, "score.win").facts["totals"] == [6, 4, 0]


def test_the_highest_total_wins_the_machine_and_cards_go_home():
    """score.win: the single highest total takes the machine; every card there goes to the
    discard pile of the player who placed it."""
    table = at_machine(["R2:I", "R1:I G1:I", ""], ["R2", "R1 G1", ""])
    events = table.settle(until="score:I")
    win = only(events, "score.win")
    assert win.facts["winner"] == 0 and win.facts["totals"] == [4, 3, 0]
    assert win.facts["machines"] == [MACHINES[0]] and win.facts["stars"] == 1
    view = table.view(1)
    assert view["seats"][0]["won"] == [[MACHINES[0]]] and view["seats"][0]["stars"] == 1
    assert view["positions"][0]["stack"] == []
    assert view["resolution"]["winner"] == 0 and view["resolution"]["machines"] == [MACHINES[0]]
    assert table.discard(0) == ["R2"] and table.discard(1) == ["R1", "G1"]
    assert fates(table) == [[0, "R2", "scored"], [1, "R1", "scored"], [1, "G1", "scored"]]


def test_a_tie_for_the_highest_total_leaves_the_machine():
    """score.tie (ruling): Ana and Ben both score 2: nobody wins and the machine stays."""
    table = at_machine(["R1:I", "G2:I", "B1:I"], ["R1", "G2", "B1"])
    events = table.settle(until="score:I")
    tie = only(events, "score.tie")
    assert tie.facts["tied"] == [0, 1] and tie.facts["top"] == 2 and tie.players == (0, 1)
    assert table.view()["positions"][0]["stack"] == [MACHINES[0]]
    assert table.view()["resolution"]["winner"] is None


def test_nobody_scoring_is_a_tie_too():
    """score.tie (ruling): with no coin at a machine every total is 0, which wins nothing."""
    table = at_machine(["RT:I", "", ""], ["RT", "", ""])
    events = table.settle(until="score:I")
    assert only(events, "score.tie").facts["totals"] == [0, 0, 0]
    assert table.view()["positions"][0]["stack"] == [MACHINES[0]]


# ---- machines.stack --------------------------------------------------------------------------
def test_a_left_over_machine_is_stacked_and_won_with_the_new_one():
    """machines.stack (ruling): after a tie at I the next machine goes on top; the stack's
    stars add up, only the top machine's colours count, and the winner takes both, which
    count as two machines."""
    table = at_machine(["R1:I", "G2:I", ""], ["R1 G1 Y1 Y1", "G2", ""], rounds=2)
    table.settle()
    top = find_machine(3, "GY")
    events = table.machines([top, find_machine(1, "G"), find_machine(1, "B"), find_machine(1, "Y")])
    stack = only([e for e in events if e.facts.get("position") == "I"], "machines.stack")
    assert stack.facts["stack"] == [MACHINES[0], top]
    assert stack.facts["stars"] == 4 and stack.facts["colours"] == ["green", "yellow"]
    place = table.view(0)["positions"][0]
    assert place["stars"] == 4 and place["colours"] == ["green", "yellow"]
    table.shuffle("", "R1 G1", "")          # Ben received Ana's pile: her red and green coins
    table.batch("", "R1:I G1:I", "")
    table.batches(2)
    events = table.settle(until="score:I")
    # the red coin no longer counts double at I (the top machine is green and yellow)
    assert only(events, "score.double").facts["coins"] == [[1, "G1"]]
    win = only(events, "score.win")
    assert win.facts["winner"] == 1 and win.facts["totals"] == [0, 3, 0] and win.facts["stars"] == 4
    assert win.facts["machines"] == [MACHINES[0], top]
    assert table.view()["seats"][1]["machines"] == 2 and table.view()["seats"][1]["stars"] == 4
    assert table.view()["seats"][1]["won"] == [[MACHINES[0], top]]


# ---- the rulebook's example ---------------------------------------------------------------
def test_the_rulebooks_scoring_example():
    """police.catch, police.nothing, thieves.steal, score.double, score.win: the worked
    example at machine II gives Ingrid 4, Robert 2 and Andrea 8; Andrea wins."""
    record = scenarios.scoring_example()
    events = [e for step in record.events for e in step if e.facts.get("position") == "II"]
    assert only(events, "police.catch").facts["caught"] == [[1, "YT"]]
    assert only(events, "police.nothing").facts["card"] == "GP"
    assert only(events, "thieves.steal").facts["stolen"] == [[0, "B2"], [1, "B1"]]
    win = only(events, "score.win")
    andrea, robert, ingrid = 0, 1, 2
    assert win.facts["totals"][ingrid] == 4 and win.facts["totals"][robert] == 2
    assert win.facts["totals"][andrea] == 8 and win.facts["winner"] == andrea
    assert record.players[win.facts["winner"]] == "Andrea"


@pytest.mark.parametrize("perspective", [None, 0, 1, 2])
def test_settlement_events_hide_nothing(perspective):
    """reveal.cards: once turned up, the cards at a machine are known to everyone."""
    table = at_machine(["RP:I RT:I", "RT:I R2:I", ""], ["RP RT", "RT R2", ""])
    event = only(table.record.events[-1], "reveal.cards")
    assert event.seen_by(perspective) == event
