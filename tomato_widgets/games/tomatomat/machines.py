"""The 36 vending machines: stars (1 to 3) and one or two tomato colours each.

ASSUMED DATA. The published game does not list its machines, so ``PLACEHOLDER`` is our own
guess: 12 machines each of 1, 2 and 3 stars; per star count every pair of colours once
(6 two-colour machines) and 6 one-colour machines, the colours as evenly spread as 18
one-colour machines allow. To use the real mix, add a table in the same text form to
``MACHINE_SETS`` (the game option ``machine_set`` picks one); nothing else changes.
"""
from __future__ import annotations

from typing import NamedTuple

from ...core.ids import whole_number
from .cards import COLOUR_LETTERS, COLOURS

#: one machine a line: id, stars, colour letters (R red, G green, B blue, Y yellow)
PLACEHOLDER = """
M01 1 R   M02 1 G   M03 1 B   M04 1 Y   M05 1 R   M06 1 G
M07 1 RG  M08 1 RB  M09 1 RY  M10 1 GB  M11 1 GY  M12 1 BY
M13 2 B   M14 2 Y   M15 2 R   M16 2 G   M17 2 B   M18 2 Y
M19 2 RG  M20 2 RB  M21 2 RY  M22 2 GB  M23 2 GY  M24 2 BY
M25 3 R   M26 3 G   M27 3 B   M28 3 Y   M29 3 G   M30 3 Y
M31 3 RG  M32 3 RB  M33 3 RY  M34 3 GB  M35 3 GY  M36 3 BY
"""


class MachineSet(NamedTuple):
    """A table of machines, indexed by machine number (0-based, the order of the table)."""

    name: str
    ids: tuple[str, ...]
    stars: tuple[int, ...]
    colours: tuple[tuple[int, ...], ...]   # colour numbers of each machine
    masks: tuple[int, ...]                  # the same as bits: 1 << colour
    colour_names: tuple[tuple[str, ...], ...]  # the same as words: ("green", "yellow")
    index: dict                             # id -> machine number

    def __len__(self) -> int:
        return len(self.ids)


def stars_text(stars: int) -> str:
    return "1 star" if stars == 1 else f"{stars} stars"


def parse_table(name: str, text: str) -> MachineSet:
    words = text.split()
    if len(words) % 3:
        raise ValueError(f"machine table {name!r}: every machine is id, stars, colours")
    ids, stars, colours = [], [], []
    for at in range(0, len(words), 3):
        machine_id, star_text, letters = words[at:at + 3]
        count = whole_number(star_text)
        if not count or not letters or any(ch not in COLOUR_LETTERS for ch in letters):
            raise ValueError(f"machine table {name!r}: bad machine {machine_id}")
        ids.append(machine_id)
        stars.append(count)
        colours.append(tuple(COLOUR_LETTERS.index(ch) for ch in letters))
    if len(set(ids)) != len(ids):
        raise ValueError(f"machine table {name!r}: an id appears twice")
    masks = tuple(sum(1 << c for c in set(cs)) for cs in colours)
    names = tuple(tuple(COLOURS[c] for c in cs) for cs in colours)
    return MachineSet(name, tuple(ids), tuple(stars), tuple(colours), masks, names,
                      {machine_id: i for i, machine_id in enumerate(ids)})


MACHINE_SETS = {"placeholder": parse_table("placeholder", PLACEHOLDER)}


def find_machine(stars: int, colours: str, machine_set: str = "placeholder") -> str:
    """The first machine id with these stars and exactly these colour letters (any order)."""
    table = MACHINE_SETS[machine_set]
    wanted = sorted(COLOUR_LETTERS.index(ch) for ch in colours)
    for i, machine_id in enumerate(table.ids):
        if table.stars[i] == stars and sorted(table.colours[i]) == wanted:
            return machine_id
    raise KeyError(f"no {stars}-star {colours} machine in {machine_set}")
