"""The tutorial's exercises (``karate_tomate.tutorial.exercises``): hand-made games that stop
and ask.

Each question is loaded and checked like any record's, answered rightly and wrongly from the
seat it is asked in, and a wrong answer is met with the rule a newcomer has to learn there.
"""
from __future__ import annotations

import json

import pytest

from tomato_widgets.core import exercises as drills
from tomato_widgets.core.game import CHANCE
from tomato_widgets.core.records import GameRecord, load_record
from tomato_widgets.games.karate_tomate import tutorial
from tomato_widgets.widgets import replay

#: per exercise: (record, seat asked, number in that seat's view, kind, the step's action, a
#: right answer, a wrong one, the rule the wrong one cites, words its feedback holds)
EXERCISES = [
    (0, 0, 1, "legal", "play:M4", ["play:M1", "play:M4", "tomato"],
     ["play:M1", "play:M4", "play:C5"], "fight.colour",
     "Not allowed \u2014 Stay with your colour"),
    (0, 0, 2, "next", "rank", "0", "1", "triumph.order", "the total of the round does"),
    (1, 1, 1, "legal", "tomato", ["tomato"], ["play:A3"], "fight.colour",
     "the aubergine 3 is not broccoli"),
    (1, 1, 2, "choose", "discard-two", "discard-two", "draw-two", None,
     "Both ways leave Ben with two cards more"),
    (2, 0, 1, "choose", "take:T210", "take:T210", "take:T400", None,
     "share the fewest knives with Cai"),
    (2, 0, 2, "next", "score", "0", "2", "end.fewest-knives", "the fewest knives cannot win"),
]
IDS = [f"record{r}-{kind}-{action}" for r, _, _, kind, action, *_ in EXERCISES]


def test_six_questions_of_all_three_kinds_each_record_asked_from_one_seat():
    records = tutorial.exercises()
    asked = [[(step.action, step.player, step.question.kind) for step in record.steps
              if step.question] for record in records]
    assert asked == [[("play:M4", 0, "legal"), ("rank", CHANCE, "next")],
                     [("tomato", 1, "legal"), ("discard-two", 1, "choose")],
                     [("take:T210", 0, "choose"), ("score", CHANCE, "next")]]
    assert [replay(record).perspective for record in records] == [0, 1, 0]


def test_the_questions_survive_saving_and_loading():
    for record in tutorial.exercises():
        again = load_record(json.loads(json.dumps(record.to_json())))
        assert [s.question for s in again.steps] == [s.question for s in record.steps]
        assert all(step.question.prompt and step.question.hint
                   for step in again.steps if step.question)


def test_the_next_questions_are_on_forced_steps():
    for record in tutorial.exercises():
        for index, step in enumerate(record.steps):
            if step.question and step.question.kind == "next":
                assert record.game.forced_action(record.states[index]) == step.action


def test_the_knife_question_is_worth_asking():
    """end.fewest-knives (ruling): the card Ana takes decides the game. With the knife she
    wins; the 4 trophies would leave her tied with Cai for the fewest knives, and Ben wins."""
    record = tutorial.exercises()[2]
    assert "Ana wins with the most trophies (12 trophies)." in record.explain(len(record.steps))
    index = next(i for i, step in enumerate(record.steps) if step.question
                 and step.action == "take:T210")
    other = GameRecord(record.game, record.players, record.options)
    for step in record.steps[:index]:
        other.append(step.action, step.player)
    other.append("take:T400", 0)
    other.append("take:T210", 1)
    game = other.game
    while other.state.phase != "call":
        other.append(game.forced_action(other.state), CHANCE)
    other.append("call-end", 0)
    other.append(game.forced_action(other.state), CHANCE)
    told = " ".join(other.explain(len(other.steps)))
    assert "Ana and Cai cannot win" in told and "Ben wins" in told


@pytest.mark.parametrize("which, seat, number, kind, action, right, wrong, rule, words",
                         EXERCISES, ids=IDS)
def test_answered_rightly(which, seat, number, kind, action, right, wrong, rule, words):
    record = tutorial.exercises()[which]
    widget = replay(record, perspective=seat)
    data = widget.exercises[number - 1]
    assert data["kind"] == kind
    assert record.steps[data["step"]].action == action
    assert widget.answer(number, right).startswith("Right")
    assert list(widget.answers.values()) == [{"done": True, "first": True}]
    widget.close()


@pytest.mark.parametrize("which, seat, number, kind, action, right, wrong, rule, words",
                         EXERCISES, ids=IDS)
def test_answered_wrongly_the_feedback_cites_the_rule(which, seat, number, kind, action, right,
                                                      wrong, rule, words):
    widget = replay(tutorial.exercises()[which], perspective=seat)
    data = widget.exercises[number - 1]
    verdict = drills.check(data, wrong)
    assert not verdict["right"]
    assert verdict["rule"] == rule
    text = widget.answer(number, wrong)
    assert text == verdict["text"] and words in text
    assert list(widget.answers.values()) == [{"done": False, "first": False}]
    assert widget.answer(number, right).startswith("Right")
    widget.close()


def test_the_tomato_and_the_cards_are_answered_on_the_board():
    """fight.tomato (ruling), fight.colour: the Tomato and every card of the hand can be
    clicked, and the cards of the wrong colour are answered with the rule."""
    widget = replay(tutorial.exercises()[1], perspective=1)
    legal = widget.exercises[0]
    assert {click["action"] for click in legal["clicks"].values()} == {
        "tomato", "play:A3", "play:K1", "play:K2", "play:M1"}
    assert {key: verdict["rule"] for key, verdict in legal["verdicts"].items()} == {
        "tomato": None, "play:A3": "fight.colour", "play:K1": "fight.colour",
        "play:K2": "fight.colour", "play:M1": "fight.colour"}
    widget.close()
