"""The standalone page (``save_html``) opened from a file with the network blocked."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from browser_support import SHOWN_BOARD, SHOWN_EXPLANATION, SHOWN_KNOWS, XSS, check_stepping
from tomato_widgets.core import scene as scenes
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
        expect(widget.locator(f"{SHOWN_BOARD} .tw-zone")).to_have_count(3)
        widget.focus()
        page.keyboard.press("End")
        expect(widget.locator(f'{SHOWN_BOARD} .tw-card[aria-label="K of cups"]')).to_be_visible()
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
        expect(widget.locator(f"{SHOWN_EXPLANATION} .tw-event-text")).to_have_text(record.explain(8))
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
        expect(widget.locator(f"{SHOWN_EXPLANATION} .tw-event-text")).to_have_text(record.explain(8))
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


def next_frames(page) -> None:
    """Wait until the page has drawn two more frames."""
    page.wait_for_function("() => new Promise((done) => requestAnimationFrame(() => "
                           "requestAnimationFrame(() => done(true))))")


def assert_bar_under_current(page, log) -> None:
    next_frames(page)
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
                next_frames(page)  # the log scrolls on the next frame, not in the key press
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
MARKED = f"""(root) => [...root.querySelectorAll('{SHOWN_BOARD} > .tw-item.tw-changed')]
  .map((node) => node.twId).sort()"""


def changed_by(first: list, deltas: list, step: int) -> list[str]:
    """The ids step ``step`` marks (``core.scene.marked``): what it added, and what changed in
    more than its place in a row (or, for a zone, in more than whose turn it is)."""
    before = first
    for delta in deltas[:step - 1]:
        before = scenes.patch(before, delta)
    return sorted(scenes.marked(deltas[step - 1], {item["id"]: item["kind"] for item in before}))


def row_moves(delta: dict) -> set[str]:
    """The items a step only moves along their row (x alone, in the wide layout): never
    marked."""
    return {change["id"] for change in delta.get("upd", []) if set(change) - {"narrow"} == {"id", "x"}}


def open_must_beat(browser, tmp_path, name: str):
    """The "must beat" scenario's standalone page, opened offline: (record, its frames,
    context, page, what the page did)."""
    record = scenarios.must_beat()
    shell = replay(record)
    path = shell.save_html(tmp_path / name)
    return (record, shell.frames, *open_offline(browser, path.as_uri()))


def wait_drawn_ahead(page, widget, step: int, parts=(".tw-board-items",)) -> None:
    """Wait until the spare copies of ``parts`` hold ``step`` (drawn while the page is idle)."""
    page.wait_for_function(
        "([root, step, parts]) => parts.every((part) =>"
        " root.querySelector(`${part}.tw-spare`).dataset.step === step)",
        arg=[widget.element_handle(), str(step), list(parts)])


def test_standalone_marks_what_each_step_changed(browser, tmp_path):
    record, frames, context, page, seen = open_must_beat(browser, tmp_path, "changed.html")
    deltas = frames["deltas"]
    try:
        widget = page.locator("#tw-app .tw-root")
        position = widget.locator(".tw-position")
        marked_steps = quiet_moves = 0
        for step in range(1, len(record.steps) + 1):
            widget.get_by_role("button", name="Next step", exact=True).click()
            expect(position).to_have_text(f"Step {step} of {len(record.steps)}")
            changed = changed_by(frames["first"], deltas, step)
            # exactly the items the step added or changed: the marks of the step before are gone
            shown = widget.evaluate(MARKED)
            assert shown == changed, f"step {step}"
            # cards closing up in a hand are not what the step did: not marked
            assert not row_moves(deltas[step - 1]) & set(shown), f"step {step}"
            quiet_moves += len(row_moves(deltas[step - 1]))
            marked_steps += bool(changed)
        assert marked_steps >= len(record.steps) - 1  # nearly every step changes the board
        assert quiet_moves  # the scenario has cards closing up
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


# what the widget shows of a step: the board's items as shown, the explanation's text, what each
# player knows, and the step the board and the explanation say they hold
SHOWS = f"""(root) => {{
  const board = root.querySelector('{SHOWN_BOARD}');
  const explanation = root.querySelector('{SHOWN_EXPLANATION}');
  return {{
    board: [...board.children].map((n) => JSON.stringify([n.twId, n.className,
      n.getAttribute('aria-label'), n.textContent, n.title, n.style.left, n.style.top,
      n.style.zIndex])).sort(),
    explanation: explanation.innerText,
    knows: root.querySelector('{SHOWN_KNOWS}').innerText,
    steps: [board.dataset.step, explanation.dataset.step],
  }};
}}"""
SPARES = """(root) => ['.tw-board-items', '.tw-explain-step', '.tw-knows']
  .map((part) => root.querySelector(`${part}.tw-spare`))"""
# each spare's opacity, aria-hidden and tab index
SPARES_SEEN = """(root) => [...root.querySelectorAll('.tw-spare')].map((c) =>
  [getComputedStyle(c).opacity, c.getAttribute('aria-hidden'), c.tabIndex])"""
# the buttons in a spare that Tab would reach
SPARE_BUTTONS = "(root) => [...root.querySelectorAll('.tw-spare button')].filter((b) => b.tabIndex >= 0).map((b) => b.textContent)"


def unmarked(shown: dict) -> dict:
    return {**shown, "board": sorted(s.replace(" tw-changed", "") for s in shown["board"])}


def test_standalone_next_shows_the_step_drawn_ahead(browser, tmp_path):
    """A replay draws the next step ahead into hidden spare copies; "Next step" brings them to
    the front. What they show is what drawing the step directly shows, and the spares are
    hidden from the eye, the pointer, the keyboard and screen readers."""
    record, frames, context, page, seen = open_must_beat(browser, tmp_path, "ahead.html")
    deltas = frames["deltas"]
    total = len(record.steps)
    try:
        widget = page.locator("#tw-app .tw-root")
        position = widget.locator(".tw-position")
        expect(position).to_have_text(f"Step 0 of {total}")
        ahead = {}
        knows_swapped = 0
        for step in range(1, total + 1):
            # the spares hold the next step once the page has been idle
            wait_drawn_ahead(page, widget, step, (".tw-board-items", ".tw-explain-step"))
            spares = widget.evaluate_handle(SPARES)
            widget.get_by_role("button", name="Next step", exact=True).click()
            expect(position).to_have_text(f"Step {step} of {total}")
            # the spares came to the front, and the copies shown before are the spares now (what
            # each player knows only when it changed)
            still_spare = page.evaluate("(copies) => copies.map((c) => c.classList.contains('tw-spare'))",
                                        spares)
            assert still_spare[:2] == [False, False], f"step {step}"
            knows_swapped += not still_spare[2]
            ahead[step] = widget.evaluate(SHOWS)
            assert ahead[step]["steps"] == [str(step), str(step)]
            # drawn ahead, the step marks what it changed, as one drawn directly does
            assert widget.evaluate(MARKED) == changed_by(frames["first"], deltas, step), f"step {step}"
            # the spares: transparent, hidden from screen readers, out of the tab order, and
            # behind the copies shown, so the pointer finds only those
            assert widget.evaluate(SPARES_SEEN) == [["0", "true", -1]] * 3, f"step {step}"
            assert widget.evaluate(SPARE_BUTTONS) == [], f"step {step}"
            for part in (f"{SHOWN_BOARD} > .tw-card", f"{SHOWN_EXPLANATION} .tw-event-text", SHOWN_KNOWS):
                box = widget.locator(part).first.bounding_box()
                hit = page.evaluate("([x, y]) => !!document.elementFromPoint(x, y).closest('.tw-spare')",
                                    [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2])
                assert hit is False, f"step {step}: {part}"
        assert knows_swapped > 0
        # the keyboard reaches the shown explanation's rule buttons, and nothing in a spare
        widget.focus()
        reached = []
        for _ in range(60):
            page.keyboard.press("Tab")
            reached.append(page.evaluate("""() => { const node = document.activeElement;
              return [node.className, !!node.closest('.tw-spare')]; }"""))
        assert not [where for where in reached if where[1]]
        assert ["tw-rule-toggle", False] in reached
        # the same steps drawn directly, walking back from the end (a step back marks nothing)
        for step in range(total - 1, 0, -1):
            widget.get_by_role("button", name="Previous step", exact=True).click()
            expect(position).to_have_text(f"Step {step} of {total}")
            direct = widget.evaluate(SHOWS)
            assert unmarked(ahead[step]) == direct, f"step {step}"
    finally:
        context.close()
    assert seen["dialogs"] == [] and seen["errors"] == []


# the board items sliding now, as [item id, where the slide starts]
SLIDING = f"""(root) => [...root.querySelectorAll('{SHOWN_BOARD} > .tw-item')].flatMap((node) =>
  node.getAnimations().map((a) => [node.twId, a.effect.getKeyframes()[0].transform
    .replace(/-?[0-9.]+(?:e-?[0-9]+)?/g, (n) => String(Math.round(Number(n) * 100) / 100))]))
  .sort()"""
# a "Next step" (or "Previous step") click, then what slides: one task, so no slide has ended
CLICK_THEN_SLIDING = """([root, label, clicks]) => {
  for (let i = 0; i < clicks; i++) root.querySelector(`[aria-label="${label}"]`).click();
  return (%s)(root);
}""" % SLIDING


def positions(first: list, deltas: list, step: int) -> dict:
    """Where each board item stands at ``step``: {id: (x, y)}, from the frames."""
    where = {item["id"]: (item["x"], item["y"]) for item in first}
    for delta in deltas[:step]:
        for item_id in delta.get("del", []):
            where.pop(item_id, None)
        for item in delta.get("set", []) + delta.get("upd", []):
            old = where.get(item["id"], (None, None))
            where[item["id"]] = (item.get("x", old[0]), item.get("y", old[1]))
    return where


def slides(first: list, deltas: list, start: int, end: int) -> list:
    """The slides going from step ``start`` to ``end`` starts: [id, "translate(dx, dy)"]."""
    before, after = positions(first, deltas, start), positions(first, deltas, end)

    def js(number: float) -> str:  # a number as the page writes it (to a hundredth of a px)
        return f"{round(number, 2):g}"
    return sorted([item_id, f"translate({js(bx - ax)}px, {js(by - ay)}px)"]
                  for item_id, (ax, ay) in after.items()
                  if item_id in before and before[item_id] != (ax, ay)
                  for bx, by in [before[item_id]])


def test_standalone_items_slide_from_where_they_were(browser, tmp_path):
    """Stepping at a reading pace, the items a step moves slide from their old places, whether
    the step was drawn ahead or directly; stepping fast, or asking for less motion, shows each
    step at once."""
    record, frames, context, page, seen = open_must_beat(browser, tmp_path, "slides.html")
    first, deltas = frames["first"], frames["deltas"]
    moving = next(step for step in range(2, len(deltas) + 1) if slides(first, deltas, step - 1, step))
    try:
        widget = page.locator("#tw-app .tw-root")
        root = widget.element_handle()

        def go_to(step: int) -> None:
            widget.evaluate("(root, step) => { const r = root.querySelector('.tw-slider');"
                            " r.value = String(step); r.dispatchEvent(new Event('input')); }", step)
            wait_drawn_ahead(page, widget, step + 1)  # the next step drawn ahead
            page.wait_for_timeout(300)  # and a reading pause

        go_to(moving - 1)
        assert page.evaluate(CLICK_THEN_SLIDING, [root, "Next step", 1]) == slides(
            first, deltas, moving - 1, moving)  # drawn ahead
        page.wait_for_timeout(300)
        assert page.evaluate(CLICK_THEN_SLIDING, [root, "Previous step", 1]) == slides(
            first, deltas, moving, moving - 1)  # drawn directly
        go_to(moving - 2)
        assert page.evaluate(CLICK_THEN_SLIDING, [root, "Next step", 2]) == []  # fast
        page.emulate_media(reduced_motion="reduce")
        go_to(moving - 1)
        assert page.evaluate(CLICK_THEN_SLIDING, [root, "Next step", 1]) == []
    finally:
        context.close()
    assert seen["dialogs"] == [] and seen["errors"] == []


# the cards of the trick on the table as shown: [card, its winner mark]
TRICK_SHOWN = f"""(root) => [...root.querySelectorAll('{SHOWN_BOARD} .tw-card')]
  .filter((n) => (n.title || '').includes('played by'))
  .map((n) => [n.getAttribute('aria-label'), n.classList.contains('tw-tone-winner')]).sort()"""


def test_the_winning_trick_stays_on_the_table_through_the_scoring(browser, tmp_path):
    """One step, one thing: the card that completes the last trick is drawn with the trick's
    winner marked; the penalty and the shares are steps of their own with that trick still
    on the table."""
    from tomato_widgets.core.teach import steps_with_rule
    record = scenarios.penalty_and_thirds()
    last_trick = steps_with_rule(record, "trick.won")[-1]
    assert [step.action for step in record.steps[last_trick:]] == ["penalties", "shares"]
    path = replay(record).save_html(tmp_path / "scoring.html")
    context, page, seen = open_offline(browser, path.as_uri())
    try:
        widget = page.locator("#tw-app .tw-root")
        widget.evaluate("(root, step) => { const r = root.querySelector('.tw-slider');"
                        " r.value = String(step); r.dispatchEvent(new Event('input')); }",
                        last_trick - 1)
        explanation = widget.locator(SHOWN_EXPLANATION)
        trick = None
        for step in range(last_trick, last_trick + 3):
            widget.get_by_role("button", name="Next step", exact=True).click()
            expect(widget.locator(".tw-position")).to_have_text(f"Step {step} of {len(record.steps)}")
            shown = widget.evaluate(TRICK_SHOWN)
            assert len(shown) == 3 and sum(winner for _, winner in shown) == 1, (step, shown)
            assert trick in (None, shown)  # the same trick, the same winner, at each step
            trick = shown
            expect(explanation.locator(".tw-event-text")).to_have_text(record.explain(step))
        # Cai's J of swords wins the round's last trick
        assert [card for card, winner in trick if winner] == ["J of swords"]
        # and the chips where they moved: Ana's penalty, the winners' shares
        chips = sorted(widget.locator(f"{SHOWN_BOARD} .tw-token").all_inner_texts())
        assert {"\u22123", "+2", "+4"} <= set(chips), chips
    finally:
        context.close()
    assert seen["dialogs"] == [] and seen["errors"] == []


def test_since_my_last_move_lists_a_line_a_step_each_a_link_to_it(browser, tmp_path):
    """The summary for a seat: every step after its own last move, one line each (the step's
    weightiest event, else its headline), the whole step in the tooltip; a click shows it."""
    from tomato_widgets.widgets.frames import step_info
    record = play_game(GAME, [make_bot("tomate", "heuristic", str(s)) for s in range(4)], seed=3,
                       names=["Ana", "Ben", "Cai", "Dot"], options={"rounds": 1})
    seat = 1
    at = len(record.steps) // 2
    last = max(k for k in range(1, at) if record.steps[k - 1].player == seat)
    expected = []
    for number in range(last + 1, at + 1):
        info = step_info(GAME, record, number, seat)
        events = info["events"]
        expected.append(events[info.get("key", 0)]["text"] if events else None)
    path = replay(record, perspective=seat).save_html(tmp_path / "summary.html")
    context, page, seen = open_offline(browser, path.as_uri())
    try:
        widget = page.locator("#tw-app .tw-root")
        widget.locator(".tw-slider").evaluate(
            f"(s) => {{ s.value = '{at}'; s.dispatchEvent(new Event('input')); }}")
        expect(widget.locator(".tw-position")).to_contain_text(f"Step {at} of")
        widget.locator(".tw-summary-toggle").click()
        summary = widget.locator(".tw-summary")
        expect(summary).to_be_visible()
        expect(summary.locator("p").first).to_have_text(f"Since Ben's move at step {last}:")
        lines = summary.locator(".tw-summary-line")
        expect(lines).to_have_count(at - last)
        for k, text in enumerate(expected):
            if text is not None:
                expect(lines.nth(k)).to_have_text(text)
        assert "\n" in lines.first.get_attribute("title")  # the headline, then each event
        lines.first.click()
        expect(widget.locator(".tw-position")).to_contain_text(f"Step {last + 1} of")
    finally:
        context.close()
    assert seen["errors"] == [] and seen["console"] == []


def test_a_long_replay_is_navigated_by_round(browser, tmp_path):
    """The jump menu lists where each round begins (its name and step), the slider carries a
    tick there, and picking a round shows its first step, the log headed by the round."""
    from tomato_widgets.widgets.frames import FrameBuilder
    record = play_game(GAME, [make_bot("tomate", "heuristic", str(s)) for s in range(4)], seed=5,
                       options={"rounds": 4})
    chapters = FrameBuilder(record, None).chapters()
    assert [name for _, name in chapters] == [f"Round {n}" for n in range(1, 5)]
    path = replay(record).save_html(tmp_path / "rounds.html")
    context, page, seen = open_offline(browser, path.as_uri())
    try:
        widget = page.locator("#tw-app .tw-root")
        jump = widget.locator(".tw-jump")
        expect(jump.locator("option")).to_have_count(1 + len(chapters))
        assert jump.locator("option").all_inner_texts()[1:] == [
            f"{name} (step {step})" for step, name in chapters]
        ticks = widget.locator(".tw-slider").evaluate(
            "(s) => [...s.list.options].map((o) => Number(o.value))")
        assert ticks == [step for step, _ in chapters]
        step, name = chapters[2]
        jump.select_option(str(step))
        expect(widget.locator(".tw-position")).to_have_text(f"Step {step} of {len(record.steps)}")
        expect(jump).to_have_value("")  # the menu is ready for the next jump
        # the step the round begins with carries its heading in the log
        expect(widget.locator(".tw-log-item.tw-current .tw-log-chapter")).to_have_text(name)
    finally:
        context.close()
    assert seen["errors"] == [] and seen["console"] == []
