"""Diced Tomatoes in JupyterLab: the tutorial runs without page errors and its widgets draw
dice as dice; a live game is played by clicking (a die, then a token or a power; buttons for
the rest) against the bots, checked move by move against the same game played in the test
process (same seed): the moves offered, a wrong spot answered with the rule and changing
nothing, and nothing drawn ahead of the game; a game alone works the same with one seat."""
from __future__ import annotations

import json
import re
import time
from pathlib import Path

import pytest
from playwright.sync_api import expect

from browser_support import (LAB_TIMEOUT_MS, WAIT_MS, game_widgets_shown, new_page, notebook,
                             open_notebook, run_all_cells, save_notebook, wait_cells_done,
                             widget_titled, write_notebook)
from tomato_widgets.widgets import play

pytestmark = pytest.mark.browser

TUTORIAL = Path(__file__).resolve().parents[2] / "notebooks" / "05_diced_tomatoes.ipynb"
LIVE_TITLE = "Diced Tomatoes live (test)"
LIVE_SEED = 5
LIVE_PLAYERS = 2
SOLO_TITLE = "Diced Tomatoes alone (test)"
SOLO_SEED = 14


# ---- opening notebooks ------------------------------------------------------------------------
def open_and_run(browser, lab, name: str, data: dict, widgets: int):
    """Write ``data`` as ``name`` in the lab's root, open it, run every cell and wait for
    ``widgets`` widgets; (context, page, errors, dialogs)."""
    write_notebook(lab.root / name, data)
    errors, dialogs = [], []
    context, page = new_page(browser, errors, dialogs)
    cells = len(data["cells"])
    code = sum(1 for cell in data["cells"] if cell["cell_type"] == "code")
    open_notebook(page, lab, name, workspace=name.replace(".ipynb", ""), cells=cells)
    run_all_cells(page)
    wait_cells_done(page, code)
    page.locator(".tw-root").nth(widgets - 1).wait_for(timeout=LAB_TIMEOUT_MS)
    return context, page, errors, dialogs


def tutorial_unrun() -> dict:
    """The committed tutorial without its outputs, as a learner opens it."""
    data = json.loads(TUTORIAL.read_text(encoding="utf-8"))
    for cell in data["cells"]:
        if cell["cell_type"] == "code":
            cell["outputs"], cell["execution_count"] = [], None
    return data


def widget_outputs(data: dict) -> int:
    committed = json.loads(TUTORIAL.read_text(encoding="utf-8"))
    return game_widgets_shown(committed["cells"])


@pytest.fixture(scope="module")
def tutorial_page(browser, lab):
    data = tutorial_unrun()
    context, page, errors, dialogs = open_and_run(browser, lab, "05_diced_tomatoes.ipynb", data,
                                                  widget_outputs(data))
    yield page, errors, dialogs
    context.close()


def live_notebook(players: int, seed: int, title: str) -> dict:
    return notebook([
        "from tomato_widgets.widgets import play",
        f"live = play('diced_tomatoes', {players}, human=0, seed={seed}, title={title!r}, "
        "delay_ms=0)\nlive",
    ])


@pytest.fixture
def live_page(browser, lab):
    context, page, errors, dialogs = open_and_run(
        browser, lab, "diced-live.ipynb", live_notebook(LIVE_PLAYERS, LIVE_SEED, LIVE_TITLE), 1)
    yield page, errors, dialogs
    context.close()


@pytest.fixture
def solo_page(browser, lab):
    context, page, errors, dialogs = open_and_run(
        browser, lab, "diced-solo.ipynb", live_notebook(1, SOLO_SEED, SOLO_TITLE), 1)
    yield page, errors, dialogs
    context.close()


# ---- the widget in the page ----------------------------------------------------------------------
def offered(widget) -> dict:
    """What the widget offers now: the dice to pick, the buttons, as sorted lists."""
    picks = widget.locator(".tw-board [data-pick].tw-legal").evaluate_all(
        "(ns) => ns.map((n) => n.dataset.pick)")
    buttons = widget.locator(".tw-actions .tw-action:not([disabled])").evaluate_all(
        "(ns) => ns.map((n) => n.dataset.action)")
    return {"picks": sorted(set(picks)), "buttons": sorted(buttons)}


def expected(mirror) -> dict:
    board = [a["id"] for a in mirror.legal if a["on_board"]]
    return {"picks": sorted({a.rpartition(":")[0] for a in board}),
            "buttons": sorted(a["id"] for a in mirror.legal if not a["on_board"])}


def wait_offered(widget, mirror) -> None:
    deadline = time.monotonic() + WAIT_MS / 1000
    while offered(widget) != expected(mirror):
        if time.monotonic() > deadline:
            assert offered(widget) == expected(mirror)
        time.sleep(0.05)


def at_the_end(widget, mirror) -> None:
    total = len(mirror.steps)
    expect(widget.locator(".tw-position")).to_have_text(f"Step {total} of {total}", timeout=WAIT_MS)


def pick(widget, die: str) -> None:
    widget.locator(f'.tw-board [data-pick="{die}"]').first.click()
    expect(widget.locator(".tw-board .tw-picked")).to_have_count(1)


def drop(widget, where: str) -> None:
    """Click the token (on its title strip, clear of the dice on it) or the power token."""
    zone = widget.locator(f'.tw-board .tw-zone[data-drop="{where}"]')
    if zone.count():
        box = zone.first.bounding_box()
        zone.first.click(position={"x": box["width"] - 8, "y": 6})
    else:
        widget.locator(f'.tw-board [data-drop="{where}"]').first.click()


def choose(mirror, used: set) -> str:
    """The test's player: each kind of move at least once when offered (a die power, a vine
    power, a placement), otherwise the first placement, otherwise what is left."""
    legal = [a["id"] for a in mirror.legal]
    for kind in ("up", "down", "reroll", "clean", "flip", "set"):
        if kind not in used:
            found = [a for a in legal if a.endswith(":" + kind) or a.startswith(kind + ":")
                     or (kind == "set" and re.search(r":set\d$", a))]
            if found:
                used.add(kind)
                return found[0]
    placements = [a for a in legal if re.fullmatch(r"d\d+:\d[ABC]", a)]
    if placements:
        return placements[0]
    for first in ("end", "keep"):
        found = [a for a in legal if a == first or a.startswith(first + ":")]
        if found:
            return found[0]
    return legal[0]


def wrong_spot(mirror):
    """A die and a token it does not fit, when there is one now."""
    state = mirror.record.state
    game = mirror.game
    for action in (a["id"] for a in mirror.legal if a["on_board"]):
        die = action.split(":")[0]
        for seat in range(state.n):
            for letter in "ABC":
                candidate = f"{die}:{seat}{letter}"
                if game.reason_illegal(state, candidate, 0) is not None:
                    return die, f"{seat}{letter}", candidate
    return None


def play_by_clicking(page, widget, mirror, decisions: int) -> dict:
    """Play up to ``decisions`` of the human's moves by clicking, each checked against the
    mirror; returns counts of what was done."""
    notice = widget.locator(".tw-notice")
    counts = {"placed": 0, "die powers": 0, "buttons": 0, "wrong": 0, "bot steps": 0}
    used: set = set()
    for _ in range(decisions):
        at_the_end(widget, mirror)
        wait_offered(widget, mirror)
        # live play draws nothing ahead: the next step is not in the page before it is played
        expect(widget.locator(".tw-spare")).to_have_count(0)
        if not mirror.legal:
            break
        if not counts["wrong"]:
            wrong = wrong_spot(mirror)
            if wrong:
                die, where, action = wrong
                before = widget.locator(".tw-position").inner_text()
                assert mirror.act(action) is False
                pick(widget, die)
                drop(widget, where)
                expect(notice).to_have_text(mirror.notice, timeout=WAIT_MS)
                assert mirror.notice.startswith("Not allowed \u2014 ")
                expect(widget.locator(".tw-position")).to_have_text(before)
                counts["wrong"] += 1
        action = choose(mirror, used)
        on_board = {a["id"] for a in mirror.legal if a["on_board"]}
        total = len(mirror.steps)
        if action in on_board:
            die, _, where = action.partition(":")
            pick(widget, die)
            legal_drops = sorted(a.partition(":")[2] for a in on_board if a.startswith(die + ":"))
            shown = widget.locator(".tw-board .tw-drop").evaluate_all(
                "(ns) => ns.map((n) => n.dataset.drop)")
            assert sorted(set(shown)) == legal_drops
            drop(widget, where)
            counts["placed" if where[0].isdigit() else "die powers"] += 1
        else:
            widget.locator(f'.tw-actions .tw-action[data-action="{action}"]').click()
            counts["buttons"] += 1
        assert mirror.act(action), action
        counts["bot steps"] += len(mirror.steps) - total - 1
        expect(notice).to_have_text("", timeout=WAIT_MS)
    return counts


# ---- the tests -----------------------------------------------------------------------------------
def test_the_tutorial_runs_in_jupyterlab_and_draws_dice(tutorial_page):
    page, errors, dialogs = tutorial_page
    widgets = page.locator(".tw-root")
    assert widgets.count() == widget_outputs(tutorial_unrun())
    first = widget_titled(page, "Three vines completed for karma")
    expect(first).to_have_count(1)
    first.scroll_into_view_if_needed()
    board = first.locator(".tw-board-items:not(.tw-spare)")
    # dice are cards with a value, a picture from the sprite file and a word
    die = board.locator('.tw-card:has(svg use[href*="die-"])').first
    expect(die.locator(".tw-rank")).to_have_text(re.compile(r"^[1-6]$"))
    expect(die.locator("svg use")).to_have_count(1)
    expect(board.locator(".tw-zone", has_text="Bushel")).to_have_count(1)
    expect(board.locator(".tw-label", has_text=re.compile(r"^\d+ black$"))).to_have_count(1)
    # a black die is drawn from its own picture and says so in words
    solo = widget_titled(page, "Six tomatoes, six matches")
    solo.scroll_into_view_if_needed()
    pictures = solo.locator(".tw-board-items:not(.tw-spare) .tw-card svg use").evaluate_all(
        "(ns) => ns.map((n) => n.getAttribute('href'))")
    assert any("die-red-" in href for href in pictures)
    expect(solo.locator(".tw-results")).to_contain_text("Ana matched 6 of 6 slots")
    # the live games at the end of the tutorial are there, one of them for a single player
    expect(widget_titled(page, re.compile(r"^Diced Tomatoes: you \(Ana\)$"))).to_have_count(1)
    assert errors == [] and dialogs == []


def test_a_live_game_by_clicking_dice_and_tokens(live_page, lab):
    page, errors, dialogs = live_page
    widget = widget_titled(page, LIVE_TITLE)
    expect(widget).to_have_count(1)
    widget.scroll_into_view_if_needed()
    mirror = play("diced_tomatoes", LIVE_PLAYERS, human=0, seed=LIVE_SEED, delay_ms=0)
    # the banner says what to decide in the game's words
    expect(widget.locator(".tw-banner-text")).to_contain_text(re.compile(
        r"^Your turn: Place 3 dice: click a die, then "))
    counts = play_by_clicking(page, widget, mirror, decisions=300)
    assert mirror.game.is_over(mirror.record.state), counts
    at_the_end(widget, mirror)
    expect(widget.locator(".tw-results")).to_contain_text("Final results")
    assert counts["placed"] >= 10 and counts["die powers"] >= 1 and counts["buttons"] >= 1
    assert counts["wrong"] == 1 and counts["bot steps"] >= 20
    expect(widget.locator(".tw-board [data-pick], .tw-board [data-drop]")).to_have_count(0)
    saved = save_notebook(page, lab, "diced-live.ipynb")
    assert "diced_tomatoes" in saved
    assert errors == [] and dialogs == []


def test_a_live_game_alone(solo_page):
    page, errors, dialogs = solo_page
    widget = widget_titled(page, SOLO_TITLE)
    expect(widget).to_have_count(1)
    widget.scroll_into_view_if_needed()
    # one seat: the view menu offers that seat alone while the game is on
    expect(widget.locator("select").first).to_contain_text("Player 1")
    mirror = play("diced_tomatoes", 1, human=0, seed=SOLO_SEED, delay_ms=0)
    counts = play_by_clicking(page, widget, mirror, decisions=200)
    assert mirror.game.is_over(mirror.record.state), counts
    at_the_end(widget, mirror)
    expect(widget.locator(".tw-results")).to_contain_text("slots")
    assert counts["placed"] >= 10
    assert errors == [] and dialogs == []
