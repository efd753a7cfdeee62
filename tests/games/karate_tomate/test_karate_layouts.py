"""The two layouts of the board (wide and narrow) and the prompt over it: each layout holds
only what the view may see, both offer the same clicks in live play, ids are unique, every
hand is face up to the all-seeing view, the knife rule warns the seat it threatens, a Triumph
card carries its pictures on its face, and the prompt says what the viewer decides now."""
from __future__ import annotations

import json
import random

import pytest

from frame_checks import leaves
from karate_helpers import GAME, NAMES, heat, three
from tomato_widgets.core import scene as scenes
from tomato_widgets.core.play import play_game, random_bots
from tomato_widgets.games.karate_tomate import narrow_scene, prompt, scenarios, scene, words_for
from tomato_widgets.games.karate_tomate.pieces import TEXT
from tomato_widgets.widgets.shell import board_reachable

LAYOUTS = {"wide": scene, "narrow": narrow_scene}
#: output widths of a notebook (px) and what the widget's own frame takes of them
BESIDE_PANEL, PHONE, FRAME = 968 - 280 - 8 - 10, 368 - 10, 20


def games(counts=(3, 4, 7, 10), seed=0):
    return [play_game(GAME, random_bots(n, seed + n), seed=seed + n, options={"rounds": 2})
            for n in counts]


def live_positions(record):
    """(state, seat, legal) for every decision of the record."""
    for state in record.states:
        for seat in state.actor:
            if seat >= 0:
                yield state, seat, list(GAME.legal_actions(state, seat))


# ---- what a layout may hold --------------------------------------------------------------------
@pytest.mark.parametrize("layout", sorted(LAYOUTS))
def test_a_layout_names_nothing_its_seat_cannot_see(layout):
    """fight.commit (ruling), triumph.pick (ruling): every text of the all-seeing view that
    is not in the seat's own view (another's hand, a face-down card, an unshown Tomato, won
    Triumph cards) is absent from the seat's board, by id and by name."""
    draw = LAYOUTS[layout]
    checked = 0
    for record in games((3, 5)):
        for state in record.states[::2]:
            everything = leaves(GAME.observe(state, None))
            for seat in range(state.n):
                own = GAME.observe(state, seat)
                hidden = everything - leaves(own)
                text = json.dumps(draw(own, record.players, None), ensure_ascii=False)
                found = [word for token in hidden for word in words_for(token)
                         if len(word) > 1 and word in text]
                assert found == [], (layout, seat, found)
                checked += bool(hidden)
    assert checked > 50, "the games hid nothing: the check proves nothing"


@pytest.mark.parametrize("layout", sorted(LAYOUTS))
def test_a_layout_is_the_same_for_every_state_the_seat_cannot_tell_apart(layout):
    """fight.commit (ruling): the others' secrets dealt anew change nothing on the board."""
    draw = LAYOUTS[layout]
    record = play_game(GAME, random_bots(5, 1), seed=1, options={"rounds": 2})
    rng = random.Random(2)
    for state in record.states[::4]:
        for seat in range(5):
            other = GAME.resample_hidden(state, seat, rng)
            assert draw(GAME.observe(other, seat), record.players) == \
                draw(GAME.observe(state, seat), record.players)


def test_face_down_cards_of_the_others_show_no_face_in_the_narrow_layout():
    """fight.commit (ruling): another's card of this heat and unshown Tomato are backs."""
    record = three()
    record.append("play:C5", 0)
    items = scenes.index(narrow_scene(GAME.observe(record.state, 1), record.players)["items"])
    assert "face" not in items["commit:0"] and "face" not in items["tomato:0"]
    assert not [key for key in items if key.startswith("card:hand:0:")]
    own = scenes.index(narrow_scene(GAME.observe(record.state, 0), record.players)["items"])
    assert own["commit:0"]["face"]["rank"] == "5"


# ---- clicks and ids ----------------------------------------------------------------------------
def test_both_layouts_offer_exactly_the_same_clicks_in_live_play():
    """fight.colour, drop.discard, triumph.pick (ruling): whatever the width, the same moves
    are on the board."""
    kinds = set()
    for record in games((3, 6, 10), seed=20):
        for state, seat, legal in live_positions(record):
            observation = GAME.observe(state, seat)
            wide = board_reachable(scene(observation, record.players, legal)["items"])
            narrow = board_reachable(narrow_scene(observation, record.players, legal)["items"])
            assert narrow == wide
            kinds |= {action.split(":")[0] for action in wide}
    assert kinds == {"play", "tomato", "discard", "take"}


@pytest.mark.parametrize("layout", sorted(LAYOUTS))
def test_every_item_has_an_id_of_its_own_and_lies_on_the_board(layout):
    """Ids are unique per layout (the shell keys its drawing by them), and every item starts
    on the table."""
    draw = LAYOUTS[layout]
    for record in games((3, 8, 10), seed=40) + [scenarios.tie_and_swap(), scenarios.rulebook_end()]:
        for state in record.states[::3] + [record.state]:
            for view in (None, *range(state.n)):
                drawn = draw(GAME.observe(state, view), record.players)
                scenes.index(drawn["items"])
                for item in drawn["items"]:
                    assert 0 <= item["x"] < drawn["width"] and 0 <= item["y"] < drawn["height"]


def test_the_layouts_merge_into_one_list_whose_ids_mean_the_same_thing():
    """A card or a seat keeps its id in both layouts (the shell draws either from one list)."""
    record = scenarios.tie_and_swap()
    observation = GAME.observe(record.states[len(record.states) // 2], 0)
    wide = scenes.index(scene(observation, record.players)["items"])
    narrow = scenes.index(narrow_scene(observation, record.players)["items"])
    merged = scenes.merge_layouts(wide.values(), narrow.values())
    assert scenes.index(scenes.in_layout(merged, "narrow")) == narrow
    assert scenes.index(scenes.in_layout(merged, "wide")) == wide
    shared = set(wide) & set(narrow)
    assert {"status", "seat:0", "seat:1", "offer", "order", "piles", "tomato:0"} <= shared
    assert all(wide[key]["kind"] == narrow[key]["kind"] for key in shared)


def test_both_layouts_are_legible_where_a_notebook_shows_them():
    """The wide table beside the side panel of a 968 px output, the narrow one in a 368 px
    output: text of 11 px or more (the scene's text size times the scale it is drawn at)."""
    for n in range(3, 11):
        observation = GAME.observe(GAME.new_game(n), 0)
        wide = scene(observation, NAMES[:n])
        narrow = narrow_scene(observation, NAMES[:n])
        assert wide["text"] * (BESIDE_PANEL - FRAME) / wide["width"] >= 11
        assert narrow["text"] * (PHONE - FRAME) / narrow["width"] >= 11
        assert narrow["width"] < wide["width"]


# ---- what the board shows -------------------------------------------------------------------
@pytest.mark.parametrize("layout", sorted(LAYOUTS))
def test_the_all_seeing_view_draws_every_hand_face_up(layout):
    """The all-seeing view: each seat's hand card by card, face up; a seat's own view: only
    its own."""
    draw = LAYOUTS[layout]
    record = games((6,), seed=3)[0]
    state = record.states[len(record.states) // 3]
    items = draw(GAME.observe(state, None), record.players)["items"]
    for seat in range(state.n):
        cards = [item for item in items if item["id"].startswith(f"card:hand:{seat}:")]
        assert len(cards) == len(state.hands[seat]) and all("face" in item for item in cards)
    own = draw(GAME.observe(state, 2), record.players)["items"]
    assert {item["id"].split(":")[2] for item in own if item["id"].startswith("card:hand:")} \
        <= {"2"}


@pytest.mark.parametrize("layout", sorted(LAYOUTS))
def test_a_triumph_card_carries_its_knives_and_tomato_symbols_on_its_face(layout):
    """cards.triumphs (ruling): trophies as the face's value and picture, a knife or tomato
    picture per symbol inside the card's outline, all in words in the tooltip; nothing extra
    on a card of trophies only."""
    record = three()
    items = scenes.index(LAYOUTS[layout](GAME.observe(record.state, 0), record.players)["items"])
    card, more = items["triumph:T210:0"], items["triumph:T210:0:more"]
    assert card["face"] == {"rank": "2", "icon": "trophy", "suit": "trophies", "color": "gold"}
    assert more["icons"] == ["knife"] and more["title"] == card["title"] == \
        "Triumph card: 2 trophies and 1 knife"
    assert card["x"] <= more["x"] and more["x"] + 14 <= card["x"] + card["w"]
    assert card["y"] + card["h"] / 2 < more["y"] and more["y"] + 14 <= card["y"] + card["h"]
    assert more["z"] > card["z"] and "triumph:T500:0:more" not in items


def test_the_pictures_of_a_triumph_card_stay_on_it_when_it_may_be_taken():
    """triumph.pick (ruling): the shell raises a clickable card (6 units): its pictures lie
    on what the card covers either way, and are drawn over it."""
    record = scenarios.tie_and_swap()
    index = next(i for i, state in enumerate(record.states) if state.phase == "pick")
    state = record.states[index]
    seat = state.actor[0]
    legal = list(GAME.legal_actions(state, seat))
    for draw in LAYOUTS.values():
        live = scenes.index(draw(GAME.observe(state, seat), record.players, legal)["items"])
        clickable = [key for key in live if key.startswith("triumph:") and live[key].get("action")]
        pictures = [key + ":more" for key in clickable if key + ":more" in live]
        assert clickable and pictures
        for key in pictures:
            card, more = live[key[:-5]], live[key]
            assert card["y"] + card["h"] / 2 < more["y"]
            assert more["y"] + 1.2 * TEXT <= card["y"] + card["h"] - 6 and more["z"] > card["z"]


def knife_warnings(items) -> dict[str, str]:
    return {item["id"]: item["text"] for item in items if item["id"].startswith("warn:")}


@pytest.mark.parametrize("layout", sorted(LAYOUTS))
def test_the_knife_rule_warns_the_seats_it_knocks_out(layout):
    """end.fewest-knives (ruling): at the end every view marks the players with the fewest
    knives (Sebastian, 2 knives, 13 trophies); his own view says it in a sentence."""
    draw = LAYOUTS[layout]
    record = scenarios.rulebook_end()
    sebastian = record.players.index("Sebastian")
    for view in (None, *range(4)):
        warned = knife_warnings(draw(GAME.observe(record.state, view), record.players)["items"])
        assert set(warned) == {f"warn:{sebastian}"}
    own = knife_warnings(draw(GAME.observe(record.state, sebastian), record.players)["items"])
    assert own[f"warn:{sebastian}"].startswith("Fewest knives: knocked out")


@pytest.mark.parametrize("layout", sorted(LAYOUTS))
def test_a_seat_without_a_knife_is_warned_once_triumph_cards_are_won(layout):
    """end.fewest-knives (ruling): the others' Triumph cards are face down, so a seat knows
    only its own knives: with none it is among the fewest whatever the others hold. Before
    anybody wins a card nobody is warned; a seat with a knife is not warned."""
    draw = LAYOUTS[layout]
    record = scenarios.rulebook_round()
    before = GAME.observe(record.states[1], 0)
    assert knife_warnings(draw(before, record.players)["items"]) == {}
    state = record.state
    for seat in range(state.n):
        warned = knife_warnings(draw(GAME.observe(state, seat), record.players)["items"])
        if GAME.knives(state, seat) == 0 and any(state.won):
            assert list(warned) == [f"warn:{seat}"]
            assert warned[f"warn:{seat}"].startswith("No knife")
        else:
            assert warned == {}


# ---- the prompt ----------------------------------------------------------------------------------
def prompts_by_phase(records) -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for record in records:
        for state, seat, legal in live_positions(record):
            text = prompt(GAME.observe(state, seat), record.players, legal)
            phase = f"{state.phase}{min(state.heat, 2)}" if state.phase == "fight" else state.phase
            found.setdefault(phase, set()).add(text)
    return found


def test_the_prompt_says_what_the_viewer_decides_and_differs_by_phase():
    """fight.commit, drop.choice, drop.discard, triumph.pick, end.call: one sentence per
    decision, different for each kind of decision, never empty when there is one to make."""
    found = prompts_by_phase(games((3, 4, 5), seed=60) + [scenarios.rulebook_end()])
    assert {"fight1", "fight2", "drop", "discard", "pick", "call"} <= set(found)
    assert all(text and "\n" not in text and len(text) < 100
               for texts in found.values() for text in texts)
    firsts = {phase: sorted(texts)[0] for phase, texts in found.items()}
    assert len(set(firsts.values())) == len(firsts)
    assert all("Tomato" in text for text in found["fight1"] | found["fight2"])
    assert any("carrot" in text or "corn" in text or "mushroom" in text for text in found["fight2"])
    assert all(text.startswith("Click") for text in found["discard"] | found["pick"])


def test_the_prompt_names_the_next_picker_and_no_seat_numbers():
    """triumph.pick (ruling): the players by their names."""
    record = scenarios.tie_and_swap()
    texts = []
    for state, seat, legal in live_positions(record):
        text = prompt(GAME.observe(state, seat), record.players, legal)
        texts.append(text)
        assert "Player" not in text and "seat" not in text
        if state.phase == "pick":
            after = state.order[state.picked + 1:]
            assert (record.players[after[0]] in text) if after else text.endswith("(the last pick)")
    assert any(name in text for text in texts for name in record.players)


def test_the_prompt_is_empty_without_a_decision():
    record = three()
    heat(record, {"Ana": "C5", "Ben": "K5", "Cai": "M5"})
    assert prompt(GAME.observe(record.state, 0), record.players, []) == ""
    assert prompt(GAME.observe(record.state, None), record.players, ["tomato"]) == ""
    assert prompt(GAME.observe(record.state, 0), record.players, ["tomato", "play:C4"]) == \
        "Heat 2: click a corn card to put it face down, or your Tomato to drop out"
