"""Diced Tomatoes seen from one perspective as a scene (the widgets' board), wide layout.

``scene(obs, names, legal)`` lays the table out in a ``WIDTH``-wide box whose text is ``TEXT``
units (its height grows with the number of players); ``narrow.narrow_scene`` lays the same
things out for a phone-width column. Both are made from the same pieces (below: what each
thing says, its tooltip and its clicks), laid out in their own places:

* the status line across the top (round, whose turn, what happens now);
* the table row: the bushel (red and black dice counted), the dice of this turn (or the dice
  passed on), each a die card whose bottom word says whether it has a spot now, and the
  karma powers with their costs in hearts (a power the player cannot afford is muted);
* one row per player: name, karma, the first/last player marks, then tomatoes A, B and C
  (the dice of each vine, seed first; its shape, its worth and what it takes), then the score
  track of six slots (each harvested seed with its worth; alone, whether it matches);
* a legend of the pictures along the bottom edge.

Item ids (stable while a thing stays where it is): ``die:hand:<slot>`` (this turn's dice,
``d1``...; dice passed on keep the slot they will have), ``die:vine:<vine>:<k>`` (the k-th
die of a vine), ``die:track:<seat>:<slot>``; zones ``table:bushel``, ``table:dice``,
``table:powers``, ``seat:<s>``, ``vine:<vine>``, ``slot:<seat>:<n>``; labels ``status``,
``karma:<s>``, ``mark:<s>``, ``bonus:<s>``, ``score:<s>``, ``note:<vine>`` and
``takes:<vine>`` (the two lines under a vine), ``worth:<seat>:<n>``, ``bushel:red``,
``bushel:black``, ``dice:note``, ``power:set``, ``power:vines``, ``legend:<name>``; power
cards ``power:<name>``.

Helps that tell the moves or the next step are marked ``tells`` (``core/scene.py``; hidden
while an exercise asks about them): the vine lines "seed: any red", "takes 4/5", "takes
nothing" and "ripe: harvest" (``TELLING_WORDS``), and ``dice:note`` while it says which
dice have a spot. A vine's worth, a full score track and the points so far are facts. The
word on a die of this turn ("fits", "no spot") is part of the die's face: marking the die
would hide the die itself (and its click) in an exercise, so it is not marked.

Live play (``legal`` given, the viewer is the active player with dice to place): each die
in hand has ``pick`` (its slot, ``d2``); every token zone and the dice on it have ``drop``
(the vine, ``1B``), and each die power has ``drop`` (``reroll``, ``up``, ``down``, ``over``,
``set1``..``set6``): a die, then a token or a power, sends ``d2:1B`` or ``d2:up``. Drops are
on every token and power, legal or not, so a wrong one is answered with the rule. Vine
powers (clean, flip), ending the turn and the decisions about vines worth 0 are buttons
under the table.
"""
from __future__ import annotations

from ...core.rulebook import join_words
from ...core.scene import card, label, zone
from .dice import (BLACK, POWER_COST, SLOTS, TOKENS, accepts, die_name_of, parse_die, plural,
                   shape, value_words, worth)
from .texts import score_parts, seat_name, solo_score, winners

WIDTH = 800
#: the text size in scene units: legible (the shell's 11 px floor: TEXT * room / WIDTH) beside
#: the side panel at a 968 px output and above it at 592 px (the widget's own padding and a
#: scroll bar leave about 18 px less room than the output's width)
TEXT = 16
MARGIN = 4
STATUS_H = 24
TABLE_H = 126
#: a zone's title line, and a line of label text
TITLE_H = 22
LINE_H = 19.5
SEAT_H = 152
VINE_H = SEAT_H - TITLE_H - 3
GAP = 6
LEGEND_H = 22
#: cards: this turn's dice (room for the word under the picture), dice on vines, on tracks;
#: what a click may land on is at least 38 units wide (24 px at a 592 px output)
HAND_DIE = (44, 62)
VINE_DIE = (38, 62)
TRACK_DIE = (32, 50)
HAND_STEP = 48
#: the least a die in hand shows when many are fanned: still a target to click
HAND_STEP_MIN = 38
VINE_STEP = 40
NAME_W = 132
VINE_W = 140
SLOT_W = 35
BUSHEL_W = 110
DICE_W = 310
#: power cards: (power, width) on the first row; then "set" and a card per value
POWER_ROW = (("reroll", 110), ("down", 68), ("up", 68), ("over", 80))
POWER_H = 38
SET_W = 38


def table_height(n: int) -> int:
    return MARGIN + STATUS_H + TABLE_H + GAP + n * (SEAT_H + GAP) + LEGEND_H


# ---- the scene ------------------------------------------------------------------------
def scene(obs: dict, names, legal=None) -> dict:
    n = obs["players"]
    live = is_live(obs, legal)
    items: list = [label("status", 8, MARGIN, status(obs, names), z=3)]
    zones: list = []
    top = MARGIN + STATUS_H
    _bushel(zones, items, obs, top)
    _dice(zones, items, obs, names, top, live)
    _powers(zones, items, obs, names, top, live)
    y = top + TABLE_H + GAP
    for seat in range(n):
        _seat(zones, items, obs, names, seat, y, live)
        y += SEAT_H + GAP
    items.extend(_legend(obs, y))
    return {"width": WIDTH, "height": table_height(n), "text": TEXT, "items": zones + items}


def _bushel(zones, items, obs, top):
    red, black, words = bushel_words(obs)
    zones.append(zone("table:bushel", MARGIN, top, BUSHEL_W, TABLE_H, "Bushel", icons=["bushel"],
                      title=words + "; a turn draws three of them at random"))
    items.append(label("bushel:red", MARGIN + 8, top + 34, f"{red} red", icons=["die-red-5"],
                       title=words, z=3))
    items.append(label("bushel:black", MARGIN + 8, top + 62, f"{black} black",
                       icons=["die-black-5"], title=words, z=3))


def _dice(zones, items, obs, names, top, live):
    """This turn's dice, or the dice passed on: a row of die cards under the zone's title,
    low enough that a die raised for the click leaves the title readable. Each die keeps its
    place in the row while the others are put down: nothing slides under the pointer."""
    x0 = MARGIN + BUSHEL_W + 4
    zones.append(zone("table:dice", x0, top, DICE_W, TABLE_H, dice_title(obs, names),
                      title="the dice rolled this turn: each must go on a vine if it has a spot"))
    shown = hand_dice(obs, names, live)
    places = len(obs["hand"]) or len(obs["passed"])
    step = _fan_step(places, DICE_W - 16, HAND_DIE[0], HAND_STEP, HAND_STEP_MIN)
    for i, die in enumerate(shown):
        items.append(card(die["id"], round(x0 + 8 + die["slot"] * step, 1), top + 36, die["face"],
                          w=HAND_DIE[0], h=HAND_DIE[1], z=2 + i, title=die["title"],
                          **die["extra"]))
    text = dice_note(obs, names, shown)
    if text:
        items.append(label("dice:note", x0 + 8, top + 36 + HAND_DIE[1] + 3, text, z=3,
                           **dice_note_tells(obs)))


def _fan_step(count: int, room: float, width: float, step: float, least: float) -> float:
    """How far apart ``count`` cards of ``width`` stand in ``room``: ``step`` when they fit,
    closer (never under ``least``) when they do not."""
    if count <= 1:
        return step
    return max(least, min(step, (room - width) / (count - 1)))


def _powers(zones, items, obs, names, top, live):
    x0 = MARGIN + BUSHEL_W + 4 + DICE_W + 4
    zones.append(zone("table:powers", x0, top, WIDTH - MARGIN - x0, TABLE_H,
                      "Karma powers \u00b7 cost in \u2665",
                      title="karma powers: spent on your own turn; the cost is in karma (\u2665)"))
    x = x0 + 8
    for name, width in POWER_ROW:
        items.append(power_card(obs, names, name, x, top + TITLE_H + 1, width, POWER_H, live))
        x += width + 6
    y = top + TITLE_H + 1 + POWER_H + 3
    text, words = power_set_words()
    items.append(label("power:set", x0 + 8, y + 9, text, z=3, title=words))
    for value in range(1, 7):
        items.append(power_card(obs, names, f"set{value}", x0 + 80 + (value - 1) * (SET_W + 4), y,
                                SET_W, POWER_H, live))
    text, words = power_vines_words()
    items.append(label("power:vines", x0 + 8, y + POWER_H + 2, text, z=3, minor=True, title=words))


# ---- a player's row ---------------------------------------------------------------------
def _seat(zones, items, obs, names, seat, y, live):
    name = seat_name(seat, names)
    zones.append(zone(f"seat:{seat}", MARGIN, y, WIDTH - 2 * MARGIN, SEAT_H, name,
                      **seat_extra(obs, names, seat)))
    x = MARGIN + 6
    text, icons, words = karma_text(obs, names, seat)
    items.append(label(f"karma:{seat}", x, y + TITLE_H + 2, text, icons=icons, z=3, title=words))
    mark, bonus = marks(obs, seat)
    if mark:
        items.append(label(f"mark:{seat}", x, y + TITLE_H + 24, mark["text"], z=3, **mark["extra"]))
    if bonus:
        items.append(label(f"bonus:{seat}", x, y + TITLE_H + 46, bonus["text"], z=3, **bonus["extra"]))
    score = score_text(obs, names, seat)
    if score:
        items.append(label(f"score:{seat}", x, y + TITLE_H + 68, score[0], z=3, title=score[1],
                           minor=True))
    for index in range(len(TOKENS)):
        _vine(zones, items, obs, names, seat, index,
              MARGIN + NAME_W + 4 + index * (VINE_W + 4), y + TITLE_H, live)
    _track(zones, items, obs, names, seat, MARGIN + NAME_W + 4 + 3 * (VINE_W + 4), y + TITLE_H)


def _vine(zones, items, obs, names, seat, index, x, y, live):
    head = vine_head(obs, names, seat, index, live)
    zones.append(zone(head["id"], x, y, VINE_W, VINE_H, head["text"], icons=["tomato"],
                      title=head["title"], **head["extra"]))
    dice = vine_dice(obs, names, seat, index, live)
    step = _fan_step(len(dice), VINE_W - 8, VINE_DIE[0], VINE_STEP, 20)
    for k, die in enumerate(dice):
        items.append(card(die["id"], round(x + 4 + k * step, 1), y + TITLE_H + 1, die["face"],
                          w=VINE_DIE[0], h=VINE_DIE[1], z=2 + k, title=die["title"],
                          **die["extra"]))
    line_y = y + TITLE_H + 1 + VINE_DIE[1] + 2
    for line in vine_lines(obs, names, seat, index):
        items.append(label(line["id"], x + 5, line_y, line["text"], z=3, title=line["title"],
                           **line["extra"]))
        line_y += LINE_H


def _track(zones, items, obs, names, seat, x0, y):
    for slot in range(1, SLOTS + 1):
        x = x0 + (slot - 1) * (SLOT_W + 2)
        parts = track_slot(obs, names, seat, slot)
        zones.append(zone(f"slot:{seat}:{slot}", x, y, SLOT_W, VINE_H, str(slot),
                          title=parts["title"]))
        if parts["die"]:
            die = parts["die"]
            items.append(card(die["id"], x + (SLOT_W - TRACK_DIE[0]) / 2, y + TITLE_H + 1,
                              die["face"], w=TRACK_DIE[0], h=TRACK_DIE[1], z=2, title=die["title"]))
            worth = parts["worth"]
            items.append(label(worth["id"], x + 4, y + TITLE_H + 1 + TRACK_DIE[1] + 4, worth["text"], z=3,
                               title=worth["title"], **worth["extra"]))


def _legend(obs, y) -> list:
    out = []
    x = 8
    for icon, text in legend_words(obs):
        out.append(label(f"legend:{icon}", x, y, text, icons=[icon], z=3, minor=True,
                         title=f"this picture: {text}"))
        x += 40 + 8.8 * len(text)
    return out



# ---- the pieces both layouts draw: what each thing says, its tooltip and its clicks --------
#: the die powers of the first row: name -> (the card's word, what it does)
DIE_POWERS = {"reroll": ("re-roll", "roll this die again"),
              "down": ("\u22121", "one down (a 1 goes no lower)"),
              "up": ("+1", "one up (a 6 goes no higher)"),
              "over": ("1\u21946", "a 1 becomes 6, a 6 becomes 1")}
HEART = "\u2665"


def is_live(obs, legal) -> bool:
    """Whether the viewer places dice now (live play on their own turn): dice get clicks."""
    persp = obs["perspective"]
    return bool(legal) and isinstance(persp, int) and obs["phase"] == "play" and obs["turn"] == persp


def die_face(die_text: str, note: str | None = None) -> dict:
    """A die as a card: its value, a picture of its pips in its colour, and a word (its
    colour unless ``note`` says something else; "" for none)."""
    die = parse_die(die_text)
    colour = "black" if die > BLACK else "red"
    face = {"rank": str(die % BLACK), "icon": f"die-{colour}-{die % BLACK}",
            "suit": colour if note is None else note}
    if colour == "red":
        face["color"] = "red"
    return face


def status(obs, names) -> str:
    n = obs["players"]
    phase = obs["phase"]
    if phase == "start":
        return ("Before the game: everybody rolls a die; the lowest plays last" if obs["rolling"]
                and len(obs["rolling"]) == n else "A tie for the lowest start roll: those players roll again")
    if phase == "over":
        best = winners(obs)
        if n == 1:
            score, matches, _ = solo_score(obs)
            return (f"Game over \u00b7 {seat_name(0, names)} {'wins' if best else 'loses'} with "
                    f"{score} ({plural(matches, 'slot')} matched)")
        total = score_parts(obs, best[0])["total"]
        who = join_words([seat_name(s, names) for s in best])
        return f"Game over \u00b7 {who} {'wins' if len(best) == 1 else 'share the win'} with {total}"
    head = f"Round {obs['round']}"
    if obs["final"]:
        head += " \u00b7 final round" if n > 1 else " \u00b7 last turn"
    who = seat_name(obs["turn"], names)
    doing = {"roll": f"{who} draws and rolls", "play": f"{who}'s turn",
             "reroll": f"{who} rolls a die again", "harvest": "a vine is full: harvest",
             "clear": f"{seat_name(int(obs['asks'][0][0]), names) if obs['asks'] else who} decides "
                      "about a vine worth 0",
             "pass": f"{who}'s turn ends", "end": "the game ends"}[phase]
    return f"{head} \u00b7 {doing}"


def bushel_words(obs) -> tuple[int, int, str]:
    red, black = obs["bushel"]
    return red, black, (f"the bushel: {plural(red, 'red die', 'red dice')} and "
                        f"{plural(black, 'black die', 'black dice')}")


def _next_seat(obs) -> int:
    return (obs["turn"] + 1) % obs["players"] if obs["turn"] >= 0 else 0


def dice_title(obs, names) -> str:
    if any(obs["hand"]):
        return "Dice this turn"
    if obs["passed"]:
        return f"Passed on to {seat_name(_next_seat(obs), names)}"
    return "Start roll" if obs["phase"] == "start" else "Dice of the turn"


def hand_dice(obs, names, live) -> list[dict]:
    """This turn's dice (or the dice passed on): per die its id, face, tooltip and clicks;
    its word says whether it has a spot now."""
    hand = obs["hand"]
    if any(hand):
        shown = [(slot, die) for slot, die in enumerate(hand) if die]
    else:
        shown = list(enumerate(obs["passed"]))
    out = []
    for slot, die in shown:
        note, words = _hand_die_words(obs, names, slot, die)
        extra = {"pick": f"d{slot + 1}"} if live and hand and slot < len(hand) and hand[slot] else {}
        if note in ("no spot", "passed"):
            extra["tone"] = "muted"
        out.append({"id": f"die:hand:d{slot + 1}", "slot": slot, "face": die_face(die, note),
                    "title": words, "note": note, "extra": extra})
    return out


def _hand_die_words(obs, names, slot, die) -> tuple[str | None, str]:
    name = die_name_of(die)
    if not any(obs["hand"]):
        return "passed", f"the {name}, passed on: {seat_name(_next_seat(obs), names)} rolls it again"
    if obs["phase"] != "play":
        return None, f"the {name}, die {slot + 1} of this turn"
    spots = obs["spots"][slot]
    if spots:
        return "fits", f"the {name} (die {slot + 1}) can go on " + _spots_words(spots, names)
    return "no spot", f"the {name} (die {slot + 1}) has no spot now: " + _no_spot_words(obs, die)


def dice_note(obs, names, shown) -> str:
    """One short line under the dice: what happens to them."""
    phase = obs["phase"]
    if phase == "start":
        return "the lowest roll plays last"
    if not shown:
        return ""
    if phase == "play":
        left = len(shown)
        fitting = sum(1 for die in shown if die["note"] == "fits")
        if fitting == left:
            return f"{plural(left, 'die', 'dice')} to place: each has a spot"
        if fitting:
            return f"{fitting} of {left} have a spot; others pass on"
        return f"no spot for {'it' if left == 1 else 'them'}: they pass on"
    if phase == "reroll":
        return f"die {obs['pending'][1:]} is rolled again"
    if not any(obs["hand"]) and obs["passed"]:
        return "no spot: rolled again next turn"
    return ""


def dice_note_tells(obs) -> dict:
    """``{"tells": True}`` while the note under the dice says which of them have a spot
    ("3 dice to place: each has a spot", "1 of 3 have a spot; others pass on", "no spot for
    them: they pass on"): where a die may go is what a "what may ... do?" exercise asks."""
    return {"tells": True} if obs["phase"] == "play" else {}


def _spots_words(spots, names) -> str:
    return join_words([f"{seat_name(int(spot[0]), names)}'s tomato {spot[1]}" for spot in spots])


def _no_spot_words(obs, die_text) -> str:
    """Why a die has no spot: what each open vine takes, and black dice never seed."""
    die = parse_die(die_text)
    open_seats = [seat for seat in obs["seats"] if len(seat["track"]) < SLOTS]
    grown = [tuple(parse_die(d) for d in vine) for seat in open_seats for vine in seat["vines"] if vine]
    empty = any(not vine for seat in open_seats for vine in seat["vines"])
    if grown:
        wanted = sorted({v for vine in grown for v in accepts(vine)})
        words = f"the vines take only {value_words(wanted)}" if wanted else "no vine takes more"
    else:
        words = "there is no vine to add to"
    if empty and die > BLACK:
        words += " and a black die is never a seed"
    return words


def _short_of_karma(obs, names, cost: int) -> str:
    """Why the player whose turn it is cannot pay for a power now ("" when they can)."""
    seat = obs["turn"]
    if seat < 0 or obs["phase"] in ("start", "end", "over"):
        return ""
    karma = obs["seats"][seat]["karma"]
    if karma >= cost:
        return ""
    who = "you have" if obs["perspective"] == seat else f"{seat_name(seat, names)} has"
    return f"not enough karma: {who} {karma}"


def power_card(obs, names, name, x, y, w, h, live) -> dict:
    """A die power as a card to drop a die on: its effect and cost in hearts; muted, and its
    tooltip says why, when the player whose turn it is cannot afford it (a click on it is
    still answered with the rule)."""
    kind = "set" if name.startswith("set") else name
    cost = POWER_COST[kind]
    if kind == "set":
        rank, does = name[3:], f"set the chosen die to {name[3:]}"
    else:
        word, does = DIE_POWERS[name]
        rank = f"{word}\u00a0{HEART}{cost}"  # one line: the cost stays beside the power
    title = f"{does}: {cost} karma (choose a die first)"
    extra = {"drop": name} if live else {}
    short = _short_of_karma(obs, names, cost)
    if short:
        extra["tone"] = "muted"
        title += f"; {short}"
    return card(f"power:{name}", x, y, {"rank": rank, "suit": ""}, w=w, h=h, z=3, title=title,
                **extra)


def power_set_words() -> tuple[str, str]:
    return (f"set {HEART}{POWER_COST['set']}:",
            f"set a die to any value: {POWER_COST['set']} karma (choose a die first)")


def power_vines_words() -> tuple[str, str]:
    return (f"clean a vine {HEART}{POWER_COST['clean']} \u00b7 flip a seed {HEART}{POWER_COST['flip']}",
            f"clean one of your vines (its dice back to the bushel): {POWER_COST['clean']} karma; "
            f"turn a vine's seed to its opposite face: {POWER_COST['flip']} karma (buttons under "
            "the table in live play)")


def seat_extra(obs, names, seat) -> dict:
    """A seat zone's tooltip and tone: whose turn it is, who won."""
    name = seat_name(seat, names)
    extra = {"title": name if obs["perspective"] != seat else f"{name} (you)"}
    if seat in obs["to_act"] or (obs["phase"] in ("play", "reroll") and seat == obs["turn"]):
        extra["tone"] = "active"
    elif obs["phase"] == "over" and seat in winners(obs):
        extra["tone"] = "winner"
    return extra


def karma_text(obs, names, seat) -> tuple[str, list, str]:
    """(text, pictures, tooltip) of a seat's karma, with what the last step changed ("4 karma
    +2")."""
    karma = obs["seats"][seat]["karma"]
    change = ""
    news = obs["news"]
    if news and news[0] == "harvest" and news[5] == seat and news[6]:
        change = f" +{news[6]}"
    elif news and news[0] == "power" and obs["turn"] == seat:
        change = f" \u2212{POWER_COST['set' if news[1].startswith('set') else news[1]]}"
    return (f"{karma} karma{change}", ["heart"],
            f"{seat_name(seat, names)}'s karma: {karma} (1 end point per 2 left; at most "
            f"{obs['settings']['karma_keep']} kept after a turn)")


def marks(obs, seat) -> tuple[dict | None, dict | None]:
    """A seat's place in the round (first, last, its start roll) and its bonus, each as
    {"text", "extra"} or None."""
    n = obs["players"]
    info = obs["seats"][seat]
    mark = None
    if info["start"] and obs["phase"] == "start":
        mark = {"text": f"start roll {info['start']}",
                "extra": {"title": f"rolled {info['start']} at the start: the lowest plays last"}}
    elif n > 1 and seat == obs["last"]:
        mark = {"text": "last player", "extra": {
            "icons": ["ketchup"],
            "title": "the last player (ketchup splatter) ends every round; the next seat starts it"}}
    elif n > 1 and seat == obs["first"]:
        mark = {"text": "first player", "extra": {"title": "the first player starts every round"}}
    bonus = None
    if info["bonus"]:
        bonus = {"text": "sixth first +2", "extra": {
            "tone": "winner", "title": "harvested a sixth tomato before anybody else: 2 points"}}
    return mark, bonus


def score_text(obs, names, seat) -> tuple[str, str] | None:
    if obs["players"] == 1:
        return None
    parts = score_parts(obs, seat)
    return (f"points now: {parts['total']}",
            f"{seat_name(seat, names)}'s score if the game ended now: {parts['track']} from the "
            f"track, {parts['bonus']} bonus, {parts['karma_points']} for karma, {parts['vines']} "
            "for three-dice vines")


def vine_head(obs, names, seat, index, live) -> dict:
    """A tomato token: its title (letter and shape), tooltip and the drop of live play."""
    letter = TOKENS[index]
    vid = f"{seat}{letter}"
    dice = tuple(parse_die(d) for d in obs["seats"][seat]["vines"][index])
    kind = shape(dice)
    owner = seat_name(seat, names)
    if kind == "empty":
        text, words = f"{letter}: empty", f"{owner}'s tomato {letter}: an empty token (any red die as a seed)"
    else:
        low, high = min(d % BLACK for d in dice), max(d % BLACK for d in dice)
        text = {"seed": f"{letter}: seed {low}", "set": f"{letter}: set of {low}s",
                "run": f"{letter}: run {low}\u2013{high}"}[kind]
        words = f"{owner}'s tomato {letter}: {text[3:]}, worth {worth(dice)}"
    extra = {"drop": vid} if live else {}
    if len(obs["seats"][seat]["track"]) >= SLOTS:
        extra["tone"] = "muted"
        words += "; the score track is full, so it takes no more dice"
    return {"id": f"vine:{vid}", "text": text, "title": words, "extra": extra}


def vine_dice(obs, names, seat, index, live) -> list[dict]:
    letter = TOKENS[index]
    vid = f"{seat}{letter}"
    owner = seat_name(seat, names)
    out = []
    for k, die in enumerate(obs["seats"][seat]["vines"][index]):
        note = "seed" if k == 0 else None
        out.append({"id": f"die:vine:{vid}:{k}", "face": die_face(die, note),
                    "title": f"the {die_name_of(die)}{', the seed' if k == 0 else ''} on "
                             f"{owner}'s tomato {letter}",
                    "extra": {"drop": vid} if live else {}})
    return out


def vine_lines(obs, names, seat, index) -> list[dict]:
    """The two short lines under a vine: its worth and what it takes, or what the last step
    did there (``note:<vine>``, ``takes:<vine>``)."""
    vid = f"{seat}{TOKENS[index]}"
    first, second, title, tone = _vine_words(obs, names, seat, index)
    extra = {"tone": tone} if tone else {}
    lines = [{"id": f"note:{vid}", "text": first, "title": title,
              "extra": {**extra, **_tells(first)}}]
    if second:
        lines.append({"id": f"takes:{vid}", "text": second, "title": title,
                      "extra": {**extra, **_tells(second)}})
    return lines


#: the words under a vine that tell the moves or the next step, not a fact of the vine: what
#: an empty token takes as its seed, what a vine takes ("takes 4/5", "takes nothing") and that
#: a full one is harvested now; marked ``tells`` (hidden while an exercise asks about them)
TELLING_WORDS = ("seed: any red", "takes ", "ripe: harvest")


def _tells(text: str) -> dict:
    return {"tells": True} if text.startswith(TELLING_WORDS) else {}


def _vine_words(obs, names, seat, index) -> tuple[str, str, str, str | None]:
    """(first line, second line, tooltip, tone) under a vine."""
    news = obs["news"]
    dice = tuple(parse_die(d) for d in obs["seats"][seat]["vines"][index])
    if news and news[0] == "harvest" and news[1] == seat and news[2] == index:
        _, _, _, slot, points, active, earned = news
        words = f"harvested: the seed went to slot {slot}, worth {points}"
        if earned:
            words += f"; {seat_name(active, names)} earned {plural(earned, 'karma', 'karma')}"
        return f"harvested: {points}", f"to slot {slot}", words, "winner"
    if news and news[0] in ("clear", "keep") and news[1] == seat and news[2] == index:
        if news[0] == "clear":
            return "cleared", "", "cleared: its dice went back to the bushel", "warning"
        return "kept", "at worth 0", "kept at worth 0: its owner chose not to clear it", "warning"
    if news and news[0] == "power" and news[1] in ("clean", "flip") and news[2] == seat \
            and news[3] == index:
        if news[1] == "clean":
            return "cleaned", "", "cleaned with karma: its dice went back to the bushel", "warning"
        return ("seed flipped", f"worth {worth(dice)}",
                f"its seed turned to the opposite face with karma: worth {worth(dice)}", "warning")
    full = len(obs["seats"][seat]["track"]) >= SLOTS
    if not dice:
        if full:
            return "track full", "", "no more dice: the score track is full", None
        return "seed: any red", "", "an empty token takes any red die as its seed; never a black one", None
    return _grown_vine_words(dice, full)


def _grown_vine_words(dice, full) -> tuple[str, str, str, str | None]:
    points = worth(dice)
    blacks = plural(sum(1 for d in dice if d > BLACK), "black die", "black dice")
    words = f"worth {points} if harvested (seed {dice[0] % BLACK} less {blacks})"
    if len(dice) >= 4:
        return f"worth {points}", "ripe: harvest", f"four dice: the vine is harvested now, worth {points}", "winner"
    values = sorted(accepts(dice))
    if full:
        return f"worth {points}", "track full", words + "; the score track is full", None
    takes = "takes " + "/".join(str(v) for v in values) if values else "takes nothing"
    words += f"; takes {value_words(values)}" if values else "; takes no more dice"
    return f"worth {points}", takes, words, "warning" if points == 0 else None


def track_slot(obs, names, seat, slot) -> dict:
    """A score slot: its tooltip, and the seed harvested into it with its worth (alone,
    whether it matches the slot)."""
    solo = obs["players"] == 1
    track = obs["seats"][seat]["track"]
    owner = seat_name(seat, names)
    title = f"{owner}'s score slot {slot}" + (f": a tomato worth {slot} matches it" if solo else "")
    if slot > len(track):
        return {"title": title, "die": None, "worth": None}
    seed, points = track[slot - 1]
    die = {"id": f"die:track:{seat}:{slot}", "face": die_face(seed, ""),
           "title": f"slot {slot}: the seed {die_name_of(seed)}, worth {points}"}
    text, extra = str(points), {}
    words = f"worth {points}"
    if solo:
        match = points == slot
        text += " \u2713" if match else " \u2717"
        extra["tone"] = "winner" if match else "warning"
        words += ": matches the slot" if match else f": slot {slot} wanted {slot}"
    return {"title": title, "die": die,
            "worth": {"id": f"worth:{seat}:{slot}", "text": text, "title": words, "extra": extra}}


def legend_words(obs) -> tuple:
    """The pictures a learner meets on this table, in words (alone, nobody is last)."""
    words = (("die-red-5", "red die"), ("die-black-5", "black die: never a seed, \u22121 worth"),
             ("heart", "karma"), ("ketchup", "last player"))
    return words if obs["players"] > 1 else words[:3]
