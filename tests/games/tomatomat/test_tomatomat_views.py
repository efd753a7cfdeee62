"""What each seat of a Tomatomat table may see: the observation's format (the interface
for drawing and bots), states a seat cannot tell apart, and the text rendering."""
from __future__ import annotations

import json
import random

import pytest

from tomato_widgets.core.play import play_game, random_bots
from tomato_widgets.games.tomatomat import GAME

from tomatomat_helpers import dealt

TOP_KEYS = {"game", "perspective", "players", "phase", "round", "rounds", "batch", "to_act",
            "next_step", "positions", "stock", "seats", "dummies", "pass_order", "resolution",
            "settings"}
SEAT_KEYS = {"hand", "hand_size", "deck", "deck_cards", "placed", "batch_placed", "batch_hidden",
             "discard", "won", "stars", "machines"}


def test_observation_has_the_documented_shape():
    """place.card, reveal.cards: the observation is JSON-ready and has the documented keys at
    every stage of a game, for every perspective."""
    record = play_game(GAME, random_bots(3, 2), seed=2, options={"rounds": 2})
    phases = set()
    for state in record.states[::7] + [record.state]:
        for perspective in (None, 0, 1, 2):
            view = GAME.observe(state, perspective)
            json.dumps(view)
            assert set(view) == TOP_KEYS
            assert len(view["positions"]) == 4 and len(view["seats"]) == 3
            for seat in view["seats"]:
                assert set(seat) == SEAT_KEYS and len(seat["placed"]) == 4
            phases.add(view["phase"])
            if view["resolution"]:
                assert set(view["resolution"]) == {"position", "stage", "machines", "cards",
                                                   "totals", "winner"}
    assert phases == {"deal", "allocate", "resolve", "over"}


def test_a_seat_sees_its_hand_and_only_counts_of_others():
    """draw.cards, batch.complete: others' hands are sizes only; their placements are
    counts per machine; the all-seeing view shows every card and every deck in order."""
    table = dealt("R2 G1 G1 YP", "G2 BT Y1 R1", "")
    table.batch("R2:I G1:I G1:II YP:II", "G2:III BT:III Y1:IV R1:IV", "")
    ben = table.view(1)
    assert ben["seats"][0]["hand"] is None and ben["seats"][0]["hand_size"] == 4
    assert ben["seats"][0]["placed"][0] == {"count": 2, "cards": None}
    assert ben["seats"][1]["placed"][2] == {"count": 2, "cards": None}  # his own, face down
    everything = table.view()
    assert everything["seats"][0]["placed"][0]["cards"] == ["R2", "G1"]
    assert len(everything["seats"][0]["deck_cards"]) == 4
    assert everything["dummies"][0]["cards"] is not None
    assert ben["dummies"][0]["cards"] is None and ben["dummies"][0]["deck"] == 12


def test_resampled_states_look_the_same_to_the_seat():
    """place.card (ruling): a state rebuilt from what a seat cannot see gives that seat the
    same observation and the same legal moves, yet differs in others' cards."""
    table = dealt("R2 G1 G1 YP", "G2 BT Y1 R1", "")
    table.step("place:G2:III", 1)
    rng = random.Random(4)
    changed = 0
    for _ in range(20):
        other = GAME.resample_hidden(table.state, 0, rng)
        GAME.check_invariants(other)
        assert GAME.observe(other, 0) == GAME.observe(table.state, 0)
        assert GAME.legal_actions(other, 0) == GAME.legal_actions(table.state, 0)
        changed += other.hands[1] != table.state.hands[1] or other.fresh[1] != table.state.fresh[1]
    assert changed


def test_resampling_keeps_piles_everybody_saw():
    """round.pass (ruling), place.remember (ruling): a pile received from a player's face-up
    discard pile is known to all, so resampling keeps its cards with that seat; a player's
    own placed cards, hidden from them too, are among those resampled."""
    table = dealt("", "", "", rounds=2)
    table.batches(3)
    table.settle()
    table.machines(["M05", "M06", "M07", "M08"])
    table.shuffle("", "", "")
    table.batch()
    rng = random.Random(1)
    state = table.state
    for _ in range(10):
        other = GAME.resample_hidden(state, 0, rng)
        assert GAME.observe(other, 0) == GAME.observe(state, 0)
        for seat in (1, 2):  # Ben's and Cai's piles came from Ana's and Ben's discard piles
            mine = sorted(list(other.decks[seat]) + list(other.hands[seat])
                          + [c for row in other.placed[seat] for c in row])
            was = sorted(list(state.decks[seat]) + list(state.hands[seat])
                         + [c for row in state.placed[seat] for c in row])
            assert mine == was
    moved = False
    for _ in range(20):
        other = GAME.resample_hidden(state, 0, rng)
        moved = moved or other.placed[0] != state.placed[0]
    assert moved      # Ana does not remember her own cards, so they may be others


@pytest.mark.parametrize("players, public", [
    (2, [[False] * 4, [False, False, True, True], [True] * 4]),
    (3, [[False] * 4, [False, True, True, True], [True] * 4]),
    (4, [[False] * 4, [True] * 4, [True] * 4])])
def test_which_piles_everybody_knows(players, public):
    """round.pass (ruling), setup.dummies (ruling): a pile handed on from a player's discard
    pile is known to all; a dummy deck passes on what it holds, so the deal's unknown piles
    are known by everyone from round 3 on."""
    table = dealt(*[""] * players, rounds=3)
    seen = []
    for round_no in range(3):
        if round_no:
            table.settle()
            table.machines([f"M{4 * round_no + k:02d}" for k in range(1, 5)])
            table.shuffle(*[""] * players)
        seen.append(GAME.public_piles(table.state))
        table.batches(3)
    assert seen == public
    rng = random.Random(3)
    other = GAME.resample_hidden(table.state, 0, rng)
    for seat in range(1, players):     # in round 3 every player's twelve cards are known
        assert sorted(other.hands[seat] + other.decks[seat] + sum(other.placed[seat], ())) == \
            sorted(table.state.hands[seat] + table.state.decks[seat] + sum(table.state.placed[seat], ()))
