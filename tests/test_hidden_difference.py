"""Hidden information, tested by difference, for every game.

Two games that differ only in what seat P cannot see (see ``hidden_pairs``) must send P
exactly the same things, step by step, for as long as P's observations are the same: its
observation and legal moves, every step's headline, sentences, chance words, rule ids and
pause, the knowledge lines and the scenes (the frames a replay holds), the synced state of
a replay widget, the exported page, the command line's ``show``, and in live play the
widget's synced state and every message it sends, also after the game ends, the
all-seeing view is chosen and Undo makes the game live again.

Unlike a search for the names of hidden things, this finds a leak in any form: odds, a
rule, a pause, a count. CI runs a fixed sample; ``--pairs N`` runs N fresh games per game
(a soak).
"""
from __future__ import annotations

import random

import pytest

from frame_checks import decoded
from hidden_pairs import Twins, finished_game, played_on, twins_for
from sent_alike import assert_sent_alike, first_difference, synced
from tomato_widgets.core.game import CHANCE
from tomato_widgets.core.records import GameRecord
from tomato_widgets.games import GAMES
from tomato_widgets.widgets.shell import ALL_SEEING, GameWidget

# ---- live play -------------------------------------------------------------------------------
class ScriptedSeat:
    """A bot that makes the moves a record made for its seat, in order."""

    needs_observation = False

    def __init__(self, script: "Script", seat: int):
        self.script, self.seat = script, seat

    def choose(self, game, observation, legal):
        return self.script.next(self.seat)


class Script:
    """The steps of a record from some step on, handed out to the seats and chance. Live
    play asks the human first among seats deciding at once, so a seat gets its own next
    move, wherever it lies among the others' moves of the same decision."""

    def __init__(self, record: GameRecord, start: int):
        self.steps = list(record.steps[start:])
        self.start = start
        self.given: list = []  # the steps handed out, in the order live play made them

    def next(self, player: int) -> str:
        index = next(i for i, step in enumerate(self.steps) if step.player == player)
        self.given.append(self.steps[index])
        return self.steps.pop(index).action

    def put_back(self, record: GameRecord) -> None:
        """The steps Undo took off ``record`` are to be made again, in the order given."""
        undone = self.given[len(record.steps) - self.start:]
        del self.given[len(record.steps) - self.start:]
        self.steps[:0] = undone


class ScriptedGame(GameWidget):
    """A live game whose bots and chance make a record's moves (the twin's or the original)."""

    def __init__(self, record: GameRecord, start: int, seat: int):
        self.script = Script(record, start)
        table = GameRecord(record.game, list(record.players), dict(record.options))
        for step in record.steps[:start]:
            table.append(step.action, step.player, step.comment, step.tags, step.visible_to)
        bots = [None if s == seat else ScriptedSeat(self.script, s) for s in range(len(record.players))]
        super().__init__(table, perspective=seat, perspectives=[seat], mode="live", human=seat,
                         bots=bots)
        self.sent: list = []
        self.comm.send = lambda data=None, metadata=None, buffers=None: self.sent.append(data)

    def _chance_outcome(self, state) -> str:
        return self.script.next(CHANCE)

    def play_own_move(self) -> None:
        assert self.act(self.script.next(self._human)), self.notice

    def game_state(self) -> dict:
        return synced(self)

    def table_shown(self) -> dict:
        """The synced state with every scene drawn out: after Undo the table of card faces
        still holds those the seat saw in the game it took back (its own past, which
        differs between the two games); the scenes must not."""
        state = synced(self)
        state["frames"] = decoded(state["frames"])
        return state


def decisions(record: GameRecord, seat: int) -> list[int]:
    """The steps (counts of steps before) at which the seat decides."""
    return [index for index, step in enumerate(record.steps) if step.player == seat]


def assert_live_play_alike(twins: Twins, whole_original: GameRecord,
                           whole_twin: GameRecord) -> bool:
    """In live play from a decision of the seat where the games already differ: the state,
    the messages of the move to the next decision, and of taking that move back (Undo), are
    identical while the games look alike to the seat. Then each game is played to its end:
    the all-seeing view is offered and taken, and Undo is refused (a finished game stays
    finished; the all-seeing view never comes back to a live game). False when the seat has
    no decision once the games differ."""
    seat = twins.seat
    later = [index for index in decisions(twins.twin, seat) if index >= twins.first_difference]
    if not later:
        return False
    games = [ScriptedGame(whole_original, later[0], seat),
             ScriptedGame(whole_twin, later[0], seat)]
    try:
        _played_alike(twins, games, later[0])
    finally:
        for game in games:
            game.close()  # a widget lives until closed: a soak makes thousands
    return True


def _same(games: list, what: str, where: str, of=lambda game: game.game_state()) -> None:
    difference = first_difference(*(of(game) for game in games))
    assert difference is None, f"{what} tells {where} apart: {difference}"


def _played_alike(twins: Twins, games: list, start: int) -> None:
    """The comparisons of ``assert_live_play_alike``, on its two live games."""
    where = (f"seat {twins.seat}, live from step {start} (the games differ from step "
             f"{twins.first_difference})")
    _same(games, "live play", where)
    for game in games:
        game.play_own_move()
    if len(games[0].record.steps) <= len(twins.twin.steps):  # still before any reveal
        _same(games, "live play's messages", where, lambda game: game.sent)
        _same(games, "live play after a move", where)
        for game in games:
            game.sent.clear()
            assert game.undo()
            game.script.put_back(game.record)
        _same(games, "Undo's messages", where, lambda game: game.sent)
        _same(games, "live play after Undo", where, lambda game: game.table_shown())
    for game in games:
        while game.legal:
            game.play_own_move()
        assert game.game.is_over(game.record.state)
        game.set_state({"perspective": ALL_SEEING})  # the menu, once the game is over
        assert game.perspective == ALL_SEEING
        assert not game.can_undo and not game.undo()
        assert game.perspective == ALL_SEEING


# ---- the tests -------------------------------------------------------------------------------
HIDDEN = sorted(name for name, game in GAMES.items() if game.hidden_information)


@pytest.mark.parametrize("name", HIDDEN)
def test_twin_games_send_the_seat_the_same(name, pair_seeds, tmp_path):
    compared = 0
    for seed in pair_seeds:
        rng = random.Random(f"compare-{name}-{seed}")
        for twins in twins_for(name, seed):
            assert twins.leaks == [], f"{name}, seed {seed}: {twins.leaks[0]}"
            if twins.differ:
                assert_sent_alike(twins, tmp_path, rng)
                compared += 1
    assert compared, f"no two {name} games differing in hidden things were found"
    print(f"{name}: {compared} twin games compared")  # shown with -s (a soak's count)


@pytest.mark.parametrize("name", HIDDEN)
def test_live_play_sends_the_seat_the_same(name, pair_seeds):
    compared = 0
    for seed in pair_seeds:
        for twins in twins_for(name, seed):
            if twins.differ:
                whole_twin = played_on(twins.twin, seed)
                compared += assert_live_play_alike(twins, finished_game(name, seed), whole_twin)
    assert compared, f"no live {name} game from a hidden difference was compared"
    print(f"{name}: {compared} live games compared")  # shown with -s (a soak's count)


def test_a_game_without_hidden_information_has_no_twins():
    """Diced Tomatoes shows everything to everybody: no other game looks the same to a seat."""
    for seed in range(3):
        assert not any(twins.differ for twins in twins_for("diced_tomatoes", seed))


def test_a_label_that_names_a_secret_card_is_caught(monkeypatch, tmp_path):
    """The test finds a leak in a form nobody listed: planted here, a label that tells every
    seat which card a player put face down in a heat of Karate Tomate."""
    game = GAMES["karate_tomate"]
    monkeypatch.setattr(type(game), "public_label",
                        lambda self, state, action, player, perspective:
                        self.action_label(state, action))
    with pytest.raises(AssertionError, match=r"\.label: 'play the"):
        for seed in range(3):
            for twins in twins_for("karate_tomate", seed):
                if twins.differ:
                    assert_sent_alike(twins, tmp_path, random.Random(seed))
