"""Liar's Dice's table as a scene (``tomato_widgets.core.scene``), from an observation.

A status line; one row per seat (its cup, its dice: faces where the view may see them, else
blank dice under the cup, ids that name only the place ``die:<seat>:<slot>``); on the right
the round's bids, the latest first, and what the call found. Dice are pictures from
``sprites.svg`` with their face written too. Live play offers the moves as buttons.
"""
from __future__ import annotations

from tomato_widgets.core.scene import card, label, zone

from .words import PHASES, bid_words, call_words, last_bid, plural, seat_name, wild_face

WIDTH = 640
TEXT = 13
MARGIN = 6
ROW = 84
#: a die as a card: wide and tall enough for its face's number and picture at 11 px
DIE_W, DIE_H = 40, 56
SEAT_W = 380
BIDS_X = MARGIN + SEAT_W + 8
SHOWN_BIDS = 8


def status(obs, names) -> str:
    if obs["phase"] == "over":
        return f"Game over: {seat_name(obs['winner'], names)} wins"
    head = f"Round {obs['round']}: " if obs["round"] else ""
    if obs["phase"] == "bid":
        who = seat_name(obs["to_act"][0], names)
        return f"{head}{who} bids or calls · {last_bid(obs, names)}"
    return head + PHASES[obs["phase"]]


def die_face(face: int) -> dict:
    return {"rank": str(face), "suit": "", "icon": f"die-{face}", "color": "black"}


def scene(obs: dict, names, legal=None) -> dict:
    """The wide table: the seats on the left, the bids beside them."""
    return _table(obs, names, narrow=False)


def narrow_scene(obs: dict, names, legal=None) -> dict:
    """The table for a narrow column: the bids under the seats."""
    return _table(obs, names, narrow=True)


def _table(obs: dict, names, narrow: bool) -> dict:
    n = obs["players"]
    items = [label("status", MARGIN + 2, MARGIN, status(obs, names), z=3)]
    top = MARGIN + 24
    wild = wild_face(obs)
    for seat in range(n):
        y = top + seat * (ROW + 6)
        count = obs["counts"][seat]
        extra = {}
        if seat in obs["to_act"]:
            extra["tone"] = "active"
        elif not count:
            extra["tone"] = "muted"
        elif obs["phase"] == "over" and seat == obs["winner"]:
            extra["tone"] = "winner"
        you = " (you)" if seat == obs["perspective"] else ""
        items.append(zone(f"seat:{seat}", MARGIN, y, SEAT_W, ROW,
                          f"{seat_name(seat, names)}{you}: {plural(count, 'die', 'dice')}",
                          icons=["lifted-cup" if obs["shown"] else "cup"], **extra))
        for slot, face in enumerate(obs["dice"][seat]):
            x = MARGIN + 8 + slot * (DIE_W + 6)
            if face is None:
                looks = {"title": "a die under the cup"}
            else:
                looks = {"face": die_face(face), "title": f"a {face}"}
                if face == wild:
                    looks.update(tone="trump", title=f"a {face} (wild)")
            items.append(card(f"die:{seat}:{slot}", x, y + 22, w=DIE_W, h=DIE_H, z=1, **looks))
        if not obs["dice"][seat] and count:
            items.append(label(f"waiting:{seat}", MARGIN + 8, y + 30,
                               f"{plural(count, 'die', 'dice')} to roll", z=1))
    height = top + n * (ROW + 6)
    bids_height = 24 + SHOWN_BIDS * 18 + 40
    if narrow:  # the bids under the seats, as wide as they are
        x, y, width = MARGIN, height, SEAT_W + 2 * MARGIN
        items.append(zone("bids", x, y, SEAT_W, bids_height - 6, "Bids"))
        total = y + bids_height
    else:
        x, y, width = BIDS_X, top, WIDTH
        items.append(zone("bids", x, y, WIDTH - BIDS_X - MARGIN, height - top - 6, "Bids"))
        total = max(height, top + bids_height)
    for line, (seat, quantity, face) in enumerate(reversed(obs["bids"][-SHOWN_BIDS:])):
        items.append(label(f"bid:{len(obs['bids']) - line}", x + 8, y + 24 + line * 18,
                           f"{seat_name(seat, names)}: {bid_words(quantity, face)}",
                           z=2, icons=[f"die-{face}"], **({"tone": "active"} if line == 0 else {})))
    said = call_words(obs, names)
    if said:
        items.append(label("call", x + 8, y + 24 + SHOWN_BIDS * 18 + 4, said, z=2,
                           tone="warning"))
    return {"width": width, "height": total, "text": TEXT, "items": items}
