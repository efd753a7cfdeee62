"""The standalone page (``save_html``) opened from a file with the network blocked."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from browser_support import XSS, check_stepping
from tomato_widgets.core.play import play_game
from tomato_widgets.games import make_bot
from tomato_widgets.games.tomate import GAME, scenarios
from tomato_widgets.widgets import replay

pytestmark = pytest.mark.browser


def open_offline(browser, url: str):
    """A page in a fresh context where every request but ``url`` is aborted and recorded."""
    context = browser.new_context(viewport={"width": 1300, "height": 900})
    context.set_default_timeout(20_000)
    seen = {"requests": [], "aborted": [], "dialogs": [], "errors": [], "console": []}

    def route(route):
        if route.request.url == url:
            route.continue_()
        else:
            seen["aborted"].append(route.request.url)
            route.abort()

    context.route("**/*", route)
    context.on("request", lambda request: seen["requests"].append(request.url))
    page = context.new_page()

    def on_dialog(dialog):
        seen["dialogs"].append(dialog.message)
        dialog.dismiss()

    page.on("dialog", on_dialog)
    page.on("pageerror", lambda error: seen["errors"].append(str(error)))
    page.on("console", lambda message: seen["console"].append(f"{message.type}: {message.text}")
            if message.type in ("error", "warning") else None)
    page.goto(url)
    return context, page, seen


def test_standalone_replay_steps_offline(browser, tmp_path):
    record = scenarios.must_beat()
    path = replay(record).save_html(tmp_path / "must_beat.html")
    url = path.as_uri()
    context, page, seen = open_offline(browser, url)
    try:
        widget = page.locator("#tw-app .tw-root")
        expect(widget).to_have_count(1)
        expect(widget.locator(".tw-title")).to_have_text("Tomate: Ana, Ben, Cai")
        check_stepping(page, widget, record, expect)
        # the board is drawn: 3 seats, and at the end Ben's K of cups face up
        expect(widget.locator(".tw-board .tw-zone")).to_have_count(3)
        widget.focus()
        page.keyboard.press("End")
        expect(widget.locator('.tw-board .tw-card[aria-label="K of cups"]')).to_be_visible()
        # a replay page: no live controls
        expect(widget.locator(".tw-live")).to_be_hidden()
    finally:
        context.close()
    assert seen["requests"] == [url], "the page asked for more than its own file"
    assert seen["aborted"] == []
    assert seen["dialogs"] == [] and seen["errors"] == []
    assert seen["console"] == []


def test_standalone_page_shows_markup_in_names_as_text(browser, tmp_path):
    record = scenarios.must_beat()
    record.players[1] = XSS
    path = replay(record.to_json()).save_html(tmp_path / "xss.html")
    url = path.as_uri()
    context, page, seen = open_offline(browser, url)
    try:
        widget = page.locator("#tw-app .tw-root")
        expect(widget.locator(".tw-title")).to_have_text(f"Tomate: Ana, {XSS}, Cai")
        assert page.title() == f"Tomate: Ana, {XSS}, Cai"
        widget.focus()
        page.keyboard.press("End")
        expect(widget.locator(".tw-position")).to_have_text("Step 8 of 8")
        expect(widget.locator(".tw-explain .tw-event-text")).to_have_text(record.explain(8))
        assert XSS in record.explain(8)[1]  # "<img ...> wins trick 1 with the K of cups."
        assert XSS in widget.inner_text()
        assert page.locator('img[src="x"]').count() == 0
        assert page.locator("img").count() == 0
    finally:
        context.close()
    assert seen["dialogs"] == [] and seen["errors"] == []
    assert seen["requests"] == [url]


def test_standalone_play_and_pause(browser, tmp_path):
    record = scenarios.must_beat()
    path = replay(record).save_html(tmp_path / "play.html")
    context, page, seen = open_offline(browser, path.as_uri())
    try:
        widget = page.locator("#tw-app .tw-root")
        position = widget.locator(".tw-position")
        widget.get_by_role("combobox", name="Speed").select_option(label="fast")
        widget.get_by_role("button", name="Play", exact=True).click()
        pause = widget.get_by_role("button", name="Pause", exact=True)
        expect(pause).to_be_visible()
        page.wait_for_function("() => /^Step [2-6] of 8$/.test("
                               "document.querySelector('.tw-position').textContent)")
        pause.click()
        expect(widget.get_by_role("button", name="Play", exact=True)).to_be_visible()
        stopped = position.inner_text()
        page.wait_for_timeout(800)  # three ticks at "fast": nothing to wait for when nothing moves
        assert position.inner_text() == stopped
        widget.get_by_role("button", name="Play", exact=True).click()
        expect(position).to_have_text("Step 8 of 8")
        expect(widget.get_by_role("button", name="Play", exact=True)).to_be_visible()
        expect(widget.locator(".tw-explain .tw-event-text")).to_have_text(record.explain(8))
        # Space on the widget plays from the start again when at the end
        widget.focus()
        page.keyboard.press(" ")
        expect(pause).to_be_visible()
        expect(position).to_have_text("Step 8 of 8", timeout=10_000)
    finally:
        context.close()
    assert seen["dialogs"] == [] and seen["errors"] == []


LOG_ITEM_SHOWN = """(item) => {
    const box = item.closest('.tw-log').getBoundingClientRect();
    const line = item.getBoundingClientRect();
    return line.top >= box.top - 1 && line.bottom <= box.bottom + 1;
}"""


BAR_AND_CURRENT = """(log) => {
    const bar = log.parentNode.querySelector('.tw-log-mark').getBoundingClientRect();
    const item = log.querySelector('.tw-current').getBoundingClientRect();
    return [bar.top, bar.height, item.top, item.height];
}"""


def assert_bar_under_current(page, log) -> None:
    page.wait_for_function("() => new Promise((done) => requestAnimationFrame(() => "
                           "requestAnimationFrame(() => done(true))))")
    bar_top, bar_height, item_top, item_height = log.evaluate(BAR_AND_CURRENT)
    assert abs(bar_top - item_top) < 1 and abs(bar_height - item_height) < 1


def test_standalone_log_follows_the_step_in_a_long_game(browser, tmp_path):
    record = play_game(GAME, [make_bot("tomate", "heuristic", seat) for seat in range(4)], seed=3,
                       options={"rounds": 6})
    total = len(record.steps)
    assert total > 40
    path = replay(record).save_html(tmp_path / "long.html")
    context, page, seen = open_offline(browser, path.as_uri())
    try:
        widget = page.locator("#tw-app .tw-root")
        log = widget.locator(".tw-log")
        assert log.evaluate("(log) => log.scrollHeight > 2 * log.clientHeight")
        window_y = page.evaluate("() => window.scrollY")
        widget.focus()
        for key, step in (("End", total), ("Home", 0), ("ArrowRight", 1), ("End", total),
                          ("ArrowLeft", total - 1)):
            page.keyboard.press(key)
            expect(widget.locator(".tw-position")).to_have_text(f"Step {step} of {total}")
            if step:
                current = log.locator(".tw-current")
                expect(current).to_contain_text(f"{step}. ")
                assert current.evaluate(LOG_ITEM_SHOWN), f"step {step} is scrolled out of the log"
        assert log.evaluate("(log) => log.scrollTop") > 0
        assert page.evaluate("() => window.scrollY") == window_y  # only the log scrolled
        # the current step's bar stands under its entry: after the log scrolled itself, and
        # after it is scrolled by hand (the bar follows on the next frame)
        assert_bar_under_current(page, log)
        log.evaluate("(log) => { log.scrollTop -= 37; }")
        assert_bar_under_current(page, log)
        # a log entry is a link to its step
        log.locator(".tw-log-link").nth(4).click()
        expect(widget.locator(".tw-position")).to_have_text(f"Step 5 of {total}")
    finally:
        context.close()
    assert seen["dialogs"] == [] and seen["errors"] == []



# by item id, the board items that carry the "changed" mark
MARKED = """(root) => [...root.querySelectorAll('.tw-board-items > .tw-item.tw-changed')]
  .map((node) => node.twId).sort()"""


def test_standalone_marks_what_each_step_changed(browser, tmp_path):
    record = scenarios.must_beat()
    shell = replay(record)
    deltas = shell.frames["deltas"]
    path = shell.save_html(tmp_path / "changed.html")
    context, page, seen = open_offline(browser, path.as_uri())
    try:
        widget = page.locator("#tw-app .tw-root")
        position = widget.locator(".tw-position")
        marked_steps = 0
        for step in range(1, len(record.steps) + 1):
            widget.get_by_role("button", name="Next step", exact=True).click()
            expect(position).to_have_text(f"Step {step} of {len(record.steps)}")
            delta = deltas[step - 1]
            changed = sorted({item["id"] for item in delta.get("set", []) + delta.get("upd", [])})
            # exactly the items the step added or changed: the marks of the step before are gone
            assert widget.evaluate(MARKED) == changed, f"step {step}"
            marked_steps += bool(changed)
        assert marked_steps >= len(record.steps) - 1  # nearly every step changes the board
        # a jump is no single step: nothing is marked
        widget.get_by_role("button", name="First step", exact=True).click()
        expect(position).to_have_text(f"Step 0 of {len(record.steps)}")
        assert widget.evaluate(MARKED) == []
        widget.get_by_role("button", name="Last step", exact=True).click()
        expect(position).to_have_text(f"Step {len(record.steps)} of {len(record.steps)}")
        assert widget.evaluate(MARKED) == []
    finally:
        context.close()
    assert seen["dialogs"] == [] and seen["errors"] == []
