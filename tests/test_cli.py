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
    code, out, _ = run(capsys, "show", str(path), "--step", str(step), "--as", "1")
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
    code, out, _ = run(capsys, "show", str(path), "--step", str(step), "--as", "1")
    assert code == 0
    assert f"Step {step}: {record.players[0]}: place a card face down" in out
    # (seat 1's own hand is named in its view; nothing else may name a card)
    others = [line for line in out.splitlines() if not line.strip().startswith(record.players[1])]
    assert name not in "\n".join(others) and f"machine {position}" not in out
    seat0 = next(line for line in out.splitlines() if line.strip().startswith("placed"))
    assert card not in seat0 and "1 more face down, place unknown" in seat0
    code, own, _ = run(capsys, "show", str(path), "--step", str(step), "--as", "0")
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
    code, out, _ = run(capsys, "export", str(path), "-o", str(page), "--as", "0")
    assert code == 0 and page.exists()
    text = page.read_text()
    assert text.startswith("<!DOCTYPE html>") and "tw-data" in text
    assert not re.search(r"(src|href)=\"https?://", text)


@pytest.mark.parametrize("game", ["tomate", "tomatomat"])
def test_bench_prints_one_line_per_measure(capsys, game):
    code, out, _ = run(capsys, "bench", "--game", game, "--seconds", "0.2")
    assert code == 0
    assert re.search(rf"^{game}: \d+ actions/s, \d+(\.\d+)? games/s$", out, re.M)
    assert re.search(rf"^{game} new state per action: \d+ actions/s$", out, re.M)
    assert re.search(rf"^{game} observe: [\d.]+ us/call", out, re.M)
    assert re.search(rf"^{game} explain: [\d.]+ us/event", out, re.M)
