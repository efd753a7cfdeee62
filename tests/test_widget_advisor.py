"""The widget's advisor and review, from Python: what they rate, for whom, and what they
refuse to show (another seat's moves would tell its cards)."""
from __future__ import annotations

import asyncio
import threading

import pytest

from tomato_widgets.core.errors import InvalidInputError
from tomato_widgets.core.game import CHANCE
from tomato_widgets.widgets import play, replay

from bot_games import recorded


def decision_of(record, seat: int) -> int:
    game = record.game
    for step in range(len(record.steps)):
        state = record.states[step]
        if seat in game.to_act(state) and len(game.legal_actions(state, seat)) > 1:
            return step
    raise AssertionError("the seat never decides")


def test_a_replay_rates_the_moves_of_the_seat_viewed_and_marks_the_move_played():
    record = recorded("tomate")
    step = decision_of(record, 2)
    widget = replay(record, perspective=2, step=step)
    lines = widget.advise(0.2)
    advice = widget.advice
    legal = record.game.legal_actions(record.states[step], 2)
    assert sorted(row["action"] for row in advice["rows"]) == sorted(legal)
    assert [row["action"] for row in advice["rows"] if row["played"]] == [record.steps[step].action]
    assert advice["summary"].startswith("played: ") and "best: " in advice["summary"]
    assert lines[0].startswith(f"{record.players[2]}: ") and len(lines) == 1 + len(legal)
    assert advice["score_name"] == "chips"


def test_the_advisor_says_nothing_of_another_seats_moves():
    """Viewed as seat 0, a decision of seat 2 is not rated: its moves would show its hand."""
    record = recorded("tomate")
    step = decision_of(record, 2)
    assert 0 not in record.game.to_act(record.states[step])
    widget = replay(record, perspective=0, step=step)
    assert widget.advise(0.1) == [widget.advice["note"]]
    assert "rows" not in widget.advice
    assert "decides here" in widget.advice["note"]


def test_the_advisor_waits_for_an_unanswered_exercise():
    from tomato_widgets.games.tomate import tutorial
    record = tutorial.exercises()[0]
    widget = replay(record)
    first = widget.exercises[0]
    widget.step = first["step"]
    assert widget.advise(0.1) == ["Answer the exercise first; then the advisor rates the moves."]


def test_chance_and_the_end_have_nothing_to_rate():
    record = recorded("tanemaki")
    chance = next(k for k, s in enumerate(record.steps) if s.player == CHANCE)
    widget = replay(record, perspective=None, step=chance)
    assert "Chance acts" in widget.advise(0.1)[0]
    widget.step = len(record.steps)
    assert "The game is over" in widget.advise(0.1)[0]


def test_live_play_rates_your_decision_only_and_never_in_a_fair_game():
    game = play("tomate", 3, seed=4, delay_ms=0)
    lines = game.advise(0.2)
    assert lines[0].startswith("Player 1: ")
    assert {row["action"] for row in game.advice["rows"]} == {item["id"] for item in game.legal}
    assert not any(row["played"] for row in game.advice["rows"])
    game.act(game.advice["rows"][0]["action"])
    assert game.advice.get("rows") in (None, []) or game.advice["seat"] == 0
    fair = play("tomate", 3, seed=4, delay_ms=0, takebacks=False)
    assert not fair.advisor_offered
    assert fair.advise(0.1) == ["The advisor is off in a fair game (takebacks=False)."]
    fair.set_state({"advisor_on": True})  # a page cannot switch it on either
    assert not fair.advisor_on


def test_a_step_away_stops_the_search_and_the_switch_clears_the_advice():
    record = recorded("tomate")
    step = decision_of(record, 1)
    widget = replay(record, perspective=1, step=step)
    widget.advise(0.1)
    searched = widget._advisor.search
    widget.step = step + 1
    assert widget._advisor.search is not searched
    widget.advisor_on = False
    assert widget.advice == {} and widget._advisor.search is None


def test_the_review_lists_costly_decisions_of_a_seat_it_may_show():
    record = recorded("tomate")
    widget = replay(record, perspective=1, perspectives=[1], step=len(record.steps))
    data = widget.review(playouts=3)
    assert data["name"] == record.players[1] and not data["running"]
    assert data["done"] == data["total"] > 0
    assert record.players[1] in data["decided"]
    for item in data["mistakes"]:
        assert record.steps[item["step"]].player == 1
        assert item["loss"] > 0
    with pytest.raises(InvalidInputError, match="may not show"):
        widget.review(0)


def test_a_standalone_page_offers_no_advisor_and_no_review():
    record = recorded("tomate")
    page = replay(record, perspective=1).state_for_page()
    assert page["advisor_offered"] is False and page["reviewable"] is False
    assert page["advice"] == {} and page["review_data"] == {}


def test_the_advisor_goes_on_refining_after_a_restart_for_the_decision_it_rates(monkeypatch):
    """With the kernel's event loop running, the advisor refines the decision shown until it
    is rated well enough. Asking ``advise()`` from code while the panel is shown, or the page
    reporting an exercise answered at another step, restarts it for the same decision: the
    refining must go on (it used to stop for good)."""
    from tomato_widgets.games.tomate import tutorial
    from tomato_widgets.widgets import advisor
    monkeypatch.setattr(advisor, "SETTLE_S", 0.01)
    record = tutorial.exercises()[0]

    async def refining(widget) -> bool:
        before = widget._advisor.search.playouts
        for _ in range(100):  # up to 2 s of the event loop
            await asyncio.sleep(0.02)
            if widget._advisor.search.playouts > before:
                return True
        return False

    async def scenario():
        widget = replay(record, step=3)
        exercise = widget.exercises[0]["step"]
        assert exercise != 3 and 1 in record.game.to_act(record.states[3])
        widget.advisor_on = True
        assert await refining(widget)
        searched = widget._advisor.search
        assert widget.advise(0.01)[0].startswith(f"{record.players[1]}: ")
        assert await refining(widget), "advise() from code ended the refining"
        widget._on_message(widget, {"type": "answered", "step": exercise, "right": True,
                                    "shown": False}, [])
        assert widget.answers[str(exercise)]["done"]
        assert await refining(widget), "an answer at another step ended the refining"
        assert widget._advisor.search is searched  # the same search went on
        widget.advisor_on = False

    in_own_loop(scenario)


def in_own_loop(scenario) -> None:
    """Run ``scenario()`` as a kernel would, on an event loop of its own: in a thread, since
    a test process whose browser tests started playwright has a loop running in this one."""
    failed = []

    def run():
        try:
            asyncio.run(scenario())
        except BaseException as error:  # handed back to the test's thread
            failed.append(error)

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    if failed:
        raise failed[0]
