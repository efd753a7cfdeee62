"""Tomate seen from one perspective: as text (the CLI), as a scene (the widgets), and the
end-of-game table. What a view knows about each seat is in ``known.py``.

``scene(obs, names, legal)`` lays the table out as the flat item list described in
``core/scene.py``. Layout, in scene units (about CSS pixels) of a ``WIDTH`` x ``HEIGHT`` box:

* a header line (the ``status`` label) across the top: the stage of the round (whose turn
  it is shows as the seat's tone, so the header changes only when the stage does);
* one ``zone`` per seat around the table, the perspective's seat at the bottom centre and the
  seats on its left following clockwise (seat 0 at the bottom for the all-seeing view).
  Inside a zone: the hand (up to four cards: the dealer may take the trump; a passed
  hand stays, muted, face down to the others), then two lines of labels (chips and
  declaration; tricks won and the dealer button). While a round is scored, the chips a
  seat pays and wins show as tokens in the fourth card place, which no hand fills then.
  Seats sit on a squarish oval, spaced by zone sizes, and cards and zones shrink as the
  table grows, so thirteen seats still fit without overlapping;
* in the middle the trick (each card offset toward the seat that played it); a completed
  trick stays, its winner marked, until the next card is led or, after the third, until the
  next deal gathers the cards. On its left the stock, the turned trump and the dealer's
  discard, on its right the pot.

Suits are pictures from ``sprites.svg`` (a coin, a cup, a sword, a club), always with the
rank and the suit's name as text. Labels carry no size; they are placed for text of about
12px. Every position depends only on the observation, so the same observation always gives
the same scene, and an item only changes when what it shows changes (the widget sends just
the ``diff`` between steps and marks what a step changed).
"""
from __future__ import annotations

import math
from functools import lru_cache

from ...core.scene import card, label, token, zone
from .cards import CARD_BY_ID, card_name, spanish_name
from .known import completed_tricks, join, knowledge
from .rules import TRICKS_PER_ROUND
from .tricks import winning_play

__all__ = ["HEIGHT", "Layout", "WIDTH", "face", "knowledge", "render_text", "results", "scene"]

WIDTH, HEIGHT = 900, 560
TOP = 26  # the header strip holding the status line
COLORS = {"coins": "gold", "cups": "red", "swords": "blue", "clubs": "green"}
DOING = {"take": "takes or leaves the turned trump", "discard": "discards one of the three cards dealt",
         "declare": "says play or pass", "trick": "plays a card"}
MINUS = "\u2212"


# ---- text -----------------------------------------------------------------------------
def _cards(cards) -> str:
    return ", ".join("(face down)" if c is None else card_name(c) for c in cards) or "-"


def render_text(obs: dict, names) -> str:
    """A plain-text table: round, trump, pot, then one line per player."""
    lines = []
    dealer = obs["dealer"]
    head = f"Round {obs['round']}" if obs["round"] else "Before the first deal"
    if obs["trump"]:
        taken = " (taken by the dealer)" if obs["trump_taken"] else ""
        head += f" | trump: {card_name(obs['trump'])}{taken}"
    head += f" | pot: {obs['pot']} | stock: {obs['stock']} cards"
    lines.append(head)
    for seat, name in enumerate(names):
        marks = []
        if seat == dealer:
            marks.append("dealer")
        if seat in obs["to_act"]:
            marks.append("to act")
        if obs["status"][seat]:
            marks.append("plays" if obs["status"][seat] == "play" else "passed")
        tricks = obs["tricks"][seat]
        label = f"{name} [{', '.join(marks)}]" if marks else name
        line = f"  {label}: {obs['chips'][seat]} chips, {tricks} trick(s); hand: {_cards(obs['hands'][seat])}"
        lines.append(line)
    if obs["trick"]:
        plays = "; ".join(f"{names[seat]}: {card_name(card)}" for seat, card in obs["trick"])
        lines.append(f"  Trick {obs['trick_no'] + 1}: {plays}")
    if obs["has_discard"]:
        lines.append(f"  Dealer's discard: {card_name(obs['discard']) if obs['discard'] else '(face down)'}")
    return "\n".join(lines)


# ---- shared helpers -------------------------------------------------------------------
def _name(names, seat: int) -> str:
    return str(names[seat]) if 0 <= seat < len(names) else f"Player {seat + 1}"


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _suit_of(card_id: str) -> str:
    return card_id.partition("-")[2]


def _winning(trick, trump: str | None):
    """The seat holding a trick in progress (card ids as in observations)."""
    if not trick or trump is None:
        return None
    seat, _ = winning_play(tuple((s, CARD_BY_ID[c]) for s, c in trick), CARD_BY_ID[trump] // 10)
    return seat


def _r(value: float):
    value = round(value, 1)
    return int(value) if value == int(value) else value


_FACES = {}
for _c in CARD_BY_ID:
    _rank, _, _suit = _c.partition("-")
    _FACES[_c] = {"rank": _rank, "suit": _suit, "icon": _suit, "color": COLORS[_suit]}


def face(card_id: str) -> dict:
    """``{"rank", "suit", "icon", "color"}`` of a card id: the suit's picture is the
    ``sprites.svg`` symbol of the same name (a coin, a cup, a sword, a club)."""
    return dict(_FACES[card_id])


class Layout:
    """Sizes and places for ``n`` seats (all in scene units)."""

    def __init__(self, n: int):
        self.n = n
        k = 1.0 if n <= 4 else max(0.55, 1.0 - 0.06 * (n - 4))
        self.cw = cw = round(48 * k)          # card width
        self.ch = ch = round(cw * 1.42)       # card height
        self.gap = 3
        self.pad = 4
        self.title = 18                        # the zone's own title line
        self.line = 14                         # one line of label text
        self.zw = 2 * self.pad + 4 * cw + 3 * self.gap
        self.zh = self.title + ch + 4 + 2 * self.line + self.pad
        self.cx = WIDTH / 2
        self.cy = TOP + (HEIGHT - TOP) / 2
        self.rx = WIDTH / 2 - self.zw / 2 - 4
        self.ry = (HEIGHT - TOP) / 2 - self.zh / 2 - 4
        # the trick: a small ellipse of cards, each toward the seat that played it, wide
        # enough that neighbouring seats' cards do not hide each other's corner
        spread = 2 * math.sin(math.pi / n)
        self.tx = max(cw * 1.2, (cw + 4) / spread)
        self.ty = max(ch * 0.62, (ch + 4) / spread)
        #: the stock / trump / discard column: trump line, cards, two lines, discard
        self.group_h = 3 * self.line + 4 + 2 + 6 + 2 * ch
        self.seats = self._seat_centres()

    def angle(self, seat: int, bottom: int) -> float:
        """Screen angle of a seat's place in the trick (y grows downward): the bottom seat at
        90 degrees, the seats on its left following clockwise (bottom, left, top, right)."""
        return math.pi / 2 + 2 * math.pi * ((seat - bottom) % self.n) / self.n

    def seat_box(self, seat: int, bottom: int) -> tuple[float, float]:
        x, y = self.seats[(seat - bottom) % self.n]
        return self.cx + x - self.zw / 2, self.cy + y - self.zh / 2

    def _seat_centres(self, samples: int = 720, power: float = 4.0) -> list[tuple[float, float]]:
        """Seat centres (relative to the table's centre) on a squarish oval (a superellipse
        |x/rx|^p + |y/ry|^p = 1), one at the bottom and the others at equal distances along
        it, measured in zone widths across and zone heights down: the spacing rectangular
        zones need. The oval fills the box's corners, which leaves the middle free."""
        points = []
        for i in range(samples):
            a = math.pi / 2 + 2 * math.pi * i / samples
            c, s = math.cos(a), math.sin(a)
            points.append((self.rx * math.copysign(abs(c) ** (2 / power), c),
                           self.ry * math.copysign(abs(s) ** (2 / power), s)))
        along = [0.0]
        for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1]):
            along.append(along[-1] + math.hypot((x1 - x0) / self.zw, (y1 - y0) / self.zh))
        centres, j = [], 0
        for k in range(self.n):
            target = along[-1] * k / self.n
            while along[j + 1] <= target:
                j += 1
            centres.append(points[j])
        return centres

    def trick_spot(self, seat: int, bottom: int) -> tuple[float, float]:
        a = self.angle(seat, bottom)
        return (self.cx + self.tx * math.cos(a) - self.cw / 2,
                self.cy + self.ty * math.sin(a) - self.ch / 2)

    def trick_box(self) -> tuple[float, float, float, float]:
        half_w = self.tx + self.cw / 2 + 6
        half_h = self.ty + self.ch / 2 + 6
        return self.cx - half_w, self.cy - half_h - 14, 2 * half_w, 2 * half_h + 14

    def left_x(self) -> float:
        """Left edge of the stock / trump / discard column, left of the trick."""
        return self.trick_box()[0] - 10 - max(2 * self.cw + 8, 120)

    def right_x(self) -> float:
        """Left edge of the pot group, right of the trick."""
        x, _, w, _ = self.trick_box()
        return x + w + 14


def _card_item(id_: str, x: float, y: float, card_id: str | None, layout: Layout, z: int, **extra):
    """A card of the layout's size; face up when ``card_id`` is given. (No default title:
    the face says rank and suit, and a title on every card would double each delta.)"""
    return card(id_, _r(x), _r(y), face(card_id) if card_id else None, w=layout.cw, h=layout.ch,
                z=z, **extra)


@lru_cache(maxsize=None)
def layout(n: int) -> Layout:
    return Layout(n)


# ---- the header -------------------------------------------------------------------------
def _status_text(obs: dict, names) -> str:
    """The stage of the game, in words (who acts shows on the seats, not here)."""
    phase = obs["phase"]
    if phase == "cut":
        cutters = obs.get("cutters") or []
        if 0 < len(cutters) < obs["players"]:
            return f"{join([_name(names, s) for s in cutters])} tie and cut again for the first deal"
        return "Cutting for the first dealer: the lowest card deals"
    if phase == "deal":
        if not obs["round"]:
            return f"{_name(names, obs['dealer'])} cut lowest and deals round 1"
        dealer = _name(names, (obs["dealer"] + 1) % obs["players"])  # the deal passes left
        return f"Round {obs['round']} is over \u00b7 {dealer} deals round {obs['round'] + 1}"
    if phase == "over":
        chips = obs["chips"]
        top = max(chips)
        winners = [_name(names, s) for s, c in enumerate(chips) if c == top]
        verb = "wins" if len(winners) == 1 else "share the win"
        return f"Game over after round {obs['round']} \u00b7 {join(winners)} {verb} with {top} chips"
    return f"Round {obs['round']} \u00b7 {_round_stage(obs, names)}"


def _round_stage(obs: dict, names) -> str:
    phase = obs["phase"]
    if phase == "trick":
        number = obs["trick_no"] + (1 if obs["trick"] or not obs["trick_no"] else 0)
        return f"trick {number} of {TRICKS_PER_ROUND}"
    if phase == "penalties":
        return "the tricks are played: penalties for falling short"
    if phase == "shares":
        players_in = [s for s, st in enumerate(obs["status"]) if st == "play"]
        if not players_in:
            return "everybody passed: the pot waits"
        if len(players_in) == 1:
            return f"only {_name(names, players_in[0])} stayed in: the pot is shared"
        return f"the pot of {obs['pot']} is shared, a third per trick"
    return {"take": "the dealer takes or leaves the turned trump",
            "discard": "the dealer discards a card", "declare": "play or pass"}[phase]


# ---- the seats --------------------------------------------------------------------------
def _seat_tone(obs: dict, seat: int, winners: set) -> dict:
    if seat in obs["to_act"]:
        return {"tone": "active"}
    if obs["status"][seat] == "pass":
        return {"tone": "muted"}
    if seat in winners:
        return {"tone": "winner"}
    return {}


def _seat_title(obs: dict, seat: int, name: str) -> str | None:
    """The zone's tooltip: who it is for the viewer, and what the seat is doing now."""
    words = [f"{name} (you)" if seat == obs["perspective"] else name]
    if seat in obs["to_act"] and obs["phase"] in DOING:
        words.append(DOING[obs["phase"]])
    return " \u00b7 ".join(words) if len(words) > 1 or seat == obs["perspective"] else None


def _hand_items(obs: dict, seat: int, zx: float, cards_y: float, lay: Layout, card_actions: dict):
    """The seat's hand, or its passed hand face down and muted."""
    hand = obs["hands"][seat]
    pile = obs["mucked"][seat]
    muted = not hand
    items = []
    backs = 0  # face-down cards are numbered among themselves: a card shown beside them
    for i, cid in enumerate(hand if hand else pile):  # (a taken trump) renames none of them
        x = zx + lay.pad + i * (lay.cw + lay.gap)
        if cid is None:
            kind = "muck" if muted else "hand"
            items.append(_card_item(f"back:{kind}:{seat}:{backs}", x, cards_y, None, lay, 1,
                                    **({"tone": "muted"} if muted else {})))
            backs += 1
            continue
        extra = {}
        if muted:
            extra["tone"] = "muted"
        elif cid == obs["trump"]:
            extra["tone"] = "trump"
        if not muted and seat == obs["perspective"] and cid in card_actions:
            extra["action"] = card_actions[cid]
        items.append(_card_item(f"card:{cid}", x, cards_y, cid, lay, 1, **extra))
    return items


def _declaration_items(obs: dict, seat: int, zx: float, line1: float, line2: float, lay: Layout):
    """"plays" or "passed", and for a player in, the tricks won so far."""
    declared = obs["status"][seat]
    if not declared:
        return []
    half = zx + lay.zw / 2
    if declared == "pass":
        return [label(f"decl:{seat}", _r(half), _r(line1), "passed", title="passed this round", z=2)]
    taker = seat == obs["dealer"] and obs["trump_taken"]
    won = _plural(obs["tricks"][seat], "trick")
    return [label(f"decl:{seat}", _r(half), _r(line1), "plays",
                  title="took the trump: needs 2 tricks" if taker else "stays in this round", z=2),
            label(f"tricks:{seat}", _r(zx + lay.pad), _r(line2),
                  f"{won} (needs 2)" if taker else won, z=2)]


def _settlement_items(obs: dict, seat: int, zx: float, cards_y: float, lay: Layout):
    """The chips the seat pays and wins as the round is scored, as tokens in the fourth
    card place (free then: a hand holds at most three cards by now)."""
    settled = obs["settlement"]
    if not settled:
        return []
    x = _r(zx + lay.pad + 3 * (lay.cw + lay.gap))
    items = []
    paid, won = settled["paid"][seat], settled["won"][seat]
    if paid:
        items.append(token(f"paid:{seat}", x, _r(cards_y + 2), f"{MINUS}{paid}", tone="warning",
                           title=f"paid a penalty of {_plural(paid, 'chip')}", z=30))
    if won:
        items.append(token(f"won:{seat}", x, _r(cards_y + lay.ch / 2), f"+{won}", tone="winner",
                           title=f"won {_plural(won, 'chip')} from the pot", z=30))
    return items


def _seat_items(obs: dict, names, lay: Layout, bottom: int, card_actions: dict):
    """Every seat's zone and what lies in it; returns (zones, items)."""
    zones, items = [], []
    winners = set()
    if obs["phase"] == "over":
        top = max(obs["chips"])
        winners = {s for s, c in enumerate(obs["chips"]) if c == top}
    for seat in range(obs["players"]):
        name = _name(names, seat)
        zx, zy = lay.seat_box(seat, bottom)
        extra = _seat_tone(obs, seat, winners)
        title = _seat_title(obs, seat, name)
        if title:
            extra["title"] = title
        zones.append(zone(f"seat:{seat}", _r(zx), _r(zy), lay.zw, lay.zh, name, **extra))
        cards_y = zy + lay.title
        line1 = cards_y + lay.ch + 4
        line2 = line1 + lay.line
        items += _hand_items(obs, seat, zx, cards_y, lay, card_actions)
        items.append(label(f"chips:{seat}", _r(zx + lay.pad), _r(line1),
                           _plural(obs["chips"][seat], "chip"), z=2))
        items += _declaration_items(obs, seat, zx, line1, line2, lay)
        items += _settlement_items(obs, seat, zx, cards_y, lay)
        if seat == obs["dealer"]:
            items.append(token("token:dealer", _r(zx + lay.zw - 23), _r(line2 - 4), "D",
                               title=f"{name} deals", z=30))
    return zones, items


# ---- the middle of the table ------------------------------------------------------------
def _trick_items(obs: dict, names, lay: Layout, bottom: int):
    """The trick being played, or the last one completed (its winner marked) until the
    next card is led or the next deal; nothing when no trick was played."""
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
    text = f"Trick {number} of {TRICKS_PER_ROUND}"
    extra = {}
    if finished:  # short, for a narrow trick; the tooltip says it in full
        extra["title"] = f"{text}, won by {_name(names, holder)}"
        text = f"Trick {number} \u00b7 won by {_name(names, holder)}"
    bx, by, bw, bh = lay.trick_box()
    items = [zone("trick", _r(bx), _r(by), _r(bw), _r(bh), text, **extra)]
    for order, (seat, cid) in enumerate(plays):
        x, y = lay.trick_spot(seat, bottom)
        extra = {"tone": "winner"} if seat == holder else {}
        extra["title"] = f"{card_name(cid)} ({spanish_name(cid)}), played by {_name(names, seat)}"
        items.append(_card_item(f"card:{cid}", x, y, cid, lay, 10 + order, **extra))
    return items


def _stock_items(obs: dict, names, lay: Layout):
    """The trump's suit, the stock, the turned trump (or who took it) and the discard, in a
    column left of the trick, from the deal until the next one."""
    trump = obs["trump"]
    if not trump:
        return []
    items = []
    lx = lay.left_x()
    y = lay.cy - lay.group_h / 2
    suit = _suit_of(trump)
    items.append(label("trump:suit", _r(lx), _r(y), f"Trumps: {suit}", icons=[suit], tone="trump",
                       z=2))
    y += lay.line + 4
    if obs["stock"]:
        items.append(_card_item("back:stock", lx, y, None, lay, 1,
                                title=f"the stock: {obs['stock']} cards face down"))
    if not obs["trump_taken"]:
        items.append(_card_item(f"card:{trump}", lx + lay.cw + 8, y, trump, lay, 1, tone="trump",
                                title=f"the turned trump: {card_name(trump)} ({spanish_name(trump)})"))
    y += lay.ch + 2
    items.append(label("stock:count", _r(lx), _r(y),
                       f"stock {obs['stock']}" if obs["stock"] else "no stock", z=2))
    y += lay.line
    if obs["trump_taken"]:
        items.append(label("trump:taken", _r(lx), _r(y), "taken by the dealer",
                           title=f"{_name(names, obs['dealer'])} took the turned {card_name(trump)}",
                           z=2))
    y += lay.line + 6
    if obs["has_discard"]:
        cid = obs["discard"]
        if cid:
            items.append(_card_item(f"card:{cid}", lx, y, cid, lay, 1, tone="muted",
                                    title=f"discarded: {card_name(cid)} ({spanish_name(cid)})"))
        else:
            items.append(_card_item("back:discard", lx, y, None, lay, 1,
                                    title="the dealer's discard, face down"))
        items.append(label("discard:label", _r(lx + lay.cw + 6), _r(y + lay.ch / 2 - 7),
                           "discard", z=2))
    return items


def _pot_items(obs: dict, lay: Layout):
    """The pot right of the trick, and penalties waiting for the next pot."""
    if obs["phase"] == "cut":
        return []
    px = lay.right_x()
    items = [token("pot", _r(px), _r(lay.cy - 14), str(obs["pot"]), icons=["chip"],
                   title=f"the pot: {_plural(obs['pot'], 'chip')}", z=30),
             label("pot:label", _r(px), _r(lay.cy + 14), "pot", z=2)]
    if obs["carry"]:
        items.append(label("carry", _r(px), _r(lay.cy + 14 + lay.line),
                           f"+{obs['carry']} next pot", title="penalties waiting for the next pot",
                           z=2))
    return items


def _card_actions(obs: dict, legal) -> dict:
    """Live play: every card of the player's own hand is clickable while a card is wanted,
    legal or not, so an illegal click can be answered with the rule that forbids it."""
    kinds = {action.partition(":")[0] for action in legal or () if ":" in action}
    kinds &= {"play", "discard"}
    me = obs["perspective"]
    if not kinds or me is None:
        return {}
    kind = kinds.pop()
    return {cid: f"{kind}:{cid}" for cid in obs["hands"][me] if cid}


def scene(obs: dict, names, legal=None) -> dict:
    """The table as ``{"width", "height", "items"}`` for ``obs``'s perspective (see the
    module docstring for the layout). ``legal`` (live play) puts ``action`` on the hand
    cards that may be played or discarded; other actions are the shell's buttons."""
    n = obs["players"]
    lay = layout(n)
    persp = obs["perspective"]
    bottom = persp if isinstance(persp, int) and 0 <= persp < n else 0
    zones, items = _seat_items(obs, names, lay, bottom, _card_actions(obs, legal))
    items.insert(0, label("status", 8, 5, _status_text(obs, names), z=2))
    middle = _trick_items(obs, names, lay, bottom)
    zones += [item for item in middle if item["kind"] == "zone"]
    items += [item for item in middle if item["kind"] != "zone"]
    items += _stock_items(obs, names, lay)
    items += _pot_items(obs, lay)
    return {"width": WIDTH, "height": HEIGHT, "items": zones + items}


# ---- the end of the game ------------------------------------------------------------------
def results(obs: dict, names) -> dict:
    """The end-of-game table from a finished game's observation: each player's chips and how
    they were made (all public: chips at the start, won from pots, paid in penalties and, when
    the dealer pays it, in antes), best first, and the sentence saying what decided it."""
    n = obs["players"]
    chips = obs["chips"]
    start = obs["settings"]["starting_chips"]
    ledger = obs["ledger"]
    columns = ["Player", "Chips", "Started with", "Won from pots", "Paid in penalties"]
    dealer_antes = obs["settings"]["ante_from"] == "dealer"
    if dealer_antes:
        columns.append("Paid in antes")
    order = sorted(range(n), key=lambda seat: (-chips[seat], seat))
    rows = []
    for seat in order:
        row = [_name(names, seat), str(chips[seat]), str(start), str(ledger["won"][seat]),
               str(ledger["paid"][seat])]
        if dealer_antes:
            row.append(str(ledger["antes"][seat]))
        rows.append(row)
    top = max(chips)
    winners = [seat for seat in range(n) if chips[seat] == top]
    return {"columns": columns, "rows": rows, "order": order, "winners": winners,
            "decided": _decided(obs, names, winners, top)}


def _decided(obs: dict, names, winners: list, top: int) -> str:
    """One sentence: why the game ended, and who has the most chips."""
    who = join([_name(names, seat) for seat in winners])
    most = (f"{who} has the most chips: {top}" if len(winners) == 1
            else f"{who} share the most chips: {top} each")
    if obs.get("ended_by") == "end.out-of-chips":
        broke = join([_name(names, s) for s, c in enumerate(obs["chips"]) if c == 0])
        return f"{broke} ran out of chips, which ended the game; {most}."
    return f"After the agreed {_plural(obs['round'], 'round')}, {most}."
