"""The advisor and the post-game review in JupyterLab.

For every game: in a replay, the Advisor toggle rates the moves of the seat viewed while it
refines (the playouts grow), marks the move played, starts anew at the next decision and
stops when hidden (shown again, it starts from nothing). The review of a finished game lists
the costliest decisions, and each is a link to its step."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from browser_support import WAIT_MS, notebook
from conftest import _notebook_page
from tomato_widgets.core.play import play_game
from tomato_widgets.core.search import Search
from tomato_widgets.games import GAMES, make_bot

pytestmark = pytest.mark.browser

PLAYERS = {"tomate": 3, "tomatomat": 3, "karate_tomate": 3, "tanemaki": 3, "diced_tomatoes": 2}
SEAT = 1
#: short games: the play-outs are short, so the advisor refines quickly
OPTIONS = {"tomate": {"rounds": 4}, "tomatomat": {"rounds": 1}}


def recorded(name: str):
    bots = [make_bot(name, "heuristic", f"advisor-{seat}") for seat in range(PLAYERS[name])]
    return play_game(GAMES[name], bots, seed=5, options=OPTIONS.get(name))


def decision(name: str) -> int:
    """The first step from 4 on where the seat viewed decides with a choice and the result
    is still open (a decision already lost or won leaves nothing to refine)."""
    record, game = recorded(name), GAMES[name]
    for step in range(4, len(record.steps)):
        state = record.states[step]
        if SEAT in game.to_act(state) and len(game.legal_actions(state, SEAT)) > 1:
            search = Search(game, state, SEAT, rollout="random").run(playouts=10)
            if any(0 < r.win_chance < 1 for r in search.ratings()):
                return step
    raise AssertionError(f"{name}: the seat never decides")


STEPS = {name: decision(name) for name in PLAYERS}


def title(name: str) -> str:
    return f"Advisor: {GAMES[name].title}"


def advisor_notebook() -> dict:
    cells = ["from tomato_widgets.core.play import play_game\n"
             "from tomato_widgets.games import GAMES, make_bot\n"
             "from tomato_widgets.widgets import replay"]
    for name, players in PLAYERS.items():
        cells.append(
            f"bots = [make_bot({name!r}, 'heuristic', f'advisor-{{seat}}') for seat in range({players})]\n"
            f"record = play_game(GAMES[{name!r}], bots, seed=5, options={OPTIONS.get(name)!r})\n"
            f"replay(record, perspective={SEAT}, step={STEPS[name]}, title={title(name)!r})")
    return notebook(cells)


@pytest.fixture(scope="module")
def advisor_page(browser, lab):
    yield from _notebook_page(browser, lab, "advisor.ipynb", cells=len(PLAYERS) + 1,
                              widgets=len(PLAYERS), notebook=advisor_notebook())


def widget_of(page, name: str):
    return page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .tw-root").nth(list(PLAYERS).index(name))


def playouts(widget) -> int:
    text = widget.locator(".tw-advice-progress").text_content(timeout=WAIT_MS) or ""
    return int(re.match(r"([\d,]+) playouts", text).group(1).replace(",", ""))


@pytest.mark.parametrize("name", list(PLAYERS))
def test_the_advisor_refines_marks_the_move_played_and_stops(advisor_page, name):
    page = advisor_page.page
    widget = widget_of(page, name)
    expect(widget.locator(".tw-title")).to_have_text(title(name))
    widget.scroll_into_view_if_needed()
    record, step = recorded(name), STEPS[name]
    game = record.game
    toggle = widget.locator(".tw-advisor-toggle")
    expect(toggle).to_have_attribute("aria-pressed", "false")
    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    rows = widget.locator(".tw-advice-row")
    moves = len(game.legal_actions(record.states[step], SEAT))
    expect(rows).to_have_count(moves, timeout=WAIT_MS)
    # it refines while shown: more playouts come
    first = playouts(widget)
    page.wait_for_function(
        """([el, before]) => {
            const text = el.querySelector('.tw-advice-progress')?.textContent || '';
            const m = text.match(/([\\d,]+) playouts/);
            return m && Number(m[1].replace(/,/g, '')) > before;
        }""", arg=[widget.element_handle(), first], timeout=WAIT_MS)
    # the move played is marked, and the summary compares it with the best
    expect(widget.locator(".tw-advice-played")).to_have_count(1)
    expect(widget.locator(".tw-advice-summary")).to_have_text(re.compile(r"^played: \d+%, best: \d+%$"))
    texts = rows.locator(".tw-advice-win").all_text_contents()
    assert all(re.fullmatch(r"win \d+% ± \d+", text) for text in texts), texts
    # the next step: the advisor leaves this decision (a new one, or a note saying why not)
    widget.locator(".tw-button[aria-label='Next step']").click()
    expect(widget.locator(".tw-position")).to_have_text(f"Step {step + 1} of {len(record.steps)}")
    expect(widget.locator(".tw-advice-played, .tw-advice-note")).not_to_have_count(0, timeout=WAIT_MS)
    widget.locator(".tw-button[aria-label='Previous step']").click()
    # hidden, it stops; shown again, it starts from nothing rather than from where it was
    toggle.click()
    expect(widget.locator(".tw-advisor")).to_be_hidden()
    page.wait_for_timeout(1500)
    toggle.click()
    expect(widget.locator(".tw-advice-note, .tw-advice-progress").first).to_be_visible(timeout=WAIT_MS)
    expect(rows).to_have_count(moves, timeout=WAIT_MS)
    assert playouts(widget) < first + 2000
    toggle.click()
    assert not advisor_page.errors, advisor_page.errors


def test_the_review_lists_costly_decisions_that_link_to_their_steps(advisor_page):
    page = advisor_page.page
    widget = widget_of(page, "tomate")
    widget.scroll_into_view_if_needed()
    record = recorded("tomate")
    total = len(record.steps)
    widget.locator(".tw-button[aria-label='Last step']").click()
    expect(widget.locator(".tw-position")).to_have_text(f"Step {total} of {total}")
    ask = widget.locator(".tw-review-button")
    expect(ask).to_have_text(f"Review {record.players[SEAT]}'s game")
    ask.click()
    panel = widget.locator(".tw-review")
    expect(panel.locator("h4")).to_have_text(f"Review of {record.players[SEAT]}'s game")
    expect(panel.locator(".tw-review-progress")).to_have_text(
        re.compile(r"^All \d+ decisions with a choice searched"), timeout=60_000)
    expect(panel.locator(".tw-review-decided")).to_contain_text(record.players[SEAT])
    links = panel.locator(".tw-review-step")
    assert links.count() >= 1, panel.text_content()
    target = int(links.first.text_content().split()[-1])
    links.first.click()
    expect(widget.locator(".tw-position")).to_have_text(f"Step {target} of {total}")
    expect(panel).to_be_visible()  # the list stays while the learner looks at the step
    panel.locator(".tw-review-close").click()
    expect(panel).to_be_hidden(timeout=WAIT_MS)
    assert not advisor_page.errors, advisor_page.errors
