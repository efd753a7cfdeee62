"""What a seat is sent, from every place that sends it, and the check that two games the
seat cannot tell apart send it exactly the same (the test by difference, see
``test_hidden_difference.py`` and ``hidden_pairs.py``)."""
from __future__ import annotations

import json
import random
from contextlib import redirect_stdout
from io import StringIO

from hidden_pairs import Twins
from tomato_widgets import cli
from tomato_widgets.core.records import GameRecord
from tomato_widgets.widgets import replay
from tomato_widgets.widgets.frames import FrameBuilder
from tomato_widgets.widgets.shell import GameWidget


#: synced values that are not the game: counters of this widget's own history (redraws,
#: takebacks) and the id of its layout model
NOT_THE_GAME = ("revision", "takebacks", "layout")


def synced(widget: GameWidget) -> dict:
    """The widget's synced state as the browser gets it, less what is not the game."""
    state = json.loads(json.dumps(widget.get_state(), default=str))
    return {key: value for key, value in state.items() if key not in NOT_THE_GAME}


def first_difference(a, b, path: str = "") -> str | None:
    """Where two JSON-like values first differ (a readable path), or None when equal."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b), key=str):
            if key not in a or key not in b:
                return f"{path}.{key}: only in one"
            found = first_difference(a[key], b[key], f"{path}.{key}")
            if found:
                return found
        return None
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        for index, (x, y) in enumerate(zip(a, b)):
            found = first_difference(x, y, f"{path}[{index}]")
            if found:
                return found
        return None if len(a) == len(b) else f"{path}: {len(a)} items against {len(b)}"
    return None if a == b else f"{path}: {str(a)[:160]!r} against {str(b)[:160]!r}"


def sent_by_the_engine(record: GameRecord, seat: int) -> dict:
    """What the game tells the seat at each step: observation, legal moves and labels."""
    game = record.game
    shown = []
    for state in record.states:
        legal = game.legal_actions(state, seat)
        shown.append({"observation": game.observe(state, seat),
                      "legal": [[move, game.action_label(state, move)] for move in legal]})
    return {"steps": shown}


def sent_by_a_replay(record: GameRecord, seat: int, tmp_path, name: str) -> dict:
    """What a replay from the seat's view sends: the frames and texts of every step (built
    with the seat's clickable moves at the end, as live play builds them), the widget's
    synced state at the first and the last step, and the exported page."""
    game = record.game
    legal = list(game.legal_actions(record.state, seat))
    built = FrameBuilder(record, seat).build(legal or None)
    built.pop("last_items")
    widget = replay(record, perspective=seat, perspectives=[seat])
    try:
        states = [synced(widget)]
        widget.step = len(record.steps)
        states.append(synced(widget))
        page = widget.save_html(tmp_path / f"{name}.html").read_text(encoding="utf-8")
    finally:
        widget.close()  # a widget lives until closed: a soak makes thousands
    return {"frames": built, "widget": states, "page": page}


def shown_on_the_command_line(record: GameRecord, seat: int, tmp_path, name: str,
                              steps: list[int]) -> dict:
    """``tomato-widgets show --as NAME`` at some steps, and ``export --as NAME``'s page."""
    path = tmp_path / f"{name}.json"
    record.save(path)
    player = record.players[seat]
    shown = {}
    for step in steps:
        out = StringIO()
        with redirect_stdout(out):
            assert cli.main(["show", str(path), "--step", str(step), "--as", player]) == 0
        shown[step] = out.getvalue()
    page = tmp_path / f"{name}-export.html"
    with redirect_stdout(StringIO()):
        assert cli.main(["export", str(path), "-o", str(page), "--as", player]) == 0
    shown["export"] = page.read_text(encoding="utf-8")
    return shown


def assert_sent_alike(twins: Twins, tmp_path, rng: random.Random) -> None:
    """Everything the seat is sent is identical in both games (see the module)."""
    seat, a, b = twins.seat, twins.original, twins.twin
    where = f"seat {seat}, games differing from step {twins.first_difference}"
    for what, make in (("the engine", lambda r, n: sent_by_the_engine(r, seat)),
                       ("a replay", lambda r, n: sent_by_a_replay(r, seat, tmp_path, n))):
        difference = first_difference(make(a, "a"), make(b, "b"))
        assert difference is None, f"{what} tells {where} apart: {difference}"
    steps = sorted({0, len(a.steps), *rng.sample(range(len(a.steps) + 1), min(3, len(a.steps)))})
    difference = first_difference(shown_on_the_command_line(a, seat, tmp_path, "a", steps),
                                  shown_on_the_command_line(b, seat, tmp_path, "b", steps))
    assert difference is None, f"the command line tells {where} apart: {difference}"
