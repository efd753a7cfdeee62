"""Diced Tomatoes' exercises (``tutorial.exercises``): the tutorial's records that stop and ask.

Each record loads and saves with its questions; each is asked as Ana; a right answer is
taken, and a wrong one is answered with the rule that forbids it (a move) or that the step
shows (what happens next), and the teacher's comment. A die is placed with two clicks (the
die, then a token or a power): the board's clicks make the moves the answers name."""
from __future__ import annotations

import json

import pytest

from tomato_widgets.core import exercises as drills
from tomato_widgets.core.records import load_record
from tomato_widgets.games.diced_tomatoes import tutorial
from tomato_widgets.widgets import Progress, replay
from tomato_widgets.widgets.shell import board_reachable

ANA = 0


@pytest.fixture(scope="module")
def records():
    return tutorial.exercises()


def asked(record) -> list[tuple]:
    """(step action, its player, the question's kind) of every step that asks."""
    return [(step.action, step.player, step.question.kind)
            for step in record.steps if step.question is not None]


def ask(record, number: int):
    """The replay of ``record`` (in its default view) and its exercise ``number``."""
    widget = replay(record)
    return widget, next(data for data in widget.exercises if data["number"] == number)


def clicked(data: dict, *items: str) -> str:
    """The move a click on each board item in turn makes (a die, then a token or a power)."""
    parts = [data["clicks"][item] for item in items]
    made = board_reachable(parts)
    assert len(made) == 1, made
    return made.pop()


def comment_on(record, data: dict, action: str) -> str:
    question = record.steps[data["step"]].question
    return next(item.comment for item in question.wrong if item.action == action)


def test_six_questions_of_all_three_kinds_all_asked_as_ana(records):
    assert [asked(record) for record in records] == [
        [("d3:0A", ANA, "legal"), ("harvest:0A", -1, "next")],
        [("d1:0A", ANA, "choose"), ("clear:0A", ANA, "choose")],
        [("harvest:1A", -1, "next"), ("d2:up", ANA, "choose")]]
    for record in records:
        for step in record.steps:
            if step.question is not None:
                assert step.question.prompt and step.question.hint


def test_the_questions_are_saved_and_loaded_with_the_record(records):
    for record in records:
        again = load_record(json.dumps(record.to_json()))
        assert [step.question for step in again.steps] == [step.question for step in record.steps]


def test_each_replay_opens_as_ana_and_asks_everything_there(records):
    for record in records:
        widget = replay(record)
        assert widget.perspective == ANA and widget.perspectives == [[ANA, "Ana"]]
        assert [data["number"] for data in widget.exercises] == [1, 2]
        widget.close()


# ---- sets, runs, lone seeds and empty tokens --------------------------------------------------
def test_the_red_4_goes_on_the_set_of_4s_or_an_empty_token(records):
    widget, data = ask(records[0], 1)
    assert data["title"] == "Exercise 1: what may Ana do?"
    assert data["right"] == ["d3:0A", "d3:0B", "d3:0C"]
    assert clicked(data, "die:hand:d3", "vine:1B") == "d3:1B"
    for token, rule, takes in (("1A", "place.extend", "a lone seed 2, which takes a 1, a 2 or a 3"),
                               ("1B", "place.run", "a run 4 to 6, which takes a 3"),
                               ("1C", "place.extend", "a lone seed 6, which takes a 5 or a 6")):
        verdict = drills.check(data, [*data["right"], f"d3:{token}"])
        assert not verdict["right"] and verdict["rule"] == rule
        assert f"Ben's tomato {token[1]}: it holds {takes}." in verdict["text"]
    no_karma = drills.check(data, [*data["right"], "d3:up"])
    assert no_karma["rule"] == "power.shift" and "costs 2 karma and you have 0" in no_karma["text"]
    assert widget.answer(1, ["d3:0A"]) == (
        "Not quite. Also allowed: put the red 4 (die 3) as the seed of your tomato B. Also "
        "allowed: put the red 4 (die 3) as the seed of your tomato C.")
    assert widget.answer(1, data["right"]) == "Right: all 3 of them."
    widget.close()


def test_completing_your_own_vine_scores_its_seed_and_earns_no_karma(records):
    widget, data = ask(records[0], 2)
    assert data["kind"] == "next" and data["right"] == ["0"]
    karma = drills.check(data, "1")
    assert karma == {"right": False, "rule": "harvest.vine", "text":
                     "Not this one: a tomato worth 4, and 2 karma. Karma is for finishing somebody "
                     "else's vine, never your own."}
    right = widget.answer(2, "0")
    assert right.startswith("Right: a tomato worth 4 on your score track, and no karma.")
    assert right.endswith("its seed, the red 4, goes to slot 1, worth 4; 3 dice go back to the "
                          "bushel.")
    widget.close()


# ---- black dice and a vine worth 0 -------------------------------------------------------------
@pytest.mark.parametrize("token, rule", [("0C", "place.black-seed"), ("1B", "place.black-seed"),
                                         ("1A", "place.set"), ("0B", "place.run")])
def test_the_black_2_is_no_seed_and_fits_only_tomato_a(records, token, rule):
    widget, data = ask(records[1], 1)
    assert data["title"] == "Exercise 1: what would you do as Ana?"
    action = clicked(data, "die:hand:d1", f"vine:{token}")
    verdict = drills.check(data, action)
    assert not verdict["right"] and verdict["rule"] == rule
    assert verdict["text"].startswith("Not allowed \u2014 ")
    if rule == "place.black-seed":
        assert "only red dice are seeds" in verdict["text"]
        assert widget.answer(1, action).endswith(comment_on(records[1], data, action))
    widget.close()


def test_the_black_2_spoils_anas_own_blocked_vine(records):
    widget, data = ask(records[1], 1)
    assert clicked(data, "die:hand:d1", "vine:0A") == "d1:0A" and data["right"] == ["d1:0A"]
    red = widget.answer(1, "d2:0C")
    assert red.startswith("Allowed, but not the move to make here: put the red 6 (die 2) as "
                          "the seed of your tomato C.")
    assert red.endswith("this question is about the black 2.")
    assert widget.answer(1, "d1:0A").startswith("Right: put the black 2 (die 1) on your tomato A.")
    assert list(widget.answers.values()) == [{"done": True, "first": False}]
    widget.close()


def test_a_vine_worth_0_is_cleared(records):
    widget, data = ask(records[1], 2)
    assert data["right"] == ["clear:0A"]
    assert [option["id"] for option in data["options"]] == ["clear:0A", "keep:0A"]
    assert widget.answer(2, "keep:0A").startswith("Allowed, but not the move to make here: keep "
                                                  "your tomato A (worth 0).")
    assert widget.answer(2, "clear:0A").startswith("Right: clear your tomato A (worth 0).")
    widget.close()


# ---- karma: earning it, spending it -------------------------------------------------------------
def test_completing_bens_vine_earns_ana_karma_by_its_worth(records):
    widget, data = ask(records[2], 1)
    assert data["right"] == ["0"]
    for choice in ("1", "2", "3"):
        verdict = drills.check(data, choice)
        assert not verdict["right"] and verdict["rule"] == "karma.earn"
    assert drills.check(data, "2")["text"].endswith(
        "Karma goes by bands: 1 for a tomato worth 1 or 2, 2 for 3 or 4, 3 for 5 or 6.")
    right = widget.answer(1, "0")
    assert right.startswith("Right: a tomato worth 3 for Ben, and 2 karma for Ana.")
    assert right.endswith("Ana completed Ben's vine, worth 3: Ana earns 2 karma.")
    widget.close()


@pytest.mark.parametrize("item, rule, words", [
    ("vine:0A", "place.set", "it holds a set of 5s (3 dice), which takes only another 5"),
    ("power:set5", "power.set", "this power costs 6 karma and you have 5"),
    ("power:over", "power.over", "only a die showing 1 or 6 rolls over"),
])
def test_the_4_cannot_join_the_5s_as_it_is(records, item, rule, words):
    widget, data = ask(records[2], 2)
    action = clicked(data, "die:hand:d2", item)
    verdict = drills.check(data, action)
    assert not verdict["right"] and verdict["rule"] == rule and words in verdict["text"]
    widget.close()


def test_two_clicks_shift_the_4_up_for_2_karma(records):
    widget, data = ask(records[2], 2)
    assert data["title"] == "Exercise 2: what would you do as Ana?"
    assert clicked(data, "die:hand:d2", "power:up") == "d2:up" == data["right"][0]
    assert widget.answer(2, "d2:set5") == (
        "Not allowed \u2014 Set a die to any value (6 karma): this power costs 6 karma and you "
        "have 5. Shifting the die by one does the same job for 2 karma.")
    assert widget.answer(2, "d2:reroll").endswith("it gives a 5 only one time in six.")
    assert widget.answer(2, "d2:up").startswith("Right: turn the red 4 (die 2) up to 5 (2 karma).")
    widget.close()


def test_the_tutorials_score_counts_every_exercise(records):
    progress = Progress()
    widgets = [replay(record, progress=progress) for record in records]
    assert progress.value == "Exercises: 0 of 6 done, 0 right at the first try."
    widgets[0].answer(2, "0")
    widgets[1].answer(1, "d1:0C")
    widgets[2].answer(2, "d2:up")
    assert progress.value == "Exercises: 2 of 6 done, 2 right at the first try."
    for widget in (*widgets, progress):
        widget.close()
