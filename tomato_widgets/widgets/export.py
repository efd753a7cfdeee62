"""Standalone HTML: the shell's JS and CSS inlined with the data; no kernel, no network.

The page gives the shell a small stand-in for anywidget's model (get, set, on, off,
save_changes, send), so the same ``render`` function steps through the replay.
"""
from __future__ import annotations

import html
import json
from pathlib import Path

from ..core.files import write_atomically
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


def page(data: dict) -> str:
    """The HTML text of a standalone replay page for the shell data ``data``."""
    script, css = SCRIPT, STYLE
    # "<" escaped inside the JSON so no text from a record can close the script element
    payload = json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")
    title = html.escape(data.get("title", "tomato-widgets replay"))
    return (f"<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            f"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
            f"<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
            f"script-src 'unsafe-inline'; style-src 'unsafe-inline'\">\n"
            f"<title>{title}</title>\n<style>\nbody {{ margin: 16px; }}\n{css}\n</style>\n</head>\n"
            f"<body>\n<div id=\"tw-app\"></div>\n"
            f"<script type=\"application/json\" id=\"tw-data\">{payload}</script>\n"
            f"<script type=\"module\">\n{script}\n{MODEL_SHIM}\n</script>\n</body>\n</html>\n")


def write_page(data: dict, path) -> Path:
    """Write the page atomically: the file is either complete or untouched."""
    return write_atomically(path, page(data), ".page-", "the page", sync=False)
