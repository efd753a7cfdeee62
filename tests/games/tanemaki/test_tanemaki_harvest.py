"""Tanemaki, harvesting: at any of one's own decisions and in the window at the end of a
turn; coins by the rates, never more than the cards; manure; the forced harvest; and the
rulebook's examples."""
from __future__ import annotations

import random

from hidden_pairs import Twins
from sent_alike import assert_sent_alike
from tomato_widgets.core.play import play_game, random_bots
from tomato_widgets.games.tanemaki import GAME, scenarios
from tomato_widgets.widgets import play

from tanemaki_helpers import NAMES, Game, only, rules


def planted() -> Game:
    """Two players after two turns: Ana has Potato (P1) and nothing else, Ben Bean (B1, B2)."""
    game = Game(2).draw("B1 R1 P1").act("give:B1:1", "plant:1", "plant:hand:P1:1").keep_all()
    return game.draw("B2 C1 G1").act("give:C1:0", "plant:2", "plant:hand:B2:1")


# ---- the rulebook's examples ---------------------------------------------------------------
def test_three_bean_seeds_earn_one_coin():
    """harvest.coins (ruling): the rulebook's example: three Bean seeds make one coin; one
    card is turned face down as the coin (a seed card, the last planted first), the rest go
    to the discard pile."""
    record = scenarios.bean_harvest()
    step = next(i for i, s in enumerate(record.steps, 1) if s.action == "harvest:1")
    events = record.events[step - 1]
    harvest = only(events, "harvest.any-time")
    assert harvest.facts == {"player": 1, "field": "1", "variety": "Bean", "seeds": 3,
                             "count": 2, "coins": 1, "discarded": 1}
    coins = only(events, "harvest.coins")
    assert coins.facts["cards"] == ["B2"] and coins.secret == ("cards",)
    after = GAME.observe(record.states[step], None)
    assert after["seats"][1]["coin_cards"] == ["B2"] and "B1" in after["discard"]
    assert GAME.explain(coins.seen_by(0), record.players) == \
        "Ben adds 1 coin face down to their earnings stack."
    assert GAME.explain(coins.seen_by(1), record.players) == \
        "Ben turns a Bean (2 seeds) face down as 1 coin."
    assert GAME.observe(record.states[step], 0)["seats"][1]["coin_cards"] is None


def test_a_field_of_one_card_earns_at_most_one_coin():
    """harvest.cap (ruling): a lone Radish with three seeds, at one seed a coin, would make
    three coins; a field gives at most one coin per card."""
    record = scenarios.single_card()
    step = next(i for i, s in enumerate(record.steps, 1) if s.action == "harvest:1")
    cap = only(record.events[step - 1], "harvest.cap")
    assert cap.facts == {"field": "1", "rated": 3, "count": 1, "coins": 1}
    assert GAME.explain(cap, record.players) == \
        "The rate would give 3 coins, but field 1 holds only 1 card: 1 coin."


def test_manure_goes_anywhere_and_alone_earns_nothing():
    """cards.manure, harvest.manure-only (ruling): manure on an empty field, on a field of
    seeds (one more seed of its variety), beside a manure-only field; a manure-only field
    harvests nothing; a seed card on manure sets the variety (field.variety)."""
    record = scenarios.manure()
    told = [GAME.explain(e, record.players) for events in record.events for e in events
            if e.rule == "cards.manure"]
    assert told == ["Manure is wild: in field 1 it counts as one seed of the first seed card "
                    "planted there.",
                    "Manure is wild: in field 1 it counts as one seed of Bean.",
                    "Manure is wild: in field 2 it counts as one seed of the first seed card "
                    "planted there."]
    step = next(i for i, s in enumerate(record.steps, 1) if s.action == "harvest:2")
    assert rules(record.events[step - 1]) == ["harvest.any-time", "harvest.manure-only"]
    assert only(record.events[step - 1], "harvest.any-time").facts["coins"] == 0
    view = GAME.observe(record.state, None)
    assert view["seats"][0]["fields"][0] == {"cards": ["B2", "M"], "variety": "Bean",
                                             "seeds": 3, "coins": 1}
    assert view["seats"][1]["fields"][0]["variety"] == "Radish"


def test_manure_becomes_a_coin_only_after_the_seed_cards():
    """harvest.coins (ruling): seed cards become coins before manure; a manure coin counts for
    no variety."""
    game = Game(2).draw("R1 M M").act("give:R1:1", "plant:1", "plant:hand:M:1").keep_all()
    game.draw("M M P1").act("give:M:0", "plant:1", "plant:hand:M:1")
    game.settle().act("keep", "harvest:1")  # Ben: R1, M -> 2 seeds at 1 a coin: 2 coins
    assert game.coins(1) == ["R1", "M"]


# ---- when a harvest may happen --------------------------------------------------------------
def test_a_harvest_is_offered_at_every_decision_of_the_deciding_player():
    """harvest.any-time (ruling): whoever decides (handing out, holding, planting last) may
    harvest any non-empty field of theirs first, and then still decides."""
    game = planted().settle().keep_all()
    game.draw("P2 G2 R2")          # Ana's turn: Potato, Cucumber in her fields
    assert "harvest:1" in game.legal() and "harvest:2" in game.legal()
    game.act("harvest:2")
    assert game.state.actor == (0,) and game.state.phase == "give"
    assert only(game.events, "harvest.any-time").facts["coins"] == 0
    game.act("give:G2:1")
    assert [a for a in game.legal() if a.startswith("harvest")] == ["harvest:1"]
    game.act("harvest:1", "plant:1")
    assert game.view()["seats"][1]["coins"] == 1
    assert "harvest:1" in game.legal() and "plant:hand:P2:1" in game.legal()


def test_an_empty_field_cannot_be_harvested():
    """harvest.empty: there is nothing to harvest on an empty field."""
    game = Game(2).draw("B1 R1 P1").act("give:B1:1")
    assert "your field 1 is empty" in game.refused("harvest:1", "harvest.empty").reason


def test_the_window_goes_round_from_the_active_players_left():
    """harvest.window (ruling): after the discard, each player with something growing
    decides in turn, from the active player's left, the active player last; a player may
    harvest and go on, or keep (window.keep)."""
    record = scenarios.window()
    opened = max(i for i, events in enumerate(record.events, 1)
                 if "harvest.window" in rules(events))
    event = only(record.events[opened - 1], "harvest.window")
    assert event.facts == {"order": [0, 1, 2]}
    assert GAME.explain(event, record.players) == \
        "Before the next turn each of Ana, Ben and Cai may harvest, in that order."
    window = [(s.player, s.action) for s in record.steps[opened:]]
    assert window == [(0, "harvest:1"), (0, "keep"), (1, "harvest:1"), (1, "keep"), (2, "keep")]
    keep = only(record.events[-1], "window.keep")
    assert GAME.explain(keep, record.players) == "Cai keeps both fields growing."
    assert record.state.phase == "draw" and record.state.active == 0


def test_the_window_skips_a_player_with_nothing_growing_and_ends_with_the_last_harvest():
    """harvest.window (ruling), window.keep: a player with empty fields is not asked; one who
    harvests their last field is done."""
    game = Game(3).draw("P1 B2 C3 M").act("give:C3:2", "plant:1", "give:M:1", "plant:1",
                                          "plant:hand:B2:1")
    game.settle()
    assert game.state.window == (1, 2, 0)
    game.act("harvest:1")  # Ben's manure: nothing, and nothing left growing
    assert game.state.actor == (2,)
    assert sorted(game.legal()) == ["harvest:1", "keep"]


def test_no_window_after_the_last_turn():
    """harvest.window (ruling): when the next turn cannot be drawn, the final harvest comes
    straight after the discard."""
    record = scenarios.tie_break()
    last_discard = max(i for i, s in enumerate(record.steps, 1) if s.action == "discard")
    assert record.steps[last_discard].action == "end"
    assert "harvest.window" not in rules(record.events[last_discard - 1])


def test_a_card_that_fits_nowhere_forces_a_harvest_first():
    """harvest.forced (ruling): with the storehouse full, nobody to hand on to and both fields
    of other varieties, only harvests are left; the player picks which field, even one that
    earns nothing; then plants."""
    record = scenarios.two_players()
    step = next(i for i, s in enumerate(record.steps, 1) if s.action == "give:R2:1")
    assert list(GAME.legal_actions(record.states[step], 1)) == ["harvest:1", "harvest:2"]
    forced = only(record.events[step], "harvest.forced")
    assert forced.facts["coins"] == 0
    assert GAME.explain(forced, record.players) == (
        "Ben has to make room and harvests field 1 (Bean, 1 seed in 1 card): no coin earned, "
        "1 card to the discard pile.")
    assert record.steps[step + 1].action == "plant:1"


def test_the_active_player_too_may_be_forced_to_harvest():
    """harvest.forced (ruling): the active player must plant one of the two cards left; when
    neither fits, only harvests are offered."""
    game = Game(2).draw("B1 P1 C1").act("give:B1:1", "plant:1", "plant:hand:P1:1").keep_all()
    game.draw("P2 C2 G1").act("give:P2:0", "plant:1", "plant:hand:G1:2").keep_all()
    game.draw("G2 R1 R2").act("give:G2:1", "plant:2")
    game.act("plant:hand:R1:2")  # Ana: Potato and Radish fields
    game.keep_all().draw("C1 C2 C3")  # Ben: Bean and Calabash, three Cucumbers
    game.act("give:C1:0", "harvest:1", "plant:1")
    assert game.legal() == ["harvest:1", "harvest:2"]
    game.act("harvest:2")
    assert rules(game.events)[0] == "harvest.forced"


def _ben_harvests_with_last_card(card: str) -> Game:
    """Ben, the active player, keeps one card Ana never sees, then harvests field 2."""
    game = Game(2).draw("B1 P1 C1").act("give:B1:1", "plant:1", "plant:hand:P1:1").keep_all()
    game.draw("P2 C2 G1").act("give:P2:0", "plant:1", "plant:hand:G1:2").keep_all()
    game.draw("G2 R1 R2").act("give:G2:1", "plant:2")
    game.act("plant:hand:R1:2").keep_all()
    game.draw(f"C1 C2 {card}").act("give:C1:0", "harvest:1", "plant:1")
    game.act("harvest:2")
    return game


def test_a_harvest_that_makes_room_looks_to_the_others_like_any_harvest(tmp_path):
    """harvest.forced (ruling): that no card fits is the player's secret. Ben keeps a
    Cucumber (fits nowhere: he must harvest) or a Bean (fits: he harvests by choice); Ana,
    who never sees that card, is sent exactly the same in both games: the sentence, the rule,
    the pause and everything else. Ben is told why he had to."""
    forced, free = _ben_harvests_with_last_card("C3"), _ben_harvests_with_last_card("B2")
    assert rules(forced.events) == ["harvest.forced"] and rules(free.events) == ["harvest.any-time"]
    (event,) = forced.events
    assert GAME.explain(event, NAMES).startswith("Ben has to make room and harvests field 2")
    assert GAME.rulebook.told(event.seen_by(0)).id == "harvest.any-time"
    assert GAME.explain(event.seen_by(0), NAMES) == GAME.explain(free.events[0].seen_by(0), NAMES)
    first = next(i for i, (a, b) in enumerate(zip(forced.record.steps, free.record.steps), 1)
                 if a != b)
    assert_sent_alike(Twins(0, forced.record, free.record, first), tmp_path, random.Random(1))


def test_random_play_harvests_whenever_offered_and_ends():
    """harvest.any-time (ruling): random players, harvesting at random moments, always reach
    the end of the game: harvests only empty fields, which only plants fill."""
    for players in (2, 5):
        record = play_game(GAME, random_bots(players, 9), seed=9, options={"reshuffle": True})
        kinds = {event.rule for events in record.events for event in events}
        assert {"harvest.any-time", "window.keep", "end.harvest"} <= kinds
        assert GAME.is_over(record.state)


def test_live_play_never_waits_on_the_human_for_a_bots_decision():
    """harvest.any-time (ruling): a harvest is a choice at one's own decisions only, so after
    each of the human's moves the game has run on to the human's next decision (or the end):
    the human is always the one to act."""
    widget = play("tanemaki", 4, human=0, seed=5, delay_ms=0)
    moves = 0
    while widget.legal and moves < 60:
        state = widget.record.state
        assert GAME.to_act(state) == (0,)
        widget.act(sorted(a["id"] for a in widget.legal)[moves % len(widget.legal)])
        moves += 1
    assert moves == 60 or GAME.is_over(widget.record.state)
