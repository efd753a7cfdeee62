"""Karate Tomate seen from one perspective as a scene (the widgets' board), laid out for a
wide board; ``narrow.py`` lays the same pieces out for a phone-width column, and the texts
(the CLI's table, knowledge, results, the prompt) are in ``texts.py``.

``scene(obs, names, legal)`` lays the table out as the flat item list of ``core/scene.py``,
680 units wide with text of 12, so that beside the side panel of a 968 px notebook output its
text is drawn at 11 px or more:

* the status line across the top (round, heat, what happens now);
* the other seats in boxes, up to three a row, clockwise from the seat seen from (seat 0 for
  the all-seeing view). A box shows the Tomato (face down until shown) and the hand (one
  face-down card with the count on it; face up in the all-seeing view), then the Number cards
  played this round (face up, in order) followed by the card put face down in this heat, and
  the Triumph cards won as a face-down pile with the count on it; under them the total and
  colour, or that the seat is out of the fight, and the trophies and knives where this view
  knows them (with "fewest knives" beside the name when the knife rule would knock the seat
  out);
* in the middle the Triumph cards face up (trophies as the face's value and picture, knives
  and tomato symbols as pictures on the face), the picking order once the fight is over
  (totals, Tomatoes shown, the swap), and the piles: Triumph pile, draw pile, discard pile;
* the seat seen from across the bottom: its Tomato and hand, big enough to click, then the
  cards it played and its card of this heat, its total, its Triumph cards and what they add up
  to, and a warning when it holds the fewest knives (or none, when the others' are face down);
* a legend of the vegetables' and the Tomato's pictures along the bottom edge (minor: it
  gives way on a small board).

Pictures come from ``sprites.svg`` (the five vegetables, the Tomato, trophy, knife, a hand of
cards); a picture is never the only cue. No text shows an internal code.

Item ids (a face-down card's id names only its place, never the card); both layouts use them:

* ``card:hand:<seat>:<card>:<k>`` (face up; ``k`` tells identical cards apart),
  ``back:hand:<seat>`` with the badge ``hand:<seat>``;
* ``tomato:<seat>`` (face up or down), ``commit:<seat>`` (this heat's card),
  ``card:played:<seat>:<i>`` (the i-th card played this round);
* ``back:won:<seat>`` with the badge ``won:<seat>``; ``won:<seat>:trophies`` and
  ``won:<seat>:knives`` where this view knows them (its own; everybody's at the end);
  ``warn:<seat>`` the knife rule's warning (``tells`` until the game is over: it foretells
  who the rule knocks out);
* ``triumph:<card>:<k>`` and ``triumph:<card>:<k>:more`` (a face-up Triumph card and the
  knives and tomato symbols on its face);
* ``back:pile``, ``back:draw`` and the labels ``pile``, ``draw``, ``discard:text``; zones
  ``seat:<s>``, ``offer``, ``order``, ``piles``; labels ``status``, ``info:<s>``,
  ``order:<k>``, ``order:ties`` (``tells`` while it says the swap comes next),
  ``legend:<picture>``; the narrow layout's own
  ``counts:<s>`` (a seat's hand and Triumph cards counted in one line).

Live play (``legal`` given): in a heat every card of the viewer's hand carries ``action``
``play:<card>`` (one of another colour too: the click is answered with the rule), and the
viewer's Tomato ``tomato``; when discarding the hand cards carry ``discard:<card>``, when
picking the Triumph cards ``take:<card>``. The other choices (draw two or discard two,
calling the end) are the shell's buttons. Without ``legal`` (replays) nothing is clickable.
"""
from __future__ import annotations

from ...core.scene import label, zone
from .pieces import (LINE, RAISE, RANK_SHOWS, TEXT, TITLE, TRIUMPH, commit_card, fan_rows,
                     hand_cards, hidden_hand, icon_width, info_label, occurrences, order_lines,
                     pile_backs, pile_labels, played_cards, r1, score_labels, score_labels_width,
                     seat_zone, status, text_width, tomato_card, triumph_card, warning,
                     warning_width, winner_of, won_pile)
from .words import named

WIDTH = 680
MARGIN = 4
INNER = WIDTH - 2 * MARGIN
GAP = 6
PAD = 6
TOP = 24          # the status line
ORDER_LINE = 18   # a line of the picking order (with a picture)
PILE_LINE = 30    # a line of the piles (with a face-down card)
OWN_CARD = (48, 66)
WON_CARD = (36, 50)
PILE_CARD = (20, 28)
#: the pictures' names (the trophy's and the knife's are said beside them on the viewer's seat)
LEGEND = (("corn", "corn"), ("carrot", "carrot"), ("mushroom", "mushroom"),
          ("aubergine", "aubergine"), ("broccoli", "broccoli"),
          ("tomato", "Tomato / tomato symbol"))


# ---- geometry ------------------------------------------------------------------------------
class Layout:
    """Where things go for ``n`` players: the other seats in rows of boxes (up to three a
    row, the rows as even as can be), the middle band (``needed``: the Triumph cards a round
    turns up), the viewer's seat; the height follows from the rows. ``open_hands``: the
    all-seeing view, whose boxes hold the hands face up (in two rows when long)."""

    def __init__(self, n: int, open_hands: bool, needed: int):
        others = n - 1
        cols = 2 if others in (2, 4) else 3
        rows = -(-others // cols)
        self.row_sizes = [others // rows + (row < others % rows) for row in range(rows)]
        self.card = (48, 64) if cols == 2 else (36, 50)
        cw, ch = self.card
        # a hand's second row lies over the first's pictures, under its ranks
        self.hand_drop = (ch - 26) if open_hands else 0
        self.box_h = TITLE + ch + self.hand_drop + 4 + ch + 2 + LINE + 2
        self.middle_y = TOP + rows * (self.box_h + GAP)
        self.offer_w = max(2 * PAD + needed * (TRIUMPH[0] + 6) - 6, 136)
        self.piles_w = 2 * PAD + PILE_CARD[0] + 6 + text_width("Triumph pile 40")
        self.order_x = MARGIN + self.offer_w + GAP
        self.order_w = INNER - self.offer_w - self.piles_w - 2 * GAP
        self.piles_x = WIDTH - MARGIN - self.piles_w
        self.middle_h = max(TITLE + RAISE + TRIUMPH[1] + 6, TITLE + (needed + 1) * ORDER_LINE + 4,
                            TITLE + 3 * PILE_LINE + 2)
        self.own_y = self.middle_y + self.middle_h + GAP
        self.own_h = TITLE + RAISE + OWN_CARD[1] + 6 + WON_CARD[1] + 4
        self.legend_y = self.own_y + self.own_h + 4
        self.height = self.legend_y + LINE + 2

    def boxes(self):
        """(x, y, width) of each other seat's box, in order (0: the next seat clockwise)."""
        for row, count in enumerate(self.row_sizes):
            width = (INNER - (count - 1) * GAP) / count
            for col in range(count):
                yield MARGIN + col * (width + GAP), TOP + row * (self.box_h + GAP), width


# ---- the scene -------------------------------------------------------------------------------
def scene(obs: dict, names, legal=None) -> dict:
    """The table as ``{"width", "height", "text", "items"}`` for ``obs``'s perspective (see
    the module docstring). ``legal`` (live play) makes the viewer's cards and the Triumph
    cards clickable where an action of theirs is legal."""
    n = obs["players"]
    me = obs["perspective"]
    seated = isinstance(me, int) and 0 <= me < n
    bottom = me if seated else 0
    lay = Layout(n, me is None, obs["needed"])
    actions = set(legal or ()) if seated else set()
    winner = winner_of(obs)
    zones: list = []
    items: list = [label("status", 8, 4, status(obs, names), z=3)]
    for offset, box in enumerate(lay.boxes(), start=1):
        _other_seat(zones, items, obs, (bottom + offset) % n, box, lay, names, winner)
    _own_seat(zones, items, obs, bottom, lay, names, actions, winner)
    _offer(zones, items, obs, lay, actions)
    _order(zones, items, obs, lay, names)
    _piles(zones, items, obs, lay)
    items.extend(_legend(lay))
    return {"width": WIDTH, "height": r1(lay.height), "text": TEXT, "items": zones + items}


def _other_seat(zones, items, obs, seat, box, lay, names, winner):
    x, y, w = box
    info = obs["seats"][seat]
    name = named(seat, names)
    cw, ch = lay.card
    zones.append(seat_zone(obs, seat, x, y, w, lay.box_h, names, False, winner))
    items.extend(warning(obs, seat, names, x + w - PAD - warning_width(obs, seat, False),
                         y + 2, False))
    top = y + TITLE
    items.extend(tomato_card(info, seat, x + PAD, top, lay.card, name, ()))
    hand_x = x + PAD + cw + 6
    hand_w = x + w - PAD - hand_x
    drop = 0
    if info["hand"] is not None:
        items.extend(hand_cards(info, seat, hand_x, top, hand_w, lay.card, name, (), cw + 3,
                                RANK_SHOWS, lay.hand_drop))
        if fan_rows(len(info["hand"]), hand_w, cw, RANK_SHOWS) > 1:
            drop = lay.hand_drop  # the rows below make room for the hand's second row
    else:
        items.extend(hidden_hand(info, seat, hand_x, top, lay.card, name))
    row = top + ch + drop + 4
    won_x = x + w - PAD - cw
    room = won_x - 10 - (cw + 4) - (x + PAD)
    played, end = played_cards(info, seat, x + PAD, row, room, lay.card, name)
    items.extend(played)
    items.extend(commit_card(info, seat, end, row, lay.card, name, obs["heat"]))
    items.extend(won_pile(info, seat, won_x, row, lay.card, name))
    line = row + ch + 2
    items.extend(info_label(obs, info, seat, x + PAD, line))
    score_x = x + w - PAD - score_labels_width(info, False)
    items.extend(score_labels(obs, info, seat, name, score_x, line, False))


def _own_seat(zones, items, obs, seat, lay, names, actions, winner):
    info = obs["seats"][seat]
    name = named(seat, names)
    y = lay.own_y
    x = MARGIN
    zones.append(seat_zone(obs, seat, x, y, INNER, lay.own_h, names, obs["perspective"] == seat,
                           winner))
    score_x = x + INNER - PAD - score_labels_width(info, True)
    items.extend(score_labels(obs, info, seat, name, score_x, y + 2, True))
    top = y + TITLE + RAISE
    cw, ch = OWN_CARD
    items.extend(tomato_card(info, seat, x + PAD, top, OWN_CARD, name, actions))
    hand_x = x + PAD + cw + 10
    if info["hand"] is not None:
        items.extend(hand_cards(info, seat, hand_x, top, x + INNER - PAD - hand_x, OWN_CARD, name,
                                actions, cw + 4, 26, 30))
    else:
        items.extend(hidden_hand(info, seat, hand_x, top, OWN_CARD, name))
    row = top + ch + 6
    played, end = played_cards(info, seat, x + PAD, row, 5 * (WON_CARD[0] + 3), WON_CARD, name)
    items.extend(played)
    items.extend(commit_card(info, seat, end, row, WON_CARD, name, obs["heat"]))
    text_x = max(end + WON_CARD[0] + 10, x + PAD + 6 * (WON_CARD[0] + 3) + 10)
    infos = info_label(obs, info, seat, text_x, row + 4)
    items.extend(infos)
    items.extend(warning(obs, seat, names, text_x, row + 4 + (LINE + 4) * len(infos), True))
    items.extend(won_pile(info, seat, x + INNER - PAD - WON_CARD[0], row, WON_CARD, name))


def _offer(zones, items, obs, lay, actions):
    """The face-up Triumph cards, in a row."""
    offer = obs["offer"]
    y = lay.middle_y
    zones.append(zone("offer", MARGIN, r1(y), r1(lay.offer_w), r1(lay.middle_h),
                      "Triumph cards up",
                      title=f"the Triumph cards face up ({len(offer)} of {obs['needed']}): this "
                            f"table turns up {obs['needed']} at the start of a round"))
    top = y + TITLE + RAISE
    for i, (card_id, k) in enumerate(occurrences(offer)):
        items.extend(triumph_card(card_id, k, MARGIN + PAD + i * (TRIUMPH[0] + 6), top, TRIUMPH,
                                  actions))


def _order(zones, items, obs, lay, names):
    """Once the fight is over: who picks in which order (see ``pieces.order_lines``)."""
    y = lay.middle_y
    zones.append(zone("order", r1(lay.order_x), r1(y), r1(lay.order_w), r1(lay.middle_h),
                      "Picking order", title="who picks a Triumph card first: the highest "
                                             "total, ties by the higher Tomato"))
    items.extend(order_lines(obs, names, lay.order_x + PAD, y + TITLE, ORDER_LINE))


def _piles(zones, items, obs, lay):
    y = lay.middle_y
    x = lay.piles_x
    zones.append(zone("piles", r1(x), r1(y), r1(lay.piles_w), r1(lay.middle_h), "Piles"))
    top = y + TITLE + 4
    items.extend(pile_backs(obs, x + PAD, top, PILE_CARD, PILE_LINE))
    items.extend(pile_labels(obs, x + PAD + PILE_CARD[0] + 6, top + 6, PILE_LINE))


def _legend(lay) -> list[dict]:
    """What the pictures mean, in a row at the bottom."""
    out = []
    x = 8
    for icon, words in LEGEND:
        out.append(label(f"legend:{icon}", r1(x), r1(lay.legend_y), words, icons=[icon], z=3,
                         title=f"this picture: {words}", minor=True))
        x += icon_width(1) + text_width(words) + 10
    return out
