"""Tomate's scene renderer, checked over whole random games and on hand-written deals.

Every scene of every step, from every seat and from the all-seeing view, must be a valid
flat item list (core/scene.py) that never shows a card the viewer cannot see; the same
card keeps its id as it moves; consecutive scenes differ by small deltas, and a step marks
only what it changed; a completed trick stays drawn, its winner marked, through the scoring.
"""
from __future__ import annotations

import json
import re
from functools import lru_cache

import pytest

from tomato_widgets.core.play import play_game, random_bots
from tomato_widgets.core.scene import diff, index, marked, patch
from tomato_widgets.games.tomate import GAME, render_text, scenarios
from tomato_widgets.games.tomate.cards import CARD_IDS
from tomato_widgets.games.tomate.known import knowledge
from tomato_widgets.games.tomate.render import scene

KINDS = {"zone", "card", "token", "label"}
SUIT_PICTURES = {"coins", "cups", "swords", "clubs"}
TONES = {"active", "muted", "trump", "winner", "warning"}
SIZES = (2, 5, 13)
BASE_NAMES = ["Ana", "Ben", "Cy", "Dee", "Eve", "Finn", "Gus", "Hal", "Ida", "Jo", "Kim", "Lou", "Max"]
NASTY = "<img src=x onerror=alert(1)>"
CARD_NAME = re.compile(r"\b(A|K|Q|J|[2-7]) of (coins|cups|swords|clubs)\b")


def names_for(n: int) -> list[str]:
    names = BASE_NAMES[:n]
    names[1] = NASTY
    return names


@lru_cache(maxsize=None)
def game(n: int, seed: int = 7, rounds: int = 3):
    return play_game(GAME, random_bots(n, seed), seed=seed, options={"rounds": rounds})


def perspectives(n: int):
    return [None, *range(n)]


@lru_cache(maxsize=None)
def scenes(n: int, perspective, seed: int = 7, rounds: int = 3) -> list[dict]:
    names = names_for(n)
    return [scene(GAME.observe(state, perspective), names) for state in game(n, seed, rounds).states]


def card_ids_in(item: dict) -> list[str]:
    return [c for c in CARD_IDS if c in item["id"]]


def visible_ids(obs: dict) -> set[str]:
    """Card ids an observation shows face up."""
    seen = {c for hand in obs["hands"] for c in hand if c}
    seen |= {c for pile in obs["mucked"] for c in pile if c}
    seen |= {c for _, c in obs["trick"]} | set(obs["played"])
    if obs["trump"]:
        seen.add(obs["trump"])
    if obs["discard"]:
        seen.add(obs["discard"])
    return seen


def hidden_ids(state, obs: dict) -> set[str]:
    """Cards in play that ``obs`` does not show (others' hands, muck, stock, discard)."""
    everything = visible_ids(GAME.observe(state, None)) | {CARD_IDS[c] for c in state.stock}
    return everything - visible_ids(obs)


def words_of(item: dict) -> str:
    return " ".join(str(item.get(key, "")) for key in ("id", "text", "title", "action"))


def rounded(value) -> bool:
    return isinstance(value, int) or round(value, 1) == value


# ---- every scene of whole games -------------------------------------------------------
@pytest.mark.parametrize("n", SIZES)
def test_every_scene_is_a_valid_item_list(n):
    for perspective in perspectives(n):
        for sc in scenes(n, perspective):
            width, height = sc["width"], sc["height"]
            by_id = index(sc["items"])  # raises on a repeated id
            assert len(by_id) == len(sc["items"])
            json.dumps(sc)
            for item in sc["items"]:
                assert item["kind"] in KINDS, item
                assert item.get("tone") in TONES | {None}, item
                x, y = item["x"], item["y"]
                w, h = item.get("w", 0), item.get("h", 0)
                if item["kind"] in ("zone", "card"):
                    assert w > 0 and h > 0, item
                assert 0 <= x and x + w <= width and 0 <= y and y + h <= height, item
                for key in ("x", "y", "w", "h", "z"):
                    if key in item:
                        assert rounded(item[key]), item
                if item["kind"] in ("zone", "label", "token"):
                    assert isinstance(item["text"], str), item
                if item["kind"] == "card":
                    cards = card_ids_in(item)
                    if "face" in item:
                        assert item["id"].startswith("card:") and item["id"][5:] in CARD_IDS, item
                        rank, _, suit = item["id"][5:].partition("-")
                        # the picture of the suit, and the rank and the suit's name as text
                        assert item["face"] == {"rank": rank, "suit": suit, "icon": suit,
                                                "color": item["face"]["color"]}
                        assert suit in SUIT_PICTURES and item["face"]["color"]
                    else:
                        assert item["id"].startswith("back:") and not cards, item
                        assert not CARD_NAME.search(words_of(item)), item


@pytest.mark.parametrize("n", SIZES)
def test_scenes_are_deterministic(n):
    record = game(n)
    names = names_for(n)
    for state in record.states[::5]:
        obs = GAME.observe(state, 0)
        first = json.dumps(scene(obs, names), sort_keys=True)
        again = json.dumps(scene(json.loads(json.dumps(obs)), list(names)), sort_keys=True)
        assert first == again


@pytest.mark.parametrize("n", SIZES)
def test_hidden_cards_never_appear(n):
    record = game(n)
    names = names_for(n)
    for perspective in range(n):
        for state, sc in zip(record.states, scenes(n, perspective)):
            obs = GAME.observe(state, perspective)
            secret = hidden_ids(state, obs)
            shown = {item["id"][5:] for item in sc["items"] if item["id"].startswith("card:")}
            assert not shown & secret, (perspective, shown & secret)
            text = " ".join(words_of(item) for item in sc["items"])
            named = {f"{r}-{s}" for r, s in CARD_NAME.findall(text)}
            assert not named & secret, (perspective, named & secret)
            said = " ".join(knowledge(obs, names).values())
            assert not {f"{r}-{s}" for r, s in CARD_NAME.findall(said)} & secret, said
    # the all-seeing view shows every hand face up
    for state, sc in zip(record.states, scenes(n, None)):
        cards = {c for hand in state.hands for c in hand}
        shown = {item["id"] for item in sc["items"]}
        assert {"card:" + CARD_IDS[c] for c in cards} <= shown


@pytest.mark.parametrize("n", SIZES)
def test_a_card_keeps_its_id_from_hand_to_trick(n):
    record = game(n)
    moved = 0
    for perspective in (None, 0):
        sc = scenes(n, perspective)
        for step in range(1, len(record.states)):
            before, after = record.states[step - 1], record.states[step]
            if before.phase != "trick":
                continue
            seat = before.actor[0]
            card = next(iter(set(before.hands[seat]) - set(after.hands[seat])))
            key = "card:" + CARD_IDS[card]
            old, new = index(sc[step - 1]["items"]), index(sc[step]["items"])
            if seat != perspective and perspective is not None and not (
                    before.taken and card == before.trump):  # a taken trump is seen by all
                assert key not in old  # it was face down in an opponent's hand
            else:
                assert key in old
            # lands in the trick, and stays until the next lead (or, for the round's last
            # card, through the scoring until the next deal)
            assert key in new, (step, key)
            if key in old:
                assert (old[key]["x"], old[key]["y"]) != (new[key]["x"], new[key]["y"])
                assert "back:" not in key
                moved += 1
    assert moved > 0


@pytest.mark.parametrize("n", SIZES)
def test_patch_rebuilds_each_scene_and_deltas_are_small(n):
    for perspective in (None, 0, n - 1):
        sc = scenes(n, perspective)
        delta_bytes = scene_bytes = 0
        for old, new in zip(sc, sc[1:]):
            delta = diff(old["items"], new["items"])
            assert index(patch(old["items"], delta)) == index(new["items"])
            delta_bytes += len(json.dumps(delta, separators=(",", ":")))
            scene_bytes += len(json.dumps(new, separators=(",", ":")))
        # two players have few steps per round, and each deal renews most of the table
        assert delta_bytes < (0.5 if n == 2 else 0.3) * scene_bytes, (perspective, delta_bytes,
                                                                       scene_bytes)


@pytest.mark.parametrize("n", SIZES)
def test_every_own_card_is_clickable_when_a_card_is_wanted(n):
    """Live play: all the player's own cards carry their action while a card is wanted (the
    legal ones among them are exactly the legal actions), so an illegal click can be
    answered with the rule; nothing else on the board is clickable."""
    record = game(n)
    names = names_for(n)
    checked = set()
    for state in record.states:
        if not state.actor or state.actor[0] < 0:
            continue
        seat = state.actor[0]
        legal = list(GAME.legal_actions(state, seat))
        obs = GAME.observe(state, seat)
        sc = scene(obs, names, legal)
        acting = {item["id"]: item["action"] for item in sc["items"] if "action" in item}
        cards = {a for a in legal if a.startswith(("play:", "discard:"))}
        assert cards <= set(acting.values())
        if cards:
            kind = next(iter(cards)).partition(":")[0]
            own = {f"{kind}:{c}" for c in obs["hands"][seat] if c}
            assert set(acting.values()) == own
        else:
            assert not acting
        for key, action in acting.items():
            assert key == "card:" + action.partition(":")[2]
        checked.add(state.phase)
        plain = scene(GAME.observe(state, seat), names)
        assert not any("action" in item for item in plain["items"])
    assert {"take", "declare"} <= checked


@pytest.mark.parametrize("n", SIZES)
def test_names_are_kept_as_given(n):
    names = names_for(n)
    record = game(n)
    sc = scene(GAME.observe(record.states[-1], 1), names)
    seats = {item["id"]: item for item in sc["items"] if item["kind"] == "zone" and item["id"].startswith("seat:")}
    assert [seats[f"seat:{s}"]["text"] for s in range(n)] == names
    assert seats["seat:1"]["text"] == NASTY


# ---- the pieces of the table ----------------------------------------------------------
def with_a_take(n: int):
    """A recorded game in which the dealer takes the trump at least once."""
    return next(game(n, seed) for seed in range(7, 40)
                if any(state.phase == "discard" for state in game(n, seed).states))


def test_seat_marks_dealer_pot_and_settlement():
    record = with_a_take(5)
    names = names_for(5)
    dealers, settled, took = set(), 0, 0
    for state in record.states:
        obs = GAME.observe(state, 0)
        items = index(scene(obs, names)["items"])
        assert items["seat:0"]["y"] > items["seat:2"]["y"]  # the viewer sits at the bottom
        if state.dealer >= 0:
            box = items[f"seat:{state.dealer}"]
            button = items["token:dealer"]
            assert button["text"] == "D"
            assert box["x"] <= button["x"] <= box["x"] + box["w"]
            assert box["y"] <= button["y"] <= box["y"] + box["h"]
            dealers.add((button["x"], button["y"]))
        for seat in range(5):
            assert items[f"chips:{seat}"]["text"] == f"{state.chips[seat]} chips"
            tone = items[f"seat:{seat}"].get("tone")
            if seat in state.actor:
                assert tone == "active"
            elif state.status[seat] == "pass":
                assert tone == "muted"
                assert items[f"decl:{seat}"]["text"] == "passed"
            elif state.status[seat] == "play":
                assert items[f"decl:{seat}"]["text"] == "plays"
        if state.phase != "cut":
            assert items["pot"]["text"] == str(state.pot)
        if state.trump >= 0:
            trump = "card:" + CARD_IDS[state.trump]
            if state.taken:
                took += 1
                assert "trump:taken" in items
                assert state.trump not in state.hands[state.dealer] or items[trump]["tone"] in ("trump", "winner")
            else:
                assert items[trump]["tone"] == "trump"
            assert ("back:stock" in items) == bool(state.stock)
            if state.discard >= 0:
                assert "back:discard" in items or "card:" + CARD_IDS[state.discard] in items
        tokens = {key for key in items if key.startswith(("paid:", "won:"))}
        if state.settlement:
            settled += 1
            paid, won = state.settlement
            assert tokens == {f"paid:{s}" for s in range(5) if paid[s]} | \
                {f"won:{s}" for s in range(5) if won[s]}
            for seat in range(5):
                if paid[seat]:
                    assert items[f"paid:{seat}"]["text"] == f"\u2212{paid[seat]}"
                if won[seat]:
                    assert items[f"won:{seat}"]["text"] == f"+{won[seat]}"
        else:
            assert not tokens
    assert len(dealers) > 1 and settled and took


def test_trick_winner_and_last_trick():
    record = game(5)
    names = names_for(5)
    seen_winner = seen_last = seen_scoring = 0
    for state in record.states:
        items = index(scene(GAME.observe(state, None), names)["items"])
        if state.trick:
            best = "card:" + CARD_IDS[state.best[1]]
            assert items[best]["tone"] == "winner"
            others = [c for _, c in state.trick if c != state.best[1]]
            assert all(items["card:" + CARD_IDS[c]].get("tone") != "winner" for c in others)
            seen_winner += 1
        elif state.played:
            # a finished trick stays on the table until the next lead or deal, winner marked
            winner = state.trick_winners[-1]
            assert items["trick"]["text"].endswith(f"won by {names[winner]}")
            winning = [i for i in items.values() if i.get("tone") == "winner" and i["kind"] == "card"]
            assert len(winning) == 1
            seen_last += 1
            seen_scoring += state.phase != "trick"
        else:
            assert "trick" not in items
    assert seen_winner and seen_last and seen_scoring


def scored_round():
    """The scenario of the penalty and the shares, from the last card on."""
    record = scenarios.penalty_and_thirds()
    last_card = max(k for k, step in enumerate(record.steps, 1) if step.action.startswith("play:"))
    return record, last_card


@pytest.mark.parametrize("perspective", [None, 0, 1])
def test_the_third_trick_is_drawn_with_its_winner_until_the_next_deal(perspective):
    """The card that completes trick 3 is drawn on the trick, the winner marked, at the step
    that completes it and at every scoring step after it; the penalty shows at the seat that
    paid, the shares at the winners' seats, and the pot changes."""
    record, last_card = scored_round()
    names = record.players
    assert [step.action for step in record.steps[last_card:]] == ["penalties", "shares"]
    trick = ["card:3-cups", "card:2-swords", "card:J-swords"]
    pots = []
    for number in range(last_card, len(record.steps) + 1):
        items = index(scene(GAME.observe(record.states[number], perspective), names)["items"])
        assert all(key in items for key in trick), number
        assert items["card:J-swords"]["tone"] == "winner"          # Cai won trick 3
        assert items["trick"]["text"] == "Trick 3 \u00b7 won by Cai"
        pots.append(items["pot"]["text"])
        if number == last_card:
            assert not any(key.startswith(("paid:", "won:")) for key in items)
        else:
            assert items["paid:0"]["text"] == "\u22123"                  # Ana pays the penalty
    assert pots == ["3", "6", "0"]
    assert items["won:1"]["text"] == "+2" and items["won:2"]["text"] == "+4"


def step_marks(record, perspective):
    """For each step: (step number, the ids its delta marks)."""
    names = record.players
    before = scene(GAME.observe(record.states[0], perspective), names)["items"]
    for number in range(1, len(record.states)):
        after = scene(GAME.observe(record.states[number], perspective), names)["items"]
        kinds = {item["id"]: item["kind"] for item in before}
        yield number, marked(diff(before, after), kinds)
        before = after


@pytest.mark.parametrize("n", SIZES)
@pytest.mark.parametrize("perspective", [None, 0])
def test_steps_mark_only_what_they_changed(n, perspective):
    """A card played marks that card and what it changed (the trick, the tricks won, the
    card it took the lead from, the stage line), never the rest of the hand it left; a
    declaration marks that seat; a scoring step marks the chips that moved and the pot."""
    record = game(n)
    checked = set()
    for number, ids in step_marks(record, perspective):
        before, after = record.states[number - 1], record.states[number]
        step = record.steps[number - 1]
        trick_cards = {"card:" + CARD_IDS[c] for c in before.trick_cards() + after.trick_cards()}
        trick_cards |= {"card:" + CARD_IDS[c] for c in after.played[-after.active:]} if after.played else set()
        if step.action.startswith("play:"):
            assert "card:" + step.action[5:] in ids
            tricks = {f"tricks:{seat}" for seat in range(n)}
            assert ids <= trick_cards | tricks | {"trick", "status"}, (number, ids)
            checked.add("card")
        elif step.action in ("play", "pass"):
            seat = step.player
            own = {key for key in ids if key.startswith(("card:", "back:"))}
            assert all(key.endswith(f":{seat}") or f":{seat}:" in key or
                       key[5:] in {CARD_IDS[c] for c in before.hands[seat]} for key in own), ids
            assert ids - own <= {f"decl:{seat}", f"tricks:{seat}", "status"}, (number, ids)
            checked.add("declare")
        elif step.action == "penalties":
            payers = {seat for seat in range(n) if after.settlement[0][seat]}
            assert {f"paid:{seat}" for seat in payers} <= ids
            assert ids <= {f"paid:{s}" for s in payers} | {f"chips:{s}" for s in payers} | \
                {"pot", "carry", "status"}, (number, ids)
            checked.add("penalties")
        elif step.action == "shares":
            gainers = {seat for seat in range(n) if after.settlement and after.settlement[1][seat]}
            assert {f"won:{seat}" for seat in gainers} <= ids
            allowed = {f"won:{s}" for s in gainers} | {f"chips:{s}" for s in gainers}
            allowed |= {f"tricks:{s}" for s in range(n)} | {"pot", "status"}
            assert ids <= allowed, (number, ids)
            checked.add("shares")
    assert checked == {"card", "declare", "penalties", "shares"}


def test_a_card_played_from_a_hidden_hand_marks_only_that_card():
    """Seen by another seat, a card played from a face-down hand is marked with what it
    changed, and none of the backs left behind (they keep their ids; only the last goes)."""
    record = scenarios.must_beat()
    marks = dict(step_marks(record, 0))
    assert marks[6] == {"card:6-cups", "trick"}         # Ana leads trick 1
    assert marks[7] == {"card:K-cups", "card:6-cups"}   # Ben's K takes the lead from the 6
    assert marks[8] == {"card:4-cups", "trick", "tricks:1"}   # Cai's card completes it


def test_trick_cards_lean_toward_their_players():
    record = game(5)
    for state in record.states:
        if state.phase == "trick" and len(state.trick) >= 2:
            break
    items = index(scene(GAME.observe(state, 0), names_for(5))["items"])
    box = items["trick"]
    cx, cy = box["x"] + box["w"] / 2, box["y"] + box["h"] / 2
    for seat, c in state.trick:
        item, zone = items["card:" + CARD_IDS[c]], items[f"seat:{seat}"]
        to_card = (item["x"] + item["w"] / 2 - cx, item["y"] + item["h"] / 2 - cy)
        to_seat = (zone["x"] + zone["w"] / 2 - cx, zone["y"] + zone["h"] / 2 - cy)
        assert to_card[0] * to_seat[0] + to_card[1] * to_seat[1] > 0


def test_thirteen_players_have_no_stock():
    record = game(13)
    for state in record.states:
        if state.phase == "declare":
            items = index(scene(GAME.observe(state, 0), names_for(13))["items"])
            assert "back:stock" not in items and items["stock:count"]["text"] == "no stock"
            return
    raise AssertionError("no declaration in the game")


def test_mucked_hands_stay_hidden_from_others():
    record = game(5)
    names = names_for(5)
    for state in record.states:
        passed = [s for s in range(5) if state.status[s] == "pass"]
        if state.phase == "trick" and passed:
            break
    seat = passed[0]
    viewer = (seat + 1) % 5
    mine = index(scene(GAME.observe(state, seat), names)["items"])
    theirs = index(scene(GAME.observe(state, viewer), names)["items"])
    for i, c in enumerate(state.mucked[seat]):
        assert mine["card:" + CARD_IDS[c]]["tone"] == "muted"
        assert "card:" + CARD_IDS[c] not in theirs
        assert theirs[f"back:muck:{seat}:{i}"]["tone"] == "muted"


def test_discard_is_seen_only_by_the_dealer():
    """The discard stays the dealer's secret through the scoring and until the next deal
    (the round's dealer stays its dealer until then)."""
    record = with_a_take(5)
    names = names_for(5)
    shown = [s for s in record.states if s.discard >= 0]
    assert any(s.phase in ("deal", "over") for s in shown)   # still out after the round
    for state in shown:
        key = "card:" + CARD_IDS[state.discard]
        dealer = index(scene(GAME.observe(state, state.dealer), names)["items"])
        other = index(scene(GAME.observe(state, (state.dealer + 1) % 5), names)["items"])
        everyone = index(scene(GAME.observe(state, None), names)["items"])
        assert "discarded" in dealer[key]["title"] and "discarded" in everyone[key]["title"]
        assert key not in other and "back:discard" in other and "back:discard" not in dealer


def test_suits_show_as_pictures_with_their_names():
    """The trump line shows the suit's picture and its name, the pot a chip's picture, and a
    card its suit's picture with the rank and the suit's name."""
    record = scenarios.must_beat()
    items = index(scene(GAME.observe(record.states[1], None), record.players)["items"])
    assert items["trump:suit"]["icons"] == ["coins"] and "coins" in items["trump:suit"]["text"]
    assert items["pot"]["icons"] == ["chip"] and "3 chips" in items["pot"]["title"]
    assert items["card:K-cups"]["face"] == {"rank": "K", "suit": "cups", "icon": "cups",
                                            "color": "red"}


def test_the_header_names_the_stage_not_the_player():
    """The header says where the round is; whose turn it is shows on the seat (its tone and
    tooltip), so the header does not change with every card."""
    record = scenarios.must_beat()
    names = record.players
    texts = [index(scene(GAME.observe(state, None), names)["items"])["status"]["text"]
             for state in record.states]
    assert texts[5] == texts[6] == texts[7] == "Round 1 \u00b7 trick 1 of 3"
    items = index(scene(GAME.observe(record.states[6], None), names)["items"])
    assert items["seat:1"]["tone"] == "active" and items["seat:1"]["title"] == "Ben \u00b7 plays a card"


def test_render_text_still_works():
    record = game(5)
    text = render_text(GAME.observe(record.states[3], 0), names_for(5))
    assert "Round 1" in text and NASTY in text
