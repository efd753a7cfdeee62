"""Advice, tested by difference, for every game with hidden information.

Two games that seat P cannot tell apart (the twins of ``hidden_pairs``: other deals, other
face-down cards, other hand-offs) must get the same advice for P: rated with the same seed
and the same playouts, every decision of P where the games already differ gets identical
ratings from ``advise``, the widget's Advisor and ``review``, and the search bots make the
same move. Advice that differs reads something P cannot see, and would tell a learner the
others' cards through the numbers. Karate Tomate's face-down Tomato against a face-down
Number card is built on purpose as well, as the random twins seldom hold one at a decision.

CI runs a fixed sample; ``--pairs N`` runs N fresh games per game (a soak).
"""
from __future__ import annotations

import random

import pytest

from hidden_pairs import finished_game, twins_for
from tomato_widgets.core.advice import advice_json, advise
from tomato_widgets.core.game import CHANCE
from tomato_widgets.core.records import GameRecord
from tomato_widgets.core.review import review
from tomato_widgets.core.search import SearchBot
from tomato_widgets.games import GAMES, make_bot
from tomato_widgets.games.karate_tomate.cards import TOMATO
from tomato_widgets.widgets.shell import GameWidget

HIDDEN = sorted(name for name, game in GAMES.items() if game.hidden_information)
#: playouts per rated decision: enough that the worlds of one hidden card differ from
#: those of another, few enough for CI
PLAYOUTS = 16
SEED = 7
#: decisions rated per twin pair: the first ones where the games differ (later the twin
#: mostly repeats the original's moves, and each decision costs a search per way of asking)
DECISIONS_PER_PAIR = 1


def prefix(record: GameRecord, length: int) -> GameRecord:
    """A new record of the first ``length`` steps of ``record``."""
    copy = GameRecord(record.game, list(record.players), dict(record.options), dict(record.headers))
    for step in record.steps[:length]:
        copy.append(step.action, step.player, step.comment, step.tags, step.visible_to)
    return copy


def decisions_alike(original: GameRecord, twin: GameRecord, seat: int, start: int) -> list[int]:
    """The steps from ``start`` on where ``seat`` made a move with a choice, in both records
    (checked to look the same to the seat there: else the pair proves nothing)."""
    game = original.game
    found = []
    for step in range(start, min(len(original.steps), len(twin.steps))):
        if original.steps[step].player != seat:
            continue
        mine, theirs = original.states[step], twin.states[step]
        assert game.observe(mine, seat) == game.observe(theirs, seat), f"step {step} differs"
        legal = game.legal_actions(mine, seat)
        assert legal == game.legal_actions(theirs, seat), f"step {step}: other legal moves"
        if len(legal) > 1:
            found.append(step)
    return found


# ---- the four ways advice is asked for --------------------------------------------------------
def by_advise(record, step, seat):
    """``advise``'s ratings as its JSON (the time it took aside)."""
    data = advice_json(advise(record, step, seat, playouts=PLAYOUTS, seed=SEED), record.players,
                       record.steps[step].action, step=step)
    data.pop("seconds")
    return data


def by_advisor(record, step, seat):
    """What the widget's Advisor sends the page in a replay for the seat, after the same
    playouts (driven by playouts, not seconds, so that both games get the same)."""
    widget = GameWidget.replay(record, perspective=seat, step=step)
    try:
        widget.advisor_on = True
        advisor = widget._advisor
        assert advisor.search is not None, widget.advice.get("note")
        advisor.search.run(playouts=PLAYOUTS)
        advisor.publish()
        advice = dict(widget.advice)
    finally:
        widget.close()
    advice.pop("seconds")
    assert advice["rows"], "the Advisor rated nothing"
    return advice


def by_review(record, step, seat):
    """A review of the seat's game up to and with this decision: its last decision is this
    one, so its mistakes and ratings are this decision's."""
    found = review(prefix(record, step + 1), seat, playouts=PLAYOUTS, seed=SEED, decisions=1,
                   top=100).to_json()
    assert found["reviewed"] == [step]
    found.pop("seconds")
    return found


def by_search_bots(record, step, seat):
    """The move of the plain search bot and of the game's own search bots (flat, anchored on
    the heuristic bot; and the tree search)."""
    game, state = record.game, record.states[step]
    legal = game.legal_actions(state, seat)
    bots = [SearchBot(SEED, playouts=PLAYOUTS),
            make_bot(game.name, "search", SEED, playouts=PLAYOUTS),
            make_bot(game.name, "search", SEED, playouts=PLAYOUTS, method="tree")]
    return [bot.decide(game, state, seat, legal) for bot in bots]


MODES = {"advise": by_advise, "advisor": by_advisor, "review": by_review,
         "search-bots": by_search_bots}


def assert_advised_alike(mode: str, original, twin, step: int, seat: int, where: str) -> None:
    ask = MODES[mode]
    mine, theirs = ask(original, step, seat), ask(twin, step, seat)
    assert mine == theirs, (f"{mode} tells apart two games seat {seat} cannot ({where}, step "
                            f"{step}): {mine} against {theirs}")


# ---- the tests -----------------------------------------------------------------------------------
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("name", HIDDEN)
def test_twin_games_get_the_same_advice(name, mode, pair_seeds):
    """Every way of asking for advice rates the seat's decisions in two games it cannot tell
    apart the same, from the first difference on."""
    compared = 0
    for seed in pair_seeds:
        for twins in twins_for(name, seed):
            if not twins.differ:
                continue
            seat = twins.seat
            steps = decisions_alike(twins.original, twins.twin, seat, twins.first_difference)
            for step in steps[:DECISIONS_PER_PAIR]:
                assert_advised_alike(mode, twins.original, twins.twin, step, seat,
                                     f"{name}, seed {seed}, games differ from step "
                                     f"{twins.first_difference}")
                compared += 1
    assert compared, f"no {name} decision was found where twin games differ"
    print(f"{name}, {mode}: {compared} decisions compared")  # shown with -s (a soak's count)


def face_down_twins(count: int) -> list[tuple[int, GameRecord, GameRecord]]:
    """Karate Tomate: (seat P, a record, its twin) where in a heat another seat's face-down
    card is a Number card in the record and its Tomato in the twin, and P commits next, from
    ``count`` games (one pair each). P's view is checked to be the same in both."""
    game = GAMES["karate_tomate"]
    pairs = []
    for seed in range(100):
        record = finished_game("karate_tomate", seed)
        found = []
        for step, (move, then) in enumerate(zip(record.steps, record.steps[1:])):
            seat = then.player
            commits = then.action == TOMATO or then.action.startswith("play:")
            if not move.action.startswith("play:") or not commits or seat == move.player:
                continue
            moves = len(game.legal_actions(record.states[step + 1], seat))
            if moves < 2:
                continue
            heat = record.states[step].heat
            found.append(((heat, moves) if len(pairs) % 2 else (moves, heat), step, seat,
                          move.player))
        if not found:
            continue
        # by turns: where the seat has the most moves to rate (a search that reads the hidden
        # card sways more among many), and the latest heat (where the colour rule binds)
        _, step, seat, other = max(found)
        original = prefix(record, step + 2)
        twin = prefix(record, step)
        twin.append(TOMATO, other)
        twin.append(record.steps[step + 1].action, seat)
        for number in (step + 1, step + 2):
            assert game.observe(original.states[number], seat) == \
                game.observe(twin.states[number], seat)
        assert original.states[step + 1].committed[other] != TOMATO
        assert twin.states[step + 1].committed[other] == TOMATO
        pairs.append((seat, original, twin))
        if len(pairs) == count:
            return pairs
    raise AssertionError(f"only {len(pairs)} games with a face-down card before another's")


@pytest.mark.parametrize("mode", MODES)
def test_a_face_down_tomato_and_a_number_card_get_the_same_advice(mode):
    """Karate Tomate: whether another seat's card of this heat is its Tomato or a Number card
    is hidden until the reveal; advice on the next seat's card must not depend on it."""
    for number, (seat, original, twin) in enumerate(face_down_twins(4)):
        step = len(original.steps) - 1
        assert_advised_alike(mode, original, twin, step, seat,
                             f"pair {number}, Tomato or Number card face down")


def test_diced_tomatoes_hides_nothing_so_its_search_reads_the_table_as_seen():
    """Diced Tomatoes shows everybody everything: no two games look alike to a seat, and
    the worlds the search plays out are the table itself, so there is no twin to compare."""
    game = GAMES["diced_tomatoes"]
    assert not game.hidden_information
    rng = random.Random(SEED)
    for seed in range(2):
        assert not any(twins.differ for twins in twins_for("diced_tomatoes", seed))
        record = finished_game("diced_tomatoes", seed)
        for step, move in enumerate(record.steps):
            if move.player != CHANCE:
                state = record.states[step]
                assert game.resample_hidden(state, move.player, rng) == state
