"""Tomatomat, "A. Allocate playing cards": drawing, placing face down at the same time,
what others may see before and after a batch, refusals, and remembering one's own cards."""
from __future__ import annotations

import pytest

from tomato_widgets.core.errors import IllegalActionError, InvalidInputError
from tomato_widgets.core.game import CHANCE
from tomato_widgets.games.tomatomat import GAME
from tomato_widgets.games.tomatomat.cards import CARD_IDS

from tomatomat_helpers import dealt, only, rules

DECKS = ("R2 G1 G1 YP | B1 B1 B1 B2 | Y1 Y1 Y2 RT", "G2 BT Y1 R1 | R1 R1 R1 R1", "")


# ---- draw.cards ------------------------------------------------------------------------------
def test_each_batch_draws_the_next_four_cards_secretly():
    """draw.cards: three times a round every player draws the next four of their deck; the
    cards are told to their owner only."""
    table = dealt(*DECKS)
    assert table.hand(0) == ["R2", "G1", "G1", "YP"]
    events = table.batch()
    draws = [e for e in events if e.rule == "draw.cards"]
    assert [e.facts["batch"] for e in draws] == [2, 2, 2]
    assert draws[0].facts["drawn"] == ["B1", "B1", "B1", "B2"] and table.hand(0) == ["B1", "B1", "B1", "B2"]
    assert draws[0].seen_by(1).facts.get("drawn") is None
    assert draws[0].seen_by(0).facts["drawn"] == ["B1", "B1", "B1", "B2"]
    assert GAME.explain(draws[0].seen_by(1), table.record.players) == \
        "Ana draws 4 cards from their deck (batch 2)."
    assert table.view(0)["seats"][0]["deck"] == 4


# ---- place.card ------------------------------------------------------------------------------
def test_everyone_places_at_once_one_card_per_action():
    """place.card (ruling): all players decide at the same time; one action puts one card
    at one machine; a player who is done leaves the list of those to act."""
    table = dealt(*DECKS)
    assert GAME.to_act(table.state) == (0, 1, 2)
    legal = GAME.legal_actions(table.state, 0)
    assert len(legal) == 12 == len(set(legal))       # three different cards x four machines
    assert "place:G1:III" in legal and "place:B1:I" not in legal
    table.step("place:G1:III", 0)
    assert table.hand(0) == ["R2", "G1", "YP"]
    for move in ("R2:I", "G1:I", "YP:II"):
        table.step("place:" + move, 0)
    assert GAME.to_act(table.state) == (1, 2)


def test_all_four_cards_may_go_to_one_machine_and_must_all_be_placed():
    """place.card (ruling): a machine may take all four of a player's cards; the batch ends
    only when every card of every player is down (batch.complete)."""
    table = dealt(*DECKS)
    table.batch("R2:III G1:III G1:III YP:III", "", "")
    view = table.view()
    assert view["seats"][0]["placed"][2] == {"count": 4, "cards": ["R2", "G1", "G1", "YP"]}
    assert view["batch"] == 2


def test_a_placement_is_secret_until_the_batch_is_complete():
    """place.card (ruling), batch.complete: before everyone is done, the others see only
    that a card went down, not which one nor where; then they see how many cards each
    player has at each machine, still not which."""
    table = dealt(*DECKS)
    events = table.step("place:YP:II", 0)
    event = only(events, "place.card")
    assert event.secret == ("card", "position")
    assert event.seen_by(1).facts == {} and event.seen_by(0).facts == {"card": "YP", "position": "II"}
    assert GAME.explain(event.seen_by(2), table.record.players) == "Ana places a card face down."
    assert GAME.public_label(table.record.states[-2], "place:YP:II", 0, 1) == "place a card face down"
    assert "II" not in GAME.public_label(table.record.states[-2], "place:YP:II", 0, 2)
    assert GAME.public_label(table.record.states[-2], "place:YP:II", 0, 0) == \
        "put the yellow police officer face down at machine II"
    seen_by_ben = table.view(1)["seats"][0]
    assert [p["count"] for p in seen_by_ben["placed"]] == [0, 0, 0, 0]
    assert seen_by_ben["batch_placed"] == 1 and seen_by_ben["batch_hidden"] == 1
    assert "YP" not in str(table.view(1)) and "YP" in str(table.view())
    own = table.view(0)["seats"][0]  # Ana sees her own card lie at II, face down
    assert own["placed"][1] == {"count": 1, "cards": None} and own["batch_hidden"] == 0
    events = table.batch("R2:I G1:I G1:I", "G2:III BT:III Y1:IV R1:IV", "")
    counts = only(events, "batch.complete").facts["counts"]
    assert counts[0] == [3, 1, 0, 0] and counts[1] == [0, 0, 2, 2]
    seen_by_ben = table.view(1)["seats"][0]
    assert [p["count"] for p in seen_by_ben["placed"]] == [3, 1, 0, 0]
    assert all(p["cards"] is None for p in seen_by_ben["placed"])
    assert seen_by_ben["batch_hidden"] == 0


def test_placed_cards_never_move():
    """place.card: a card once placed stays where it is for the rest of the round."""
    table = dealt(*DECKS)
    table.batch("R2:I G1:I G1:II YP:II", "", "")
    table.batches(2, rest="III")
    view = table.view()["seats"][0]["placed"]
    assert view[0]["cards"] == ["R2", "G1"] and view[1]["cards"] == ["G1", "YP"]
    assert view[2]["count"] == 8


# ---- refusals -----------------------------------------------------------------------------
def test_a_card_not_in_hand_is_refused():
    """place.own-card: you can only place a card you hold now."""
    table = dealt(*DECKS)
    error = table.refuse("place:B2:I", 0, rule="place.own-card")
    assert "blue 2-coin" in error.reason and "red 2-coin" in error.reason


def test_unknown_positions_are_refused():
    """place.position: there are four machines, I to IV."""
    table = dealt(*DECKS)
    table.refuse("place:R2:V", 0, rule="place.position")
    table.refuse("place:R2:ii", 0, rule="place.position")
    table.refuse("place:R2:", 0, rule="place.position")


@pytest.mark.parametrize("action", ["play:R2", "place:X9:I", "place", "place:R2:I:II", "R2:I"])
def test_malformed_actions_are_input_errors(action):
    """action.format: anything not shaped place:CARD:POSITION names no action."""
    table = dealt(*DECKS)
    before = table.state
    with pytest.raises(InvalidInputError):
        table.record.append(action, 0)
    assert table.state is before
    assert GAME.reason_illegal(table.state, action, 0).rule == "action.format"


def test_a_player_done_with_the_batch_must_wait():
    """place.wait: after your four cards you wait for the others."""
    table = dealt(*DECKS)
    for move in ("R2:I", "G1:I", "G1:II", "YP:II"):
        table.step("place:" + move, 0)
    error = table.refuse("place:R2:I", 0, rule="place.wait")
    assert "batch 1" in error.reason


def test_the_player_must_be_named_and_chance_cannot_place():
    """turn.simultaneous, turn.chance: with several players deciding, an action must say
    whose it is; chance has no placement to make, and players cannot take chance steps."""
    table = dealt(*DECKS)
    table.refuse("place:R2:I", None, rule="turn.simultaneous")
    table.refuse("place:R2:I", CHANCE, rule="turn.chance")
    table.batches(3)
    assert table.state.phase == "resolve"
    table.refuse("place:R2:I", 0, rule="turn.chance")
    table.refuse("reveal:I", 0, rule="turn.chance")


def test_refusals_raise_illegal_action_errors_naming_the_rule():
    """place.own-card: the error a learner sees names the rule and the seat."""
    table = dealt(*DECKS)
    with pytest.raises(IllegalActionError) as info:
        GAME.apply(table.state, "place:B2:I", 0)
    assert info.value.rule == "place.own-card" and info.value.player == 0


def test_the_quick_legality_check_agrees_with_the_listed_placements():
    """place.own-card: ``apply`` checks a placement without listing the moves; over whole
    random games it accepts exactly the listed ones, for every seat deciding."""
    import random
    rng = random.Random(5)
    every = [f"place:{card}:{pos}" for card in CARD_IDS for pos in ("I", "II", "III", "IV")]
    checked = 0
    for players in (2, 3, 4):
        state = GAME.new_game(players)
        while GAME.to_act(state):
            actors = GAME.to_act(state)
            if actors[0] == CHANCE:
                state = GAME.apply(state, GAME.sample_chance(state, rng), CHANCE)[0]
                continue
            for seat in actors:
                legal = set(GAME.legal_actions(state, seat))
                assert {a for a in every if GAME.allows(state, a, seat)} == legal
                checked += 1
            seat = rng.choice(actors)
            state = GAME.apply(state, rng.choice(GAME.legal_actions(state, seat)), seat)[0]
    assert checked > 100


# ---- place.remember -------------------------------------------------------------------------
def test_placed_cards_are_face_down_to_their_owner_too():
    """place.remember (ruling): once down, a card is hidden from its owner as well: Ana's view
    counts her cards at each machine, from the first card of the batch on, and names none;
    only the all-seeing view knows them."""
    table = dealt(*DECKS)
    table.step("place:R2:I", 0)
    own = table.view(0)["seats"][0]
    assert own["placed"][0] == {"count": 1, "cards": None}
    assert own["hand"] == ["G1", "G1", "YP"]
    table.batch("G1:I G1:II YP:II", "", "")
    own = table.view(0)["seats"][0]
    assert [p["count"] for p in own["placed"]] == [2, 2, 0, 0]
    assert all(p["cards"] is None for p in own["placed"])
    assert own["placed"] == table.view(1)["seats"][0]["placed"]  # as much as Ben sees
    assert table.view()["seats"][0]["placed"][0]["cards"] == ["R2", "G1"]   # all-seeing


def test_the_teaching_option_shows_players_their_own_placed_cards():
    """place.remember (ruling): remember_own=true, a teaching aid, lists a player's own placed
    cards in their view; the others still see only how many."""
    table = dealt(*DECKS, remember_own=True)
    table.batch("R2:I G1:I G1:II YP:II", "", "")
    assert table.view(0)["seats"][0]["placed"][0]["cards"] == ["R2", "G1"]
    assert table.view(1)["seats"][0]["placed"][0] == {"count": 2, "cards": None}


def test_the_option_says_it_is_a_teaching_aid_and_is_off_by_default():
    """place.remember (ruling): the rules forbid looking at placed cards, so remembering them
    is an option that is off unless asked for."""
    option = next(option for option in GAME.options if option.name == "remember_own")
    assert option.default is False and option.help.startswith("a teaching aid")
    assert GAME.resolve_options({})["remember_own"] is False
    assert GAME.rulebook["place.remember"].ruling.option == "remember_own"


def test_after_the_third_batch_the_settlement_begins():
    """batch.complete: the last card of batch 3 starts the settlement at machine I."""
    table = dealt(*DECKS)
    events = table.batches(3)
    assert only(events, "batch.complete").facts["batch"] == 3
    assert "draw.cards" not in rules(events)
    assert table.state.actor == (CHANCE,) and table.view()["next_step"] == "reveal:I"
    assert table.view()["phase"] == "resolve"
