"""Search over the game protocol: rate every legal move of one seat by playing the game out.

Determinized Monte Carlo (often called "perfect information Monte Carlo"): each *playout*
first redraws everything the seat cannot see (``Game.resample_hidden``, which keeps all
the seat knows), then tries **every** legal move in that same world, each followed by the
same chance outcomes and the same rollout players to the end of the game. Trying all moves
in one world ("common random numbers") makes the differences between moves sharp even where
luck decides most of the result. A move's rating is its share of wins (a shared win counts
1/winners), with a 95% margin, and its mean final score. A game not over after
``MAX_ROLLOUT_STEPS`` steps is stopped: it has no result, so it is counted apart (``cut``)
and left out of the rating rather than taken for a loss.

A playout is played a step at a time (a generator), so ``Search.run`` keeps to its seconds
within one step: a playout the clock interrupts waits on the search and goes on at the next
``run``. Ratings change only when a playout ends, so a search run in slices rates exactly as
one run at once.

The search sees the true state only through ``resample_hidden``: what it rates depends on
what the seat may know, not on the cards it cannot see (a test checks this).

Nothing here knows a game. Simultaneous decisions (several seats choosing at once) are
searched the same way: the others' choices not yet revealed are redrawn with the rest.
``tree_search.py`` holds the other way to search, information-set tree search, and how the
two compare per second of thinking (the flat search plays better).
"""
from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from statistics import NormalDist
from typing import Callable, Sequence

from .bots import Bot, RandomBot
from .game import CHANCE, Game, State
from .play import bot_move
from .registry import plugin

#: a play-out that has not ended after this many steps is stopped, and counted as cut
MAX_ROLLOUT_STEPS = 20_000
#: decisions of the seat, after the rated one, whose events count as its consequences
CONSEQUENCE_DECISIONS = 2
#: how often the search bot may leave its anchor's move for one that is not really better:
#: 5% per decision, shared among the other moves (many moves give many chances to look
#: better by luck); and the fewest playouts it decides on
MISTAKE_RATE = 0.05
FEWEST_PLAYOUTS = 8
#: with an anchor, the first SCREEN_PLAYOUTS playouts try every move; then only the anchor
#: and the CONTENDERS moves that did best against it go on, compared afresh (so the moves
#: that look good by luck in the screening are not favoured in the final comparison)
SCREEN_PLAYOUTS = 8
CONTENDERS = 2


@dataclass
class Rating:
    """What the search found about one move so far."""

    action: str
    label: str
    #: play-outs of this move that reached the end of the game (the ones rated)
    playouts: int = 0
    #: play-outs of this move stopped unfinished after MAX_ROLLOUT_STEPS steps: no result,
    #: so neither a win nor a loss
    cut: int = 0
    wins: float = 0.0
    wins_squared: float = 0.0
    score_total: float = 0.0
    #: rule id -> playouts in which an event of that rule named the seat first, after the
    #: move and before the seat's next CONSEQUENCE_DECISIONS decisions were made: events of
    #: the rules' own (forced) steps and of the others' moves; not luck, not its own moves
    consequences: dict = field(default_factory=dict)
    #: rule id -> the win shares of those playouts (what the consequence is worth)
    consequence_wins: dict = field(default_factory=dict)
    #: paired with the anchor move in the same playouts (see ``Search``): sums of the
    #: differences in win share and in lead (own score minus the best other), and squares
    paired: list = field(default_factory=lambda: [0.0, 0.0, 0.0, 0.0])
    #: how many playouts ``paired`` sums over
    paired_playouts: int = 0

    def beats_anchor(self, sure_z: float) -> tuple[float, float] | None:
        """(the win-share gain, the lead gain) over the anchor move when the playouts show
        this move better (by ``sure_z`` standard errors): its win share surely higher, or its
        lead surely higher with the win share not lower. None otherwise."""
        n = self.paired_playouts
        if n < FEWEST_PLAYOUTS:
            return None
        gains = []
        for total, squares in ((self.paired[0], self.paired[1]), (self.paired[2], self.paired[3])):
            mean = total / n
            spread = math.sqrt(max(0.0, (squares - n * mean * mean) / (n - 1)) / n)
            gains.append((mean, spread))
        (win, win_spread), (lead, lead_spread) = gains
        if win > sure_z * win_spread or (win >= 0 and lead > sure_z * lead_spread):
            return win, lead
        return None

    @property
    def unrated(self) -> bool:
        """Whether every play-out of the move was cut: it has no rating."""
        return not self.playouts and self.cut > 0

    @property
    def win_chance(self) -> float:
        return self.wins / self.playouts if self.playouts else 0.0

    @property
    def margin(self) -> float:
        """Half the width of the 95% interval of the win chance (1.0 before two playouts).
        The normal approximation, but never below the "plus four" interval's (as if two more
        wins and two more losses had been seen): four playouts that all ended alike do not
        make a win chance certain."""
        n = self.playouts
        if n < 2:
            return 1.0
        mean = self.wins / n
        variance = max(0.0, (self.wins_squared - n * mean * mean) / (n - 1))
        padded = (self.wins + 2) / (n + 4)
        return 1.96 * math.sqrt(max(variance / n, padded * (1 - padded) / (n + 4)))

    @property
    def mean_score(self) -> float:
        return self.score_total / self.playouts if self.playouts else 0.0

    def share_of(self, rule: str) -> float:
        return self.consequences.get(rule, 0) / self.playouts if self.playouts else 0.0

    def to_json(self) -> dict:
        return {"action": self.action, "label": self.label, "playouts": self.playouts,
                "cut": self.cut, "win_chance": self.win_chance, "margin": self.margin,
                "mean_score": self.mean_score}


def _number(score) -> float:
    """A final score as one number (games whose score is a tuple rank by its first part)."""
    if isinstance(score, (tuple, list)):
        return float(score[0]) if score else 0.0
    return float(score)


def _lead(outcome, seat: int) -> float:
    """Own final score minus the best other's (alone: the own score)."""
    scores = [_number(score) for score in outcome.scores]
    others = scores[:seat] + scores[seat + 1:]
    return scores[seat] - max(others) if others else scores[seat]


#: the rollout that plays every seat at random, except the rest of the searching seat's turn
#: (its moves right after the rated one, for as long as it is among those to act: in a turn
#: of its own, until another seat moves; where seats decide at once, until its part is done,
#: like a batch of Tomatomat placements), which its game's heuristic bot plays: a move that
#: needs a sensible follow-up in the same turn (keeping dice for a set, the other cards of a
#: batch) is not judged by random follow-ups
OWN_TURN = "own-turn"


def rollout_kinds(game_name: str) -> list[str]:
    """The rollouts a game's search may use: its bots' kinds, and OWN_TURN where it has a
    heuristic bot."""
    kinds = set(plugin(game_name).bots)
    if "heuristic" in kinds:
        kinds.add(OWN_TURN)
    return sorted(kinds)


def rollout_players(game_name: str, players: int, kind: str, seed) -> list[Bot]:
    """The bots that play every seat in a playout (the searching seat's too, after its move)."""
    if kind in ("random", OWN_TURN):
        return [RandomBot(f"{seed}-{seat}") for seat in range(players)]
    kinds = plugin(game_name).bots
    return [kinds[kind](f"{seed}-{seat}") for seat in range(players)]


def play_out(game: Game, state: State, chance: random.Random, bots: Sequence[Bot],
             steps: int = MAX_ROLLOUT_STEPS):
    """The outcome of ``bots`` (one per seat) and ``chance`` playing the game from ``state``
    to its end (None when it has not ended in ``steps`` steps)."""
    return finish(playing_out(game, state, chance, bots, steps))


def playing_out(game: Game, state: State, chance: random.Random, bots: Sequence[Bot],
                steps: int = MAX_ROLLOUT_STEPS):
    """``play_out`` a step at a time: a generator that yields between steps and returns the
    outcome, so that a search can stop on time and go on later. Most of a search's time is
    spent here, so a game may play random bots out in a quicker loop of its own
    (``Game.random_play_out``, the same games, yielding between chunks of steps)."""
    if all(type(bot) is RandomBot for bot in bots):
        quick = game.random_play_out(state, chance, [bot.rng for bot in bots], steps)
        if quick is not NotImplemented:
            return (yield from quick)
    for _ in range(steps):
        actors = state.actor
        if not actors:
            return game.outcome(state)
        yield
        if actors[0] == CHANCE:
            state = game.apply(state, game.sample_chance(state, chance), CHANCE)[0]
            continue
        for actor in actors:
            state = game.apply(state, bot_move(game, state, actor, bots[actor]), actor)[0]
    return None


def finish(steps):
    """What a generator of steps (``playing_out``) returns, its steps all taken now."""
    while True:
        try:
            next(steps)
        except StopIteration as end:
            return end.value


#: the most moves a remembering bot keeps (one decision's search rarely comes near it)
REMEMBERED_MOVES = 20_000


class RememberingBot:
    """Plays as a deterministic ``bot`` does (see ``Bot.deterministic``), remembering each
    move by what the bot was shown. The own-turn rollout asks its heuristic bot about the
    rest of the seat's turn in every playout, and the seat sees the same there in playout
    after playout (the redrawn cards are the ones it cannot see): asked again, it answers
    from memory instead of planning afresh."""

    def __init__(self, bot: Bot):
        if not getattr(bot, "deterministic", False):
            raise ValueError(f"{bot!r} may move differently when shown the same: not remembered")
        self.bot = bot
        self.rng = bot.rng
        self.needs_observation = bot.needs_observation
        self.moves: dict = {}

    def choose(self, game, observation, legal):
        key = (repr(observation), tuple(legal))
        move = self.moves.get(key)
        if move is None:
            if len(self.moves) >= REMEMBERED_MOVES:
                self.moves.clear()
            move = self.moves[key] = self.bot.choose(game, observation, legal)
        return move


def turn_player(game_name: str, seed) -> Bot:
    """The bot that plays the rest of the searching seat's turn in the OWN_TURN rollout: its
    game's heuristic bot, remembering its moves when it is deterministic."""
    bot = plugin(game_name).bots["heuristic"](f"{seed}-turn")
    return RememberingBot(bot) if bot.deterministic else bot


class Search:
    """An ongoing search of one decision: call ``run`` as often as wanted; ``ratings`` are
    best first. The same seed and the same number of playouts give the same ratings.

    ``anchor``: a move to compare every other with, playout by playout (the search bot's
    anchor is its game's heuristic move): ``choice`` keeps it unless another is surely
    better, by win share, or by lead (own final score minus the best other's) where the win
    shares are too close to tell. A decision moves the win chance of a long game by a point
    or two, which takes thousands of playouts to see; the lead shows it in far fewer. With an
    anchor, after a first screening of every move, only the anchor and its best contenders
    are played on: many more playouts for the comparison that decides."""

    def __init__(self, game: Game, state: State, seat: int, *, seed=0, rollout: str | None = None,
                 anchor: str | None = None):
        if seat not in game.to_act(state) or seat == CHANCE:
            raise ValueError(f"seat {seat} does not decide now")
        self.game = game
        self.state = state
        self.seat = seat
        self.rng = random.Random(f"search-{seed}")
        self.rollout = rollout = rollout or game.search_rollout
        self.bots = rollout_players(game.name, game.seat_count(state), rollout, seed)
        self.turn_bot = None  # plays the rest of the seat's turn (the OWN_TURN rollout)
        if rollout == OWN_TURN:
            self.turn_bot = turn_player(game.name, seed)
        legal = game.legal_actions(state, seat)
        self.ratings_by_action = {a: Rating(a, game.public_label(state, a, seat, seat)) for a in legal}
        self.anchor = anchor if anchor in self.ratings_by_action else None
        #: the moves each playout tries (all of them, until an anchor's screening)
        self.active = list(self.ratings_by_action)
        #: playouts ended (each tried every active move once, in one redrawn world)
        self.playouts = 0
        self.seconds = 0.0
        #: the steps after which a play-out is stopped unfinished (cut)
        self.max_steps = MAX_ROLLOUT_STEPS
        self._pending = None  # the playout under way, when a run's time ran out in it

    @property
    def actions(self) -> tuple[str, ...]:
        return tuple(self.ratings_by_action)

    def run(self, *, playouts: int | None = None, seconds: float | None = None,
            should_stop: Callable[[], bool] | None = None) -> "Search":
        """Play more playouts: ``playouts`` more, or for ``seconds``, whichever comes first
        (one of them is needed); ``should_stop`` is asked between playouts. The clock is
        read between the steps of a playout, so a run keeps to its seconds (give or take
        one step): a playout left unfinished goes on at the next run, and many short runs
        rate exactly as one long run of as many playouts."""
        if playouts is None and seconds is None:
            raise ValueError("say how long to search: playouts=N or seconds=S")
        start = time.perf_counter()
        deadline = None if seconds is None else start + seconds
        done = 0
        while playouts is None or done < playouts:
            if self._pending is None:
                if should_stop is not None and should_stop():
                    break
                self._pending = self._playout()
            if not self._resume(deadline):
                break
            done += 1
        self.seconds += time.perf_counter() - start
        return self

    def _resume(self, deadline: float | None) -> bool:
        """Play the pending playout on: True when it has ended, False when the deadline
        came first (it is kept, to go on later)."""
        try:
            for _ in self._pending:
                if deadline is not None and time.perf_counter() >= deadline:
                    return False
        except BaseException:  # an error or an interrupt: that playout is dropped, not resumed
            self._pending = None
            raise
        self._pending = None
        return True

    @property
    def cut(self) -> int:
        """Play-outs (of any move) stopped unfinished after ``max_steps`` steps."""
        return sum(rating.cut for rating in self.ratings_by_action.values())

    @property
    def played_out(self) -> int:
        """Play-outs of single moves so far, ended or cut."""
        return sum(r.playouts + r.cut for r in self.ratings_by_action.values())

    @property
    def rated(self) -> bool:
        """Whether any move has a play-out that ended: a game too long to play out within
        ``max_steps`` steps has none, and no rating."""
        return any(rating.playouts for rating in self.ratings_by_action.values())

    def ratings(self) -> list[Rating]:
        """Best first: the higher win chance, then the higher mean score; moves whose every
        play-out was cut (no rating) last."""
        return sorted(self.ratings_by_action.values(),
                      key=lambda r: (r.unrated, -r.win_chance, -r.mean_score, r.action))

    def best(self) -> str:
        return self.ratings()[0].action

    def choice(self) -> str:
        """The anchor move unless another surely beats it (then the one that beats it by
        most); without an anchor, the best rated."""
        if self.anchor is None:
            return self.best()
        sure_z = NormalDist().inv_cdf(1 - MISTAKE_RATE / max(1, len(self.active) - 1))
        better = [(gain, action) for action in self.active if action != self.anchor
                  and (gain := self.ratings_by_action[action].beats_anchor(sure_z)) is not None]
        return max(better)[1] if better else self.anchor

    # ---- one playout -------------------------------------------------------------
    def _playout(self):
        """One playout, as a generator of its steps (see ``run``): every active move played
        out in one redrawn world, then all of them counted at once."""
        world = self.game.resample_hidden(self.state, self.seat, self.rng)
        chance_seed = self.rng.getrandbits(48)
        results = {}
        for action in self.active:
            yield
            results[action] = yield from self._playing_out(world, action, chance_seed)
        self._count(results)

    def _count(self, results: dict) -> None:
        """Add one playout's results (action -> (outcome, rules told)) to the ratings. A cut
        play-out (no outcome) is only counted as cut; where the anchor's or a move's was cut,
        the two are not compared in this playout."""
        seat = self.seat
        shares = {}
        for action, (outcome, told) in results.items():
            rating = self.ratings_by_action[action]
            if outcome is None:
                rating.cut += 1
                continue
            share = 1 / len(outcome.winners) if seat in outcome.winners else 0.0
            shares[action] = share, _lead(outcome, seat)
            rating.playouts += 1
            rating.wins += share
            rating.wins_squared += share * share
            rating.score_total += _number(outcome.scores[seat])
            for rule in told:
                rating.consequences[rule] = rating.consequences.get(rule, 0) + 1
                rating.consequence_wins[rule] = rating.consequence_wins.get(rule, 0.0) + share
        if self.anchor in shares:
            base_win, base_lead = shares[self.anchor]
            for action, (share, lead) in shares.items():
                win, ahead = share - base_win, lead - base_lead
                paired = self.ratings_by_action[action].paired
                paired[0] += win
                paired[1] += win * win
                paired[2] += ahead
                paired[3] += ahead * ahead
                self.ratings_by_action[action].paired_playouts += 1
        self.playouts += 1
        if self.anchor is not None and self.playouts == SCREEN_PLAYOUTS:
            self._screen()

    def _screen(self) -> None:
        """Keep trying only the anchor and the CONTENDERS moves that did best against it (by
        win share, then by lead); their comparison with the anchor starts again."""
        if len(self.active) <= CONTENDERS + 1:
            return
        others = [self.ratings_by_action[action] for action in self.active if action != self.anchor]
        others.sort(key=lambda rating: (-rating.paired[0], -rating.paired[2], rating.action))
        for rating in others[:CONTENDERS]:
            rating.paired = [0.0, 0.0, 0.0, 0.0]
            rating.paired_playouts = 0
        self.active = [self.anchor] + [rating.action for rating in others[:CONTENDERS]]

    def _play_out(self, world: State, action: str, chance_seed: int):
        """The outcome of ``action`` in ``world`` played to the end (None when cut), and the
        rules that named the seat first in the events soon after it."""
        return finish(self._playing_out(world, action, chance_seed))

    def _playing_out(self, world: State, action: str, chance_seed: int):
        """``_play_out`` as a generator that yields between steps (see ``run``)."""
        game, seat = self.game, self.seat
        chance = random.Random(chance_seed)
        for number, bot in enumerate(self.bots):
            bot.rng.seed(chance_seed + number + 1)
        if self.turn_bot is not None:
            self.turn_bot.rng.seed(chance_seed)
        state = world.thaw()
        state, events = game.apply(state, action, seat)
        events = []  # the move's own events say what it is, not what it leads to
        told = set()
        watching = CONSEQUENCE_DECISIONS
        own_turn = self.turn_bot is not None  # while the seat is among those to act (OWN_TURN)
        for steps in range(self.max_steps):
            if watching < 0 and not own_turn:  # nothing more to watch: play on plainly
                left = self.max_steps - steps
                return (yield from playing_out(game, state, chance, self.bots, left)), told
            if watching >= 0:
                for event in events:
                    if event.players and event.players[0] == seat:
                        told.add(event.rule)
            actors = state.actor
            if not actors:
                return game.outcome(state), told
            yield
            if actors[0] == CHANCE:
                forced = game.forced_action(state) if watching >= 0 else None
                state, events = game.apply(state, game.sample_chance(state, chance), CHANCE)
                if forced is None:
                    events = ()  # what luck brings (a deal, a roll) is no consequence of the move
                continue
            events = []
            if own_turn and seat not in actors:
                own_turn = False
            for actor in actors:
                bot = self.turn_bot if own_turn and actor == seat else self.bots[actor]
                state, caused = game.apply(state, bot_move(game, state, actor, bot), actor)
                if actor == seat:
                    watching -= 1  # the seat's own later moves are its choices, not consequences
                else:
                    events.extend(caused)
        return None, told


class SearchBot(Bot):
    """Chooses by search, thinking ``seconds`` (or ``playouts``) per decision: the
    ``anchor`` bot's move unless the search finds another surely better (without an anchor:
    the best rated). It looks at the true state only through ``resample_hidden``."""

    name = "search"
    needs_observation = False
    needs_state = True

    def __init__(self, seed=0, *, seconds: float | None = 1.0, playouts: int | None = None,
                 rollout: str | None = None, anchor: Bot | None = None):
        super().__init__(seed)
        self.anchor = anchor  # the bot whose move is kept unless another is surely better
        self.seconds = seconds
        self.playouts = playouts
        self.rollout = rollout
        self.seed = seed
        self.decisions = 0
        self.thinking = 0.0
        self.left_anchor = 0  # decisions where the search found another move surely better

    def decide(self, game: Game, state: State, seat: int, legal: Sequence[str]) -> str:
        if len(legal) == 1:
            return legal[0]
        anchor = self.anchor.decide(game, state, seat, legal) if self.anchor is not None else None
        search = Search(game, state, seat, seed=f"{self.seed}-{self.decisions}", rollout=self.rollout,
                        anchor=anchor)
        search.run(playouts=self.playouts, seconds=None if self.playouts else self.seconds)
        if not search.playouts:  # a very short time: one playout all the same
            search.run(playouts=1)
        self.decisions += 1
        self.thinking += search.seconds
        choice = search.choice()
        self.left_anchor += anchor is not None and choice != anchor
        return choice

    def choose(self, game, observation, legal):
        raise TypeError("the search bot decides from the state (see Bot.decide), not an observation")

    def __repr__(self) -> str:
        budget = f"playouts={self.playouts}" if self.playouts else f"seconds={self.seconds}"
        return f"SearchBot({budget}, rollout={self.rollout!r})"
