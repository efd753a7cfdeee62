"""The search bot (``core.search``): it plays legal moves in every game, repeats itself with
the same seed, knows only what its seat knows, and is made and refused like any bot."""
from __future__ import annotations

import random

import pytest

from tomato_widgets.core.errors import InvalidInputError
from tomato_widgets.core.game import CHANCE
from tomato_widgets.core.play import bot_move, play_game
from tomato_widgets.core.records import GameRecord
from tomato_widgets.core.search import Search, SearchBot
from tomato_widgets.games import GAMES, bot_kinds, make_bot

from bot_games import PLAYERS, recorded


def decisions(record: GameRecord, count: int, rng, simultaneous: bool = False) -> list[tuple]:
    """(state, seat) of decisions with a choice, late in the game (short play-outs)."""
    game = record.game
    found = []
    for state in record.states[len(record.states) // 2:]:
        actors = [s for s in game.to_act(state) if s != CHANCE]
        if simultaneous and len(actors) < 2:
            continue
        found += [(state, seat) for seat in actors if len(game.legal_actions(state, seat)) > 1]
    return rng.sample(found, min(count, len(found)))


@pytest.mark.parametrize("name", list(PLAYERS))
def test_the_search_bot_chooses_a_legal_move_and_repeats_itself(name):
    game = GAMES[name]
    record = recorded(name)
    for state, seat in decisions(record, 3, random.Random(name)):
        legal = game.legal_actions(state, seat)
        first = bot_move(game, state, seat, SearchBot(7, playouts=2, rollout="random"))
        again = bot_move(game, state, seat, SearchBot(7, playouts=2, rollout="random"))
        assert first in legal
        assert first == again


@pytest.mark.parametrize("name", list(PLAYERS))
def test_ratings_are_shares_of_wins_with_a_margin_that_shrinks(name):
    game = GAMES[name]
    state, seat = decisions(recorded(name), 1, random.Random(1))[0]
    search = Search(game, state, seat, seed=3, rollout="random").run(playouts=4)
    margins = {r.action: r.margin for r in search.ratings()}
    search.run(playouts=28)
    ratings = search.ratings()
    assert {r.action for r in ratings} == set(game.legal_actions(state, seat))
    assert all(r.playouts == 32 == search.playouts for r in ratings)
    assert all(0 <= r.win_chance <= 1 for r in ratings)
    assert [(-r.win_chance, -r.mean_score) for r in ratings] == sorted(
        (-r.win_chance, -r.mean_score) for r in ratings)
    assert all(r.margin <= margins[r.action] or margins[r.action] == 0 for r in ratings)


@pytest.mark.parametrize("name", ["tomatomat", "karate_tomate"])
def test_a_simultaneous_decision_ignores_what_the_others_already_chose(name):
    """Seats deciding at once commit one after another; the later seat's search must not see
    the earlier one's hidden choice: two different earlier choices give the same ratings."""
    game = GAMES[name]
    for state, seat in decisions(recorded(name), 40, random.Random(2), simultaneous=True):
        first = [s for s in game.to_act(state) if s != seat][0]
        moves = game.legal_actions(state, first)
        if len(moves) < 2:
            continue
        ratings = []
        for move in moves[:2]:
            after, _ = game.apply(state, move, first)
            if seat not in game.to_act(after) or game.observe(after, seat) != game.observe(
                    game.apply(state, moves[0], first)[0], seat):
                break  # the move was seen by the seat: nothing hidden to test here
            search = Search(game, after, seat, seed=5, rollout="random").run(playouts=3)
            ratings.append([(r.action, r.wins, r.score_total) for r in search.ratings()])
        else:
            assert ratings[0] == ratings[1]
            return
    pytest.fail("no simultaneous decision with a hidden earlier choice was found")


def test_a_whole_game_with_a_search_bot_ends_and_replays():
    game = GAMES["tomate"]
    bots = [SearchBot("s", playouts=1, rollout="random"),
            *(make_bot("tomate", "heuristic", seat) for seat in range(1, 3))]
    record = play_game(game, bots, seed=4, options={"rounds": 1})
    assert record.outcome is not None
    assert bots[0].decisions > 0


def test_make_bot_offers_the_search_bot_and_checks_its_settings():
    assert "search" in bot_kinds("tomate")
    bot = make_bot("tanemaki", "search", 1, playouts=5, rollout="random")
    assert (bot.playouts, bot.rollout) == (5, "random")
    with pytest.raises(InvalidInputError, match="no setting 'depth'"):
        make_bot("tomate", "search", depth=3)
    with pytest.raises(InvalidInputError, match="seconds must be a number above 0"):
        make_bot("tomate", "search", seconds=0)
    with pytest.raises(InvalidInputError, match="plays out with one of heuristic, own-turn, random"):
        make_bot("tomate", "search", rollout="search")
    with pytest.raises(InvalidInputError, match="takes no settings"):
        make_bot("tomate", "heuristic", seconds=1)
    with pytest.raises(InvalidInputError, match="it has: heuristic, random, search"):
        make_bot("tomate", "clever")


def test_a_search_refuses_a_seat_that_does_not_decide():
    game = GAMES["tomate"]
    state = game.new_game(3)
    with pytest.raises(ValueError, match="does not decide now"):
        Search(game, state, 0)


def test_the_search_keeps_its_anchor_unless_another_move_is_surely_better():
    """The search bot starts from its game's heuristic move (the anchor) and leaves it only
    for a move the same playouts show better: a move far worse is left, the best is kept."""
    game = GAMES["tomate"]
    found = [pair for seed in (3, 4, 5) for pair in decisions(recorded("tomate", seed), 99, random.Random(4))]
    for state, seat in found:
        search = Search(game, state, seat, seed=1).run(playouts=40)
        ratings = search.ratings()
        if ratings[0].win_chance - ratings[-1].win_chance > 0.3:
            break
    else:
        pytest.fail("no decision with a clearly better move was found")
    best, worst = ratings[0].action, ratings[-1].action
    assert Search(game, state, seat, seed=1, anchor=worst).run(playouts=40).choice() != worst
    assert Search(game, state, seat, seed=1, anchor=best).run(playouts=40).choice() == best
    # too few playouts to be sure of anything: the anchor stays
    assert Search(game, state, seat, seed=1, anchor=worst).run(playouts=3).choice() == worst


def test_a_move_beats_the_anchor_only_by_a_sure_margin():
    from tomato_widgets.core.search import Rating
    sure = Rating("a", "a", playouts=20, paired_playouts=20, paired=[10.0, 5.0, 0.0, 0.0])   # +0.5 every time
    assert sure.beats_anchor(1.645) == (0.5, 0.0)
    luck = Rating("b", "b", playouts=20, paired_playouts=20, paired=[2.0, 10.0, 0.0, 0.0])   # +0.1 on average, spread 0.7
    assert luck.beats_anchor(1.645) is None
    ahead = Rating("c", "c", playouts=20, paired_playouts=20, paired=[0.0, 0.0, 40.0, 100.0])  # same wins, 2 more points
    assert ahead.beats_anchor(1.645) == (0.0, 2.0)
    behind = Rating("d", "d", playouts=20, paired_playouts=20, paired=[-2.0, 2.0, 40.0, 100.0])  # ahead, but fewer wins
    assert behind.beats_anchor(1.645) is None


def test_after_the_screening_only_the_anchor_and_its_contenders_are_played_on():
    """The search bot's search tries every move for the first playouts, then only the anchor
    and the moves that did best against it, whose comparison with the anchor starts afresh
    (a move that looked good by luck in the screening gets no head start)."""
    from tomato_widgets.core.search import CONTENDERS, SCREEN_PLAYOUTS
    game = GAMES["diced_tomatoes"]
    found = [pair for seed in (3, 4) for pair in decisions(recorded("diced_tomatoes", seed), 99,
                                                           random.Random(2))]
    state, seat = next((s, p) for s, p in found if len(game.legal_actions(s, p)) > CONTENDERS + 2)
    anchor = game.legal_actions(state, seat)[0]
    search = Search(game, state, seat, seed=1, anchor=anchor).run(playouts=SCREEN_PLAYOUTS + 12)
    played = {rating.action: rating.playouts for rating in search.ratings()}
    assert sorted(played.values()).count(SCREEN_PLAYOUTS + 12) == CONTENDERS + 1
    assert played[anchor] == SCREEN_PLAYOUTS + 12 and search.active[0] == anchor
    assert all(count == SCREEN_PLAYOUTS for action, count in played.items() if action not in search.active)
    for action in search.active[1:]:
        assert search.ratings_by_action[action].paired_playouts == 12
    assert search.choice() in search.active
    # without an anchor (the advisor) every move is rated all along
    unanchored = Search(game, state, seat, seed=1).run(playouts=SCREEN_PLAYOUTS + 2)
    assert {rating.playouts for rating in unanchored.ratings()} == {SCREEN_PLAYOUTS + 2}


class _Logged:
    """A bot that plays as ``bot`` does and writes who moved (and as what) into ``log``."""

    def __init__(self, bot, who, log):
        self.bot, self.who, self.log = bot, who, log
        self.rng = bot.rng
        self.needs_observation = bot.needs_observation

    def choose(self, game, observation, legal):
        self.log.append(self.who)
        return self.bot.choose(game, observation, legal)


@pytest.mark.parametrize("name", ["diced_tomatoes", "tomate", "tomatomat"])
def test_the_own_turn_rollout_plays_the_rest_of_the_seats_turn_heuristically(name):
    """With the "own-turn" rollout the searching seat's moves right after the rated one, for
    as long as it is among those to act, are its game's heuristic bot's; every later move is
    random. In Diced Tomatoes a turn has several decisions and in Tomatomat a batch several
    placements (made while the others place theirs); in Tomate a seat moves once."""
    game = GAMES[name]
    simultaneous = name == "tomatomat"
    state, seat = decisions(recorded(name, 3), 1, random.Random(5), simultaneous)[0]
    search = Search(game, state, seat, seed=2, rollout="own-turn")
    log = []
    search.bots = [_Logged(bot, ("random", number), log) for number, bot in enumerate(search.bots)]
    search.turn_bot = _Logged(search.turn_bot, ("turn", seat), log)
    turns = 0
    for action in search.actions:
        for chance_seed in range(3):
            log.clear()
            search._play_out(state, action, chance_seed)
            own = [index for index, who in enumerate(log) if who == ("turn", seat)]
            later = [index for index, who in enumerate(log) if who == ("random", seat)]
            assert not own or not later or max(own) < min(later)  # the heuristic bot first
            if not simultaneous:  # and before any other seat
                others = next((index for index, who in enumerate(log) if who[1] != seat), len(log))
                assert len(own) <= others
            turns += len(own)
    assert (turns > 0) == (name != "tomate")
    with pytest.raises(InvalidInputError, match="own-turn"):
        make_bot(name, "search", 1, rollout="own-way")


@pytest.mark.parametrize("name", list(PLAYERS))
def test_a_playout_plays_the_game_a_plain_loop_plays(name):
    """A playout watches the events only while they can be consequences of the move, then
    finishes the game in a quicker loop: it must make the same moves as a plain loop (the
    rated move, then every step by the rollout bots and the playout's chance) and end the
    same way."""
    game = GAMES[name]
    state, seat = decisions(recorded(name), 1, random.Random(7))[0]
    search = Search(game, state, seat, seed=4, rollout="random")
    for action in search.actions[:3]:
        for chance_seed in range(2):
            outcome, _ = search._play_out(state, action, chance_seed)
            chance = random.Random(chance_seed)
            for number, bot in enumerate(search.bots):
                bot.rng.seed(chance_seed + number + 1)
            plain = game.apply(state, action, seat)[0]
            while actors := game.to_act(plain):
                if actors[0] == CHANCE:
                    plain = game.apply(plain, game.sample_chance(plain, chance), CHANCE)[0]
                    continue
                for actor in actors:
                    move = search.bots[actor].choose(game, None, game.legal_actions(plain, actor))
                    plain = game.apply(plain, move, actor)[0]
            assert outcome == game.outcome(plain)


@pytest.mark.parametrize("name", list(PLAYERS))
def test_the_own_turn_rollout_remembers_its_moves_without_changing_them(name):
    """The own-turn rollout's heuristic bot is asked about the same view in playout after
    playout, so the search remembers its answers: the ratings must be exactly those of a
    search that asks the bot every time, and the memory must be used."""
    from tomato_widgets.core.search import RememberingBot
    game = GAMES[name]
    asked, remembered = [], []
    for state, seat in decisions(recorded(name, 3), 4, random.Random(11), name == "tomatomat"):
        remembering = Search(game, state, seat, seed=5, rollout="own-turn")
        asking = Search(game, state, seat, seed=5, rollout="own-turn")
        assert isinstance(remembering.turn_bot, RememberingBot)
        asking.turn_bot = _Logged(remembering.turn_bot.bot, "turn", asked)
        remembering.turn_bot.bot = _Logged(remembering.turn_bot.bot, "turn", remembered)
        remembering.run(playouts=12)
        asking.run(playouts=12)
        assert ([r.to_json() for r in remembering.ratings()]
                == [r.to_json() for r in asking.ratings()])
    assert len(remembered) <= len(asked)
    if name == "tomatomat":  # the rest of a batch: planned once per view, then remembered
        assert 0 < len(remembered) < len(asked) / 3


@pytest.mark.parametrize("name", list(PLAYERS))
def test_a_heuristic_bot_shown_the_same_makes_the_same_move(name):
    """What makes remembering its moves safe: the heuristic bots declare themselves
    deterministic, so whatever their random source holds, one view gives one move."""
    from tomato_widgets.core.search import RememberingBot
    game = GAMES[name]
    bot = make_bot(name, "heuristic", 0)
    assert bot.deterministic
    for state, seat in decisions(recorded(name, 2), 6, random.Random(13)):
        observation = game.observe(state, seat)
        legal = game.legal_actions(state, seat)
        moves = set()
        for seed in range(3):
            bot.rng.seed(seed)
            moves.add(bot.choose(game, observation, legal))
        assert len(moves) == 1
    with pytest.raises(ValueError, match="not remembered"):
        RememberingBot(make_bot(name, "random", 0))


@pytest.mark.parametrize("name", list(PLAYERS))
def test_the_tree_search_bot_chooses_a_legal_move_and_repeats_itself(name):
    """The information-set tree search (kept to compare with the flat search) plays legal
    moves in every game, simultaneous decisions included, and repeats itself with a seed;
    every iteration passes through one of the decision's moves."""
    from tomato_widgets.core.tree_search import TreeSearch
    game = GAMES[name]
    for state, seat in decisions(recorded(name), 2, random.Random(name), name == "tomatomat"):
        legal = game.legal_actions(state, seat)
        first = bot_move(game, state, seat, make_bot(name, "search", 3, playouts=20, method="tree"))
        again = bot_move(game, state, seat, make_bot(name, "search", 3, playouts=20, method="tree"))
        assert first in legal and first == again
        search = TreeSearch(game, state, seat, seed=1).run(iterations=15)
        assert sum(search.visits().values()) == 15
        assert set(search.visits()) == set(legal)


def test_the_tree_search_finds_a_move_that_clearly_wins_more():
    """Where the flat search shows one move winning far more often than any other, the tree
    search (whose nodes count each result for the seat that chose) picks that move."""
    from tomato_widgets.core.tree_search import TreeSearch
    game = GAMES["tomate"]
    found = 0
    for state, seat in decisions(recorded("tomate", 5), 40, random.Random(3)):
        if len(game.legal_actions(state, seat)) < 2:
            continue
        best, second = Search(game, state, seat, seed=2, rollout="random").run(playouts=150).ratings()[:2]
        if best.win_chance - best.margin < second.win_chance + second.margin:
            continue  # no clear best move here
        tree = TreeSearch(game, state, seat, seed=2, rollout="random").run(iterations=300)
        assert tree.choice() == best.action
        found += 1
        if found == 2:
            break
    assert found == 2


def test_make_bot_offers_the_tree_method_and_refuses_others():
    from tomato_widgets.core.tree_search import TreeSearchBot
    bot = make_bot("karate_tomate", "search", 1, playouts=7, method="tree")
    assert isinstance(bot, TreeSearchBot) and bot.iterations == 7
    assert isinstance(make_bot("tomate", "search", 1, method="flat"), SearchBot)
    with pytest.raises(InvalidInputError, match="method is one of flat, tree, not 'deep'"):
        make_bot("tomate", "search", method="deep")


# ---- a search in slices ---------------------------------------------------------------------
def ratings_of(search) -> list:
    return [(r.to_json(), r.consequences, r.consequence_wins, r.paired, r.paired_playouts)
            for r in search.ratings()]


@pytest.mark.parametrize("name, rollout, anchored", [
    ("tomate", "random", False),  # the play-outs go through Tomate's quick loop
    ("tomate", "heuristic", True),
    ("tomatomat", "own-turn", False),
    ("karate_tomate", "random", True),
    ("tanemaki", "heuristic", False),
    ("diced_tomatoes", "own-turn", True),
])
def test_a_search_in_slices_rates_exactly_as_one_run(name, rollout, anchored):
    """The Advisor searches in short slices, and a slice may end inside a playout, which goes
    on at the next slice: the ratings after many tiny runs reaching N playouts are exactly
    those after one run of N (anchored: through the screening too)."""
    game = GAMES[name]
    state, seat = decisions(recorded(name), 1, random.Random(8))[0]
    anchor = game.legal_actions(state, seat)[-1] if anchored else None
    playouts = 10 if anchored else 4
    whole = Search(game, state, seat, seed=6, rollout=rollout, anchor=anchor).run(playouts=playouts)
    sliced = Search(game, state, seat, seed=6, rollout=rollout, anchor=anchor)
    runs = 0
    while sliced.playouts < playouts:
        sliced.run(seconds=1e-9)
        runs += 1
        assert sliced.playouts <= playouts
    assert runs > 2 * playouts  # the runs did stop inside playouts
    assert ratings_of(sliced) == ratings_of(whole)
    assert sliced.active == whole.active and sliced.choice() == whole.choice()


def test_a_run_stops_on_time_inside_a_play_out_and_goes_on_from_there():
    """In Tomate's longest game one playout is many thousand steps: a run for a moment
    returns before it ends (the Advisor's slices hold the kernel no longer than asked), and
    the next runs finish it."""
    game = GAMES["tomate"]
    state = game.new_game(13, {"rounds": 1000, "starting_chips": 100_000})
    chance = random.Random(0)
    while state.actor[0] == CHANCE:
        state = game.apply(state, game.sample_chance(state, chance), CHANCE)[0]
    search = Search(game, state, state.actor[0], seed=0)
    search.run(seconds=0.001)
    assert search.playouts == 0 and search.played_out == 0
    while not search.playouts:
        search.run(seconds=0.05)
    assert search.playouts == 1


# ---- play-outs the step cap stops ------------------------------------------------------------
def first_decision(game, players: int, options: dict):
    """The first decision with a choice of a new game, dealt with seed 0."""
    state = game.new_game(players, options)
    chance = random.Random(0)
    while state.actor[0] == CHANCE or len(game.legal_actions(state, state.actor[0])) < 2:
        actor = state.actor[0]
        move = game.sample_chance(state, chance) if actor == CHANCE else \
            game.legal_actions(state, actor)[0]
        state = game.apply(state, move, actor)[0]
    return state, state.actor[0]


def test_a_play_out_the_step_cap_stops_is_no_result(monkeypatch):
    """A play-out cut by MAX_ROLLOUT_STEPS is counted apart and left out of the win chance,
    the mean score and the comparison with the anchor (it used to count as a lost game
    scoring 0): the other play-outs count exactly as they do without a cap (the same
    worlds, the same games)."""
    from tomato_widgets.core import search as searching
    game = GAMES["tomate"]
    state, seat = first_decision(game, 4, {"rounds": 6})
    anchor = game.legal_actions(state, seat)[0]
    free = Search(game, state, seat, seed=2, rollout="random", anchor=anchor)  # the usual cap
    monkeypatch.setattr(searching, "MAX_ROLLOUT_STEPS", 20)  # no game ends in time
    hopeless = Search(game, state, seat, seed=2, rollout="random").run(playouts=3)
    assert [r.playouts for r in hopeless.ratings()] == [0] * len(hopeless.actions)
    assert not hopeless.rated and hopeless.cut == hopeless.played_out == 3 * len(hopeless.actions)
    assert all(r.unrated and r.cut == 3 for r in hopeless.ratings())

    monkeypatch.setattr(searching, "MAX_ROLLOUT_STEPS", 80)  # some games end by then, some not
    capped = Search(game, state, seat, seed=2, rollout="random", anchor=anchor)
    expected = {action: {"playouts": 0, "cut": 0, "wins": 0.0, "score": 0.0, "paired": 0}
                for action in free.actions}
    for _ in range(searching.SCREEN_PLAYOUTS - 1):  # before the screening: every move tried
        cut_before = {a: r.cut for a, r in capped.ratings_by_action.items()}
        free_was = {a: (r.wins, r.score_total) for a, r in free.ratings_by_action.items()}
        free.run(playouts=1)
        capped.run(playouts=1)
        stopped = {a for a, r in capped.ratings_by_action.items() if r.cut > cut_before[a]}
        for action, rating in free.ratings_by_action.items():
            counts = expected[action]
            if action in stopped:
                counts["cut"] += 1
                continue
            counts["playouts"] += 1
            counts["wins"] += rating.wins - free_was[action][0]
            counts["score"] += rating.score_total - free_was[action][1]
            counts["paired"] += anchor not in stopped
    assert 0 < capped.cut < capped.played_out  # some play-outs cut, some not
    for action, counts in expected.items():
        rating = capped.ratings_by_action[action]
        assert rating.playouts == counts["playouts"] and rating.cut == counts["cut"]
        assert rating.wins == pytest.approx(counts["wins"])
        assert rating.score_total == pytest.approx(counts["score"])
        assert rating.paired_playouts == counts["paired"]
        assert rating.playouts + rating.cut == capped.playouts
