"""Twin games for the test by difference: two records that differ only in what one seat
cannot see.

A twin follows a finished game step by step and, from a chosen step on, takes another
outcome wherever the seat could not tell the difference by what it sees of the table (its
observation):

- chance: the same kind of outcome with two of its items swapped (two cards of a deal
  between hands or into the deck, the order of a pile), one item replaced by another (one
  card of a draw), or a fresh draw;
- another seat's move: a face-down card, a hidden placement, a hand-off the seat does not
  see. Moves the seat is told exactly alike (``public_label`` and the events as told to
  it) must also look alike: when they do not, the observation tells what the telling
  hides, and the twin reports that leak;
- the seat's own move: the same move, and its legal moves must be the same in both games.

After the first difference the twin mostly keeps to the original moves: a twin that keeps
changing things is soon told apart by a reveal. It stops where the seat's observations part
(a reveal) or no such outcome exists. Everything the seat is sent up to there must then be
identical in both games (``sent_alike.py``), label and sentences included: a label or a
sentence that names a secret move is caught there. Built only from the protocol.
"""
from __future__ import annotations

import json
import random
from dataclasses import dataclass, field

from tomato_widgets.core.game import CHANCE, Game
from tomato_widgets.core.play import play_game, random_bots
from tomato_widgets.core.records import GameRecord
from tomato_widgets.games import GAMES

#: how many swapped or fresh chance outcomes are tried at one step
CHANCE_TRIES = 40


@dataclass
class Twins:
    """Two games (records of the same length) the seat cannot tell apart at any step;
    ``first_difference``: the first step whose hidden outcome differs; ``leaks``: what the
    building itself found (a label that hides what the observation shows)."""

    seat: int
    original: GameRecord
    twin: GameRecord
    first_difference: int | None
    leaks: list[str] = field(default_factory=list)

    @property
    def differ(self) -> bool:
        return self.first_difference is not None


def swapped_outcomes(action: str, rng: random.Random, tries: int) -> list[str]:
    """Chance outcomes written like ``action`` with two of its items swapped (items are the
    comma- and bar-separated parts after the kind: cards of hands, of piles)."""
    parsed = _items(action)
    if parsed is None:
        return []
    kind, groups = parsed
    places = [(g, i) for g, group in enumerate(groups) for i in range(len(group))]
    if len(places) < 2:
        return []
    outcomes = []
    for _ in range(tries):
        (g1, i1), (g2, i2) = rng.sample(places, 2)
        new = [list(group) for group in groups]
        new[g1][i1], new[g2][i2] = new[g2][i2], new[g1][i1]
        outcome = _written(kind, new)
        if outcome != action:
            outcomes.append(outcome)
    return outcomes


def _items(action: str) -> tuple[str, list[list[str]]] | None:
    kind, colon, body = action.partition(":")
    return (kind, [group.split(",") for group in body.split("|")]) if colon else None


def _written(kind: str, groups: list[list[str]]) -> str:
    return f"{kind}:{'|'.join(','.join(group) for group in groups)}"


def substituted_outcomes(action: str, vocabulary: list[str], rng: random.Random,
                         tries: int) -> list[str]:
    """Chance outcomes written like ``action`` with one item replaced by another item the
    game writes in its chance outcomes (one card of a draw for another)."""
    parsed = _items(action)
    if parsed is None or not vocabulary:
        return []
    kind, groups = parsed
    places = [(g, i) for g, group in enumerate(groups) for i in range(len(group))]
    outcomes = []
    for _ in range(tries):
        g, i = rng.choice(places)
        new = [list(group) for group in groups]
        new[g][i] = rng.choice(vocabulary)
        outcome = _written(kind, new)
        if outcome != action:
            outcomes.append(outcome)
    return outcomes


def vocabulary_of(record: GameRecord) -> list[str]:
    """Every item written in the record's chance outcomes (cards, dice, seats)."""
    items = set()
    for step in record.steps:
        parsed = _items(step.action) if step.player == CHANCE else None
        if parsed:
            items.update(item for group in parsed[1] for item in group)
    return sorted(items)


def told(events, seat: int) -> str:
    """Events as the seat is told them (rule, players and the facts it may know), as text."""
    return json.dumps([(seen.rule, seen.players, seen.facts)
                       for seen in (event.seen_by(seat) for event in events)],
                      sort_keys=True, default=str)


def facts_told(events, seat: int) -> str:
    """What the events tell the seat as data (players and facts; not which rule), as text:
    with the observation, what the seat knows of the table (a cut's cards are told, not
    kept in any observation)."""
    return json.dumps([(seen.players, seen.facts) for seen in (e.seen_by(seat) for e in events)],
                      sort_keys=True, default=str)


def _other_seat_twin(game: Game, seat: int, before, here, player: int, action: str,
                     wanted: tuple, rng: random.Random, free: bool) -> tuple[str | None, str | None]:
    """Another seat's move in the twin, and a leak found there (or None).

    The twin may take any legal move after which the seat's observation is the one the
    original move left: what the seat is told of it (the label, the events) is then part of
    what must be identical, so a label naming a secret move is caught. And moves the seat
    is told exactly alike (label and events) must leave its observation alike: an
    observation that tells them apart is a leak of its own."""
    results = {move: game.apply(here, move, player) for move in game.legal_actions(here, player)}
    told_as = game.public_label(before, action, player, seat)
    heard: dict[str, tuple[str, dict]] = {}
    for move, (after, events) in results.items():
        if game.public_label(here, move, player, seat) != told_as:
            continue
        key, seen = told(events, seat), game.observe(after, seat)
        if key in heard and heard[key][1] != seen:
            return None, (f"moves {heard[key][0]!r} and {move!r} are told to seat {seat} "
                          f"alike ({told_as!r}, the same events) but its observations after "
                          f"them differ")
        heard.setdefault(key, (move, seen))
    unseen = [move for move, (after, events) in results.items()
              if (game.observe(after, seat), facts_told(events, seat)) == wanted]
    if not unseen:
        return None, None
    if free or action not in unseen:
        return rng.choice(unseen), None
    return action, None


def build_twins(record: GameRecord, seat: int, rng: random.Random, start: int = 0,
                change: float = 0.5) -> Twins:
    """Follow ``record`` from its first step; from step ``start`` on, take a hidden
    alternative with probability ``change`` wherever there is one (see the module)."""
    game = record.game
    twin = GameRecord(game, list(record.players), dict(record.options), dict(record.headers))
    vocabulary = vocabulary_of(record)
    first, leaks = None, []
    for index, step in enumerate(record.steps):
        before, after = record.states[index], record.states[index + 1]
        here = twin.state
        # what the seat sees of the table after the step, and what the step tells it
        wanted = (game.observe(after, seat), facts_told(record.events[index], seat))
        # one hidden difference, then mostly the original moves: a twin that keeps changing
        # things is soon told apart by a reveal, and the uncommon moments need long twins
        free = index >= start and rng.random() < (change if first is None else change / 5)
        player, action = step.player, step.action
        if player == CHANCE:
            choice = _chance_twin(game, seat, here, action, wanted, rng, free, vocabulary)
        elif player == seat:
            if game.legal_actions(before, seat) != game.legal_actions(here, seat):
                leaks.append(f"step {index + 1}: the seat's legal moves differ while its "
                             f"observations are the same")
                break
            choice = action
        else:
            choice, leak = _other_seat_twin(game, seat, before, here, player, action, wanted,
                                            rng, free)
            if leak:
                leaks.append(f"step {index + 1}: {record.players[player]}'s {leak}")
                break
        if choice is None:
            break
        events = twin.append(choice, player, step.comment, step.tags, step.visible_to)
        if (game.observe(twin.state, seat), facts_told(events, seat)) != wanted:
            twin.truncate(index)
            break
        if first is None and (choice != action or twin.state != after):
            first = index + 1
    original = GameRecord(game, list(record.players), dict(record.options), dict(record.headers))
    for step in record.steps[:len(twin.steps)]:
        original.append(step.action, step.player, step.comment, step.tags, step.visible_to)
    return Twins(seat, original, twin, first, leaks)


def _chance_twin(game: Game, seat: int, state, action: str, wanted: tuple,
                 rng: random.Random, free: bool, vocabulary: list[str]) -> str | None:
    """Chance's outcome in the twin: the original one when it is possible and not to be
    changed, else one the seat sees the same way; None when there is none."""
    forced = game.forced_action(state)
    if forced is not None:
        return forced
    same = game.check_chance(state, action) is None
    candidates = []
    if free:
        candidates = swapped_outcomes(action, rng, CHANCE_TRIES)
        candidates += substituted_outcomes(action, vocabulary, rng, CHANCE_TRIES)
        candidates += [game.sample_chance(state, rng) for _ in range(CHANCE_TRIES // 4)]
        rng.shuffle(candidates)
    for outcome in [*candidates, *([action] if same else [])]:
        if outcome != action and game.check_chance(state, outcome) is not None:
            continue
        after, events = game.apply(state, outcome, CHANCE)
        if (game.observe(after, seat), facts_told(events, seat)) == wanted:
            return outcome
    return None


def finished_game(name: str, seed: int, players: int | None = None) -> GameRecord:
    """A finished random game of ``name`` (short: two rounds where the game has rounds)."""
    game = GAMES[name]
    rng = random.Random(f"table-{name}-{seed}")
    if players is None:
        players = rng.randint(game.min_players, min(game.max_players, 5))
    options = {"rounds": 2} if any(o.name == "rounds" for o in game.options) else {}
    return play_game(game, random_bots(players, seed), seed=seed, options=options)


def rare_steps(record: GameRecord) -> list[int]:
    """Steps whose events name a rule that happens at most twice in the game: the
    uncommon moments (a forced harvest, a tie), where a leak would hide from random starts."""
    counts: dict[str, int] = {}
    for events in record.events:
        for event in events:
            counts[event.rule] = counts.get(event.rule, 0) + 1
    return [number for number, events in enumerate(record.events, start=1)
            if any(counts[event.rule] <= 2 for event in events)]


def twins_for(name: str, seed: int) -> list[Twins]:
    """Twins of one random game for every seat, their differences starting at random steps:
    from the first deal, a little before an uncommon moment, or anywhere."""
    record = finished_game(name, seed)
    rng = random.Random(f"twins-{name}-{seed}")
    rare = rare_steps(record)
    found = []
    for seat in range(len(record.players)):
        where = rng.random()
        if where < 0.25:
            start = 0
        elif rare and where < 0.6:
            start = max(0, rng.choice(rare) - rng.randint(1, 30))
        else:
            start = rng.randrange(len(record.steps))
        found.append(build_twins(record, seat, rng, start=start))
    return found


def played_on(record: GameRecord, seed: int) -> GameRecord:
    """``record`` (a copy) played on to the end by random bots and seeded chance."""
    game = record.game
    whole = GameRecord(game, list(record.players), dict(record.options), dict(record.headers))
    for step in record.steps:
        whole.append(step.action, step.player, step.comment, step.tags, step.visible_to)
    bots = random_bots(len(record.players), f"on-{seed}")
    rng = random.Random(f"on-{seed}")
    while game.to_act(whole.state):
        actors = game.to_act(whole.state)
        if actors[0] == CHANCE:
            whole.append(game.sample_chance(whole.state, rng), CHANCE)
            continue
        for seat in actors:
            legal = game.legal_actions(whole.state, seat)
            whole.append(bots[seat].choose(game, game.observe(whole.state, seat), legal), seat)
    return whole
