"""Comparing the frames a widget holds with a fresh build, and reading what they hold, for the
widget and browser tests."""
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


def leaves(value) -> set[str]:
    """Every text in a JSON-like value (for looking for what must not be there)."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(leaves(v) for v in value.values())) if value else set()
    if isinstance(value, (list, tuple)):
        return set().union(*(leaves(v) for v in value)) if value else set()
    return set()
