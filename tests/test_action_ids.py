"""Numbers in action ids and chance outcomes have one spelling in every game: ASCII digits,
no sign, no space, no leading zero. A page or a record that writes "d²:0A", "first:02" or a
fullwidth "２" gets the game's own refusal (a Reason, IllegalActionError, InvalidInputError;
a RecordError naming the step), never a bare ValueError, and the odd spelling is never
accepted as if it were the real id."""
from __future__ import annotations

import copy
import random
import re

import pytest

from tomato_widgets.core.errors import IllegalActionError, InvalidInputError, RecordError
from tomato_widgets.core.game import CHANCE, Reason
from tomato_widgets.core.ids import whole_number
from tomato_widgets.core.play import play_game, random_bots
from tomato_widgets.core.records import FORMAT, VERSION, load_record
from tomato_widgets.games import GAMES
from tomato_widgets.widgets import play

#: what a digit ``d`` is replaced by: look-alike digits that ``str.isdigit`` accepts
#: (superscript, Arabic-Indic, fullwidth), a leading zero, a sign, a space
SPELLINGS = ("²", "٣", "２", "⁰", "0{}", "+{}", " {}")
#: digits mutated per id: a deal writes a hundred, a few of them stand for the rest
POSITIONS = 6


# ---- the shared rule ---------------------------------------------------------------------
@pytest.mark.parametrize("text, number", [("0", 0), ("7", 7), ("10", 10), ("305", 305)])
def test_a_number_in_an_id_is_read(text, number):
    assert whole_number(text) == number


@pytest.mark.parametrize("text", ["", "²", "٣", "２", "⁰", "1²", "01", "00", "+1", "-1", " 1",
                                  "1 ", "1_0", "1.0", "9" * 19, None, 7])
def test_any_other_spelling_names_no_number(text):
    assert whole_number(text) is None


# ---- every id of every game, misspelt ------------------------------------------------------
def misspellings(action: str, rng: random.Random):
    """``action`` with one of its digits written another way, for a few of its digits."""
    where = [i for i, ch in enumerate(action) if ch in "0123456789"]
    if len(where) > POSITIONS:  # the first digits (a deal's Tomatoes) and a random few
        where = where[:3] + sorted(rng.sample(where[3:], POSITIONS - 3))
    for i in where:
        for spelling in SPELLINGS:
            yield action[:i] + spelling.format(action[i]) + action[i + 1:]


def samples(game, players: int, seed: int):
    """A random game and the index of one step of each shape of id it wrote (players' and
    chance's): every kind of id the game has, once."""
    record = play_game(game, random_bots(players, seed), seed=seed)
    shapes = {}
    for index, step in enumerate(record.steps):
        written = re.sub(r"[A-Za-z]", "x", re.sub(r"\d", "9", step.action))
        shape = (step.player == CHANCE, written[:14])
        if any(ch.isdigit() for ch in step.action):
            shapes.setdefault(shape, index)
    return record, sorted(shapes.values())


def refused_record(record, index: int, action: str) -> RecordError:
    """The error of loading ``record``'s first ``index`` steps and then ``action``."""
    data = record.to_json()
    data.pop("result", None)
    data["steps"] = data["steps"][:index + 1]
    data["steps"][-1] = dict(data["steps"][-1], action=action)
    with pytest.raises(RecordError) as caught:
        load_record(data)
    return caught.value


@pytest.mark.parametrize("name", list(GAMES))
def test_misspelt_numbers_are_refused_in_every_id_of_every_game(name):
    game = GAMES[name]
    rng = random.Random(name)
    for players in sorted({game.min_players, game.max_players}):
        record, indices = samples(game, players, seed=players)
        assert indices, f"{name} wrote no id with a digit"
        for index in indices:
            state, step = record.states[index], record.steps[index]
            before = copy.deepcopy(state)
            bad_ids = list(misspellings(step.action, rng))
            for bad in bad_ids:
                where = f"{name}, {players} players, step {index + 1}: {bad!r}"
                assert isinstance(game.reason_illegal(state, bad, step.player), Reason), where
                with pytest.raises((IllegalActionError, InvalidInputError)):
                    game.apply(state, bad, step.player)
            assert state == before, f"{name}: a refused id changed the state"
            at = rng.randrange(0, len(bad_ids), len(SPELLINGS))  # one digit, every spelling
            for bad in bad_ids[at:at + len(SPELLINGS)]:
                assert refused_record(record, index, bad).step == index + 1, bad


# ---- the examples, live and in records ---------------------------------------------------------
def live(name: str, players: int):
    return play(name, players, human=0, seed=1, delay_ms=0)


def sent_from_page(widget, action: str) -> None:
    """The browser sends ``action``: the page is refused, the game goes on as it was."""
    steps = [(step.player, step.action) for step in widget.record.steps]
    widget._on_message(widget, {"type": "act", "action": action}, [])
    assert widget.notice.startswith("Not allowed"), widget.notice
    assert [(step.player, step.action) for step in widget.record.steps] == steps


@pytest.mark.parametrize("action, says", [
    ("d²:0A", "is not a Diced Tomatoes action"), ("d⁰:0A", "is not a Diced Tomatoes action"),
    ("d２:0A", "is not a Diced Tomatoes action"), ("d1:²A", "names no token"),
    ("clean:²A", "names no token")])
def test_a_page_writing_odd_digits_in_diced_tomatoes_gets_a_notice(action, says):
    widget = live("diced_tomatoes", 2)
    assert widget.record.state.phase == "play" and widget.record.state.turn == 0
    sent_from_page(widget, action)
    assert says in widget.notice


def test_a_page_writing_odd_digits_in_a_triumph_card_gets_a_notice():
    widget = live("karate_tomate", 3)
    game = widget.game
    for _ in range(200):  # play on until the human picks a Triumph card
        if widget.record.state.phase == "pick" and 0 in game.to_act(widget.record.state):
            break
        widget.act(game.legal_actions(widget.record.state, 0)[0])
    else:
        pytest.fail("the human never picked a Triumph card")
    for action in ("take:T²00", "take:T⁰10", "take:T２10"):
        sent_from_page(widget, action)
        assert "not a Triumph card" in widget.notice


def test_a_fault_while_handling_a_page_message_becomes_the_notice(monkeypatch):
    widget = live("tomate", 2)
    steps = len(widget.record.steps)

    def broken(*args, **kwargs):
        raise ValueError("invalid literal for int() with base 10: '²'")

    monkeypatch.setattr(type(widget.game), "reason_illegal", broken)
    widget._on_message(widget, {"type": "act", "action": "play:²-cups"}, [])
    assert "could not" in widget.notice and len(widget.record.steps) == steps


def record_of(name: str, players: int, steps: list) -> dict:
    return {"format": FORMAT, "version": VERSION, "game": name,
            "players": [f"P{i + 1}" for i in range(players)], "steps": steps}


def test_a_record_naming_the_start_player_oddly_is_refused_at_its_step():
    for seat in ("²", "٣", "２", "02", "00"):
        data = record_of("tanemaki", 4, [{"by": "chance", "action": f"first:{seat}"}])
        with pytest.raises(RecordError) as caught:
            load_record(data)
        assert caught.value.step == 1 and "first:" in str(caught.value), seat
    record = load_record(record_of("tanemaki", 4, [{"by": "chance", "action": "first:0"}]))
    assert record.steps[0].action == "first:0"  # seat 0 is written "0": that is fine


@pytest.mark.parametrize("tomato", ["²", "⁰", "٣", "２", "0{}"])
def test_a_karate_deal_with_an_odd_tomato_is_refused_at_its_step(tomato):
    record = play_game(GAMES["karate_tomate"], random_bots(3), seed=3)
    deal = record.steps[0].action
    assert deal.startswith("deal:")
    first, comma, rest = deal[5:].partition(",")
    odd = f"deal:{tomato.format(first)}{comma}{rest}"
    error = refused_record(record, 0, odd)
    assert error.step == 1 and "Tomato" in str(error)


@pytest.mark.parametrize("vine", ["⁰A", "²A"])
def test_a_diced_record_placing_on_an_odd_token_is_refused_at_its_step(vine):
    record = play_game(GAMES["diced_tomatoes"], random_bots(2), seed=2)
    index = next(i for i, step in enumerate(record.steps)
                 if step.player != CHANCE and re.fullmatch(r"d1:\d[ABC]", step.action))
    error = refused_record(record, index, f"d1:{vine}")
    assert error.step == index + 1
