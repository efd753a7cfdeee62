"""A tutorial's running score: every exercise of the replays made with ``progress=``."""
from __future__ import annotations

import ipywidgets


class Progress(ipywidgets.Label):
    """One line a tutorial shows where it likes ("Exercises: 3 of 12 done, 2 right at the
    first try"), kept up to date as the learner answers in any of its replays. A label: the
    text is ours and is shown as text."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._widgets: list = []
        self._tell()

    def note(self, widget) -> None:
        """A replay was made with this score, or one of its exercises was answered."""
        if all(widget is not known for known in self._widgets):
            self._widgets.append(widget)
        self._tell()

    def forget(self, widget) -> None:
        """A replay was closed (a cell run again makes a new one): it counts no more."""
        self._widgets = [known for known in self._widgets if known is not widget]
        self._tell()

    def counts(self) -> tuple[int, int, int]:
        """(exercises, done, right at the first try) over the replays noted."""
        counts = [widget.exercise_counts() for widget in self._widgets]
        return tuple(sum(column) for column in zip(*counts)) if counts else (0, 0, 0)

    def _tell(self) -> None:
        total, done, first = self.counts()
        self.value = f"Exercises: {done} of {total} done, {first} right at the first try."
