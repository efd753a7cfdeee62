"""Tomatomat's board drawing (``render.scene``, the wide layout; ``narrow.narrow_scene``
is checked the same way here and on its own in ``test_tomatomat_layouts.py``).

Every scene of the hand-written scenarios and of random games, from every seat and from the
all-seeing view, in both layouts, must be a valid flat item list (core/scene.py) that the
shell's frame builder accepts; a seat's scene must be the same for every state that seat
cannot tell apart (so it cannot show a hidden card or a hidden choice of machine); live
scenes carry the two parts of each legal placement (``pick`` on hand cards, ``drop`` on
machine positions); a step marks only what it changed.
"""
from __future__ import annotations

import json
import random
import re
from functools import lru_cache

import pytest

from tomato_widgets.core.play import play_game, random_bots
from tomato_widgets.core.scene import diff, index, marked, patch
from tomato_widgets.games.tomatomat import GAME, knowledge, narrow_scene, scenarios, scene
from tomato_widgets.games.tomatomat.cards import CARD_IDS, COLOURS, card_name, cards_name
from tomato_widgets.games.tomatomat.layout import narrow_board, wide_board
from tomato_widgets.games.tomatomat.machines import MACHINE_SETS, stars_text
from tomato_widgets.widgets import GameWidget
from tomato_widgets.widgets.frames import FrameBuilder

from tomatomat_helpers import dealt, mid_batch

KINDS = {"zone", "card", "token", "label"}
TONES = {"active", "muted", "trump", "winner", "warning"}
FACE_COLORS = {"red", "green", "blue", "gold", "mixed"}
NASTY = "<img src=x onerror=alert(1)>"
NAMES = ["Ana", NASTY, "Cai", "Dee"]
#: a card id standing alone in an item id or a text (R1, GT, YP ...)
CARD_ID = re.compile(r"(?<![A-Za-z0-9])[RGBY][12TP](?![A-Za-z0-9])")
#: a card's name in a sentence ("red thief", "yellow 1-coins") -> its id
PHRASES = {card_name(c): c for c in CARD_IDS}
PHRASES.update({cards_name(c, 2).split(" ", 1)[1]: c for c in CARD_IDS})
CARD_NAME = re.compile("|".join(sorted(map(re.escape, PHRASES), key=len, reverse=True)))
TABLE = MACHINE_SETS["placeholder"]
SIZES = (2, 3, 4)
#: per kind of card (the id's second letter): the face's picture and rank
PICTURE = {"1": ("coin-1", "1"), "2": ("coin-2", "2"), "T": ("thief", "thief"),
           "P": ("police", "cop")}
FATE_MARKS = {"used", "caught", "stolen"}
LAYOUTS = (scene, narrow_scene)


@lru_cache(maxsize=None)
def random_game(n: int, seed: int = 5, remember_own: bool = False):
    return play_game(GAME, random_bots(n, seed), seed=seed, names=NAMES[:n],
                     options={"rounds": 2, "remember_own": remember_own})


@lru_cache(maxsize=None)
def scenario(name: str):
    return scenarios.SCENARIOS[name]()


def records():
    yield from ((name, scenario(name)) for name in scenarios.SCENARIOS)
    yield from ((f"random {n}", random_game(n)) for n in SIZES)
    yield "random 3, remembering own cards", random_game(3, 8, remember_own=True)


def perspectives(record):
    return [None, *range(len(record.players))]


def cards_said(text: str) -> set[str]:
    """The ids of the cards a text names."""
    return {PHRASES[phrase] for phrase in CARD_NAME.findall(text)}


def words_of(item: dict) -> str:
    return " ".join(str(item.get(key, "")) for key in ("id", "text", "title"))


def by_id(obs: dict, names) -> dict:
    return index(scene(obs, names)["items"])


def rounded(value) -> bool:
    return isinstance(value, int) or round(value, 1) == value


# ---- every scene of every game -----------------------------------------------------------
def check_scene(sc: dict, obs: dict, size=None) -> None:
    """One layout's scene: ``size`` (width, height) the one its first scene had."""
    if size is not None:
        assert (sc["width"], sc["height"]) == size
    width, height = sc["width"], sc["height"]
    items = sc["items"]
    assert len(index(items)) == len(items)  # index raises on a repeated id
    json.dumps(sc)
    assert len(items) < 160, len(items)
    for item in items:
        assert item["kind"] in KINDS, item
        assert item.get("tone") in TONES | {None}, item
        assert not {"pick", "drop", "action"} & set(item), item  # only live scenes
        x, y, w, h = item["x"], item["y"], item.get("w", 0), item.get("h", 0)
        if item["kind"] in ("zone", "card"):
            assert w > 0 and h > 0, item
        if item["kind"] == "token":
            w = h = 22
        assert 0 <= x and x + w <= width and 0 <= y and y + h <= height, item
        assert all(rounded(item[key]) for key in ("x", "y", "w", "h", "z") if key in item), item
        if item["kind"] != "card":
            assert isinstance(item["text"], str) and item["text"], item
            continue
        if "face" not in item:
            # a face-down card's id names its place only, and nothing on it names a card
            assert item["id"].startswith("back:"), item
            assert not CARD_ID.search(words_of(item)) and not CARD_NAME.search(words_of(item)), item
            continue
        face = item["face"]
        assert face["color"] in FACE_COLORS and "symbol" not in face, item
        if item["id"].startswith("machine:"):
            machine = TABLE.index[item["id"][8:]]
            colours = TABLE.colour_names[machine]
            assert face["rank"] == "\u2605" * TABLE.stars[machine], item
            assert face["suit"] == stars_text(TABLE.stars[machine]), item  # the stars in words
            assert face["icon"] == ("tomatoes-" if len(colours) > 1 else "tomato-") + "-".join(colours)
            continue
        # a playing card: its kind as a picture (not on the small cards of an order card) and
        # in words (or the coin's value), its colour word; the card id only in the id
        cid = item["id"].split(":")[-2]
        assert cid in CARD_IDS and item["id"].startswith("card:"), item
        icon, rank = PICTURE[cid[1]]
        if item["id"].startswith("card:placed:"):
            assert "icon" not in face and face["rank"].partition("\u00d7")[0] == rank, item
        else:
            assert face["icon"] == icon and face["rank"].partition("\u00d7")[0] in (rank, ""), item
        colour = COLOURS["RGBY".index(cid[0])]
        assert face["suit"] == colour, item
        assert face["color"] == {"yellow": "gold"}.get(colour, colour), item
        assert cid in cards_said(item["title"]), item


@pytest.mark.parametrize("name", [name for name, _ in records()])
def test_every_step_draws_from_every_perspective(name):
    record = dict(records())[name]
    for perspective in perspectives(record):
        for draw in LAYOUTS:
            first = draw(GAME.observe(record.states[0], perspective), record.players)
            for state in record.states:
                obs = GAME.observe(state, perspective)
                check_scene(draw(obs, record.players), obs, (first["width"], first["height"]))
        built = FrameBuilder(record, perspective).build()
        assert len(built["frames"]["deltas"]) == len(record.steps)
        assert len(built["steps"]) == len(record.steps)


def test_scenes_are_deterministic_and_deltas_small():
    record = random_game(4)
    for perspective in (None, 2):
        scenes = [scene(GAME.observe(state, perspective), NAMES) for state in record.states]
        again = scene(json.loads(json.dumps(GAME.observe(record.states[30], perspective))), list(NAMES))
        assert json.dumps(again, sort_keys=True) == json.dumps(scenes[30], sort_keys=True)
        sent = whole = 0
        for old, new in zip(scenes, scenes[1:]):
            delta = diff(old["items"], new["items"])
            assert index(patch(old["items"], delta)) == index(new["items"])
            sent += len(json.dumps(delta))
            whole += len(json.dumps(new))
        assert sent < 0.2 * whole, (sent, whole)


@pytest.mark.parametrize("n", SIZES)
@pytest.mark.parametrize("rows", [0, 2])
@pytest.mark.parametrize("make", [wide_board, narrow_board])
def test_the_layout_boxes_do_not_overlap(n, rows, make):
    board = make(n, (rows,) * n)
    boxes = list(board.machines) + [block.box for block in board.blocks]
    if board.side:
        boxes.append(board.side)
    for i, (ax, ay, aw, ah) in enumerate(boxes):
        assert 0 <= ax and ax + aw <= board.width and 0 <= ay and ay + ah <= board.pass_y
        for bx, by, bw, bh in boxes[i + 1:]:
            assert not (ax < bx + bw and bx < ax + aw and ay < by + bh and by < ay + ah), (i, boxes)
    for block in board.blocks:
        inner = [block.strip, *block.cells]
        for k in range(4):  # the cards turned up at a machine lie in the seat's block
            settle = block.settle_box(k)
            assert block.box.x <= settle.x and settle.right <= block.box.right
        for i, (ax, ay, aw, ah) in enumerate(inner):
            assert block.box.x <= ax and ax + aw <= block.box.right
            assert block.box.y < ay and ay + ah <= block.box.y + block.box.h
            for bx, by, bw, bh in inner[i + 1:]:
                assert not (ax < bx + bw and bx < ax + aw and ay < by + bh and by < ay + ah)
    if make is wide_board:  # the order cards stand in the columns of their machines
        for block in board.blocks:
            assert [cell.x for cell in block.cells] == [box.x for box in board.machines]


# ---- hidden information ----------------------------------------------------------------------
def test_others_unfinished_batch_shows_as_a_count_only():
    """place.card (ruling), place.remember (ruling): the others' cards of the batch show as
    a face-down pile with a count, at no machine; Ana's own placed cards lie face down where
    she put them, counted, and only her hand is face up."""
    table = mid_batch()
    obs = table.view(0)
    for draw in LAYOUTS:
        check_unfinished_batch(draw(obs, NAMES[:3]))


def check_unfinished_batch(sc):
    items = index(sc["items"])
    # Ben's and Cai's cards of this batch: a face-down pile with a count, no machine
    assert "back:batch:1" in items and items["count:1:new"]["text"] == "3"
    assert items["count:2:new"]["text"] == "1" and items["order:1:new"]["text"] == "this batch"
    for seat in (1, 2):
        for pos in ("I", "II", "III", "IV"):
            assert f"back:placed:{seat}:{pos}" not in items and f"count:{seat}:{pos}" not in items
        assert not [key for key in items if key.startswith((f"card:hand:{seat}", f"card:placed:{seat}"))]
    # Ana's own cards: face down where she put them, and her two cards left in hand
    assert "back:placed:0:I" in items and items["count:0:II"]["text"] == "1"
    assert not [key for key in items if key.startswith("card:placed:")]
    assert {key for key in items if key.startswith("card:hand:0:")} == {
        "card:hand:0:YT:0", "card:hand:0:BP:0"}
    # nothing drawn names a card Ana cannot see now: her own placed R2 and G1 included
    text = " ".join(words_of(item) for item in sc["items"])
    faces = {item["id"].split(":")[3] for item in sc["items"] if "face" in item
             and item["id"].startswith("card:")}
    assert faces == {"YT", "BP"}
    for cid in ("G2", "BT", "RP", "B2", "GT", "R1", "YP", "Y1", "R2", "G1"):
        assert cid not in CARD_ID.findall(text) and cid not in cards_said(text), cid


def test_a_seat_sees_the_same_board_for_every_state_it_cannot_tell_apart():
    """The others' hands, decks and unrevealed placements are dealt anew (and their cards of
    the batch sent to other machines): the seat's scene and knowledge stay exactly the same."""
    rng = random.Random(3)
    cases = [(mid_batch().state, 0)]
    record = random_game(4)
    cases += [(record.states[i], seat) for i in (6, 19, 27, 40, 52, 70) for seat in range(4)]
    record = random_game(3, 8, remember_own=True)
    cases += [(record.states[i], 1) for i in (9, 30, 41)]
    for state, seat in cases:
        names = NAMES[:state.n]
        first = [draw(GAME.observe(state, seat), names) for draw in LAYOUTS]
        said = knowledge(GAME.observe(state, seat), names)
        changed = 0
        for _ in range(6):
            other = GAME.resample_hidden(state, seat, rng)
            changed += other != state
            assert [draw(GAME.observe(other, seat), names) for draw in LAYOUTS] == first
            assert knowledge(GAME.observe(other, seat), names) == said
        assert changed


def test_batch_counts_appear_when_the_batch_is_complete():
    table = mid_batch()
    table.step("place:YT:IV", 0)
    table.step("place:BP:IV", 0)
    table.step("place:Y1:IV", 1)
    for move in ("GT:I", "R1:II", "YP:II"):
        table.step("place:" + move, 2)
    for draw in LAYOUTS:
        check_batch_complete(index(draw(table.view(0), NAMES[:3])["items"]))


def check_batch_complete(items):
    assert not [key for key in items if key.endswith(":new")]
    assert items["count:1:III"]["text"] == "2" and items["count:1:IV"]["text"] == "2"
    assert items["count:2:I"]["text"] == "2" and items["count:2:II"]["text"] == "2"
    assert "back:placed:1:III" in items and "count:1:I" not in items


def test_own_placed_cards_are_drawn_face_down_unless_the_teaching_option_shows_them():
    """place.remember (ruling): by default a seat's own placed cards are face-down piles
    with a count, like everyone's; with remember_own they lie face up on its order cards."""
    for remember, face_up in ((False, False), (True, True)):
        record = random_game(3, 8, remember_own=remember)
        state = next(s for s in record.states if s.phase == "allocate" and s.batch == 3)
        items = by_id(GAME.observe(state, 0), NAMES[:3])
        shown = [key for key in items if key.startswith("card:placed:0:")]
        placed = GAME.observe(state, 0)["seats"][0]["placed"]
        assert bool(shown) is face_up
        for pos, entry in zip(("I", "II", "III", "IV"), placed):
            if entry["count"]:
                assert (f"back:placed:0:{pos}" in items) is not face_up
                assert items[f"count:0:{pos}"]["text"] == str(entry["count"])


def test_the_all_seeing_view_shows_every_hand_and_placement():
    table = mid_batch()
    items = by_id(table.view(None), NAMES[:3])
    assert "card:placed:1:III:G2:0" in items and "card:placed:1:III:RP:0" in items
    assert "card:hand:2:GT:0" in items
    assert not [key for key in items if key.startswith("back:") and key != "back:stock"
                and not key.startswith("back:dummy")]


# ---- live play: card, then machine ---------------------------------------------------------
@pytest.mark.parametrize("draw", LAYOUTS)
def test_pick_and_drop_reach_exactly_the_legal_placements(draw):
    table = dealt("R1 R1 GT YP", "G2 BT Y1 RP", "")
    legal = GAME.legal_actions(table.state, 0)
    items = draw(table.view(0), NAMES[:3], legal)["items"]
    picks = [item for item in items if "pick" in item]
    drops = [item for item in items if "drop" in item]
    assert not [item for item in items if "action" in item]
    # one pick per hand card; the two red 1-coins are two items with the same pick
    assert sorted(item["id"] for item in picks) == [
        "card:hand:0:GT:0", "card:hand:0:R1:0", "card:hand:0:R1:1", "card:hand:0:YP:0"]
    assert {item["pick"] for item in picks} == {"place:R1", "place:GT", "place:YP"}
    reachable = {f"{p['pick']}:{d['drop']}" for p in picks for d in drops}
    assert reachable == set(legal)
    # the machine positions (and their machine cards) and the player's own order cards take
    # the second click; labels and badges, smaller than a finger, take none
    ids = {item["id"]: item["drop"] for item in drops}
    for pos in ("I", "II", "III", "IV"):
        assert ids[f"pos:{pos}"] == pos and ids[f"order:0:{pos}"] == pos
    assert {item["kind"] for item in drops} == {"zone", "card"}
    assert not [key for key in ids if key.startswith(("order:1", "order:2", "seat:"))]
    # once a card lies face down on an order card, a click on it lands there too
    table.step("place:GT:III", 0)
    items = index(draw(table.view(0), NAMES[:3], GAME.legal_actions(table.state, 0))["items"])
    assert items["back:placed:0:III"]["drop"] == "III" and "drop" not in items["count:0:III"]


def test_no_pick_or_drop_without_legal_actions_or_for_a_seat_not_acting():
    table = dealt("R1 R1 GT YP", "", "")
    for card_id in ("R1", "R1", "GT", "YP"):
        table.step(f"place:{card_id}:II", 0)
    legal = list(GAME.legal_actions(table.state, 0))
    assert not legal
    for draw in LAYOUTS:
        for sc in (draw(table.view(0), NAMES[:3]), draw(table.view(0), NAMES[:3], legal)):
            assert not [item for item in sc["items"] if {"pick", "drop", "action"} & set(item)]


def test_the_widget_replays_and_plays_live():
    record = scenario("scoring_example")
    widget = GameWidget.replay(record)
    assert len(widget.frames["deltas"]) == len(record.steps)
    live = GameWidget.live("tomatomat", 3, bots="random", seed=2)
    for _ in range(8):  # two batches through the widget, the bots answering
        state = live.record.state
        legal = set(GAME.legal_actions(state, 0))
        assert legal and {action["id"] for action in live.legal} == legal
        last = live.frames["first"]
        for delta in live.frames["deltas"]:
            last = patch(last, delta)
        picks = {item["pick"] for item in last if "pick" in item}
        drops = {item["drop"] for item in last if "drop" in item}
        assert {f"{p}:{d}" for p in picks for d in drops} == legal
        assert live.act(sorted(legal)[0])
    # the bots' cards never reach the browser
    synced = json.dumps({"frames": live.frames, "steps": live.steps, "knows": live.knows_start})
    for seat in (1, 2):
        assert f"card:hand:{seat}:" not in synced and f"card:placed:{seat}:" not in synced


# ---- what the board says ------------------------------------------------------------------
def states_after(record, step: str):
    """The state right after the chance step ``step``."""
    for number, entry in enumerate(record.steps):
        if entry.action == step:
            return record.states[number + 1]
    raise AssertionError(step)


def test_machines_and_cards_show_pictures_and_words():
    """machines.deck (ruling), cards.colours (ruling): a machine shows its stars and a
    tomato per colour; its place says in words which colours count double and the stars at
    stake; a card shows a picture of its kind, the coin's value or the kind's name, and its
    colour word. Tooltips say it all in full words."""
    record = scenario("double_colour")
    for draw in LAYOUTS:
        items = index(draw(GAME.observe(record.states[2], 0), record.players)["items"])  # just dealt
        red_blue = next(item for key, item in items.items() if key.startswith("machine:")
                        and item["face"]["icon"] == "tomatoes-red-blue")
        assert red_blue["face"] == {"rank": "\u2605\u2605\u2605", "icon": "tomatoes-red-blue",
                                    "suit": "3 stars", "color": "mixed"}
        assert red_blue["title"] == "a 3-star machine: red and blue count double here"
        assert items["pos:I:info"]["text"] == "\u00d72: red & blue"
        assert items["pos:I:stars"]["text"] == "3 stars"
        assert items["pos:I"]["text"] == "Machine I"
        assert items["pos:I"]["title"] == "machine I: a 3-star machine, red and blue count double"
        assert items["card:hand:0:R2:0"]["face"] == {"rank": "2", "icon": "coin-2", "suit": "red",
                                                     "color": "red"}
        assert items["card:hand:0:R2:0"]["title"] == "red 2-coin"
    thief = by_id(GAME.observe(scenario("scoring_example").states[2], 0), ["A", "B", "C"])
    assert thief["card:hand:0:BT:0"]["face"] == {"rank": "thief", "icon": "thief", "suit": "blue",
                                                 "color": "blue"}
    assert thief["card:hand:0:YP:0"]["face"]["rank"] == "cop"
    # on an order card, seen from the all-seeing view: a small card naming kind and colour
    table = mid_batch()
    placed = by_id(table.view(None), NAMES[:3])["card:placed:1:III:RP:0"]
    assert placed["face"] == {"rank": "cop", "suit": "red", "color": "red"}
    assert placed["title"] == "red police officer, face down at machine III"


def test_the_side_and_the_bottom_line_say_what_they_are_in_words():
    """setup.dummies (ruling), round.pass (ruling): the spare decks are named as such, with
    their cards counted; the stock says how many machines are left; the piles' passing
    order runs along the bottom, and a legend of the card pictures stands where there is
    room (never in the narrow layout: the cards say their kind in words)."""
    record = scenario("final_tie_break")
    obs = GAME.observe(record.states[5], 0)
    items = index(scene(obs, record.players)["items"])
    assert items["dummy:D1"]["text"] == "spare 1" and items["count:D1"]["text"] == "12"
    assert "nobody plays it" in items["back:dummy:D1"]["title"]
    assert items["side"]["text"] == "Stock & spare decks"
    assert items["stock"]["text"] == "32 left" and "32 machines face down" in items["stock"]["title"]
    assert items["pass"]["text"] == ("Piles pass on: Ana \u2192 spare deck 1 \u2192 Ben \u2192 "
                                     "spare deck 2 \u2192 Ana")
    narrow = index(narrow_scene(obs, record.players)["items"])
    assert narrow["dummy:D1"]["text"] == "spare 1: 12 cards"
    assert narrow["stock"]["text"] == "Stock: 32"  # (two spare decks leave no room for more)
    assert not [key for key in narrow if key.startswith("legend:")]
    four = by_id(GAME.observe(random_game(4).states[10], 0), NAMES)
    assert not [key for key in four if key.startswith(("back:dummy", "dummy:"))]
    legend = {key: item for key, item in four.items() if key.startswith("legend:")}
    assert [item["icons"] for item in legend.values()] == [["coin-1"], ["coin-2"], ["thief"], ["police"]]
    assert [item["text"] for item in legend.values()] == ["coin 1", "coin 2", "thief", "police officer"]
    assert all(item["minor"] for item in legend.values())


def test_a_seat_line_says_deck_stars_and_discards_in_words():
    """score.win, thieves.steal: under a seat, the deck in cards, the stars won with a star
    picture, the discard pile counted by kind; every card by name in the tooltip."""
    record = scenario("scoring_example")
    items = by_id(GAME.observe(states_after(record, "score:II"), 1), record.players)
    assert items["won:0"]["text"] == "2 stars, 1 machine" and items["won:0"]["icons"] == ["star"]
    assert items["won:0"]["title"] == ("Andrea has won 2 stars with 1 machine: a 2-star machine "
                                       "(green, yellow)")
    assert items["won:1"]["text"] == "no machine yet" and "icons" not in items["won:1"]
    assert items["discard:1"]["text"] == "discards: 4 coins, 1 thief and 1 officer"
    assert items["discard:1"]["title"] == (
        "Robert's discard pile, face up: the red 2-coin, the green police officer, 2 blue "
        "1-coins, the yellow 1-coin and the yellow thief")
    assert items["deck:0"]["text"] == "deck: empty"
    assert by_id(GAME.observe(record.states[2], 1), record.players)["deck:0"]["text"] == "deck: 8 cards"


@pytest.mark.parametrize("draw", LAYOUTS)
def test_scoring_example_settles_machine_two_step_by_step(draw):
    """reveal.cards, police.catch, thieves.steal, score.win: each seat's cards at the machine
    are turned up in its own row, titled with the machine; each card's fate is written
    under it; the scoring says the points, and the machine's place who won it."""
    record = scenario("scoring_example")
    names = record.players  # Andrea, Robert, Ingrid

    def at(step):
        return index(draw(GAME.observe(states_after(record, step), 1), names)["items"])

    revealed = at("reveal:II")
    assert revealed["settle:0"]["text"] == "At machine II: 5 cards"
    assert revealed["pos:II"]["tone"] == "active"
    assert revealed["pos:II:info"]["text"] == "\u00d72: green, yellow"
    assert "back:placed:0:II" not in revealed  # turned up now, no longer face down
    assert not [key for key in revealed if key.startswith("fate:")]  # nothing has happened yet
    police = at("police:II")
    assert police["settle:0"]["text"] == "At machine II: 5 cards"
    assert police["fate:1:YT:0"]["text"] == "caught"
    assert police["card:shown:1:YT:0"]["tone"] == "muted"
    assert police["card:shown:1:YT:0"]["face"]["suit"] == "yellow"
    assert "caught by a yellow police officer" in police["card:shown:1:YT:0"]["title"]
    assert police["fate:0:YP:0"]["text"] == "used"
    assert "no green thief" in police["card:shown:1:GP:0"]["title"]
    assert "fate:0:BT:0" not in police and "tone" not in police["card:shown:0:BT:0"]  # still waiting
    thieves = at("thieves:II")
    assert thieves["fate:1:B1:0"]["text"] == "stolen"
    assert thieves["fate:0:B2:0"]["text"] == "stolen"  # her own coin too
    assert "stole the blue coins" in thieves["card:shown:0:BT:0"]["title"]
    # the discarded cards move right of those still in play, and are drawn over them
    assert thieves["card:shown:0:B2:0"]["x"] > thieves["card:shown:0:Y2:0"]["x"]
    assert thieves["card:shown:0:B2:0"]["z"] > thieves["card:shown:0:Y2:0"]["z"]
    # a fate stands under its card
    fate, shown = thieves["fate:0:B2:0"], thieves["card:shown:0:B2:0"]
    assert shown["x"] - 4 < fate["x"] < shown["x"] + shown["w"] and fate["y"] > shown["y"] + shown["h"]
    scored = at("score:II")
    assert [scored[f"settle:{seat}"]["text"] for seat in range(3)] == [
        "At machine II: 8 points \u00b7 wins", "At machine II: 2 points", "At machine II: 4 points"]
    assert scored["settle:0"]["tone"] == "winner" and "tone" not in scored["settle:2"]
    assert [scored[f"pos:II:{key}"]["text"] for key in ("info", "result", "points")] == [
        "won this round", "by Andrea", "with 8 points"]
    assert scored["fate:2:Y2:0"]["text"] == "+4"
    assert scored["fate:1:R2:0"]["text"] == "+2"
    assert scored["won:0"]["text"].startswith("2 stars")  # (narrow: ", 1 machine" if room)


@pytest.mark.parametrize("draw", LAYOUTS)
def test_order_cards_keep_their_size_whatever_lies_on_them(draw):
    """place.card: an order card stays the same size all game (a step that puts a card on
    one does not resize the others), and every card stays on its order card."""
    record = random_game(4)
    for perspective in (None, 1):
        sizes = {}
        for state in record.states[::5]:
            items = index(draw(GAME.observe(state, perspective), record.players)["items"])
            for seat in range(4):
                for pos in ("I", "II", "III", "IV"):
                    box = items.get(f"order:{seat}:{pos}")
                    if box is None:  # (wide: under the cards turned up at a machine)
                        continue
                    assert sizes.setdefault((seat, pos), (box["x"], box["w"], box["h"])) == (
                        box["x"], box["w"], box["h"])
                for key, item in items.items():
                    if key.startswith((f"card:placed:{seat}:", f"back:placed:{seat}:")):
                        box = items[f"order:{seat}:{key.split(':')[3]}"]
                        assert box["x"] <= item["x"] and item["x"] + item["w"] <= box["x"] + box["w"]
                        assert box["y"] <= item["y"] and item["y"] + item["h"] <= box["y"] + box["h"]
        assert len(sizes) == 16


def test_the_cards_turned_up_lie_in_their_seats_row_and_keep_their_place():
    """Each player's cards at the machine lie in the settlement zone of that player, which
    keeps its size all through the machine's settlement (its cards do not jump about)."""
    record = scenario("scoring_example")
    for draw in LAYOUTS:
        zones = set()
        for step in ("reveal:II", "police:II", "thieves:II", "score:II"):
            items = index(draw(GAME.observe(states_after(record, step), None), record.players)["items"])
            for seat in range(3):
                box = items[f"settle:{seat}"]
                zones.add((seat, box["x"], box["y"], box["w"], box["h"]))
                row = items[f"seat:{seat}"]
                assert row["y"] < box["y"] and box["y"] + box["h"] <= row["y"] + row["h"]
                for key, item in items.items():
                    if key.startswith((f"card:shown:{seat}:", f"fate:{seat}:")):
                        assert box["x"] <= item["x"] and item["x"] + item.get("w", 20) <= box["x"] + box["w"]
                        assert box["y"] <= item["y"] <= box["y"] + box["h"]
        assert len(zones) == 3


def test_a_tie_leaves_a_stack_whose_top_colours_count():
    """score.tie (ruling), machines.stack (ruling): a tie says so in the players' rows and
    the machine stays where it is; next round
    the new machine lies on top of the old one (only the top one is drawn: its colours are
    the ones that count), and the place counts the stack's machines and stars."""
    record = scenario("tie_then_stack")
    tie = by_id(GAME.observe(states_after(record, "score:I"), None), record.players)
    assert [tie[f"settle:{seat}"]["text"] for seat in range(len(record.players))].count(
        "At machine I: 2 points \u00b7 a tie") == 2
    assert tie["pos:I:info"]["text"].startswith("\u00d72") and "pos:I:result" not in tie
    state = next(s for s in record.states if s.round == 2 and s.phase == "allocate")
    for draw in LAYOUTS:
        items = index(draw(GAME.observe(state, 0), record.players)["items"])
        box = items["pos:I"]
        machines = [item for key, item in items.items() if key.startswith("machine:")
                    and box["x"] <= item["x"] < box["x"] + box["w"] and box["y"] <= item["y"] < box["y"] + box["h"]]
        assert len(machines) == 1
        top = machines[0]
        assert top["face"]["icon"] == "tomatoes-red-green" and "tone" not in top
        assert "on top of 1 other" in top["title"]
        assert items["pos:I"]["text"] == "Machine I"
        assert items["pos:I"]["title"] == ("machine I: 2 machines, 4 stars in all; on top red and "
                                           "green count double")
        assert items["pos:I:info"]["text"] == "\u00d72: red & green"
        assert items["pos:I:stars"]["text"] == "2 stacked: 4 stars"


def test_status_and_game_over():
    """end.most-machines: the status line names the round and batch; at the end, the winner
    with stars and machines, and the winner's seat is marked."""
    record = scenario("final_tie_break")
    names = record.players
    items = by_id(GAME.observe(record.states[5], 0), names)
    assert items["status"]["text"] == ("Round 1 of 1 \u00b7 batch 1 of 3 \u00b7 everyone places "
                                       "four cards face down")
    end = by_id(GAME.observe(record.state, 1), names)
    assert end["status"]["text"] == "Game over \u00b7 Ben wins with 3 stars, 2 machines"
    assert end["seat:1"]["tone"] == "winner" and "tone" not in end["seat:0"]


def test_whose_turn_is_marked():
    table = mid_batch()
    items = by_id(table.view(1), NAMES[:3])
    acting = {key for key, item in items.items() if key.startswith("seat:") and item.get("tone") == "active"}
    assert acting == {"seat:0", "seat:1", "seat:2"}
    status = items["status"]["text"]
    table.step("place:Y1:I", 1)  # Ben is done for this batch
    items = by_id(table.view(1), NAMES[:3])
    assert "tone" not in items["seat:1"] and items["seat:0"]["tone"] == "active"
    assert items["status"]["text"] == status  # the turn shows on the seats only


# ---- what a step marks -----------------------------------------------------------------------
def marks(record, step: int, perspective) -> set[str]:
    """The ids step ``step`` marks as changed, seen from ``perspective``."""
    before = scene(GAME.observe(record.states[step - 1], perspective), record.players)["items"]
    after = scene(GAME.observe(record.states[step], perspective), record.players)["items"]
    return marked(diff(before, after), {item["id"]: item["kind"] for item in before})


def test_a_placement_marks_the_card_and_the_count_it_moved():
    """place.card (ruling): placing one card marks where it went and the count it changed,
    not the other machines, the other hand cards or the status line."""
    record = scenario("scoring_example")
    first = next(i for i, step in enumerate(record.steps, 1) if step.action == "place:BT:II")
    assert marks(record, first, 0) == {"count:0:II"}             # Ana: one more face down at II
    assert marks(record, first, 1) == {"hand:0", "count:0:new"}  # Ben: her hand, her new pile
    assert marks(record, first, None) == {"card:placed:0:II:BT:0", "count:0:II"}
    ben = next(i for i, step in enumerate(record.steps, 1) if step.action == "place:GP:II")
    assert marks(record, ben, None) == {"card:placed:1:II:GP:0", "count:1:II"}


def test_settlement_steps_mark_what_they_did():
    """reveal.cards, police.catch, thieves.steal, score.win: a reveal marks each player's
    cards turned up and their rows; the police mark the officers, the thief caught, their
    fates and the discard piles those went to; the scoring marks the coins that count and
    what they scored, the totals, the winner's stars, the discard piles and the place the
    machine left, with who won it."""
    record = scenario("scoring_example")
    step = {action: i for i, s in enumerate(record.steps, 1) for action in [s.action]}

    def with_fates(*cards):
        return {f"{kind}:{seat}:{card}:0" for seat, card in cards for kind in ("card:shown", "fate")}

    reveal = marks(record, step["reveal:II"], 1)
    assert reveal == {"settle:0", "settle:1", "settle:2"} | {
        f"card:shown:{seat}:{card}:0" for seat, card in (
            (0, "G2"), (0, "B2"), (0, "BT"), (0, "Y2"), (0, "YP"), (1, "R2"), (1, "GP"),
            (1, "B1"), (1, "YT"), (2, "Y2"))}
    police = marks(record, step["police:II"], 1)
    assert police == {"discard:0", "discard:1"} | with_fates((0, "YP"), (1, "GP"), (1, "YT"))
    thieves = marks(record, step["thieves:II"], 1)
    assert thieves == {"discard:0", "discard:1"} | with_fates((0, "BT"), (0, "B2"), (1, "B1"))
    score = marks(record, step["score:II"], 1)
    assert score == {"settle:0", "settle:1", "settle:2", "won:0", "discard:0", "discard:1",
                     "discard:2", "pos:II:info", "pos:II:result", "pos:II:points"} | with_fates(
        (0, "G2"), (0, "Y2"), (1, "R2"), (2, "Y2"))
    # the next machine turned up: who won machine II goes, marking nothing there
    assert not {key for key in marks(record, step["reveal:III"], 1) if key.startswith("pos:II")}
