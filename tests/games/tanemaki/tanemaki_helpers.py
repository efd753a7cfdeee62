"""Shared helpers for the Tanemaki rule tests: hand-written games played step by step.

A ``Game`` wraps the package's ``scenarios.Script`` (draws and decisions written as ids) and
checks after every step what must hold after any action: every event names a rule of the
catalogue and can be told as a sentence to every seat (secrets withheld from the others),
every seat can observe the state, and the engine's conservation laws hold. (The module is
called ``tanemaki_helpers`` so that it cannot clash with another game's helper module: these
test folders have no ``__init__.py``.)
"""
from __future__ import annotations

from rule_checks import assert_refused, only, rules  # noqa: F401 - shared by this game's tests
from tomato_widgets.games.tanemaki import GAME
from tomato_widgets.games.tanemaki.scenarios import Script

NAMES = ["Ana", "Ben", "Cai", "Dee", "Eve"]


class Game(Script):
    """A Tanemaki game driven by hand; ``events`` are the last step's events."""

    def __init__(self, players: int = 3, first: int = 0, **options):
        super().__init__(NAMES[:players], first, **options)
        self.check()

    def check(self) -> None:
        record = self.record
        GAME.check_invariants(record.state)
        for event in record.events[-1]:
            assert event.rule in GAME.rulebook
            for seat in (None, *range(len(record.players))):
                text = GAME.explain(event.seen_by(seat), record.players)
                assert text and "{" not in text
        for seat in (None, *range(len(record.players))):
            GAME.observe(record.state, seat)

    def draw(self, cards: str, comment=None) -> "Game":
        super().draw(cards, comment)
        self.check()
        return self

    def act(self, *actions: str, comment=None, secret=False) -> "Game":
        for action in actions:
            super().act(action)
            self.check()
        return self

    def settle(self, comments=None) -> "Game":
        super().settle(comments)
        self.check()
        return self

    # ---- reading -------------------------------------------------------------------------
    @property
    def events(self):
        return self.record.events[-1]

    def view(self, seat=None) -> dict:
        return GAME.observe(self.state, seat)

    def legal(self, seat=None) -> list[str]:
        seat = self.state.actor[0] if seat is None else seat
        return list(GAME.legal_actions(self.state, seat))

    def field(self, seat: int, number: int) -> list[str]:
        return self.view()["seats"][seat]["fields"][number - 1]["cards"]

    def coins(self, seat: int) -> list[str]:
        return self.view()["seats"][seat]["coin_cards"]

    def refused(self, action: str, rule: str, seat=None):
        """The action is refused by ``rule``; returns the error (its ``reason`` the sentence)."""
        seat = self.state.actor[0] if seat is None else seat
        return assert_refused(self.record, action, seat, rule)


def telling(game: Game, seat=None) -> list[str]:
    """The last step's events told to ``seat``."""
    return [GAME.explain(event.seen_by(seat), game.record.players) for event in game.events]
