"""A guided first game of Diced Tomatoes: the start roll and two hand-written turns each
for Ana (you) and Ben that walk you through sowing a seed, growing a set and a run, ending
your turn, spending karma to shift a die, harvesting your own tomato and spoiling Ben's
vine with a black die, with Ben's replies explained; the game then goes on as a normal one
(see ``widgets.guide``). Nothing is hidden in Diced Tomatoes: every die is on the table.
"""
from __future__ import annotations

from ...core.game import CHANCE
from ...core.records import GameRecord
from .rules import GAME, roll_action, start_action

NAMES = ["Ana", "Ben"]


def _question(prompt: str, wrong=()) -> dict:
    return {"kind": "choose", "prompt": prompt,
            "wrong": [{"action": action, "comment": comment} for action, comment in wrong]}


def _rules(record: GameRecord, comments: dict | None = None) -> None:
    """The steps the rules take by themselves (a harvest, the end of a turn)."""
    comments = comments or {}
    forced = GAME.forced_action(record.state)
    while forced is not None:
        record.append(forced, CHANCE, comment=comments.get(forced))
        forced = GAME.forced_action(record.state)


def _you(record: GameRecord, action: str, prompt: str, wrong=()) -> None:
    assert GAME.to_act(record.state) == (0,), record.state.phase
    record.append(action, 0, question=_question(prompt, wrong))


def _ben(record: GameRecord, action: str, comment: str | None = None) -> None:
    assert GAME.to_act(record.state) == (1,), record.state.phase
    record.append(action, 1, comment=comment)


def guide() -> tuple[GameRecord, int]:
    """The script and the learner's seat (Ana, 0)."""
    record = GameRecord(GAME, NAMES, {})
    record.append(start_action([5, 2]), CHANCE,
                  comment="Each of you rolls a die: you 5, Ben 2. The lowest roll plays last "
                          "in every round, so Ben is last and you start.")
    # ---- your first turn ------------------------------------------------------------------
    record.append(roll_action(["R4", "R4", "R3"]), CHANCE,
                  comment="You draw three dice from the bushel without looking and roll them: "
                          "4, 4 and 3, all red.")
    _you(record, "d1:0A",
         "Put your first 4 on your tomato A: a red die on an empty token is a seed, and the "
         "tomato will be worth the seed's value once four dice grow on it.",
         [("d3:0A", "a 3 makes a smaller tomato than a 4, and seeds should be high."),
          ("d1:1A", "a seed on Ben's token grows a tomato for Ben.")])
    _you(record, "d2:0A",
         "Put the other 4 on tomato A: a die joins a vine of equal values (a set) or of "
         "values in a row (a run), and this makes a set of 4s.",
         [("d2:0B", "a second 4 on tomato A brings it closer to four dice.")])
    _you(record, "d3:0B",
         "Put the 3 on your tomato B as a second seed: it cannot join the set of 4s.",
         [("d3:1B", "a seed on Ben's token would grow a tomato for Ben.")])
    _you(record, "end",
         "End your turn: all your dice are placed. Keep your 3 karma: it buys powers, and "
         "you will use some next turn.",
         [("clean:0A", "cleaning throws a whole vine back into the bushel for 3 karma, "
                       "not what a good set of 4s deserves.")])
    _rules(record)
    # ---- Ben's first turn -----------------------------------------------------------------
    record.append(roll_action(["R1", "R5", "R6"]), CHANCE, comment="Ben rolls 1, 5 and 6.")
    _ben(record, "d1:0C", "Ben puts his 1 as the seed of your empty tomato C. Dice may go on "
                          "anyone's tokens: a seed worth 1 blocks your token with a poor "
                          "tomato.")
    _ben(record, "d2:1A", "He sows his 5 on his own tomato A.")
    _ben(record, "d3:1A", "And adds the 6: 5 and 6 make a run. A run grows at either end, "
                          "but nothing comes after 6, so only a 4 fits it now.")
    _ben(record, "end", "Ben ends his turn.")
    _rules(record)
    # ---- your second turn ----------------------------------------------------------------
    record.append(roll_action(["R4", "B4", "R5"]), CHANCE,
                  comment="Your roll: a red 4, a black 4 and a red 5. Black dice come out of "
                          "the bushel too.")
    _you(record, "d1:0A",
         "Put the red 4 on your tomato A: three 4s there now.",
         [("d1:0B", "a 4 next to your 3 is a fine run, but your set of 4s is nearly ripe."),
          ("d2:0A", "the black die would spoil your own tomato, lowering its worth by 1.")])
    _you(record, "d3:down",
         "Turn your 5 down to a 4 for 2 karma: your set needs one more 4, and karma powers "
         "work on the dice you still have to place.",
         [("d3:reroll", "rolling again costs only 1 karma, but a 4 would come up just one "
                        "time in six."),
          ("d3:1B", "as a seed on Ben's empty token, your 5 would give him a fine tomato.")])
    _you(record, "d3:0A",
         "Put that 4 on tomato A: the fourth die harvests the vine at once.",
         [("d3:0B", "your set of 4s is waiting for exactly this die.")])
    _rules(record, {"harvest:0A": "Four dice: your tomato A is harvested. Its seed 4 goes to "
                                  "the first slot of your score track, worth 4 points; the "
                                  "other dice go back to the bushel and the token is free."})
    _you(record, "d2:1A",
         "Put the black 4 on Ben's tomato A, below his 5 and 6: a black die is never a seed, "
         "but it joins a vine like a red one and lowers that tomato's worth by 1.",
         [("d2:0B", "next to your 3 it would spoil your own tomato.")])
    _rules(record, {"pass": "No dice left to place, and 1 karma buys no power for "
                            "your vines: with nothing left to do, your turn ends by "
                            "itself."})
    # ---- Ben's second turn ----------------------------------------------------------------
    record.append(roll_action(["R3", "R2", "R6"]), CHANCE, comment="Ben rolls 3, 2 and 6.")
    _ben(record, "d1:1A", "Ben completes his run with the 3: four dice, harvested at once.")
    _rules(record, {"harvest:1A": "Ben's tomato is worth its seed 5 less 1 for your black "
                                  "die: 4 points instead of 5."})
    _ben(record, "d2:0A", "Ben blocks your freed tomato A with a seed worth only 2. Had he "
                          "completed one of your vines instead, he would have earned karma: "
                          "helping a rival is how karma is won.")
    _ben(record, "d3:1B", "He sows his 6 on his own tomato B: a big seed.")
    _ben(record, "end", "Ben ends his turn. From here you play on by yourself: sets and "
                        "runs, black dice to spoil, karma to spend, six tomatoes to harvest.")
    _rules(record)
    return record, 0
