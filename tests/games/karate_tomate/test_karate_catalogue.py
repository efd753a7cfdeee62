"""The rule catalogue: the rulings the rulebook needs, and steps worth a longer look."""
from __future__ import annotations

from karate_helpers import GAME

RULINGS = {"cards.numbers", "cards.triumphs", "setup.hand", "fight.commit", "fight.tomato",
           "drop.choice", "drop.discard-two", "drop.discard", "draw.empty", "fight.end",
           "fight.nobody", "triumph.tie", "triumph.swap", "triumph.pick", "triumph.symbols",
           "round.clear", "end.call", "end.pile", "end.rounds", "end.fewest-knives",
           "end.higher-tomato", "rules.forced"}


def test_every_ambiguity_of_the_notes_has_a_ruling():
    """cards.numbers (ruling), cards.triumphs (ruling), end.rounds (ruling): the rulings
    exist, each says what the text says, what we decided and why; the uncertain numbers
    are options."""
    found = {rule.id for rule in GAME.rulebook.rulings()}
    assert RULINGS <= found
    for rule in GAME.rulebook.rulings():
        ruling = rule.ruling
        assert ruling.text_says and ruling.decision and ruling.reason, rule.id
    options = {o.name: o for o in GAME.options}
    assert {options[name].ruling for name in ("number_set", "triumph_set", "rounds")} == {
        "cards.numbers", "cards.triumphs", "end.rounds"}


def test_reveals_scorings_and_the_end_linger_longer():
    """heat.reveal, triumph.order, end.reveal: live play lingers on the steps worth a look."""
    rulebook = GAME.rulebook
    assert rulebook["heat.reveal"].dwell >= 1.5 and rulebook["triumph.order"].dwell >= 1.5
    assert rulebook["end.most-trophies"].dwell >= 2.0 and rulebook["fight.commit"].dwell == 1.0
    assert all(rule.section for rule in rulebook)
