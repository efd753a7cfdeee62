"""Records written before the scoring became forced steps still load: the loader puts the
steps back, the game replays to the same states and result, and it is saved in the new form."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from tomato_widgets.core.game import CHANCE
from tomato_widgets.core.play import play_game, random_bots
from tomato_widgets.core.records import load_record
from tomato_widgets.games.tomate import GAME

DATA = Path(__file__).parents[2] / "data"
FORCED = ("penalties", "shares")


def old_form(data: dict) -> dict:
    """A record as it was written before: without the scoring's forced steps."""
    steps = [step for step in data["steps"]
             if not (step["by"] == "chance" and step["action"] in FORCED)]
    return dict(data, steps=steps)


def test_the_stored_old_record_loads_and_is_saved_in_the_new_form(tmp_path):
    """score.order: the stored file (written before the scoring's steps) gets the penalties
    and the shares put back after its last card, its stated result still matches, and saving
    writes the two steps."""
    text = (DATA / "tomate-scripted-v1.json").read_text(encoding="utf-8")
    assert '"penalties"' not in text                       # the file is of the old form
    loaded = load_record(text)
    assert [step.action for step in loaded.steps[-3:]] == ["play:5-cups", "penalties", "shares"]
    assert all(step.player == CHANCE for step in loaded.steps[-2:])
    assert GAME.is_over(loaded.state)
    assert loaded.outcome.scores == (22, 17, 24) and loaded.outcome.winners == (2,)
    saved = json.loads(loaded.save(tmp_path / "new.json").read_text(encoding="utf-8"))
    assert [step["action"] for step in saved["steps"][-2:]] == ["penalties", "shares"]
    again = load_record(tmp_path / "new.json")
    assert again.states == loaded.states and again.events == loaded.events


@pytest.mark.parametrize("players, options", [
    (3, {"rounds": 4}),
    (4, {"rounds": 3, "penalty_into": "next-pot", "ante_from": "dealer"}),
    (2, {"starting_chips": 3, "rounds": 6}),
])
def test_an_old_form_game_replays_to_the_same_states_and_result(players, options):
    """score.order: a whole game written without the forced steps (between rounds and at
    the end) loads into exactly the game written with them, and saves as that."""
    record = play_game(GAME, random_bots(players, 8), seed=8, options=options)
    data = record.to_json()
    old = old_form(data)
    assert len(old["steps"]) < len(data["steps"])          # there were forced steps to drop
    loaded = load_record(json.dumps(old))
    assert loaded.steps == record.steps
    assert loaded.states == record.states
    assert loaded.outcome == record.outcome
    assert loaded.to_json() == data


def test_an_unfinished_old_form_game_gets_the_steps_between_rounds():
    """score.order: without a stated result the loader puts back the scoring of the rounds
    that go on, and leaves a game that stops at its last card where it stopped."""
    record = play_game(GAME, random_bots(3, 2), seed=2, options={"rounds": 3})
    last_card = max(k for k, step in enumerate(record.steps, 1)
                    if step.action.startswith("play:") and k < len(record.steps) - 3)
    record.truncate(last_card)
    data = record.to_json()
    assert "result" not in data
    loaded = load_record(json.dumps(old_form(data)))
    assert loaded.steps == record.steps and loaded.states[-1] == record.states[-1]
