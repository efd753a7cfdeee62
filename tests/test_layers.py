"""The layers hold: the core imports no game and no widget, a game imports no widget (the
contracts in pyproject.toml, checked by import-linter, imports inside functions included),
and every game comes in as a plug-in through the entry points."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from importlinter.cli import lint_imports

from tomato_widgets.core import registry
from tomato_widgets.core.errors import InvalidInputError
from tomato_widgets.core.plugin import GamePlugin

ROOT = Path(__file__).resolve().parents[1]


def test_the_import_contracts_are_kept():
    assert lint_imports(config_filename=str(ROOT / "pyproject.toml"), no_cache=True,
                        no_logo=True) == 0


def test_a_core_that_reached_into_a_game_would_break_them(tmp_path):
    """The contracts are not vacuous: on a copy of the package where one core module imports
    a game inside a function, they are broken."""
    copy = tmp_path / "tomato_widgets"
    shutil.copytree(ROOT / "tomato_widgets", copy, ignore=shutil.ignore_patterns("__pycache__"))
    with (copy / "core" / "text.py").open("a", encoding="utf-8") as file:
        file.write(textwrap.dedent("""
            def _reach_back():
                from ..games import tomate
                return tomate
            """))
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    done = subprocess.run([sys.executable, "-c", "from importlinter.cli import lint_imports; "
                           "raise SystemExit(lint_imports(no_cache=True, no_logo=True))"],
                          capture_output=True, text=True, cwd=tmp_path,
                          env={**os.environ, "PYTHONPATH": str(tmp_path)})
    assert done.returncode == 1, done.stdout + done.stderr
    assert "tomato_widgets.core.text -> tomato_widgets.games" in done.stdout


def test_every_built_in_game_is_registered_as_an_entry_point():
    from importlib import metadata
    entries = {entry.name: entry.value for entry in metadata.entry_points(group=registry.GROUP)}
    assert {name: entries[name] for name in registry.BUILT_IN if name in entries} == registry.BUILT_IN
    assert list(registry.plugins())[:len(registry.BUILT_IN)] == list(registry.BUILT_IN)
    for name, found in registry.plugins().items():
        assert isinstance(found, GamePlugin) and found.name == name


def test_without_package_metadata_the_built_in_list_finds_the_games():
    """A bare checkout on the path (no metadata installed) still has its five games."""
    script = ("import sys; from tomato_widgets.core import registry; "
              "print(','.join(registry.plugins()))")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-S", "-c", script], capture_output=True, text=True,
                          env=env, cwd=str(ROOT))
    if "No module named" in done.stderr:  # -S leaves out site-packages, where anywidget lives
        pytest.skip(done.stderr.strip().splitlines()[-1])
    assert done.stdout.strip() == ",".join(registry.BUILT_IN), done.stderr


def test_an_entry_that_names_another_game_is_refused_in_one_line():
    with pytest.raises(InvalidInputError, match="an entry is named by its game's short name"):
        registry._load("tomato", "tomato_widgets.games.tomate:PLUGIN")
    with pytest.raises(InvalidInputError, match="could not be loaded"):
        registry._load("nothing", "tomato_widgets.games.nothing:PLUGIN")
    with pytest.raises(InvalidInputError, match="is not a GamePlugin"):
        registry._load("tomate", "tomato_widgets.games.tomate:GAME")
