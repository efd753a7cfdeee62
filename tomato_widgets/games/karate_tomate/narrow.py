"""Karate Tomate laid out for a narrow board: a phone-width column (a notebook output of 368
px, or of 592 px under a side panel), where the wide table (``render.py``) would have to
shrink until nobody could read it. The same pieces (``pieces.py``) under the same item ids,
placed in a column 350 units wide with text of 12, what the viewer acts on first (on a phone
it is in sight without scrolling):

* a short status line (the side panel and the prompt over the table say the rest);
* the viewer's seat: the name with the trophies and knives, the Tomato and the hand as a
  strip of cards big enough to click, then the cards played and this heat's card with the
  total and the knife rule's warning beside them;
* the Triumph cards face up in a row, then the picking order beside the piles' sizes;
* each other seat as one row: its name, its hand and Triumph cards counted in a line
  (``counts:<s>``, the trophies and knives where this view knows them, and the knife rule's
  warning), its total and colour, and to the right its Tomato, the cards it played this
  round and its card of this heat; in the all-seeing view its hand face up on a line of its
  own;
* a legend of the Tomato, trophy and knife pictures (minor).

The face-down piles' cards and the others' hand and Triumph piles are counted in words here
rather than drawn (``back:pile``, ``back:draw``, ``back:hand:<s>``, ``back:won:<s>`` and their
badges are the wide layout's). Live play offers exactly the clicks of the wide layout: every
card of the viewer's hand, the Tomato and the Triumph cards, with the same actions.
"""
from __future__ import annotations

from ...core.scene import label, zone
from .cards import plural
from .pieces import (LINE, RAISE, TEXT, TITLE, TRIUMPH, commit_card, danger_title, fan_rows,
                     hand_cards, hand_count_words, icon_width, info_label, knife_danger,
                     occurrences, order_lines, pile_labels, played_cards, r1, score_labels,
                     score_labels_width, seat_zone, status, text_width, tomato_card,
                     triumph_card, warning, warning_tells, winner_of)
from .words import named

WIDTH = 350
MARGIN = 4
INNER = WIDTH - 2 * MARGIN
PAD = 6
GAP = 4
TOP = 22
NAME_COL = 140        # the other seats' words, left of their cards
SEAT_CARD = (32, 46)  # the other seats' cards
OWN_CARD = (48, 64)
PLAYED_CARD = (36, 50)
ROW_H = 54
HAND_DROP = 30        # a long hand's second row, over the first's pictures
OWN_LEAST = 25        # the viewer's cards: at least this much of each shows (a click's room)
ORDER_LINE = 18
PILE_LINE = 17
LEGEND = (("tomato", "Tomato / tomato symbol"), ("trophy", "trophy"), ("knife", "knife"))


class Column:
    """Where things go for ``n`` players, top to bottom: the viewer's seat first (what they
    click is in sight without scrolling), the Triumph cards, the picking order and the piles,
    then the other seats. ``open_hands``: the all-seeing view, whose seat rows hold a line
    of face-up cards more."""

    def __init__(self, n: int, open_hands: bool, needed: int):
        self.own_y = TOP
        self.own_h = TITLE + RAISE + OWN_CARD[1] + HAND_DROP + 6 + PLAYED_CARD[1] + 4
        self.offer_y = self.own_y + self.own_h + GAP
        self.offer_h = TITLE + RAISE + TRIUMPH[1] + 6
        self.order_y = self.offer_y + self.offer_h + GAP
        self.order_h = max(TITLE + (needed + 1) * ORDER_LINE + 4, TITLE + 3 * PILE_LINE + 4)
        self.piles_w = 2 * PAD + text_width("Triumph pile 40")
        self.order_w = INNER - self.piles_w - GAP
        self.rows_y = self.order_y + self.order_h + GAP
        self.row_h = ROW_H + (SEAT_CARD[1] + 4 if open_hands else 0)
        self.legend_y = self.rows_y + (n - 1) * (self.row_h + GAP)
        self.height = self.legend_y + LINE + 2


def narrow_scene(obs: dict, names, legal=None) -> dict:
    """The table for a narrow board as ``{"width", "height", "text", "items"}`` (see the
    module docstring); the same arguments as ``render.scene``."""
    n = obs["players"]
    me = obs["perspective"]
    seated = isinstance(me, int) and 0 <= me < n
    bottom = me if seated else 0
    col = Column(n, me is None, obs["needed"])
    actions = set(legal or ()) if seated else set()
    winner = winner_of(obs)
    zones: list = []
    items: list = [label("status", 8, 4, status(obs, names, short=True), z=3)]
    _own_seat(zones, items, obs, bottom, col, names, actions, winner)
    _offer(zones, items, obs, col, actions)
    _order_and_piles(zones, items, obs, col, names)
    for offset in range(1, n):
        y = col.rows_y + (offset - 1) * (col.row_h + GAP)
        _seat_row(zones, items, obs, (bottom + offset) % n, y, col, names, winner)
    items.extend(_legend(col))
    return {"width": WIDTH, "height": r1(col.height), "text": TEXT, "items": zones + items}


def _seat_row(zones, items, obs, seat, y, col, names, winner):
    """Another seat in one row: words on the left, its cards on the right."""
    info = obs["seats"][seat]
    name = named(seat, names)
    x = MARGIN
    zones.append(seat_zone(obs, seat, x, y, INNER, col.row_h, names, False, winner))
    items.extend(_counts(obs, info, seat, name, names, x + PAD, y + TITLE + 1,
                         y + TITLE + LINE + 1))
    items.extend(info_label(obs, info, seat, x + PAD, y + TITLE + LINE + 1))
    cards_x = x + NAME_COL + 6
    top = y + 4
    items.extend(tomato_card(info, seat, cards_x, top, SEAT_CARD, name, ()))
    played_x = cards_x + SEAT_CARD[0] + 6
    room = x + INNER - PAD - (SEAT_CARD[0] + 4) - played_x
    played, end = played_cards(info, seat, played_x, top, room, SEAT_CARD, name)
    items.extend(played)
    items.extend(commit_card(info, seat, end, top, SEAT_CARD, name, obs["heat"]))
    if info["hand"] is not None:
        items.extend(hand_cards(info, seat, x + PAD, y + ROW_H, INNER - 2 * PAD, SEAT_CARD, name,
                                (), SEAT_CARD[0] + 3, SEAT_CARD[0] / 2 + 6, 0))


def _counts(obs, info, seat, name, names, x, y, info_y) -> list[dict]:
    """A seat's hand and Triumph cards in one line: after a picture of a hand, "5 · won 2";
    where this view knows what the Triumph cards add up to, the trophies and knives instead
    of the won cards (and no count of a hand drawn face up under it), with the knife rule's
    warning after them, or on the line of the total when the hand is counted (at the end,
    when there is no total)."""
    hand_words = hand_count_words(info["hand_size"], name)
    if info["won"] is None:
        text = f"{info['hand_size']} \u00b7 won {info['won_count']}"
        return [label(f"counts:{seat}", r1(x), r1(y), text, icons=["hand"], z=3,
                      title=f"{hand_words}; {name} has won "
                            f"{plural(info['won_count'], 'Triumph card')}, face down")]
    items = []
    score_x = x
    if info["hand"] is None:
        text = str(info["hand_size"])
        items.append(label(f"counts:{seat}", r1(x), r1(y), text, icons=["hand"], z=3,
                           title=hand_words))
        score_x += icon_width(1) + text_width(text) + 8
    items.extend(score_labels(obs, info, seat, name, score_x, y, False))
    if knife_danger(obs, seat):
        warn_at = (x, info_y, "fewest knives") if info["hand"] is None else \
            (score_x + score_labels_width(info, False) + 8, y, "fewest")
        items.append(label(f"warn:{seat}", r1(warn_at[0]), r1(warn_at[1]), warn_at[2], z=3,
                           tone="warning", title=danger_title(obs, seat, names),
                           **warning_tells(obs)))
    return items


def _offer(zones, items, obs, col, actions):
    offer = obs["offer"]
    y = col.offer_y
    zones.append(zone("offer", MARGIN, r1(y), INNER, r1(col.offer_h), "Triumph cards up",
                      title=f"the Triumph cards face up ({len(offer)} of {obs['needed']}): this "
                            f"table turns up {obs['needed']} at the start of a round"))
    step = min(TRIUMPH[0] + 6, (INNER - 2 * PAD - TRIUMPH[0]) / max(1, len(offer) - 1))
    for i, (card_id, k) in enumerate(occurrences(offer)):
        items.extend(triumph_card(card_id, k, MARGIN + PAD + i * step, y + TITLE + RAISE,
                                  TRIUMPH, actions))


def _order_and_piles(zones, items, obs, col, names):
    """The picking order (once the fight is over) beside the piles' sizes."""
    y = col.order_y
    zones.append(zone("order", MARGIN, r1(y), r1(col.order_w), r1(col.order_h), "Picking order",
                      title="who picks a Triumph card first: the highest total, ties by the "
                            "higher Tomato"))
    items.extend(order_lines(obs, names, MARGIN + PAD, y + TITLE, ORDER_LINE))
    piles_x = MARGIN + col.order_w + GAP
    zones.append(zone("piles", r1(piles_x), r1(y), r1(col.piles_w), r1(col.order_h), "Piles"))
    items.extend(pile_labels(obs, piles_x + PAD, y + TITLE, PILE_LINE))


def _own_seat(zones, items, obs, seat, col, names, actions, winner):
    """The viewer's seat: the Tomato and the hand as a strip of big cards, then the cards
    played and this heat's card, the total and the knife rule's warning beside them."""
    info = obs["seats"][seat]
    name = named(seat, names)
    x, y = MARGIN, col.own_y
    zones.append(seat_zone(obs, seat, x, y, INNER, col.own_h, names, obs["perspective"] == seat,
                           winner))
    score_x = x + INNER - PAD - score_labels_width(info, True)
    items.extend(score_labels(obs, info, seat, name, score_x, y + 2, True))
    top = y + TITLE + RAISE
    cw, ch = OWN_CARD
    items.extend(tomato_card(info, seat, x + PAD, top, OWN_CARD, name, actions))
    hand_x = x + PAD + cw + 6
    hand_w = x + INNER - PAD - hand_x
    drop = 0
    if info["hand"] is not None:
        items.extend(hand_cards(info, seat, hand_x, top, hand_w, OWN_CARD, name, actions, cw + 4,
                                OWN_LEAST, HAND_DROP, suits=False))
        if fan_rows(len(info["hand"]), hand_w, cw, OWN_LEAST) > 1:
            drop = HAND_DROP  # what is below makes room for the hand's second row
    row = top + ch + drop + 6
    room = 4 * 24 + PLAYED_CARD[0]
    played, end = played_cards(info, seat, x + PAD, row, room, PLAYED_CARD, name)
    items.extend(played)
    items.extend(commit_card(info, seat, end, row, PLAYED_CARD, name, obs["heat"]))
    # the total, then the knife rule's warning (wrapping at the table's edge) beside the cards
    text_x = (end + PLAYED_CARD[0] + 8) if info["committed"] else end + 4
    infos = info_label(obs, info, seat, text_x, row + 1)
    items.extend(infos)
    items.extend(warning(obs, seat, names, text_x, row + 1 + LINE * len(infos), True, short=True))


def _legend(col) -> list[dict]:
    out = []
    x = 8
    for icon, words in LEGEND:
        out.append(label(f"legend:{icon}", r1(x), r1(col.legend_y), words, icons=[icon], z=3,
                         title=f"this picture: {words}", minor=True))
        x += icon_width(1) + text_width(words) + 10
    return out
