"""The triumph: the picking order, ties and the Tomato swap, picking, tomato symbols, the
end of a round."""
from __future__ import annotations

from karate_helpers import (GAME, NAMES, assert_refused, checked, drop, go_on, heat, last_events,
                            only, pick, three)
from tomato_widgets.games.karate_tomate import scenarios


def _fought_out(ana="C5", ben="K4", tomatoes=(4, 8, 1)):
    """Ana and Ben fight, Cai drops out at once and draws two: the picks are next."""
    record = three(tomatoes=tomatoes)
    heat(record, {"Ana": ana, "Ben": ben, "Cai": "tomato"})
    drop(record, "Cai")
    return record


def test_the_highest_total_picks_first():
    """triumph.order: by the total value of the Number cards played this round."""
    record = checked(_fought_out(ana="C4", ben="K5"))
    rank = next(i for i, step in enumerate(record.steps, 1) if step.action == "rank")
    event = only(record.events[rank - 1], "triumph.order")
    assert GAME.explain(event, NAMES) == "Picking order by the total value played: 1. Ben (5), 2. Ana (4)."
    assert record.state.order == (1, 0) and record.state.actor == (1,)


def test_equal_totals_show_their_tomatoes_and_the_higher_picks_first():
    """triumph.tie (ruling): only the tied players show their Tomatoes; now everybody knows
    them."""
    record = _fought_out(ana="C4", ben="K4", tomatoes=(4, 8, 1))
    rank = next(i for i, step in enumerate(record.steps, 1) if step.action == "rank")
    event = only(record.events[rank - 1], "triumph.tie")
    assert GAME.explain(event, NAMES) == ("Ben and Ana tie with 4: they show their Tomatoes (Ben "
                                          "Tomato 8, Ana Tomato 4); the higher one picks first.")
    state = record.states[rank]
    assert state.order == (1, 0) and state.shown == (True, True, True)
    assert GAME.observe(state, 2)["seats"][1]["tomato"] == "tomato-8"


def test_tied_players_swap_tomatoes_highest_with_lowest_and_the_middle_keeps_theirs():
    """triumph.swap (ruling): a step of its own, before anyone picks; the order stays."""
    record = checked(scenarios.tie_and_swap())
    swap = next(i for i, step in enumerate(record.steps, 1) if step.action == "swap")
    before, after = record.states[swap - 1], record.states[swap]
    assert before.tomatoes == (2, 7, 5, 1, 9) and after.tomatoes == (9, 7, 5, 1, 2)
    assert before.order == after.order == (4, 2, 0)
    assert GAME.explain(only(record.events[swap - 1], "triumph.swap"), record.players) == (
        "Eve and Ana swap Tomatoes: Eve now has Tomato 2, Ana Tomato 9; Cai, in the middle, "
        "keeps Tomato 5.")
    assert record.steps[swap].action == "take:T500"  # Eve still picks first
    assert "before anyone picks" in GAME.rulebook["triumph.swap"].ruling.decision


def test_an_even_tie_swaps_in_pairs():
    """triumph.swap (ruling): with two tied players they simply exchange their Tomatoes."""
    record = _fought_out(ana="C4", ben="K4", tomatoes=(4, 8, 1))
    assert record.state.tomatoes == (8, 4, 1)


def test_a_pick_lays_the_card_face_down_seen_by_all_when_taken():
    """triumph.pick (ruling): the taker's view shows the card and what it adds up to; the
    others' views only how many cards they won; the pick itself is public."""
    record = _fought_out()
    pick(record, "Ana", "T500")
    event = next(e for events in record.events for e in events if e.rule == "triumph.pick")
    assert GAME.explain(event.seen_by(2), NAMES) == ("Ana takes the Triumph card with 5 trophies "
                                                     "(first pick) and lays it face down.")
    mine = GAME.observe(record.state, 0)["seats"][0]
    theirs = GAME.observe(record.state, 1)["seats"][0]
    assert mine["won"] == ["T500"] and mine["trophies"] == 5 and mine["knives"] == 0
    assert theirs["won"] is None and theirs["won_count"] == 1 and theirs["trophies"] is None


def test_only_a_card_on_the_table_can_be_taken():
    """triumph.pick: a card that is not face up is refused."""
    record = _fought_out()
    error = assert_refused(record, "take:T030", 0, rule="triumph.pick")
    assert error.reason == ("the Triumph card with 3 knives is not on the table: take one of the "
                            "Triumph cards face up")
    assert GAME.legal_actions(record.state, 0) == ("take:T210", "take:T500")


def test_tomato_symbols_draw_cards_at_once():
    """triumph.symbols (ruling): the taker draws a card per tomato symbol before the next
    pick."""
    record = scenarios.tie_and_swap()
    number = next(i for i, step in enumerate(record.steps, 1) if step.action == "take:T301")
    assert GAME.explain(only(record.events[number - 1], "triumph.symbols"), record.players) == \
        "Cai's card shows 1 tomato symbol: they draw as many Number cards."
    state = record.states[number]
    assert state.phase == "draw" and state.owed == 1 and state.owed_seat == 2
    assert record.states[number + 1].actor == (0,)  # then Ana picks


def test_the_round_ends_with_every_card_played_on_the_discard_pile():
    """round.clear (ruling): the cards of the players who dropped out too; Triumph cards not
    taken stay up."""
    record = scenarios.rulebook_round()
    before = record.states[-2]
    played = sorted(card for cards in before.played for card in cards)
    assert played == ["A2", "A3", "B4", "K4", "K5"]  # Gabi's broccoli 4 too
    after = record.state
    assert all(card in after.discard for card in played) and after.played == ((),) * 4
    assert GAME.explain(only(last_events(record), "round.clear"), record.players) == (
        "Round 1 is over: the cards played (5 cards) go to the discard pile; left face up: no "
        "Triumph card.")
    assert after.phase == "turnup" and not after.offer
    go_on(record)
