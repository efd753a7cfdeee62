"""Karate Tomate's guided first game (``games/karate_tomate/guide.py``): the script leads Ana
through a first round (three heats in one colour, the first pick) and into the second
(dropping out with her Tomato, discarding two and drawing four); other moves are refused
with why, the bots' replies carry the script's words, the game then goes on as a normal
one, and no text of the script names a card Ana cannot see."""
from __future__ import annotations

import re

from frame_checks import leaves
from tomato_widgets.core.game import CHANCE
from tomato_widgets.games import karate_tomate
from tomato_widgets.games.karate_tomate.bots import KarateBot
from tomato_widgets.widgets import guided

REFUSED = "Not the move for now \u2014 this lesson asks you to "


def test_the_script_teaches_heats_the_colour_the_pick_and_dropping_out():
    script, seat = karate_tomate.guide()
    game = script.game
    assert seat == 0 and script.players[0] == "Ana"
    mine = [step for step in script.steps if step.player == seat]
    assert [step.action for step in mine] == [
        "play:K5", "play:K4", "play:K2", "take:T500", "tomato", "discard-two", "discard:C1",
        "discard:M3"]
    assert all(step.question and step.question.kind == "choose" and step.question.prompt
               for step in mine)
    rules = {event.rule for events in script.events for event in events}
    assert {"setup.deal", "setup.hand", "warmup.turnup", "fight.commit", "heat.reveal",
            "fight.heat", "drop.out", "drop.discard-two", "drop.discard",
            "draw.cards", "fight.end", "triumph.order", "triumph.pick", "triumph.symbols",
            "round.clear"} <= rules
    assert not game.is_over(script.state)  # the second round's fight goes on
    # Ana's colour is locked after her first card: the heats after it offer carrots only
    assert set(game.legal_actions(script.states[script.steps.index(mine[1])], seat)) == {
        "play:K4", "play:K2", "tomato"}
    assert all(step.visible_to is None for step in script.steps)
    # each step is taken in the order live play takes it (you first, then the bots in turn)
    for index, step in enumerate(script.steps):
        actors = game.to_act(script.states[index])
        if step.player != CHANCE and seat in actors:
            assert step.player == seat, index
        elif step.player != CHANCE:
            assert step.player == actors[0], index


def test_the_bots_choices_outside_the_fight_are_the_scripts():
    """Live play makes a scripted bot move only if ``Game.allows`` says it may, and Karate
    Tomate's ``allows`` answers for the heats alone: a drop, a discard or a pick of a bot is
    the heuristic bot's own choice, so the script writes exactly that choice."""
    script, seat = karate_tomate.guide()
    game = script.game
    outside = 0
    for index, step in enumerate(script.steps):
        state = script.states[index]
        if step.player in (seat, CHANCE) or state.phase == "fight":
            continue
        bot = KarateBot(step.player)
        legal = game.legal_actions(state, step.player)
        assert bot.choose(game, game.observe(state, step.player), legal) == step.action, index
        assert step.comment is None, index  # the next step of the rules says why
        outside += 1
    assert outside == 7  # Dee's and Cai's refills (3 steps each) and Ben's pick


def test_the_guided_game_follows_the_script_then_hands_over_a_normal_game():
    script, seat = karate_tomate.guide()
    widget = guided("karate_tomate", delay_ms=0)
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
                          and len(game.legal_actions(script.states[i], seat)) > 1])
    assert len(widget.record.steps) >= len(script.steps)
    assert "guided part" in widget.notice
    # the bots' and the rules' comments reached the record, in the script's words
    commented = [i for i, s in enumerate(script.steps) if s.player != seat and s.comment]
    assert len(commented) >= 12
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
    words = {word for token in hidden for word in karate_tomate.words_for(token) if len(word) > 1}
    return sorted(word for word in words
                  if re.search((r"(?<![\w-])" if word[0].isalnum() else "") + re.escape(word)
                               + r"(?![\w-])", text))


def test_no_text_of_the_script_names_a_card_ana_cannot_see():
    script, seat = karate_tomate.guide()
    hidden = _hidden_by_step(script, seat)
    assert any(hidden), "nothing was ever hidden: the check proves nothing"
    for index, step in enumerate(script.steps):
        if step.question is not None:  # asked before the step
            texts = [step.question.prompt or ""] + [w.comment or "" for w in step.question.wrong]
            assert _named(hidden[index], " ".join(texts)) == [], index
        # a comment is read with the step taken
        assert _named(hidden[index + 1], step.comment or "") == [], (index, step.comment)
    # the check finds what it looks for: the bots' hands are named by their ids
    assert _named(hidden[2], "Ben holds the corn 3 and Tomato 5") == [
        "Tomato 5", "the corn 3"]
