"""Exercises: questions written into a record, checked against the game, asked from a view.

A teacher marks steps as questions ("what may this player do?", "what would you do?",
"what happens next?"); the loader refuses a question the game cannot ask there, and says
where; each view is asked only its own questions, with options and answers that hold
nothing that view may not see; the verdicts are live play's own "why not" sentences."""
from __future__ import annotations

import json
import random

import jsonschema
import pytest

from tomato_widgets.core import exercises as drills
from tomato_widgets.core.errors import RecordError
from tomato_widgets.core.game import CHANCE
from tomato_widgets.core.play import play_game
from tomato_widgets.core.records import SCHEMA_PATH, GameRecord, load_record
from tomato_widgets.core.resample import game_from
from tomato_widgets.games import GAMES, make_bot
from tomato_widgets.games.tomate import scenarios
from tomato_widgets.widgets import replay
from tomato_widgets.widgets.progress import Progress

SCHEMA = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
BEN_FOLLOWS = 6  # must_beat: Ben (seat 1) must beat Ana's 6 of cups with the K, not the 5


def must_beat_with(**questions) -> dict:
    """The must-beat deal as JSON, with questions on the steps named step6=..., step7=..."""
    data = scenarios.must_beat().to_json()
    for key, question in questions.items():
        data["steps"][int(key[4:])]["question"] = question
    return data


def why_not(record, index: int, action: str) -> str:
    """Live play's notice for an illegal move, as a learner reads it."""
    game = record.game
    reason = game.reason_illegal(record.states[index], action, record.steps[index].player)
    return f"Not allowed \u2014 {game.rulebook[reason.rule].title}: {reason.message}"


# ---- the format -----------------------------------------------------------------------------
def test_questions_are_saved_loaded_and_valid_against_the_schema():
    data = must_beat_with(step6={"kind": "choose", "prompt": "Ben's move?", "hint": "Beat it.",
                                 "wrong": [{"action": "play:5-cups", "comment": "Too low."}]},
                          step5={"kind": "legal"})
    jsonschema.validate(data, SCHEMA)
    record = load_record(json.dumps(data))
    assert record.steps[BEN_FOLLOWS].question.wrong[0].comment == "Too low."
    again = record.to_json()
    assert again["steps"][BEN_FOLLOWS]["question"] == data["steps"][BEN_FOLLOWS]["question"]
    assert again["steps"][5]["question"] == {"kind": "legal"}
    assert "question" not in again["steps"][4]


@pytest.mark.parametrize("question, message", [
    ("choose", "'question' must be an object"),
    ({"kind": "quiz"}, "a question's 'kind' is one of legal, choose, next, not 'quiz'"),
    ({"kind": "choose", "answer": "x"}, "unknown field 'answer' in a question"),
    ({"kind": "legal", "accept": [{"action": "play:K-cups"}]}, "only a 'choose' question lists"),
    ({"kind": "choose", "choices": [{"text": "a", "right": True}, {"text": "b"}]},
     "only a 'next' question lists 'choices'"),
    ({"kind": "choose", "prompt": ""}, "a question's prompt must be a non-empty text"),
    ({"kind": "choose", "hint": "x" * 2001}, "a question's hint has at most 2,000 characters"),
    ({"kind": "choose", "accept": [{"action": "play:K-cups"}, {"action": "play:K-cups"}]},
     "'accept' names a move twice"),
    ({"kind": "choose", "accept": [{"move": "play:K-cups"}]}, "'accept' item 1 must be an object"),
    ({"kind": "choose", "accept": [{"action": "play:5-cups"}]},
     "its question cannot be asked here: 'accept' names 'play:5-cups', which is not a legal move"),
    ({"kind": "choose", "wrong": [{"action": "play:K-cups"}]},
     "'wrong' names the move the record makes"),
    ({"kind": "next"}, "a 'next' question asks about a step the rules take by themselves"),
])
def test_a_question_the_game_cannot_ask_is_refused_with_its_step(question, message):
    with pytest.raises(RecordError) as refused:
        load_record(json.dumps(must_beat_with(step6=question)))
    assert f"step {BEN_FOLLOWS + 1}" in str(refused.value)
    assert message in str(refused.value)


def test_a_question_about_a_move_is_not_put_on_chance():
    with pytest.raises(RecordError, match="step 1: its question cannot be asked here: a 'legal' "
                                          "question asks about a player's move; this step is chance's"):
        load_record(json.dumps(must_beat_with(step0={"kind": "legal"})))


def test_next_questions_need_choices_when_the_step_names_nobody_and_at_least_one_right():
    with pytest.raises(RecordError, match="'choices' must mark at least one choice right"):
        load_record(json.dumps(must_beat_with(step6={"kind": "next", "choices": [
            {"text": "a", "right": False}, {"text": "b"}]})))


# ---- the verdicts ---------------------------------------------------------------------------
def test_what_would_you_do_answers_with_the_record_the_accepted_moves_and_the_rules():
    record = load_record(json.dumps(must_beat_with(step6={
        "kind": "choose", "wrong": [{"action": "play:5-cups", "comment": "The 5 is too low."}]})))
    data = drills.exercise(record, BEN_FOLLOWS, 1, 1, ["play:K-cups", "play:5-cups", "play:7-coins"])
    assert data["title"] == "Exercise 1: what would you do as Ben?"
    assert data["right"] == ["play:K-cups"]
    right = drills.check(data, "play:K-cups")
    assert right["right"] and right["text"].startswith("Right: play the K of cups.")
    low = drills.check(data, "play:5-cups")
    assert not low["right"] and low["rule"] == "follow.beat"
    assert low["text"] == f"{why_not(record, BEN_FOLLOWS, 'play:5-cups')}. The 5 is too low."
    trump = drills.check(data, "play:7-coins")
    assert trump["text"].startswith(why_not(record, BEN_FOLLOWS, "play:7-coins"))
    assert drills.check(data, "play:A-coins")["text"] == "That is not a move here."


def test_an_accepted_move_is_right_too_and_a_legal_one_that_is_not_says_so():
    game = GAMES["tomate"]
    record = play_game(game, [make_bot("tomate", "heuristic", s) for s in range(4)], seed=5)
    index = next(i for i, step in enumerate(record.steps) if step.player >= 0 and len(
        game.legal_actions(record.states[i], step.player)) >= 3)
    step = record.steps[index]
    others = [a for a in game.legal_actions(record.states[index], step.player) if a != step.action]
    data = record.to_json()
    data["steps"][index]["question"] = {"kind": "choose", "accept": [
        {"action": others[0], "comment": "Just as good."}], "wrong": [
        {"action": others[1], "comment": "This gives the trick away."}]}
    loaded = load_record(json.dumps(data))
    exercise = drills.exercise(loaded, index, 1, step.player)
    assert drills.check(exercise, others[0]) == {
        "right": True, "rule": None,
        "text": f"Right: {[o['label'] for o in exercise['options'] if o['id'] == others[0]][0]}. "
                "Also right. Just as good."}
    verdict = drills.check(exercise, others[1])
    assert not verdict["right"] and verdict["text"].startswith("Allowed, but not the move")
    assert verdict["text"].endswith("This gives the trick away.")


def test_what_may_this_player_do_wants_every_legal_move_and_nothing_else():
    record = load_record(json.dumps(must_beat_with(step6={"kind": "legal"})))
    data = drills.exercise(record, BEN_FOLLOWS, 1, 1, ["play:K-cups", "play:5-cups", "play:7-coins"])
    assert data["right"] == ["play:K-cups"]
    assert {o["id"] for o in data["options"]} == {"play:K-cups", "play:5-cups", "play:7-coins"}
    assert drills.check(data, ["play:K-cups"]) == {
        "right": True, "text": "Right: all 1 of them.", "rule": None}
    both = drills.check(data, ["play:K-cups", "play:5-cups"])
    assert not both["right"] and why_not(record, BEN_FOLLOWS, "play:5-cups") in both["text"]
    assert both["rule"] == "follow.beat"
    assert drills.check(data, [])["text"] == "Not quite. Also allowed: play the K of cups."


def forced_record():
    """A bot game of Tomatomat and the index of a forced step that names a player (a machine
    given to a player, a score)."""
    game = GAMES["tomatomat"]
    record = play_game(game, [make_bot("tomatomat", "heuristic", s) for s in range(3)], seed=2)
    for index, step in enumerate(record.steps):
        if step.player == CHANCE and game.forced_action(record.states[index]) == step.action \
                and any(event.players for event in record.events[index]):
            return record, index
    raise AssertionError("no forced step names a player")


def test_what_happens_next_asks_who_the_forced_step_names():
    record, index = forced_record()
    data = record.to_json()
    data["steps"][index]["question"] = {"kind": "next"}
    loaded = load_record(json.dumps(data))
    named = next(e for e in loaded.events[index] if e.players).players
    exercise = drills.exercise(loaded, index, 1, 0)
    assert exercise["title"] == "Exercise 1: what happens next?"
    assert [o["label"] for o in exercise["options"]] == loaded.players
    assert exercise["right"] == [str(seat) for seat in sorted(named)]
    assert drills.check(exercise, str(named[0]))["right"]
    wrong = next(str(seat) for seat in range(3) if seat not in named)
    verdict = drills.check(exercise, wrong)
    assert not verdict["right"] and verdict["text"] == f"Not this one: {loaded.players[int(wrong)]}."
    assert exercise["answer"] == " ".join(loaded.explain(index + 1, 0))


def test_what_happens_next_with_the_teachers_choices():
    record, index = forced_record()
    data = record.to_json()
    data["steps"][index]["question"] = {"kind": "next", "prompt": "Who takes it?", "choices": [
        {"text": "the highest trump", "right": True, "comment": "Trumps beat every other suit."},
        {"text": "the highest card of the suit led", "right": False}]}
    exercise = drills.exercise(load_record(json.dumps(data)), index, 1, None)
    assert exercise["prompt"] == "Who takes it?"
    assert drills.check(exercise, "0")["text"].startswith(
        "Right: the highest trump. Trumps beat every other suit.")
    assert drills.check(exercise, "1") == {
        "right": False, "text": "Not this one: the highest card of the suit led.", "rule": exercise[
            "verdicts"]["1"]["rule"]}


# ---- views and hidden information -----------------------------------------------------------
def test_each_view_is_asked_only_its_own_questions():
    record = load_record(json.dumps(must_beat_with(step6={"kind": "choose"}, step7={"kind": "legal"})))
    assert drills.asked_in(record, 1) == [6]
    assert drills.asked_in(record, 2) == [7]
    assert drills.asked_in(record, 0) == []
    assert drills.asked_in(record, None) == [6, 7]


def test_an_exercise_holds_nothing_its_seat_cannot_see():
    """Two games the seat cannot tell apart up to the question (a new past: the others' cards
    dealt afresh) give that seat the very same exercise, options, verdicts and clicks."""
    game = GAMES["tomate"]
    record = play_game(game, [make_bot("tomate", "heuristic", s) for s in range(4)], seed=9)
    rng = random.Random(1)
    checked = 0
    for index, step in enumerate(record.steps):
        if step.player < 0 or len(game.legal_actions(record.states[index], step.player)) < 2:
            continue
        twin = game_from(record, index, step.player, seed=rng.random())
        if twin.state == record.states[index]:
            continue
        for kind in ("legal", "choose"):
            pair = []
            for base in (record, twin):
                copy = GameRecord(game, record.players, record.options)
                for s in base.steps[:index]:
                    copy.append(s.action, s.player)
                copy.append(step.action, step.player, question={"kind": kind})
                pair.append(replay(copy, perspective=step.player).exercises)
            assert pair[0] == pair[1], f"step {index}: the exercise tells the worlds apart"
        checked += 1
        if checked == 4:
            break
    assert checked == 4


# ---- the widget ------------------------------------------------------------------------------
def test_a_replay_with_questions_is_asked_from_the_questions_seat():
    data = must_beat_with(step6={"kind": "choose"}, step7={"kind": "legal"})
    widget = replay(data)
    assert widget.perspective == 1
    assert [value for value, _ in widget.perspectives] == [1, 2], "no all-seeing view"
    assert [e["number"] for e in widget.exercises] == [1]
    assert widget.exercises[0]["clicks"], "the board takes the answer"
    page = widget.state_for_page()
    assert page["exercises"] == widget.exercises and page["answers"] == {}
    widget.perspective = 2
    assert [e["title"] for e in widget.exercises] == ["Exercise 1: what may Cai do?"]
    assert replay(data, perspective=None).perspective == -1, "a view asked for is given"
    for each in (widget,):
        each.close()


def test_answers_are_counted_per_widget_and_per_tutorial():
    progress = Progress()
    first = replay(must_beat_with(step6={"kind": "choose"}), progress=progress)
    second = replay(must_beat_with(step7={"kind": "legal"}), progress=progress)
    assert progress.value == "Exercises: 0 of 2 done, 0 right at the first try."
    assert first.answer(1, "play:5-cups").startswith("Not allowed")
    assert first.answer(1, "play:K-cups").startswith("Right")
    assert first.answers == {str(BEN_FOLLOWS): {"done": True, "first": False}}
    second._handle_message({"type": "answered", "step": 7, "right": True, "shown": False})
    second._handle_message({"type": "answered", "step": 5, "right": True, "shown": False})  # no exercise there
    assert second.answers == {"7": {"done": True, "first": True}}
    assert progress.value == "Exercises: 2 of 2 done, 1 right at the first try."
    first.close()  # a cell run again: the closed replay counts no more
    assert progress.value == "Exercises: 1 of 1 done, 1 right at the first try."
    for widget in (second, progress):
        widget.close()


def test_answers_belong_to_the_question_not_to_its_number_in_a_view():
    """Exercise 1 of Ben's view and exercise 1 of Cai's are different questions: answering
    one does not mark the other done (a question asked in both views would be one)."""
    widget = replay(must_beat_with(step6={"kind": "choose"}, step7={"kind": "legal"}))
    assert widget.answer(1, "play:K-cups").startswith("Right")
    widget.perspective = 2
    assert widget.exercise_counts() == (1, 0, 0)
    widget.close()
