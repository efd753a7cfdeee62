"""Tanemaki, the end: the deck runs short at the start of a turn (or is reshuffled once in
the longer variation), every field is harvested, the stacks are turned over, and the most
coins win, then the rarer coins, else a shared win."""
from __future__ import annotations

from tomato_widgets.core.game import CHANCE
from tomato_widgets.core.play import play_game, random_bots
from tomato_widgets.games.tanemaki import GAME, results, scenarios
from tomato_widgets.games.tanemaki.cards import parse_card

from tanemaki_helpers import only, rules


def ending(record, action):
    """The number of the first step that takes ``action``."""
    return next(i for i, step in enumerate(record.steps, 1) if step.action == action)


def test_the_game_ends_when_a_turn_cannot_be_drawn():
    """end.deck (ruling): at the start of a turn, with fewer cards in the deck than a turn
    draws, the game ends; the check comes before any draw."""
    record = scenarios.tie_break()
    step = ending(record, "end")
    before = record.states[step - 1]
    assert sum(before.deck) < before.n + 1 and GAME.forced_action(before) == "end"
    event = only(record.events[step - 1], "end.deck")
    assert GAME.explain(event, record.players) == \
        "The deck holds no card, 3 cards are needed: the game is over."
    assert GAME.rulebook["end.deck"].dwell > 1
    assert GAME.reason_illegal(before, "draw:B1,B1,B1", CHANCE).rule == "end.deck"


def test_the_deck_is_reshuffled_once_in_the_longer_variation():
    """end.reshuffle (ruling): with the option, the first time the deck runs short the discard
    pile is shuffled in (the cards left stay); the second time the game ends."""
    record = play_game(GAME, random_bots(3, 2), seed=2, options={"reshuffle": True})
    step = ending(record, "reshuffle")
    before, after = record.states[step - 1], record.states[step]
    assert sum(before.deck) < 4 and sum(after.deck) == sum(before.deck) + sum(before.discard)
    assert after.reshuffled and not any(after.discard) and after.step == "draw"
    event = only(record.events[step - 1], "end.reshuffle")
    assert event.facts == {"left": sum(before.deck), "count": sum(before.discard)}
    assert [s.action for s in record.steps].count("reshuffle") == 1
    assert "end" in [s.action for s in record.steps]
    plain = play_game(GAME, random_bots(3, 2), seed=2)
    assert "reshuffle" not in [s.action for s in plain.steps]
    assert len(plain.steps) < len(record.steps)
    option = next(o for o in GAME.options if o.name == "reshuffle")
    assert option.default is False and option.ruling == "end.reshuffle"


def test_every_field_is_harvested_at_the_end_player_by_player():
    """end.harvest: after the end, one forced step per player harvests both fields; nothing
    is left growing."""
    record = scenarios.tie_break()
    reaps = [s.action for s in record.steps if s.action.startswith("reap:")]
    assert reaps == ["reap:1", "reap:0"]   # from the player whose turn did not come
    step = ending(record, "reap:1")
    assert [e.rule for e in record.events[step - 1]].count("end.harvest") == 2
    assert not any(any(fields) for fields in record.state.fields)
    assert GAME.action_label(record.states[step - 1], "reap:1") == \
        "harvest a player's fields at the end"


def test_the_stacks_are_turned_over_at_the_end():
    """end.reveal (ruling): every earnings stack is shown to everybody once the game is over;
    during the game only its owner knows its cards."""
    record = scenarios.tie_break()
    step = ending(record, "score")
    assert GAME.observe(record.states[step - 1], 0)["seats"][1]["coin_cards"] is None
    assert GAME.observe(record.state, 0)["seats"][1]["coin_cards"] == \
        ["R2", "R3", "P2", "C1", "C3", "B1", "G2", "G3"]
    event = only(record.events[step - 1], "end.reveal")
    assert GAME.explain(event, record.players).startswith(
        "Every earnings stack is turned over: Ana 8 coins (1 Radish, 3 Potato, 1 Cucumber, "
        "2 Bean, 1 Calabash); Ben 8 coins")


def test_most_coins_wins():
    """end.most-coins: the player with the most coins wins."""
    record = play_game(GAME, random_bots(3, 1), seed=1)
    outcome = record.outcome
    assert outcome.rule == "end.most-coins"
    best = max(outcome.scores)
    assert outcome.winners == (outcome.scores.index(best),)
    event = record.events[-1][-1]
    assert event.rule == "end.most-coins" and event.facts["best"] == best
    table = results(GAME.observe(record.state, 0), record.players)
    assert table["winners"] == list(outcome.winners)
    assert table["decided"].endswith(f"has the most coins: {best}, the next best has "
                                     f"{sorted(outcome.scores)[-2]}.")


def test_rarer_coins_break_a_tie():
    """end.tie-break (ruling): level on coins, the most Radish coins win, then Potato,
    Cucumber, Bean, Calabash; manure coins count for no variety."""
    record = scenarios.tie_break()
    assert record.outcome.winners == (1,) and record.outcome.rule == "end.tie-break"
    event = record.events[-1][-1]
    assert event.facts["variety"] == "Radish" and event.facts["tally"] == [[0, 1], [1, 2]]
    assert GAME.explain(event, record.players) == \
        "Ana and Ben have 8 coins each; more Radish coins decide (Ana 1, Ben 2): Ben wins."
    table = results(GAME.observe(record.state, 0), record.players)
    assert table["columns"] == ["Player", "Coins", "Coins by vegetable, rarest first"]
    assert table["rows"] == [["Ben", "8", "2 Radish, 1 Potato, 2 Cucumber, 1 Bean, 2 Calabash"],
                             ["Ana", "8", "1 Radish, 3 Potato, 1 Cucumber, 2 Bean, 1 Calabash"]]
    assert "Ben has more of the rarer varieties" in table["decided"]
    manure = GAME.coin_key((parse_card("M"), parse_card("M"), parse_card("G1")))
    assert manure == (3, 0, 0, 0, 0, 1)


def test_level_on_everything_is_a_shared_win():
    """end.shared: level on coins and on every variety, the players share the win."""
    record = scenarios.shared_win()
    assert record.outcome.winners == (0, 1) and record.outcome.rule == "end.shared"
    assert GAME.explain(record.events[-1][-1], record.players) == \
        "Ana and Ben share the win: 9 coins each and the same rare coins."
    table = results(GAME.observe(record.state, None), record.players)
    assert table["winners"] == [0, 1] and table["decided"].startswith("Ana and Ben share the win")


def test_the_outcome_counts_coins_and_appears_only_at_the_end():
    """end.most-coins: scores are the coins; before the end there is no outcome."""
    record = scenarios.tie_break()
    assert GAME.outcome(record.states[-2]) is None
    assert record.outcome.scores == (8, 8)
    assert rules(record.events[-1]) == ["end.reveal", "end.tie-break"]
