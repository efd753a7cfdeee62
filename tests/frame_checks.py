"""Comparing the frames a widget holds with a fresh build, for the widget and browser tests."""
from __future__ import annotations

from tomato_widgets.core import scene as scenes


def decoded(frames) -> list[list[dict]]:
    """Every step's scene with card faces looked up (face keys may differ between builds)."""
    items = frames["first"]
    shown = []
    for delta in [None, *frames["deltas"]]:
        if delta:
            items = scenes.patch(items, delta)
        shown.append(sorted((dict(item, face=frames["faces"][item["face"]]) if "face" in item else item
                             for item in items), key=lambda item: item["id"]))
    return shown
