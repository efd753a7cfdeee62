"""Live play and replays as a learner meets them in JupyterLab: the bots' moves shown one at a
time with "skip to my turn", looking back said over the board, the end-of-game table with a
new game and the record to download, takebacks labelled (or off), a view a page cannot widen,
and a record's note for one seat kept from the others. Each live game is played again in the
test process (same seeds, same choices) to know what the page must show."""
from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from browser_support import (FAIR_TITLE, LEARNER_GAMES, PACED_TITLE, PRACTICE_TITLE, SECRET_NOTE,
                             SECRET_TITLE, WAIT_MS, choose, dom_legal, leaked, never_seen,
                             widget_titled)
from tomato_widgets import load_record
from tomato_widgets.widgets import play

pytestmark = pytest.mark.browser

# every text the step position shows from now on, in order (to see that a show goes one step
# at a time)
WATCH_POSITION = """(root) => {
  const position = root.querySelector('.tw-position');
  root.positionsSeen = [position.textContent];
  new MutationObserver(() => root.positionsSeen.push(position.textContent))
    .observe(position, { childList: true, characterData: true, subtree: true });
}"""


@pytest.fixture(scope="module")
def mirrors(learner_page):
    """The notebook's live games played again here, kept as the page's games go on."""
    return {title: play("tomate", 3, human=0, **kwargs) for title, kwargs in LEARNER_GAMES.items()}


def legal_ids(mirror) -> list[str]:
    return sorted(action["id"] for action in mirror.legal)


def at_the_end(widget, mirror) -> None:
    total = len(mirror.steps)
    expect(widget.locator(".tw-position")).to_have_text(f"Step {total} of {total}", timeout=WAIT_MS)


def click_move(widget, mirror, action: str) -> None:
    on_board = {a["id"] for a in mirror.legal if a["on_board"]}
    if action in on_board:
        widget.locator(f'.tw-board .tw-card.tw-legal[data-action="{action}"]').click()
    else:
        widget.locator(f'.tw-actions .tw-action[data-action="{action}"]').click()


def move(widget, mirror) -> int:
    """Make the tests' next move in the page and in the mirror; how many steps it added."""
    action = choose(legal_ids(mirror))
    before = len(mirror.steps)
    click_move(widget, mirror, action)
    assert mirror.act(action), action
    return len(mirror.steps) - before


def test_the_bots_moves_are_shown_one_at_a_time_and_can_be_skipped(learner_page, mirrors):
    page = learner_page.page
    widget = widget_titled(page, PACED_TITLE)
    widget.scroll_into_view_if_needed()
    position = widget.locator(".tw-position")
    banner = widget.locator(".tw-banner-text")
    skip = widget.locator(".tw-skip")
    mirror = mirrors[PACED_TITLE]
    at_the_end(widget, mirror)

    # moves until one is answered by several steps (the bots' cards, a trick, a scoring)
    shows = 0
    while shows < 2:
        assert mirror.legal, "the game ended before the bots answered twice at length"
        widget.evaluate(WATCH_POSITION)
        before = len(mirror.steps)
        added = move(widget, mirror)
        total = len(mirror.steps)
        if added < 3:
            at_the_end(widget, mirror)
            continue
        shows += 1
        # your own move is drawn at once; then the show runs, said over the board
        expect(position).to_have_text(f"Step {before + 1} of {total}")
        expect(banner).to_contain_text("Showing what followed your move")
        expect(skip).to_be_visible()
        # the next step follows by itself
        expect(position).to_have_text(f"Step {before + 2} of {total}", timeout=WAIT_MS)
        expect(banner).to_contain_text("Showing what followed your move")
        if shows == 1:
            # the first show runs to its end, one step at a time
            at_the_end(widget, mirror)
            seen = widget.evaluate("(root) => root.positionsSeen")
            numbers = [int(text.split()[1]) for text in seen if text.endswith(f"of {total}")]
            assert numbers == list(range(before + 1, total + 1)), seen
        else:
            # the second is skipped: the newest step at once
            skip.click()
            at_the_end(widget, mirror)
        expect(banner).to_contain_text("Your turn")
        expect(skip).to_be_hidden()
        assert dom_legal(widget) == legal_ids(mirror)

    # looking back is said over the board, and a click there is explained, not ignored
    widget.get_by_role("button", name="Previous step", exact=True).click()
    total = len(mirror.steps)
    expect(position).to_have_text(f"Step {total - 1} of {total}")
    expect(banner).to_contain_text("Looking back")
    board = widget.locator(".tw-board")
    box = board.bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] - 12)
    expect(widget.locator(".tw-notice")).to_contain_text("You are looking back at step")
    expect(widget.locator(".tw-actions .tw-action:not([disabled])")).to_have_count(0)
    widget.get_by_role("button", name="Back to the game").click()
    at_the_end(widget, mirror)
    expect(banner).to_contain_text("Your turn")
    assert dom_legal(widget) == legal_ids(mirror)
    assert learner_page.errors == []


def test_the_speed_menu_paces_the_show_which_can_be_paused(learner_page, mirrors):
    """The speed menu drives live play's show; Pause (over the table, or the Play button)
    stops it where it is and Resume goes on; the strip says what you decide now, in the
    game's words, and that changes with the phase."""
    page = learner_page.page
    widget = widget_titled(page, PACED_TITLE)
    widget.scroll_into_view_if_needed()
    mirror = mirrors[PACED_TITLE]
    position = widget.locator(".tw-position")
    banner = widget.locator(".tw-banner-text")
    pause = widget.locator(".tw-banner-pause")
    speed = widget.locator(".tw-speed")
    expect(speed).to_have_value("700")  # the game's own pace, delay_ms
    speed.select_option("1500")
    prompts = set()
    paused = False
    while mirror.legal and not paused:
        at_the_end(widget, mirror)
        if mirror.prompt:
            expect(banner).to_have_text(f"Your turn: {mirror.prompt}")
            prompts.add(mirror.prompt)
        before = len(mirror.steps)
        added = move(widget, mirror)
        if added < 4:
            continue
        # a long answer: the show runs at the slow pace; pause it where it is
        expect(position).to_have_text(f"Step {before + 1} of {len(mirror.steps)}")
        pause.click()
        expect(banner).to_contain_text("Paused")
        held = position.inner_text()
        page.wait_for_timeout(2000)  # longer than a step stays on screen
        expect(position).to_have_text(held)
        widget.get_by_role("button", name="Resume").first.click()
        expect(position).not_to_have_text(held, timeout=WAIT_MS)
        paused = True
    assert paused, "no move was answered by a show long enough to pause"
    widget.locator(".tw-skip").click()
    at_the_end(widget, mirror)
    while mirror.legal and len(prompts) < 2:
        if mirror.prompt:
            expect(banner).to_have_text(f"Your turn: {mirror.prompt}")
            prompts.add(mirror.prompt)
        move(widget, mirror)
        if widget.locator(".tw-skip").is_visible():
            widget.locator(".tw-skip").click()
        at_the_end(widget, mirror)
    assert len(prompts) >= 2, prompts  # the prompt differs by phase
    speed.select_option("700")


def test_a_page_cannot_switch_live_play_to_another_view(learner_page, mirrors):
    """What a page script can do without the kernel: add "everything" to the view menu and
    choose it. Python refuses, the menu comes back, and no hidden card reaches the page."""
    page = learner_page.page
    widget = widget_titled(page, PACED_TITLE)
    select = widget.locator(".tw-perspective")
    expect(select).to_have_value("0")
    widget.evaluate("""(root) => {
        const select = root.querySelector('.tw-perspective');
        for (const value of ['-1', '1']) {
          const option = document.createElement('option');
          option.value = value; option.textContent = 'everything';
          select.append(option);
        }
        select.disabled = false;
        select.value = '-1';
        select.dispatchEvent(new Event('change'));
    }""")
    expect(select).to_have_value("0", timeout=WAIT_MS)
    page.wait_for_timeout(500)  # time for anything the kernel might (wrongly) send
    mirror = mirrors[PACED_TITLE]
    hidden = never_seen(mirror.record, 0)
    assert leaked(widget.inner_html(), hidden) == {}
    assert select.evaluate("(s) => s.value") == "0"


def test_takebacks_are_labelled_or_off(learner_page, mirrors):
    page = learner_page.page
    practice = widget_titled(page, PRACTICE_TITLE)
    practice.scroll_into_view_if_needed()
    mirror = mirrors[PRACTICE_TITLE]
    at_the_end(practice, mirror)
    take_back = practice.locator(".tw-undo")
    expect(take_back).to_have_text("Take back")
    move(practice, mirror)
    at_the_end(practice, mirror)
    practice.get_by_role("button", name="Take back").click()
    assert mirror.undo()
    at_the_end(practice, mirror)
    expect(take_back).to_have_text("Take back (1 used)")

    fair = widget_titled(page, FAIR_TITLE)
    expect(fair.locator(".tw-undo")).to_be_hidden()
    expect(fair.locator(".tw-takebacks")).to_have_text("No takebacks in this game.")


def test_the_end_of_a_game_shows_the_results_a_new_game_and_the_record(learner_page, mirrors, tmp_path):
    page = learner_page.page
    widget = widget_titled(page, FAIR_TITLE)
    widget.scroll_into_view_if_needed()
    mirror = mirrors[FAIR_TITLE]
    results = widget.locator(".tw-results")
    while mirror.legal:
        at_the_end(widget, mirror)
        expect(results).to_be_hidden()
        move(widget, mirror)
    at_the_end(widget, mirror)
    expect(widget.locator(".tw-banner-text")).to_have_text("The game is over.")
    expect(results).to_be_visible()
    table = mirror.results
    expect(results.locator("tbody tr")).to_have_count(len(table["rows"]))
    shown = [[f"{row[0]} (you)" if seat == mirror.you else row[0], *row[1:]]
             for seat, row in zip(table["order"], table["rows"])]  # your row says so
    for row, cells in enumerate(shown):
        expect(results.locator("tbody tr").nth(row).locator("td")).to_have_text(cells)
    winners = {shown[table["order"].index(seat)][0] for seat in mirror.record.outcome.winners}
    bold = results.locator("tbody tr.tw-winner td:first-child")
    expect(bold).to_have_text(sorted(winners, key=[row[0] for row in shown].index))
    expect(results).to_contain_text(mirror.rules[table["rule"]]["title"])

    # the record, as a browser download (no Python needed to keep it)
    with page.expect_download() as download:
        results.get_by_role("button", name="Download the record (JSON)").click()
    saved = tmp_path / "downloaded.json"
    download.value.save_as(saved)
    record = load_record(saved)
    assert record.states[-1] == mirror.record.state
    assert json.loads(saved.read_text())["headers"]["takebacks"] == "not allowed"

    # a new game at the same table
    results.get_by_role("button", name="New game").click()
    assert mirror.new_game()
    at_the_end(widget, mirror)
    expect(results).to_be_hidden()
    assert dom_legal(widget) == legal_ids(mirror)
    assert learner_page.errors == []


def test_a_note_for_one_seat_stays_out_of_the_other_views(learner_page):
    page = learner_page.page
    widget = widget_titled(page, SECRET_TITLE)
    widget.scroll_into_view_if_needed()
    widget.get_by_role("button", name="Next step", exact=True).click()
    explanation = widget.locator(".tw-explain-step:not(.tw-spare)")
    expect(explanation.locator(".tw-step-head")).to_contain_text("Chance")
    expect(explanation.locator(".tw-comment")).to_have_count(0)
    assert SECRET_NOTE not in widget.inner_html()
    widget.locator(".tw-perspective").select_option("2")
    expect(explanation.locator(".tw-comment")).to_have_text(SECRET_NOTE, timeout=WAIT_MS)
