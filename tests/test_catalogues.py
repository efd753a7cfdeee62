"""Every registered game's rule catalogue is covered by its tests and consistent with its
options. A game's tests live in ``tests/games/<name>/`` and name the rules they show in
their docstrings: "<rule id>" for a rule, "<rule id> (ruling)" for a ruling."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from tomato_widgets.core.rulebook import CORE_RULES
from tomato_widgets.games import GAMES

GAME_TESTS = Path(__file__).parent / "games"
CORE = {rule.id for rule in CORE_RULES}


@pytest.fixture(params=sorted(GAMES))
def game(request):
    return GAMES[request.param]


def docstrings(name: str) -> str:
    """Docstrings of every test function in the game's test folder, joined."""
    texts = []
    # a built-in game's tests, or those of a plug-in written beside the project (examples/)
    places = [GAME_TESTS / name, GAME_TESTS.parent.parent / "examples" / name / "tests"]
    for path in sorted(path for place in places for path in place.glob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                texts.append(ast.get_docstring(node) or "")
    return " ".join(" ".join(texts).split())


def game_rules(game):
    return [rule for rule in game.rulebook if rule.id not in CORE]


def test_every_rule_of_the_catalogue_has_a_test(game):
    """Each rule id is named in the docstring of at least one test of the game."""
    named = set(re.findall(r"[a-z]+\.[a-z-]+", docstrings(game.name)))
    missing = [rule.id for rule in game_rules(game) if rule.id not in named]
    assert not missing, f"{game.name}: rules without a test: {missing}"


def test_every_ruling_has_a_test_that_says_so(game):
    """Each rule with a Ruling is named as "<id> (ruling)" or "(ruling on <id>)" in a test."""
    text = docstrings(game.name)
    rulings = [rule.id for rule in game_rules(game) if rule.ruling]
    assert rulings, f"{game.name} has no rulings: every rulebook leaves something open"
    missing = [rid for rid in rulings
               if not re.search(re.escape(rid) + r"\)? \(?ruling", text)
               and f"(ruling on {rid})" not in text]
    assert not missing, f"{game.name}: rulings without a test: {missing}"


def test_ruling_options_exist_and_point_back(game):
    """A ruling that names an option names a real option, and an option that names a ruling
    names a rule that has one."""
    options = {option.name for option in game.options}
    for rule in game_rules(game):
        if rule.ruling and rule.ruling.option:
            assert rule.ruling.option in options, (rule.id, rule.ruling.option)
    for option in game.options:
        if option.ruling:
            assert option.ruling in game.rulebook and game.rulebook[option.ruling].ruling, option.name
