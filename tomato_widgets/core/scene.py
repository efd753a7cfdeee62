"""Scenes: what one perspective sees at one step, as a flat list of drawable items.

Each game's ``render.scene(observation, names, legal)`` lays its table out as items; the
widget shell draws them with one generic renderer (HTML, absolutely positioned inside a
``width`` x ``height`` box) and never needs to know the game. Items are plain dicts:

``id``      stable across steps while the thing stays the same thing: a face-up card is
            ``card:<card id>`` wherever it lies, so moving it is a change of position the
            shell animates. A face-down card's id names only its slot (``back:hand:2:0``),
            never the card, so ids cannot leak hidden information.
``kind``    ``zone`` (a labelled area: a seat, the trick, the pot), ``card``, ``token``
            (a small round marker: dealer button, chips), ``label`` (a line of text).
``x, y``    top-left corner in scene units; ``w, h`` the size (zones and cards).
``text``    what the item says (labels, tokens, zone titles); always shown as text.
``face``    for cards: ``{"rank": "K", "suit": "cups", "icon": "cups", "color": "red"}``,
            or absent for a card seen from the back: the rank, the suit's word and its
            picture (``icon``, from the game's sprite file; or a text ``symbol``), so colour
            is never the only cue. ``"tight": true``: the card has no room to write its suit
            (its picture and its spoken name still say it).
``tone``    an optional style hint: ``active`` (acts now), ``muted`` (passed, out),
            ``trump``, ``winner``, ``warning``.
``action``  (live play only) the action id sent when the item is clicked.
``pick``    (live play only) the first half of a two-click action: clicking the item
            selects it (a card in hand), e.g. ``place:R1``.
``drop``    (live play only) the second half: clicking the item while a ``pick`` is
            selected sends ``<pick>:<drop>`` (a place for the card), e.g. ``II``.
``title``   an optional tooltip / accessible description.
``z``       drawing order (higher on top); default 0.
``minor``   true for a help that can go when room is short (a legend, a reminder line): on
            a board too small for its text at the game's size it is not drawn.
``tells``   true for a help that tells which moves are allowed now ("may go on to Ben",
            "takes 4/5"): hidden while an exercise asks about the moves (the learner is to
            work that out).

``icons``   an optional list of picture names drawn in a row before the item's text (a
            star, a tomato, a suit): names of ``<symbol>``s in the game's sprite file (see
            below). A card's face may name one picture as ``face["icon"]``, drawn large.
            The ``title`` or the text says the same in words: a picture is never the only cue.

``diff(old, new)`` gives what changed between two scenes; the shell sends the first scene
whole and then only these deltas: new items whole, changed items as just the fields that
changed (a removed field as null), and the ids of removed items.

``marked(delta)`` is what a step shows as changed: the items it added and the items whose
content changed. Cards closing up along a row (only ``x`` changed), what live play makes
clickable, and a zone's tone or tooltip (whose turn it is) are not marked: a learner's eye
goes to what the step did.

Layouts: a scene is laid out for a wide board (``scene``), and a game may also lay it out for
a narrow one (its package's ``narrow_scene``, same arguments): a phone-width column where
the wide table would have to shrink until nobody could read it. A scene says its size
(``width``, ``height``) and the size of its text in its own units (``text``, 12 unless
said). The shell draws the layout whose text it can show at a legible size. Both layouts
travel as one list of items (``merge_layouts``): an item of both is the wide one, with the
fields the narrow one changes under ``narrow``; an item of one layout only says which
(``only``). ``in_layout`` gives one layout's items back. Both layouts offer the same clicks.

Pictures: a game package may ship ``sprites.svg``, one ``<svg>`` of ``<symbol id="name"
viewBox="...">`` elements drawn with plain shapes (no scripts, no links, no text). The shell
sends it once and draws ``icons`` and ``face["icon"]`` from it; ``currentColor`` in a symbol
takes the item's colour.
"""
from __future__ import annotations

from typing import Any, Iterable

Item = dict[str, Any]


def zone(id: str, x: float, y: float, w: float, h: float, text: str = "", **extra) -> Item:
    return {"id": id, "kind": "zone", "x": x, "y": y, "w": w, "h": h, "text": text, **extra}


def card(id: str, x: float, y: float, face: dict | None = None, **extra) -> Item:
    item = {"id": id, "kind": "card", "x": x, "y": y}
    if face is not None:
        item["face"] = face
    item.update(extra)
    return item


def label(id: str, x: float, y: float, text: str, **extra) -> Item:
    return {"id": id, "kind": "label", "x": x, "y": y, "text": text, **extra}


def token(id: str, x: float, y: float, text: str, **extra) -> Item:
    return {"id": id, "kind": "token", "x": x, "y": y, "text": text, **extra}


def index(items: Iterable[Item]) -> dict[str, Item]:
    by_id: dict[str, Item] = {}
    for item in items:
        if item["id"] in by_id:
            raise ValueError(f"two scene items share the id {item['id']!r}")
        by_id[item["id"]] = item
    return by_id


def diff(old: Iterable[Item], new: Iterable[Item]) -> dict:
    """``{"set": [new items], "upd": [changed fields + id], "del": [removed ids]}``."""
    before = index(old)
    after = index(new)
    added, updated = [], []
    for key, item in after.items():
        previous = before.get(key)
        if previous is None:
            added.append(item)
        elif previous != item:
            change = {name: value for name, value in item.items() if previous.get(name) != value}
            change.update({name: None for name in previous if name not in item})
            change["id"] = key
            updated.append(change)
    delta: dict = {"set": added, "upd": updated, "del": [key for key in before if key not in after]}
    return {name: value for name, value in delta.items() if value}


#: changed fields that do not make an item marked: a row closing up, what live play makes
#: clickable (the human's turn, not what the step did), and for zones the tone and tooltip
#: (whose turn it is)
QUIET = frozenset(("id", "x", "action", "pick", "drop"))
QUIET_ZONE = QUIET | {"tone", "title"}


def marked(delta: dict, kinds: dict[str, str] | None = None) -> set[str]:
    """The ids a step marks as changed (see the module docstring). ``kinds``: item id -> kind
    for items of the scene before, so that a zone's quiet changes are known as a zone's."""
    ids = {item["id"] for item in delta.get("set", ())}
    for change in delta.get("upd", ()):
        quiet = QUIET_ZONE if (kinds or {}).get(change["id"]) == "zone" else QUIET
        # the wide layout's marks: a change to how the item is drawn narrow is not one
        if any(name not in quiet and name != "narrow" for name in change):
            ids.add(change["id"])
    return ids


def patch(items: Iterable[Item], delta: dict) -> list[Item]:
    """Apply ``diff`` output (what the browser does, here for tests and exports)."""
    by_id = index(items)
    for key in delta.get("del", ()):
        by_id.pop(key, None)
    for item in delta.get("set", ()):
        by_id[item["id"]] = item
    for change in delta.get("upd", ()):
        merged = dict(by_id[change["id"]])
        for name, value in change.items():
            if value is None:
                merged.pop(name, None)
            else:
                merged[name] = value
        by_id[change["id"]] = merged
    return list(by_id.values())


#: the layouts a scene may have, the first the one every game draws
LAYOUTS = ("wide", "narrow")
#: a scene's text size in its own units, unless it says another
TEXT = 12


def merge_layouts(wide: Iterable[Item], narrow: Iterable[Item]) -> list[Item]:
    """One item list for both layouts (see the module docstring): the wide items in their
    order, each with its narrow changes (a field the narrow item lacks as None), then the
    items only the narrow layout has."""
    others = index(narrow)
    merged = []
    for item in wide:
        other = others.pop(item["id"], None)
        if other is None:
            merged.append({**item, "only": "wide"})
        elif other == item:
            merged.append(item)
        else:
            changes = {name: value for name, value in other.items() if item.get(name) != value}
            changes.update({name: None for name in item if name not in other})
            merged.append({**item, "narrow": changes})
    merged.extend({**item, "only": "narrow"} for item in others.values())
    return merged


def in_layout(items: Iterable[Item], layout: str) -> list[Item]:
    """The items of one layout as the game laid them out (what the shell draws)."""
    shown = []
    for item in items:
        if item.get("only", layout) != layout:
            continue
        changes = item.get("narrow") or {} if layout == "narrow" else {}
        item = {name: value for name, value in item.items() if name not in ("only", "narrow")}
        if changes:
            for name, value in changes.items():
                if value is None:
                    item.pop(name, None)
                else:
                    item[name] = value
        shown.append(item)
    return shown
