"""Diced Tomatoes' guided first game (``games/diced_tomatoes/guide.py``): the script leads
Ana through two turns (a seed, a set, a second seed, ending the turn; then a karma power, a
harvest of her own tomato and a black die on Ben's run), other moves are refused with why,
Ben's replies carry the script's words, and the game then goes on as a normal one. Nothing
is hidden in this game, so no text of the script can name a hidden die: the test checks
that the game says so."""
from __future__ import annotations

import re

from frame_checks import leaves
from tomato_widgets.core.game import CHANCE
from tomato_widgets.games import diced_tomatoes
from tomato_widgets.widgets import guided

REFUSED = "Not the move for now \u2014 this lesson asks you to "


def test_the_script_teaches_seeds_sets_runs_karma_a_harvest_and_a_black_die():
    script, seat = diced_tomatoes.guide()
    game = script.game
    assert seat == 0 and script.players[0] == "Ana"
    mine = [step for step in script.steps if step.player == seat]
    assert [step.action for step in mine] == [
        "d1:0A", "d2:0A", "d3:0B", "end", "d1:0A", "d3:down", "d3:0A", "d2:1A"]
    assert all(step.question and step.question.kind == "choose" and step.question.prompt
               for step in mine)
    rules = {event.rule for events in script.events for event in events}
    assert {"setup.first", "turn.roll", "place.seed", "place.set", "place.run", "place.black",
            "power.shift", "harvest.vine", "turn.end", "turn.next"} <= rules
    state = script.state
    assert not game.is_over(state) and game.to_act(state) == (CHANCE,)  # your roll comes next
    assert state.track[seat] == ((4, 4),) and state.karma == (1, 3)
    assert all(step.visible_to is None for step in script.steps)
    for index, step in enumerate(script.steps):
        assert game.to_act(script.states[index]) == (step.player,), index


def test_the_guided_game_follows_the_script_then_hands_over_a_normal_game():
    script, seat = diced_tomatoes.guide()
    widget = guided("diced_tomatoes", delay_ms=0)
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
    assert len(commented) >= 10
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
    words = {word for token in hidden for word in diced_tomatoes.words_for(token)
             if len(word) > 1}
    return sorted(word for word in words
                  if re.search((r"(?<![\w-])" if word[0].isalnum() else "") + re.escape(word)
                               + r"(?![\w-])", text))


def test_no_text_of_the_script_names_a_die_ana_cannot_see():
    """Diced Tomatoes hides nothing (every die is on the table or counted in the bushel):
    Ana's view of every step holds all there is, so no text of the script can give
    anything away; checked the way the games with hidden cards are."""
    script, seat = diced_tomatoes.guide()
    assert script.game.hidden_information is False
    hidden = _hidden_by_step(script, seat)
    assert not any(hidden)
    for index, step in enumerate(script.steps):
        texts = [step.comment or ""]
        if step.question is not None:
            texts += [step.question.prompt or ""] + [w.comment or "" for w in step.question.wrong]
        assert _named(hidden[index] | hidden[index + 1], " ".join(texts)) == [], index
