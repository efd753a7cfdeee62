"""Tomate's table as a scene (``core/scene.py``): the items every layout draws, and the
wide layout. The narrow one (a phone-width column) is in ``narrow.py``; the words (status
line, text table, results, prompt) in ``texts.py``; what a view knows in ``known.py``.

A layout only decides where things go: per seat a ``SeatPlace`` (its zone, where its hand,
labels, tokens and its card on the trick lie) and one ``MiddlePlace`` (the trump, the stock,
the discard and the pot). The builders here turn an observation into items at those places,
so both layouts show the same things under the same ids, and a face-down card's id names
only its place (``back:hand:2:0``), never the card.

The wide table (``WIDTH`` x the layout's height, text ``TEXT`` units): a status line on top,
then the seats in rows and columns around the middle, clockwise from the viewer at the
bottom centre (seat 0 for the all-seeing view): on its left first, then up the left side,
along the top and down the right side. In a seat's zone: its name, its hand (a passed hand
lies face down and muted), chips and declaration, tricks won and the dealer button; the
chips a seat pays and wins as a round is scored show as tokens at the right of its hand.
In the middle: the trick, each card in front of the seat that played it (a shrunken copy of
the table, just large enough that no card hides another), and the trump, stock and discard
on its left and the pot on its right; when many seats leave no room beside the trick, they
lie together inside the ring of its places, the pot beside the stock. The viewer's zone
keeps room above its cards for the clickable ones, which rise when live play wants a card.
The table is as tall as that takes: the number of seats decides it, never the game.

Suits are pictures from ``sprites.svg`` (a coin, a cup, a sword, a club), always with the
rank and the suit's name as text. Every position depends only on the observation and the
names, so the same observation always gives the same scene, and an item only changes when
what it shows changes (the widget sends just the ``diff`` between steps).

Helps that give an exercise's answer away are marked ``tells`` (``core/scene.py``): only
the status line while the pot is shared out (``status_tells``), which says what that forced
step will do. The rest are facts of the table: cards, chips, tricks won and needed, the
trump, whose turn it is and the stage of the round.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from ...core.scene import card, label, token, zone
from .cards import CARD_BY_ID, card_name, spanish_name
from .known import completed_tricks
from .rules import TRICKS_PER_ROUND
from .sizes import TOKEN, card_height, text_width, token_width
from .texts import name_of, plural, status_text
from .tricks import winning_play

__all__ = ["MiddlePlace", "SeatPlace", "TEXT", "WIDTH", "WideLayout", "face", "scene",
           "status_tells"]

WIDTH = 780
TEXT = 15.4        # the text size, in scene units: legible beside the panel at 968 px
                   # and above it at 592 px (boards 652 and 564 px wide)
LINE = 19          # one line of labels (line height 1.2)
TITLE = 22         # a zone's title line (its text, padding and border)
RAISE = 8          # room over a hand for the clickable cards, which rise 6 units
PAD = 4            # inside a zone
CARD_GAP = 4       # between the cards of a hand
GAP = 6            # between zones
MARGIN = 6         # from the table's edge
SEPARATION = 8     # between two cards of the trick
COLORS = {"coins": "gold", "cups": "red", "swords": "blue", "clubs": "green"}
DOING = {"take": "takes or leaves the turned trump", "discard": "discards one of the three cards dealt",
         "declare": "says play or pass", "trick": "plays a card"}
MINUS = "\u2212"


def _r(value: float):
    value = round(value, 1)
    return int(value) if value == int(value) else value


# ---- card faces -----------------------------------------------------------------------
_FACES = {}
for _c in CARD_BY_ID:
    _rank, _, _suit = _c.partition("-")
    _FACES[_c] = {"rank": _rank, "suit": _suit, "icon": _suit, "color": COLORS[_suit]}


def face(card_id: str) -> dict:
    """``{"rank", "suit", "icon", "color"}`` of a card id: the suit's picture is the
    ``sprites.svg`` symbol of the same name (a coin, a cup, a sword, a club)."""
    return dict(_FACES[card_id])


def _card_item(id_: str, x: float, y: float, card_id: str | None, size, z: int, **extra):
    """A card of ``size`` (w, h); face up when ``card_id`` is given. (No default title: the
    face says rank and suit, and a title on every card would double each delta.)"""
    w, h = size
    return card(id_, x, y, face(card_id) if card_id else None, w=w, h=h, z=z, **extra)


# ---- where things go ------------------------------------------------------------------
@dataclass(frozen=True)
class SeatPlace:
    """Where one seat's things lie (scene units): its zone, its hand (the first card's
    corner, the cards' size and the width the hand may fill), its labels, its tokens (the
    settlement tokens end at ``tokens_right``) and its card on the trick (``spot``, a card
    of ``spot_card`` size)."""
    zone: tuple
    cards: tuple
    room: float
    card: tuple
    chips: tuple
    decl: tuple
    tricks: tuple
    dealer: tuple
    paid_y: float
    won_y: float
    tokens_right: float
    spot: tuple
    spot_card: tuple


@dataclass(frozen=True)
class MiddlePlace:
    """Where the trump's suit, the stock, the turned trump, the discard and the pot lie."""
    card: tuple
    trump_label: tuple
    stock: tuple
    trump: tuple
    discard: tuple
    stock_label: tuple
    taken_label: tuple
    discard_label: tuple
    pot: tuple
    pot_label: tuple
    carry: tuple


def rounded(place):
    """A place with every coordinate rounded as scene items are (a tenth of a unit), once
    for all the scenes drawn with it."""
    values = {}
    for name, value in vars(place).items():
        values[name] = tuple(map(_r, value)) if isinstance(value, tuple) else _r(value)
    return type(place)(**values)


def hand_xs(count: int, x: float, room: float, width: float) -> list[float]:
    """Left edges of ``count`` cards from ``x`` within ``room``: apart while they fit,
    closer when a fourth card (the taken trump) joins the hand."""
    if count <= 1:
        return [x] * count
    step = min(width + CARD_GAP, (room - width) / (count - 1))
    return [_r(x + i * step) for i in range(count)]


# ---- the items of a seat --------------------------------------------------------------
def _seat_tone(obs: dict, seat: int, winners: set) -> dict:
    if seat in obs["to_act"]:
        return {"tone": "active"}
    if obs["status"][seat] == "pass":
        return {"tone": "muted"}
    if seat in winners:
        return {"tone": "winner"}
    return {}


def _seat_title(obs: dict, seat: int, name: str, cut: bool) -> str | None:
    """The zone's tooltip: who it is for the viewer, and what the seat is doing now; the
    name alone when the zone's title is too narrow for all of it (``cut``)."""
    words = [f"{name} (you)" if seat == obs["perspective"] else name]
    if seat in obs["to_act"] and obs["phase"] in DOING:
        words.append(DOING[obs["phase"]])
    said = len(words) > 1 or seat == obs["perspective"] or cut
    return " \u00b7 ".join(words) if said else None


def _hand_items(obs: dict, seat: int, place: SeatPlace, card_actions: dict, text: float) -> list:
    """The seat's hand, or its passed hand face down and muted."""
    hand = obs["hands"][seat]
    pile = obs["mucked"][seat]
    muted = not hand
    shown = hand if hand else pile
    room = place.room - _settlement_room(obs, seat, text)  # the cards make way for the tokens
    xs = hand_xs(len(shown), place.cards[0], room, place.card[0])
    items = []
    backs = 0  # face-down cards are numbered among themselves: a card shown beside them
    for x, cid in zip(xs, shown):  # (a taken trump) renames none of them
        if cid is None:
            kind = "muck" if muted else "hand"
            items.append(_card_item(f"back:{kind}:{seat}:{backs}", x, place.cards[1], None,
                                    place.card, 1, **({"tone": "muted"} if muted else {})))
            backs += 1
            continue
        extra = {}
        if muted:
            extra["tone"] = "muted"
        elif cid == obs["trump"]:
            extra["tone"] = "trump"
        if not muted and seat == obs["perspective"] and cid in card_actions:
            extra["action"] = card_actions[cid]
        items.append(_card_item(f"card:{cid}", x, place.cards[1], cid, place.card, 1, **extra))
    return items


def _declaration_items(obs: dict, seat: int, place: SeatPlace, text: float) -> list:
    """"plays" or "passed", and for a player in, the tricks won so far."""
    declared = obs["status"][seat]
    if not declared:
        return []
    x, y = place.decl
    if y == place.chips[1]:  # on the chips' line: after them, however many they are
        chips = plural(obs["chips"][seat], "chip")
        x = max(x, place.chips[0] + text_width(chips, text) + 8)
    if declared == "pass":
        return [label(f"decl:{seat}", _r(x), y, "passed", title="passed this round", z=2)]
    taker = seat == obs["dealer"] and obs["trump_taken"]
    won = plural(obs["tricks"][seat], "trick")
    tx, ty = place.tricks
    return [label(f"decl:{seat}", _r(x), y, "plays",
                  title="took the trump: needs 2 tricks" if taker else "stays in this round", z=2),
            label(f"tricks:{seat}", tx, ty, f"{won} (needs 2)" if taker else won, z=2)]


def _settlement_words(obs: dict, seat: int) -> tuple[str, str]:
    """The texts of the seat's tokens as the round is scored ("" for none)."""
    settled = obs["settlement"]
    if not settled:
        return "", ""
    paid, won = settled["paid"][seat], settled["won"][seat]
    return (f"{MINUS}{paid}" if paid else ""), (f"+{won}" if won else "")


def _settlement_room(obs: dict, seat: int, text: float) -> float:
    """The width the seat's settlement tokens take at the end of its hand."""
    words = [w for w in _settlement_words(obs, seat) if w]
    return max(token_width(w, text) for w in words) + CARD_GAP if words else 0


def _settlement_items(obs: dict, seat: int, place: SeatPlace, text: float) -> list:
    """The chips the seat pays and wins as the round is scored, as tokens ending at the
    right of its hand (no hand fills that place by then)."""
    paid, won = _settlement_words(obs, seat)
    items = []
    if paid:
        amount = plural(obs["settlement"]["paid"][seat], "chip")
        items.append(token(f"paid:{seat}", _r(place.tokens_right - token_width(paid, text)),
                           place.paid_y, paid, tone="warning",
                           title=f"paid a penalty of {amount}", z=30))
    if won:
        amount = plural(obs["settlement"]["won"][seat], "chip")
        items.append(token(f"won:{seat}", _r(place.tokens_right - token_width(won, text)),
                           place.won_y, won, tone="winner",
                           title=f"won {amount} from the pot", z=30))
    return items


def seat_items(obs: dict, names, places: dict, card_actions: dict, text: float):
    """Every seat's zone and what lies in it, at ``places`` (seat -> SeatPlace); returns
    (zones, items)."""
    zones, items = [], []
    winners = set()
    if obs["phase"] == "over":
        top = max(obs["chips"])
        winners = {s for s, c in enumerate(obs["chips"]) if c == top}
    for seat in range(obs["players"]):
        place = places[seat]
        name = name_of(names, seat)
        extra = _seat_tone(obs, seat, winners)
        zx, zy, zw, zh = place.zone
        title = _seat_title(obs, seat, name, text_width(name, text, bold=True) > zw - 14)
        if title:
            extra["title"] = title
        zones.append(zone(f"seat:{seat}", zx, zy, zw, zh, name, **extra))
        items += _hand_items(obs, seat, place, card_actions, text)
        items.append(label(f"chips:{seat}", *place.chips, plural(obs["chips"][seat], "chip"), z=2))
        items += _declaration_items(obs, seat, place, text)
        items += _settlement_items(obs, seat, place, text)
        if seat == obs["dealer"]:
            items.append(token("token:dealer", *place.dealer, "D", title=f"{name} deals", z=30))
    return zones, items


# ---- the middle of the table ------------------------------------------------------------
def _winning(trick, trump: str | None):
    """The seat holding a trick in progress (card ids as in observations)."""
    if not trick or trump is None:
        return None
    seat, _ = winning_play(tuple((s, CARD_BY_ID[c]) for s, c in trick), CARD_BY_ID[trump] // 10)
    return seat


def trick_items(obs: dict, names, places: dict, box: tuple, text: float, short: bool = False):
    """The trick being played, or the last one completed (its winner marked) until the
    next card is led or the next deal, each card at its player's spot; nothing when no trick
    was played. ``short``: a title without the winner's name (the tooltip says it)."""
    plays, holder, finished = obs["trick"], None, False
    if plays:
        holder = _winning(plays, obs["trump"])
    else:
        done = completed_tricks(obs)
        if not done:
            return []
        plays, holder = done[-1]
        finished = True
    number = obs["trick_no"] if finished else obs["trick_no"] + 1
    words = f"Trick {number} of {TRICKS_PER_ROUND}"
    extra = {}
    if finished:
        extra["title"] = f"{words}, won by {name_of(names, holder)}"
        extra["tone"] = "winner"
        won = f"Trick {number} \u00b7 won by {name_of(names, holder)}"
        if not short and text_width(won, text, bold=True) <= box[2] - 14:
            words = won
    if short:
        words = f"Trick {number}"
    bx, by, bw, bh = map(_r, box)
    items = [zone("trick", bx, by, bw, bh, words, **extra)]
    for order, (seat, cid) in enumerate(plays):
        x, y = places[seat].spot
        extra = {"tone": "winner"} if seat == holder else {}
        extra["title"] = f"{card_name(cid)} ({spanish_name(cid)}), played by {name_of(names, seat)}"
        items.append(_card_item(f"card:{cid}", x, y, cid, places[seat].spot_card, 10 + order, **extra))
    return items


def stock_items(obs: dict, names, place: MiddlePlace) -> list:
    """The trump's suit, the stock, the turned trump (or who took it) and the discard, from
    the deal until the next one."""
    trump = obs["trump"]
    if not trump:
        return []
    suit = trump.partition("-")[2]
    items = [label("trump:suit", *place.trump_label, f"Trumps: {suit}", icons=[suit],
                   tone="trump", z=2)]
    if obs["stock"]:
        items.append(_card_item("back:stock", *place.stock, None, place.card, 1,
                                title=f"the stock: {obs['stock']} cards face down"))
    if not obs["trump_taken"]:
        items.append(_card_item(f"card:{trump}", *place.trump, trump, place.card, 1, tone="trump",
                                title=f"the turned trump: {card_name(trump)} ({spanish_name(trump)})"))
    items.append(label("stock:count", *place.stock_label,
                       f"stock {obs['stock']}" if obs["stock"] else "no stock", z=2))
    if obs["trump_taken"]:
        items.append(label("trump:taken", *place.taken_label, "taken by the dealer",
                           title=f"{name_of(names, obs['dealer'])} took the turned {card_name(trump)}",
                           z=2))
    if obs["has_discard"]:
        cid = obs["discard"]
        if cid:
            items.append(_card_item(f"card:{cid}", *place.discard, cid, place.card, 1, tone="muted",
                                    title=f"discarded: {card_name(cid)} ({spanish_name(cid)})"))
        else:
            items.append(_card_item("back:discard", *place.discard, None, place.card, 1,
                                    title="the dealer's discard, face down"))
        items.append(label("discard:label", *place.discard_label, "discard", z=2))
    return items


def pot_items(obs: dict, place: MiddlePlace) -> list:
    """The pot, and penalties waiting for the next pot."""
    if obs["phase"] == "cut":
        return []
    items = [token("pot", *place.pot, str(obs["pot"]), icons=["chip"],
                   title=f"the pot: {plural(obs['pot'], 'chip')}", z=30),
             label("pot:label", *place.pot_label, "pot", z=2)]
    if obs["carry"]:
        items.append(label("carry", *place.carry, f"+{obs['carry']} next pot",
                           title="penalties waiting for the next pot", z=2))
    return items


def card_actions(obs: dict, legal) -> dict:
    """Live play: every card of the player's own hand is clickable while a card is wanted,
    legal or not, so an illegal click can be answered with the rule that forbids it."""
    kinds = {action.partition(":")[0] for action in legal or () if ":" in action}
    kinds &= {"play", "discard"}
    me = obs["perspective"]
    if not kinds or me is None:
        return {}
    kind = kinds.pop()
    return {cid: f"{kind}:{cid}" for cid in obs["hands"][me] if cid}


def bottom_seat(obs: dict) -> int:
    """The seat drawn where the viewer sits: the viewer's, or seat 0 for the all-seeing view."""
    persp = obs["perspective"]
    return persp if isinstance(persp, int) and 0 <= persp < obs["players"] else 0


def status_line(obs: dict, names, room: float, text: float) -> str:
    """The stage of the game, without the names when they would not fit on one line."""
    words = status_text(obs, names)
    return words if text_width(words, text) <= room else status_text(obs, names, short=True)


def status_tells(obs: dict) -> dict:
    """``{"tells": True}`` while the status line foretells the forced step that shares out
    the pot ("everybody passed: the pot waits", "only Ana stayed in: the pot is shared", "the
    pot of 9 is shared, a third per trick"): what that step will do is for the learner to
    work out in a "what happens next?" exercise. Every other stage only names the step due."""
    return {"tells": True} if obs["phase"] == "shares" else {}


def pot_width(text: float) -> float:
    """Room for the pot's token (a chip and up to three digits) and its labels."""
    token_ = 1.15 * text + 3 + token_width("999", text)
    return max(token_, text_width("+99 next pot", text))


def middle_size(text: float, card_size: tuple, with_pot: bool) -> tuple[float, float]:
    """The size of the trump / stock / discard group: the trump's suit on top, the three
    cards in a row (the pot beside them ``with_pot``), then their labels."""
    cw, ch = card_size
    row = 3 * cw + 2 * GAP + (GAP + pot_width(text) if with_pot else 0)
    w = max(text_width("Trumps: swords", text, bold=True) + 1.15 * text + 4, row,
            text_width("taken by the dealer", text))
    return w, LINE + 4 + ch + 2 + 2 * LINE


def pot_size(text: float) -> tuple[float, float]:
    """The size of the pot's token and its two labels, on their own."""
    return pot_width(text), TOKEN + 3 + 2 * LINE


def middle_place(x: float, y: float, card_size: tuple, pot=None) -> MiddlePlace:
    """The stock group with its corner at (x, y), and the pot's corner at ``pot`` or, when
    None, right of the group's cards (its labels under the token, level with the cards)."""
    cw, ch = card_size
    cards_y = y + LINE + 4
    under = cards_y + ch + 2
    pot_x, pot_y = pot if pot else (x + 3 * cw + 3 * GAP, cards_y)
    return MiddlePlace(card=card_size, trump_label=(x, y), stock=(x, cards_y),
                       trump=(x + cw + GAP, cards_y), discard=(x + 2 * (cw + GAP), cards_y),
                       stock_label=(x, under), taken_label=(x, under + LINE),
                       discard_label=(x + 2 * (cw + GAP), under), pot=(pot_x, pot_y),
                       pot_label=(pot_x, pot_y + TOKEN + 3), carry=(pot_x, pot_y + TOKEN + 3 + LINE))


# ---- the wide layout ------------------------------------------------------------------
#: seats per side, (bottom row, each side column, top row): the viewer in the bottom row's
#: middle, rows as full as the width allows, so that the table stays short
ARRANGEMENTS = {2: (1, 0, 1), 3: (1, 0, 2), 4: (1, 0, 3), 5: (3, 0, 2), 6: (3, 0, 3),
                7: (3, 0, 4), 8: (3, 1, 3), 9: (3, 1, 4), 10: (3, 2, 3), 11: (3, 2, 4),
                12: (3, 3, 3), 13: (3, 3, 4)}
#: a card's width by the number of seats: as large as the rows allow
CARD_WIDTHS = {2: 56, 3: 56, 4: 52, 5: 52, 6: 52}
SMALLEST_CARD = 44


def _overlap(a, b, margin: float = 0.0) -> bool:
    return (a[0] < b[0] + b[2] + margin and b[0] < a[0] + a[2] + margin
            and a[1] < b[1] + b[3] + margin and b[1] < a[1] + a[3] + margin)


class WideLayout:
    """Places for ``n`` seats on the wide table, counted from the seat at the bottom (the
    viewer): ``places[k]`` is the place of the seat ``k`` seats on the viewer's left. The
    height is the smallest that fits the seats, the trick and the middle group."""

    def __init__(self, n: int):
        self.n = n
        self.text = TEXT
        cw = CARD_WIDTHS.get(n, SMALLEST_CARD)
        self.card = (cw, card_height(cw, TEXT))
        self.zw = 2 * PAD + 4 * cw
        self.zh = TITLE + self.card[1] + 3 + 2 * LINE + 3
        self.top = 6 + LINE + 4  # under the status line
        for height in range(self._least_height(), 4000, 4):
            if self._fit(height):
                self.height = height
                return
        raise AssertionError(f"no wide layout for {n} seats")

    def _least_height(self) -> int:
        bottom, side, top = ARRANGEMENTS[self.n]
        middle = max(side * self.zh + (side - 1) * GAP, TITLE + 2 * self.card[1] + SEPARATION)
        return int(self.top + self.zh + 2 * GAP + middle + self.zh + RAISE + MARGIN)

    # -- seats ------------------------------------------------------------------------
    def _row(self, count: int, y: float, h: float) -> list[tuple]:
        total = count * self.zw + (count - 1) * GAP
        x0 = (WIDTH - total) / 2
        return [(x0 + i * (self.zw + GAP), y, self.zw, h) for i in range(count)]

    def _zones(self, height: float) -> list[tuple]:
        """Zones clockwise from the bottom middle: the bottom row's left part, the left
        column upwards, the top row, the right column downwards, the bottom row's right."""
        bottom, side, top = ARRANGEMENTS[self.n]
        low = self._row(bottom, height - self.zh - RAISE - MARGIN, self.zh + RAISE)
        high = self._row(top, self.top, self.zh)
        _, y0, _, span = self.middle(height)
        step = (span - self.zh) / (side - 1) if side > 1 else 0
        ys = [y0 + i * step for i in range(side)] if side > 1 else [y0 + (span - self.zh) / 2] * side
        left = [(MARGIN, y, self.zw, self.zh) for y in ys]
        right = [(WIDTH - MARGIN - self.zw, y, self.zw, self.zh) for y in ys]
        half = bottom // 2
        return [low[half]] + low[:half][::-1] + left[::-1] + high + right + low[half + 1:][::-1]

    def middle(self, height: float) -> tuple:
        """The box between the seats (the trick zone while a trick is on)."""
        side = ARRANGEMENTS[self.n][1]
        x0 = MARGIN + (self.zw + GAP if side else 0)
        y0 = self.top + self.zh + GAP
        y1 = height - self.zh - RAISE - MARGIN - GAP
        return (x0, y0, WIDTH - 2 * x0, y1 - y0)

    # -- the trick and the middle group ---------------------------------------------
    def _scales(self, centres, inner):
        """(least, most) shrink factors along x and y that put the trick's cards in front
        of their seats, a shrunken copy of the table: the least keeps the cards of one row
        of seats apart side by side and those of different rows apart up and down, the
        most keeps them all in ``inner``. None when both cannot hold."""
        cw, ch = self.card
        ix, iy, iw, ih = inner
        mx, my = ix + iw / 2, iy + ih / 2
        most_x = min([1.0] + [(iw - cw) / 2 / abs(x - mx) for x, _ in centres if abs(x - mx) > 1])
        most_y = min([1.0] + [(ih - ch) / 2 / abs(y - my) for _, y in centres if abs(y - my) > 1])
        least_x = least_y = 0.0
        for (ax, ay), (bx, by) in combinations(centres, 2):
            if abs(ay - by) > self.zh / 2:
                least_y = max(least_y, (ch + SEPARATION) / abs(ay - by))
            else:
                least_x = max(least_x, (cw + SEPARATION) / abs(ax - bx))
        if least_x > most_x or least_y > most_y:
            return None
        return (least_x, least_y), (most_x, most_y)

    def _fit(self, height: float) -> bool:
        zones = self._zones(height)
        if any(_overlap(a, b, GAP - 1) for a, b in combinations(zones, 2)):
            return False
        box = self.middle(height)
        inner = (box[0] + PAD, box[1] + TITLE, box[2] - 2 * PAD, box[3] - TITLE - PAD)
        centres = [(x + w / 2, y + h / 2) for x, y, w, h in zones]
        scales = self._scales(centres, inner)
        if scales is None:
            return False
        (lx, ly), (hx, hy) = scales
        mx, my = inner[0] + inner[2] / 2, inner[1] + inner[3] / 2
        cw, ch = self.card
        for k in range(11):  # from the tightest trick to cards right in front of the seats
            fx, fy = lx + (hx - lx) * k / 10, ly + (hy - ly) * k / 10
            spots = [(mx + fx * (x - mx) - cw / 2, my + fy * (y - my) - ch / 2) for x, y in centres]
            place = self._middle_group(inner, spots)
            if place is not None:
                self.box, self.middle_place = box, rounded(place)
                self.places = [rounded(self._seat_place(z, spot)) for z, spot in zip(zones, spots)]
                return True
        return False

    def _middle_group(self, inner, spots):
        """The stock group left of the middle and the pot right of it, off the trick's
        cards; or, when they do not both fit, the pot beside the group's cards wherever
        the group fits nearest the middle; None when it does not fit at all."""
        cw, ch = self.card
        taken = [(x - SEPARATION, y - SEPARATION, cw + 2 * SEPARATION, ch + 2 * SEPARATION)
                 for x, y in spots]
        size = middle_size(TEXT, self.card, with_pot=False)
        stock = _free_spot(size, inner, taken, side=-1)
        if stock is not None:
            beside = taken + [(stock[0] - GAP, stock[1] - GAP, size[0] + 2 * GAP, size[1] + 2 * GAP)]
            pot = _free_spot(pot_size(TEXT), inner, beside, side=1)
            if pot is not None:
                return middle_place(*stock, self.card, pot)
        group = _free_spot(middle_size(TEXT, self.card, with_pot=True), inner, taken, side=0)
        return None if group is None else middle_place(*group, self.card)

    def _seat_place(self, box, spot) -> SeatPlace:
        zx, zy, zw, zh = box
        cw, ch = self.card
        cards_y = zy + TITLE + (RAISE if zh > self.zh else 0)  # the bottom row: room to rise
        line1 = cards_y + ch + 3
        line2 = line1 + LINE
        return SeatPlace(zone=box, cards=(zx + PAD, cards_y), room=zw - 2 * PAD, card=self.card,
                         chips=(zx + PAD, line1), decl=(zx + zw / 2, line1), tricks=(zx + PAD, line2),
                         dealer=(zx + zw - PAD - TOKEN, line2 - 2), paid_y=cards_y + 2,
                         won_y=cards_y + ch / 2 + 2, tokens_right=zx + zw - PAD, spot=spot,
                         spot_card=self.card)


def _free_spot(size, inner, taken, side: int):
    """The corner nearest the middle of ``inner``, on its ``side`` (-1 left, 1 right, 0
    either), where a box of ``size`` lies inside ``inner`` and off every box of ``taken``."""
    w, h = size
    ix, iy, iw, ih = inner
    mx, my = ix + iw / 2, iy + ih / 2
    xs = {ix, ix + iw - w, mx - w / 2, mx - w - GAP, mx + GAP}
    ys = {iy, iy + ih - h, my - h / 2}
    for x, y, bw, bh in taken:
        xs |= {x - w, x + bw}
        ys |= {y - h, y + bh}
    best = None
    for x in xs:
        if x < ix or x + w > ix + iw or (x + w / 2 - mx) * side < 0:
            continue
        for y in ys:
            if y < iy or y + h > iy + ih:
                continue
            if any(_overlap((x, y, w, h), box) for box in taken):
                continue
            score = abs(x + w / 2 - mx) + 2 * abs(y + h / 2 - my)
            if best is None or score < best[0]:
                best = (score, x, y)
    return None if best is None else (best[1], best[2])


@lru_cache(maxsize=None)
def layout(n: int) -> WideLayout:
    return WideLayout(n)


def places_from(obs: dict, placed: list) -> dict:
    """seat -> place, the viewer's seat at ``placed[0]`` and the others clockwise."""
    n = obs["players"]
    bottom = bottom_seat(obs)
    return {seat: placed[(seat - bottom) % n] for seat in range(n)}


def scene(obs: dict, names, legal=None) -> dict:
    """The wide table as ``{"width", "height", "text", "items"}`` for ``obs``'s perspective
    (see the module docstring). ``legal`` (live play) puts ``action`` on the hand cards that
    may be played or discarded; other actions are the shell's buttons."""
    lay = layout(obs["players"])
    places = places_from(obs, lay.places)
    zones, items = seat_items(obs, names, places, card_actions(obs, legal), TEXT)
    items.insert(0, label("status", 8, 6, status_line(obs, names, WIDTH - 16, TEXT), z=2,
                          **status_tells(obs)))
    middle = trick_items(obs, names, places, lay.box, TEXT)
    zones += [item for item in middle if item["kind"] == "zone"]
    items += [item for item in middle if item["kind"] != "zone"]
    items += stock_items(obs, names, lay.middle_place)
    items += pot_items(obs, lay.middle_place)
    return {"width": WIDTH, "height": lay.height, "text": TEXT, "items": zones + items}
