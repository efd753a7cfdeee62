"""The widget shell in a real browser (Debian's chromium through playwright): how fast a step
is drawn, how many bytes a game puts into the widget's state, and how fast live play answers.

    python benchmarks/browser.py [--no-lab] [--live-only] [--trace] [--floor] [--unthrottled] [--seed 1]
                                 [--live-rounds 20] [--paced 30] [--pause 300]

Prints plain figures, one per line:

* state bytes of a full 5-player, 20-round Tomate game (``len(json.dumps(...))`` of
  ``widget.get_state()``), data traits apart from the shell's code (_esm, _css);
* the median time from a "Next step" click to the new frame drawn, over a replay of at least
  500 steps (6 heuristic bots), in the standalone page and in JupyterLab; measured in the page
  with ``performance.now()`` around ``button.click()`` and a ``requestAnimationFrame`` (plus a
  task, so the frame has been painted). The clicks follow each other as fast as frames are
  drawn, so each comes just after a frame and waits about one frame interval (16.7 ms at
  60 Hz) for the next: that wait is in the figure. Also given: the click handler alone; the
  handler with the style and layout it causes (forced at once); the time to the frame drawn
  less the idle wait for the display's next frame; then ``--paced`` more steps (30) each
  ``--pause`` ms (300) after the last: one step at a time, as a learner clicks, each click
  finding the page idle (the fast run's clicks can find the last frame still being drawn);
  from 200 ms apart the board's items slide. ``--paced 520 --pause 60`` times 520 steps
  taken one at a time. A replay draws the next step ahead while the page is idle (hidden spare
  copies of the board, the explanation and what each player knows), and "Next step" swaps them
  in: each figure says how many of its steps had been drawn ahead. One step at a time, nearly
  all; back to back, few or none, as no idle time comes between the clicks, so that figure is
  the cost of drawing a step directly;
* with ``--floor``, the least a frame costs on this machine in the same page (the standalone
  page, and JupyterLab with the notebook open), measured the same way one change at a time: a
  frame with nothing changed, one with one short text changed, one with one board item's
  "changed" mark toggled (what a step's figure stands on);
* with ``--trace``, the CPU time per step by phase (click, style, layout, pre-paint, paint,
  ...) from a Chrome trace of the standalone page, 200 steps taken one at a time: thread time,
  which a busy machine inflates less than the wall-clock figures. The main thread's time is
  split into the step itself (its click and the frame that shows it) and the time between
  steps (drawing the next step ahead, the benchmark's own timers); also the other threads a
  frame needs (the renderer's compositor thread, raster, the display compositor drawing the
  frame) and how much of the widget each frame redraws on screen (the display compositor's
  damage rectangle: one rectangle around everything that changed, so two small changes far
  apart redraw all that lies between them);
* in live play in JupyterLab (the default pace), the time from a click to the first reply
  drawn (the position text shows a grown N: your move, drawn at once while the bots' moves
  follow one at a time), and to the newest step ("Step N of N", the show skipped as soon as it
  starts); and the bytes a move sends to the browser (counted on the same game played in this
  process).

With ``--unthrottled`` chromium draws a frame as soon as the last one is done instead of on a
60 Hz clock (``--disable-frame-rate-limit --disable-gpu-vsync``): the click-to-frame figures are
then the time the page takes to make the frame, with no wait for the display.

Needs /usr/bin/chromium; never downloads a browser. A benchmark, not a test: nothing is asserted
about the numbers, and the machine's load moves them.
"""
from __future__ import annotations

import argparse
import bisect
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests" / "browser"))

from browser_support import (JupyterLab, browser_missing, choose, dom_legal,  # noqa: E402
                             launch_chromium, notebook, open_notebook, run_all_cells,
                             wait_cells_done, write_notebook)
from tomato_widgets.core.play import play_game  # noqa: E402
from tomato_widgets.games import make_bot  # noqa: E402
from tomato_widgets.games.tomate import GAME  # noqa: E402
from tomato_widgets.widgets import GameWidget, play, replay  # noqa: E402

DATA_TRAITS = ("title", "intro", "players", "mode", "perspective", "perspectives", "frames", "steps",
               "knows_start", "rules", "step", "legal", "notice", "can_undo", "delay_ms",
               "takebacks", "takebacks_allowed", "sprites", "results")
CODE_TRAITS = ("_esm", "_css")
UNTHROTTLED = ("--disable-frame-rate-limit", "--disable-gpu-vsync")
SETTINGS = {"unthrottled": False}  # how this run's browser draws, for the printed figures

# the start of every measuring function below (its arguments begin with the widget's title):
# the widget titled so, its position text, a frame painted, a pause
PAGE_HELPERS = """
  const root = [...document.querySelectorAll('.tw-root')]
    .find((r) => r.querySelector('.tw-title').textContent === title);
  const position = root.querySelector('.tw-position');
  // resolves once the next frame is painted, with the time its animation-frame callbacks began
  const painted = () => new Promise((resolve) => requestAnimationFrame(() => {
    const start = performance.now();
    setTimeout(() => resolve(start), 0);
  }));
  const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
"""

# time a "Next step" click to the next painted frame, for every step of a replay; then
# ``paced`` more steps ``pause`` ms apart (one at a time; from 200 ms the board's items slide)
MEASURE_STEPS = "async ([title, count, paced = 0, gap = 300]) => {" + PAGE_HELPERS + """
  const button = (label) => root.querySelector(`[aria-label="${label}"]`);
  button('First step').click();
  await painted();
  const handler = [], drawn = [], laidOut = [], busy = [];
  const slow = { handler: [], drawn: [], laidOut: [], busy: [], ahead: 0 };
  // the step after the one shown, already drawn into the spare copies (a replay draws it
  // while the page is idle, and Next step then swaps the copies in)
  const drawnAhead = () => {
    const spare = root.querySelector('.tw-board-items.tw-spare');
    const shown = Number(position.textContent.match(/^Step (\d+)/)[1]);
    return !!spare && spare.dataset.step === String(shown + 1);
  };
  let ahead = 0;
  for (let i = 0; i < count + paced; i++) {
    const into = i < count ? { handler, drawn, laidOut, busy } : slow;
    if (i >= count) await pause(gap);
    if (drawnAhead()) { if (i < count) ahead++; else slow.ahead++; }
    const before = position.textContent;
    // asked for before the click: the frame that shows the new step (none can begin while the
    // click and the layout below run), and this callback runs first in it
    const frame = painted();
    const t0 = performance.now();
    button('Next step').click();
    const t1 = performance.now();
    void document.body.offsetHeight;  // style and layout of the new frame, done now
    const t3 = performance.now();
    const start = await frame;
    const t2 = performance.now();
    if (position.textContent === before) throw new Error(`no new step after ${before}`);
    into.handler.push(t1 - t0);
    into.laidOut.push(t3 - t0);
    into.drawn.push(t2 - t0);
    // the same without the wait for the display's next frame (from the end of the layout
    // to the frame's start): the time the page spent making the frame
    into.busy.push(t2 - t0 - (start - t3));
  }
  const jumps = [];
  for (let i = 0; i < 5; i++) {
    for (const label of ['Last step', 'First step']) {
      const t0 = performance.now();
      button(label).click();
      await painted();
      jumps.push(performance.now() - t0);
    }
  }
  return { handler, drawn, laidOut, busy, ahead, slow, jumps, text: position.textContent };
}"""

# what a frame costs this machine at the least: time from a change to the frame that shows it
# painted, measured as a step is (one change at a time, the page idle before each): nothing
# changed (a frame asked for), one short text changed, one board item's mark toggled
MEASURE_FLOOR = "async ([title, count, gap]) => {" + PAGE_HELPERS + """
  const item = root.querySelector('.tw-board-items:not(.tw-spare) > .tw-item');
  const changes = {
    nothing: () => {},
    text: (i) => { position.firstChild.data = i % 2 ? 'Step 1 of 1' : 'Step 2 of 1'; },
    item: () => { item.classList.toggle('tw-changed'); },
  };
  const out = {};
  for (const [name, change] of Object.entries(changes)) {
    out[name] = [];
    for (let i = 0; i < count; i++) {
      await pause(gap);
      const frame = painted();
      const t0 = performance.now();
      change(i);
      await frame;
      out[name].push(performance.now() - t0);
    }
  }
  return out;
}"""

# click an action in live play and time until the first new step is drawn (at the default
# pace: your move, the bots' replies following one at a time) and until the newest step is
# (skipping the show, as "skip to my turn" does, once the first step is in)
MEASURE_LIVE_CLICK = "async ([title, action]) => {" + PAGE_HELPERS + """
  const before = Number(position.textContent.match(/of (\\d+)$/)[1]);
  let first = null;
  const target = root.querySelector(`.tw-card.tw-legal[data-action="${action}"], `
    + `.tw-action[data-action="${action}"]`);
  if (!target) throw new Error(`no ${action} to click`);
  return await new Promise((resolve, reject) => {
    let t0 = 0;
    const check = () => {
      const m = position.textContent.match(/^Step (\\d+) of (\\d+)$/);
      if (!m || Number(m[2]) <= before) return;
      if (first === null) {
        first = -1;
        requestAnimationFrame(() => setTimeout(() => { first = performance.now() - t0; }, 0));
      }
      if (m[1] !== m[2]) {
        const skip = root.querySelector('.tw-skip');
        if (skip && !skip.hidden) skip.click();
        return;
      }
      observer.disconnect();
      clearTimeout(timer);
      requestAnimationFrame(() => setTimeout(() => resolve({ first: first > 0 ? first
        : performance.now() - t0, ms: performance.now() - t0, steps: Number(m[2]) - before }), 0));
    };
    const observer = new MutationObserver(check);
    observer.observe(position, { childList: true, characterData: true, subtree: true });
    const timer = setTimeout(() => { observer.disconnect(); reject(new Error('no answer')); }, 120000);
    t0 = performance.now();
    target.click();
  });
}"""


def size(value) -> int:
    return len(json.dumps(value, separators=(",", ":"), ensure_ascii=False))


def median(values) -> float:
    return statistics.median(values) if values else float("nan")


def pct(values, q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def bots(n: int, kind: str = "heuristic"):
    return [make_bot("tomate", kind, seat) for seat in range(n)]


def long_record(min_steps: int = 500, seed: int = 1):
    """A 6-player replay of at least ``min_steps`` steps (30 rounds, more if a seed ends early)."""
    for rounds in (30, 40, 60):
        for attempt in range(20):
            record = play_game(GAME, bots(6), seed=seed + attempt, options={"rounds": rounds})
            if len(record.steps) >= min_steps:
                return record
    raise SystemExit(f"no heuristic game reached {min_steps} steps")


def state_bytes(seed: int) -> None:
    record = play_game(GAME, bots(5), seed=seed, options={"rounds": 20})
    print(f"state bytes: 5-player Tomate, 20 rounds, {len(record.steps)} steps")
    for label, perspective in (("all-seeing replay", None), ("replay from seat 0", 0)):
        state = GameWidget.replay(record, perspective=perspective).get_state()
        data = sum(size(state[name]) for name in DATA_TRAITS)
        code = sum(size(state[name]) for name in CODE_TRAITS)
        other = sum(size(value) for name, value in state.items()
                    if name not in DATA_TRAITS and name not in CODE_TRAITS)
        total = size(state)
        print(f"  {label}: total {total} B = data traits {data} B + _esm/_css {code} B "
              f"+ widget bookkeeping {other} B")
        biggest = sorted(DATA_TRAITS, key=lambda name: -size(state[name]))[:3]
        print("    largest data traits: " + ", ".join(f"{name} {size(state[name])} B" for name in biggest)
              + f"; per step {data / len(record.steps):.0f} B")
    state = GameWidget.replay(record).get_state()
    print(f"    _esm {size(state['_esm'])} B, _css {size(state['_css'])} B")


PACED = {"steps": 30, "pause": 300}  # steps taken one at a time after the fast run


def figures(values) -> str:
    return f"median {median(values):.2f} ms, p90 {pct(values, 0.9):.2f} ms"


def report_steps(where: str, result: dict, steps: int) -> None:
    drawn = result["drawn"]
    clock = ("frames drawn as soon as ready, no display clock" if SETTINGS["unthrottled"] else
             "the wait for the display's next frame, 16.7 ms at 60 Hz, is in this figure")
    print(f"next step -> frame drawn, {where}, {steps} steps: {figures(drawn)}, "
          f"max {max(drawn):.2f} ms ({clock}); {result['ahead']} steps had been drawn ahead")
    print(f"  click handler alone: {figures(result['handler'])}; handler + style + layout: "
          f"{figures(result['laidOut'])}; click -> frame drawn less the idle wait for the "
          f"display's next frame: {figures(result['busy'])}")
    slow = result["slow"]
    if slow["drawn"]:
        slides = ", items slide" if PACED["pause"] >= 200 else ""
        print(f"  one step at a time ({len(slow['drawn'])} steps {PACED['pause']} ms apart{slides}): drawn "
              f"{figures(slow['drawn'])}; handler + style + layout {figures(slow['laidOut'])}; "
              f"less the idle wait {figures(slow['busy'])}; {slow['ahead']} steps had been drawn ahead")
    print(f"  jump first<->last, {where}: median {median(result['jumps']):.2f} ms")


# main-thread phases of the renderer, as Chrome's trace names them
PHASES = (("click (JS)", "EventDispatch"), ("style", "UpdateLayoutTree"), ("layout", "Layout"),
          ("pre-paint", "PrePaint"), ("paint", "Paint"), ("layerize", "Layerize"),
          ("commit", "Commit"), ("animation frame callbacks", "FireAnimationFrame"))


def step_windows(main_events: list) -> list:
    """[start, end] of each step on the main thread: from the task of a "Next step" click to
    the end of the first frame after it, its commit (events sorted by start)."""
    frames = [e for e in main_events if e["name"] == "Commit"]
    windows = []
    for click in (e for e in main_events if e["name"] == "EventDispatch"
                  and e.get("args", {}).get("data", {}).get("type") == "click"):
        task = max((e for e in main_events if e["name"] == "RunTask" and e["ts"] <= click["ts"]),
                   key=lambda e: e["ts"])
        frame = next((f for f in frames if f["ts"] > click["ts"]), None)
        if frame is not None:
            windows.append((task["ts"], frame["ts"] + frame["dur"]))
    return windows


def in_windows(ts: float, windows: list) -> bool:
    """Whether ``ts`` falls in one of ``windows`` (sorted, not overlapping)."""
    at = bisect.bisect_right(windows, (ts, float("inf"))) - 1
    return at >= 0 and windows[at][0] <= ts <= windows[at][1]


def cpu_breakdown(browser, url: str, title: str, steps: int, folder: Path) -> None:
    """CPU time per "Next step" click, steps taken one at a time (60 ms apart), by phase, from a
    Chrome trace (thread time, so a busy machine inflates it less than the wall-clock figures):
    the renderer's main thread, split into the step itself (the click and the frame that shows
    the step) and what it does while idle (mostly drawing the next step ahead); the raster
    workers (software raster, off the main thread), the renderer's compositor thread and the
    display compositor; and the share of the widget each frame draws again."""
    context, page = open_offline(browser, url)
    page.locator(".tw-position").wait_for()
    fast = MEASURE_STEPS.replace("for (let i = 0; i < 5; i++)", "for (let i = 0; i < 0; i++)")
    page.evaluate(fast, [title, 0, 30, 60])  # warm up
    box = page.evaluate("() => { const r = document.querySelector('.tw-root')"
                        ".getBoundingClientRect(); return r.width * r.height * devicePixelRatio ** 2; }")
    trace = folder / "trace.json"
    browser.start_tracing(page=page, path=str(trace),
                          categories=["devtools.timeline", "disabled-by-default-devtools.timeline",
                                      "viz"])
    page.evaluate(fast, [title, 0, steps, 60])
    browser.stop_tracing()
    context.close()
    events = json.loads(trace.read_text())
    events = events["traceEvents"] if isinstance(events, dict) else events
    names = {(event["pid"], event["tid"]): event["args"].get("name") for event in events
             if event.get("name") == "thread_name"}
    threads = {}
    for event in events:
        if event.get("name") == "UpdateLayoutTree":
            threads[event["tid"]] = threads.get(event["tid"], 0) + 1
    main = max(threads, key=threads.get)
    renderer = next(event["pid"] for event in events if event.get("tid") == main)
    timed = sorted((e for e in events if e.get("ph") == "X"), key=lambda e: e["ts"])
    windows = step_windows([e for e in timed if e["tid"] == main])
    spent: dict[str, float] = {}
    paint_until = -1  # "Paint" events nest (one per painted layer): count the outermost only
    for event in timed:
        cpu = event.get("tdur", event.get("dur", 0)) / 1000
        name = event["name"]
        if event["tid"] == main and name == "RunTask" and not in_windows(event["ts"], windows):
            spent["idle"] = spent.get("idle", 0) + cpu
        elif event["tid"] == main and name in {trace_name for _, trace_name in PHASES} | {"RunTask"}:
            if not in_windows(event["ts"], windows):
                continue
            if name == "Paint":
                if event["ts"] < paint_until:
                    continue
                paint_until = event["ts"] + event["dur"]
            spent[name] = spent.get(name, 0) + cpu
        elif name == "RasterTask":
            spent["raster"] = spent.get("raster", 0) + cpu
        elif name == "RunTask" and event["pid"] == renderer \
                and names.get((event["pid"], event["tid"])) == "Compositor":
            spent["compositor"] = spent.get("compositor", 0) + cpu
        elif name == "Display::DrawAndSwap":
            spent["display"] = spent.get("display", 0) + cpu
    per = {name: value / steps for name, value in spent.items()}
    parts = ", ".join(f"{label} {per.get(name, 0):.2f}" for label, name in PHASES)
    print(f"  CPU per step from a trace ({steps} steps one at a time, ms; tracing adds some): main "
          f"thread in the step (its click and the frame showing it) {per.get('RunTask', 0):.2f} = "
          f"{parts}, and more; main thread between steps (drawing the next one ahead, the "
          f"benchmark's timers) {per.get('idle', 0):.2f}; raster (other threads) "
          f"{per.get('raster', 0):.2f}; renderer's compositor thread {per.get('compositor', 0):.2f}; "
          f"display compositor drawing the frames {per.get('display', 0):.2f}")
    # "x,y WxH" in device pixels: the part of the screen a frame draws again
    damaged = []
    for event in events:
        rect = event.get("args", {}).get("root_damage_rect")
        if event.get("name") == "DirectRenderer::DrawFrame ProcessForOverlays" and rect:
            width, height = rect.split(" ")[1].split("x")
            damaged.append(int(width) * int(height))
    if damaged and box:
        print(f"  redrawn on screen per frame (display compositor's damage rectangle): median "
              f"{median(damaged) / box:.0%} of the widget's area, p90 {pct(damaged, 0.9) / box:.0%} "
              f"({len(damaged)} frames)")


def open_offline(browser, url: str):
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    context.route("**/*", lambda route: route.continue_() if route.request.url == url else route.abort())
    page = context.new_page()
    page.goto(url)
    return context, page


def standalone(browser, record, folder: Path, trace: bool = False, floor: bool = False) -> None:
    widget = replay(record, title="Benchmark replay")
    path = widget.save_html(folder / "benchmark.html")
    url = path.as_uri()
    started = time.perf_counter()
    context, page = open_offline(browser, url)
    page.locator(".tw-position").wait_for()
    opened = time.perf_counter() - started
    result = page.evaluate(MEASURE_STEPS, ["Benchmark replay", len(record.steps) - PACED["steps"],
                                           PACED["steps"], PACED["pause"]])
    context.close()
    print(f"standalone page: {path.stat().st_size} B, opened and drawn in {opened * 1000:.0f} ms")
    report_steps("standalone page", result, len(record.steps) - PACED["steps"])
    if floor:
        frame_floor(browser, url)
    if trace:
        cpu_breakdown(browser, url, "Benchmark replay", 200, folder)


def frame_floor(browser, url: str, count: int = 120) -> None:
    """The least a frame costs on this machine, in the same page, for scale: a step cannot be
    drawn faster than a frame that shows one changed text or one board item's mark toggled."""
    context, page = open_offline(browser, url)
    page.locator(".tw-position").wait_for()
    report_floor(page, "same page", count)
    context.close()


def report_floor(page, where: str, count: int = 120) -> None:
    result = page.evaluate(MEASURE_FLOOR, ["Benchmark replay", count, PACED["pause"]])
    print(f"  frame floor, {where}, one change at a time ({count} each, {PACED['pause']} ms apart): "
          f"nothing changed {figures(result['nothing'])}; one short text changed "
          f"{figures(result['text'])}; one board item's mark (tw-changed) toggled {figures(result['item'])}")


class Counted:
    """Counts the bytes of the messages a widget sends (its comm's send), one list per move."""

    def __init__(self, widget):
        self.moves: list[int] = []
        self.sent = 0
        widget.comm.send = self.send

    def send(self, data=None, metadata=None, buffers=None):
        self.sent += size(data)

    def move(self) -> None:
        self.moves.append(self.sent)
        self.sent = 0


def jupyterlab(browser, record, seed: int, live_rounds: int, folder: Path,
               replays: bool = True, floor: bool = False) -> None:
    home, root = folder / "lab-home", folder / "lab-root"
    home.mkdir()
    root.mkdir()
    if record is not None:  # 500 steps fast, then paced
        record.save(root / "long.json")
    write_notebook(root / "replay.ipynb", notebook([
        "from tomato_widgets.widgets import replay",
        "r = replay('long.json', title='Benchmark replay')\nr",
    ]))
    write_notebook(root / "live.ipynb", notebook([
        "from tomato_widgets.widgets import play",
        f"live = play('tomate', 5, human=0, seed={seed}, options={{'rounds': {live_rounds}}}, "
        "title='Benchmark live')\nlive",
    ]))
    lab = JupyterLab(home, root).start()

    def run_notebook(name: str, workspace: str):
        """A fresh browser context with ``name`` opened and all its cells run."""
        context = browser.new_context(viewport={"width": 1400, "height": 1000})
        context.set_default_timeout(120_000)
        page = context.new_page()
        open_notebook(page, lab, name, workspace, cells=2)
        run_all_cells(page)
        wait_cells_done(page, 2)
        return context, page

    try:
        if replays and record is not None:
            context, page = run_notebook("replay.ipynb", "bench-replay")
            page.locator(".tw-root .tw-position").wait_for()
            result = page.evaluate(MEASURE_STEPS, ["Benchmark replay",
                                                   len(record.steps) - PACED["steps"], PACED["steps"],
                                                   PACED["pause"]])
            report_steps("JupyterLab", result, len(record.steps) - PACED["steps"])
            if floor:
                report_floor(page, "JupyterLab")
            context.close()

        context, page = run_notebook("live.ipynb", "bench-live")
        widget = page.locator(".tw-root")
        widget.locator(".tw-position").wait_for()
        mirror = play("tomate", 5, human=0, seed=seed, options={"rounds": live_rounds})
        counted = Counted(mirror)
        times, firsts, answered = [], [], []
        while True:
            legal = dom_legal(widget)
            if not legal:
                break
            action = choose(legal)
            result = page.evaluate(MEASURE_LIVE_CLICK, ["Benchmark live", action])
            mirror.act(action)
            counted.move()
            times.append(result["ms"])
            firsts.append(result["first"])
            answered.append(result["steps"])
            if len(mirror.steps) != int(widget.locator(".tw-position").inner_text().split()[-1]):
                raise SystemExit("the page and the mirrored game disagree")
        context.close()
        half = len(times) // 2
        print(f"live play (JupyterLab, 5 players, {live_rounds} rounds, the default pace): "
              f"{len(times)} clicks, {len(mirror.steps)} steps; click -> the first reply drawn "
              f"(your move): median {median(firsts):.0f} ms, p90 {pct(firsts, 0.9):.0f} ms, "
              f"max {max(firsts):.0f} ms; click -> the newest step drawn, the show skipped at once: "
              f"median {median(times):.0f} ms, p90 {pct(times, 0.9):.0f} ms, max {max(times):.0f} ms")
        print(f"  first half of the game median {median(times[:half]):.0f} ms, second half "
              f"{median(times[half:]):.0f} ms; steps drawn per click: median {median(answered):.0f}")
        whole = size(mirror.frames) + size(mirror.steps)
        moves = counted.moves
        print(f"  bytes a move sends to the browser: median {median(moves):.0f} B, max {max(moves)} B, "
              f"last {moves[-1]} B (frames+steps whole at the end of the game: {whole} B)")
    finally:
        lab.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-lab", action="store_true", help="skip the JupyterLab measurements")
    parser.add_argument("--live-only", action="store_true",
                        help="only the live play measurements (JupyterLab)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--live-rounds", type=int, default=20)
    parser.add_argument("--trace", action="store_true",
                        help="also the CPU time per step by phase, from a Chrome trace "
                             "(standalone page)")
    parser.add_argument("--floor", action="store_true",
                        help="also the least a frame costs here: one text or one board item "
                             "changed (standalone page, --pause ms apart)")
    parser.add_argument("--paced", type=int, default=PACED["steps"],
                        help="steps taken one at a time after the fast run")
    parser.add_argument("--pause", type=int, default=PACED["pause"],
                        help="ms between the steps taken one at a time")
    parser.add_argument("--unthrottled", action="store_true",
                        help="draw frames as soon as they are ready, not on a 60 Hz clock")
    args = parser.parse_args()

    if not args.live_only:
        state_bytes(args.seed)
    reason = browser_missing()
    if reason:
        raise SystemExit(f"no browser measurements: {reason}")
    record = None if args.live_only else long_record(min_steps=500 + args.paced, seed=args.seed)
    from playwright.sync_api import sync_playwright
    with tempfile.TemporaryDirectory(prefix="tw-bench-") as temp, sync_playwright() as driver:
        folder = Path(temp)
        SETTINGS["unthrottled"] = args.unthrottled
        PACED.update(steps=args.paced, pause=args.pause)
        browser = launch_chromium(driver, UNTHROTTLED if args.unthrottled else ())
        try:
            if not args.live_only:
                standalone(browser, record, folder, trace=args.trace, floor=args.floor)
            if not args.no_lab:
                jupyterlab(browser, record, args.seed, args.live_rounds, folder,
                           replays=not args.live_only, floor=args.floor)
        finally:
            browser.close()


if __name__ == "__main__":
    main()
