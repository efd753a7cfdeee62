"""Another past a player cannot tell from the real one: what "play on from here" deals from.

A learner who takes a seat at step K of a recorded game must not inherit the others' hands
they have watched in the replay. ``Game.resample_hidden`` deals a state's hidden cards
afresh, but a record replays from its first step, so a new game needs a whole new *past*:
the same public history, step for step, with every outcome the seat could not see drawn
again. This module finds one through the protocol alone, by a random walk over pasts:

* propose one change: two items of a chance outcome swapped (two cards of a deal, of a
  pile's order), one item of a chance outcome replaced (a card drawn), or another seat's
  move exchanged for one the seat is told exactly alike (a face-down card, a hidden
  placement);
* replay from there to step K; a later move the change made illegal is exchanged for one
  told alike, and a forced step is taken again as the rules now name it;
* keep the change only if, at every step, the seat sees the same table, is told the same
  events and the same words about chance, and has the same moves to choose from.

Every past kept is therefore one the rules allow and one the seat cannot tell apart from
the real one, which is what a test can check step by step. Many changes are tried (a fixed
number, so the same seed gives the same past), so the walk forgets where it began. It is not
an exact uniform draw over every possible past: places whose changes keep being noticed are
tried less, to spend the time where the hidden cards are.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from .errors import IllegalActionError, InvalidInputError
from .game import CHANCE, Game
from .records import GameRecord

#: changes tried per hidden step of the past (a chance outcome or a move the seat cannot see)
TRIES_PER_STEP = 8
#: how many changes each place gets before the walk keeps to the places that matter
EXPLORE = 4
#: the fewest and the most changes tried in all (a past of a few steps still gets mixed well;
#: a very long one does not take seconds)
MIN_TRIES, MAX_TRIES = 400, 2000


@dataclass(frozen=True)
class Seen:
    """What one step shows the seat: the table after it, the events as told to it, the
    move's label as the seat reads it, the words about chance, its own moves next."""

    observation: dict
    told: tuple


def _items(action: str) -> tuple[str, list[list[str]]] | None:
    """A chance outcome written ``kind:a,b|c,d`` as its kind and its groups of items."""
    kind, colon, body = action.partition(":")
    if not colon or not body:
        return None
    return kind, [group.split(",") for group in body.split("|")]


def _written(kind: str, groups: list[list[str]]) -> str:
    return f"{kind}:{'|'.join(','.join(group) for group in groups)}"


class PastWalk:
    """The random walk over pasts of ``record``'s first ``upto`` steps for ``seat``."""

    def __init__(self, record: GameRecord, upto: int, seat: int, rng: random.Random):
        self.game: Game = record.game
        self.seat = seat
        self.rng = rng
        self.moves = [(step.player, step.action) for step in record.steps[:upto]]
        self.states = [record.states[i] for i in range(upto + 1)]
        self.wanted = [self._seen(self.states[i], self.states[i + 1], player, action,
                                  record.events[i])
                       for i, (player, action) in enumerate(self.moves)]
        kinds: dict[str, set] = {}
        for player, action in self.moves:
            parsed = _items(action) if player == CHANCE else None
            if parsed:
                kinds.setdefault(parsed[0], set()).update(i for g in parsed[1] for i in g)
        #: per kind of chance outcome, the items written in it (cards, dice, seats)
        self.vocabulary = {kind: sorted(items) for kind, items in kinds.items()}
        #: the steps a change may start from: chance outcomes with items, and the others'
        #: moves that have a twin the seat reads alike (a move the seat sees has none)
        start = self._last_known(rng)
        self.places = [i for i, (player, action) in enumerate(self.moves)
                       if i >= start and (_items(action) if player == CHANCE else player != seat
                                          and len(self._told_alike(self.states[i], player, action)) > 1)]
        self.kept = 0
        # how often a change from each place was tried and kept: places whose changes the
        # seat always notices (a face-down card shown later) are soon tried less
        self._tried = [0] * len(self.places)
        self._kept = [0] * len(self.places)
        self._sizes = [sum(map(len, _items(self.moves[i][1])[1])) ** 0.5
                       if self.moves[i][0] == CHANCE else 1.0 for i in self.places]
        #: per chance step, per item of its outcome: [kept, tried] of the swaps that moved it
        self._items_kept: dict[int, list[list[int]]] = {}
        self._swapped: tuple | None = None

    def _last_known(self, rng: random.Random) -> int:
        """The last step at which the seat could know the whole table (``resample_hidden``
        finds no other state it cannot tell apart). Every past that looks the same to the
        seat leads to that very state, so changes before it would change nothing later."""
        game = self.game
        for index in range(len(self.states) - 1, -1, -1):
            state = self.states[index]
            if all(game.resample_hidden(state, self.seat, rng) == state for _ in range(3)):
                return index
        return 0

    # ---- what the seat is shown ------------------------------------------------------------
    def _seen(self, before, after, player, action, events) -> Seen:
        game, seat = self.game, self.seat
        told = tuple((e.rule, e.players, e.facts) for e in (ev.seen_by(seat) for ev in events))
        if player == CHANCE:
            heard = game.chance_words(before, action, seat)
        else:
            heard = game.public_label(before, action, player, seat)
        mine = tuple(game.legal_actions(after, seat)) if seat in game.to_act(after) else ()
        return Seen(game.observe(after, seat), (told, heard, mine))

    # ---- changes ---------------------------------------------------------------------------
    def _changed(self, index: int) -> str | None:
        """Another action for step ``index``, or None when there is none to try. The items
        of a chance outcome to swap are drawn by how often swapping them was kept: an item
        the seat later sees (a card played face up) is soon left alone."""
        player, action = self.moves[index]
        state = self.states[index]
        if player == CHANCE:
            kind, groups = _items(action)
            places = [(g, i) for g, group in enumerate(groups) for i in range(len(group))]
            new = [list(group) for group in groups]
            record = self._items_kept.setdefault(index, [[0, 0] for _ in places])
            weights = [(kept + 1) / (tried + 2) for kept, tried in record]
            if len(places) > 1 and self.rng.random() < 0.7:
                first, second = self.rng.choices(range(len(places)), weights, k=2)
                if first == second:
                    return None
                self._swapped = (index, first, second)
                (g1, i1), (g2, i2) = places[first], places[second]
                new[g1][i1], new[g2][i2] = new[g2][i2], new[g1][i1]
            else:
                chosen = self.rng.choices(range(len(places)), weights)[0]
                self._swapped = (index, chosen, chosen)
                g, i = places[chosen]
                new[g][i] = self.rng.choice(self.vocabulary[kind])
            outcome = _written(kind, new)
            if outcome == action or self.game.check_chance(state, outcome) is not None:
                return None
            return outcome
        alike = self._told_alike(state, player, action)
        alike.discard(action)
        return self.rng.choice(sorted(alike)) if alike else None

    def _told_alike(self, state, player: int, action: str) -> set[str]:
        """The moves of ``player`` now that the seat reads exactly as it read ``action``."""
        game = self.game
        label = game.public_label(state, action, player, self.seat)
        return {move for move in game.legal_actions(state, player)
                if game.public_label(state, move, player, self.seat) == label}

    def _replayed(self, start: int, first: str) -> tuple[list, list] | None:
        """The moves and states from step ``start`` on with ``first`` taken there, or None
        when the seat would see a difference somewhere up to the end of the past."""
        game, seat = self.game, self.seat
        state = self.states[start]
        moves, states = [], []
        for index in range(start, len(self.moves)):
            player, action = self.moves[index]
            if index == start:
                action = first
            elif player == CHANCE:
                forced = game.forced_action(state)
                if forced is not None:
                    action = forced  # the rules act as the changed table makes them
            try:
                after, events = game.apply(state, action, player)
            except (IllegalActionError, InvalidInputError):
                if player in (CHANCE, seat):
                    return None
                after = None
            if after is None or self._seen(state, after, player, action, events) != self.wanted[index]:
                if player in (CHANCE, seat):
                    return None
                found = self._alike_move(state, player, index)
                if found is None:
                    return None
                action, after = found
            moves.append((player, action))
            states.append(after)
            state = after
        return moves, states

    def _alike_move(self, state, player: int, index: int):
        """A move of another seat, told alike, after which the seat sees what it saw."""
        game = self.game
        options = sorted(game.legal_actions(state, player))
        self.rng.shuffle(options)
        label = self.wanted[index]
        for move in options:
            after, events = game.apply(state, move, player)
            if self._seen(state, after, player, move, events) == label:
                return move, after
        return None

    def _place_to_try(self) -> int:
        """Which place to change next: each is tried a few times first (a chance outcome of
        many items more times: few of its swaps may be kept); then only places
        where a change has ever altered the table at the end, the more often the more it did,
        and a chance outcome of many items (a deal) more often than a single move."""
        untried = [place for place, tried in enumerate(self._tried)
                   if tried < EXPLORE * self._sizes[place]]
        if untried:
            return untried[0]
        weights = [(kept + 1) / (tried + 2) * self._sizes[place] if kept else 0.0
                   for place, (kept, tried) in enumerate(zip(self._kept, self._tried))]
        if not any(weights):
            return self.rng.randrange(len(self.places))
        return self.rng.choices(range(len(self.places)), weights)[0]

    def step(self) -> bool:
        """Try one change; True when it was kept."""
        if not self.places:
            return False
        place = self._place_to_try()
        index = self.places[place]
        self._tried[place] += 1
        self._swapped = None
        changed = self._changed(index)
        replayed = None if changed is None else self._replayed(index, changed)
        # a change counts as kept (for where to try next) only if it changed the table at the
        # end: swapping two cards nobody will ever tell apart is kept, but teaches nothing
        useful = replayed is not None and replayed[1][-1] != self.states[-1] if replayed else False
        if self._swapped is not None:
            at, first, second = self._swapped
            for item in {first, second}:
                self._items_kept[at][item][1] += 1
                self._items_kept[at][item][0] += useful
        if replayed is None:
            return False
        moves, states = replayed
        self.moves[index:] = moves
        self.states[index + 1:] = states
        self.kept += 1
        self._kept[place] += useful
        return True

    def walk(self, tries: int | None = None) -> list[tuple[int, str]]:
        if tries is None:
            tries = max(MIN_TRIES, min(MAX_TRIES, TRIES_PER_STEP * len(self.places)))
        for _ in range(tries):
            self.step()
        return list(self.moves)


def resample_past(record: GameRecord, step: int, seat: int, rng: random.Random,
                  tries: int | None = None) -> list[tuple[int, str]]:
    """The first ``step`` moves of a past ``seat`` cannot tell from ``record``'s: (player,
    action) pairs that replay legally, with everything the seat could not see drawn afresh."""
    if not 0 <= step <= len(record.steps):
        raise InvalidInputError(f"step must be from 0 to {len(record.steps)}, not {step}")
    if not 0 <= seat < len(record.players):
        raise InvalidInputError(f"seat must be from 0 to {len(record.players) - 1}, not {seat}")
    if not record.game.hidden_information:
        return [(s.player, s.action) for s in record.steps[:step]]
    return PastWalk(record, step, seat, rng).walk(tries)


def game_from(record: GameRecord, step: int, seat: int, seed: int | str = 0) -> GameRecord:
    """A new game that starts as ``record`` stood after ``step`` steps as ``seat`` saw it,
    with everything else drawn afresh (``resample_past``). Its headers say where it came from;
    it saves and replays like any record."""
    past = resample_past(record, step, seat, random.Random(f"past-{seed}"))
    headers = {key: value for key, value in record.headers.items() if key != "takebacks"}
    headers.update({
        "played_on_from_step": str(step),
        "played_on_as": record.players[seat],
        "played_on_seed": str(seed),
        "played_on_note": (f"The first {step} steps look to {record.players[seat]} exactly as "
                           "in the recorded game; what they could not see was dealt afresh."),
    })
    new = GameRecord(record.game, list(record.players), dict(record.options), headers)
    for player, action in past:
        new.append(action, player)
    return new
