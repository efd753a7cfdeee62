"""Checking a game's pictures (its ``sprites.svg``), for the shared and the per-game tests.

A sprite file is one ``<svg>`` of ``<symbol id viewBox>`` elements drawn with the plain
shapes and attributes the shell copies (``SPRITE_ELEMENTS`` and ``SPRITE_ATTRIBUTES`` in
``shell/pictures.js``): anything else would be dropped in the browser, and nothing in the file can
run or fetch anything.
"""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path
from types import ModuleType

from tomato_widgets.widgets.shell import STATIC

SVG = "{http://www.w3.org/2000/svg}"
BANNED = ("<text", "<script", "<style", "<image", "<use", "href", " on", "url(")


def shell_list(name: str) -> set[str]:
    """A set of names the shell's script declares (``const NAME = new Set([...])``)."""
    script = (STATIC / "shell" / "pictures.js").read_text(encoding="utf-8")
    body = re.search(rf"const {name} = new Set\(\[(.*?)\]\);", script, re.S).group(1)
    return set(re.findall(r'"([\w-]+)"', body))


SHAPES = shell_list("SPRITE_ELEMENTS") - {"symbol"}
ATTRIBUTES = shell_list("SPRITE_ATTRIBUTES")


def sprite_file(package) -> Path:
    """The sprites file of a game's plug-in (or of the game package that holds it)."""
    found = package.PLUGIN if isinstance(package, ModuleType) else package
    return found.sprites


def sprite_symbols(package: ModuleType) -> dict[str, ET.Element]:
    """The game's pictures by name, after checking the file holds nothing else."""
    path = sprite_file(package)
    text = path.read_text(encoding="utf-8")
    for banned in BANNED:
        assert banned not in text, banned
    root = ET.parse(path).getroot()
    assert root.tag == f"{SVG}svg" and not root.attrib
    found = {child.get("id"): child for child in root}
    assert found and len(found) == len(list(root)), "every picture has a name of its own"
    for name, symbol in found.items():
        assert symbol.tag == f"{SVG}symbol" and set(symbol.attrib) == {"id", "viewBox"}, name
        for element in symbol.iter():
            if element is not symbol:
                assert element.tag.removeprefix(SVG) in SHAPES, (name, element.tag)
                assert set(element.attrib) <= ATTRIBUTES, (name, element.attrib)
    return found


def icons_named(items) -> set[str]:
    """Every picture name scene items use: card faces' ``icon`` and items' ``icons``."""
    names = set()
    for item in items:
        face = item.get("face")
        if isinstance(face, dict) and face.get("icon"):
            names.add(face["icon"])
        names.update(item.get("icons") or ())
    return names
