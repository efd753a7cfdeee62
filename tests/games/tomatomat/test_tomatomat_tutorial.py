"""The tutorial's helpers (``tomatomat.tutorial``): what they print is what the game holds."""
from __future__ import annotations

from collections import Counter

from tomato_widgets.core.play import play_game, random_bots
from tomato_widgets.games.tomatomat import GAME, scenarios
from tomato_widgets.games.tomatomat.cards import FULL_DECK
from tomato_widgets.games.tomatomat.machines import MACHINE_SETS
from tomato_widgets.games.tomatomat.tutorial import (card_mix, machine_mix, places, stars,
                                                     stars_by_round)


def test_the_card_and_machine_mix_are_counted_from_the_game():
    """cards.deck (ruling), machines.deck (ruling): the numbers printed are the deck's and
    the machine table's own."""
    kinds = Counter(card & 3 for card in FULL_DECK)
    assert kinds == {0: 28, 1: 8, 2: 8, 3: 4}
    assert card_mix() == ("48 playing cards in 4 colours (red, green, blue, yellow); per colour: "
                          "7 coins worth 1, 2 coins worth 2, 2 thieves, 1 police officer.")
    table = MACHINE_SETS["placeholder"]
    assert Counter(table.stars) == {1: 12, 2: 12, 3: 12}
    assert machine_mix() == ("36 machines in the 'placeholder' set: 12 with 1 star, 12 with 2 "
                             "stars, 12 with 3 stars; 18 with one tomato colour, 18 with two.")


def test_places_and_stars_follow_the_record():
    """machines.draw, score.win, machines.stack (ruling): the places as they stand after a
    step, and the stars and machines won by then."""
    record = scenarios.tie_then_stack()
    assert places(record, 0) == "I: no machine\nII: no machine\nIII: no machine\nIV: no machine"
    assert places(record, 1).splitlines()[0] == "I: a 1-star machine, blue counts double"
    stacked = next(i for i, step in enumerate(record.steps, 1)
                   if step.action.startswith("machines:") and i > 1)
    assert places(record, stacked).splitlines()[0] == (
        "I: 2 machines, 4 stars in all; on top red and green count double")
    assert stars(record, 0) == "Ana 0 stars / 0 machines, Ben 0 stars / 0 machines"
    assert stars(record) == "Ana 11 stars / 6 machines, Ben 3 stars / 2 machines"
    assert record.outcome.scores == (11, 3)


def test_stars_by_round_has_a_line_per_round_ending_with_the_final_stars():
    """round.pass (ruling), end.game (ruling): one line per round, the last one the final
    score."""
    record = play_game(GAME, random_bots(3, 2), seed=2, names=["Ana", "Ben", "Cai"],
                       options={"rounds": 3})
    lines = stars_by_round(record)
    assert len(lines) == 3 and lines[0].startswith("After round 1 (step ")
    final = ", ".join(f"{name} {score}" for name, score in zip(record.players, record.outcome.scores))
    assert lines[-1] == f"After round 3 (step {len(record.steps)}): {final}"
