"""The tomato-widgets command as a user runs it."""
from __future__ import annotations

import json
import re

import pytest

from tomato_widgets.cli import main
from tomato_widgets.core.records import load_record
from tomato_widgets.games.tomate.cards import CARD_IDS, card_name
from tomato_widgets.games.tomatomat.cards import card_name as tomatomat_card_name


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_games_lists_players_options_and_bots(capsys):
    code, out, _ = run(capsys, "games")
    assert code == 0
    assert "tomate: Tomate, 2-13 players" in out
    assert "penalty_into='this-pot' (this-pot|next-pot)" in out
    assert "tomatomat: Tomatomat, 2-4 players" in out
    assert "remember_own=False (true|false)" in out
    from tomato_widgets.games import GAMES
    assert out.count("bots: random, heuristic") == len(GAMES)
    assert "tanemaki: Tanemaki, 2-5 players" in out


def test_simulate_writes_a_record_that_validates(capsys, tmp_path):
    path = tmp_path / "game.json"
    code, out, _ = run(capsys, "simulate", "tomate", "--players", "5", "--seed", "4", "-o", str(path),
                       "--option", "rounds=3")
    assert code == 0 and "wrote" in out
    record = load_record(path)
    assert len(record.players) == 5 and record.options["rounds"] == 3 and record.outcome
    code, out, _ = run(capsys, "validate", str(path))
    assert code == 0 and out.startswith("ok: tomate, 5 players")


def test_simulate_tomatomat_with_default_options_writes_a_record_that_validates(capsys, tmp_path):
    path = tmp_path / "tomatomat.json"
    code, out, _ = run(capsys, "simulate", "tomatomat", "-o", str(path))
    assert code == 0 and "wrote" in out
    record = load_record(path)
    assert record.game.name == "tomatomat" and len(record.players) == 2
    assert record.players == ["Heuristic 1", "Heuristic 2"] and record.outcome
    code, out, _ = run(capsys, "validate", str(path))
    assert code == 0 and out.startswith("ok: tomatomat, 2 players") and "finished" in out


def test_same_seed_same_game(capsys):
    _, first, _ = run(capsys, "simulate", "tomate", "--players", "3", "--seed", "9")
    _, second, _ = run(capsys, "simulate", "tomate", "--players", "3", "--seed", "9")
    assert json.loads(first)["steps"] == json.loads(second)["steps"]


@pytest.mark.parametrize("argv, message", [
    (("simulate", "tomate", "--players", "14"), "for 2 to 13 players, not 14"),
    (("simulate", "chess"), "unknown game 'chess'"),
    (("simulate", "tomate", "--option", "ante=lots"), "option 'ante': must be a whole number"),
    (("simulate", "tomate", "--option", "colour=red"), "unknown option 'colour'"),
    (("simulate", "tomate", "--bots", "genius"), "no bot 'genius'"),
    (("simulate", "tomate", "--bots", ""), "no bot ''"),
])
def test_bad_arguments_give_one_clear_line(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 1 and out == ""
    assert message in err and len(err.strip().splitlines()) == 1


def test_validate_reports_the_step_and_rule_of_a_broken_record(capsys, tmp_path):
    path = tmp_path / "game.json"
    run(capsys, "simulate", "tomate", "--players", "3", "--seed", "1", "-o", str(path))
    data = json.loads(path.read_text())
    number, step = next((i, s) for i, s in enumerate(data["steps"], 1) if s["action"].startswith("play:"))
    step["action"] = "play:" + next(c for c in CARD_IDS if c not in json.dumps(data["steps"][:number]))
    path.write_text(json.dumps(data))
    code, out, err = run(capsys, "validate", str(path))
    assert code == 1 and out == ""
    assert f"step {number}:" in err and "play.own-card" in err
    assert len(err.strip().splitlines()) == 1


def test_validate_refuses_what_is_not_a_record(capsys, tmp_path):
    path = tmp_path / "notes.json"
    path.write_text("{not json")
    code, _, err = run(capsys, "validate", str(path))
    assert code == 1 and "not valid JSON" in err


def test_show_hides_other_players_cards(capsys, tmp_path):
    path = tmp_path / "game.json"
    run(capsys, "simulate", "tomate", "--players", "4", "--seed", "2", "-o", str(path))
    record = load_record(path)
    step = next(i for i, s in enumerate(record.steps, 1) if s.action in ("play", "pass"))
    code, out, _ = run(capsys, "show", str(path), "--step", str(step), "--as", "seat:1")
    assert code == 0 and f"step {step} of {len(record.steps)}" in out
    assert "rule:" in out
    state = record.states[step]
    for seat in (0, 2, 3):
        for card in state.hands[seat]:
            visible = {c for h in record.game.observe(state, 1)["hands"] for c in h if c}
            if CARD_IDS[card] not in visible:
                assert card_name(card) not in out.split("Round")[-1]
    for card in state.hands[1]:
        assert card_name(card) in out
    code, out_all, _ = run(capsys, "show", str(path), "--step", str(step))
    assert "all-seeing" in out_all


def test_show_keeps_a_tomatomat_placement_face_down_for_the_other_seats(capsys, tmp_path):
    """In the middle of a batch, seat 1 learns that seat 0 put a card down, not which card
    nor at which machine; seat 0 itself is told both."""
    path = tmp_path / "tomatomat.json"
    run(capsys, "simulate", "tomatomat", "--players", "3", "--seed", "5", "-o", str(path))
    record = load_record(path)
    step = next(i for i, s in enumerate(record.steps, 1) if s.player == 0)
    state = record.states[step]
    assert state.phase == "allocate" and len(state.fresh[0]) == 1  # the batch goes on
    _, card, position = record.steps[step - 1].action.split(":")
    name = tomatomat_card_name(card)
    code, out, _ = run(capsys, "show", str(path), "--step", str(step), "--as", "seat:1")
    assert code == 0
    assert f"Step {step}: {record.players[0]}: place a card face down" in out
    # (seat 1's own hand is named in its view; nothing else may name a card)
    others = [line for line in out.splitlines() if not line.strip().startswith(record.players[1])]
    assert name not in "\n".join(others) and f"machine {position}" not in out
    seat0 = next(line for line in out.splitlines() if line.strip().startswith("placed"))
    assert card not in seat0 and "1 more face down, place unknown" in seat0
    code, own, _ = run(capsys, "show", str(path), "--step", str(step), "--as", "seat:0")
    assert f"put the {name} face down at machine {position}" in own


def test_show_rejects_a_step_out_of_range(capsys, tmp_path):
    path = tmp_path / "game.json"
    run(capsys, "simulate", "tomate", "--players", "2", "--seed", "2", "-o", str(path))
    code, _, err = run(capsys, "show", str(path), "--step", "99999")
    assert code == 1 and "--step must be between 0 and" in err


def test_export_writes_a_standalone_page(capsys, tmp_path):
    path = tmp_path / "game.json"
    run(capsys, "simulate", "tomate", "--players", "3", "--seed", "3", "-o", str(path),
        "--option", "rounds=2")
    page = tmp_path / "game.html"
    code, out, _ = run(capsys, "export", str(path), "-o", str(page), "--as", "seat:0")
    assert code == 0 and page.exists()
    text = page.read_text()
    assert text.startswith("<!DOCTYPE html>") and "tw-data" in text
    assert not re.search(r"(src|href)=\"https?://", text)


def named_record(capsys, tmp_path, *names):
    """A short finished Tomate record whose seats carry ``names``."""
    path = tmp_path / "named.json"
    run(capsys, "simulate", "tomate", "--players", str(len(names)), "--seed", "1",
        "--option", "rounds=2", "-o", str(path))
    data = json.loads(path.read_text())
    data["players"] = list(names)
    path.write_text(json.dumps(data))
    return path


def test_as_reads_a_number_as_a_name_and_a_seat_only_written_seat_n(capsys, tmp_path):
    """A player named "2" is not seat 2: a digit read as a seat showed Ben's cards."""
    path = named_record(capsys, tmp_path, "2", "Ana", "Ben")
    for who, view in (("2", "2's view"), ("Ana", "Ana's view"), ("seat:2", "Ben's view"),
                      ("seat 1", "Ana's view"), ("seat:0", "2's view"),
                      ("all", "(all-seeing)"), ("everything", "(all-seeing)")):
        code, out, err = run(capsys, "show", str(path), "--as", who)
        assert code == 0 and view in out.splitlines()[0], (who, err)


def test_export_as_a_name_made_of_digits_shows_that_player(capsys, tmp_path):
    path = named_record(capsys, tmp_path, "²", "Ana", "3")
    page = tmp_path / "page.html"
    for who in ("²", "3"):
        code, out, err = run(capsys, "export", str(path), "-o", str(page), "--as", who)
        assert code == 0 and out.endswith(f"{who}'s view\n"), err


@pytest.mark.parametrize("who, problem", [
    ("3", "is no player's name; write a name, seat:N for a seat by number (0 is the first)"),
    ("²", "is no player's name"),
    ("", "is no player's name"),
    ("\x1b[2J", "is no player's name"),
    ("seat:3", "is not a seat: the seats are 0 (the first) to 2"),
    ("seat:" + "9" * 5000, "is not a seat: the seats are 0 (the first) to 2"),
    ("seat:02", "is not a seat: a seat number is written in the digits 0-9, without leading zeros"),
    ("seat:²", "is not a seat: a seat number is written in the digits 0-9"),
    ("seat:\uff11", "is not a seat: a seat number is written in the digits 0-9"),
    ("seat:-1", "is not a seat: a seat number is written in the digits 0-9"),
])
def test_as_refuses_what_is_no_player_in_one_line_naming_the_players(capsys, tmp_path, who,
                                                                      problem):
    path = named_record(capsys, tmp_path, "Ana", "Zoë \U0001f345", "Ben")
    page = tmp_path / "page.html"
    for command in (("show", str(path)), ("export", str(path), "-o", str(page))):
        code, out, err = run(capsys, *command, "--as", who)
        assert code == 1 and out == "" and len(err.strip().splitlines()) == 1
        assert problem in err and "the players are 'Ana', 'Zoë \U0001f345', 'Ben'" in err
        assert "\x1b" not in err and len(err) < 400
    assert not page.exists()


def test_as_refuses_a_value_that_could_mean_two_things(capsys, tmp_path):
    """A name must not quietly mean another seat (or everything): each way is refused, and
    each player stays reachable another way."""
    path = named_record(capsys, tmp_path, "seat:1", "all", "Ana", "Ana")
    for who, problem in (
            ("all", "it is the name of seat 1 and also means the all-seeing view; write --as "
                    "seat:1 for that player, or leave --as out for the all-seeing view"),
            ("seat:1", 'it is the name of seat 0 and also means seat 1; write --as seat:0 for '
                       'that player, or write --as "seat 1" for seat 1'),
            ("Ana", "seats 2 and 3 have that name; write --as seat:N")):
        code, out, err = run(capsys, "show", str(path), "--as", who)
        assert code == 1 and out == "" and len(err.strip().splitlines()) == 1
        assert f"is ambiguous: {problem}" in err and "the players are 'seat:1', 'all'" in err
    for who, view in (("seat:0", "seat:1's view"), ("seat 1", "all's view"),
                      ("seat:3", "Ana's view"), ("everything", "(all-seeing)")):
        code, out, _ = run(capsys, "show", str(path), "--as", who)
        assert code == 0 and view in out.splitlines()[0]


def test_as_lists_many_long_names_without_losing_the_advice(capsys, tmp_path):
    path = named_record(capsys, tmp_path, *(f"{'Bartholomew ' * 3}{seat:2}" for seat in range(13)))
    code, _, err = run(capsys, "show", str(path), "--as", "seat:13")
    assert code == 1 and len(err.strip().splitlines()) == 1 and len(err) < 400
    assert "the seats are 0 (the first) to 12" in err and re.search(r"and \d+ more$", err.strip())


@pytest.mark.parametrize("argv, message", [
    (("show", "game.json", "--step", "x"), "argument --step: expected a whole number"),
    (("show", "game.json", "--step", "\u0663"), "argument --step: expected a whole number"),
    (("show", "game.json", "--step", "1_0"), "argument --step: expected a whole number"),
    (("show", "game.json", "--step", ""), "argument --step: expected a whole number"),
    (("show", "game.json", "--step", "9" * 101), "a number of 101 digits is far too large"),
    (("show", "game.json", "--as"), "argument --as: expected one argument"),
    (("show",), "the following arguments are required: file"),
    (("show", ""), "argument file: expected a file name, not an empty one"),
    (("export", "game.json", "-o", ""), "argument -o/--output: expected a file name"),
    (("simulate", "tomate", "--players", "two"), "argument --players: expected a whole number"),
    (("bench", "--players", "\uff14"), "argument --players: expected a whole number"),
    (("show", "game.json", "extra\nline"), "unrecognized arguments: extra\\nline"),
    (("frobnicate",), "invalid choice: 'frobnicate'"),
])
def test_a_command_line_that_cannot_be_read_is_refused_in_one_line(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert message in err and "--help" in err


def test_show_describes_a_huge_step_rather_than_echo_it(capsys, tmp_path):
    path = named_record(capsys, tmp_path, "Ana", "Ben")
    code, out, err = run(capsys, "show", str(path), "--step", "9" * 60)
    assert code == 1 and out == "" and "not a number of about" in err
    assert "9" * 60 not in err


@pytest.mark.parametrize("game", ["tomate", "tomatomat"])
def test_bench_prints_one_line_per_measure(capsys, game):
    code, out, _ = run(capsys, "bench", "--game", game, "--seconds", "0.2")
    assert code == 0
    assert re.search(rf"^{game}: \d+ actions/s, \d+(\.\d+)? games/s$", out, re.M)
    assert re.search(rf"^{game} new state per action: \d+ actions/s$", out, re.M)
    assert re.search(rf"^{game} observe: [\d.]+ us/call", out, re.M)
    assert re.search(rf"^{game} explain: [\d.]+ us/event", out, re.M)


@pytest.mark.parametrize("value", ["0", "-1", "nan", "inf", "-inf", "1e9", "", "soon"])
def test_bench_refuses_seconds_that_are_not_a_sensible_time(capsys, value):
    """0 divided by zero, nan and inf never ended."""
    code, out, err = run(capsys, "bench", "--game", "tomate", f"--seconds={value}")
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert "argument --seconds:" in err


def test_bench_measures_even_a_very_short_time(capsys):
    code, out, _ = run(capsys, "bench", "--game", "tomatomat", "--seconds", "1e-9")
    assert code == 0 and re.search(r"^tomatomat observe: [\d.]+ us/call", out, re.M)


@pytest.mark.parametrize("argv, message", [
    (("--game", "tomate", "--players", "0"), "--players 0: Tomate is for 2 to 13 players"),
    (("--game", "tomate", "--players", "-2"), "--players -2: Tomate is for 2 to 13 players"),
    (("--game", "tomate", "--players", "14"), "--players 14: Tomate is for 2 to 13 players"),
    (("--players", "13"), "--players 13: Tomatomat is for 2 to 4 players (without --game every "
                          "game is measured: all of them seat 3 to 4)"),
    (("--game", ""), "unknown game ''"),
])
def test_bench_refuses_a_table_before_measuring_anything(capsys, argv, message):
    code, out, err = run(capsys, "bench", *argv, "--seconds", "0.01")
    assert code == 1 and out == "" and len(err.strip().splitlines()) == 1
    assert message in err
