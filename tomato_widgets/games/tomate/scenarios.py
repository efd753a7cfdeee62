"""Hand-written Tomate deals, each short and made to show one rule (used by the tutorial).

Every scenario is a ``GameRecord`` with comments on the steps that matter. Seats are
Ana (0), Ben (1) and Cai (2) unless said otherwise; Cai deals, so Ana speaks and leads first.
A comment that tells what a player holds is for that player's view only (``visible_to``).
A scenario that finishes its round ends with the scoring's forced steps.
"""
from __future__ import annotations

from ...core.records import GameRecord
from .rules import GAME, deal_action

NAMES = ["Ana", "Ben", "Cai"]


def _table(hands, trump, names=NAMES, **options) -> GameRecord:
    options.setdefault("first_dealer", len(names) - 1)
    options.setdefault("rounds", 1)
    record = GameRecord(GAME, list(names), options)
    record.append(deal_action(hands, trump), comment="A deal written by hand to show one rule.")
    return record


def _steps(record: GameRecord, *steps) -> GameRecord:
    """Append the steps: an action, (action, comment) or (action, comment, seats that may
    read the comment)."""
    for step in steps:
        action, comment, readers = (step, None, None) if isinstance(step, str) else (*step, None)[:3]
        record.append(action, comment=comment, visible_to=readers)
    return record


def _scored(record: GameRecord, **comments) -> GameRecord:
    """Take the scoring's forced steps, with a comment for a step named by its action."""
    action = GAME.forced_action(record.state)
    while action is not None:
        record.append(action, comment=comments.get(action))
        action = GAME.forced_action(record.state)
    return record


def must_beat() -> GameRecord:
    """Following suit: beat the trick if you can, else play lower in the suit."""
    record = _table([["6-cups", "2-clubs", "4-swords"], ["K-cups", "5-cups", "7-coins"],
                     ["4-cups", "A-swords", "J-clubs"]], "5-coins")
    return _steps(record, "decline", "play", "play", "play",
                  ("play:6-cups", "Ana leads the 6 of cups."),
                  ("play:K-cups", "Ben holds the K and the 5 of cups: the K beats the 6, so he must "
                                  "play it.", [1]),
                  ("play:4-cups", "Cai's only cup is the 4: it cannot beat the K, but he must still "
                                  "follow suit.", [2]))


def must_trump() -> GameRecord:
    """No card of the suit led: trump if you can, and overtrump a trump."""
    record = _table([["A-cups", "2-clubs", "4-swords"], ["7-coins", "5-clubs", "2-swords"],
                     ["K-coins", "4-clubs", "J-swords"]], "5-coins")
    return _steps(record, "decline", "play", "play", "play",
                  ("play:A-cups", "Ana leads the ace of cups."),
                  ("play:7-coins", "Ben has no cups, so he must trump: coins are trumps."),
                  ("play:K-coins", "Cai has no cups either and the trick is trumped: his K of coins "
                                   "beats the 7, so he must overtrump."))


def take_the_trump() -> GameRecord:
    """The dealer takes the turned card before looking, discards, and then needs two tricks:
    with one, he pays the penalty and still collects that trick's third of the pot."""
    record = _table([["A-clubs", "K-cups", "3-coins"], ["7-cups", "2-swords", "4-swords"],
                     ["4-clubs", "5-clubs", "6-cups"]], "A-coins")
    _steps(record,
           ("take", "Cai deals and takes the turned ace of coins without looking at his cards."),
           ("discard:4-clubs", "Now he looks and discards one of the three he was dealt."),
           ("play", "Cai has already committed; Ana stays in."), "pass",
           ("play:A-clubs", "Ana leads her ace of clubs."),
           ("play:5-clubs", "Cai must follow suit, and his 5 cannot beat the ace."),
           "play:K-cups", "play:6-cups",
           ("play:3-coins", "Ana leads a trump; Cai must beat it and can, with the ace."),
           ("play:A-coins", "Cai wins the last trick with the trump he took."))
    return _scored(record, penalties="Cai took the trump but won only one trick: he pays the "
                                     "penalty ...",
                   shares="... and still collects a third of the pot for his trick.")


def everybody_passes() -> GameRecord:
    """Nobody stays in: the pot waits for the next round."""
    record = _table([["2-cups", "4-clubs", "5-swords"], ["6-cups", "5-clubs", "2-swords"],
                     ["4-coins", "6-clubs", "J-swords"]], "7-coins", rounds=2)
    _steps(record, "decline", "pass", "pass", "pass")
    return _scored(record, shares="Everyone passed: the 3 chips stay in the pot for the next round.")


def alone_in_the_round() -> GameRecord:
    """A single player stays in and takes the three tricks (and the pot) without playing."""
    record = _table([["2-cups", "4-clubs", "5-swords"], ["6-cups", "5-clubs", "2-swords"],
                     ["4-coins", "6-clubs", "J-swords"]], "7-coins")
    _steps(record, "decline", ("play", "Ana stays in."), "pass",
           ("pass", "Ben and Cai pass, so Ana is alone."))
    return _scored(record, shares="Alone in the round, Ana takes the three tricks and the pot.")


def penalty_and_thirds() -> GameRecord:
    """A full round: tricks, the penalty for no trick, and the pot split in thirds (the
    scoring's two forced steps)."""
    record = _table([["A-cups", "3-cups", "4-swords"], ["7-cups", "5-clubs", "2-swords"],
                     ["K-coins", "4-clubs", "J-swords"]], "5-coins")
    _steps(record, "decline", "play", "play", "play",
                  "play:A-cups", "play:7-cups",
                  ("play:K-coins", "Cai has no cups and trumps: trick 1 is his."),
                  ("play:4-clubs", "The winner of a trick leads the next one."),
                  ("play:4-swords", "Ana has neither clubs nor trumps, so any card will do."),
                  ("play:5-clubs", "Ben beats the 4 of clubs and takes trick 2."),
                  "play:2-swords", "play:J-swords",
                  ("play:3-cups", "Cai's jack wins trick 3: the tricks are over, and the table "
                                  "shows them until the round is scored."))
    return _scored(record, penalties="Ana won no trick: she pays the penalty into the pot ...",
                   shares="... which is then shared out, one third per trick.")
