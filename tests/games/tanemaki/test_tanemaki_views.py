"""Tanemaki from one seat: what each view may know (the hand, the card being handed, the
coins), states a seat cannot tell apart, and the texts made from a view (knowledge, the
command line's table, how a card may be written)."""
from __future__ import annotations

import random

from tomato_widgets.core.play import play_game, random_bots
from tomato_widgets.games.tanemaki import GAME, knowledge, render_text, scenarios, words_for

from tanemaki_helpers import Game


def chain() -> Game:
    """Ana's turn at four: the Bean went Ana -> Ben -> Cai; Dee has not seen it."""
    return Game(4).draw("P1 B2 C3 M G1").act("give:B2:1", "pass:2")


def test_the_hand_is_the_active_players_alone():
    """turn.draw: the turn's cards are seen by the active player (and the all-seeing view)."""
    game = chain()
    assert game.view(0)["hand"] == ["P1", "C3", "G1", "M"] and game.view(None)["hand"]
    assert [game.view(seat)["hand"] for seat in (1, 2, 3)] == [None] * 3
    assert {game.view(seat)["hand_size"] for seat in range(4)} == {4}


def test_the_card_being_handed_is_known_along_its_chain_only():
    """hold.pass (ruling): the card is face up to the active player and to everyone who has
    held it; the others see who holds it and who has, not what it is."""
    game = chain()
    assert [game.view(seat)["held"]["card"] for seat in range(4)] == ["B2", "B2", "B2", None]
    assert game.view(3)["held"]["holders"] == [1, 2]


def test_coins_are_counted_for_all_but_named_for_their_owner():
    """harvest.coins (ruling): the earnings stack is face down: others see how many coins."""
    record = scenarios.bean_harvest()
    view = GAME.observe(record.state, 0)
    assert view["seats"][1] == {**view["seats"][1], "coins": 1, "coin_cards": None}
    assert GAME.observe(record.state, 1)["seats"][1]["coin_cards"] == ["B2"]


def test_resampling_keeps_what_a_seat_sees():
    """turn.draw: the deck, others' hands and an unseen handed card are redrawn consistently;
    the seat's own view and legal moves stay the same."""
    game = chain()
    rng = random.Random(1)
    for seat in range(4):
        for _ in range(20):
            other = GAME.resample_hidden(game.state, seat, rng)
            GAME.check_invariants(other)
            assert GAME.observe(other, seat) == GAME.observe(game.state, seat)
    holder = GAME.resample_hidden(game.state, 2, rng)
    assert holder.held == game.state.held            # Cai holds it: it stays
    changed = {GAME.resample_hidden(game.state, 3, rng).held for _ in range(40)}
    assert len(changed) > 1                          # Dee has not seen it
    assert GAME.resample_hidden(game.state, None, rng) is game.state


def test_knowledge_tells_each_seat_what_this_view_knows():
    """give.card, hold.store (ruling): the hand by name for its owner, a count for others;
    the card being held; who has planted; the coins."""
    game = chain()
    names = game.record.players
    assert knowledge(game.view(0), names) == {
        0: "holds a Potato (1 seed), a Cucumber (3 seeds), a Calabash (1 seed) and a manure "
           "card of this turn.", 2: "is holding a Bean (2 seeds)."}
    assert knowledge(game.view(3), names) == {
        0: "holds 4 cards of this turn, face down.", 2: "is holding a handed card, face down."}
    game.act("store", "give:C3:3", "plant:1")
    assert knowledge(game.view(1), names)[3] == "has planted this turn."
    record = scenarios.bean_harvest()
    assert knowledge(GAME.observe(record.state, 1), record.players)[1] == "1 coin (1 Bean)."
    assert knowledge(GAME.observe(record.state, 0), record.players)[1] == "1 coin, face down."


def test_the_command_lines_table_keeps_hidden_cards_hidden():
    """give.card: the table for a seat names only what it may see."""
    game = chain()
    names = game.record.players
    dee = render_text(game.view(3), names)
    assert "Hand of Ana: 4 cards, face down" in dee and "Being handed: a card, face down, held " \
        "by Ben then Cai" in dee
    assert "Bean (2 seeds)" not in dee and "Potato" not in dee.split("Rates")[0]
    ana = render_text(game.view(0), names)
    assert "Being handed: Bean (2 seeds)" in ana and "Potato (1 seed)" in ana
    assert "Rates: Radish 1 seed = 1 coin, Potato 2 seeds = 1 coin" in ana


def test_a_card_is_looked_for_by_its_id_and_its_name():
    """cards.seeds (ruling): the hidden-information checks look for "B2" and "Bean (2 seeds)";
    a variety's name alone names no card."""
    assert words_for("B2") == ["B2", "Bean (2 seeds)"]
    assert words_for("M") == ["M", "manure card"]
    assert words_for("Bean") == ["Bean"]


def test_every_view_of_a_random_game_can_be_drawn_and_told():
    """setup.players (ruling): every player count, every view, every step: a scene, the
    knowledge and the command line's table."""
    from tomato_widgets.games.tanemaki import scene
    for players in range(2, 6):
        record = play_game(GAME, random_bots(players, players), seed=players)
        for state in record.states[::7]:
            for seat in (None, *range(players)):
                view = GAME.observe(state, seat)
                scene(view, record.players)
                knowledge(view, record.players)
                render_text(view, record.players)
