"""Advice on a recorded decision, and the review of a player's game, as a learner uses them.

Searches run with a handful of playouts on late decisions (short play-outs), so the file
stays fast; what is checked is what the numbers mean, not how good they are.
"""
from __future__ import annotations

import json
import random
import re
from functools import lru_cache

import pytest

from tomato_widgets.cli import main
from tomato_widgets.core.advice import advice_json, advice_lines, advise, played_move, why
from tomato_widgets.core.errors import InvalidInputError
from tomato_widgets.core.game import CHANCE
from tomato_widgets.core.play import play_game
from tomato_widgets.core.records import GameRecord
from tomato_widgets.core.review import choices, decided_sentence, review
from tomato_widgets.core.search import Rating, Search
from tomato_widgets.games import GAMES, make_bot

NAMES = ["Ana", "Bea", "Cid"]
#: players per game: the fewest each takes and at least two; Tomate with three
TABLE = {name: max(2, game.min_players) for name, game in GAMES.items()} | {"tomate": 3}


@lru_cache(maxsize=None)
def recorded(name: str, names: tuple = ()):
    """A finished game of heuristic bots (the same every run)."""
    players = list(names) or NAMES[:TABLE[name]]
    bots = [make_bot(name, "heuristic", f"advice-{seat}") for seat in range(len(players))]
    return play_game(GAMES[name], bots, seed=7, names=players)


def without_time(data: dict) -> dict:
    return {key: value for key, value in data.items() if key != "seconds"}


# ---- advice on one decision ---------------------------------------------------------------
@pytest.mark.parametrize("name", list(GAMES))
def test_advice_rates_every_legal_move_best_first(name):
    record = recorded(name)
    game = record.game
    step = choices(record, 1)[-1]  # Bea's last decision with a choice
    legal = game.legal_actions(record.states[step], 1)
    played = record.steps[step].action
    search = advise(record, step, "bea", playouts=6, seed=1)  # a name, in any case
    assert search.seat == 1 and search.playouts == 6
    ratings = search.ratings()
    assert sorted(r.action for r in ratings) == sorted(legal)
    assert all(r.playouts == 6 for r in ratings)
    assert [r.win_chance for r in ratings] == sorted((r.win_chance for r in ratings), reverse=True)

    lines = advice_lines(search, record.players, played, step=step)
    moves = "move" if len(legal) == 1 else "moves"
    assert re.fullmatch(rf"Bea at step {step} \({re.escape(game.title)}\): {len(legal)} {moves}, "
                        r"6 playouts in \d+\.\d s", lines[0])
    chance = {r.action: r.win_chance for r in ratings}
    assert lines[1] == f"played: {chance[played]:.0%}, best: {ratings[0].win_chance:.0%}"
    assert len(lines) == 2 + len(legal)
    for rank, (line, rating) in enumerate(zip(lines[2:], ratings), 1):
        assert line.startswith(f"{rank}. {rating.label}: win {rating.win_chance:.0%} ± "
                               f"{rating.margin * 100:.0f}, mean score {rating.mean_score:.1f}, "
                               f"6 playouts")
        assert ("(best" in line) == (rank == 1)
        assert ("played)" in line) == (rating.action == played)

    data = advice_json(search, record.players, played, step=step)
    json.dumps(data)  # JSON-ready
    assert data["player"] == "Bea" and data["step"] == step and data["played"] == played
    assert [m["action"] for m in data["moves"]] == [r.action for r in ratings]
    assert data["best"] == ratings[0].action and data["moves"][0]["best"]
    assert [m["action"] for m in data["moves"] if m["played"]] == [played]
    for move, rating in zip(data["moves"], ratings):
        assert move["win_chance"] == rating.win_chance and move["margin"] == rating.margin
        assert move["why"] == why(game, ratings, rating, record.players)
        assert all(0 <= share <= 1 for share in move["consequences"].values())

    again = advise(record, step, 1, playouts=6, seed=1)  # the same seed: the same advice
    assert without_time(advice_json(again, record.players, played, step=step)) == without_time(data)


def test_advice_where_several_decide_at_once_finds_the_move_played_later():
    """Tomatomat: both seats place at once and one commits first; the other seat's move at
    that decision is the record's next step of that seat."""
    record = recorded("tomatomat")
    game = record.game
    step = next(k for k, s in enumerate(record.steps)
                if s.player == 0 and 1 in game.to_act(record.states[k]))
    later = next(k for k in range(step, len(record.steps)) if record.steps[k].player == 1)
    assert played_move(record, step, 1) == record.steps[later].action
    search = advise(record, step, 1, playouts=1, rollout="random")
    assert record.steps[later].action in search.actions


def rating(action: str, playouts: int, wins: float = 0.0, **consequences) -> Rating:
    """A rating made by hand: ``rule=(playouts it followed in, wins among them)``."""
    return Rating(action, action, playouts=playouts, wins=wins,
                  consequences={rule: count for rule, (count, _) in consequences.items()},
                  consequence_wins={rule: won for rule, (_, won) in consequences.items()})


def test_why_names_the_rule_that_stands_out_and_goes_with_winning():
    game = GAMES["tomate"]
    won = game.rulebook["trick.won"].title
    # a trick won follows "a" more often, and games with one are won far more often; the
    # lead follows "a" more often too, but makes no difference to winning
    a = rating("a", 100, 40, **{"trick.won": (61, 35), "trick.lead": (70, 28)})
    b = rating("b", 100, 20, **{"trick.won": (40, 16), "trick.lead": (45, 9)})
    c = rating("c", 100, 22, **{"trick.won": (44, 18), "trick.lead": (52, 11)})
    assert why(game, [a, b, c], a, NAMES) == (
        f'"{won}" follows 61% of the time (42% after the other moves); games where it happens '
        "are won 48% of the time, others 8%.")  # 69 of 145, 13 of 155
    # less often than after the others is told the same way
    assert why(game, [a, b], b, NAMES).startswith(f'"{won}" follows 40% of the time (61% after the other move)')
    # under 10 points apart: nothing stands out
    d = rating("d", 100, 30, **{"trick.won": (49, 25)})
    e = rating("e", 100, 20, **{"trick.won": (40, 12)})
    assert why(game, [d, e], d, NAMES) is None
    # far apart, but no link to winning: nothing worth saying
    f = rating("f", 100, 30, **{"trick.won": (80, 24)})
    g = rating("g", 100, 30, **{"trick.won": (20, 6)})
    assert why(game, [f, g], f, NAMES) is None
    # a rule that follows exactly as often as a win after every move announces the win
    ended = "end.most-chips"
    h = rating("h", 10, 7, **{ended: (7, 7), "trick.won": (5, 5)})
    i = rating("i", 10, 2, **{ended: (2, 2), "trick.won": (5, 2)})
    assert why(game, [h, i], h, NAMES) is None
    i.consequences["trick.won"], i.consequence_wins["trick.won"] = 1, 1
    assert why(game, [h, i], h, NAMES).startswith(f'"{won}" follows 50% of the time (10% after the other move)')
    # no playouts on either side: nothing to compare
    assert why(game, [a, rating("z", 0)], a, NAMES) is None
    assert why(game, [rating("y", 0), b], rating("y", 0), NAMES) is None


# ---- refusals -----------------------------------------------------------------------------
def test_advice_refuses_a_step_outside_the_record():
    record = recorded("tomate")
    total = len(record.steps)
    for step in (-1, total + 1, "3", True):
        with pytest.raises(InvalidInputError, match=rf"no step .*0 \(the start\) to {total}"):
            advise(record, step, 0, playouts=1)


def test_advice_refuses_an_unknown_seat_and_lists_the_players():
    record = recorded("tomate")
    step = choices(record, 0)[0]
    with pytest.raises(InvalidInputError, match=r"no player is called 'Zed'.*'Ana' \(seat 0\)"):
        advise(record, step, "Zed", playouts=1)
    with pytest.raises(InvalidInputError, match=r"no seat 3; the seats are 0 to 2"):
        advise(record, step, 3, playouts=1)
    assert advise(record, step, "ANA", playouts=1).seat == 0
    assert advise(record, step, 0, playouts=1).seat == 0


def test_a_name_two_players_share_but_for_case_is_refused_unless_exact():
    record = recorded("tomate", ("Ana", "ana"))
    step = choices(record, 1)[0]
    assert advise(record, step, "ana", playouts=1).seat == 1  # exactly that player's name
    with pytest.raises(InvalidInputError, match="names seats 0, 1: give the seat number"):
        advise(record, step, "ANA", playouts=1)


def test_advice_says_who_decides_when_the_seat_does_not():
    record = recorded("tomate")
    game = record.game
    dealt = next(k for k in range(len(record.steps)) if game.to_act(record.states[k]) == (CHANCE,))
    mine = next(k for k in range(dealt, len(record.steps)) if record.steps[k].player == 1)
    with pytest.raises(InvalidInputError, match=rf"Bea does not decide at step {dealt}: chance "
                                                 rf"decides there.*decides next at step {mine}"):
        advise(record, dealt, "Bea", playouts=1)
    other = next(k for k, s in enumerate(record.steps)
                 if s.player == 2 and game.to_act(record.states[k]) == (2,))
    with pytest.raises(InvalidInputError, match=rf"Bea does not decide at step {other}: Cid decides there"):
        advise(record, other, "Bea", playouts=1)


def test_advice_refuses_the_end_of_a_finished_game():
    record = recorded("tanemaki")
    last = len(record.steps)
    with pytest.raises(InvalidInputError, match=rf"the game is over at step {last}.*Bea last decided at step"):
        advise(record, last, "Bea", playouts=1)


@pytest.mark.parametrize("settings, message", [
    ({"playouts": 0}, "playouts must be a whole number from 1 to 100,000, not 0"),
    ({"playouts": 2.5}, "playouts must be a whole number from 1 to 100,000"),
    ({"seconds": -1}, "seconds must be a number above 0"),
    ({"seconds": float("nan")}, "seconds must be a number above 0"),
    ({"playouts": 1, "rollout": "search"}, "played out by one of heuristic, own-turn, random, not 'search'"),
])
def test_advice_refuses_a_bad_budget_or_rollout(settings, message):
    record = recorded("tomate")
    with pytest.raises(InvalidInputError, match=re.escape(message)):
        advise(record, choices(record, 0)[0], 0, **settings)


def test_more_playouts_than_an_hours_search_are_refused_before_searching(capsys, saved,
                                                                         monkeypatch):
    """``--playouts 10**18`` would search for ever and print nothing, while ``--seconds
    3601`` is refused: playouts have a bound too, in one line, from Python and the command
    line, and nothing is searched."""
    from tomato_widgets.core.advice import check_budget
    record, path = saved
    step = choices(record, 1)[-1]
    monkeypatch.setattr(Search, "run", lambda *args, **kwargs: pytest.fail("it searched"))
    bound = "must be a whole number from 1 to 100,000"
    for refused in (lambda: check_budget(None, 10**18),
                    lambda: advise(record, step, 1, playouts=10**18),
                    lambda: review(record, 1, playouts=100_001)):
        with pytest.raises(InvalidInputError, match=f"^playouts {bound}, not "):
            refused()
    for refused in (lambda: check_budget(3601, None), lambda: advise(record, step, 1, seconds=3601)):
        with pytest.raises(InvalidInputError, match="^seconds must be a number above 0 and at "
                                                    "most 3600, not 3601"):
            refused()
    for command in (("advise", path, "--step", step, "--as", "Bea"), ("review", path, "--as", "Bea")):
        code, out, err = run(capsys, *command, "--playouts", 10**18)
        assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
        assert f"--playouts: {bound}, not '{10**18}'" in err
    assert check_budget(None, 100_000) == (None, 100_000)


def test_lines_refuse_a_played_move_that_was_not_rated():
    record = recorded("tomate")
    search = advise(record, choices(record, 0)[0], 0, playouts=1)
    with pytest.raises(InvalidInputError, match="not one of the moves rated here"):
        advice_lines(search, record.players, "play:nonsense")


# ---- a game too long to play out ----------------------------------------------------------
LONGEST = {"rounds": 1000, "starting_chips": 100_000}


@lru_cache(maxsize=None)
def longest_game(steps: int = 60):
    """The first steps of Tomate's longest game: 13 players, 1,000 rounds, 100,000 chips."""
    game = GAMES["tomate"]
    record = GameRecord(game, 13, LONGEST)
    bots = [make_bot("tomate", "heuristic", seat) for seat in range(13)]
    chance = random.Random(3)
    while len(record.steps) < steps:
        state = record.state
        actor = state.actor[0]
        if actor == CHANCE:
            record.append(game.sample_chance(state, chance), CHANCE)
        else:
            record.append(bots[actor].decide(game, state, actor, game.legal_actions(state, actor)),
                          actor)
    return record


@pytest.fixture
def step_cap(monkeypatch):
    """A cap of 50 steps: no play-out of the longest game reaches its end (fast to show)."""
    from tomato_widgets.core import search as searching
    monkeypatch.setattr(searching, "MAX_ROLLOUT_STEPS", 50)
    return 50


def test_advice_where_no_play_out_ends_rates_nothing_and_says_why(step_cap):
    """Early in a very long game every play-out is cut by the step cap: that must not pose as
    "win 0%, mean score 0.0" for every move. The advice says the game is too long to play out
    from here and rates no move, in text, in JSON and in the widget's advisor."""
    from tomato_widgets.widgets import replay
    record = longest_game()
    seat = next(p for p in range(13) if choices(record, p))
    step = choices(record, seat)[0]
    moves = len(record.game.legal_actions(record.states[step], seat))
    search = advise(record, step, seat, playouts=4)
    note = (f"The game is too long to play out from here: all {4 * moves} play-outs stopped "
            f"unfinished after {step_cap} steps, so no move can be rated.")
    lines = advice_lines(search, record.players, record.steps[step].action, step=step)
    assert not any("win 0%" in line or "best" in line for line in lines)
    assert lines[1] == note
    assert len(lines) == 2 + moves and all(": not rated, 4 playouts, all stopped unfinished"
                                           in line for line in lines[2:])
    assert not search.rated and search.cut == search.played_out == 4 * moves
    assert all(r.playouts == 0 and r.cut == 4 for r in search.ratings())
    data = advice_json(search, record.players, step=step)
    assert data["best"] is None and data["cut"] == 4 * moves and data["note"] == note
    assert all(move["cut"] == 4 and move["playouts"] == 0 and not move["best"]
               for move in data["moves"])
    widget = replay(record, perspective=seat, step=step)
    shown = widget.advise(0.05)
    assert len(shown) == 1 and shown[0].startswith("The game is too long to play out from here: all ")
    assert widget.advice["rows"] == [] and widget.advice["note"] == shown[0]


def test_advice_leaves_the_play_outs_that_did_not_end_out_and_says_how_many(monkeypatch):
    """Where some play-outs end and others are cut, the ratings count those that ended, and
    the advice says how many were left out."""
    from tomato_widgets.core import search as searching
    from tomato_widgets.widgets.advisor import Target, advice_of
    game = GAMES["tomate"]
    record = GameRecord(game, NAMES[:3] + ["Dan"], {"rounds": 6})
    chance = random.Random(0)
    while record.state.actor[0] == CHANCE:
        record.append(game.sample_chance(record.state, chance), CHANCE)
    step, seat = len(record.steps), record.state.actor[0]
    monkeypatch.setattr(searching, "MAX_ROLLOUT_STEPS", 80)  # some of these games end by then
    search = advise(record, step, seat, playouts=8, rollout="random")
    assert any(r.playouts < 8 for r in search.ratings())  # the cut ones are not counted
    cut, total = search.cut, search.played_out
    assert 0 < cut < total and search.rated
    note = (f"The game is too long to play out from here: {cut} of {total} play-outs stopped "
            f"unfinished after 80 steps; the ratings count only the {total - cut} that reached "
            "the end.")
    lines = advice_lines(search, record.players, step=step)
    assert lines[1] == note
    for rating, line in zip(search.ratings(), lines[2:]):
        assert rating.playouts + rating.cut == 8
        assert f"win {rating.win_chance:.0%}" in line and f"{rating.playouts} playouts" in line
        if rating.cut:
            assert f"({rating.cut} more stopped unfinished)" in line
    target = Target(record.state, seat, None, ())
    assert advice_of(search, target, record.players, True)["summary"] == note


def test_a_review_where_no_play_out_ends_says_it_could_not_rate_the_decisions(step_cap):
    """A review of a game too long to play out must not report "no mistakes": it counts and
    names the decisions it could not rate, in text, in JSON and in the widget."""
    from tomato_widgets.widgets import replay
    record = longest_game()
    seat = next(p for p in range(13) if len(choices(record, p)) >= 2)
    result = review(record, seat, playouts=2)
    steps = choices(record, seat)
    lines = result.lines()
    assert "No reviewed decision rated below the best move." not in lines
    assert result.reviewed == steps and result.unrated == steps and result.below_best == 0
    assert result.cut == result.played_out > 0
    listed = ", ".join(map(str, steps))
    assert lines[2] == (f"{result.cut} of {result.played_out} play-outs stopped unfinished "
                        f"after {step_cap} steps (the game too long to play out from there) "
                        "and count in no rating.")
    assert lines[3] == (f"{len(steps)} reviewed decisions (steps {listed}) could not be rated: "
                        "every play-out of the move played stopped unfinished.")
    assert result.to_json()["unrated"] == steps
    data = replay(record, perspective=seat, step=0).review(seat, playouts=2)
    assert data["unrated"] == steps and data["mistakes"] == [] and data["cut"] > 0
    assert "could not be rated" in data["note"]


# ---- the advisor knows only what the player knows -----------------------------------------
class Peeking:
    """The game, except that "redrawing what the player cannot see" keeps the true cards: a
    search over it peeks. The control that shows the test below could fail."""

    def __init__(self, game):
        self.game = game

    def __getattr__(self, name):
        return getattr(self.game, name)

    def resample_hidden(self, state, seat, rng):
        rng.random()  # draw as the real one does, so that only the cards differ
        return state


def rated(game, state, seat, names) -> dict:
    return without_time(advice_json(Search(game, state, seat, seed=5).run(playouts=3), names))


@pytest.mark.parametrize("name", list(GAMES))
def test_cards_the_player_cannot_see_do_not_change_the_advice(name):
    """Two positions the player cannot tell apart (everything hidden from them dealt anew)
    get exactly the same ratings from the same seed: the search draws its worlds from what
    the player knows, so the true hidden cards leave no trace, not even a statistical one.
    The position is one where a search that peeked would rate the two differently."""
    record = recorded(name)
    game = record.game
    steps = [k for k, s in enumerate(record.steps) if s.player != CHANCE
             and len(game.legal_actions(record.states[k], s.player)) > 1]
    peeked = Peeking(game)
    for step in list(reversed(steps))[2:20]:  # late decisions (short play-outs), not the last
        seat, state = record.steps[step].player, record.states[step]
        other = game.resample_hidden(state, seat, random.Random(step))
        assert game.observe(other, seat) == game.observe(state, seat)
        if not game.hidden_information:  # dice are rolled in the open: nothing to redraw
            assert other == state
            continue
        if rated(peeked, state, seat, record.players) == rated(peeked, other, seat, record.players):
            continue  # the hidden cards would not matter even to a peeking search
        assert rated(game, state, seat, record.players) == rated(game, other, seat, record.players)
        return
    assert not game.hidden_information, "no decision where the hidden cards would matter"


# ---- the review ---------------------------------------------------------------------------
def test_review_of_a_whole_game_lists_the_costliest_decisions():
    record = recorded("tomate")
    progress = []
    result = review(record, "Bea", playouts=4, top=3,
                    on_progress=lambda done, total, step: progress.append((done, total, step)))
    every = choices(record, 1)
    assert every and all(record.steps[k].player == 1 for k in every)
    assert result.decisions == every and result.reviewed == every and result.complete
    assert [p[2] for p in progress] == every and progress[-1][:2] == (len(every), len(every))
    assert result.playouts == 4 * len(every)
    assert len(result.mistakes) == min(3, result.below_best)
    losses = [m.loss for m in result.mistakes]
    assert losses == sorted(losses, reverse=True) and all(loss > 0 for loss in losses)
    for mistake in result.mistakes:
        assert mistake.played_action == record.steps[mistake.step].action
        assert mistake.loss == pytest.approx(mistake.best_chance - mistake.played_chance)
        assert not mistake.sure  # four playouts are too few to be sure of anything
        # the review's numbers for a step are what advice on that step shows
        search = advise(record, mistake.step, "Bea", playouts=4)
        assert search.ratings_by_action[mistake.played_action].win_chance == mistake.played_chance
        assert search.ratings()[0].win_chance == mistake.best_chance
    outcome = record.outcome
    winner = record.players[outcome.winners[0]]
    assert result.decided.startswith(f"{winner} won with {outcome.scores[outcome.winners[0]]} chips")
    assert f'Deciding rule: "{record.game.rulebook[outcome.rule].title}"' in result.decided
    lines = result.lines()
    assert lines[0].startswith(f"Review of Bea's Tomate: all {len(every)} decisions with a choice")
    assert lines[1] == result.decided
    if result.below_best:
        assert re.match(rf"{result.below_best} reviewed decisions? rated below the best move", lines[2])
        assert [line.strip() for line in lines[3:]] == [m.line() for m in result.mistakes]
    else:
        assert lines[2:] == ["No reviewed decision rated below the best move."]
    data = json.loads(json.dumps(result.to_json()))
    assert data["reviewed"] == every and len(data["mistakes"]) == len(result.mistakes)


def test_review_of_the_last_decisions_only_and_stopping_early():
    record = recorded("tomatomat")
    every = choices(record, 0)
    result = review(record, 0, playouts=2, decisions=3, rollout="random")
    assert result.reviewed == every[-3:] and result.decisions == every
    assert result.lines()[0].startswith(f"Review of Ana's Tomatomat: the last 3 of {len(every)} decisions")
    asked = []
    stopped = review(record, 0, playouts=1, decisions=3, rollout="random",
                     should_stop=lambda: asked.append(1) or len(asked) > 1)
    assert stopped.reviewed == every[-3:-2] and not stopped.complete
    assert stopped.lines()[0].startswith(
        f"Review of Ana's Tomatomat: the last 3 of {len(every)} decisions with a choice "
        "(stopped early, after 1),")
    with pytest.raises(InvalidInputError, match="decisions is a whole number above 0"):
        review(record, 0, playouts=1, decisions=0)


@pytest.mark.parametrize("name", list(GAMES))
def test_what_decided_the_game_names_winner_place_and_rule(name):
    record = recorded(name)
    outcome = record.outcome
    for seat, player in enumerate(record.players):
        sentence = decided_sentence(record, seat)
        assert player in sentence and str(outcome.scores[seat]) in sentence
        assert record.game.rulebook[outcome.rule].title in sentence
        for winner in outcome.winners:
            assert record.players[winner] in sentence
        if seat not in outcome.winners and outcome.winners:
            assert re.search(rf"{player} ended (second|third|fourth)", sentence)


# ---- the command line -----------------------------------------------------------------------
def run(capsys, *argv):
    code = main([str(arg) for arg in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def saved(tmp_path):
    record = recorded("tomate")
    path = tmp_path / "tomate.json"
    record.save(path)
    return record, path


def test_cli_advise_prints_the_lines_and_json(capsys, saved):
    record, path = saved
    step = choices(record, 1)[-1]
    code, out, err = run(capsys, "advise", path, "--step", step, "--as", "bea", "--playouts", 5)
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].startswith(f"Bea at step {step} (Tomate): ") and ", 5 playouts in" in lines[0]
    assert lines[1].startswith("played: ") and "(best" in lines[2]
    code, out, _ = run(capsys, "advise", path, "--step", step, "--as", "seat:1", "--playouts", 5,
                       "--json")
    data = json.loads(out)
    assert code == 0 and data["played"] == record.steps[step].action and data["playouts"] == 5
    assert data["moves"][0]["label"] in lines[2]


@pytest.mark.parametrize("argv, message, status", [
    (("--step", 10_000, "--as", "Bea"), "no step 10000", 1),
    (("--step", "{first}", "--as", "all"), "all-seeing view, which makes no moves", 1),
    (("--step", "{first}", "--as", "Zed"), "'Zed' is no player's name", 1),
    (("--step", "{first}", "--as", "Bea", "--playouts", 0), "--playouts: must be a whole number "
                                                             "from 1 to 100,000, not '0'", 2),
    (("--step", "{first}", "--as", "Bea", "--playouts", 3, "--seconds", 1), "not allowed with", 2),
    (("--step", "{first}", "--as", "Bea", "--rollout", "genius"), "invalid choice", 2),
    (("--as", "Bea",), "the following arguments are required: --step", 2),
])
def test_cli_advise_refuses_bad_input_in_one_line(capsys, saved, argv, message, status):
    record, path = saved
    first = str(choices(record, 1)[0])
    argv = [first if arg == "{first}" else arg for arg in argv]
    code, out, err = run(capsys, "advise", path, *argv)
    assert code == status and out == ""
    assert message in err and len(err.strip().splitlines()) == 1


def test_cli_review_prints_the_review_and_json(capsys, saved):
    record, path = saved
    every = choices(record, 1)
    code, out, err = run(capsys, "review", path, "--as", "Bea", "--playouts", 3, "--last", 5)
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].startswith(f"Review of Bea's Tomate: the last 5 of {len(every)} decisions")
    assert lines[1] == decided_sentence(record, 1)
    code, out, _ = run(capsys, "review", path, "--as", "Bea", "--playouts", 3, "--last", 5,
                       "--top", 0, "--json")
    data = json.loads(out)
    assert code == 0 and data["reviewed"] == every[-5:] and data["mistakes"] == []
    code, out, err = run(capsys, "review", path, "--as", "seat:7")
    assert code == 1 and out == "" and "the seats are 0 (the first) to 2" in err
