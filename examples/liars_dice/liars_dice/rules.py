"""Liar's Dice's rules over immutable states (no text beyond reasons, no drawing).

A round: chance rolls every cup at once (one action, ``roll:3,1,6|2,2,5``: each seat's dice
in the order rolled, an empty group for a seat that is out) -> bids round the table from the
round's starter, each higher than the last (``bid:3-5``: three fives), until a player calls
(``call``) -> the dice are shown -> a forced step (``lose``): the loser of the call loses a
die, and the next round is rolled, until one player has dice. Under OpenSpiel's rules
(``rules="openspiel"``) the call ends the game at once. Rulings are in ``rulebook.py``.
"""
from __future__ import annotations

import random
from collections import namedtuple

from tomato_widgets.core.errors import InvalidInputError
from tomato_widgets.core.events import Event
from tomato_widgets.core.game import CHANCE, Game, Outcome, Reason, State
from tomato_widgets.core.options import Option
from tomato_widgets.core.text import quote

from . import views
from .rulebook import RULEBOOK
from .words import bid_words, plural

FACES = 6
OPTIONS = (
    Option("dice", 5, "dice each player starts with", minimum=1, maximum=6, ruling="setup.dice"),
    Option("wild_ones", True, "ones are wild: they count as the face of any bid but ones",
           kind="bool", ruling="count.wild"),
    Option("rules", "usual", "the usual game, or OpenSpiel's liars_dice exactly (two players, "
           "one round, sixes wild)", kind="choice", choices=("usual", "openspiel"),
           ruling="rules.openspiel"),
)
Settings = namedtuple("Settings", [option.name for option in OPTIONS])


class LiarsState(State):
    """A table of Liar's Dice. ``dice``: per seat, its dice sorted (empty between rounds);
    ``bids``: the round's bids as (seat, quantity, face); ``call``: after a call, (caller,
    bidder, found, loser); ``shown``: the cups are lifted."""

    __slots__ = ("n", "settings", "phase", "actor", "round", "counts", "dice", "bids",
                 "starter", "call", "shown", "winner", "end_rule")

    def __init__(self, players: int, settings: Settings):
        self.n = players
        self.settings = settings
        self.phase = "roll"
        self.actor = (CHANCE,)
        self.round = 0
        self.counts = (settings.dice,) * players
        self.dice = ((),) * players
        self.bids = ()
        self.starter = 0
        self.call = None
        self.shown = False
        self.winner = -1
        self.end_rule = None
        self._legal = None


def wild_face(settings) -> int | None:
    """The face that counts as any other: six under OpenSpiel's rules, one when ones are
    wild, else none."""
    if settings.rules == "openspiel":
        return FACES
    return 1 if settings.wild_ones else None


def face_rank(settings, face: int) -> int:
    """Where a face stands in the bid order: the wild face is the highest (``bid.order``)."""
    return FACES + 1 if face == wild_face(settings) else face


def bid_rank(settings, quantity: int, face: int) -> tuple:
    return quantity, face_rank(settings, face)


def matches(settings, dice, face: int) -> int:
    """How many of ``dice`` count for a bid on ``face``: that face, and the wild face for
    any other (``count.wild``)."""
    wild = wild_face(settings)
    return sum(1 for die in dice if die == face or (die == wild and face != wild))


def roll_action(dice) -> str:
    """The chance action id of a hand-written roll: ``roll_action([[1, 4, 4], [2, 6, 3]])``."""
    return "roll:" + "|".join(",".join(map(str, seat)) for seat in dice)


def bid_action(quantity: int, face: int) -> str:
    return f"bid:{quantity}-{face}"


def parse_bid(action: str):
    """(quantity, face) of a ``bid:Q-F`` id, or None when it is not one."""
    head, _, body = action.partition(":")
    quantity, _, face = body.partition("-")
    if head != "bid" or not (quantity + face).isascii() or not quantity.isdigit() \
            or not face.isdigit() or len(body) > 7:
        return None
    if action != bid_action(int(quantity), int(face)):  # no leading zeros, no spaces
        return None
    return int(quantity), int(face)


class LiarsDice(Game):
    name = "liars_dice"
    title = "Liar's Dice"
    summary = "Dice hidden under cups: bid on how many show a face, or call the last bid"
    score_name = "dice"
    min_players = 2
    max_players = 6
    options = OPTIONS
    rulebook = RULEBOOK

    def initial_state(self, players, options):
        settings = Settings(**options)
        if settings.rules == "openspiel":
            if players != 2:
                raise InvalidInputError(f"OpenSpiel's liars_dice is for 2 players, not {players}",
                                        where="option 'rules'")
            if not settings.wild_ones:
                raise InvalidInputError("OpenSpiel's liars_dice always has a wild face (six): "
                                        "wild_ones cannot be off", where="option 'wild_ones'")
        return LiarsState(players, settings)

    # ---- the players' moves ------------------------------------------------------------
    def player_actions(self, state, player):
        if state.phase != "bid":
            return ()
        total = sum(state.counts)
        s = state.settings
        last = bid_rank(s, *state.bids[-1][1:]) if state.bids else (0, 0)
        bids = sorted(((q, f) for q in range(max(1, last[0]), total + 1)
                       for f in range(1, FACES + 1) if bid_rank(s, q, f) > last),
                      key=lambda bid: bid_rank(s, *bid))
        return tuple(bid_action(q, f) for q, f in bids) + (("call",) if state.bids else ())

    def why_illegal(self, state, action, player):
        if state.phase != "bid":
            return Reason("turn.chance", "the dice decide now, not a player")
        if action == "call":
            return Reason("call.call", "there is no bid to call yet: the round opens with a bid")
        bid = parse_bid(action)
        if bid is None or not (bid[0] >= 1 and 1 <= bid[1] <= FACES):
            return Reason("action.format", f"{quote(action)} is not a move: a bid is written "
                          "bid:QUANTITY-FACE (bid:3-5 for three fives, faces 1 to 6), a call is call")
        total = sum(state.counts)
        if bid[0] > total:
            return Reason("bid.limit", f"there are only {plural(total, 'die', 'dice')} on the "
                          f"table, so {bid_words(*bid)} can never be met")
        last = state.bids[-1]
        return Reason("bid.order", f"{bid_words(*bid)} is not higher than the last bid, "
                      f"{bid_words(*last[1:])}: bid more dice, or as many of a higher face")

    def next_state(self, state, action, player):
        if player == CHANCE:
            if action == "lose":
                return self._lose(state)
            return self._roll(state, self._parse_roll(state, action))
        if action == "call":
            return self._call(state, player)
        quantity, face = parse_bid(action)
        rule = "bid.raise" if state.bids else "bid.open"
        nxt = self._next_seat(state, player)
        new = state.evolve(bids=state.bids + ((player, quantity, face),), actor=(nxt,))
        return new, [Event(rule, (player,), {"player": player, "bid": [quantity, face]})]

    @staticmethod
    def _next_seat(state, seat, counts=None):
        """The first seat on the left of ``seat`` that still has dice."""
        counts = state.counts if counts is None else counts
        for step in range(1, state.n + 1):
            other = (seat + step) % state.n
            if counts[other]:
                return other
        raise AssertionError("nobody has dice")

    def _call(self, state, caller):
        bidder, quantity, face = state.bids[-1]
        everyone = [die for dice in state.dice for die in dice]
        found = matches(state.settings, everyone, face)
        loser = caller if found >= quantity else bidder
        wild = wild_face(state.settings)
        wilds = sum(1 for die in everyone if die == wild) if face != wild else 0
        events = [Event("call.call", (caller,), {"player": caller, "bidder": bidder,
                                                 "bid": [quantity, face]}),
                  Event("call.reveal", (), {"dice": [list(d) for d in state.dice], "found": found,
                                            "bid": [quantity, face], "met": found >= quantity})]
        if wilds:
            events.append(Event("count.wild", (), {"wild": wilds, "face": wild}))
        new = state.evolve(call=(caller, bidder, found, loser), shown=True)
        if state.settings.rules == "openspiel":  # one round: the call decides the game
            winner = bidder if loser == caller else caller
            events.append(Event("end.one-round", (winner,), {"winner": winner, "loser": loser}))
            return new.evolve(phase="over", actor=(), winner=winner, end_rule="end.one-round"), events
        return new.evolve(phase="lose", actor=(CHANCE,)), events

    # ---- chance ----------------------------------------------------------------------
    def forced_action(self, state):
        return "lose" if state.phase == "lose" else None

    def sample_chance(self, state, rng: random.Random):
        if state.phase == "lose":
            return "lose"
        return roll_action([[rng.randrange(FACES) + 1 for _ in range(count)]
                            for count in state.counts])

    def chance_probability(self, state, action):
        return 1.0 if state.phase == "lose" else FACES ** -sum(state.counts)

    def chance_words(self, state, action, perspective=None):
        if state.phase == "lose":
            return super().chance_words(state, action, perspective)
        return (f"A roll of {plural(sum(state.counts), 'die', 'dice')} under the cups: each die "
                "shows each face with a chance of 1 in 6.")

    def check_chance(self, state, action):
        if state.phase == "lose":
            if action == "lose":
                return None
            return Reason("call.lose-die", f"after a call the loser loses a die ('lose'), "
                          f"not {quote(action)}")
        try:
            self._parse_roll(state, action)
        except InvalidInputError as error:
            return Reason("round.roll", error.reason)
        return None

    def _parse_roll(self, state, action):
        """Each seat's dice of a ``roll:...`` id, checked against the dice each seat has."""
        kind, _, body = action.partition(":")
        groups = body.split("|")
        if kind != "roll" or len(groups) != state.n:
            raise InvalidInputError(f"a roll is written roll: and one group of dice per seat "
                                    f"({state.n}), separated by |, not {quote(action)}")
        dice = []
        for seat, group in enumerate(groups):
            faces = group.split(",") if group else []
            if len(faces) != state.counts[seat] or not all(
                    len(face) == 1 and "1" <= face <= str(FACES) for face in faces):
                raise InvalidInputError(f"seat {seat} rolls {state.counts[seat]} dice with faces "
                                        f"1 to {FACES}, not {quote(group)}")
            dice.append(tuple(sorted(map(int, faces))))
        return tuple(dice)

    def _roll(self, state, dice):
        events = []
        if state.round == 0:
            events.append(Event("setup.dice", (), {"count": state.settings.dice}))
        for seat, faces in enumerate(dice):
            if faces:
                events.append(Event("round.roll", (seat,), {"player": seat, "dice": list(faces),
                                                            "count": len(faces)}, ("dice",)))
        new = state.evolve(dice=dice, round=state.round + 1, bids=(), call=None, shown=False,
                           phase="bid", actor=(state.starter,))
        return new, events

    def _lose(self, state):
        caller, bidder, found, loser = state.call
        counts = list(state.counts)
        counts[loser] -= 1
        events = [Event("call.lose-die", (loser,), {"loser": loser, "left": counts[loser]})]
        new = state.evolve(counts=tuple(counts), dice=((),) * state.n, bids=(), call=None,
                           shown=False)
        if not counts[loser]:
            events.append(Event("player.out", (loser,), {"player": loser}))
        left = [seat for seat, count in enumerate(counts) if count]
        if len(left) == 1:
            events.append(Event("end.last-player", (left[0],), {"winner": left[0]}))
            return new.evolve(phase="over", actor=(), winner=left[0],
                              end_rule="end.last-player"), events
        starter = loser if counts[loser] else self._next_seat(state, loser, counts)
        events.append(Event("round.starter", (starter,), {"player": starter}))
        return new.evolve(phase="roll", actor=(CHANCE,), starter=starter), events

    # ---- what is shown ---------------------------------------------------------------
    def outcome(self, state):
        if state.phase != "over":
            return None
        if state.end_rule == "end.one-round":  # OpenSpiel's returns
            scores = tuple(1 if seat == state.winner else -1 for seat in range(state.n))
        else:
            scores = state.counts
        return Outcome((state.winner,), scores, state.end_rule)

    def action_label(self, state, action):
        if action == "call":
            return "call the bid (\u201cLiar!\u201d)"
        if action == "lose":
            return "the loser of the call loses a die"
        bid = parse_bid(action)
        if bid:
            return f"bid {bid_words(*bid)}"
        return "roll the dice under the cups" if action.startswith("roll:") else action

    def observe(self, state, perspective):
        return views.observe(state, perspective)

    def resample_hidden(self, state, perspective, rng):
        return views.resample_hidden(state, perspective, rng)

    def check_invariants(self, state):
        assert all(0 <= count <= state.settings.dice for count in state.counts)
        for count, dice in zip(state.counts, state.dice):
            assert not dice or (len(dice) == count and list(dice) == sorted(dice))
            assert all(1 <= die <= FACES for die in dice)
        assert (state.phase == "over") == (not state.actor)


GAME = LiarsDice()
