"""Every message and every synced trait a page may send, in every mode, for every game.

``widgets/messages.py`` writes down what each mode accepts. Here each message (with a value
that would work) and each trait is sent to a widget in each mode: where the table refuses it,
nothing may change and nothing may be sent; where it accepts it, the page must get its answer.
Hostile forms (a boolean for a number, a field missing or added, an unknown type) are refused
everywhere. Then the same messages go to twin games a seat cannot tell apart (``hidden_pairs``):
whatever each answers, the two answers must be identical. A message the page's script sends,
or a trait it sets, without a row in the table fails the first test.
"""
from __future__ import annotations

import functools
import importlib
import random
import re
from pathlib import Path

import pytest

from bot_games import PLAYERS, recorded, short
from hidden_pairs import twins_for
from sent_alike import first_difference, synced
from test_hidden_difference import ScriptedGame, decisions
from tomato_widgets.core.registry import plugin
from tomato_widgets.games import GAMES
from tomato_widgets.widgets import messages as table
from tomato_widgets.widgets import shell
from tomato_widgets.widgets.reviewing import Reviewer
from tomato_widgets.widgets.shell import ALL_SEEING, GameWidget

NAMES = list(GAMES)
SCRIPT = "".join(path.read_text(encoding="utf-8")
                 for path in sorted((Path(shell.__file__).with_name("static") / "shell").glob("*.js")))


# ---- the table covers the page --------------------------------------------------------------
def test_every_message_and_trait_of_the_page_has_a_row():
    sent = set(re.findall(r'send\(\{\s*type:\s*"(\w+)"', SCRIPT))
    traits = set(re.findall(r'model\.set\("(\w+)"', SCRIPT))
    assert {"act", "download", "play_on"} <= sent and "step" in traits, "the page's script moved"
    assert sent == set(table.MESSAGES), (f"sent without a row: {sorted(sent - set(table.MESSAGES))}; "
                                         f"rows nothing sends: {sorted(set(table.MESSAGES) - sent)}")
    assert traits == set(table.PAGE_TRAITS)
    handled = set(re.findall(r'kind == "(\w+)"', Path(shell.__file__).read_text(encoding="utf-8")))
    assert handled == set(table.MESSAGES), "the kernel handles a message the table does not list"
    assert set(table.PAGE_TRAITS) <= set(GameWidget.class_trait_names(sync=True))


# ---- a widget in each mode ------------------------------------------------------------------
@functools.cache
def _record(name):
    return recorded(name, seed=2)  # replays and playing on leave their record as it is


def _middle(record) -> int:
    """A step in the middle of the game where a seat decides (something to play on from)."""
    steps = record.steps
    return next(k for k in range(len(steps) // 2, len(steps)) if steps[k].player >= 0)


def _live(name, **kwargs) -> GameWidget:
    game = GAMES[name]
    return GameWidget.live(name, PLAYERS[name], bots="random", delay_ms=0, options=short(game),
                           seed=5, **kwargs)


def _finished(widget: GameWidget) -> GameWidget:
    """The human's random legal moves until the game ends, drawn once at the end (as
    ``act`` would after each, less the drawing in between)."""
    rng, record, game = random.Random(7), widget.record, widget.game
    while game.to_act(record.state):
        record.append(rng.choice(game.legal_actions(record.state, widget._human)), widget._human)
        widget._advance_record(record)
    widget._refresh()
    widget.step = len(record.steps)
    return widget


def _exercise(name):
    return plugin(name).exercises()[0]


def _played_on(name) -> GameWidget:
    record = _record(name)
    widget = GameWidget.replay(record, perspective=None, step=_middle(record))
    assert widget.play_on()
    return widget


BUILD = {
    table.REPLAY: lambda name: GameWidget.replay(_record(name), perspective=None,
                                                 step=_middle(_record(name))),
    table.REPLAY_SEAT: lambda name: GameWidget.replay(_record(name), perspective=1, perspectives=[1],
                                                      step=_middle(_record(name))),
    table.EXERCISES: lambda name: GameWidget.replay(_exercise(name)),
    table.LIVE: _live,
    table.FAIR: lambda name: _live(name, takebacks=False),
    table.GUIDED: lambda name: GameWidget.guided(name, delay_ms=0),
    table.PLAYED_ON: _played_on,
    table.LIVE_OVER: lambda name: _finished(_live(name)),
    table.FAIR_OVER: lambda name: _finished(_live(name, takebacks=False)),
    table.PLAYED_ON_OVER: lambda name: _finished(_played_on(name)),
}


class Built:
    """Widgets of one game and mode, each made once and handed out as copies would be: a
    widget a message has changed is not handed out again."""

    def __init__(self, name: str, mode: str):
        self.name, self.mode = name, mode

    def fresh(self) -> GameWidget:
        widget = BUILD[self.mode](self.name)
        assert widget.page_mode() == self.mode, f"built {widget.page_mode()!r}, not {self.mode!r}"
        widget.sent = []
        widget.comm.send = lambda data=None, metadata=None, buffers=None: widget.sent.append(data)
        return widget


# ---- what the page would send -----------------------------------------------------------------
def _a_seat(widget: GameWidget) -> int:
    """The seat a page would name: yours, the one viewed, the first offered, else 0."""
    if widget._human is not None:
        return widget._human
    if widget.seats_to_take:
        return widget.seats_to_take[0][0]
    return max(widget.perspective, 0)


def _a_move(widget: GameWidget) -> str:
    """A legal move of the human's (a scripted game's: the one its record made next)."""
    if hasattr(widget, "script"):
        return widget.script.next(widget._human)
    if widget.wanted_only:
        return widget.wanted[0]
    return widget.legal[0]["id"] if widget.legal else "pass"


def working(kind: str, widget: GameWidget) -> dict:
    """The message of type ``kind`` the page would send in ``widget``'s state."""
    fields = {
        "act": lambda: {"action": _a_move(widget)},
        "download": lambda: {"id": "view-1"},
        "play_on": lambda: {"seat": _a_seat(widget)},
        "review": lambda: {"seat": _a_seat(widget)},
        "answered": lambda: {"step": widget.exercises[0]["step"] if widget.exercises else 1,
                             "right": False, "shown": True},
    }.get(kind, dict)()
    return {"type": kind, **fields}


def prepared(kind: str, widget: GameWidget) -> None:
    """Make the answer to ``kind`` visible where it would otherwise change nothing: a review
    to put away, a long replay's chapters not made yet, a move to take back."""
    if kind == "undo" and not widget.can_undo and widget.legal and not hasattr(widget, "script"):
        widget.act(_a_move(widget))
    if kind == "review_close":
        widget.review_data = {"name": "a review shown"}
    if kind == "chapters":
        widget._windowed = lambda: True
        widget.chapters = []
        widget._builder.chapters = lambda: [[1, "a chapter"]]


def _trait_value(name: str, widget: GameWidget):
    if name == "step":
        return 0 if widget.step else 1
    if name == "advisor_on":
        return not widget.advisor_on
    others = [value for value in widget._allowed if value != widget.perspective]
    return others[0] if others else (ALL_SEEING if widget.perspective != ALL_SEEING else 0)


def _answer(widget: GameWidget, send) -> tuple[dict, list]:
    before = synced(widget)
    widget.sent.clear()
    send()
    after = synced(widget)
    changed = {key for key in after if after[key] != before.get(key)}
    return changed, list(widget.sent)


@pytest.fixture(autouse=True)
def quick_reviews(monkeypatch):
    """A review searched to the end at once (no event loop here): one playout a decision."""
    monkeypatch.setattr(Reviewer.start, "__defaults__", (1, False))


#: messages whose answer makes the widget another game or mode: each gets a widget of its own
CHANGE_THE_GAME = {"act", "undo", "new_game", "play_on", "back_to_replay"}


@pytest.mark.parametrize("mode", table.MODES)
@pytest.mark.parametrize("name", NAMES)
def test_each_message_is_answered_as_the_table_says(name, mode):
    built = Built(name, mode)
    refused_in = built.fresh()  # refusals change nothing, so one widget takes them all
    accepting = built.fresh()   # and one takes the answers that leave the game as it is
    for kind, row in table.MESSAGES.items():
        accepted = mode in row.modes
        widget = refused_in if not accepted else built.fresh() if kind in CHANGE_THE_GAME else accepting
        prepared(kind, widget)
        content = working(kind, widget)
        changed, sent = _answer(widget, lambda: widget._on_message(widget, content, []))
        where = f"{name}, {mode}: {content}"
        if accepted:
            assert changed or sent, f"{where} was accepted but got no answer"
            assert "could not handle" not in widget.notice, where
        else:
            assert not changed and not sent, f"{where} is refused but changed {changed or sent}"
        if widget not in (refused_in, accepting):
            widget.close()
    for trait, row in table.PAGE_TRAITS.items():
        widget = accepting if mode in row.modes else refused_in
        value = _trait_value(trait, widget)
        changed, _ = _answer(widget, lambda: widget.set_state({trait: value}))
        allowed = trait != "perspective" or value in widget._allowed
        if trait == "advisor_on":
            allowed = widget.advisor_offered
        if mode in row.modes and allowed:
            assert trait in changed, f"{name}, {mode}: {trait}={value!r} was not taken"
        else:
            assert getattr(widget, trait) != value, f"{name}, {mode}: {trait}={value!r} taken"
    refused_in.close()
    accepting.close()


HOSTILE = [
    {"type": "answered", "step": True, "right": True, "shown": False},  # a boolean as a step
    {"type": "answered", "step": 1, "right": 1, "shown": 0},
    {"type": "answered", "step": 1, "right": True},                     # a field missing
    {"type": "play_on", "seat": True},
    {"type": "play_on", "seat": 0.0},
    {"type": "play_on", "seat": "0"},
    {"type": "play_on", "seat": 0, "as": "everybody"},                  # a field added
    {"type": "review", "seat": -1},
    {"type": "review", "seat": 10**9},
    {"type": "act", "action": ["pass"]},
    {"type": "download", "id": 1},
    {"type": "download"},
    {"type": "reveal"}, {"type": None}, {"type": ["act"]}, {}, [], "act", None,
]


@pytest.mark.parametrize("mode", table.MODES)
@pytest.mark.parametrize("name", ["tomate", "karate_tomate"])
def test_hostile_messages_change_nothing(name, mode):
    widget = Built(name, mode).fresh()
    for content in HOSTILE:
        changed, sent = _answer(widget, lambda: widget._on_message(widget, content, []))
        assert not (changed - {"notice"}) and not sent, f"{name}, {mode}: {content!r} changed {changed}"
    assert "True" not in widget.answers, "a boolean was taken for a step"
    for value in (True, 1.5, "3", None, [2]):
        changed, _ = _answer(widget, lambda: widget.set_state({"step": value, "perspective": value}))
        assert not changed, f"{name}, {mode}: step/perspective {value!r} changed {changed}"
    widget.close()


# ---- the defects this table closed, each as a user met it -------------------------------------
def _listening(widget: GameWidget) -> GameWidget:
    widget.sent = []
    widget.comm.send = lambda data=None, metadata=None, buffers=None: widget.sent.append(data)
    return widget


def _seat_replay(name: str, seat: int = 1) -> GameWidget:
    record = _record(name)
    return _listening(GameWidget.replay(record, perspective=seat, perspectives=[seat],
                                        step=_middle(record)))


def test_a_replay_for_one_seat_hands_out_no_record():
    """The download holds every hand, the comments for other seats, the exercises' answers."""
    for widget in (_seat_replay("tomate"), _listening(GameWidget.replay(_exercise("tomate")))):
        widget._on_message(widget, {"type": "download", "id": "view-1"}, [])
        assert widget.sent == [] and widget.record_text() is None


def test_a_replay_for_one_seat_offers_and_accepts_only_that_seat():
    widget = _seat_replay("karate_tomate")
    assert widget.seats_to_take == [[1, widget.players[1]]]
    widget._on_message(widget, {"type": "play_on", "seat": 0}, [])
    assert widget.mode == "replay", "seat 0's hand was dealt to a view of seat 1"
    widget.set_state({"perspective": ALL_SEEING})  # not a view this replay allows
    assert widget.seats_to_take == [[1, widget.players[1]]]
    widget._on_message(widget, {"type": "play_on", "seat": 1}, [])
    assert widget.mode == "live" and widget._human == 1


def test_the_all_seeing_replay_offers_every_seat_and_the_seat_viewed_only_itself():
    record = _record("tomatomat")
    widget = GameWidget.replay(record, perspective=None, step=_middle(record))
    assert [seat for seat, _ in widget.seats_to_take] == list(range(len(widget.players)))
    widget.set_state({"perspective": 2})
    assert widget.seats_to_take == [[2, widget.players[2]]]
    widget._on_message(widget, {"type": "play_on", "seat": 0}, [])
    assert widget.mode == "replay"


def test_back_to_the_replay_offers_what_the_replay_offered():
    widget = _seat_replay("tanemaki")
    before = (widget.seats_to_take, widget.perspectives, widget.perspective)
    assert widget.play_on(1) and widget.mode == "live"
    widget._on_message(widget, {"type": "back_to_replay"}, [])
    assert widget.mode == "replay"
    assert (widget.seats_to_take, widget.perspectives, widget.perspective) == before


def test_a_fair_game_is_reviewed_only_once_it_is_over():
    widget = _live("tomate", takebacks=False)
    widget._on_message(widget, {"type": "review", "seat": 0}, [])
    assert widget.review_data == {}, "a contest game was coached"
    with pytest.raises(Exception, match="fair game"):
        widget.review(0, playouts=1)
    _finished(widget)
    widget._on_message(widget, {"type": "review", "seat": 0}, [])
    assert widget.review_data["name"] == widget.players[0]


def test_a_boolean_is_no_step():
    """``True == 1`` in Python: a replay asking at step 1 took it for that step."""
    record = importlib.import_module("tomato_widgets.games.tomate.tutorial").exercises()[1]
    widget = GameWidget.replay(record)
    assert widget.exercises[0]["step"] == 1
    widget._on_message(widget, {"type": "answered", "step": True, "right": True, "shown": False}, [])
    assert widget.answers == {}


# ---- the answers, by difference ---------------------------------------------------------------
def _replay_twins(twins) -> list[GameWidget]:
    widgets = []
    for record in (twins.original, twins.twin):
        cut = record.__class__(record.game, list(record.players), dict(record.options))
        for step in record.steps[:len(twins.twin.steps)]:
            cut.append(step.action, step.player, step.comment, step.tags, step.visible_to)
        widget = GameWidget.replay(cut, perspective=twins.seat, perspectives=[twins.seat],
                                   step=twins.first_difference)
        widget.sent = []
        widget.comm.send = lambda data=None, metadata=None, buffers=None, w=widget: w.sent.append(data)
        widgets.append(widget)
    return widgets


#: answered by a new deal of what the seat cannot see, drawn by a walk over pasts that need
#: not match between twins (``test_play_on`` checks each past looks the same to the seat)
NEW_DEALS = {"play_on"}


def _same_answers(widgets: list[GameWidget], where: str) -> None:
    for kind in table.MESSAGES:
        if kind in NEW_DEALS:
            continue
        for widget in widgets:
            prepared(kind, widget)
        contents = [working(kind, widget) for widget in widgets]
        assert contents[0] == contents[1], f"{where}: the page would send {kind} differently"
        sent = [_answer(w, lambda w=w, c=c: w._on_message(w, c, []))[1]
                for w, c in zip(widgets, contents)]
        difference = first_difference(*sent)
        assert difference is None, f"{where}: {kind}'s answer tells the games apart: {difference}"
        difference = first_difference(synced(widgets[0]), synced(widgets[1]))
        assert difference is None, f"{where}: after {kind}: {difference}"


HIDDEN = [name for name in NAMES if GAMES[name].hidden_information]


@pytest.mark.parametrize("name", HIDDEN)
def test_twin_games_answer_every_message_alike(name):
    compared = 0
    for seed in range(2):
        for twins in twins_for(name, seed):
            if not twins.differ:
                continue
            widgets = _replay_twins(twins)
            _same_answers(widgets, f"{name} seed {seed}, a replay for seat {twins.seat}")
            for widget in widgets:
                widget.close()
            later = [k for k in decisions(twins.twin, twins.seat) if k >= twins.first_difference]
            if later:
                live = [ScriptedGame(record, later[0], twins.seat)
                        for record in (twins.original, twins.twin)]
                _same_answers(live, f"{name} seed {seed}, live as seat {twins.seat}")
                for widget in live:
                    widget.close()
            compared += 1
    assert compared, f"no {name} twins to compare"
