"""The tutorial's exercises (``tomate.tutorial.exercises``): hand-made deals that stop and ask.

Each question is loaded and checked like any record's, answered rightly and wrongly from the
seat it is asked in, and a wrong answer is met with the rule a newcomer has to learn there.
"""
from __future__ import annotations

import json

import pytest

from tomato_widgets.core import exercises as drills
from tomato_widgets.core.records import load_record
from tomato_widgets.games.tomate import tutorial
from tomato_widgets.widgets import replay

#: per exercise: (record, seat asked, number in that seat's view, kind, step (0-based),
#: a right answer, a wrong one, the rule the wrong one cites, words its feedback holds)
EXERCISES = [
    (0, 1, 1, "legal", 6, ["play:7-cups", "play:K-cups"], ["play:K-cups", "play:4-coins"],
     "follow.beat", "you must beat the 6 of cups"),
    (0, 1, 2, "choose", 10, "play:4-coins", "play:K-cups",
     "follow.trump", "an empty suit means a trump has to come out"),
    (1, 2, 1, "choose", 1, "decline", "take", None, "two tricks"),
    (1, 2, 2, "legal", 7, ["play:5-coins", "play:K-coins"], ["play:2-clubs"],
     "follow.overtrump", "you must play a higher trump"),
    (1, 2, 3, "next", 15, "0", "2", "score.third", "Ana's penalty goes into the pot"),
]
IDS = [f"record{r}-{kind}-step{step}" for r, _, _, kind, step, *_ in EXERCISES]


def test_five_questions_of_all_three_kinds_each_asked_from_one_seat():
    records = tutorial.exercises()
    asked = [[(index, step.player, step.question.kind) for index, step in enumerate(record.steps)
              if step.question] for record in records]
    assert asked == [[(6, 1, "legal"), (10, 1, "choose")],
                     [(1, 2, "choose"), (7, 2, "legal"), (15, -1, "next")]]
    assert [replay(record).perspective for record in records] == [1, 2]


def test_the_questions_survive_saving_and_loading():
    for record in tutorial.exercises():
        data = json.loads(json.dumps(record.to_json()))
        again = load_record(data)
        assert [s.question for s in again.steps] == [s.question for s in record.steps]
        assert all(step.question.prompt and step.question.hint
                   for step in again.steps if step.question)


def test_the_shares_question_is_asked_on_the_forced_step_of_a_round_that_is_not_the_last():
    """score.third, not the end of the game, is the rule the question's step is told by."""
    record = tutorial.exercises()[1]
    assert record.steps[15].action == "shares"
    assert record.game.forced_action(record.states[15]) == "shares"
    assert "Ana deals next." in record.explain(16)


@pytest.mark.parametrize("which, seat, number, kind, step, right, wrong, rule, words",
                         EXERCISES, ids=IDS)
def test_answered_rightly(which, seat, number, kind, step, right, wrong, rule, words):
    widget = replay(tutorial.exercises()[which], perspective=seat)
    data = widget.exercises[number - 1]
    assert (data["kind"], data["step"]) == (kind, step)
    text = widget.answer(number, right)
    assert text.startswith("Right")
    assert list(widget.answers.values()) == [{"done": True, "first": True}]
    widget.close()


@pytest.mark.parametrize("which, seat, number, kind, step, right, wrong, rule, words",
                         EXERCISES, ids=IDS)
def test_answered_wrongly_the_feedback_cites_the_rule(which, seat, number, kind, step, right,
                                                      wrong, rule, words):
    widget = replay(tutorial.exercises()[which], perspective=seat)
    data = widget.exercises[number - 1]
    verdict = drills.check(data, wrong)
    assert not verdict["right"]
    assert verdict["rule"] == rule
    text = widget.answer(number, wrong)
    assert text == verdict["text"] and words in text
    if rule is not None and kind != "next":
        title = widget.game.rulebook[rule].title
        assert f"Not allowed \u2014 {title}" in text
    assert list(widget.answers.values()) == [{"done": False, "first": False}]
    assert widget.answer(number, right).startswith("Right")
    assert list(widget.answers.values()) == [{"done": True, "first": False}]
    widget.close()


def test_the_dealer_decides_blind_and_the_board_offers_the_cards_of_a_trick():
    """deal.take (ruling): at the take-or-leave question Cai's own hand is still hidden from
    him, so nothing on the board can be clicked; at the trick questions the hand is."""
    cai = replay(tutorial.exercises()[1], perspective=2)
    take, overtrump, _ = cai.exercises
    assert take["clicks"] == {}
    assert {option["id"] for option in take["options"]} == {"take", "decline"}
    assert {click["action"] for click in overtrump["clicks"].values()} == {
        "play:5-coins", "play:K-coins", "play:2-clubs"}
    cai.close()


def test_every_seat_is_asked_the_shares_question_and_the_players_only_their_own():
    record = tutorial.exercises()[1]
    assert drills.asked_in(record, 0) == drills.asked_in(record, 1) == [15]
    assert drills.asked_in(record, 2) == [1, 7, 15]
    assert [value for value, _ in replay(record).perspectives] == [2]
