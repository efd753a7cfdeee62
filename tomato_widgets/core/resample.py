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

The walk is bounded, since the kernel answers nothing else meanwhile (a second or so at
most, in every game at its largest): changes start only in the last ``WINDOW`` steps before
K, the latest places first; a replay stops as soon as its table is again the current past's
at the same step (the rest of the past is then the same); and at most ``REPLAY_BUDGET``
steps are replayed in all. Only those last steps are read, so a game of tens of thousands
of steps costs no more than a short one. The price: in a past longer than the window, a
card hidden since before it and never moved since stays where it was (games of bots at the
default options stay within about a third of the window).
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import islice

from .branch import branch
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
#: the most steps before K a change may start from: a change kept is replayed over every step
#: from its own to K, and further back than this a few of them would use up the budget
WINDOW = 3000
#: the most steps the walk replays in all (a second or so in every game at its largest)
REPLAY_BUDGET = 20_000
#: changes tried at places of one kind before the walk leaves a kind never kept
KIND_TRIES = 24
#: the most of it one place may take before the walk knows whether its changes are kept
EXPLORE_COST = REPLAY_BUDGET // 16


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
    """The random walk over pasts of ``record``'s first ``upto`` steps for ``seat``.

    ``moves`` and ``states`` hold the past from step ``first`` on (``states[0]`` is the
    table after ``first`` steps): the steps before it are the record's own."""

    def __init__(self, record: GameRecord, upto: int, seat: int, rng: random.Random):
        self.game: Game = record.game
        self.seat = seat
        self.rng = rng
        self.first = first = max(0, upto - WINDOW)
        self.moves = [(step.player, step.action) for step in record.steps[first:upto]]
        self.states = list(islice(record.states.from_step(first), upto - first + 1))
        # the real past, what every past kept must show the seat (told lazily: most steps
        # of a long game are never replayed)
        self._real = (list(self.moves), list(self.states), record.events[first:upto])
        self._wanted: dict[int, Seen] = {}
        written: dict[str, set] = {}
        for player, action in self.moves:
            parsed = _items(action) if player == CHANCE else None
            if parsed:
                written.setdefault(parsed[0], set()).update(i for g in parsed[1] for i in g)
        #: per kind of chance outcome, the items written in it (cards, dice, seats)
        self.vocabulary = {kind: sorted(items) for kind, items in written.items()}
        #: the steps a change may start from: chance outcomes with items, and the others'
        #: moves that have a twin the seat reads alike (a move the seat sees has none)
        start = self._last_known(rng)
        self.places = [i for i, (player, action) in enumerate(self.moves)
                       if i >= start and (_items(action) if player == CHANCE else player != seat
                                          and len(self._told_alike(self.states[i], player, action)) > 1)]
        self.kept = 0
        #: changes tried, and steps replayed (the walk's work: see REPLAY_BUDGET)
        self.tried = self.replayed = 0
        # how often a change from each place was tried and kept: places whose changes the
        # seat always notices (a face-down card shown later) are soon tried less
        self._tried = [0] * len(self.places)
        self._kept = [0] * len(self.places)
        #: steps replayed for the changes from each place: a place far back costs more
        self._cost = [0] * len(self.places)
        #: per kind of place (a chance outcome's or a move's name: "deal", "play"), the
        #: changes [that changed the table at the end, tried]: a kind the seat always
        #: notices (a face-down card turned up in the same heat) is explored no further
        self._kind_of = [(self.moves[i][0] == CHANCE, self.moves[i][1].partition(":")[0])
                         for i in self.places]
        self._kinds = {kind: [0, 0] for kind in self._kind_of}
        #: the place explored now (they are explored from the last back), and the places
        #: whose changes have altered the table at the end, in the order found
        self._exploring = len(self.places) - 1
        self._useful: list[int] = []
        self._sizes = [sum(map(len, _items(self.moves[i][1])[1])) ** 0.5
                       if self.moves[i][0] == CHANCE else 1.0 for i in self.places]
        self._explore = [EXPLORE * size for size in self._sizes]
        #: per chance step, per item of its outcome: [kept, tried] of the swaps that moved it
        self._items_kept: dict[int, list[list[int]]] = {}
        self._swapped: tuple | None = None

    def _last_known(self, rng: random.Random) -> int:
        """The last step at which the seat could know the whole table (``resample_hidden``
        finds no other state it cannot tell apart), counted from ``first`` (0 when there is
        none). Every past that looks the same to the seat leads to that very state, so
        changes before it would change nothing later."""
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

    def wanted(self, index: int) -> Seen:
        """What the real past showed the seat at step ``index`` (counted from ``first``)."""
        seen = self._wanted.get(index)
        if seen is None:
            moves, states, events = self._real
            player, action = moves[index]
            seen = self._wanted[index] = self._seen(states[index], states[index + 1], player,
                                                    action, events[index])
        return seen

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
                self._swapped = (index, {first, second})
                (g1, i1), (g2, i2) = places[first], places[second]
                new[g1][i1], new[g2][i2] = new[g2][i2], new[g1][i1]
            else:
                chosen = self.rng.choices(range(len(places)), weights)[0]
                self._swapped = (index, {chosen})
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
        when the seat would see a difference somewhere up to the end of the past. Once the
        table is again the current past's at the same step, the rest is the current past's."""
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
            self.replayed += 1
            try:
                after, events = game.apply(state, action, player)
            except (IllegalActionError, InvalidInputError):
                if player in (CHANCE, seat):
                    return None
                after = None
            if after is None or self._seen(state, after, player, action, events) != self.wanted(index):
                if player in (CHANCE, seat):
                    return None
                found = self._alike_move(state, player, index)
                if found is None:
                    return None
                action, after = found
            moves.append((player, action))
            states.append(after)
            if after == self.states[index + 1]:
                return moves + self.moves[index + 1:], states + self.states[index + 2:]
            state = after
        return moves, states

    def _alike_move(self, state, player: int, index: int):
        """A move of another seat, told alike, after which the seat sees what it saw."""
        game = self.game
        options = sorted(game.legal_actions(state, player))
        self.rng.shuffle(options)
        label = self.wanted(index)
        for move in options:
            self.replayed += 1
            after, events = game.apply(state, move, player)
            if self._seen(state, after, player, move, events) == label:
                return move, after
        return None

    def _place_to_try(self) -> int:
        """Which place to change next: each is tried a few times first, the latest first (a
        chance outcome of many items more times: few of its swaps may be kept), unless its
        tries have replayed EXPLORE_COST steps already or its kind is never kept; then only
        places where a change has ever altered the table at the end, the more often the more
        it did, and a chance outcome of many items (a deal) more often than a single move."""
        while self._exploring >= 0:
            place = self._exploring
            useful, tried = self._kinds[self._kind_of[place]]
            if (self._tried[place] < self._explore[place] and self._cost[place] < EXPLORE_COST
                    and (useful or tried < KIND_TRIES)):
                return place
            self._exploring -= 1
        if not self._useful:
            return self.rng.randrange(len(self.places))
        weights = [(self._kept[place] + 1) / (self._tried[place] + 2) * self._sizes[place]
                   for place in self._useful]
        return self.rng.choices(self._useful, weights)[0]

    def step(self) -> bool:
        """Try one change; True when it was kept."""
        if not self.places:
            return False
        place = self._place_to_try()
        index = self.places[place]
        self._tried[place] += 1
        self._kinds[self._kind_of[place]][1] += 1
        self.tried += 1
        self._swapped = None
        changed = self._changed(index)
        before = self.replayed
        replayed = None if changed is None else self._replayed(index, changed)
        self._cost[place] += self.replayed - before
        # a change counts as kept (for where to try next) only if it changed the table at the
        # end: swapping two cards nobody will ever tell apart is kept, but teaches nothing
        useful = replayed is not None and replayed[1][-1] != self.states[-1] if replayed else False
        if self._swapped is not None:
            at, moved = self._swapped
            for item in moved:
                self._items_kept[at][item][1] += 1
                self._items_kept[at][item][0] += useful
        if replayed is None:
            return False
        moves, states = replayed
        self._kinds[self._kind_of[place]][0] += useful
        self.moves[index:] = moves
        self.states[index + 1:] = states
        self.kept += 1
        if useful and not self._kept[place]:
            self._useful.append(place)
        self._kept[place] += useful
        return True

    def walk(self, tries: int | None = None) -> list[tuple[int, str]]:
        """Try ``tries`` changes (by default as many as the past has hidden steps, within
        MIN_TRIES and MAX_TRIES), fewer when REPLAY_BUDGET runs out; the past from ``first``."""
        if tries is None:
            tries = max(MIN_TRIES, min(MAX_TRIES, TRIES_PER_STEP * len(self.places)))
        # a long past has more places than tries: each is first tried fewer times, so that
        # the first half of the tries reaches further back
        planned = sum(EXPLORE * size for size in self._sizes)
        scale = min(1.0, tries / 2 / planned) if planned else 1.0
        self._explore = [max(1.0, EXPLORE * size * scale) for size in self._sizes]
        for _ in range(tries):
            if self.replayed >= REPLAY_BUDGET:
                break
            self.step()
        return list(self.moves)


def _checked(record: GameRecord, step: int, seat: int) -> None:
    if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= len(record.steps):
        raise InvalidInputError(f"step must be from 0 to {len(record.steps)}, not {step!r}")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(record.players):
        raise InvalidInputError(f"seat must be from 0 to {len(record.players) - 1}, not {seat!r}")


def resample_past(record: GameRecord, step: int, seat: int, rng: random.Random,
                  tries: int | None = None) -> list[tuple[int, str]]:
    """The first ``step`` moves of a past ``seat`` cannot tell from ``record``'s: (player,
    action) pairs that replay legally, with everything the seat could not see drawn afresh."""
    _checked(record, step, seat)
    own = [(s.player, s.action) for s in record.steps[:step]]
    if not record.game.hidden_information:
        return own
    walk = PastWalk(record, step, seat, rng)
    return own[:walk.first] + walk.walk(tries)


def game_from(record: GameRecord, step: int, seat: int, seed: int | str = 0) -> GameRecord:
    """A new game that starts as ``record`` stood after ``step`` steps as ``seat`` saw it,
    with everything else drawn afresh (``resample_past``). Its headers say where it came from;
    it saves and replays like any record."""
    _checked(record, step, seat)
    headers = {key: value for key, value in record.headers.items() if key != "takebacks"}
    headers.update({
        "played_on_from_step": str(step),
        "played_on_as": record.players[seat],
        "played_on_seed": str(seed),
        "played_on_note": (f"The first {step} steps look to {record.players[seat]} exactly as "
                           "in the recorded game; what they could not see was dealt afresh."),
    })
    past = resample_past(record, step, seat, random.Random(f"past-{seed}"))
    # the steps up to the first one dealt afresh are the record's own: taken, not replayed
    same = next((index for index, (player, action) in enumerate(past)
                 if (player, action) != (record.steps[index].player, record.steps[index].action)),
                len(past))
    new = branch(record, same, headers)
    for player, action in past[same:]:
        new.append(action, player)
    return new
