"""Hidden information never reaches the browser, for every game: the synced state of a
replay from each seat, the page it exports, and every message a live game sends after each
move hold nothing the seat has not seen. What a seat has not seen is found from the game
itself: the values of the all-seeing observations that never appear in the seat's own
observations nor in the events as told to it; each is looked for as the game writes it
(``words_for``: its id and its names)."""
from __future__ import annotations

import json
import random
import re

import pytest

from frame_checks import decoded, leaves
from tomato_widgets.core.game import CHANCE
from tomato_widgets.core.play import play_game, random_bots
from tomato_widgets.core.registry import plugin
from tomato_widgets.games import GAMES
from tomato_widgets.widgets import play, replay
from tomato_widgets.widgets.shell import ALL_SEEING


def unseen_by_step(record, seat: int) -> list[set[str]]:
    """For each step k (0: the start), the texts the all-seeing observation holds then that
    ``seat`` has not been shown so far: in no observation of its own up to then, and in no
    event as told to it (a cut shows cards no observation keeps)."""
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


def shown_by_step(widget) -> list[str]:
    """What the widget's browser holds of each step k, as text: the scene, the step's texts
    (k > 0) and what each player knows then."""
    scenes = decoded(widget.frames)
    knows = dict(widget.knows_start)
    shown = [json.dumps([scenes[0], knows], ensure_ascii=False)]
    for number, info in enumerate(widget.steps, start=1):
        knows.update(info.get("knows", {}))
        shown.append(json.dumps([scenes[number], info, knows], ensure_ascii=False))
    return shown


def pattern_for(game_name: str, tokens: set[str]):
    words = {word for token in tokens for word in plugin(game_name).words_for(token)
             if len(word) > 1}
    if not words:
        return None
    # whole words: an id or a name is not found inside a longer one ("'s red thief" begins
    # with an apostrophe, so it may follow a name's last letter)
    return re.compile("|".join((r"(?<![\w-])" if word[0].isalnum() else "") + re.escape(word)
                               + r"(?![\w-])" for word in sorted(words, key=len, reverse=True)))


def leaks(game_name: str, tokens: set[str], text: str) -> list[str]:
    # only the tokens whose words occur in the text at all go into the (slow) whole-word
    # pattern: the same finds, in a fraction of the time over a long game's data
    present = {token for token in tokens
               if any(word in text for word in plugin(game_name).words_for(token))}
    pattern = pattern_for(game_name, present)
    return sorted(set(pattern.findall(text))) if pattern else []


def check_steps(name: str, widget, hidden: list[set[str]]) -> int:
    """No step's data names a thing hidden from the seat at that step; how many steps had
    something hidden."""
    shown = shown_by_step(widget)
    assert len(shown) == len(hidden)
    for number, (text, secret) in enumerate(zip(shown, hidden)):
        assert leaks(name, secret, text) == [], f"step {number}"
    return sum(bool(secret) for secret in hidden)


def finished(name: str, seed: int):
    game = GAMES[name]
    players = min(3, game.max_players)
    options = {"rounds": 2} if any(o.name == "rounds" for o in game.options) else {}
    return play_game(game, random_bots(players, seed), seed=seed, options=options)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_no_step_of_a_replay_names_what_the_seat_has_not_seen(name, tmp_path):
    record = finished(name, 7)
    if not record.game.hidden_information:  # every seat sees the whole table at every step
        assert not any(any(unseen_by_step(record, seat)) for seat in range(len(record.players)))
        return
    secrets = 0
    for seat in range(len(record.players)):
        widget = replay(record, perspective=seat, perspectives=[seat])
        secrets += check_steps(name, widget, unseen_by_step(record, seat))
    assert secrets, "nothing was ever hidden: the check proves nothing"
    # the check finds what it looks for: the all-seeing replay names hidden things
    everything = replay(record)
    hidden = unseen_by_step(record, 0)
    assert any(leaks(name, secret, text) for secret, text in zip(hidden, shown_by_step(everything)))


@pytest.mark.parametrize("name", sorted(GAMES))
def test_an_exported_page_names_nothing_the_seat_never_saw(name, tmp_path):
    record = finished(name, 8)
    for seat in range(len(record.players)):
        never = unseen_by_step(record, seat)[-1]  # hidden to the very end
        page = replay(record, perspective=seat).save_html(tmp_path / f"seat{seat}.html")
        assert leaks(name, never, page.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize("name", sorted(GAMES))
def test_live_play_sends_nothing_the_human_has_not_seen(name):
    game = GAMES[name]
    players = min(3, game.max_players)
    options = {"rounds": 1} if any(o.name == "rounds" for o in game.options) else {}
    widget = play(name, players, human=0, seed=3, options=options)
    sent = []
    widget.comm.send = lambda data=None, metadata=None, buffers=None: sent.append(data)
    rng = random.Random(3)
    moves = 0
    while widget.legal and moves < 80:
        sent.clear()
        assert widget.act(rng.choice(widget.legal)["id"])
        moves += 1
        hidden = unseen_by_step(widget.record, 0)
        check_steps(name, widget, hidden)  # what the browser now holds, step by step
        if not game.is_over(widget.record.state):  # and what this move sent
            assert leaks(name, hidden[-1], json.dumps(sent, ensure_ascii=False)) == []
    assert moves >= 5 and CHANCE in {step.player for step in widget.record.steps}


@pytest.mark.parametrize("name", sorted(n for n, g in GAMES.items() if g.hidden_information))
def test_the_all_seeing_view_never_comes_back_to_a_live_game(name):
    """Once a live game is over the all-seeing view is offered; nothing makes that game live
    again (Undo is refused once it is over), and a new game at the table goes back to the
    human's view alone: the view, the menu, and what the browser holds."""
    game = GAMES[name]
    options = {"rounds": 1} if any(o.name == "rounds" for o in game.options) else {}
    widget = play(name, 3, human=0, seed=4, options=options, delay_ms=0)
    rng = random.Random(4)
    while widget.legal:
        assert widget.act(rng.choice(widget.legal)["id"])
    widget.set_state({"perspective": ALL_SEEING})
    assert widget.perspective == ALL_SEEING
    assert not widget.can_undo and not widget.undo()
    assert widget.perspective == ALL_SEEING and game.is_over(widget.record.state)
    assert widget.new_game()
    assert widget.perspective == 0 and widget.perspectives == [[0, widget.players[0]]]
    check_steps(name, widget, unseen_by_step(widget.record, 0))
    widget.set_state({"perspective": ALL_SEEING})
    assert widget.perspective == 0


def test_undo_mid_game_keeps_the_humans_view():
    """Undo in a live game: the human's view, and only it, before and after."""
    widget = play("tomate", 3, human=0, seed=4, delay_ms=0)
    rng = random.Random(4)
    for _ in range(3):
        assert widget.act(rng.choice(widget.legal)["id"])
    assert widget.undo()
    assert widget.perspective == 0 and widget.perspectives == [[0, widget.players[0]]]
    check_steps("tomate", widget, unseen_by_step(widget.record, 0))
