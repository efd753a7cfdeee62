"""Tomatomat seen from one perspective: as text (the CLI's ``show``), as a scene (the widgets)
and as a short sentence of what that player knows.

``scene(obs, names, legal)`` lays the table out as the flat item list of ``core/scene.py``
in a ``WIDTH`` x ``HEIGHT`` box (``layout.py`` holds the geometry):

* the status line across the top (round, batch, who acts, the next settlement step);
* the other seats in a row under it, left to right in clockwise order from the seat seen
  from (seat 0 for the all-seeing view), and that seat across the bottom. A seat's zone
  holds its hand (the own hand face up; another hand as one face-down card with a count
  badge), its order cards I-IV (each a small zone with the cards placed there: face up
  when the viewer may know them, else one face-down card; a badge counts them), for
  another seat seen from a seat a fifth slot ``?`` with the cards it placed in the
  unfinished batch (where they went stays hidden until everybody has placed), and labels:
  deck size, machines and stars won, the discard pile (public, as card ids). A row of
  face-up cards too crowded to read shows each kind of card once, its rank counting the
  copies (``1\u00d73``: three identical 1-coins);
* in the middle the four machine positions I-IV: the stack (several machines side by side
  when ties left some: the right-most is on top, and only its colours count; the ones
  under it are muted), and a line with the stars of the whole stack and the letters of the
  colours that count double. Right of them the face-down machine stock and the dummy decks;
* under the machines, while a machine is settled, the settlement panel: per player the
  cards turned up there, each marked with its fate on the face's bottom line (``caught``,
  ``stolen``, ``used`` for officers and thieves that have done their work, ``+4`` for a
  scoring coin; discarded cards muted and moved right), the player's total, the winner;
* the passing order of the piles along the bottom edge.

Colour is never the only cue: a playing card's face is rank ``1``/``2``/``T``/``P`` (coin
value, thief, police officer), symbol the colour letter ``R``/``G``/``B``/``Y``, suit the
colour word (at the machine being settled: the card's fate); a machine's face is its stars
(rank), the letters of its colours (symbol) and the colour words (suit). Face colours are
``red``, ``green``, ``blue``, ``gold`` (yellow) and ``mixed`` (a two-colour machine).

Item ids (stable while a thing stays where it is; a face-down card never names its card):

* ``card:hand:<seat>:<card>:<k>``, ``card:placed:<seat>:<pos>:<card>:<k>``,
  ``card:shown:<seat>:<card>:<k>``: face-up cards (``k`` tells identical cards apart; 0
  for a card standing for all its copies);
* ``back:hand:<seat>``, ``back:placed:<seat>:<pos>``, ``back:batch:<seat>``,
  ``back:stock``, ``back:dummy:<slot>``: face-down piles; ``count:<seat>:<pos|new>`` and
  ``hand:<seat>`` the badges counting them;
* ``machine:<machine id>`` (machine cards), zones ``seat:<s>``, ``order:<s>:<pos>``,
  ``order:<s>:new``, ``pos:<pos>``, ``settle``; labels ``status``, ``pass``, ``stock``,
  ``dummy:<slot>``, ``pos:<pos>:info``, ``deck:<s>``, ``won:<s>``, ``discard:<s>``,
  ``settle:<s>``.

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

from ...core.scene import card, label, token, zone
from .cards import CARD_BY_ID, COLOUR_LETTERS, COLOURS, VALUE, card_name, cards_name
from .layout import (HEIGHT, LINE, MACHINE, ORDER_TITLE, PAD, SHOWN_CARD, SMALL_CARD, STOCK,
                     TITLE, WIDTH, layout, r1, spread)
from .machines import MACHINE_SETS, stars_text

PHASES = {"deal": "between rounds", "allocate": "placing cards", "resolve": "settling machines",
          "over": "game over"}
FATES = {"open": "face up", "police": "officer, discarded", "caught": "caught",
         "thief": "thief, discarded", "stolen": "stolen", "scored": "scored"}


def _name(names, slot) -> str:
    if isinstance(slot, int):
        return str(names[slot]) if 0 <= slot < len(names) else f"Player {slot + 1}"
    return f"dummy deck {slot[1:]}"


def _machine(table, machine_id: str) -> str:
    return table.describe(table.index[machine_id]) if machine_id in table.index else machine_id


def _placed(entry) -> str:
    if entry["cards"] is not None:
        return f"{entry['count']} ({', '.join(entry['cards'])})" if entry["cards"] else "0"
    return str(entry["count"])


def render_text(obs: dict, names) -> str:
    """A plain-text table: the round, the four machines, one block per player, the dummy
    decks and the machine being settled."""
    table = MACHINE_SETS[obs["settings"]["machine_set"]]
    head = f"Round {obs['round']} of {obs['rounds']}" if obs["round"] else "Before the first round"
    if obs["phase"] == "allocate":
        head += f" | batch {obs['batch']} of 3"
    head += f" | {PHASES[obs['phase']]} | machines face down: {obs['stock']}"
    lines = [head]
    for place in obs["positions"]:
        if place["stack"]:
            shown = " on ".join(reversed(place["stack"]))
            what = f"{shown}: {stars_text(place['stars'])}, counts {' and '.join(place['colours'])}"
        else:
            what = "(empty)"
        lines.append(f"  Machine {place['position']:<3} {what}")
    for seat, info in enumerate(obs["seats"]):
        marks = " [to act]" if seat in obs["to_act"] else ""
        if info["hand"] is not None:
            hand = ", ".join(info["hand"])
        else:
            hand = f"{info['hand_size']} hidden" if info["hand_size"] else ""
        lines.append(f"  {_name(names, seat)}{marks}: hand {hand or '-'}; deck {info['deck']}")
        spots = " | ".join(f"{place['position']}: {_placed(entry)}"
                           for place, entry in zip(obs["positions"], info["placed"]))
        extra = f" | {info['batch_hidden']} more face down, place unknown" if info["batch_hidden"] else ""
        lines.append(f"      placed  {spots}{extra}")
        if info["discard"]:
            lines.append(f"      discard pile: {', '.join(info['discard'])}")
        if info["won"]:
            won = "; ".join(", ".join(_machine(table, m) for m in stack) for stack in info["won"])
            lines.append(f"      won: {won}")
        lines.append(f"      {stars_text(info['stars'])}, {info['machines']} machine(s)")
    for dummy in obs["dummies"]:
        cards = f" ({', '.join(dummy['cards'])})" if dummy["cards"] else ""
        lines.append(f"  {_name(names, dummy['slot']).capitalize()}: {dummy['deck']} cards{cards}")
    if obs["dummies"]:
        order = [_name(names, slot) for slot in obs["pass_order"]]
        lines.append("  Piles pass: " + " -> ".join(order + order[:1]))
    res = obs["resolution"]
    if res:
        lines.append(f"  Machine {res['position']} ({', '.join(res['machines'])}), after {res['stage']}:")
        for seat, card, fate in res["cards"]:
            lines.append(f"      {_name(names, seat)}: {card} ({FATES.get(fate, fate)})")
        if res["totals"] is not None:
            totals = ", ".join(f"{_name(names, s)} {t}" for s, t in enumerate(res["totals"]))
            result = f"won by {_name(names, res['winner'])}" if res["winner"] is not None else "tie"
            lines.append(f"      totals: {totals}; {result}")
    return "\n".join(lines)


# ---- shared helpers -------------------------------------------------------------------
POSITIONS = ("I", "II", "III", "IV")
#: CSS colour of each tomato colour (the shell styles red, green, blue and gold)
FACE_COLOR = {"red": "red", "green": "green", "blue": "blue", "yellow": "gold"}
#: the bottom line of a card turned up at the machine being settled
FATE_MARK = {"police": "used", "thief": "used", "caught": "caught", "stolen": "stolen"}
OUT = ("police", "thief", "caught", "stolen")
NEXT_STEP = {"reveal": "the cards at machine {} are turned up next",
             "police": "police officers catch thieves at machine {} next",
             "thieves": "thieves steal coins at machine {} next",
             "score": "machine {} is scored next"}
STAGE_DONE = {"reveal": "cards turned up", "police": "the police have acted",
              "thieves": "the thieves have acted"}


def _join(words, conjunction: str = "and") -> str:
    words = list(words)
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + f" {conjunction} " + words[-1]


def _short(name: str, limit: int) -> str:
    return name if len(name) <= limit else name[:max(1, limit - 1)] + "\u2026"


def _letters(colours) -> str:
    return " ".join(COLOUR_LETTERS[COLOURS.index(c)] for c in colours)


def _colour_of(card_id: str) -> str:
    return COLOURS[COLOUR_LETTERS.index(card_id[0])]


def _face(card_id: str, suit: str | None = None, copies: int = 1) -> dict:
    """A playing card's face; ``copies`` > 1 stands for that many identical cards (the rank
    reads ``1\u00d73``)."""
    colour = _colour_of(card_id)
    rank = card_id[1] if copies == 1 else f"{card_id[1]}\u00d7{copies}"
    return {"rank": rank, "symbol": card_id[0], "suit": suit or colour, "color": FACE_COLOR[colour]}


def _machine_face(table, machine_id: str) -> dict:
    m = table.index[machine_id]
    colours = table.colour_names[m]
    return {"rank": "\u2605" * table.stars[m], "symbol": _letters(colours),
            "suit": "/".join(colours),
            "color": FACE_COLOR[colours[0]] if len(colours) == 1 else "mixed"}


def _machine_words(table, machine_id: str) -> str:
    m = table.index[machine_id]
    return f"{stars_text(table.stars[m])}, {_join(table.colour_names[m])} tomatoes"


def _counted(cards) -> str:
    """``R1×3 G2 YT``: card ids, repeats counted."""
    counts = Counter(cards)
    return " ".join(c if counts[c] == 1 else f"{c}\u00d7{counts[c]}" for c in dict.fromkeys(cards))


def _named(cards) -> str:
    """``3 red 1-coins, the green 2-coin``: card names, repeats counted."""
    counts = Counter(cards)
    return _join(cards_name(c, counts[c]) if counts[c] > 1 else f"the {card_name(c)}"
                 for c in dict.fromkeys(cards))


def _fit(prefix: str, cards, chars: int) -> str:
    """``prefix`` and the counted card ids, cut with an ellipsis to ``chars`` characters."""
    text = prefix
    for word in _counted(cards).split():
        if len(text) + len(word) + 3 > chars:
            return text + " \u2026"
        text += " " + word
    return text


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


def _winners(obs) -> list[int]:
    """Who wins a finished game: most stars, then most machines; ties share."""
    seats = obs["seats"]
    best = max(s["stars"] for s in seats)
    leaders = [i for i, s in enumerate(seats) if s["stars"] == best]
    most = max(seats[i]["machines"] for i in leaders)
    return [i for i in leaders if seats[i]["machines"] == most]


def _status(obs, names) -> str:
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
        who = _join(_name(names, s) for s in obs["to_act"] if s >= 0)
        return f"{head} \u00b7 batch {obs['batch']} of 3 \u00b7 {who} to place cards face down"
    if phase == "resolve":
        kind, _, where = step.partition(":")
        if kind == "pass":
            nxt = ("the game ends next" if rnd >= obs["rounds"]
                   else "the piles are passed on next")
            return f"{head} \u00b7 every machine is settled \u00b7 {nxt}"
        return f"{head} \u00b7 settling the machines \u00b7 {NEXT_STEP[kind].format(where)}"
    winners = _winners(obs)
    seat = obs["seats"][winners[0]]
    score = f"{stars_text(seat['stars'])}, {seat['machines']} machine{'s' if seat['machines'] != 1 else ''}"
    who = _join(_name(names, s) for s in winners)
    verb = "wins" if len(winners) == 1 else "share the win"
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
    table = MACHINE_SETS[obs["settings"]["machine_set"]]
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

    # ---- the seats
    over = set(_winners(obs)) if obs["phase"] == "over" else set()
    for seat in range(n):
        box = lay.seat_box(seat, bottom)
        _seat(zones, items, obs, seat, box, names, seat == persp, picks, dropping, over)

    # ---- machine positions
    settling = res["position"] if res and obs["phase"] == "resolve" else None
    for i, place in enumerate(obs["positions"]):
        pos = place["position"]
        x, y = lay.col_x[i], lay.col_y
        stack = place["stack"]
        title = f"machine {pos}: "
        if stack:
            title += f"{stars_text(place['stars'])}, {_join(place['colours'])} tomatoes"
            if len(stack) > 1:
                title += f", {len(stack)} machines stacked (the top one's colours count)"
        else:
            title += "no machine here now"
        extra = {"tone": "active"} if pos == settling else {}
        zones.append(dropping(zone(f"pos:{pos}", r1(x), r1(y), r1(lay.col_w), lay.col_h,
                                   f"Machine {pos}", title=title, **extra), pos))
        step = spread(len(stack), lay.col_w - 12, MACHINE[0], 40)
        for j, mid in enumerate(stack):
            top = j == len(stack) - 1
            words = f"{mid}: {_machine_words(table, mid)}"
            words += ", on top: its colours count" if top and len(stack) > 1 else ""
            words += "" if top else ", under the top machine"
            extra = {} if top else {"tone": "muted"}
            items.append(dropping(card(f"machine:{mid}", r1(x + 6 + j * step), y + TITLE,
                                       _machine_face(table, mid), w=MACHINE[0], h=MACHINE[1],
                                       z=2 + j, title=words, **extra), pos))
        info_y = y + TITLE + MACHINE[1] + 4
        extra = {}
        if stack:
            doubled = f"\u00d72: {_letters(place['colours'])}"
            text = f"{place['stars']}\u2605 \u00b7 {doubled}" if len(stack) == 1 else \
                f"{place['stars']}\u2605 in all \u00b7 {doubled}"
        elif res and res["position"] == pos and res["winner"] is not None:
            text = f"won by {_short(_name(names, res['winner']), 16)}"
            extra["tone"] = "winner"
        else:
            text = ("no machine yet" if obs["round"] == 0 else "empty: the game is over"
                    if obs["phase"] == "over" else "empty until next round"
                    if obs["round"] < obs["rounds"] else "empty")
        items.append(dropping(label(f"pos:{pos}:info", r1(x + 6), r1(info_y), text, title=title,
                                    z=3, **extra), pos))

    # ---- the machine stock and the dummy decks
    sx, sy = lay.side_x, lay.side_y
    items.append(card("back:stock", r1(sx), r1(sy), w=STOCK[0], h=STOCK[1], z=2,
                      title=f"the machine stock: {obs['stock']} machines face down"))
    items.append(label("stock", r1(sx + STOCK[0] + 6), r1(sy + 20), f"stock: {obs['stock']}",
                       title="machines left face down", z=3))
    for j, dummy in enumerate(obs["dummies"]):
        dy = sy + STOCK[1] + 8 + j * (SMALL_CARD[1] + 6)
        slot = dummy["slot"]
        words = f"dummy deck {slot[1:]}: {dummy['deck']} cards face down, passed on like a player's pile"
        items.append(card(f"back:dummy:{slot}", r1(sx), r1(dy), w=SMALL_CARD[0], h=SMALL_CARD[1],
                          z=2, title=words))
        if dummy["cards"] is not None:  # the all-seeing view: the label names the cards
            words += f": {_named(dummy['cards'])}"
        items.append(label(f"dummy:{slot}", r1(sx + SMALL_CARD[0] + 6), r1(dy + 14),
                           f"dummy {slot[1:]}: {dummy['deck']}", title=words, z=3))

    # ---- the machine being settled
    if res:
        _settlement(zones, items, obs, res, lay, table, names)

    # ---- the passing order
    order = [_short(_name(names, slot), 18) for slot in obs["pass_order"]]
    items.append(label("pass", 8, r1(lay.pass_y), "Piles pass on: " + " \u2192 ".join(order + order[:1]),
                       title="after each round every discard pile (and dummy deck) goes to the next "
                             "place clockwise", z=3))
    return {"width": WIDTH, "height": HEIGHT, "items": zones + items}


def _badge(id_: str, x: float, y: float, count: int, title: str, **extra) -> dict:
    return token(id_, r1(x), r1(y), str(count), title=title, z=20, **extra)


def _seat(zones, items, obs, seat, box, names, own, picks, dropping, over):
    info = obs["seats"][seat]
    name = _name(names, seat)
    extra = {}
    if seat in obs["to_act"]:
        extra["tone"] = "active"
    elif seat in over:
        extra["tone"] = "winner"
    zones.append(zone(f"seat:{seat}", r1(box.x), r1(box.y), r1(box.w), r1(box.h), name,
                      title=f"{name} (you)" if own else name, **extra))
    # the hand
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
                            f"{size} card{'s' if size != 1 else ''} in {name}'s hand"))
    # the order cards and what lies on them
    slots = box.order_slots([entry["count"] for entry in info["placed"]])
    for p, entry in enumerate(info["placed"]):
        pos = POSITIONS[p]
        (ox, ow), oy = slots[p], box.order_y
        count, cards = entry["count"], entry["cards"]
        words = f"{count} card{'s' if count != 1 else ''} face down at machine {pos}"
        item = zone(f"order:{seat}:{pos}", r1(ox), r1(oy), r1(ow), box.oh, pos,
                    title=f"{name}'s order card {pos}")
        zones.append(dropping(item, pos) if own else item)
        placed = []
        if cards:
            step, pile = _pile(cards, ow - 8, box.pw)
            for i, (cid, k, copies) in enumerate(pile):
                what = cards_name(cid, copies) if copies > 1 else card_name(cid)
                placed.append(card(f"card:placed:{seat}:{pos}:{cid}:{k}", r1(ox + 4 + i * step),
                                   r1(oy + ORDER_TITLE), _face(cid, copies=copies), w=box.pw,
                                   h=box.ph, z=2 + i, title=f"{what}, face down at machine {pos}"))
        elif count:
            placed.append(card(f"back:placed:{seat}:{pos}", r1(ox + 4), r1(oy + ORDER_TITLE), w=box.pw,
                               h=box.ph, z=2, title=f"{name}'s cards at machine {pos}, face down"))
        if count:
            placed.append(_badge(f"count:{seat}:{pos}", ox + ow - 24, oy - 1, count, words))
        for item in placed:
            items.append(dropping(item, pos) if own else item)
    # the cards of the unfinished batch: how many, never where
    hidden = info["batch_hidden"]
    if hidden and len(box.order_x) > 4:
        ox = box.order_x[4]
        zones.append(zone(f"order:{seat}:new", r1(ox), r1(box.order_y), r1(box.ow), box.oh, "?",
                          title=f"{name}'s cards of this batch: at which machines stays hidden "
                                "until everybody has placed"))
        items.append(card(f"back:batch:{seat}", r1(ox + 4), r1(box.order_y + ORDER_TITLE), w=box.pw,
                          h=box.ph, z=2, title=f"{name}'s cards of this batch, face down"))
        items.append(_badge(f"count:{seat}:new", ox + box.ow - 24, box.order_y - 1, hidden,
                            f"placed this batch: {hidden}"))
    # labels: deck, won, discard
    (dx, dy), (wx, wy), (cx, cy) = box.info
    words = f"{name}'s deck: {info['deck']} cards face down"
    if info["deck_cards"]:
        words += f", to be drawn in this order: {' '.join(info['deck_cards'])}"
    items.append(label(f"deck:{seat}", r1(dx), r1(dy), f"deck {info['deck']}", title=words, z=3))
    table = MACHINE_SETS[obs["settings"]["machine_set"]]
    if info["won"]:
        text = (f"won {info['stars']}\u2605 \u00b7 {info['machines']} "
                f"machine{'s' if info['machines'] != 1 else ''}")
        stacks = "; ".join(" + ".join(f"{m} ({_machine_words(table, m)})" for m in stack)
                           for stack in info["won"])
        words = f"{name} won {stars_text(info['stars'])}: {stacks}"
    else:
        text, words = "won nothing yet", f"{name} has won no machine yet"
    items.append(label(f"won:{seat}", r1(wx), r1(wy), text, title=words, z=3))
    if info["discard"]:
        room = box.chars - (cx - box.x - PAD) // 7
        text = _fit(f"discard {len(info['discard'])}:", info["discard"], room)
        items.append(label(f"discard:{seat}", r1(cx), r1(cy), text, z=3,
                           title=f"{name}'s discard pile, face up: {_named(info['discard'])}"))


def _settlement(zones, items, obs, res, lay, table, names):
    pos = res["position"]
    machines = res["machines"]
    top = table.index[machines[-1]]
    colours = table.colour_names[top]
    stars = sum(table.stars[table.index[m]] for m in machines)
    head = f"Machine {pos} ({stars}\u2605, \u00d72: {_letters(colours)})"
    totals, winner = res["totals"], res["winner"]
    if totals is not None:
        if winner is not None:
            head += f": {_short(_name(names, winner), 20)} wins with {totals[winner]}"
        else:
            head += f": a tie at {max(totals)}, nobody wins; the machine stays"
    else:
        head += f": {STAGE_DONE[res['stage']]}"
    what = f"machine {pos}: {stars_text(stars)}, {_join(colours)} tomatoes count double"
    if len(machines) > 1:
        what += f", {len(machines)} machines at stake"
    zones.append(zone("settle", lay.settle_x, r1(lay.settle_y), r1(lay.settle_w), r1(lay.settle_h),
                      head, title=what, tone="active"))
    by_seat: dict = {seat: [] for seat in range(obs["players"])}
    for seat, cid, fate in res["cards"]:
        by_seat[seat].append((cid, fate))
    police = {_colour_of(c) for _, c, f in res["cards"] if f == "caught"}
    thieves = {_colour_of(c) for _, c, f in res["cards"] if f == "stolen"}
    segments = lay.segments([len(by_seat[seat]) for seat in range(obs["players"])])
    for seat in range(obs["players"]):
        sx, sw = segments[seat]
        name = _name(names, seat)
        extra = {}
        if totals is not None:
            suffix = f": {totals[seat]}"
            if seat == winner:
                suffix += " \u00b7 wins"
                extra["tone"] = "winner"
            words = f"{name} scores {totals[seat]} at machine {pos}"
        else:
            count = len(by_seat[seat])
            suffix = f": {count} card{'s' if count != 1 else ''}"
            words = f"{name} turned up {count} card{'s' if count != 1 else ''} at machine {pos}"
        text = _short(name, max(6, int(sw / 7) - len(suffix))) + suffix
        items.append(label(f"settle:{seat}", r1(sx), r1(lay.settle_y + TITLE), text, title=words,
                           z=3, **extra))
        # cards still in play first, then (after a gap) the discarded ones; identical cards
        # of one player share their fate, so a crowded row can show each kind once
        cards = by_seat[seat]
        keep = [c for c, f in cards if f not in OUT]
        out = [c for c, f in cards if f in OUT]
        gap = 6 if keep and out else 0
        step, pile = _pile(keep + out, sw - 8 - gap, SHOWN_CARD[0])
        fate_of = dict(cards)
        cy = lay.settle_y + TITLE + LINE + 2
        for slot, (cid, k, copies) in enumerate(pile):
            fate = fate_of[cid]
            x = sx + slot * step + (gap if fate in OUT else 0)
            name_of = f"{name}'s {cards_name(cid, copies) if copies > 1 else card_name(cid)}"
            colour = _colour_of(cid)
            more = {}
            if fate == "open":
                face, words = _face(cid, copies=copies), f"{name_of}, turned up"
            elif fate == "scored":
                value = VALUE[CARD_BY_ID[cid]] * (2 if colour in colours else 1)
                face = _face(cid, f"+{value}", copies)
                words = f"{name_of}: {'each ' if copies > 1 else ''}scores {value}" + (
                    " (the colour counts double)" if colour in colours else "")
            else:
                face = _face(cid, FATE_MARK[fate], copies)
                more["tone"] = "muted"
                words = {"police": f"{name_of}: " + (f"caught the {colour} thieves" if colour in police
                                                      else f"no {colour} thief to catch") + ", discarded",
                         "caught": f"{name_of}: caught by a {colour} police officer, discarded",
                         "thief": f"{name_of}: " + (f"stole the {colour} coins" if colour in thieves
                                                    else f"found no {colour} coin") + ", discarded",
                         "stolen": f"{name_of}: stolen by a {colour} thief, discarded"}[fate]
            items.append(card(f"card:shown:{seat}:{cid}:{k}", r1(x), r1(cy), face,
                              w=SHOWN_CARD[0], h=SHOWN_CARD[1], z=2 + slot, title=words, **more))


# ---- what the perspective knows -------------------------------------------------------
def _seat_sentence(obs: dict, names) -> str:
    """What the perspective player privately knows now, in a short sentence: the hand and
    (unless ``remember_own`` is off) the own face-down cards; what is public and what stays
    hidden is said in general words, so the sentence changes only with private knowledge."""
    p = obs["perspective"]
    if p is None:
        return "Sees every card: nothing is hidden in this view."
    me = _name(names, p)
    phase = obs["phase"]
    if phase == "over":
        return f"The game is over; {me} holds no cards."
    if phase == "deal":
        if obs["round"] == 0 or obs["next_step"] == "deal":
            return f"{me} has no cards yet: each player gets a face-down deck of 12 at the deal."
        return (f"{me} holds no cards between rounds; a pile that was a face-up discard pile "
                "is known card by card, though not in its new order.")
    info = obs["seats"][p]
    hand = info["hand"] or []
    text = f"{me} holds {_named(hand)}" if hand else f"{me} holds no cards now"
    placed = [(POSITIONS[i], e) for i, e in enumerate(info["placed"]) if e["count"]]
    if placed and obs["settings"]["remember_own"]:
        text += "; face down: " + "; ".join(f"at {pos} {_named(e['cards'])}" for pos, e in placed)
    elif placed:
        total = sum(e["count"] for _, e in placed)
        text += f"; {total} card{'s' if total != 1 else ''} face down, not to be looked at again"
    return (text + ". Everyone sees the discard piles and, once a batch is complete, how many "
            "cards each player put at each machine; the other hands, the decks and the others' "
            "face-down cards stay hidden.")


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
