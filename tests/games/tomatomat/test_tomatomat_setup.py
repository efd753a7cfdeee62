"""Tomatomat, "Game setup": the cards, the colours, the machines, the deal and its
probability, the spare decks, player counts and options."""
from __future__ import annotations

import math
import random
from collections import Counter

import pytest

from tomato_widgets.core.errors import InvalidInputError
from tomato_widgets.core.game import CHANCE
from tomato_widgets.games.tomatomat import GAME, deal_action, machines_action
from tomato_widgets.games.tomatomat.cards import (CARD_IDS, COLOURS, COUNTS, FULL_DECK, VALUE,
                                                  card_name, parse_card)
from tomato_widgets.games.tomatomat.machines import MACHINE_SETS, find_machine
from tomato_widgets.games.tomatomat.rules import arrangements

from tomatomat_helpers import MACHINES, Table, dealt, fill_decks, only, rules


# ---- cards.deck / cards.colours --------------------------------------------------------------
def test_deck_has_twelve_cards_in_each_of_four_colours():
    """cards.deck: per colour seven 1-coins, two 2-coins, two thieves, one police officer."""
    assert len(FULL_DECK) == 48
    per_id = Counter(CARD_IDS[c] for c in FULL_DECK)
    for letter in "RGBY":
        assert [per_id[letter + kind] for kind in "12TP"] == [7, 2, 2, 1]
    assert sum(COUNTS) == 48


def test_small_coins_are_worth_one_and_big_coins_two():
    """cards.deck (ruling): coins are worth 1 and 2 (not 7). On a red machine a green 1-coin
    and a blue 2-coin make 3 for Ben; thieves and officers add nothing."""
    assert [VALUE[parse_card(c)] for c in ("G1", "B2", "GT", "BP")] == [1, 2, 0, 0]
    table = dealt("R1", "G1 B2")
    table.batch("R1:I", "G1:I B2:I")
    table.batches(2)
    events = table.settle(until="score:I")
    assert only(events, "score.win").facts["totals"] == [2, 3]   # Ana's red 1 counts double


def test_purple_in_the_english_example_is_blue():
    """cards.colours (ruling): the four colours are red, green, blue and yellow; there is
    no purple, and the example's purple thief is our blue thief."""
    assert COLOURS == ("red", "green", "blue", "yellow")
    assert card_name("BT") == "blue thief" and card_name("B2") == "blue 2-coin"
    for bad in ("P1", "purple-thief", "R3", "r1", ""):
        with pytest.raises(InvalidInputError):
            parse_card(bad)


# ---- machines.deck --------------------------------------------------------------------------
def test_placeholder_machine_table():
    """machines.deck (ruling): an assumed table of 36: twelve of each star count, half in
    one colour and half in two, every colour used; the option machine_set picks it."""
    table = MACHINE_SETS["placeholder"]
    assert len(table) == 36 and len(set(table.ids)) == 36
    assert Counter(table.stars) == {1: 12, 2: 12, 3: 12}
    assert Counter(len(c) for c in table.colours) == {1: 18, 2: 18}
    for colour in range(4):
        assert sum(colour in c for c in table.colours) >= 13
    option = next(o for o in GAME.options if o.name == "machine_set")
    assert option.default == "placeholder" and option.ruling == "machines.deck"
    with pytest.raises(InvalidInputError):
        GAME.new_game(3, {"machine_set": "real"})


# ---- machines.draw -----------------------------------------------------------------------
def test_first_step_draws_four_machines_with_exact_probability():
    """machines.draw: the game starts with chance putting four machines from the stock at
    I-IV; each ordered draw has probability 1/(36*35*34*33)."""
    table = Table(3)
    assert table.state.actor == (CHANCE,) and table.view()["next_step"] == "machines"
    action = machines_action(MACHINES)
    assert GAME.chance_probability(table.state, action) == pytest.approx(1 / (36 * 35 * 34 * 33), rel=1e-12)
    assert GAME.chance_probability(table.state, machines_action(MACHINES[:1] * 4)) == 0
    events = table.machines()
    assert only(events, "machines.draw").facts["machines"] == MACHINES
    view = table.view(0)
    assert [p["stack"] for p in view["positions"]] == [[m] for m in MACHINES]
    assert view["positions"][1]["colours"] == ["green", "yellow"] and view["positions"][1]["stars"] == 2
    assert view["stock"] == 32


def test_bad_machine_draws_are_refused():
    """machines.draw: four different machines from the stock; anything else is refused."""
    table = Table(2)
    table.refuse(machines_action(MACHINES[:3]), CHANCE, rule="machines.draw")
    table.refuse(machines_action([MACHINES[0]] * 4), CHANCE, rule="machines.draw")
    table.refuse(deal_action(fill_decks(["", ""], 2)), CHANCE, rule="machines.draw")
    with pytest.raises(InvalidInputError):
        table.record.append("machines:M01,M02,M03,M99", CHANCE)
    table.machines()
    table.refuse(machines_action(MACHINES), CHANCE, rule="setup.deal")


# ---- setup.deal ------------------------------------------------------------------------------
def test_deal_gives_face_down_decks_and_draws_the_first_four():
    """setup.deal, draw.cards: every player gets 12 cards face down; the first four are
    drawn at once. A player sees their own hand but not their deck."""
    table = Table(3)
    table.machines()
    events = table.deal("R2 G1 B1 Y1 | R1", "G2 G2 BT YP", "")
    assert rules(events)[:2] == ["setup.deal", "setup.dummies"]
    assert [e.players for e in events if e.rule == "draw.cards"] == [(0,), (1,), (2,)]
    assert table.hand(0) == ["R2", "G1", "B1", "Y1"] and table.hand(1) == ["G2", "G2", "BT", "YP"]
    view = table.view(0)
    assert view["seats"][0]["hand"] == ["R2", "G1", "B1", "Y1"] and view["seats"][0]["deck"] == 8
    assert view["seats"][0]["deck_cards"] is None and view["seats"][1]["hand"] is None
    assert view["seats"][1]["hand_size"] == 4
    assert table.view()["seats"][0]["deck_cards"][0] == "R1"   # the all-seeing view


def test_a_wrong_deal_is_refused_and_changes_nothing():
    """setup.deal: four piles of twelve that together are exactly the 48 cards."""
    table = Table(3)
    table.machines()
    decks = fill_decks(["", "", ""], 3)
    short = [deck[:] for deck in decks]
    short[0] = short[0][:11]
    table.refuse(deal_action(short), CHANCE, rule="setup.deal")
    doubled = [deck[:] for deck in decks]
    doubled[0][0] = "RP"           # a second red police officer
    table.refuse(deal_action(doubled), CHANCE, rule="setup.deal")
    table.refuse(deal_action(decks[:3]), CHANCE, rule="setup.deal")
    with pytest.raises(InvalidInputError):
        table.record.append("deal:R1,R1|XX", CHANCE)


def test_deal_probability_is_exact():
    """setup.deal: a shuffled 48-card deck with identical cards interchangeable. With four
    players every ordered deal has probability 7!^4 2!^8 2!^8 1!^4 / 48!; a spare deck is a
    set, so its orders add up."""
    table = Table(4)
    table.machines()
    action = deal_action(fill_decks(["", "", "", ""], 4))
    expected = math.prod(math.factorial(c) for c in COUNTS) / math.factorial(48)
    assert GAME.chance_probability(table.state, action) == pytest.approx(expected, rel=1e-12)
    table3 = Table(3)
    table3.machines()
    decks = fill_decks(["", "", ""], 3)
    spare_orders = arrangements([parse_card(c) for c in decks[3]])
    assert GAME.chance_probability(table3.state, deal_action(decks)) == pytest.approx(
        expected * spare_orders, rel=1e-12)


def _sub_multisets(counts: list[int], size: int):
    """Every way to pick ``size`` cards from a multiset given as counts per type."""
    if not counts:
        if size == 0:
            yield []
        return
    for take in range(min(counts[0], size) + 1):
        for rest in _sub_multisets(counts[1:], size - take):
            yield [take] + rest


def test_two_player_spare_split_probabilities_add_up():
    """setup.dummies (ruling): the 24 spare cards are split at random into two decks of
    12: over every possible split, the deal probabilities add up to the chance of the
    players' decks alone, 24!/(spare counts) / (48!/(all counts))."""
    table = Table(2)
    table.machines()
    decks = fill_decks(["R2 R2 RT RT RP G2 G2 GT GT GP B2 B2",
                        "BT BT BP Y1 Y1 Y1 Y1 Y2 Y2 YT YT YP"], 2)
    spare = Counter(decks[2] + decks[3])    # seven red, green and blue 1-coins, three yellow
    ids = sorted(spare, key=CARD_IDS.index)
    total = 0.0
    splits = 0
    for take in _sub_multisets([spare[c] for c in ids], 12):
        first = [c for c, k in zip(ids, take) for _ in range(k)]
        second = [c for c, k in zip(ids, take) for _ in range(spare[c] - k)]
        total += GAME.chance_probability(table.state, deal_action(decks[:2] + [first, second]))
        splits += 1
    assert splits > 100
    spare_orders = arrangements([parse_card(c) for c in decks[2] + decks[3]])
    expected = spare_orders * math.prod(math.factorial(c) for c in COUNTS) / math.factorial(48)
    assert total == pytest.approx(expected, rel=1e-9)


# ---- setup.dummies ------------------------------------------------------------------------
@pytest.mark.parametrize("players, order, dummies", [
    (2, [0, "D1", 1, "D2"], 2), (3, [0, 1, 2, "D1"], 1), (4, [0, 1, 2, 3], 0)])
def test_dummy_decks_and_passing_order(players, order, dummies):
    """setup.dummies (ruling): 2 players get two dummy decks between them, 3 players one at
    the end of the order, 4 players none; each holds 12 cards."""
    table = dealt(*[""] * players)
    view = table.view(0)
    assert view["pass_order"] == order
    assert [d["deck"] for d in view["dummies"]] == [12] * dummies
    assert all(d["cards"] is None for d in view["dummies"])
    if dummies:
        event = only(table.record.events[1], "setup.dummies")
        assert event.facts["order"] == order


def test_random_two_player_deals_split_the_spare_cards_differently():
    """setup.dummies (ruling): the two dummy decks are a random split, not a fixed one."""
    splits = set()
    for seed in range(6):
        state = GAME.new_game(2)
        rng = random.Random(seed)
        state = GAME.apply(state, GAME.sample_chance(state, rng), CHANCE)[0]
        state = GAME.apply(state, GAME.sample_chance(state, rng), CHANCE)[0]
        assert len(state.decks[2]) == len(state.decks[3]) == 12
        splits.add(state.decks[2])
    assert len(splits) > 1


# ---- player counts and options ---------------------------------------------------------------
@pytest.mark.parametrize("players", [0, 1, 5, 13])
def test_two_to_four_players(players):
    """setup.deal: Tomatomat is for 2 to 4 players; other counts are refused."""
    with pytest.raises(InvalidInputError, match="2 to 4 players"):
        GAME.new_game(players)


@pytest.mark.parametrize("options", [{"rounds": 0}, {"rounds": 5}, {"remember_own": "yes"},
                                     {"colours": 5}])
def test_bad_options_are_refused(options):
    """end.game (ruling): the option rounds is 1 to 4; unknown or ill-typed options are refused."""
    with pytest.raises(InvalidInputError):
        GAME.new_game(3, options)


def test_find_machine_names_the_table_entries_scenarios_use():
    """machines.deck: the helper that scenarios use finds machines by stars and colours."""
    table = MACHINE_SETS["placeholder"]
    machine = table.index[find_machine(2, "YG")]
    assert table.stars[machine] == 2 and sorted(table.colours[machine]) == [1, 3]
    with pytest.raises(KeyError):
        find_machine(4, "R")
