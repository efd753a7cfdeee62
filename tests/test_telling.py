"""Texts as a learner reads them: players by name, and in live play the learner as "you"."""
from __future__ import annotations

import re

import pytest

from tomato_widgets.core.text import second_person
from tomato_widgets.widgets import play


@pytest.mark.parametrize("said, told", [
    ("Ana passes.", "You pass."),
    ("Ana cannot beat it and follows suit with the 5 of swords.",
     "You cannot beat it and follow suit with the 5 of swords."),
    ("Ana won no trick but needed one trick, and pays 3 into the pot.",
     "You won no trick but needed one trick, and pay 3 into the pot."),
    ("Ana has neither the suit led nor a trump and throws the Q of clubs.",
     "You have neither the suit led nor a trump and throw the Q of clubs."),
    ("Ana is the only one in and takes all three tricks.",
     "You are the only one in and take all three tricks."),
    ("Bea cut the 2 of cups and Ana cut the 7 of clubs: Ana cut lowest and deals first.",
     "Bea cut the 2 of cups and you cut the 7 of clubs: you cut lowest and deal first."),
    ("Ana spends 3 karma to clean Ana's tomato C.", "You spend 3 karma to clean your tomato C."),
    ("Ana's card shows 1 tomato symbol: they draw as many Number cards.",
     "Your card shows 1 tomato symbol: you draw as many Number cards."),
    ("Cid completed Ana's vine, worth 4: Cid earns 2 karma.",
     "Cid completed your vine, worth 4: Cid earns 2 karma."),
    ("Ana and Cid tie with 5: they show their Tomatoes.",
     "You and Cid tie with 5: they show their Tomatoes."),
    ("Ana carries the pot. Bea passes. Ana reaches 12 trophies.",
     "You carry the pot. Bea passes. You reach 12 trophies."),
    ("Anabel passes.", "Anabel passes."),  # another name that starts alike
])
def test_a_player_is_told_about_themselves_in_the_second_person(said, told):
    assert second_person(said, "Ana") == told


def test_a_name_with_odd_characters_is_found_as_written():
    assert second_person("Player 1 (you)'s dice: Player 1 (you) rolls.", "Player 1 (you)") == \
        "Your dice: you roll."


def test_live_play_speaks_to_you():
    """In live play the learner is "you" in the sentences, the knowledge and the title; the
    bots keep their names; the record keeps every name."""
    widget = play("tomate", 3, human=0, seed=3, delay_ms=0)
    assert widget.title == "Tomate: you (Player 1) against Bot 2 and Bot 3"
    assert widget.you == 0 and widget.record.players[0] == "Player 1"
    for _ in range(6):
        if not widget.legal:
            break
        widget.act(widget.legal[0]["id"])
    texts = " ".join(event["text"] for info in widget.steps for event in info["events"])
    assert re.search(r"\bYou [a-z]+", texts) and "Player 1" not in texts
    assert "Bot 2" in texts
    knows = " ".join(widget.knows_start.values())
    assert "Player 1" not in knows
    assert "Player 1" in widget.record.dumps()
