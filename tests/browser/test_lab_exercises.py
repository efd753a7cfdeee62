"""Exercises in the browser, for every game: a replay of a record with questions opens in the
seat of its first question, stops at each exercise not yet answered, and asks it in a panel
(the prompt, the options, Check, Hint, "Show the answer", the feedback and the score).

Each game's record is a heuristic-bot game re-recorded step by step with three questions for
one seat: "what would you do?" on a decision where the board offers a move the rules forbid
(Tomatomat's board never does: every card may go to every machine; there the wrong answer is
a move allowed but not the one made), "what may this player do?" on a later decision of the
same seat, and "what happens next?" on a later forced step that names a player.

* The standalone page's data (the JSON of its ``#tw-data`` element: all the page knows), its
  exercises first, names nothing hidden from the seat when each is asked, nor anything the
  seat never sees in the whole game.
* A standalone page (no kernel): the slider stops at exercise 1; a wrong move on the board
  is answered with the words and the rule Python made, the hint, the right move, the score;
  "On to the next step" and the replay goes on; "Show the answer"; "what happens next?".
* The keyboard alone answers on the board (Tab to an item, Enter; a pick, then a drop), with
  the option buttons (Space) and Check (Enter).
* JupyterLab (one notebook, a replay per game with its ``Progress`` line; last in the module:
  the page and its kernel stay open until the module ends): the Last-step button stops at
  exercise 1, answered as on the standalone page; "what may ... do?" with the option buttons
  and Check, wrong then right; "what happens next?"; the kernel's ``Progress`` follows every
  answer.
"""
from __future__ import annotations

import functools
import json
import re
from dataclasses import dataclass

import pytest
from playwright.sync_api import expect

from browser_support import SHOWN_BOARD, WAIT_MS, leaked, notebook, widget_titled
from browser_support import never_seen as tomate_never_seen
from conftest import _notebook_page
from frame_checks import leaves
from tomato_widgets.core import exercises as drills
from tomato_widgets.core.game import CHANCE
from tomato_widgets.core.play import play_game
from tomato_widgets.core.records import GameRecord
from tomato_widgets.core.registry import plugin
from tomato_widgets.games import GAMES, make_bot
from tomato_widgets.widgets import replay
from tomato_widgets.widgets.frames import FrameBuilder
from tomato_widgets.widgets.shell import board_reachable

pytestmark = pytest.mark.browser

#: each game's bot game: (players, seed); one round where the game has rounds
SETUP = {"tomate": (3, 0), "tomatomat": (3, 0), "karate_tomate": (3, 0), "tanemaki": (3, 0),
         "diced_tomatoes": (2, 1)}
NAMES = ["Ana", "Ben", "Cai"]
ASK_FIRST = "Answer this exercise first (or show the answer) to go on."


def score(done: int, total: int, first: int) -> str:
    return f"Exercises: {done} of {total} done, {first} right at the first try."


# ---- the records ------------------------------------------------------------------------------
def board_moves(builder: FrameBuilder, record: GameRecord, index: int, seat: int):
    """What ``seat`` may do at step ``index`` and what the board offers there, as the replay
    computes it (``GameWidget._set_exercises``: the clicks of live play at that step): (the
    legal moves, the moves a click or two on the board makes, those of them the rules forbid
    with a rule of the rulebook)."""
    game, state = record.game, record.states[index]
    legal = list(game.legal_actions(state, seat))
    on_board = board_reachable(builder.scene_at(index, legal)["items"])
    forbidden = []
    for action in sorted(on_board - set(legal)):
        reason = game.reason_illegal(state, action, seat)
        if reason is not None and reason.rule in game.rulebook:
            forbidden.append(action)
    return legal, on_board, forbidden


@dataclass(frozen=True)
class Plan:
    """A game's record with its three questions, and what the tests answer."""

    name: str
    record: GameRecord
    seat: int
    steps: tuple  # the steps (0-based) of the "choose", "legal" and "next" questions
    wrong: str    # the wrong answer to "choose" clicked on the board
    forbidden: bool  # whether ``wrong`` is a move the rules forbid (else: allowed, not made)


@functools.cache
def plan(name: str) -> Plan:
    players, seed = SETUP[name]
    game = GAMES[name]
    options = {"rounds": 1} if any(option.name == "rounds" for option in game.options) else {}
    bots = [make_bot(name, "heuristic", f"x-{seat}") for seat in range(players)]
    played = play_game(game, bots, seed=seed, options=options, names=NAMES[:players])
    forced = [index for index, step in enumerate(played.steps) if step.player == CHANCE
              and game.forced_action(played.states[index]) == step.action
              and any(event.players for event in played.events[index])]
    for seat in range(players):
        builder = FrameBuilder(played, seat)
        moves = {index: board_moves(builder, played, index, seat)
                 for index, step in enumerate(played.steps) if step.player == seat}
        # Tomatomat's board offers every placement of every card: all of them legal
        any_forbidden = any(forbidden for _, _, forbidden in moves.values())
        for choose, (legal, on_board, forbidden) in moves.items():
            made = played.steps[choose].action
            if any_forbidden:
                if not forbidden:
                    continue
                # a move of two clicks (a pick, then a drop) where the board has them
                actions = {item.get("action") for item in builder.scene_at(choose, legal)["items"]}
                wrong = ([a for a in forbidden if a not in actions] or forbidden)[0]
            else:
                others = sorted((on_board & set(legal)) - {made})
                if made not in on_board or not others:
                    continue
                wrong = others[0]
            later = [index for index, (legal_, _, forbidden_) in moves.items()
                     if index > choose and len(legal_) <= 6 and (forbidden_ or not any_forbidden)]
            nexts = [index for index in forced if later and index > later[0]]
            if not nexts:
                continue
            questions = {choose: {"kind": "choose"}, later[0]: {"kind": "legal"},
                         nexts[0]: {"kind": "next"}}
            record = GameRecord(game, list(played.players), played.options)
            for index, step in enumerate(played.steps):
                record.append(step.action, step.player, question=questions.get(index))
            return Plan(name, record, seat, (choose, later[0], nexts[0]), wrong, any_forbidden)
    raise AssertionError(f"{name}: no seat with the three questions to ask")


@functools.cache
def asked(name: str) -> tuple:
    """(the exercises the replay asks, its rules), made by Python as the page gets them."""
    widget = replay(plan(name).record)
    try:
        assert widget.perspective == plan(name).seat
        return json.loads(json.dumps(widget.exercises)), widget.rules
    finally:
        widget.close()


def title(name: str) -> str:
    return f"Exercises (test): {GAMES[name].title}"


def titled(page, name: str):
    return widget_titled(page, re.compile("^" + re.escape(title(name)) + "$"))


def test_each_record_asks_what_the_tests_expect():
    """Not a browser test, but quick: the plan holds (the exercises are numbered in the order
    of the game, asked in the seat's view, and "choose" has a wrong answer on the board)."""
    for name in SETUP:
        current = plan(name)
        exercises, rules = asked(name)
        assert [ex["kind"] for ex in exercises] == ["choose", "legal", "next"], name
        assert [ex["step"] for ex in exercises] == list(current.steps), name
        choose = exercises[0]
        verdict = choose["verdicts"][current.wrong]
        assert verdict["right"] is False
        assert current.wrong in board_reachable(list(choose["clicks"].values()))
        if current.forbidden:
            assert verdict["rule"] in rules
            named = rules[verdict["rule"]]["title"]
            assert verdict["text"].startswith(f"Not allowed \u2014 {named}: ")
        else:
            assert verdict["text"].startswith("Allowed, but not the move to make here: ")


# ---- answering on a page ----------------------------------------------------------------------
def on_board(exercise: dict, action: str) -> bool:
    return any(option["id"] == action and option["on_board"] for option in exercise["options"]) \
        or action in exercise["verdicts"] and action not in {o["id"] for o in exercise["options"]}


def single_click(exercise: dict, action: str) -> bool:
    return any(click.get("action") == action for click in exercise["clicks"].values())


def click_move(widget, exercise: dict, action: str) -> None:
    """Make ``action`` as a learner would: on the board (one click, or the pick then the
    drop), or with its button under the board when the board cannot make it."""
    board = widget.locator(SHOWN_BOARD)
    if not on_board(exercise, action):
        widget.locator(f'.tw-exercise-option[data-option="{action}"]').click()
    elif single_click(exercise, action):
        board.locator(f'[data-action="{action}"]').first.click()
    else:
        picked, _, where = action.rpartition(":")
        board.locator(f'[data-pick="{picked}"]').first.click()
        board.locator(f'[data-drop="{where}"]').first.click()


def focused_matches(page, selector: str) -> bool:
    return page.evaluate("""(selector) => { const node = document.activeElement;
        return !!node && node.matches(selector) && !node.closest('.tw-spare'); }""", selector)


# Tab or Shift+Tab: whichever reaches the first element matching the selector in fewer presses
# (counted over the elements the keyboard reaches, in the order of the page)
TAB_WAY = """(selector) => {
  const reached = [...document.querySelectorAll('button, input, select, a[href], [tabindex]')]
    .filter((n) => n.tabIndex >= 0 && !n.disabled && n.getClientRects().length
                   && !n.closest('.tw-spare, [inert]'));
  const target = reached.findIndex((n) => n.matches(selector));
  const here = reached.indexOf(document.activeElement);
  // the focused element gone (the panel drawn anew): Tab goes on from where it was
  if (target < 0 || here < 0) return "Tab";
  const forward = (target - here + reached.length) % reached.length;
  const back = (here - target + reached.length) % reached.length;
  return forward <= back ? "Tab" : "Shift+Tab";
}"""


def tab_to(page, selector: str, presses: int = 300) -> int:
    """Press Tab (or Shift+Tab, when that is shorter) until the focus is on an element
    matching ``selector`` (not in a spare copy of the board); how many presses it took."""
    way = page.evaluate(TAB_WAY, selector)
    for count in range(presses):
        if focused_matches(page, selector):
            return count
        page.keyboard.press(way)
    raise AssertionError(f"{way} never reached {selector}")


def key_move(page, exercise: dict, action: str) -> None:
    """Make ``action`` with the keyboard: Tab to its board item (or items: the pick, then the
    drop) or its button, and press Enter."""
    if not on_board(exercise, action):
        tab_to(page, f'.tw-exercise-option[data-option="{action}"]')
    elif single_click(exercise, action):
        tab_to(page, f'.tw-board-items [data-action="{action}"]')
    else:
        picked, _, where = action.rpartition(":")
        tab_to(page, f'.tw-board-items [data-pick="{picked}"]')
        page.keyboard.press("Enter")
        tab_to(page, f'.tw-board-items [data-drop="{where}"]')
    page.keyboard.press("Enter")


# the steps the log shows (its entries not hidden)
LOG_SHOWN = """(root) => [...root.querySelectorAll('.tw-log-item')].filter((item) => !item.hidden)
  .map((item) => Number(item.querySelector('[data-step]').dataset.step))"""
# the board items that take a click now
CLICKABLE = (f"(root) => root.querySelectorAll('{SHOWN_BOARD} [data-action], "
             f"{SHOWN_BOARD} [data-pick], {SHOWN_BOARD} [data-drop]').length")

# the moves marked on the board ("what may ... do?")
MARKED_ON_BOARD = f"""(root) => [...new Set(
  [...root.querySelectorAll('{SHOWN_BOARD} [data-action]')]
    .filter((node) => node.classList.contains('tw-marked')
                      && node.getAttribute('aria-pressed') === 'true')
    .map((node) => node.dataset.action))].sort()"""


def expect_log_up_to(widget, step: int) -> None:
    """The log tells the steps up to ``step`` and hides the ones after it."""
    page = widget.page
    for _ in range(100):
        if widget.evaluate(LOG_SHOWN) == list(range(1, step + 1)):
            return
        page.wait_for_timeout(50)
    assert widget.evaluate(LOG_SHOWN) == list(range(1, step + 1))


def expect_nothing_asked(widget) -> None:
    """No exercise is asked at the step shown (the panel may still show the score)."""
    expect(widget.locator(".tw-exercise-prompt:visible")).to_have_count(0)
    expect(widget.locator(".tw-exercise-option:visible")).to_have_count(0)


def expect_feedback(group, verdict: dict, rules: dict) -> None:
    """The feedback says exactly the verdict Python made, its rule explained when it has one."""
    feedback = group.locator(".tw-exercise-feedback")
    expect(feedback.locator("span").first).to_have_text(verdict["text"])
    expect(feedback).to_have_attribute("data-right", "yes" if verdict["right"] else "no")
    expect(feedback).to_have_attribute("aria-live", "polite")
    rule = feedback.locator(".tw-exercise-rule")
    if verdict.get("rule") and verdict["rule"] in rules:
        told = rules[verdict["rule"]]
        expect(rule).to_have_text(f"The rule: {told['title']}. {told['explanation']}")
    else:
        expect(rule).to_have_count(0)


def answer_choose(widget, name: str) -> None:
    """Exercise 1 ("what would you do?"), asked at its step: a wrong move on the board (the
    rule named), the hint, then the move the record made."""
    current, (exercises, rules) = plan(name), asked(name)
    exercise = exercises[0]
    group = widget.get_by_role("group", name=exercise["title"], exact=True)
    expect(group).to_be_visible()
    assert exercise["title"].startswith("Exercise 1: what would you do as ")
    expect(group.locator(".tw-exercise-prompt")).to_have_text(exercise["prompt"])
    # the board takes the clicks of live play, every move drawn alike; a button for each
    # move the board cannot make
    assert widget.evaluate(CLICKABLE) > 0
    expect(group.locator(".tw-exercise-option")).to_have_text(
        [option["label"] for option in exercise["options"] if not option["on_board"]])
    expect(group.locator(".tw-exercise-how")).to_have_text(
        "Answer on the board: click the move, as in live play.")
    wrong = exercise["verdicts"][current.wrong]
    click_move(widget, exercise, current.wrong)
    expect_feedback(group, wrong, rules)
    if current.forbidden:  # the rule that forbids it, as live play names it
        assert wrong["text"].startswith(f"Not allowed \u2014 {rules[wrong['rule']]['title']}: ")
        expect(group.locator(".tw-exercise-rule")).to_contain_text(rules[wrong["rule"]]["title"])
    expect(group.locator(".tw-exercise-score")).to_have_text(score(0, 3, 0))
    group.locator(".tw-exercise-hint").click()
    expect(group.locator(".tw-exercise-hint-text")).to_have_text(f"Hint: {exercise['hint']}")
    made = current.record.steps[exercise["step"]].action
    right = exercise["verdicts"][made]
    assert right["right"] and right["text"].startswith("Right: ")
    click_move(widget, exercise, made)
    expect_feedback(group, right, rules)
    expect(group.locator(".tw-exercise-score")).to_have_text(score(1, 3, 0))
    # answered: the reveal is gone, the replay may go on
    expect(group.locator(".tw-exercise-reveal")).to_have_count(0)
    expect(group.locator(".tw-exercise-on")).to_be_visible()


def toggle(group, option: str, pressed: bool) -> None:
    button = group.locator(f'.tw-exercise-option[data-option="{option}"]')
    button.click()
    expect(group.locator(f'.tw-exercise-option[data-option="{option}"]')).to_have_attribute(
        "aria-pressed", "true" if pressed else "false")


def answer_legal(widget, name: str) -> None:
    """Exercise 2 ("what may ... do?"): the option buttons toggled, then Check; first with a
    wrong mark (a move the rules forbid; Tomatomat: a move left out), then right."""
    exercises, rules = asked(name)
    exercise = exercises[1]
    group = widget.get_by_role("group", name=exercise["title"], exact=True)
    expect(group).to_be_visible()
    assert exercise["title"].startswith("Exercise 2: what may ")
    options = group.locator(".tw-exercise-option")
    expect(options).to_have_count(len(exercise["options"]))
    assert sorted(options.evaluate_all("(ns) => ns.map((n) => n.dataset.option)")) == sorted(
        option["id"] for option in exercise["options"])
    unpressed = options.and_(group.locator('[aria-pressed="false"]'))
    expect(unpressed).to_have_count(len(exercise["options"]))
    right = exercise["right"]
    wrong = sorted(set(exercise["verdicts"]) - set(right))
    marked = [*right, *wrong[:1]] if wrong else right[:-1]
    for option in marked:
        toggle(group, option, True)
    # the moves a single click makes are marked on the board too
    on_the_board = sorted(option for option in marked if single_click(exercise, option))
    assert widget.evaluate(MARKED_ON_BOARD) == on_the_board
    group.locator(".tw-exercise-check").click()
    verdict = drills.check(exercise, marked)
    assert not verdict["right"] and verdict["text"].startswith("Not quite.")
    expect_feedback(group, verdict, rules)
    expect(group.locator(".tw-exercise-score")).to_have_text(score(1, 3, 0))
    toggle(group, wrong[0] if wrong else right[-1], not wrong)
    group.locator(".tw-exercise-check").click()
    verdict = drills.check(exercise, right)
    assert verdict == {"right": True, "text": f"Right: all {len(right)} of them.", "rule": None}
    expect_feedback(group, verdict, rules)
    expect(group.locator(".tw-exercise-score")).to_have_text(score(2, 3, 0))
    expect(group.locator(".tw-exercise-check")).to_have_count(0)
    expect(options.and_(group.locator("[disabled]"))).to_have_count(len(exercise["options"]))


def answer_next(widget, name: str) -> None:
    """Exercise 3 ("what happens next?"): the player the forced step names, with a button,
    right at the first try."""
    exercises, rules = asked(name)
    exercise = exercises[2]
    group = widget.get_by_role("group", name=exercise["title"], exact=True)
    expect(group).to_be_visible()
    assert exercise["title"] == "Exercise 3: what happens next?"
    expect(group.locator(".tw-exercise-option")).to_have_text(
        [option["label"] for option in exercise["options"]])
    assert [option["label"] for option in exercise["options"]] == list(plan(name).record.players)
    chosen = exercise["right"][0]
    group.locator(f'.tw-exercise-option[data-option="{chosen}"]').click()
    verdict = exercise["verdicts"][chosen]
    assert verdict["right"] and verdict["text"].startswith(
        f"Right: {exercise['options'][int(chosen)]['label']}.")
    expect_feedback(group, verdict, rules)
    expect(group.locator(".tw-exercise-score")).to_have_text(score(3, 3, 1))


# ---- standalone pages ------------------------------------------------------------------------
@pytest.fixture(scope="module")
def pages(tmp_path_factory):
    """Each game's replay saved as a standalone page (the seat's view: no kernel)."""
    folder = tmp_path_factory.mktemp("exercise-pages")
    saved = {}
    for name in SETUP:
        widget = replay(plan(name).record)
        try:
            saved[name] = widget.save_html(folder / f"{name}.html")
        finally:
            widget.close()
    return saved


@pytest.fixture
def offline(browser):
    """Opens a page from a file in a fresh context where any other request is aborted;
    yields (page, what the page did), checks nothing went wrong, closes it."""
    opened = []

    def open_(path):
        url = path.as_uri()
        context = browser.new_context(viewport={"width": 1300, "height": 900})
        context.set_default_timeout(20_000)
        seen = {"requests": [], "errors": [], "dialogs": []}
        context.route("**/*", lambda route: route.continue_() if route.request.url == url
                      else (seen["requests"].append(route.request.url), route.abort()))
        page = context.new_page()
        page.on("pageerror", lambda error: seen["errors"].append(str(error)))
        page.on("dialog", lambda dialog: (seen["dialogs"].append(dialog.message), dialog.dismiss()))
        page.goto(url)
        opened.append((context, seen))
        return page, seen

    yield open_
    for context, seen in opened:
        context.close()
        assert seen == {"requests": [], "errors": [], "dialogs": []}


def hidden_so_far(record: GameRecord, seat: int) -> list[set[str]]:
    """For each step k (0: the start), the texts of the all-seeing observations up to then
    that ``seat`` has not been shown by then (in its own observations, or the events as told
    to it); the last is what the seat never saw in the whole game."""
    game = record.game
    seen: set[str] = set()
    everything: set[str] = set()
    hidden = []
    for index, state in enumerate(record.states):
        seen |= leaves(game.observe(state, seat))
        everything |= leaves(game.observe(state, None))
        if index:
            for event in record.events[index - 1]:
                seen |= leaves(event.seen_by(seat).facts)
        hidden.append(everything - seen)
    return hidden


def leaks(name: str, tokens: set[str], text: str) -> list[str]:
    """The words of ``text`` that name one of ``tokens`` (as the game writes it: its id or
    its names, see each game's ``words_for``)."""
    words = {word for token in tokens for word in plugin(name).words_for(token)
             if len(word) > 1}
    if not words:
        return []
    pattern = re.compile("|".join((r"(?<![\w-])" if word[0].isalnum() else "") + re.escape(word)
                                  + r"(?![\w-])" for word in sorted(words, key=len, reverse=True)))
    return sorted(set(pattern.findall(text)))


PAGE_DATA = re.compile(r'<script type="application/json" id="tw-data">(.*?)</script>', re.S)


@pytest.mark.parametrize("name", list(SETUP))
def test_the_page_holds_nothing_the_seat_may_not_see(pages, name):
    """The page's data (the JSON of its #tw-data script element, all the page knows), its
    exercises first: nothing hidden from the seat when each exercise is asked, and nothing
    it never sees in the whole game."""
    current = plan(name)
    found = PAGE_DATA.findall(pages[name].read_text(encoding="utf-8"))
    assert len(found) == 1
    data = json.loads(found[0])
    exercises, _ = asked(name)
    assert data["exercises"] == exercises and data["answers"] == {}
    assert data["perspective"] == current.seat
    assert [value for value, _ in data["perspectives"]] == [current.seat]
    hidden = hidden_so_far(current.record, current.seat)
    secrets = set()
    for exercise in data["exercises"]:
        # "what happens next?" tells the step's own events as the seat is told them
        when = exercise["step"] + (exercise["kind"] == "next")
        text = json.dumps(exercise, ensure_ascii=False)
        assert leaks(name, hidden[when], text) == [], exercise["title"]
        secrets |= hidden[when]
    never = hidden[-1]
    whole = json.dumps(data, ensure_ascii=False)
    assert leaks(name, never, whole) == []
    if name == "tomate":  # the cards by every name the other browser tests look for (the
        # stock too, which no observation lists)
        never_cards = tomate_never_seen(current.record, current.seat)
        assert never_cards and leaked(whole, never_cards) == {}
    if not GAMES[name].hidden_information:
        assert not any(hidden), "nothing is hidden in this game"
        return
    # the check finds what it looks for: the all-seeing view's page names the hidden things
    assert secrets, "nothing was hidden from the seat: the check proves nothing"
    everything = replay(current.record, perspective=None)
    try:
        shown = json.dumps(everything.state_for_page(), ensure_ascii=False)
        assert leaks(name, secrets | never, shown)
    finally:
        everything.close()


@pytest.mark.parametrize("name", list(SETUP))
def test_a_standalone_page_asks_and_answers_without_a_kernel(offline, pages, name):
    """No kernel: the page checks the answers itself, keeps the score, and goes on."""
    exercises, _ = asked(name)
    first, second, third = (exercise["step"] for exercise in exercises)
    total = len(plan(name).record.steps)
    page, _ = offline(pages[name])
    widget = page.locator("#tw-app .tw-root")
    position = widget.locator(".tw-position")
    expect(position).to_have_text(f"Step 0 of {total}")
    # the slider dragged to the end stops at the first exercise
    widget.locator(".tw-slider").evaluate(
        f"(s) => {{ s.value = '{total}'; s.dispatchEvent(new Event('input')); }}")
    expect(position).to_have_text(f"Step {first} of {total}")
    expect(widget.locator(".tw-slider")).to_have_value(str(first))
    group = widget.get_by_role("group", name=exercises[0]["title"], exact=True)
    widget.get_by_role("button", name="Next step", exact=True).click()
    expect(group.locator(".tw-exercise-feedback")).to_have_text(ASK_FIRST)
    expect(group.locator(".tw-exercise-feedback")).to_have_attribute("data-right", "")
    expect_log_up_to(widget, first)
    answer_choose(widget, name)
    expect_log_up_to(widget, second)
    # answered: the board offers no moves any more (a click cannot undo the verdict)
    expect(widget.locator(".tw-board [data-action], .tw-board [data-pick]")).to_have_count(0)
    expect(group.locator(".tw-exercise-feedback")).to_have_attribute("data-right", "yes")

    # the replay goes on: one step with the button, then on until the next exercise
    group.locator(".tw-exercise-on").click()
    expect(position).to_have_text(f"Step {first + 1} of {total}")
    if second > first + 1:
        expect_nothing_asked(widget)
    widget.get_by_role("button", name="Last step", exact=True).click()
    expect(position).to_have_text(f"Step {second} of {total}")
    # "Show the answer": the exercise is done, not right at the first try
    group = widget.get_by_role("group", name=exercises[1]["title"], exact=True)
    group.locator(".tw-exercise-reveal").click()
    feedback = group.locator(".tw-exercise-feedback")
    expect(feedback).to_have_text(f"The answer: {exercises[1]['answer']}")
    expect(feedback).to_have_attribute("data-right", "")
    expect(group.locator('.tw-exercise-option[aria-pressed="true"]')).to_have_count(
        len(exercises[1]["right"]))
    expect(group.locator(".tw-exercise-score")).to_have_text(score(2, 3, 0))
    group.locator(".tw-exercise-on").click()
    expect(position).to_have_text(f"Step {second + 1} of {total}")
    widget.get_by_role("button", name="Last step", exact=True).click()
    expect(position).to_have_text(f"Step {third} of {total}")
    answer_next(widget, name)
    widget.get_by_role("button", name="Last step", exact=True).click()
    expect(position).to_have_text(f"Step {total} of {total}")
    expect_log_up_to(widget, total)


@pytest.mark.parametrize("name", list(SETUP))
def test_an_exercise_is_answered_with_the_keyboard(offline, pages, name):
    """Tab and Enter (Space on a toggle) answer on the board and with the buttons."""
    current, (exercises, rules) = plan(name), asked(name)
    choose, legal = exercises[0], exercises[1]
    total = len(current.record.steps)
    page, _ = offline(pages[name])
    widget = page.locator("#tw-app .tw-root")
    position = widget.locator(".tw-position")
    widget.focus()
    page.keyboard.press("End")  # stops at the first exercise
    expect(position).to_have_text(f"Step {choose['step']} of {total}")
    group = widget.get_by_role("group", name=choose["title"], exact=True)
    key_move(page, choose, current.wrong)
    expect_feedback(group, choose["verdicts"][current.wrong], rules)
    made = current.record.steps[choose["step"]].action
    key_move(page, choose, made)
    expect_feedback(group, choose["verdicts"][made], rules)
    tab_to(page, ".tw-exercise-on")
    page.keyboard.press("Enter")
    expect(position).to_have_text(f"Step {choose['step'] + 1} of {total}")

    widget.focus()
    page.keyboard.press("End")  # stops at the second: every legal move marked with the keys
    expect(position).to_have_text(f"Step {legal['step']} of {total}")
    group = widget.get_by_role("group", name=legal["title"], exact=True)
    # on the board where a click makes it, else with its button (under the board: last)
    for option in sorted(legal["right"], key=lambda option: not on_board(legal, option)):
        if on_board(legal, option):
            key_move(page, legal, option)
        else:
            tab_to(page, f'.tw-exercise-option[data-option="{option}"]')
            page.keyboard.press("Space")
            # the panel is drawn anew, and the key's button keeps the focus
            expect(group.locator(f'.tw-exercise-option[data-option="{option}"]')).to_be_focused()
        expect(group.locator(f'.tw-exercise-option[data-option="{option}"]')).to_have_attribute(
            "aria-pressed", "true")
    tab_to(page, ".tw-exercise-check")
    page.keyboard.press("Enter")
    expect_feedback(group, drills.check(legal, legal["right"]), rules)
    expect(group.locator(".tw-exercise-score")).to_have_text(score(2, 3, 1))


# ---- JupyterLab: one notebook, a replay per game --------------------------------------------
# (last in the module: the page and its kernel stay open until the module ends, and would slow
# the standalone pages down)
def exercises_notebook() -> dict:
    cells = ["from IPython.display import display\n"
             "from tomato_widgets.widgets import replay\n"
             "from tomato_widgets.widgets.progress import Progress"]
    for name in SETUP:
        cells.append(f"progress = Progress()\n"
                     f"display(progress)\n"
                     f"replay('exercises-{name}.json', title={title(name)!r}, progress=progress)")
    return notebook(cells)


@pytest.fixture(scope="module")
def exercises_page(browser, lab):
    for name in SETUP:
        path = lab.root / f"exercises-{name}.json"
        path.write_text(plan(name).record.dumps(), encoding="utf-8")
    yield from _notebook_page(browser, lab, "exercises.ipynb", cells=len(SETUP) + 1,
                              widgets=len(SETUP), notebook=exercises_notebook())


@pytest.mark.parametrize("name", list(SETUP))
def test_exercises_in_jupyterlab(exercises_page, name):
    """In a kernel: the replay stops, asks, checks, and tells Python each answer."""
    page = exercises_page.page
    widget = titled(page, name)
    expect(widget).to_have_count(1)
    widget.scroll_into_view_if_needed()
    cell = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Cell").filter(has=widget)
    progress = cell.locator(".widget-label")
    expect(progress).to_have_text(score(0, 3, 0))
    exercises, _ = asked(name)
    first, second, third = (exercise["step"] for exercise in exercises)
    total = len(plan(name).record.steps)
    position = widget.locator(".tw-position")
    expect(position).to_have_text(f"Step 0 of {total}")
    expect_nothing_asked(widget)
    # the replay is the seat's view alone: no view shows what the seat may not see
    expect(widget.locator(".tw-perspective option")).to_have_count(1)
    expect_log_up_to(widget, first)
    last = widget.get_by_role("button", name="Last step", exact=True)

    last.click()  # stops at the first exercise and asks it, scolding nobody
    expect(position).to_have_text(f"Step {first} of {total}")
    group = widget.get_by_role("group", name=exercises[0]["title"], exact=True)
    expect(group.locator(".tw-exercise-feedback")).to_have_text("")
    widget.get_by_role("button", name="Next step", exact=True).click()  # on: not yet, and why
    expect(position).to_have_text(f"Step {first} of {total}")
    expect(group.locator(".tw-exercise-feedback")).to_have_text(ASK_FIRST)
    answer_choose(widget, name)
    expect(progress).to_have_text(score(1, 3, 0), timeout=WAIT_MS)  # the kernel was told
    expect_log_up_to(widget, second)

    group.locator(".tw-exercise-on").click()
    expect(position).to_have_text(f"Step {first + 1} of {total}")
    last.click()
    expect(position).to_have_text(f"Step {second} of {total}")
    answer_legal(widget, name)
    expect(progress).to_have_text(score(2, 3, 0), timeout=WAIT_MS)

    last.click()
    expect(position).to_have_text(f"Step {third} of {total}")
    expect_log_up_to(widget, third)
    answer_next(widget, name)
    expect(progress).to_have_text(score(3, 3, 1), timeout=WAIT_MS)
    expect_log_up_to(widget, total)

    last.click()  # nothing left to ask: the end of the game
    expect(position).to_have_text(f"Step {total} of {total}")
    expect_nothing_asked(widget)
    assert not exercises_page.errors, exercises_page.errors
    assert not exercises_page.dialogs, exercises_page.dialogs
