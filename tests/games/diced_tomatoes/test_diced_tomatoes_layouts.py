"""Diced Tomatoes' two layouts of the board (wide, and narrow for a phone-width column), the
karma powers a player cannot afford, and the sentence that says what the viewer decides."""
from __future__ import annotations

import random
import re
from collections import Counter

import pytest

from tomato_widgets.core import scene as scenes
from tomato_widgets.core.play import play_game, random_bots
from tomato_widgets.games.diced_tomatoes import GAME, narrow_scene, prompt, scene
from tomato_widgets.widgets.shell import board_reachable

from diced_helpers import position

#: internal codes a learner must never read: die slots, vine ids, die ids
CODES = re.compile(r"\b(d\d+|[0-3][ABC]|[RB][1-6])\b")
NAMES = ["Ana", "Ben", "Cid", "Dee"]


def random_positions(players: int, seed: int):
    """Every position of a random game, with its record's names."""
    record = play_game(GAME, random_bots(players, seed), seed=seed)
    return record.players, list(record.states)


def live_positions(players: int, seed: int, moves: int = 120):
    """(state, seat, legal) wherever a seat decides in a game played at random."""
    rng = random.Random(seed)
    state = GAME.new_game(players, None)
    found = []
    while not GAME.is_over(state) and len(found) < moves:
        actor = GAME.to_act(state)[0]
        if actor >= 0:
            legal = list(GAME.legal_actions(state, actor))
            found.append((state, actor, legal))
            action = rng.choice(legal)
        else:
            action = GAME.forced_action(state) or GAME.sample_chance(state, rng)
        state, _ = GAME.apply(state, action, actor)
    return found


def dice_drawn(items) -> Counter:
    return Counter((item["face"]["rank"], item["face"]["icon"]) for item in items
                   if item["kind"] == "card" and item["id"].startswith("die:"))


def dice_on_table(obs, with_track: bool) -> Counter:
    dice = [d for d in obs["hand"] if d] + list(obs["passed"])
    for seat in obs["seats"]:
        dice += [d for vine in seat["vines"] for d in vine]
        if with_track:
            dice += [seed for seed, _ in seat["track"]]
    return Counter((d[1], f"die-{'red' if d[0] == 'R' else 'black'}-{d[1]}") for d in dice)


# ---- what the narrow layout may show --------------------------------------------------------
@pytest.mark.parametrize("players", [1, 3, 4])
def test_the_narrow_layout_shows_every_view_the_same_table(players):
    """setup.components: nothing is hidden in Diced Tomatoes, so a seat's narrow board is the
    all-seeing one but for the words that speak to the viewer ("you"); it draws exactly the
    dice on the table (the bushel's dice are only counted: none is named before it is
    drawn), and no text shows an internal code."""
    names, states = random_positions(players, seed=players + 10)
    for state in states[::4]:
        everything = scenes.index(narrow_scene(GAME.observe(state, None), names)["items"])
        for seat in range(players):
            obs = GAME.observe(state, seat)
            mine = scenes.index(narrow_scene(obs, names)["items"])
            assert mine.keys() == everything.keys()
            for key, item in mine.items():
                other = everything[key]
                assert {**item, "title": None} == {**other, "title": None}, key
                if item.get("title") != other.get("title"):
                    assert re.search(r"\byou\b", item["title"]), item["title"]
            assert dice_drawn(mine.values()) == dice_on_table(obs, with_track=False)
            for item in mine.values():
                for text in (item.get("text"), item.get("title"), (item.get("face") or {}).get("rank")):
                    assert not text or not CODES.search(text), text


def test_the_wide_layout_draws_the_harvested_seeds_too():
    names, states = random_positions(2, seed=4)
    for state in states[::6]:
        obs = GAME.observe(state, 0)
        assert dice_drawn(scene(obs, names)["items"]) == dice_on_table(obs, with_track=True)


# ---- the two layouts together ---------------------------------------------------------------
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_both_layouts_offer_the_same_clicks_in_live_play(players):
    """place.die: wherever a seat decides, the wide and the narrow board make the same
    actions reachable by clicks (a die, then a token or a power), and every legal die action
    is among them."""
    checked = 0
    for state, seat, legal in live_positions(players, seed=players):
        obs = GAME.observe(state, seat)
        wide = board_reachable(scene(obs, NAMES[:players], legal)["items"])
        narrow = board_reachable(narrow_scene(obs, NAMES[:players], legal)["items"])
        assert wide == narrow
        assert {a for a in legal if a.startswith("d") and ":" in a} <= wide
        checked += bool(wide)
    assert checked > 10


@pytest.mark.parametrize("players", [1, 2, 4])
def test_item_ids_are_unique_and_mean_the_same_thing_in_both_layouts(players):
    """An id names one item per layout, and an item of both layouts is the same kind of thing
    (the shell merges them by id)."""
    names, states = random_positions(players, seed=players + 20)
    for state in states[::3]:
        obs = GAME.observe(state, 0)
        legal = GAME.legal_actions(state, 0) if 0 in GAME.to_act(state) else None
        wide = scenes.index(scene(obs, names, legal)["items"])
        narrow = scenes.index(narrow_scene(obs, names, legal)["items"])
        for key in wide.keys() & narrow.keys():
            assert wide[key]["kind"] == narrow[key]["kind"], key
        merged = scenes.merge_layouts(wide.values(), narrow.values())
        assert scenes.index(scenes.in_layout(merged, "narrow")) == narrow
        assert scenes.index(scenes.in_layout(merged, "wide")) == wide


def test_the_narrow_layout_keeps_what_a_learner_reads_on_the_wide_one():
    """The narrow board says the same things in fewer places: the status, each vine's worth
    and what it takes, karma, the worth of each harvested tomato and the points so far."""
    state = position(2, vines={"1B": "R5 B4"}, hand="R1", karma=(4, 2),
                     track={1: "R5:5 R3:2"})
    obs = GAME.observe(state, 0)
    wide = scenes.index(scene(obs, ["Ana", "Ben"])["items"])
    narrow = scenes.index(narrow_scene(obs, ["Ana", "Ben"])["items"])
    for key in ("status", "note:1B", "takes:1B", "vine:1B", "worth:1:2", "dice:note"):
        assert narrow[key]["text"] == wide[key]["text"], key
    assert "4" in narrow["karma:0"]["text"] and "karma" in narrow["karma:0"]["title"]
    assert narrow["score:1"]["text"].endswith(wide["score:1"]["text"].split()[-1])
    assert narrow["slot:1:2"]["text"] == "2:" and "red 3" in narrow["slot:1:2"]["title"]


# ---- karma powers a player cannot afford ----------------------------------------------------
@pytest.mark.parametrize("layout", [scene, narrow_scene])
def test_a_power_the_player_cannot_afford_looks_unavailable_and_says_why(layout):
    """power.shift power.set: with 2 karma, +1 and -1 are there to use, 1<->6 and set are
    muted and their tooltips say the karma is short; a die dropped on one is still sent, and
    the rule answers it."""
    state = position(2, vines={"0A": "R2"}, hand="R1 R6", karma=(2, 6))
    legal = list(GAME.legal_actions(state, 0))
    items = scenes.index(layout(GAME.observe(state, 0), ["Ana", "Ben"], legal)["items"])
    assert "tone" not in items["power:up"] and "tone" not in items["power:reroll"]
    for name in ("over", "set3"):
        assert items[f"power:{name}"]["tone"] == "muted"
        assert items[f"power:{name}"]["title"].endswith("not enough karma: you have 2")
        assert items[f"power:{name}"]["drop"] == name
    assert "d1:over" in board_reachable(items.values()) and "d1:over" not in legal
    assert GAME.reason_illegal(state, "d1:over", 0).rule == "power.over"
    seen_by_ben = scenes.index(layout(GAME.observe(state, 1), ["Ana", "Ben"])["items"])
    assert seen_by_ben["power:over"]["title"].endswith("not enough karma: Ana has 2")


# ---- what the viewer decides now ------------------------------------------------------------
def test_the_prompt_says_what_to_decide_and_how_to_click_it():
    """place.die place.must power.reroll: placing dice names the die or the count and whose
    tomatoes they fit, by the players' names; with no spot left, the powers or the end of the
    turn (and who rolls the dice left); a vine worth 0 asks its owner; nothing to decide:
    nothing to say."""
    names = ["Ana", "Ben", "Cid"]
    one = position(3, vines={"1A": "R2", "2B": "R6", "0A": "R5 R5"}, hand="B3", karma=0)
    assert (prompt(GAME.observe(one, 0), names, GAME.legal_actions(one, 0))
            == "Place the black 3: click it, then a tomato of Ben's")
    sixes = {vine: "R6 R6" for vine in ("0B", "0C", "1B", "1C", "2A", "2B", "2C")}
    two = position(3, vines={"0A": "R1", "1A": "R5", **sixes}, hand="R2 B4", karma=1)
    assert (prompt(GAME.observe(two, 0), names, GAME.legal_actions(two, 0))
            == "Place 2 dice: click a die, then a tomato (yours or Ben's) or a karma power")
    anywhere = position(3, hand="R2 R4", karma=0)
    assert (prompt(GAME.observe(anywhere, 0), names, GAME.legal_actions(anywhere, 0))
            == "Place 2 dice: click a die, then anybody's tomato")
    ones = {f"{seat}{letter}": "R1 R1" for seat in range(3) for letter in "ABC"}
    stuck = position(3, vines=ones, hand="B6", karma=1)
    assert (prompt(GAME.observe(stuck, 0), names, GAME.legal_actions(stuck, 0))
            == "Your die has no spot: click it, then a karma power, or end your turn "
               "(Ben rolls the dice left)")
    zero = position(3, vines={"1A": "R1 B1"}, hand="", karma=0, phase="clear", asks=((1, 0),),
                    actor=(1,), step=None)
    assert (prompt(GAME.observe(zero, 1), names, GAME.legal_actions(zero, 1))
            == "Your tomato A is worth 0: clear it (its dice go back to the bushel) or keep it?")
    assert prompt(GAME.observe(zero, 0), names, []) == ""
    assert prompt(GAME.observe(one, None), names, GAME.legal_actions(one, 0)) == ""


@pytest.mark.parametrize("players", [2, 4])
def test_the_prompt_differs_by_phase_and_names_players_by_name(players):
    """Over a game played at random: a short sentence at every decision, never a seat number
    or an internal code; the others are named by name; a vine worth 0 is asked otherwise
    than a die is placed."""
    names = NAMES[:players]
    said: dict[str, set] = {}
    for state, seat, legal in live_positions(players, seed=players + 30, moves=600):
        words = prompt(GAME.observe(state, seat), names, legal)
        assert words and len(words) <= 110, words
        assert not re.search(r"[Pp]layer \d|seat|\b[0-3][ABC]\b|\bd\d", words), words
        said.setdefault(state.phase, set()).add(words)
    assert set(said) == {"play", "clear"}
    heads = {phase: {words.split(":")[0] for words in lines} for phase, lines in said.items()}
    assert heads["play"].isdisjoint(heads["clear"])
    assert any(f"{name}'s" in words for words in said["play"] for name in names[1:])
