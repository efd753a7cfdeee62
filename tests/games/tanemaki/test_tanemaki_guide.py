"""Tanemaki's guided first game (``games/tanemaki/guide.py``): the script leads Ana through
three turns (planting, the harvest window, the storehouse, a card handed on to her, a
harvest, then her own turn handing cards out and planting last); other moves are refused
with why, the bots' replies carry the script's words, the game then goes on as a normal
one, and no text of the script names a card Ana cannot see."""
from __future__ import annotations

import re

from frame_checks import leaves
from tomato_widgets.games import tanemaki
from tomato_widgets.widgets import guided

REFUSED = "Not the move for now \u2014 this lesson asks you to "


def test_the_script_teaches_planting_storing_handing_out_and_harvesting():
    script, seat = tanemaki.guide()
    game = script.game
    assert seat == 0 and script.players[0] == "Ana"
    mine = [step for step in script.steps if step.player == seat]
    assert [step.action for step in mine] == [
        "plant:1", "keep", "store", "plant:1", "harvest:1", "give:P1:1", "give:B1:2",
        "give:M:1", "plant:hand:R2:1", "keep"]
    assert all(step.question and step.question.kind == "choose" and step.question.prompt
               for step in mine)
    rules = {event.rule for events in script.events for event in events}
    assert {"setup.first", "turn.draw", "give.card", "hold.plant", "hold.store", "hold.pass",
            "field.variety", "cards.manure", "active.plant", "turn.discard", "harvest.window",
            "window.keep", "harvest.any-time", "harvest.coins"} <= rules
    assert not game.is_over(script.state)
    assert len(script.state.coins[seat]) == 2  # the Cucumber harvest's two coins
    assert all(step.visible_to is None for step in script.steps)
    # each step is the one decision due then (Tanemaki has one decider at a time)
    for index, step in enumerate(script.steps):
        assert game.to_act(script.states[index]) == (step.player,), index


def test_the_guided_game_follows_the_script_then_hands_over_a_normal_game():
    script, seat = tanemaki.guide()
    widget = guided("tanemaki", delay_ms=0)
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
    assert len(commented) >= 20
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
    words = {word for token in hidden for word in tanemaki.words_for(token) if len(word) > 1}
    return sorted(word for word in words
                  if re.search((r"(?<![\w-])" if word[0].isalnum() else "") + re.escape(word)
                               + r"(?![\w-])", text))


def test_no_text_of_the_script_names_a_card_ana_cannot_see():
    script, seat = tanemaki.guide()
    hidden = _hidden_by_step(script, seat)
    assert any(hidden), "nothing was ever hidden: the check proves nothing"
    for index, step in enumerate(script.steps):
        if step.question is not None:  # asked before the step
            texts = [step.question.prompt or ""] + [w.comment or "" for w in step.question.wrong]
            assert _named(hidden[index], " ".join(texts)) == [], index
        # a comment is read with the step taken
        assert _named(hidden[index + 1], step.comment or "") == [], (index, step.comment)
    # the check finds what it looks for: the bots' hands are named by their ids
    assert _named(hidden[2], "Ben holds a Calabash (1 seed)") == ["Calabash (1 seed)"]
