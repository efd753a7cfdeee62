"""Records of 50 MB, hostile and valid: how long loading takes to refuse or accept each, and
how much memory it needs.

    python benchmarks/hostile_records.py [--keep DIR]

The records (the hostile ones just under the 50 MB a record file may have):

* 25 million tiny steps (``0,``), 16 million empty steps (``{},``) and 12 million one-letter
  texts as steps: each refused (too many values);
* a small finished game with an unknown top-level field that holds 25 million numbers: refused;
* the same game with an unknown field of 1.5 million distinct field names, the text within the
  value limit that costs parsing the most: refused (the unknown field), after parsing;
* the longest game's first 4,900 steps with a 10,000-character comment each (the most a
  comment may have), written full of commas and brackets: loads;
* the longest game there is (Tomate, 13 seats, 1,000 rounds: 56,001 steps), as ``save``
  writes it, and with a comment on every step up to 50 MB: both load.

Each load runs in a fresh process (``load_record(path)``) that prints the seconds it took,
its outcome, and its peak memory (``VmHWM``, Linux: unlike ``ru_maxrss`` it does not count
this process's own peak) next to the peak of a process that only imports the package. A
benchmark, not a test: nothing is asserted about the numbers.
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

from tomato_widgets.core.records import MAX_BYTES, MAX_VALUES
from tomato_widgets.games.tomate import scenarios

from long_games import longest_record  # this folder is on the path

LOAD = """
import json, sys, time
from pathlib import Path
from tomato_widgets.core.records import load_record
if sys.argv[1] != '-':
    t0 = time.perf_counter()
    try:
        outcome = f"loaded, {len(load_record(sys.argv[1]).steps):,} steps"
    except ValueError as error:
        outcome = f"refused: {error}"
    seconds = time.perf_counter() - t0
else:
    outcome, seconds = 'imported only', 0.0
status = Path('/proc/self/status').read_text().split('VmHWM:')[1]
print(json.dumps({"seconds": seconds, "outcome": outcome, "peak": int(status.split()[0]) * 1024}))
"""

#: comment text full of what a quick count would take for JSON values
PROSE = "Ben leads, Ana follows [trump], Cai {passes}, and the pot, 3 chips, waits; "


def small_game() -> dict:
    record = scenarios.penalty_and_thirds()
    record.complete_forced()
    return json.loads(record.dumps(indent=None))


def with_filler(data: dict, key: str, item: str) -> str:
    """``data`` as JSON text whose ``key`` is a list of ``item`` repeated up to the size limit."""
    data = dict(data, **{key: ["@"]})
    head, tail = json.dumps(data).split('"@"')
    count = (MAX_BYTES - len(head) - len(tail) - 1000) // (len(item) + 1)
    return head + ",".join([item] * count) + tail


def most_fields(data: dict) -> str:
    """``data`` and an unknown field of as many distinct field names as the value limit lets
    through: the text that costs parsing the most (each field a name, a value and two table
    entries), refused only after it is parsed."""
    head = json.dumps(data)[:-1]
    count = MAX_VALUES - head.count(",") - head.count("[") - head.count("{") - 1
    return head + ', "notes": {' + ",".join(f'"k{i}": 0.5' for i in range(count)) + "}}"


def commented(steps: list, length: int) -> None:
    """A comment of ``length`` characters, two tags and one reader on every step."""
    text = (PROSE * (length // len(PROSE) + 1))[:length]
    for index, step in enumerate(steps):
        step["comment"] = text
        step["tags"] = ["long", "annotated"]
        step["visible_to"] = [index % 3]


def longest_commented(longest: dict, folder: Path) -> Path:
    """The longest game with a comment on every step, as long as the 50 MB allow."""
    data = dict(longest, steps=[dict(step) for step in longest["steps"]])
    room = MAX_BYTES - len(json.dumps(data)) - 80 * len(data["steps"]) - 100_000
    commented(data["steps"], room // len(data["steps"]))
    path = folder / "longest-commented.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def big_comments(longest: dict, folder: Path) -> Path:
    """The longest game's first 4,900 steps, each with the longest comment there may be."""
    data = dict(longest, steps=[dict(step) for step in longest["steps"][:4900]])
    data.pop("result", None)
    commented(data["steps"], 10_000)
    path = folder / "big-comments.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def build(folder: Path) -> dict[str, Path]:
    game = small_game()
    texts = {"25 million tiny steps": with_filler(game, "steps", "0"),
             "16 million empty steps": with_filler(game, "steps", "{}"),
             "12 million texts as steps": with_filler(game, "steps", '"a"'),
             "an unknown top-level field of 25 million numbers": with_filler(game, "notes", "0"),
             "an unknown field of 1.5 million distinct names (the value limit's costliest)":
                 most_fields(game)}
    paths = {}
    for index, (name, text) in enumerate(texts.items()):
        paths[name] = folder / f"hostile-{index}.json"
        paths[name].write_text(text, encoding="utf-8")
    played = folder / "longest.json"
    if not played.exists():  # a kept folder keeps the longest game, which takes a while to play
        longest_record(13, 1000, played)
    longest = json.loads(played.read_text("utf-8"))
    paths["4,900 comments of 10,000 characters"] = big_comments(longest, folder)
    paths["the longest game there is, as saved"] = played
    paths["the longest game, every step commented"] = longest_commented(longest, folder)
    return paths


def measure(path: Path | str) -> dict:
    out = subprocess.run([sys.executable, "-c", LOAD, str(path)], capture_output=True, text=True,
                         check=True)
    return json.loads(out.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keep", type=Path, help="build the records in this folder and keep them "
                        "(the longest game played there before is used again)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        folder = args.keep or Path(scratch)
        folder.mkdir(parents=True, exist_ok=True)
        paths = build(folder)
        print(f"importing the package alone: peak {measure('-')['peak'] / 2**20:.0f} MB")
        for name, path in paths.items():
            result = measure(path)
            outcome = result["outcome"]
            print(f"{name} ({path.stat().st_size / 1e6:.1f} MB): {result['seconds']:.2f} s, "
                  f"peak {result['peak'] / 2**20:.0f} MB; "
                  f"{outcome if len(outcome) < 150 else outcome[:150] + '...'}")


if __name__ == "__main__":
    main()
