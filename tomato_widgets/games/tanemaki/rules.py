"""Tanemaki's rules as pure functions over an immutable state (no widgets, no text).

Game flow: chance picks the start player (``first:S``) -> each turn: the active player
draws players + 1 cards (chance, ``draw:B2,M,...``) -> hands them out one at a time, face
down, to opponents who have not planted (``give:CARD:SEAT``); the receiver plants it
(``plant:F``), stores it (``store``) or hands it on (``pass:SEAT``) -> once every opponent
has planted, the active player plants one card from the hand or the storehouse
(``plant:hand:CARD:F``, ``plant:store:CARD:F``) -> the rest is discarded (forced
``discard``) -> the harvest window: each player with something growing, from the active
player's left, harvests or keeps (``harvest:F``, ``keep``) -> the next turn. A player may
also harvest a field (``harvest:F``) at each of their own decisions; a card that fits
nowhere when it must be planted leaves only harvests to choose from. When the deck cannot
give a turn's cards: the forced steps ``reshuffle`` (the longer variation, once) or ``end``,
then ``reap:S`` (every field of a seat harvested) and ``score``.

The deck is a multiset (counts per card type): which cards a turn draws is decided when
they are drawn, which is the same as a shuffled deck nobody looks into, and lets a record
say exactly what came out. Rulings are documented in ``rulebook.py``.
"""
from __future__ import annotations

import math
from collections import namedtuple

from ...core.errors import InvalidInputError
from ...core.events import new_event
from ...core.game import CHANCE, Game, Outcome, Reason, State
from ...core.ids import whole_number
from ...core.options import Option
from ...core.text import quote
from .cards import (CARD_BY_ID, CARD_IDS, MANURE, MANURE_CARDS, RATE_TABLES, TYPES,
                    VARIETIES, VARIETY, card_name, deck_counts, field_seeds, field_variety, fits,
                    harvest_value, parse_card)
from .rulebook import RULEBOOK
from .views import TanemakiViews

OPTIONS = (
    Option("manure", MANURE_CARDS, "manure cards in the deck: the box has 15; the variation "
           "plays with fewer for a harsher game", minimum=0, maximum=MANURE_CARDS),
    Option("reshuffle", False, "the longer variation: the first time the deck runs short, the "
           "discard pile is shuffled into it and play goes on", kind="bool",
           ruling="end.reshuffle"),
    Option("rates", "assumed", "which exchange-rate table to use (only the Bean's rate is "
           "printed: 'assumed' is a placeholder, 'flat' puts every variety at the Bean's)",
           kind="choice", choices=tuple(RATE_TABLES), ruling="rates.table"),
)
Settings = namedtuple("Settings", [o.name for o in OPTIONS])

FIELDS = ("1", "2")
STORE_ROOM = 2
SOURCES = ("hand", "store")
SOURCE_WORDS = {"hand": "the hand", "store": "the storehouse"}
#: forced chance steps (the rules acting by themselves); ``reap:S`` ones are added per seat
FORCED = {"discard", "reshuffle", "end", "score"}
MAX_SEATS = 5
FORCED.update(f"reap:{seat}" for seat in range(MAX_SEATS))

# ---- every player's action id, made once: id -> (kind, arguments) ----------------------
GIVE = tuple(tuple(f"give:{CARD_IDS[card]}:{seat}" for seat in range(MAX_SEATS)) for card in TYPES)
PASS = tuple(f"pass:{seat}" for seat in range(MAX_SEATS))
PLANT_HELD = tuple(f"plant:{name}" for name in FIELDS)
PLANT_FROM = {source: tuple(tuple(f"plant:{source}:{CARD_IDS[card]}:{name}" for name in FIELDS)
                            for card in TYPES) for source in SOURCES}
HARVEST = tuple(f"harvest:{name}" for name in FIELDS)
STORE = "store"
KEEP = "keep"
ACTIONS: dict = {STORE: ("store",), KEEP: ("keep",)}
for _card in TYPES:
    for _seat in range(MAX_SEATS):
        ACTIONS[GIVE[_card][_seat]] = ("give", _card, _seat)
    for _source in SOURCES:
        for _field in range(2):
            ACTIONS[PLANT_FROM[_source][_card][_field]] = ("plant-from", _source, _card, _field)
for _seat in range(MAX_SEATS):
    ACTIONS[PASS[_seat]] = ("pass", _seat)
for _field in range(2):
    ACTIONS[PLANT_HELD[_field]] = ("plant", _field)
    ACTIONS[HARVEST[_field]] = ("harvest", _field)

#: what a refused action of each kind is about, when it comes at the wrong moment
WRONG_MOMENT = {
    "give": ("give.card", "only the active player hands cards out, each time the last one has "
                          "been planted or stored"),
    "pass": ("hold.pass", "only a player holding a handed card may hand it on"),
    "store": ("hold.store", "only a player holding a handed card may put it in the storehouse"),
    "plant": ("hold.plant", "you hold no handed card to plant now"),
    "plant-from": ("active.plant", "the active player plants from the hand or the storehouse "
                                   "only once every opponent has planted"),
    "keep": ("window.keep", "keeping your fields is the answer in the harvest window at the end "
                            "of a turn; there is nothing to keep from now"),
}


def draw_action(cards) -> str:
    """The chance id of a hand-written draw, e.g. ``draw_action(["B2", "M", "R1", "G3"])``."""
    return "draw:" + ",".join(cards)


def first_action(seat: int) -> str:
    """The chance id that makes ``seat`` the start player."""
    return f"first:{seat}"


def _expand(counts) -> list[int]:
    """A tuple of counts per card type as the list of cards, in type order."""
    cards = []
    for card, count in enumerate(counts):
        if count:
            cards.extend([card] * count)
    return cards


def _without(counts, cards) -> tuple:
    left = list(counts)
    for card in cards:
        left[card] -= 1
    return tuple(left)


def _with(counts, cards) -> tuple:
    more = list(counts)
    for card in cards:
        more[card] += 1
    return tuple(more)


def _drop(cards: tuple, card: int) -> tuple:
    """``cards`` less one copy of ``card``."""
    at = cards.index(card)
    return cards[:at] + cards[at + 1:]


class TanemakiState(State):
    """A Tanemaki table. Cards are type numbers (``cards.py``).

    ``deck`` and ``discard`` are counts per card type; ``hand`` the active player's cards
    (sorted); ``held`` the card being handed (-1 none) and ``chain`` who has held it, in
    order (the last holds it now); ``planted`` per seat whether they have planted this turn;
    ``store`` the storehouse; ``fields`` per seat two tuples of cards in planting order;
    ``coins`` per seat the cards turned into coins (sorted); ``window`` the seats still to
    decide in the harvest window (the first decides now); ``last`` the last harvest
    (seat, field, its cards, coins) until the next step; ``step`` the chance step due.
    """

    __slots__ = ("n", "settings", "phase", "step", "actor", "turn", "active", "deck", "hand",
                 "held", "chain", "planted", "store", "fields", "coins", "discard",
                 "reshuffled", "window", "last")

    def __init__(self, players: int, settings: Settings):
        n = players
        self.n = n
        self.settings = settings
        self.phase = "setup"
        self.step = "first"
        self.actor = (CHANCE,)
        self.turn = 0
        self.active = -1
        self.deck = deck_counts(settings.manure)
        self.hand = ()
        self.held = -1
        self.chain = ()
        self.planted = (False,) * n
        self.store = ()
        self.fields = (((), ()),) * n
        self.coins = ((),) * n
        self.discard = (0,) * len(TYPES)
        self.reshuffled = False
        self.window = ()
        self.last = None
        self._legal = None


class Tanemaki(TanemakiViews, Game):
    name = "tanemaki"
    title = "Tanemaki"
    score_name = "coins"
    summary = "Seed cards handed face down along a chain, planted in two fields, harvested for coins"
    min_players = 2
    max_players = MAX_SEATS
    options = OPTIONS
    rulebook = RULEBOOK

    _sampled = (None, None, None)   # (action, state, cards) of our own last draw

    def initial_state(self, players, options):
        return TanemakiState(players, Settings(**options))

    @staticmethod
    def rates(state) -> tuple:
        return RATE_TABLES[state.settings.rates]

    # ---- who may do what ---------------------------------------------------------------
    @staticmethod
    def opponents_to_plant(state) -> list[int]:
        """The active player's opponents who have not planted this turn, in seat order."""
        planted = state.planted
        return [seat for seat in range(state.n) if seat != state.active and not planted[seat]]

    @staticmethod
    def pass_targets(state) -> list[int]:
        """Whom the holder may hand the card on to: not the active player, nobody who has
        planted this turn, nobody who has held this card (two players: nobody)."""
        if state.n == 2 or state.held < 0:
            return []
        chain = state.chain
        planted = state.planted
        return [seat for seat in range(state.n)
                if seat != state.active and not planted[seat] and seat not in chain]

    def player_actions(self, state, player):
        """The moves of the deciding player: the decision the phase asks for, then a harvest
        of each field that has something growing (in the window: then keeping)."""
        phase = state.phase
        first, second = state.fields[player]
        moves = []
        if phase == "give":
            targets = self.opponents_to_plant(state)
            for card in dict.fromkeys(state.hand):  # the hand is sorted: each card once
                row = GIVE[card]
                for seat in targets:
                    moves.append(row[seat])
        elif phase == "hold":
            card = state.held
            if fits(card, first):
                moves.append(PLANT_HELD[0])
            if fits(card, second):
                moves.append(PLANT_HELD[1])
            if len(state.store) < STORE_ROOM:
                moves.append(STORE)
            for seat in self.pass_targets(state):
                moves.append(PASS[seat])
        elif phase == "plant":
            for source, cards in (("hand", state.hand), ("store", sorted(state.store))):
                table = PLANT_FROM[source]
                for card in dict.fromkeys(cards):
                    if fits(card, first):
                        moves.append(table[card][0])
                    if fits(card, second):
                        moves.append(table[card][1])
        elif phase != "window":
            return ()
        if first:
            moves.append(HARVEST[0])
        if second:
            moves.append(HARVEST[1])
        if phase == "window":
            moves.append(KEEP)
        return tuple(moves)

    def why_waiting(self, state, player):
        if isinstance(player, int) and not isinstance(player, bool) and 0 <= player < state.n \
                and state.actor and state.actor[0] >= 0:
            who = state.actor[0]
            doing = {"give": "handing out a card", "hold": "holding a handed card",
                     "plant": "planting last this turn",
                     "window": "deciding in the harvest window"}.get(state.phase, "deciding")
            return Reason("turn.order", f"it is player {who + 1}'s decision now ({doing}); "
                                        "yours comes when the game gives it to you")
        return super().why_waiting(state, player)

    def why_illegal(self, state, action, player):
        parsed = ACTIONS.get(action)
        if parsed is None:
            return self._malformed(state, action)
        kind = parsed[0]
        phase = state.phase
        if kind == "harvest":
            field = parsed[1]
            if not state.fields[player][field]:
                return Reason("harvest.empty", f"your field {FIELDS[field]} is empty: there is "
                                               "nothing to harvest")
            return Reason("harvest.any-time", "a harvest is not possible at this moment")
        expected = {"give": "give", "pass": "hold", "store": "hold", "plant": "hold",
                    "plant-from": "plant", "keep": "window"}[kind]
        if phase != expected:
            if kind == "plant" and phase == "plant":
                return Reason("active.plant", "say which card you plant: one from your hand or "
                                              "one from the storehouse, and in which field")
            rule, message = WRONG_MOMENT[kind]
            return Reason(rule, message)
        return getattr(self, "_refuse_" + kind.replace("-", "_"))(state, player, *parsed[1:])

    def _malformed(self, state, action) -> Reason:
        kind, _, rest = action.partition(":")
        forms = ("give:CARD:SEAT, pass:SEAT, store, plant:FIELD, plant:hand:CARD:FIELD, "
                 "plant:store:CARD:FIELD, harvest:FIELD or keep (FIELD is 1 or 2)")
        if kind in ("give", "plant") and rest:
            parts = rest.split(":")
            card_text = parts[1] if kind == "plant" and len(parts) > 1 else parts[0]
            if kind == "give" or parts[0] in SOURCES:
                if card_text not in CARD_BY_ID:
                    try:
                        parse_card(card_text)
                    except InvalidInputError as error:
                        return Reason("action.format", error.reason)
        return Reason("action.format", f"{quote(action)} is not a Tanemaki action; the forms "
                                       f"are {forms}")

    def _refuse_give(self, state, player, card, target):
        if card not in state.hand:
            held = ", ".join(card_name(c) for c in sorted(set(state.hand))) or "nothing"
            return Reason("give.hand", f"you have no {card_name(card)} in your hand; you hold "
                                       f"{held}")
        return self._refuse_target(state, target, "give.target", "hand it to")

    def _refuse_target(self, state, target, rule, verb):
        choices = self.opponents_to_plant(state) if rule == "give.target" else self.pass_targets(state)
        left = ", ".join(f"player {seat + 1}" for seat in choices) or "nobody"
        if target >= state.n:
            return Reason(rule, f"there is no player {target + 1} at this table of {state.n}; "
                                f"you may {verb}: {left}")
        if target == state.active:
            what = "yourself" if rule == "give.target" else "the active player"
            return Reason(rule, f"you cannot {verb} {what}; you may {verb}: {left}")
        if state.planted[target]:
            return Reason(rule, f"player {target + 1} has already planted this turn; you may "
                                f"{verb}: {left}")
        return Reason(rule, f"player {target + 1} has already held this card; you may {verb}: "
                            f"{left}")

    def _refuse_pass(self, state, player, target):
        if state.n == 2:
            return Reason("pass.two-players", "with two players a handed card cannot go on: "
                                              "plant it or put it in the storehouse")
        if target == player and target < state.n:
            return Reason("hold.pass", "you hold the card already: hand it on to someone else, "
                                       "plant it or store it")
        return self._refuse_target(state, target, "hold.pass", "hand it on to")

    def _refuse_store(self, state, player):
        shown = ", ".join(card_name(c) for c in state.store)
        # what is left to do with the card: handing on only where someone may receive it
        rest = ("plant the card" if state.n == 2 or not self.pass_targets(state)
                else "plant the card or hand it on")
        return Reason("store.full", f"the storehouse already holds two cards ({shown}); {rest}")

    def _refuse_plant(self, state, player, field):
        return self._misfit(state, player, state.held, field)

    def _refuse_plant_from(self, state, player, source, card, field):
        cards = state.hand if source == "hand" else state.store
        if card not in cards:
            there = ", ".join(card_name(c) for c in cards) or "nothing"
            return Reason("active.plant", f"there is no {card_name(card)} in "
                                          f"{SOURCE_WORDS[source]}: it holds {there}")
        return self._misfit(state, player, card, field)

    def _misfit(self, state, player, card, field):
        grows = VARIETIES[field_variety(state.fields[player][field])]
        mine = VARIETIES[VARIETY[card]]
        return Reason("plant.variety", f"your field {FIELDS[field]} grows {grows}, and a {mine} "
                                       f"card needs an empty field, one with only manure or a "
                                       f"{mine} field; harvest field {FIELDS[field]} first to "
                                       f"use it")

    def _refuse_keep(self, state, player):  # never reached: keep is always legal in a window
        return Reason("window.keep", "you may keep your fields now")

    # ---- chance ------------------------------------------------------------------------
    def forced_action(self, state):
        step = state.step
        return step if step in FORCED else None

    def sample_chance(self, state, rng):
        step = state.step
        if step == "first":
            return first_action(int(rng.random() * state.n))
        if step == "draw":
            counts = list(state.deck)
            left = sum(counts)
            uniform = rng.random
            drawn = []
            for _ in range(state.n + 1):
                pick = int(uniform() * left)
                card = 0
                while pick >= counts[card]:
                    pick -= counts[card]
                    card += 1
                counts[card] -= 1
                left -= 1
                drawn.append(card)
            drawn.sort()
            action = "draw:" + ",".join([CARD_IDS[card] for card in drawn])
            self._sampled = (action, state, tuple(drawn))
            return action
        return step

    def _parse_draw(self, action) -> tuple:
        kind, sep, body = action.partition(":")
        if kind != "draw" or not sep:
            raise InvalidInputError(f"{quote(action)} is not a draw: write draw: and the cards, "
                                    "e.g. draw:B2,M,R1")
        return tuple(sorted(parse_card(text, where="draw") for text in body.split(",")))

    def check_chance(self, state, action):
        step = state.step
        if step is None:
            return Reason("turn.chance", "a player decides now, not chance")
        if action == step and step in FORCED:
            return None
        sampled = self._sampled
        if sampled[0] is action and sampled[1] is state:
            return None
        if step in FORCED:
            return Reason(self._forced_rule(step), f"nothing is chosen here: the rules take the "
                                                   f"step {quote(step)} now")
        if step == "first":
            kind, _, seat_text = action.partition(":")
            seat = whole_number(seat_text)
            if kind != "first" or seat is None or len(seat_text) > 2:
                return Reason("action.format", f"{quote(action)} is not a start player: write "
                                                "first: and a seat, e.g. first:0")
            if seat >= state.n:
                return Reason("setup.first", f"there is no seat {seat} at a table of {state.n}")
            return None
        try:
            cards = self._parse_draw(action)
        except InvalidInputError as error:
            return Reason("action.format", error.reason)
        need = state.n + 1
        if len(cards) != need:
            return Reason("turn.draw", f"a turn draws {need} cards (one more than the players), "
                                       f"not {len(cards)}")
        for card in set(cards):
            if cards.count(card) > state.deck[card]:
                return Reason("turn.draw", f"the deck holds {state.deck[card]} of the "
                                           f"{card_name(card)}, not {cards.count(card)}")
        return None

    @staticmethod
    def _forced_rule(step) -> str:
        if step.startswith("reap:"):
            return "end.harvest"
        return {"discard": "turn.discard", "reshuffle": "end.reshuffle", "end": "end.deck",
                "score": "end.reveal"}[step]

    def chance_probability(self, state, action):
        if self.check_chance(state, action) is not None:
            return 0.0
        step = state.step
        if step == "first":
            return 1 / state.n
        if step == "draw":
            cards = self._cards_drawn(state, action)
            ways = 1
            for card in set(cards):
                ways *= math.comb(state.deck[card], cards.count(card))
            return ways / math.comb(sum(state.deck), len(cards))
        return 1.0

    def chance_words(self, state, action, perspective=None):
        step = state.step
        if step == "first":
            return (f"Chance picks the start player: each of the {state.n} seats equally likely, "
                    f"1 chance in {state.n}.")
        if step == "draw" and self.check_chance(state, action) is None:
            drawn = f"{state.n + 1} cards drawn from a shuffled deck of {sum(state.deck)}"
            if perspective is not None and perspective != state.active:
                # only the drawing player sees the cards: their odds would tell the others
                return f"{drawn}: only the player drawing them sees which they are."
            ways = round(1 / self.chance_probability(state, action))
            return f"{drawn}: these cards had 1 chance in {ways:,}."
        return super().chance_words(state, action, perspective)

    def _cards_drawn(self, state, action) -> tuple:
        sampled = self._sampled
        if sampled[0] is action and sampled[1] is state:
            return sampled[2]
        return self._parse_draw(action)

    # ---- applying an action ----------------------------------------------------------------
    def next_state(self, state, action, player):
        if player == CHANCE:
            step = state.step
            if step == "first":
                return self._first(state, int(action.partition(":")[2]))
            if step == "draw":
                return self._draw(state, self._cards_drawn(state, action))
            if step.startswith("reap:"):
                return self._reap(state, int(step[5:]))
            return getattr(self, "_" + step)(state)
        parsed = ACTIONS[action]
        kind = parsed[0]
        if kind == "harvest":
            return self._harvest_now(state, player, parsed[1])
        if kind == "give":
            return self._give(state, parsed[1], parsed[2])
        if kind == "pass":
            return self._pass(state, player, parsed[1])
        if kind == "store":
            return self._store(state, player)
        if kind == "plant":
            return self._plant_held(state, player, parsed[1])
        if kind == "plant-from":
            return self._plant_last(state, parsed[1], parsed[2], parsed[3])
        return self._keep(state, player)

    # ---- the start of a turn -------------------------------------------------------------
    def _first(self, state, seat):
        new = state._copy()
        new.active = seat
        events = [new_event(("setup.first", (seat,), {"player": seat}, ()))]
        return self._start_turn(new, events)

    def _start_step(self, state) -> str:
        """What begins the active player's turn: a draw, the one reshuffle of the longer
        variation, or the end of the game."""
        need = state.n + 1
        left = sum(state.deck)
        if left >= need:
            return "draw"
        if state.settings.reshuffle and not state.reshuffled and left + sum(state.discard) >= need:
            return "reshuffle"
        return "end"

    def _start_turn(self, new, events):
        new.phase = "draw"
        new.actor = (CHANCE,)
        new.step = self._start_step(new)
        new.window = ()
        return new, events

    def _draw(self, state, cards):
        new = state._copy()
        active = state.active
        new.deck = _without(state.deck, cards)
        new.hand = tuple(cards)
        new.turn = state.turn + 1
        new.planted = (False,) * state.n
        new.phase = "give"
        new.step = None
        new.actor = (active,)
        new.last = None
        return new, [new_event(("turn.draw", (active,), {
            "turn": new.turn, "count": len(cards), "cards": [CARD_IDS[c] for c in cards]},
            ("cards",)))]

    def _reshuffle(self, state):
        moved = sum(state.discard)
        events = [new_event(("end.reshuffle", (), {"left": sum(state.deck), "count": moved}, ()))]
        new = state._copy()
        new.deck = tuple([a + b for a, b in zip(state.deck, state.discard)])
        new.discard = (0,) * len(TYPES)
        new.reshuffled = True
        new.last = None
        return self._start_turn(new, events)

    # ---- handing a card out --------------------------------------------------------------
    def _give(self, state, card, target):
        new = state._copy()
        new.hand = _drop(state.hand, card)
        new.held = card
        new.chain = (target,)
        new.phase = "hold"
        new.actor = (target,)
        new.last = None
        return new, [new_event(("give.card", (state.active, target),
                                {"card": CARD_IDS[card], "to": target}, ("card",)))]

    def _pass(self, state, holder, target):
        # who knows the card: the passer, the receiver, the active player, earlier holders
        knows = [holder, target, state.active] + [seat for seat in state.chain if seat != holder]
        new = state._copy()
        new.chain = state.chain + (target,)
        new.actor = (target,)
        new.last = None
        return new, [new_event(("hold.pass", tuple(knows),
                                {"player": holder, "card": CARD_IDS[state.held], "to": target},
                                ("card",)))]

    def _store(self, state, holder):
        new = state._copy()
        card = state.held
        new.store = state.store + (card,)
        new.held = -1
        new.chain = ()
        new.last = None
        events = [new_event(("hold.store", (holder,), {"card": CARD_IDS[card],
                                                       "count": len(new.store)}, ()))]
        return self._next_hand_out(new, events)

    def _plant_held(self, state, holder, field):
        new = state._copy()
        card = state.held
        events = [new_event(("hold.plant", (holder,), {"card": CARD_IDS[card],
                                                       "field": FIELDS[field]}, ()))]
        self._sow(new, state, holder, card, field, events)
        planted = list(state.planted)
        planted[holder] = True
        new.planted = tuple(planted)
        new.held = -1
        new.chain = ()
        return self._next_hand_out(new, events)

    def _next_hand_out(self, new, events):
        """After a card is planted or stored: the next card goes out, or, every opponent
        having planted, the active player plants."""
        active = new.active
        new.phase = "plant" if all(new.planted[s] for s in range(new.n) if s != active) else "give"
        new.actor = (active,)
        return new, events

    def _sow(self, new, state, seat, card, field, events) -> None:
        """Put ``card`` on ``seat``'s field (``new`` is the copy owned by this step), with
        the events that say what it means for the field."""
        fields = list(state.fields)
        row = list(fields[seat])
        before = row[field]
        row[field] = before + (card,)
        fields[seat] = tuple(row)
        new.fields = tuple(fields)
        new.last = None
        grows = field_variety(before)
        if card == MANURE:
            events.append(new_event(("cards.manure", (seat,), {
                "field": FIELDS[field],
                "grows": VARIETIES[grows] if grows is not None else "the first seed card "
                                                                    "planted there"}, ())))
        elif grows is None:
            events.append(new_event(("field.variety", (seat,), {
                "field": FIELDS[field], "variety": VARIETIES[VARIETY[card]]}, ())))

    # ---- the active player plants last; the rest is discarded ------------------------------
    def _plant_last(self, state, source, card, field):
        new = state._copy()
        active = state.active
        if source == "hand":
            new.hand = _drop(state.hand, card)
        else:
            new.store = _drop(state.store, card)
        events = [new_event(("active.plant", (active,), {
            "card": CARD_IDS[card], "field": FIELDS[field], "source": SOURCE_WORDS[source]}, ()))]
        self._sow(new, state, active, card, field, events)
        new.phase = "discard"
        new.step = "discard"
        new.actor = (CHANCE,)
        return new, events

    def _discard(self, state):
        active = state.active
        new = state._copy()
        rest = state.hand + state.store
        new.discard = _with(state.discard, rest)
        new.hand = ()
        new.store = ()
        new.last = None
        events = [new_event(("turn.discard", (active,), {"cards": [CARD_IDS[c] for c in rest]}, ()))]
        order = [(active + k) % new.n for k in range(1, new.n + 1)]
        order = tuple([seat for seat in order if any(new.fields[seat])])
        if not order or self._start_step(new) == "end":  # no window before the final harvest
            return self._next_turn(new, events)
        new.window = order
        new.phase = "window"
        new.step = None
        new.actor = (order[0],)
        events.append(new_event(("harvest.window", (), {"order": list(order)}, ())))
        return new, events

    # ---- the harvest window ------------------------------------------------------------------
    def _keep(self, state, seat):
        fields = state.fields[seat]
        kept = "both fields" if fields[0] and fields[1] else \
            f"field {FIELDS[0] if fields[0] else FIELDS[1]}"
        new = state._copy()
        new.last = None
        events = [new_event(("window.keep", (seat,), {"kept": kept}, ()))]
        return self._next_in_window(new, events)

    def _next_in_window(self, new, events):
        order = new.window[1:]
        while order and not any(new.fields[order[0]]):
            order = order[1:]
        new.window = order
        if order:
            new.actor = (order[0],)
            return new, events
        return self._next_turn(new, events)

    def _next_turn(self, new, events):
        """The turn passes to the left (``new`` is the copy owned by this step)."""
        new.active = (new.active + 1) % new.n
        return self._start_turn(new, events)

    # ---- harvesting ------------------------------------------------------------------------
    def _harvest_now(self, state, seat, field):
        """A harvest the deciding player chooses: forced when nothing else is left to them."""
        forced = state.phase in ("hold", "plant") and all(
            action.startswith("harvest:") for action in self.legal_actions(state, seat))
        new = state._copy()
        events = self._harvest(new, state, seat, field,
                               "harvest.forced" if forced else "harvest.any-time")
        if forced:  # only the player knows that no card in hand fits: told to the others as
            # any harvest (the rule is ``told_as`` harvest.any-time)
            rule, players, facts, _ = events[0]
            events[0] = new_event((rule, players, {**facts, "room": "none"}, ("room",)))
        if state.phase == "window" and not any(new.fields[seat]):
            return self._next_in_window(new, events)
        return new, events

    def _harvest(self, new, state, seat, field, rule) -> list:
        """Turn ``seat``'s field into coins on ``new`` (a copy owned by this step): seed cards
        become coins before manure, the last planted first; the rest is discarded."""
        cards = state.fields[seat][field]
        variety = field_variety(cards)
        seeds = field_seeds(cards)
        rated = 0  # a field of manure only has no variety and no rate
        if variety is not None:
            need, gain = self.rates(state)[variety]
            rated = seeds // need * gain
        coins = min(rated, len(cards))  # never more coins than cards
        # coin cards: seed cards from the top of the field, then manure
        order = [card for card in reversed(cards) if card != MANURE] + \
                [card for card in cards if card == MANURE]
        turned = tuple(sorted(order[:coins]))
        rest = order[coins:]
        fields = list(state.fields)
        row = list(fields[seat])
        row[field] = ()
        fields[seat] = tuple(row)
        new.fields = tuple(fields)
        if turned:
            stacks = list(state.coins)
            stacks[seat] = tuple(sorted(state.coins[seat] + turned))
            new.coins = tuple(stacks)
        new.discard = _with(state.discard, rest)
        new.last = (seat, field, cards, coins)
        facts = {"player": seat, "field": FIELDS[field],
                 "variety": VARIETIES[variety] if variety is not None else "manure only",
                 "seeds": seeds, "count": len(cards), "coins": coins, "discarded": len(rest)}
        events = [new_event((rule, (seat,), facts, ()))]
        if variety is None:
            events.append(new_event(("harvest.manure-only", (seat,),
                                     {"field": FIELDS[field], "count": len(cards)}, ())))
        elif rated > coins:
            events.append(new_event(("harvest.cap", (seat,), {
                "field": FIELDS[field], "rated": rated, "count": len(cards), "coins": coins}, ())))
        if turned:
            events.append(new_event(("harvest.coins", (seat,), {
                "coins": coins, "cards": [CARD_IDS[c] for c in turned]}, ("cards",))))
        return events

    # ---- the end -----------------------------------------------------------------------------
    def _reap_order(self, state) -> list[int]:
        """Seats with something growing, from the player whose turn did not come."""
        return [seat for seat in [(state.active + k) % state.n for k in range(state.n)]
                if any(state.fields[seat])]

    def _end(self, state):
        new = state._copy()
        new.phase = "end"
        new.last = None
        order = self._reap_order(state)
        new.step = f"reap:{order[0]}" if order else "score"
        return new, [new_event(("end.deck", (), {"left": sum(state.deck),
                                                 "need": state.n + 1}, ()))]

    def _reap(self, state, seat):
        new = state._copy()
        events = []
        for field in (0, 1):
            if new.fields[seat][field]:
                events += self._harvest(new, new, seat, field, "end.harvest")
        new.last = None
        order = self._reap_order(new)
        new.step = f"reap:{order[0]}" if order else "score"
        return new, events

    def _score(self, state):
        new = state._copy()
        new.phase = "over"
        new.step = None
        new.actor = ()
        new.last = None
        stacks = [[CARD_IDS[c] for c in coins] for coins in state.coins]
        events = [new_event(("end.reveal", (), {"stacks": stacks}, ()))]
        winners, rule, facts = self.ranking(state)
        events.append(new_event((rule, winners, facts, ())))
        return new, events

    @staticmethod
    def coin_key(coins) -> tuple:
        """What a stack is worth in the ranking: coins, then Radish coins ... Calabash coins."""
        by_variety = [0] * len(VARIETIES)
        for card in coins:
            if card != MANURE:
                by_variety[VARIETY[card]] += 1
        return (len(coins), *by_variety)

    def ranking(self, state) -> tuple:
        """(winners, the deciding rule, its event's facts) from the earnings stacks."""
        keys = [self.coin_key(coins) for coins in state.coins]
        totals = [key[0] for key in keys]
        best = max(totals)
        leaders = [seat for seat in range(state.n) if totals[seat] == best]
        if len(leaders) == 1:
            others = sorted(totals[:leaders[0]] + totals[leaders[0] + 1:], reverse=True)
            return tuple(leaders), "end.most-coins", {
                "winners": leaders, "best": best, "second": others[0]}
        tied = leaders
        for variety in range(len(VARIETIES)):
            top = max(keys[seat][variety + 1] for seat in leaders)
            narrowed = [seat for seat in leaders if keys[seat][variety + 1] == top]
            if len(narrowed) < len(leaders):
                tally = [[seat, keys[seat][variety + 1]] for seat in leaders]
                if len(narrowed) == 1:
                    return tuple(narrowed), "end.tie-break", {
                        "winners": narrowed, "tied": tied, "best": best,
                        "variety": VARIETIES[variety], "tally": tally}
                leaders = narrowed
        return tuple(leaders), "end.shared", {"winners": leaders, "best": best}

    def outcome(self, state):
        if state.phase != "over":
            return None
        winners, rule, _ = self.ranking(state)
        return Outcome(winners, tuple(len(coins) for coins in state.coins), rule,
                       {"coin_cards": [[CARD_IDS[c] for c in coins] for coins in state.coins]})

    # ---- labels ------------------------------------------------------------------------------
    def action_label(self, state, action):
        parsed = ACTIONS.get(action)
        if parsed is not None:
            kind = parsed[0]
            if kind == "give":
                return f"hand the {card_name(parsed[1])} face down to player {parsed[2] + 1}"
            if kind == "pass":
                return f"hand the card on to player {parsed[1] + 1}"
            if kind == "store":
                return "put the card in the storehouse"
            if kind == "plant":
                return f"plant the card in field {FIELDS[parsed[1]]}"
            if kind == "plant-from":
                return (f"plant the {card_name(parsed[2])} from {SOURCE_WORDS[parsed[1]]} in "
                        f"field {FIELDS[parsed[3]]}")
            if kind == "harvest":
                return self._harvest_label(state, parsed[1])
            return "keep your fields growing"
        if action in FORCED:
            if action.startswith("reap:"):
                return "harvest a player's fields at the end"
            return {"discard": "discard the rest of the turn's cards",
                    "reshuffle": "shuffle the discard pile into the deck",
                    "end": "the deck is short: the game ends",
                    "score": "count the coins"}[action]
        kind = action.partition(":")[0]
        if kind == "first":
            return "pick the start player"
        if kind == "draw":
            return "draw the turn's cards"
        return action

    def _harvest_label(self, state, field):
        actor = state.actor[0] if state.actor else -1
        if not 0 <= actor < state.n:
            return f"harvest field {FIELDS[field]}"
        cards = state.fields[actor][field]
        variety = field_variety(cards)
        what = VARIETIES[variety] if variety is not None else "manure only"
        coins = harvest_value(cards, self.rates(state))
        earns = f"{coins} coin{'s' if coins != 1 else ''}"
        return f"harvest field {FIELDS[field]} ({what}): {earns}"

    def public_label(self, state, action, player, perspective):
        parsed = ACTIONS.get(action)
        if parsed is not None and parsed[0] == "give" and perspective is not None \
                and perspective not in (player, parsed[2]):
            return f"hand a card face down to player {parsed[2] + 1}"
        if action.startswith("draw:") and perspective is not None and perspective != state.active:
            return "draw the turn's cards"
        return self.action_label(state, action)


GAME = Tanemaki()
