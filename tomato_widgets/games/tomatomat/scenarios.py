"""Hand-written Tomatomat games, each short and made to show one rule (used by the tutorial).

Every scenario is a ``GameRecord`` with the machines, the deal and every placement written
by hand, and comments on the steps that matter. Decks are written as the cards in draw
order, four per batch; the cards left over make the spare decks. Placements are written
``"CARD:POSITION"``, a batch's four for one player in one string.
"""
from __future__ import annotations

from collections import Counter

from ...core.game import CHANCE
from ...core.records import GameRecord
from .cards import CARD_IDS, FULL_DECK, PILE
from .machines import find_machine
from .rules import GAME, deal_action, machines_action, shuffle_action


def _words(text: str) -> list[str]:
    return text.replace("|", " ").split()


def _dummies(decks: list[list[str]], players: int) -> list[list[str]]:
    """The cards not in the players' decks, in card order, cut into decks of 12."""
    rest = Counter(CARD_IDS[c] for c in FULL_DECK)
    rest.subtract(Counter(card for deck in decks for card in deck))
    left = sorted(rest.elements(), key=CARD_IDS.index)
    return [left[i * PILE:(i + 1) * PILE] for i in range(4 - players)]


def _table(names, decks, machines, dummies=None, **options) -> GameRecord:
    """A record with the first machines out and the deal made: ``decks`` one string per
    player, ``machines`` four ids for I to IV."""
    options.setdefault("rounds", 1)
    record = GameRecord(GAME, list(names), options)
    record.append(machines_action(machines), comment="Four machines, chosen by hand.")
    decks = [_words(deck) for deck in decks]
    if dummies is None:
        dummies = _dummies(decks, len(names))
    else:
        dummies = [_words(deck) for deck in dummies]
    record.append(deal_action(decks + dummies), comment="A deal written by hand to show one rule.")
    return record


def _batch(record: GameRecord, *moves: str, comments: dict | None = None) -> GameRecord:
    """One batch: ``moves[seat]`` is that player's four placements, e.g. "R2:I G1:II Y1:II B1:IV".
    ``comments`` maps (seat, move) to a comment; a comment on a placement gives the card
    away, so only that seat's view (and the all-seeing one) may read it."""
    comments = comments or {}
    for seat, text in enumerate(moves):
        for move in text.split():
            comment = comments.get((seat, move))
            record.append("place:" + move, seat, comment=comment,
                          visible_to=[seat] if comment else None)
    return record


def _settle(record: GameRecord, comments: dict | None = None, until: str | None = None) -> GameRecord:
    """Take the forced steps (and only those) until players act, the game ends, or the step
    ``until`` has been taken; ``comments`` maps step ids to comments."""
    comments = comments or {}
    forced = record.game.forced_action(record.state)
    while forced is not None:
        record.append(forced, CHANCE, comment=comments.get(forced))
        if forced == until:
            break
        forced = record.game.forced_action(record.state)
    return record


def _new_round(record: GameRecord, machines, decks, comment: str | None = None) -> GameRecord:
    """Pass the piles, draw the next machines and write each player's new deck order
    (``decks``: one string per player, the cards they received in a chosen order)."""
    _settle(record)
    record.append(machines_action(machines), comment=comment)
    record.append(shuffle_action([_words(deck) for deck in decks]),
                  comment="The received piles, in an order written by hand.")
    return record


# ---- (a) the rulebook's worked example -------------------------------------------------
def scoring_example(**options) -> GameRecord:
    """The rulebook's scoring example at machine II (2 stars, yellow and green): Andrea's
    yellow officer catches Robert's yellow thief, Robert's green officer finds nothing,
    Andrea's blue thief takes Robert's blue 1 and her own blue 2; the totals are Andrea 8,
    Robert 2, Ingrid 4, and Andrea wins the machine. ``options``: game options (e.g. the
    teaching aid ``remember_own=True``)."""
    machines = [find_machine(1, "R"), find_machine(2, "GY"), find_machine(2, "R"), find_machine(3, "B")]
    record = _table(["Andrea", "Robert", "Ingrid"], [
        "YP BT B2 Y2 | G2 R1 R1 G1 | G1 B1 Y1 R1",
        "YT GP B1 R2 | R1 G1 G1 B1 | B1 Y1 Y1 R1",
        "Y2 R1 G1 B1 | R2 G1 G1 B1 | B1 Y1 Y1 G2"], machines, **options)
    _batch(record, "YP:II BT:II B2:II Y2:II", "YT:II GP:II B1:II R2:II", "Y2:II R1:I G1:III B1:IV",
           comments={(0, "YP:II"): "Andrea puts her yellow police officer at machine II.",
                     (1, "YT:II"): "Robert puts his yellow thief at machine II, not knowing "
                                   "what Andrea put there."})
    _batch(record, "G2:II R1:I R1:I G1:III", "R1:III G1:III G1:IV B1:IV", "R2:I G1:III G1:IV B1:IV")
    _batch(record, "G1:IV B1:IV Y1:I R1:III", "B1:I Y1:I Y1:IV R1:III", "B1:I Y1:III Y1:IV G2:III")
    return _settle(record, {
        "reveal:II": "The example's cards turn up at machine II.",
        "police:II": "Police first: the yellow officer catches the yellow thief; the green "
                     "officer has nobody to catch and is discarded anyway.",
        "thieves:II": "The blue thief takes every blue coin here, its own player's included.",
        "score:II": "Yellow and green count double: Andrea 2x2 + 2x2 = 8, Robert 2, Ingrid "
                    "2x2 = 4. Andrea wins the machine."})


# ---- (b) a tie, a stack, and the whole stack won -----------------------------------------
def tie_then_stack() -> GameRecord:
    """Round 1: Ana and Ben both score 2 at machine I, so nobody wins it. Round 2: a new
    machine goes on top (its colours count now, the stars add up) and Ana takes both."""
    machines = [find_machine(1, "B"), find_machine(1, "R"), find_machine(1, "G"), find_machine(2, "Y")]
    record = _table(["Ana", "Ben"], [
        "R2 R1 R1 R1 | Y1 Y1 R1 R1 | B1 B1 R1 B2",
        "G2 G1 G1 G1 | Y1 G1 G1 G1 | B1 B1 G1 Y2"], machines,
        dummies=["RT RT RP GT GT GP B1 B1 B1 B2 BT BT", "R1 R2 G2 BP Y1 Y1 Y1 Y1 Y2 YT YT YP"],
        rounds=2)
    _batch(record, "R2:I R1:II R1:II R1:II", "G2:I G1:III G1:III G1:III",
           comments={(0, "R2:I"): "Ana puts her red 2-coin at machine I.",
                     (1, "G2:I"): "Ben puts his green 2-coin at machine I."})
    _batch(record, "Y1:IV Y1:IV R1:II R1:II", "Y1:IV G1:III G1:III G1:III")
    _batch(record, "B1:II B1:II R1:II B2:II", "B1:III B1:III G1:III Y2:III")
    _settle(record, {"score:I": "2 against 2: a tie, so the blue machine stays at position I."})
    _new_round(record, [find_machine(3, "RG"), find_machine(1, "Y"), find_machine(2, "G"),
                        find_machine(3, "Y")],
               ["R2 R1 G2 Y1 | Y1 Y1 Y1 Y2 | BP YT YT YP", "RT RT RP GT | GT GP B1 B1 | B1 B2 BT BT"],
               comment="The new machine at I goes on the left-over one: 1 + 3 = 4 stars, and "
                       "now red and green count there.")
    _batch(record, "R2:I R1:I G2:I Y1:II", "RT:II RT:III RP:IV GT:IV")
    _batch(record, "Y1:II Y1:III Y1:III Y2:IV", "GT:II GP:III B1:III B1:IV")
    _batch(record, "BP:II YT:III YT:IV YP:IV", "B1:II B2:III BT:IV BT:IV")
    return _settle(record, {"score:I": "Ana's red and green coins count double on the top "
                                       "machine: she takes the whole stack, two machines."})


# ---- (c) a machine with two colours ------------------------------------------------------
def double_colour() -> GameRecord:
    """Machine I has red and blue tomatoes: red and blue coins both count double there,
    each only once (never four times). Ana's red 2 and blue 2 make 8 and win."""
    machines = [find_machine(3, "RB"), find_machine(1, "G"), find_machine(2, "Y"), find_machine(1, "B")]
    record = _table(["Ana", "Ben", "Cai"], [
        "R2 B2 R1 G1 | G1 G1 Y1 Y1 | R1 R1 B1 Y1",
        "G2 Y2 R1 G1 | G1 G1 Y1 Y1 | R1 R1 B1 B1",
        "B1 B1 G1 Y1 | R2 G2 Y2 B2 | Y1 R1 B1 B1"], machines)
    _batch(record, "R2:I B2:I R1:II G1:III", "G2:I Y2:I R1:I G1:II", "B1:I B1:I G1:III Y1:IV")
    _batch(record, "G1:II G1:III Y1:III Y1:IV", "G1:III G1:II Y1:III Y1:IV", "R2:II G2:II Y2:III B2:IV")
    _batch(record, "R1:II R1:IV B1:IV Y1:III", "R1:II R1:IV B1:IV B1:II", "Y1:III R1:II B1:IV B1:IV")
    return _settle(record, {
        "score:I": "Red and blue both count double here: Ana 2x2 + 2x2 = 8, Ben 2 + 2 + 1x2 = 6, "
                   "Cai 1x2 + 1x2 = 4."})


# ---- (d) the end of the game and the tie-break -------------------------------------------
def final_tie_break() -> GameRecord:
    """A one-round game: Ana wins a 3-star machine, Ben a 1-star and a 2-star one. Level on
    stars, Ben wins with more machines. Machine IV ends in a tie and goes to nobody."""
    machines = [find_machine(3, "R"), find_machine(1, "G"), find_machine(2, "B"), find_machine(2, "Y")]
    record = _table(["Ana", "Ben"], [
        "R2 R1 R1 Y1 | R1 R1 R1 R1 | R2 R1 B1 G1",
        "G2 G1 G1 Y1 | B2 B1 B1 G1 | G1 B1 B2 G2"], machines)
    _batch(record, "R2:I R1:I R1:I Y1:IV", "G2:II G1:II G1:II Y1:IV")
    _batch(record, "R1:I R1:I R1:I R1:I", "B2:III B1:III B1:III G1:II")
    _batch(record, "R2:I R1:I B1:I G1:I", "G1:II B1:III B2:III G2:II")
    return _settle(record, {
        "score:IV": "2 against 2 at machine IV: a tie in the last round, so nobody ever gets it.",
        "pass": "3 stars each: the tie-break counts machines, and Ben has two to Ana's one."})


SCENARIOS = {"scoring_example": scoring_example, "tie_then_stack": tie_then_stack,
             "double_colour": double_colour, "final_tie_break": final_tie_break}
