"""Saving records and pages: the file is the whole new one or the old one, never half of
either; a link is written through and stays a link; a page written a piece at a time is the
page made at once."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from tomato_widgets.core.errors import InvalidInputError
from tomato_widgets.core.play import play_game, random_bots
from tomato_widgets.core.records import load_record
from tomato_widgets.games import GAMES
from tomato_widgets.games.tomate import scenarios
from tomato_widgets.widgets import export, replay
from tomato_widgets.widgets.frames import FrameBuilder


def temporaries(*folders: Path) -> list[Path]:
    return [entry for folder in folders for entry in folder.iterdir() if entry.suffix == ".tmp"]


def refused(save, match: str) -> str:
    with pytest.raises(InvalidInputError, match=match) as caught:
        save()
    message = str(caught.value)
    assert "\n" not in message and len(message) < 400, message
    return message


# ---- a page, a piece at a time --------------------------------------------------------------
def small_record(name: str):
    game = GAMES[name]
    players = max(game.min_players, min(3, game.max_players))
    return play_game(game, random_bots(players, 5), seed=5)


def page_made_at_once(record, view) -> str:
    """The page as it was made before it was written in pieces: every scene built and kept
    (``FrameBuilder.build``) and the whole payload encoded as one string."""
    data = replay(record, perspective=view).state_for_page()
    whole = FrameBuilder(record, view).build()
    data.update(frames=whole["frames"], steps=whole["steps"], knows_start=whole["knows_start"])
    return export.page(data)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_page_written_in_pieces_is_the_page_made_at_once(name, tmp_path):
    record = small_record(name)
    for view in (None, 0):
        widget = replay(record, perspective=view)
        data = widget.state_for_page(encode=export.as_json_text)
        # each step's delta and texts are JSON text from the start, written one by one
        assert all(isinstance(text, export.JsonText) for text in data["steps"])
        assert all(isinstance(text, export.JsonText) for text in data["frames"]["deltas"])
        pieces = list(export.page_chunks(data))
        expected = page_made_at_once(record, view)
        assert "".join(pieces) == expected
        path = widget.save_html(tmp_path / f"{name}-{view}.html")
        assert path.read_text(encoding="utf-8") == expected


def test_a_save_that_fails_midway_leaves_the_old_file_and_no_temporary(tmp_path):
    from tomato_widgets.core.files import write_pieces
    path = tmp_path / "game.html"
    path.write_text("the old page", encoding="utf-8")
    linked = tmp_path / "latest.html"
    linked.symlink_to("game.html")

    def pieces(error):
        yield "<!DOCTYPE html>\n"
        yield "x" * 1_000_000
        raise error

    for error in (RuntimeError("the game broke"), KeyboardInterrupt()):
        for target in (path, linked):
            with pytest.raises(type(error)):
                write_pieces(target, pieces(error), ".page-", "the page", sync=False)
            assert path.read_text(encoding="utf-8") == "the old page"
            assert linked.is_symlink() and temporaries(tmp_path) == []
    assert write_pieces(linked, iter(["a ", "new ", "page"]), ".page-", "the page") == linked
    assert path.read_text(encoding="utf-8") == "a new page" and linked.is_symlink()
    assert temporaries(tmp_path) == []


# ---- symbolic links ----------------------------------------------------------------------------
def test_saving_onto_a_link_writes_the_file_it_names_and_keeps_the_link(tmp_path):
    games = tmp_path / "games"
    games.mkdir()
    first = scenarios.must_beat().save(games / "first.json")
    latest = tmp_path / "latest.json"
    latest.symlink_to(Path("games") / "first.json")
    chained = tmp_path / "current.json"
    chained.symlink_to("latest.json")  # a link to a link
    record = scenarios.penalty_and_thirds()
    assert record.save(latest) == latest
    assert latest.is_symlink() and os.readlink(latest) == str(Path("games") / "first.json")
    assert first.read_text(encoding="utf-8") == record.dumps()
    other = scenarios.must_beat()
    other.save(chained)
    assert chained.is_symlink() and latest.is_symlink()
    assert first.read_text(encoding="utf-8") == other.dumps()
    assert load_record(chained).dumps() == other.dumps()
    # a page too
    page = games / "first.html"
    page.write_text("the old page", encoding="utf-8")
    shown = tmp_path / "latest.html"
    shown.symlink_to(Path("games") / "first.html")
    assert replay(record).save_html(shown) == shown
    assert shown.is_symlink() and page.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert temporaries(tmp_path, games) == []


def test_a_link_to_a_file_not_there_yet_creates_that_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # short paths: a message quotes long ones cut short
    latest = tmp_path / "latest.json"
    latest.symlink_to("game-2.json")
    record = scenarios.must_beat()
    record.save(latest)
    assert latest.is_symlink()
    assert (tmp_path / "game-2.json").read_text(encoding="utf-8") == record.dumps()
    # the file it names would be in a folder that does not exist: one line, nothing written
    broken = Path("broken.json")
    broken.symlink_to(Path("missing") / "game.json")
    message = refused(lambda: record.save(broken), "does not exist")
    assert "'broken.json'" in message and "missing" in message
    assert broken.is_symlink() and not (tmp_path / "missing").exists()
    assert temporaries(tmp_path) == []


def test_a_link_to_a_read_only_file_is_refused_and_both_stay(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # short paths: a message quotes long ones cut short
    target = scenarios.must_beat().save(Path("game.json"))
    before = target.read_bytes()
    os.chmod(target, 0o444)
    latest = Path("latest.json")
    latest.symlink_to("game.json")
    message = refused(lambda: scenarios.penalty_and_thirds().save(latest), "read-only")
    # the link and the file it names (a long path is quoted cut short)
    assert "'latest.json' (a link to '" + str(target.resolve())[:40] in message
    refused(lambda: replay(scenarios.must_beat()).save_html(latest), "read-only")
    assert target.read_bytes() == before and latest.is_symlink()
    assert temporaries(tmp_path) == []


def test_a_link_in_a_loop_is_refused_in_one_line(tmp_path):
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    first.symlink_to("b.json")
    second.symlink_to("a.json")
    record = scenarios.must_beat()
    refused(lambda: record.save(first), "a symbolic link in a loop")
    refused(lambda: replay(record).save_html(second), "a symbolic link in a loop")
    assert first.is_symlink() and second.is_symlink()
    assert sorted(entry.name for entry in tmp_path.iterdir()) == ["a.json", "b.json"]
