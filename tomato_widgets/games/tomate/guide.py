"""A guided first game of Tomate: one hand-written round that walks Ana (you) through
staying in, leading, following and trumping, with the bots' replies explained; the game
then goes on as a normal one (see ``widgets.guide``)."""
from __future__ import annotations

from ...core.records import GameRecord
from .rules import GAME, deal_action

NAMES = ["Ana", "Ben", "Cai"]


def guide() -> tuple[GameRecord, int]:
    """The script and the learner's seat (Ana, 0). Cai deals; coins are trumps."""
    record = GameRecord(GAME, NAMES, {"first_dealer": 2, "rounds": 3})
    hands = [["K-cups", "7-coins", "2-clubs"], ["6-cups", "A-swords", "4-clubs"],
             ["5-cups", "J-clubs", "3-swords"]]
    record.append(deal_action(hands, "4-coins"),
                  comment="Cai deals three cards to each of you and turns up the 4 of coins: "
                          "coins are trumps this round.")
    record.append("decline", comment="Cai, the dealer, could take the turned trump before "
                                     "looking at his cards. He leaves it.")
    record.append("play", question={
        "kind": "choose",
        "prompt": "Stay in or pass? Stay in to play for the pot: click \u201cplay (stay in)\u201d.",
        "wrong": [{"action": "pass", "comment": "Passing is allowed, but then you would "
                                                "only watch. Stay in to learn the tricks."}]})
    record.append("play", comment="Ben stays in too.")
    record.append("play", comment="And so does Cai: three of you play for the pot.")
    record.append("play:K-cups", question={
        "kind": "choose",
        "prompt": "You sit left of the dealer, so you lead the first trick. Lead your K of "
                  "cups: the others must follow cups and can hardly beat it.",
        "wrong": [{"action": "play:7-coins", "comment": "your only trump is worth keeping for "
                                                        "a trick you could not win otherwise."},
                  {"action": "play:2-clubs", "comment": "the 2 is the lowest card there is: "
                                                        "somebody would beat it."}]})
    record.append("play:6-cups", comment="Ben holds a cup, so he must follow suit; his 6 "
                                         "cannot beat your K.")
    record.append("play:5-cups", comment="Cai follows with his 5 of cups. Your K wins the "
                                         "trick, so you lead again.")
    record.append("play:2-clubs", question={
        "kind": "choose",
        "prompt": "You lead again. Keep your trump: lead the 2 of clubs.",
        "wrong": [{"action": "play:7-coins", "comment": "keep your trump: a trump wins a trick "
                                                        "of any other suit."}]})
    record.append("play:4-clubs", comment="Ben must beat the 2 if he can: his 4 of clubs does.")
    record.append("play:J-clubs", comment="Cai must beat the 4, and his J of clubs does: he "
                                          "wins this trick and leads the last one.")
    record.append("play:3-swords", comment="Cai leads his 3 of swords.")
    record.append("play:7-coins", question={
        "kind": "choose",
        "prompt": "You have no sword, so you must trump: click your 7 of coins. It is the "
                  "only card the rules allow you here."})
    record.append("play:A-swords", comment="Ben follows swords with his ace, but a trump "
                                           "beats any card of another suit: the trick is yours.")
    action = GAME.forced_action(record.state)
    while action is not None:
        record.append(action, comment="The round is scored: each trick takes a third of the "
                                      "pot. You won two of the three.")
        action = GAME.forced_action(record.state)
    return record, 0
