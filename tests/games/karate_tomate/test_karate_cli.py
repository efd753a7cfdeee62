"""The ``tomato-widgets`` command with Karate Tomate: list, simulate, validate, show, export,
bench."""
from __future__ import annotations

import re

from tomato_widgets.cli import main
from tomato_widgets.core.records import load_record
from tomato_widgets.games.karate_tomate import GAME


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_games_lists_karate_tomate_with_its_options_and_bots(capsys):
    """cards.numbers (ruling), cards.triumphs (ruling), end.rounds (ruling): the assumed
    tables and the round limit are options a user can see."""
    code, out, _ = run(capsys, "games")
    block = out[out.index("karate_tomate: Karate Tomate, 3-10 players"):]
    assert code == 0
    assert "number_set='placeholder' (placeholder)" in block
    assert "triumph_set='placeholder' (placeholder)" in block
    assert "rounds=100 (1..200)" in block and "bots: random, heuristic" in block


def test_simulate_validate_show_and_export(capsys, tmp_path):
    """fight.commit (ruling), setup.hand (ruling): a bot game written, checked, shown as one
    seat saw it (the others' cards hidden) and exported as a page."""
    path = tmp_path / "karate.json"
    code, out, _ = run(capsys, "simulate", "karate_tomate", "--players", "4", "--seed", "3",
                       "-o", str(path))
    assert code == 0 and out.startswith(f"wrote {path}: ")
    record = load_record(path)
    assert record.outcome is not None and len(record.players) == 4
    code, out, _ = run(capsys, "validate", str(path))
    assert code == 0 and out.startswith("ok: karate_tomate, 4 players") and "finished" in out
    step = next(i for i, s in enumerate(record.steps, 1) if s.player == 2 and s.action != "tomato"
                and s.action.startswith("play:"))
    code, out, _ = run(capsys, "show", str(path), "--step", str(step), "--as", "seat:1")
    assert code == 0 and "Heuristic 3 puts a card face down" in out
    assert "rule: A card face down, all at once [fight.commit, 2 Fight] (our ruling)" in out
    seen = GAME.observe(record.states[step], 1)["seats"][2]
    tomato = f"Tomato {seen['tomato'][7:]}" if seen["tomato"] else "Tomato face down"
    cards = f"{seen['hand_size']} card" + ("s" if seen["hand_size"] != 1 else "")
    assert f"Heuristic 3: {tomato}; hand: {cards}" in out
    page = tmp_path / "karate.html"
    code, out, _ = run(capsys, "export", str(path), "-o", str(page), "--as", "seat:2")
    assert code == 0 and page.is_file() and "Heuristic 3's view" in out


def test_simulate_refuses_a_table_or_option_out_of_range(capsys, tmp_path):
    """end.rounds (ruling): no game without a round limit, no table of two."""
    code, out, err = run(capsys, "simulate", "karate_tomate", "--option", "rounds=0",
                         "-o", str(tmp_path / "x.json"))
    assert code == 1 and "at least 1" in err and out == ""
    code, _, err = run(capsys, "simulate", "karate_tomate", "--players", "2")
    assert code == 1 and "3 to 10 players" in err


def test_bench_prints_one_line_per_measure(capsys):
    """rules.forced (ruling): random self-play speed of the engine."""
    code, out, _ = run(capsys, "bench", "--game", "karate_tomate", "--seconds", "0.2")
    assert code == 0
    assert re.search(r"^karate_tomate: \d+ actions/s, \d+(\.\d+)? games/s$", out, re.M)
    assert re.search(r"^karate_tomate observe: [\d.]+ us/call", out, re.M)
