"""Tomatomat's two layouts (``scene`` wide, ``narrow_scene`` for a phone-width column) and
the decision prompt (``prompt``).

What a learner relies on: both layouts read at the shell's smallest text size at the widths
a notebook gives; nothing drawn lies over a text (by the board's own measure of its texts,
which errs on the wide side); the narrow layout shows nothing the wide one hides from the
view; both offer the same clicks; and the prompt says, in the players' names, what to do now.
"""
from __future__ import annotations

import random
import re
from functools import lru_cache

import pytest

from tomato_widgets.core.play import play_game, random_bots
from tomato_widgets.core.scene import in_layout, index, merge_layouts
from tomato_widgets.games.tomatomat import GAME, narrow_scene, prompt, scenarios, scene
from tomato_widgets.games.tomatomat.layout import icons_width, text_width

from test_tomatomat_render import CARD_ID, cards_said, words_of
from tomatomat_helpers import dealt, mid_batch

NAMES = ["Ana", "Bea", "Cid", "Dee"]
LONG = ["Maximiliana Winterbottom-Smythe", "Bea", "Christopher Columbus Jr", "Dee"]
LAYOUTS = (scene, narrow_scene)
#: the widget's inner width at the notebook outputs the shell is measured at, and what its
#: fitting takes from it (shell fit.js: the side panel, the gap, the table's rim)
WIDGET_AT_968, WIDGET_AT_368 = 950, 350
SIDE, GAP, RIM = 280, 8, 5
LEGIBLE = 11
LIFT = 12  # how far the shell raises a card of the hand that is chosen


@lru_cache(maxsize=None)
def game(n: int, seed: int, names: tuple = tuple(NAMES), remember: bool = False):
    return play_game(GAME, random_bots(n, seed), seed=seed, names=list(names[:n]),
                     options={"rounds": 2, "remember_own": remember})


def games():
    yield from (game(n, seed) for n in (2, 3, 4) for seed in (1, 2))
    yield game(4, 3, tuple(LONG))
    yield game(3, 4, remember=True)
    yield from (scenarios.SCENARIOS[name]() for name in ("scoring_example", "tie_then_stack"))


def views(record):
    return [None, *range(len(record.players))]


# ---- legible at the notebook's widths ---------------------------------------------------------
@pytest.mark.parametrize("n", (2, 3, 4))
def test_each_layout_reads_at_the_smallest_text_size_where_it_is_meant_for(n):
    """The wide table beside the side panel in a 968 px output, the narrow one in a 368 px
    output: the scene's text times the scale the shell gives it is 11 px or more."""
    record = game(n, 1)
    for view in views(record):
        obs = GAME.observe(record.states[0], view)
        wide, narrow = scene(obs, record.players), narrow_scene(obs, record.players)
        beside = WIDGET_AT_968 - SIDE - GAP - 2 * RIM
        assert wide["text"] * beside / wide["width"] >= LEGIBLE
        assert narrow["text"] * (WIDGET_AT_368 - 2 * RIM) / narrow["width"] >= LEGIBLE
        assert narrow["width"] < wide["width"] and wide["height"] < narrow["height"]


# ---- nothing drawn over a text ----------------------------------------------------------------
def text_boxes(items):
    """(id, x, y, w, h) of every text drawn: labels, zone titles and badges, as wide as the
    board's estimate makes them."""
    for item in items:
        if item["kind"] == "label":
            width = text_width(item["text"]) + icons_width(len(item.get("icons", ())))
            yield item["id"], item["x"], item["y"], width, 14
        elif item["kind"] == "zone":
            yield item["id"], item["x"] + 7, item["y"] + 2, text_width(item["text"], bold=True), 14
        elif item["kind"] == "token":
            yield item["id"], item["x"], item["y"], max(22, text_width(item["text"]) + 10), 22


def overlap(a, b) -> bool:
    return a[1] < b[1] + b[3] and b[1] < a[1] + a[3] and a[2] < b[2] + b[4] and b[2] < a[2] + a[4]


def check_nothing_over_a_text(sc):
    items = sc["items"]
    texts = list(text_boxes(items))
    cards = [(item["id"], item["x"], item["y"] - (LIFT if "pick" in item else 0), item["w"],
              item["h"] + (LIFT if "pick" in item else 0)) for item in items if item["kind"] == "card"]
    faces = {item["id"] for item in items if item["kind"] == "card" and "face" in item}
    zones = {item["id"]: item for item in items if item["kind"] == "zone"}
    for i, text in enumerate(texts):
        assert text[1] + text[3] <= sc["width"] - 2, text  # not cut by the board's edge
        if text[0] in zones:  # a zone's title fits the zone
            assert text[3] <= zones[text[0]]["w"] - 12, (text, zones[text[0]])
        for other in texts[i + 1:]:
            assert not overlap(text, other), (text, other)
        for box in cards:
            token_on_back = text[0] not in zones and text[4] == 22 and box[0] not in faces
            assert token_on_back or not overlap(text, box), (text, box)
    for i, box in enumerate(cards):
        for other in cards[i + 1:]:
            assert not overlap(box, other), (box, other)


@pytest.mark.parametrize("draw", LAYOUTS)
def test_nothing_is_drawn_over_a_text_and_no_card_over_another(draw):
    """Every step of several games from every view, and live moments with the hand lifted:
    texts apart from each other and from cards, a zone's title inside its zone, cards side
    by side (a count badge may sit on a face-down card), nothing past the board's edge."""
    for record in games():
        for view in views(record):
            for state in record.states[::3]:
                check_nothing_over_a_text(draw(GAME.observe(state, view), record.players))
    table = dealt("R1 R1 GT YP", "G2 BT Y1 RP", "B2 RT R1 BP")
    for seat in range(3):
        legal = GAME.legal_actions(table.state, seat)
        check_nothing_over_a_text(draw(table.view(seat), NAMES[:3], legal))


# ---- the same things, the same secrets, the same clicks --------------------------------------
def test_the_narrow_layout_names_no_card_the_wide_one_does_not():
    """Both layouts are drawn from the same observation: the narrow one never names a card
    (in an id, a text or a tooltip) that the wide one keeps from the view, and a face-down
    card's id names only its place in both."""
    for record in games():
        for view in views(record)[1:]:
            for state in record.states[::2]:
                obs = GAME.observe(state, view)
                wide = scene(obs, record.players)["items"]
                narrow = narrow_scene(obs, record.players)["items"]
                shown = set()
                for item in wide:
                    shown |= cards_said(words_of(item)) | set(CARD_ID.findall(item["id"]))
                for item in narrow:
                    named = cards_said(words_of(item)) | set(CARD_ID.findall(item["id"]))
                    assert named <= shown, (item, named - shown)
                    if item["kind"] == "card" and "face" not in item:
                        assert item["id"].startswith("back:") and not CARD_ID.search(item["id"])


def test_an_id_in_both_layouts_is_the_same_thing():
    """Ids are unique in each layout, and an item of both layouts is the same kind of thing
    showing the same face (the shell draws the two as one item)."""
    for record in games():
        for view in views(record):
            for state in record.states[::4]:
                obs = GAME.observe(state, view)
                wide = index(scene(obs, record.players)["items"])  # raises on a repeated id
                narrow = index(narrow_scene(obs, record.players)["items"])
                for key in wide.keys() & narrow.keys():
                    assert wide[key]["kind"] == narrow[key]["kind"], key
                    assert wide[key].get("face") == narrow[key].get("face"), key
                # narrow only: what does not fit its shorter rows, the order cards of machines
                # settled already (the wide table lays the cards turned up over them), and
                # identical cards shown one by one in one layout and as one in the other
                for key in narrow.keys() - wide.keys():
                    card = key.rpartition(":")[0]
                    assert key.startswith(("more:", "order:")) or {f"{card}:all", f"{card}:0"} & (
                        wide.keys() - narrow.keys()), key
                merged = merge_layouts(wide.values(), narrow.values())
                assert index(in_layout(merged, "narrow")) == narrow


def clicks(items) -> tuple:
    return ({item["pick"] for item in items if "pick" in item},
            {item["drop"] for item in items if "drop" in item},
            {item["action"] for item in items if "action" in item})


@pytest.mark.parametrize("n", (2, 3, 4))
def test_both_layouts_offer_the_same_clicks_in_live_play(n):
    """Random play, every seat that places, every view of its own: the wide and the narrow
    layout carry the same picks and drops, and together they reach exactly the legal
    placements."""
    rng = random.Random(n)
    record = play_game(GAME, random_bots(n, n + 10), seed=n + 10, names=NAMES[:n],
                       options={"rounds": 2, "remember_own": n == 3})
    checked = 0
    for state in record.states:
        for seat in range(n):
            legal = list(GAME.legal_actions(state, seat))
            if not legal or rng.random() < 0.5:
                continue
            obs = GAME.observe(state, seat)
            wide = clicks(scene(obs, NAMES[:n], legal)["items"])
            narrow = clicks(narrow_scene(obs, NAMES[:n], legal)["items"])
            assert wide == narrow
            picks, drops, actions = wide
            assert not actions and {f"{p}:{d}" for p in picks for d in drops} == set(legal)
            checked += 1
    assert checked > 20


# ---- the prompt ------------------------------------------------------------------------------
def test_the_prompt_says_what_to_place_and_how_with_the_players_names():
    """What the viewer does now, by the batch and the cards left, naming who else is still
    placing or waits; nothing to say without a decision or for the all-seeing view."""
    table = mid_batch()  # Ana has two cards left, Ben one, Cai three
    legal = list(GAME.legal_actions(table.state, 0))
    said = prompt(table.view(0), NAMES[:3], legal)
    assert said == ("Batch 1 of 3, 2 cards to go: click a card, then its machine; Bea and Cid "
                    "are placing too")
    assert prompt(table.view(1), NAMES[:3], list(GAME.legal_actions(table.state, 1))) == (
        "Your last card of batch 1: click it, then the machine it goes to; Ana and Cid are "
        "placing too")
    assert prompt(table.view(0), NAMES[:3], []) == ""
    assert prompt(table.view(None), NAMES[:3], legal) == ""
    # the others done, Ana's last card
    table.step("place:Y1:IV", 1)
    for move in ("GT:I", "R1:II", "YP:II"):
        table.step("place:" + move, 2)
    table.step("place:YT:III", 0)
    assert prompt(table.view(0), NAMES[:3], list(GAME.legal_actions(table.state, 0))) == (
        "Your last card of batch 1: click it, then the machine it goes to; Bea and Cid have "
        "placed and wait for you")
    # a new batch: four cards again
    table.step("place:BP:IV", 0)
    assert table.state.batch == 2
    assert prompt(table.view(2), ["Ana", "Bea", "Cid"], list(GAME.legal_actions(table.state, 2))) == (
        "Batch 2 of 3: click a card of your hand, then the machine it goes to; Ana and Bea "
        "are placing too")


def test_the_prompt_changes_with_the_moment_and_never_says_player_n():
    record = game(3, 2)
    said = set()
    for state in record.states:
        legal = list(GAME.legal_actions(state, 0))
        text = prompt(GAME.observe(state, 0), NAMES[:3], legal)
        assert bool(text) == bool(legal)
        if text:
            assert not re.search(r"\bplayer \d", text, re.I) and ("Bea" in text or "Cid" in text)
            said.add(text.split(";")[0])
    assert {f"Batch {b} of 3" for b in (1, 2, 3)} <= {text.split(":")[0].split(",")[0] for text in said}
    assert any(text.startswith("Your last card") for text in said)
