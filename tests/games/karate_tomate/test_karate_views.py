"""What each view may know: observations, states a seat cannot tell apart, the knowledge
panel, the text view and the results table."""
from __future__ import annotations

import random

import pytest

from karate_helpers import GAME, heat, three
from tomato_widgets.core.play import play_game, random_bots
from tomato_widgets.games.karate_tomate.cards import TOMATO
from tomato_widgets.games.karate_tomate import knowledge, render_text, results, scenarios, words_for


def test_a_seat_sees_its_own_secrets_and_only_counts_of_the_others():
    """setup.hand (ruling), triumph.pick (ruling): own Tomato, hand, face-down card and
    Triumph cards; of the others their sizes, and what the table showed."""
    record = scenarios.rulebook_round()
    obs = GAME.observe(record.state, 2)
    me, sebastian = obs["seats"][2], obs["seats"][0]
    assert me["tomato"] == "tomato-10" and me["hand"] is not None and me["won"] == ["T310"]
    assert sebastian["tomato"] is None and sebastian["hand"] is None and sebastian["won"] is None
    assert sebastian["won_count"] == 1 and sebastian["trophies"] is None
    assert obs["seats"][1]["tomato"] == "tomato-3"  # Linda's Tomato was turned over
    assert obs["draw_cards"] is None and obs["pile_cards"] is None
    everything = GAME.observe(record.state, None)
    assert everything["draw_cards"] and everything["seats"][0]["won"] == ["T500"]


@pytest.mark.parametrize("players", [3, 6, 10])
def test_resampled_states_look_the_same_to_the_seat_and_keep_the_rules(players):
    """fight.commit (ruling): the others' hands, face-down cards and unseen Tomatoes are
    redrawn (a face-down card keeps the colour it must have); the seat's view and legal
    moves stay."""
    record = play_game(GAME, random_bots(players, 4), seed=4, options={"rounds": 3})
    rng = random.Random(1)
    changed = 0
    for state in record.states[::7]:
        for seat in range(players):
            other = GAME.resample_hidden(state, seat, rng)
            GAME.check_invariants(other)
            assert GAME.observe(other, seat) == GAME.observe(state, seat)
            if seat in state.actor:
                assert GAME.legal_actions(other, seat) == GAME.legal_actions(state, seat)
            changed += other.hands != state.hands or other.tomatoes != state.tomatoes
            assert other.won == state.won
    assert changed


def test_a_face_down_card_of_a_later_heat_keeps_its_colour_when_resampled():
    """fight.colour: in the second heat a face-down Number card must be of its player's
    colour; redrawn, it may also be the Tomato, which can always be played (the other seats
    cannot tell the two apart)."""
    record = three()
    heat(record, {"Ana": "C5", "Ben": "K5", "Cai": "M5"})
    record.append("play:K4", 1)
    rng = random.Random(3)
    kinds = set()
    for _ in range(30):
        card = GAME.resample_hidden(record.state, 0, rng).committed[1]
        assert card == TOMATO or card[0] == "K"
        kinds.add(card == TOMATO)
    assert kinds == {True, False}


def test_knowledge_tells_each_seat_what_this_view_may_know():
    """setup.hand (ruling), drop.out: the own hand and Tomato; the others' shown Tomatoes,
    how many cards they hold, their place in the fight and how many Triumph cards they won."""
    record = scenarios.rulebook_round()
    number = next(i for i, step in enumerate(record.steps, 1) if step.action == "rank")
    told = knowledge(GAME.observe(record.states[number], 2), record.players)
    assert told[2] == ("holds Tomato 10; hand: the broccoli 2, the corn 3 and the mushroom 2; "
                       "fights in aubergine: the aubergine 3 and the aubergine 2 (5).")
    # hands are counted as the table sees them: the Tomato is one of the cards while held
    assert told[1] == "showed Tomato 3; 8 cards in hand; out of this fight."
    assert told[0] == "4 cards in hand; fights in carrot: the carrot 5 and the carrot 4 (9)."
    assert "Tomato 7" not in " ".join(told.values())
    after = knowledge(GAME.observe(record.state, 2), record.players)
    assert after[0] == "4 cards in hand; won 1 Triumph card." and after[2].endswith(
        "won 1 Triumph card: 3 trophies and 1 knife.")


def test_the_text_view_names_things_in_words_and_hides_what_it_must():
    """triumph.pick (ruling): the command line's table for one seat."""
    record = scenarios.rulebook_round()
    text = render_text(GAME.observe(record.state, 2), record.players)
    assert text.splitlines()[0] == ("Round 2 | the warm-up comes next | Triumph pile 38, draw "
                                    "pile 114, discard pile 7")
    assert "Betti: Tomato 10 (not shown); hand: the broccoli 2" in text
    assert "Sebastian: Tomato face down; hand: 4 cards" in text
    assert "won 1 Triumph card, face down" in text
    for code in ("T500", "K5", "tomato-"):
        assert code not in text


def test_results_rank_the_winner_first_and_the_knocked_out_last():
    """end.fewest-knives (ruling), end.most-trophies: the end-of-game table."""
    record = scenarios.rulebook_end()
    table = results(GAME.observe(record.state, 0), record.players)
    assert table["columns"] == ["Player", "Trophies", "Knives", "Tomato", "Result"]
    assert [row[0] for row in table["rows"]] == ["Linda", "Betti", "Gabi", "Sebastian"]
    assert table["order"] == [1, 2, 3, 0] and table["winners"] == [1]
    assert table["rows"][0][-1] == "wins" and table["rows"][-1][-1].startswith("fewest knives")
    assert table["decided"] == ("Sebastian had the fewest knives (2) and could not win. Linda "
                                "has the most trophies of the others: 9, the next best 8.")


def test_words_for_finds_every_way_a_secret_is_written():
    """setup.hand (ruling): ids, card names, Tomatoes and Triumph cards."""
    assert words_for("K3") == ["K3", "the carrot 3", "'s carrot 3"]
    assert words_for("tomato-7") == ["tomato-7", "Tomato 7"]
    assert words_for("T210") == ["T210", "the Triumph card with 2 trophies and 1 knife"]
    assert words_for("carrot") == ["carrot"]
