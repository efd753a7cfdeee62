"""Karate Tomate seen from one perspective as a scene (the widgets' board); the texts (the
CLI's table, knowledge, results) are in ``texts.py``.

``scene(obs, names, legal)`` lays the table out as the flat item list of ``core/scene.py``:

* the status line across the top (round, heat, what happens now);
* the other seats in one or two rows under it, clockwise from the seat seen from (seat 0 for
  the all-seeing view). A seat's zone shows its Tomato (face down until shown), its hand as
  one face-down card with a count, its Triumph cards as a face-down pile with a count, the
  card it put face down in this heat, the Number cards it played this round (face up, in
  order) and a line with its total and colour, or that it is out of the fight;
* in the middle the Triumph cards face up (each card's trophies as its rank, knives and
  tomato symbols as pictures under it, all in words in the tooltip), the picking order once
  the fight is over (totals, Tomatoes shown, the swap), and the three piles: Triumph pile,
  draw pile, discard pile;
* the seat seen from across the bottom, its Tomato and hand face up, its card of this heat,
  the cards it played and its own Triumph cards (what they add up to);
* a legend of the pictures along the bottom edge.

Pictures come from ``sprites.svg`` (the five vegetables, the Tomato, trophy, knife); a
picture is never the only cue. A Number card's face is its value (rank), its vegetable
(icon and word); a Tomato's face its value and a tomato; a Triumph card's face its trophies.
No text shows an internal code.

Item ids (a face-down card's id names only its place, never the card):

* ``card:hand:<seat>:<card>:<k>`` (face up; ``k`` tells identical cards apart),
  ``back:hand:<seat>`` with the badge ``hand:<seat>``;
* ``tomato:<seat>`` (face up or down), ``commit:<seat>`` (this heat's card),
  ``card:played:<seat>:<i>`` (the i-th card played this round);
* ``back:won:<seat>`` with the badge ``won:<seat>``; ``won:<seat>:trophies`` and
  ``won:<seat>:knives`` where this view knows them (its own; everybody's at the end);
* ``triumph:<card>:<k>`` and ``triumph:<card>:<k>:more`` (face-up Triumph cards);
* ``back:pile``, ``back:draw`` and the labels ``pile``, ``draw``, ``discard:text``; zones ``seat:<s>``, ``offer``, ``order``, ``piles``; labels ``status``,
  ``info:<s>``, ``order:<k>``, ``order:ties``, ``legend:<picture>``.

Live play (``legal`` given): in a heat every card of the viewer's hand carries ``action``
``play:<card>`` (one of another colour too: the click is answered with the rule), and the
viewer's Tomato ``tomato``; when discarding the hand cards carry ``discard:<card>``, when
picking the Triumph cards ``take:<card>``. The other choices (draw two or discard two,
calling the end) are the shell's buttons. Without ``legal`` (replays) nothing is clickable.
"""
from __future__ import annotations

from collections import Counter

from ...core.scene import card, label, token, zone
from .cards import COLOURS, card_name, is_tomato, plural, symbols_words, tomato_value, triumph
from .texts import fight_words, final_result
from .words import cards_words, named, offer_words, ordinal, score_words, tomato_words

WIDTH = 900
MARGIN = 4
GAP = 6
TOP = 24          # the status line
TITLE = 18        # a zone's title line
LINE = 16         # one line of label text
ORDER_LINE = 19   # a line of the picking order (with a picture)
PAD = 5
BOTTOM_LINE = 18  # the legend
SMALL = (34, 52)  # the other seats' cards
BIG = (42, 60)    # the viewer's Tomato and hand
TRIUMPH = (46, 60)
BADGE_Z = 150

#: CSS colour of each vegetable's cards (the shell styles gold, red, mixed, green; the
#: mushroom keeps the card's own dark ink)
FACE_COLOR = {"C": "gold", "K": "red", "M": None, "A": "mixed", "B": "green"}
LEGEND = (("corn", "corn"), ("carrot", "carrot"), ("mushroom", "mushroom"),
          ("aubergine", "aubergine"), ("broccoli", "broccoli"), ("tomato", "Tomato / tomato symbol"),
          ("trophy", "trophy"), ("knife", "knife"))


def r1(value: float):
    """Rounded to 0.1, and an int when whole (compact JSON)."""
    value = round(value, 1)
    return int(value) if value == int(value) else value


def spread(count: int, width: float, size: float, step: float) -> float:
    """The distance between the left edges of ``count`` items ``size`` wide in ``width``:
    ``step`` when they fit, less (overlapping) when they do not."""
    if count <= 1:
        return step
    return max(4.0, min(step, (width - size) / (count - 1)))


# ---- faces ---------------------------------------------------------------------------------
def number_face(card_id: str) -> dict:
    face = {"rank": card_id[1], "icon": COLOURS[card_id[0]], "suit": COLOURS[card_id[0]]}
    if FACE_COLOR[card_id[0]]:
        face["color"] = FACE_COLOR[card_id[0]]
    return face


def tomato_face(value: int) -> dict:
    return {"rank": str(value), "icon": "tomato", "suit": "Tomato", "color": "red"}


def triumph_face(card_id: str) -> dict:
    return {"rank": str(triumph(card_id).trophies), "icon": "trophy", "suit": "trophies",
            "color": "gold"}


def triumph_extras(card_id: str) -> list[str]:
    """The pictures under a Triumph card: a knife per knife, a tomato per tomato symbol."""
    _, knives, tomatoes = triumph(card_id)
    return ["knife"] * knives + ["tomato"] * tomatoes


def occurrences(cards):
    """(card, k) for each card: ``k`` counts the same card earlier in the list."""
    seen = Counter()
    for c in cards:
        yield c, seen[c]
        seen[c] += 1


# ---- geometry ------------------------------------------------------------------------------
class Layout:
    """Where things go for ``n`` players: the other seats in rows of boxes, the middle band,
    the viewer's seat; the height follows from the rows."""

    SEAT_H = TITLE + SMALL[1] + 4 + SMALL[1] + 2 + LINE + 2
    MIDDLE_H = TITLE + 6 + TRIUMPH[1] + 2 + LINE + 4
    OWN_H = TITLE + BIG[1] + 4 + LINE + 4

    def __init__(self, n: int):
        others = n - 1
        self.rows = 1 if others <= 4 else 2
        self.cols = -(-others // self.rows)
        inner = WIDTH - 2 * MARGIN
        self.box_w = (inner - (self.cols - 1) * GAP) / self.cols
        self.middle_y = TOP + self.rows * (self.SEAT_H + GAP)
        self.own_y = self.middle_y + self.MIDDLE_H + GAP
        self.legend_y = self.own_y + self.OWN_H + 4
        self.height = self.legend_y + BOTTOM_LINE
        self.offer_w = 8 + 6 * (TRIUMPH[0] + 6) + 8
        self.piles_w = 262
        self.order_x = MARGIN + self.offer_w + GAP
        self.order_w = inner - self.offer_w - self.piles_w - 2 * GAP
        self.piles_x = WIDTH - MARGIN - self.piles_w

    def box(self, index: int) -> tuple[float, float]:
        """Top-left corner of the ``index``-th other seat (0: the next seat clockwise)."""
        row, col = divmod(index, self.cols)
        return MARGIN + col * (self.box_w + GAP), TOP + row * (self.SEAT_H + GAP)


# ---- the scene -------------------------------------------------------------------------------
def scene(obs: dict, names, legal=None) -> dict:
    """The table as ``{"width", "height", "items"}`` for ``obs``'s perspective (see the
    module docstring). ``legal`` (live play) makes the viewer's cards and the Triumph cards
    clickable where an action of theirs is legal."""
    n = obs["players"]
    me = obs["perspective"]
    seated = isinstance(me, int) and 0 <= me < n
    bottom = me if seated else 0
    lay = Layout(n)
    actions = set(legal or ()) if seated else set()
    over = obs["phase"] == "over"
    winner = final_result(obs)[0][1] if over else None
    zones: list = []
    items: list = [label("status", 8, 4, status(obs, names), z=3)]
    for offset in range(1, n):
        seat = (bottom + offset) % n
        x, y = lay.box(offset - 1)
        _other_seat(zones, items, obs, seat, x, y, lay.box_w, names, winner)
    _own_seat(zones, items, obs, bottom, lay, names, actions, winner)
    _offer(zones, items, obs, lay, actions)
    _order(zones, items, obs, lay, names)
    _piles(zones, items, obs, lay)
    items.extend(_legend(lay))
    return {"width": WIDTH, "height": r1(lay.height), "items": zones + items}


def status(obs, names) -> str:
    """What happens now, in words that hold for the whole heat or stage (whose turn it is
    shows on the seats' zones)."""
    phase, rnd, heat = obs["phase"], obs["round"], obs["heat"]
    head = f"Round {rnd}"
    if phase == "deal":
        return "Before the first round: the Tomatoes and the Number cards are dealt next"
    if phase == "turnup":
        return f"Round {rnd + 1}: the warm-up turns up Triumph cards"
    if phase in ("fight", "reveal"):
        return f"{head} \u00b7 heat {heat} \u00b7 everybody still fighting puts a card face down"
    if phase in ("rank", "swap", "pick") or (phase in ("draw", "reshuffle") and obs["order"]):
        return f"{head} \u00b7 the fight is over \u00b7 Triumph cards are picked"
    if phase in ("drop", "discard", "draw", "reshuffle"):
        return f"{head} \u00b7 heat {heat} \u00b7 who played the Tomato draws cards"
    if phase == "clear":
        return f"{head} \u00b7 the round ends"
    if phase == "call":
        return f"{head} is over \u00b7 a player with {obs['call_at']} trophies may call the end"
    if phase == "score":
        return "The game ends: everybody turns over their Triumph cards"
    winner = final_result(obs)[0][1]
    seat = obs["seats"][winner]
    return (f"Game over \u00b7 {named(winner, names)} wins with "
            f"{score_words(seat['trophies'], seat['knives'])}")


def _seat_zone(seat, obs, x, y, w, h, names, own, winner) -> dict:
    name = named(seat, names)
    info = obs["seats"][seat]
    extra = {}
    if seat in obs["to_act"]:
        extra["tone"] = "active"
    elif seat == winner:
        extra["tone"] = "winner"
    elif obs["heat"] and not info["fighting"]:
        extra["tone"] = "muted"
    return zone(f"seat:{seat}", r1(x), r1(y), r1(w), h, name,
                title=f"{name} (you)" if own else name, **extra)


def _badge(id_: str, x: float, y: float, count: int, title: str) -> dict:
    return token(id_, r1(x), r1(y), str(count), title=title, z=BADGE_Z)


def _tomato(items, info, seat, x, y, size, name, actions):
    """The seat's Tomato: face up when this view may know it, else face down."""
    w, h = size
    if info["commit"] and is_tomato(info["commit"]):
        return  # it lies face down as this heat's card
    if info["tomato"]:
        value = tomato_value(info["tomato"])
        words = f"{name}'s Tomato: {value}" + (", shown to everybody" if info["tomato_shown"]
                                                else ", not shown to the others")
        extra = {"action": "tomato"} if "tomato" in actions else {}
        if "tomato" in actions:
            words += ": click to play it face down and drop out of this fight"
        items.append(card(f"tomato:{seat}", r1(x), r1(y), tomato_face(value), w=w, h=h, z=2,
                          title=words, **extra))
    else:
        items.append(card(f"tomato:{seat}", r1(x), r1(y), w=w, h=h, z=2,
                          title=f"{name}'s Tomato, not shown"))


def _commit(items, info, seat, x, y, size, name, heat):
    """The card the seat has put face down in this heat (face up to its owner)."""
    if not info["committed"]:
        return
    w, h = size
    commit = info["commit"]
    if commit and is_tomato(commit):
        items.append(card(f"commit:{seat}", r1(x), r1(y), tomato_face(tomato_value(commit)),
                          w=w, h=h, z=4, tone="muted",
                          title=f"{name}'s card for heat {heat}: the Tomato, face down"))
    elif commit:
        items.append(card(f"commit:{seat}", r1(x), r1(y), number_face(commit), w=w, h=h, z=4,
                          tone="muted", title=f"{name}'s card for heat {heat}: the "
                                              f"{card_name(commit)}, face down"))
    else:
        items.append(card(f"commit:{seat}", r1(x), r1(y), w=w, h=h, z=4,
                          title=f"{name}'s card for heat {heat}, face down"))


def _played(items, info, seat, x, y, width, size, name):
    """The Number cards the seat has played this round, face up in order."""
    played = info["played"]
    w, h = size
    step = spread(len(played), width, w, w + 3)
    for i, card_id in enumerate(played):
        items.append(card(f"card:played:{seat}:{i}", r1(x + i * step), r1(y), number_face(card_id),
                          w=w, h=h, z=2 + i, title=f"{name}'s {ordinal(i + 1)} card this round: "
                                                   f"the {card_name(card_id)}"))


def _won_pile(items, info, seat, x, y, size, name):
    count = info["won_count"]
    w, h = size
    if info["won"] is not None:
        words = (f"{name}'s Triumph cards, face down: {offer_words(info['won'])}"
                 if info["won"] else f"{name} has won no Triumph card yet")
    else:
        words = f"{name}'s Triumph cards: {plural(count, 'card')}, face down"
    if count:
        items.append(card(f"back:won:{seat}", r1(x), r1(y), w=w, h=h, z=2, title=words))
        items.append(_badge(f"won:{seat}", x + w - 12, y - 6, count, words))


def _info_line(obs, info) -> str:
    if not obs["heat"]:
        return ""
    if info["fighting"]:
        if not info["played"]:
            return "in the fight"
        return f"total {info['total']} \u00b7 {info['colour']}"
    return f"out \u00b7 total {info['total']}" if info["played"] else "out of this fight"


def hand_count_words(count: int, name: str) -> str:
    """A hidden hand's size: the Tomato is one of its cards until it is played."""
    return f"{plural(count, 'card')} in {name}'s hand (the Tomato counts as one while held)"


def _other_seat(zones, items, obs, seat, x, y, w, names, winner):
    info = obs["seats"][seat]
    name = named(seat, names)
    zones.append(_seat_zone(seat, obs, x, y, w, Layout.SEAT_H, names, False, winner))
    row = y + TITLE
    cw, ch = SMALL
    _tomato(items, info, seat, x + PAD, row, SMALL, name, ())
    hx = x + PAD + cw + 4
    if info["hand"] is not None and info["hand"]:
        items.append(card(f"back:hand:{seat}", r1(hx), r1(row), w=cw, h=ch, z=2,
                          title=f"{name}'s hand: {cards_words(info['hand'])}"))
    elif info["hand_size"]:
        items.append(card(f"back:hand:{seat}", r1(hx), r1(row), w=cw, h=ch, z=2,
                          title=f"{name}'s hand, face down"))
    if info["hand_size"]:
        items.append(_badge(f"hand:{seat}", hx + cw - 12, row - 6, info["hand_size"],
                            hand_count_words(info["hand_size"], name)))
    _won_pile(items, info, seat, hx + cw + 4, row, SMALL, name)
    _commit(items, info, seat, hx + 2 * (cw + 4) + 6, row, SMALL, name, obs["heat"])
    _played(items, info, seat, x + PAD, row + ch + 4, w - 2 * PAD, SMALL, name)
    text = _info_line(obs, info)
    if text:
        items.append(label(f"info:{seat}", r1(x + PAD), r1(row + 2 * ch + 6), text, z=3,
                           title=fight_words(info) or text))
    if info["won"] is not None:  # the all-seeing view, or the game is over
        words = f"{name}'s Triumph cards add up to {score_words(info['trophies'], info['knives'])}"
        right = x + w - PAD
        items.append(label(f"won:{seat}:trophies", r1(right - 86), r1(row + 2 * ch + 6),
                           str(info["trophies"]), icons=["trophy"], z=3, title=words))
        items.append(label(f"won:{seat}:knives", r1(right - 40), r1(row + 2 * ch + 6),
                           str(info["knives"]), icons=["knife"], z=3, title=words))


def _own_seat(zones, items, obs, seat, lay, names, actions, winner):
    info = obs["seats"][seat]
    name = named(seat, names)
    y = lay.own_y
    zones.append(_seat_zone(seat, obs, MARGIN, y, WIDTH - 2 * MARGIN, Layout.OWN_H, names,
                            obs["perspective"] == seat, winner))
    row = y + TITLE
    cw, ch = BIG
    _tomato(items, info, seat, MARGIN + PAD, row, BIG, name, actions)
    hand_x = MARGIN + PAD + cw + 10
    hand_w = 400
    hand = info["hand"]
    # in a heat every card of the hand is clickable: one that may not be played is answered
    # with the rule that says why
    fighting = "tomato" in actions
    if hand is not None:
        step = spread(len(hand), hand_w, cw, cw + 3)
        for i, (card_id, k) in enumerate(occurrences(hand)):
            extra = {}
            words = f"the {card_name(card_id)} in {name}'s hand"
            if fighting:
                extra["action"] = f"play:{card_id}"
                if extra["action"] in actions:
                    words += ": click to play it face down"
            elif f"discard:{card_id}" in actions:
                extra["action"] = f"discard:{card_id}"
                words += ": click to discard it"
            items.append(card(f"card:hand:{seat}:{card_id}:{k}", r1(hand_x + i * step), r1(row),
                              number_face(card_id), w=cw, h=ch, z=2 + i, title=words, **extra))
    elif info["hand_size"]:
        items.append(card(f"back:hand:{seat}", r1(hand_x), r1(row), w=cw, h=ch, z=2,
                          title=f"{name}'s hand, face down"))
        items.append(_badge(f"hand:{seat}", hand_x + cw - 12, row - 6, info["hand_size"],
                            hand_count_words(info["hand_size"], name)))
    right = hand_x + hand_w + 12
    _commit(items, info, seat, right, row, BIG, name, obs["heat"])
    played_x = right + cw + 10
    _played(items, info, seat, played_x, row + (ch - SMALL[1]), 210, SMALL, name)
    won_x = WIDTH - MARGIN - PAD - 130
    _won_pile(items, info, seat, won_x, row + (ch - SMALL[1]), SMALL, name)
    if info["won"] is not None:
        words = f"{name}'s Triumph cards add up to {score_words(info['trophies'], info['knives'])}"
        items.append(label(f"won:{seat}:trophies", r1(won_x + SMALL[0] + 6), r1(row + 4),
                           plural(info["trophies"], "trophy", "trophies"), z=3, icons=["trophy"],
                           title=words))
        items.append(label(f"won:{seat}:knives", r1(won_x + SMALL[0] + 6), r1(row + 4 + LINE + 4),
                           plural(info["knives"], "knife", "knives"), z=3, icons=["knife"],
                           title=words))
    text = _info_line(obs, info)
    if text:
        items.append(label(f"info:{seat}", r1(MARGIN + PAD), r1(row + ch + 3), text, z=3,
                           title=fight_words(info) or text))


def _offer(zones, items, obs, lay, actions):
    """The face-up Triumph cards: trophies on the face, knives and tomato symbols under it."""
    offer = obs["offer"]
    y = lay.middle_y
    zones.append(zone("offer", MARGIN, r1(y), r1(lay.offer_w), Layout.MIDDLE_H,
                      f"Triumph cards up ({len(offer)} of {obs['needed']})",
                      title=f"the Triumph cards face up: this table needs {obs['needed']} at "
                            "the start of a round"))
    for i, (card_id, k) in enumerate(occurrences(offer)):
        x = MARGIN + 8 + i * (TRIUMPH[0] + 6)
        words = f"Triumph card: {symbols_words(card_id)}"
        extra = {}
        if f"take:{card_id}" in actions:
            extra["action"] = f"take:{card_id}"
            words += " (click to take it)"
        top = y + TITLE + 6  # room for a legal card raised under the zone's title
        items.append(card(f"triumph:{card_id}:{k}", r1(x), r1(top), triumph_face(card_id),
                          w=TRIUMPH[0], h=TRIUMPH[1], z=2, title=words, **extra))
        extras = triumph_extras(card_id)
        items.append(label(f"triumph:{card_id}:{k}:more", r1(x), r1(top + TRIUMPH[1] + 2),
                           "" if extras else "\u2014", icons=extras, z=3, title=words))


def shown_before_swap(obs) -> dict[int, int]:
    """The Tomato each tied player showed (seat -> value): the swap moves them, so after it a
    player's shown Tomato is the one its partner in the swap now holds."""
    shown = {}
    for group in obs["ties"]:
        values = [tomato_value(obs["seats"][seat]["tomato"]) for seat in group]
        if obs["phase"] != "swap":  # swapped already: group[i] holds what group[-1 - i] showed
            values.reverse()
        shown.update(zip(group, values))
    return shown


def _order(zones, items, obs, lay, names):
    """Once the fight is over: who picks in which order, with the totals, the Tomatoes shown
    by tied players, and whether they have swapped them yet."""
    y = lay.middle_y
    zones.append(zone("order", r1(lay.order_x), r1(y), r1(lay.order_w), Layout.MIDDLE_H,
                      "Picking order", title="who picks a Triumph card first: the highest "
                                             "total, ties by the higher Tomato"))
    order = obs["order"]
    if not order:
        return
    shown = shown_before_swap(obs)
    per_row = 2 if len(order) > 3 else 1
    col_w = (lay.order_w - 2 * PAD) / per_row
    for place, (seat, total) in enumerate(zip(order, obs["totals"])):
        row, col = divmod(place, per_row)
        name = named(seat, names)
        extra = {}
        if place < obs["picked"]:
            extra["tone"] = "muted"
            state = "has picked"
        elif place == obs["picked"] and obs["phase"] == "pick":
            extra["tone"] = "active"
            state = "picks now"
        else:
            state = "waits"
        text = f"{place + 1}. {name} \u00b7 {total}"
        words = f"{ordinal(place + 1)} pick: {name}, total {total}"
        if seat in shown:
            extra["icons"] = ["tomato"]
            text += f" \u00b7 {shown[seat]}"
            words += f", tied, showed {tomato_words(shown[seat])}"
        items.append(label(f"order:{place}", r1(lay.order_x + PAD + col * col_w),
                           r1(y + TITLE + row * ORDER_LINE), text, z=3, title=f"{words}; {state}",
                           **extra))
    if obs["ties"]:
        rows = -(-len(order) // per_row)
        text = ("tied players swap Tomatoes next" if obs["phase"] == "swap"
                else "tied players have swapped Tomatoes")
        items.append(label("order:ties", r1(lay.order_x + PAD), r1(y + TITLE + rows * ORDER_LINE),
                           text,
                           z=3, title="equal totals: the higher Tomato picks first, then the "
                                      "tied players swap Tomatoes, highest with lowest"))


def _piles(zones, items, obs, lay):
    y = lay.middle_y
    x = lay.piles_x
    zones.append(zone("piles", r1(x), r1(y), lay.piles_w, Layout.MIDDLE_H, "Piles"))
    cw, ch = SMALL
    row = y + TITLE + 4
    spots = (("pile", "Triumph pile", obs["pile"], "Triumph cards, face down"),
             ("draw", "draw pile", obs["draw"], "Number cards, face down"))
    for i, (key, what, count, words) in enumerate(spots):
        px = x + PAD + i * 86
        if count:
            items.append(card(f"back:{key}", r1(px), r1(row), w=cw, h=ch, z=2,
                              title=f"the {what}: {plural(count, 'card')}"))
        items.append(label(key, r1(px), r1(row + ch + 2), f"{what.split()[0]} {count}", z=3,
                           title=f"the {what}: {count} {words}"))
    discard = obs["discard"]
    dx = x + PAD + 2 * 86
    words = (f"the discard pile, face up: {cards_words(discard)}" if discard
             else "the discard pile is empty")
    items.append(label("discard:text", r1(dx), r1(row + ch + 2), f"discard {len(discard)}", z=3,
                       title=words))


def _legend(lay) -> list[dict]:
    """What the pictures mean, in a row at the bottom."""
    out = []
    x = 8
    for icon, words in LEGEND:
        out.append(label(f"legend:{icon}", x, r1(lay.legend_y), words, icons=[icon], z=3,
                         title=f"this picture: {words}", minor=True))
        x += 30 + 8 * len(words)
    return out
