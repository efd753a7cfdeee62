"""Diced Tomatoes laid out for a narrow column (a phone-width notebook output).

``narrow_scene(obs, names, legal)`` shows what the wide ``render.scene`` shows, stacked and
short enough for a phone: the status (two lines), the bushel as one line, this turn's dice
as a strip of their own with dice big enough to click, the die powers, then one block per
player: name and marks on the title line, tomatoes A, B and C side by side, and a row of
karma, the score track (the worth of each tomato) and the points so far. The harvested
seeds are not drawn as dice here (each slot's tooltip names its seed), the vine powers'
costs are left to the buttons that use them, and the legend is minor.

Item ids mean what they mean in the wide layout, and the clicks are the same: every die of
this turn picks, every token, die on a token and die power drops (see ``render``).
"""
from __future__ import annotations

from ...core.scene import card, label, zone
from .dice import SLOTS, TOKENS
from .render import (HEART, bushel_words, dice_note, dice_note_tells, dice_title, hand_dice,
                     is_live, karma_text, legend_words, marks, power_card, power_set_words,
                     score_text, seat_extra, seat_name, status, track_slot, vine_dice, vine_head,
                     vine_lines)

WIDTH = 360
#: legible at a 368 px output (about 340 px of room: TEXT * 340 / WIDTH >= 11)
TEXT = 12
MARGIN = 4
INNER = WIDTH - 2 * MARGIN
TITLE_H = 18
LINE_H = 14.5
STATUS_H = 32
BUSHEL_H = 24
DICE_H = 106
POWERS_H = 86
GAP = 6
HAND_DIE = (44, 58)
HAND_STEP = 48
HAND_STEP_MIN = 32
VINE_DIE = (34, 54)
VINE_STEP = 36
VINE_W = 112
VINE_H = TITLE_H + 1 + VINE_DIE[1] + 2 + 2 * LINE_H + 2
TRACK_H = 24
#: the track row: karma, six slots ("slot: worth"), the points so far (alone: wider slots)
TRACK_X = 62
SLOT_W = 32
SOLO_SLOT_W = 46
SEAT_H = TITLE_H + VINE_H + 3 + TRACK_H + 3
LEGEND_H = 38
POWER_ROW = (("reroll", 86), ("down", 56), ("up", 56), ("over", 66))
POWER_H = 30
SET_W = 32


def table_height(n: int) -> int:
    return MARGIN + STATUS_H + BUSHEL_H + 4 + DICE_H + 4 + POWERS_H + GAP + n * (SEAT_H + GAP) + LEGEND_H


def narrow_scene(obs: dict, names, legal=None) -> dict:
    live = is_live(obs, legal)
    items: list = [label("status", 8, MARGIN, status(obs, names), w=INNER - 8, z=3)]
    zones: list = []
    y = MARGIN + STATUS_H
    _bushel(zones, items, obs, y)
    y += BUSHEL_H + 4
    _dice(zones, items, obs, names, y, live)
    y += DICE_H + 4
    _powers(zones, items, obs, names, y, live)
    y += POWERS_H + GAP
    for seat in range(obs["players"]):
        _seat(zones, items, obs, names, seat, y, live)
        y += SEAT_H + GAP
    items.extend(_legend(obs, y))
    return {"width": WIDTH, "height": table_height(obs["players"]), "text": TEXT,
            "items": zones + items}


def _bushel(zones, items, obs, y):
    red, black, words = bushel_words(obs)
    zones.append(zone("table:bushel", MARGIN, y, INNER, BUSHEL_H, "Bushel", icons=["bushel"],
                      title=words + "; a turn draws three of them at random"))
    items.append(label("bushel:red", MARGIN + 110, y + 4, f"{red} red", icons=["die-red-5"],
                       title=words, z=3))
    items.append(label("bushel:black", MARGIN + 210, y + 4, f"{black} black",
                       icons=["die-black-5"], title=words, z=3))


def _dice(zones, items, obs, names, y, live):
    """The dice of this turn, a strip of their own: room above them for a raised die."""
    zones.append(zone("table:dice", MARGIN, y, INNER, DICE_H, dice_title(obs, names),
                      title="the dice rolled this turn: each must go on a vine if it has a spot"))
    shown = hand_dice(obs, names, live)
    places = len(obs["hand"]) or len(obs["passed"])
    step = HAND_STEP
    if places > 1:
        step = max(HAND_STEP_MIN, min(HAND_STEP, (INNER - 16 - HAND_DIE[0]) / (places - 1)))
    for i, die in enumerate(shown):
        items.append(card(die["id"], round(MARGIN + 8 + die["slot"] * step, 1), y + 30, die["face"],
                          w=HAND_DIE[0], h=HAND_DIE[1], z=2 + i, title=die["title"],
                          **die["extra"]))
    text = dice_note(obs, names, shown)
    if text:
        items.append(label("dice:note", MARGIN + 8, y + 30 + HAND_DIE[1] + 2, text,
                           w=INNER - 16, z=3, **dice_note_tells(obs)))


def _powers(zones, items, obs, names, y, live):
    zones.append(zone("table:powers", MARGIN, y, INNER, POWERS_H,
                      "Karma powers \u00b7 cost in \u2665",
                      title="karma powers: spent on your own turn; the cost is in karma (\u2665)"))
    x = MARGIN + 8
    for name, width in POWER_ROW:
        items.append(power_card(obs, names, name, x, y + TITLE_H + 1, width, POWER_H, live))
        x += width + 6
    row = y + TITLE_H + 1 + POWER_H + 3
    text, words = power_set_words()
    items.append(label("power:set", MARGIN + 8, row + 7, text, z=3, title=words))
    for value in range(1, 7):
        items.append(power_card(obs, names, f"set{value}", MARGIN + 66 + (value - 1) * (SET_W + 4),
                                row, SET_W, POWER_H, live))


# ---- a player's block --------------------------------------------------------------------
def _seat(zones, items, obs, names, seat, y, live):
    """The name and marks on the title line, the three tomatoes, then a row of karma, the
    score track and the points so far."""
    title, icons = _seat_title(obs, names, seat)
    zones.append(zone(f"seat:{seat}", MARGIN, y, INNER, SEAT_H, title, icons=icons,
                      **seat_extra(obs, names, seat)))
    for index in range(len(TOKENS)):
        _vine(zones, items, obs, names, seat, index, MARGIN + 4 + index * (VINE_W + 4),
              y + TITLE_H, live)
    _track(zones, items, obs, names, seat, y + TITLE_H + VINE_H + 3)


def _seat_title(obs, names, seat) -> tuple[str, list]:
    """The name, then the seat's marks (its place in the round, its bonus)."""
    mark, bonus = marks(obs, seat)
    words = [seat_name(seat, names)] + [part["text"] for part in (mark, bonus) if part]
    icons = mark["extra"].get("icons", []) if mark else []
    return " \u00b7 ".join(words), icons


def _vine(zones, items, obs, names, seat, index, x, y, live):
    head = vine_head(obs, names, seat, index, live)
    zones.append(zone(head["id"], x, y, VINE_W, VINE_H, head["text"], icons=["tomato"],
                      title=head["title"], **head["extra"]))
    dice = vine_dice(obs, names, seat, index, live)
    step = VINE_STEP
    if len(dice) > 1:
        step = min(VINE_STEP, (VINE_W - 6 - VINE_DIE[0]) / (len(dice) - 1))
    for k, die in enumerate(dice):
        items.append(card(die["id"], round(x + 3 + k * step, 1), y + TITLE_H + 1, die["face"],
                          w=VINE_DIE[0], h=VINE_DIE[1], z=2 + k, title=die["title"],
                          **die["extra"]))
    line_y = y + TITLE_H + 1 + VINE_DIE[1] + 2
    for line in vine_lines(obs, names, seat, index):
        items.append(label(line["id"], x + 5, line_y, line["text"], z=3, title=line["title"],
                           **line["extra"]))
        line_y += LINE_H


def _track(zones, items, obs, names, seat, y):
    """Karma, then six slots, each "slot: worth" once filled (the seed is in its tooltip),
    then the points so far."""
    text, _, words = karma_text(obs, names, seat)
    items.append(label(f"karma:{seat}", MARGIN + 6, y + 4, f"{HEART} {text.replace(' karma', '')}",
                       z=3, title=words))
    width = SOLO_SLOT_W if obs["players"] == 1 else SLOT_W
    for slot in range(1, SLOTS + 1):
        x = MARGIN + TRACK_X + (slot - 1) * (width + 2)
        parts = track_slot(obs, names, seat, slot)
        worth = parts["worth"]
        if not worth:
            zones.append(zone(f"slot:{seat}:{slot}", x, y, width, TRACK_H, str(slot),
                              title=parts["title"]))
            continue
        zones.append(zone(f"slot:{seat}:{slot}", x, y, width, TRACK_H, f"{slot}:",
                          title=f"{parts['title']}; {parts['die']['title']}"))
        items.append(label(worth["id"], x + 24, y + 4, worth["text"], z=3, title=worth["title"],
                           **worth["extra"]))
    score = score_text(obs, names, seat)
    if score:
        items.append(label(f"score:{seat}", MARGIN + TRACK_X + SLOTS * (width + 2) + 4, y + 4,
                           score[0].replace(" now", ""), z=3, title=score[1], minor=True))


def _legend(obs, y) -> list:
    """The pictures' words, in two rows."""
    places = {"die-red-5": (8, 0), "heart": (110, 0), "ketchup": (200, 0), "die-black-5": (8, 1)}
    return [label(f"legend:{icon}", places[icon][0], y + 2 + places[icon][1] * 18, text,
                  icons=[icon], z=3, minor=True, title=f"this picture: {text}")
            for icon, text in legend_words(obs)]
