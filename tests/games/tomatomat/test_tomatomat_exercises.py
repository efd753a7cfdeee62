"""The tutorial's exercises (``tomatomat.tutorial.exercises``): hand-made games that stop and
ask.

Each question is loaded and checked like any record's, answered rightly and wrongly from a
seat it is asked in, and a wrong answer is met with the rule a newcomer has to learn there.
"""
from __future__ import annotations

import json

import pytest

from tomato_widgets.core import exercises as drills
from tomato_widgets.core.game import CHANCE
from tomato_widgets.core.records import load_record
from tomato_widgets.games.tomatomat import tutorial
from tomato_widgets.widgets import replay

#: per exercise: (record, seat asked, number in that seat's view, kind, the step's action, a
#: right answer, a wrong one, the rule the wrong one cites, words its feedback holds)
EXERCISES = [
    (0, 0, 1, "choose", "place:R2:I", "place:R2:I", "place:R2:III", None,
     "a red coin there counts twice"),
    (0, 0, 2, "legal", "place:Y1:I", ["place:Y1:I", "place:Y1:II", "place:Y1:III", "place:Y1:IV"],
     ["place:Y1:II", "place:Y1:III", "place:Y1:IV"], None,
     "Also allowed: put the yellow 1-coin face down at machine I."),
    (0, 0, 3, "next", "score:I", "0", "1", "score.double", "Not this one: Ben."),
    (0, 0, 4, "next", "score:IV", "0", "1", "score.tie", "only the totals do"),
    (1, 2, 1, "next", "police:II", "0", "2", "police.catch", "police first"),
    (1, 2, 2, "next", "thieves:II", "0", "1", "thieves.steal",
     "A thief steals from its own player as well."),
]
IDS = [f"record{r}-{kind}-{action}" for r, _, _, kind, action, *_ in EXERCISES]


def test_six_questions_of_all_three_kinds():
    records = tutorial.exercises()
    asked = [[(step.action, step.player, step.question.kind) for step in record.steps
              if step.question] for record in records]
    assert asked == [[("place:R2:I", 0, "choose"), ("place:Y1:I", 0, "legal"),
                      ("score:I", CHANCE, "next"), ("score:IV", CHANCE, "next")],
                     [("police:II", CHANCE, "next"), ("thieves:II", CHANCE, "next")]]


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


def test_who_gets_the_machine_is_asked_among_the_players_and_the_tie_is_no_ones():
    """score.win, score.tie (ruling): with no choices written, the players are offered and
    the winner is right; the tie at IV, with no coin doubled, is told by score.tie alone."""
    record = tutorial.exercises()[0]
    ana = replay(record, perspective=0)
    win, tie = ana.exercises[2], ana.exercises[3]
    assert [option["label"] for option in win["options"]] == ["Ana", "Ben"]
    assert win["right"] == ["0"]
    assert [event.rule for event in record.events[tie["step"]]] == ["score.tie"]
    assert "machine stays on display" in tie["answer"]
    ana.close()


def test_a_replay_of_questions_on_the_rules_steps_only_offers_every_view():
    record = tutorial.exercises()[1]
    widget = replay(record)
    assert widget.perspective == -1
    assert [value for value, _ in widget.perspectives] == [-1, 0, 1, 2]
    for seat in (None, 0, 1, 2):
        assert drills.asked_in(record, seat) == [41, 42]
    widget.close()


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


def test_the_coin_is_placed_on_the_board_by_picking_the_card_then_the_machine():
    """place.card: the choose question is answered with live play's clicks, a card of the
    hand, then a machine."""
    widget = replay(tutorial.exercises()[0], perspective=0)
    clicks = list(widget.exercises[0]["clicks"].values())
    assert {"pick": "place:R2"} in clicks
    assert {click.get("drop") for click in clicks} >= {"I", "II", "III", "IV"}
    widget.close()
