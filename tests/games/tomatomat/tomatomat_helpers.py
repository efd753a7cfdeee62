"""Shared helpers for the Tomatomat rule tests: hand-written deals played step by step.

A ``Table`` wraps a ``GameRecord``. After every step it checks what must hold after any
action: every event names a rule of the catalogue and can be told as a sentence to every
seat (secrets withheld from the others), every seat can observe the state, and the
engine's conservation laws hold (48 cards, 36 machines, 12 cards per pile).

Decks are written as strings of card ids in draw order ("YP BT B2 Y2 | G2 ..."); a deck
given with fewer than 12 cards is filled up with the coins nobody else was given (the
thieves and police officers left over go last), so a test writes only the cards it is
about. (The module is called ``tomatomat_helpers`` so that it cannot clash with another
game's helper module: these test folders have no ``__init__.py``.)
"""
from __future__ import annotations

from collections import Counter


from tomato_widgets.core.game import CHANCE
from tomato_widgets.core.records import GameRecord

from rule_checks import assert_refused, only, rules  # noqa: F401 - shared by this game's tests
from tomato_widgets.games.tomatomat import GAME, deal_action, machines_action, shuffle_action
from tomato_widgets.games.tomatomat.cards import CARD_IDS, FULL_DECK
from tomato_widgets.games.tomatomat.machines import find_machine

NAMES = ["Ana", "Ben", "Cai", "Dee"]
#: machine I red (1 star), II green and yellow (2 stars), III blue (2 stars), IV yellow (3 stars)
MACHINES = [find_machine(1, "R"), find_machine(2, "GY"), find_machine(2, "B"), find_machine(3, "Y")]


def words(text: str) -> list[str]:
    return text.replace("|", " ").split()


def fill_decks(decks: list[str], players: int, dummies: list[str] | None = None):
    """Players' decks padded to 12 (coins first) and the dummy decks from what is left."""
    given = [words(deck) for deck in decks]
    extra = [words(deck) for deck in dummies] if dummies else []
    rest = Counter(CARD_IDS[c] for c in FULL_DECK)
    rest.subtract(Counter(card for deck in given + extra for card in deck))
    assert min(rest.values()) >= 0, f"more cards written than the game has: {-rest}"
    pool = sorted(rest.elements(), key=lambda card: (card[1] in "TP", CARD_IDS.index(card)))
    for deck in given:
        while len(deck) < 12:
            deck.append(pool.pop(0))
    if not dummies:
        extra = [pool[i * 12:(i + 1) * 12] for i in range(4 - players)]
    return given + extra


class Table:
    """A Tomatomat game driven by hand, one action at a time."""

    def __init__(self, players: int = 3, **options):
        self.record = GameRecord(GAME, NAMES[:players], options)
        self.n = players

    # ---- reading ---------------------------------------------------------------------
    @property
    def state(self):
        return self.record.state

    def view(self, perspective=None) -> dict:
        return GAME.observe(self.state, perspective)

    def legal(self, seat: int) -> set[str]:
        return set(GAME.legal_actions(self.state, seat))

    def hand(self, seat: int) -> list[str]:
        return [CARD_IDS[c] for c in self.state.hands[seat]]

    def discard(self, seat: int) -> list[str]:
        """The seat's discard pile as everybody sees it (sorted)."""
        return self.view()["seats"][seat]["discard"]

    # ---- acting ----------------------------------------------------------------------
    def step(self, action: str, player: int | None = None):
        events = self.record.append(action, player)
        self._check(events)
        return events

    def machines(self, ids=MACHINES):
        return self.step(machines_action(ids), CHANCE)

    def deal(self, *decks: str, dummies: list[str] | None = None):
        assert len(decks) == self.n, "write one deck per player (an empty string: any cards)"
        return self.step(deal_action(fill_decks(list(decks), self.n, dummies)), CHANCE)

    def shuffle(self, *decks: str):
        """New deck orders: each string lists the first cards to draw; the rest of the pile
        received follows in card order."""
        orders = []
        for seat, text in enumerate(decks):
            first = words(text)
            rest = Counter(CARD_IDS[c] for c in self.state.decks[seat])
            rest.subtract(Counter(first))
            orders.append(first + sorted(rest.elements(), key=CARD_IDS.index))
        return self.step(shuffle_action(orders), CHANCE)

    def batch(self, *moves: str, rest: str = "IV"):
        """One batch: ``moves[seat]`` lists placements "CARD:POS"; every card left in a
        hand then goes to ``rest``. Returns the events of the batch's last placement."""
        events = None
        for seat in range(self.n):
            text = moves[seat] if seat < len(moves) else ""
            left = len(self.state.hands[seat]) - len(text.split())
            for move in text.split():
                events = self.step("place:" + move, seat)
            for _ in range(left):  # (the batch's last card draws the next hands)
                events = self.step(f"place:{CARD_IDS[self.state.hands[seat][0]]}:{rest}", seat)
        return events

    def batches(self, count: int = 3, rest: str = "IV"):
        """The remaining batches with every card at ``rest``."""
        events = None
        for _ in range(count):
            events = self.batch(rest=rest)
        return events

    def settle(self, until: str | None = None) -> list:
        """Take forced steps until ``until`` is taken (or players act, or the game ends);
        returns all their events."""
        events = []
        while self.state.actor == (CHANCE,) and self.state.step not in (None, "machines", "deal",
                                                                          "shuffle"):
            step = self.state.step
            events += self.step(step, CHANCE)
            if step == until:
                break
        return events

    def refuse(self, action, player=None, rule: str | None = None):
        """The action is refused with ``IllegalActionError`` naming ``rule`` and changes
        nothing; returns the error."""
        error = assert_refused(self.record, action, player, rule)
        return error

    # ---- checks after every step -----------------------------------------------------
    def _check(self, events):
        for event in events:
            assert event.rule in GAME.rulebook, f"event names unknown rule {event.rule!r}"
            for perspective in (None, *range(self.n)):
                seen = event.seen_by(perspective)
                text = GAME.explain(seen, self.record.players)
                assert text and "{" not in text
        for perspective in (None, *range(self.n)):
            GAME.observe(self.state, perspective)
        GAME.check_invariants(self.state)


def dealt(*decks: str, machines=MACHINES, dummies=None, **options) -> Table:
    """A table of ``len(decks)`` players with the machines out and the deal made."""
    table = Table(len(decks), **options)
    table.machines(machines)
    table.deal(*decks, dummies=dummies)
    return table


def fates(table: Table) -> list[list]:
    """The cards at the machine being settled as [seat, card, fate]."""
    return table.view()["resolution"]["cards"]


def mid_batch() -> Table:
    """Batch 1 under way: Ana (seat 0) has placed two cards (R2 at I, G1 at II); Ben three
    (G2 and RP at III, BT at IV) and Cai one (B2 at I); nobody has seen where yet."""
    table = dealt("R2 G1 YT BP", "G2 BT Y1 RP", "B2 GT R1 YP")
    table.step("place:R2:I", 0)
    table.step("place:G1:II", 0)
    for move in ("G2:III", "BT:IV", "RP:III"):
        table.step("place:" + move, 1)
    table.step("place:B2:I", 2)
    return table
