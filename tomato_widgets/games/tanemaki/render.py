"""Tanemaki seen from one perspective as a scene (the widgets' board); the texts (the CLI's
table, knowledge, results) are in ``texts.py``.

``scene(obs, names, legal)`` lays the table out as the flat item list of ``core/scene.py``
in a ``WIDTH`` x ``HEIGHT`` box:

* the status line across the top (the turn, whose it is, the deck);
* the other seats in a row under it, left to right in turn order from the seat seen from
  (seat 0 for the all-seeing view), and that seat across the bottom. A seat's zone holds
  its two fields, each a zone titled with what it grows, its seeds and what a harvest would
  earn now, its cards overlapping in planting order (manure drawn under the seed cards);
  a token with the coins of its earnings stack (face down: the count; which varieties only
  in the owner's view, and everyone's at the end), and a "planted" mark for the turn;
* in the middle, left: the deck (face down, with its count) and the discard pile (face up:
  its count, every card in the tooltip); centre: the active player's hand of the turn (face
  up to that player only), the storehouse (face up, two places), the card being handed
  (face up to the active player and to everyone who has held it, else face down) with its
  chain: who has held it, whom it may still go to and why the others may not; under them
  who still has to plant, or the harvest window's order; right: the exchange rates;
* along the bottom edge the order of turns.

Pictures come from ``sprites.svg`` (a picture per variety, manure, the coin, the
storehouse); a card's face is its seeds (rank), its variety's picture (icon) and name
(suit); colour is never the only cue. No text shows an internal code.

Item ids (stable while a thing stays where it is; a face-down card never names its card):
zones ``seat:<s>``, ``field:<s>:<f>``, ``deck``, ``discard``, ``hand``, ``store``,
``handed``, ``turn``, ``rates``; cards ``card:field:<s>:<f>:<i>`` (the i-th planted),
``card:hand:<card>:<k>`` / ``back:hand:<i>``, ``card:store:<i>``, ``card:held`` /
``back:held``, ``back:deck``; tokens ``coins:<s>``; labels ``status``, ``planted:<s>``,
``harvested:<s>:<f>``, ``deck:count``, ``discard:count``, ``held:<line>``, ``turn:<line>``,
``rate:<variety>``, ``order``.

Live play (``legal`` given, seen from a seat), the clicks a decision needs:

* handing out: ``pick`` ``give:<card>`` on the hand's cards, ``drop`` ``<seat>`` on every
  item of each opponent's seat (one who has planted too: the click is answered with why not);
* holding a card: ``action`` ``plant:<f>`` on the player's own fields (and their cards),
  ``store`` on the storehouse, ``pass:<seat>`` on every item of each other seat;
* planting last: ``pick`` ``plant:hand:<card>`` / ``plant:store:<card>`` on the cards of the
  hand and of the storehouse, ``drop`` ``<f>`` on the player's own fields.

Harvesting (``harvest:<f>``) and keeping (``keep``) are buttons under the table. Without
``legal`` (replays) nothing is clickable. The scene is drawn from the observation alone.
"""
from __future__ import annotations

from ...core.rulebook import join_words
from ...core.scene import card, label, token, zone
from .cards import CARD_BY_ID, FACE_COLOURS, ICONS, MANURE, SEEDS, VARIETIES, VARIETY, card_name, cards_text
from .rulebook import plural
from .texts import coin_kinds, seat_name

WIDTH, HEIGHT = 900, 600
MARGIN = 4
TOP = 24                 # the status line
GAP = 6
TITLE = 20               # a zone's own title line
LINE = 17                # one line of label text
CHAR = 7                 # about the width of a character of label text
SMALL = (30, 42)         # cards on the other seats' fields
BIG = (40, 56)           # the own fields, the hand, the storehouse, the card being handed
TOP_H = TITLE + 2 * (LINE + SMALL[1] + 6) + 6
OWN_H = TITLE + LINE + BIG[1] + 10 + 6
BOTTOM_LINE = 18
OWN_Y = HEIGHT - MARGIN - BOTTOM_LINE - OWN_H
MID_Y = TOP + TOP_H + GAP
MID_BOTTOM = OWN_Y - GAP
LEFT_W = 124
RIGHT_W = 226
CENTRE_X = MARGIN + LEFT_W + GAP
CENTRE_W = WIDTH - 2 * MARGIN - LEFT_W - RIGHT_W - 2 * GAP
RIGHT_X = CENTRE_X + CENTRE_W + GAP
HAND_W = 300
PANEL_H = TITLE + BIG[1] + 10


def r1(value: float):
    """Rounded to 0.1, and an int when whole (compact JSON)."""
    value = round(value, 1)
    return int(value) if value == int(value) else value


def spread(count: int, width: float, size: float, step: float) -> float:
    """The distance between the left edges of ``count`` cards ``size`` wide in ``width``."""
    if count <= 1:
        return step
    return max(4.0, min(step, (width - size) / (count - 1)))


def face(card_id: str) -> dict:
    """A card's face: its seeds (manure: "+1"), its variety's picture and name."""
    number = CARD_BY_ID[card_id]
    if number == MANURE:
        return {"rank": "+1", "icon": ICONS[-1], "suit": "manure"}
    variety = VARIETY[number]
    return {"rank": str(SEEDS[number]), "icon": ICONS[variety], "suit": VARIETIES[variety],
            "color": FACE_COLOURS[variety]}


def _status(obs, names) -> str:
    phase = obs["phase"]
    active = obs["active"]
    who = seat_name(active, names) if active is not None else ""
    deck = f"deck {obs['deck']}, a turn draws {obs['need']}"
    if phase == "setup":
        return f"Before the first turn: chance picks who starts \u00b7 {deck}"
    if phase == "over":
        return "Game over \u00b7 " + _winners_line(obs, names)
    if phase == "end":
        return "The deck is short: the game ends \u00b7 every field is harvested"
    if phase == "draw":
        return f"Turn {obs['turn'] + 1} is {who}'s \u00b7 {deck}"
    if phase == "window":
        return f"Turn {obs['turn']} is over \u00b7 harvest window \u00b7 {deck}"
    if phase == "plant" or phase == "discard":
        return f"Turn {obs['turn']} \u00b7 every opponent has planted: {who} plants last \u00b7 {deck}"
    return f"Turn {obs['turn']} \u00b7 {who} hands out {obs['need']} cards, one at a time \u00b7 {deck}"


def _winners_line(obs, names) -> str:
    from .texts import results
    table = results(obs, names)
    who = join_words([seat_name(s, names) for s in table["winners"]])
    coins = obs["seats"][table["winners"][0]]["coins"]
    verb = "wins" if len(table["winners"]) == 1 else "share the win"
    return f"{who} {verb} with {plural(coins, 'coin')}"


class _Clicks:
    """What the live player's clicks do in this scene (see the module docstring)."""

    def __init__(self, obs, legal):
        self.picks, self.drops, self.actions = set(), set(), set()
        me = obs["perspective"]
        self.on = bool(legal) and isinstance(me, int)
        self.me = me
        self.phase = obs["phase"] if self.on else None

    def seat_click(self, seat: int) -> dict:
        """The click on an item of another seat's zone: where a card goes, or whom it goes on to."""
        if self.phase == "give":
            return {"drop": str(seat)}
        if self.phase == "hold":
            return {"action": f"pass:{seat}"}
        return {}

    def field_click(self, field: int) -> dict:
        """The click on one of the player's own fields."""
        if self.phase == "hold":
            return {"action": f"plant:{field + 1}"}
        if self.phase == "plant":
            return {"drop": str(field + 1)}
        return {}


def scene(obs: dict, names, legal=None) -> dict:
    """The table as ``{"width", "height", "items"}`` for ``obs``'s perspective (see the
    module docstring); ``legal`` (live play) makes the player's clicks."""
    n = obs["players"]
    persp = obs["perspective"]
    seated = isinstance(persp, int) and 0 <= persp < n
    bottom = persp if seated else 0
    clicks = _Clicks(obs, legal)
    zones, items = [], [label("status", 8, 4, _status(obs, names), z=3)]
    k = n - 1
    top_w = (WIDTH - 2 * MARGIN - GAP * (k - 1)) / k
    for offset in range(n):
        seat = (bottom + offset) % n
        if offset == 0:
            box = (MARGIN, OWN_Y, WIDTH - 2 * MARGIN, OWN_H, True)
        else:
            box = (MARGIN + (offset - 1) * (top_w + GAP), TOP, top_w, TOP_H, False)
        extra = {} if seat == persp else clicks.seat_click(seat)
        own = clicks.field_click if seat == persp and clicks.on else None
        _seat(zones, items, obs, names, seat, box, extra, own)
    _deck(zones, items, obs)
    _turn(zones, items, obs, names, clicks)
    _rates(zones, items, obs)
    order = [seat_name((bottom + k) % n, names) for k in range(n)]
    items.append(label("order", 8, HEIGHT - MARGIN - BOTTOM_LINE + 3,
                       "Turns go round: " + " \u2192 ".join(order + order[:1]), z=3,
                       title="each turn passes to the player on the left"))
    return {"width": WIDTH, "height": HEIGHT, "items": zones + items}


# ---- a seat: two fields, coins, the planted mark ---------------------------------------
def _seat(zones, items, obs, names, seat, box, click, own_click):
    x, y, w, h, big = box
    info = obs["seats"][seat]
    name = seat_name(seat, names)
    mine = seat == obs["perspective"]
    extra = {}
    if seat in obs["to_act"]:
        extra["tone"] = "active"
    elif obs["phase"] == "over" and _is_winner(obs, names, seat):
        extra["tone"] = "winner"
    text = f"{name} \u00b7 turn" if seat == obs["active"] and obs["phase"] not in ("over", "end") \
        else name
    title = f"{name} (you)" if mine else name
    if seat == obs["active"] and obs["phase"] not in ("over", "end"):
        title += ": the active player"
    mark = dict(click)
    zones.append(zone(f"seat:{seat}", r1(x), r1(y), r1(w), h, text, title=title, **extra, **mark))
    seat_items = []
    # the earnings stack
    coins = info["coins"]
    if info["coin_cards"] is not None and coins:
        words = f"{name}'s earnings stack: {plural(coins, 'coin')} ({coin_kinds(info['coin_cards'])})"
    else:
        words = f"{name}'s earnings stack: {plural(coins, 'coin')}, face down"
    coin_text = plural(coins, "coin") if coins else "no coins"
    if big and info["coin_cards"] is not None and coins:
        coin_text += f": {coin_kinds(info['coin_cards'])}"
    coin_w = CHAR * len(coin_text) + 34
    seat_items.append(token(f"coins:{seat}", r1(x + w - 6 - coin_w), y - 1, coin_text, w=coin_w,
                            icons=["coin"], title=words, z=4))
    if info["planted"] and obs["phase"] in ("give", "hold", "plant", "discard"):
        seat_items.append(label(f"planted:{seat}", r1(x + 8 + CHAR * (len(text) + 2)), y + 3,
                                "planted", icons=["sprout"], tone="muted", z=3,
                                title=f"{name} has planted this turn and takes no more cards"))
    size = BIG if big else SMALL
    if obs["phase"] == "over":  # the fields are harvested, the stack is turned over
        _turned_over(zones, seat_items, info, name, seat, (x + 5, y + TITLE, w - 10,
                                                          h - TITLE - 5), size)
        for item in seat_items:
            items.append(item)
        return
    fields = info["fields"]
    for f, field in enumerate(fields):
        if big:
            fw = (w - 3 * 5) / 2
            fx, fy = x + 5 + f * (fw + 5), y + TITLE
        else:
            fw = w - 10
            fx, fy = x + 5, y + TITLE + f * (LINE + size[1] + 6)
        fh = LINE + size[1] + 6
        fclick = own_click(f) if own_click else click
        _field(zones, seat_items, obs, name, seat, f, field, (fx, fy, fw, fh), size, fclick)
    for item in seat_items:
        items.append(dict(item, **click) if click else item)


def _turned_over(zones, items, info, name, seat, box, size):
    """A seat's earnings stack turned over at the end: its coin cards face up, rarest first."""
    x, y, w, h = box
    cards = info["coin_cards"] or []
    kinds = coin_kinds(cards)
    zones.append(zone(f"stack:{seat}", r1(x), r1(y), r1(w), r1(h),
                      f"Coins turned over: {len(cards)}", z=1,
                      title=f"{name}'s coins: {kinds}" if cards else f"{name} has no coins"))
    step = spread(len(cards), w - 8, size[0], size[0] + 3)
    for i, cid in enumerate(cards):
        items.append(card(f"card:coin:{seat}:{i}", r1(x + 4 + i * step), r1(y + LINE + 2),
                          face(cid), w=size[0], h=size[1], z=5 + i,
                          title=f"a coin: {card_name(cid)}"))


def _is_winner(obs, names, seat) -> bool:
    from .texts import results
    return seat in results(obs, names)["winners"]


def _field_text(field: dict, number: int, room: int) -> str:
    """The field's title in the words that fit ``room`` characters."""
    cards = field["cards"]
    if not cards:
        return f"Field {number}: empty"
    what = field["variety"] or "manure only"
    seeds = plural(field["seeds"], "seed")
    coins = plural(field["coins"], "coin")
    for text in (f"Field {number}: {what} \u00b7 {seeds} \u00b7 harvest now: {coins}",
                 f"Field {number}: {what} \u00b7 {seeds} \u00b7 {coins}",
                 f"{what} \u00b7 {seeds} \u00b7 {coins}"):
        if len(text) <= room:
            return text
    return f"{field['variety'] or 'manure'}, {seeds}, {coins}"


def _field(zones, items, obs, name, seat, f, field, box, size, click):
    fx, fy, fw, fh = box
    number = f + 1
    cards = field["cards"]
    if cards:
        what = field["variety"] or "only manure, no variety yet"
        title = (f"{name}'s field {number}: {what}, {plural(field['seeds'], 'seed')} in "
                 f"{plural(len(cards), 'card')}; a harvest now earns {plural(field['coins'], 'coin')}")
    else:
        title = f"{name}'s field {number}: empty, ready for any card"
    zones.append(zone(f"field:{seat}:{number}", r1(fx), r1(fy), r1(fw), fh,
                      _field_text(field, number, int((fw - 12) / CHAR)), title=title, z=1, **click))
    # manure lies under the seed cards, so the seeds stay readable
    shown = sorted(range(len(cards)), key=lambda i: (cards[i] != "M", i))
    step = spread(len(cards), fw - 8, size[0], size[0] + 3)
    for place, i in enumerate(shown):
        items.append(dict(card(f"card:field:{seat}:{number}:{i}", r1(fx + 4 + place * step),
                               r1(fy + LINE + 2), face(cards[i]), w=size[0], h=size[1],
                               z=5 + place, title=card_name(cards[i])), **click))
    last = obs["last"]
    if last and last["player"] == seat and last["field"] == str(number) and not cards:
        coins = plural(last["coins"], "coin")
        items.append(label(f"harvested:{seat}:{number}", r1(fx + 8), r1(fy + LINE + 12),
                           f"harvested: {plural(len(last['cards']), 'card')} \u2192 {coins}",
                           icons=["coin"], tone="warning", z=4,
                           title=f"{name} has just harvested this field: {cards_text(last['cards'])} "
                                 f"earned {coins}", **click))


# ---- the deck and the discard pile -------------------------------------------------------
def _deck(zones, items, obs):
    x, y = MARGIN, MID_Y
    half = (MID_BOTTOM - MID_Y - GAP) / 2
    deck = obs["deck"]
    words = f"the deck: {plural(deck, 'card')} face down; a turn draws {obs['need']}"
    if obs["deck_cards"]:
        words += f" (in it: {cards_text(obs['deck_cards'])})"
    if obs["reshuffled"]:
        words += "; the discard pile has been shuffled in once"
    zones.append(zone("deck", x, r1(y), LEFT_W, r1(half), "Deck", title=words))
    if deck:
        items.append(card("back:deck", x + 6, r1(y + TITLE), w=BIG[0], h=BIG[1], z=2, title=words))
    items.append(label("deck:count", x + 52, r1(y + TITLE + 8), plural(deck, "card"), z=3,
                       title=words))
    items.append(label("deck:need", x + 52, r1(y + TITLE + 8 + LINE), f"{obs['need']} a turn", z=3,
                       title=f"a turn draws {obs['need']} cards, one more than the players"))
    dy = y + half + GAP
    pile = obs["discard"]
    words = (f"the discard pile, face up: {cards_text(pile)}" if pile
             else "the discard pile is empty")
    zones.append(zone("discard", x, r1(dy), LEFT_W, r1(half), "Discard pile", title=words))
    items.append(label("discard:count", x + 8, r1(dy + TITLE + 8), plural(len(pile), "card"), z=3,
                       title=words))
    items.append(label("discard:face", x + 8, r1(dy + TITLE + 8 + LINE), "face up", z=3,
                       title=words))


# ---- the turn: the hand, the storehouse, the card being handed ----------------------------
def _turn(zones, items, obs, names, clicks):
    x, y = CENTRE_X, MID_Y
    active = obs["active"]
    who = seat_name(active, names) if active is not None else "the active player"
    mine = active is not None and active == obs["perspective"]
    hand = obs["hand"]
    size = obs["hand_size"]
    owner = "Your" if mine else f"{who}'s"
    zones.append(zone("hand", x, y, HAND_W, PANEL_H, f"{owner} hand this turn" if active is not None
                      else "Hand", title=f"{owner} cards of this turn: "
                      + (cards_text(hand) if hand else plural(size, "card") + (", face down" if size else ""))))
    step = spread(size, HAND_W - 12, BIG[0], BIG[0] + 4)
    if hand is not None:
        seen: dict = {}
        for i, cid in enumerate(hand):
            k = seen[cid] = seen.get(cid, -1) + 1
            more = {}
            if clicks.phase == "give":
                more["pick"] = f"give:{cid}"
            elif clicks.phase == "plant":
                more["pick"] = f"plant:hand:{cid}"
            items.append(card(f"card:hand:{cid}:{k}", r1(x + 6 + i * step), y + TITLE, face(cid),
                              w=BIG[0], h=BIG[1], z=2 + i, title=card_name(cid), **more))
    else:
        for i in range(size):
            items.append(card(f"back:hand:{i}", r1(x + 6 + i * step), y + TITLE, w=BIG[0], h=BIG[1],
                              z=2 + i, title=f"{who}'s card of this turn, face down"))
    # the storehouse
    sx = x + HAND_W + GAP
    sw = CENTRE_W - HAND_W - GAP
    store = obs["store"]
    action = {"action": "store"} if clicks.phase == "hold" else {}
    zones.append(zone("store", r1(sx), y, r1(sw), PANEL_H, f"Storehouse {len(store)} of 2",
                      title="the storehouse: face up, at most two cards; the active player may "
                            "plant one of them last" + (f"; now: {cards_text(store)}" if store else
                                                       ", now empty"),
                      icons=["storehouse"], **action))
    for i, cid in enumerate(store):
        more = dict(action)
        if clicks.phase == "plant":
            more["pick"] = f"plant:store:{cid}"
        items.append(card(f"card:store:{i}", r1(sx + 6 + i * (BIG[0] + 6)), y + TITLE, face(cid),
                          w=BIG[0], h=BIG[1], z=2, title=f"{card_name(cid)}, in the storehouse",
                          **more))
    _handed(zones, items, obs, names, x, y + PANEL_H + GAP)
    _this_turn(zones, items, obs, names, x, y + 2 * (PANEL_H + GAP) + 30)


def _handed(zones, items, obs, names, x, y):
    """The card being handed and its chain: who has held it, where it may still go."""
    held = obs["held"]
    h = PANEL_H + 30
    zones.append(zone("handed", x, r1(y), CENTRE_W, h, "The card being handed",
                      title="a card handed face down: only the active player and those who have "
                            "held it know it"))
    if not held:
        items.append(label("held:none", x + 8, r1(y + TITLE + 4),
                           "No card is on its way now.", tone="muted", z=3))
        return
    active = obs["active"]
    holders = held["holders"]
    holder = seat_name(holders[-1], names)
    if held["card"]:
        items.append(card("card:held", x + 6, r1(y + TITLE), face(held["card"]), w=BIG[0],
                          h=BIG[1], z=2, title=f"{card_name(held['card'])}, held by {holder}"))
    else:
        items.append(card("back:held", x + 6, r1(y + TITLE), w=BIG[0], h=BIG[1], z=2,
                          title=f"a card face down, held by {holder}: you have not seen it"))
    chain = [seat_name(active, names)] + [seat_name(s, names) for s in holders]
    tx = x + BIG[0] + 14
    lines = [("chain", " \u2192 ".join(chain) + f": {holder} holds it",
              f"the card went from {seat_name(active, names)}'s hand to "
              + " then ".join(chain[1:]))]
    targets = held["targets"]
    if obs["players"] == 2:
        lines.append(("targets", "Two players: plant it or store it", "with two players a card is "
                      "never handed on"))
    else:
        go = join_words([seat_name(s, names) for s in targets]) if targets else \
            "nobody: it is planted or stored"
        lines.append(("targets", f"May go on to: {go}", "an opponent of the active player who has "
                      "not planted this turn and has not held this card"))
        nots = []
        for seat in range(obs["players"]):
            if seat in targets or seat == holders[-1]:
                continue
            if seat == active:
                why = "the active player"
            elif seat in holders:
                why = "has held it"
            else:
                why = "has planted"
            nots.append(f"{seat_name(seat, names)} ({why})")
        if nots:
            lines.append(("not", "Not to: " + ", ".join(nots), "who may not have the card next, "
                          "and why"))
    room = "Storehouse: room for " + ("1 more" if len(obs["store"]) == 1 else "2")
    if not held["store_room"]:
        room = "Storehouse: full"
    lines.append(("store", room, "the holder may put it there while it has room"))
    for i, (key, text, title) in enumerate(lines):
        items.append(label(f"held:{key}", r1(tx), r1(y + TITLE + i * LINE), text, title=title, z=3))


def _this_turn(zones, items, obs, names, x, y):
    """Who still has to plant this turn, or the harvest window's order."""
    h = MID_BOTTOM - y
    phase = obs["phase"]
    zones.append(zone("turn", x, r1(y), CENTRE_W, r1(h), "This turn"))
    lines = []
    if phase in ("give", "hold"):
        left = join_words([seat_name(s, names) for s in obs["to_plant"]])
        lines.append(("plant", f"Still to plant: {left}"))
    elif phase in ("plant", "discard"):
        lines.append(("plant", f"Every opponent has planted: "
                               f"{seat_name(obs['active'], names)} plants last"))
    elif phase == "window":
        order = obs["window"]
        then = join_words([seat_name(s, names) for s in order[1:]])
        text = f"Harvest window: {seat_name(order[0], names)} decides now"
        lines.append(("plant", text + (f", then {then}" if then else "")))
    elif phase == "end":
        lines.append(("plant", "Final harvest: every field turns into coins"))
    elif phase == "draw":
        lines.append(("plant", "A new turn begins"))
    for i, (key, text) in enumerate(lines):
        items.append(label(f"turn:{key}", x + 8, r1(y + TITLE + i * LINE), text, z=3))


# ---- the exchange rates ---------------------------------------------------------------
def _rates(zones, items, obs):
    x, y = RIGHT_X, MID_Y
    h = MID_BOTTOM - MID_Y
    zones.append(zone("rates", r1(x), y, RIGHT_W, r1(h), "Exchange rates",
                      title="how many seeds of a variety make a coin at a harvest (only the Bean's "
                            "rate is printed; the others are assumed: option rates)"))
    for i, (variety, need, gain) in enumerate(obs["rates"]):
        items.append(label(f"rate:{variety}", r1(x + 8), r1(y + TITLE + 2 + i * (LINE + 3)),
                           f"{variety}: {plural(need, 'seed')} \u2192 {plural(gain, 'coin')}",
                           icons=[ICONS[VARIETIES.index(variety)]], z=3, minor=True,
                           title=f"{plural(need, variety + ' seed')} in a field make "
                                 f"{plural(gain, 'coin')}"))
    base = y + TITLE + 2 + len(obs["rates"]) * (LINE + 3) + 4
    notes = (("manure", "Manure: one seed of any kind", ["manure"]),
             ("cap", "At most one coin per card", ["coin"]),
             ("alone", "Manure alone earns nothing", ["manure"]))
    for i, (key, text, icons) in enumerate(notes):
        items.append(label(f"rate:{key}", r1(x + 8), r1(base + i * (LINE + 3)), text, icons=icons,
                           z=3, minor=True))
