"""Tanemaki's table laid out for a narrow column (a phone-width notebook output), from the
same blocks as the wide layout (``render.Table``), so an id means the same thing in both
and both offer the same clicks.

One column, top to bottom: the status line; the other seats as rows in turn order, each
with its name, its coins and its two fields side by side; the hand of the turn beside the
storehouse; the card being handed with its chain; the viewer's own seat, its fields one
above the other (they are where a held card is planted); a line with the deck and the
discard pile; the exchange rates in two columns. "This turn" and the order of turns are
left out: the rows are in turn order, each seat says whether it has planted, and the side
panel tells every step.
"""
from __future__ import annotations

from .render import GAP, MARGIN, PANEL_H, STORE_W, TOP, Table, handed_height, seat_order

WIDTH = 360   # legible at 368 px output: 356 / 360 x 12 = 11.9 px


def scene(obs: dict, names, legal=None) -> dict:
    """The narrow table as ``{"width", "height", "text", "items"}`` (see the module
    docstring); ``legal`` (live play) makes the same clicks as the wide layout."""
    table = Table(obs, names, legal)
    inner = WIDTH - 2 * MARGIN
    table.status(WIDTH)
    y = TOP
    order = seat_order(obs)
    for seat in order[:-1]:
        y += table.seat(seat, MARGIN, y, inner, stacked=False) + GAP
    table.hand(MARGIN, y, inner - STORE_W - GAP)
    table.store(MARGIN + inner - STORE_W, y)
    y += PANEL_H + GAP
    handed = handed_height(4 if obs["players"] == 2 else 5)
    table.handed(MARGIN, y, inner, handed)
    y += handed + GAP
    y += table.seat(order[-1], MARGIN, y, inner, stacked=obs["players"] < 5) + GAP
    half = (inner - GAP) / 2
    table.deck(MARGIN, y, half, 24)
    table.discard(MARGIN + half + GAP, y, half)
    y += 24 + GAP
    y += table.rates(MARGIN, y, inner, 2)
    return table.done(WIDTH, y + MARGIN)

