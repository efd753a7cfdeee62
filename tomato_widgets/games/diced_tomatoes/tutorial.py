"""Helpers for the Diced Tomatoes tutorial (``notebooks/05_diced_tomatoes.ipynb``): the table,
where each die may go, karma, the powers, bot games and our rulings, as text a notebook prints
(so nbval checks it); and the exercises (``exercises``: scenarios whose steps ask the learner
questions). Generic helpers (``tell``, ``step_of``, ``why_not`` ...) are in
``tomato_widgets.core.teach``.
"""
from __future__ import annotations

from collections.abc import Sequence

from ...core.records import GameRecord
from ...core.teach import observe, step_of
from .dice import BLACK_PER_PLAYER, POWER_COST, RED_PER_PLAYER, plural
from .texts import die_name_of, render_text, seat_name, vines_words

#: each power: what it does and what it may target (our rulings where the page is silent)
POWER_WORDS = (
    ("reroll", "re-roll", "one of your dice not yet placed is rolled again"),
    ("up", "shift", "one of your dice not yet placed goes one up or one down (no wrap)"),
    ("clean", "clean a vine", "every die of one of your own vines goes back to the bushel"),
    ("over", "roll over", "one of your dice not yet placed showing 1 becomes 6, or 6 becomes 1"),
    ("flip", "flip a seed", "the seed of any player's vine turns to its opposite face, if the "
                            "vine stays a set or a run"),
    ("set", "set a die", "one of your dice not yet placed shows any value you choose"),
)


def components(players: int) -> str:
    """What a table of ``players`` starts with."""
    red, black = RED_PER_PLAYER * players, BLACK_PER_PLAYER * players
    return (f"{plural(players, 'player')}: a bushel of {red} red and {black} black dice; each player "
            "has 3 empty tomato tokens, karma 3 (of 6 kept between turns) and an empty score "
            "track of 6 slots.")


def table(record: GameRecord, step: int | None = None) -> None:
    """Print the table after ``step`` steps (default: the last), as the command line shows it."""
    print(render_text(observe(record, step), record.players))


def spots(record: GameRecord, step: int | None = None) -> None:
    """Print where each die of the turn may go after ``step`` steps (default: the last)."""
    obs = observe(record, step)
    for slot, die in enumerate(obs["hand"]):
        if die:
            where = vines_words(obs["spots"][slot], record.players) or "no spot"
            print(f"die {slot + 1}, the {die_name_of(die)}: {where}")


def karma(record: GameRecord, step: int | None = None) -> str:
    """Each player's karma after ``step`` steps (default: the last)."""
    seats = observe(record, step)["seats"]
    return ", ".join(f"{seat_name(number, record.players)} {seat['karma']}"
                     for number, seat in enumerate(seats))


def powers() -> None:
    """Print the karma powers: cost, what they do, what they may target."""
    for power, name, words in POWER_WORDS:
        print(f"{POWER_COST[power]} karma  {name}: {words}")


def karma_after(record: GameRecord, *actions: str) -> None:
    """Print each player's karma right after the first step that took each of ``actions``."""
    for action in actions:
        number = step_of(record, action)
        print(f"after step {number}:", karma(record, number))


def bot_game(names: Sequence[str], seed: int) -> GameRecord:
    """A whole game of heuristic bots, one per name, from ``seed`` (the same every time)."""
    from ...core.play import play_game
    from .. import make_bot
    from .rules import GAME
    bots = [make_bot("diced_tomatoes", "heuristic", seat) for seat in range(len(names))]
    return play_game(GAME, bots, seed=seed, names=list(names))


def rulings(width: int = 92) -> None:
    """Print our rulings: what the text says, what we decided and why."""
    from ...core.teach import rulings as rulings_of
    from . import GAME
    print(rulings_of(GAME, width))


# ---- exercises: scenarios that stop and ask (see ``core.questions``) -----------------------
def _asking(record: GameRecord, questions: dict) -> GameRecord:
    """``record`` again, with a question on some of its steps: ``questions`` maps a step
    number (1-based, as ``step_of`` gives it) to the question asked just before that step."""
    from ...core.records import load_record
    data = record.to_json()
    for number, question in questions.items():
        data["steps"][number - 1]["question"] = question
    return load_record(data)


def spots_exercises() -> GameRecord:
    """Ana's last die in ``scenarios.reroll_and_shift``: a red 4 and no karma left. Where may
    it go, and what does completing her own vine bring her?"""
    from .scenarios import reroll_and_shift
    record = reroll_and_shift()
    last = step_of(record, "d3:0A")
    return _asking(record, {
        last: {
            "kind": "legal",
            "prompt": "Your re-roll gave you a red 4, Ana, and your karma is used up. Mark every "
                      "token this die may go on (click the die, then a token, or use the "
                      "buttons), then press Check.",
            "hint": "A set takes only its own number, a run takes the number just below or "
                    "just above its ends, and a lone seed takes its own number or a "
                    "neighbour. Don't forget the empty tokens."},
        last + 1: {
            "kind": "next",
            "prompt": "That 4 was the fourth die on your own set of 4s. What do you get for it?",
            "hint": "Only one die of a vine counts for the score, and karma is a thank-you "
                    "for helping somebody else.",
            "choices": [
                {"text": "a tomato worth 4 on your score track, and no karma", "right": True,
                 "comment": "The seed moves to your first free slot; the rest of the vine "
                            "goes back into the bushel."},
                {"text": "a tomato worth 4, and 2 karma", "right": False,
                 "comment": "Karma is for finishing somebody else's vine, never your own."},
                {"text": "16 points, one for each pip on the four dice", "right": False,
                 "comment": "Only the seed scores, and it scores its own number."},
                {"text": "nothing until your turn is over", "right": False,
                 "comment": "The fourth die harvests a vine on the spot."}]}})


def black_dice_exercises() -> GameRecord:
    """``scenarios.black_clears_a_zero``: Ana rolls a black 2 while Ben's seed 1 blocks her
    tomato A. Where can the black die go, and what to do with a vine worth nothing?"""
    from .scenarios import black_clears_a_zero
    record = black_clears_a_zero()
    black = step_of(record, "d1:0A", start=step_of(record, "roll:B2,R6,R6"))
    # a learner who places a red 6 first is told what the question is about
    later = [{"action": action, "comment": "The red 6s can wait: this question is about the "
                                           "black 2."}
             for action in record.game.legal_actions(record.states[black - 1], 0)
             if action.startswith(("d2:", "d3:"))]
    return _asking(record, {
        black: {
            "kind": "choose",
            "prompt": "Ben left a poor seed 1 on your tomato A, Ana. You rolled a black 2 and "
                      "two red 6s. Start with the black 2: where would you put it?",
            "hint": "A black die never starts a vine, and it takes a point off whatever vine "
                    "it joins. Which vines would take a 2 at all?",
            "wrong": [
                {"action": "d1:0C",
                 "comment": "The two red 6s can start a vine there instead."},
                {"action": "d1:1B",
                 "comment": "Black dice only join vines that have a seed already."},
                {"action": "d1:up",
                 "comment": "A black 3 could spoil Ben's set of 3s, but that costs 2 karma and "
                            "Ben's seed 1 would still block your tomato A."},
                {"action": "d1:down",
                 "comment": "A black 1 would join tomato A too, but why pay 2 karma for it?"},
                {"action": "d1:reroll",
                 "comment": "The 2 already has a spot that helps you."},
                {"action": "clean:0A",
                 "comment": "Cleaning costs 3 karma. Once your black 2 has brought the vine "
                            "down to nothing, you may clear it for free when your turn ends."},
                {"action": "clean:0B",
                 "comment": "Your tomato B, a run 4 to 6 with a seed 5, is a good one: keep it."},
                *later]},
        step_of(record, "clear:0A"): {
            "kind": "choose",
            "prompt": "Your turn is over. Your tomato A, Ben's seed 1 with your black 2, is now "
                      "worth nothing. Keep it or clear it?",
            "hint": "A tomato worth 0 scores nothing, and it takes up one of your three tokens.",
            "wrong": [
                {"action": "keep:0A",
                 "comment": "A tomato worth 0 would only fill a slot of your score track with "
                            "nothing; clearing frees the token for a better seed."}]}})


def karma_game() -> GameRecord:
    """Ana grows a set of three 5s and Ben a set of three 3s. Ana's 3 completes Ben's vine
    (2 karma for her, 5 in all); she blocks Ben's freed token with her 1 and pays 2 karma to
    turn her 4 into the 5 her own vine wants."""
    from .scenarios import table, turn
    record = table(["Ana", "Ben"], start=[5, 2])
    turn(record, "R5 R5 R5", "d1:0A d2:0A d3:0A",
         comments={"d3:0A": "Three 5s on Ana's tomato A: one more and it is harvested."})
    turn(record, "R3 R3 R3", "d1:1A d2:1A d3:1A",
         comments={"d3:1A": "Ben has a set of three 3s."})
    return turn(record, "R3 R4 R1", "d1:1A d3:1A d2:up d2:0A", comments={
        "d3:1A": "Ana puts her 1 as a seed on Ben's empty token A: a poor tomato for him.",
        "d2:up": "For 2 karma the 4 becomes a 5 ...",
        "d2:0A": "... the fourth 5 on Ana's own vine."})


def karma_exercises() -> GameRecord:
    """``karma_game`` with questions: what completing a rival's vine earns, and spending
    karma on a die."""
    record = karma_game()
    return _asking(record, {
        step_of(record, "harvest:1A"): {
            "kind": "next",
            "prompt": "Ana's red 3 was the fourth die on Ben's set of 3s. What happens now?",
            "hint": "A vine always belongs to the player whose token it grows on. The one who "
                    "completes it for them gets karma: more for a better tomato.",
            "choices": [
                {"text": "a tomato worth 3 for Ben, and 2 karma for Ana", "right": True,
                 "comment": "A tomato worth 3 or 4 brings the helper 2 karma."},
                {"text": "a tomato worth 3 for Ana, who placed the last die", "right": False,
                 "comment": "The tomato goes to the owner of the token, whoever finishes it."},
                {"text": "a tomato worth 3 for Ben, and 3 karma for Ana", "right": False,
                 "comment": "Karma goes by bands: 1 for a tomato worth 1 or 2, 2 for 3 or 4, "
                            "3 for 5 or 6."},
                {"text": "a tomato worth 3 for Ben, and nothing for Ana", "right": False,
                 "comment": "Helping a rival is exactly what earns karma."}]},
        step_of(record, "d2:up"): {
            "kind": "choose",
            "prompt": "You have 5 karma now, Ana, and one die left: a red 4. Your tomato A holds "
                      "three 5s. What would you do? (Click the die, then a token or a power.)",
            "hint": "Your set of 5s needs one more 5. Which power turns a 4 into a 5 for sure, "
                    "and can you afford it?",
            "wrong": [
                {"action": "d2:0A",
                 "comment": "The die has to become a 5 first."},
                {"action": "d2:set5",
                 "comment": "Shifting the die by one does the same job for 2 karma."},
                {"action": "d2:reroll",
                 "comment": "A re-roll is cheap, but it gives a 5 only one time in six."},
                {"action": "d2:down",
                 "comment": "A 3 fits none of the vines on the table either."},
                {"action": "clean:0A",
                 "comment": "That would send your three 5s back to the bushel."},
                {"action": "flip:1A",
                 "comment": "That turns Ben's poor seed 1 into a 6: a fine present for Ben."}]}})


def exercises() -> list[GameRecord]:
    """The tutorial's exercises, as records whose steps ask questions, all asked as Ana: where
    a die may go and what a harvest brings, black dice and a vine worth 0, and karma. Open
    each with ``replay``."""
    return [spots_exercises(), black_dice_exercises(), karma_exercises()]
