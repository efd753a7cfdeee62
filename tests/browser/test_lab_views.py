"""One live game shown in two views in JupyterLab. A move sends only what it adds, applied once
to the model the views share: both views, a view made after the moves, the notebook's saved
widget state and the page reloaded all show the same game as a full rebuild (checked against
the same game played in the test process, with an undo in between)."""
from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from frame_checks import decoded
from browser_support import (LIVE_OPTIONS, LIVE_PLAYERS, LIVE_SEED, VIEWS_TITLE, WAIT_MS, choose,
                             dom_legal, open_notebook, save_notebook, widget_titled)
from tomato_widgets.widgets import play

pytestmark = pytest.mark.browser

# what a view shows, in an order that does not depend on how its nodes came to be
VIEW_SHOWS = """(root) => ({
  position: root.querySelector('.tw-position').textContent,
  board: [...root.querySelectorAll('.tw-board .tw-item')].map((n) => JSON.stringify([
    n.className.replace(/ tw-changed\\b/g, ''), n.getAttribute('aria-label'), n.textContent,
    n.style.left, n.style.top, n.dataset.action || null])).sort(),
  log: [...root.querySelectorAll('.tw-log-link')].map((n) => n.textContent),
  explain: root.querySelector('.tw-explain').textContent,
  knows: root.querySelector('.tw-knows').textContent,
  actions: [...root.querySelectorAll('.tw-actions .tw-action')].map((n) => n.dataset.action),
  undo: root.querySelector('.tw-undo').disabled,
})"""


def log_lines(widget) -> list[str]:
    """The log as the page should show it: who took each step (you, in live play, for your
    own), unless the step's sentence starts with them already."""
    lines = []
    for number, info in enumerate(widget.steps, start=1):
        text = " ".join(event["text"] for event in info["events"]) if info["events"] else info["label"]
        who = ("You" if info["by"] == widget.you else widget.players[info["by"]]) \
            if info["by"] >= 0 else "Chance"
        said = text.startswith((f"{who} ", f"{who}'"))
        lines.append(f"{number}. {text}" if said else f"{number}. {who}: {text}")
    return lines


def check_views(views, mirror, count: int = 2) -> None:
    """Every view shows the mirror's game at its last step, and all alike."""
    total = len(mirror.steps)
    for index in range(count):
        expect(views.nth(index).locator(".tw-position")).to_have_text(f"Step {total} of {total}",
                                                                      timeout=WAIT_MS)
    expect(views).to_have_count(count)
    shown = [views.nth(index).evaluate(VIEW_SHOWS) for index in range(count)]
    for other in shown[1:]:
        assert other == shown[0]
    assert shown[0]["log"] == log_lines(mirror)
    assert shown[0]["undo"] is not mirror.can_undo
    assert dom_legal(views.nth(0)) == sorted(action["id"] for action in mirror.legal)


def click_action(view, mirror, action: str) -> None:
    on_board = {a["id"] for a in mirror.legal if a["on_board"]}
    if action in on_board:
        view.locator(f'.tw-board .tw-card.tw-legal[data-action="{action}"]').click()
    else:
        view.locator(f'.tw-actions .tw-action[data-action="{action}"]').click()


def test_views_made_before_and_after_moves_and_a_reload_agree(views_page, lab):
    page = views_page.page
    views = widget_titled(page, VIEWS_TITLE)
    mirror = play("tomate", LIVE_PLAYERS, human=0, seed=LIVE_SEED, options=dict(LIVE_OPTIONS))
    check_views(views, mirror)

    undone = 0
    for turn in range(7):
        view = views.nth(turn % 2)  # both views act, on the one model
        if turn in (3, 5):
            view.get_by_role("button", name=re.compile("^Take back")).click()
            assert mirror.undo()
            undone += 1
        else:
            action = choose(sorted(a["id"] for a in mirror.legal))
            click_action(view, mirror, action)
            assert mirror.act(action), action
        check_views(views, mirror)
    assert undone == 2 and mirror.can_undo

    # the last cell run again: a new view of the model, made after the moves
    cell = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook .jp-Cell").nth(2)
    prompt = cell.locator(".jp-InputArea-prompt")
    before = prompt.inner_text()
    cell.locator(".jp-InputArea-editor").click()
    page.keyboard.press("Control+Enter")
    expect(prompt).not_to_have_text(before, timeout=WAIT_MS)
    expect(prompt).to_have_text(re.compile(r"^\[\d+\]:$"), timeout=WAIT_MS)
    check_views(views, mirror)

    # the widget state the notebook saves is the whole game, as a full rebuild gives it
    saved = json.loads(save_notebook(page, lab, views_page.name))
    states = saved["content"]["metadata"]["widgets"]["application/vnd.jupyter.widget-state+json"]
    (state,) = [model["state"] for model in states["state"].values()
                if model["state"].get("title") == VIEWS_TITLE]
    assert decoded(state["frames"]) == decoded(json.loads(json.dumps(mirror.frames)))
    assert state["steps"] == json.loads(json.dumps(mirror.steps))

    # a reload: the views are made again from the kernel's state
    open_notebook(page, lab, views_page.name, workspace="live-views", cells=3)
    check_views(widget_titled(page, VIEWS_TITLE), mirror)
    assert views_page.dialogs == []
    assert views_page.errors == []
