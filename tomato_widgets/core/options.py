"""Game options: declared as data so the CLI, records and widgets can list and check them."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from .errors import InvalidInputError


@dataclass(frozen=True)
class Option:
    """One setting of a game. ``kind`` is "int", "bool" or "choice"."""

    name: str
    default: Any
    help: str
    kind: str = "int"
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple = field(default=())
    ruling: str | None = None  # rule id of the ruling this option switches, if any

    def check(self, value: Any) -> Any:
        """The value if it is acceptable, else an ``InvalidInputError`` saying why."""
        where = f"option {self.name!r}"
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise InvalidInputError(f"must be true or false, not {value!r}", where=where)
            return value
        if self.kind == "choice":
            if value not in self.choices:
                listed = ", ".join(repr(c) for c in self.choices)
                raise InvalidInputError(f"must be one of {listed}, not {value!r}", where=where)
            return value
        if isinstance(value, bool) or not isinstance(value, int):
            raise InvalidInputError(f"must be a whole number, not {value!r}", where=where)
        if self.minimum is not None and value < self.minimum:
            raise InvalidInputError(f"must be at least {self.minimum}, not {value}", where=where)
        if self.maximum is not None and value > self.maximum:
            raise InvalidInputError(f"must be at most {self.maximum}, not {value}", where=where)
        return value

    def describe(self) -> str:
        if self.kind == "choice":
            allowed = "|".join(str(c) for c in self.choices)
        elif self.kind == "bool":
            allowed = "true|false"
        else:
            low = "" if self.minimum is None else str(self.minimum)
            high = "" if self.maximum is None else str(self.maximum)
            allowed = f"{low}..{high}"
        return f"{self.name}={self.default!r} ({allowed}): {self.help}"


def resolve_options(declared: tuple[Option, ...], given: Mapping[str, Any] | None) -> dict:
    """Defaults filled in, every given value checked, unknown names refused."""
    given = dict(given or {})
    if not isinstance(given, dict):
        raise InvalidInputError("options must be a mapping of names to values")
    known = {option.name: option for option in declared}
    unknown = sorted(set(given) - set(known))
    if unknown:
        names = ", ".join(sorted(known)) or "none"
        raise InvalidInputError(f"unknown option {unknown[0]!r} (this game has: {names})")
    return {name: option.check(given[name]) if name in given else option.default
            for name, option in known.items()}
