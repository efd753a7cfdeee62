"""Shared helpers for the Tomate rule tests: hand-written deals played step by step.

A ``Table`` wraps a ``GameRecord``. Every step it takes is checked for things that must
hold after any action: every event names a rule of the catalogue, every event can be told
as a sentence to every seat (with secrets removed), every seat can observe the state, and
no chip is created or lost (chips + pot + penalties waiting = starting chips + what the
bank has put in, counted from the deals in the record).

(The module is called ``tomate_helpers`` rather than ``helpers`` so that it cannot clash
with another game's helper module: these test folders have no ``__init__.py``.)
"""
from __future__ import annotations

from tomato_widgets.core.game import CHANCE
from tomato_widgets.core.records import GameRecord

from rule_checks import assert_refused, only, rules  # noqa: F401 - shared by this game's tests
from tomato_widgets.games.tomate import GAME, cut_action, deal_action


class Table:
    """A Tomate game driven by hand, one action at a time."""

    def __init__(self, players: int, tell: bool = True, **options):
        self.tell = tell  # check that every event can be told as a sentence
        self.record = GameRecord(GAME, players, options)
        self.options = GAME.resolve_options(options)
        self.n = players

    # ---- reading ---------------------------------------------------------------------
    @property
    def state(self):
        return self.record.state

    @property
    def chips(self) -> list[int]:
        return list(self.state.chips)

    @property
    def to_act(self) -> tuple:
        return tuple(GAME.to_act(self.state))

    def legal(self) -> set[str]:
        return set(GAME.legal_actions(self.state))

    def view(self, perspective):
        return GAME.observe(self.state, perspective)

    def hand(self, seat, perspective=None) -> set:
        """The cards of ``seat`` as ``perspective`` sees them (None = everything)."""
        return set(self.view(perspective)["hands"][seat])

    # ---- acting ----------------------------------------------------------------------
    def step(self, action: str, player: int | None = None):
        events = self.record.append(action, player)
        self._check(events)
        return events

    def cut(self, cards):
        return self.step(cut_action(cards))

    def deal(self, hands, trump):
        assert self.to_act == (CHANCE,)
        return self.step(deal_action(hands, trump))

    def decide(self, seat: int, action: str):
        """A non-card decision (take, decline, discard:CARD, play, pass) by ``seat``,
        checking that it is ``seat``'s turn."""
        assert self.to_act == (seat,), f"expected seat {seat} to act, not {self.to_act}"
        return self.step(action)

    def declare(self, *pairs):
        """``(seat, "play" | "pass")`` in the order the seats are asked; returns the events
        of the last declaration."""
        events = None
        for seat, decision in pairs:
            events = self.decide(seat, decision)
        return events

    def play(self, seat: int, card: str):
        """``seat`` plays ``card`` to the trick; it must be ``seat``'s turn."""
        assert self.to_act == (seat,), f"expected seat {seat} to play, not {self.to_act}"
        return self.step("play:" + card)

    def score(self) -> dict[str, list]:
        """Take the forced steps due now (the scoring), one step each, in order: returns
        {action: events of that step} (a dict keeps the order the steps came in)."""
        taken = {}
        action = GAME.forced_action(self.state)
        while action is not None:
            assert self.to_act == (CHANCE,) and action not in taken
            assert GAME.chance_probability(self.state, action) == 1.0
            taken[action] = self.step(action, CHANCE)
            action = GAME.forced_action(self.state)
        return taken

    def refuse(self, action: str, player: int | None = None, rule: str | None = None):
        """The action is refused with ``IllegalActionError`` (naming ``rule``) and changes
        nothing; returns the error."""
        who = player if player is not None else (self.to_act[0] if len(self.to_act) == 1 else None)
        error = assert_refused(self.record, action, player, rule, who)
        assert who is None or action not in GAME.legal_actions(self.state, who)
        return error

    # ---- checks after every step -----------------------------------------------------
    def _check(self, events):
        state = self.state
        for event in events:
            assert event.rule in GAME.rulebook, f"event names unknown rule {event.rule!r}"
            for perspective in (None, *range(self.n)) if self.tell else ():
                assert GAME.explain(event.seen_by(perspective), self.record.players)
        for perspective in (None, *range(self.n)):
            GAME.observe(state, perspective)
        GAME.check_invariants(state)   # the engine's own laws: chips and the 40 cards
        deals = sum(1 for step in self.record.steps if step.action.startswith("deal:"))
        from_bank = self.options["ante"] * deals if self.options["ante_from"] == "bank" else 0
        total = sum(state.chips) + state.pot + state.carry
        assert total == self.options["starting_chips"] * self.n + from_bank, "chips not conserved"
        assert min(state.chips) >= 0


def dealt(hands, trump, dealer=None, **options) -> Table:
    """A table of ``len(hands)`` players, ``dealer`` dealing (default: the last seat, so
    seat 0 speaks and leads first), with the hand-written deal already made."""
    n = len(hands)
    dealer = n - 1 if dealer is None else dealer
    table = Table(n, first_dealer=dealer, **options)
    table.deal(hands, trump)
    return table


def seats_from_left(table: Table):
    """Seats in declaring order: from the dealer's left round to the dealer."""
    dealer = table.state.dealer
    return [(dealer + k) % table.n for k in range(1, table.n + 1)]


def at_first_trick(hands, trump, dealer=None, **options) -> Table:
    """Deal, the dealer leaves the trump, and everybody plays: the first trick is next."""
    table = dealt(hands, trump, dealer, **options)
    table.decide(table.state.dealer, "decline")
    table.declare(*[(seat, "play") for seat in seats_from_left(table)])
    return table
