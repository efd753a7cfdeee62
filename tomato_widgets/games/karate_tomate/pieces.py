"""The pieces of a Karate Tomate table that both layouts draw (``render.py`` lays them out
wide, ``narrow.py`` for a phone-width column): card faces, a seat's Tomato, its card of this
heat, the cards it played, its hand, its Triumph cards and what they add up to, a Triumph card
face up, the picking order and the piles. Each piece is placed by the layout and keeps its item
id in both layouts, so the id names the same thing wherever it is drawn (see ``render.py``).

Sizes are in scene units at the scenes' text size (``TEXT``): a card must hold its rank and
picture (and its vegetable's word when the card is wide enough for it), a clickable card must
leave room above it for the shell to raise it, and a card partly covered by the next one in a
row must still show its rank.
"""
from __future__ import annotations

from collections import Counter

from ...core.scene import card, label, token, zone
from .cards import COLOURS, card_name, is_tomato, plural, symbols_words, tomato_value, triumph
from .texts import fight_words, final_result
from .words import cards_words, named, offer_words, ordinal, score_words, tomato_words

#: the scenes' text size in their own units
TEXT = 12
#: a zone's title line
TITLE = 18
#: one line of label text
LINE = 16
#: how far the shell raises a clickable card (and its ring): the room left above it
RAISE = 8
#: a Triumph card: value, picture and word in the middle of its face, its knives and tomato
#: symbols under them this far above the card's lower edge (on the card when it is raised)
TRIUMPH = (48, 94)
EXTRAS_UP = 21
#: the narrowest card that holds a vegetable's word ("mushroom") under its picture, and the
#: lowest card that holds a value, a picture and a word
SUIT_FITS = 48
WORD_HEIGHT = 56
#: the narrowest card that holds the word "Tomato"
TOMATO_WORD_FITS = 36
#: the least distance between cards of a row that keeps each card's rank in sight
RANK_SHOWS = 20
BADGE_Z = 150
#: a badge (shell.css: a token is 22 units high, at least 22 wide)
BADGE = 22

#: CSS colour of each vegetable's cards (the shell styles gold, red, mixed, green; the
#: mushroom keeps the card's own dark ink)
FACE_COLOR = {"C": "gold", "K": "red", "M": None, "A": "mixed", "B": "green"}


def r1(value: float):
    """Rounded to 0.1, and an int when whole (compact JSON)."""
    value = round(value, 1)
    return int(value) if value == int(value) else value


#: about how wide characters are drawn at ``TEXT`` (the common sans-serif fonts): the narrow
#: and the wide ones; any other letter or figure is ``CHAR``
NARROW = dict.fromkeys("iljI|!.,:;' ", 3.8) | dict.fromkeys("trf()/\u00b7-", 5.0)
WIDE = dict.fromkeys("mwMW", 11.8) | dict.fromkeys("ABCDEGHKNOPQRUVXY", 8.6)
CHAR = 7.6


def text_width(text: str, bold: bool = False) -> float:
    """About how wide ``text`` is drawn at ``TEXT`` (a little more than the browser's fonts
    take, so that what is placed after it never touches it)."""
    width = sum(NARROW.get(c) or WIDE.get(c) or CHAR for c in text)
    return width * (1.14 if bold else 1.0)


def icon_width(count: int) -> float:
    """The row of ``count`` pictures before a label's text (shell.css: 1.15em each, 1 apart,
    3 before the text)."""
    return count * (1.15 * TEXT + 1) + 3 if count else 0


# ---- rows of cards -------------------------------------------------------------------------------
def row_step(count: int, width: float, size: float, step: float) -> float:
    """The distance between the left edges of ``count`` cards ``size`` wide in ``width``:
    ``step`` when they fit, less (overlapping) when they do not."""
    if count <= 1:
        return step
    return max(1.0, min(step, (width - size) / (count - 1)))


def fan(count: int, width: float, size: float, step: float, least: float, drop: float):
    """Where ``count`` cards ``size`` wide go in ``width``: (dx, dy, gap) each, in one row at
    ``step`` apart when they fit, closer down to ``least``; more cards than that go in
    two rows, the second ``drop`` lower (over the lower part of the first: ranks stay in
    sight; with no ``drop``, one row however close). ``gap``: the distance to the next card
    of the row (how much of the card shows)."""
    rows = fan_rows(count, width, size, least) if drop else 1
    in_first = -(-count // rows)
    out = []
    for row, cards in enumerate((in_first, count - in_first)[:rows]):
        gap = row_step(cards, width, size, step)
        out += [(i * gap, row * drop, gap) for i in range(cards)]
    return out


def fan_rows(count: int, width: float, size: float, least: float) -> int:
    """How many rows ``fan`` lays ``count`` cards out in: 1, or 2 when they do not fit one."""
    per_row = max(1, int((width - size) // least) + 1)
    return 1 if count <= per_row else 2


def shown(size, gap: float):
    """How much of a card in a row shows: the next card covers what lies ``gap`` from its
    left edge on (a word under its picture must fit what shows)."""
    w, h = size
    return min(w, gap), h


def occurrences(cards):
    """(card, k) for each card: ``k`` counts the same card earlier in the list."""
    seen = Counter()
    for c in cards:
        yield c, seen[c]
        seen[c] += 1


# ---- faces -------------------------------------------------------------------------------------
def number_face(card_id: str, size) -> dict:
    """A Number card's face: value, vegetable picture, and the vegetable's word where the
    card is big enough to hold it (else the picture and the tooltip say it)."""
    w, h = size
    face = {"rank": card_id[1], "icon": COLOURS[card_id[0]], "suit": COLOURS[card_id[0]]}
    if not (w >= SUIT_FITS and h >= WORD_HEIGHT):
        face["tight"] = True
    if FACE_COLOR[card_id[0]]:
        face["color"] = FACE_COLOR[card_id[0]]
    return face


def tomato_face(value: int, size) -> dict:
    w, h = size
    face = {"rank": str(value), "icon": "tomato", "suit": "Tomato", "color": "red"}
    if not (w >= TOMATO_WORD_FITS and h >= WORD_HEIGHT):
        face["tight"] = True
    return face


def triumph_face(card_id: str) -> dict:
    trophies = triumph(card_id).trophies
    return {"rank": str(trophies), "icon": "trophy",
            "suit": "trophy" if trophies == 1 else "trophies", "color": "gold"}


def triumph_extras(card_id: str) -> list[str]:
    """The pictures on a Triumph card under its trophies: a knife per knife, a tomato per
    tomato symbol."""
    _, knives, tomatoes = triumph(card_id)
    return ["knife"] * knives + ["tomato"] * tomatoes


# ---- a seat's pieces ----------------------------------------------------------------------------
def badge(id_: str, x: float, y: float, w: float, h: float, count: int, title: str) -> dict:
    """A count on the middle of a face-down pile (never over a text beside it)."""
    return token(id_, r1(x + (w - BADGE) / 2), r1(y + (h - BADGE) / 2), str(count), title=title,
                 z=BADGE_Z)


def tomato_card(info, seat, x, y, size, name, actions) -> list[dict]:
    """The seat's Tomato: face up when this view may know it, else face down; nothing while
    it lies face down as this heat's card."""
    w, h = size
    if info["commit"] and is_tomato(info["commit"]):
        return []
    if not info["tomato"]:
        return [card(f"tomato:{seat}", r1(x), r1(y), w=w, h=h, z=2,
                     title=f"{name}'s Tomato, not shown")]
    value = tomato_value(info["tomato"])
    words = f"{name}'s Tomato: {value}" + (", shown to everybody" if info["tomato_shown"]
                                            else ", not shown to the others")
    extra = {}
    if "tomato" in actions:
        extra["action"] = "tomato"
        words += ": click to play it face down and drop out of this fight"
    return [card(f"tomato:{seat}", r1(x), r1(y), tomato_face(value, size), w=w, h=h, z=2,
                 title=words, **extra)]


def commit_card(info, seat, x, y, size, name, heat) -> list[dict]:
    """The card the seat has put face down in this heat (face up to its owner)."""
    if not info["committed"]:
        return []
    w, h = size
    commit = info["commit"]
    if commit and is_tomato(commit):
        return [card(f"commit:{seat}", r1(x), r1(y), tomato_face(tomato_value(commit), size),
                     w=w, h=h, z=4, tone="muted",
                     title=f"{name}'s card for heat {heat}: the Tomato, face down")]
    if commit:
        return [card(f"commit:{seat}", r1(x), r1(y), number_face(commit, size), w=w, h=h, z=4,
                     tone="muted", title=f"{name}'s card for heat {heat}: the "
                                         f"{card_name(commit)}, face down")]
    return [card(f"commit:{seat}", r1(x), r1(y), w=w, h=h, z=4,
                 title=f"{name}'s card for heat {heat}, face down")]


def played_cards(info, seat, x, y, width, size, name) -> tuple[list[dict], float]:
    """The Number cards the seat has played this round, face up in order, and where the
    row ends (this heat's card goes there)."""
    played = info["played"]
    w, h = size
    step = max(RANK_SHOWS, row_step(len(played), width, w, w + 3))
    items = [card(f"card:played:{seat}:{i}", r1(x + i * step), r1(y),
                  number_face(card_id, shown(size, step)),
                  w=w, h=h, z=2 + i, title=f"{name}'s {ordinal(i + 1)} card this round: the "
                                           f"{card_name(card_id)}")
             for i, card_id in enumerate(played)]
    end = x + (len(played) - 1) * step + w + 4 if played else x
    return items, end


def hand_count_words(count: int, name: str) -> str:
    """A hidden hand's size: the Tomato is one of its cards until it is played."""
    return f"{plural(count, 'card')} in {name}'s hand (the Tomato counts as one while held)"


def hidden_hand(info, seat, x, y, size, name) -> list[dict]:
    """A hand this view may not see: one face-down card with the count on it."""
    if not info["hand_size"]:
        return []
    w, h = size
    return [card(f"back:hand:{seat}", r1(x), r1(y), w=w, h=h, z=2,
                 title=f"{name}'s hand, face down"),
            badge(f"hand:{seat}", x, y, w, h, info["hand_size"],
                  hand_count_words(info["hand_size"], name))]


def hand_cards(info, seat, x, y, width, size, name, actions, step, least, drop,
               suits: bool = True) -> list[dict]:
    """A hand face up, in a row (two when long); the vegetables' words on the cards where
    they fit what shows of each card (``suits``: at all; a hand whose cards would gain and
    lose their words as it grows and shrinks goes without). Live play: in a heat every card
    is clickable (one that may not be played is answered with the rule that says why); when
    discarding, the cards that may go."""
    w, h = size
    hand = info["hand"]
    fighting = "tomato" in actions
    places = fan(len(hand), width, w, step, least, drop)
    items = []
    for i, ((card_id, k), (dx, dy, gap)) in enumerate(zip(occurrences(hand), places)):
        extra = {}
        words = f"the {card_name(card_id)} in {name}'s hand"
        if fighting:
            extra["action"] = f"play:{card_id}"
            if extra["action"] in actions:
                words += ": click to play it face down"
        elif f"discard:{card_id}" in actions:
            extra["action"] = f"discard:{card_id}"
            words += ": click to discard it"
        items.append(card(f"card:hand:{seat}:{card_id}:{k}", r1(x + dx), r1(y + dy),
                          number_face(card_id, shown(size, gap if suits else 0)), w=w, h=h,
                          z=2 + i, title=words, **extra))
    return items


def won_pile(info, seat, x, y, size, name) -> list[dict]:
    """The seat's Triumph cards: a face-down pile with the count on it."""
    count = info["won_count"]
    if not count:
        return []
    w, h = size
    words = won_pile_words(info, name)
    return [card(f"back:won:{seat}", r1(x), r1(y), w=w, h=h, z=2, title=words),
            badge(f"won:{seat}", x, y, w, h, count, words)]


def won_pile_words(info, name) -> str:
    if info["won"] is not None:
        return (f"{name}'s Triumph cards, face down: {offer_words(info['won'])}"
                if info["won"] else f"{name} has won no Triumph card yet")
    return f"{name}'s Triumph cards: {plural(info['won_count'], 'card')}, face down"


def info_line(obs, info) -> str:
    """Where the seat stands in this round's fight ("" between fights)."""
    if not obs["heat"]:
        return ""
    if info["fighting"]:
        if not info["played"]:
            return "in the fight"
        return f"total {info['total']} \u00b7 {info['colour']}"
    return f"out \u00b7 total {info['total']}" if info["played"] else "out of this fight"


def info_label(obs, info, seat, x, y) -> list[dict]:
    text = info_line(obs, info)
    if not text:
        return []
    return [label(f"info:{seat}", r1(x), r1(y), text, z=3, title=fight_words(info) or text)]


# ---- trophies, knives and the knife rule ---------------------------------------------------------
def knife_danger(obs, seat) -> str:
    """Whether the knife rule threatens ``seat`` as this view can tell: "fewest" when every
    seat's knives are known (the all-seeing view, the end) and the seat has the fewest (not
    all level); "none" for the viewer holding no knife while Triumph cards have been won (the
    others' knives are face down to them: with none, they are among the fewest whatever the
    others hold); "" otherwise."""
    seats = obs["seats"]
    knives = [info["knives"] for info in seats]
    if None not in knives:
        fewest = min(knives)
        return "fewest" if fewest != max(knives) and knives[seat] == fewest else ""
    if seat == obs["perspective"] and knives[seat] == 0 \
            and any(info["won_count"] for info in seats):
        return "none"
    return ""


def danger_words(obs, seat, short: bool = False) -> str:
    """The warning of ``knife_danger`` as a sentence for the viewer's own seat (``short``
    for a narrow board)."""
    danger = knife_danger(obs, seat)
    if danger == "fewest":
        if obs["phase"] == "over":
            return "Fewest knives: knocked out" if short else \
                "Fewest knives: knocked out, whatever the trophies"
        return "Fewest knives so far: out if it ended now" if short else \
            "Fewest knives so far: knocked out if the game ended now"
    if danger == "none":
        return "No knife yet: the fewest knives lose" if short else \
            "No knife yet: the fewest knives are knocked out at the end"
    return ""


def danger_title(obs, seat, names) -> str:
    name = named(seat, names)
    if knife_danger(obs, seat) == "none":
        return (f"{name} holds no knife. At the end whoever has the fewest knives is knocked "
                "out, however many trophies they have (unless everybody has as many)")
    return (f"{name} has the fewest knives. At the end whoever has the fewest knives is "
            "knocked out, however many trophies they have (unless everybody has as many)")


def score_labels(obs, info, seat, name, x, y, long: bool) -> list[dict]:
    """What the seat's Triumph cards add up to, where this view knows it: a trophy and a
    knife picture with the counts (``long``: with the words), the knives in the warning
    colour when the knife rule threatens the seat (``warning`` says it in words)."""
    if info["won"] is None:
        return []
    words = f"{name}'s Triumph cards add up to {score_words(info['trophies'], info['knives'])}"
    trophies = (plural(info["trophies"], "trophy", "trophies") if long
                else str(info["trophies"]))
    knives = plural(info["knives"], "knife", "knives") if long else str(info["knives"])
    extra = {}
    if knife_danger(obs, seat):
        extra["tone"] = "warning"
    trophies_item = label(f"won:{seat}:trophies", r1(x), r1(y), trophies, icons=["trophy"],
                          z=3, title=words)
    knives_x = x + score_width(trophies) + 8
    return [trophies_item, label(f"won:{seat}:knives", r1(knives_x), r1(y), knives,
                                 icons=["knife"], z=3, title=words, **extra)]


def score_width(text: str) -> float:
    """How wide a trophy or knife label with ``text`` is."""
    return icon_width(1) + text_width(text)


def score_labels_width(info, long: bool) -> float:
    """How wide ``score_labels`` draws (0 when this view does not know the score)."""
    if info["won"] is None:
        return 0
    trophies = plural(info["trophies"], "trophy", "trophies") if long else str(info["trophies"])
    knives = plural(info["knives"], "knife", "knives") if long else str(info["knives"])
    return score_width(trophies) + 8 + score_width(knives)


def warning_tells(obs) -> dict:
    """``{"tells": True}`` on the knife rule's warning while the game goes on: it foretells
    who the rule knocks out at the end (what the scoring step will do); once the game is
    over it says what happened."""
    return {} if obs["phase"] == "over" else {"tells": True}


def warning(obs, seat, names, x, y, long: bool, short: bool = False) -> list[dict]:
    """The knife rule's warning on the seat's place (``knife_danger``): a sentence for the
    viewer's own seat (``long``; ``short`` for a narrow board), two words on another's."""
    if not knife_danger(obs, seat):
        return []
    text = danger_words(obs, seat, short) if long else "fewest knives"
    return [label(f"warn:{seat}", r1(x), r1(y), text, z=3, tone="warning",
                  title=danger_title(obs, seat, names), **warning_tells(obs))]


def warning_width(obs, seat, long: bool) -> float:
    if not knife_danger(obs, seat):
        return 0
    return text_width(danger_words(obs, seat) if long else "fewest knives")


def seat_zone(obs, seat, x, y, w, h, names, own: bool, winner) -> dict:
    """A seat's area, titled with the name: marked while the seat decides, as the winner at
    the end, muted while it is out of the fight."""
    name = named(seat, names)
    info = obs["seats"][seat]
    extra = {}
    if seat in obs["to_act"]:
        extra["tone"] = "active"
    elif seat == winner:
        extra["tone"] = "winner"
    elif obs["heat"] and not info["fighting"]:
        extra["tone"] = "muted"
    return zone(f"seat:{seat}", r1(x), r1(y), r1(w), r1(h), name,
                title=f"{name} (you)" if own else name, **extra)


def winner_of(obs):
    """The winner's seat once the game is over, else None."""
    return final_result(obs)[0][1] if obs["phase"] == "over" else None


# ---- the middle of the table -------------------------------------------------------------------
def triumph_card(card_id, k, x, y, size, actions) -> list[dict]:
    """A Triumph card face up: its trophies as the face's value and picture, its knives and
    tomato symbols as pictures on the face under them, all in words in the tooltip. A card
    that may be taken carries ``take:<card>``; its pictures lie high enough on the face to
    stay on it when the shell raises the card."""
    w, h = size
    words = f"Triumph card: {symbols_words(card_id)}"
    extra = {}
    if f"take:{card_id}" in actions:
        extra["action"] = f"take:{card_id}"
        words += " (click to take it)"
    items = [card(f"triumph:{card_id}:{k}", r1(x), r1(y), triumph_face(card_id), w=w, h=h, z=2,
                  title=words, **extra)]
    extras = triumph_extras(card_id)
    if extras:
        left = x + (w - icon_width(len(extras)) + 3) / 2
        items.append(label(f"triumph:{card_id}:{k}:more", r1(left), r1(y + h - EXTRAS_UP), "",
                           icons=extras, z=5, title=words))
    return items


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


def order_lines(obs, names, x, y, line) -> list[dict]:
    """Once the fight is over: who picks in which order, with the totals, the Tomatoes shown
    by tied players, and whether they have swapped them yet; one line each."""
    order = obs["order"]
    if not order:
        return []
    shown = shown_before_swap(obs)
    items = []
    for place, (seat, total) in enumerate(zip(order, obs["totals"])):
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
        items.append(label(f"order:{place}", r1(x), r1(y + place * line), text, z=3,
                           title=f"{words}; {state}", **extra))
    if obs["ties"]:
        swap_next = obs["phase"] == "swap"
        text = ("tied players swap Tomatoes next" if swap_next
                else "tied players have swapped Tomatoes")
        # before the swap the line foretells the forced step (a "what happens next?")
        items.append(label("order:ties", r1(x), r1(y + len(order) * line), text, z=3,
                           title="equal totals: the higher Tomato picks first, then the tied "
                                 "players swap Tomatoes, highest with lowest",
                           **({"tells": True} if swap_next else {})))
    return items


#: the piles: (key, what it is, what its cards are)
PILES = (("pile", "Triumph pile", "Triumph cards, face down"),
         ("draw", "draw pile", "Number cards, face down"))


def pile_labels(obs, x, y, line) -> list[dict]:
    """The piles' sizes, one line each: Triumph pile, draw pile, discard pile."""
    items = []
    for i, (key, what, words) in enumerate(PILES):
        count = obs[key]
        items.append(label(key, r1(x), r1(y + i * line), f"{what} {count}", z=3,
                           title=f"the {what}: {count} {words}"))
    discard = obs["discard"]
    words = (f"the discard pile, face up: {cards_words(discard)}" if discard
             else "the discard pile is empty")
    items.append(label("discard:text", r1(x), r1(y + 2 * line), f"discard pile {len(discard)}",
                       z=3, title=words))
    return items


def pile_backs(obs, x, y, size, line) -> list[dict]:
    """A face-down card beside the Triumph pile's and the draw pile's lines."""
    w, h = size
    items = []
    for i, (key, what, _) in enumerate(PILES):
        count = obs[key]
        if count:
            items.append(card(f"back:{key}", r1(x), r1(y + i * line), w=w, h=h, z=2,
                              title=f"the {what}: {plural(count, 'card')}"))
    return items


# ---- the words over the table --------------------------------------------------------------------
def status(obs, names, short: bool = False) -> str:
    """What happens now, in words that hold for the whole heat or stage (whose turn it is
    shows on the seats' zones); ``short`` for a narrow table."""
    phase, rnd, heat = obs["phase"], obs["round"], obs["heat"]
    head = f"Round {rnd}"
    if phase == "deal":
        return "Before the first round: the deal" if short else \
            "Before the first round: the Tomatoes and the Number cards are dealt next"
    if phase == "turnup":
        return f"Round {rnd + 1}: the warm-up turns up Triumph cards"
    if phase in ("fight", "reveal"):
        return f"{head} \u00b7 heat {heat}" + ("" if short else
                                                " \u00b7 everybody still fighting puts a card "
                                                "face down")
    if phase in ("rank", "swap", "pick") or (phase in ("draw", "reshuffle") and obs["order"]):
        return f"{head} \u00b7 " + ("Triumph cards are picked" if short else
                                    "the fight is over \u00b7 Triumph cards are picked")
    if phase in ("drop", "discard", "draw", "reshuffle"):
        return f"{head} \u00b7 heat {heat} \u00b7 " + ("drawing" if short else
                                                        "who played the Tomato draws cards")
    if phase == "clear":
        return f"{head} \u00b7 the round ends"
    if phase == "call":
        return f"{head} is over \u00b7 " + ("calling the end?" if short else
                                            f"a player with {obs['call_at']} trophies may "
                                            "call the end")
    if phase == "score":
        return "The game ends: Triumph cards turn over" if short else \
            "The game ends: everybody turns over their Triumph cards"
    winner = final_result(obs)[0][1]
    if short:
        return f"Game over \u00b7 {named(winner, names)} wins"
    seat = obs["seats"][winner]
    return (f"Game over \u00b7 {named(winner, names)} wins with "
            f"{score_words(seat['trophies'], seat['knives'])}")
