"""Tanemaki's two layouts (the wide ``scene`` and the phone-width ``narrow_scene``) and the
decision prompt: the narrow table shows nothing its view may not see, both offer the same
clicks, ids are unique, crowded rows keep every rank readable, and the prompt says what the
viewer decides, in the players' names."""
from __future__ import annotations

import json
import random
import re

import pytest

from frame_checks import leaves
from tomato_widgets.core.game import CHANCE
from tomato_widgets.core.play import play_game, random_bots
from tomato_widgets.core.scene import index
from tomato_widgets.games.tanemaki import GAME, narrow_scene, prompt, scenarios, scene, words_for
from tomato_widgets.games.tanemaki.render import CARD_W, STEP, text_width
from tomato_widgets.widgets.shell import board_reachable

from tanemaki_helpers import NAMES, Game

LAYOUTS = {"wide": scene, "narrow": narrow_scene}
#: the widths the shell gives the board (output width less the widget's padding, the side
#: panel and the table's rim): beside the panel at 968 px output, alone at 368 px
WIDE_ROOM, NARROW_ROOM = 968 - 16 - 288 - 10, 368 - 16 - 10
SMALLEST_TEXT_PX = 11


def random_games(players_list=(2, 3, 5), seeds=(1, 2)):
    for players in players_list:
        for seed in seeds:
            yield play_game(GAME, random_bots(players, seed), seed=seed)


def drawn(layout: str, state, seat, legal=None) -> dict:
    return LAYOUTS[layout](GAME.observe(state, seat), NAMES[:state.n], legal)


# ---- sizes ---------------------------------------------------------------------------------
@pytest.mark.parametrize("players", range(2, 6))
def test_each_layout_is_legible_where_the_shell_draws_it(players):
    """setup.players (ruling): the wide table beside the side panel at 968 px output and the
    narrow one at 368 px output show their text at 11 px or more; a game keeps one size."""
    record = play_game(GAME, random_bots(players, 3), seed=3)
    for name, room in (("wide", WIDE_ROOM), ("narrow", NARROW_ROOM)):
        sizes = {(made["width"], made["height"], made["text"])
                 for made in (drawn(name, state, 0) for state in list(record.states)[::9])}
        assert len(sizes) == 1, sizes
        width, _, text = sizes.pop()
        assert text * room / width >= SMALLEST_TEXT_PX, (name, width, text)


# ---- what the narrow table shows --------------------------------------------------------------
def unseen_so_far(record, seat) -> list[set[str]]:
    """For each step, the texts of the all-seeing observation the seat has not been shown."""
    seen: set[str] = set()
    hidden = []
    for number, state in enumerate(record.states):
        seen |= leaves(GAME.observe(state, seat))
        if number:
            for event in record.events[number - 1]:
                seen |= leaves(event.seen_by(seat).facts)
        hidden.append(leaves(GAME.observe(state, None)) - seen)
    return hidden


def named(hidden: set[str], text: str) -> list[str]:
    words = {word for token in hidden for word in words_for(token) if len(word) > 1}
    return sorted(word for word in words
                  if re.search(r"(?<![\w-])" + re.escape(word) + r"(?![\w-])", text))


def test_the_narrow_table_names_no_card_its_view_has_not_seen():
    """give.card: a seat's narrow table names no card it has not seen, in ids, faces, texts
    or tooltips; face-down cards are named by their place only."""
    secrets = 0
    for record in random_games(players_list=(3, 5), seeds=(4,)):
        for seat in range(record.state.n):
            pairs = list(zip(record.states, unseen_so_far(record, seat)))
            for state, hidden in pairs[::2]:
                made = drawn("narrow", state, seat)
                assert named(hidden, json.dumps(made, ensure_ascii=False)) == []
                secrets += bool(hidden)
                view = GAME.observe(state, seat)
                for item in made["items"]:
                    if item["kind"] == "card" and "face" not in item:
                        assert item["id"].startswith("back:"), item["id"]
                    if view["hand"] is None:
                        assert not item["id"].startswith("card:hand:")
                    if view["held"] and view["held"]["card"] is None:
                        assert item["id"] != "card:held"
    assert secrets, "nothing was hidden: the check proves nothing"


def test_the_all_seeing_narrow_table_does_show_the_hidden_cards():
    """The check above finds what it looks for: the all-seeing table names the cards a seat
    has not seen (the active player's hand, the deck in a tooltip)."""
    record = next(random_games(players_list=(3,), seeds=(4,)))
    found = [named(hidden, json.dumps(drawn("narrow", state, None), ensure_ascii=False))
             for state, hidden in zip(record.states, unseen_so_far(record, 1))]
    assert any(found)


# ---- ids and clicks -----------------------------------------------------------------------
def test_item_ids_are_unique_in_each_layout():
    """Every item of a layout has its own id, in every view, at every step."""
    for record in random_games(seeds=(1,)):
        for state in list(record.states)[::2]:
            for seat in (None, *range(state.n)):
                for name in LAYOUTS:
                    index(drawn(name, state, seat)["items"])  # raises on a repeated id


def deciding_positions(players: int, seed: int):
    """(state, seat, legal) wherever a seat decides in a random game."""
    record = play_game(GAME, random_bots(players, seed), seed=seed)
    for state in record.states:
        actors = GAME.to_act(state)
        actors = actors if isinstance(actors, (list, tuple)) else [actors]
        for seat in actors:
            if seat != CHANCE and isinstance(seat, int) and seat >= 0:
                yield state, seat, sorted(GAME.legal_actions(state, seat))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_both_layouts_offer_the_same_clicks(players):
    """give.card, hold.pass (ruling), active.plant: in live play the narrow table reaches
    exactly the actions the wide one does, and every legal move that is not a button."""
    checked = 0
    for seed in (1, 2):
        for state, seat, legal in deciding_positions(players, seed):
            wide = board_reachable(drawn("wide", state, seat, legal)["items"])
            narrow = board_reachable(drawn("narrow", state, seat, legal)["items"])
            assert wide == narrow, (state.phase, wide ^ narrow)
            buttons = {a for a in legal if a.startswith("harvest:") or a == "keep"}
            assert set(legal) - buttons <= narrow
            checked += bool(wide)
    assert checked > 20


def test_names_pills_and_marks_are_never_click_targets():
    """Small texts are not asked to be aimed at: clicks lie on seats, fields and cards."""
    game = Game(3).draw("P1 B2 C3 M").act("give:C3:2", "plant:1")
    for name in LAYOUTS:
        made = drawn(name, game.state, 0, game.legal())
        clickable = {item["kind"] for item in made["items"]
                     if {"action", "pick", "drop"} & set(item)}
        assert clickable <= {"zone", "card"}, clickable


# ---- crowded rows and the coins ------------------------------------------------------------
def crowded(cards: list[str]) -> dict:
    """A real view with Ben's first field holding ``cards``."""
    view = GAME.observe(Game(4).draw("P1 B2 C3 M G1").state, None)
    view["seats"][1]["fields"][0].update(cards=cards, variety="Bean", seeds=len(cards), coins=2)
    return view


@pytest.mark.parametrize("name", LAYOUTS)
def test_a_crowded_field_keeps_every_rank_shown_whole(name):
    """cards.manure: overlapping cards stay far enough apart for the rank ("+1") of the one
    under to show; what does not fit is counted, and named in the tooltip."""
    cards = ["B1", "M", "M", "B2", "M", "B1", "B3", "M", "B1", "B2"]
    made = LAYOUTS[name](crowded(cards), NAMES[:4])
    items = index(made["items"])
    shown = sorted((item for key, item in items.items() if key.startswith("card:field:1:1:")),
                   key=lambda item: item["x"])
    assert all(b["x"] - a["x"] >= STEP for a, b in zip(shown, shown[1:]))
    field = items["field:1:1"]
    assert shown[-1]["x"] + CARD_W <= field["x"] + field["w"]
    more = items["more:1:1"]
    left_out = len(cards) - len(shown)
    assert more["text"] == f"{left_out} more" and left_out > 0
    assert more["x"] + text_width(more["text"]) <= shown[0]["x"]
    assert "4 manure cards" in more["title"]   # the manure lies under, so it is left out first


def test_the_coins_turned_over_leave_their_title_and_ranks_readable():
    """end.reveal: at the end each stack's coins lie face up under the stack's title, apart
    enough for every rank, inside their zone; the pill is as wide as its words."""
    record = scenarios.tie_break()
    for name in LAYOUTS:
        items = index(LAYOUTS[name](GAME.observe(record.state, 0), record.players)["items"])
        for seat in range(len(record.players)):
            stack = items[f"stack:{seat}"]
            coins = [item for key, item in items.items() if key.startswith(f"card:coin:{seat}:")]
            assert coins
            for item in coins:
                assert item["y"] >= stack["y"] + 20      # under the title line
                assert item["x"] + item["w"] <= stack["x"] + stack["w"]
                assert item["y"] + item["h"] <= stack["y"] + stack["h"]
            rows = {}
            for item in coins:
                rows.setdefault(item["y"], []).append(item["x"])
            for xs in rows.values():
                xs.sort()
                assert all(b - a >= STEP for a, b in zip(xs, xs[1:]))
            pill = items[f"coins:{seat}"]
            assert pill["w"] >= text_width(pill["text"]) + 30   # picture, padding and words


def test_ordinary_names_leave_every_text_whole():
    """No text of either layout is shortened with an ellipsis for names like ours."""
    for record in random_games(players_list=(2, 5), seeds=(1,)):
        for state in list(record.states)[::3]:
            for seat in (None, 0, 1):
                for name in LAYOUTS:
                    for item in drawn(name, state, seat)["items"]:
                        assert "\u2026" not in item.get("text", ""), (name, item)


# ---- the decision prompt ---------------------------------------------------------------------
def prompt_of(game: Game, seat: int) -> str:
    return prompt(GAME.observe(game.state, seat), NAMES[:game.state.n], game.legal(seat))


def test_the_prompt_says_each_decision_in_the_players_names():
    """give.target, hold.pass (ruling), active.plant, window.keep: a sentence per phase, with
    whom a card may go to by name; nothing to decide, no prompt."""
    game = Game(4).draw("P1 B2 C3 M G1")
    handing = prompt_of(game, 0)
    assert handing.startswith("Hand Ben, Cai or Dee a card face down")
    game.act("give:B2:1")
    holding = prompt_of(game, 1)
    assert "hand it on to Cai or Dee" in holding and "store it" in holding
    assert prompt(GAME.observe(game.state, 0), NAMES[:4], []) == ""
    game.act("plant:1", "give:C3:2", "plant:1", "give:G1:3", "plant:1")
    planting = prompt_of(game, 0)
    assert planting.startswith("Plant a card from your hand")
    texts = {handing, holding, planting, prompt_of(*window_decision())}
    assert len(texts) == 4
    for text in texts:
        assert not re.search(r"[Pp]layer \d|\b[RPCBG][123]\b|:\w", text), text
        assert len(text) <= 80, text   # two lines of the strip on a phone


def window_decision() -> tuple[Game, int]:
    """Ben decides in the harvest window of a two-player turn."""
    game = Game(2).draw("P1 B2 C3").act("give:B2:1", "plant:1", "plant:hand:P1:1").settle()
    seat = game.state.actor[0]
    assert game.state.phase == "window"
    return game, seat


def test_the_prompt_names_only_who_may_still_take_a_card():
    """give.target: once Cai has planted, Ana is asked to hand her next card to Ben alone."""
    game = Game(3).draw("P1 B2 C3 M")
    assert "Ben or Cai" in prompt_of(game, 0)
    game.act("give:C3:2", "plant:1")
    assert prompt_of(game, 0) == "Hand Ben a card face down: click it, then Ben's row"
