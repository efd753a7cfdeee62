"""Game records: save -> load replays exactly, the file matches the shipped schema, saving
is atomic, and a refused append changes nothing.

A record is what a user keeps of a game (like a PGN file): whatever we write must load back
into the very same states and events, with every comment, tag, header and name unchanged.
"""
from __future__ import annotations

import copy
import json
import re
import random
from pathlib import Path

import jsonschema
import pytest

from tomato_widgets.core import records
from tomato_widgets.core.errors import IllegalActionError, InvalidInputError, RecordError
from tomato_widgets.core.game import CHANCE
from tomato_widgets.core.play import play_game, random_bots
from tomato_widgets.core.records import SCHEMA_PATH, GameRecord, Step, load_record
from tomato_widgets.games import GAMES, get_game
from scripted_round import DEAL, SCRIPT

GAME = get_game("tomate")
DATA = Path(__file__).with_name("data")
SCHEMA = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)

XSS_NAME = "<img src=x onerror=alert(1)>"
SCRIPT_COMMENT = "<script>alert('pwned')</script> & \"quotes\" \\ back\\slash"

SCRIPT_OPTIONS = {"first_dealer": 0, "rounds": 1}
SCRIPT_NAMES = ["Ana", XSS_NAME, "Zoë \u6f22\u5b57 \U0001f345"]
SCRIPT_HEADERS = {"event": "Club night <b>bold</b>", "site": "Caf\u00e9 \"El Tomate\"",
                  "date": "2024-05-01", "annotator": "line1\nline2"}
NOTES = {  # step index (0-based) -> (comment, tags)
    0: ("A friendly deal.", ("opening",)),
    1: (SCRIPT_COMMENT, ("<b>", "?!")),
    7: ("Ana must beat the K:\nshe plays the ace.\n\u2028unicode line sep", ("forced", "\U0001f345")),
    13: ("   ", ()),
}


def scripted_record(names=SCRIPT_NAMES, headers=SCRIPT_HEADERS, notes=NOTES) -> GameRecord:
    record = GameRecord(GAME, list(names), dict(SCRIPT_OPTIONS), dict(headers))
    for index, (seat, action) in enumerate(SCRIPT):
        comment, tags = notes.get(index, (None, ()))
        record.append(action, seat, comment=comment, tags=tags)
    return record


def played(players: int, seed: int, options: dict | None = None) -> GameRecord:
    return play_game(GAME, random_bots(players, seed), seed=seed, options=options)


PLAYED_CASES = [
    (2, 1, {"rounds": 3}),
    (3, 2, {"rounds": 4}),
    (4, 3, {"ante_from": "dealer", "penalty_into": "next-pot", "rounds": 5}),
    (5, 4, {"starting_chips": 4, "ante": 2, "penalty": 5, "rounds": 1000}),
    (13, 5, {"rounds": 2}),
    (6, 6, None),
]


def assert_same_game(loaded: GameRecord, original: GameRecord) -> None:
    assert loaded.game is original.game
    assert loaded.players == original.players
    assert loaded.options == original.options
    assert loaded.headers == original.headers
    assert loaded.steps == original.steps
    assert len(loaded.states) == len(original.states) == len(original.steps) + 1
    for k, (mine, theirs) in enumerate(zip(loaded.states, original.states)):
        assert mine == theirs, f"state after {k} steps differs"
        assert GAME.observe(mine, None) == GAME.observe(theirs, None)
    assert loaded.events == original.events
    assert loaded.outcome == original.outcome


def temp_leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith(".record-")
                  or p.suffix == ".tmp")


# ---- the scripted game is what the tests think it is ---------------------------------------
def test_scripted_game_finishes_as_computed_by_hand():
    record = scripted_record()
    assert len(record) == len(SCRIPT) == 16
    # Ana: 1 trick, Bo: none (pays 3), Cy: 2 tricks; pot 3 + 3 = 6 split in thirds of 2
    assert record.outcome.winners == (2,)
    assert record.outcome.scores == (22, 17, 24)
    assert [e.rule for e in record.events[7]] == ["follow.beat", "trick.won"]


# ---- save -> load gives the very same game ------------------------------------------------
@pytest.mark.parametrize("players, seed, options", PLAYED_CASES)
def test_save_then_load_replays_every_state_and_event(tmp_path, players, seed, options):
    record = played(players, seed, options)
    assert record.outcome is not None
    path = record.save(tmp_path / "game.json")
    assert path == tmp_path / "game.json"
    assert_same_game(load_record(path), record)


def test_save_then_load_keeps_an_unfinished_game(tmp_path):
    record = played(3, 11, {"rounds": 2})
    record.truncate(7)
    assert record.outcome is None
    data = json.loads(record.save(tmp_path / "partial.json").read_text(encoding="utf-8"))
    assert "result" not in data
    loaded = load_record(tmp_path / "partial.json")
    assert_same_game(loaded, record)
    # and play can go on from the loaded record, exactly as from the original
    if GAME.to_act(loaded.state) == (CHANCE,):
        action = GAME.sample_chance(loaded.state, random.Random(0))
    else:
        action = GAME.legal_actions(loaded.state)[0]
    assert loaded.append(action) == record.append(action)
    assert loaded.states == record.states


def test_every_way_of_passing_a_record_loads_the_same_game(tmp_path):
    record = scripted_record()
    path = record.save(tmp_path / "game.json")
    text = path.read_text(encoding="utf-8")
    sources = {
        "Path": path,
        "str path": str(path),
        "JSON text": text,
        "JSON text, leading whitespace": "\n  " + text,
        "compact JSON text": json.dumps(record.to_json()),
        "dumps()": record.dumps(),
        "dumps(indent=None)": record.dumps(indent=None),
        "bytes": text.encode("utf-8"),
        "dict": record.to_json(),
        "dict via json text": json.loads(json.dumps(record.to_json())),
    }
    for label, source in sources.items():
        loaded = load_record(source)
        assert isinstance(loaded, GameRecord), label
        assert_same_game(loaded, record)


def test_loading_a_game_record_object_returns_it():
    record = scripted_record()
    assert load_record(record) is record


def test_loading_a_dict_leaves_the_dict_untouched():
    data = scripted_record().to_json()
    before = copy.deepcopy(data)
    loaded = load_record(data)
    assert data == before
    loaded.headers["event"] = "changed"
    loaded.players[0] = "changed"
    assert data == before


def test_saved_file_is_the_whole_record_as_utf8_json(tmp_path):
    record = scripted_record()
    path = record.save(tmp_path / "game.json")
    data = json.loads(path.read_bytes().decode("utf-8"))
    assert data == record.to_json()
    assert data["format"] == "tomato-widgets/record"
    assert data["version"] == 1
    assert data["game"] == "tomate"
    assert data["options"] == GAME.resolve_options(SCRIPT_OPTIONS)
    assert data["result"] == {"winners": [2], "scores": [22, 17, 24], "rule": "end.most-chips"}
    assert [step["by"] for step in data["steps"]] == [
        "chance" if seat == CHANCE else seat for seat, _ in SCRIPT]
    assert [step["action"] for step in data["steps"]] == [action for _, action in SCRIPT]


def test_comments_and_tags_of_every_step_survive_the_round_trip(tmp_path):
    record = scripted_record()
    loaded = load_record(record.save(tmp_path / "notes.json"))
    for index, step in enumerate(loaded.steps):
        comment, tags = NOTES.get(index, (None, ()))
        assert step.comment == comment, f"step {index + 1}"
        assert step.tags == tuple(tags), f"step {index + 1}"
    # and once more (load -> save -> load) nothing drifts
    again = load_record(loaded.save(tmp_path / "again.json"))
    assert again.steps == record.steps
    assert (tmp_path / "again.json").read_text(encoding="utf-8") == \
        (tmp_path / "notes.json").read_text(encoding="utf-8")


def test_headers_survive_the_round_trip(tmp_path):
    record = scripted_record()
    loaded = load_record(record.save(tmp_path / "h.json"))
    assert loaded.headers == SCRIPT_HEADERS
    no_headers = load_record(scripted_record(headers={}).dumps())
    assert no_headers.headers == {}


def test_names_and_comments_stay_plain_text_through_the_round_trip(tmp_path):
    record = scripted_record()
    path = record.save(tmp_path / "xss.json")
    data = json.loads(path.read_text(encoding="utf-8"))
    # stored as written: not escaped, not stripped, not "sanitised"
    assert data["players"][1] == XSS_NAME
    assert data["steps"][1]["comment"] == SCRIPT_COMMENT
    loaded = load_record(path)
    assert loaded.players == SCRIPT_NAMES
    assert loaded.players[1] == XSS_NAME
    assert loaded.steps[1].comment == SCRIPT_COMMENT
    assert loaded.steps[1].tags == ("<b>", "?!")
    # the rule sentences name the player by the exact name too (escaping is the view's job)
    sentences = loaded.explain(3)  # step 3: seat 1 declares "play"
    assert any(XSS_NAME in sentence for sentence in sentences), sentences


def test_names_given_to_play_game_are_kept(tmp_path):
    names = [XSS_NAME, "x" * 40, "\u00e9l\u00e8ve"]
    record = play_game(GAME, random_bots(3, 9), seed=9, names=names, options={"rounds": 1})
    assert record.players == names
    assert load_record(record.save(tmp_path / "n.json")).players == names


def test_default_names_round_trip():
    record = played(4, 12, {"rounds": 1})
    assert record.players == ["Player 1", "Player 2", "Player 3", "Player 4"]
    assert load_record(record.dumps()).players == record.players


def test_stored_version_1_file_still_loads():
    """A file written by this version must keep loading (records are kept for years)."""
    loaded = load_record(DATA / "tomate-scripted-v1.json")
    assert loaded.players == SCRIPT_NAMES
    assert loaded.headers == SCRIPT_HEADERS
    assert loaded.outcome.winners == (2,)
    assert loaded.outcome.scores == (22, 17, 24)
    assert_same_game(loaded, scripted_record())


# ---- the shipped JSON Schema --------------------------------------------------------------
def test_schema_is_a_valid_json_schema():
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    assert SCHEMA["properties"]["version"] == {"const": records.VERSION}
    assert SCHEMA["properties"]["format"] == {"const": records.FORMAT}
    assert all(re.fullmatch(SCHEMA["properties"]["game"]["pattern"], name) for name in GAMES)


@pytest.mark.parametrize("players, seed, options", PLAYED_CASES)
def test_saved_played_games_validate_against_the_schema(tmp_path, players, seed, options):
    path = played(players, seed, options).save(tmp_path / "g.json")
    errors = list(VALIDATOR.iter_errors(json.loads(path.read_text(encoding="utf-8"))))
    assert errors == []


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_saved_game_of_every_registered_game_validates_and_replays(tmp_path, name):
    game = GAMES[name]
    players = min(max(3, game.min_players), game.max_players)
    record = play_game(game, random_bots(players, 13), seed=13)
    path = record.save(tmp_path / f"{name}.json")
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["game"] == name
    assert list(VALIDATOR.iter_errors(data)) == []
    loaded = load_record(path)
    assert loaded.game is game and loaded.steps == record.steps
    assert loaded.states == record.states and loaded.outcome == record.outcome


def test_saved_annotated_and_unfinished_records_validate_against_the_schema(tmp_path):
    finished = scripted_record().save(tmp_path / "finished.json")
    partial_record = scripted_record()
    partial_record.truncate(5)
    partial = partial_record.save(tmp_path / "partial.json")
    empty = GameRecord(GAME, 2).save(tmp_path / "empty.json")
    for path in (finished, partial, empty):
        data = json.loads(path.read_text(encoding="utf-8"))
        assert list(VALIDATOR.iter_errors(data)) == [], path.name


def _step(index: int, **changes):
    def mutate(data):
        step = data["steps"][index]
        for key, value in changes.items():
            if value is _DELETE:
                step.pop(key, None)
            else:
                step[key] = value
    return mutate


def _top(**changes):
    def mutate(data):
        for key, value in changes.items():
            if value is _DELETE:
                data.pop(key, None)
            else:
                data[key] = value
    return mutate


def _set_step(index, value):
    def mutate(data):
        data["steps"][index] = value
    return mutate


_DELETE = object()

# shape problems the loader refuses and the schema can express
SHAPE_PROBLEMS = {
    "format missing": _top(format=_DELETE),
    "format wrong": _top(format="pgn"),
    "version missing": _top(version=_DELETE),
    "version newer": _top(version=2),
    "version as text": _top(version="1"),
    "version zero": _top(version=0),
    "unknown top-level field": _top(moves=[]),
    "game missing": _top(game=_DELETE),
    "game not text": _top(game=7),
    "game unknown": _top(game="chess"),
    "players missing": _top(players=_DELETE),
    "players not a list": _top(players="Ana, Bo, Cy"),
    "players empty": _top(players=[]),
    "player name not text": _top(players=["Ana", 7, "Cy"]),
    "player name empty": _top(players=["Ana", "", "Cy"]),
    "player name too long": _top(players=["Ana", "x" * 41, "Cy"]),
    "options not an object": _top(options=["rounds", 1]),
    "option value null": _top(options={"rounds": None}),
    "option value a list": _top(options={"rounds": [1]}),
    "option value fractional": _top(options={"rounds": 1.5}),
    "headers not an object": _top(headers=["event"]),
    "header value not text": _top(headers={"round": 3}),
    "steps missing": _top(steps=_DELETE),
    "steps not a list": _top(steps={"1": "decline"}),
    "step not an object": _set_step(1, "decline"),
    "step without by": _step(1, by=_DELETE),
    "step without action": _step(1, action=_DELETE),
    "step by a name": _step(1, by="bob"),
    "step by negative seat": _step(1, by=-1),
    "step by true": _step(1, by=True),
    "step by fractional": _step(1, by=0.5),
    "step action empty": _step(1, action=""),
    "step action not text": _step(1, action=["decline"]),
    "step unknown field": _step(1, player=0),
    "comment not text": _step(1, comment=5),
    "comment too long": _step(1, comment="x" * 10_001),
    "tags not a list": _step(1, tags="forced"),
    "tag empty": _step(1, tags=[""]),
    "tag too long": _step(1, tags=["t" * 41]),
    "tag not text": _step(1, tags=[1]),
    "result not an object": _top(result="Cy wins"),
    "result without winners": _top(result={"scores": [22, 17, 24]}),
    "result without scores": _top(result={"winners": [2]}),
}


def test_the_unmodified_record_is_accepted_by_both():
    data = scripted_record().to_json()
    assert list(VALIDATOR.iter_errors(data)) == []
    load_record(data)


@pytest.mark.parametrize("problem", list(SHAPE_PROBLEMS))
def test_loader_and_schema_both_refuse_a_badly_shaped_record(problem):
    data = scripted_record().to_json()
    SHAPE_PROBLEMS[problem](data)
    with pytest.raises(RecordError) as caught:
        load_record(data)
    assert "\n" not in str(caught.value)
    if problem == "game unknown":  # the schema cannot list the plug-ins a reader has installed
        assert "known games" in str(caught.value)
        return
    assert not VALIDATOR.is_valid(data), f"schema accepts a record the loader refuses: {problem}"


# ---- saving is atomic ------------------------------------------------------------------------
def test_saving_into_a_missing_folder_raises_and_writes_nothing(tmp_path):
    target = tmp_path / "no" / "such" / "folder" / "game.json"
    with pytest.raises(InvalidInputError) as caught:
        scripted_record().save(target)
    assert "does not exist" in str(caught.value)
    assert isinstance(caught.value, ValueError)
    assert not (tmp_path / "no").exists()
    assert list(tmp_path.iterdir()) == []


def test_saving_onto_a_folder_raises_and_leaves_no_temp_file(tmp_path):
    folder = tmp_path / "a-folder.json"
    folder.mkdir()
    with pytest.raises(InvalidInputError, match="it is a folder"):
        scripted_record().save(folder)
    assert folder.is_dir() and list(folder.iterdir()) == []
    assert temp_leftovers(tmp_path) == []


@pytest.fixture
def existing(tmp_path):
    """A good record already on disk, about to be overwritten by a failing save."""
    path = played(3, 21, {"rounds": 2}).save(tmp_path / "game.json")
    return path, path.read_bytes()


def _assert_untouched(path: Path, old: bytes):
    assert path.read_bytes() == old
    assert temp_leftovers(path.parent) == []
    assert sorted(p.name for p in path.parent.iterdir()) == [path.name]
    load_record(path)  # still a good record


@pytest.mark.parametrize("step, failure", [
    ("replace", OSError("disk went away")),            # the final rename fails
    ("fsync", OSError("no space left on device")),     # flushing to disk fails
    ("fsync", KeyboardInterrupt()),                    # the user interrupts the save
], ids=["failed-replace", "failed-fsync", "interrupted"])
def test_failed_save_keeps_the_old_file_and_no_temp_file(existing, monkeypatch, step, failure):
    path, old = existing

    def fail(*args):
        raise failure

    monkeypatch.setattr(records.os, step, fail)
    with pytest.raises(type(failure)):
        scripted_record().save(path)
    monkeypatch.undo()
    _assert_untouched(path, old)


def test_failed_serialisation_keeps_the_old_file(existing, monkeypatch):
    path, old = existing

    def broken(*args, **kwargs):
        raise TypeError("cannot serialise")

    monkeypatch.setattr(records.json, "dumps", broken)
    with pytest.raises(TypeError):
        scripted_record().save(path)
    monkeypatch.undo()
    _assert_untouched(path, old)


def test_unwritable_text_is_refused_before_anything_is_written(existing):
    """A lone surrogate cannot be written as UTF-8: it is refused when the comment is given,
    so a later save cannot fail halfway; the record and the file stay as they were."""
    path, old = existing
    record = GameRecord(GAME, 3, dict(SCRIPT_OPTIONS))
    with pytest.raises(InvalidInputError, match="surrogate"):
        record.append(DEAL, CHANCE, comment="broken \ud800 text")
    assert len(record) == 0
    _assert_untouched(path, old)


def test_successful_save_replaces_the_old_file_completely(existing):
    path, old = existing
    record = scripted_record()
    record.save(path)
    assert path.read_bytes() != old
    assert temp_leftovers(path.parent) == []
    assert_same_game(load_record(path), record)


# ---- a refused append changes nothing ----------------------------------------------------
def _snapshot(record: GameRecord):
    return (list(record.steps), [copy.deepcopy(s) for s in record.states],
            [list(e) for e in record.events], record.state)


@pytest.mark.parametrize("action, seat, error", [
    ("play:2-coins", 0, IllegalActionError),     # must beat the K of coins
    ("play:5-cups", 0, IllegalActionError),      # Bo's card, not Ana's
    ("play:A-coins", 1, IllegalActionError),     # not Bo's turn
    ("play:A-coins", CHANCE, IllegalActionError),  # a player's move written as chance
    ("play:Z-coins", 0, InvalidInputError),      # names no card
    ("", None, InvalidInputError),
    ("pass", None, IllegalActionError),          # declarations are over
])
def test_illegal_append_raises_and_leaves_the_record_unchanged(action, seat, error):
    record = GameRecord(GAME, SCRIPT_NAMES, SCRIPT_OPTIONS)
    for s, a in SCRIPT[:7]:
        record.append(a, s)
    steps, states, events, last = _snapshot(record)
    with pytest.raises(error) as caught:
        record.append(action, seat, comment="should not be kept", tags=["x"])
    assert isinstance(caught.value, ValueError)
    if error is InvalidInputError:
        assert not isinstance(caught.value, IllegalActionError)
    assert record.steps == steps
    assert record.states == states
    assert record.events == events
    assert record.state is last
    assert len(record) == 7
    # the record carries on as if nothing happened and still round-trips
    for s, a in SCRIPT[7:]:
        record.append(a, s)
    assert record.outcome.scores == (22, 17, 24)
    assert load_record(record.dumps()).states == record.states


def test_illegal_append_names_the_rule():
    record = GameRecord(GAME, SCRIPT_NAMES, SCRIPT_OPTIONS)
    for s, a in SCRIPT[:7]:
        record.append(a, s)
    with pytest.raises(IllegalActionError) as caught:
        record.append("play:2-coins")
    assert caught.value.rule == "follow.beat"
    assert caught.value.rule in GAME.rulebook
    assert "follow.beat" in str(caught.value)


def test_append_after_the_game_is_over_changes_nothing():
    record = scripted_record()
    steps, states, events, last = _snapshot(record)
    with pytest.raises(IllegalActionError) as caught:
        record.append("play:A-coins", 0)
    assert caught.value.rule == "game.over"
    assert (record.steps, record.states, record.events) == (steps, states, events)


@pytest.mark.parametrize("note", [
    dict(comment="x" * 10_001),
    dict(comment=12345),
    dict(tags=[""]),
    dict(tags=["t" * 41]),
    dict(tags=[7]),
], ids=["comment-over-10000", "comment-not-text", "empty-tag", "tag-over-40", "tag-not-text"])
def test_notes_the_record_accepts_can_be_saved_and_loaded(tmp_path, note):
    """Whatever GameRecord.append lets you write down, load_record must read back.

    Either append refuses the note up front (InvalidInputError, nothing kept) or the saved
    file loads; never a file the package itself cannot open.
    """
    record = GameRecord(GAME, 3, dict(SCRIPT_OPTIONS))
    try:
        record.append(DEAL, CHANCE, **note)
    except InvalidInputError:
        assert len(record) == 0 and len(record.states) == 1
        return
    path = record.save(tmp_path / "note.json")
    problem = _load_problem(path)
    assert problem is None, f"append accepted {note!r:.60} but its saved file cannot be loaded: {problem}"


@pytest.mark.parametrize("headers", [{"round": 3}, {"event": None}, {"players": ["a", "b"]}],
                         ids=["int-value", "null-value", "list-value"])
def test_headers_the_record_accepts_can_be_saved_and_loaded(tmp_path, headers):
    try:
        record = GameRecord(GAME, 3, dict(SCRIPT_OPTIONS), headers)
    except InvalidInputError:
        return
    path = record.save(tmp_path / "headers.json")
    problem = _load_problem(path)
    assert problem is None, f"GameRecord accepted headers {headers!r} but its saved file " \
                            f"cannot be loaded: {problem}"


def _load_problem(path):
    try:
        load_record(path)
    except RecordError as error:
        return str(error)
    return None


def test_step_json_form():
    assert Step(CHANCE, "deal:x").to_json() == {"by": "chance", "action": "deal:x"}
    assert Step(2, "pass", "why?", ("a", "b")).to_json() == {
        "by": 2, "action": "pass", "comment": "why?", "tags": ["a", "b"]}
