"""Where things go on the Tomatomat board (scene units, about CSS pixels).

Pure geometry for ``render.scene``: it depends only on the number of players and on whether
the board is seen from a seat (then the other seats keep room for a pile of cards placed in
the unfinished batch). See ``render``'s docstring for what is drawn in each box.
"""
from __future__ import annotations

from functools import lru_cache

WIDTH, HEIGHT = 900, 560
MARGIN = 4
TOP = 24            # the status line
GAP = 6             # between boxes
LINE = 16           # one line of label text
TITLE = 18          # a zone's own title line
ORDER_TITLE = 20    # an order card's title line, with room for the count badge
PAD = 5             # inside a zone
SIDE_W = 140        # the column of face-down piles right of the machines
BOTTOM_LINE = 18    # the passing order, under everything
SEGMENT_LEAST = 3   # a player's share of the settlement panel, in cards, however few they have

#: card sizes (width, height); 46 is the least height that holds a face's three lines
BIG_CARD = (40, 56)       # your own hand
SMALL_CARD = (32, 46)     # the other seats, and every placed card
OWN_PLACED = (34, 48)
SHOWN_CARD = (36, 48)     # cards turned up at the machine being settled
MACHINE = (62, 74)
STOCK = (44, 60)


def r1(value: float):
    """Rounded to 0.1, and an int when whole (compact JSON)."""
    value = round(value, 1)
    return int(value) if value == int(value) else value


def spread(count: int, width: float, size: float, step: float) -> float:
    """The distance between the left edges of ``count`` items ``size`` wide that must fit in
    ``width``: ``step`` when they fit, less (overlapping) when they do not."""
    if count <= 1:
        return step
    return max(4.0, min(step, (width - size) / (count - 1)))


class SeatBox:
    """One seat's zone: the hand, the order cards I-IV, all the same size (and, for another
    seat seen from a seat, the pile of the unfinished batch), and a line of labels (deck,
    won, discard).

    Wide zones (600 units and more) hold the hand and the order cards in one row; narrow
    ones put the hand and two labels in a first row and the order cards under it."""

    def __init__(self, x: float, y: float, w: float, big: bool, pending: bool):
        self.x, self.y, self.w = x, y, w
        self.cw, self.ch = BIG_CARD if big else SMALL_CARD
        self.pw, self.ph = OWN_PLACED if big else SMALL_CARD
        self.one_row = w >= 600
        self.oh = ORDER_TITLE + self.ph + 3            # an order card's height
        slots = 5 if pending else 4
        hand_w = 4 * self.cw + 3 * 3
        if self.one_row:
            self.order_y = y + TITLE
            self.hand_y = self.order_y + ORDER_TITLE
            ox = x + PAD + hand_w + 12
            self.line_y = self.order_y + self.oh + 2
            self.info = [(x + PAD, self.line_y), (x + PAD + 110, self.line_y),
                         (x + PAD + 290, self.line_y)]
        else:
            self.hand_y = y + TITLE
            self.order_y = self.hand_y + self.ch + 4
            ox = x + PAD
            self.line_y = self.order_y + self.oh + 2
            right = x + PAD + hand_w + 10
            self.info = [(right, self.hand_y + 4), (right, self.hand_y + 4 + LINE),
                         (x + PAD, self.line_y)]
        self.hand_x = x + PAD
        self.ow = (x + w - PAD - ox - (slots - 1) * 3) / slots
        self.order_x = [ox + i * (self.ow + 3) for i in range(slots)]
        self.h = self.line_y + LINE - y
        #: how many characters of label text fit across the zone (about 7 units each)
        self.chars = int((w - 2 * PAD) / 7)

    @staticmethod
    def height(w: float, big: bool) -> float:
        return SeatBox(0, 0, w, big, False).h


class Layout:
    """The whole board for ``n`` players; ``seen_from_seat``: the other seats get room for
    a pile of not yet revealed placements."""

    def __init__(self, n: int, seen_from_seat: bool):
        self.n = n
        inner = WIDTH - 2 * MARGIN
        # the other seats: a row across the top, left to right in clockwise order
        k = n - 1
        top_w = (inner - GAP * (k - 1)) / k
        self.top_w = top_w
        top_h = SeatBox.height(top_w, False)
        self.tops = [SeatBox(MARGIN + i * (top_w + GAP), TOP, top_w, False, seen_from_seat)
                     for i in range(k)]
        # the seat seen from: across the bottom, over the passing-order line
        own_h = SeatBox.height(inner, True)
        own_y = HEIGHT - MARGIN - BOTTOM_LINE - own_h
        self.bottom = SeatBox(MARGIN, own_y, inner, True, False)
        self.pass_y = HEIGHT - MARGIN - BOTTOM_LINE + 2
        # the middle: machine columns I-IV and the side column, the settlement under them
        mid_top = TOP + top_h + GAP
        mid_bottom = own_y - GAP
        self.col_w = (inner - SIDE_W - GAP - 3 * GAP) / 4
        self.col_h = TITLE + MACHINE[1] + 4 + LINE + 4
        self.col_y = mid_top
        self.col_x = [MARGIN + i * (self.col_w + GAP) for i in range(4)]
        self.side_x = MARGIN + 4 * self.col_w + 4 * GAP
        self.side_y = mid_top
        self.settle_x = MARGIN
        self.settle_y = mid_top + self.col_h + GAP
        self.settle_w = 4 * self.col_w + 3 * GAP
        self.settle_h = mid_bottom - self.settle_y
        assert self.settle_h >= TITLE + LINE + SHOWN_CARD[1] + 4, "the board is too short"

    def seat_box(self, seat: int, bottom: int) -> SeatBox:
        offset = (seat - bottom) % self.n
        return self.bottom if offset == 0 else self.tops[offset - 1]

    def segments(self, counts) -> list[tuple[float, float]]:
        """Left edge and width of each player's part of the settlement panel, shared by the
        number of cards each turned up there (at least room for the player's label), so a
        player with many cards is not squeezed beside one with few."""
        weights = [max(SEGMENT_LEAST, count) for count in counts]
        unit = (self.settle_w - 2 * PAD) / sum(weights)
        parts = []
        x = self.settle_x + PAD
        for weight in weights:
            parts.append((x, weight * unit))
            x += weight * unit
        return parts


@lru_cache(maxsize=None)
def layout(n: int, seen_from_seat: bool) -> Layout:
    return Layout(n, seen_from_seat)
