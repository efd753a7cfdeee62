"""Tomate's table laid out for a narrow column (a phone-width notebook output), where the
wide table would have to shrink until nobody could read it.

Not the wide table made smaller: one column, read from the top. The stage of the round;
a band with the trump's suit, the stock, the turned trump, the discard and the pot; then one
row per seat (name, hand, chips, declaration, tricks won, the dealer button) in playing
order: the viewer's own first, where its hand is in sight without scrolling, with room
above its cards for the clickable ones to rise, then the seats on its left. The trick is a
column on the right: each card level with the row of the seat that played it. The same
things keep the same ids as on the wide table (``render.py`` builds the items; only the
places differ), so both offer the same clicks.
"""
from __future__ import annotations

from functools import lru_cache

from ...core.scene import label
from .render import (CARD_GAP, PAD, RAISE, MiddlePlace, SeatPlace, card_actions, places_from,
                     pot_items, rounded, seat_items, status_line, status_tells, stock_items,
                     trick_items)
from .sizes import TOKEN, card_height, text_width

__all__ = ["NARROW_TEXT", "NARROW_WIDTH", "NarrowLayout", "narrow_scene"]

NARROW_WIDTH = 400
NARROW_TEXT = 13.1   # legible on a 340 px board (a 368 px output, the widget's padding off)
LINE = 16            # one line of labels
TITLE = 19           # a zone's title line
MARGIN = 4
GAP = 4              # between rows
CARD_WIDTH = 38
OWN_CARD_WIDTH = 44  # the viewer's own cards, to click


class NarrowLayout:
    """Places for ``n`` seats in one column: ``places[0]`` is the viewer's row (the first,
    right under the band), ``places[k]`` the row of the seat ``k`` seats on its left."""

    def __init__(self, n: int):
        self.n = n
        self.text = NARROW_TEXT
        cw = CARD_WIDTH
        self.card = (cw, card_height(cw, NARROW_TEXT))
        ch = self.card[1]
        self.status_y = MARGIN
        band_y = self.status_y + LINE + 5
        self.middle_place = rounded(self._band(band_y))
        rows_y = band_y + ch + 2 + LINE + 6
        self.trick_w = round(text_width("Trick 3", NARROW_TEXT, bold=True) + 14)
        self.row_w = NARROW_WIDTH - 2 * MARGIN - self.trick_w - GAP
        spot_x = NARROW_WIDTH - MARGIN - self.trick_w + (self.trick_w - cw) / 2
        own = (OWN_CARD_WIDTH, card_height(OWN_CARD_WIDTH, NARROW_TEXT))
        self.places, y = [], rows_y
        for k in range(n):  # the viewer's row first: its hand is what it acts on
            size = own if k == 0 else self.card
            height = TITLE + (RAISE if k == 0 else 0) + size[1] + 4
            self.places.append(rounded(self._row(y, height, size, k == 0, spot_x)))
            y += height + GAP
        self.box = (NARROW_WIDTH - MARGIN - self.trick_w, rows_y, self.trick_w, y - GAP - rows_y)
        self.height = round(y - GAP + MARGIN)

    def _band(self, y: float) -> MiddlePlace:
        """The trump's suit (and who took it) on the left, the stock, the turned trump and
        the discard in a row with their labels under them, the pot on the right."""
        cw, ch = self.card
        text = NARROW_TEXT
        left = max(text_width("Trumps: swords", text, bold=True) + 1.3 * text,
                   text_width("taken by the dealer", text))
        x = MARGIN + 2 + left + 8
        under = y + ch + 2
        pot_x = x + 3 * (cw + CARD_GAP) + 6
        return MiddlePlace(card=self.card, trump_label=(MARGIN + 2, y), stock=(x, y),
                           trump=(x + cw + CARD_GAP, y), discard=(x + 2 * (cw + CARD_GAP), y),
                           stock_label=(x, under), taken_label=(MARGIN + 2, y + LINE + 3),
                           discard_label=(x + 2 * (cw + CARD_GAP), under), pot=(pot_x, y),
                           pot_label=(pot_x, y + TOKEN + 3), carry=(pot_x, y + TOKEN + 3 + LINE))

    def _row(self, y: float, height: float, size: tuple, own: bool, spot_x: float) -> SeatPlace:
        """A seat's row: the name on top, the hand on the left (four places: the dealer may
        hold the taken trump; the viewer's own cards larger), three lines of labels beside
        it, the dealer button at the right of the first."""
        cw, ch = size
        x = MARGIN
        cards_y = y + TITLE + (RAISE if own else 0)
        hand_end = x + PAD + 4 * cw
        labels_x = x + PAD + 4 * OWN_CARD_WIDTH + 8  # one column of labels for all rows
        lines = [cards_y + 3 + k * LINE for k in range(3)]
        return SeatPlace(zone=(x, y, self.row_w, height), cards=(x + PAD, cards_y), room=4 * cw,
                         card=size, chips=(labels_x, lines[0]), decl=(labels_x, lines[1]),
                         tricks=(labels_x, lines[2]), dealer=(x + self.row_w - PAD - TOKEN, cards_y),
                         paid_y=cards_y + 3, won_y=cards_y + ch - TOKEN - 3, tokens_right=hand_end,
                         spot=(spot_x, cards_y), spot_card=self.card)


@lru_cache(maxsize=None)
def layout(n: int) -> NarrowLayout:
    return NarrowLayout(n)


def narrow_scene(obs: dict, names, legal=None) -> dict:
    """The table as one column (see the module docstring), with the same items, ids and
    clicks as the wide ``render.scene``."""
    lay = layout(obs["players"])
    places = places_from(obs, lay.places)
    zones, items = seat_items(obs, names, places, card_actions(obs, legal), NARROW_TEXT)
    status = status_line(obs, names, NARROW_WIDTH - 2 * MARGIN - 4, NARROW_TEXT)
    items.insert(0, label("status", MARGIN + 2, lay.status_y, status, z=2, **status_tells(obs)))
    middle = trick_items(obs, names, places, lay.box, NARROW_TEXT, short=True)
    zones += [item for item in middle if item["kind"] == "zone"]
    items += [item for item in middle if item["kind"] != "zone"]
    items += stock_items(obs, names, lay.middle_place)
    items += pot_items(obs, lay.middle_place)
    return {"width": NARROW_WIDTH, "height": lay.height, "text": NARROW_TEXT, "items": zones + items}

