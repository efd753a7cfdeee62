"""The board: every step from every view, what is clickable in live play, what a step marks,
words instead of codes, and the pictures."""
from __future__ import annotations

import json
import random
import re

import pytest

from karate_helpers import GAME, heat, three
from picture_checks import sprite_file, sprite_symbols
from tomato_widgets.core import scene as scenes
from tomato_widgets.core.play import play_game, random_bots
from tomato_widgets.games import karate_tomate
from tomato_widgets.games.karate_tomate import narrow_scene, scenarios, scene
from tomato_widgets.widgets import play, replay
from tomato_widgets.widgets.shell import board_reachable

#: internal codes that must never be read: card ids, Triumph ids, Tomato ids
CODES = re.compile(r"(?<![\w-])([CKMAB][1-5]|T\d{3}|tomato-\d+)(?![\w-])")


def texts(items) -> list[str]:
    found = []
    for item in items:
        found += [str(item.get("text", "")), str(item.get("title", ""))]
        if isinstance(item.get("face"), dict):
            found += [str(value) for value in item["face"].values()]
    return found


def records():
    games = [play_game(GAME, random_bots(n, n), seed=n, options={"rounds": 3}) for n in (3, 7, 10)]
    return games + [make() for make in scenarios.SCENARIOS.values()]


@pytest.mark.parametrize("draw", [scene, narrow_scene], ids=["wide", "narrow"])
@pytest.mark.parametrize("number", range(12))
def test_every_step_draws_from_every_view_without_codes(number, draw):
    """heat.reveal, triumph.order: ids are unique, items lie on the board, every text is
    words, in both layouts."""
    record = records()[number]
    for state in record.states[::3] + [record.state]:
        for view in (None, *range(state.n)):
            drawn = draw(GAME.observe(state, view), record.players)
            items = drawn["items"]
            scenes.index(items)
            json.dumps(drawn)
            for item in items:
                assert 0 <= item["x"] <= drawn["width"] and 0 <= item["y"] <= drawn["height"]
            assert not [text for text in texts(items) if CODES.search(text)]


def test_a_seat_sees_the_same_board_for_every_state_it_cannot_tell_apart():
    """fight.commit (ruling): the others' secrets redrawn change nothing on the board."""
    record = play_game(GAME, random_bots(5, 1), seed=1, options={"rounds": 2})
    rng = random.Random(2)
    for state in record.states[::5]:
        for seat in range(5):
            other = GAME.resample_hidden(state, seat, rng)
            assert scene(GAME.observe(other, seat), record.players) == \
                scene(GAME.observe(state, seat), record.players)


def test_a_face_down_card_is_face_up_only_to_its_owner():
    """fight.commit (ruling): the commit slot shows a back to the others."""
    record = three()
    record.append("play:C5", 0)
    own = scenes.index(scene(GAME.observe(record.state, 0), record.players)["items"])
    other = scenes.index(scene(GAME.observe(record.state, 1), record.players)["items"])
    assert own["commit:0"]["face"]["rank"] == "5" and "face" not in other["commit:0"]
    assert "corn" not in other["commit:0"]["title"]


def test_live_play_offers_exactly_the_legal_moves_on_the_board_or_as_buttons():
    """fight.colour, drop.choice (ruling), triumph.pick (ruling): hand cards, the Tomato and
    the Triumph cards carry their actions; nothing else is clickable, and nothing at all in a
    replay."""
    record = play_game(GAME, random_bots(4, 5), seed=5, options={"rounds": 3})
    kinds = set()
    for state in record.states:
        for seat in state.actor:
            if seat < 0:
                continue
            legal = GAME.legal_actions(state, seat)
            items = scene(GAME.observe(state, seat), record.players, legal)["items"]
            reachable = board_reachable(items)
            on_board = {a for a in legal if a.split(":")[0] in ("play", "discard", "take")
                        or a == "tomato"}
            assert reachable & set(legal) == on_board
            # the only clicks that are not legal: cards of the hand in a heat (refused, with why)
            hand = {f"play:{card}" for card in state.hands[seat]}
            assert reachable - set(legal) <= hand and ("tomato" in legal or reachable <= set(legal))
            kinds |= {a.split(":")[0] for a in reachable & set(legal)}
            plain = scene(GAME.observe(state, seat), record.players)["items"]
            assert not board_reachable(plain)
    assert kinds == {"play", "tomato", "discard", "take"}


def test_the_reveal_marks_the_cards_turned_over_and_the_tomato_shown():
    """heat.reveal, drop.out: what the step changed is what it did."""
    record = three()
    for seat, action in enumerate(("play:C5", "play:K4", "tomato")):
        record.append(action, seat)
    before = scene(GAME.observe(record.state, 0), record.players)["items"]
    record.append("reveal")
    after = scene(GAME.observe(record.state, 0), record.players)["items"]
    kinds = {item["id"]: item["kind"] for item in before}
    marked = scenes.marked(scenes.diff(before, after), kinds)
    assert {"card:played:0:0", "card:played:1:0", "tomato:2"} <= marked
    assert "back:pile" not in marked and "triumph:T500:0" not in marked


def test_triumph_cards_show_trophies_knives_and_tomato_symbols_in_pictures_and_words():
    """cards.triumphs (ruling): rank and trophy picture, then a knife and a tomato picture
    per symbol; the tooltip says it in words."""
    record = three()
    items = scenes.index(scene(GAME.observe(record.state, 0), record.players)["items"])
    card = items["triumph:T210:0"]
    assert card["face"] == {"rank": "2", "icon": "trophy", "suit": "trophies", "color": "gold"}
    assert card["title"] == "Triumph card: 2 trophies and 1 knife"
    assert items["triumph:T210:0:more"]["icons"] == ["knife"]
    assert items["triumph:T500:0"]["face"]["rank"] == "5" and "triumph:T500:0:more" not in items


def test_the_sprite_file_holds_only_symbols_of_plain_shapes():
    """cards.numbers (ruling): the vegetables, the Tomato, the trophy and the knife as plain
    drawings: no text, scripts, styles, images or links."""
    found = sprite_symbols(karate_tomate)
    text = sprite_file(karate_tomate).read_text(encoding="utf-8")
    # path commands are spaced ("M 2.6", not "M2.6"): the page must not look like it names a
    # card (the hidden-information tests search it for card ids)
    assert not CODES.search(text)
    used = set()
    for record in records()[:4]:
        for state in record.states[::4]:
            for item in scene(GAME.observe(state, None), record.players)["items"]:
                used |= set(item.get("icons", ()))
                if isinstance(item.get("face"), dict):
                    used.add(item["face"].get("icon"))
    used.discard(None)
    assert used <= set(found) and {"corn", "carrot", "tomato", "trophy", "knife"} <= used


def test_the_widget_replays_and_plays_live():
    """fight.commit (ruling): a replay from a seat and a live game with clicks answered."""
    record = scenarios.rulebook_round()
    widget = replay(record, perspective=1)
    assert widget.frames["width"] == 680 and widget.frames["narrow"]["width"] == 350
    assert len(widget.steps) == len(record.steps)
    live = play("karate_tomate", 4, human=0, seed=1, delay_ms=0)
    legal = [action["id"] for action in live.legal]
    assert legal and "tomato" in legal
    assert not live.act("play:B9")
    assert "Not allowed" in live.notice
    assert live.act(legal[0])


def test_the_status_line_says_what_happens_now():
    """fight.heat, end.most-trophies: the board's top line."""
    record = scenarios.rulebook_end()
    top = scenes.index(scene(GAME.observe(record.state, None), record.players)["items"])["status"]
    assert top["text"] == "Game over \u00b7 Linda wins with 9 trophies and 3 knives"
    first = three()
    heat(first, {"Ana": "C5", "Ben": "K5", "Cai": "M5"})
    top = scenes.index(scene(GAME.observe(first.state, 0), first.players)["items"])["status"]
    assert top["text"] == "Round 1 \u00b7 heat 2 \u00b7 everybody still fighting puts a card face down"


def test_the_status_line_tells_a_tomato_symbol_draw_from_a_drop_out_draw():
    """triumph.symbols (ruling), drop.draw-two: a draw after a pick belongs to the picks."""
    record = scenarios.tie_and_swap()
    symbols = next(i for i, step in enumerate(record.steps, 1) if step.action == "take:T301")
    top = scenes.index(scene(GAME.observe(record.states[symbols], 2), record.players)["items"])
    assert top["status"]["text"].endswith("the fight is over \u00b7 Triumph cards are picked")
    dropped = next(i for i, step in enumerate(record.steps, 1) if step.action == "draw-two")
    top = scenes.index(scene(GAME.observe(record.states[dropped], 1), record.players)["items"])
    assert top["status"]["text"].endswith("who played the Tomato draws cards")
