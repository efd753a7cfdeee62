"""The guided first game (``widgets.guide``), for every game that has one: the script leads,
other moves are answered with why, the bots' replies carry the script's words, and the game
goes on as a normal one afterwards."""
from __future__ import annotations

import pytest

from tomato_widgets.core.game import CHANCE
from tomato_widgets.core.registry import plugins
from tomato_widgets.core.records import GameRecord
from tomato_widgets.widgets import GameWidget, guided
from tomato_widgets.widgets.guide import Guide

GUIDED = [name for name, package in plugins().items() if package.guide is not None]


def test_every_game_has_a_guided_first_game():
    assert GUIDED == list(plugins())


@pytest.mark.parametrize("name", GUIDED)
def test_the_guided_game_leads_then_hands_over_a_normal_game(name):
    script, seat = plugins()[name].guide()
    widget = guided(name, delay_ms=0)
    game = widget.game
    refused = 0
    while widget.wanted:
        index = len(widget.record.steps)
        step = script.steps[index]
        assert step.player == seat and widget.wanted[0] == step.action
        if step.question is not None:
            assert widget.prompt == step.question.prompt
            other = [a["id"] for a in widget.legal if a["id"] not in widget.wanted]
            if other:
                before = list(widget.record.steps)
                assert widget.act(other[0]) is False
                assert widget.notice.startswith("Not the move for now")
                assert widget.record.steps == before
                refused += 1
        assert widget.act(step.action), step.action
        # everything so far is the script's, with its words
        for done, (mine, scripted) in enumerate(zip(widget.record.steps, script.steps)):
            if done < len(widget.record.steps):
                assert (mine.player, mine.action, mine.comment) == (
                    scripted.player, scripted.action, scripted.comment)
    assert refused, "no other move was tried: the test proves nothing"
    assert len(widget.record.steps) >= len(script.steps)
    assert "guided part" in widget.notice
    while not game.is_over(widget.record.state):  # a normal game from here on
        assert widget.act(widget.legal[0]["id"])
        assert not widget.wanted
    assert widget.new_game() and not widget.wanted and widget._guide is None
    widget.close()


@pytest.mark.parametrize("name", GUIDED)
def test_leaving_the_script_ends_it_and_a_takeback_returns_to_it(name):
    """A learner's step that asks nothing accepts any legal move: another one leaves the
    script (the bots play on by themselves), and taking it back returns to the script."""
    script, seat = plugins()[name].guide()
    game = script.game
    free = next(i for i, s in enumerate(script.steps)
                if s.player == seat and len(game.legal_actions(script.states[i], seat)) > 1)
    loose = GameRecord(game, script.players, script.options)
    for index, step in enumerate(script.steps):  # the same script, that step asking nothing
        loose.append(step.action, step.player, step.comment, step.tags, step.visible_to,
                     None if index == free else step.question)
    widget = GameWidget.live(game, len(script.players), human=seat, names=script.players,
                             options=script.options, delay_ms=0, guide=Guide(loose, seat))
    while len(widget.record.steps) < free:
        assert widget.act(widget.wanted[0])
    assert not widget.wanted_only
    other = next(a["id"] for a in widget.legal if a["id"] != script.steps[free].action)
    assert widget.act(other) and "guided part ends here" in widget.notice
    assert not widget.wanted
    assert widget.undo() and widget.wanted == [script.steps[free].action]
    widget.close()


def test_a_guided_game_names_no_card_the_learner_cannot_see():
    """The script's words reach the learner with each step: none may name a card hidden from
    them at that step (the bots' hands)."""
    from tomato_widgets.games.tomate.cards import CARD_BY_ID, card_name

    script, seat = plugins()["tomate"].guide()
    game = script.game
    def visible(state) -> set:
        seen = game.observe(state, seat)
        return ({card for hand in seen["hands"] for card in hand if card} | set(seen["played"])
                | {card for _, card in seen["trick"]} | {seen["trump"]})

    for index, step in enumerate(script.steps):
        said = [(step.comment or "", script.states[index + 1])]  # told with the step
        if step.question is not None:  # asked before it
            said += [(text or "", script.states[index]) for text in
                     [step.question.prompt, *(w.comment for w in step.question.wrong)]]
        for text, state in said:
            shown = visible(state)
            for card_id in CARD_BY_ID:
                if card_id not in shown:
                    assert card_name(CARD_BY_ID[card_id]) not in text, (index, card_id, text)
