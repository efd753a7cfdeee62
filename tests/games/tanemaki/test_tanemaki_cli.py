"""Tanemaki on the command line: listed with its options, simulated with any options, a
record that validates, a seat's table that keeps the hidden cards hidden, and the bench."""
from __future__ import annotations

import re

from tomato_widgets.cli import main
from tomato_widgets.core.records import load_record
from tomato_widgets.games.tanemaki import GAME
from tomato_widgets.games.tanemaki.cards import card_name


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_games_lists_tanemaki_with_its_options(capsys):
    """cards.manure, end.reshuffle (ruling), rates.table (ruling): the options the CLI lists."""
    code, out, _ = run(capsys, "games")
    assert code == 0 and "tanemaki: Tanemaki, 2-5 players" in out
    for option in ("manure=15 (0..15)", "reshuffle=False (true|false)",
                   "rates='assumed' (assumed|flat)"):
        assert option in out


def test_simulate_validate_and_show_a_seat_without_its_secrets(capsys, tmp_path):
    """give.card: simulate writes a record that validates; a seat's table names the cards it
    may know and not the active player's hand nor a card handed past it."""
    path = tmp_path / "tanemaki.json"
    code, out, _ = run(capsys, "simulate", "tanemaki", "--players", "4", "--seed", "3",
                       "--option", "reshuffle=true", "--option", "manure=6", "-o", str(path))
    assert code == 0 and out.startswith("wrote")
    code, out, _ = run(capsys, "validate", str(path))
    assert code == 0 and out.startswith("ok: tanemaki, 4 players")
    record = load_record(path)
    assert record.options == {"manure": 6, "reshuffle": True, "rates": "assumed"}
    step = next(i for i, s in enumerate(record.steps, 1) if s.action.startswith("give:")
                and s.action.endswith(":1"))
    state = record.states[step]
    outsider = next(seat for seat in range(4) if seat not in (state.active, 1))
    code, out, _ = run(capsys, "show", str(path), "--step", str(step), "--as", f"seat:{outsider}")
    assert code == 0
    table = out.split("Turn ")[-1]
    assert f"Being handed: a card, face down, held by {record.players[1]}" in table
    assert "Hand of" in table and "face down" in table
    code, own, _ = run(capsys, "show", str(path), "--step", str(step), "--as", "seat:1")
    assert f"Being handed: {card_name(state.held)}" in own


def test_bench_measures_tanemaki(capsys):
    """turn.draw: random self-play speed, one line per measure."""
    code, out, _ = run(capsys, "bench", "--game", "tanemaki", "--seconds", "0.2")
    assert code == 0 and re.search(r"^tanemaki: \d+ actions/s", out, re.M)
    assert GAME.name == "tanemaki"
