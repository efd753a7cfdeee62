"""What can be checked of the Binder setup without building an image."""
from __future__ import annotations

import ast
import importlib.metadata
import importlib.util
import json
import os
import re
from pathlib import Path

from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parents[1]
BINDER = ROOT / "binder"


def pins() -> dict[str, str]:
    found = {}
    for line in (BINDER / "requirements.txt").read_text().splitlines():
        line = line.split("#")[0].strip()
        if line:
            name, _, version = line.partition("==")
            assert version, f"binder requirement {line!r} is not pinned"
            found[name.lower()] = version
    return found


def test_binder_pins_jupyterlab_and_the_widget_libraries_we_test_with():
    pinned = pins()
    assert importlib.metadata.version("jupyterlab") == pinned["jupyterlab"], \
        "binder must run the JupyterLab the tests run"
    declared = {Requirement(r).name.lower(): Requirement(r)
                for r in importlib.metadata.requires("tomato-widgets") or []}
    for name in ("anywidget", "ipywidgets"):
        assert name in pinned
        assert declared[name].specifier.contains(pinned[name]), (
            f"binder pins {name}=={pinned[name]}, outside what the package asks for")


def test_post_build_installs_this_package():
    script = BINDER / "postBuild"
    assert os.access(script, os.X_OK), "postBuild must be executable"
    # this package, and the Liar's Dice plug-in beside it
    assert re.search(r"pip install [^\n]*\s\.\s[^\n]*\./examples/liars_dice\s*$", script.read_text(),
                     re.M)


def test_readme_badge_opens_the_welcome_notebook_in_jupyterlab():
    readme = (ROOT / "README.md").read_text()
    badge = re.search(r"\(https://mybinder\.org/v2/gh/[^)]+\)", readme)
    assert badge and "urlpath=lab/tree/notebooks/00_welcome.ipynb" in badge.group(0)
    assert (ROOT / "notebooks" / "00_welcome.ipynb").exists()


def notebook_imports() -> set[str]:
    modules = set()
    for path in (ROOT / "notebooks").glob("*.ipynb"):
        for cell in json.loads(path.read_text())["cells"]:
            if cell["cell_type"] != "code":
                continue
            source = "".join(cell["source"])
            tree = ast.parse("\n".join(l for l in source.splitlines() if not l.lstrip().startswith(("%", "!"))))
            for node in ast.walk(tree):
                if isinstance(node, ast.Import):
                    modules |= {alias.name for alias in node.names}
                elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                    modules.add(node.module)
    return modules


def test_every_notebook_import_resolves():
    modules = notebook_imports()
    assert "tomato_widgets.widgets" in modules
    for name in sorted(modules):
        assert importlib.util.find_spec(name) is not None, f"notebooks import {name}, which is missing"
