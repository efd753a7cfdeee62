"""Tanemaki's exercises (``tutorial.exercises``): the tutorial's records that stop and ask.

Each record loads and saves with its questions; each question is asked in the view it is
meant for; a right answer is taken, and a wrong one is answered with the rule that forbids
it (a move) or that the step shows (what happens next), and the teacher's comment."""
from __future__ import annotations

import json

import pytest

from tomato_widgets.core import exercises as drills
from tomato_widgets.core.records import load_record
from tomato_widgets.games.tanemaki import tutorial
from tomato_widgets.widgets import Progress, replay

ANA, BEN, CAI = 0, 1, 2


@pytest.fixture(scope="module")
def records():
    return tutorial.exercises()


def asked(record) -> list[tuple]:
    """(step action, its player, the question's kind) of every step that asks."""
    return [(step.action, step.player, step.question.kind)
            for step in record.steps if step.question is not None]


def ask(record, number: int, perspective="default"):
    """The replay of ``record`` and its exercise ``number`` as that view is asked it."""
    widget = replay(record, perspective=perspective)
    return widget, next(data for data in widget.exercises if data["number"] == number)


def test_six_questions_of_all_three_kinds_at_the_steps_meant(records):
    assert [asked(record) for record in records] == [
        [("store", CAI, "legal"), ("discard", -1, "next")],
        [("store", BEN, "choose"), ("harvest:1", BEN, "legal")],
        [("reap:1", -1, "next"), ("score", -1, "next")]]
    for record in records:
        for step in record.steps:
            if step.question is not None:
                assert step.question.prompt and step.question.hint


def test_the_questions_are_saved_and_loaded_with_the_record(records):
    for record in records:
        again = load_record(json.dumps(record.to_json()))
        assert [step.question for step in again.steps] == [step.question for step in record.steps]


def test_each_replay_opens_in_the_seat_it_asks(records):
    seats = [replay(record) for record in records]
    assert [widget.perspective for widget in seats] == [CAI, BEN, -1]
    assert [widget.perspectives for widget in seats[:2]] == [[[CAI, "Cai"]], [[BEN, "Ben"]]]
    assert [len(widget.exercises) for widget in seats] == [2, 2, 2]
    for widget in seats:
        widget.close()


# ---- who may take a handed card -------------------------------------------------------------
def test_cai_may_plant_or_store_the_bean_but_hand_it_on_to_nobody(records):
    widget, data = ask(records[0], 1)
    assert data["title"] == "Exercise 1: what may Cai do?"
    assert data["right"] == ["plant:1", "plant:2", "store"]
    # Ben and Ana are on the board: a click on them would hand the card on, which is refused
    assert data["clicks"]["seat:0"] == {"action": "pass:0"}
    assert data["clicks"]["seat:1"] == {"action": "pass:1"}
    for seat, why in (("0", "you cannot hand it on to the active player"),
                      ("1", "Ben has already held this card")):
        verdict = drills.check(data, ["plant:1", "plant:2", "store", f"pass:{seat}"])
        assert not verdict["right"] and verdict["rule"] == "hold.pass"
        assert f"Not allowed \u2014 Hand it on: {why}" in verdict["text"]
    assert widget.answer(1, ["plant:1", "store"]) == \
        "Not quite. Also allowed: plant the card in field 2."
    assert widget.answer(1, ["plant:1", "plant:2", "store"]) == "Right: all 3 of them."
    assert list(widget.answers.values()) == [{"done": True, "first": False}]
    widget.close()


def test_the_card_left_in_the_hand_is_discarded(records):
    widget, data = ask(records[0], 2)
    assert data["kind"] == "next" and data["title"] == "Exercise 2: what happens next?"
    assert "Potato" not in data["prompt"], "Cai has not seen the card left in Ana's hand"
    labels = [option["label"] for option in data["options"]]
    assert labels[0] == "onto the discard pile, face up" and data["right"] == ["0"]
    kept = drills.check(data, "1")
    assert kept == {"right": False, "rule": "turn.discard", "text":
                    "Not this one: into Ana's hand, for her next turn. Every turn starts from a fresh "
                    "draw; Ana keeps nothing."}
    assert widget.answer(2, "0").startswith("Right: onto the discard pile, face up.")
    assert "The rest goes to the discard pile, face up: a Potato (1 seed)." in widget.answer(2, "0")
    widget.close()


# ---- the storehouse at a table of two ------------------------------------------------------
def test_no_comment_on_show_gives_an_answer_away(records):
    """While an exercise is asked, the step before it is on show with its comment: the
    scenario's comments there (nobody to hand the card on to; the storehouse full, nobody
    left) are replaced."""
    record = records[1]
    shown = [record.steps[index - 1].comment for index, step in enumerate(record.steps)
             if step.question is not None]
    assert shown == [None, "Ana hands Ben a Radish."]


@pytest.mark.parametrize("action, rule, title", [
    ("pass:0", "pass.two-players", "Two players: plant or store"),
    ("plant:1", "plant.variety", "A seed card needs a field that fits"),
    ("plant:2", "plant.variety", "A seed card needs a field that fits"),
])
def test_ben_cannot_hand_on_or_plant_the_cucumber(records, action, rule, title):
    widget, data = ask(records[1], 1)
    assert data["title"] == "Exercise 1: what would you do as Ben?"
    assert action in {click.get("action") for click in data["clicks"].values()}
    verdict = drills.check(data, action)
    assert not verdict["right"] and verdict["rule"] == rule
    assert verdict["text"].startswith(f"Not allowed \u2014 {title}: ")
    comment = next(item.comment for item in records[1].steps[data["step"]].question.wrong
                   if item.action == action)
    assert widget.answer(1, action).endswith(comment)
    assert list(widget.answers.values()) == [{"done": False, "first": False}]
    widget.close()


def test_ben_stores_the_cucumber_rather_than_harvest(records):
    widget, data = ask(records[1], 1)
    assert data["right"] == ["store"] and data["clicks"]["store"] == {"action": "store"}
    early = widget.answer(1, "harvest:1")
    assert early.startswith("Allowed, but not the move to make here: harvest field 1 (Bean): "
                            "0 coins. A single Bean seed earns no coin.")
    assert widget.answer(1, "store") == ("Right: put the card in the storehouse. This is the "
                                         "move the game went on with. He stores the Cucumber "
                                         "instead.")  # the record's own note on the move
    assert list(widget.answers.values()) == [{"done": True, "first": False}]
    widget.close()


@pytest.mark.parametrize("action, rule, title", [
    ("store", "store.full", "The storehouse holds two"),
    ("pass:0", "pass.two-players", "Two players: plant or store"),
    ("plant:1", "plant.variety", "A seed card needs a field that fits"),
])
def test_with_the_storehouse_full_ben_may_only_harvest(records, action, rule, title):
    widget, data = ask(records[1], 2)
    assert data["title"] == "Exercise 2: what may Ben do?"
    assert data["right"] == ["harvest:1", "harvest:2"]
    assert {option["id"] for option in data["options"]} == {
        "harvest:1", "harvest:2", "pass:0", "plant:1", "plant:2", "store"}
    verdict = drills.check(data, ["harvest:1", "harvest:2", action])
    assert not verdict["right"] and verdict["rule"] == rule
    assert f"Not allowed \u2014 {title}: " in verdict["text"]
    assert widget.answer(2, ["harvest:1", "harvest:2"]) == "Right: all 2 of them."
    widget.close()


# ---- the end: what the last harvest earns, who wins a tie ------------------------------------
def test_a_lone_radish_earns_one_coin_at_the_end(records):
    widget, data = ask(records[2], 1)
    assert [option["label"] for option in data["options"]] == [
        "the limit of one coin per card in the field", "the Radish's rate of three seeds a coin",
        "a smaller reward for the final harvest", "the Calabash in field 1 dragging it down"]
    assert data["right"] == ["0"]
    rate = drills.check(data, "1")
    assert not rate["right"] and rate["rule"] == "end.harvest"
    assert rate["text"] == ("Not this one: the Radish's rate of three seeds a coin. Look at the rates "
                            "under the board: a single Radish seed makes a coin, the best rate "
                            "of all.")
    right = widget.answer(1, "0")
    assert right.startswith("Right: the limit of one coin per card in the field.")
    assert "The rate would give 3 coins, but field 2 holds only 1 card: 1 coin." in right
    widget.close()


def test_more_radish_coins_break_the_tie(records):
    for perspective in (None, ANA, BEN):  # a "what happens next?" question is asked in every view
        widget, data = ask(records[2], 2, perspective)
        assert [option["label"] for option in data["options"]] == ["Ana", "Ben"]
        assert data["right"] == ["1"]
        widget.close()
    widget, data = ask(records[2], 2)
    assert drills.check(data, "0") == {"right": False, "text": "Not this one: Ana.",
                                       "rule": "end.tie-break"}
    assert widget.answer(2, "1").endswith("more Radish coins decide (Ana 1, Ben 2): Ben wins.")
    widget.close()


def test_the_tutorials_score_counts_every_exercise(records):
    progress = Progress()
    widgets = [replay(record, progress=progress) for record in records]
    assert progress.value == "Exercises: 0 of 6 done, 0 right at the first try."
    widgets[0].answer(1, ["plant:1", "plant:2", "store"])
    widgets[1].answer(1, "harvest:2")
    widgets[1].answer(2, ["harvest:1", "harvest:2"])
    widgets[2].answer(2, "1")
    assert progress.value == "Exercises: 3 of 6 done, 3 right at the first try."
    for widget in (*widgets, progress):
        widget.close()
