"""Records and input made to break things: each refusal is one clear line that quotes only a
short excerpt, a record the schema refuses is refused by the loader too, terminal output
carries no escape sequences, and nothing else (a traceback, a half-written file) happens."""
from __future__ import annotations

import json
import tracemalloc

import jsonschema
import pytest

from tomato_widgets.cli import main
from tomato_widgets.core import records
from tomato_widgets.core.errors import InvalidInputError, RecordError
from tomato_widgets.core.records import SCHEMA_PATH, load_record
from tomato_widgets.core.text import for_terminal, quote
from tomato_widgets.games.tomate import scenarios

SCHEMA = jsonschema.Draft202012Validator(json.loads(SCHEMA_PATH.read_text(encoding="utf-8")))


def finished() -> dict:
    """A small finished Tomate game as record JSON."""
    record = scenarios.penalty_and_thirds()
    record.complete_forced()
    assert record.outcome is not None
    return json.loads(record.dumps())


def refused(data) -> RecordError:
    with pytest.raises(RecordError) as caught:
        load_record(data)
    message = str(caught.value)
    assert "\n" not in message and len(message) < 400, message
    return caught.value


def cli(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# ---- 1. nesting ---------------------------------------------------------------------------------
@pytest.mark.parametrize("where", ["headers", "options", "step", "result", "top"])
def test_deep_nesting_anywhere_is_one_clear_refusal(where, tmp_path, capsys):
    deep = "[" * 5000 + "]" * 5000
    data = finished()
    text = json.dumps(data)
    if where == "top":
        text = deep
    else:
        key = {"headers": '"headers": {', "options": '"options": {', "step": '"steps": [',
               "result": '"result": {'}[where]
        if key not in text:
            text = text.replace('"steps": [', '"headers": {}, "steps": [')
        inner = {"headers": f'"x": {deep}, ', "options": f'"x": {deep}, ', "step": f"{deep}, ",
                 "result": f'"x": {deep}, '}[where]
        text = text.replace(key, key + inner, 1)
    with pytest.raises(RecordError, match="nests deeper|JSON object"):
        load_record(text)
    path = tmp_path / "deep.json"
    path.write_text(text)
    for command in ("validate", "show"):
        code, out, err = cli(capsys, command, str(path))
        assert code == 1 and out == ""
        assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


# ---- 1b. size: refused before anything is built from the text ------------------------------------
def json_values(value) -> int:
    """The values a record's JSON holds as its limit counts them: everything inside a list or
    an object, and an empty list or object once more."""
    if isinstance(value, dict):
        value = list(value.values())
    if not isinstance(value, list):
        return 0
    return max(len(value), 1) + sum(json_values(item) for item in value)


def with_many(key: str, item: str, count: int) -> str:
    """The finished game as JSON text, ``key`` holding ``count`` copies of ``item``."""
    head, tail = json.dumps(dict(finished(), **{key: ["@"]})).split('"@"')
    return head + ",".join([item] * count) + tail


@pytest.mark.parametrize("key, item", [("steps", "0"), ("steps", "{}"), ("steps", '"a"'),
                                       ("notes", "0")])
def test_too_many_values_are_refused_before_they_are_built(key, item):
    """A text of millions of tiny values (steps, or an unknown field) is refused by the value
    limit, with less memory than the text itself: nothing is parsed first."""
    text = with_many(key, item, records.MAX_VALUES)
    tracemalloc.start()
    try:
        error = refused(text)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert f"the JSON holds more than {records.MAX_VALUES:,} values" in str(error)
    assert peak < len(text)


def test_a_record_at_the_value_limit_loads_and_one_more_value_is_refused(monkeypatch):
    """Commas and brackets in texts are not values: comments full of them, running past the
    pieces the count reads at a time, leave the record exactly at its count."""
    data = annotated()
    for step in data["steps"]:
        step["comment"] = ('Ben leads, [trump] {"pot"} \\ ' * 400)[:records.MAX_COMMENT]
    monkeypatch.setattr(records, "SCAN_CHUNK", 1000)
    monkeypatch.setattr(records, "MAX_VALUES", json_values(data))
    assert len(load_record(json.dumps(data)).steps) == len(data["steps"])
    monkeypatch.setattr(records, "MAX_VALUES", json_values(data) - 1)
    assert "more than" in str(refused(json.dumps(data)))
    assert len(load_record(data).steps) == len(data["steps"])  # a dict is not JSON text


def test_text_and_bytes_get_the_size_limit_files_get(monkeypatch):
    text = json.dumps(finished())
    monkeypatch.setattr(records, "MAX_BYTES", len(text) - 1)
    for source in (text, text.encode()):
        assert f"larger than {len(text) - 1:,} bytes" in str(refused(source))


def test_a_number_too_long_to_read_is_one_clear_refusal():
    text = json.dumps(finished()).replace('"by": 0', '"by": 1' + "0" * 5000, 1)
    assert "a number in the JSON has more than 4,300 digits" in str(refused(text))


# ---- 3. headers ---------------------------------------------------------------------------------
@pytest.mark.parametrize("headers, says", [
    ({"event": "\ud800"}, "unpaired surrogate U+D800"),
    ({"event": "club\x1b]0;pwned\x07"}, "control character U+001B"),
    ({"\u202eevent": "x"}, "invisible formatting character U+202E"),
    ({"event": "\ue000"}, "private-use character U+E000"),
    ({"event": "x" * 501}, "at most 500 characters"),
    ({f"h{i}": "x" for i in range(51)}, "at most 50 facts"),
    ({"": "x"}, "cannot be empty"),
])
def test_headers_get_the_checks_names_get(headers, says):
    data = finished()
    data["headers"] = headers
    error = refused(json.dumps(data))  # as text: "\ud800" is a valid JSON escape
    assert says in str(error)
    assert not SCHEMA.is_valid(data) or "surrogate" in says or "character" in says


def test_a_header_with_line_breaks_still_loads_and_saves(tmp_path):
    data = finished()
    data["headers"] = {"annotator": "line one\nline two"}
    record = load_record(data)
    record.save(tmp_path / "again.json")
    assert load_record(tmp_path / "again.json").headers == data["headers"]


# ---- 4. the stated result: the loader and the schema agree --------------------------------------
@pytest.mark.parametrize("change", [
    {"rule": "nonsense"}, {"rule": 5}, {"rule": None}, {"extra": 1},
    {"scores": "float"}, {"winners": "float"}, {"scores": "bools"},
])
def test_a_stated_result_is_the_replays_exactly(change):
    data = finished()
    result = data["result"]
    for key, value in change.items():
        if value == "float":
            result[key] = [float(v) for v in result[key]]
        elif value == "bools":
            result[key] = [bool(v) for v in result[key]]
        else:
            result[key] = value
    error = refused(data)
    assert "does not match the replay" in str(error)


def test_what_the_schema_refuses_the_loader_refuses():
    data = finished()
    cases = []
    for path, value in [(("result", "rule"), 5), (("result", "extra"), 1),
                        (("result", "scores"), [1.5, 2, 3]), (("headers",), {"a": 1}),
                        (("players",), []), (("steps", 0, "tags"), [""]),
                        (("steps", 0, "visible_to"), [0, 0]), (("steps", 0, "by"), "Chance"),
                        (("options", "rounds"), 1.5), (("version",), 2), (("format",), "x")]:
        changed = json.loads(json.dumps(data))
        target = changed
        for key in path[:-1]:
            target = target.setdefault(key, {}) if isinstance(key, str) else target[key]
        target[path[-1]] = value
        cases.append(changed)
    for changed in cases:
        assert not SCHEMA.is_valid(changed), changed
        with pytest.raises(InvalidInputError):
            load_record(changed)


#: every kind of JSON value, put in place of each field (or the field left out) below
KINDS = {"missing": None, "null": None, "true": True, "7": 7, "1.5": 1.5, "text": "text",
         "[]": [], "{}": {}}
#: (field, kind) pairs whose answer is not the field's shape but the game's: options left
#: out take their defaults, steps the replay checks
SEMANTIC = {("options", "missing"), ("options", "{}"), ("steps", "[]"), ("by", "7"),
            ("action", "text"), ("game", "text")}  # a game: any short name (plug-ins)
FIELDS = ["format", "version", "game", "options", "players", "headers", "steps", "result",
          "by", "action", "comment", "visible_to", "tags"]


def annotated() -> dict:
    """A finished game where every field is there: headers, and a step with all of its own."""
    data = finished()
    data["headers"] = {"event": "club night"}
    data["steps"][7].update(visible_to=[2], tags=["trump"])
    return data


@pytest.mark.parametrize("field, kind", [(f, k) for f in FIELDS for k in KINDS
                                         if (f, k) not in SEMANTIC])
def test_the_loader_and_the_schema_agree_on_each_fields_shape(field, kind):
    """Whatever stands in a field (or nothing), the loader loads the record exactly when the
    shipped schema accepts it: a tool that checks records with the schema is told the truth."""
    data = annotated()
    target = data if field in data else data["steps"][7]
    if kind == "missing":
        del target[field]
    else:
        target[field] = KINDS[kind]
    try:
        load_record(data)
        loads = True
    except RecordError:
        loads = False
    assert SCHEMA.is_valid(data) == loads


def test_null_comment_and_readers_mean_none_and_everyone():
    data = annotated()
    data["steps"][0]["comment"] = None
    data["steps"][7]["visible_to"] = None
    record = load_record(data)
    assert record.steps[0].comment is None
    assert record.steps[7].comment_for(0) == "Cai has no cups and trumps: trick 1 is his."
    assert SCHEMA.is_valid(data)


# ---- 5. messages quote a short excerpt ----------------------------------------------------------
def test_messages_quote_only_an_excerpt():
    data = finished()
    data["steps"][3]["action"] = "play:" + "x" * 800_000
    error = refused(data)
    assert "(800,005 characters)" in str(error)
    data = finished()
    data["steps"][3]["by"] = 10 ** 4000
    error = refused(json.dumps(data))
    assert "a number of about 4,001 digits" in str(error)
    data = finished()
    data["players"][1] = "\x1b[2J" * 100
    error = refused(data)
    assert "\x1b" not in str(error)


def test_quote_keeps_short_values_and_describes_long_ones():
    assert quote("K-cups") == "'K-cups'"
    assert quote([0, 2]) == "[0, 2]"
    assert quote(7) == "7" and quote(True) == "true" and quote(None) == "null"
    assert quote("a" * 100).endswith("...' (100 characters)")
    assert quote(list(range(100))) == "a list of 100 items"
    assert quote("\x1b]0;x\x07") == "'\\x1b]0;x\\x07'"


# ---- 6. terminal output --------------------------------------------------------------------------
def test_show_never_prints_escape_sequences(tmp_path, capsys):
    """Comments are free text (names and headers refuse control characters): ``show`` makes
    what a terminal would obey visible instead."""
    data = json.loads(scenarios.must_beat().dumps())
    data["steps"][2]["comment"] = "clear! \x1b[2J\x1b[H \x9b31m red \u202e reversed \x07"
    path = tmp_path / "escapes.json"
    path.write_text(json.dumps(data))
    for argv in (("show", str(path), "--step", "3"), ("show", str(path)), ("validate", str(path))):
        code, out, err = cli(capsys, *argv)
        assert code == 0, err
        for text in (out, err):
            assert not any(ch in text for ch in "\x1b\x07\x9b\u202e"), argv
    code, out, _ = cli(capsys, "show", str(path), "--step", "3")
    assert "\\u001b[2J" in out and "\\u202e" in out  # shown, made visible


def test_for_terminal_keeps_text_and_line_breaks():
    assert for_terminal("Zoë 漢字 🍅\nnext\tline") == "Zoë 漢字 🍅\nnext\tline"
    assert for_terminal("\x1b[2J") == "\\u001b[2J"


# ---- 8. saving: nothing left behind, nothing read-only replaced -----------------------------------
def test_a_killed_save_leaves_a_temporary_file_the_next_save_removes(tmp_path):
    import subprocess
    import sys
    record = scenarios.must_beat()
    # a save killed between writing and renaming: its temporary file stays behind
    code = ("import os, signal, sys; from tomato_widgets.games.tomate import scenarios\n"
            "os.replace = lambda *a: os.kill(os.getpid(), signal.SIGKILL)\n"
            f"scenarios.must_beat().save({str(tmp_path / 'game.json')!r})\n")
    subprocess.run([sys.executable, "-c", code], check=False)
    left = [p.name for p in tmp_path.iterdir()]
    assert len(left) == 1 and left[0].startswith(".record-") and left[0].endswith(".tmp")
    record.save(tmp_path / "other.json")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["other.json"]


def test_a_read_only_record_is_not_overwritten(tmp_path):
    import os
    path = scenarios.must_beat().save(tmp_path / "game.json")
    before = path.read_bytes()
    os.chmod(path, 0o444)
    record = scenarios.must_beat()
    with pytest.raises(InvalidInputError, match="read-only"):
        scenarios.penalty_and_thirds().save(path)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]
    from tomato_widgets.widgets import replay
    with pytest.raises(InvalidInputError, match="read-only"):
        replay(record).save_html(path)
    assert path.read_bytes() == before


# ---- 9. wording ----------------------------------------------------------------------------------
def test_refusals_are_told_about_the_player_in_a_record():
    from tomato_widgets.core.text import third_person
    assert third_person("you must beat the 6 of cups when you can: your K of cups does", "Ben") \
        == "Ben must beat the 6 of cups when they can: their K of cups does"
    assert third_person("you have no cups, so you must play a trump", "Ana") \
        == "Ana has no cups, so they must play a trump"
    assert third_person("the 5 of cups is not in your hand", "Cy") == "the 5 of cups is not in Cy's hand"


def test_a_private_use_character_is_called_so_and_json_errors_read_well():
    from tomato_widgets.core.records import check_name
    with pytest.raises(InvalidInputError, match="private-use character U\\+E000"):
        check_name("Bo\ue000", "players[1]")
    with pytest.raises(InvalidInputError, match="control character U\\+0007"):
        check_name("Bo\x07", "players[1]")
    with pytest.raises(RecordError) as caught:
        load_record('{"format": "tomato-widgets/record", "game": "tomate", "players": ["A')
    assert "at at" not in str(caught.value) and "(line 1, column" in str(caught.value)


def test_a_player_out_of_turn_is_counted_from_one():
    from tomato_widgets.games.tomate import GAME
    record = scenarios.must_beat()
    state = record.states[6]  # Ben is to play
    reason = GAME.reason_illegal(state, "play:K-cups", 2)
    assert reason.rule == "turn.order" and "player 3" in reason.message


# ---- 2. every option set gives a game that ends ---------------------------------------------------
def test_an_endless_game_is_refused_up_front(capsys, tmp_path):
    code, out, err = cli(capsys, "simulate", "tomate", "--players", "4", "--option", "rounds=0",
                         "-o", str(tmp_path / "endless.json"))
    assert code == 1 and out == "" and "rounds" in err and "at least 1" in err
    assert len(err.strip().splitlines()) == 1 and list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("name", ["tomate", "tomatomat", "karate_tomate", "tanemaki",
                                  "diced_tomatoes"])
def test_the_longest_options_give_games_that_end(name):
    """Every option at its most generous still ends: the round limit is always there."""
    from tomato_widgets.core.play import play_game, random_bots
    from tomato_widgets.games import GAMES
    game = GAMES[name]
    longest = {option.name: option.maximum for option in game.options
               if option.kind == "int" and option.maximum is not None
               and option.name in ("rounds", "round_limit")}
    record = play_game(game, random_bots(game.min_players, 1), seed=1, options=longest)
    assert record.outcome is not None


def test_export_says_how_big_the_page_is(capsys, tmp_path):
    path = scenarios.must_beat().save(tmp_path / "game.json")
    code, out, _ = cli(capsys, "export", str(path), "-o", str(tmp_path / "game.html"))
    assert code == 0 and " MB, every step in the page" in out
