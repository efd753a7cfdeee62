"""Events: what one action caused, as small data. Sentences are made only on demand."""
from __future__ import annotations

from functools import partial
from typing import Any, NamedTuple


class Event(NamedTuple):
    """``rule`` is an id in the game's rule catalogue; ``facts`` are JSON-ready values.

    ``secret`` names the facts only ``players`` may know (a face-down discard, a hidden
    allocation); everyone else gets the event without them.
    """

    rule: str
    players: tuple[int, ...] = ()
    facts: dict[str, Any] = {}
    secret: tuple[str, ...] = ()

    def seen_by(self, perspective: int | None) -> "Event":
        """The event as ``perspective`` may know it (None sees everything)."""
        if not self.secret or perspective is None or perspective in self.players:
            return self
        facts = {k: v for k, v in self.facts.items() if k not in self.secret}
        return Event(self.rule, self.players, facts, self.secret)

    @property
    def is_redacted(self) -> bool:
        return any(key not in self.facts for key in self.secret)

    def to_json(self) -> dict:
        data = {"rule": self.rule, "players": list(self.players), "facts": dict(self.facts)}
        if self.secret:
            data["secret"] = list(self.secret)
        return data


#: ``new_event((rule, players, facts, secret))``: the same Event, built without a Python
#: call frame, for the engines' hottest paths
new_event = partial(tuple.__new__, Event)
NO_FACTS: dict = {}
