"""Exporting the longest standalone pages the limits allow: time, peak memory and bytes.

    python benchmarks/page_export.py [--repeat 1]

Two records, each exported with ``tomato-widgets export`` (all-seeing) in a fresh process:

* Tomate, 13 seats, 357 rounds, every seat staying in every round (as in
  ``long_games.py``): 19,993 steps, just under the most a page holds (``PAGE_STEPS``);
* Karate Tomate, 10 seats, 200 rounds, every seat dropping out with its Tomato and
  discarding two cards: 12,564 steps, whose pages carry the most per step.

Prints, for each: the time of the command (wall clock, and the processor time it used, which
other work on the machine does not stretch), the peak memory of its process (``ru_maxrss``
of the finished child), the peak memory of a process that only loads the record (what the
page adds is the difference), and the page's size.

A benchmark, not a test: nothing is asserted about the numbers.
"""
from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from long_games import StaysIn  # noqa: E402

from tomato_widgets.core.bots import Bot  # noqa: E402
from tomato_widgets.core.play import play_game  # noqa: E402
from tomato_widgets.core.records import load_record  # noqa: E402
from tomato_widgets.games import get_game  # noqa: E402


class DropsOut(Bot):
    """Karate Tomate: drops out at once, discards two cards, never calls the end: every
    round is as long as a round gets, and the game lasts every round the options allow."""

    def choose(self, game, observation, legal):
        for wanted in ("play-on", "tomato", "discard-two", "discard:"):
            for action in legal:
                if action.startswith(wanted):
                    return action
        return legal[0]


def tomate_record(path: Path) -> Path:
    game = get_game("tomate")
    record = play_game(game, [StaysIn(seat) for seat in range(13)], seed=1,
                       options={"rounds": 357, "starting_chips": 100_000})
    record.save(path)
    return path


def karate_record(path: Path) -> Path:
    game = get_game("karate_tomate")
    record = play_game(game, [DropsOut(seat) for seat in range(10)], seed=1,
                       options={"rounds": 200})
    record.save(path)
    return path


LOAD_ONLY = "import sys; from tomato_widgets import load_record; load_record(sys.argv[1])"


def peak_of(command: list[str]) -> tuple[float, float, int]:
    """(seconds, processor seconds, peak memory in bytes) of ``command`` in a fresh process.

    ``RUSAGE_CHILDREN`` keeps the largest peak of the children waited for, so each
    measurement runs in a child of its own that measures one grandchild."""
    probe = ("import resource, subprocess, sys, time\n"
             "t0 = time.perf_counter()\n"
             "subprocess.run(sys.argv[1:], check=True, stdout=subprocess.DEVNULL)\n"
             "t1 = time.perf_counter()\n"
             "use = resource.getrusage(resource.RUSAGE_CHILDREN)\n"
             "print(t1 - t0, use.ru_utime + use.ru_stime, use.ru_maxrss * 1024)\n")
    out = subprocess.run([sys.executable, "-c", probe, *command], capture_output=True,
                         text=True, check=True)
    seconds, processor, peak = out.stdout.split()
    return float(seconds), float(processor), int(peak)


def measure(record: Path, folder: Path, repeat: int) -> None:
    page = folder / f"{record.stem}.html"
    export = [sys.executable, "-m", "tomato_widgets.cli", "export", str(record), "-o", str(page)]
    runs = [peak_of(export) for _ in range(repeat)]
    seconds = min(run[0] for run in runs)
    processor = min(run[1] for run in runs)
    peak = max(run[2] for run in runs)
    _, _, loaded = peak_of([sys.executable, "-c", LOAD_ONLY, str(record)])
    print(f"  export: {seconds:.1f} s ({processor:.1f} s of processor time), peak memory "
          f"{peak / 1e6:.0f} MB (loading the record alone: {loaded / 1e6:.0f} MB); "
          f"page {page.stat().st_size / 1e6:.1f} MB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=1, help="exports of each record")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as temp:
        folder = Path(temp)
        for name, make in (("Tomate, 13 players, 357 rounds", tomate_record),
                           ("Karate Tomate, 10 players, 200 rounds", karate_record)):
            record = make(folder / f"{make.__name__}.json")
            steps = len(load_record(record).steps)
            print(f"record: {name}: {steps:,} steps, {record.stat().st_size / 1e6:.1f} MB")
            measure(record, folder, args.repeat)


if __name__ == "__main__":
    main()
