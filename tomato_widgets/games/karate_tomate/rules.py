"""Karate Tomate's rules as pure functions over an immutable state (no widgets, no text).

The game, step by step (``phase`` names the step due now; rulings are in ``rulebook.py``):

* ``deal`` (chance): every player gets a Tomato and five Number cards; the other Number
  cards, shuffled, are the draw pile (the deal names their order).
* ``turnup`` (chance; forced when no card is needed): the warm-up of a round turns up
  Triumph cards until as many lie face up as the player count asks for; the fight begins.
* ``fight``: every player still fighting puts one card face down (``play:K3``) or their
  Tomato (``tomato``), each seat's commit a step of its own, the others seeing only a
  face-down card.
* ``reveal`` (forced): the cards of the heat turn over. A Number card stays on the table;
  a Tomato takes its player out of this fight (back into the hand, its value now seen).
* ``drop``, ``discard``, ``draw``: each player who dropped out, in seat order, chooses to
  draw two cards (``draw-two``) or to discard two (``discard-two``, then ``discard:K3``
  twice) and draw four; the draw (``draw``, forced) takes the top cards of the face-down
  draw pile. An empty draw pile is refilled first: the discard pile is shuffled into a
  new one (``reshuffle:K3,C1,...``, chance: the new order).
* When no more players fight than Triumph cards lie up, the fight is over: ``rank``
  (forced) orders them by the total value they played, ties broken by the higher Tomato
  shown; ``swap`` (forced) swaps the tied players' Tomatoes; then each picks a Triumph
  card (``take:T210``) in that order and draws a card per tomato symbol on it.
* ``clear`` (forced): the cards played go to the discard pile; then each player with 12
  trophies or more may call the end (``call-end`` or ``play-on``, in seat order).
* ``score`` (forced): the game ends (called, the Triumph pile too short for the next
  round, or the round limit) and is scored.

Number cards are ids such as ``"K3"`` and piles sorted tuples of them (identical cards
are interchangeable); Triumph cards are ids such as ``"T210"`` (see ``cards.py``).
"""
from __future__ import annotations

import math
import random
from collections import Counter, namedtuple

from ...core.errors import InvalidInputError
from ...core.events import NO_FACTS, new_event
from ...core.game import CHANCE, Game, Outcome, Reason, State
from ...core.ids import whole_number
from ...core.options import Option
from ...core.text import quote
from .cards import (NUMBER_SETS, TOMATO, VALUE, TOMATOES, TRIUMPH_SETS, card_name, colour_name,
                    is_card, is_triumph, number_deck, parse_card, parse_triumph, symbols_words,
                    tomato_id, triumph, triumph_name, triumph_pile)
from .rulebook import RULEBOOK
from .views import KarateViews, final_ranking

#: face-up Triumph cards a round needs, by the number of players
TRIUMPHS_UP = {3: 2, 4: 2, 5: 3, 6: 4, 7: 4, 8: 5, 9: 6, 10: 6}
HAND = 5           # Number cards dealt to each player
CALL_AT = 12       # trophies that allow a player to call the end
DRAW_TWO = 2
DISCARD_TWO = 2
DRAW_FOUR = 4
#: the steps the rules take by themselves (one possible outcome each)
FORCED = ("reveal", "draw", "rank", "swap", "clear", "score")
#: the chance steps with several outcomes, and the rule each is told by
CHANCE_PHASES = {"deal": "setup.deal", "turnup": "warmup.turnup", "reshuffle": "draw.reshuffle"}
MAX_ROUNDS = 200

OPTIONS = (
    Option("number_set", "placeholder", "how many Number cards of each value a colour has (not "
           "published; 'placeholder' is an assumed split: 8 ones, 6 twos, 6 threes, 4 fours, "
           "4 fives)", kind="choice", choices=tuple(NUMBER_SETS), ruling="cards.numbers"),
    Option("triumph_set", "placeholder", "what the 40 Triumph cards show (not published; "
           "'placeholder' is an assumed table)", kind="choice", choices=tuple(TRIUMPH_SETS),
           ruling="cards.triumphs"),
    Option("rounds", 100, "the most rounds a game may last (a game ends much sooner by the "
           "rules; rounds in which everybody drops out could otherwise go on for ever)",
           minimum=1, maximum=MAX_ROUNDS, ruling="end.rounds"),
)
Settings = namedtuple("Settings", [o.name for o in OPTIONS])

#: the action id of playing each Number card
PLAY = {card: "play:" + card for card in VALUE}
#: (hand, the colour it must follow or None) -> the moves of a heat, memoised: listing them
#: is the commonest query of random play
_FIGHT_ACTIONS: dict = {}
MEMO_LIMIT = 100_000

#: the facts of a commit, one dict per card (event facts are never changed)
CARD_FACTS = {card: {"card": card} for card in (*VALUE, TOMATO)}
#: facts of events only the player who acted may read
SECRET_CARD = ("card",)
SECRET_CARDS = ("cards",)

#: what a player decides in each phase, for refusals of a well-formed action out of place
ASKED = {"fight": ("fight.commit", "put a Number card or your Tomato face down"),
         "drop": ("drop.choice", "choose to draw two cards or to discard two and draw four"),
         "discard": ("drop.discard", "choose a card of your hand to discard"),
         "pick": ("triumph.pick", "take one of the face-up Triumph cards"),
         "call": ("end.call", "call the end of the game or play on")}


class KarateState(State):
    """Everything about a Karate Tomate table. Per-seat facts are tuples indexed by seat."""

    __slots__ = ("n", "settings", "phase", "actor", "round", "heat",
                 "tomatoes", "shown", "hands", "draw", "discard",
                 "pile", "offer", "won",
                 "fighting", "colours", "played", "committed", "revealed",
                 "dropped", "to_discard", "owed", "owed_seat", "draw_for",
                 "order", "ties", "picked", "callers", "end_rule", "caller")

    def __init__(self, players: int, settings: Settings):
        n = players
        self.n = n
        self.settings = settings
        self.phase = "deal"
        self.actor = (CHANCE,)
        self.round = 0
        self.heat = 0
        self.tomatoes = (0,) * n        # each player's Tomato (1-10; 0 before the deal)
        self.shown = (False,) * n       # whether everybody has seen that Tomato
        self.hands = ((),) * n          # Number cards in hand, sorted
        self.draw = number_deck(settings.number_set)  # face down, from the top (shuffled
                                                      # at the deal and at a reshuffle)
        self.discard = ()               # face up, in the order the cards were put there
        self.pile = triumph_pile(settings.triumph_set)  # the Triumph pile, face down
        self.offer = ()                 # Triumph cards face up on the table
        self.won = ((),) * n            # Triumph cards won, face down
        self.fighting = (False,) * n    # still in this round's fight
        self.colours = (None,) * n      # colour letter of the card opened with this round
        self.played = ((),) * n         # Number cards played this round, in order
        self.committed = (None,) * n    # this heat's face-down card: a card id or TOMATO
        self.revealed = ()              # ((seat, card or TOMATO), ...) of the last heat
        self.dropped = ()               # seats out by the last heat, still to draw
        self.to_discard = 0             # cards the dropping player has still to discard
        self.owed = 0                   # cards still to be drawn by ``owed_seat``
        self.owed_seat = -1
        self.draw_for = None            # "drop" or "pick": what the draw is part of
        self.order = ()                 # the pick order, once the fight is over
        self.ties = ()                  # the tied groups of that order (seats, Tomato high first)
        self.picked = 0                 # picks made
        self.callers = ()               # seats still to be asked whether they call the end
        self.end_rule = None            # why the game ends: end.called, end.pile, end.rounds
        self.caller = -1
        self._legal = None


# ---- small helpers ------------------------------------------------------------------------
def without(pile: tuple, cards) -> tuple:
    """``pile`` less one copy of each of ``cards`` (all of which it holds)."""
    rest = list(pile)
    for card in cards:
        rest.remove(card)
    return tuple(rest)


def holds(pile, cards) -> bool:
    """Whether ``pile`` holds every one of ``cards`` (repeats counted)."""
    have = Counter(pile)
    have.subtract(Counter(cards))
    return min(have.values(), default=0) >= 0


def arrangements(cards) -> int:
    """How many different orders ``cards`` can lie in (identical cards interchangeable)."""
    ways = math.factorial(len(cards))
    for count in Counter(cards).values():
        ways //= math.factorial(count)
    return ways


def ways_to_draw(pile, cards) -> int:
    """How many sets of ``len(cards)`` cards of ``pile`` are exactly ``cards`` (identical
    cards counted apart)."""
    have = Counter(pile)
    ways = 1
    for card, count in Counter(cards).items():
        ways *= math.comb(have[card], count)
    return ways


def draw_probability(pile, cards) -> float:
    """The chance that ``len(cards)`` cards drawn at random from ``pile`` are ``cards``."""
    return ways_to_draw(pile, cards) / math.comb(len(pile), len(cards))


def random_cards(cards, count: int, rng: random.Random) -> list:
    """``count`` of ``cards`` picked at random, each set of them equally likely: a partial
    Fisher-Yates shuffle (one call to the generator per card)."""
    pool = list(cards)
    uniform = rng.random
    top = len(pool)
    picked = []
    for _ in range(count):
        at = int(uniform() * top)
        top -= 1
        picked.append(pool[at])
        pool[at] = pool[top]
    return picked


def distinct(cards) -> list:
    """The cards once each, in order."""
    return list(dict.fromkeys(cards))


def set_at(values: tuple, seat: int, value) -> tuple:
    """``values`` with ``seat``'s entry replaced."""
    return values[:seat] + (value,) + values[seat + 1:]


def _card_list(cards) -> list:
    return cards.split() if isinstance(cards, str) else list(cards)


def deal_action(tomatoes, hands, deck=(), number_set: str = "placeholder") -> str:
    """The chance action id of a hand-written deal: ``deal_action([7, 2, 9], ["C1 C3 K2 M5
    B1", ...], deck="M5 B5")``: the Tomatoes, the hands (lists of card ids or strings of ids)
    and the top of the draw pile, in the order the cards will be drawn. The rest of the
    draw pile follows in card order."""
    hands = [sorted(_card_list(hand)) for hand in hands]
    top = _card_list(deck)
    rest = Counter(number_deck(number_set))
    rest.subtract(Counter([card for hand in hands for card in hand] + top))
    pile = top + sorted(rest.elements())
    return ("deal:" + ",".join(str(t) for t in tomatoes) + "|"
            + "|".join(",".join(hand) for hand in hands) + "|" + ",".join(pile))


def cards_action(kind: str, cards, ordered: bool = False) -> str:
    """``turnup:T210,T500`` (cards sorted) or ``reshuffle:K3,C1,...`` (``ordered``: the new
    draw pile from the top): a chance step naming cards."""
    cards = _card_list(cards)
    return f"{kind}:" + ",".join(cards if ordered else sorted(cards))


class KarateTomate(KarateViews, Game):
    name = "karate_tomate"
    title = "Karate Tomate"
    score_name = "trophies"
    summary = "Face-down heats: play on in your colour or drop out with your Tomato; triumph cards"
    min_players = 3
    max_players = 10
    options = OPTIONS
    rulebook = RULEBOOK

    def initial_state(self, players, options):
        return KarateState(players, Settings(**options))

    # ---- what is due now --------------------------------------------------------------
    @staticmethod
    def needed(state) -> int:
        """Triumph cards to turn up at the warm-up: the table is topped up to the number
        the player count asks for."""
        return max(0, TRIUMPHS_UP[state.n] - len(state.offer))

    def forced_action(self, state):
        """The step the rules take by themselves now: a reveal, a draw from the top of the
        pile, the pick order, the swap, the end of a round, the scoring; a warm-up that
        needs no new card; a reshuffle of a discard pile that can lie in one order only."""
        phase = state.phase
        if phase in FORCED:
            return phase
        if phase == "turnup" and not self.needed(state):
            return "turnup"
        if phase == "reshuffle" and arrangements(state.discard) == 1:
            return cards_action("reshuffle", state.discard, ordered=True)
        return None

    # ---- chance ------------------------------------------------------------------------
    #: (action, state, parsed) of our own last sample, until a step is taken: applying it
    #: next needs neither parsing nor checking
    _sampled = (None, None, None)

    def sample_chance(self, state, rng: random.Random):
        forced = self.forced_action(state)
        if forced is not None:
            return forced
        phase = state.phase
        if phase == "deal":
            tomatoes = tuple(random_cards(TOMATOES, state.n, rng))
            deck = random_cards(state.draw, len(state.draw), rng)
            dealt = HAND * state.n
            hands = tuple(tuple(sorted(deck[seat * HAND:(seat + 1) * HAND]))
                          for seat in range(state.n))
            parsed = (tomatoes, hands, tuple(deck[dealt:]))
            action = deal_action(*parsed)
        elif phase == "turnup":
            parsed = tuple(sorted(random_cards(state.pile, self.needed(state), rng)))
            action = cards_action("turnup", parsed)
        else:
            parsed = tuple(random_cards(state.discard, len(state.discard), rng))
            action = cards_action("reshuffle", parsed, ordered=True)
        self._sampled = (action, state, (phase, parsed))
        return action

    def _own_sample(self, state, action):
        """The parsed outcome when ``action`` is our own last sample for this very state (no
        step has been taken since)."""
        sampled = self._sampled
        if sampled[0] is action and sampled[1] is state:
            return sampled[2]
        return None

    def parse_chance(self, state, action):
        """(kind, outcome) of a chance id: ``("deal", (tomatoes, hands, deck))``,
        ``("turnup", cards)``, ``("reshuffle", cards in order)`` or ``(forced step, None)``.
        Raises InvalidInputError when it is malformed."""
        if action in FORCED or action == "turnup":
            return action, None
        own = self._own_sample(state, action)
        if own is not None:
            return own
        kind, sep, body = action.partition(":")
        if kind == "deal" and sep:
            parts = body.split("|")
            if len(parts) != state.n + 2:
                raise InvalidInputError(f"a deal lists the Tomatoes, one hand per player "
                                        f"({state.n}) and the draw pile from the top, separated "
                                        f"by '|'; this one has {len(parts)} parts", where="deal")
            tomatoes = []
            for text in parts[0].split(","):
                value = whole_number(text)
                if value not in TOMATOES:
                    raise InvalidInputError(f"{quote(text)} is not a Tomato (1 to 10)", where="deal")
                tomatoes.append(value)
            hands = tuple(tuple(sorted(parse_card(text, where=f"deal, hand of seat {seat}")
                                       for text in part.split(","))) if part else ()
                          for seat, part in enumerate(parts[1:-1]))
            deck = tuple(parse_card(text, where="deal, draw pile")
                         for text in parts[-1].split(",")) if parts[-1] else ()
            return kind, (tuple(tomatoes), hands, deck)
        if kind == "turnup" and sep:
            return kind, tuple(sorted(parse_triumph(text, where="turnup")
                                      for text in body.split(",")))
        if kind == "reshuffle" and sep:
            return kind, tuple(parse_card(text, where="reshuffle") for text in body.split(","))
        raise InvalidInputError(f"{quote(action)} is not a chance outcome of Karate Tomate "
                                "(deal:..., turnup:..., reshuffle:..., or a step the rules take: "
                                + ", ".join(FORCED) + ")")

    def check_chance(self, state, action):
        phase = state.phase
        if action == phase and phase in FORCED:
            return None  # the step the rules take now
        if self._own_sample(state, action) is not None:
            return None  # valid by construction
        forced = self.forced_action(state)
        if forced is not None:
            if action == forced:
                return None
            return Reason("rules.forced", f"nothing is chosen here: the rules take the next step "
                                          f"by themselves ({self.action_label(state, forced)})")
        if phase not in CHANCE_PHASES:
            return Reason("turn.chance", "players decide now, not chance")
        try:
            kind, outcome = self.parse_chance(state, action)
        except InvalidInputError as error:
            return Reason("action.format", error.reason)
        if kind != phase:
            return Reason(CHANCE_PHASES[phase], f"the step due now is the {phase}, not "
                                                f"{quote(action)}")
        if kind == "deal":
            return self._check_deal(state, *outcome)
        if kind == "turnup":
            needed = self.needed(state)
            if len(outcome) != needed:
                return Reason("warmup.turnup", f"{needed} Triumph cards are turned up now, not "
                                               f"{len(outcome)}")
            if not holds(state.pile, outcome):
                return Reason("warmup.turnup", "those Triumph cards are not all in the pile")
            return None
        if sorted(outcome) != sorted(state.discard):
            return Reason("draw.reshuffle", "the new draw pile is the discard pile's cards, "
                                            f"all {len(state.discard)} of them, in any order")
        return None

    def _check_deal(self, state, tomatoes, hands, deck):
        if len(tomatoes) != state.n or len(set(tomatoes)) != state.n:
            return Reason("setup.deal", f"each of the {state.n} players gets a different Tomato")
        for seat, hand in enumerate(hands):
            if len(hand) != HAND:
                return Reason("setup.deal", f"every player gets {HAND} Number cards; seat {seat} "
                                            f"gets {len(hand)}")
        if sorted([card for hand in hands for card in hand] + list(deck)) != list(state.draw):
            return Reason("setup.deal", f"the hands and the draw pile must hold the "
                                        f"{len(state.draw)} Number cards, each as often as the "
                                        "game has it")
        return None

    def chance_probability(self, state, action):
        if self.check_chance(state, action) is not None:
            return 0.0
        if self.forced_action(state) is not None:
            return 1.0
        kind, outcome = self.parse_chance(state, action)
        if kind == "deal":
            tomatoes, hands, deck = outcome
            ways = 1
            for hand in hands:  # a hand is a set of cards: any order of it deals it
                ways *= arrangements(hand)
            return ways / math.perm(len(TOMATOES), state.n) / arrangements(state.draw)
        if kind == "turnup":
            return draw_probability(state.pile, outcome)
        return 1 / arrangements(state.discard)

    def chance_words(self, state, action, perspective=None):
        """The shuffles named as such (their odds are beyond reading, and those of a deal
        would tell something about the cards); the Triumph cards turned up with their odds."""
        if self.check_chance(state, action) is None and self.forced_action(state) is None:
            kind = self.parse_chance(state, action)[0]
            if kind == "deal":
                return ("A shuffle and a deal: every order of the Number cards and every way of "
                        "handing out the Tomatoes is equally likely.")
            if kind == "reshuffle":
                return (f"A shuffle: every order of the {len(state.discard)} cards of the "
                        "discard pile is equally likely.")
            chance = super().chance_words(state, action, perspective)
            return (f"{self.needed(state)} of the {len(state.pile)} Triumph cards of the pile, "
                    f"turned up at random: {chance[0].lower()}{chance[1:]}")
        return super().chance_words(state, action, perspective)

    # ---- players' actions ------------------------------------------------------------
    def player_actions(self, state, player):
        phase = state.phase
        if phase == "fight":
            hand = state.hands[player]
            key = (hand, state.colours[player] if state.heat > 1 else None)
            actions = _FIGHT_ACTIONS.get(key)
            if actions is None:
                if len(_FIGHT_ACTIONS) > MEMO_LIMIT:
                    _FIGHT_ACTIONS.clear()
                actions = _FIGHT_ACTIONS[key] = tuple(
                    [PLAY[card] for card in self.playable(state, player)]) + (TOMATO,)
            return actions
        if phase == "drop":
            if len(state.hands[player]) >= DISCARD_TWO:
                return ("draw-two", "discard-two")
            return ("draw-two",)
        if phase == "discard":
            return tuple("discard:" + card for card in distinct(state.hands[player]))
        if phase == "pick":
            return tuple("take:" + card for card in distinct(state.offer))
        if phase == "call":
            return ("call-end", "play-on")
        return ()

    @staticmethod
    def playable(state, seat):
        """The Number cards ``seat`` may play in this heat: any in the first heat, later only
        cards of the colour they opened with."""
        hand = state.hands[seat]
        if state.heat > 1:
            colour = state.colours[seat]
            hand = [card for card in hand if card[0] == colour]
        return dict.fromkeys(hand)

    def allows(self, state, action, player):
        if action == TOMATO:
            return True
        if action[:5] != "play:":
            return False
        card = action[5:]
        return card in state.hands[player] and (state.heat == 1 or card[0] == state.colours[player])

    def why_waiting(self, state, player):
        if state.phase == "fight" and isinstance(player, int) and 0 <= player < state.n:
            if not state.fighting[player]:
                return Reason("fight.out", "you played your Tomato and are out of this fight: "
                                           "you fight again next round")
            return Reason("fight.wait", f"your card for heat {state.heat} is already down: the "
                                        "cards turn over when everybody still fighting has put "
                                        "one down")
        return super().why_waiting(state, player)

    def why_illegal(self, state, action, player):
        kind, sep, rest = action.partition(":")
        phase = state.phase
        known = {"play": is_card, "discard": is_card, "take": is_triumph}
        if (sep and kind not in known) or (not sep and action not in (
                TOMATO, "draw-two", "discard-two", "call-end", "play-on")):
            return Reason("action.format", f"{quote(action)} is not a Karate Tomate action: "
                                           "play:K3, tomato, draw-two, discard-two, discard:K3, "
                                           "take:T210, call-end or play-on")
        if sep and not known[kind](rest):
            what = "a Triumph card such as T210" if kind == "take" else "a Number card such as K3"
            return Reason("action.format", f"{quote(rest)} is not {what}: write {kind}:"
                                           + ("T210" if kind == "take" else "K3"))
        wanted = {"play": "fight", TOMATO: "fight", "draw-two": "drop", "discard-two": "drop",
                  "discard": "discard", "take": "pick", "call-end": "call", "play-on": "call"}
        if wanted[kind] != phase:
            rule, asked = ASKED.get(phase, ("turn.chance", "wait: the rules act now"))
            return Reason(rule, f"that is not what is decided now: {asked}")
        if kind == "play":
            if rest not in state.hands[player]:
                return Reason("fight.own-card", f"you hold no {card_name(rest)}")
            colour = colour_name(state.colours[player])
            article = "an" if colour[0] in "aeiou" else "a"
            return Reason("fight.colour", f"after the first heat you play only {colour} cards, the "
                                          f"colour you opened with; the {card_name(rest)} is not "
                                          f"{colour}: play {article} {colour} card or your Tomato")
        if action == "discard-two":
            return Reason("drop.discard-two", "you need two cards in hand to discard two: draw "
                                              "two instead")
        if kind == "discard":
            return Reason("drop.discard", f"you hold no {card_name(rest)} to discard")
        return Reason("triumph.pick", f"{triumph_name(rest)} is not on the table: take one of "
                                      f"the Triumph cards face up")

    def next_state(self, state, action, player):
        if player == CHANCE:
            kind, outcome = self.parse_chance(state, action)
            self._sampled = NOT_SAMPLED
            return CHANCE_STEPS[kind](self, state, outcome)
        self._sampled = NOT_SAMPLED
        phase = state.phase
        if phase == "fight":
            return self._commit(state, player, action)
        if phase == "drop":
            return self._drop(state, player, action)
        if phase == "discard":
            return self._discard_card(state, player, action[8:])
        if phase == "pick":
            return self._pick(state, player, action[5:])
        return self._call(state, player, action)

    # ---- setup ---------------------------------------------------------------------------
    def _deal(self, state, outcome):
        tomatoes, hands, deck = outcome
        events = [new_event(("setup.deal", (), {"cards": HAND, "pile": len(deck)}, ()))]
        for seat in range(state.n):
            events.append(new_event(("setup.hand", (seat,), {
                "tomato": tomatoes[seat], "cards": list(hands[seat]), "count": HAND},
                ("tomato", "cards"))))
        new = state.evolve(tomatoes=tuple(tomatoes), hands=tuple(hands), draw=tuple(deck),
                           phase="turnup")
        return new, events

    # ---- 1. warm-up ------------------------------------------------------------------------
    def _turnup(self, state, cards):
        cards = cards or ()
        round_no = state.round + 1
        offer = tuple(sorted(state.offer + cards))
        n = state.n
        pile = without(state.pile, cards)
        new = state._copy()
        new.round, new.heat, new.pile, new.offer = round_no, 1, pile, offer
        new.fighting, new.colours, new.played = (True,) * n, (None,) * n, ((),) * n
        new.committed, new.revealed = (None,) * n, ()
        new.phase, new.actor = "fight", tuple(range(n))
        if cards:
            return new, [new_event(("warmup.turnup", (), {"round": round_no, "turned": list(cards),
                                                     "needed": TRIUMPHS_UP[n],
                                                     "left": len(offer) - len(cards),
                                                     "offer": list(offer)}, ()))]
        return new, [new_event(("warmup.enough", (), {"round": round_no, "left": len(offer),
                                                 "offer": list(offer)}, ()))]

    # ---- 2. fight --------------------------------------------------------------------------
    def _commit(self, state, player, action):
        """One seat's card for this heat goes face down; after the last one, the reveal."""
        card = TOMATO if action == TOMATO else action[5:]
        hands = state.hands
        if card != TOMATO:
            hands = set_at(hands, player, without(hands[player], (card,)))
        committed = set_at(state.committed, player, card)
        actor = tuple([seat for seat in state.actor if seat != player])
        event = new_event(("fight.commit", (player,), CARD_FACTS[card], SECRET_CARD))
        new = state._copy()
        new.hands = hands
        new.committed = committed
        if actor:
            new.actor = actor
        else:
            new.actor = (CHANCE,)
            new.phase = "reveal"
        return new, [event]

    def _reveal(self, state, _outcome):
        """Everybody's card of the heat turns over at once."""
        n = state.n
        played = list(state.played)
        colours = list(state.colours)
        fighting = list(state.fighting)
        shown = list(state.shown)
        revealed, dropped, events = [], [], []
        for seat in range(n):
            card = state.committed[seat]
            if card is None:
                continue
            revealed.append((seat, card))
            if card == TOMATO:
                fighting[seat] = False
                shown[seat] = True
                dropped.append(seat)
            else:
                played[seat] += (card,)
                if colours[seat] is None:
                    colours[seat] = card[0]
        events.append(new_event(("heat.reveal", (), {"heat": state.heat, "revealed": [
            [seat, tomato_id(state.tomatoes[seat]), None] if card == TOMATO
            else [seat, card, self.total(played[seat])] for seat, card in revealed]}, ())))
        for seat in dropped:
            events.append(new_event(("drop.out", (seat,), {"tomato": state.tomatoes[seat]}, ())))
        new = state._copy()
        new.played = tuple(played)
        new.colours = tuple(colours)
        new.fighting = tuple(fighting)
        new.shown = tuple(shown)
        new.committed = (None,) * n
        new.revealed = tuple(revealed)
        new.dropped = tuple(dropped)
        if dropped:
            return self._ask_dropped(new, events)
        return self._after_heat(new, events)

    @staticmethod
    def total(cards) -> int:
        """The value of the Number cards a player has put on the table this round."""
        return sum([VALUE[card] for card in cards])

    def _ask_dropped(self, new, events):
        new.phase = "drop"
        new.actor = (new.dropped[0],)
        return new, events

    def _drop(self, state, player, action):
        new = state._copy()
        if action == "draw-two":
            new.owed, new.owed_seat, new.draw_for = DRAW_TWO, player, "drop"
            return self._draw_or_go_on(new, [new_event(("drop.draw-two", (player,), NO_FACTS, ()))])
        new.phase, new.to_discard = "discard", DISCARD_TWO
        return new, [new_event(("drop.discard-two", (player,), NO_FACTS, ()))]

    def _discard_card(self, state, player, card):
        left = state.to_discard - 1
        hands = set_at(state.hands, player, without(state.hands[player], (card,)))
        discard = state.discard + (card,)
        events = [new_event(("drop.discard", (player,), {"card": card, "to_go": left}, ()))]
        new = state._copy()
        new.hands, new.discard, new.to_discard = hands, discard, left
        if left:
            return new, events
        new.owed, new.owed_seat, new.draw_for = DRAW_FOUR, player, "drop"
        return self._draw_or_go_on(new, events)

    # ---- drawing ---------------------------------------------------------------------------
    def _draw_or_go_on(self, new, events):
        """``new`` (this step's own state) owes ``owed`` cards to ``owed_seat``: draw them,
        refill the draw pile from the discard pile first, or (both piles empty) draw what
        there is; then the game goes on."""
        if new.owed and new.draw:
            new.phase, new.actor = "draw", (CHANCE,)
            return new, events
        if new.owed and new.discard:
            new.phase, new.actor = "reshuffle", (CHANCE,)
            return new, events
        if new.owed:
            events.append(new_event(("draw.empty", (new.owed_seat,), {"short": new.owed}, ())))
            new.owed = 0
        seat, new.owed_seat = new.owed_seat, -1
        if new.draw_for == "pick":
            return self._next_pick(new, events)
        new.dropped = new.dropped[1:]  # the player who has just drawn comes first
        if new.dropped:
            return self._ask_dropped(new, events)
        return self._after_heat(new, events)

    def _draw(self, state, _outcome):
        """The cards owed come off the top of the draw pile (as many as it holds)."""
        seat = state.owed_seat
        cards = state.draw[:state.owed]
        hands = set_at(state.hands, seat, tuple(sorted(state.hands[seat] + cards)))
        event = new_event(("draw.cards", (seat,), {"cards": list(cards), "count": len(cards)},
                           SECRET_CARDS))
        new = state._copy()
        new.hands, new.draw, new.owed = hands, state.draw[len(cards):], state.owed - len(cards)
        return self._draw_or_go_on(new, [event])

    def _reshuffle(self, state, order):
        event = new_event(("draw.reshuffle", (), {"count": len(state.discard)}, ()))
        new = state.evolve(draw=tuple(order), discard=())
        return self._draw_or_go_on(new, [event])

    def _after_heat(self, new, events):
        """After a heat (and the drops it caused): the fight ends when no more players fight
        than Triumph cards lie up; else the next heat begins."""
        fighters = [seat for seat in range(new.n) if new.fighting[seat]]
        up = len(new.offer)
        new.actor = (CHANCE,)
        if not fighters:
            new.phase = "clear"
            events.append(new_event(("fight.nobody", (), {"offer": up}, ())))
        elif len(fighters) <= up:
            new.phase = "rank"
            events.append(new_event(("fight.end", tuple(fighters), {"players": fighters, "offer": up}, ())))
        else:
            new.heat += 1
            new.phase = "fight"
            new.actor = tuple(fighters)
            events.append(new_event(("fight.heat", tuple(fighters), {"heat": new.heat,
                                                                "players": fighters}, ())))
        return new, events

    # ---- 3. triumph ------------------------------------------------------------------------
    def _rank(self, state, _outcome):
        """The pick order: the highest total first; equal totals by the higher Tomato, which
        the tied players show."""
        fighters = [seat for seat in range(state.n) if state.fighting[seat]]
        totals = {seat: self.total(state.played[seat]) for seat in fighters}
        order = sorted(fighters, key=lambda seat: (-totals[seat], -state.tomatoes[seat]))
        ties = []
        for total in sorted(set(totals.values()), reverse=True):
            group = [seat for seat in order if totals[seat] == total]
            if len(group) > 1:
                ties.append(tuple(group))
        events = [new_event(("triumph.order", tuple(order), {
            "ranking": [[seat, totals[seat]] for seat in order]}, ()))]
        shown = list(state.shown)
        for group in ties:
            for seat in group:
                shown[seat] = True
            events.append(new_event(("triumph.tie", group, {
                "players": list(group), "total": totals[group[0]],
                "shown": [[seat, state.tomatoes[seat]] for seat in group]}, ())))
        new = state.evolve(order=tuple(order), ties=tuple(ties), picked=0, shown=tuple(shown))
        if ties:
            new.phase = "swap"
            return new, events
        return self._next_pick(new, events)

    def _swap(self, state, _outcome):
        """In each tied group the highest Tomato goes to the lowest, the second highest to
        the second lowest, and so on; the middle one of an odd group stays."""
        tomatoes = list(state.tomatoes)
        events = []
        for group in state.ties:  # each ordered from the highest Tomato down
            swaps = []
            for k in range(len(group) // 2):
                high, low = group[k], group[-1 - k]
                tomatoes[high], tomatoes[low] = state.tomatoes[low], state.tomatoes[high]
                swaps.append([high, low, tomatoes[high], tomatoes[low]])
            middle = group[len(group) // 2]
            keeps = [middle, tomatoes[middle]] if len(group) % 2 else None
            events.append(new_event(("triumph.swap", group, {"swaps": swaps, "keeps": keeps}, ())))
        new = state.evolve(tomatoes=tuple(tomatoes))
        return self._next_pick(new, events)

    def _next_pick(self, new, events):
        """The next player in the pick order takes a card; after the last, the round ends."""
        if new.picked < len(new.order):
            new.phase = "pick"
            new.actor = (new.order[new.picked],)
        else:
            new.phase = "clear"
            new.actor = (CHANCE,)
        return new, events

    def _pick(self, state, player, card):
        won = tuple(sorted(state.won[player] + (card,)))
        place = state.picked + 1
        events = [new_event(("triumph.pick", (player,), {"card": card, "place": place}, ()))]
        new = state.evolve(offer=without(state.offer, [card]), won=set_at(state.won, player, won),
                           picked=place)
        symbols = triumph(card).tomatoes
        if symbols:
            events.append(new_event(("triumph.symbols", (player,), {"symbols": symbols}, ())))
            new.owed, new.owed_seat, new.draw_for = symbols, player, "pick"
            return self._draw_or_go_on(new, events)
        return self._next_pick(new, events)

    def _clear(self, state, _outcome):
        """The round is over: the cards played go to the discard pile; Triumph cards not
        taken stay up. Then whoever may call the end is asked, in seat order."""
        played = [card for cards in state.played for card in cards]
        n = state.n
        callers = tuple([seat for seat in range(n) if self.trophies(state, seat) >= CALL_AT])
        events = [new_event(("round.clear", (), {"round": state.round, "count": len(played),
                                                 "left": len(state.offer)}, ()))]
        discard = state.discard + tuple(played)
        new = state._copy()
        new.discard, new.played, new.fighting, new.colours = (
            discard, ((),) * n, (False,) * n, (None,) * n)
        new.revealed, new.order, new.ties, new.picked, new.heat = (), (), (), 0, 0
        new.callers = callers
        if new.callers:
            new.phase = "call"
            new.actor = (new.callers[0],)
            return new, events
        return self._next_round(new, events)

    def _next_round(self, new, events):
        """Another round, unless the Triumph pile cannot fill the table or the round limit
        is reached: then the game is scored."""
        new.actor = (CHANCE,)
        if len(new.pile) < self.needed(new):
            new.phase, new.end_rule = "score", "end.pile"
        elif new.round >= new.settings.rounds:
            new.phase, new.end_rule = "score", "end.rounds"
        else:
            new.phase = "turnup"
        return new, events

    @staticmethod
    def trophies(state, seat) -> int:
        return sum([int(card[1]) for card in state.won[seat]])

    @staticmethod
    def knives(state, seat) -> int:
        return sum(int(card[2]) for card in state.won[seat])

    # ---- the end ---------------------------------------------------------------------------
    def _call(self, state, player, action):
        if action == "call-end":
            new = state.evolve(callers=(), end_rule="end.called", caller=player,
                               phase="score", actor=(CHANCE,))
            return new, [new_event(("end.call", (player,), {"trophies": self.trophies(state, player)},
                               ("trophies",)))]
        new = state.evolve(callers=state.callers[1:])
        events = [new_event(("end.no-call", (player,), NO_FACTS, ()))]
        if new.callers:
            new.actor = (new.callers[0],)
            return new, events
        return self._next_round(new, events)

    def _score(self, state, _outcome):
        """Everybody turns over their Triumph cards; the fewest knives lose (unless all are
        level); the most trophies win, then the most knives, then the higher Tomato."""
        n = state.n
        events = []
        if state.end_rule == "end.pile":
            events.append(new_event(("end.pile", (), {"pile": len(state.pile),
                                                 "needed": self.needed(state)}, ())))
        elif state.end_rule == "end.rounds":
            events.append(new_event(("end.rounds", (), {"rounds": state.round}, ())))
        trophies = [self.trophies(state, seat) for seat in range(n)]
        knives = [self.knives(state, seat) for seat in range(n)]
        events.append(new_event(("end.reveal", (), {"scores": [
            [seat, trophies[seat], knives[seat], list(state.won[seat])] for seat in range(n)]}, ())))
        losers, winner, rule, compared = self.ranking(state)
        if losers:
            events.append(new_event(("end.fewest-knives", tuple(losers), {
                "players": list(losers), "knives": knives[losers[0]]}, ())))
        else:
            events.append(new_event(("end.knives-level", (), {"knives": knives[0]}, ())))
        facts = {"winner": winner, "trophies": trophies[winner], "knives": knives[winner],
                 "tied": compared}
        shown = state.shown
        if rule == "end.higher-tomato":
            facts["shown"] = [[seat, state.tomatoes[seat]] for seat in compared]
            shown = tuple(True if seat in compared else s for seat, s in enumerate(shown))
        events.append(new_event((rule, (winner,), facts, ())))
        new = state.evolve(phase="over", actor=(), shown=shown)
        return new, events

    def ranking(self, state):
        """(losers by the knife rule, the winner, the rule that decided, the players compared
        by that rule): see ``views.final_ranking``."""
        n = state.n
        return final_ranking([self.trophies(state, seat) for seat in range(n)],
                             [self.knives(state, seat) for seat in range(n)], state.tomatoes)

    def outcome(self, state):
        if state.phase != "over":
            return None
        losers, winner, rule, _ = self.ranking(state)
        trophies = tuple(self.trophies(state, seat) for seat in range(state.n))
        knives = tuple(self.knives(state, seat) for seat in range(state.n))
        return Outcome((winner,), trophies, rule, {"knives": knives, "losers": tuple(losers),
                                                   "ended_by": state.end_rule})

    # ---- labels ----------------------------------------------------------------------------
    def action_label(self, state, action):
        kind, sep, rest = action.partition(":")
        if kind == "play" and sep:
            return f"play the {card_name(rest)} face down"
        if kind == "discard" and sep:
            return f"discard the {card_name(rest)}"
        if kind == "take" and sep:
            return f"take the Triumph card with {symbols_words(rest)}"
        labels = {
            TOMATO: "play your Tomato face down (drop out of this fight)",
            "draw-two": "draw two cards", "discard-two": "discard two cards, then draw four",
            "call-end": "call the end of the game", "play-on": "play on (do not call the end)",
            "reveal": f"turn over the cards of heat {state.heat}",
            "draw": "draw from the top of the draw pile",
            "reshuffle:": "shuffle the discard pile into a new draw pile",
            "rank": "set the order of the picks", "swap": "swap the tied players' Tomatoes",
            "clear": "end the round: the cards played go to the discard pile",
            "score": "end the game: everybody turns over their Triumph cards",
            "turnup": "start the round with the Triumph cards still up",
            "deal": "deal the Tomatoes and the Number cards",
            "turnup:": "turn up Triumph cards",
        }
        return labels.get(action) or labels.get(kind + sep) or labels.get(kind) or action

    def public_label(self, state, action, player, perspective):
        if perspective is not None and perspective != player and state.phase == "fight" \
                and player != CHANCE:
            return "put a card face down"
        return self.action_label(state, action)


#: chance step kind -> the method that takes it
CHANCE_STEPS = {kind: getattr(KarateTomate, "_" + kind) for kind in (*CHANCE_PHASES, *FORCED)}
NOT_SAMPLED = (None, None, None)
GAME = KarateTomate()
