"""Diced Tomatoes seen from one perspective as a scene (the widgets' board).

``scene(obs, names, legal)`` lays the table out in a ``WIDTH``-wide box (its height grows with
the number of players):

* the status line across the top (round, whose turn, what happens now);
* the table row: the bushel (red and black dice counted, each with a die picture), the dice
  of this turn (or the dice passed on, or the start roll), each a die card whose bottom line
  says whether it has a spot now (``fits`` / ``no spot``), and the karma powers with their
  costs (in live play the places a chosen die can be dropped on to use one);
* one row per player: name, karma track (a heart per karma, empty hearts up to 6), the
  first/last player marks, then tomatoes A, B and C (the dice of each vine, seed first, its
  shape and worth and what it takes), then the score track of six slots (each harvested
  seed with its worth; alone, whether it matches the slot's number);
* a legend of the pictures along the bottom edge.

Dice are cards: the value (rank), a picture of the die with its pips in the die's colour
(icon, from ``sprites.svg``: black dice are drawn black with white pips) and the colour's
word or what the die can do now (suit), so colour is never the only cue. What the last step
did is written where it happened: a harvest on the token it left empty, karma earned or
spent beside the karma track.

Item ids (stable while a thing stays where it is): ``die:hand:<slot>`` (this turn's dice,
``d1``...; dice passed on keep the slot they will have), ``die:vine:<vine>:<k>`` (the k-th
die of a vine), ``die:track:<seat>:<slot>``; zones ``table:bushel``, ``table:dice``,
``table:powers``, ``seat:<s>``, ``vine:<vine>``, ``slot:<seat>:<n>``; labels ``status``,
``karma:<s>``, ``mark:<s>``, ``note:<vine>``, ``worth:<seat>:<n>``, ``bushel:red``,
``bushel:black``, ``dice:note``, ``legend:<name>``; power tokens ``power:<name>``.

Live play (``legal`` given, the viewer is the active player with dice to place): each die
in hand has ``pick`` (its slot, ``d2``); every token zone and the dice on it have ``drop``
(the vine, ``1B``), and each die power has ``drop`` (``reroll``, ``up``, ``down``, ``over``,
``set1``..``set6``): a die, then a token or a power, sends ``d2:1B`` or ``d2:up``. Drops are
on every token and power, legal or not, so a wrong one is answered with the rule. Vine
powers (clean, flip), ending the turn and the decisions about vines worth 0 are buttons
under the table (their labels say the cost and the target).
"""
from __future__ import annotations

from ...core.rulebook import join_words
from ...core.scene import card, label, token, zone
from .dice import (BLACK, POWER_COST, SLOTS, TOKENS, accepts, die_name_of, parse_die,
                   plural, shape, value_words, worth)
from .texts import score_parts, seat_name, solo_score, winners

WIDTH = 900
MARGIN = 4
STATUS_H = 22
TABLE_H = 104
SEAT_H = 114
GAP = 6
LEGEND_H = 20
DIE = (34, 54)
DIE_STEP = 36
NAME_W = 146
VINE_W = 150
SLOT_W = 40

#: the karma powers shown with their costs; the die powers can be dropped on
DIE_POWER_ITEMS = (("reroll", "re-roll", "roll this die again"),
                   ("down", "\u22121", "one down (a 1 goes no lower)"),
                   ("up", "+1", "one up (a 6 goes no higher)"),
                   ("over", "1\u21946", "a 1 becomes 6, a 6 becomes 1"))


def _face(die_text: str, note: str | None = None) -> dict:
    die = parse_die(die_text)
    colour = "black" if die > BLACK else "red"
    face = {"rank": str(die % BLACK), "icon": f"die-{colour}-{die % BLACK}", "suit": note or colour}
    if colour == "red":
        face["color"] = "red"
    return face


def table_height(n: int) -> int:
    return MARGIN + STATUS_H + TABLE_H + GAP + n * SEAT_H + (n - 1) * GAP + GAP + LEGEND_H


def _status(obs, names) -> str:
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


# ---- the scene ------------------------------------------------------------------------
def scene(obs: dict, names, legal=None) -> dict:
    n = obs["players"]
    persp = obs["perspective"]
    live = bool(legal) and isinstance(persp, int) and obs["phase"] == "play" and obs["turn"] == persp
    items: list = [label("status", 8, MARGIN, _status(obs, names), z=3)]
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
    return {"width": WIDTH, "height": table_height(n), "items": zones + items}


def _bushel(zones, items, obs, top):
    red, black = obs["bushel"]
    words = f"the bushel: {plural(red, 'red die', 'red dice')} and {plural(black, 'black die', 'black dice')}"
    zones.append(zone("table:bushel", MARGIN, top, 140, TABLE_H, "Bushel", icons=["bushel"],
                      title=words + "; a turn draws three of them at random"))
    items.append(label("bushel:red", MARGIN + 10, top + 30, f"{red} red", icons=["die-red-5"],
                       title=words, z=3))
    items.append(label("bushel:black", MARGIN + 10, top + 54, f"{black} black",
                       icons=["die-black-5"], title=words, z=3))


def _dice(zones, items, obs, names, top, live):
    """This turn's dice, or the dice passed on, or the start roll."""
    x0 = MARGIN + 146
    width = 440
    phase = obs["phase"]
    hand = obs["hand"]
    turn = obs["turn"]
    nxt = (turn + 1) % obs["players"] if turn >= 0 else 0
    if any(hand):
        title = f"{seat_name(turn, names)}'s dice this turn"
        shown = [(slot, die) for slot, die in enumerate(hand) if die]
    elif obs["passed"]:
        title = f"Passed on to {seat_name(nxt, names)}"
        shown = list(enumerate(obs["passed"]))
    else:
        title = "Dice of the turn"
        shown = []
    zones.append(zone("table:dice", x0, top, width, TABLE_H, title,
                      title="the dice rolled this turn: each must go on a vine if it has a spot"))
    step = DIE_STEP if len(shown) <= 1 else max(8, min(DIE_STEP, (width - 16 - DIE[0]) / (len(shown) - 1)))
    fitting = 0
    for i, (slot, die) in enumerate(shown):
        name = die_name_of(die)
        if any(hand):
            spots = obs["spots"][slot] if phase == "play" else []
            if phase != "play":
                note, words = None, f"the {name}, die {slot + 1} of this turn"
            elif spots:
                fitting += 1
                note = "fits"
                words = f"the {name} (die {slot + 1}) can go on " + _spots_words(spots, names)
            else:
                note = "no spot"
                words = f"the {name} (die {slot + 1}) has no spot now: " + _no_spot_words(obs, die)
        else:
            note, words = "passed", f"the {name}, passed on: {seat_name(nxt, names)} rolls it again"
        extra = {}
        if live and hand[slot]:
            extra["pick"] = f"d{slot + 1}"
        if note in ("no spot", "passed"):
            extra["tone"] = "muted"
        items.append(card(f"die:hand:d{slot + 1}", round(x0 + 8 + i * step, 1), top + 20,
                          _face(die, note), w=DIE[0], h=DIE[1], z=2 + i, title=words, **extra))
    text = _dice_note(obs, names, shown, fitting)
    if text:
        items.append(label("dice:note", x0 + 8, top + 20 + DIE[1] + 8, text, z=3))


def _dice_note(obs, names, shown, fitting) -> str:
    phase = obs["phase"]
    if phase == "start":
        rolls = [f"{seat_name(s, names)} {info['start']}" for s, info in enumerate(obs["seats"])
                 if info["start"]]
        return ("Start roll: " + ", ".join(rolls)) if rolls else ""
    if not shown:
        return ""
    if phase == "play":
        left = len(shown)
        if fitting == left:
            return f"{plural(left, 'die', 'dice')} to place: each has a spot"
        if fitting:
            return f"{fitting} of {left} have a spot; the others pass on unless karma helps"
        return f"no spot for {'it' if left == 1 else 'any of them'}: they pass on at the end of the turn"
    if phase == "reroll":
        return f"die {obs['pending'][1:]} is rolled again"
    if not any(obs["hand"]) and obs["passed"]:
        return "no spot for these: rolled again with the next turn's dice"
    return ""


def _spots_words(spots, names) -> str:
    words = []
    for spot in spots:
        seat, letter = int(spot[0]), spot[1]
        words.append(f"{seat_name(seat, names)}'s tomato {letter}")
    return join_words(words)


def _no_spot_words(obs, die_text) -> str:
    """Why a die has no spot: what each open vine takes, and black dice never seed."""
    die = parse_die(die_text)
    takes = []
    empty = False
    for seat, info in enumerate(obs["seats"]):
        if len(info["track"]) >= SLOTS:
            continue
        for letter, vine in zip(TOKENS, info["vines"]):
            dice = tuple(parse_die(d) for d in vine)
            if not dice:
                empty = True
            else:
                takes.append(value_words(accepts(dice)))
    parts = []
    if takes:
        wanted = sorted({v for seat in obs["seats"] if len(seat["track"]) < SLOTS
                         for vine in seat["vines"] if vine
                         for v in accepts(tuple(parse_die(d) for d in vine))})
        parts.append(f"the vines take only {value_words(wanted)}" if wanted else "no vine takes more")
    else:
        parts.append("there is no vine to add to")
    if empty and die > BLACK:
        parts.append("and a black die is never a seed")
    return " ".join(parts)


def _powers(zones, items, obs, names, top, live):
    x0 = MARGIN + 592
    width = WIDTH - MARGIN - x0
    zones.append(zone("table:powers", x0, top, width, TABLE_H, "Karma powers \u00b7 cost",
                      title="karma powers: spent on your own turn; the cost is in karma"))
    x = x0 + 8
    y = top + 22
    for name, text, words in DIE_POWER_ITEMS:
        cost = POWER_COST[name]
        extra = {"drop": name} if live else {}
        items.append(token(f"power:{name}", x, y, f"{text} \u00b7 {cost}", z=3,
                           title=f"{words}: {cost} karma (choose a die first)", **extra))
        x += 22 + 7 * (len(text) + 4)
    x = x0 + 8
    y += 26
    items.append(label("power:set", x, y + 3, "set \u00b7 6:", z=3,
                       title="set a die to any value: 6 karma (choose a die first)"))
    x += 50
    for value in range(1, 7):
        extra = {"drop": f"set{value}"} if live else {}
        items.append(token(f"power:set{value}", x, y, str(value), z=3,
                           title=f"set the chosen die to {value}: 6 karma", **extra))
        x += 32
    items.append(label("power:vines", x0 + 8, y + 28,
                       f"clean a vine \u00b7 {POWER_COST['clean']}, flip a seed \u00b7 {POWER_COST['flip']}",
                       z=3, minor=True,
                       title="clean one of your vines (its dice back to the bushel): 3 karma; turn "
                             "a vine's seed to its opposite face: 5 karma (buttons under the "
                             "table in live play)"))


# ---- a player's row ---------------------------------------------------------------------
def _seat(zones, items, obs, names, seat, y, live):
    n = obs["players"]
    info = obs["seats"][seat]
    name = seat_name(seat, names)
    extra = {}
    if seat in obs["to_act"] or (obs["phase"] in ("play", "reroll") and seat == obs["turn"]):
        extra["tone"] = "active"
    elif obs["phase"] == "over" and seat in winners(obs):
        extra["tone"] = "winner"
    zones.append(zone(f"seat:{seat}", MARGIN, y, WIDTH - 2 * MARGIN, SEAT_H, name,
                      title=name if obs["perspective"] != seat else f"{name} (you)", **extra))
    _karma(items, obs, names, seat, info, y)
    marks = []
    icons = []
    if n > 1 and seat == obs["last"]:
        marks.append("last player")
        icons = ["ketchup"]
    if n > 1 and seat == obs["first"]:
        marks.append("first player")
    if info["start"] and obs["phase"] == "start":
        marks.append(f"start roll {info['start']}")
    if info["bonus"]:
        marks.append("sixth first: +2")
    if marks:
        items.append(label(f"mark:{seat}", MARGIN + 8, y + 48, ", ".join(marks), icons=icons, z=3,
                           title="the last player (ketchup splatter) ends every round; the next "
                                 "seat starts it" if "last player" in marks else ", ".join(marks)))
    if n > 1:
        parts = score_parts(obs, seat)
        items.append(label(f"score:{seat}", MARGIN + 8, y + 70, f"points now: {parts['total']}", z=3,
                           title=f"{name}'s score if the game ended now: {parts['track']} from the "
                                 f"track, {parts['bonus']} bonus, {parts['karma_points']} for karma, "
                                 f"{parts['vines']} for three-dice vines", minor=True))
    full = len(info["track"]) >= SLOTS
    for token_index, letter in enumerate(TOKENS):
        _vine(zones, items, obs, names, seat, token_index, MARGIN + NAME_W + token_index * (VINE_W + 4),
              y + 18, live, full)
    _track(zones, items, obs, names, seat, y + 18)


def _karma(items, obs, names, seat, info, y):
    karma = info["karma"]
    icons = ["heart"] * karma + ["heart-empty"] * max(0, 6 - karma)
    change = ""
    news = obs["news"]
    if news and news[0] == "harvest" and news[5] == seat and news[6]:
        change = f" (+{news[6]})"
    elif news and news[0] == "power" and obs["turn"] == seat:
        change = f" (\u2212{POWER_COST['set' if news[1].startswith('set') else news[1]]})"
    items.append(label(f"karma:{seat}", MARGIN + 8, y + 22, f"{karma}{change}", icons=icons, z=3,
                       title=f"{seat_name(seat, names)}'s karma: {karma} (1 end point per 2 left; "
                             f"at most {obs['settings']['karma_keep']} kept after a turn)"))


def _vine(zones, items, obs, names, seat, index, x, y, live, full):
    letter = TOKENS[index]
    vid = f"{seat}{letter}"
    dice_ids = obs["seats"][seat]["vines"][index]
    dice = tuple(parse_die(d) for d in dice_ids)
    kind = shape(dice)
    owner = seat_name(seat, names)
    if kind == "empty":
        head, words = f"{letter}: empty", f"{owner}'s tomato {letter}: an empty token (any red die as a seed)"
    else:
        low, high = min(d % BLACK for d in dice), max(d % BLACK for d in dice)
        head = {"seed": f"{letter}: seed {low}", "set": f"{letter}: set of {low}s",
                "run": f"{letter}: run {low}\u2013{high}"}[kind]
        words = f"{owner}'s tomato {letter}: {head[3:]}, worth {worth(dice)}"
    extra = {}
    if live:
        extra["drop"] = vid
    if full:
        extra["tone"] = "muted"
        words += "; the score track is full, so it takes no more dice"
    zones.append(zone(f"vine:{vid}", x, y, VINE_W, SEAT_H - 22, head, icons=["tomato"], title=words,
                      **extra))
    for k, die in enumerate(dice_ids):
        note = "seed" if k == 0 else ("black" if parse_die(die) > BLACK else "red")
        item = card(f"die:vine:{vid}:{k}", x + 4 + k * DIE_STEP, y + 18, _face(die, note),
                    w=DIE[0], h=DIE[1], z=2 + k,
                    title=f"the {die_name_of(die)}{', the seed' if k == 0 else ''} on {owner}'s tomato {letter}")
        if live:
            item["drop"] = vid
        items.append(item)
    items.append(_vine_note(obs, names, seat, index, vid, dice, x, y + 18 + DIE[1] + 3, full))


def _vine_note(obs, names, seat, index, vid, dice, x, y, full):
    """Under a vine: its worth and what it takes, or what the last step did there."""
    news = obs["news"]
    if news and news[0] == "harvest" and news[1] == seat and news[2] == index:
        _, _, _, slot, points, active, earned = news
        text = f"harvested: {points} to slot {slot}"
        words = f"harvested: the seed went to slot {slot}, worth {points}"
        if earned:
            words += f"; {seat_name(active, names)} earned {plural(earned, 'karma', 'karma')}"
        return label(f"note:{vid}", x + 4, y, text, z=3, tone="winner", title=words)
    if news and news[0] in ("clear", "keep") and news[1] == seat and news[2] == index:
        text = "cleared" if news[0] == "clear" else "kept at worth 0"
        return label(f"note:{vid}", x + 4, y, text, z=3, tone="warning", title=text)
    if news and news[0] == "power" and news[1] in ("clean", "flip") and news[2] == seat and news[3] == index:
        text = "cleaned" if news[1] == "clean" else f"seed flipped, worth {worth(dice)}"
        return label(f"note:{vid}", x + 4, y, text, z=3, tone="warning", title=text)
    if not dice:
        text = "track full" if full else "seed: any red"
        return label(f"note:{vid}", x + 4, y, text, z=3,
                     title="no more dice: the score track is full" if full else
                     "an empty token takes any red die as its seed; never a black one")
    points = worth(dice)
    if len(dice) >= 4:
        return label(f"note:{vid}", x + 4, y, f"worth {points} \u00b7 ripe", z=3, tone="winner",
                     title=f"four dice: the vine is harvested now, worth {points}")
    values = sorted(accepts(dice))
    takes = "" if full else (" \u00b7 takes " + "/".join(str(v) for v in values) if values else " \u00b7 full")
    tone = {"tone": "warning"} if points == 0 else {}
    return label(f"note:{vid}", x + 4, y, f"worth {points}{takes}", z=3,
                 title=f"worth {points} if harvested (seed {dice[0] % BLACK} less "
                       f"{plural(sum(1 for d in dice if d > BLACK), 'black die', 'black dice')})"
                       + (f"; takes {value_words(values)}" if values and not full else ""), **tone)


def _track(zones, items, obs, names, seat, y):
    x0 = MARGIN + NAME_W + 3 * (VINE_W + 4) + 2
    solo = obs["players"] == 1
    track = obs["seats"][seat]["track"]
    owner = seat_name(seat, names)
    for slot in range(1, SLOTS + 1):
        x = x0 + (slot - 1) * (SLOT_W + 2)
        zones.append(zone(f"slot:{seat}:{slot}", x, y, SLOT_W, SEAT_H - 22, str(slot),
                          title=f"{owner}'s score slot {slot}" + (f": a tomato worth {slot} matches it"
                                                                 if solo else "")))
        if slot <= len(track):
            seed, points = track[slot - 1]
            items.append(card(f"die:track:{seat}:{slot}", x + 3, y + 18, _face(seed, "seed"),
                              w=DIE[0], h=DIE[1], z=2,
                              title=f"slot {slot}: the seed {die_name_of(seed)}, worth {points}"))
            text = str(points)
            extra = {}
            if solo:
                match = points == slot
                text += " \u2713" if match else " \u2717"
                extra["tone"] = "winner" if match else "warning"
            items.append(label(f"worth:{seat}:{slot}", x + 6, y + 18 + DIE[1] + 3, text, z=3,
                               title=f"worth {points}" + ((" : matches the slot" if points == slot else
                                                           f": slot {slot} wanted {slot}") if solo else ""),
                               **extra))


def _legend(obs, y) -> list:
    words = (("die-red-5", "red die"), ("die-black-5", "black die: never a seed, \u22121 worth"),
             ("heart", "karma"), ("ketchup", "last player"))
    out = []
    x = 8
    for icon, text in words:
        out.append(label(f"legend:{icon}", x, y, text, icons=[icon], z=3, minor=True,
                         title=f"this picture: {text}"))
        x += 30 + 7 * len(text)
    return out
