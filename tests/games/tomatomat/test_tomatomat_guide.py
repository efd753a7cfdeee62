"""Tomatomat's guided first game (``games/tomatomat/guide.py``): the script leads Ana through
one round, other moves are refused with why, the bots' face-down replies and the settlement
carry the script's words, the game then goes on as a normal one, and no text of the script
names a card Ana cannot see."""
from __future__ import annotations

import re

from frame_checks import leaves
from tomato_widgets.core.game import CHANCE
from tomato_widgets.games import tomatomat
from tomato_widgets.widgets import guided

REFUSED = "Not the move for now \u2014 this lesson asks you to "


def test_the_script_is_a_round_of_twelve_placements_then_the_settlement():
    script, seat = tomatomat.guide()
    game = script.game
    assert seat == 0 and script.players[0] == "Ana"
    mine = [step for step in script.steps if step.player == seat]
    assert len(mine) == 12 and all(step.question and step.question.prompt for step in mine)
    assert all(step.question.kind == "choose" for step in mine)
    rules = {event.rule for events in script.events for event in events}
    assert {"machines.draw", "setup.deal", "setup.dummies", "draw.cards", "place.card",
            "batch.complete", "reveal.cards", "police.catch", "police.nothing",
            "thieves.steal", "score.double", "score.win", "score.tie", "round.pass"} <= rules
    assert not game.is_over(script.state)  # a second round follows
    # every comment is for everyone: none names a hidden card (tested below)
    assert all(step.visible_to is None for step in script.steps)
    # each step is taken in the order live play takes it (you first, then the bots in turn)
    for index, step in enumerate(script.steps):
        actors = game.to_act(script.states[index])
        if step.player != CHANCE and seat in actors:
            assert step.player == seat, index


def test_the_guided_game_follows_the_script_then_hands_over_a_normal_game():
    script, seat = tomatomat.guide()
    widget = guided("tomatomat", delay_ms=0)
    game = widget.game
    refused = 0
    while widget.wanted:
        index = len(widget.record.steps)
        step = script.steps[index]
        assert step.player == seat and widget.wanted == [step.action]
        assert widget.prompt == step.question.prompt
        other = [a["id"] for a in widget.legal if a["id"] not in widget.wanted]
        wrong = {item.action: item.comment for item in step.question.wrong}
        if other:
            tried = next((action for action in other if action in wrong), other[0])
            before = [(s.player, s.action) for s in widget.record.steps]
            assert widget.act(tried) is False
            assert widget.notice.startswith(REFUSED)
            if tried in wrong:
                assert widget.notice.endswith(wrong[tried])
            assert [(s.player, s.action) for s in widget.record.steps] == before
            refused += 1
        assert widget.act(step.action), step.action
        assert not widget.notice or "guided part" in widget.notice
        done = widget.record.steps[:len(script.steps)]
        assert [(s.player, s.action, s.comment) for s in done] == [
            (s.player, s.action, s.comment) for s in script.steps[:len(done)]]
    assert refused == len([i for i, s in enumerate(script.steps) if s.player == seat
                          and len(game.legal_actions(script.states[i], seat)) > 1]) == 12
    assert len(widget.record.steps) >= len(script.steps)
    assert "guided part" in widget.notice
    # the bots' and the settlement's comments reached the record, in the script's words
    commented = [i for i, s in enumerate(script.steps) if s.player != seat and s.comment]
    assert len(commented) >= 15
    for i in commented:
        assert widget.record.steps[i].comment == script.steps[i].comment
    prompts = {step.question.prompt for step in script.steps if step.question}
    while not game.is_over(widget.record.state):  # a normal game from here on
        assert not widget.wanted and widget.prompt and widget.prompt not in prompts
        assert widget.act(widget.legal[-1]["id"])
    assert widget.new_game() and not widget.wanted and widget._guide is None
    assert not any(step.comment for step in widget.record.steps)
    widget.close()


def _hidden_by_step(record, seat):
    """For each step k (0: the start), the texts the all-seeing view holds that ``seat`` has
    not been shown so far (neither in its observations nor in events told to it)."""
    game = record.game
    seen: set[str] = set()
    hidden = []
    for index, state in enumerate(record.states):
        seen |= leaves(game.observe(state, seat))
        if index:
            for event in record.events[index - 1]:
                seen |= leaves(event.seen_by(seat).facts)
        hidden.append(leaves(game.observe(state, None)) - seen)
    return hidden


def _named(hidden: set[str], text: str) -> list[str]:
    words = {word for token in hidden for word in tomatomat.words_for(token) if len(word) > 1}
    return sorted(word for word in words
                  if re.search((r"(?<![\w-])" if word[0].isalnum() else "") + re.escape(word)
                               + r"(?![\w-])", text))


def test_no_text_of_the_script_names_a_card_ana_cannot_see():
    script, seat = tomatomat.guide()
    hidden = _hidden_by_step(script, seat)
    assert any(hidden), "nothing was ever hidden: the check proves nothing"
    for index, step in enumerate(script.steps):
        if step.question is not None:  # asked before the step
            texts = [step.question.prompt or ""] + [w.comment or "" for w in step.question.wrong]
            assert _named(hidden[index], " ".join(texts)) == [], index
        # a comment is read with the step taken
        assert _named(hidden[index + 1], step.comment or "") == [], (index, step.comment)
    # the check finds what it looks for: the bots' hands are named by their ids
    assert _named(hidden[2], "Ben holds the blue 2-coin") == ["the blue 2-coin"]
