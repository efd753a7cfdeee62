"""Tanemaki seen from one perspective as a scene (the widgets' board); the texts (the CLI's
table, knowledge, results, the decision prompt) are in ``texts.py``.

The table is built from blocks (``Table``): a seat, the active player's hand, the
storehouse, the deck, the discard pile, the card being handed, this turn's order and the
exchange rates. ``scene`` (this module) arranges them for a wide board, ``narrow.scene``
for a phone-width column; both use the same blocks, so an item id means the same thing
in both layouts and both offer the same clicks.

The wide layout (``WIDTH`` scene units, text ``TEXT``): the status line across the top;
on the left the seats as rows, the other seats in turn order from the seat seen from
(seat 0 for the all-seeing view), that seat last; on the right the turn: the hand, the
storehouse and the deck, the card being handed with its chain, who still has to plant (or
the harvest window's order) and the discard pile; the exchange rates under the turn when
the seats leave room, else across the bottom; the order of turns along the bottom edge.

A seat's zone: its name, a "planted" mark for the turn and a pill with the coins of its
earnings stack (face down: the count; which varieties only in the owner's view, and
everyone's at the end); its two fields, each a zone titled with what it grows, its seeds
and what a harvest would earn now, its cards overlapping in planting order (manure drawn
under the seed cards) never closer than a card's rank needs to stay whole. A field with
more cards than its row holds shows the top ones and says how many more lie under them.

Pictures come from ``sprites.svg`` (a picture per variety, manure, the coin, the
storehouse); a card's face is its seeds (rank), its variety's picture (icon) and name
(suit); colour is never the only cue. No text shows an internal code. Texts are fitted
to their room by ``text_width`` (a conservative estimate of a wide sans-serif font), so
that none is cut or runs into another.

Item ids (stable while a thing stays where it is; a face-down card never names its card):
zones ``seat:<s>``, ``field:<s>:<f>``, ``stack:<s>`` (the coins turned over at the end),
``deck``, ``discard``, ``hand``, ``store``, ``handed``, ``turn``, ``rates``; cards
``card:field:<s>:<f>:<i>`` (the i-th planted), ``card:coin:<s>:<i>``,
``card:hand:<card>:<k>`` / ``back:hand:<i>``, ``card:store:<i>``, ``card:held`` /
``back:held``, ``back:deck``; tokens ``coins:<s>``; labels ``status``, ``planted:<s>``,
``harvested:<s>:<f>``, ``more:<s>:<f>`` / ``more:coin:<s>`` (cards under the ones shown),
``deck:count``, ``deck:need``, ``held:<line>``, ``turn:<line>``, ``rate:<variety>``,
``rate:<note>``, ``order``. A text wrapped over several lines is one label per line, the
second ``<id>:2`` and so on. ``held:targets`` and ``held:not`` (where the card being handed
may and may not go on) are marked ``tells`` (``core/scene.py``); a field's title, with what
a harvest would earn now, is the field's worth, a fact like its seeds.

Live play (``legal`` given, seen from a seat), the clicks a decision needs:

* handing out: ``pick`` ``give:<card>`` on the hand's cards, ``drop`` ``<seat>`` on each
  opponent's seat, its fields and their cards (one who has planted too: the click is
  answered with why not);
* holding a card: ``action`` ``plant:<f>`` on the player's own fields (and their cards),
  ``store`` on the storehouse, ``pass:<seat>`` on each other seat, its fields and cards;
* planting last: ``pick`` ``plant:hand:<card>`` / ``plant:store:<card>`` on the cards of the
  hand and of the storehouse, ``drop`` ``<f>`` on the player's own fields.

Names, pills and marks are never clickable (they are too small to aim at). Harvesting
(``harvest:<f>``) and keeping (``keep``) are buttons under the table. Without ``legal``
(replays) nothing is clickable. The scene is drawn from the observation alone.
"""
from __future__ import annotations

from ...core.rulebook import join_words
from ...core.scene import card, label, token, zone
from .cards import CARD_BY_ID, FACE_COLOURS, ICONS, MANURE, SEEDS, VARIETIES, VARIETY, card_name, cards_text
from .rulebook import plural
from .texts import coin_kinds, seat_name

TEXT = 12                # the text size, in scene units
WIDTH = 600              # the wide layout: beside the side panel at 968 px, above it at 592
MARGIN = 4
GAP = 6
TOP = 26                 # the status line
LINE = 15                # a line of label text
ROW = 17                 # a line of the rates' legend (its pictures are a little taller)
CARD_W, CARD_H = 44, 60  # room for a rank, a picture and the longest variety word
STEP = 34                # overlapping cards: the next starts past the rank ("+1") of the last
BACK = (30, 42)          # the deck's back (it says nothing, so it may be small)
NAME_H = 27              # a seat's name line, above its fields
FIELD_TITLE = 21         # a field's title line, above its cards
FIELD_H = FIELD_TITLE + CARD_H + 4
SEAT_SIDE = NAME_H + FIELD_H + 4            # two fields side by side
SEAT_STACKED = NAME_H + 2 * (FIELD_H + 4)   # two fields one above the other
PANEL_H = 26 + CARD_H + 6                    # the hand's and the storehouse's zones
STORE_W = 2 * CARD_W + 4 + 22              # two cards, and room for the title
MORE_W = 52              # room for "3 more" before the cards shown of a long row
RIGHT_W = 234            # the wide layout's turn column
LEFT_W = WIDTH - 2 * MARGIN - GAP - RIGHT_W
RATES_ROW_H = 24 + 8 * ROW + 2 + 6           # the rates and notes, one a line
RATES_STRIP_H = 24 + 3 * ROW + 6             # in three columns, the notes in the last
ORDER_H = 20


# ---- measuring text ----------------------------------------------------------------------
def _widths() -> dict:
    """Advance widths in em of a wide sans-serif font (the board's text must fit whatever
    font a browser picks, so the estimate errs on the wide side)."""
    groups = {0.30: "ijl'IJ", 0.35: " ,.\u00b7:;|/\\", 0.42: "frt()[]-!\"", 0.57: "sz?c*_`",
              0.62: "kvxy", 0.66: "abdeghnopqu0123456789$LFPTYES{}", 0.74: "ABCKRVXZ",
              0.82: "DGHNOQU&", 0.87: "w+=<>~\u2192#^", 1.04: "mMW@%\u2026"}
    return {char: width for width, chars in groups.items() for char in chars}


WIDTHS = _widths()


def text_width(text: str, bold: bool = False) -> float:
    """About how wide ``text`` is drawn at the scene's text size (bold: a zone's title)."""
    em = sum(WIDTHS.get(char, 1.25 if ord(char) >= 0x1100 else 0.75) for char in text)
    return em * TEXT * (1.15 if bold else 1.0)


def fitting(options, room: float, bold: bool = False) -> str:
    """The first of ``options`` that fits ``room``; the last one shortened when none does."""
    for text in options:
        if text_width(text, bold) <= room:
            return text
    return shorten(options[-1], room, bold)


def shorten(text: str, room: float, bold: bool = False) -> str:
    """``text`` cut with an ellipsis to fit ``room`` (a very long name, never a card)."""
    if text_width(text, bold) <= room:
        return text
    while text and text_width(text + "\u2026", bold) > room:
        text = text[:-1]
    return text.rstrip() + "\u2026"


def wrap(text: str, room: float) -> list[str]:
    """``text`` as lines that each fit ``room`` (a word longer than a line is shortened)."""
    lines: list[str] = []
    for word in text.split(" "):
        if lines and text_width(lines[-1] + " " + word) <= room:
            lines[-1] += " " + word
        else:
            lines.append(shorten(word, room))
    return lines


def r1(value: float):
    """Rounded to 0.1, and an int when whole (compact JSON)."""
    value = round(value, 1)
    return int(value) if value == int(value) else value


def face(card_id: str) -> dict:
    """A card's face: its seeds (manure: "+1"), its variety's picture and name."""
    number = CARD_BY_ID[card_id]
    if number == MANURE:
        return {"rank": "+1", "icon": ICONS[-1], "suit": "manure"}
    variety = VARIETY[number]
    return {"rank": str(SEEDS[number]), "icon": ICONS[variety], "suit": VARIETIES[variety],
            "color": FACE_COLOURS[variety]}


def row_places(count: int, room: float) -> tuple[list[float], int]:
    """Where the cards of a row of ``count`` go in ``room``: the left edges of the cards
    shown, and how many of the first ones are left out (the row holds no more without
    covering a rank; the ones left out make room for a "3 more" note)."""
    if count <= 1 or CARD_W + (count - 1) * STEP <= room:
        step = CARD_W + 4 if count <= 1 else min(CARD_W + 4, (room - CARD_W) / (count - 1))
        return [i * step for i in range(count)], 0
    shown = max(1, 1 + int((room - MORE_W - CARD_W) // STEP))
    return [MORE_W + i * STEP for i in range(shown)], count - shown


# ---- the status line ---------------------------------------------------------------------
def status_options(obs, names) -> list[str]:
    """The status line, longest first: the turn, whose it is, the deck."""
    phase = obs["phase"]
    active = obs["active"]
    who = seat_name(active, names) if active is not None else ""
    deck = f"deck {obs['deck']}, a turn draws {obs['need']}"
    short = f"deck {obs['deck']}"
    if phase == "setup":
        return [f"Before the first turn: chance picks who starts \u00b7 {deck}",
                f"Chance picks who starts \u00b7 {short}", "Chance picks who starts"]
    if phase == "over":
        return ["Game over \u00b7 " + _winners_line(obs, names), "Game over"]
    if phase == "end":
        return ["The deck is short: the game ends \u00b7 every field is harvested",
                "The deck is short: every field is harvested", "The game ends"]
    if phase == "draw":
        return [f"Turn {obs['turn'] + 1} is {who}'s \u00b7 {deck}",
                f"Turn {obs['turn'] + 1} is {who}'s \u00b7 {short}", f"Turn {obs['turn'] + 1}"]
    if phase == "window":
        return [f"Turn {obs['turn']} is over \u00b7 harvest window \u00b7 {deck}",
                f"Turn {obs['turn']} is over \u00b7 harvest window \u00b7 {short}",
                f"Turn {obs['turn']}: harvest window"]
    if phase in ("plant", "discard"):
        return [f"Turn {obs['turn']} \u00b7 every opponent has planted: {who} plants last "
                f"\u00b7 {deck}", f"Turn {obs['turn']} \u00b7 {who} plants last \u00b7 {short}",
                f"Turn {obs['turn']} \u00b7 {who} plants last", f"Turn {obs['turn']}"]
    return [f"Turn {obs['turn']} \u00b7 {who} hands out {obs['need']} cards, one at a time "
            f"\u00b7 {deck}", f"Turn {obs['turn']} \u00b7 {who} hands out {obs['need']} cards "
            f"\u00b7 {short}", f"Turn {obs['turn']} \u00b7 {who} hands out cards",
            f"Turn {obs['turn']}"]


def _winners_line(obs, names) -> str:
    from .texts import results
    table = results(obs, names)
    who = join_words([seat_name(s, names) for s in table["winners"]])
    coins = obs["seats"][table["winners"][0]]["coins"]
    verb = "wins" if len(table["winners"]) == 1 else "share the win"
    return f"{who} {verb} with {plural(coins, 'coin')}"


def _is_winner(obs, names, seat) -> bool:
    from .texts import results
    return seat in results(obs, names)["winners"]


def seat_order(obs) -> list[int]:
    """The seats as the rows show them: the others in turn order from the seat seen from
    (seat 0 for the all-seeing view), then that seat."""
    n = obs["players"]
    persp = obs["perspective"]
    bottom = persp if isinstance(persp, int) and 0 <= persp < n else 0
    return [(bottom + k) % n for k in range(1, n)] + [bottom]


class _Clicks:
    """What the live player's clicks do in this scene (see the module docstring)."""

    def __init__(self, obs, legal):
        me = obs["perspective"]
        self.on = bool(legal) and isinstance(me, int)
        self.me = me
        self.phase = obs["phase"] if self.on else None

    def seat_click(self, seat: int) -> dict:
        """The click on another seat: where a card goes, or whom it goes on to."""
        if seat == self.me:
            return {}
        if self.phase == "give":
            return {"drop": str(seat)}
        if self.phase == "hold":
            return {"action": f"pass:{seat}"}
        return {}

    def field_click(self, seat: int, field: int) -> dict:
        """The click on a field: one of the player's own plants, another seat's is the seat's."""
        if seat != self.me:
            return self.seat_click(seat)
        if self.phase == "hold":
            return {"action": f"plant:{field + 1}"}
        if self.phase == "plant":
            return {"drop": str(field + 1)}
        return {}


class Table:
    """The items of one scene, drawn block by block from one observation."""

    def __init__(self, obs: dict, names, legal):
        self.obs = obs
        self.names = names
        self.clicks = _Clicks(obs, legal)
        self.zones: list[dict] = []
        self.items: list[dict] = []

    def name(self, seat) -> str:
        return seat_name(seat, self.names)

    def lines(self, key: str, x: float, y: float, lines: list[str], step: float = LINE,
              **extra) -> None:
        """One label per line: ``key``, then ``key:2`` ..."""
        for i, text in enumerate(lines):
            self.items.append(label(key if i == 0 else f"{key}:{i + 1}", r1(x), r1(y + i * step),
                                    text, z=3, **extra))

    def stretch(self, zone_id: str, bottom: float) -> None:
        """A zone made to reach down to ``bottom`` (a column shorter than the other)."""
        for item in self.zones:
            if item["id"] == zone_id:
                item["h"] = r1(max(item["h"], bottom - item["y"]))

    def done(self, width: float, height: float) -> dict:
        return {"width": width, "height": r1(height), "text": TEXT,
                "items": self.zones + self.items}

    # ---- the status line and the order of turns ----------------------------------------
    def status(self, width: float) -> None:
        text = fitting(status_options(self.obs, self.names), width - 16)
        self.items.append(label("status", 8, 5, text, z=3))

    def order(self, y: float, width: float) -> None:
        order = [self.name(seat) for seat in seat_order(self.obs)[-1:] + seat_order(self.obs)[:-1]]
        long = "Turns go round: " + " \u2192 ".join(order + order[:1])
        text = fitting([long, "Turns go round from each player to the next row down"], width - 16)
        self.items.append(label("order", 8, r1(y + 2), text, z=3,
                                title="each turn passes to the player on the left"))

    # ---- a seat ------------------------------------------------------------------------
    def seat(self, seat: int, x: float, y: float, w: float, stacked: bool) -> float:
        """A seat's zone with its name, marks, coins and fields; returns its height."""
        obs = self.obs
        info = obs["seats"][seat]
        name = self.name(seat)
        h = SEAT_STACKED if stacked else SEAT_SIDE
        playing = obs["phase"] not in ("over", "end")
        extra = {}
        if seat in obs["to_act"]:
            extra["tone"] = "active"
        elif obs["phase"] == "over" and _is_winner(obs, self.names, seat):
            extra["tone"] = "winner"
        title = f"{name} (you)" if seat == obs["perspective"] else name
        if seat == obs["active"] and playing:
            title += ": the active player"
        pill = self._coins(seat, info, name, x + w, y, w)
        planted = info["planted"] and obs["phase"] in ("give", "hold", "plant", "discard")
        mark_w = text_width("planted") + 22 if planted else 0
        room = w - 14 - pill - mark_w - 12
        text = fitting([f"{name} \u00b7 turn", shorten(name, room - text_width(" \u00b7 turn", True),
                                                      True) + " \u00b7 turn"], room, True) \
            if seat == obs["active"] and playing else shorten(name, room, True)
        self.zones.append(zone(f"seat:{seat}", r1(x), r1(y), r1(w), h, text, title=title,
                               **extra, **self.clicks.seat_click(seat)))
        if planted:
            self.items.append(label(f"planted:{seat}", r1(x + 7 + text_width(text, True) + 10),
                                    y + 4, "planted", icons=["sprout"], tone="muted", z=3,
                                    title=f"{name} has planted this turn and takes no more cards"))
        inner = (x + 5, y + NAME_H, w - 10)
        if obs["phase"] == "over":  # the fields are harvested, the stack is turned over
            self._turned_over(seat, info, name, inner, h - NAME_H - 4)
            return h
        for f, field in enumerate(info["fields"]):
            if stacked:
                box = (x + 5, y + NAME_H + f * (FIELD_H + 4), w - 10)
            else:
                fw = (w - 15) / 2
                box = (x + 5 + f * (fw + 5), y + NAME_H, fw)
            self._field(seat, f, field, box, name)
        return h

    def _coins(self, seat, info, name, right, y, w) -> float:
        """The earnings stack's pill at the top right of a seat; returns its width."""
        coins = info["coins"]
        kinds = coin_kinds(info["coin_cards"]) if info["coin_cards"] is not None and coins else ""
        if kinds:
            words = f"{name}'s earnings stack: {plural(coins, 'coin')} ({kinds})"
        else:
            words = f"{name}'s earnings stack: {plural(coins, 'coin')}, face down"
        count = plural(coins, "coin") if coins else "no coins"
        options = [f"{count}: {kinds}", count] if kinds and seat == self.obs["perspective"] \
            else [count]
        text = fitting(options, w / 2 - 30)
        pill = text_width(text) + 36
        self.items.append(token(f"coins:{seat}", r1(right - 5 - pill), y + 2, text, w=r1(pill),
                                icons=["coin"], title=words, z=4))
        return pill

    def _field(self, seat, f, field, box, name) -> None:
        fx, fy, fw = box
        number = f + 1
        cards = field["cards"]
        click = self.clicks.field_click(seat, f)
        if cards:
            what = field["variety"] or "only manure, no variety yet"
            title = (f"{name}'s field {number}: {what}, {plural(field['seeds'], 'seed')} in "
                     f"{plural(len(cards), 'card')}; a harvest now earns "
                     f"{plural(field['coins'], 'coin')}")
        else:
            title = f"{name}'s field {number}: empty, ready for any card"
        self.zones.append(zone(f"field:{seat}:{number}", r1(fx), r1(fy), r1(fw), FIELD_H,
                               field_title(field, number, fw - 14), title=title, z=1, **click))
        # manure lies under the seed cards, so the seeds stay readable
        shown = sorted(range(len(cards)), key=lambda i: (cards[i] != "M", i))
        self._card_row([(f"card:field:{seat}:{number}:{i}", cards[i], card_name(cards[i]))
                        for i in shown], (fx, fy + FIELD_TITLE, fw), f"more:{seat}:{number}",
                       "the cards shown", click)
        last = self.obs["last"]
        if last and last["player"] == seat and last["field"] == str(number) and not cards:
            coins = plural(last["coins"], "coin")
            text = fitting([f"harvested: {plural(len(last['cards']), 'card')} \u2192 {coins}",
                            f"harvested \u2192 {coins}"], fw - 30)
            self.items.append(label(f"harvested:{seat}:{number}", r1(fx + 8),
                                    r1(fy + FIELD_TITLE + 20), text, icons=["coin"],
                                    tone="warning", z=4,
                                    title=f"{name} has just harvested this field: "
                                          f"{cards_text(last['cards'])} earned {coins}"))

    def _card_row(self, cards, box, more_id: str, under: str, click: dict | None = None) -> None:
        """A row of face-up cards ((id, card, tooltip) each) overlapping in ``box`` (x, y,
        width); the first ones it cannot hold are counted in a "3 more" note."""
        x, y, w = box
        places, left_out = row_places(len(cards), w - 8)
        if left_out:
            hidden = [cid for _, cid, _ in cards[:left_out]]
            self.items.append(label(more_id, r1(x + 6), r1(y + 22), f"{left_out} more", z=3,
                                    title=f"under {under}: {cards_text(hidden)}"))
        for place, (key, cid, title) in enumerate(cards[left_out:]):
            self.items.append(card(key, r1(x + 4 + places[place]), r1(y), face(cid), w=CARD_W,
                                   h=CARD_H, z=5 + place, title=title, **(click or {})))

    def _turned_over(self, seat, info, name, box, h) -> None:
        """The earnings stack turned over at the end: its coin cards face up, rarest first,
        in as many rows as the seat has room for."""
        x, y, w = box
        cards = info["coin_cards"] or []
        kinds = coin_kinds(cards)
        self.zones.append(zone(f"stack:{seat}", r1(x), r1(y), r1(w), r1(h),
                               f"Coins turned over: {len(cards)}", z=1,
                               title=f"{name}'s coins: {kinds}" if cards else f"{name} has no coins"))
        rows = max(1, int((h - FIELD_TITLE - 4) // (CARD_H + 4)))
        per_row = 1 + int((w - 8 - CARD_W) // STEP)
        coins = [(f"card:coin:{seat}:{i}", cid, f"a coin: {card_name(cid)}")
                 for i, cid in enumerate(cards)]
        for row in range(rows):  # full rows, the last one taking the rest
            chunk = coins[row * per_row:] if row == rows - 1 else \
                coins[row * per_row:(row + 1) * per_row]
            if chunk:
                self._card_row(chunk, (x, y + FIELD_TITLE + row * (CARD_H + 4), w),
                               f"more:coin:{seat}", "the coins shown")

    # ---- the turn: the hand, the storehouse, the deck, the discard pile -----------------
    def hand(self, x: float, y: float, w: float) -> None:
        obs = self.obs
        active = obs["active"]
        who = self.name(active) if active is not None else "the active player"
        mine = active is not None and active == obs["perspective"]
        hand = obs["hand"]
        size = obs["hand_size"]
        owner = "Your" if mine else f"{who}'s"
        options = [f"{owner} hand this turn", f"{owner} hand", "Hand of the turn"] \
            if active is not None else ["Hand"]
        what = cards_text(hand) if hand else plural(size, "card") + (", face down" if size else "")
        self.zones.append(zone("hand", r1(x), r1(y), r1(w), PANEL_H,
                               fitting(options, w - 14, True),
                               title=f"{owner} cards of this turn: {what}"))
        places, _ = row_places(size, w - 12)  # a hand holds at most six: they always fit
        phase = self.clicks.phase
        if hand is not None:
            seen: dict = {}
            for i, cid in enumerate(hand):
                k = seen[cid] = seen.get(cid, -1) + 1
                more = {}
                if phase == "give":
                    more["pick"] = f"give:{cid}"
                elif phase == "plant":
                    more["pick"] = f"plant:hand:{cid}"
                self.items.append(card(f"card:hand:{cid}:{k}", r1(x + 6 + places[i]), y + 26,
                                       face(cid), w=CARD_W, h=CARD_H, z=2 + i,
                                       title=card_name(cid), **more))
        else:
            for i in range(size):
                self.items.append(card(f"back:hand:{i}", r1(x + 6 + places[i]), y + 26,
                                       w=CARD_W, h=CARD_H, z=2 + i,
                                       title=f"{who}'s card of this turn, face down"))

    def store(self, x: float, y: float, w: float = STORE_W) -> None:
        store = self.obs["store"]
        action = {"action": "store"} if self.clicks.phase == "hold" else {}
        text = fitting([f"Storehouse {len(store)} of 2", f"Store {len(store)} of 2", "Storehouse",
                        "Store"], w - 32, True)
        self.zones.append(zone("store", r1(x), r1(y), r1(w), PANEL_H, text,
                               title="the storehouse: face up, at most two cards; the active "
                                     "player may plant one of them last"
                                     + (f"; now: {cards_text(store)}" if store else ", now empty"),
                               icons=["storehouse"], **action))
        for i, cid in enumerate(store):
            more = dict(action)
            if self.clicks.phase == "plant":
                more["pick"] = f"plant:store:{cid}"
            self.items.append(card(f"card:store:{i}", r1(x + 6 + i * (CARD_W + 4)), y + 26,
                                   face(cid), w=CARD_W, h=CARD_H, z=2,
                                   title=f"{card_name(cid)}, in the storehouse", **more))

    def deck(self, x: float, y: float, w: float, h: float = PANEL_H) -> None:
        obs = self.obs
        deck = obs["deck"]
        words = f"the deck: {plural(deck, 'card')} face down; a turn draws {obs['need']}"
        if obs["deck_cards"]:
            words += f" (in it: {cards_text(obs['deck_cards'])})"
        if obs["reshuffled"]:
            words += "; the discard pile has been shuffled in once"
        if h < PANEL_H:  # one line: the count in the title
            text = fitting([f"Deck: {plural(deck, 'card')}, {obs['need']} a turn",
                            f"Deck: {plural(deck, 'card')}", f"Deck: {deck}"], w - 14, True)
            self.zones.append(zone("deck", r1(x), r1(y), r1(w), h, text, title=words))
            return
        self.zones.append(zone("deck", r1(x), r1(y), r1(w), h, "Deck", title=words))
        if deck:
            self.items.append(card("back:deck", r1(x + 6), y + 26, w=BACK[0], h=BACK[1], z=2,
                                   title=words))
        tx = x + 6 + BACK[0] + 8
        self.items.append(label("deck:count", r1(tx), y + 28,
                                plural(deck, "card") if deck else "empty", z=3,
                                title=words))
        self.items.append(label("deck:need", r1(tx), y + 28 + LINE,
                                fitting([f"{obs['need']} a turn"], x + w - tx - 4), z=3,
                                title=f"a turn draws {obs['need']} cards, one more than the "
                                      "players"))

    def discard(self, x: float, y: float, w: float, h: float = 24) -> None:
        pile = self.obs["discard"]
        words = (f"the discard pile, face up: {cards_text(pile)}" if pile
                 else "the discard pile is empty")
        count = plural(len(pile), "card")
        text = fitting([f"Discard pile: {count}, face up", f"Discard pile: {count}",
                        f"Discarded: {len(pile)}"], w - 14, True)
        self.zones.append(zone("discard", r1(x), r1(y), r1(w), h, text, title=words))

    # ---- the card being handed, and this turn ------------------------------------------
    def handed(self, x: float, y: float, w: float, h: float) -> None:
        """The card being handed and its chain: who has held it, where it may still go.
        Lines go beside the card, then under it, as many as ``h`` holds (the most
        important first)."""
        obs = self.obs
        held = obs["held"]
        self.zones.append(zone("handed", r1(x), r1(y), r1(w), r1(h),
                               fitting(["The card being handed", "The handed card"], w - 14, True),
                               title="a card handed face down: only the active player and "
                                     "those who have held it know it"))
        if not held:
            self.lines("held:none", x + 8, y + 26, wrap("No card is on its way now.", w - 16),
                       tone="muted")
            return
        holders = held["holders"]
        holder = self.name(holders[-1])
        if held["card"]:
            self.items.append(card("card:held", r1(x + 6), y + 26, face(held["card"]), w=CARD_W,
                                   h=CARD_H, z=2,
                                   title=f"{card_name(held['card'])}, held by {holder}"))
        else:
            self.items.append(card("back:held", r1(x + 6), y + 26, w=CARD_W, h=CARD_H, z=2,
                                   title=f"a card face down, held by {holder}: you have not "
                                         "seen it"))
        tx = x + 6 + CARD_W + 8
        beside = int(CARD_H // LINE) + 1   # lines level with the card, and one under it
        places = [(tx, y + 24 + i * LINE, x + w - tx - 6) for i in range(beside)]
        below = y + 24 + beside * LINE
        while below + LINE <= y + h - 2:
            places.append((x + 8, below, w - 16))
            below += LINE
        used = 0
        for key, text, title in self._held_lines(held):
            lines = self._flow(text, places[used:])
            if not lines:
                continue
            # where the card may (not) go on tells the holder's moves: hidden in an exercise
            tells = {"tells": True} if key in TELLING_LINES else {}
            for i, (line, (lx, ly, _)) in enumerate(zip(lines, places[used:])):
                self.items.append(label(f"held:{key}" + (f":{i + 1}" if i else ""), r1(lx), r1(ly), line,
                                        title=title, z=3, **tells))
            used += len(lines)

    @staticmethod
    def _flow(text: str, places) -> list[str]:
        """``text`` as lines in the ``places`` left (x, y, room), or [] when it does not fit."""
        lines: list[str] = []
        for word in text.split(" "):
            if lines and text_width(lines[-1] + " " + word) <= places[len(lines) - 1][2]:
                lines[-1] += " " + word
            elif len(lines) < len(places) and text_width(word) <= places[len(lines)][2]:
                lines.append(word)
            else:
                return []
        return lines

    def _held_lines(self, held) -> list[tuple[str, str, str]]:
        """(id, text, tooltip) of the chain's lines, the most important first."""
        obs = self.obs
        active = obs["active"]
        holders = held["holders"]
        chain = [self.name(active)] + [self.name(s) for s in holders]
        lines = [("chain", " \u2192 ".join(chain) + " (holds it)",
                  f"the card went from {self.name(active)}'s hand to " + " then ".join(chain[1:])
                  + f"; {chain[-1]} holds it now")]
        targets = held["targets"]
        if obs["players"] == 2:
            lines.append(("targets", "Two players: plant it or store it",
                          "with two players a card is never handed on"))
        else:
            go = join_words([self.name(s) for s in targets]) if targets else \
                "nobody: it is planted or stored"
            lines.append(("targets", f"May go on to: {go}", "an opponent of the active player "
                          "who has not planted this turn and has not held this card"))
        room = "Storehouse: " + ("1 place left" if len(obs["store"]) == 1 else "2 places left")
        if not held["store_room"]:
            room = "Storehouse: full"
        lines.append(("store", room, "the holder may put it there while it has room"))
        if obs["players"] > 2:
            nots = []
            for seat in range(obs["players"]):
                if seat in targets or seat == holders[-1]:
                    continue
                why = "active player" if seat == active else \
                    "held it" if seat in holders else "planted"
                nots.append(f"{self.name(seat)} ({why})")
            if nots:
                lines.append(("not", "Not to: " + ", ".join(nots),
                              "who may not have the card next, and why"))
        return lines

    def this_turn(self, x: float, y: float, w: float, h: float) -> None:
        """Who still has to plant this turn, or the harvest window's order."""
        obs = self.obs
        phase = obs["phase"]
        self.zones.append(zone("turn", r1(x), r1(y), r1(w), r1(h), "This turn"))
        if phase in ("give", "hold"):
            text = f"Still to plant: {join_words([self.name(s) for s in obs['to_plant']])}"
        elif phase in ("plant", "discard"):
            text = f"Every opponent has planted: {self.name(obs['active'])} plants last"
        elif phase == "window":
            order = obs["window"]
            then = join_words([self.name(s) for s in order[1:]])
            text = f"Harvest window: {self.name(order[0])} decides now" \
                + (f", then {then}" if then else "")
        elif phase == "end":
            text = "Final harvest: every field turns into coins"
        elif phase == "draw":
            text = "A new turn begins"
        elif phase == "over":
            text = "Game over: every stack is turned over and counted"
        else:
            return
        room = int((h - 24) // LINE)
        lines = wrap(text, w - 16)
        if len(lines) > room:
            lines = lines[:room]
            lines[-1] = shorten(lines[-1] + " \u2026", w - 16)
        self.lines("turn:plant", x + 8, y + 24, lines)

    # ---- the exchange rates --------------------------------------------------------------
    def rates(self, x: float, y: float, w: float, columns: int) -> float:
        """The rates in ``columns`` (the last one holds the notes on them when there are
        three), the notes under them otherwise; returns the zone's height."""
        notes_beside = columns >= 3
        rate_cols = columns - 1 if notes_beside else columns
        if notes_beside:  # the notes' column as wide as their short words need
            note_w = max(text_width(note[2]) for note in RATE_NOTES) + 26
            col_w = (w - 12 - note_w) / rate_cols
        else:
            note_w, col_w = w - 16, (w - 12) / columns
        self.zones.append(zone("rates", r1(x), r1(y), r1(w), 0, "Exchange rates",
                               title="how many seeds of a variety make a coin at a harvest (only "
                                     "the Bean's rate is printed; the others are assumed: "
                                     "option rates)"))
        cells = self._rates(col_w - 20)
        rows = -(-len(cells) // rate_cols)
        places = [(x + 8 + (i // rows) * col_w, y + 24 + (i % rows) * ROW)
                  for i in range(len(cells))]
        if notes_beside:
            note_x, note_y = x + 8 + rate_cols * col_w, y + 24
        else:
            note_x, note_y = x + 8, y + 24 + rows * ROW + 2
        for i, (key, text, short, icons, title) in enumerate(RATE_NOTES):
            cells.append((f"rate:{key}", fitting([text, short], note_w - 20), icons, title))
            places.append((note_x, note_y + i * ROW))
        for (key, text, icons, title), (lx, ly) in zip(cells, places):
            self.items.append(label(key, r1(lx), r1(ly), text, icons=icons, z=3, minor=True,
                                    title=title))
        h = max(ly for _, ly in places) + ROW + 6 - y
        self.zones[-1]["h"] = r1(h)
        return h

    def _rates(self, room) -> list[tuple]:
        """(id, text, pictures, tooltip) of each rate, all in the longest words that fit."""
        rates = self.obs["rates"]
        forms = [lambda v, need, gain: f"{v}: {plural(need, 'seed')} \u2192 {plural(gain, 'coin')}"]
        if all(gain == 1 for _, _, gain in rates):  # the zone's title then says "for a coin"
            forms.append(lambda v, need, gain: f"{v}: {plural(need, 'seed')}")
        forms.append(lambda v, need, gain: f"{v} {need} \u2192 {gain}")
        form = next((form for form in forms if all(text_width(form(*rate)) <= room
                                                     for rate in rates)), forms[-1])
        if form is not forms[0] and len(forms) == 3:
            self.zones[-1]["text"] = "Exchange rates: seeds for a coin"
        return [(f"rate:{variety}", fitting([form(variety, need, gain)], room),
                 [ICONS[VARIETIES.index(variety)]],
                 f"{plural(need, variety + ' seed')} in a field make {plural(gain, 'coin')}")
                for variety, need, gain in rates]


#: the lines of the card being handed that tell the holder's moves ("May go on to: ...",
#: "Not to: ...", "Two players: plant it or store it"): ``tells``, hidden while an exercise
#: asks about the moves. The chain so far and the storehouse's free places are facts.
TELLING_LINES = ("targets", "not")

#: rule reminders under the exchange rates: (key, text, shorter text, pictures, tooltip)
RATE_NOTES = (("manure", "Manure: a seed of any kind", "Manure is a wild seed", ["manure"],
               "manure counts as one seed of whatever the field grows"),
              ("cap", "At most one coin per card", "At most a coin a card", ["coin"],
               "a harvest never earns more coins than the field has cards"),
              ("alone", "Manure alone earns nothing", "Manure alone: no coin", ["manure"],
               "a field of manure only grows no variety and earns no coin"))


def field_title(field: dict, number: int, room: float) -> str:
    """The field's title in the words that fit ``room``."""
    cards = field["cards"]
    if not cards:
        return fitting([f"Field {number}: empty", "empty"], room, True)
    what = field["variety"] or "manure only"
    seeds = plural(field["seeds"], "seed")
    coins = plural(field["coins"], "coin") if field["coins"] else "no coin"
    return fitting([f"Field {number}: {what} \u00b7 {seeds} \u00b7 harvest now: {coins}",
                    f"Field {number}: {what} \u00b7 {seeds} \u00b7 {coins}",
                    f"{what} \u00b7 {seeds} \u00b7 {coins}", f"{what} \u2192 {coins}",
                    f"{field['variety'] or 'manure'} \u2192 {coins}",
                    f"{field['variety'] or 'manure'}: {field['coins']}"], room, True)


# ---- the wide layout -----------------------------------------------------------------------
def stacked_seats(players: int) -> tuple[bool, bool]:
    """Whether the other seats' and the viewer's fields lie one above the other (there is
    room for it with few players) or side by side."""
    return {2: (True, True), 3: (False, True), 4: (False, True)}.get(players, (False, False))


def handed_height(lines: int) -> float:
    """The card being handed's zone: its card, and ``lines`` of its chain beside and under it."""
    return max(26 + CARD_H + 4, 24 + lines * LINE + 6)


def scene(obs: dict, names, legal=None) -> dict:
    """The wide table as ``{"width", "height", "text", "items"}`` for ``obs``'s perspective
    (see the module docstring); ``legal`` (live play) makes the player's clicks."""
    n = obs["players"]
    table = Table(obs, names, legal)
    table.status(WIDTH)
    others_stacked, own_stacked = stacked_seats(n)
    y = TOP
    order = seat_order(obs)
    for seat in order:
        stacked = own_stacked if seat == order[-1] else others_stacked
        y += table.seat(seat, MARGIN, y, LEFT_W, stacked) + GAP
    left_bottom = y - GAP
    rx = MARGIN + LEFT_W + GAP
    y = TOP
    table.hand(rx, y, RIGHT_W)
    y += PANEL_H + GAP
    table.store(rx, y)
    table.deck(rx + STORE_W + GAP, y, RIGHT_W - STORE_W - GAP)
    y += PANEL_H + GAP
    handed = handed_height({2: 4, 5: 8}.get(n, 7))  # the chain: 3 lines, 7 or 8 when it goes on
    table.handed(rx, y, RIGHT_W, handed)
    y += handed + GAP
    turn_min = 24 + 2 * LINE + 4
    rest = y + turn_min + GAP + 24     # this turn and the discard pile
    beside = max(left_bottom, rest + GAP + RATES_ROW_H)
    rates_beside = beside <= max(left_bottom, rest) + GAP + RATES_STRIP_H
    bottom = beside if rates_beside else max(left_bottom, rest)
    turn_h = bottom - y - GAP - 24 - (GAP + RATES_ROW_H if rates_beside else 0)
    table.this_turn(rx, y, RIGHT_W, turn_h)
    y += turn_h + GAP
    table.discard(rx, y, RIGHT_W)
    y += 24 + GAP
    table.stretch(f"seat:{order[-1]}", bottom)
    if rates_beside:
        table.rates(rx, y, RIGHT_W, 1)
    else:
        bottom += GAP + table.rates(MARGIN, bottom + GAP, WIDTH - 2 * MARGIN, 3)
    table.order(bottom + 2, WIDTH)
    return table.done(WIDTH, bottom + 2 + ORDER_H)
