"""Hand-written Diced Tomatoes games, each short and made to show one rule (used by the
tutorial and the tests).

A scenario is a ``GameRecord`` whose start roll, every roll and every move are written by
hand. ``turn(record, "R1 R2 R3", "d3:0A d2:0A ...")`` plays one turn: the roll (dice passed on
first, then the new ones), the moves in order (a re-roll's outcome is written as
``reroll:d1:5`` after the ``d1:reroll`` that asks for it), the forced harvests, ``end`` when
the turn still needs it, the decisions about vines worth 0 (``decide``) and the forced end of
the turn.
"""
from __future__ import annotations

from ...core.game import CHANCE
from ...core.records import GameRecord
from .rules import GAME, roll_action, start_action


def table(names, start=None, comment=None, **options) -> GameRecord:
    """A new game; ``start`` the start roll (one value per player), when there are several."""
    record = GameRecord(GAME, list(names), options)
    if start is not None:
        record.append(start_action(start), comment=comment)
    return record


def turn(record: GameRecord, roll: str, moves: str = "", comments: dict | None = None,
         decide: dict | None = None, end: bool = True) -> GameRecord:
    """One turn (see the module docstring). ``comments`` maps a move (or "roll", "end", a
    decision, "pass") to the comment its step gets; ``decide`` maps a vine worth 0 to
    "clear" or "keep"; ``end=False`` stops before the turn is ended."""
    comments = comments or {}
    decide = decide or {}
    game = record.game
    record.append(roll_action(roll.split()), comment=comments.get("roll"))
    record.complete_forced()
    for move in moves.split():
        player = CHANCE if move.startswith("reroll:") and move.count(":") == 2 else None
        record.append(move, player, comment=comments.get(move))
        if game.forced_action(record.state) and record.state.phase == "harvest":
            record.append(record.state.step, CHANCE, comment=comments.get(record.state.step))
    if not end:
        return record
    state = record.state
    if state.phase == "play" and "end" in game.legal_actions(state):
        record.append("end", comment=comments.get("end"))
    while record.state.phase == "clear":
        seat, token = record.state.asks[0]
        vine = f"{seat}{'ABC'[token]}"
        choice = f"{decide.get(vine, 'keep')}:{vine}"
        record.append(choice, comment=comments.get(choice))
    if record.state.phase == "pass":
        record.append("pass", CHANCE, comment=comments.get("pass"))
    record.complete_forced()
    return record


# ---- the rulebook's examples ---------------------------------------------------------------
def placement_example() -> GameRecord:
    """The help page's example: tomato A empty, B holding a 1, C holding 1 and 2, and a roll of
    1, 2 and 3 (Ana plays alone, so no other player's tokens add spots). She then builds the
    run the page describes: 3 as a seed, 2 below it, 1 below that."""
    record = table(["Ana"])
    turn(record, "R1 R1 R2", "d1:0B d2:0C d3:0C",
         comments={"d3:0C": "Tomato C now holds 1 and 2, a run; B holds a lone 1; A is empty."})
    return turn(record, "R1 R2 R3", "d3:0A d2:0A d1:0A", end=False, comments={
        "roll": "The page's roll: 1, 2 and 3. Where may each die go?",
        "d3:0A": "The 3 becomes the seed of the empty tomato A.",
        "d2:0A": "The 2 goes below it: a run 2 to 3.",
        "d1:0A": "And the 1 below that: a run 1 to 3, three dice."})


def black_clears_a_zero(black: str = "B2") -> GameRecord:
    """Ben gives Ana a seed worth 1; Ana spoils it herself with a black 1 or 2 (``black``): the
    vine is worth 0, and at the end of her turn she clears it, seed and all."""
    record = table(["Ana", "Ben"], start=[5, 2], comment="Ben rolled lowest: he plays last, Ana starts.")
    turn(record, "R5 R6 R4", "d1:0B d2:0B d3:0B")
    turn(record, "R1 R3 R3", "d1:0A d2:1A d3:1A",
         comments={"d1:0A": "Ben blocks Ana's tomato A with a seed worth only 1."})
    return turn(record, f"{black} R6 R6", "d1:0A d2:0C d3:0C", decide={"0A": "clear"}, comments={
        "d1:0A": "The black die lowers the seed 1 by one: the vine is worth 0.",
        "clear:0A": "At the end of her turn Ana clears the worthless vine: token A is free again."})


def karma_table() -> GameRecord:
    """Ben grows three sets worth 1, 3 and 5; Ana completes each of them in one turn and earns
    1, 2 and 3 karma. Above 6 she may use it during her turn; what is left above 6 is lost at
    its end."""
    record = table(["Ana", "Ben"], start=[5, 2])
    turn(record, "R1 R3 R5", "d1:1A d2:1B d3:1C",
         comments={"d1:1A": "Ana gives Ben seeds: 1, 3 and 5."})
    turn(record, "R1 R3 R5", "d1:1A d2:1B d3:1C")
    turn(record, "R1 R3 R5", "d1:1A d2:1B d3:1C")
    turn(record, "R2 R4 R6", "d1:0A d2:0B d3:0C")
    return turn(record, "R1 R3 R5", "d1:1A d2:1B d3:1C", comments={
        "harvest:1A": "Ben's set of 1s is worth 1: Ana earns 1 karma.",
        "harvest:1B": "Worth 3: Ana earns 2 karma.",
        "harvest:1C": "Worth 5: Ana earns 3 karma, 9 in all for now.",
        "pass": "Ana's turn is over: she keeps 6 karma."})


# ---- the start, the turn, the karma powers -------------------------------------------------
def start_tie() -> GameRecord:
    """Ana and Ben tie for the lowest start roll and roll again; Ben is then lowest, so he
    plays last and Cai, the seat after him, starts."""
    record = table(["Ana", "Ben", "Cai"], start=[2, 2, 5])
    record.append("start:4,1", comment="Only Ana and Ben roll again.")
    return turn(record, "R3 R4 R5", "d1:2A d2:2A d3:2A")


def reroll_and_shift() -> GameRecord:
    """Ana spends her 3 starting karma: 2 to turn a black 3 into a 4 that spoils Ben's best
    vine, 1 to roll a poor 1 again (a 4 that completes her own vine)."""
    record = table(["Ana", "Ben"], start=[5, 2])
    turn(record, "R4 R4 R2", "d1:0A d2:0A d3:1A",
         comments={"d3:1A": "Ana blocks Ben's tomato A with a seed worth 2."})
    turn(record, "R5 R6 R6", "d1:1B d2:1B d3:1C")
    return turn(record, "B3 R4 R1", "d2:0A d1:up d1:1B d3:reroll reroll:d3:4 d3:0A", comments={
        "d1:up": "A black 3 could only spoil Ben's 2 (worth little). For 2 karma it becomes a 4 ...",
        "d1:1B": "... which joins Ben's run 5 to 6 at its low end: worth 5 less 1.",
        "d3:reroll": "A 1 would make a poor seed. For her last karma Ana rolls it again ...",
        "d3:0A": "... a 4: the fourth die of her set of 4s."})


def clean_a_vine() -> GameRecord:
    """Ben spoils Ana's set of 3s with a black 3; Ana spends 3 karma to clean the vine and
    starts a better one on the same token."""
    record = table(["Ana", "Ben"], start=[5, 2])
    turn(record, "R3 R3 R6", "d1:0A d2:0A d3:1A")
    turn(record, "B3 R5 R4", "d1:0A d2:1A d3:1A",
         comments={"d1:0A": "Ben's black 3 makes Ana's set of 3s worth only 2."})
    return turn(record, "R6 R6 R5", "clean:0A d1:0A d2:0A d3:0B", comments={
        "clean:0A": "For 3 karma every die of tomato A goes back to the bushel.",
        "d1:0A": "The token is free for a seed 6."})


def flip_a_seed() -> GameRecord:
    """Ben blocks Ana's tomato A with a seed 1. Ana completes Ben's set of 4s (2 karma, 5 in
    all) and flips her seed: the 1 becomes a 6."""
    record = table(["Ana", "Ben"], start=[5, 2])
    turn(record, "R4 R4 R6", "d1:1A d2:1A d3:0B")
    turn(record, "R1 R4 R5", "d1:0A d2:1A d3:1B",
         comments={"d1:0A": "A seed 1 on Ana's tomato A: a poor tomato."})
    return turn(record, "R4 R3 R2", "d1:1A flip:0A d2:1A d3:1C", comments={
        "harvest:1A": "Ben's set of 4s is complete: Ana earns 2 karma, 5 in all.",
        "flip:0A": "For 5 karma the seed 1 turns to its opposite face: 6."})


def set_a_die() -> GameRecord:
    """Ana completes Ben's set of 6s (3 karma, 6 in all) and spends all six to turn a 3 into
    the 5 her own vine needs."""
    record = table(["Ana", "Ben"], start=[5, 2])
    turn(record, "R6 R6 R5", "d1:1A d2:1A d3:0A")
    turn(record, "R6 R1 R2", "d1:1A d2:0B d3:0C")
    return turn(record, "R6 R3 R2", "d1:1A d2:set5 d2:0A d3:1A", comments={
        "harvest:1A": "Worth 6: Ana earns 3 karma, 6 in all.",
        "d2:set5": "For 6 karma the 3 shows 5 ...",
        "d2:0A": "... and joins Ana's seed 5: a set."})


def roll_over() -> GameRecord:
    """Ana completes Ben's set of 2s (1 karma, 4 in all) and rolls a 1 over to a 6 for her own
    vine of 6s."""
    record = table(["Ana", "Ben"], start=[5, 2])
    turn(record, "R2 R2 R6", "d1:1A d2:1A d3:0A")
    turn(record, "R2 R3 R4", "d1:1A d2:1B d3:1B")
    return turn(record, "R2 R1 R5", "d1:1A d2:over d2:0A d3:0B", comments={
        "harvest:1A": "Worth 2: Ana earns 1 karma, 4 in all.",
        "d2:over": "For 4 karma the 1 rolls over to a 6 ...",
        "d2:0A": "... for Ana's seed 6: a set of 6s."})


# ---- the end of the game -------------------------------------------------------------------
def final_round() -> GameRecord:
    """Ben keeps feeding Ana's vines (and earns karma for it) until Ana harvests her sixth
    tomato: 2 points for her and the final round, which ends after Ben, the last player. Her
    full score track takes no more dice; the game is scored."""
    record = table(["Ana", "Ben"], start=[5, 2])
    turn(record, "R6 R6 R6", "d1:0A d2:0A d3:0A")
    turn(record, "R6 R5 R5", "d1:0A d2:0B d3:0B")
    turn(record, "R5 R5 R4", "d1:0B d2:0B d3:0A")
    turn(record, "R4 R4 R4", "d1:0A d2:0A d3:0A")
    turn(record, "R3 R3 R3", "d1:0C d2:0C d3:0C")
    turn(record, "R3 R2 R2", "d1:0C d2:1A d3:1A")
    turn(record, "R2 R6 R6", "d1:1A d2:0A d3:0A")
    turn(record, "R6 R6 R1", "d1:0A d2:0A d3:0B")
    turn(record, "R1 R1 R5", "d1:0B d2:0B d3:0A")
    return turn(record, "R1 R4 R4", "d1:0B d2:1B d3:1B", comments={
        "harvest:0B": "Ana's sixth tomato: 2 points, and the final round is on.",
        "d2:1B": "Ana's tokens take no more dice: her score track is full.",
        "end": "Ben is the last player: after his turn the game ends."})


def empty_bushel() -> GameRecord:
    """Nobody harvests: every vine holds three 1s or three 2s, and the other values have no
    spot, so dice pile up and pass round while the bushel empties. When a turn should start
    with the bushel empty, the game ends; here in a tie."""
    record = table(["Ana", "Ben"], start=[5, 2])
    turn(record, "R1 R1 R1", "d1:0A d2:0A d3:0A")
    turn(record, "R2 R2 R2", "d1:1A d2:1A d3:1A")
    turn(record, "R1 R1 R1", "d1:0B d2:0B d3:0B")
    turn(record, "R1 R1 R1", "d1:1B d2:1B d3:1B")
    turn(record, "R2 R2 R2", "d1:0C d2:0C d3:0C")
    turn(record, "R2 R2 R2", "d1:1C d2:1C d3:1C")
    turn(record, "R5 B6 R4", comments={"roll": "Every vine takes only a 1 or a 2."})
    turn(record, "R3 B4 R6 R5 B3 R6")
    return turn(record, "R4 B5 R3 R4 B6 R5 B4 B3",
                comments={"roll": "Only two dice were left in the bushel."})


def round_limit() -> GameRecord:
    """The safety net: with the option round_limit=1 the game ends after the first round."""
    record = table(["Ana", "Ben"], start=[5, 2], round_limit=1)
    turn(record, "R6 R6 R5", "d1:0A d2:0A d3:1A")
    return turn(record, "R5 R5 R2", "d1:1A d2:1A d3:0B")


def solo_game() -> GameRecord:
    """Ana alone fills all six slots with matching tomatoes: black dice bring a 2 down to 1
    and a 3 to 2, her karma comes from her own vines, and the sixth harvest ends the game."""
    record = table(["Ana"])
    turn(record, "R2 R2 B2", "d1:0A d2:0A d3:0A",
         comments={"d3:0A": "A set of 2s with a black die: worth 1, what slot 1 wants."})
    turn(record, "R2 R3 R3", "d1:0A d2:0B d3:0B",
         comments={"harvest:0A": "Slot 1 gets a tomato worth 1: a match."})
    turn(record, "B3 R3 R4", "d1:0B d2:0B d3:0C",
         comments={"harvest:0B": "3 less the black die: worth 2, for slot 2."})
    turn(record, "R4 R4 B4", "d1:0C d2:0C d3:0C")
    turn(record, "R4 R4 R4", "d1:0A d2:0A d3:0A")
    turn(record, "R4 R5 R5", "d1:0A d2:0B d3:0B")
    turn(record, "R5 R5 R6", "d1:0B d2:0B d3:0C")
    return turn(record, "R6 R6 R6", "d1:0C d2:0C d3:0C",
                comments={"harvest:0C": "The sixth tomato, worth 6: six matches."})


SCENARIOS = {"placement_example": placement_example, "black_clears_a_zero": black_clears_a_zero,
             "karma_table": karma_table, "start_tie": start_tie,
             "reroll_and_shift": reroll_and_shift, "clean_a_vine": clean_a_vine,
             "flip_a_seed": flip_a_seed, "set_a_die": set_a_die, "roll_over": roll_over,
             "final_round": final_round, "empty_bushel": empty_bushel,
             "round_limit": round_limit, "solo_game": solo_game}
