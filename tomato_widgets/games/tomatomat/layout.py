"""Where things go on the Tomatomat board, in scene units (the scene's text is ``TEXT`` units).

Pure geometry for ``render`` (the wide layout) and ``narrow`` (a phone-width column). Both
draw the same pieces: the status line, the four machine places, the machine stock and the
spare decks, one block per seat and the passing order. A seat's block has a title band (the
name, then the stars won, the deck and the discard pile), a strip for the hand that becomes,
while a machine is settled, the place where the seat's cards there are turned up, and the
seat's four order cards I-IV.

The wide layout (``WIDE_W`` units, so that its text reads at 11 px beside the side panel
in a 968 px notebook output, whose widget is 950 px wide inside) is a table: the order
cards of every seat stand in columns under the machine they are for, the hand left of them.
The narrow one (``NARROW_W``, legible in a 368 px output, 350 px inside) puts the machines
in a 2 x 2 grid and gives each seat a hand strip over a row of its four order cards.
"""
from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

TEXT = 12            # the scene's text size (the shell's base font size for items)
LINE = 15            # one line of label text
BAND = 20            # a zone's own title line
CELL_BAND = 22       # an order card's title line, with room for its count badge
BADGE = 22           # a count badge (a token) is this tall and at least this wide
CARD = (40, 56)      # hand cards, cards turned up at a machine, face-down piles
MINI = (39, 28)      # a face-up card lying on an order card: its kind and colour only
MACHINE = (46, 56)
STEP = CARD[0] + 2   # from one card of a row to the next
SETTLE_STEP = CARD[0] + 4  # cards turned up at a machine: their fates under them stay apart
MINI_STEP = MINI[0] + 1
FATE_GAP = 6         # between a seat's cards still in play and those out, at a machine
RAISE = 12           # how far the shell lifts a playable (6) or chosen (12) card

WIDE_W = 700
NARROW_W = 360


# ---- measuring text ----------------------------------------------------------------------
def _widths() -> dict:
    """Advance widths in em of a wide sans-serif font (DejaVu Sans, the widest a browser is
    likely to pick), a little generous so that what follows a text never touches it."""
    groups = {0.30: "ijl'I|", 0.34: " ,.\u00b7:;!", 0.40: "frt()[]-J", 0.54: "sz?c/", 0.6: "kvxy",
              0.64: "abdeghnopqu0123456789$LFPTYESZ_", 0.72: "ABCKRVX", 0.8: "DGHNOQU&",
              0.86: "w+=<>~\u2192\u00d7#", 0.92: "\u2605", 1.0: "mMW@%\u2026"}
    return {char: width for width, chars in groups.items() for char in chars}


WIDTHS = _widths()


def text_width(text: str, bold: bool = False, size: float = TEXT) -> float:
    """About how wide ``text`` is drawn at ``size`` units (bold: a zone's title)."""
    em = sum(WIDTHS.get(char, 1.25 if ord(char) >= 0x1100 else 0.72) for char in text)
    return em * size * (1.1 if bold else 1.0)


def icons_width(count: int) -> float:
    """The row of pictures before a label's text (shell.css: 1.15em each, 1 apart, 3 after)."""
    return count * (1.15 * TEXT + 1) + 3 if count else 0


def shortened(text: str, room: float, bold: bool = False) -> str:
    """``text``, cut with an ellipsis where it is wider than ``room`` (a long name)."""
    if text_width(text, bold) <= room:
        return text
    while text and text_width(text + "\u2026", bold) > room:
        text = text[:-1]
    return text.rstrip() + "\u2026"


def fitting(options, room: float, bold: bool = False) -> str | None:
    """The first of ``options`` that fits ``room`` (None when none does)."""
    for text in options:
        if text_width(text, bold) <= room:
            return text
    return None


def r1(value: float):
    """Rounded to 0.1, and an int when whole (compact JSON)."""
    value = round(value, 1)
    return int(value) if value == int(value) else value


class Box(NamedTuple):
    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w


def slots(width: float, step: float, size: float) -> int:
    """How many items ``size`` wide fit side by side in ``width``, ``step`` apart."""
    return max(0, int((width - size) // step) + 1) if width >= size else 0


# ---- a seat's block ----------------------------------------------------------------------
class SeatBlock(NamedTuple):
    """One seat's part of the board (see the module docstring)."""

    box: Box            # the seat's zone
    band: tuple         # the title band's places, left to right: the name, the stars won,
                        # the deck (0: not shown), the discard pile (the rest of the band)
    strip: Box          # the hand strip (a title line, the cards, a line for their fates)
    cells: tuple        # the order cards I-IV (Boxes)
    mini_rows: int      # rows of face-up cards an order card holds
    wide: bool          # the wide table: the strip shares its row with the order cards

    def hand_at(self, i: int) -> tuple[float, float]:
        return self.strip.x + 4 + i * STEP, self.strip.y + CELL_BAND

    def settle_box(self, k: int) -> Box:
        """Where the cards turned up at machine ``k`` (0-3) lie: in the wide table the hand's
        place and the order cards of the machines settled so far (empty by then), in the
        narrow one the hand strip."""
        if not self.wide:
            return self.strip
        right = self.cells[k].right
        return Box(self.strip.x, self.strip.y, right - self.strip.x, self.strip.h)

    def batch_box(self) -> Box:
        """Another seat's cards of the unfinished batch, right of its face-down hand."""
        x = self.strip.x + CARD[0] + 14
        return Box(x, self.strip.y, 104, CELL_BAND + CARD[1] + 4)


STRIP_H = CELL_BAND + CARD[1] + LINE + 2     # title line, cards, their fates
HAND_W = 4 * STEP + 4                        # four hand cards
CELL_GAP = 3                                 # between two order cards
NARROW_CELL_GAP = 2
CELL_PAD = 3                                 # inside an order card, left and right


def cell_height(mini_rows: int) -> float:
    """An order card: its title line and one face-down card, or rows of face-up ones."""
    return CELL_BAND + max(CARD[1] + 2, mini_rows * (MINI[1] + 2) + 2)


#: a seat's title band: room for the name, the stars won and the deck, in order; the narrow
#: layout leaves the deck out (the batch in the status line says how many cards are left)
WIDE_BAND = (125, 156, 90)
NARROW_BAND = (100, 120, 0)
BAND_GAP = 14


def band(width: float, places: tuple) -> tuple:
    """The places of a title band ``width`` wide: ``places`` and the discard pile's room."""
    used = sum(places) + BAND_GAP * sum(1 for place in places if place)
    return (*places, width - 14 - used)


# ---- the whole board -----------------------------------------------------------------------
class Board(NamedTuple):
    width: float
    height: float
    machines: tuple     # four Boxes, I-IV
    machine_info: tuple  # per machine: (dx, dy) of the info lines from the box, and their room
    side: Box | None    # the stock and the spare decks (wide); None: a line of labels
    side_line: float    # narrow: the y of that line
    blocks: tuple       # SeatBlocks, in drawing order (see ``seat_order``)
    pass_y: float


MARGIN = 4
TOP = 24           # under the status line
GAP = 4
MACHINE_H = BAND + MACHINE[1] + 2 + 2 * LINE + 3
NARROW_MACHINE_H = BAND + MACHINE[1] + 6
SIDE_LINE = 18


def wide_columns() -> list[float]:
    """The left edges of the four columns (machines over their order cards)."""
    first = MARGIN + HAND_W + GAP
    return [first + i * (WIDE_CELL + CELL_GAP) for i in range(4)]


WIDE_CELL = (WIDE_W - MARGIN - (MARGIN + HAND_W + GAP) - 3 * CELL_GAP) / 4


@lru_cache(maxsize=None)
def wide_board(n: int, mini_rows: tuple) -> Board:
    """The wide table for ``n`` seats; ``mini_rows``: per block (in drawing order) how many
    rows of face-up cards its order cards hold (0: only face-down piles)."""
    columns = wide_columns()
    machines = tuple(Box(x, TOP, WIDE_CELL, MACHINE_H) for x in columns)
    info = (5, BAND + MACHINE[1] + 3, WIDE_CELL - 10)
    side = Box(MARGIN, TOP, HAND_W, MACHINE_H)
    y = TOP + MACHINE_H + GAP
    blocks = []
    for rows in mini_rows:
        strip_h = max(STRIP_H, cell_height(rows))
        box = Box(MARGIN - 2, y, WIDE_W - 2 * MARGIN + 4, BAND + strip_h + 2)
        strip = Box(MARGIN, y + BAND, HAND_W, strip_h)
        cells = tuple(Box(x, y + BAND, WIDE_CELL, cell_height(rows)) for x in columns)
        blocks.append(SeatBlock(box, band(box.w, WIDE_BAND), strip, cells, rows, True))
        y += box.h + GAP
    return Board(WIDE_W, y + SIDE_LINE, machines, info, side, 0, tuple(blocks), y)


@lru_cache(maxsize=None)
def narrow_board(n: int, mini_rows: tuple) -> Board:
    """The narrow column for ``n`` seats (see ``wide_board``)."""
    inner = NARROW_W - 2 * MARGIN
    half = (inner - GAP) / 2
    machines = tuple(Box(MARGIN + (i % 2) * (half + GAP), TOP + (i // 2) * (NARROW_MACHINE_H + GAP),
                         half, NARROW_MACHINE_H) for i in range(4))
    info = (MACHINE[0] + 10, BAND + 2, half - MACHINE[0] - 14)
    y = TOP + 2 * NARROW_MACHINE_H + GAP
    side_line = y + 2
    y += SIDE_LINE + GAP
    cell_w = (inner - 4 - 3 * NARROW_CELL_GAP) / 4
    blocks = []
    for rows in mini_rows:
        strip = Box(MARGIN + 2, y + BAND, inner - 4, STRIP_H)
        cells_y = strip.y + STRIP_H + 2
        height = cell_height(rows)
        cells = tuple(Box(MARGIN + 2 + i * (cell_w + NARROW_CELL_GAP), cells_y, cell_w, height)
                      for i in range(4))
        box = Box(MARGIN, y, inner, cells_y + height + 3 - y)
        blocks.append(SeatBlock(box, band(box.w, NARROW_BAND), strip, cells, rows, False))
        y += box.h + GAP
    return Board(NARROW_W, y + SIDE_LINE, machines, info, None, side_line, tuple(blocks), y)
