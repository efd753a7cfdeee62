"""The tutorial notebooks are committed executed, without saved widget state, and linked.

Their outputs themselves are checked by nbval (``pytest --nbval notebooks``); these tests
only look at the files, so they run in the ordinary suite without a kernel.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
TUTORIALS = sorted(path.name for path in NOTEBOOKS.glob("0*.ipynb"))
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def load(name: str) -> dict:
    return json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))


def code_cells(notebook: dict) -> list[dict]:
    return [cell for cell in notebook["cells"] if cell["cell_type"] == "code"]


def markdown(notebook: dict) -> str:
    return "\n".join("".join(cell["source"]) for cell in notebook["cells"]
                     if cell["cell_type"] == "markdown")


@pytest.mark.parametrize("name", TUTORIALS)
def test_notebook_exists_and_uses_the_python3_kernel(name):
    notebook = load(name)
    assert notebook["nbformat"] == 4
    assert notebook["metadata"]["kernelspec"]["name"] == "python3"


@pytest.mark.parametrize("name", TUTORIALS)
def test_every_code_cell_was_run_in_order(name):
    cells = code_cells(load(name))
    assert cells
    counts = [cell["execution_count"] for cell in cells]
    assert counts == list(range(1, len(cells) + 1)), "run the notebook from the top, in order"


@pytest.mark.parametrize("name", TUTORIALS)
def test_notebook_has_outputs_and_no_errors(name):
    outputs = [output for cell in code_cells(load(name)) for output in cell["outputs"]]
    assert outputs
    assert not [output for output in outputs if output["output_type"] == "error"]
    assert not [output for output in outputs
                if output["output_type"] == "stream" and output["name"] == "stderr"]


@pytest.mark.parametrize("name", TUTORIALS)
def test_no_saved_widget_state(name):
    notebook = load(name)
    assert "widgets" not in notebook["metadata"]
    for cell in notebook["cells"]:
        assert "widgets" not in cell.get("metadata", {})


@pytest.mark.parametrize("name", TUTORIALS)
def test_displayed_widgets_have_a_text_stand_in(name):
    """nbval skips the widget view and compares the repr, so every widget output needs one."""
    widgets = [output for cell in code_cells(load(name)) for output in cell["outputs"]
               if WIDGET_VIEW in output.get("data", {})]
    assert widgets
    for output in widgets:
        assert "".join(output["data"]["text/plain"]).startswith(("GameWidget(", "Progress("))
        assert " at 0x" not in "".join(output["data"]["text/plain"])


def test_welcome_links_to_every_tutorial_and_names_every_game():
    from tomato_widgets.games import GAMES
    text = markdown(load("00_welcome.ipynb"))
    for name in TUTORIALS[1:]:
        assert f"]({name})" in text, name
    for game in GAMES.values():
        assert game.title in text, game.title
    # a game still being built is announced as coming soon, one that is ready is not
    ready = {game.title for game in GAMES.values()}
    for title in ("Karate Tomate", "Tanemaki", "Diced Tomatoes"):
        assert (f"{title}: coming soon" in text) is (title not in ready), title


def test_every_linked_notebook_exists():
    for name in TUTORIALS:
        text = markdown(load(name))
        for part in text.split("](")[1:]:
            target = part.split(")")[0].split("#")[0]
            if target.endswith(".ipynb"):
                assert (NOTEBOOKS / target).is_file(), f"{name} links to missing {target}"
