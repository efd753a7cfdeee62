"""Taking a seat from a replay in JupyterLab, for every game: "Play on from here as ..." turns
the replay into a live game from the step shown, in the chosen seat, against bots; the cards
that seat could not see are dealt afresh; a move can be made by clicking; "Back to the replay" brings the replay back."""
from __future__ import annotations

import random

import pytest
from playwright.sync_api import expect

from browser_support import WAIT_MS, click_move, notebook
from conftest import _notebook_page
from tomato_widgets.core.play import play_game
from tomato_widgets.games import GAMES, make_bot
from tomato_widgets.widgets import play_from

pytestmark = pytest.mark.browser

#: every registered game (plug-ins too): the built-in ones at these sizes, the others at three
SIZES = {"tomate": 4, "tomatomat": 3, "karate_tomate": 3, "tanemaki": 3, "diced_tomatoes": 3}
PLAYERS = {name: SIZES.get(name, max(game.min_players, min(3, game.max_players)))
           for name, game in GAMES.items()}
SEAT = 1    # the seat taken (the replay shows this seat's view)


def recorded(name: str):
    """The game the notebook replays (the same bots and seed give the same game here)."""
    bots = [make_bot(name, "heuristic", f"play-on-{seat}") for seat in range(PLAYERS[name])]
    return play_game(GAMES[name], bots, seed=7)


def step_with_secrets(name: str) -> int:
    """The step the replay shows: the first from step 20 on where the seat is to decide and
    something is hidden from it (any step, in a game with nothing hidden)."""
    record, game = recorded(name), GAMES[name]
    rng = random.Random(0)
    for step in range(20, len(record.steps)):
        state = record.states[step]
        if SEAT in game.to_act(state) and (not game.hidden_information or any(
                game.resample_hidden(state, SEAT, rng) != state for _ in range(5))):
            return step
    raise AssertionError(f"{name}: no step with a secret to deal afresh")


STEPS = {name: step_with_secrets(name) for name in PLAYERS}


def title(name: str) -> str:
    return f"Replay to play on: {GAMES[name].title}"


def play_on_notebook() -> dict:
    cells = ["from tomato_widgets.core.play import play_game\n"
             "from tomato_widgets.games import GAMES, make_bot\n"
             "from tomato_widgets.widgets import replay"]
    for name, players in PLAYERS.items():
        cells.append(
            f"bots = [make_bot({name!r}, 'heuristic', f'play-on-{{seat}}') for seat in range({players})]\n"
            f"record = play_game(GAMES[{name!r}], bots, seed=7)\n"
            f"replay(record, perspective={SEAT}, step={STEPS[name]}, title={title(name)!r})")
    return notebook(cells)


@pytest.fixture(scope="module")
def play_on_page(browser, lab):
    yield from _notebook_page(browser, lab, "play-on.ipynb", cells=len(PLAYERS) + 1,
                              widgets=len(PLAYERS), notebook=play_on_notebook())


@pytest.mark.parametrize("name", list(PLAYERS))
def test_a_replay_is_played_on_from_its_step(play_on_page, name):
    page = play_on_page.page
    # found by its place, not its title: the title changes with the game
    widget = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .tw-root").nth(
        list(PLAYERS).index(name))
    expect(widget.locator(".tw-title")).to_have_text(title(name))
    widget.scroll_into_view_if_needed()
    record, step = recorded(name), STEPS[name]
    bar = widget.locator(".tw-seat-bar")
    expect(bar).to_be_visible()
    menu = widget.locator(".tw-seat-menu")
    expect(menu).to_have_value(str(SEAT))  # the seat viewed is offered first
    # a replay of one seat's view offers that seat only: another's would show its hand
    expect(menu.locator("option")).to_have_text([record.players[SEAT]])

    widget.locator(".tw-play-on").click()
    name_ = record.players[SEAT]
    expect(widget.locator(".tw-title")).to_have_text(
        f"{record.game.title}: you ({name_}) from step {step}", timeout=WAIT_MS)
    mirror = play_from(record, step, SEAT)  # the kernel's game, made again here
    total = len(mirror.record.steps)
    expect(widget.locator(".tw-position")).to_have_text(f"Step {total} of {total}", timeout=WAIT_MS)
    expect(bar).to_be_hidden()
    expect(widget.locator(".tw-perspective option")).to_have_count(1)
    expect(widget.locator(".tw-undo")).to_be_disabled()  # nothing of yours to take back yet
    # the seat sees the table it saw; what it could not see was dealt afresh
    game = record.game
    assert game.observe(mirror.record.states[step], SEAT) == game.observe(record.states[step], SEAT)
    if game.hidden_information:
        assert mirror.record.states[step] != record.states[step]
    assert mirror.record.headers["played_on_from_step"] == str(step)

    # a move by clicking; the bots answer
    assert mirror.legal, "the seat has a decision to make"
    action = sorted(a["id"] for a in mirror.legal)[0]
    click_move(widget, mirror, action)
    assert mirror.act(action)
    total = len(mirror.record.steps)
    expect(widget.locator(".tw-position")).to_have_text(f"Step {total} of {total}", timeout=WAIT_MS)

    widget.locator(".tw-back-to-replay").click()
    expect(widget.locator(".tw-position")).to_have_text(
        f"Step {step} of {len(record.steps)}", timeout=WAIT_MS)
    expect(widget.locator(".tw-title")).to_have_text(title(name))
    expect(bar).to_be_visible()
    assert not play_on_page.errors, play_on_page.errors
