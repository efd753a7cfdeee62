"""The longest games the options allow, opened as replays: time, memory and bytes sent.

    python benchmarks/long_games.py [--players 13] [--rounds 1000] [--no-browser]

The record: Tomate with 13 seats and 1,000 rounds (the most the options allow), every seat
staying in every round (so every round plays its three tricks: the longest game there is),
starting chips high enough that nobody runs out. Prints, one per line:

* the record: steps, file size, and the time ``load_record`` takes to check and replay it;
* opening it as a replay (all-seeing, at step 0 and at the middle): the time to the widget,
  the bytes of its state (what the browser is sent first), and the peak memory of a fresh
  process that loads and opens it (``ru_maxrss``);
* in Python, a jump far away (the window sent around it) and a step to the next chunk;
* with a browser (Debian's chromium, JupyterLab): a "Next step" click to the frame drawn,
  inside the window the browser holds, and a jump far away (End, Home, the slider to a far
  step) from the key press to the frame that shows that step, its texts and its scene.

A benchmark, not a test: nothing is asserted about the numbers.
"""
from __future__ import annotations

import argparse
import json
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests" / "browser"))

from tomato_widgets.core.bots import Bot  # noqa: E402
from tomato_widgets.core.play import play_game  # noqa: E402
from tomato_widgets.core.records import load_record  # noqa: E402
from tomato_widgets.games import get_game  # noqa: E402
from tomato_widgets.widgets import replay  # noqa: E402


class StaysIn(Bot):
    """Always plays (stays in) and leaves the trump, then plays its first legal card: every
    round has all its tricks, the longest rounds there are."""

    def choose(self, game, observation, legal):
        for wanted in ("play", "decline"):
            if wanted in legal:
                return wanted
        return legal[0]


def longest_record(players: int, rounds: int, path: Path) -> Path:
    game = get_game("tomate")
    record = play_game(game, [StaysIn(seat) for seat in range(players)], seed=1,
                       options={"rounds": rounds, "starting_chips": 100_000})
    record.save(path)
    return path


# a fresh process: load the record, open a replay, report time, state bytes and peak memory
OPEN = """
import json, resource, sys, time
from tomato_widgets import load_record
from tomato_widgets.widgets import replay
t0 = time.perf_counter()
record = load_record(sys.argv[1])
t1 = time.perf_counter()
widget = replay(record, step=int(sys.argv[2]) if sys.argv[2] != 'middle' else len(record.steps) // 2)
t2 = time.perf_counter()
state = len(json.dumps(widget.get_state()))
print(json.dumps({"load": t1 - t0, "open": t2 - t1, "state": state,
                  "rss": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024}))
"""


def measure_open(path: Path, step: str) -> dict:
    out = subprocess.run([sys.executable, "-c", OPEN, str(path), step], capture_output=True,
                         text=True, check=True)
    return json.loads(out.stdout)


def python_jumps(path: Path) -> None:
    record = load_record(path)
    widget = replay(record, step=0)
    sent = []
    widget.comm.send = lambda data=None, metadata=None, buffers=None: sent.append(len(json.dumps(data)))
    total = len(record.steps)
    far, near = [], []
    for target in (total // 2, total // 4, total, 3 * total // 4, 1, total // 3):
        t0 = time.perf_counter()
        widget.step = target
        far.append((time.perf_counter() - t0) * 1000)
        t0 = time.perf_counter()
        widget.step = target + 110 if target + 110 <= total else target - 110
        near.append((time.perf_counter() - t0) * 1000)
    print(f"  in Python: a jump far away (its chunk sent first, then the window) median "
          f"{statistics.median(far):.0f} ms, max {max(far):.0f} ms; a step into the next chunk "
          f"median {statistics.median(near):.0f} ms; {sum(sent) / len(sent) / 1024:.0f} KB a message")


# in the page: time an input until the step it asks for is drawn (position, scene, texts)
MEASURE_JUMPS = """async ([title, targets]) => {
  const root = [...document.querySelectorAll('.tw-root')]
    .find((r) => r.querySelector('.tw-title').textContent === title);
  const position = root.querySelector('.tw-position');
  const total = Number(position.textContent.match(/of (\\d+)/)[1]);
  const shows = (step) => {
    const board = root.querySelector('.tw-board-items:not(.tw-spare)');
    const explain = root.querySelector('.tw-explain-step:not(.tw-spare)');
    return position.textContent === `Step ${step} of ${total}` && board.dataset.step === String(step)
      && explain.dataset.step === String(step);
  };
  const waitFor = (step) => new Promise((resolve, reject) => {
    const t0 = performance.now();
    const check = () => {
      if (shows(step)) { requestAnimationFrame(() => setTimeout(() => resolve(), 0)); return; }
      if (performance.now() - t0 > 20000) { reject(new Error(`step ${step} never came`)); return; }
      setTimeout(check, 1);
    };
    check();
  });
  const slider = root.querySelector('.tw-slider');
  const next = root.querySelector('[aria-label="Next step"]');
  const far = [], near = [];
  for (const target of targets) {
    let t0 = performance.now();
    slider.value = String(target);
    slider.dispatchEvent(new Event('input'));
    await waitFor(target);
    far.push(performance.now() - t0);
    await new Promise((resolve) => setTimeout(resolve, 400));  // the window's neighbours
    for (let i = 1; i <= 20; i++) {
      t0 = performance.now();
      next.click();
      await waitFor(target + i);
      near.push(performance.now() - t0);
    }
  }
  return { far, near };
}"""


def browser_jumps(path: Path, folder: Path) -> None:
    from browser_support import (JupyterLab, browser_missing, launch_chromium, notebook,
                                 open_notebook, run_all_cells, wait_cells_done, write_notebook)
    from playwright.sync_api import sync_playwright
    missing = browser_missing()
    if missing:
        print(f"  (no browser figures: {missing})")
        return
    home, root = folder / "home", folder / "root"
    home.mkdir()
    root.mkdir()
    (root / "long.json").write_bytes(path.read_bytes())
    write_notebook(root / "long.ipynb", notebook([
        "from tomato_widgets.widgets import replay",
        "replay('long.json', title='Long replay')",
    ]))
    total = len(load_record(path).steps)
    lab = JupyterLab(home, root).start()
    try:
        with sync_playwright() as driver:
            browser = launch_chromium(driver)
            context = browser.new_context(viewport={"width": 1400, "height": 1000})
            context.set_default_timeout(120_000)
            page = context.new_page()
            open_notebook(page, lab, "long.ipynb", "long", cells=2)
            run_all_cells(page)
            wait_cells_done(page, 2)
            page.locator(".tw-root .tw-position").wait_for()
            targets = [total // 2, total // 5, total - 30, 4 * total // 5, 40, total // 3]
            result = page.evaluate(MEASURE_JUMPS, ["Long replay", targets])
            browser.close()
    finally:
        lab.stop()
    far, near = result["far"], result["near"]
    print(f"  in JupyterLab: a jump far away (the slider) to the step drawn: median "
          f"{statistics.median(far):.0f} ms, max {max(far):.0f} ms; Next step to the frame drawn, "
          f"within the window: median {statistics.median(near):.1f} ms, max {max(near):.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=13)
    parser.add_argument("--rounds", type=int, default=1000)
    parser.add_argument("--no-browser", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as temp:
        folder = Path(temp)
        path = longest_record(args.players, args.rounds, folder / "longest.json")
        record = load_record(path)
        print(f"record: Tomate, {args.players} players, {args.rounds} rounds, every seat staying "
              f"in: {len(record.steps):,} steps, {path.stat().st_size / 1e6:.1f} MB")
        for step in ("0", "middle"):
            figures = measure_open(path, step)
            print(f"  load {figures['load']:.2f} s; open as a replay at step {step}: "
                  f"{figures['open']:.2f} s, state {figures['state'] / 1e6:.2f} MB; peak memory of "
                  f"the process {figures['rss'] / 1e6:.0f} MB")
        python_jumps(path)
        if not args.no_browser:
            browser_jumps(path, folder)
    print(f"  (this process's peak memory: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB)")


if __name__ == "__main__":
    main()
