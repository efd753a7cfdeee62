"""Bad input: every problem is a ValueError that says what is wrong and where.

* loading a record: ``RecordError`` with a one-line message, the 1-based step, the action and
  the rule id (so a user can find the bad line in the file);
* players' names: plain text, refused with ``InvalidInputError`` naming ``players[i]``;
* options: refused naming the option;
* ``game.apply``: ``IllegalActionError`` (with the rule) for a well-formed action the rules
  forbid, ``InvalidInputError`` for an action id that names nothing; the state never changes.
"""
from __future__ import annotations

import copy
import json
import re

import pytest

from tomato_widgets.core.errors import IllegalActionError, InvalidInputError, RecordError
from tomato_widgets.core.game import CHANCE
from tomato_widgets.core.play import play_game, random_bots
from tomato_widgets.core.records import GameRecord, check_name, load_record
from tomato_widgets.games import GAMES, get_game
from tomato_widgets.games.tomate.rules import cut_action, deal_action
from scripted_round import DEAL, SCRIPT

GAME = get_game("tomate")

NAMES = ["Ana", "Bo", "Cy"]
OPTIONS = {"first_dealer": 0, "rounds": 1}


def scripted(steps: int = len(SCRIPT)) -> GameRecord:
    record = GameRecord(GAME, NAMES, OPTIONS)
    for seat, action in SCRIPT[:steps]:
        record.append(action, seat)
    return record


def record_json(**changes) -> dict:
    data = scripted().to_json()
    data.update(changes)
    return data


def with_step(index: int, step) -> dict:
    data = record_json()
    data["steps"][index] = step
    return data


def load_error(source) -> RecordError:
    with pytest.raises(RecordError) as caught:
        load_record(source)
    error = caught.value
    assert isinstance(error, ValueError)
    assert isinstance(error, InvalidInputError)
    message = str(error)
    assert message and "\n" not in message and "\r" not in message, repr(message)
    assert len(message) < 400, message
    assert "Traceback" not in message
    return error


def assert_header_problem(error: RecordError) -> None:
    """A problem with the file as a whole: no step, action or rule to point at."""
    assert error.step is None
    assert error.action is None
    assert error.rule is None


# ---- the file itself ------------------------------------------------------------------
def test_not_json(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("Ana dealt, Bo passed, Cy won.\n", encoding="utf-8")
    error = load_error(path)
    assert "not valid JSON" in str(error)
    assert "line 1" in str(error)
    assert_header_problem(error)
    error = load_error("{this is not json}")
    assert "not valid JSON" in str(error)


def test_truncated_json_file(tmp_path):
    whole = scripted().save(tmp_path / "game.json").read_text(encoding="utf-8")
    half = tmp_path / "half.json"
    half.write_text(whole[: len(whole) // 2], encoding="utf-8")
    error = load_error(half)
    assert "not valid JSON" in str(error)
    assert_header_problem(error)
    error = load_error(whole[: len(whole) // 2])  # the same as text
    assert "not valid JSON" in str(error)
    error = load_error(whole[:-1])  # only the final brace missing
    assert "not valid JSON" in str(error)


def test_empty_file(tmp_path):
    path = tmp_path / "empty.json"
    path.write_bytes(b"")
    assert "not valid JSON" in str(load_error(path))


@pytest.mark.parametrize("text", ["[1, 2, 3]", "\"a record\"", "42", "null", "true"])
def test_top_level_not_an_object_in_a_file(tmp_path, text):
    path = tmp_path / "odd.json"
    path.write_text(text, encoding="utf-8")
    error = load_error(path)
    assert "JSON object" in str(error)
    assert_header_problem(error)


@pytest.mark.parametrize("text", ["[1, 2, 3]", "[{\"format\": \"tomato-widgets/record\"}]"])
def test_top_level_not_an_object_as_json_text(text):
    """JSON text is a documented source: an array must be called that, not a missing file."""
    error = load_error(text)
    assert "JSON object" in str(error), str(error)


@pytest.mark.parametrize("text", ["[" + "0, " * 200 + "0]", "x" * 600])
def test_long_text_that_is_not_a_record_is_a_record_error(text):
    """Long text is not a file name: no OSError ("File name too long") may leak out."""
    outcome = "accepted"
    try:
        load_record(text)
    except RecordError:
        outcome = "RecordError"
    except Exception as error:  # noqa: BLE001 - report the wrong kind compactly
        outcome = f"{type(error).__name__}: {str(error)[:60]}..."
    assert outcome == "RecordError"


@pytest.mark.parametrize("source", [42, 4.2, None, ["format"], ("a",)])
def test_source_of_the_wrong_kind(source):
    error = load_error(source)
    assert "path, JSON text or a dict" in str(error)


def test_missing_file(tmp_path):
    path = tmp_path / "nowhere" / "game.json"
    error = load_error(path)
    assert str(path) in str(error)
    assert "no record file" in str(error)
    assert_header_problem(error)
    assert "no record file" in str(load_error(str(tmp_path / "missing.json")))


def test_folder_instead_of_file(tmp_path):
    assert "no record file" in str(load_error(tmp_path))


def test_non_utf8_file(tmp_path):
    text = scripted().dumps().replace("Bo", "B\u00f6")
    path = tmp_path / "latin1.json"
    path.write_bytes(text.encode("latin-1"))
    error = load_error(path)
    assert "UTF-8" in str(error)
    assert str(path) in str(error)
    assert_header_problem(error)


def test_non_utf8_bytes():
    """Bytes are a documented source too: bad bytes are a RecordError, like a bad file."""
    text = scripted().dumps().replace("Bo", "B\u00f6")
    error = load_error(text.encode("latin-1"))
    assert "UTF-8" in str(error)


# ---- the header -----------------------------------------------------------------------
@pytest.mark.parametrize("value", ["pgn", "tomato-widgets/replay", None, 1])
def test_wrong_format(value):
    error = load_error(record_json(format=value))
    assert "tomato-widgets/record" in str(error)
    assert_header_problem(error)


def test_missing_format():
    data = record_json()
    del data["format"]
    assert "tomato-widgets/record" in str(load_error(data))


@pytest.mark.parametrize("version", [2, 3, 99])
def test_newer_version_says_to_upgrade(version):
    error = load_error(record_json(version=version))
    assert f"version {version}" in str(error)
    assert "upgrade" in str(error)
    assert_header_problem(error)


@pytest.mark.parametrize("version", [0, -1, "1", None, [1], True])
def test_wrong_version(version):
    error = load_error(record_json(version=version))
    assert "'version' must be 1" in str(error)
    assert "upgrade" not in str(error)


def test_missing_version():
    data = record_json()
    del data["version"]
    assert "'version' must be 1" in str(load_error(data))


@pytest.mark.parametrize("name", ["chess", "Tomate", "", "tomate "])
def test_unknown_game_lists_the_known_games(name):
    error = load_error(record_json(game=name))
    assert f"unknown game {name!r}" in str(error)
    for known in GAMES:
        assert known in str(error).split("known games:")[1]
    assert_header_problem(error)


def test_get_game_refuses_unknown_names_listing_known_ones():
    with pytest.raises(InvalidInputError) as caught:
        get_game("chess")
    assert "tomate" in str(caught.value)
    with pytest.raises(InvalidInputError):
        get_game(None)


@pytest.mark.parametrize("field", ["moves", "Steps", "comment", "$schema"])
def test_unknown_top_level_field(field):
    error = load_error(record_json(**{field: []}))
    assert f"unknown field {field!r}" in str(error)
    assert_header_problem(error)


@pytest.mark.parametrize("steps", [{"1": "decline"}, "decline", None, 3])
def test_steps_not_a_list(steps):
    error = load_error(record_json(steps=steps))
    assert "'steps'" in str(error)
    assert "list" in str(error)
    assert_header_problem(error)


def test_steps_missing():
    data = record_json()
    del data["steps"]
    assert "missing 'steps'" in str(load_error(data))


def test_players_not_a_list():
    error = load_error(record_json(players="Ana, Bo, Cy"))
    assert "'players'" in str(error)


@pytest.mark.parametrize("options", [["rounds"], "rounds=1", 3])
def test_options_not_an_object(options):
    assert "'options'" in str(load_error(record_json(options=options)))


@pytest.mark.parametrize("headers", [["event"], {"round": 3}, {"event": None}])
def test_headers_not_texts(headers):
    assert "'headers'" in str(load_error(record_json(headers=headers)))


# ---- the player count -----------------------------------------------------------------
@pytest.mark.parametrize("count", [0, 1, 14, 40])
def test_wrong_player_count_in_a_record(count):
    data = record_json(players=[f"P{i}" for i in range(count)], steps=[], options={})
    data.pop("result")
    error = load_error(data)
    assert "2 to 13 players" in str(error)
    assert f"not {count}" in str(error)
    assert_header_problem(error)


@pytest.mark.parametrize("count", [0, 1, 14, -2])
def test_wrong_player_count_elsewhere(count):
    with pytest.raises(InvalidInputError, match="2 to 13 players"):
        GAME.new_game(count)
    with pytest.raises(InvalidInputError, match="2 to 13 players"):
        GameRecord(GAME, count)
    if count > 0:
        with pytest.raises(InvalidInputError, match="2 to 13 players"):
            play_game(GAME, random_bots(count))


@pytest.mark.parametrize("count", [2.0, "3", None, True])
def test_player_count_must_be_a_whole_number(count):
    with pytest.raises(InvalidInputError):
        GAME.new_game(count)


# ---- options ---------------------------------------------------------------------------
BAD_OPTIONS = [
    ({"antee": 3}, "antee", "unknown option"),
    ({"rounds": 1, "colour": "red"}, "colour", "unknown option"),
    ({"ante": "3"}, "ante", "whole number"),
    ({"ante": 3.0}, "ante", "whole number"),
    ({"rounds": True}, "rounds", "whole number"),
    ({"starting_chips": None}, "starting_chips", "whole number"),
    ({"ante": 0}, "ante", "at least 1"),
    ({"penalty": -1}, "penalty", "at least 0"),
    ({"starting_chips": 100_001}, "starting_chips", "at most 100000"),
    ({"first_dealer": 13}, "first_dealer", "at most 12"),
    ({"first_dealer": 3}, "first_dealer", "seats run 0 to 2"),
    ({"ante_from": "nobody"}, "ante_from", "one of 'bank', 'dealer'"),
    ({"penalty_into": 1}, "penalty_into", "one of"),
]


@pytest.mark.parametrize("options, name, says", BAD_OPTIONS)
def test_bad_options_in_a_record_name_the_option(options, name, says):
    data = record_json(options=options, steps=[])
    data.pop("result")
    error = load_error(data)
    assert repr(name) in str(error), str(error)
    assert says in str(error)
    assert_header_problem(error)


@pytest.mark.parametrize("options, name, says", BAD_OPTIONS)
def test_bad_options_elsewhere_name_the_option(options, name, says):
    for make in (lambda: GameRecord(GAME, 3, options),
                 lambda: GAME.new_game(3, options),
                 lambda: play_game(GAME, random_bots(3), options=options)):
        with pytest.raises(InvalidInputError) as caught:
            make()
        assert repr(name) in str(caught.value)
        assert says in str(caught.value)
        assert not isinstance(caught.value, IllegalActionError)


def test_good_options_are_accepted_and_recorded():
    data = record_json(options={"ante_from": "dealer", "penalty": 0, "rounds": 1000}, steps=[])
    data.pop("result")
    record = load_record(data)
    assert record.options["ante_from"] == "dealer"
    assert record.options["penalty"] == 0
    assert record.options["ante"] == 3  # defaults filled in


# ---- players' names --------------------------------------------------------------------
BAD_NAMES = [
    ("B\no", "control character U+000A"),
    ("Bo\r", "control character U+000D"),
    ("B\to", "control character U+0009"),
    ("B\x00o", "control character U+0000"),
    ("B\x1b[31mo", "control character U+001B"),
    ("B\x7fo", "control character U+007F"),
    ("B\x85o", "control character U+0085"),        # NEXT LINE
    ("B\u200bo", "U+200B"),                          # zero-width space (format character)
    ("B\u202eo", "U+202E"),                          # right-to-left override
    ("B\u2028o", "U+2028"),                          # LINE SEPARATOR: a newline
    ("B\u2029o", "U+2029"),                          # PARAGRAPH SEPARATOR: a newline
    ("", "cannot be empty"),
    ("   ", "cannot be empty"),
    ("\u3000", "cannot be empty"),                   # ideographic space only
    ("x" * 41, "at most 40 characters"),
    ("\U0001f345" * 41, "at most 40 characters"),
    (7, "is text, not 7"),
    (None, "is text, not null"),
    (["Bo"], 'is text, not ["Bo"]'),
    (b"Bo", "is text, not a value of type bytes"),
    (True, "is text, not true"),
]


@pytest.mark.parametrize("name, says", BAD_NAMES, ids=lambda v: repr(v)[:20])
def test_bad_name_in_game_record_names_the_seat(name, says):
    with pytest.raises(InvalidInputError) as caught:
        GameRecord(GAME, ["Ana", name, "Cy"])
    error = caught.value
    assert error.where == "players[1]"
    assert str(error).startswith("players[1]: ")
    assert says in str(error)
    assert "\n" not in str(error)


@pytest.mark.parametrize("name, says", [case for case in BAD_NAMES if not isinstance(case[0], bytes)],
                         ids=lambda v: repr(v)[:20])
def test_bad_name_in_a_record_file_names_the_seat(name, says):
    error = load_error(record_json(players=["Ana", "Bo", name]))
    assert "players[2]" in str(error)
    assert says in str(error)
    assert "\n" not in str(error)


@pytest.mark.parametrize("name, says", BAD_NAMES[:3] + BAD_NAMES[-7:-4])
def test_bad_name_given_to_play_game(name, says):
    with pytest.raises(InvalidInputError) as caught:
        play_game(GAME, random_bots(3), names=["Ana", "Bo", name])
    assert "players[2]" in str(caught.value)
    assert says in str(caught.value)


@pytest.mark.parametrize("name", ["<img src=x onerror=alert(1)>", "x" * 40, "O'Brien \"the\" <3",
                                  "Zo\u00eb", "\u6f22\u5b57", "\U0001f345 Tomato", "a  b", "-",
                                  "{{player}}", "{0}", "%s", "Robert'); DROP TABLE players;--"])
def test_unusual_but_fine_names_are_kept_exactly(name):
    assert check_name(name, "players[0]") == name
    record = GameRecord(GAME, [name, "Bo"])
    assert record.players == [name, "Bo"]
    assert load_record(record.dumps()).players == [name, "Bo"]


@pytest.mark.parametrize("players", ["Ana", {"Ana": 0, "Bo": 1}, None, 2.0, True])
def test_players_must_be_a_list_of_names(players):
    with pytest.raises(InvalidInputError) as caught:
        GameRecord(GAME, players)
    assert "players" in str(caught.value)


# ---- steps --------------------------------------------------------------------------
@pytest.mark.parametrize("by", [3, 99, -1, -2, "bob", "Chance", None, True, 1.0, [0]])
def test_step_with_bad_by(by):
    error = load_error(with_step(2, {"by": by, "action": "play"}))
    assert error.step == 3
    assert str(error).startswith("step 3: ")
    assert "'by'" in str(error)
    assert "0 to 2" in str(error)
    assert (repr(by) if isinstance(by, str) else json.dumps(by)) in str(error)


def test_step_without_by():
    error = load_error(with_step(4, {"action": "play"}))
    assert error.step == 5
    assert "'by'" in str(error)


@pytest.mark.parametrize("step", ["play", ["by", 0], None, 5])
def test_step_not_an_object(step):
    error = load_error(with_step(1, step))
    assert error.step == 2
    assert str(error).startswith("step 2: ")


@pytest.mark.parametrize("action", ["", None, 7, ["play"]])
def test_step_action_not_a_text_id(action):
    error = load_error(with_step(3, {"by": 2, "action": action}))
    assert error.step == 4
    assert "'action'" in str(error)


def test_step_with_unknown_field():
    error = load_error(with_step(1, {"by": 0, "action": "decline", "note": "hm"}))
    assert error.step == 2
    assert "unknown field 'note'" in str(error)


@pytest.mark.parametrize("extra, says", [
    ({"comment": 5}, "'comment'"),
    ({"comment": "x" * 10_001}, "'comment'"),
    ({"tags": "forced"}, "'tags'"),
    ({"tags": [""]}, "'tags'"),
    ({"tags": ["x" * 41]}, "'tags'"),
    ({"tags": [None]}, "'tags'"),
])
def test_step_with_bad_notes(extra, says):
    error = load_error(with_step(1, dict({"by": 0, "action": "decline"}, **extra)))
    assert error.step == 2
    assert says in str(error)


def test_long_comment_at_the_limit_is_fine():
    data = with_step(1, {"by": 0, "action": "decline", "comment": "x" * 10_000})
    assert load_record(data).steps[1].comment == "x" * 10_000


ILLEGAL_STEPS = [
    # (0-based index, step, rule, words in the message)
    (7, {"by": 0, "action": "play:5-cups"}, "play.own-card", ["not in Ana's hand"]),
    (7, {"by": 0, "action": "play:3-clubs"}, "play.own-card", ["not in Ana's hand"]),
    (7, {"by": 0, "action": "play:2-coins"}, "follow.beat", ["beat the K of coins", "Ana"]),
    (6, {"by": 2, "action": "play:J-clubs"}, "follow.lower", ["follow suit"]),
    (7, {"by": 1, "action": "play:5-cups"}, "turn.order", ["not player 2's turn", "Bo"]),
    (1, {"by": 0, "action": "play"}, "deal.take", ["take or decline"]),
    (1, {"by": 1, "action": "decline"}, "turn.order", ["Bo"]),
    (2, {"by": 1, "action": "play:K-coins"}, "declare.order", ["play (stay in) or pass"]),
    (5, {"by": 1, "action": "pass"}, "round.phases", ["play a card"]),
    # chance outcomes written as a player's action, and the other way round
    (0, {"by": 0, "action": DEAL}, "turn.chance", ["chance"]),
    (1, {"by": "chance", "action": "decline"}, "turn.chance", ["player's decision"]),
    (1, {"by": "chance", "action": DEAL}, "turn.chance", ["player's decision"]),
    # a well-formed but impossible deal
    (0, {"by": "chance", "action": deal_action([["2-coins", "A-coins", "4-swords"],
                                                 ["K-coins", "5-cups", "A-coins"],
                                                 ["7-coins", "Q-cups", "J-clubs"]], "3-clubs")},
     "deal.deal", ["dealt twice"]),
    (0, {"by": "chance", "action": deal_action([["2-coins", "A-coins"],
                                                 ["K-coins", "5-cups", "6-swords"],
                                                 ["7-coins", "Q-cups", "J-clubs"]], "3-clubs")},
     "deal.deal", ["three cards"]),
    # a cut where a deal is due
    (0, {"by": "chance", "action": cut_action(["2-coins", "A-coins", "4-swords"])},
     "turn.chance", ["deal"]),
]


@pytest.mark.parametrize("index, step, rule, words", ILLEGAL_STEPS,
                         ids=[f"step{i + 1}-{r}" for i, _, r, _ in ILLEGAL_STEPS])
def test_illegal_step_names_step_action_and_rule(index, step, rule, words):
    error = load_error(with_step(index, step))
    assert error.step == index + 1
    assert error.action == step["action"]
    assert error.rule == rule
    assert rule in GAME.rulebook
    message = str(error)
    assert message.startswith(f"step {index + 1}: ")
    assert repr(step["action"]) in message
    assert f"({rule})" in message
    for word in words:
        assert word in message, message
    # a record's reader is told about the player, not addressed as the player
    assert not re.search(r"\byou(r)?\b", message), message


def test_illegal_step_in_a_file_on_disk(tmp_path):
    data = with_step(7, {"by": 0, "action": "play:2-coins"})
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data, indent=1), encoding="utf-8")
    error = load_error(path)
    assert (error.step, error.action, error.rule) == (8, "play:2-coins", "follow.beat")


def test_first_bad_step_is_the_one_reported():
    data = record_json()
    data["steps"][5] = {"by": 1, "action": "play:A-coins"}   # step 6: Bo has no ace
    data["steps"][9] = {"by": 1, "action": "play:Z-swords"}  # step 10: no such card
    error = load_error(data)
    assert error.step == 6


@pytest.mark.parametrize("index, step", [
    (7, {"by": 0, "action": "play:Z-coins"}),
    (7, {"by": 0, "action": "play:"}),
    (7, {"by": 0, "action": "throw:A-coins"}),
    (7, {"by": 0, "action": "PLAY:A-COINS"}),
    (1, {"by": 0, "action": "take it"}),
    (0, {"by": "chance", "action": "deal:A-coins"}),
    (0, {"by": "chance", "action": "deal:1-coins,2-coins,4-coins|K-coins,5-cups,6-swords|"
                                   "7-coins,Q-cups,J-clubs|3-clubs"}),
    (0, {"by": "chance", "action": "shuffle"}),
])
def test_malformed_action_id_in_a_record(index, step):
    error = load_error(with_step(index, step))
    assert error.step == index + 1
    assert error.action == step["action"]
    assert error.rule == "action.format"
    assert "(action.format)" in str(error)


def test_cut_for_the_dealer_is_replayed_and_checked():
    record = GameRecord(GAME, NAMES, {"rounds": 1})
    record.append(cut_action(["2-coins", "A-coins", "4-swords"]))
    assert record.state.dealer == 0
    data = record.to_json()
    data["steps"][0]["action"] = cut_action(["2-coins", "2-coins", "4-swords"])
    error = load_error(data)
    assert (error.step, error.rule) == (1, "setup.cut")
    data["steps"][0]["action"] = cut_action(["2-coins", "A-coins"])
    assert load_error(data).rule == "setup.cut"


# ---- the stated result ---------------------------------------------------------------
@pytest.mark.parametrize("result", [
    {"winners": [0], "scores": [22, 17, 24], "rule": "end.most-chips"},
    {"winners": [2], "scores": [24, 17, 22], "rule": "end.most-chips"},
    {"winners": [2], "scores": [22, 17], "rule": "end.most-chips"},
    {"winners": [], "scores": [22, 17, 24]},
    {"winners": [2]},
    "Cy wins",
    [2],
])
def test_stated_result_must_match_the_replay(result):
    error = load_error(record_json(result=result))
    assert "does not match the replay" in str(error)
    assert "winners [2]" in str(error) and "scores [22, 17, 24]" in str(error)
    assert_header_problem(error)


def test_result_stated_for_an_unfinished_game():
    data = record_json()
    data["steps"] = data["steps"][:10]
    error = load_error(data)
    assert "do not finish the game" in str(error)


def test_matching_result_and_no_result_both_load():
    assert load_record(record_json()).outcome.scores == (22, 17, 24)
    data = record_json()
    del data["result"]
    assert load_record(data).outcome.winners == (2,)


# ---- game.apply: illegal vs malformed --------------------------------------------------
@pytest.fixture
def must_beat():
    """Ana to play, with the K of coins led: she must play her ace, not the 2 of coins."""
    record = scripted(7)
    assert GAME.to_act(record.state) == (0,)
    assert GAME.legal_actions(record.state) == ("play:A-coins",)
    return record.state


def _frozen(state):
    return copy.deepcopy(state.public_fields()), GAME.observe(state, None)


@pytest.mark.parametrize("action, player, rule", [
    ("play:2-coins", None, "follow.beat"),
    ("play:2-coins", 0, "follow.beat"),
    ("play:5-cups", 0, "play.own-card"),
    ("play:A-coins", 1, "turn.order"),
    ("play:A-coins", CHANCE, "turn.chance"),
    ("pass", 0, None),             # any catalogued rule: the declarations are over
    ("discard:A-coins", 0, None),
])
def test_illegal_action_raises_naming_the_rule_and_changes_nothing(must_beat, action, player, rule):
    before = _frozen(must_beat)
    with pytest.raises(IllegalActionError) as caught:
        GAME.apply(must_beat, action, player)
    error = caught.value
    assert isinstance(error, ValueError)
    assert not isinstance(error, InvalidInputError)
    if rule is not None:
        assert error.rule == rule
    assert error.rule in GAME.rulebook
    assert error.action == action
    assert f"({error.rule})" in str(error)
    assert error.reason and "\n" not in str(error)
    assert GAME.reason_illegal(must_beat, action, player).rule == error.rule
    assert _frozen(must_beat) == before
    # the same state still takes the legal move, giving the same result as a fresh copy
    after, events = GAME.apply(must_beat, "play:A-coins")
    assert [e.rule for e in events] == ["follow.beat", "trick.won"]
    assert _frozen(must_beat) == before


def test_must_beat_message_tells_the_learner_what_to_do(must_beat):
    with pytest.raises(IllegalActionError) as caught:
        GAME.apply(must_beat, "play:2-coins")
    assert "A of coins" in caught.value.reason
    assert "K of coins" in caught.value.reason


@pytest.mark.parametrize("action", ["", "bogus", "play:Z-coins", "play:", "discard:", "play:a-coins",
                                    "play: A-coins", "play:A-coins ", "deal:xx", None, 42, ["play:A-coins"]])
def test_malformed_action_id_is_invalid_input_not_illegal(must_beat, action):
    before = _frozen(must_beat)
    with pytest.raises(InvalidInputError) as caught:
        GAME.apply(must_beat, action)
    assert not isinstance(caught.value, IllegalActionError)
    assert isinstance(caught.value, ValueError)
    assert GAME.reason_illegal(must_beat, action).rule == "action.format"
    assert _frozen(must_beat) == before


@pytest.mark.parametrize("action", ["deal:A-coins", "deal:", "deal:X-coins,2-coins,4-coins|a|b|c",
                                    "shuffle", "deal:2-coins|K-coins|7-coins"])
def test_malformed_chance_outcome_is_invalid_input(action):
    state = GAME.new_game(3, OPTIONS)
    assert GAME.to_act(state) == (CHANCE,)
    before = _frozen(state)
    with pytest.raises(InvalidInputError) as caught:
        GAME.apply(state, action)
    assert not isinstance(caught.value, IllegalActionError)
    assert _frozen(state) == before


def test_impossible_but_well_formed_deal_is_illegal():
    state = GAME.new_game(3, OPTIONS)
    before = _frozen(state)
    twice = deal_action([["2-coins", "A-coins", "4-swords"], ["2-coins", "5-cups", "6-swords"],
                         ["7-coins", "Q-cups", "J-clubs"]], "3-clubs")
    with pytest.raises(IllegalActionError) as caught:
        GAME.apply(state, twice)
    assert caught.value.rule == "deal.deal"
    assert _frozen(state) == before


def test_nothing_can_be_applied_after_the_end():
    state = scripted().state
    assert GAME.is_over(state)
    with pytest.raises(IllegalActionError) as caught:
        GAME.apply(state, "play:A-coins", 0)
    assert caught.value.rule == "game.over"


def test_record_errors_carry_step_action_and_rule_attributes():
    error = RecordError("boom", step=4, action="play:A-coins", rule="follow.beat")
    assert (error.step, error.action, error.rule) == (4, "play:A-coins", "follow.beat")
    assert str(error) == "step 4: boom"
    assert isinstance(error, ValueError)
    plain = RecordError("boom")
    assert (plain.step, plain.action, plain.rule) == (None, None, None)
    assert str(plain) == "boom"
