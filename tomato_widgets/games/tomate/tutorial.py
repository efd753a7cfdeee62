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
