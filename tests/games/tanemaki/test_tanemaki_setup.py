"""Tanemaki, components and setup: the cards, the rates, the players, who starts, the draw."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from tomato_widgets.core.errors import InvalidInputError
from tomato_widgets.core.game import CHANCE
from tomato_widgets.games.tanemaki import GAME
from tomato_widgets.games.tanemaki.cards import (RATE_TABLES, SEED_CARDS, SEED_COUNTS,
                                                 VARIETIES, card_name, cards_text, deck_counts,
                                                 harvest_value, parse_card)

from tanemaki_helpers import Game, assert_refused, only, telling


def test_the_seed_cards_follow_the_rulebooks_table():
    """cards.seeds (ruling): the x1 x2 x3 columns count the cards carrying one, two or three
    seed symbols; 45 seed cards in all, rarest variety first."""
    per_variety = {name: SEED_COUNTS[3 * v:3 * v + 3] for v, name in enumerate(VARIETIES)}
    assert per_variety == {"Radish": (2, 2, 1), "Potato": (3, 3, 1), "Cucumber": (4, 3, 2),
                           "Bean": (5, 4, 2), "Calabash": (5, 5, 3)}
    assert [sum(row) for row in per_variety.values()] == [5, 7, 9, 11, 13]
    assert SEED_CARDS == 45
    assert card_name("B2") == "Bean (2 seeds)" and card_name("R1") == "Radish (1 seed)"
    assert cards_text(["B1", "B1", "M", "R3"]) == \
        "a Radish (3 seeds), 2 Beans (1 seed each) and a manure card"


def test_manure_cards_are_an_option_of_the_variation():
    """cards.manure: 15 manure cards in the box; the variation plays with fewer, never more."""
    assert deck_counts(15)[-1] == 15 and sum(deck_counts(15)) == 60
    assert sum(GAME.new_game(3, {"manure": 4}).deck) == 49
    for bad in (-1, 16, "some"):
        with pytest.raises(InvalidInputError):
            GAME.new_game(3, {"manure": bad})


def test_the_rates_are_data_behind_an_option():
    """rates.table (ruling): only the Bean's rate (3 seeds, 1 coin) is printed; the assumed
    table makes rarer varieties cheaper and the 'flat' table puts all at the Bean's."""
    assert RATE_TABLES["assumed"][VARIETIES.index("Bean")] == (3, 1)
    assert [need for need, _ in RATE_TABLES["assumed"]] == [1, 2, 2, 3, 4]
    assert set(RATE_TABLES["flat"]) == {(3, 1)}
    beans = (parse_card("B1"), parse_card("B2"))
    assert harvest_value(beans, RATE_TABLES["assumed"]) == 1
    potatoes = (parse_card("P1"), parse_card("P2"))
    assert harvest_value(potatoes, RATE_TABLES["assumed"]) == 1
    assert harvest_value(potatoes, RATE_TABLES["flat"]) == 1
    assert harvest_value((parse_card("P2"), parse_card("P2")), RATE_TABLES["flat"]) == 1
    assert harvest_value((parse_card("P2"), parse_card("P2")), RATE_TABLES["assumed"]) == 2
    option = next(o for o in GAME.options if o.name == "rates")
    assert option.default == "assumed" and option.ruling == "rates.table"
    assert GAME.new_game(2, {"rates": "flat"}).settings.rates == "flat"


@pytest.mark.parametrize("players", [1, 6])
def test_two_to_five_players(players):
    """setup.players (ruling): the text never says how many; two to five may play."""
    with pytest.raises(InvalidInputError, match="2 to 5 players"):
        GAME.new_game(players)


def test_every_player_starts_with_two_empty_fields_and_no_coins():
    """setup.players (ruling): two fields and an empty earnings stack each; no hands."""
    view = GAME.observe(GAME.new_game(5), None)
    assert [[f["cards"] for f in seat["fields"]] for seat in view["seats"]] == [[[], []]] * 5
    assert {seat["coins"] for seat in view["seats"]} == {0}
    assert view["hand_size"] == 0 and view["deck"] == 60 and view["need"] == 6


def test_chance_picks_the_start_player():
    """setup.first: chance picks who starts, each seat equally likely; turns go left."""
    state = GAME.new_game(4)
    assert GAME.to_act(state) == (CHANCE,) and state.step == "first"
    assert GAME.chance_probability(state, "first:2") == 0.25
    assert "1 chance in 4" in GAME.chance_words(state, "first:2")
    game = Game(4, first=2)
    assert telling(game) == ["Chance picks Cai to take the first turn."]
    assert game.state.active == 2 and game.state.step == "draw"
    assert GAME.reason_illegal(state, "first:4", CHANCE).rule == "setup.first"
    assert GAME.reason_illegal(state, "first:x", CHANCE).rule == "action.format"
    seats = Counter(GAME.sample_chance(state, random.Random(seed)) for seed in range(400))
    assert set(seats) == {"first:0", "first:1", "first:2", "first:3"}


def test_a_turn_draws_one_card_more_than_the_players_in_secret():
    """turn.draw: the active player draws players + 1 cards; only they learn which."""
    game = Game(3, first=1)
    game.draw("B2 M R1 G3")
    event = only(game.events, "turn.draw")
    assert game.view(1)["hand"] == ["R1", "B2", "G3", "M"]
    assert game.view(0)["hand"] is None and game.view(0)["hand_size"] == 4
    assert telling(game, 1) == ["Ben draws a Radish (1 seed), a Bean (2 seeds), a Calabash "
                                "(3 seeds) and a manure card for turn 1."]
    assert telling(game, 0) == ["Ben draws 4 cards for turn 1, unseen by the others."]
    assert event.seen_by(2).facts.get("cards") is None
    assert game.view()["deck"] == 56


def test_a_draws_odds_are_told_only_to_who_sees_the_cards():
    """turn.draw: the odds of a draw depend on the cards drawn (four manure cards are far
    likelier than four different seeds), so only the drawing player and the all-seeing view
    are told them; the others are told the same words whatever was drawn."""
    state = Game(3).state  # Ana (seat 0) draws
    drawn = ["draw:M,M,M,M", "draw:B1,C1,G1,P1", "draw:B2,M,R1,R1"]
    for seat in (1, 2):
        words = {GAME.chance_words(state, action, seat) for action in drawn}
        assert words == {"4 cards drawn from a shuffled deck of 60: only the player drawing "
                         "them sees which they are."}
    for seat in (0, None):
        odds = [GAME.chance_words(state, action, seat) for action in drawn]
        assert len(set(odds)) == 3 and all("1 chance in" in words for words in odds)


def test_a_draw_is_checked_and_its_chance_told_exactly():
    """turn.draw: a written draw names players + 1 cards the deck still holds; its chance is
    exact (multivariate hypergeometric)."""
    game = Game(2, manure=1)
    state = game.state
    assert GAME.reason_illegal(state, "draw:B2,M", CHANCE).rule == "turn.draw"
    assert GAME.reason_illegal(state, "draw:M,M,B1", CHANCE).rule == "turn.draw"
    assert GAME.reason_illegal(state, "draw:B9,M,B1", CHANCE).rule == "action.format"
    assert GAME.reason_illegal(state, "give:B1:1", CHANCE).rule == "action.format"
    probability = GAME.chance_probability(state, "draw:R1,R1,M")
    assert probability == pytest.approx(1 / 15180)  # C(2,2) * C(1,1) / C(46,3)
    assert "1 chance in 15,180" in GAME.chance_words(state, "draw:R1,R1,M")
    rng = random.Random(4)
    total = 0.0
    for _ in range(50):
        action = GAME.sample_chance(state, rng)
        assert GAME.reason_illegal(state, action, CHANCE) is None
        total += GAME.chance_probability(state, action)
    assert 0 < total < 1


def test_a_player_cannot_make_chance_steps():
    """turn.draw: the draw is chance's, not a player's."""
    game = Game(3)
    assert_refused(game.record, "draw:B1,B1,B1,B1", 0, "turn.chance")
