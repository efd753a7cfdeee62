"""One contract over every registered game (OpenSpiel's random-simulation test, in spirit).

For each game and each supported player count: random play-outs to the end where the game
runs only while someone can act, every listed legal action applies and actions near them
that are not legal are refused without a change, old states never change, the record round-trips through JSON to equal states, the same seed gives the same
game, the game's invariants hold, an observation does not change when only other players'
hidden information changes, and every event names a rule of the catalogue.
`pytest --games N` sets how many games per game and player count (default a few).
"""
from __future__ import annotations

import copy
import json
import random

import pytest

from tomato_widgets.core.game import CHANCE
from tomato_widgets.core.play import play_game, random_bots
from tomato_widgets.core.records import GameRecord, load_record
from tomato_widgets.core.registry import plugins
from tomato_widgets.games import GAMES

CASES = [(name, n) for name, game in GAMES.items()
         for n in range(game.min_players, game.max_players + 1)]


def _ids(case):
    return f"{case[0]}-{case[1]}p"


@pytest.fixture(params=CASES, ids=_ids)
def case(request):
    return request.param


def _short(game):
    """Short games keep the contract quick; other options get their defaults."""
    return {"rounds": 3} if any(o.name == "rounds" for o in game.options) else {}


def test_random_playouts_keep_the_contract(case, games_per_case):
    name, players = case
    game = GAMES[name]
    for seed in range(games_per_case):
        rng = random.Random(f"{name}-{players}-{seed}")
        state = game.new_game(players, _short(game))
        steps = 0
        while True:
            game.check_invariants(state)
            actors = game.to_act(state)
            outcome = game.outcome(state)
            if not actors:
                assert outcome is not None, "nobody can act but the game has no outcome"
                assert set(outcome.winners) <= set(range(players))
                assert outcome.winners or players == 1, "only a player alone may lose to nobody"
                assert outcome.rule in game.rulebook
                break
            assert outcome is None, "the game has an outcome while someone can still act"
            if actors[0] == CHANCE:
                assert actors == (CHANCE,)
                action, seat = game.sample_chance(state, rng), CHANCE
                assert game.reason_illegal(state, action, CHANCE) is None
                assert 0 < game.chance_probability(state, action) <= 1
            else:
                seat = rng.choice(actors)
                legal = game.legal_actions(state, seat)
                assert legal, f"seat {seat} must act but has no legal action"
                assert len(set(legal)) == len(legal), "duplicate legal actions"
                for other in legal:  # every listed action applies and is labelled
                    assert game.reason_illegal(state, other, seat) is None
                    game.apply(state, other, seat)
                    assert game.action_label(state, other)
                action = rng.choice(legal)
                refuses_what_is_not_legal(game, state, seat, legal, rng)
            snapshot = copy.deepcopy(state)
            new_state, events = game.apply(state, action, seat)
            assert state == snapshot, "apply changed the old state"
            for event in events:
                assert event.rule in game.rulebook, f"unknown rule {event.rule!r}"
                json.dumps(event.to_json())
            state = new_state
            steps += 1
            assert steps < 100_000, "the game does not end"


def near_misses(legal, rng) -> list:
    """Action ids close to legal ones that are not legal: cut, lengthened, with a part
    swapped for another legal action's part, plus things that are not ids at all."""
    misses = ["", " ", "\x00", "x" * 300, None, 7, ["play"], "play:", ":", "pass:pass"]
    for action in rng.sample(list(legal), min(4, len(legal))):
        misses += [action + "x", action[:-1], action.upper(), f"{action}:{action}"]
        head, sep, tail = action.rpartition(":")
        if sep:
            other = rng.choice(legal).partition(":")[0]
            misses.append(f"{other}:{tail}:{head}")
    return [m for m in misses if m not in legal]


def refuses_what_is_not_legal(game, state, seat, legal, rng) -> None:
    """Each near miss is refused with a catalogued rule and a sentence; the state is unchanged."""
    before = copy.deepcopy(state)
    for miss in near_misses(legal, rng):
        reason = game.reason_illegal(state, miss, seat)
        assert reason is not None, miss
        assert reason.rule in game.rulebook and reason.message, miss
        assert len(reason.message) < 400, "a refusal quotes only an excerpt"
        with pytest.raises(ValueError):
            game.apply(state, miss, seat)
    assert state == before


def test_in_place_states_step_exactly_like_immutable_ones(case, games_per_case):
    """A thawed state (the fast path of play-outs and the benchmark) changes in place, and
    after every step it equals the state and events that ``apply`` makes on immutable ones."""
    name, players = case
    game = GAMES[name]
    for seed in range(max(2, games_per_case)):
        options = _short(game) if seed % 2 else {}  # default-length games too
        record = play_game(game, random_bots(players, seed), seed=f"thaw-{seed}", options=options)
        start = record.states[0]
        state = start.thaw()
        assert state.in_place and not start.in_place
        twin = state.thaw()  # thawing gives a private copy, even of an in-place state
        assert twin is not state and twin == state and twin.in_place
        for number, step in enumerate(record.steps, 1):
            before = state.freeze()
            with pytest.raises(ValueError):  # refused moves leave the state as it was
                game.apply(state, "no-such-action", step.player)
            assert state.freeze() == before
            after, events = game.apply(state, step.action, step.player)
            assert after is state, "an in-place state is changed, not copied"
            assert state.freeze() == record.states[number], f"step {number}: {step.action}"
            assert events == record.events[number - 1], f"step {number}: {step.action}"
        assert record.states[0] == start and not game.to_act(state)


def test_hidden_information_does_not_leak(case):
    """observe(p) is the same for every state p cannot tell apart, and bots' legal moves too."""
    name, players = case
    game = GAMES[name]
    rng = random.Random(f"hidden-{name}-{players}")
    record = play_game(game, random_bots(players, 5), seed=5, options=_short(game))
    changed = 0
    for state in record.states[:: max(1, len(record.states) // 60)]:
        for seat in range(players):
            other = game.resample_hidden(state, seat, rng)
            game.check_invariants(other)
            assert game.observe(other, seat) == game.observe(state, seat)
            if seat in game.to_act(state):
                assert game.legal_actions(other, seat) == game.legal_actions(state, seat)
            changed += other != state
    if game.hidden_information:
        assert changed, "resampling never changed a hidden card: the check proves nothing"


def test_records_round_trip_and_seeds_repeat(case):
    name, players = case
    game = GAMES[name]
    record = play_game(game, random_bots(players, 11), seed=11, options=_short(game))
    again = play_game(game, random_bots(players, 11), seed=11, options=_short(game))
    assert [s.action for s in again.steps] == [s.action for s in record.steps]
    loaded = load_record(json.dumps(record.to_json()))
    assert loaded.states == record.states
    assert loaded.events == record.events
    assert loaded.outcome == record.outcome
    other = play_game(game, random_bots(players, 12), seed=12, options=_short(game))
    assert [s.action for s in other.steps] != [s.action for s in record.steps]


def test_every_rule_can_be_told(case):
    """Each event of a game reads as a sentence for every seat (secrets withheld)."""
    name, players = case
    game = GAMES[name]
    record = play_game(game, random_bots(players, 3), seed=3, options=_short(game))
    for events in record.events:
        for event in events:
            for seat in (None, *range(players)):
                seen = event.seen_by(seat)
                text = game.explain(seen, record.players)
                assert text and "{" not in text
                if seat is not None and seat not in event.players:
                    for key in event.secret:
                        assert key not in seen.facts


# ---- the plug-in: its presenter and teaching parts keep their shapes -----------------------
def _shaped_scene(scene: dict, where: str) -> None:
    assert isinstance(scene, dict) and isinstance(scene.get("items"), list), where
    assert all(isinstance(scene[key], (int, float)) and scene[key] > 0
               for key in ("width", "height")), where
    assert all(isinstance(item, dict) and isinstance(item.get("id"), str)
               for item in scene["items"]), f"{where}: every item has an id"


@pytest.mark.parametrize("name", list(GAMES))
def test_the_plugin_presents_every_view_in_the_protocol_shapes(name):
    """What every widget and the command line rely on, for every registered game (plug-ins
    from outside included): scenes, knowledge lines, the prompt, the text view, chapters,
    the results, the words for hidden things, the exercises, the guided game, the pictures."""
    parts = plugins()[name]
    game = parts.game
    players = min(3, game.max_players)
    record = play_game(game, random_bots(players, 5), seed=5, options=_short(game))
    names = record.players
    for index in sorted({0, len(record.steps) // 3, len(record.steps) // 2, len(record.steps)}):
        state = record.states[index]
        for view in (None, *range(players)):
            observation = game.observe(state, view)
            legal = list(game.legal_actions(state, view)) if view in game.to_act(state) else None
            where = f"{name} step {index}, view {view}"
            _shaped_scene(parts.scene(observation, names, legal), where)
            if parts.narrow_scene is not None:
                _shaped_scene(parts.narrow_scene(observation, names, legal), where + " (narrow)")
            known = parts.knowledge(observation, names)
            assert set(known) <= set(range(players)), where
            assert all(isinstance(text, str) for text in known.values()), where
            assert isinstance(parts.chapter(observation), str), where
            text = parts.render_text(observation, names)
            assert isinstance(text, str) and text.strip(), where
            if legal:
                assert isinstance(parts.prompt(observation, names, legal), str), where
    if parts.results is not None:
        table = parts.results(game.observe(record.state, None), names)
        assert len(table["rows"]) == players and table["columns"], name
        assert sorted(table["order"]) == list(range(players)), name
    for step in record.steps[:20]:
        token = step.action.partition(":")[2].split(",")[0].split("|")[0]
        if not token:
            continue
        assert all(isinstance(word, str) and word for word in parts.words_for(token)), token
    exercises = parts.exercises()
    assert exercises and all(isinstance(r, GameRecord) and any(s.question for s in r.steps)
                             for r in exercises), f"{name} has no exercise"
    if parts.guide is not None:
        script, seat = parts.guide()
        assert isinstance(script, GameRecord) and 0 <= seat < len(script.players)
        assert script.game.name == name
    if parts.sprites is not None:
        assert parts.sprites.is_file() and parts.sprites.suffix == ".svg", parts.sprites
