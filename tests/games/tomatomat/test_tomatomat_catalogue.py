"""The Tomatomat rule catalogue: the open questions of the rulebook are all decided as
rulings, under the rulebook's own headings. (That every rule and ruling has a test is
checked for every game in ``tests/test_catalogues.py``.)"""
from __future__ import annotations

from tomato_widgets.core.rulebook import CORE_RULES
from tomato_widgets.games.tomatomat import GAME

CORE = {rule.id for rule in CORE_RULES}
SECTIONS = {"Game setup", "A. Allocate playing cards", "B. Distribute machines",
            "End of a round", "End of the game"}


def game_rules():
    return [rule for rule in GAME.rulebook if rule.id not in CORE]


def test_the_required_rulings_exist():
    """The decisions the rulebook leaves open are all recorded as rulings."""
    required = {"cards.deck", "cards.colours", "machines.deck", "setup.dummies", "score.double",
                "resolve.scope", "police.nothing", "thieves.steal", "resolve.order", "score.tie",
                "machines.stack", "end.leftover", "round.pass", "place.card", "place.remember",
                "resolve.forced", "end.shared"}
    have = {rule.id for rule in game_rules() if rule.ruling}
    assert required <= have, required - have
    for rule in game_rules():
        assert rule.section in SECTIONS, (rule.id, rule.section)
        assert rule.title and len(rule.explanation) > 30
        if rule.ruling:
            assert rule.ruling.text_says and rule.ruling.decision and rule.ruling.reason


def test_steps_worth_a_longer_look_dwell_longer():
    """reveal.cards, police.catch, thieves.steal, score.win, score.tie, round.pass, end.game:
    live play lingers on a reveal, the police, the thieves, a scoring and the end of a round
    or of the game; a card put down passes at the ordinary pace."""
    book = GAME.rulebook
    for rule in ("reveal.cards", "police.catch", "police.nothing", "thieves.steal",
                 "thieves.nothing", "batch.complete"):
        assert 1.5 <= book[rule].dwell <= 2.5, rule
    for rule in ("score.win", "score.tie", "round.pass", "end.game", "end.most-stars",
                 "end.most-machines", "end.shared"):
        assert book[rule].dwell >= 2.0, rule
    assert book["end.game"].dwell > book["reveal.cards"].dwell
    for rule in ("place.card", "draw.cards", "round.shuffle", "setup.deal"):
        assert book[rule].dwell == 1.0, rule
