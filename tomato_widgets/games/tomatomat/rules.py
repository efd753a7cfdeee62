"""Tomatomat's rules as pure functions over an immutable state (no widgets, no text).

Round flow: chance draws four machines (``machines:``) -> chance deals (round 1, ``deal:``)
or everyone shuffles the pile received (``shuffle:``), which also draws the first four
cards -> three batches in which all players at once put their four cards face down at
machines I-IV, one ``place:CARD:POS`` at a time -> the settlement of each machine in
forced steps ``reveal:P``, ``police:P``, ``thieves:P``, ``score:P`` -> ``pass`` (the piles
move on; after the last round the game ends instead). Forced steps are chance actions
with one possible outcome. Rulings are documented in ``rulebook.py``.
"""
from __future__ import annotations

import math
import random
from collections import namedtuple
from itertools import chain, combinations, filterfalse
from math import floor
from operator import itemgetter

from ...core.errors import InvalidInputError
from ...core.events import Event, new_event
from ...core.game import CHANCE, Game, Outcome, Reason, State
from ...core.options import Option
from ...core.text import quote
from .cards import (CARD_BY_ID, CARD_IDS, COLOURS, COUNTS, DECK_SIZE, FULL_DECK, PILE, POLICE,
                    THIEF, TYPES, VALUE, card_name, parse_card, type_counts)
from .machines import MACHINE_SETS
from .rulebook import RULEBOOK
from .views import TomatomatViews

POSITIONS = ("I", "II", "III", "IV")
POS_INDEX = {name: pos for pos, name in enumerate(POSITIONS)}
BATCHES = 3
DRAW = 4
SLOTS = 4  # players plus spare decks: always four piles
#: slots in clockwise passing order; seats are slots 0..n-1, spare decks the slots after
ORDER = {2: (0, 2, 1, 3), 3: (0, 1, 2, 3), 4: (0, 1, 2, 3)}
NEXT = {n: {order[i]: order[(i + 1) % SLOTS] for i in range(SLOTS)} for n, order in ORDER.items()}
PREV = {n: {b: a for a, b in nxt.items()} for n, nxt in NEXT.items()}
SEATS = {n: tuple(range(n)) for n in range(2, 5)}
EMPTY_ROW = ((),) * 4

PLACE_SECRET = ("card", "position")
#: every placement: action id -> (card, position, (card, position), its event per seat).
#: Events are immutable values, so the hottest step shares ready-made ones.
PLACE = {}
#: card -> its four placement ids (I to IV), the same strings as PLACE's keys
PLACE_IDS = tuple(tuple(f"place:{CARD_IDS[card]}:{name}" for name in POSITIONS) for card in TYPES)
for _card in TYPES:
    for _pos in range(4):
        _facts = {"card": CARD_IDS[_card], "position": POSITIONS[_pos]}
        PLACE[PLACE_IDS[_card][_pos]] = (
            _card, _pos, (_card, _pos),
            tuple(Event("place.card", (seat,), _facts, PLACE_SECRET) for seat in range(4)))
#: forced step id -> (kind, position)
FORCED = {f"{kind}:{name}": (kind, pos) for kind in ("reveal", "police", "thieves", "score")
          for pos, name in enumerate(POSITIONS)}
FORCED["pass"] = ("pass", -1)
#: what follows the scoring of each position
NEXT_STEP = ("reveal:II", "reveal:III", "reveal:IV", "pass")
FORCED_RULE = {"reveal": "reveal.cards", "police": "police.catch", "thieves": "thieves.steal",
               "score": "score.win", "pass": "round.pass"}
STEP_RULE = {"machines": "machines.draw", "deal": "setup.deal", "shuffle": "round.shuffle"}
#: how each kind of chance step comes about, in a learner's words
CHANCE_WORDS = {
    "machines": "4 machines drawn from the {left} face down, one for each place: "
                "1 chance in {ways:,}.",
    "deal": "A shuffle and a deal: every order of the 48 playing cards is equally likely.",
    "shuffle": "A shuffle: every order of each player's new deck is equally likely.",
}
#: distinct orders of the whole 48-card deck (identical cards interchangeable)
DECK_ORDERS = math.factorial(DECK_SIZE) // math.prod(math.factorial(c) for c in COUNTS)

OPTIONS = (
    Option("rounds", 4, "rounds to play (the full game has four)", minimum=1, maximum=4,
           ruling="end.game"),
    Option("machine_set", "placeholder", "which table of 36 machines to use (the real mix is "
           "not published; 'placeholder' is an assumed one)", kind="choice",
           choices=tuple(MACHINE_SETS), ruling="machines.deck"),
    Option("remember_own", False, "a teaching aid: players see which cards they put face down "
           "(the rules forbid looking at them again; false: only how many lie at each machine)",
           kind="bool", ruling="place.remember"),
)
Settings = namedtuple("Settings", [o.name for o in OPTIONS])

#: what a hand (a sorted tuple of cards) allows, memoised: there are only a few thousand
#: possible hands, and placing cards is the hottest path
_HANDS: dict = {}


def hand_facts(hand: tuple) -> tuple:
    """(the placements the hand allows: each distinct card at each position; card -> the
    hand after placing it; its card ids, for a draw event, whose facts are never changed)."""
    facts = _HANDS.get(hand)
    if facts is None:
        actions = ()
        rests = {}
        for at, card in enumerate(hand):
            if card not in rests:
                rests[card] = hand[:at] + hand[at + 1:]
                actions += PLACE_IDS[card]
        facts = _HANDS[hand] = (actions, rests, [CARD_IDS[card] for card in hand])
    return facts


DRAWN_SECRET = ("drawn",)
#: ready-made per seat and card, as the settlement is a hot path: the [seat, card id] pair
#: its events list (event facts are never changed) and (seat, card, fate) for a card lying
#: at the machine being settled
SEAT_CARD = tuple(tuple([seat, CARD_IDS[card]] for card in TYPES) for seat in range(SLOTS))
FATED = {fate: tuple(tuple((seat, card, fate) for card in TYPES) for seat in range(SLOTS))
         for fate in ("open", "police", "caught", "thief", "stolen", "scored")}


OPEN = FATED["open"]
#: an officer who catches nothing is a ready-made event per position, seat and card
POLICE_NOTHING = tuple(tuple(tuple(
    Event("police.nothing", (seat,), {"position": name, "owner": seat, "card": CARD_IDS[card]})
    for card in TYPES) for seat in range(SLOTS)) for name in POSITIONS)
#: the step after a reveal, by what it turned up (1: an officer, 2: a thief; both: 3) and
#: position
AFTER_REVEAL = tuple(tuple(("police:" if found & 1 else "thieves:" if found else "score:") + name
                           for name in POSITIONS) for found in range(4))
#: the seats still placing -> the seat that has just placed its last card -> the others
WITHOUT = {seats: {seat: tuple([other for other in seats if other != seat]) for seat in seats}
           for size in range(1, SLOTS + 1) for seats in combinations(range(SLOTS), size)}
#: forced step id -> (the method that takes it, position); filled in below the class
_FORCED_STEPS: dict = {}
#: a memo per machine set: a stack of machines -> (their ids, stars, the top's colour names),
#: lists shared by the events that name them (never changed)
_STACKS: dict = {}
_MEMO_LIMIT = 100_000  # entries; random play meets far fewer, long runs stay bounded


def _stack_facts(machine_set: str, stack: tuple) -> tuple:
    """The ``_STACKS`` entry of ``stack`` (machine numbers of the set named ``machine_set``)."""
    if len(_STACKS) > _MEMO_LIMIT:
        _STACKS.clear()
    table = MACHINE_SETS[machine_set]
    facts = _STACKS[machine_set, stack] = ([table.ids[m] for m in stack],
                                           sum([table.stars[m] for m in stack]),
                                           list(table.colour_names[stack[-1]]))
    return facts


def arrangements(cards) -> int:
    """How many distinct orders ``cards`` can lie in (identical cards interchangeable)."""
    ways = math.factorial(len(cards))
    for count in type_counts(cards):
        if count > 1:
            ways //= math.factorial(count)
    return ways


def slot_label(slot: int, n: int):
    """A seat number for a player's pile, ``"D1"``/``"D2"`` for a spare deck."""
    return slot if slot < n else f"D{slot - n + 1}"


#: the piles' moves a pass names, per player count (a shared fact: never changed)
PASS_MOVES = {n: [[slot_label(slot, n), slot_label(NEXT[n][slot], n)] for slot in ORDER[n]]
              for n in ORDER}


def deal_action(decks) -> str:
    """The chance id of a hand-written deal: four lists of card ids, one per slot (players'
    decks in draw order, then the spare decks), e.g. ``deal_action([["R1", ...], ...])``."""
    return "deal:" + "|".join(",".join(deck) for deck in decks)


def shuffle_action(decks) -> str:
    """The chance id of a hand-written shuffle: each player's new deck in draw order."""
    return "shuffle:" + "|".join(",".join(deck) for deck in decks)


def machines_action(machine_ids) -> str:
    """The chance id of the four machines drawn for positions I to IV."""
    return "machines:" + ",".join(machine_ids)


#: a chance id naming ``k`` piles of 12 cards, as one format string per ``k``
PILES_FORMAT = {k: "|".join([",".join(["%s"] * PILE)] * k) for k in range(1, SLOTS + 1)}


def _piles_text(prefix: str, piles) -> str:
    """``prefix`` and the piles' card ids, as a deal or shuffle id (piles of 12: one format)."""
    return prefix + PILES_FORMAT[len(piles)] % itemgetter(*chain.from_iterable(piles))(CARD_IDS)


class TomatomatState(State):
    """A Tomatomat table. Card piles are tuples of card numbers (``cards.py``).

    ``decks`` has four slots: players' decks in draw order, then the spare decks (sorted).
    ``fresh`` holds each player's placements of the current batch as (card, position);
    ``placed`` the earlier ones, per player per position, sorted. ``discards`` are in the
    order discarded. ``shown`` is the machine being settled: (seat, card, fate) with fate
    "open" while the card lies face up there.
    ``step`` names the chance step due next ("machines", "deal", "shuffle" or a forced id).
    """

    __slots__ = ("n", "settings", "phase", "step", "actor", "round", "batch", "decks", "hands",
                 "fresh", "placed", "discards", "stacks", "stock", "won", "pos", "stage",
                 "shown", "totals", "winner")

    def __init__(self, players: int, settings: Settings):
        n = players
        self.n = n
        self.settings = settings
        self.phase = "deal"
        self.step = "machines"
        self.actor = (CHANCE,)
        self.round = 0
        self.batch = 0
        self.decks = ((),) * SLOTS
        self.hands = ((),) * n
        self.fresh = ((),) * n
        self.placed = (EMPTY_ROW,) * n
        self.discards = ((),) * n
        self.stacks = EMPTY_ROW
        self.stock = tuple(range(len(MACHINE_SETS[settings.machine_set])))
        self.won = ((),) * n
        self.pos = -1          # the machine being settled (or last settled), -1 none
        self.stage = None      # the last settlement step taken there
        self.shown = ()
        self.totals = ()       # the totals at the last scored machine
        self.winner = -1       # who won it (-1: tie or not scored yet)
        self._legal = None


def _shuffled(cards, rng: random.Random, count: int | None = None) -> list:
    """The first ``count`` cards (default all) of a uniformly random order: a partial
    Fisher-Yates shuffle with few C calls per card (``rng.shuffle`` costs more frames;
    ``floor`` is ``int`` for these non-negative numbers, at a third of the cost)."""
    pool = list(cards)
    uniform = rng.random
    top = len(pool)
    picked = []
    for _ in range(top if count is None else count):
        j = floor(uniform() * top)
        top -= 1
        picked.append(pool[j])
        pool[j] = pool[top]
    return picked


class Tomatomat(TomatomatViews, Game):
    name = "tomatomat"
    title = "Tomatomat"
    score_name = "stars"
    summary = "Coins, thieves and police placed face down to win tomato vending machines"
    min_players = 2
    max_players = 4
    options = OPTIONS
    rulebook = RULEBOOK
    #: a round's placements are made in batches: random follow-ups judge a placement badly,
    #: so the search plays the rest of the seat's batch with the heuristic bot
    #: (``benchmarks/bots.py --hero search``: 34.3% ± 6.4 of the wins at a table of four
    #: over 210 games, against 27.5% ± 14.0 over 40 with random play-outs; an equal seat
    #: wins 25%)
    search_rollout = "own-turn"

    _sampled = (None, None, None)   # (action, state, parsed) of our own last sample
    _parsed = (None, None)          # ((action, machine set), parsed) of the last id parsed

    # ---- setup ---------------------------------------------------------------------
    def initial_state(self, players, options):
        return TomatomatState(players, Settings(**options))

    # ---- chance --------------------------------------------------------------------
    def sample_chance(self, state, rng):
        step = state.step
        if step in FORCED:
            return step  # a forced step: the only possible outcome
        if step == "machines":
            picked = _shuffled(state.stock, rng, 4)
            table = MACHINE_SETS[state.settings.machine_set]
            action = "machines:" + ",".join([table.ids[m] for m in picked])
            parsed = tuple(picked)
        elif step == "deal":
            order = _shuffled(FULL_DECK, rng)
            n = state.n
            parts = []
            for slot in range(SLOTS):
                part = order[slot * PILE:(slot + 1) * PILE]
                parts.append(tuple(part) if slot < n else tuple(sorted(part)))
            action = _piles_text("deal:", parts)
            parsed = tuple(parts)
        elif step == "shuffle":
            parts = tuple([tuple(_shuffled(state.decks[seat], rng)) for seat in range(state.n)])
            action = _piles_text("shuffle:", parts)
            parsed = parts
        else:
            return step
        self._sampled = (action, state, parsed)
        return action

    def chance_probability(self, state, action):
        """The exact probability of a chance outcome (0 for one that cannot happen now)."""
        if self.check_chance(state, action) is not None:
            return 0.0
        step = state.step
        if step == "machines":
            return 1 / math.perm(len(state.stock), 4)
        if step == "deal":
            parts = self.parse_chance(state, action)
            ways = 1
            for slot in range(state.n, SLOTS):
                ways *= arrangements(parts[slot])
            return ways / DECK_ORDERS
        if step == "shuffle":
            ways = 1
            for seat in range(state.n):
                ways *= arrangements(state.decks[seat])
            return 1 / ways
        return 1.0

    def forced_action(self, state):
        """The settlement step due now (reveal, police, thieves, score) or the end of the
        round: the rules take them by themselves, one step each."""
        step = state.step
        return step if step in FORCED else None

    def chance_words(self, state, action, perspective=None):
        """The machines drawn as a count of equally likely draws; the deal and the shuffles
        named as such (their counts are far too large to read)."""
        if state.step in CHANCE_WORDS and self.check_chance(state, action) is None:
            if state.step == "machines":
                left = len(state.stock)
                return CHANCE_WORDS["machines"].format(left=left, ways=math.perm(left, 4))
            return CHANCE_WORDS[state.step]
        return super().chance_words(state, action, perspective)

    def parse_chance(self, state, action):
        """The outcome a chance id names (cards, or machine numbers); raises
        ``InvalidInputError`` when it is malformed or of the wrong kind for this step."""
        sampled = self._sampled
        if sampled[0] is action and sampled[1] is state:
            return sampled[2]
        key = (action, state.settings.machine_set)
        if self._parsed[0] == key:
            return self._parsed[1]
        parsed = self._parse_chance(state, action)
        self._parsed = (key, parsed)
        return parsed

    def _parse_chance(self, state, action):
        kind, sep, body = action.partition(":")
        if kind == "machines" and sep:
            table = MACHINE_SETS[state.settings.machine_set]
            machines = []
            for text in body.split(","):
                if text not in table.index:
                    raise InvalidInputError(f"{quote(text)} is not a machine of the {table.name} "
                                            f"table (ids {table.ids[0]} to {table.ids[-1]})",
                                            where="machines")
                machines.append(table.index[text])
            return tuple(machines)
        if kind in ("deal", "shuffle") and sep:
            parts = body.split("|")
            return tuple(tuple(parse_card(t, where=f"{kind}, pile {i + 1}") for t in part.split(","))
                         if part else () for i, part in enumerate(parts))
        raise InvalidInputError(f"{quote(action)} is not a chance outcome of Tomatomat (machines:..., "
                                "deal:..., shuffle:..., reveal:P, police:P, thieves:P, score:P, pass)")

    def check_chance(self, state, action):
        step = state.step
        if action == step and step not in STEP_RULE:
            return None  # the forced step due now
        sampled = self._sampled
        if sampled[0] is action and sampled[1] is state:
            return None  # our own sampler's outcome for this very state: valid by construction
        if step is None:
            return Reason("turn.chance", "players are placing cards now, not chance")
        if step in STEP_RULE:
            try:
                parsed = self.parse_chance(state, action)
            except InvalidInputError as error:
                if action in FORCED:
                    return Reason("resolve.forced", f"{quote(action)} is not due: chance must make the "
                                  f"{step} step now")
                return Reason("action.format", str(error))
            kind = action.partition(":")[0]
            if kind != step:
                return Reason(STEP_RULE[step], f"the {step} step comes now, not {kind}")
            return getattr(self, "_check_" + step)(state, parsed)
        if action in FORCED or action.partition(":")[0] in ("machines", "deal", "shuffle"):
            return Reason("resolve.forced", f"nothing is chosen here: the next step is {step} "
                                            f"({self.action_label(state, step)})")
        return Reason("action.format", f"{quote(action)} is not a chance outcome of Tomatomat; the "
                                       f"step due now is {step}")

    def _check_machines(self, state, machines):
        table = MACHINE_SETS[state.settings.machine_set]
        if len(machines) != 4:
            return Reason("machines.draw", f"one machine goes to each of the four positions, so "
                                           f"name four, not {len(machines)}")
        if len(set(machines)) != 4:
            return Reason("machines.draw", "each machine exists once: name four different ones")
        for machine in machines:
            if machine not in state.stock:
                return Reason("machines.draw", f"{table.ids[machine]} is not in the face-down "
                                               "stock any more")
        return None

    def _check_deal(self, state, parts):
        if len(parts) != SLOTS:
            return Reason("setup.deal", f"a deal lists four piles of 12 (the players' decks, then "
                                        f"the spare decks), separated by '|'; this has {len(parts)}")
        for slot, part in enumerate(parts):
            if len(part) != PILE:
                who = f"seat {slot}" if slot < state.n else f"spare deck {slot - state.n + 1}"
                return Reason("setup.deal", f"every deck has 12 cards; {who} gets {len(part)}")
        counts = type_counts(card for part in parts for card in part)
        for card in TYPES:
            if counts[card] != COUNTS[card]:
                return Reason("setup.deal", f"the game has {COUNTS[card]} of the "
                                            f"{card_name(card)}, this deal has {counts[card]}")
        return None

    def _check_shuffle(self, state, parts):
        if len(parts) != state.n:
            return Reason("round.shuffle", f"a shuffle lists one new deck per player ({state.n}), "
                                           f"separated by '|'; this has {len(parts)}")
        for seat, part in enumerate(parts):
            if sorted(part) != sorted(state.decks[seat]):
                return Reason("round.shuffle", f"seat {seat}'s new deck must be the 12 cards "
                                               "that seat received, in any order")
        return None

    # ---- players' actions ----------------------------------------------------------
    def player_actions(self, state, player):
        hand = state.hands[player]
        facts = _HANDS.get(hand)
        return (facts if facts is not None else hand_facts(hand))[0]

    def allows(self, state, action, player):
        # the same answer as the listed moves: a seat to act may place any card it holds
        placement = PLACE.get(action)
        return placement is not None and placement[0] in state.hands[player]

    def why_waiting(self, state, player):
        if state.phase == "allocate" and isinstance(player, int) and 0 <= player < state.n:
            return Reason("place.wait", f"you have placed all your cards of batch {state.batch}: "
                                        "the next ones come when everybody has placed theirs")
        return super().why_waiting(state, player)

    def why_illegal(self, state, action, player):
        info = PLACE.get(action)
        if info is None:
            kind, _, rest = action.partition(":")
            card_text, _, position = rest.partition(":")
            if kind != "place" or not card_text or ":" in position:
                return Reason("action.format", f"{quote(action)} is not a Tomatomat action: a player "
                              "places one card at a machine, e.g. place:B2:III")
            if card_text not in CARD_BY_ID:
                try:
                    parse_card(card_text)
                except InvalidInputError as error:
                    return Reason("action.format", error.reason)
            if not position:
                return Reason("place.position", "say at which machine the card goes: "
                                                f"place:{card_text}:I, II, III or IV")
            return Reason("place.position", f"{position!r} is not a machine position: cards go "
                                            "to I, II, III or IV")
        if state.phase != "allocate":
            return Reason("turn.chance", "no player places cards now")
        hand = state.hands[player]
        held = ", ".join(card_name(c) for c in sorted(set(hand))) or "nothing"
        return Reason("place.own-card", f"you hold no {card_name(info[0])}; your cards to place: "
                                        f"{held}")

    def next_state(self, state, action, player):
        if player != CHANCE:  # a placement, the hottest path: evolve spelt out, no extra frame
            card, _, pair, seat_events = PLACE[action]
            new = state._copy()
            hands = list(state.hands)
            hand = hands[player]
            facts = _HANDS.get(hand)
            rest = hands[player] = (facts if facts is not None else hand_facts(hand))[1][card]
            new.hands = tuple(hands)
            fresh = list(state.fresh)
            fresh[player] += (pair,)
            new.fresh = tuple(fresh)
            if rest:
                return new, [seat_events[player]]
            actor = WITHOUT[state.actor][player]  # actors are always a sorted tuple of seats
            if actor:
                new.actor = actor
                return new, [seat_events[player]]
            return self._complete_batch(new, [seat_events[player]])
        forced = _FORCED_STEPS.get(action)
        if forced is not None:  # one frame less than a dispatch by kind
            return forced[0](self, state, forced[1])
        parsed = self.parse_chance(state, action)
        if state.step == "machines":
            return self._machines(state, parsed)
        if state.step == "deal":
            return self._deal(state, parsed)
        return self._shuffle(state, parsed)

    # ---- round start ---------------------------------------------------------------
    def _machines(self, state, machines):
        machine_set = state.settings.machine_set
        table = MACHINE_SETS[machine_set]
        ids = table.ids
        new = state._copy()
        new.round = round_no = state.round + 1
        stacks = list(state.stacks)
        events = [new_event(("machines.draw", (), {
            "round": round_no, "machines": list(itemgetter(*machines)(ids)),
            "offer": [[table.stars[m], list(table.colour_names[m])] for m in machines]}, ()))]
        for pos in range(4):
            machine = machines[pos]
            stack = stacks[pos] + (machine,)
            stacks[pos] = stack
            if len(stack) > 1:
                names, stars, colours = _STACKS.get((machine_set, stack)) or _stack_facts(
                    machine_set, stack)
                events.append(new_event(("machines.stack", (), {
                    "position": POSITIONS[pos], "machine": ids[machine], "stack": names,
                    "stars": stars, "colours": colours}, ())))
        new.stacks = tuple(stacks)
        new.stock = tuple(filterfalse(set(machines).__contains__, state.stock))
        new.step = "deal" if round_no == 1 else "shuffle"
        return new, events

    def _deal(self, state, parts):
        n = state.n
        new = state._copy()
        decks = []
        for slot in range(SLOTS):
            decks.append(tuple(parts[slot]) if slot < n else tuple(sorted(parts[slot])))
        events = [new_event(("setup.deal", (), {"dummies": SLOTS - n}, ()))]
        if n < SLOTS:
            events.append(new_event(("setup.dummies", (), {
                "dummies": SLOTS - n, "order": [slot_label(s, n) for s in ORDER[n]]}, ())))
        return self._start_batch(new, decks, events, 1)

    def _shuffle(self, state, parts):
        new = state._copy()
        decks = list(state.decks)
        for seat in range(state.n):
            decks[seat] = tuple(parts[seat])
        events = [new_event(("round.shuffle", (), {"round": state.round}, ()))]
        return self._start_batch(new, decks, events, 1)

    @staticmethod
    def _start_batch(new, decks, events, batch):
        """Everybody draws four cards; ``new`` is a fresh copy owned by this step."""
        n = new.n
        hands = []
        for seat in range(n):
            deck = decks[seat]
            hand = tuple(sorted(deck[:DRAW]))
            decks[seat] = deck[DRAW:]
            hands.append(hand)
            facts = _HANDS.get(hand)
            events.append(new_event(("draw.cards", (seat,), {
                "drawn": (facts if facts is not None else hand_facts(hand))[2], "count": len(hand),
                "batch": batch}, DRAWN_SECRET)))
        new.decks = tuple(decks)
        new.hands = tuple(hands)
        new.batch = batch
        new.phase = "allocate"
        new.step = None
        new.actor = SEATS[n]
        return new, events

    # ---- allocation ----------------------------------------------------------------
    def _complete_batch(self, new, events):
        n = new.n
        placed = []
        counts = []
        before = new.placed
        fresh = new.fresh
        for seat in range(n):
            row = list(before[seat])
            count = [0, 0, 0, 0]
            for card, pos in fresh[seat]:  # each machine's cards stay sorted
                cards = row[pos]
                if cards and cards[-1] > card:
                    row[pos] = tuple(sorted(cards + (card,)))
                else:
                    row[pos] = cards + (card,)
                count[pos] += 1
            placed.append(tuple(row))
            counts.append(count)
        new.placed = tuple(placed)
        new.fresh = ((),) * n
        events.append(new_event(("batch.complete", (), {"batch": new.batch, "counts": counts}, ())))
        if new.batch < BATCHES:
            return self._start_batch(new, list(new.decks), events, new.batch + 1)
        new.phase = "resolve"
        new.actor = (CHANCE,)
        new.step = "reveal:I"
        return new, events

    # ---- settlement ----------------------------------------------------------------
    # Each step adds discards as it goes, in the order the rules move the cards.
    def _reveal(self, state, pos):
        placed = list(state.placed)
        shown = []
        revealed = []
        found = 0
        for seat in range(state.n):
            row = placed[seat]
            cards = row[pos]
            if cards:
                row = list(row)
                row[pos] = ()
                placed[seat] = tuple(row)
                entries = OPEN[seat]
                facts = SEAT_CARD[seat]
                for card in cards:
                    shown.append(entries[card])
                    revealed.append(facts[card])
                    if card & 2:  # a thief (kind 2) or an officer (kind 3)
                        found |= 1 if card & 1 else 2
        machine_set = state.settings.machine_set
        stack = state.stacks[pos]
        machines, stars, colours = _STACKS.get((machine_set, stack)) or _stack_facts(
            machine_set, stack)
        new = state._copy()
        new.placed = tuple(placed)
        new.shown = tuple(shown)
        new.pos = pos
        new.stage = "reveal"
        new.totals = ()
        new.winner = -1
        new.step = AFTER_REVEAL[found][pos]
        return new, [new_event(("reveal.cards", (), {
            "position": POSITIONS[pos], "machines": machines, "stars": stars,
            "colours": colours, "revealed": revealed}, ()))]

    def _police(self, state, pos):
        shown = state.shown
        officers = []
        thieves = {}   # thief card -> where its open entries are, in order
        for i, entry in enumerate(shown):
            card = entry[1]
            if card & 2 and entry[2] == "open":  # a thief (kind 2) or an officer (kind 3)
                if card & 1:
                    officers.append(i)
                elif card in thieves:
                    thieves[card].append(i)
                else:
                    thieves[card] = [i]
        name = POSITIONS[pos]
        piles = list(state.discards)
        after = list(shown)
        events = []
        for i in officers:
            seat, card, _ = shown[i]
            target = card - POLICE + THIEF
            gang = thieves.pop(target, None)  # caught once: a second officer finds nothing
            if gang is None:
                events.append(POLICE_NOTHING[pos][seat][card])
            else:
                caught = []
                for j in gang:
                    other = shown[j][0]
                    caught.append(SEAT_CARD[other][target])
                    after[j] = FATED["caught"][other][target]
                    piles[other] += (target,)
                events.append(new_event(("police.catch", (seat,), {
                    "position": name, "owner": seat, "card": CARD_IDS[card], "caught": caught},
                    ())))
            after[i] = FATED["police"][seat][card]
            piles[seat] += (card,)
        new = state._copy()
        new.shown = tuple(after)
        new.discards = tuple(piles)
        new.stage = "police"
        new.step = ("thieves:" if thieves else "score:") + name
        return new, events

    def _thieves(self, state, pos):
        shown = state.shown
        piles = list(state.discards)
        after = list(shown)
        gangs = [None, None, None, None]   # per colour: the free thieves' facts
        coins = []                         # where the open coins are
        for i, entry in enumerate(shown):
            if entry[2] == "open":
                card = entry[1]
                kind = card & 3
                if kind == THIEF:
                    seat = entry[0]
                    gang = gangs[card >> 2]
                    if gang is None:
                        gangs[card >> 2] = [SEAT_CARD[seat][card]]
                    else:
                        gang.append(SEAT_CARD[seat][card])
                    after[i] = FATED["thief"][seat][card]
                    piles[seat] += (card,)  # all thieves go before the coins they took
                elif kind < THIEF:
                    coins.append(i)
        stolen = [None, None, None, None]
        for i in coins:
            seat, card, _ = shown[i]
            colour = card >> 2
            if gangs[colour] is not None:
                if stolen[colour] is None:
                    stolen[colour] = [SEAT_CARD[seat][card]]
                else:
                    stolen[colour].append(SEAT_CARD[seat][card])
                after[i] = FATED["stolen"][seat][card]
                piles[seat] += (card,)
        name = POSITIONS[pos]
        events = []
        for colour in range(4):
            gang = gangs[colour]
            if gang is None:
                continue
            players = (gang[0][0],) if len(gang) == 1 else tuple(sorted({f[0] for f in gang}))
            facts = {"position": name, "colour": COLOURS[colour], "thieves": gang}
            if stolen[colour] is not None:
                facts["stolen"] = stolen[colour]
                events.append(new_event(("thieves.steal", players, facts, ())))
            else:
                events.append(new_event(("thieves.nothing", players, facts, ())))
        new = state._copy()
        new.shown = tuple(after)
        new.discards = tuple(piles)
        new.stage = "thieves"
        new.step = "score:" + name
        return new, events

    def _score(self, state, pos):
        machine_set = state.settings.machine_set
        n = state.n
        stack = state.stacks[pos]
        mask = MACHINE_SETS[machine_set].masks[stack[-1]]
        shown = state.shown
        totals = [0] * n
        doubled = []
        piles = list(state.discards)
        after = list(shown)
        scored = FATED["scored"]
        for i, entry in enumerate(shown):
            if entry[2] == "open":
                seat, card, _ = entry
                value = VALUE[card]
                if mask >> (card >> 2) & 1:
                    value += value
                    doubled.append(SEAT_CARD[seat][card])
                totals[seat] += value
                piles[seat] += (card,)
                after[i] = scored[seat][card]
        machines, stars, colours = _STACKS.get((machine_set, stack)) or _stack_facts(
            machine_set, stack)
        name = POSITIONS[pos]
        events = []
        if doubled:
            events.append(new_event(("score.double", (), {
                "position": name, "colours": colours, "coins": doubled}, ())))
        best = max(totals)
        new = state._copy()
        new.shown = tuple(after)
        new.discards = tuple(piles)
        new.totals = tuple(totals)
        new.stage = "score"
        facts = {"position": name, "totals": totals, "machines": machines, "stars": stars}
        if best > 0 and totals.count(best) == 1:
            winner = totals.index(best)
            won = list(state.won)
            won[winner] = won[winner] + (stack,)
            new.won = tuple(won)
            new.stacks = state.stacks[:pos] + ((),) + state.stacks[pos + 1:]
            new.winner = winner
            facts["winner"] = winner
            facts["total"] = best
            events.append(new_event(("score.win", (winner,), facts, ())))
        else:
            leaders = [seat for seat in range(n) if totals[seat] == best]
            new.winner = -1
            facts["tied"] = leaders
            facts["top"] = best
            events.append(new_event(("score.tie", tuple(leaders), facts, ())))
        new.step = NEXT_STEP[pos]
        return new, events

    # ---- end of a round and of the game --------------------------------------------
    def _pass(self, state, _pos=-1):
        n = state.n
        new = state._copy()
        new.shown = ()
        new.pos = -1
        new.stage = None
        new.totals = ()
        new.winner = -1
        new.batch = 0
        if state.round < state.settings.rounds:
            nxt = NEXT[n]
            decks = [()] * SLOTS
            discards = state.discards
            before = state.decks
            for slot in ORDER[n]:
                pile = discards[slot] if slot < n else before[slot]
                decks[nxt[slot]] = tuple(sorted(pile))  # a player's order: the shuffle
            new.decks = tuple(decks)
            new.discards = ((),) * n
            new.phase = "deal"
            new.step = "machines"
            return new, [new_event(("round.pass", (), {"round": state.round,
                                                       "moves": PASS_MOVES[n]}, ()))]
        new.phase = "over"
        new.step = None
        new.actor = ()
        events = [new_event(("end.game", (), {"rounds": state.round}, ()))]
        table = MACHINE_SETS[state.settings.machine_set]
        left = [table.ids[m] for stack in state.stacks for m in stack]
        if left:
            places = [[POSITIONS[pos], sum(table.stars[m] for m in stack)]
                      for pos, stack in enumerate(state.stacks) if stack]
            events.append(new_event(("end.leftover", (), {"machines": left, "left": places}, ())))
        winners, rule, stars, machines = self._ranking(new)
        events.append(new_event((rule, winners, {"winners": list(winners), "stars": stars,
                                                 "machine_count": machines}, ())))
        return new, events

    @staticmethod
    def standings(state) -> tuple[list[int], list[int]]:
        """(stars, machine cards) each player has won so far."""
        table = MACHINE_SETS[state.settings.machine_set]
        stars = []
        counts = []
        for stacks in state.won:
            total = count = 0
            for stack in stacks:
                for machine in stack:
                    total += table.stars[machine]
                    count += 1
            stars.append(total)
            counts.append(count)
        return stars, counts

    def _ranking(self, state):
        """(winners, deciding rule, their stars, their machines) by the final tie-break."""
        stars, counts = self.standings(state)
        best = max(stars)
        leaders = [seat for seat in range(state.n) if stars[seat] == best]
        if len(leaders) == 1:
            return tuple(leaders), "end.most-stars", best, counts[leaders[0]]
        most = max(counts[seat] for seat in leaders)
        leaders = [seat for seat in leaders if counts[seat] == most]
        rule = "end.most-machines" if len(leaders) == 1 else "end.shared"
        return tuple(leaders), rule, best, most

    # ---- results and labels --------------------------------------------------------
    def outcome(self, state):
        if state.phase != "over":
            return None
        winners, rule, _, _ = self._ranking(state)
        stars, counts = self.standings(state)
        return Outcome(winners, tuple(stars), rule, {"machines": counts})

    def action_label(self, state, action):
        info = PLACE.get(action)
        if info is not None:
            return f"put the {card_name(info[0])} face down at machine {POSITIONS[info[1]]}"
        forced = FORCED.get(action)
        if forced is not None:
            kind, pos = forced
            if kind == "pass":
                if state.round >= state.settings.rounds:
                    return "end of the last round: the game ends"
                return "hand the piles on to the next seat"
            where = POSITIONS[pos]
            return {"reveal": f"turn up the cards at machine {where}",
                    "police": f"police officers act at machine {where}",
                    "thieves": f"thieves steal at machine {where}",
                    "score": f"score machine {where}"}[kind]
        kind = action.partition(":")[0]
        if kind == "machines":
            return "draw four machines for the places I to IV"
        if kind == "deal":
            return "shuffle the playing cards and deal the decks"
        if kind == "shuffle":
            return "everyone shuffles the pile received into a new deck"
        return action

    def public_label(self, state, action, player, perspective):
        if perspective is not None and perspective != player and action in PLACE:
            return "place a card face down"
        return self.action_label(state, action)


for _action, (_kind, _pos) in FORCED.items():
    _FORCED_STEPS[_action] = (getattr(Tomatomat, "_" + _kind), _pos)
GAME = Tomatomat()
