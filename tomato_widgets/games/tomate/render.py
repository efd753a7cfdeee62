"""Tomate seen from one perspective: as text (the CLI), as a scene (the widgets) and as a
plain-English sentence of what that player knows.

``scene(obs, names, legal)`` lays the table out as the flat item list described in
``core/scene.py``. Layout, in scene units (about CSS pixels) of a ``WIDTH`` x ``HEIGHT`` box:

* a header line (the ``status`` label) across the top;
* one ``zone`` per seat around the table, the perspective's seat at the bottom centre and the
  seats on its left following clockwise (seat 0 at the bottom for the all-seeing view).
  Inside a zone: the hand (up to four cards: the dealer may take the trump; a passed
  hand stays, muted, face down to the others), then two lines of labels (chips and
  declaration; tricks won and the dealer button). Between rounds the last round's
  settlement ("+6", "-3") shows where the hand was. Seats sit on a squarish oval, spaced
  by zone sizes, and cards and zones shrink as the table grows, so thirteen seats still
  fit without overlapping;
* in the middle the trick (each card offset toward the seat that played it; the last
  completed trick stays until the next card is led), on its left the stock, the turned
  trump and the dealer's discard, on its right the pot.

Labels carry no size; they are placed for text of about 12px. Every position depends only
on the observation, so the same observation always gives the same scene, and an item only
changes when what it shows changes (the widget sends just the ``diff`` between steps).
"""
from __future__ import annotations

import math
from functools import lru_cache

from ...core.scene import card, label, token, zone
from .cards import CARD_BY_ID, card_name, spanish_name
from .rules import TRICKS_PER_ROUND
from .tricks import winning_play

WIDTH, HEIGHT = 900, 560
TOP = 26  # the header strip holding the status line
SYMBOLS = {"coins": "\u2666", "cups": "\u2665", "swords": "\u2660", "clubs": "\u2663"}
COLORS = {"coins": "gold", "cups": "red", "swords": "blue", "clubs": "green"}
IN_ROUND = ("take", "discard", "declare", "trick")
DOING = {"take": "take or leave the turned trump", "discard": "discard one of the three cards dealt",
         "declare": "declare play or pass"}


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
def _join(words, conjunction: str = "and") -> str:
    words = list(words)
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + f" {conjunction} " + words[-1]


def _name(names, seat: int) -> str:
    return str(names[seat]) if 0 <= seat < len(names) else f"Player {seat + 1}"


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _suit_of(card_id: str) -> str:
    return card_id.partition("-")[2]


def _next_playing(status, seat: int) -> int:
    n = len(status)
    for _ in range(n):
        seat = (seat + 1) % n
        if status[seat] == "play":
            return seat
    return -1


def last_trick(obs: dict) -> tuple[list, int] | None:
    """The last completed trick of this round as ([[seat, card], ...], winner), or None.

    The observation lists the cards of finished tricks in playing order; who played them
    follows from the rules: the first trick is led by the first player in on the dealer's
    left, later ones by the previous trick's winner, and play goes to the left."""
    played, status, winners = obs["played"], obs["status"], obs["trick_winners"]
    active = sum(1 for st in status if st == "play")
    if not played or active < 2 or len(played) % active or len(played) // active != len(winners):
        return None
    k = len(played) // active - 1
    seat = winners[k - 1] if k else _next_playing(status, obs["dealer"])
    plays = []
    for c in played[k * active:(k + 1) * active]:
        plays.append([seat, c])
        seat = _next_playing(status, seat)
    return plays, winners[k]


def _winning(trick, trump: str | None):
    """The seat holding a trick in progress (card ids as in observations)."""
    if not trick or trump is None:
        return None
    seat, _ = winning_play(tuple((s, CARD_BY_ID[c]) for s, c in trick), CARD_BY_ID[trump] // 10)
    return seat


# ---- the scene ------------------------------------------------------------------------
def _r(value: float):
    value = round(value, 1)
    return int(value) if value == int(value) else value


_FACES = {}
for _c in CARD_BY_ID:
    _rank, _, _suit = _c.partition("-")
    _FACES[_c] = {"rank": _rank, "suit": _suit, "symbol": SYMBOLS[_suit], "color": COLORS[_suit]}


def face(card_id: str) -> dict:
    """``{"rank", "suit", "symbol", "color"}`` of a card id: the French-pack suit symbol
    (coins as diamonds, cups as hearts, swords as spades, clubs as clubs)."""
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


def _status_text(obs: dict, names) -> str:
    phase = obs["phase"]
    act = [s for s in obs["to_act"] if s >= 0]
    who = _join([_name(names, s) for s in act])
    if phase == "cut":
        cutters = obs.get("cutters") or []
        if 0 < len(cutters) < obs["players"]:
            return f"{_join([_name(names, s) for s in cutters])} tie and cut again for the first deal"
        return "Cutting for the first dealer: the lowest card deals"
    if phase == "deal":
        dealer = _name(names, obs["dealer"])
        if not obs["round"]:
            return f"{dealer} cut lowest and deals round 1"
        return f"Round {obs['round']} is over \u00b7 {dealer} deals round {obs['round'] + 1}"
    if phase == "over":
        chips = obs["chips"]
        top = max(chips)
        winners = [_name(names, s) for s, c in enumerate(chips) if c == top]
        verb = "wins" if len(winners) == 1 else "share the win"
        return f"Game over after round {obs['round']} \u00b7 {_join(winners)} {verb} with {top} chips"
    head = f"Round {obs['round']}"
    if phase == "trick":
        number = min(obs["trick_no"] + 1, TRICKS_PER_ROUND)
        return f"{head} \u00b7 trick {number} of {TRICKS_PER_ROUND} \u00b7 {who} to play a card"
    return f"{head} \u00b7 {who} to act: {DOING.get(phase, phase)}"


@lru_cache(maxsize=None)
def layout(n: int) -> Layout:
    return Layout(n)


def scene(obs: dict, names, legal=None) -> dict:
    """The table as ``{"width", "height", "items"}`` for ``obs``'s perspective (see the
    module docstring for the layout). ``legal`` (live play) puts ``action`` on the hand
    cards that may be played or discarded; other actions are the shell's buttons."""
    n = obs["players"]
    lay = layout(n)
    persp = obs["perspective"]
    bottom = persp if isinstance(persp, int) and 0 <= persp < n else 0
    phase = obs["phase"]
    status = obs["status"]
    to_act = obs["to_act"]
    dealer = obs["dealer"]
    trump = obs["trump"]
    in_round = phase in IN_ROUND
    # live play: every card of the player's own hand is clickable while a card is wanted,
    # legal or not, so an illegal click can be answered with the rule that forbids it
    card_actions = {}
    card_kinds = {action.partition(":")[0] for action in legal or () if ":" in action}
    card_kinds &= {"play", "discard"}
    me = obs["perspective"]
    if card_kinds and me is not None:
        kind = card_kinds.pop()
        for cid in obs["hands"][me]:
            if cid:
                card_actions[cid] = f"{kind}:{cid}"

    zones, items = [], []
    items.append(label("status", 8, 5, _status_text(obs, names), z=2))

    # ---- the seats
    settle = obs["last_round"] if phase in ("deal", "over") else None
    over_winners = set()
    if phase == "over":
        top = max(obs["chips"])
        over_winners = {s for s, c in enumerate(obs["chips"]) if c == top}
    for seat in range(n):
        name = _name(names, seat)
        zx, zy = lay.seat_box(seat, bottom)
        extra = {}
        if seat in to_act:
            extra["tone"] = "active"
        elif status[seat] == "pass":
            extra["tone"] = "muted"
        elif seat in over_winners:
            extra["tone"] = "winner"
        if seat == persp:
            extra["title"] = f"{name} (you)"
        zones.append(zone(f"seat:{seat}", _r(zx), _r(zy), lay.zw, lay.zh, name, **extra))
        cards_y = zy + lay.title
        hand = obs["hands"][seat]
        pile = obs["mucked"][seat]
        for i, cid in enumerate(hand if hand else pile):
            x = zx + lay.pad + i * (lay.cw + lay.gap)
            muted = not hand
            if cid is None:
                kind = "muck" if muted else "hand"
                items.append(_card_item(f"back:{kind}:{seat}:{i}", x, cards_y, None, lay, 1,
                                        **({"tone": "muted"} if muted else {})))
                continue
            extra = {}
            if muted:
                extra["tone"] = "muted"
            elif cid == trump:
                extra["tone"] = "trump"
            if not muted and seat == me and cid in card_actions:
                extra["action"] = card_actions[cid]
            items.append(_card_item(f"card:{cid}", x, cards_y, cid, lay, 1, **extra))
        line1 = zy + lay.title + lay.ch + 4
        line2 = line1 + lay.line
        half = zx + lay.zw / 2
        chips = obs["chips"][seat]
        items.append(label(f"chips:{seat}", _r(zx + lay.pad), _r(line1), _plural(chips, "chip"), z=2))
        declared = status[seat]
        taker = declared == "play" and seat == dealer and obs["trump_taken"]
        if declared == "play":
            decl = ("plays", "took the trump: needs 2 tricks" if taker else "stays in this round")
        elif declared == "pass":
            decl = ("passed", "passed this round")
        elif seat in to_act and phase in ("take", "discard", "declare"):
            decl = ("deciding", DOING[phase])
        else:
            decl = None
        if decl:
            items.append(label(f"decl:{seat}", _r(half), _r(line1), decl[0], title=decl[1], z=2))
        if phase == "trick" and declared == "play":
            won = obs["tricks"][seat]
            text = f"{won} of 2 tricks" if taker else _plural(won, "trick")
            items.append(label(f"tricks:{seat}", _r(zx + lay.pad), _r(line2), text, z=2))
        if settle:
            paid, got = settle[seat]
            if got and paid:
                text = f"+{got} -{paid}"
            elif got or paid:
                text = f"+{got}" if got else f"-{paid}"
            else:
                text = "\u00b10"
            what = [f"won {got} from the pot"] if got else []
            what += [f"paid a {paid}-chip penalty"] if paid else []
            tone = "winner" if got > paid else "warning" if paid > got else "muted"
            # where the hand was: between rounds the seats hold no cards
            items.append(label(f"settle:{seat}", _r(zx + lay.pad), _r(cards_y + lay.ch / 2 - 8), text,
                               tone=tone, z=2,
                               title=f"round {obs['round']}: " + (_join(what) or "no chips won or paid")))
        if seat == dealer:
            items.append(token("token:dealer", _r(zx + lay.zw - 23), _r(line2 - 4), "D",
                               title=f"{name} deals", z=30))

    # ---- the trick (or the last one completed, until the next card is led)
    if phase == "trick":
        plays, holder, finished = obs["trick"], None, False
        if plays:
            holder = _winning(plays, trump)
        else:
            done = last_trick(obs)
            if done:
                plays, holder = done
                finished = True
        number = obs["trick_no"] if finished else obs["trick_no"] + 1
        text = f"Trick {number} of {TRICKS_PER_ROUND}"
        if finished:
            text += f" \u00b7 won by {_name(names, holder)}"
        bx, by, bw, bh = lay.trick_box()
        zones.append(zone("trick", _r(bx), _r(by), _r(bw), _r(bh), text))
        for order, (seat, cid) in enumerate(plays):
            x, y = lay.trick_spot(seat, bottom)
            extra = {"tone": "winner"} if seat == holder else {}
            extra["title"] = f"{card_name(cid)} ({spanish_name(cid)}), played by {_name(names, seat)}"
            items.append(_card_item(f"card:{cid}", x, y, cid, lay, 10 + order, **extra))

    # ---- stock, turned trump, discard (a column left of the trick)
    lx = lay.left_x()
    if in_round:
        y = lay.cy - lay.group_h / 2
        if trump:
            ts = _suit_of(trump)
            items.append(label("trump:suit", _r(lx), _r(y), f"Trumps: {SYMBOLS[ts]} {ts}",
                               tone="trump", z=2))
        y += lay.line + 4
        if obs["stock"]:
            items.append(_card_item("back:stock", lx, y, None, lay, 1,
                                    title=f"the stock: {obs['stock']} cards face down"))
        tx = lx + lay.cw + 8
        if trump and not obs["trump_taken"]:
            items.append(_card_item(f"card:{trump}", tx, y, trump, lay, 1, tone="trump",
                                    title=f"the turned trump: {card_name(trump)} ({spanish_name(trump)})"))
        y += lay.ch + 2
        items.append(label("stock:count", _r(lx), _r(y),
                           f"stock {obs['stock']}" if obs["stock"] else "no stock", z=2))
        y += lay.line
        if trump and obs["trump_taken"]:
            items.append(label("trump:taken", _r(lx), _r(y), "taken by the dealer",
                               title=f"{_name(names, dealer)} took the turned {card_name(trump)}",
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

    # ---- the pot (right of the trick)
    if phase != "cut":
        px = lay.right_x()
        items.append(token("pot", _r(px), _r(lay.cy - 14), str(obs["pot"]),
                           title=f"the pot: {_plural(obs['pot'], 'chip')}", z=30))
        items.append(label("pot:label", _r(px), _r(lay.cy + 14), "pot", z=2))
        if obs["carry"]:
            items.append(label("carry", _r(px), _r(lay.cy + 14 + lay.line),
                               f"+{obs['carry']} next pot", title="penalties waiting for the next pot",
                               z=2))
    return {"width": WIDTH, "height": HEIGHT, "items": zones + items}


# ---- what the perspective knows -------------------------------------------------------
def _the(cards) -> str:
    return _join([f"the {card_name(c)}" for c in cards])


def _seat_sentence(obs: dict, names) -> str:
    """What the perspective player privately knows now, in one short sentence. It names only
    what changes with that player's own information (hand, discard), not what the table
    shows everyone, so it changes seldom and costs little to send."""
    p = obs["perspective"]
    phase = obs["phase"]
    if p is None:
        return "Sees every card: nothing is hidden in this view."
    me = _name(names, p)
    if phase not in IN_ROUND:
        return {"cut": f"{me} has no cards yet: the players cut for the first deal.",
                "over": f"The game is over; {me} has no cards."}.get(
            phase, f"{me} has no cards between rounds.")
    hand = [c for c in obs["hands"][p] if c]
    if obs["hands"][p] and not hand:
        text = f"{me} has not looked at the hand yet"
    elif hand:
        text = f"{me} holds {_the(hand)}"
    else:
        mucked = [c for c in obs["mucked"][p] if c]
        text = f"{me} passed, holding {_the(mucked)}" if mucked else f"{me} has played every card"
    if obs["discard"] and obs["dealer"] == p:
        text += f", and discarded the {card_name(obs['discard'])} face down"
    return text + "; the other hands and the stock are hidden."


def knowledge(obs: dict, names) -> dict[int, str]:
    """What the view knows about each seat, one short text per seat without the seat's name
    (the shell shows the name): the seat's own cards, for the seats the view may see."""
    p = obs["perspective"]
    seats = range(obs["players"] if "players" in obs else len(obs["seats"])) if p is None else [p]
    told = {}
    for seat in seats:
        text = _seat_sentence(dict(obs, perspective=seat), names)
        name = _name(names, seat)
        told[seat] = text[len(name) + 1:] if text.startswith(name + " ") else text
    return told
