"""Small Tomate helpers for the tutorial notebook (the generic ones are in ``core.teach``).

The little games below are written by hand, each to make one rule happen, so the notebook
can open a replay of them in one line. The printing helpers show what a replay does not:
the card order, what a player was allowed to do (and why not something else), a game's
chips round by round, and the list of our rulings.
"""
from __future__ import annotations


from ...core.play import play_game
from ...core.records import GameRecord
from ...core.teach import may_play, steps_with_rule, who, why_not
from .bots import BOTS
from .cards import HIGH_TO_LOW, french_name, spanish_name
from .rules import GAME, cut_action, deal_action
from .scenarios import everybody_passes


def _hand_made(names, hands, trump, actions, **options) -> GameRecord:
    """A record dealt by hand (the last player deals unless ``first_dealer`` says otherwise),
    followed by ``actions``."""
    options.setdefault("first_dealer", len(names) - 1)
    options.setdefault("rounds", 1)
    record = GameRecord(GAME, list(names), options)
    record.append(deal_action(hands, trump))
    for action in actions:
        record.append(action)
    return record


# --- the hand-made games of the notebook ------------------------------------------------

def three_beats_king() -> GameRecord:
    """Ana leads the K of cups; Ben holds the 3 and the 4 of cups and must beat it with the 3."""
    record = GameRecord(GAME, ["Ana", "Ben"], {"first_dealer": 1, "rounds": 1})
    record.append(deal_action([["K-cups", "5-swords", "6-clubs"], ["3-cups", "4-cups", "7-swords"]],
                              "2-coins"),
                  comment="A deal written by hand: Ben holds the 3 and the 4 of cups.",
                  visible_to=[1])
    for action in ["decline", "play", "play", "play:K-cups", "play:3-cups"]:
        record.append(action)
    return record


def cut_for_deal() -> GameRecord:
    """Ana and Cai tie for the lowest cut and cut again; Cai's 4 beats Ana's 5 and he deals."""
    record = GameRecord(GAME, ["Ana", "Ben", "Cai"], {"rounds": 1})
    record.append(cut_action(["2-cups", "3-coins", "2-swords"]))
    record.append(cut_action(["5-clubs", "4-coins"]))
    return record


def ana_passes() -> GameRecord:
    """Ana, on the dealer's left, passes, so Ben leads the first trick."""
    return _hand_made(["Ana", "Ben", "Cai"],
                      [["2-cups", "4-clubs", "5-swords"], ["6-cups", "5-clubs", "2-swords"],
                       ["4-coins", "6-clubs", "J-swords"]], "7-coins",
                      ["decline", "pass", "play", "play", "play:6-cups"])


def pot_carried_over() -> GameRecord:
    """Everybody passes (``scenarios.everybody_passes``), then Ana deals round 2 onto the
    waiting pot."""
    record = everybody_passes()
    record.append(deal_action([["A-cups", "4-clubs", "5-swords"], ["6-cups", "5-clubs", "2-swords"],
                               ["4-coins", "6-clubs", "J-swords"]], "7-coins"))
    return record


def after_a_trump() -> GameRecord:
    """Four players: Ben trumps Ana's cup; Cai still has a cup and must play it; Dee has
    neither cups nor a higher trump and plays what he likes."""
    return _hand_made(["Ana", "Ben", "Cai", "Dee"],
                      [["5-cups", "2-clubs", "4-swords"], ["7-coins", "5-clubs", "6-swords"],
                       ["2-cups", "K-coins", "J-swords"], ["2-coins", "4-clubs", "7-swords"]],
                      "5-coins",
                      ["decline", "play", "play", "play", "play",
                       "play:5-cups", "play:7-coins", "play:2-cups", "play:7-swords"])


def out_of_chips() -> GameRecord:
    """Everyone starts with 2 chips; Ben wins nothing, pays what he has, and the game ends
    with a pot of 5 shared as 2, 2 and 1."""
    return _hand_made(["Ana", "Ben", "Cai"],
                      [["A-cups", "2-swords", "A-clubs"], ["2-cups", "4-swords", "2-clubs"],
                       ["4-cups", "A-swords", "4-clubs"]], "5-coins",
                      ["decline", "play", "play", "play",
                       "play:A-cups", "play:2-cups", "play:4-cups",
                       "play:2-swords", "play:4-swords", "play:A-swords",
                       "play:4-clubs", "play:A-clubs", "play:2-clubs",
                       "penalties", "shares"],
                      rounds=5, starting_chips=2)


def bot_game(seed: int = 3, rounds: int = 3,
             names: tuple[str, ...] = ("Ana", "Ben", "Cai", "Dee")) -> GameRecord:
    """A whole game between heuristic bots, one per name, shuffled from ``seed``."""
    bots = [BOTS["heuristic"](seat) for seat in range(len(names))]
    return play_game(GAME, bots, seed=seed, names=list(names), options={"rounds": rounds})


# --- printouts: what a replay does not show ----------------------------------------------

def card_order() -> None:
    """Print the cards of a suit from the highest to the lowest, and one card's two names."""
    print("From the highest to the lowest:", " > ".join(HIGH_TO_LOW))
    print("The K of cups is the", spanish_name("K-cups"), "of a Spanish deck and the",
          french_name("K-cups"), "of a French one.")


def choices(record: GameRecord, step: int, *refused: str) -> None:
    """Print what the player of step ``step`` was allowed to do just before it, and why each
    of the ``refused`` actions was not allowed."""
    print(f"{who(record, step)} is allowed: {' / '.join(may_play(record, step))}")
    state = record.states[step - 1]
    for action in refused:
        print(f"  {GAME.action_label(state, action)}? No. {why_not(record, step, action)}")


def chips(record: GameRecord, step: int | None = None) -> None:
    """Print everyone's chips and the pot after ``step`` steps (default: the last step)."""
    state = record.states[len(record.steps) if step is None else step]
    counts = ", ".join(f"{name} {count}" for name, count in zip(record.players, state.chips))
    print(f"Chips: {counts}; pot: {state.pot}")


def round_by_round(record: GameRecord) -> None:
    """Print the chips at the end of every round: the rounds end on the steps that share the
    pot (with the next dealer named, or the game over)."""
    ends = sorted(set(steps_with_rule(record, "round.next-dealer"))
                  | set(steps_with_rule(record, "end.most-chips")))
    for step in ends:
        print(f"After round {record.states[step].round} (step {step}): ", end="")
        chips(record, step)


#: the rules worth jumping to in a whole game, with a few words for each
HIGHLIGHTS = {"setup.cut": "the cut", "deal.take": "the dealer takes the trump",
              "score.dealer-two-tricks": "the trump-taker falls short",
              "play.alone": "a lone player", "end.most-chips": "the end"}


def worth_a_look(record: GameRecord, highlights: dict[str, str] | None = None) -> None:
    """Print the steps that apply the rules named in ``highlights`` (rule id -> words;
    default: ``HIGHLIGHTS``)."""
    found = sorted((step, words) for rule, words in (highlights or HIGHLIGHTS).items()
                   for step in steps_with_rule(record, rule))
    for step, words in found:
        print(f"  step {step}: {words}")


def summary(record: GameRecord) -> None:
    """Print a whole game's chips round by round and the steps worth a look."""
    round_by_round(record)
    print("Worth a look:")
    worth_a_look(record)


def rulings(width: int = 92) -> None:
    """Print our rulings: what the text says, what we decided and why."""
    from ...core.teach import rulings as rulings_of
    from . import GAME
    print(rulings_of(GAME, width))


# --- exercises: hand-made deals that stop and ask (see ``core.questions``) -----------------

EXERCISE_DEAL = "A deal written by hand for these exercises."


def _asked(record: GameRecord, actions, questions: dict) -> GameRecord:
    """Append ``actions``, the one at index ``i`` (counted in ``actions``) with the question
    ``questions[i]``, then the scoring's forced steps, the one named by ``questions`` key
    "penalties" or "shares" with that question."""
    for number, action in enumerate(actions):
        record.append(action, question=questions.get(number))
    action = GAME.forced_action(record.state)
    while action is not None:
        record.append(action, question=questions.get(action))
        action = GAME.forced_action(record.state)
    return record


def ben_follows() -> GameRecord:
    """Ben's two tricks: he must beat a cup with a cup (the K or the 7, never his trump), and
    with no sword to follow a sword he must trump. Coins are trumps; Cai deals."""
    record = GameRecord(GAME, ["Ana", "Ben", "Cai"], {"first_dealer": 2, "rounds": 1})
    record.append(deal_action([["6-cups", "4-swords", "2-clubs"], ["K-cups", "7-cups", "4-coins"],
                               ["A-cups", "A-swords", "J-clubs"]], "5-coins"),
                  comment=EXERCISE_DEAL)
    return _asked(record, [
        "decline", "play", "play", "play", "play:6-cups",
        "play:7-cups",  # 5: Ben, on Ana's 6 of cups
        "play:A-cups", "play:A-swords", "play:4-swords",
        "play:4-coins",  # 9: Ben, on Cai's ace of swords
        "play:K-cups", "play:J-clubs", "play:2-clubs"], {
        5: {"kind": "legal",
            "prompt": "Ana has led the 6 of cups. Ben holds the K and the 7 of cups and the 4 "
                      "of coins (coins are trumps). Mark every card he is allowed to play, "
                      "then press Check.",
            "hint": "Ben has cups, so a cup it must be. Which of his cups are higher than a 6? "
                    "Remember the order: A, 3, K, Q, J, 7, 6, 5, 4, 2."},
        9: {"kind": "choose",
            "prompt": "Cai leads the ace of swords and Ana adds a sword. Ben has no sword left: "
                      "just his K of cups and his 4 of coins. Which card does he play?",
            "hint": "With none of the suit led in your hand, look for a trump first.",
            "wrong": [{"action": "play:K-cups",
                       "comment": "Keeping the trump for later would be nice, but an empty "
                                  "suit means a trump has to come out."}]}})


def cai_deals() -> GameRecord:
    """Cai deals with the 2 of coins turned up and leaves it; on Ben's trump he must play a
    higher one; at the end Ana, with no trick, pays, and the pot is shared per trick."""
    record = GameRecord(GAME, ["Ana", "Ben", "Cai"], {"first_dealer": 2, "rounds": 2})
    record.append(deal_action([["A-cups", "3-cups", "4-swords"], ["4-coins", "7-clubs", "6-swords"],
                               ["K-coins", "5-coins", "2-clubs"]], "2-coins"),
                  comment=EXERCISE_DEAL)
    return _asked(record, [
        "decline",  # 0: Cai, before he has seen his cards
        "play", "play", "play", "play:A-cups", "play:4-coins",
        "play:5-coins",  # 6: Cai, on Ben's trump
        "play:2-clubs", "play:4-swords", "play:7-clubs", "play:6-swords", "play:K-coins",
        "play:3-cups"], {
        0: {"kind": "choose",
            "prompt": "You are Cai and you deal. The 2 of coins is turned up, so coins are "
                      "trumps. You have not looked at your own three cards yet. Take the 2, "
                      "or leave it?",
            "hint": "Taking it is a promise. How many tricks does a dealer who takes it need, "
                    "and how much help is the lowest trump of all?",
            "wrong": [{"action": "take",
                       "comment": "Taking it ties you to the round and to two tricks, with "
                                  "the weakest trump and three cards you have not seen. "
                                  "Keep that gamble for a card worth having, like an ace "
                                  "or a 3."}]},
        6: {"kind": "legal",
            "prompt": "Ana led the ace of cups and Ben, out of cups, trumped it with the 4 of "
                      "coins. Cai has no cups either. Mark every card he may play.",
            "hint": "Once a trick has been trumped, a player out of the suit led must beat "
                    "that trump if they can."},
        "shares": {"kind": "next",
                   "prompt": "The tricks are over: Cai won two and Ben one. Ana won none and "
                             "has just paid 3 chips into the pot, which now holds 6. How is "
                             "the pot shared out?",
                   "hint": "The pot is cut into three equal parts, one for each trick.",
                   "choices": [
                       {"text": "4 for Cai and 2 for Ben", "right": True,
                        "comment": "Each trick is worth a third of the 6 chips."},
                       {"text": "all 6 for Cai, who won the most tricks", "right": False,
                        "comment": "There is no prize for the most tricks: every trick earns "
                                   "its own share, so Ben's trick pays too."},
                       {"text": "2 for Cai and 1 for Ben, with Ana's 3 chips kept for "
                                "the next round", "right": False,
                        "comment": "Ana's penalty goes into the pot that is shared right now "
                                   "(our ruling), so all 6 chips are handed out."},
                       {"text": "2 each for Ana, Ben and Cai", "right": False,
                        "comment": "Only tricks earn a share, and Ana won none."}]}})


def exercises() -> list[GameRecord]:
    """The notebook's exercises: hand-made deals whose steps ask the learner (five
    questions in all: follow suit and beat, trump when out of a suit, the dealer's choice,
    overtrump, and how the pot is shared)."""
    return [ben_follows(), cai_deals()]
