"""Teaching material: a hand-written round (``first_round``), the tutorial's exercises
(records whose steps ask questions: see ``tomato_widgets.core.questions``) and the guided
first game (``guide``)."""
from __future__ import annotations

from tomato_widgets.core.records import GameRecord, load_record

from .rules import GAME, roll_action

NAMES = ["Ana", "Ben", "Cai"]
#: three dice each keep the first round short; Ana holds a wild one and two fours
ROLL = [[1, 4, 4], [2, 4, 6], [3, 5, 5]]
#: the guided game's second round: Ben has lost a die
SECOND_ROLL = [[2, 2, 6], [5, 6], [1, 2, 3]]


def first_round(comments: bool = True) -> GameRecord:
    """One round for three: Ana's wild one makes her fours strong, Ben doubts her last
    bid, calls, and loses a die."""
    record = GameRecord(GAME, NAMES, {"dice": 3})
    say = (lambda text: text) if comments else (lambda text: None)
    # a comment that names dice under a cup is for that cup's owner only (``visible_to``)
    record.append(roll_action(ROLL), comment=say(
        "Everybody rolls three dice under a cup and peeks at their own."))
    record.append("bid:2-4", visible_to=[0], comment=say(
        "Ana opens: at least 2 fours on the table. She holds two, and her one is wild, so "
        "she is sure of three."))
    record.append("bid:3-4", visible_to=[1], comment=say(
        "Ben has one four: with Ana's claim, 3 fours seem likely."))
    record.append("bid:3-5", visible_to=[2], comment=say(
        "Cai holds two fives and moves to fives at the same quantity."))
    record.append("bid:4-4", visible_to=[0], comment=say(
        "Ana goes back to fours: she can count three herself."))
    record.append("call", comment=say("Ben doubts that 4 fours are on the table, and calls."))
    record.append("lose", comment=say(
        "Ana's two fours, her wild one and Ben's four make four: the bid stands, and Ben, "
        "who called, loses a die."))
    return record


def _asking(record: GameRecord, questions: dict) -> GameRecord:
    """``record`` with a question before some of its steps (step number -> question)."""
    data = record.to_json()
    for number, question in questions.items():
        data["steps"][number - 1]["question"] = question
    return load_record(data)


def exercises() -> list[GameRecord]:
    """Two questions on ``first_round``: Ana's answer to Cai's 3 fives, and who loses the call."""
    record = first_round(comments=False)
    return [_asking(record, {
        5: {"kind": "choose",
            "prompt": "Cai bid 3 fives. You, Ana, hold 1, 4, 4 and ones are wild. What do you do?",
            "hint": "Count what you hold yourself: a one counts for any face but ones.",
            "wrong": [{"action": "call", "comment": "Cai holds nothing you can see against "
                       "him: with six dice hidden, 3 fives is quite likely."},
                      {"action": "bid:3-6", "comment": "you hold no six: that bid rests on the "
                       "others' dice alone."}]},
        7: {"kind": "next",
            "prompt": "Ben called Ana's 4 fours. The cups are lifted: who loses a die?",
            "hint": "Count the fours and the ones (wild) on the whole table.",
            "choices": [
                {"text": "Ben: there are four of them, so the bid stands", "right": True,
                 "comment": "Ana's two fours, her one and Ben's own four make four."},
                {"text": "Ana: there are only three fours", "right": False,
                 "comment": "The one under Ana's cup is wild and counts as a four."}]},
    })]


def guide() -> tuple[GameRecord, int]:
    """The guided first game: ``first_round`` and the start of a second round, with Ana
    (you, seat 0) asked to make her three bids; then the game goes on as a normal one."""
    record = first_round()
    # round 2: Ben lost, so he opens; Ana holds two twos and Cai's claim backs them
    record.append(roll_action(SECOND_ROLL), comment="A new round: everybody rolls again, Ben "
                  "with one die fewer.")
    record.append("bid:2-6", visible_to=[1], comment="Ben opens with his six.")
    record.append("bid:3-2", visible_to=[2], comment="Cai holds a two and a wild one.")
    record.append("bid:4-2", visible_to=[0], comment="Ana counts her two twos and trusts Cai's "
                  "claim for two more.")
    record.append("call", comment="Ben doubts it, and calls.")
    record.append("lose", comment="Two twos under Ana's cup, a two and a wild one under Cai's: "
                  "four, so the bid stands and Ben loses another die.")
    data = record.to_json()
    data["steps"][1]["question"] = {
        "kind": "choose",
        "prompt": "You open the round. You hold 1, 4, 4 and ones are wild: you are sure of "
                  "three fours. Open safely: bid 2 fours.",
        "wrong": [{"action": "bid:5-4", "comment": "five fours would need two of the six "
                   "dice you cannot see: a risky start."}]}
    data["steps"][4]["question"] = {
        "kind": "choose",
        "prompt": "Cai bid 3 fives. Raise to 4 fours: you can count three yourself.",
        "wrong": [{"action": "call", "comment": "calling is allowed, but Cai's 3 fives is quite "
                   "likely with six dice you cannot see."}]}
    data["steps"][10]["question"] = {
        "kind": "choose",
        "prompt": "Cai bid 3 twos. You hold two twos: raise to 4 twos.",
        "wrong": [{"action": "call", "comment": "with your own two twos, 3 twos needs only one "
                   "more among five dice: calling would likely cost you a die."}]}
    return load_record(data), 0
