"""Tomatomat seen from one perspective as a scene (the widgets' board); the texts (the CLI's
table, knowledge, results, the prompt) are in ``texts.py``, the narrow layout in ``narrow.py``.

``scene(obs, names, legal)`` lays the table out as the flat item list of ``core/scene.py``
(``layout.py`` holds the geometry). The wide layout is a table read in columns:

* the status line across the top (round, batch, what happens now);
* the four machine places I-IV in a row, each with its top machine card (its stars and a
  tomato per colour), a line naming in words the colours that count double
  (``\u00d72: red & blue``) and a line with the stars at stake (``2 stacked: 4 stars`` where
  ties left a stack: only the top machine's colours count); once a machine is won, that it
  was and, until the next one is turned up, by whom and with how much; left of them the
  face-down machine stock, the spare decks and, where there is room, a legend of the card
  pictures;
* one row per seat, the other seats first in clockwise order from the seat seen from (seat 0
  for the all-seeing view), that seat last. A row's title band names the player, the stars
  won, the deck and the discard pile (how many of each kind; every card by name in the
  tooltip). Under the machines stand the seat's order cards I-IV: face up only in the
  all-seeing view or with the teaching option ``remember_own`` (small cards naming kind and
  colour; ``1\u00d73`` for identical coins when crowded, ``+2`` for what does not fit, named
  in the tooltip), else one face-down card; a badge counts them. Left of them the hand (the
  own hand face up, with room above it to be lifted when played; another hand in a zone
  named ``hand``, as one face-down card with a count badge where this view cannot see it)
  and, for another seat seen from a seat, the cards it placed in the unfinished batch
  (``this batch``: where they went stays hidden until everybody has placed);
* while a machine is settled, each row shows the seat's cards turned up there in the room
  of its hand and of the order cards already settled: still in play first, then (after a
  gap, muted) those that are out, each with its fate under it (``caught``, ``stolen``,
  ``used`` for officers and thieves that have done their work, ``+4`` for a scoring coin),
  and the seat's total and who won in the title;
* the passing order of the piles along the bottom edge.

Pictures come from ``sprites.svg`` (coins with their value, thief, police officer, star,
tomatoes of each colour); a picture is never the only cue. A playing card's face is its kind
in a short word (``thief``, ``cop``) or the coin's value (rank), its picture (icon; not on
the small cards of order cards) and its colour word (suit); a machine's face is its stars
(rank and, in words, suit) and its tomatoes (icon). Face colours are ``red``,
``green``, ``blue``, ``gold`` (yellow) and ``mixed`` (a two-colour machine). No text shows
an internal code.

What a step marks (``core.scene.marked``) is what it changed: texts say what holds for a
while (the status line names the batch, not who is still placing), drawing order follows
the cards themselves (a card keeps its ``z`` while others move along the row) and order
cards keep their size.

Item ids (stable while a thing stays where it is; a face-down card never names its card);
the narrow layout uses the same ids for the same things:

* ``card:hand:<seat>:<card>:<k>``, ``card:placed:<seat>:<pos>:<card>:<k>``,
  ``card:shown:<seat>:<card>:<k>``: face-up cards (``k`` tells identical cards apart;
  ``all`` for a card standing for all its copies);
* ``back:hand:<seat>``, ``back:placed:<seat>:<pos>``, ``back:batch:<seat>``,
  ``back:stock``, ``back:dummy:<slot>``: face-down piles; ``count:<seat>:<pos|new>``,
  ``count:<slot>`` and ``hand:<seat>`` the badges counting them;
* ``machine:<machine id>`` (the top machine card of a place), zones ``seat:<s>``,
  ``held:<s>`` (another seat's hand), ``order:<s>:<pos>``, ``order:<s>:new``, ``pos:<pos>``,
  ``side``, ``settle:<s>``; labels ``status``, ``pass``, ``stock``, ``dummy:<slot>``,
  ``pos:<pos>:info``, ``pos:<pos>:stars``, ``pos:<pos>:result``, ``pos:<pos>:points``,
  ``deck:<s>``, ``won:<s>``, ``discard:<s>``, ``fate:<s>:<card>:<k>``,
  ``more:<s>:<pos|settle>`` (what a row has no room for, named in the tooltip),
  ``legend:<picture>``.

Live play (``legal`` given) uses two optional item fields for the two clicks of a
placement ``place:<card>:<pos>``:

* ``pick`` (the first part, ``"place:R1"``) on each card of the viewer's hand for which
  some legal action starts with ``pick + ":"``; identical cards share it;
* ``drop`` (the second part, ``"II"``) on the position's zone ``pos:<pos>`` and its machine
  card, and on the viewer's order card ``order:<me>:<pos>`` and the cards on it, so a click
  on any of them lands (labels and badges, smaller than a finger, take no clicks). The shell
  sends ``pick + ":" + drop``; every legal action is reachable so.

Nothing else is clickable (there are no single-click actions), and without ``legal``
(replays) no item has ``pick``, ``drop`` or ``action``. The scene is drawn from the
observation alone.

No item is marked ``tells`` (``core/scene.py``): any card may go to any machine, and the
settlement shows each forced step's work (fates, points, the winner) only once it is done;
the passing order along the bottom edge is the table's seating, a fact.
"""
from __future__ import annotations

from collections import Counter

from ...core.rulebook import join_words
from ...core.scene import card, label, token, zone
from .cards import CARD_BY_ID, COLOURS, VALUE, card_name, cards_name
from .layout import (BADGE, BAND, BAND_GAP, CARD, CELL_BAND, CELL_PAD, FATE_GAP, LINE, MACHINE, MINI,
                     MINI_STEP, SETTLE_STEP, TEXT, Box, fitting, icons_width, r1, shortened,
                     slots, text_width, wide_board)
from .machines import stars_text
from .views import POSITION_NAMES as POSITIONS, winners
from .words import (doubling, kinds_summary, machine_facts, named_cards, plural, seat_name,
                    stack_words, star_machine, won_words)

#: CSS colour of each tomato colour (the shell styles red, green, blue and gold)
FACE_COLOR = {"red": "red", "green": "green", "blue": "blue", "yellow": "gold"}
#: per kind of card (1-coin, 2-coin, thief, police officer): its picture and its rank
KIND_ICON = ("coin-1", "coin-2", "thief", "police")
KIND_RANK = ("1", "2", "thief", "cop")
#: what is written under a card turned up at the machine being settled, by its fate
FATE_MARK = {"police": "used", "thief": "used", "caught": "caught", "stolen": "stolen"}
OUT = ("police", "thief", "caught", "stolen")
#: drawing order: a placed card's z follows its kind (piles are sorted by kind), a card at
#: the settlement keeps its z while it waits and gets a higher one when discarded
PLACED_Z = 2
OUT_Z = 20
BADGE_Z = 150
#: the legend of the card pictures (a shorter word where room is short)
LEGEND = (("coin-1", ("coin 1",)), ("coin-2", ("coin 2",)), ("thief", ("thief",)),
          ("police", ("police officer", "police")))
#: the ``k`` of a card standing for all its copies (its id differs from any one copy's)
ALL = "all"
GAP_WORDS = 14         # between two labels on one line
SETTLE_TITLE_W = 180   # a seat's part of the settlement is at least this wide


def _colour_of(card_id: str) -> str:
    return COLOURS[CARD_BY_ID[card_id] >> 2]


def _face(card_id: str, copies: int = 1, picture: bool = True) -> dict:
    """A playing card's face; ``copies`` > 1 stands for that many identical cards (a coin's
    rank reads ``1\u00d73``, a thief's or officer's ``\u00d72``, the picture telling the kind).
    Without ``picture`` (the small cards on order cards) the rank alone says the kind."""
    number = CARD_BY_ID[card_id]
    kind = number & 3
    colour = COLOURS[number >> 2]
    rank = KIND_RANK[kind]
    if copies > 1:
        rank = f"{rank}\u00d7{copies}" if VALUE[number] else f"\u00d7{copies}"
    face = {"rank": rank, "suit": colour, "color": FACE_COLOR[colour]}
    if picture:
        face["icon"] = KIND_ICON[kind]
    return face


def _machine_face(stars: int, colours) -> dict:
    """A machine card: its stars as the rank (and in words as the suit: the colour words are
    too long for a card, the line beside the machine says them), a tomato per colour."""
    return {"rank": "\u2605" * stars, "icon": "tomatoes-" + "-".join(colours)
            if len(colours) > 1 else f"tomato-{colours[0]}", "suit": stars_text(stars),
            "color": FACE_COLOR[colours[0]] if len(colours) == 1 else "mixed"}


def _occurrences(cards):
    """(card, k) for each card: ``k`` counts the same card earlier in the list."""
    seen = Counter()
    for c in cards:
        yield c, seen[c]
        seen[c] += 1


def arrange(cards, room: int, group_all: bool = True):
    """How ``cards`` fill ``room`` places: ``([(card, k, copies)], [cards left out])``.

    Each card on its own while they fit (``k`` counting the same card before it); else the
    copies of a card as one (``k`` is ``ALL``; only coins unless ``group_all``: a small card
    without a picture says its kind in its rank, ``thief\u00d72`` would not fit); and when
    even that does not fit, the last place is left for how many more (``+N``)."""
    single = [(c, k, 1) for c, k in _occurrences(cards)]
    if len(single) <= room:
        return single, []
    counts = Counter(cards)
    grouped = []
    for c, k in _occurrences(cards):
        if counts[c] == 1 or not (group_all or VALUE[CARD_BY_ID[c]]):
            grouped.append((c, k, 1))
        elif k == 0:
            grouped.append((c, ALL, counts[c]))
    if len(grouped) <= room:
        return grouped, []
    shown = grouped[:max(0, room - 1)]
    left = [c for c, _, copies in grouped[len(shown):] for _ in range(copies)]
    return shown, left


def _status_options(obs, names) -> list[str]:
    """What happens now, longest first, in words that hold for the whole batch or settlement
    (whose turn it is shows on the seats' zones)."""
    phase, rnd = obs["phase"], obs["round"]
    head = f"Round {rnd} of {obs['rounds']}"
    step = obs["next_step"] or ""
    if phase == "deal":
        if step == "machines":
            return (["Before round 1: four machines are drawn"] if rnd == 0
                    else [f"Round {rnd} is over \u00b7 new machines for round {rnd + 1} come next",
                          f"Round {rnd} is over \u00b7 new machines next"])
        if step == "deal":
            return [f"{head} \u00b7 the playing cards are dealt next", f"{head} \u00b7 the deal"]
        return [f"{head} \u00b7 everyone shuffles the pile received into a new deck",
                f"{head} \u00b7 everyone shuffles a new deck"]
    if phase == "allocate":
        return [f"{head} \u00b7 batch {obs['batch']} of 3 \u00b7 everyone places four cards face down",
                f"{head} \u00b7 batch {obs['batch']} of 3 \u00b7 four cards face down"]
    if phase == "resolve":
        return [f"{head} \u00b7 the machines are settled one by one, I to IV",
                f"{head} \u00b7 the machines are settled, I to IV"]
    best = winners(obs)
    seat = obs["seats"][best[0]]
    score = f"{stars_text(seat['stars'])}, {plural(seat['machines'], 'machine')}"
    verb = "wins" if len(best) == 1 else "share the win"
    options = []
    for room in (None, 16, 8):
        who = join_words([_short(seat_name(s, names), room) for s in best])
        options += [f"Game over \u00b7 {who} {verb} with {score}", f"Game over \u00b7 {who} {verb}"]
    return options


def _short(name: str, chars: int | None) -> str:
    return name if chars is None or len(name) <= chars else name[:chars - 1] + "\u2026"


# ---- the board, whichever layout ------------------------------------------------------------
class Table:
    """The items of one observation's board in one layout (``board``: ``layout.Board``):
    ``draw`` gives the scene. ``wide`` picks the wide layout's wording and arrangement."""

    def __init__(self, obs: dict, names, legal, wide: bool):
        self.obs, self.names, self.wide = obs, names, wide
        n = obs["players"]
        persp = obs["perspective"]
        self.seated = isinstance(persp, int) and not isinstance(persp, bool) and 0 <= persp < n
        self.me = persp if self.seated else None
        self.bottom = persp if self.seated else 0
        self.res = obs["resolution"]
        self.machine_set = obs["settings"]["machine_set"]
        self.over = set(winners(obs)) if obs["phase"] == "over" else set()
        self.picks, self.drops = set(), set()
        if legal and self.seated:  # live play: the first and second parts of the placements
            for action in legal:
                first, sep, second = action.rpartition(":")
                if sep and first.startswith("place:"):
                    self.picks.add(first)
                    self.drops.add(second)
        self.zones: list = []
        self.items: list = []

    # ---- shared helpers ---------------------------------------------------------------
    def name(self, seat) -> str:
        return seat_name(seat, self.names)

    def dropping(self, item: dict, pos: str) -> dict:
        if pos in self.drops:
            item["drop"] = pos
        return item

    def badge(self, id_: str, x: float, y: float, count: int, title: str) -> None:
        self.items.append(token(id_, r1(x), r1(y), str(count), title=title, z=BADGE_Z))

    def seat_order(self) -> list[int]:
        """Seats in drawing order: wide, the others clockwise and the seat seen from last
        (at the bottom); narrow, that seat first (its hand next to the machines)."""
        n = self.obs["players"]
        others = [(self.bottom + i) % n for i in range(1, n)]
        return others + [self.bottom] if self.wide else [self.bottom] + others

    def face_up_cells(self, seat: int) -> bool:
        """Whether this view sees what lies on the seat's order cards (it never changes)."""
        return all(entry["cards"] is not None for entry in self.obs["seats"][seat]["placed"])

    def mini_rows(self) -> tuple:
        return tuple(2 if self.face_up_cells(seat) else 0 for seat in self.seat_order())

    def draw(self, board) -> dict:
        options = _status_options(self.obs, self.names)
        status = fitting(options, board.width - 2 * 8) or options[-1]
        self.items.append(label("status", 8, 4, status, z=3))
        self.machines(board)
        for block, seat in zip(board.blocks, self.seat_order()):
            self.seat(block, seat)
        self.pass_line(board)
        self.side(board)
        return {"width": board.width, "height": r1(board.height), "text": TEXT,
                "items": self.zones + self.items}

    # ---- the machines ---------------------------------------------------------------------
    def machines(self, board) -> None:
        obs = self.obs
        res = self.res
        settling = res["position"] if res and obs["phase"] == "resolve" else None
        dx, dy, room = board.machine_info
        for i, place in enumerate(obs["positions"]):
            box = board.machines[i]
            pos = place["position"]
            stack = place["stack"]
            title = (f"machine {pos}: {stack_words(self.machine_set, stack)}" if stack
                     else f"machine {pos}: no machine here now")
            extra = {"tone": "active"} if pos == settling else {}
            place_zone = zone(f"pos:{pos}", r1(box.x), r1(box.y), r1(box.w), r1(box.h),
                              f"Machine {pos}", title=title, **extra)
            self.zones.append(self.dropping(place_zone, pos))
            if stack:
                self.machine_card(stack, box, pos)
                self.machine_lines(place, box.x + dx, box.y + dy, room, title)
            else:  # no card: its lines (up to three once won) take the card's place
                self.machine_lines(place, box.x + 5, box.y + BAND + 2, room, title)

    def machine_card(self, stack, box: Box, pos: str) -> None:
        """The top machine of a place: the only one whose colours count."""
        mid = stack[-1]
        stars, colours = machine_facts(self.machine_set, mid)
        words = star_machine(stars)
        if len(stack) > 1:
            words += f" on top of {plural(len(stack) - 1, 'other')}"
        words += f": {doubling(colours)} here"
        self.items.append(self.dropping(card(f"machine:{mid}", r1(box.x + 5), r1(box.y + BAND),
                                             _machine_face(stars, colours), w=MACHINE[0],
                                             h=MACHINE[1], z=2, title=words), pos))

    def machine_lines(self, place, x: float, y: float, room: float, title: str) -> None:
        """Under (wide) or beside (narrow) the machine: what counts double and the stars at
        stake; where it was won, that it was and, until the next machine is turned up, by
        whom and with how much (lines of their own, so that taking them away marks nothing)."""
        pos = place["position"]
        stack = place["stack"]
        if stack:
            lines = [("info", fitting([f"\u00d72: {' & '.join(place['colours'])}",
                                       f"\u00d72: {', '.join(place['colours'])}",
                                       f"\u00d72: {'/'.join(place['colours'])}"], room) or "\u00d72"),
                     ("stars", stars_text(place["stars"]) if len(stack) == 1
                      else f"{len(stack)} stacked: {stars_text(place['stars'])}")]
        else:
            lines = [("info", "no machine yet" if self.obs["round"] == 0 else "won this round")]
            lines += self.winner_lines(pos, room)
        for i, (key, text) in enumerate(lines):
            extra = {"tone": "winner"} if key in ("result", "points") else {}
            self.items.append(label(f"pos:{pos}:{key}", r1(x), r1(y + i * LINE), text, title=title,
                                    z=3, **extra))

    def winner_lines(self, pos: str, room: float) -> list:
        """Who won the machine just scored here, and with how much."""
        res = self.res
        if not res or res["position"] != pos or res["winner"] is None:
            return []
        winner = res["winner"]
        return [("result", f"by {shortened(self.name(winner), room - text_width('by '))}"),
                ("points", f"with {plural(res['totals'][winner], 'point')}")]

    # ---- the passing order and the legend ----------------------------------------------------
    def pass_line(self, board) -> None:
        order = self.obs["pass_order"]
        room = board.width - 16
        text = None
        for chars in (None, 0, 14, 10, 7, 4):
            names = [_short(self.name(slot), chars or None) if isinstance(slot, int)
                     else self.spare_name(slot, chars is not None) for slot in order]
            if chars is None:
                text = "Piles pass on: " + " \u2192 ".join(names + names[:1])
            else:  # shorter: each pile's next place, without coming back to the first
                text = "Piles pass: " + " \u2192 ".join(names)
            if text_width(text) <= room:
                break
        self.items.append(label("pass", 8, r1(board.pass_y + 1), text, z=3,
                                title="after each round every discard pile (and spare deck) goes "
                                      "to the next place clockwise"))
        self.pass_end = 8 + text_width(text)

    @staticmethod
    def spare_name(slot: str, short: bool) -> str:
        return f"spare {slot[1:]}" if short else seat_name(slot, ())

    def legend(self, x: float, y: float, room: float, per_line: bool) -> bool:
        """What the card pictures mean: one under the other (``per_line``) or in a row;
        False (and nothing drawn) where they do not fit."""
        entries = []
        for icon, words in LEGEND:
            text = fitting(words, room - icons_width(1)) if per_line else words[0]
            if text is None:
                return False
            entries.append((icon, text))
        if not per_line and sum(icons_width(1) + text_width(t) + GAP_WORDS for _, t in entries) > room:
            return False
        for i, (icon, text) in enumerate(entries):
            self.items.append(label(f"legend:{icon}", r1(x), r1(y + (i * LINE if per_line else 0)),
                                    text, icons=[icon], z=3, minor=True,
                                    title=f"this picture on a card: {LEGEND[i][1][0]}"))
            if not per_line:
                x += icons_width(1) + text_width(text) + GAP_WORDS
        return True

    # ---- a seat -------------------------------------------------------------------------------
    def seat(self, block, seat: int) -> None:
        obs = self.obs
        info = obs["seats"][seat]
        name = self.name(seat)
        own = seat == self.me
        extra = {}
        if seat in obs["to_act"]:
            extra["tone"] = "active"
        elif seat in self.over:
            extra["tone"] = "winner"
        shown = shortened(name, block.band[0], bold=True)
        box = block.box
        self.zones.append(zone(f"seat:{seat}", r1(box.x), r1(box.y), r1(box.w), r1(box.h), shown,
                               title=f"{name} (you)" if own else name, **extra))
        self.seat_labels(info, seat, name, box.x + 7, box.y + 3, block.band)
        settled = None
        if self.res:
            settled = POSITIONS.index(self.res["position"])
            self.settlement(block, seat, settled)
        else:
            self.hand(block, info, seat, name, own)
        for p, entry in enumerate(info["placed"]):
            if settled is None or not block.wide or p > settled:
                self.order_card(block, entry, seat, p, name, own)

    def seat_labels(self, info, seat, name, x: float, y: float, places) -> None:
        """The stars won, the deck and the discard pile, each in its own place of the title
        band (so that a change of one never moves another), in the longest words that fit."""
        deck = info["deck"]
        deck_words = f"{name}'s deck: {plural(deck, 'card')} face down"
        if info["deck_cards"]:
            deck_words += (f", to be drawn in this order: "
                           f"{', '.join(card_name(c) for c in info['deck_cards'])}")
        if info["won"]:
            machines = plural(info["machines"], "machine")
            stars = stars_text(info["stars"])
            won = won_words(self.machine_set, info["won"])
            won_label = ([f"{stars}, {machines}", stars],
                         {"icons": ["star"], "title": f"{name} has won {stars} with {machines}: {won}"})
        else:
            won_label = (["no machine yet", "no machine"], {"title": f"{name} has won no machine yet"})
        deck_texts = [f"deck: {plural(deck, 'card')}", f"deck: {deck}"] if deck else ["deck: empty"]
        labels = [("won", *won_label), ("deck", deck_texts, {"title": deck_words})]
        if info["discard"]:
            count = len(info["discard"])
            pile = f"{name}'s discard pile, face up: {named_cards(info['discard'])}"
            labels.append(("discard", ["discards: " + kinds_summary(info["discard"], officer="officer"),
                                       f"discards: {plural(count, 'card')}", f"{count} discarded"],
                           {"title": pile}))
        x += places[0] + BAND_GAP
        for (key, texts, extra), room in zip(labels, places[1:]):
            if not room:
                continue
            text = fitting(texts, room - icons_width(len(extra.get("icons", ()))))
            if text is not None:
                self.items.append(label(f"{key}:{seat}", r1(x), r1(y), text, z=3, **extra))
            x += room + BAND_GAP

    def hand(self, block, info, seat, name, own) -> None:
        """The hand: face up where this view sees it (the viewer's own cards take the first
        click of a placement), else one face-down card with a count. Another seat's hand
        lies in a zone named "hand" (the viewer's own has that room free to be lifted)."""
        hand = info["hand"]
        if not own and self.obs["phase"] == "allocate":
            width = 4 + (4 * (CARD[0] + 2) if hand is not None else CARD[0] + 4)
            self.zones.append(zone(f"held:{seat}", r1(block.strip.x), r1(block.strip.y), r1(width),
                                   CELL_BAND + CARD[1] + 4, "hand", title=f"{name}'s hand"))
        if hand is not None:
            for i, (cid, k) in enumerate(_occurrences(hand)):
                more = {}
                pick = f"place:{cid}"
                if own and pick in self.picks:
                    more["pick"] = pick
                x, y = block.hand_at(i)
                self.items.append(card(f"card:hand:{seat}:{cid}:{k}", r1(x), r1(y), _face(cid),
                                       w=CARD[0], h=CARD[1], z=2, title=card_name(cid), **more))
        elif info["hand_size"]:
            size = info["hand_size"]
            x, y = block.hand_at(0)
            self.items.append(card(f"back:hand:{seat}", r1(x), r1(y), w=CARD[0], h=CARD[1], z=2,
                                   title=f"{name}'s hand, face down"))
            self.badge(f"hand:{seat}", x + (CARD[0] - BADGE) / 2, y + (CARD[1] - BADGE) / 2, size,
                       f"{plural(size, 'card')} in {name}'s hand")
        hidden = info["batch_hidden"]
        if hidden:  # another seat's cards of the unfinished batch: how many, never where
            box = block.batch_box()
            self.zones.append(zone(f"order:{seat}:new", r1(box.x), r1(box.y), r1(box.w), r1(box.h),
                                   "this batch", title=f"{name}'s cards of this batch: at which "
                                   "machines stays hidden until everybody has placed"))
            self.items.append(card(f"back:batch:{seat}", r1(box.x + 4), r1(box.y + CELL_BAND),
                                   w=CARD[0], h=CARD[1], z=PLACED_Z,
                                   title=f"{name}'s cards of this batch, face down"))
            self.badge(f"count:{seat}:new", box.x + 4 + (CARD[0] - BADGE) / 2,
                       box.y + CELL_BAND + (CARD[1] - BADGE) / 2, hidden,
                       f"placed this batch: {hidden}")

    def order_card(self, block, entry, seat, p, name, own) -> None:
        """Order card ``p`` and what lies on it: the cards face up when this view may know
        them, else one face-down card; a badge counts them."""
        box = block.cells[p]
        pos = POSITIONS[p]
        count, cards = entry["count"], entry["cards"]
        item = zone(f"order:{seat}:{pos}", r1(box.x), r1(box.y), r1(box.w), r1(box.h), pos,
                    title=f"{name}'s order card {pos}: the cards for machine {pos}")
        self.zones.append(self.dropping(item, pos) if own else item)
        placed = []
        if cards:
            columns = slots(box.w - 2 * CELL_PAD, MINI_STEP, MINI[0])
            shown, left = arrange(cards, columns * block.mini_rows, group_all=False)
            spots = [(box.x + CELL_PAD + (i % columns) * MINI_STEP,
                      box.y + CELL_BAND + (i // columns) * (MINI[1] + 2))
                     for i in range(len(shown) + bool(left))]
            for (cid, k, copies), (x, y) in zip(shown, spots):
                what = cards_name(cid, copies) if copies > 1 else card_name(cid)
                placed.append(card(f"card:placed:{seat}:{pos}:{cid}:{k}", r1(x), r1(y),
                                   _face(cid, copies=copies, picture=False), w=MINI[0], h=MINI[1],
                                   z=PLACED_Z + 8 * CARD_BY_ID[cid] + (0 if k == ALL else k),
                                   title=f"{what}, face down at machine {pos}"))
            if left:
                x, y = spots[-1]
                self.items.append(label(f"more:{seat}:{pos}", r1(x + 4), r1(y + 6),
                                        f"+{len(left)}", z=3, title="also face down at machine "
                                        f"{pos}: {named_cards(left)}"))
        elif count:
            placed.append(card(f"back:placed:{seat}:{pos}", r1(box.x + CELL_PAD), r1(box.y + CELL_BAND),
                               w=CARD[0], h=CARD[1], z=PLACED_Z,
                               title=f"{name}'s cards at machine {pos}, face down"))
        for placed_item in placed:
            self.items.append(self.dropping(placed_item, pos) if own else placed_item)
        if count:
            self.badge(f"count:{seat}:{pos}", box.right - BADGE - 3, box.y, count,
                       f"{plural(count, 'card')} face down at machine {pos}")

    # ---- the machine being settled --------------------------------------------------------
    def settlement(self, block, seat: int, k: int) -> None:
        """The seat's cards turned up at the machine being settled, with their fates, in the
        place ``block.settle_box(k)`` (as much of it as they need, the same all through the
        settlement); its title says how many, then the points and who won."""
        res = self.res
        pos = res["position"]
        name = self.name(seat)
        cards = [(cid, fate) for owner, cid, fate in res["cards"] if owner == seat]
        totals, winner = res["totals"], res["winner"]
        extra = {}
        if totals is not None:
            text = f"At machine {pos}: {plural(totals[seat], 'point')}"
            words = f"{name} scores {totals[seat]} at machine {pos}"
            if seat == winner:
                text += " \u00b7 wins"
                words += " and wins it"
                extra["tone"] = "winner"
            elif winner is None and totals[seat] == max(totals):
                text += " \u00b7 a tie"
        else:
            text = f"At machine {pos}: {plural(len(cards), 'card') if cards else 'no cards'}"
            words = f"{name} turned up {plural(len(cards), 'card')} at machine {pos}"
        room = block.settle_box(k)
        keep = [c for c, f in cards if f not in OUT]
        out = [c for c, f in cards if f in OUT]
        shown, left = arrange(keep + out, slots(room.w - 8 - FATE_GAP, SETTLE_STEP, CARD[0]))
        need = 8 + (len(shown) + bool(left)) * SETTLE_STEP + FATE_GAP
        title_w = text_width(text, bold=True) + 16
        box = Box(room.x, room.y, min(room.w, max(SETTLE_TITLE_W, title_w, need)), room.h)
        self.zones.append(zone(f"settle:{seat}", r1(box.x), r1(box.y), r1(box.w), r1(box.h), text,
                               title=words, **extra))
        self.settled_cards(cards, shown, left, seat, name, box)

    def settled_cards(self, cards, shown, left, seat, name, box: Box) -> None:
        """One player's cards at the machine (``arrange``d): still in play first, then
        (after a gap) the discarded ones. Identical cards of one player share their fate, so
        a crowded row can show each kind once. A card keeps its drawing order while it waits;
        discarding raises it."""
        res = self.res
        colours = machine_facts(self.machine_set, res["machines"][-1])[1]
        caught = {_colour_of(c) for _, c, f in res["cards"] if f == "caught"}
        stolen = {_colour_of(c) for _, c, f in res["cards"] if f == "stolen"}
        fate_of = dict(cards)
        index = {pair: i for i, pair in enumerate(_occurrences([cid for cid, _ in cards]))}
        y = box.y + CELL_BAND
        x = box.x + 4
        gap = FATE_GAP
        for cid, k, copies in shown:
            fate = fate_of[cid]
            if fate in OUT and gap:
                x += gap
                gap = 0
            self.settled_card(cid, k, copies, fate, seat, name, x, y, colours, caught, stolen,
                              (OUT_Z if fate in OUT else 2) + index[cid, 0 if k == ALL else k])
            x += SETTLE_STEP
        if left:
            words = "; ".join(f"{card_name(c)}: {self.fate_text(fate_of[c], c, colours)}"
                              for c in dict.fromkeys(left))
            self.items.append(label(f"more:{seat}:settle", r1(x + 4), r1(y + 20), f"+{len(left)}", z=3,
                                    title=f"{name}'s other cards here: {words}"))

    @staticmethod
    def fate_text(fate: str, cid: str, colours, copies: int = 1) -> str:
        if fate == "scored":
            value = VALUE[CARD_BY_ID[cid]] * (2 if _colour_of(cid) in colours else 1)
            return f"+{value * copies}"
        return FATE_MARK.get(fate, "turned up")

    def settled_card(self, cid, k, copies, fate, seat, name, x, y, colours, caught, stolen, z) -> None:
        who = f"{name}'s {cards_name(cid, copies) if copies > 1 else card_name(cid)}"
        colour = _colour_of(cid)
        more = {}
        if fate == "open":
            words = f"{who}, turned up"
        elif fate == "scored":
            value = VALUE[CARD_BY_ID[cid]] * (2 if colour in colours else 1)
            words = f"{who}: {'each ' if copies > 1 else ''}scores {value}" + (
                " (the colour counts double)" if colour in colours else "")
        else:
            more["tone"] = "muted"
            words = _fate_words(fate, who, colour, caught, stolen)
        self.items.append(card(f"card:shown:{seat}:{cid}:{k}", r1(x), r1(y), _face(cid, copies=copies),
                               w=CARD[0], h=CARD[1], z=z, title=words, **more))
        if fate != "open":  # the fate, centred under the card
            text = self.fate_text(fate, cid, colours, copies)
            left = x + (CARD[0] - text_width(text)) / 2
            tone = {"tone": "winner"} if fate == "scored" else {}
            self.items.append(label(f"fate:{seat}:{cid}:{k}", r1(left), r1(y + CARD[1] + 1), text,
                                    title=words, z=3, **tone))


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


# ---- the wide layout --------------------------------------------------------------------------
class WideTable(Table):
    def __init__(self, obs, names, legal):
        super().__init__(obs, names, legal, wide=True)

    def side(self, board) -> None:
        """The machine stock and the spare decks left of the machines; the legend of the
        card pictures beside them, or along the bottom line, where there is room."""
        box = board.side
        dummies = self.obs["dummies"]
        title = "Stock & spare decks" if dummies else "Machine stock"
        self.zones.append(zone("side", r1(box.x), r1(box.y), r1(box.w), r1(box.h), title,
                               title="cards nobody holds: the machines to come and the spare decks"))
        stock = self.obs["stock"]
        words = f"the machine stock: {plural(stock, 'machine')} face down"
        y = box.y + BAND
        under = y + CARD[1] + 2
        self.items.append(card("back:stock", r1(box.x + 4), r1(y), w=CARD[0], h=CARD[1], z=2,
                               title=words))
        self.items.append(label("stock", r1(box.x + 4), r1(under), f"{stock} left", title=words, z=3))
        x = box.x + 4
        for dummy in dummies:
            x += 60
            slot = dummy["slot"]
            name = seat_name(slot, ())
            words = (f"{name}: {plural(dummy['deck'], 'card')} face down; nobody plays it, it is "
                     "passed on like a player's pile")
            self.items.append(card(f"back:dummy:{slot}", r1(x), r1(y), w=CARD[0], h=CARD[1], z=2,
                                   title=words))
            if dummy["cards"] is not None:  # the all-seeing view names the cards, on the label
                words += f": {named_cards(dummy['cards'])}"
            if dummy["deck"]:
                self.badge(f"count:{slot}", x + (CARD[0] - BADGE) / 2, y + (CARD[1] - BADGE) / 2,
                           dummy["deck"], f"{plural(dummy['deck'], 'card')} in {name}")
            self.items.append(label(f"dummy:{slot}", r1(x), r1(under), f"spare {slot[1:]}",
                                    title=words, z=3))
        legend_x = x + CARD[0] + 10
        if not self.legend(legend_x, y, box.right - 4 - legend_x, per_line=True):
            room = board.width - 8 - (self.pass_end + 24)
            self.legend(self.pass_end + 24, board.pass_y + 1, room, per_line=False)


def scene(obs: dict, names, legal=None) -> dict:
    """The table as ``{"width", "height", "text", "items"}`` for ``obs``'s perspective (see
    the module docstring). ``legal`` (live play) adds ``pick`` to the viewer's hand cards and
    ``drop`` to the machine positions and the viewer's order cards."""
    table = WideTable(obs, names, legal)
    return table.draw(wide_board(obs["players"], table.mini_rows()))
