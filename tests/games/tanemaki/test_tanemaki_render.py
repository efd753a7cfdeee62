"""Tanemaki's board (``render.scene``): what each part shows, ids that never name a hidden
card, the clicks of each decision in live play, and the pictures it names."""
from __future__ import annotations

import re

import pytest

from tomato_widgets.core.play import play_game, random_bots
from tomato_widgets.games import tanemaki
from tomato_widgets.games.tanemaki import GAME, scenarios, scene
from tomato_widgets.widgets import play
from tomato_widgets.widgets.shell import board_reachable

from picture_checks import sprite_symbols
from tanemaki_helpers import Game

#: what an internal code looks like in a text: a card id, an action id
CODE = re.compile(r"\b([RPCBG][123]\b|(give|pass|plant|harvest|reap):\w)")


def items_of(game_or_state, seat=None, legal=None, names=("Ana", "Ben", "Cai", "Dee", "Eve")):
    state = getattr(game_or_state, "state", game_or_state)
    return {item["id"]: item for item in
            scene(GAME.observe(state, seat), list(names[:state.n]), legal)["items"]}


def texts(items) -> list[str]:
    return [item.get(key, "") for item in items.values() for key in ("text", "title")]


def said(board, key: str) -> str:
    """A label's text, its lines joined when it wraps (``key``, ``key:2`` ...)."""
    lines, number = [], 1
    while (line := board.get(key if number == 1 else f"{key}:{number}")) is not None:
        lines.append(line["text"])
        number += 1
    return " ".join(lines)


# ---- pictures ------------------------------------------------------------------------------
def test_the_sprite_file_holds_only_symbols_of_plain_shapes():
    """cards.seeds (ruling): the pictures are plain drawings: no text, scripts, styles,
    images, links or event handlers."""
    sprite_symbols(tanemaki)  # checks every symbol's elements and attributes


def test_every_picture_the_board_names_exists():
    """cards.manure: every variety, manure, coin, sprout and storehouse picture the scenes
    name is in the sprite file; every card face says its variety or manure in words too."""
    symbols = set(sprite_symbols(tanemaki))
    used = set()
    records = [make() for make in scenarios.SCENARIOS.values()]
    records.append(play_game(GAME, random_bots(4, 2), seed=2))
    for record in records:
        for state in list(record.states)[::3] + [record.state]:
            for seat in (None, 0):
                for item in items_of(state, seat).values():
                    used |= set(item.get("icons", ()))
                    face = item.get("face")
                    if face:
                        used.add(face["icon"])
                        assert face["suit"] in ("Radish", "Potato", "Cucumber", "Bean",
                                                "Calabash", "manure")
    assert used <= symbols, used - symbols
    assert {"radish", "potato", "cucumber", "bean", "calabash", "manure", "coin", "sprout",
            "storehouse"} <= used


# ---- what the board shows ----------------------------------------------------------------------
def test_the_chain_shows_who_held_the_card_and_where_it_may_go():
    """hold.pass (ruling): the panel names every holder, whom the card may still go to, and
    why the others may not; the card is face up to those who know it."""
    game = Game(4).draw("P1 B2 C3 M G1").act("give:G1:3", "plant:1", "give:B2:1", "pass:2")
    dee = items_of(game, 3)
    assert "back:held" in dee and "card:held" not in dee
    assert said(dee, "held:chain") == "Ana \u2192 Ben \u2192 Cai (holds it)"
    assert said(dee, "held:targets") == "May go on to: nobody: it is planted or stored"
    assert said(dee, "held:not") == "Not to: Ana (active player), Ben (held it), Dee (planted)"
    cai = items_of(game, 2)
    assert cai["card:held"]["face"] == {"rank": "2", "icon": "bean", "suit": "Bean",
                                        "color": "mixed"}
    assert cai["card:held"]["title"] == "Bean (2 seeds), held by Cai"
    assert items_of(game, 3)["planted:3"]["text"] == "planted"


def test_two_players_are_told_the_card_cannot_go_on():
    """pass.two-players: the panel says the holder plants or stores."""
    game = Game(2).draw("P1 B2 C3").act("give:B2:1")
    assert said(items_of(game, 1), "held:targets") == "Two players: plant it or store it"


def test_fields_say_what_they_grow_and_what_a_harvest_would_earn():
    """rates.table (ruling): a field's title gives its variety, its seeds and the coins of a
    harvest now; manure lies under the seed cards."""
    record = scenarios.manure()
    state = record.states[next(i for i, s in enumerate(record.steps, 1)
                               if s.action == "plant:hand:M:2")]
    board = items_of(state, None)
    assert board["field:0:1"]["text"] == "Field 1: Bean \u00b7 3 seeds \u00b7 harvest now: 1 coin"
    bean, manure = board["card:field:0:1:0"], board["card:field:0:1:1"]
    assert manure["x"] < bean["x"] and manure["z"] < bean["z"]
    assert board["field:1:2"]["text"].startswith("Field 2: manure only")
    assert "a harvest now earns no coin" in board["field:1:2"]["title"]


def test_a_harvest_is_shown_where_it_happened():
    """harvest.any-time (ruling): the emptied field says what it gave, until the next step."""
    record = scenarios.window()
    step = len(record.steps) - 4   # Ana harvests field 1
    board = items_of(record.states[step], 1)
    assert board["harvested:0:1"]["text"] in ("harvested: 2 cards \u2192 1 coin",
                                              "harvested \u2192 1 coin")
    assert board["harvested:0:1"]["title"].endswith("a Bean (3 seeds) and a manure card earned 1 coin")
    assert "harvested:0:1" not in items_of(record.states[step + 1], 1)


def test_the_earnings_stack_is_a_count_to_others_and_named_to_its_owner():
    """harvest.coins (ruling): others see how many coins; the owner's own seat names them;
    at the end every stack lies face up (end.reveal)."""
    record = scenarios.bean_harvest()
    assert items_of(record.state, 0)["coins:1"]["text"] == "1 coin"
    assert "face down" in items_of(record.state, 0)["coins:1"]["title"]
    assert items_of(record.state, 1)["coins:1"]["text"] == "1 coin: 1 Bean"
    ending = scenarios.tie_break()
    board = items_of(ending.state, 0)
    assert board["stack:1"]["text"] == "Coins turned over: 8"
    assert [board[f"card:coin:1:{i}"]["face"]["suit"] for i in range(8)][:2] == ["Radish"] * 2
    assert board["status"]["text"] == "Game over \u00b7 Ben wins with 8 coins"
    assert items_of(ending.states[-2], 0)["seat:1"].get("tone") != "winner"
    assert board["seat:1"]["tone"] == "winner"


def test_no_hidden_card_is_named_by_an_id_or_shown():
    """give.card: face-down cards have ids of their place only; a seat's scene holds no card
    it has not seen, in ids, faces or words."""
    for seed in range(3):
        record = play_game(GAME, random_bots(3, seed), seed=seed)
        for state in record.states:
            for seat in range(3):
                view = GAME.observe(state, seat)
                board = items_of(state, seat)
                shown = [i for i in board.values() if i["kind"] == "card" and "face" in i]
                for item in board.values():
                    if item["kind"] == "card" and "face" not in item:
                        assert item["id"].startswith("back:"), item["id"]
                if view["hand"] is None:
                    assert not any(i["id"].startswith("card:hand:") for i in shown)
                if view["held"] and view["held"]["card"] is None:
                    assert "card:held" not in board


def test_no_text_shows_an_internal_code():
    """turn.discard (ruling): texts and tooltips name cards and actions in words."""
    for make in scenarios.SCENARIOS.values():
        record = make()
        for state in list(record.states)[::2]:
            for seat in (None, 0, 1):
                found = [t for t in texts(items_of(state, seat)) if CODE.search(t)]
                assert not found, found


def test_every_item_lies_on_the_board():
    """setup.players (ruling): two to five seats fit the board."""
    for players in range(2, 6):
        record = play_game(GAME, random_bots(players, 1), seed=1)
        for state in list(record.states)[::11]:
            made = scene(GAME.observe(state, 0), GAME.default_names(players))
            for item in made["items"]:
                assert 0 <= item["x"] and 0 <= item["y"] < made["height"], item["id"]
                if item["id"].startswith("field:"):  # a field's title fits its zone
                    assert len(item["text"]) * 7 <= item["w"] - 10, item["text"]
                if "w" in item:
                    assert item["x"] + item["w"] <= made["width"] + 0.5, item["id"]
                if "h" in item:
                    assert item["y"] + item["h"] <= made["height"] + 0.5, item["id"]


# ---- live play: the clicks ------------------------------------------------------------------
def test_handing_out_is_a_card_then_a_seat():
    """give.card, give.target: the hand's cards pick, every item of an opponent's seat drops;
    a seat that has planted is a drop too (the click is answered with why not)."""
    game = Game(3).draw("P1 B2 C3 M").act("give:C3:2", "plant:1")
    board = items_of(game, 0, game.legal())
    assert board["card:hand:B2:0"]["pick"] == "give:B2"
    assert board["seat:1"]["drop"] == "1" and board["field:2:1"]["drop"] == "2"
    assert board["card:field:2:1:0"]["drop"] == "2"
    reach = board_reachable(board.values())
    assert set(game.legal()) - reach == set()
    assert "give:B2:2" in reach and "give:B2:2" not in game.legal()


def test_holding_a_card_is_one_click_on_a_field_the_storehouse_or_a_seat():
    """hold.plant (ruling), hold.store (ruling), hold.pass (ruling): own fields plant, the
    storehouse stores, another seat passes; harvests are buttons."""
    game = Game(3).draw("P1 B2 C3 M").act("give:B2:1")
    board = items_of(game, 1, game.legal())
    assert board["field:1:1"]["action"] == "plant:1" and board["field:1:2"]["action"] == "plant:2"
    assert board["store"]["action"] == "store"
    assert board["seat:2"]["action"] == "pass:2" and board["seat:0"]["action"] == "pass:0"
    assert set(game.legal()) <= board_reachable(board.values())


def test_planting_last_is_a_card_of_the_hand_or_the_storehouse_then_a_field():
    """active.plant: picks on the hand's and the storehouse's cards, drops on own fields."""
    game = Game(2).draw("P1 B2 C3").act("give:B2:1", "store", "give:C3:1", "plant:1")
    board = items_of(game, 0, game.legal())
    assert board["card:hand:P1:0"]["pick"] == "plant:hand:P1"
    assert board["card:store:0"]["pick"] == "plant:store:B2"
    assert board["field:0:1"]["drop"] == "1" and board["field:0:2"]["drop"] == "2"
    assert set(game.legal()) <= board_reachable(board.values())


@pytest.mark.parametrize("players", [2, 4])
def test_every_legal_move_of_a_live_game_is_a_click_or_a_button(players):
    """harvest.any-time (ruling), window.keep: what the board does not reach (harvests, keep)
    is a button labelled in words; illegal clicks on the board get the rule."""
    widget = play("tanemaki", players, human=0, seed=4, delay_ms=0)
    for number in range(40):
        if not widget.legal:
            break
        buttons = [a for a in widget.legal if not a["on_board"]]
        assert all(a["id"].startswith("harvest:") or a["id"] == "keep" for a in buttons)
        assert all(not CODE.search(a["label"]) for a in buttons)
        widget.act(sorted(a["id"] for a in widget.legal)[number % len(widget.legal)])


def test_an_illegal_click_is_answered_with_the_rule():
    """give.target, store.full, plant.variety: every board click that is not allowed now (a
    seat that has planted, a full storehouse, a field of another variety) gets the widget's
    notice with the rule's title and why, and changes nothing."""
    widget = play("tanemaki", 3, human=0, seed=1, delay_ms=0)
    seen = set()
    for number in range(120):
        if not widget.legal:
            break
        legal = {a["id"] for a in widget.legal}
        board = scene(GAME.observe(widget.record.state, 0), widget.record.players, sorted(legal))
        for action in sorted(board_reachable(board["items"]) - legal):
            steps = len(widget.record.steps)
            assert not widget.act(action) and len(widget.record.steps) == steps
            rule = GAME.reason_illegal(widget.record.state, action, 0).rule
            title = GAME.rulebook[rule].title
            assert widget.notice.startswith(f"Not allowed \u2014 {title}: "), widget.notice
            seen.add(rule)
        widget.act(sorted(legal)[number % len(legal)])
    assert {"give.target", "store.full", "plant.variety"} <= seen, seen
