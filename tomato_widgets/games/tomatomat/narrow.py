"""Tomatomat's board laid out for a narrow column (a phone-width notebook output).

``narrow_scene(obs, names, legal)`` draws the same things as ``render.scene``, with the same
item ids and the same clicks, in a column ``layout.NARROW_W`` units wide: the status line;
the four machine places in a 2 x 2 grid (the machine card, and beside it what counts double
and the stars); a line for the machine stock and the spare decks; then one block per seat,
the seat seen from first (its hand right under the machines it goes to), the others
clockwise. A block has the title band (name, stars won, deck, discards), the hand strip,
where the seat's cards are turned up while a machine is settled, and the order cards I-IV
in a row. The legend of the card pictures is left out: the cards say their kind in words.
"""
from __future__ import annotations

from ...core.scene import label
from .layout import narrow_board, r1, text_width
from .render import GAP_WORDS, Table
from .words import plural, seat_name


class NarrowTable(Table):
    def __init__(self, obs, names, legal):
        super().__init__(obs, names, legal, wide=False)

    def side(self, board) -> None:
        """The machine stock and the spare decks as one line of words."""
        stock = self.obs["stock"]
        x, y = 8, board.side_line
        room = board.width - 16
        entries = [("stock", [f"Stock: {plural(stock, 'machine')}", f"Stock: {stock}"],
                    f"the machine stock: {plural(stock, 'machine')} face down")]
        for dummy in self.obs["dummies"]:
            slot = dummy["slot"]
            name = seat_name(slot, ())
            words = (f"{name}: {plural(dummy['deck'], 'card')} face down; nobody plays it, it is "
                     "passed on like a player's pile")
            entries.append((f"dummy:{slot}", [f"{name}: {plural(dummy['deck'], 'card')}",
                                              f"spare {slot[1:]}: {plural(dummy['deck'], 'card')}",
                                              f"spare {slot[1:]}: {dummy['deck']}"], words))
        # the spare decks take their shorter forms first, then the stock
        tries = [(0, 0), (0, 1), (1, 1), (1, 2)]
        for stock_depth, depth in tries:
            texts = [options[min(stock_depth if i == 0 else depth, len(options) - 1)]
                     for i, (_, options, _) in enumerate(entries)]
            if sum(text_width(t) + GAP_WORDS for t in texts) <= room:
                break
        for (id_, _, words), text in zip(entries, texts):
            self.items.append(label(id_, r1(x), r1(y), text, title=words, z=3))
            x += text_width(text) + GAP_WORDS


def narrow_scene(obs: dict, names, legal=None) -> dict:
    """The table for a narrow column, as ``{"width", "height", "text", "items"}`` (see the
    module docstring); the same arguments, ids and clicks as ``render.scene``."""
    table = NarrowTable(obs, names, legal)
    return table.draw(narrow_board(obs["players"], table.mini_rows()))

