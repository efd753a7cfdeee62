"""The game protocol every game implements (after OpenSpiel's Game/State/Observer split).

States are immutable values: ``apply`` returns a new state and the events it caused, so a
replay is a list of states and undo is free. Chance (shuffles, deals, cuts, rolls) is an
explicit CHANCE player whose actions are recorded like any other.

One step, one thing to look at. A step is what a learner sees at once, so each step shows
one thing happening. What the rules then do by themselves (a trick collected, a machine
opened, a round scored, the pot shared, the next deal) is not folded into the move that led
to it: it is a step of its own, a *forced* chance step with a single outcome (probability
1) that ``forced_action`` names. The state before it still shows the table as the move
left it (the completed trick with its winner, the cards at the machine), so a replay or a
live game can stop there and the learner sees what the forced step then does.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from .errors import IllegalActionError, InvalidInputError
from .events import Event
from .options import Option, resolve_options
from .rulebook import RuleBook
from .text import quote

#: the seat number of chance in ``to_act`` and in records
CHANCE = -1


def chance_in_words(probability: float) -> str:
    """A probability as a learner reads it: certain, a percentage, or "1 chance in N"."""
    if probability >= 1:
        return "No luck and no choice here: the rules make this step happen."
    if probability <= 0:
        return "An outcome that could not happen by chance (written by hand)."
    if probability >= 0.1:
        return f"A chance of {probability:.0%}."
    ways = 1 / probability
    if ways < 1e9:
        return f"1 chance in {round(ways):,}."
    return "One of more equally likely outcomes than anyone could count (over a billion)."


class State:
    """Base for game states: slotted attributes, never changed after creation.

    A game's state class lists its fields in ``__slots__`` (slot reads are the fastest
    attribute access Python has). ``evolve`` copies the state with a few fields changed;
    the copy function is generated once per class. ``_legal`` is a cache and takes no part
    in equality.

    Every state class also gets an in-place twin (``thaw``): the same fields, but its
    "copy" is the state itself, so ``Game.apply`` changes it instead of making a new one.
    Rollouts and random self-play use it the way OpenSpiel's mutable states are used; the
    engines are written so that both kinds step identically (a contract test checks it).
    """

    __slots__ = ("_legal",)
    _fields: tuple[str, ...] = ()
    #: the in-place twin of this class (on a twin: itself); the immutable class (on both)
    _thawed: type = None
    _frozen: type = None

    def __init_subclass__(cls, in_place: bool = False, **kwargs):
        super().__init_subclass__(**kwargs)
        if in_place:  # the twin: same slots, copies nothing
            cls._copy = _same_state
            cls._thawed = cls
            return
        cls._frozen = cls
        cls._thawed = type(f"InPlace{cls.__name__}", (cls,),
                           {"__slots__": (), "__doc__": "The in-place twin (see State.thaw).",
                            "__module__": cls.__module__}, in_place=True)
        fields = []
        for klass in reversed(cls.__mro__):
            for name in klass.__dict__.get("__slots__", ()):
                if name != "_legal" and name not in fields:
                    fields.append(name)
        cls._fields = tuple(fields)
        body = "".join(f"    new.{name} = self.{name}\n" for name in fields)
        source = f"def _copy(self):\n    new = _new(cls)\n    new._legal = None\n{body}    return new\n"
        namespace = {"_new": object.__new__, "cls": cls}
        exec(source, namespace)  # noqa: S102 - generated from the class's own field names
        cls._copy = namespace["_copy"]

    def _copy(self) -> "State":
        raise NotImplementedError

    def thaw(self) -> "State":
        """A private copy that ``Game.apply`` changes in place (and returns), for fast
        play-outs: no state is allocated per action. ``freeze`` gives an ordinary state back."""
        new = self._frozen._copy(self)
        new.__class__ = self._thawed
        return new

    def freeze(self) -> "State":
        """An ordinary (immutable) copy of this state."""
        return self._frozen._copy(self)

    @property
    def in_place(self) -> bool:
        return type(self)._thawed is type(self)

    def evolve(self, **changes: Any) -> "State":
        new = self._copy()
        for name, value in changes.items():
            setattr(new, name, value)
        return new

    def public_fields(self) -> dict:
        return {name: getattr(self, name) for name in self._fields}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and other._frozen is self._frozen and all(
            getattr(self, name) == getattr(other, name) for name in self._fields)

    def __hash__(self) -> int:
        return hash(tuple(repr(getattr(self, name)) for name in self._fields))

    def __repr__(self) -> str:
        fields = ", ".join(f"{k}={v!r}" for k, v in self.public_fields().items())
        return f"{type(self).__name__}({fields})"

    def __getstate__(self):
        return {name: getattr(self, name) for name in self._fields}

    def __setstate__(self, fields):
        self._legal = None
        for name, value in fields.items():
            setattr(self, name, value)


def _same_state(state: State) -> State:
    """An in-place state's "copy": the state itself, with the legal-move cache dropped."""
    state._legal = None
    return state


@dataclass(frozen=True)
class Reason:
    """Why an action is not allowed: the rule that forbids it and a learner's sentence."""

    rule: str
    message: str


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended: winners (several on a shared win), scores, deciding rule."""

    winners: tuple[int, ...]
    scores: tuple
    rule: str
    facts: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict:
        return {"winners": list(self.winners), "scores": list(self.scores), "rule": self.rule}


class Game:
    """A game: rules as methods over immutable states. Subclasses fill in the hooks."""

    name: str = ""
    title: str = ""
    min_players: int = 2
    max_players: int = 2
    options: tuple[Option, ...] = ()
    rulebook: RuleBook
    summary: str = ""
    #: what the final scores count, as a learner says it ("chips", "stars")
    score_name: str = "points"
    #: the bot kind that plays games out in a search (``core.search``) unless told otherwise:
    #: random play-outs rated moves better per second of thinking than the heuristic bots'
    #: in every game (``benchmarks/bots.py --hero search``); a game whose turns hold several
    #: decisions may choose "own-turn" (the rest of the turn played by its heuristic bot)
    search_rollout: str = "random"
    #: False for a game where every seat sees the whole table at every step (nothing to
    #: resample, nothing that could leak: the hidden-information checks have nothing to find)
    hidden_information: bool = True

    # ---- hooks a game implements -------------------------------------------------
    def initial_state(self, players: int, options: dict) -> State:
        raise NotImplementedError

    def to_act(self, state: State) -> tuple[int, ...]:
        """Who decides now: ``()`` when over, ``(CHANCE,)``, one seat, or several at once.

        Every game's state keeps this in its ``actor`` field."""
        return state.actor

    def seat_count(self, state: State) -> int:
        """How many seats the table has. Every game's state keeps this in its ``n`` field."""
        return state.n

    def player_actions(self, state: State, player: int) -> tuple[str, ...]:
        """The legal action ids of a (non-chance) player who is to act."""
        raise NotImplementedError

    def allows(self, state: State, action: Any, player: int) -> bool:
        """Whether ``action`` is among the legal moves of ``player``, who is to act. Games
        may answer without listing the moves (the hot path of simultaneous decisions)."""
        return action in self.player_actions(state, player)

    def why_illegal(self, state: State, action: str, player: int) -> Reason:
        """The rule that forbids an action that is not in the legal list (or malformed)."""
        raise NotImplementedError

    def next_state(self, state: State, action: str, player: int) -> tuple[State, list[Event]]:
        """Apply an action already known to be legal."""
        raise NotImplementedError

    def check_chance(self, state: State, action: str) -> Reason | None:
        """None when a chance outcome is possible now (chance outcomes may be hand-written)."""
        raise NotImplementedError

    def sample_chance(self, state: State, rng: random.Random) -> str:
        raise NotImplementedError

    def chance_probability(self, state: State, action: str) -> float:
        raise NotImplementedError

    def forced_action(self, state: State) -> str | None:
        """The chance step due now when it has one possible outcome (the rules acting by
        themselves: see "one step, one thing to look at" above), else None. Records may leave
        such steps out; the loader puts them back (see ``records.load_record``)."""
        return None

    def chance_words(self, state: State, action: str, perspective: int | None = None) -> str:
        """How a chance step came about, in words a learner reads: "a shuffle: every order
        equally likely", "1 chance in 1,560". Games name their shuffles, deals and rolls; by
        default the words come from the probability alone.

        The words are told to ``perspective`` (None: the all-seeing view), so they must be
        the same for every outcome that view cannot tell apart: the odds of a hidden draw
        would tell what was drawn. The default suits outcomes everybody sees."""
        return chance_in_words(self.chance_probability(state, action))

    def observe(self, state: State, perspective: int | None) -> dict:
        """What ``perspective`` may know, as JSON-ready data; None sees everything."""
        raise NotImplementedError

    def outcome(self, state: State) -> Outcome | None:
        raise NotImplementedError

    def action_label(self, state: State, action: str) -> str:
        return action

    def public_label(self, state: State, action: str, player: int, perspective: int | None) -> str:
        """The label as ``perspective`` may read it: games hide secret parts (a face-down
        discard) from everyone but the player who made it."""
        return self.action_label(state, action)

    def why_waiting(self, state: State, player: Any) -> Reason:
        """Why ``player`` may not act now although players do: by default, not their turn.
        Games with simultaneous decisions say why a seat that has finished waits."""
        if isinstance(player, int) and not isinstance(player, bool) and player >= 0:
            return Reason("turn.order", f"it is not player {player + 1}'s turn (seat {player})")
        return Reason("turn.order", f"{quote(player)} is not a player who may act now")

    def resample_hidden(self, state: State, perspective: int, rng: random.Random) -> State:
        """A state the player cannot tell apart from this one (others' secrets shuffled)."""
        raise NotImplementedError

    def random_play_out(self, state: State, chance: random.Random, rngs: Sequence[random.Random],
                        steps: int):
        """Optional, for speed: random bots (one generator per seat, each move
        ``legal[int(rng.random() * len(legal))]``) and ``chance`` playing ``state`` to its
        end, exactly as ``core.search.play_out`` plays it with ``RandomBot``s (the same
        draws in the same order), as a generator: it yields between chunks of steps (each
        well under a millisecond, so that a search can keep to its time slice and go on
        later) and returns the outcome, None when not ended within ``steps`` steps. A game
        whose searches need more play-outs per second may give a quicker loop here; by
        default NotImplemented, and the search takes the ordinary steps."""
        return NotImplemented

    def migrate_options(self, options: Any) -> Any:
        """A record's options in today's terms (a value a game no longer offers, read as the
        one that replays the same games); by default as they are."""
        return options

    def check_invariants(self, state: State) -> None:
        """Raise AssertionError when the state breaks one of the game's conservation laws."""

    # ---- what every game gets --------------------------------------------------------
    def new_game(self, players: int, options: Mapping[str, Any] | None = None) -> State:
        """The initial state, before any chance outcome; refuses bad counts and options."""
        if isinstance(players, bool) or not isinstance(players, int):
            raise InvalidInputError(f"the number of players must be a whole number, not {players!r}")
        if not self.min_players <= players <= self.max_players:
            raise InvalidInputError(
                f"{self.title} is for {self.min_players} to {self.max_players} players, not {players}")
        return self.initial_state(players, self.resolve_options(options))

    def resolve_options(self, options: Mapping[str, Any] | None) -> dict:
        return resolve_options(self.options, options)

    def is_over(self, state: State) -> bool:
        return not self.to_act(state)

    def legal_actions(self, state: State, player: int | None = None) -> tuple[str, ...]:
        """Legal action ids for ``player`` (default: the only one to act). Chance has none listed."""
        actors = state.actor
        if len(actors) == 1 and (player is None or player == actors[0]):
            cached = state._legal
            if cached is None and actors[0] != CHANCE:
                cached = state._legal = self.player_actions(state, actors[0])
            return cached or ()
        if player is None or player == CHANCE or player not in actors:
            return ()
        return self.player_actions(state, player)  # one of several deciding at once

    def reason_illegal(self, state: State, action: Any, player: int | None = None) -> Reason | None:
        """None when the action is legal now, else the rule that forbids it (the widget's "why not?")."""
        if not isinstance(action, str) or not action:
            return Reason("action.format", f"an action is a non-empty text id, not {quote(action)}")
        actors = self.to_act(state)
        if not actors:
            return Reason("game.over", "the game is over: nobody can act any more")
        if player is None:
            if len(actors) > 1:
                return Reason("turn.simultaneous", "several players decide at once here: say which one acts")
            player = actors[0]
        if player == CHANCE:
            if actors[0] != CHANCE:
                return Reason("turn.chance", "this is a player's decision, not a chance outcome")
            return self.check_chance(state, action)
        if player not in actors:
            if actors[0] == CHANCE:
                return Reason("turn.chance", "chance acts now (cards or dice), not a player")
            return self.why_waiting(state, player)
        if action in self.legal_actions(state, player):
            return None
        return self.why_illegal(state, action, player)

    def apply(self, state: State, action: str, player: int | None = None) -> tuple[State, list[Event]]:
        """The next state and the events the action caused; the given state is unchanged.

        Raises ``IllegalActionError`` (naming the rule) when the action is not allowed, and
        ``InvalidInputError`` when the action id is malformed.
        """
        actors = state.actor
        if len(actors) == 1:  # fast path: the one player to act makes a listed move
            seat = actors[0]
            if seat != CHANCE and (player is None or player == seat):
                legal = state._legal
                if legal is None:
                    legal = state._legal = self.player_actions(state, seat)
                if action in legal:
                    return self.next_state(state, action, seat)
            elif seat == CHANCE and (player is None or player == CHANCE) and type(action) is str:
                # chance's turn: the game checks the outcome (a hand-written one may be wrong)
                reason = self.check_chance(state, action)
                if reason is None:
                    return self.next_state(state, action, CHANCE)
        elif player is not None and player != CHANCE and player in actors:
            # one of several seats deciding at once
            if type(action) is str and self.allows(state, action, player):
                return self.next_state(state, action, player)
        if player is None and len(actors) == 1:
            player = actors[0]
        reason = self.reason_illegal(state, action, player)
        if reason is not None:
            if reason.rule == "action.format":
                raise InvalidInputError(reason.message)
            raise IllegalActionError(str(action), reason.rule, reason.message, player)
        return self.next_state(state, action, player)

    def explain(self, event: Event, names: Sequence[str]) -> str:
        return self.rulebook.sentence(event, names)

    def default_names(self, players: int) -> list[str]:
        return [f"Player {i + 1}" for i in range(players)]
