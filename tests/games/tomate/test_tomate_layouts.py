"""Tomate's two layouts (the wide table and the narrow column) and the decision prompt.

Both layouts are checked over whole random games, from every seat and from the all-seeing
view: their items lie inside the scene and have unique ids, an id means the same thing in
both (the shell merges them into one list), the narrow one shows nothing the view may not
see, and in live play both offer exactly the same clicks. Their geometry is checked for
every number of seats: no seat covers another, the trick's cards cover no seat and no other
trick card, and nothing's text (estimated generously) runs into another's or under a card.
The prompt says what the viewer decides, differently in each phase, and names players.
"""
from __future__ import annotations

import re
from functools import lru_cache
from itertools import combinations

import pytest

from tomato_widgets.core.play import play_game, random_bots
from tomato_widgets.core.scene import in_layout, index, merge_layouts
from tomato_widgets.games.tomate import GAME, narrow_scene, prompt, scenarios, scene
from tomato_widgets.games.tomate.cards import CARD_IDS
from tomato_widgets.games.tomate.narrow import NarrowLayout
from tomato_widgets.games.tomate.render import RAISE, TITLE, WideLayout
from tomato_widgets.games.tomate.sizes import TOKEN, text_width, token_width
from tomato_widgets.widgets.shell import board_reachable

LAYOUTS = {"wide": scene, "narrow": narrow_scene}
SIZES = (2, 3, 5, 8, 13)
NAMES = ["Ana", "<b>Ben</b>", "Cy", "Dee", "Eve", "Finn", "Gus", "Hal", "Ida", "Jo", "Kim",
         "Lou", "Max"]
CARD_NAME = re.compile(r"\b(A|K|Q|J|[2-7]) of (coins|cups|swords|clubs)\b")


@lru_cache(maxsize=None)
def game(n: int, seed: int = 11):
    return play_game(GAME, random_bots(n, seed), seed=seed, options={"rounds": 3})


def viewed(n: int, perspective, seed: int = 11):
    """(state, observation) for every step of a random game, as ``perspective`` sees it."""
    for state in game(n, seed).states:
        yield state, GAME.observe(state, perspective)


def overlap(a, b, margin: float = 0.0) -> bool:
    return (a[0] < b[0] + b[2] - margin and b[0] < a[0] + a[2] - margin
            and a[1] < b[1] + b[3] - margin and b[1] < a[1] + a[3] - margin)


# ---- both layouts, over whole games ----------------------------------------------------
@pytest.mark.parametrize("n", SIZES)
@pytest.mark.parametrize("layout", LAYOUTS)
def test_items_fit_the_scene_with_unique_ids(n, layout):
    draw = LAYOUTS[layout]
    for perspective in (None, 0, n - 1):
        for _, obs in viewed(n, perspective):
            drawn = draw(obs, NAMES[:n])
            by_id = index(drawn["items"])  # raises on a repeated id
            assert drawn["text"] >= 12
            for item in by_id.values():
                x, y = item["x"], item["y"]
                w, h = item.get("w", 0), item.get("h", 0)
                assert 0 <= x and x + w <= drawn["width"], item
                assert 0 <= y and y + h <= drawn["height"], item


@pytest.mark.parametrize("n", SIZES)
def test_an_id_means_the_same_thing_in_both_layouts(n):
    """The same kind and the same card face under an id, and merging the two layouts gives
    each back unchanged (what the shell draws)."""
    for perspective in (None, 1):
        for _, obs in viewed(n, perspective):
            wide, narrow = scene(obs, NAMES[:n]), narrow_scene(obs, NAMES[:n])
            a, b = index(wide["items"]), index(narrow["items"])
            assert a.keys() == b.keys()
            for key, item in a.items():
                assert (item["kind"], item.get("face")) == (b[key]["kind"], b[key].get("face")), key
            merged = merge_layouts(wide["items"], narrow["items"])
            assert in_layout(merged, "wide") == wide["items"]
            assert index(in_layout(merged, "narrow")) == b


def words_of(item: dict) -> str:
    return " ".join(str(item.get(key, "")) for key in ("id", "text", "title", "action"))


@pytest.mark.parametrize("n", SIZES)
def test_the_narrow_layout_shows_no_hidden_card(n):
    """As the wide table's test does: no card the view cannot see appears as an id, a face,
    a text, a tooltip or an action; a face-down card's id names only its place."""
    for perspective in range(n):
        for state, obs in viewed(n, perspective):
            everything = GAME.observe(state, None)
            secret = {c for hand in everything["hands"] for c in hand} | \
                {c for pile in everything["mucked"] for c in pile} | \
                {CARD_IDS[c] for c in state.stock} | {everything["discard"]}
            secret -= {c for hand in obs["hands"] for c in hand} | \
                {c for pile in obs["mucked"] for c in pile} | {obs["discard"], obs["trump"]} | \
                set(obs["played"]) | {c for _, c in obs["trick"]}
            secret.discard(None)
            for item in narrow_scene(obs, NAMES[:n])["items"]:
                named = {f"{r}-{s}" for r, s in CARD_NAME.findall(words_of(item))}
                named |= {c for c in CARD_IDS if c in item["id"]}
                assert not named & secret, (perspective, item)
                if item["kind"] == "card" and "face" not in item:
                    assert item["id"].startswith("back:") and not CARD_NAME.search(words_of(item))


@pytest.mark.parametrize("n", SIZES)
@pytest.mark.parametrize("seed", (11, 12))
def test_both_layouts_offer_the_same_clicks(n, seed):
    """In live play (each seat deciding in turn in a random game), the items that carry a
    click and what they send are the same in both layouts, and a legal card is among them."""
    checked = 0
    for state in game(n, seed).states:
        if len(state.actor) != 1 or state.actor[0] < 0:
            continue
        seat = state.actor[0]
        legal = list(GAME.legal_actions(state, seat))
        obs = GAME.observe(state, seat)
        clicks = []
        for draw in LAYOUTS.values():
            items = draw(obs, NAMES[:n], legal)["items"]
            clicks.append({item["id"]: (item.get("action"), item.get("pick"), item.get("drop"))
                           for item in items if {"action", "pick", "drop"} & item.keys()})
        assert clicks[0] == clicks[1]
        wide = board_reachable(scene(obs, NAMES[:n], legal)["items"])
        cards = {action for action in legal if ":" in action}
        assert cards <= wide
        checked += bool(cards)
    assert checked > 3


# ---- geometry, for every number of seats ----------------------------------------------
def layouts_for(n: int):
    return {"wide": WideLayout(n), "narrow": NarrowLayout(n)}


def seat_boxes(lay):
    return [place.zone for place in lay.places]


@pytest.mark.parametrize("n", range(2, 14))
@pytest.mark.parametrize("kind", LAYOUTS)
def test_seats_and_trick_cards_keep_apart(n, kind):
    """Seats never overlap; each trick card lies in the trick's box and covers neither a
    seat nor another trick card; the viewer's cards have room to rise under its name."""
    lay = layouts_for(n)[kind]
    zones = seat_boxes(lay)
    for a, b in combinations(zones, 2):
        assert not overlap(a, b), (a, b)
    spots = [(*place.spot, *place.spot_card) for place in lay.places]
    for a, b in combinations(spots, 2):
        assert not overlap(a, b), (a, b)
    bx, by, bw, bh = lay.box
    for spot in spots:
        assert bx <= spot[0] and spot[0] + spot[2] <= bx + bw
        assert by + TITLE - 4 <= spot[1] and spot[1] + spot[3] <= by + bh
        for zone_ in zones:
            assert not overlap(spot, zone_)
    own = lay.places[0]
    assert own.cards[1] - own.zone[1] >= TITLE - 4 + RAISE


@pytest.mark.parametrize("n", range(2, 14))
def test_the_wide_middle_group_leaves_the_trick_free(n):
    """The trump, stock, discard and pot lie inside the middle, off every trick card."""
    lay = WideLayout(n)
    middle = lay.middle_place
    cw, ch = lay.card
    things = [(*middle.stock, cw, ch), (*middle.trump, cw, ch), (*middle.discard, cw, ch),
              (*middle.pot, token_width("999", lay.text), TOKEN)]
    bx, by, bw, bh = lay.box
    for thing in things:
        assert bx <= thing[0] and thing[0] + thing[2] <= bx + bw
        assert by + TITLE <= thing[1] and thing[1] + thing[3] <= by + bh
        for place in lay.places:
            assert not overlap(thing, (*place.spot, cw, ch))


def text_boxes(drawn: dict) -> list[tuple]:
    """(id, box) of each text on a scene, sized generously: labels, tokens, zone titles
    (inside their zone) and card faces."""
    size = drawn["text"]
    line = 1.2 * size
    boxes = []
    for item in drawn["items"]:
        kind, x, y = item["kind"], item["x"], item["y"]
        if kind == "label":
            extra = 1.2 * size if item.get("icons") else 0
            bold = item.get("tone") == "trump"
            boxes.append((item["id"], (x, y, text_width(item["text"], size, bold) + extra, line)))
        elif kind == "token":
            extra = 1.2 * size if item.get("icons") else 0
            boxes.append((item["id"], (x, y, token_width(item["text"], size) + extra, TOKEN)))
        elif kind == "zone" and item["text"]:
            width = text_width(item["text"], size, bold=True)
            assert width <= item["w"] - 12, f"the title of {item['id']} is cut: {item['text']!r}"
            boxes.append((item["id"], (x + 7, y + 3, width, 1.17 * size)))
        elif kind == "card":
            rise = 6 if item.get("action") else 0
            boxes.append((item["id"], (x, y - rise, item["w"], item["h"] + rise)))
    return boxes


@pytest.mark.parametrize("n", SIZES)
@pytest.mark.parametrize("layout", LAYOUTS)
def test_no_text_runs_into_another_or_under_a_card(n, layout):
    """Over whole games in live play (the viewer's cards raised when a card is wanted):
    every text fits on the table in one line (a zone's title in its zone), no two texts
    overlap, and no text lies under a card (cards of one hand may touch)."""
    draw = LAYOUTS[layout]
    names = NAMES[:n]
    for state in game(n, 13).states:
        seat = state.actor[0] if len(state.actor) == 1 and state.actor[0] >= 0 else 0
        legal = list(GAME.legal_actions(state, seat)) if state.actor and state.actor[0] >= 0 else []
        drawn = draw(GAME.observe(state, seat), names, legal)
        boxes = text_boxes(drawn)
        for key, (x, y, w, h) in boxes:
            assert x + w <= drawn["width"] and y + h <= drawn["height"], (state.phase, key)
        for (a, box_a), (b, box_b) in combinations(boxes, 2):
            if a.startswith(("card:", "back:")) and b.startswith(("card:", "back:")):
                continue
            assert not overlap(box_a, box_b, margin=1), (state.phase, a, b, box_a, box_b)


# ---- the prompt ----------------------------------------------------------------------
def decisions(n: int, seed: int):
    """(phase, observation, legal) of every decision in a random game, seen by its player."""
    for state in game(n, seed).states:
        if len(state.actor) == 1 and state.actor[0] >= 0:
            seat = state.actor[0]
            yield state.phase, GAME.observe(state, seat), list(GAME.legal_actions(state, seat))


def test_the_prompt_says_what_is_decided_in_each_phase():
    said: dict[str, set] = {}
    for seed in range(20, 26):
        for phase, obs, legal in decisions(4, seed):
            words = prompt(obs, NAMES[:4], legal)
            assert words and len(words) <= 110, words
            assert "player" not in words.lower() and "seat" not in words.lower(), words
            said.setdefault(phase, set()).add(words)
            assert prompt(obs, NAMES[:4], []) == ""
    assert {"take", "discard", "declare", "trick"} <= said.keys()
    firsts = {phase: next(iter(texts)) for phase, texts in said.items()}
    assert len(set(firsts.values())) == len(firsts)  # each phase says its own thing
    assert all("raised" in words or "any card" in words for words in said["trick"])


def test_the_prompt_names_the_player_holding_the_trick():
    """Following a card, the prompt names its player as written and says what to play."""
    record = scenarios.must_beat()
    names = record.players
    for number, state in enumerate(record.states):
        if state.phase == "trick" and state.trick:
            seat = state.actor[0]
            words = prompt(GAME.observe(state, seat), names, GAME.legal_actions(state, seat))
            holder = names[state.best[0]]
            assert words.startswith(f"Trick {state.trick_no + 1}: ") and holder in words, words
            return
    raise AssertionError("no trick to follow")


def test_the_prompt_is_empty_without_a_decision_or_a_viewer():
    record = game(3)
    state = next(s for s in record.states if s.phase == "declare")
    seat = state.actor[0]
    legal = list(GAME.legal_actions(state, seat))
    assert prompt(GAME.observe(state, seat), NAMES[:3], legal).startswith("Play or pass?")
    assert prompt(GAME.observe(state, None), NAMES[:3], legal) == ""
