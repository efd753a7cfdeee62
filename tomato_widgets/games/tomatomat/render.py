"""Tomatomat seen from one perspective as a scene (the widgets' board); the texts (the CLI's
table, knowledge, results) are in ``texts.py``.

``scene(obs, names, legal)`` lays the table out as the flat item list of ``core/scene.py``
in a ``WIDTH`` x ``HEIGHT`` box (``layout.py`` holds the geometry):

* the status line across the top (round, batch, what happens now);
* the other seats in a row under it, left to right in clockwise order from the seat seen
  from (seat 0 for the all-seeing view), and that seat across the bottom. A seat's zone
  holds its hand (the own hand face up; another hand as one face-down card with a count
  badge), its order cards I-IV (each a small zone with the cards placed there: face up
  only in the all-seeing view or with the teaching option ``remember_own``, else one
  face-down card; a badge counts them), for another seat seen from a seat a fifth slot
  ``?`` with the cards it placed in the unfinished batch (where they went stays hidden until
  everybody has placed), and labels: the deck, the stars won, the discard pile (how many of
  each kind; every card by name in the tooltip). A row of face-up cards too crowded to read
  shows each kind of card once, its rank counting the copies (``1\u00d73``);
* in the middle the four machine places I-IV: the stack (several machines side by side when
  ties left some: the right-most is on top, and only its colours count; the ones under it
  are muted), and a line with a tomato picture per colour that counts double, named in
  words (``\u00d72: red & blue``). Right of them the face-down machine stock and the spare decks;
* under the machines, while a machine is settled, the settlement panel: per player the
  cards turned up there, each marked with its fate on the face's bottom line (``caught``,
  ``stolen``, ``used`` for officers and thieves that have done their work, ``+4`` for a
  scoring coin; discarded cards muted and moved right), the player's total, and under the
  cards who won;
* the passing order of the piles along the bottom edge, and a legend of the card pictures.

Pictures come from ``sprites.svg`` (coins with their value, thief, police officer, star,
tomatoes of each colour); a picture is never the only cue. A playing card's face is its kind
in a short word (``thief``, ``cop``) or the coin's value (rank), its picture (icon) and its
colour word (suit; at the
machine being settled: the card's fate); a machine's face is its stars (rank), its tomatoes
(icon) and the colour words (suit). Face colours are ``red``, ``green``, ``blue``, ``gold``
(yellow) and ``mixed`` (a two-colour machine). No text shows an internal code.

What a step marks (``core.scene.marked``) is what it changed: texts say what holds for a
while (the status line names the batch, not who is still placing; the settlement panel's
title names the machine, not the stage), drawing order follows the cards themselves (a card
keeps its ``z`` while others move along the row) and order cards keep their size.

Item ids (stable while a thing stays where it is; a face-down card never names its card):

* ``card:hand:<seat>:<card>:<k>``, ``card:placed:<seat>:<pos>:<card>:<k>``,
  ``card:shown:<seat>:<card>:<k>``: face-up cards (``k`` tells identical cards apart; 0
  for a card standing for all its copies);
* ``back:hand:<seat>``, ``back:placed:<seat>:<pos>``, ``back:batch:<seat>``,
  ``back:stock``, ``back:dummy:<slot>``: face-down piles; ``count:<seat>:<pos|new>``,
  ``count:<slot>`` and ``hand:<seat>`` the badges counting them;
* ``machine:<machine id>`` (machine cards), zones ``seat:<s>``, ``order:<s>:<pos>``,
  ``order:<s>:new``, ``pos:<pos>``, ``settle``; labels ``status``, ``pass``, ``stock``,
  ``dummy:<slot>``, ``pos:<pos>:info``, ``deck:<s>``, ``won:<s>``, ``discard:<s>``,
  ``settle:<s>``, ``settle:result``, ``legend:<picture>``.

Live play (``legal`` given) uses two optional item fields for the two clicks of a
placement ``place:<card>:<pos>``:

* ``pick`` (the first part, ``"place:R1"``) on each card of the viewer's hand for which
  some legal action starts with ``pick + ":"``; identical cards share it;
* ``drop`` (the second part, ``"II"``) on the position's zone ``pos:<pos>`` and on the
  viewer's order card ``order:<me>:<pos>``, and on the items drawn over them (machine
  cards, the info line, the cards and badge on that order card), so a click anywhere on
  them lands. The shell sends ``pick + ":" + drop``; every legal action is reachable so.

Nothing else is clickable (there are no single-click actions), and without ``legal``
(replays) no item has ``pick``, ``drop`` or ``action``. The scene is drawn from the
observation alone.
"""
from __future__ import annotations

from collections import Counter

from ...core.rulebook import join_words
from ...core.scene import card, label, token, zone
from .cards import CARD_BY_ID, COLOURS, VALUE, card_name, cards_name
from .layout import (HEIGHT, LINE, MACHINE, ORDER_TITLE, PAD, SHOWN_CARD, SMALL_CARD, STOCK,
                     TITLE, WIDTH, layout, r1, spread)
from .machines import stars_text
from .views import POSITION_NAMES as POSITIONS, winners
from .words import (doubling, kinds_summary, machine_facts, named_cards, plural, seat_name,
                    stack_words, star_machine, won_words)

#: CSS colour of each tomato colour (the shell styles red, green, blue and gold)
FACE_COLOR = {"red": "red", "green": "green", "blue": "blue", "yellow": "gold"}
#: per kind of card (1-coin, 2-coin, thief, police officer): its picture and its rank
KIND_ICON = ("coin-1", "coin-2", "thief", "police")
KIND_RANK = ("1", "2", "thief", "cop")
#: the bottom line of a card turned up at the machine being settled
FATE_MARK = {"police": "used", "thief": "used", "caught": "caught", "stolen": "stolen"}
OUT = ("police", "thief", "caught", "stolen")
#: drawing order: a placed card's z follows its kind (piles are sorted by kind), a card at
#: the settlement keeps its z while it waits and gets a higher one when discarded
PLACED_Z = 2
OUT_Z = 20
BADGE_Z = 150
#: the legend of the card pictures, along the bottom edge
LEGEND = (("coin-1", "coin 1"), ("coin-2", "coin 2"), ("thief", "thief"),
          ("police", "police officer"))
LEGEND_X = 560


def _colour_of(card_id: str) -> str:
    return COLOURS[CARD_BY_ID[card_id] >> 2]


def _tomatoes(colours) -> list[str]:
    """The pictures of tomatoes of these colours, one each."""
    return [f"tomato-{colour}" for colour in colours]


def _face(card_id: str, suit: str | None = None, copies: int = 1) -> dict:
    """A playing card's face; ``copies`` > 1 stands for that many identical cards (a coin's
    rank reads ``1\u00d73``, a thief's or officer's ``\u00d72``)."""
    number = CARD_BY_ID[card_id]
    kind = number & 3
    colour = COLOURS[number >> 2]
    rank = KIND_RANK[kind]
    if copies > 1:
        rank = f"{rank}\u00d7{copies}" if VALUE[number] else f"\u00d7{copies}"
    return {"rank": rank, "icon": KIND_ICON[kind], "suit": suit or colour,
            "color": FACE_COLOR[colour]}


def _machine_face(stars: int, colours) -> dict:
    return {"rank": "\u2605" * stars, "icon": "tomatoes-" + "-".join(colours)
            if len(colours) > 1 else f"tomato-{colours[0]}", "suit": "/".join(colours),
            "color": FACE_COLOR[colours[0]] if len(colours) == 1 else "mixed"}


def _occurrences(cards):
    """(card, k) for each card: ``k`` counts the same card earlier in the list."""
    seen = Counter()
    for c in cards:
        yield c, seen[c]
        seen[c] += 1


def _pile(cards, width: float, size: float):
    """How to lay ``cards`` out in a row ``width`` wide: ``(step, [(card, k, copies)])``.
    Each card on its own while they leave each other's face readable, else one card per
    kind with the number of copies (identical cards are interchangeable)."""
    step = spread(len(cards), width, size, size + 3)
    if step >= 0.8 * size:
        return step, [(c, k, 1) for c, k in _occurrences(cards)]
    counts = Counter(cards)
    kinds = list(dict.fromkeys(cards))
    return spread(len(kinds), width, size, size + 3), [(c, 0, counts[c]) for c in kinds]


def _status(obs, names) -> str:
    """What happens now, in words that hold for the whole batch or settlement (whose turn
    it is shows on the seats' zones)."""
    phase, rnd = obs["phase"], obs["round"]
    head = f"Round {rnd} of {obs['rounds']}"
    step = obs["next_step"] or ""
    if phase == "deal":
        if step == "machines":
            return ("Before round 1: four machines are drawn" if rnd == 0
                    else f"Round {rnd} is over \u00b7 new machines for round {rnd + 1} come next")
        if step == "deal":
            return f"{head} \u00b7 the playing cards are dealt next"
        return f"{head} \u00b7 everyone shuffles the pile received into a new deck"
    if phase == "allocate":
        return f"{head} \u00b7 batch {obs['batch']} of 3 \u00b7 everyone places four cards face down"
    if phase == "resolve":
        return f"{head} \u00b7 the machines are settled one by one, I to IV"
    best = winners(obs)
    seat = obs["seats"][best[0]]
    score = f"{stars_text(seat['stars'])}, {plural(seat['machines'], 'machine')}"
    who = join_words([seat_name(s, names) for s in best])
    verb = "wins" if len(best) == 1 else "share the win"
    return f"Game over \u00b7 {who} {verb} with {score}"


# ---- the scene ------------------------------------------------------------------------
def scene(obs: dict, names, legal=None) -> dict:
    """The table as ``{"width", "height", "items"}`` for ``obs``'s perspective (see the
    module docstring). ``legal`` (live play) adds ``pick`` to the viewer's hand cards and
    ``drop`` to the machine positions and the viewer's order cards."""
    n = obs["players"]
    persp = obs["perspective"]
    seated = isinstance(persp, int) and 0 <= persp < n
    bottom = persp if seated else 0
    lay = layout(n, seated)
    res = obs["resolution"]

    # live play: the first and second parts of the legal placements
    picks, drops = set(), set()
    if legal and seated:
        for action in legal:
            first, sep, second = action.rpartition(":")
            if sep and first.startswith("place:"):
                picks.add(first)
                drops.add(second)

    def dropping(item: dict, pos: str) -> dict:
        if pos in drops:
            item["drop"] = pos
        return item

    zones: list = []
    items: list = [label("status", 8, 4, _status(obs, names), z=3)]
    over = set(winners(obs)) if obs["phase"] == "over" else set()
    for seat in range(n):
        box = lay.seat_box(seat, bottom)
        _seat(zones, items, obs, seat, box, names, seat == persp, picks, dropping, over)
    _machines(zones, items, obs, lay, dropping)
    _side(items, obs, lay)
    if res:
        _settlement(zones, items, obs, res, lay, names)
    order = [seat_name(slot, names) for slot in obs["pass_order"]]
    items.append(label("pass", 8, r1(lay.pass_y), "Piles pass on: " + " \u2192 ".join(order + order[:1]),
                       title="after each round every discard pile (and spare deck) goes to the next "
                             "place clockwise", z=3))
    items.extend(_legend(lay))
    return {"width": WIDTH, "height": HEIGHT, "items": zones + items}


def _legend(lay) -> list[dict]:
    """What the card pictures mean, in a row at the bottom right."""
    out = []
    x = LEGEND_X
    for icon, words in LEGEND:
        out.append(label(f"legend:{icon}", x, r1(lay.pass_y), words, icons=[icon], z=3,
                         title=f"this picture on a card: {words}", minor=True))
        x += 24 + 7 * len(words)
    return out


def _badge(id_: str, x: float, y: float, count: int, title: str, **extra) -> dict:
    return token(id_, r1(x), r1(y), str(count), title=title, z=BADGE_Z, **extra)


# ---- a seat: hand, order cards, deck, stars won, discard pile ---------------------------
def _seat(zones, items, obs, seat, box, names, own, picks, dropping, over):
    info = obs["seats"][seat]
    name = seat_name(seat, names)
    extra = {}
    if seat in obs["to_act"]:
        extra["tone"] = "active"
    elif seat in over:
        extra["tone"] = "winner"
    zones.append(zone(f"seat:{seat}", r1(box.x), r1(box.y), r1(box.w), r1(box.h), name,
                      title=f"{name} (you)" if own else name, **extra))
    _hand(items, info, seat, box, name, own, picks)
    for p, entry in enumerate(info["placed"]):
        _order_card(zones, items, entry, seat, POSITIONS[p], box, name, own, dropping)
    hidden = info["batch_hidden"]
    if hidden and len(box.order_x) > 4:  # the cards of the unfinished batch: how many, never where
        ox = box.order_x[4]
        zones.append(zone(f"order:{seat}:new", r1(ox), r1(box.order_y), r1(box.ow), box.oh, "?",
                          title=f"{name}'s cards of this batch: at which machines stays hidden "
                                "until everybody has placed"))
        items.append(card(f"back:batch:{seat}", r1(ox + 4), r1(box.order_y + ORDER_TITLE), w=box.pw,
                          h=box.ph, z=PLACED_Z, title=f"{name}'s cards of this batch, face down"))
        items.append(_badge(f"count:{seat}:new", ox + box.ow - 24, box.order_y - 1, hidden,
                            f"placed this batch: {hidden}"))
    _seat_labels(items, obs, info, seat, box, name)


def _hand(items, info, seat, box, name, own, picks):
    hand = info["hand"]
    if hand is not None:
        for i, (cid, k) in enumerate(_occurrences(hand)):
            more = {}
            pick = f"place:{cid}"
            if own and pick in picks:
                more["pick"] = pick
            items.append(card(f"card:hand:{seat}:{cid}:{k}", r1(box.hand_x + i * (box.cw + 3)),
                              r1(box.hand_y), _face(cid), w=box.cw, h=box.ch, z=2,
                              title=card_name(cid), **more))
    elif info["hand_size"]:
        size = info["hand_size"]
        items.append(card(f"back:hand:{seat}", r1(box.hand_x), r1(box.hand_y), w=box.cw, h=box.ch,
                          z=2, title=f"{name}'s hand, face down"))
        items.append(_badge(f"hand:{seat}", box.hand_x + box.cw - 12, box.hand_y - 6, size,
                            f"{plural(size, 'card')} in {name}'s hand"))


def _order_card(zones, items, entry, seat, pos, box, name, own, dropping):
    """Order card ``pos`` and what lies on it: the cards face up when this view may know
    them, else one face-down card; a badge counts them."""
    ox, oy, ow = box.order_x[POSITIONS.index(pos)], box.order_y, box.ow
    count, cards = entry["count"], entry["cards"]
    item = zone(f"order:{seat}:{pos}", r1(ox), r1(oy), r1(ow), box.oh, pos,
                title=f"{name}'s order card {pos}: the cards for machine {pos}")
    zones.append(dropping(item, pos) if own else item)
    placed = []
    if cards:
        step, pile = _pile(cards, ow - 8, box.pw)
        for i, (cid, k, copies) in enumerate(pile):
            what = cards_name(cid, copies) if copies > 1 else card_name(cid)
            placed.append(card(f"card:placed:{seat}:{pos}:{cid}:{k}", r1(ox + 4 + i * step),
                               r1(oy + ORDER_TITLE), _face(cid, copies=copies), w=box.pw,
                               h=box.ph, z=PLACED_Z + 8 * CARD_BY_ID[cid] + k,
                               title=f"{what}, face down at machine {pos}"))
    elif count:
        placed.append(card(f"back:placed:{seat}:{pos}", r1(ox + 4), r1(oy + ORDER_TITLE), w=box.pw,
                           h=box.ph, z=PLACED_Z, title=f"{name}'s cards at machine {pos}, face down"))
    if count:
        placed.append(_badge(f"count:{seat}:{pos}", ox + ow - 24, oy - 1, count,
                             f"{plural(count, 'card')} face down at machine {pos}"))
    for placed_item in placed:
        items.append(dropping(placed_item, pos) if own else placed_item)


def _seat_labels(items, obs, info, seat, box, name):
    """The deck, the stars won and the discard pile, in words that fit the box."""
    (dx, dy), (wx, wy), (cx, cy) = box.info
    deck = info["deck"]
    words = f"{name}'s deck: {plural(deck, 'card')} face down"
    if info["deck_cards"]:
        words += f", to be drawn in this order: {', '.join(card_name(c) for c in info['deck_cards'])}"
    items.append(label(f"deck:{seat}", r1(dx), r1(dy), f"deck: {plural(deck, 'card')}"
                       if deck else "deck: empty", title=words, z=3))
    if info["won"]:
        room = box.chars - int((wx - box.x) // 7)
        text = stars_text(info["stars"])
        machines = plural(info["machines"], "machine")
        if len(text) + len(machines) + 5 <= room:
            text += f", {machines}"
        won = won_words(obs["settings"]["machine_set"], info["won"])
        items.append(label(f"won:{seat}", r1(wx), r1(wy), text, icons=["star"], z=3,
                           title=f"{name} has won {stars_text(info['stars'])} with {machines}: {won}"))
    else:
        items.append(label(f"won:{seat}", r1(wx), r1(wy), "no machine yet", z=3,
                           title=f"{name} has won no machine yet"))
    if info["discard"]:
        room = box.chars - int((cx - box.x - PAD) // 7)
        items.append(label(f"discard:{seat}", r1(cx), r1(cy), _discard_text(info["discard"], room),
                           z=3, title=f"{name}'s discard pile, face up: {named_cards(info['discard'])}"))


def _discard_text(card_ids, room: int) -> str:
    """``discards: 5 coins, 2 thieves and 1 officer``, or just how many when that is too long."""
    text = "discards: " + kinds_summary(card_ids, officer="officer")
    return text if len(text) <= room else f"discards: {plural(len(card_ids), 'card')}"


# ---- the machines, the stock and the spare decks -----------------------------------------
def _machines(zones, items, obs, lay, dropping):
    machine_set = obs["settings"]["machine_set"]
    res = obs["resolution"]
    settling = res["position"] if res and obs["phase"] == "resolve" else None
    for i, place in enumerate(obs["positions"]):
        pos = place["position"]
        x, y = lay.col_x[i], lay.col_y
        stack = place["stack"]
        if stack:
            title = f"machine {pos}: {stack_words(machine_set, stack)}"
            text = f"Machine {pos} \u00b7 {stars_text(place['stars'])}"
        else:
            title, text = f"machine {pos}: no machine here now", f"Machine {pos}"
        extra = {"tone": "active"} if pos == settling else {}
        zones.append(dropping(zone(f"pos:{pos}", r1(x), r1(y), r1(lay.col_w), lay.col_h,
                                   text, title=title, **extra), pos))
        step = spread(len(stack), lay.col_w - 12, MACHINE[0], 40)
        for j, mid in enumerate(stack):
            stars, colours = machine_facts(machine_set, mid)
            top = j == len(stack) - 1
            if not top:
                words = f"{star_machine(stars)} under the top one: its stars count, its colours no longer do"
            elif len(stack) > 1:
                words = f"{star_machine(stars)} on top of the stack: {doubling(colours)} here"
            else:
                words = f"{star_machine(stars)}: {doubling(colours)} here"
            extra = {} if top else {"tone": "muted"}
            items.append(dropping(card(f"machine:{mid}", r1(x + 6 + j * step), y + TITLE,
                                       _machine_face(stars, colours), w=MACHINE[0], h=MACHINE[1],
                                       z=2 + j, title=words, **extra), pos))
        info_y = y + TITLE + MACHINE[1] + 4
        if stack:
            more = {"icons": _tomatoes(place["colours"])}
            text = f"\u00d72: {' & '.join(place['colours'])}"
        else:
            more = {}
            text = "no machine yet" if obs["round"] == 0 else "won this round"
        items.append(dropping(label(f"pos:{pos}:info", r1(x + 6), r1(info_y), text, title=title,
                                    z=3, **more), pos))


def _side(items, obs, lay):
    """The machine stock and the spare decks, right of the machines."""
    sx, sy = lay.side_x, lay.side_y
    stock = obs["stock"]
    words = f"the machine stock: {plural(stock, 'machine')} face down"
    items.append(card("back:stock", r1(sx), r1(sy), w=STOCK[0], h=STOCK[1], z=2, title=words))
    items.append(label("stock", r1(sx + STOCK[0] + 6), r1(sy + 20), f"{stock} left", title=words,
                       z=3))
    for j, dummy in enumerate(obs["dummies"]):
        dy = sy + STOCK[1] + 8 + j * (SMALL_CARD[1] + 6)
        slot = dummy["slot"]
        name = seat_name(slot, ())
        words = (f"{name}: {plural(dummy['deck'], 'card')} face down; nobody plays it, it is "
                 "passed on like a player's pile")
        items.append(card(f"back:dummy:{slot}", r1(sx), r1(dy), w=SMALL_CARD[0], h=SMALL_CARD[1],
                          z=2, title=words))
        if dummy["cards"] is not None:  # the all-seeing view names the cards, on the label
            words += f": {named_cards(dummy['cards'])}"
        if dummy["deck"]:
            items.append(_badge(f"count:{slot}", sx + SMALL_CARD[0] - 12, dy - 6, dummy["deck"],
                                f"{plural(dummy['deck'], 'card')} in {name}"))
        items.append(label(f"dummy:{slot}", r1(sx + SMALL_CARD[0] + 6), r1(dy + 14), name,
                           title=words, z=3))


# ---- the machine being settled -----------------------------------------------------------
def _fate_words(fate: str, who: str, colour: str, caught, stolen) -> str:
    """A discarded card's tooltip: what it did, or what was done to it."""
    if fate == "police":
        did = f"caught the {colour} thieves" if colour in caught else f"no {colour} thief to catch"
    elif fate == "thief":
        did = f"stole the {colour} coins" if colour in stolen else f"found no {colour} coin"
    elif fate == "caught":
        did = f"caught by a {colour} police officer"
    else:
        did = f"stolen by a {colour} thief"
    return f"{who}: {did}, discarded"


def _settlement(zones, items, obs, res, lay, names):
    pos = res["position"]
    machine_set = obs["settings"]["machine_set"]
    machines = res["machines"]
    colours = machine_facts(machine_set, machines[-1])[1]
    stars = sum(machine_facts(machine_set, m)[0] for m in machines)
    head = f"Machine {pos} \u00b7 {stars_text(stars)}"
    if len(machines) > 1:
        head += f" ({len(machines)} machines)"
    head += f" \u00b7 {doubling(colours)}"
    zones.append(zone("settle", lay.settle_x, r1(lay.settle_y), r1(lay.settle_w), r1(lay.settle_h),
                      head, title=f"machine {pos} is settled: {stack_words(machine_set, machines)}",
                      tone="active", icons=_tomatoes(colours)))
    by_seat: dict = {seat: [] for seat in range(obs["players"])}
    for seat, cid, fate in res["cards"]:
        by_seat[seat].append((cid, fate))
    caught = {_colour_of(c) for _, c, f in res["cards"] if f == "caught"}
    stolen = {_colour_of(c) for _, c, f in res["cards"] if f == "stolen"}
    segments = lay.segments([len(by_seat[seat]) for seat in range(obs["players"])])
    totals, winner = res["totals"], res["winner"]
    for seat in range(obs["players"]):
        sx, sw = segments[seat]
        name = seat_name(seat, names)
        extra = {}
        if totals is not None:
            suffix = f": {totals[seat]}"
            if seat == winner:
                suffix += " \u00b7 wins"
                extra["tone"] = "winner"
            words = f"{name} scores {totals[seat]} at machine {pos}"
        else:
            count = len(by_seat[seat])
            suffix = f": {plural(count, 'card')}"
            words = f"{name} turned up {plural(count, 'card')} at machine {pos}"
        short = max(6, int(sw / 7) - len(suffix))
        text = (name if len(name) <= short else name[:short - 1] + "\u2026") + suffix
        items.append(label(f"settle:{seat}", r1(sx), r1(lay.settle_y + TITLE), text, title=words,
                           z=3, **extra))
        _settled_cards(items, by_seat[seat], seat, name, sx, sw, lay, colours, caught, stolen)
    if totals is not None:
        if winner is not None:
            text = f"{seat_name(winner, names)} wins machine {pos} with {totals[winner]}"
        else:
            text = f"A tie at {max(totals)}: nobody wins machine {pos}, it stays for the next round"
        items.append(label("settle:result", r1(lay.settle_x + PAD),
                           r1(lay.settle_y + TITLE + LINE + 4 + SHOWN_CARD[1]), text, z=3,
                           tone="winner" if winner is not None else "warning"))


def _settled_cards(items, cards, seat, name, sx, sw, lay, colours, caught, stolen):
    """One player's cards at the machine: still in play first, then (after a gap) the
    discarded ones. Identical cards of one player share their fate, so a crowded row can
    show each kind once. A card keeps its drawing order while it waits; discarding raises it."""
    keep = [c for c, f in cards if f not in OUT]
    out = [c for c, f in cards if f in OUT]
    gap = 6 if keep and out else 0
    step, pile = _pile(keep + out, sw - 8 - gap, SHOWN_CARD[0])
    fate_of = dict(cards)
    index = {pair: i for i, pair in enumerate(_occurrences([cid for cid, _ in cards]))}
    cy = lay.settle_y + TITLE + LINE + 2
    for slot, (cid, k, copies) in enumerate(pile):
        fate = fate_of[cid]
        x = sx + slot * step + (gap if fate in OUT else 0)
        who = f"{name}'s {cards_name(cid, copies) if copies > 1 else card_name(cid)}"
        colour = _colour_of(cid)
        more = {}
        if fate == "open":
            face, words = _face(cid, copies=copies), f"{who}, turned up"
        elif fate == "scored":
            value = VALUE[CARD_BY_ID[cid]] * (2 if colour in colours else 1)
            face = _face(cid, f"+{value}", copies)
            words = f"{who}: {'each ' if copies > 1 else ''}scores {value}" + (
                " (the colour counts double)" if colour in colours else "")
        else:
            face = _face(cid, FATE_MARK[fate], copies)
            more["tone"] = "muted"
            words = _fate_words(fate, who, colour, caught, stolen)
        z = (OUT_Z if fate in OUT else 2) + index[cid, k]
        items.append(card(f"card:shown:{seat}:{cid}:{k}", r1(x), r1(cy), face,
                          w=SHOWN_CARD[0], h=SHOWN_CARD[1], z=z, title=words, **more))
