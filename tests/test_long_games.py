"""Long games: a record keeps one state in 32 and replays the others when asked, with the
same positions as a record that kept them all."""
from __future__ import annotations

import json
import random

import pytest

from tomato_widgets.core import states as state_line
from tomato_widgets.core.play import play_game, random_bots
from tomato_widgets.games import GAMES


def every_state(record) -> list:
    """The positions replayed one by one from the start, kept in a plain list."""
    game = record.game
    state = game.new_game(len(record.players), record.options)
    positions = [state]
    for step in record.steps:
        state = game.apply(state, step.action, step.player)[0]
        positions.append(state)
    return positions


@pytest.mark.parametrize("name", sorted(GAMES))
def test_states_replayed_from_checkpoints_are_the_positions_played(name):
    game = GAMES[name]
    # the fewest seats from three whose game is long enough to have several checkpoints
    record = next(record for players in range(min(3, game.max_players), game.max_players + 1)
                  if len((record := play_game(game, random_bots(players, 5), seed=5)).steps)
                  > 3 * state_line.EVERY)
    expected = every_state(record)
    assert len(record.states) == len(expected)
    order = list(range(len(expected)))
    random.Random(1).shuffle(order)
    for index in order:  # any order, each equal to the position played
        assert record.states[index] == expected[index], index
    assert list(record.states.from_step(40)) == expected[40:]
    assert record.states[-1] == record.state == expected[-1]
    assert record.states[10:13] == expected[10:13]
    # one state in EVERY is kept, plus a few read last
    kept = len(record.states._checkpoints) + len(record.states._recent)
    assert kept <= len(expected) // state_line.EVERY + 1 + state_line.RECENT


def test_cut_back_then_played_on_gives_the_same_positions():
    game = GAMES["tomate"]
    record = play_game(game, random_bots(4, 2), seed=2, options={"rounds": 12})
    cut = 3 * state_line.EVERY + 5
    assert len(record.steps) > cut
    record.truncate(cut)
    assert len(record.states) == cut + 1
    assert record.state == every_state(record)[-1]
    bots = random_bots(4, 3)
    rng = random.Random(3)
    for _ in range(50):
        actors = game.to_act(record.state)
        if not actors:
            break
        seat = actors[0]
        action = (game.sample_chance(record.state, rng) if seat < 0
                  else bots[seat].choose(game, game.observe(record.state, seat),
                                         game.legal_actions(record.state, seat)))
        record.append(action, seat)
    assert list(record.states) == every_state(record)


# ---- a long replay: the browser holds a window of steps ---------------------------------------
from frame_checks import decoded  # noqa: E402

from tomato_widgets.core.errors import InvalidInputError  # noqa: E402
from tomato_widgets.core.records import MAX_STEPS, load_record  # noqa: E402
from tomato_widgets.games import make_bot  # noqa: E402
from tomato_widgets.widgets import replay  # noqa: E402
from tomato_widgets.widgets.frames import CHUNK, FrameBuilder  # noqa: E402
from tomato_widgets.widgets.shell import PAGE_STEPS, WHOLE_REPLAY  # noqa: E402


@pytest.fixture(scope="module")
def long_record():
    """A 6-player Tomate game of well over a thousand steps."""
    game = GAMES["tomate"]
    bots = [make_bot("tomate", "heuristic", seat) for seat in range(6)]
    record = play_game(game, bots, seed=4, options={"rounds": 120, "starting_chips": 500})
    assert len(record.steps) > 3 * WHOLE_REPLAY
    return record


def test_a_window_shows_the_same_steps_as_the_whole_game(long_record):
    for view in (None, 2):
        whole = FrameBuilder(long_record, view).build()
        windowed = FrameBuilder(long_record, view)
        for first, last in ((0, 1), (4, 6), (7, 7)):
            part = windowed.window(first, last)
            start = part["frames"]["start"]
            assert start == first * CHUNK
            end = start + len(part["steps"])
            assert decoded(part["frames"]) == decoded(whole["frames"])[start:end + 1]
            assert part["steps"] == whole["steps"][start:end]
            assert part["knows_start"] == windowed.knowledge_at(start)


class Browser:
    """Counts what a widget sends, and holds the last state as a browser would."""

    def __init__(self, widget):
        self.state = json.loads(json.dumps(widget.get_state()))
        self.sent = []
        widget.comm.send = self.receive

    def receive(self, data=None, metadata=None, buffers=None):
        self.sent.append(len(json.dumps(data)))
        if data["method"] == "update":
            self.state.update(json.loads(json.dumps(data["state"])))


def test_a_long_replay_sends_a_window_around_the_step_shown(long_record):
    total = len(long_record.steps)
    widget = replay(long_record, step=0)
    state = widget.get_state()
    assert len(json.dumps(state)) < 1_000_000
    assert state["total"] == total and len(state["steps"]) <= 3 * CHUNK
    browser = Browser(widget)
    for target in (total // 2, total // 2 + 40, total, 1, total // 3):
        widget.step = target
        frames = browser.state["frames"]
        start = frames["start"]
        held = start + len(browser.state["steps"])
        assert start <= target <= held, target
        # steps either side of the one shown are there already, unless the game ends first
        assert target - start >= min(target, CHUNK // 2) and held - target >= min(total - target, 1)
        assert sum(browser.sent) < 1_000_000
        browser.sent.clear()
    # what the browser holds is the game's own: the same as a fresh build of those steps
    whole = FrameBuilder(long_record, None).build()
    start = browser.state["frames"]["start"]
    end = start + len(browser.state["steps"])
    assert decoded(browser.state["frames"]) == decoded(whole["frames"])[start:end + 1]
    # the page a replay exports holds every step
    data = widget.state_for_page()
    assert data["total"] == total and len(data["steps"]) == total and data["frames"]["start"] == 0


def test_the_browser_moves_a_long_replay_too(long_record):
    widget = replay(long_record, step=0)
    browser = Browser(widget)
    widget._handle_msg({"content": {"data": {"method": "update", "state": {"step": 900},
                                             "buffer_paths": []}}, "buffers": []})
    assert widget.step == 900
    frames = browser.state["frames"]
    assert frames["start"] <= 900 <= frames["start"] + len(browser.state["steps"])


def test_limits_are_refused_with_one_clear_line(long_record, monkeypatch):
    data = json.loads(long_record.dumps())
    data["steps"] = data["steps"] * (MAX_STEPS // len(data["steps"]) + 1)
    with pytest.raises(InvalidInputError, match=f"at most {MAX_STEPS:,}"):
        load_record(data)
    from tomato_widgets.widgets import shell
    monkeypatch.setattr(shell, "PAGE_STEPS", 1000)
    with pytest.raises(InvalidInputError, match="a standalone page holds at most 1,000 steps"):
        replay(long_record).state_for_page()
    assert PAGE_STEPS >= 20_000


def test_a_long_replays_page_is_written_a_step_at_a_time_as_the_page_made_at_once(long_record):
    """A page is made in one pass keeping only the scene before (each step's delta and texts
    kept as JSON text), yet it is byte for byte the page made from every scene kept."""
    from tomato_widgets.widgets import export
    widget = replay(long_record, perspective=2, step=len(long_record.steps) // 2)
    data = widget.state_for_page(encode=export.as_json_text)
    assert len(data["steps"]) == len(data["frames"]["deltas"]) == len(long_record.steps)
    whole = FrameBuilder(long_record, 2).build()
    plain = widget.state_for_page()
    plain.update(frames=whole["frames"], steps=whole["steps"], knows_start=whole["knows_start"])
    assert "".join(export.page_chunks(data)) == export.page(plain)
