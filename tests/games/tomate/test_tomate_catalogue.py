"""The Tomate rule catalogue itself: every rule and ruling has a test here that says it shows
it, and the options named by rulings exist (and the other way round)."""
from __future__ import annotations

import ast
import re
from pathlib import Path

from tomato_widgets.core.rulebook import CORE_RULES
from tomato_widgets.games.tomate import GAME

HERE = Path(__file__).parent
CORE = {rule.id for rule in CORE_RULES}


def _docstrings():
    """Docstrings of every test function in this folder, joined."""
    texts = []
    for path in sorted(HERE.glob("test_tomate_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                texts.append(ast.get_docstring(node) or "")
    return "\n".join(texts)


def tomate_rules():
    return [rule for rule in GAME.rulebook if rule.id not in CORE]


def test_every_rule_of_the_catalogue_has_a_test():
    """Each Tomate rule id is named in the docstring of at least one test in this folder."""
    text = _docstrings()
    named = set(re.findall(r"[a-z]+\.[a-z-]+", text))
    missing = [rule.id for rule in tomate_rules() if rule.id not in named]
    assert not missing, f"rules without a test: {missing}"


def test_every_ruling_has_a_test_that_says_so():
    """Each rule with a Ruling is named as "<id> ruling" (or "(ruling" after it) in a test docstring."""
    text = " ".join(_docstrings().split())
    rulings = [rule.id for rule in tomate_rules() if rule.ruling]
    assert len(rulings) >= 10
    missing = [rid for rid in rulings
               if not re.search(re.escape(rid) + r"\)? \(?ruling", text)
               and f"(ruling on {rid})" not in text]
    assert not missing, f"rulings without a test: {missing}"


def test_ruling_options_exist_and_point_back():
    """A ruling that names an option names a real option, and an option that names a ruling
    names a rule that has one."""
    options = {option.name: option for option in GAME.options}
    for rule in tomate_rules():
        if rule.ruling and rule.ruling.option:
            assert rule.ruling.option in options, (rule.id, rule.ruling.option)
    for option in GAME.options:
        if option.ruling:
            assert option.ruling in GAME.rulebook and GAME.rulebook[option.ruling].ruling, option.name
