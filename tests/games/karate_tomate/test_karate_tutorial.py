"""The tutorial's helpers (``karate_tomate.tutorial``): what they print is what the game holds."""
from __future__ import annotations

from karate_helpers import GAME
from tomato_widgets.games.karate_tomate import scenarios
from tomato_widgets.games.karate_tomate.tutorial import (card_mix, fight, hand, scores,
                                                         scores_by_round, triumph_mix, triumphs_up)


def test_the_card_mixes_are_counted_from_the_tables():
    """cards.numbers (ruling), cards.triumphs (ruling): the printed numbers are the data's."""
    assert card_mix().startswith("140 Number cards in 5 colours (corn, carrot, mushroom, "
                                 "aubergine, broccoli); per colour: 8 of value 1")
    assert triumph_mix().endswith("In all 86 trophies, 39 knives and 19 tomato symbols.")
    assert triumphs_up().startswith("3 players: 2, 4 players: 2, 5 players: 3")


def test_fight_hand_and_scores_follow_the_record():
    """heat.reveal, drop.out, end.reveal: the fight after a step, a hand, the scores."""
    record = scenarios.rulebook_round()
    assert fight(record, 13).splitlines()[1:] == [
        "  Sebastian: fights in carrot: the carrot 5 and the carrot 4 (9)",
        "  Linda: out of this fight",
        "  Betti: fights in aubergine: the aubergine 3 and the aubergine 2 (5)",
        "  Gabi: out of this fight after the broccoli 4 (4)"]
    assert hand(record, "Linda", 9) == ("Linda holds 7 cards: the aubergine 4, the broccoli 1, "
                                        "the broccoli 5, the corn 1, the corn 2, the mushroom 1 "
                                        "and the mushroom 5")
    end = scenarios.rulebook_end()
    assert scores(end) == ("Sebastian 13 trophies and 2 knives, Linda 9 trophies and 3 knives, "
                           "Betti 8 trophies and 5 knives, Gabi 6 trophies and 3 knives")
    lines = scores_by_round(end)
    assert len(lines) == 8 and lines[-1] == "After round 8: Sebastian 13/2, Linda 9/3, Betti 8/5, Gabi 6/3"
    assert GAME.outcome(end.state).winners == (1,)
