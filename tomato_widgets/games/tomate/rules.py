"""Tomate's rules as pure functions over an immutable state (no widgets, no text).

Round flow: (first round only) cut for the dealer -> ante and deal (one chance action,
which also gathers the last round's cards) -> the dealer takes or declines the turned
trump -> if taken, discards one of the original three -> pass/play declarations from the
dealer's left -> three tricks -> the scoring, until a player is out of chips or the agreed
number of rounds is over. Rulings are documented in ``rulebook.py``.

The scoring is done by the rules alone, so it is taken by chance as *forced* steps (one
possible outcome each; ``forced_action`` names the one due), in the rulebook's order:

* ``penalties``: every player who stayed in and fell short of their tricks pays (only when
  somebody owes a penalty);
* ``shares``: the pot is divided, a third per trick (odd chips to the first tricks); a lone
  player is first given all three tricks; when everybody passed the pot waits instead. The
  round then ends on this same step: the deal passes left, or the game is over.

The state's ``phase`` names the step due now (``penalties`` and ``shares`` like ``deal`` or
``trick``). Through the scoring the table stays as the last trick left it: the
completed trick, the passed players' face-down hands, the trump and the discard; the next
deal gathers the cards, and the game's final state keeps the last table.
"""
from __future__ import annotations

import math
import random
from collections import namedtuple
from operator import add, itemgetter

from ...core.errors import InvalidInputError
from ...core.events import NO_FACTS, Event, new_event
from ...core.game import CHANCE, Game, Outcome, Reason, State
from ...core.options import Option
from ...core.text import quote
from .cards import CARD_IDS, DECK, SUITS, card_name, parse_card, suit
from .rulebook import RULEBOOK
from .views import TomateViews
from .tricks import allowed_cards, obligation_message, playable, rule_obeyed

DECK_SET = frozenset(DECK)
PLAY = {c: "play:" + CARD_IDS[c] for c in DECK}
DISCARD = {c: "discard:" + CARD_IDS[c] for c in DECK}
ACTION_CARD = {text: c for c, text in PLAY.items()}
ACTION_CARD.update({text: c for c, text in DISCARD.items()})
TRICKS_PER_ROUND = 3
#: the facts of a card event, one shared dict per card (event facts are never changed)
CARD_FACTS = {c: {"card": CARD_IDS[c]} for c in DECK}
TRUMP_FACTS = {c: {"card": CARD_IDS[c], "suit": SUITS[c // 10]} for c in DECK}
#: ready-made events of the hottest steps (events are immutable values): a card played under
#: each trick rule, per seat and card; a declaration per seat
CARD_RULES = ("trick.lead", "follow.beat", "follow.lower", "follow.suit-when-trumped",
              "follow.trump", "follow.overtrump", "follow.free", "follow.free-when-trumped")
CARD_EVENTS = {rule: tuple([Event(rule, (seat,), CARD_FACTS[c]) for c in DECK]
                           for seat in range(13)) for rule in CARD_RULES}
#: cards (a sorted tuple) -> their play action ids; memoised, as listing legal cards is hot
PLAYS: dict = {}


def plays_of(cards: tuple) -> tuple:
    plays = PLAYS[cards] = tuple([PLAY[c] for c in cards])
    return plays


#: (seat, card) pairs, made once: a trick is a tuple of them
TRICK_ENTRY = tuple(tuple((seat, c) for c in DECK) for seat in range(13))
#: who won trick 1, 2 or 3 with which card, per trick number, seat and card
TRICK_WON = tuple(tuple(tuple(Event("trick.won", (seat,), {"winner": seat, "card": CARD_IDS[c],
                                                           "number": number})
                              for c in DECK) for seat in range(13))
                  for number in range(1, TRICKS_PER_ROUND + 1))
CARD_OF_PLAY = itemgetter(1)
DECLARE_EVENTS = {action: tuple(Event("declare." + action, (seat,)) for seat in range(13))
                  for action in ("play", "pass")}
#: a deal's action id as one format string per number of players
DEAL_FORMAT = {n: "deal:" + "|".join(["%s,%s,%s"] * n) + "|%s" for n in range(2, 14)}
PHASE_ACTIONS = {"take": ("take", "decline"), "declare": ("play", "pass")}
#: the scoring's forced steps, in their order (each is also the phase in which it is due)
FORCED = ("penalties", "shares")
FORCED_LABELS = {"penalties": "pay the penalties", "shares": "share out the pot and end the round"}

#: the most rounds a game may be agreed to last (older records' "0, no limit" means this)
MAX_ROUNDS = 1000

OPTIONS = (
    Option("starting_chips", 20, "chips each player starts with", minimum=1, maximum=100000),
    Option("rounds", 20, "rounds to play, at most 1000 (the game also ends when a player is out "
           "of chips); a game without a limit could go on for ever, so there is always one",
           minimum=1, maximum=MAX_ROUNDS, ruling="end.game"),
    Option("ante", 3, "chips added to the pot each round (the Tomate payment amount)",
           minimum=1, maximum=1000, ruling="round.ante"),
    Option("penalty", 3, "chips a player who stayed in and failed pays (the Tomate penalty)",
           minimum=0, maximum=1000),
    Option("ante_from", "bank", "who pays the ante: the bank (as written) or the dealer",
           kind="choice", choices=("bank", "dealer"), ruling="round.ante"),
    Option("penalty_into", "this-pot", "where penalties go: the pot being split now, or the next one",
           kind="choice", choices=("this-pot", "next-pot"), ruling="score.penalty"),
    Option("first_dealer", -1, "seat of the first dealer; -1 cuts the deck for it",
           minimum=-1, maximum=12, ruling="setup.cut"),
)
Settings = namedtuple("Settings", [o.name for o in OPTIONS])


class TomateState(State):
    """Everything about a Tomate table. Hands are sorted tuples of card numbers. The stock
    is not stored: it is whatever is not out."""

    __slots__ = ("n", "settings", "phase", "actor", "round", "dealer", "cutters", "chips", "pot",
                 "carry", "bank", "hands", "trump", "taken", "discard", "mucked",
                 "status", "trick", "best", "active", "next_actor", "trick_no", "tricks", "trick_winners",
                 "played", "settlement", "ledger", "end_rule")

    def __init__(self, players: int, settings: Settings):
        n = players
        self.n = n
        self.settings = settings
        self.phase = "cut"
        self.actor = (CHANCE,)
        self.round = 0
        self.dealer = -1
        self.cutters = tuple(range(n))
        self.chips = (settings.starting_chips,) * n
        self.pot = 0
        self.carry = 0          # penalties waiting for the next pot (penalty_into = next-pot)
        self.bank = 0           # chips the bank has put in so far
        self.hands = ((),) * n
        self.trump = -1         # the turned card
        self.taken = False      # the dealer said "I'm taking it"
        self.discard = -1       # the dealer's face-down discard
        self.mucked = ((),) * n  # hands of players who passed, face down
        self.status = (None,) * n  # None, "play" or "pass"
        self.trick = ()         # ((seat, card), ...) of the trick in progress
        self.best = None        # (seat, card) holding the trick in progress
        self.active = 0         # players who stayed in this round (once all have declared)
        self.next_actor = ()    # per seat: (the next seat in the tricks,) this round
        self.trick_no = 0       # tricks completed this round
        self.tricks = (0,) * n  # tricks won this round
        self.trick_winners = ()
        self.played = ()        # cards of completed tricks this round
        self.settlement = None  # (paid in penalties, won from the pot), each per seat, this round
        self.ledger = ((0,) * n,) * 3  # per seat, the whole game: (won, penalties, antes paid)
        self.end_rule = None
        self._legal = None
        if settings.first_dealer >= 0:
            self.dealer = settings.first_dealer
            self.phase = "deal"

    @property
    def stock(self) -> tuple:
        """The face-down cards nobody holds (sorted): derived, never stored, since nothing in
        Tomate draws from the stock. Cards are out from a deal until the next one."""
        if self.trump < 0:
            return ()
        out = set(self.trick_cards())
        for hand in self.hands:
            out.update(hand)
        for pile in self.mucked:
            out.update(pile)
        out.update(self.played)
        out.add(self.trump)
        out.add(self.discard)
        return tuple(sorted(DECK_SET - out))

    def trick_cards(self) -> list:
        return [card for _, card in self.trick]


#: random bits drawn per deal of ``count`` cards: enough that the mixed-radix digits taken
#: from them are uniform to within 2**-64
_BITS = {count: math.perm(40, count).bit_length() + 64 for count in range(1, 41)}


def random_cards(rng: random.Random, count: int) -> list:
    """``count`` distinct cards in random order: a partial Fisher-Yates shuffle whose indices
    are the mixed-radix digits of one big random number (one call to the generator in all;
    ``rng.sample`` costs several Python frames per card)."""
    pool = list(DECK)
    x = rng.getrandbits(_BITS[count])
    cards = []
    top = 40
    for _ in range(count):
        x, j = divmod(x, top)
        top -= 1
        cards.append(pool[j])
        pool[j] = pool[top]
    return cards


def _added(values: tuple, seat: int, amount: int) -> tuple:
    """``values`` (one number per seat) with ``amount`` added to ``seat``'s."""
    changed = list(values)
    changed[seat] += amount
    return tuple(changed)


def shortfalls(status, tricks, dealer, taken) -> list:
    """(seat, tricks needed) of every player who stayed in and won too few tricks: one,
    or two for the dealer who took the trump. (The engine's scoring and the search's quick
    play-outs both ask this.)"""
    short = []
    for seat, said in enumerate(status):
        if said == "play":
            needed = 2 if (seat == dealer and taken) else 1
            if tricks[seat] < needed:
                short.append((seat, needed))
    return short


def game_end_rule(chips, round_no: int, rounds: int):
    """The rule that ends the game after round ``round_no`` (None: play on)."""
    if 0 in chips:
        return "end.out-of-chips"
    if rounds and round_no >= rounds:
        return "end.rounds"
    return None


def most_chips(chips) -> tuple:
    """The seats holding the most chips: the game's winners."""
    top = max(chips)
    return tuple(seat for seat, c in enumerate(chips) if c == top)


def deal_action(hands, trump) -> str:
    """The chance action id of a hand-written deal: ``deal_action([["A-coins", ...], ...], "5-cups")``."""
    return "deal:" + "|".join(",".join(hand) for hand in hands) + "|" + trump


def cut_action(cards) -> str:
    """The chance action id of a hand-written cut, one card per player cutting."""
    return "cut:" + ",".join(cards)


class Tomate(TomateViews, Game):
    name = "tomate"
    title = "Tomate"
    score_name = "chips"
    summary = "Spanish trick-taker: stay in or pass, then win at least one of three tricks"
    min_players = 2
    max_players = 13
    options = OPTIONS
    rulebook = RULEBOOK

    # ---- setup ---------------------------------------------------------------------
    def migrate_options(self, options):
        """Older records may say rounds 0 ("no limit"): read as the most rounds allowed, which
        replays every game that ended before it exactly as it was played."""
        if isinstance(options, dict) and options.get("rounds") == 0 \
                and not isinstance(options.get("rounds"), bool):
            return dict(options, rounds=MAX_ROUNDS)
        return options

    def initial_state(self, players, options):
        settings = Settings(**options)
        if settings.first_dealer >= players:
            raise InvalidInputError(
                f"first_dealer is seat {settings.first_dealer}, but seats run 0 to {players - 1}",
                where="option 'first_dealer'")
        return TomateState(players, settings)

    # ---- chance --------------------------------------------------------------------
    def forced_action(self, state):
        """The scoring step due now (see the module docstring), else None."""
        phase = state.phase
        return phase if phase in FORCED else None

    def sample_chance(self, state, rng: random.Random):
        if state.phase in FORCED:
            return state.phase  # the rules act by themselves: the only outcome
        if state.phase == "cut":
            cards = random_cards(rng, len(state.cutters))
            return "cut:" + ",".join(CARD_IDS[c] for c in cards)
        n = state.n
        deck = random_cards(rng, 3 * n + 1)
        action = DEAL_FORMAT[n] % itemgetter(*deck)(CARD_IDS)  # 3 cards per seat, then trump
        cards = iter(deck)
        hands = tuple(map(tuple, map(sorted, zip(cards, cards, cards))))
        # remember it: applying it next needs neither parsing nor checking
        self._parsed = ((action, "deal", n), ("deal", (hands, deck[3 * n])))
        self._sampled = action
        return action

    _sampled = None

    def chance_probability(self, state, action):
        if state.phase in FORCED:
            return 1.0
        if state.phase == "cut":
            return 1 / math.perm(40, len(state.cutters))
        ways = 40 - 3 * state.n
        for i in range(state.n):
            ways *= math.comb(40 - 3 * i, 3)
        return 1 / ways

    def chance_words(self, state, action, perspective=None):
        """The cut and the deal named in a learner's words; the scoring's forced steps are
        told as certain (the core's default)."""
        if state.phase == "cut":
            cutters = len(state.cutters)
            who = f"each of the {cutters} players" if cutters == state.n else \
                f"each of the {cutters} tied players"
            ways = round(1 / self.chance_probability(state, action))
            return f"A cut: {who} draws a card; 1 chance in {ways:,}."
        if state.phase == "deal":
            return "A shuffle and deal: every order of the deck is equally likely."
        return super().chance_words(state, action, perspective)

    def parse_chance(self, state, action):
        """(kind, cards) of a cut or deal id; malformed ids raise InvalidInputError."""
        key = (action, state.phase, state.n)
        if self._parsed[0] == key:  # checked then applied: parse once
            return self._parsed[1]
        parsed = self._parse_chance(state, action)
        self._parsed = (key, parsed)
        return parsed

    _parsed = (None, None)

    def _parse_chance(self, state, action):
        kind, _, body = action.partition(":")
        if kind == "cut" and state.phase == "cut":
            cards = [parse_card(t, where="cut") for t in body.split(",")]
            return kind, cards
        if kind == "deal" and state.phase == "deal":
            parts = body.split("|")
            if len(parts) != state.n + 1:
                raise InvalidInputError(
                    f"a deal lists {state.n} hands and the turned trump, separated by '|'; "
                    f"this one has {len(parts)} parts", where="deal")
            hands = tuple(tuple(sorted(parse_card(t, where=f"deal, hand of seat {i}")
                                       for t in part.split(",")))
                          for i, part in enumerate(parts[:-1]))
            return kind, (hands, parse_card(parts[-1], where="deal, trump"))
        if kind in ("cut", "deal"):
            return kind, None
        raise InvalidInputError(f"{quote(action)} is not a chance outcome of Tomate (cut:... or deal:...)")

    def check_chance(self, state, action):
        if action is self._sampled and self._parsed[0] == (action, state.phase, state.n):
            return None  # our own sampler's outcome: valid by construction
        phase = state.phase
        if phase in FORCED:
            if action == phase:
                return None
            return Reason("score.order", f"the round is being scored and nothing is chosen: "
                                         f"the step due now is {phase} ({FORCED_LABELS[phase]}), "
                                         f"not {quote(action)}")
        if action in FORCED:
            expected = "cut for the first dealer" if phase == "cut" else "deal"
            return Reason("score.order", f"there is no round to score now: chance must "
                                         f"{expected} first, not {quote(action)}")
        try:
            kind, cards = self.parse_chance(state, action)
        except InvalidInputError as error:
            return Reason("action.format", str(error))
        expected = "cut" if state.phase == "cut" else "deal"
        if cards is None:
            return Reason("turn.chance", f"chance must {expected} now, not {kind}")
        if kind == "cut":
            if len(cards) != len(state.cutters):
                return Reason("setup.cut", f"{len(state.cutters)} players cut, so a cut names "
                                           f"{len(state.cutters)} cards, not {len(cards)}")
            if len(set(cards)) != len(cards):
                return Reason("setup.cut", "each player cuts a different card of the one deck")
            return None
        hands, trump = cards
        for seat, hand in enumerate(hands):
            if len(hand) != 3:
                return Reason("deal.deal", f"every player is dealt three cards; seat {seat} has {len(hand)}")
        every = [c for hand in hands for c in hand] + [trump]
        if len(set(every)) != len(every):
            twice = next(CARD_IDS[c] for c in every if every.count(c) > 1)
            return Reason("deal.deal", f"the {card_name(twice)} is dealt twice; the deck has one of each card")
        return None

    # ---- players' actions ----------------------------------------------------------
    def player_actions(self, state, player):
        phase = state.phase
        if phase == "trick":
            hand = state.hands[player]
            trick = state.trick
            if trick:
                hand = playable(hand, trick[0][1] // 10, state.best[1], state.trump // 10)
            plays = PLAYS.get(hand)
            return plays if plays is not None else plays_of(hand)
        if phase == "discard":
            return tuple(DISCARD[c] for c in state.hands[player] if c != state.trump)
        return PHASE_ACTIONS[phase]

    def why_illegal(self, state, action, player):
        phase = state.phase
        kind = action.partition(":")[0]
        card = ACTION_CARD.get(action)
        if action not in ("take", "decline", "play", "pass") and card is None:
            return Reason("action.format", f"{quote(action)} is not a Tomate action "
                          "(take, decline, discard:CARD, play, pass, play:CARD)")
        if phase in ("cut", "deal", "over") or phase in FORCED:
            return Reason("round.phases", "no player acts now")
        if phase == "take":
            return Reason("deal.take", "the dealer first decides whether to take the turned trump "
                                       "(take or decline), before looking at the hand")
        if phase == "discard":
            if kind != "discard":
                return Reason("deal.discard", "having taken the trump, the dealer must now discard "
                                              "one of the three cards dealt to them")
            if card == state.trump:
                return Reason("deal.discard", f"the {card_name(card)} is the trump just taken: the "
                                              "discard is one of the three cards you were dealt")
            return Reason("play.own-card", f"the {card_name(card)} is not in your hand")
        if phase == "declare":
            return Reason("declare.order", "it is time to declare: play (stay in) or pass")
        # trick phase
        if card is None or kind != "play":
            return Reason("round.phases", "the declarations are over: now play a card to the trick")
        hand = state.hands[player]
        if card not in hand:
            return Reason("play.own-card", f"the {card_name(card)} is not in your hand")
        cards, rule = allowed_cards(hand, state.trick, suit(state.trump))
        return Reason(rule, obligation_message(rule, card, cards, state))

    def next_state(self, state, action, player):
        phase = state.phase
        if phase == "trick":
            return self._play_card(state, player, ACTION_CARD[action])
        if phase == "declare":
            return self._declare(state, player, action)
        if phase == "take":
            return self._take(state, action)
        if phase == "discard":
            return self._discard(state, ACTION_CARD[action])
        if phase == "penalties":
            return self._pay_penalties(state)
        if phase == "shares":
            return self._share_pot(state)
        kind, cards = self.parse_chance(state, action)
        if kind == "cut":
            return self._cut(state, cards)
        return self._deal(state, *cards)

    # ---- phases --------------------------------------------------------------------
    def _cut(self, state, cards):
        cuts = list(zip(state.cutters, cards))
        low = min(c % 10 for c in cards)
        lowest = tuple(seat for seat, c in cuts if c % 10 == low)
        facts = {"cuts": [[seat, CARD_IDS[c]] for seat, c in cuts]}
        if len(lowest) > 1:
            return (state.evolve(cutters=lowest),
                    [Event("setup.cut-tie", lowest, dict(facts, players=list(lowest)))])
        dealer = lowest[0]
        return (state.evolve(dealer=dealer, phase="deal", cutters=()),
                [Event("setup.cut", (dealer,), dict(facts, dealer=dealer))])

    def _deal(self, state, hands, trump):
        s = state.settings
        dealer = state.dealer
        if state.round:  # after every round the deal passes left (announced at its end)
            dealer = self._next_dealer(state)
        carried, penalties = state.pot, state.carry  # read before ``new`` (maybe ``state``) changes
        new = state._copy()
        new.dealer = dealer
        ante = s.ante
        if s.ante_from == "dealer":
            ante = min(ante, state.chips[dealer])
            chips = list(state.chips)
            chips[dealer] -= ante
            new.chips = tuple(chips)
            won, paid, antes = state.ledger
            new.ledger = (won, paid, _added(antes, dealer, ante))
        else:
            new.bank = state.bank + ante
        new.pot = pot = carried + ante + penalties
        new.carry = 0
        self._gather(new)
        new.hands = hands  # sorted tuples, made so by the sampler or the parser
        new.trump = trump
        new.phase = "take"
        new.actor = (dealer,)
        new.round = state.round + 1
        events = [
            new_event(("round.ante", (dealer,), {"amount": ante, "source": s.ante_from, "pot": pot,
                                                 "carried": carried, "penalties": penalties}, ())),
            new_event(("deal.deal", (dealer,), {"dealer": dealer, "round": new.round}, ())),
            new_event(("deal.trump", (), TRUMP_FACTS[trump], ())),
        ]
        if 3 * state.n + 1 == len(DECK):
            events.append(Event("deal.empty-stock", (), {"count": state.n}))
        return new, events

    @staticmethod
    def _gather(state):
        """The cards of the last round go back into the deck (``state`` is the deal's own
        copy): the table is empty again."""
        n = state.n
        state.hands = state.mucked = ((),) * n
        state.trick = state.trick_winners = state.played = ()
        state.best = state.settlement = None
        state.discard = state.trump = -1
        state.taken = False
        state.status = (None,) * n
        state.tricks = (0,) * n
        state.trick_no = state.active = 0
        state.next_actor = ()

    def _take(self, state, action):
        dealer = state.dealer
        if action == "take":
            hands = list(state.hands)
            hands[dealer] = tuple(sorted(hands[dealer] + (state.trump,)))
            return (state.evolve(phase="discard", hands=tuple(hands), taken=True),
                    [Event("deal.take", (dealer,), {"card": CARD_IDS[state.trump]})])
        return self._next_declarer(state, dealer, [new_event(("deal.decline", (dealer,), NO_FACTS, ()))],
                                   start=True)

    def _discard(self, state, card):
        dealer = state.dealer
        hands = list(state.hands)
        hands[dealer] = tuple(c for c in hands[dealer] if c != card)
        status = list(state.status)
        status[dealer] = "play"
        new = state.evolve(hands=tuple(hands), discard=card, status=tuple(status))
        event = Event("deal.discard", (dealer,), {"card": CARD_IDS[card]}, secret=("card",))
        return self._next_declarer(new, dealer, [event], start=True, fresh=True)

    def _declare(self, state, player, action):
        new = state._copy()
        status = list(state.status)
        status[player] = action
        new.status = tuple(status)
        if action == "pass":
            hands = list(state.hands)
            mucked = list(state.mucked)
            mucked[player] = hands[player]
            hands[player] = ()
            new.hands = tuple(hands)
            new.mucked = tuple(mucked)
        events = [DECLARE_EVENTS[action][player]]
        seat = self._undeclared_after(status, player)
        if seat is not None:
            new.actor = (seat,)
            return new, events
        return self._start_tricks(new, events)

    @staticmethod
    def _undeclared_after(status, seat):
        """The next seat to declare after ``seat``, or None when all have declared.

        Declarations run left from the dealer's left and end with the dealer, and only the
        dealer can have declared out of turn (by taking the trump, which is the dealer's
        last place anyway): so the next seat has declared exactly when the round is through."""
        seat += 1
        if seat == len(status):
            seat = 0
        return seat if status[seat] is None else None

    def _next_declarer(self, state, after, events, start=False, fresh=False):
        """Hand the turn to the next undeclared player on the left, or start the tricks.
        ``state`` is not changed unless ``fresh`` says this step made it: else a copy."""
        seat = self._undeclared_after(state.status, state.dealer if start else after)
        new = state if fresh else state._copy()
        if seat is not None:
            new.phase = "declare"
            new.actor = (seat,)
            return new, events
        return self._start_tricks(new, events)

    def _start_tricks(self, state, events):
        """After the declarations (``state`` is a fresh copy owned by this step)."""
        active = []
        for seat, st in enumerate(state.status):  # a loop: a comprehension costs a frame
            if st == "play":
                active.append(seat)
        if len(active) < 2:  # nobody to play against: the round is scored at once
            state.phase = "shares"
            state.actor = (CHANCE,)
            state.active = len(active)
            return state, events
        leader = self._next_active(state, state.dealer)
        # who plays after whom is fixed for the round: one lookup per card instead of a search
        next_actor = [()] * state.n
        for k, seat in enumerate(active):
            next_actor[seat] = (active[k + 1 - len(active)],)
        state.next_actor = tuple(next_actor)
        state.phase = "trick"
        state.actor = (leader,)
        state.active = len(active)
        return state, events

    @staticmethod
    def _next_active(state, seat):
        """The first seat on the left of ``seat`` that is still in the round."""
        n = state.n
        status = state.status
        for _ in range(n):
            seat = (seat + 1) % n
            if status[seat] == "play":
                return seat
        raise AssertionError("no active player left")

    def _play_card(self, state, player, card):
        trump_suit = state.trump // 10
        trick = state.trick
        hands = list(state.hands)
        hand = list(hands[player])
        hand.remove(card)
        hands[player] = tuple(hand)
        play = TRICK_ENTRY[player][card]
        if trick:
            rule, best = rule_obeyed(card, player, trick[0][1] // 10, state.best, trump_suit)
        else:
            rule, best = "trick.lead", play
        trick += (play,)
        events = [CARD_EVENTS[rule][player][card]]
        new = state._copy()  # evolve, spelt out: this is the hottest path
        new.hands = tuple(hands)
        if len(trick) < state.active:
            new.trick = trick
            new.best = best
            new.actor = state.next_actor[player]
            return new, events
        winner, top = best
        trick_no = state.trick_no + 1
        tricks = list(state.tricks)
        tricks[winner] += 1
        events.append(TRICK_WON[trick_no - 1][winner][top])
        new.trick = ()
        new.best = None
        new.trick_no = trick_no
        new.tricks = tuple(tricks)
        new.trick_winners = state.trick_winners + (winner,)
        new.actor = (winner,)
        new.played = state.played + tuple(map(CARD_OF_PLAY, trick))
        if trick_no == TRICKS_PER_ROUND:  # the round is scored next, the last trick in view
            new.phase = "penalties" if self._shortfalls(new) else "shares"
            new.actor = (CHANCE,)
        return new, events

    # ---- the scoring (forced steps) ---------------------------------------------------
    @staticmethod
    def _shortfalls(state):
        return shortfalls(state.status, state.tricks, state.dealer, state.taken)

    def _pay_penalties(self, state):
        """Everyone short of their tricks pays the penalty (all they have, if less), into
        this pot or the next one as agreed. (``new`` may be ``state`` itself: read first.)"""
        s = state.settings
        penalty = s.penalty
        chips = list(state.chips)
        paid = [0] * state.n
        events = []
        for seat, needed in self._shortfalls(state):
            amount = min(penalty, chips[seat])
            chips[seat] -= amount
            paid[seat] = amount
            rule = "score.penalty-short" if amount < penalty else (
                "score.dealer-two-tricks" if needed == 2 else "score.penalty")
            events.append(new_event((rule, (seat,), {"amount": amount, "owed": penalty,
                                                     "tricks": state.tricks[seat], "needed": needed,
                                                     "into": s.penalty_into}, ())))
        total = sum(paid)
        won, penalties, antes = state.ledger
        new = state._copy()
        if s.penalty_into == "next-pot":
            new.carry = state.carry + total
        else:
            new.pot = state.pot + total
        new.chips = tuple(chips)
        new.settlement = (tuple(paid), (0,) * state.n)
        new.ledger = (won, tuple(map(add, penalties, paid)), antes)
        new.phase = "shares"
        return new, events

    def _share_pot(self, state):
        """The pot divided per trick, the odd chips to the first tricks' winners; then the
        round ends. A lone player is first given the three tricks; when everybody passed
        the pot waits for the next round."""
        events = []
        players_in = state.active
        if not players_in:
            events.append(Event("round.all-pass", (), {"pot": state.pot}))
            return self._end_round(state._copy(), events)
        winners = state.trick_winners
        if players_in == 1:
            alone = state.status.index("play")
            events.append(Event("play.alone", (alone,), {"player": alone}))
            winners = (alone,) * TRICKS_PER_ROUND
        pot = state.pot
        share, odd = divmod(pot, TRICKS_PER_ROUND)
        chips = list(state.chips)
        won = [0] * state.n
        number = 0
        for winner in winners:
            number += 1
            amount = share + 1 if number <= odd else share
            chips[winner] += amount
            won[winner] += amount
            events.append(new_event(("score.odd-chips" if number <= odd else "score.third",
                                     (winner,), {"amount": amount, "number": number, "pot": pot}, ())))
        paid = state.settlement[0] if state.settlement else (0,) * state.n
        total_won, penalties, antes = state.ledger
        new = state._copy()
        if players_in == 1:
            new.tricks = tuple(TRICKS_PER_ROUND if seat == alone else 0 for seat in range(state.n))
            new.trick_winners = winners
            new.trick_no = TRICKS_PER_ROUND
        new.chips = tuple(chips)
        new.pot = 0
        new.settlement = (paid, tuple(won))
        new.ledger = (tuple(map(add, total_won, won)), penalties, antes)
        return self._end_round(new, events)

    def _end_round(self, state, events):
        """The round's last word, on the shares step (``state`` is that step's own copy):
        the deal passes left, unless a player is out of chips or the agreed rounds are
        played; then the game is over, the last table still in view."""
        end_rule = self._game_ends(state)
        if end_rule is None:  # the dealer of this round stays the dealer until the next deal
            dealer = self._next_dealer(state)
            state.phase = "deal"
            events.append(new_event(("round.next-dealer", (dealer,), {"dealer": dealer}, ())))
            return state, events
        chips = state.chips
        if end_rule == "end.out-of-chips":
            broke = [seat for seat, c in enumerate(chips) if c == 0]
            events.append(Event(end_rule, tuple(broke), {"players": broke}))
        else:
            events.append(Event(end_rule, (), {"rounds": state.round}))
        winners = self._rank(chips)
        events.append(Event("end.most-chips", winners, {"winners": list(winners),
                                                        "chips": max(chips)}))
        state.phase = "over"
        state.actor = ()
        state.end_rule = end_rule
        return state, events

    @staticmethod
    def _next_dealer(state):
        return (state.dealer + 1) % state.n

    @staticmethod
    def _game_ends(state):
        return game_end_rule(state.chips, state.round, state.settings.rounds)

    @staticmethod
    def _rank(chips):
        return most_chips(chips)

    # ---- searches --------------------------------------------------------------------
    def random_play_out(self, state, chance, rngs, steps):
        """The searches' play-outs in a loop of their own (``quick.py``): the same games,
        1.6 to 2.4 times as many per second (benchmarks/search.py)."""
        from .quick import play_out  # quick.py reads this module's deal
        return play_out(state, chance, rngs, steps)

    # ---- views ---------------------------------------------------------------------
    def outcome(self, state):
        if state.phase != "over":
            return None
        return Outcome(self._rank(state.chips), state.chips, "end.most-chips",
                       {"ended_by": state.end_rule})

    def action_label(self, state, action):
        card = ACTION_CARD.get(action)
        if card is not None:
            verb = "discard" if action.startswith("discard:") else "play"
            return f"{verb} the {card_name(card)}"
        labels = {"take": "take the trump (\u201cI'm taking it\u201d)", "decline": "leave the trump",
                  "play": "play (stay in)", "pass": "pass"}
        if action in labels:
            return labels[action]
        if action == "shares" and state.phase == action and not state.active:
            return "carry the pot over and end the round"
        if action in FORCED_LABELS:
            return FORCED_LABELS[action]
        kind = action.partition(":")[0]
        return {"cut": "cut for the first dealer", "deal": "ante and deal"}.get(kind, action)


GAME = Tomate()
