"""Information-set Monte Carlo tree search over the game protocol: the other way to search a
game with hidden cards, kept beside the flat search of ``search.py`` so the two can be
compared per second of thinking (``benchmarks/bots.py --hero search --method tree``).

Single-observer and open-loop: each iteration redraws what the searching seat cannot see
(``Game.resample_hidden``), then walks one tree from the decision, choosing each seat's
move by UCB1 among the moves legal in this redrawn world (a move's count of chances is how
often it was legal when its node was reached: "availability"); chance steps are played as
they come and do not branch the tree, so one node stands for every deal or roll that led
there. The walk adds one node and a rollout plays the game out; every node on the path
counts the result for the seat that chose its move. The move played is the root's most
visited.

Measured against three heuristic bots in 4-player Tomate, 0.3 s per decision, 100 games
each (``python benchmarks/bots.py --game tomate --players 4 --games 100 --hero search
--seconds 0.3 --method tree|flat --seed 5``): the tree search won 17.0% ± 7.4, below an equal
seat's 25%, the flat search 36.0% ± 9.2 (measured before Tomate's quicker play-outs,
which both use). The tree spreads a decision's playouts over the
moves after it and, with no anchor, its choice likely follows the noise of few playouts; the
search bot searches flat.

Nothing here knows a game; it sees the true state only through ``resample_hidden``.
"""
from __future__ import annotations

import math
import random
import time
from typing import Sequence

from .bots import Bot
from .game import CHANCE, Game, State
from .play import bot_move
from .search import OWN_TURN, play_out, rollout_players, turn_player

#: UCB1's exploration constant for win shares in [0, 1]
EXPLORATION = 0.7


class Node:
    """A move of one seat after the moves on the path to it (whatever chance did)."""

    __slots__ = ("seat", "children", "visits", "wins", "chances")

    def __init__(self, seat: int):
        self.seat = seat  # who chose the move leading here
        self.children: dict = {}  # (seat, action) -> Node
        self.visits = 0
        self.wins = 0.0  # the win shares of ``seat`` in the iterations through here
        self.chances = 0  # iterations where this move was legal when its parent was reached

    def score(self) -> float:
        """UCB1 with availability: mean win share plus the exploration bonus."""
        return self.wins / self.visits + EXPLORATION * math.sqrt(math.log(self.chances) / self.visits)


class TreeSearch:
    """An ongoing tree search of one decision of ``seat``; ``run`` as often as wanted."""

    def __init__(self, game: Game, state: State, seat: int, *, seed=0, rollout: str | None = None):
        if seat not in game.to_act(state) or seat == CHANCE:
            raise ValueError(f"seat {seat} does not decide now")
        self.game, self.state, self.seat = game, state, seat
        self.rng = random.Random(f"tree-{seed}")
        rollout = rollout or game.search_rollout
        self.bots = rollout_players(game.name, game.seat_count(state), rollout, seed)
        self.turn_bot = turn_player(game.name, seed) if rollout == OWN_TURN else None
        self.root = Node(seat)
        self.legal = game.legal_actions(state, seat)
        self.iterations = 0
        self.seconds = 0.0

    def run(self, *, iterations: int | None = None, seconds: float | None = None) -> "TreeSearch":
        if iterations is None and seconds is None:
            raise ValueError("say how long to search: iterations=N or seconds=S")
        start = time.perf_counter()
        done = 0
        while (iterations is None or done < iterations) and (
                seconds is None or not done or time.perf_counter() - start < seconds):
            self._iterate()
            done += 1
        self.seconds += time.perf_counter() - start
        return self

    def visits(self) -> dict[str, int]:
        """The root moves' visits (moves never tried: 0)."""
        children = self.root.children
        return {action: children[(self.seat, action)].visits if (self.seat, action) in children else 0
                for action in self.legal}

    def choice(self) -> str:
        """The most visited move (ties: the better win share, then the first listed)."""
        children = self.root.children

        def rank(action):
            node = children.get((self.seat, action))
            return (node.visits, node.wins / node.visits) if node and node.visits else (0, 0.0)

        return max(self.legal, key=rank)

    # ---- one iteration -----------------------------------------------------------------
    def _iterate(self) -> None:
        game, rng = self.game, self.rng
        state = game.resample_hidden(self.state, self.seat, rng).thaw()
        chance = random.Random(rng.getrandbits(48))
        for number, bot in enumerate(self.bots):
            bot.rng.seed(rng.getrandbits(48) + number)
        node, path = self.root, []
        actor = self.seat  # the decision's seat moves first, even among several deciding at once
        while True:
            child, action = self._select(node, actor, game.legal_actions(state, actor))
            path.append(child)
            state = game.apply(state, action, actor)[0]
            if child.visits == 0:  # just added: a rollout plays on from here
                break
            node = child
            state, actor = self._to_next_choice(state, chance)
            if actor is None:  # the game is over
                break
        outcome = self._roll_out(state, chance)
        shares = self._shares(outcome)
        for visited in path:
            visited.visits += 1
            visited.wins += shares[visited.seat]
        self.iterations += 1

    def _select(self, node: Node, actor: int, legal: Sequence[str]) -> tuple[Node, str]:
        """The child to walk to: a move not tried yet (at random), else UCB1's best among
        the moves legal here; every legal move's count of chances grows by one."""
        children = node.children
        untried = []
        for action in legal:
            child = children.get((actor, action))
            if child is None:
                untried.append(action)
            else:
                child.chances += 1
        if untried:
            action = untried[int(self.rng.random() * len(untried))]
            child = children[(actor, action)] = Node(actor)
            child.chances = 1
            return child, action
        action = max(legal, key=lambda a: children[(actor, a)].score())
        return children[(actor, action)], action

    def _to_next_choice(self, state: State, chance: random.Random) -> tuple[State, int | None]:
        """The state after any chance steps, and the next seat to choose there (the first
        of several deciding at once; None when the game is over)."""
        game = self.game
        while True:
            actors = state.actor
            if not actors:
                return state, None
            if actors[0] != CHANCE:
                return state, actors[0]
            state = game.apply(state, game.sample_chance(state, chance), CHANCE)[0]

    def _roll_out(self, state: State, chance: random.Random):
        """The outcome of playing on from ``state`` with the rollout bots (with the own-turn
        rollout, the searching seat's heuristic bot first plays the rest of its turn)."""
        game, seat = self.game, self.seat
        if self.turn_bot is not None:
            while (actors := state.actor) and (actors[0] == CHANCE or seat in actors):
                if actors[0] == CHANCE:
                    state = game.apply(state, game.sample_chance(state, chance), CHANCE)[0]
                    continue
                for actor in actors:
                    bot = self.turn_bot if actor == seat else self.bots[actor]
                    state = game.apply(state, bot_move(game, state, actor, bot), actor)[0]
        return play_out(game, state, chance, self.bots)

    def _shares(self, outcome) -> list[float]:
        """Every seat's win share of an outcome (1/winners to each winner; none unfinished)."""
        shares = [0.0] * len(self.bots)
        if outcome is not None:
            for winner in outcome.winners:
                shares[winner] = 1 / len(outcome.winners)
        return shares


class TreeSearchBot(Bot):
    """Chooses by information-set tree search, thinking ``seconds`` (or ``iterations``)
    per decision."""

    name = "search"
    needs_observation = False
    needs_state = True

    def __init__(self, seed=0, *, seconds: float | None = 1.0, iterations: int | None = None,
                 rollout: str | None = None):
        super().__init__(seed)
        self.seed, self.seconds, self.iterations, self.rollout = seed, seconds, iterations, rollout
        self.decisions = 0
        self.thinking = 0.0

    def decide(self, game: Game, state: State, seat: int, legal: Sequence[str]) -> str:
        if len(legal) == 1:
            return legal[0]
        search = TreeSearch(game, state, seat, seed=f"{self.seed}-{self.decisions}", rollout=self.rollout)
        search.run(iterations=self.iterations, seconds=None if self.iterations else self.seconds)
        self.decisions += 1
        self.thinking += search.seconds
        return search.choice()

    def choose(self, game, observation, legal):
        raise TypeError("the tree search bot decides from the state (see Bot.decide), not an observation")

    def __repr__(self) -> str:
        budget = f"iterations={self.iterations}" if self.iterations else f"seconds={self.seconds}"
        return f"TreeSearchBot({budget}, rollout={self.rollout!r})"
