"""Bots: they see only what their seat may see (an observation) and the legal actions."""
from __future__ import annotations

import random
from typing import Sequence


class Bot:
    """Chooses one of ``legal`` for its seat. Subclasses set ``needs_observation``."""

    name = "bot"
    needs_observation = True
    #: True when ``choose`` depends on nothing but the observation and the legal moves (no
    #: chance, no memory of earlier calls): shown the same again, it makes the same move, so
    #: a search may reuse a move instead of asking again
    deterministic = False

    def decide(self, game, state, seat: int, legal: Sequence[str]) -> str:
        """The move for ``seat``. Most bots are shown only the seat's observation; a search
        bot overrides this and reads the state only through ``resample_hidden``."""
        observation = game.observe(state, seat) if self.needs_observation else None
        return self.choose(game, observation, legal)

    def __init__(self, seed: int | str = 0):
        self.rng = random.Random(seed)

    def choose(self, game, observation: dict | None, legal: Sequence[str]) -> str:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class RandomBot(Bot):
    """Picks uniformly among the legal actions (seeded, so games repeat)."""

    name = "random"
    needs_observation = False

    def choose(self, game, observation, legal):
        return legal[int(self.rng.random() * len(legal))]
