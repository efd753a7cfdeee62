"""Standalone HTML: the shell's JS and CSS inlined with the data; no kernel, no network.

The page gives the shell a small stand-in for anywidget's model (get, set, on, off,
save_changes, send), so the same ``render`` function steps through the replay.

A page is written a piece at a time (``page_chunks``): its data may hold each step's delta
and texts as JSON text made already (``JsonText``, see ``GameWidget.state_for_page``), so a
page of 20,000 steps never has every scene, nor the whole page, in memory at once. The
bytes are those of ``page``, which makes the same page as one string.
"""
from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Any, Iterator

from ..core.files import write_pieces
from .shell import SCRIPT, STYLE

MODEL_SHIM = """
const data = JSON.parse(document.getElementById("tw-data").textContent);
const listeners = new Map();
const model = {
  get: (name) => data[name],
  set: (name, value) => {
    const old = data[name];
    data[name] = value;
    if (old !== value) for (const cb of listeners.get("change:" + name) || []) cb();
  },
  on: (name, cb) => { if (!listeners.has(name)) listeners.set(name, []); listeners.get(name).push(cb); },
  off: (name, cb) => { listeners.set(name, (listeners.get(name) || []).filter((f) => f !== cb)); },
  save_changes: () => {},
  send: () => {},
};
render({ model, el: document.getElementById("tw-app") });
"""


class JsonText(str):
    """A value already written as JSON for a page ("<" escaped): written as it is."""

    __slots__ = ()


def to_json(value: Any) -> str:
    """Compact JSON with "<" escaped, so no text from a record can close the script element
    (a "<" can only be inside a JSON string, where the escape means the same)."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")


def as_json_text(value: Any) -> JsonText:
    """``value`` as JSON text now (what a page keeps of each step while the rest is made)."""
    return JsonText(to_json(value))


def json_chunks(value: Any) -> Iterator[str]:
    """``to_json(value)`` in pieces: an object or list an element at a time, a ``JsonText``
    as it is."""
    if isinstance(value, JsonText):
        yield value
    elif isinstance(value, dict) and all(isinstance(key, str) for key in value):
        yield "{"
        for number, (key, item) in enumerate(value.items()):
            yield ("," if number else "") + to_json(key) + ":"
            yield from json_chunks(item)
        yield "}"
    elif isinstance(value, (list, tuple)):
        yield "["
        for number, item in enumerate(value):
            if number:
                yield ","
            yield from json_chunks(item)
        yield "]"
    else:
        yield to_json(value)


def _head(data: dict) -> str:
    title = html.escape(data.get("title", "tomato-widgets replay"))
    return (f"<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            f"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
            f"<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
            f"script-src 'unsafe-inline'; style-src 'unsafe-inline'\">\n"
            f"<title>{title}</title>\n<style>\nbody {{ margin: 16px; }}\n{STYLE}\n</style>\n"
            "</head>\n"
            f"<body>\n<div id=\"tw-app\"></div>\n"
            f"<script type=\"application/json\" id=\"tw-data\">")


def _tail() -> str:
    return (f"</script>\n<script type=\"module\">\n{SCRIPT}\n{MODEL_SHIM}\n</script>\n"
            "</body>\n</html>\n")


def page(data: dict) -> str:
    """The HTML text of a standalone replay page for the shell data ``data`` (plain values,
    no ``JsonText``), as one string."""
    return _head(data) + to_json(data) + _tail()


def page_chunks(data: dict) -> Iterator[str]:
    """The text of ``page(data)`` in pieces (``data`` may hold ``JsonText``)."""
    yield _head(data)
    yield from json_chunks(data)
    yield _tail()


def write_page(data: dict, path) -> Path:
    """Write the page a piece at a time, atomically: the file is either complete or
    untouched (a symbolic link is written through: see ``core.files``)."""
    return write_pieces(path, page_chunks(data), ".page-", "the page", sync=False)
