"""Look at a game's board as a learner would, without JupyterLab: a replay exported as a
standalone page, opened in Debian's chromium at the output widths a notebook gives (368, 592
and 968 px: 800, 1024 and 1400 px windows with the file browser open), measured at several
steps (``board_checks``), with screenshots to look at.

    python tests/browser/look.py karate_tomate --shots /tmp/shots
    python tests/browser/look.py tomate --widths 368 --steps 12 --players 4
    python tests/browser/look.py tanemaki --live --players 5

It prints what a learner could not read or click at each width (nothing when all is well)
and the smallest text drawn. A developer's tool; the tests use the same checks.
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from board_checks import MEASURE_BOARD, SETTLED, problems  # noqa: E402
from browser_support import launch_chromium  # noqa: E402
from tomato_widgets.core.play import play_game  # noqa: E402
from tomato_widgets.games import GAMES, make_bot  # noqa: E402
from tomato_widgets.widgets import replay  # noqa: E402
from tomato_widgets.widgets.export import page  # noqa: E402
from tomato_widgets.widgets.shell import GameWidget  # noqa: E402

#: output widths in a notebook with the file browser open, for 800, 1024 and 1400 px windows
OUTPUT_WIDTHS = (368, 592, 968)
PAGE_MARGIN = 16  # the standalone page's body margin


def sample_game(name: str, players: int, seed: int):
    game = GAMES[name]
    options = {"rounds": 2} if any(o.name == "rounds" for o in game.options) else {}
    bots = [make_bot(name, "heuristic", f"{seed}-{seat}") for seat in range(players)]
    return play_game(game, bots, seed=seed, options=options)


def replay_pages(name: str, players: int, seed: int, perspective, steps: int, folder: Path):
    """(label, page, step) for ``steps`` steps spread over a finished game's replay."""
    record = sample_game(name, players, seed)
    path = replay(record, perspective=perspective).save_html(folder / f"{name}.html")
    total = len(record.steps)
    return [(f"step {step}", path, step)
            for step in sorted({round(k * total / max(1, steps - 1)) for k in range(steps)})]


def live_pages(name: str, players: int, seed: int, steps: int, folder: Path):
    """(label, page, None) for ``steps`` moments of a live game where seat 0 decides, each
    a page holding the live widget's state as the browser has it (clickable items raised;
    the page cannot play on)."""
    game = GAMES[name]
    options = {"rounds": 2} if any(o.name == "rounds" for o in game.options) else {}
    widget = GameWidget.live(name, players, human=0, seed=seed, options=options, delay_ms=0)
    rng = random.Random(seed)
    moments = []
    while widget.legal:
        moments.append(json.loads(json.dumps(widget.get_state(), default=str)))
        widget.act(rng.choice(widget.legal)["id"])
    chosen = sorted({round(k * (len(moments) - 1) / max(1, steps - 1)) for k in range(steps)})
    pages = []
    for number in chosen:
        data = {key: value for key, value in moments[number].items() if key != "layout"}
        path = folder / f"{name}-live-{number}.html"
        path.write_text(page(data), encoding="utf-8")
        pages.append((f"live move {number}", path, None))
    widget.close()
    return pages


def look(name: str, widths, steps: int, players: int, seed: int, perspective, shots,
         live: bool) -> int:
    folder = Path(tempfile.mkdtemp())
    pages = (live_pages(name, players, seed, steps, folder) if live
             else replay_pages(name, players, seed, perspective, steps, folder))
    from playwright.sync_api import sync_playwright
    found = 0
    with sync_playwright() as driver:
        browser = launch_chromium(driver)
        page_ = browser.new_page(viewport={"width": 1400, "height": 1000})
        for width in widths:
            page_.set_viewport_size({"width": width + 2 * PAGE_MARGIN, "height": 1000})
            smallest = float("inf")
            opened = None
            for label, path, step in pages:
                if path != opened:
                    page_.goto(path.as_uri())
                    opened = path
                root = page_.locator(".tw-root")
                root.wait_for()
                if step is not None:
                    root.evaluate(f"(root) => {{ const s = root.querySelector('.tw-slider'); "
                                  f"s.value = '{step}'; s.dispatchEvent(new Event('input')); }}")
                page_.wait_for_function(SETTLED)
                measured = root.evaluate(MEASURE_BOARD)
                smallest = min([smallest, *(t["px"] for t in measured["texts"])])
                for line in problems(measured, f"{width} px, {label}"):
                    print(line)
                    found += 1
                if shots:
                    Path(shots).mkdir(parents=True, exist_ok=True)
                    shot = f"{name}-{width}-{label.replace(' ', '-')}.png"
                    root.screenshot(path=str(Path(shots) / shot))
            print(f"{name} at {width} px: smallest text {smallest:.1f} px")
        browser.close()
    return found


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=sorted(GAMES))
    parser.add_argument("--widths", default=",".join(map(str, OUTPUT_WIDTHS)))
    parser.add_argument("--steps", type=int, default=8, help="steps measured, spread over the game")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--as", dest="seat", type=int, default=None, help="a seat's view")
    parser.add_argument("--shots", default=None, help="a folder for screenshots")
    parser.add_argument("--live", action="store_true",
                        help="moments of a live game (seat 0 to act, its moves raised)")
    args = parser.parse_args(argv)
    game = GAMES[args.game]
    players = args.players or min(4, game.max_players)
    found = look(args.game, [int(w) for w in args.widths.split(",")], args.steps, players,
                 args.seed, args.seat, args.shots, args.live)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
