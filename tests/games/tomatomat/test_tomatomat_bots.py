"""Tomatomat's heuristic bot: it only makes legal placements, repeats itself for a seed,
decides on what its seat may see alone, plays sensibly and beats random bots."""
from __future__ import annotations

import random

import pytest

from tomato_widgets.core.game import CHANCE
from tomato_widgets.core.play import chance_rng, play_game
from tomato_widgets.core.records import GameRecord
from tomato_widgets.games import make_bot
from tomato_widgets.games.tomatomat import BOTS, GAME
from tomato_widgets.games.tomatomat.bots import TomatomatBot

from tomatomat_helpers import dealt


def heuristic_bots(players: int, seed) -> list:
    return [make_bot("tomatomat", "heuristic", f"{seed}-{seat}") for seat in range(players)]


def decisions(players: int, seed: int, options: dict | None = None):
    """Every decision of an all-heuristic game: (state, seat, legal actions, choice)."""
    bots = heuristic_bots(players, seed)
    record = GameRecord(GAME, players, options)
    rng = chance_rng(seed)
    while GAME.to_act(record.state):
        state = record.state
        if GAME.to_act(state)[0] == CHANCE:
            record.append(GAME.sample_chance(state, rng), CHANCE)
            continue
        for seat in GAME.to_act(state):
            state = record.state
            legal = GAME.legal_actions(state, seat)
            choice = bots[seat].choose(GAME, GAME.observe(state, seat), legal)
            yield state, seat, legal, choice
            record.append(choice, seat)
    assert GAME.outcome(record.state) is not None


def choice_for(state, seat: int, seed=0) -> str:
    bot = TomatomatBot(seed)
    return bot.choose(GAME, GAME.observe(state, seat), GAME.legal_actions(state, seat))


def test_the_heuristic_bot_is_registered():
    assert BOTS["heuristic"] is TomatomatBot
    assert isinstance(make_bot("tomatomat", "heuristic", 3), TomatomatBot)


@pytest.mark.parametrize("players, seed, options", [
    (2, 1, None), (3, 2, None), (4, 3, None), (3, 4, {"remember_own": True, "rounds": 2}),
])
def test_the_heuristic_bot_only_places_cards_it_holds(players, seed, options):
    """place.card: every choice is one of the seat's legal placements, through whole games."""
    count = 0
    for state, seat, legal, choice in decisions(players, seed, options):
        assert choice in legal, f"seat {seat} chose {choice!r}, not among {legal}"
        count += 1
    assert count == players * 12 * GAME.resolve_options(options)["rounds"]


def test_the_same_seed_gives_the_same_game():
    first = play_game(GAME, heuristic_bots(3, 5), seed=5)
    second = play_game(GAME, heuristic_bots(3, 5), seed=5)
    assert first.steps == second.steps and first.outcome == second.outcome


def test_the_choice_depends_only_on_what_the_seat_sees():
    """place.card (ruling): states the seat cannot tell apart (others' hands, decks, the
    dummy decks and where others put this batch's cards dealt anew) get the same choice."""
    rng = random.Random(7)
    checked = differ = 0
    for index, (state, seat, legal, choice) in enumerate(decisions(3, 6)):
        if index % 5:
            continue
        for _ in range(3):
            other = GAME.resample_hidden(state, seat, rng)
            assert GAME.observe(other, seat) == GAME.observe(state, seat)
            differ += other != state
            assert choice_for(other, seat, seed=f"6-{seat}") == choice
            checked += 1
    assert checked > 50 and differ > checked // 2


def test_the_choice_ignores_own_cards_it_may_not_recall():
    """place.remember (ruling): by default the seat's own placed cards are hidden from it
    too, and resampling them leaves its choice unchanged."""
    rng = random.Random(8)
    checked = moved = 0
    for state, seat, legal, choice in decisions(2, 9, {"rounds": 2}):
        if state.batch == 1:
            continue  # nothing placed yet that could be forgotten
        other = GAME.resample_hidden(state, seat, rng)
        moved += other.placed[seat] != state.placed[seat]
        assert choice_for(other, seat, seed=f"9-{seat}") == choice
        checked += 1
    assert checked == 2 * 8 * 2 and moved > checked // 2


def test_coins_go_to_the_machine_of_their_colour_with_most_stars():
    """score.double: four yellow coins all go to machine IV (yellow, 3 stars), where each
    counts double, rather than to the 1- and 2-star machines."""
    table = dealt("Y2 Y1 Y1 Y1", "", "")
    for _ in range(4):
        choice = choice_for(table.state, 0)
        assert choice.endswith(":IV")
        table.step(choice, 0)


def test_an_officer_guards_the_coins_and_a_thief_stays_away_from_them():
    """police.catch, thieves.steal: with yellow coins, the yellow police officer and the yellow
    thief in hand, the bot sends the coins and the officer to machine IV (yellow, 3 stars) and
    the thief, which would steal its own coins, elsewhere."""
    table = dealt("Y2 Y1 YP YT", "", "")
    placed = {}
    for _ in range(4):
        choice = choice_for(table.state, 0)
        _, card, position = choice.split(":")
        placed[card] = position
        table.step(choice, 0)
    assert placed["Y2"] == placed["Y1"] == placed["YP"] == "IV"
    assert placed["YT"] != "IV"


def test_the_bot_guards_coins_it_placed_when_its_view_shows_them():
    """place.remember (ruling): the bot knows its placed cards only through its observation.
    By default it sees four face-down cards at machine IV and no more; with the teaching
    option remember_own it sees its yellow coins there and sends the yellow officer after
    them, the yellow thief elsewhere."""
    for remember in (False, True):
        table = dealt("Y2 Y1 Y1 Y1 YP YT R1 G1", "", "", remember_own=remember)
        table.batch("Y2:IV Y1:IV Y1:IV Y1:IV", "", "")
        seen = table.view(0)["seats"][0]["placed"][3]
        assert seen["count"] == 4 and (seen["cards"] is not None) is remember
    placed = {}
    for _ in range(4):
        choice = choice_for(table.state, 0)
        _, card, position = choice.split(":")
        placed[card] = position
        table.step(choice, 0)
    assert placed["YP"] == "IV" and placed["YT"] != "IV"


@pytest.mark.parametrize("players, games, least", [(2, 20, 0.8), (4, 40, 0.6)])
def test_the_heuristic_bot_beats_random_bots(players, games, least):
    """One heuristic bot against random bots, its seat going round the table: it wins far
    more than a random seat's share (1/players) and gains more stars than they do."""
    share = stars = rival_stars = 0.0
    for number in range(games):
        hero = number % players
        bots = [make_bot("tomatomat", "heuristic" if seat == hero else "random",
                         f"beat-{number}-{seat}") for seat in range(players)]
        outcome = play_game(GAME, bots, seed=f"beat-{players}-{number}").outcome
        if hero in outcome.winners:
            share += 1 / len(outcome.winners)
        stars += outcome.scores[hero]
        rival_stars += (sum(outcome.scores) - outcome.scores[hero]) / (players - 1)
    assert share / games >= least
    assert stars > 2 * rival_stars
