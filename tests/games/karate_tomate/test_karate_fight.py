"""The fight: face-down heats, following the opening colour, the Tomato, the reveal, the end
of the fight."""
from __future__ import annotations

from karate_helpers import (GAME, NAMES, assert_refused, checked, drop, events_since, go_on, heat,
                            last_events, only, rules, three)
from tomato_widgets.core.game import CHANCE
from tomato_widgets.core.records import load_record
from tomato_widgets.games.karate_tomate import scenarios


def test_everybody_puts_a_card_face_down_each_a_step_of_its_own():
    """fight.commit (ruling): all players still fighting act at once; a commit is one step,
    its card hidden from the others (the event's card, the label, the observation)."""
    record = three()
    assert record.state.actor == (0, 1, 2)
    record.append("play:C5", 0)
    event = only(last_events(record), "fight.commit")
    assert GAME.explain(event, NAMES) == "Ana puts the corn 5 face down."
    assert GAME.explain(event.seen_by(1), NAMES) == "Ana puts a card face down."
    assert record.state.actor == (1, 2) and record.state.phase == "fight"
    before = record.states[-2]
    assert GAME.public_label(before, "play:C5", 0, 1) == "put a card face down"
    assert GAME.public_label(before, "play:C5", 0, 0) == "play the corn 5 face down"
    ben_sees = GAME.observe(record.state, 1)["seats"][0]
    assert ben_sees["committed"] and ben_sees["commit"] is None
    assert ben_sees["hand_size"] == 5  # four Number cards and the Tomato, as the table sees it
    assert GAME.observe(record.state, 0)["seats"][0]["commit"] == "C5"
    assert "Each player's card is a step of its own" in GAME.rulebook["fight.commit"].ruling.decision


def test_a_tomato_face_down_looks_like_any_card():
    """fight.commit (ruling): the others cannot tell a Tomato from a Number card until the
    reveal."""
    card, tomato = three(), three()
    assert GAME.observe(card.state, 1)["seats"][0]["hand_size"] == 6  # five Numbers, the Tomato
    card.append("play:C5", 0)
    tomato.append("tomato", 0)
    # either card leaves one card fewer in hand: the count tells the others nothing
    assert GAME.observe(card.state, 1) == GAME.observe(tomato.state, 1)
    assert GAME.observe(card.state, 1)["seats"][0]["hand_size"] == 5
    assert GAME.explain(tomato.events[-1][0].seen_by(2), NAMES) == \
        GAME.explain(card.events[-1][0].seen_by(2), NAMES)


def test_the_first_heat_allows_any_card_later_heats_only_the_opening_colour():
    """fight.colour: in the first heat every Number card (and the Tomato); from the second
    heat on only cards of the colour opened with."""
    record = three()
    assert GAME.legal_actions(record.state, 0) == ("play:C3", "play:C4", "play:C5", "play:K1",
                                                   "play:M1", "tomato")
    heat(record, {"Ana": "C5", "Ben": "K5", "Cai": "M5"})
    assert record.state.heat == 2 and record.state.colours == ("C", "K", "M")
    assert GAME.legal_actions(record.state, 0) == ("play:C3", "play:C4", "tomato")
    assert GAME.legal_actions(record.state, 1) == ("play:K3", "play:K4", "tomato")
    error = assert_refused(record, "play:K1", 0, rule="fight.colour")
    assert error.reason == ("after the first heat you play only corn cards, the colour you opened "
                            "with; the carrot 1 is not corn: play a corn card or your Tomato")


def test_a_card_you_do_not_hold_is_refused():
    """fight.own-card: only cards in your hand may be played."""
    record = three()
    error = assert_refused(record, "play:B5", 0, rule="fight.own-card")
    assert error.reason == "you hold no broccoli 5"
    assert GAME.reason_illegal(record.state, "play:Z5", 0).rule == "action.format"


def test_the_tomato_may_be_played_in_any_heat_even_the_first():
    """fight.tomato (ruling): the Tomato is always among the moves, also with cards of the
    colour in hand."""
    record = three()
    assert "tomato" in GAME.legal_actions(record.state, 0)
    heat(record, {"Ana": "tomato", "Ben": "K5", "Cai": "M5"})
    assert not record.state.fighting[0]
    decision = GAME.rulebook["fight.tomato"].ruling.decision
    assert "the first one included" in decision


def test_without_a_card_of_the_colour_the_tomato_is_the_only_move():
    """fight.tomato: Ana opened with her only corn card, so in the second heat she must play
    her Tomato."""
    record = scenarios.forced_tomato()
    second = next(i for i, step in enumerate(record.steps) if step.action == "tomato")
    assert GAME.legal_actions(record.states[second], 0) == ("tomato",)
    assert record.steps[second].comment.startswith("No corn card left")


def test_a_player_whose_card_is_down_waits_for_the_others():
    """fight.wait: a second card in the same heat is refused."""
    record = three()
    record.append("play:C5", 0)
    error = assert_refused(record, "play:C4", 0, rule="fight.wait")
    assert "already down" in error.reason


def test_a_player_out_of_the_fight_plays_no_more_this_round():
    """fight.out: after the Tomato, a player takes no part in the next heats."""
    record = checked(scenarios.rulebook_round())
    heat2 = next(i for i, step in enumerate(record.steps) if step.action == "play:K4")
    state = record.states[heat2]
    assert state.actor == (0, 2, 3)
    reason = GAME.reason_illegal(state, "play:C1", 1)
    assert reason.rule == "fight.out" and "next round" in reason.message


def test_the_cards_turn_over_together_and_stay_in_front_of_their_players():
    """heat.reveal: after the last commit the rules turn everything over in one step; Number
    cards stay on the table, face up, and count towards each player's total."""
    record = three()
    record.append("play:C5", 0)
    record.append("play:K4", 1)
    record.append("tomato", 2)
    assert GAME.forced_action(record.state) == "reveal" and record.state.actor == (CHANCE,)
    go_on(record)
    number = next(i for i, step in enumerate(record.steps, 1) if step.action == "reveal")
    event = only(record.events[number - 1], "heat.reveal")
    assert GAME.explain(event, NAMES) == ("Heat 1: the cards turn over: Ana the corn 5 (total 5); "
                                          "Ben the carrot 4 (total 4); Cai Tomato 1.")
    seats = GAME.observe(record.states[number], 1)["seats"]
    assert seats[0]["played"] == ["C5"] and seats[0]["total"] == 5 and seats[0]["colour"] == "corn"


def test_a_tomato_takes_its_player_out_and_back_into_the_hand():
    """drop.out: the player is out of this fight; the Tomato, seen by everybody now, goes
    back to the hand."""
    record = three()
    heat(record, {"Ana": "C5", "Ben": "K4", "Cai": "tomato"})
    reveal = next(i for i, step in enumerate(record.steps, 1) if step.action == "reveal")
    event = only(record.events[reveal - 1], "drop.out")
    assert GAME.explain(event, NAMES) == ("Cai played Tomato 1: out of this fight, the Tomato goes "
                                          "back to the hand.")
    state = record.states[reveal]
    assert state.fighting == (True, True, False) and state.tomatoes[2] == 1
    assert GAME.observe(state, 0)["seats"][2]["tomato"] == "tomato-1"


def test_another_heat_while_more_players_fight_than_cards_lie_up():
    """fight.heat: three fighters for two cards: a second heat."""
    record = three()
    heat(record, {"Ana": "C5", "Ben": "K4", "Cai": "M3"})
    event = only(last_events(record), "fight.heat")
    assert GAME.explain(event, NAMES) == ("Heat 2: Ana, Ben and Cai fight on, each in the colour "
                                          "they opened with.")
    assert record.state.heat == 2 and record.state.actor == (0, 1, 2)


def test_the_fight_ends_as_soon_as_no_more_fight_than_cards_lie_up():
    """fight.end (ruling): checked after the drops of every heat; the players left pick."""
    record = three()
    heat(record, {"Ana": "C5", "Ben": "K4", "Cai": "tomato"})
    assert record.state.phase == "drop"
    before = len(record.steps)
    drop(record, "Cai")
    event = only(events_since(record, before), "fight.end")
    assert GAME.explain(event, NAMES) == ("The fight is over: Ana and Ben left, no more than the 2 "
                                          "Triumph cards up.")
    drawn = next(i for i, step in enumerate(record.steps, 1) if i > before
                 and step.action == "draw")
    assert record.states[drawn].phase == "rank" and record.steps[drawn].action == "rank"
    assert "after every heat" in GAME.rulebook["fight.end"].ruling.decision


def test_when_everybody_left_drops_out_at_once_nobody_picks():
    """fight.nobody (ruling): the Triumph cards stay up for the next round."""
    record = checked(scenarios.everybody_drops())
    event = next(e for events in record.events for e in events if e.rule == "fight.nobody")
    assert GAME.explain(event, record.players) == (
        "Everybody still fighting played their Tomato: nobody takes a Triumph card, and the 2 "
        "face up stay for the next round.")
    assert record.state.offer == ("T400", "T500") and record.state.round == 2
    assert not any(record.state.won)


def test_the_rules_own_steps_are_forced_chance_steps():
    """rules.forced (ruling): reveal, draw, rank, swap, clear and score have one
    outcome; a record that leaves them out loads with them put back."""
    record = scenarios.rulebook_round()
    forced = [step for step in record.steps if step.action in ("reveal", "rank", "clear")]
    assert [step.action for step in forced] == ["reveal", "reveal", "rank", "clear"]
    for number, step in enumerate(record.steps):
        if step.action in ("reveal", "rank", "clear"):
            state = record.states[number]
            assert GAME.forced_action(state) == step.action
            assert GAME.chance_probability(state, step.action) == 1.0
            assert GAME.reason_illegal(state, "rank" if step.action != "rank" else "clear",
                                       CHANCE).rule == "rules.forced"
    data = record.to_json()
    data["steps"] = [step for step in data["steps"][:-1] if step["action"] not in ("reveal", "rank")]
    assert load_record(data).states[-1] == record.states[-2]  # the last clear not yet due
    assert rules(record.events[6]) == ["heat.reveal", "drop.out"]


def test_a_pick_cannot_be_made_during_the_fight():
    """fight.commit: a well-formed action of another stage is refused with what is asked now."""
    record = three()
    error = assert_refused(record, "take:T500", 0, rule="fight.commit")
    assert "put a Number card or your Tomato face down" in error.reason
