"""Taking a seat from any step: a new past the seat cannot tell from the recorded one
(``core.resample``), and the live game played on from it (``play_from``, ``play_on``)."""
from __future__ import annotations

import json
import random
from collections import Counter
from functools import lru_cache

import pytest

from tomato_widgets.core import resample
from tomato_widgets.core.branch import branch
from tomato_widgets.core.errors import InvalidInputError
from tomato_widgets.core.game import CHANCE
from tomato_widgets.core.play import play_game
from tomato_widgets.core.records import GameRecord, load_record
from tomato_widgets.core.resample import PastWalk, game_from, resample_past
from tomato_widgets.games import GAMES, make_bot
from tomato_widgets.widgets import play_from, replay

from bot_games import PLAYERS, DropsOut, StaysIn, recorded


def steps_with_secrets(record: GameRecord, seat: int, count: int, rng) -> list[int]:
    """Steps where the seat is to decide and something is hidden from it."""
    game = record.game
    found = [step for step in range(len(record.steps))
             if seat in game.to_act(record.states[step])
             and game.resample_hidden(record.states[step], seat, rng) != record.states[step]]
    return sorted(rng.sample(found, min(count, len(found))))


def told(game, record: GameRecord, index: int, seat: int):
    """All the seat is shown of step ``index`` (1-based): the table, the events as told, the
    label of the move or the words about chance, and its own moves."""
    before, after = record.states[index - 1], record.states[index]
    step = record.steps[index - 1]
    events = [(e.rule, e.players, e.facts) for e in
              (event.seen_by(seat) for event in record.events[index - 1])]
    heard = (game.chance_words(before, step.action, seat) if step.player == CHANCE
             else game.public_label(before, step.action, step.player, seat))
    mine = game.legal_actions(after, seat) if seat in game.to_act(after) else ()
    return json.dumps([game.observe(after, seat), events, heard, list(mine)], sort_keys=True,
                      default=str)


@pytest.mark.parametrize("name", list(PLAYERS))
def test_a_new_past_looks_the_same_to_the_seat_at_every_step(name):
    """Replayed from the start, the new past shows the seat exactly what the recorded one did,
    step by step, and the moves the seat saw are the moves made."""
    game = GAMES[name]
    rng = random.Random(name)
    record = recorded(name)
    for seat in range(PLAYERS[name]):
        for step in steps_with_secrets(record, seat, 2, rng) if game.hidden_information else [25]:
            past = resample_past(record, step, seat, random.Random(f"{seat}-{step}"))
            again = GameRecord(game, record.players, record.options)
            for index, (player, action) in enumerate(past, 1):
                again.append(action, player)
                assert told(game, again, index, seat) == told(game, record, index, seat), \
                    f"{name}, seat {seat}, step {index} of {step}"
                game.check_invariants(again.state)
            assert len(again.steps) == step


@pytest.mark.parametrize("name", [n for n in PLAYERS if GAMES[n].hidden_information])
def test_what_the_seat_could_not_see_is_dealt_afresh(name):
    """From positions where others hold hidden cards, new pasts put other cards there: the
    learner who watched the replay does not know the others' hands."""
    game = GAMES[name]
    record = recorded(name, 2)
    rng = random.Random(f"afresh-{name}")
    seat = 1
    for step in steps_with_secrets(record, seat, 2, rng):
        real = record.states[step]
        worlds = []
        for seed in range(4):
            past = resample_past(record, step, seat, random.Random(seed))
            again = GameRecord(game, record.players, record.options)
            for player, action in past:
                again.append(action, player)
            worlds.append(again.state)
        differ = sum(world != real for world in worlds)
        assert differ >= 3, f"{name} step {step}: only {differ} of 4 new pasts changed the world"
        assert len({repr(world) for world in worlds}) >= 3, "the new pasts are much alike"


def test_the_same_seed_gives_the_same_past_and_a_game_with_nothing_hidden_keeps_its_own():
    record = recorded("tomate")
    step = steps_with_secrets(record, 0, 1, random.Random(3))[0]
    assert resample_past(record, step, 0, random.Random(5)) == resample_past(
        record, step, 0, random.Random(5))
    diced = recorded("diced_tomatoes")
    assert resample_past(diced, 30, 0, random.Random(1)) == [
        (s.player, s.action) for s in diced.steps[:30]]


def test_the_game_played_on_says_where_it_came_from_and_saves_and_replays():
    record = recorded("karate_tomate")
    step = steps_with_secrets(record, 2, 1, random.Random(4))[0]
    new = game_from(record, step, 2, seed=9)
    assert new.headers["played_on_from_step"] == str(step)
    assert new.headers["played_on_as"] == record.players[2]
    assert new.headers["played_on_seed"] == "9"
    loaded = load_record(new.dumps())
    assert loaded.states[-1] == new.state and loaded.headers == new.headers


def test_play_from_plays_on_as_the_seat_and_takes_back_nothing_before_the_step():
    record = recorded("tomate")
    step = steps_with_secrets(record, 1, 1, random.Random(6))[0]
    widget = play_from(record, step, record.players[1], seed=2)
    assert widget.mode == "live" and widget.perspective == 1 and widget.perspectives == [[1, record.players[1]]]
    assert widget.record.headers["played_on_from_step"] == str(step)
    assert widget.game.observe(widget.record.states[step], 1) == widget.game.observe(record.states[step], 1)
    assert not widget.can_undo, "the recorded decisions before the step are not yours to take back"
    assert widget.undo() is False and len(widget.record.steps) >= step
    action = widget.legal[0]["id"]
    assert widget.act(action)
    assert widget.can_undo and widget.undo()
    assert widget.record.steps[step:] == [] or all(
        s.player != 1 for s in widget.record.steps[step:])
    same = play_from(record, step, 1, seed=2)
    assert [s.action for s in same.record.steps] == [s.action for s in widget.record.steps]
    assert widget.new_game()  # the same step, dealt afresh again
    assert widget.record.headers["played_on_seed"] == "2+1"
    for widget_ in (widget, same):
        widget_.close()


@pytest.mark.parametrize("bad, message", [
    ({"step": -1}, "step must be"), ({"step": 10**6}, "step must be"),
    ({"step": "3"}, "step must be"), ({"seat": 9}, "seat must be"),
    ({"seat": "Nobody"}, "no player is called 'Nobody'"), ({"bots": "clever"}, "has no bot"),
    ({"bots": ["random"]}, "bots names 1 kinds for 4 seats"),
])
def test_play_from_refuses_bad_input_in_one_line(bad, message):
    record = recorded("tomate")
    arguments = {"step": 20, "seat": 1, **bad}
    with pytest.raises(InvalidInputError, match=message):
        play_from(record, arguments.pop("step"), arguments.pop("seat"), **arguments)


def test_there_is_nothing_to_play_on_at_the_end():
    record = recorded("tanemaki")
    with pytest.raises(InvalidInputError, match="the game is over"):
        play_from(record, len(record.steps), 0)
    widget = replay(record, step=len(record.steps))
    assert widget.play_on(0) is False and widget.mode == "replay"
    assert "over" in widget.notice
    widget.close()


def test_a_replay_plays_on_in_place_and_comes_back():
    """The replay's "Play on from here as ..." (a message from the page) and "Back to the
    replay": the same widget, in the seat chosen, then the replay where it was left."""
    record = recorded("tomatomat")
    step = steps_with_secrets(record, 2, 1, random.Random(8))[0]
    widget = replay(record, step=step)
    assert widget.seats_to_take == [[seat, name] for seat, name in enumerate(record.players)]
    widget._handle_message({"type": "play_on", "seat": 2})
    assert widget.mode == "live" and widget.perspective == 2 and widget.from_replay
    assert widget.seats_to_take == [] and widget.perspectives == [[2, record.players[2]]]
    assert widget.record is not record
    mirror = play_from(record, step, 2)
    assert [s.action for s in widget.record.steps] == [s.action for s in mirror.record.steps]
    for bad in ({"type": "play_on", "seat": 7}, {"type": "play_on", "seat": True}):
        widget._handle_message(bad)
        assert widget.mode == "live"
    widget._handle_message({"type": "back_to_replay"})
    assert widget.mode == "replay" and widget.record is record and widget.step == step
    assert widget.perspective == -1 and not widget.from_replay
    page = replay(record).state_for_page()
    assert page["seats_to_take"] == [], "a standalone page has no kernel to deal a new game"
    for each in (widget, mirror):
        each.close()


def test_late_in_a_long_game_most_of_the_others_cards_are_dealt_afresh():
    """The hardest case: late in a long Karate Tomate game, after a reshuffle, most cards have
    been seen; the others' hands must still come out different for most of their cards."""
    game = GAMES["karate_tomate"]
    bots = [make_bot("karate_tomate", "heuristic", f"late-{seat}") for seat in range(4)]
    record = play_game(game, bots, seed=3)
    step = int(len(record.steps) * 0.8)
    while 1 not in game.to_act(record.states[step]):
        step += 1
    real = record.states[step]
    others = [seat for seat in range(4) if seat != 1]
    held = sum(len(real.hands[seat]) for seat in others)
    changed = 0
    for seed in range(2):
        past = resample_past(record, step, 1, random.Random(seed))
        again = GameRecord(game, record.players, record.options)
        for player, action in past:
            again.append(action, player)
        changed += sum(sum((Counter(again.state.hands[s]) - Counter(real.hands[s])).values())
                       for s in others)
    assert changed >= 0.4 * 2 * held, f"only {changed} of {2 * held} hand cards dealt afresh"


# ---- the longest games the options allow ------------------------------------------------------
def most(game, option: str) -> int:
    return next(o for o in game.options if o.name == option).maximum


@lru_cache(maxsize=None)
def longest_karate() -> GameRecord:
    """Karate Tomate at its largest table and for the most rounds: 12,564 steps."""
    game = GAMES["karate_tomate"]
    return play_game(game, [DropsOut(f"{seat}") for seat in range(game.max_players)], seed=1,
                     options={"rounds": most(game, "rounds")})


@lru_cache(maxsize=None)
def long_tomate() -> GameRecord:
    """Tomate at its largest table, for more steps than the walk looks back over."""
    game = GAMES["tomate"]
    rounds = resample.WINDOW // 50
    return play_game(game, [StaysIn(seat) for seat in range(game.max_players)], seed=2,
                     options={"rounds": rounds, "starting_chips": 1000})


def last_decision(record: GameRecord, seat: int) -> int:
    return max(step for step in range(len(record.steps))
               if seat in record.game.to_act(record.states[step]))


def looks_the_same(record: GameRecord, new: GameRecord, step: int, seat: int) -> None:
    """The new game's first ``step`` steps show ``seat`` what the record's did: those before
    the walk's window are the record's own moves, and each one after is told alike."""
    game = record.game
    first = max(0, step - resample.WINDOW)
    assert [(s.player, s.action) for s in new.steps[:first]] == [
        (s.player, s.action) for s in record.steps[:first]]
    for index in range(first + 1, step + 1):
        assert told(game, new, index, seat) == told(game, record, index, seat), f"step {index}"
    assert len(new.steps) == step


def test_playing_on_from_the_longest_game_the_options_allow_does_bounded_work(monkeypatch):
    """Taking a seat at the last decision of a 12,564-step game (Karate Tomate, 10 seats, 200
    rounds) replays no more steps than the walk's budget and window allow, however long the
    record: the click that asks for it returns in about a second, not minutes. The new past
    still looks the same to the seat at every step."""
    record = longest_karate()
    game, seat = record.game, 1
    step = last_decision(record, seat)
    assert step > 4 * resample.WINDOW
    bound = resample.REPLAY_BUDGET + 3 * resample.WINDOW
    applied = []
    apply = type(game).apply

    def counted(self, state, action, player):
        applied.append(1)
        assert len(applied) <= bound, f"more than {bound:,} steps applied for one new past"
        return apply(self, state, action, player)

    monkeypatch.setattr(type(game), "apply", counted)
    new = game_from(record, step, seat, seed=0)
    monkeypatch.undo()
    looks_the_same(record, new, step, seat)


def test_a_game_longer_than_the_window_still_has_its_hidden_cards_dealt_afresh():
    """Tomate at 13 seats for more steps than the walk looks back over: at the seat's last
    decision, the others' hands come out different in the new games (the same seed giving the
    same one), and each looks the same to the seat."""
    record = long_tomate()
    game, seat = record.game, 1
    step = last_decision(record, seat)
    assert step > resample.WINDOW
    real = record.states[step]
    worlds = []
    for seed in range(4):
        new = game_from(record, step, seat, seed=seed)
        looks_the_same(record, new, step, seat)
        worlds.append(new.states[step])
    assert sum(world.hands != real.hands for world in worlds) >= 3
    again = game_from(record, step, seat, seed=3)
    assert [(s.player, s.action) for s in again.steps] == [
        (s.player, s.action) for s in new.steps]


def test_the_walk_keeps_to_its_budget_and_to_the_last_steps():
    """However long the past, the walk changes nothing before its window and replays at most
    its budget (and one change's replay more): late in a 4-seat Karate Tomate game, where
    each change kept is replayed over some 200 steps, and in the longest game there is."""
    game = GAMES["karate_tomate"]
    late = play_game(game, [make_bot("karate_tomate", "heuristic", f"late-{seat}")
                            for seat in range(4)], seed=3)
    for record in (late, longest_karate()):
        step = last_decision(record, 1)
        walk = PastWalk(record, step, 1, random.Random(0))
        assert walk.first == max(0, step - resample.WINDOW)
        assert len(walk.moves) == step - walk.first == len(walk.states) - 1
        walk.walk()
        assert walk.tried <= resample.MAX_TRIES
        assert walk.replayed <= resample.REPLAY_BUDGET + resample.WINDOW


def test_a_branch_shares_the_steps_it_keeps_and_drops_their_notes():
    """``branch``: a new record holding a record's first steps as bare moves (a comment for
    one seat, a tag and an exercise stay behind), with the very states and events a replay of
    them gives; it grows, takes back and saves like any record."""
    source = recorded("tanemaki")
    game = source.game
    noted = GameRecord(game, source.players, source.options)
    for index, s in enumerate(source.steps):
        if index == 40:
            noted.append(s.action, s.player, comment="only seat 2 reads this", visible_to=[2],
                         tags=["tag"])
        else:
            noted.append(s.action, s.player)
    count = 75
    new = branch(noted, count, {"from": "test"})
    assert [(s.player, s.action) for s in new.steps] == [
        (s.player, s.action) for s in source.steps[:count]]
    assert all(s.comment is None and not s.tags and s.question is None for s in new.steps)
    replayed = GameRecord(game, source.players, source.options)
    for s in source.steps[:count]:
        replayed.append(s.action, s.player)
    assert list(new.states) == list(replayed.states)
    assert [new.states[i] for i in (count, 3, 64, 0, 33)] == [
        replayed.states[i] for i in (count, 3, 64, 0, 33)]
    assert new.events == replayed.events
    for s in source.steps[count:count + 5]:
        new.append(s.action, s.player)
    assert new.state == source.states[count + 5]
    new.truncate(count - 10)
    assert new.state == source.states[count - 10]
    loaded = load_record(new.dumps())
    assert loaded.headers == {"from": "test"} and list(loaded.states) == list(new.states)
    with pytest.raises(ValueError):
        branch(noted, len(noted.steps) + 1)
