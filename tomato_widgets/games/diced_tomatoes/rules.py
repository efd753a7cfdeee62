"""Diced Tomatoes' rules as pure functions over an immutable state (no widgets, no text).

The flow of a game:

* set-up (two players or more): chance rolls one die per player (``start:3,5,1``); the
  lowest roll is the last player, ties for it roll again; the next seat starts.
* a turn: chance draws up to three dice from the bushel and rolls them together with the
  dice passed on to this player (``roll:R4,B2,R6``: the passed dice first, then the new ones
  in the order drawn). The player puts the dice on tokens one at a time (``d2:1B``: die 2
  of this turn onto player 1's tomato B), may spend karma on powers (``d1:reroll``,
  ``d1:up``, ``d1:down``, ``clean:0A``, ``d1:over``, ``flip:1B``, ``d1:set4``) and ends the
  turn (``end``) once no die left has a spot. A die that makes a vine four dice long is
  followed by the forced harvest step ``harvest:<vine>``; a re-roll by the chance step
  ``reroll:d1:5``.
* the end of a turn: the owner of every vine worth 0 may clear it (``clear:0A`` or
  ``keep:0A``), then the forced step ``pass`` hands the dice left over to the next player;
  when the game is over the forced step ``end`` scores it.

Rulings are documented in ``rulebook.py``; ``views.py`` holds what each seat sees.
"""
from __future__ import annotations

from collections import namedtuple

from ...core.errors import InvalidInputError
from ...core.events import Event, new_event
from ...core.game import CHANCE, Game, Outcome, Reason, State
from ...core.ids import whole_number
from ...core.options import Option
from ...core.text import quote
from .dice import (BLACK, BLACK_PER_PLAYER, HARVEST_AT, OPPOSITE, POWER_COST, RED_PER_PLAYER,
                   SLOTS, TOKENS, die_id, die_name, final_score, fits, is_vine,
                   karma_for, parse_die, parse_vine, shape, shape_words, solo_score,
                   takes_words, vine_id, worth)
from .rulebook import RULEBOOK
from .views import DicedViews

#: karma can never go above this, even within a turn
KARMA_MAX = 12
KARMA_START = 3
#: dice drawn from the bushel at the start of a turn
DRAW = 3
#: the most steps one turn can take, however unlikely: a roll; every die in play placed (52
#: at most); a harvest for each of the 12 tokens already holding three dice, then one per
#: four dice more (22); a power per karma point (6 kept, 3 more per harvest), each with a
#: chance step for a re-roll; the end of the turn, a decision per token worth 0, the pass and
#: the final scoring. Times 4 players and round_limit's 100 rounds it fits a record
#: (100,000 steps).
MOST_STEPS_PER_TURN = 1 + 52 + 22 + 2 * (6 + 3 * 22) + 1 + 12 + 1 + 1

OPTIONS = (
    Option("solo_scoring", "page", "how a one-player game is scored: 'page' (+1 for each "
           "tomato that matches its slot, -1 otherwise; win above 0) or 'revision' (a match "
           "is worth 7, any other tomato its worth; win at solo_target)", kind="choice",
           choices=("page", "revision"), ruling="solo.goal"),
    Option("solo_target", 30, "points a one-player game needs to win under the 'revision' "
           "scoring (assumed: no source gives one)", minimum=1, maximum=42,
           ruling="solo.goal"),
    Option("karma_keep", 6, "karma a player keeps at the end of their turn; more may be "
           "held during the turn, up to 12 (the later revision of the rules: 6)",
           minimum=6, maximum=KARMA_MAX, ruling="karma.keep"),
    Option("clean_any", False, "whether 'clean a vine' may target another player's vine "
           "(false: your own vines only)", kind="bool", ruling="power.clean"),
    Option("round_limit", 60, "the game ends after this many rounds if it has not ended "
           "before (a safety net: ordinary games end long before)", minimum=1,
           maximum=100, ruling="end.limit"),
)
Settings = namedtuple("Settings", [o.name for o in OPTIONS])

#: die powers: action suffix -> the power's name in the catalogue
DIE_POWERS = ("reroll", "up", "down", "over") + tuple(f"set{v}" for v in range(1, 7))
POWER_RULE = {"reroll": "power.reroll", "up": "power.shift", "down": "power.shift",
              "clean": "power.clean", "over": "power.over", "flip": "power.flip",
              "set": "power.set"}


def slot_id(slot: int) -> str:
    """A die's place among this turn's dice: ``d1``, ``d2``, ..."""
    return f"d{slot + 1}"


def parse_slot(text: str) -> int | None:
    """The 0-based place of ``d1``, ``d2``, ...; None when ``text`` names no die."""
    if isinstance(text, str) and 2 <= len(text) <= 4 and text[0] == "d":
        number = whole_number(text[1:])
        if number:
            return number - 1
    return None


def roll_action(dice) -> str:
    """The chance id of a hand-written roll: the dice in order (passed dice first), e.g.
    ``roll_action(["R1", "R2", "R3"])``."""
    return "roll:" + ",".join(dice)


def start_action(values) -> str:
    """The chance id of the start roll: one value per player still rolling, in seat order."""
    return "start:" + ",".join(str(v) for v in values)


def reroll_action(slot: str, value: int) -> str:
    return f"reroll:{slot}:{value}"


#: a die's id by its number (``R5``, ``B2``)
DIE_IDS = tuple(die_id(d) if 1 <= d % BLACK <= 6 and d != BLACK + 7 else None for d in range(BLACK + 7))
#: ready-made action ids: a die of slot s onto the token at position seat * 3 + token; a die
#: power of slot s (re-roll, up, down, over); setting slot s from value v to each other value;
#: cleaning and flipping the token at a position. A turn's dice are at most all the dice.
MAX_DICE = (RED_PER_PLAYER + BLACK_PER_PLAYER) * 4
PLACE_IDS = tuple(tuple(f"{slot_id(slot)}:{seat}{letter}" for seat in range(4) for letter in TOKENS)
                  for slot in range(MAX_DICE))
DIE_POWER_IDS = tuple(tuple(f"{slot_id(slot)}:{power}" for power in ("reroll", "up", "down", "over"))
                      for slot in range(MAX_DICE))
SET_IDS = tuple((None,) + tuple(tuple(f"{slot_id(slot)}:set{v}" for v in range(1, 7) if v != value)
                                for value in range(1, 7)) for slot in range(MAX_DICE))
CLEAN_IDS = tuple(f"clean:{seat}{letter}" for seat in range(4) for letter in TOKENS)
HARVEST_IDS = tuple(f"harvest:{seat}{letter}" for seat in range(4) for letter in TOKENS)
#: (seat,): who acts, and who an event is about
SEAT_ACTORS = tuple((seat,) for seat in range(4))
FLIP_IDS = tuple(f"flip:{seat}{letter}" for seat in range(4) for letter in TOKENS)
#: every player action id -> what it does: ("place", slot, seat, token), ("power", slot,
#: power), ("clean" or "flip", seat, token)
ACTIONS: dict = {}
for _slot in range(MAX_DICE):
    for _pos, _id in enumerate(PLACE_IDS[_slot]):
        ACTIONS[_id] = ("place", _slot, _pos // 3, _pos % 3)
    for _power in ("reroll", "up", "down", "over") + tuple(f"set{v}" for v in range(1, 7)):
        ACTIONS[f"{slot_id(_slot)}:{_power}"] = ("power", _slot, _power)
for _pos in range(12):
    ACTIONS[CLEAN_IDS[_pos]] = ("clean", _pos // 3, _pos % 3)
    ACTIONS[FLIP_IDS[_pos]] = ("flip", _pos // 3, _pos % 3)
#: the token positions of a table of n players
POSITIONS = {n: range(3 * n) for n in range(1, 5)}
#: per vine: the dice it takes, as a bit mask over die numbers (bit d: die d fits); whether
#: its seed may be flipped
_MASKS: dict = {}
_FLIPS: dict = {}


_VINES: dict = {}


def _vine_facts(vine) -> tuple:
    """(the rule a die that made this vine follows, its worth), memoised."""
    if len(vine) == 1:
        rule = "place.seed"
    else:
        rule = "place.set" if len({d % BLACK for d in vine}) == 1 else "place.run"
    facts = _VINES[vine] = (rule, worth(vine))
    return facts


#: what an empty token takes: any red die (as a seed)
EMPTY_MASK = sum(1 << v for v in range(1, 7))


def token_masks(vines, track) -> tuple:
    """Per token (seat * 3 + token): the dice it takes now, as a bit mask over die numbers;
    0 for the tokens of a player whose score track is full."""
    masks = []
    for seat, row in enumerate(vines):
        full = len(track[seat]) >= SLOTS
        for vine in row:
            masks.append(0 if full else _MASKS.get(vine) or _vine_mask(vine))
    return tuple(masks)


def _vine_mask(vine) -> int:
    mask = 0
    for die in (1, 2, 3, 4, 5, 6, 11, 12, 13, 14, 15, 16):
        if fits(die, vine):
            mask |= 1 << die
    _MASKS[vine] = mask
    return mask


class DicedState(State):
    """A Diced Tomatoes table.

    ``vines[seat][token]`` is the tuple of dice on that tomato token (seed first);
    ``hand`` the dice of this turn by slot (0 once placed); ``passed`` the dice handed on to
    the next player; ``track[seat]`` the harvested tomatoes as (seed die, worth), slot 1
    first; ``bushel`` (red, black). ``phase`` is "start", "roll", "play", "reroll",
    "harvest", "clear", "pass", "end" or "over"; ``step`` the chance step due (its id for a
    forced one). ``masks`` says, per token (seat * 3 + token), which dice it takes now: bit d
    for die d, 0 when its owner's score track is full (kept with the vines for speed: see
    ``token_masks``). ``asks`` are the vines worth 0 whose owners decide next whether to clear
    them; ``kept`` the vines worth 0 their owners chose to keep (asked again once they
    change). ``news`` says what the last step did, for the board.
    """

    __slots__ = ("n", "settings", "actor", "phase", "step", "turn", "first", "last", "round",
                 "bushel", "vines", "masks", "hand", "passed", "karma", "track", "bonus",
                 "final", "asks", "kept", "rolling", "starts", "pending", "news", "turns")

    def __init__(self, players: int, settings: Settings):
        n = players
        self.n = n
        self.settings = settings
        self.bushel = (RED_PER_PLAYER * n, BLACK_PER_PLAYER * n)
        self.vines = (((), (), ()),) * n
        self.masks = token_masks(self.vines, ((),) * n)
        self.hand = ()
        self.passed = ()
        self.karma = (KARMA_START,) * n
        self.track = ((),) * n
        self.bonus = -1          # who harvested a sixth tomato first (2 points)
        self.final = False       # the final round is on
        self.asks = ()
        self.kept = frozenset()
        self.pending = -1        # the slot a re-roll is due for
        self.news = ()
        self.turns = 0
        self.actor = (CHANCE,)
        if n == 1:               # alone: first and last player at once, no start roll
            self.phase, self.step = "roll", "roll"
            self.turn = self.first = self.last = 0
            self.round = 1
            self.rolling = ()
        else:
            self.phase, self.step = "start", "start"
            self.turn = self.first = self.last = -1
            self.round = 0
            self.rolling = tuple(range(n))
        self.starts = (0,) * n
        self._legal = None


def drawn_probability(red: int, black: int, colours) -> float:
    """The chance of drawing dice of these colours in this order ("R" or "B") from a bushel
    of ``red`` red and ``black`` black dice."""
    chance = 1.0
    for colour in colours:
        total = red + black
        if colour == "R":
            chance *= red / total
            red -= 1
        else:
            chance *= black / total
            black -= 1
    return chance


class DicedTomatoes(DicedViews, Game):
    name = "diced_tomatoes"
    title = "Diced Tomatoes"
    score_name = "points"
    summary = "Roll dice onto tomato vines in sets and runs; black dice, karma powers, solo mode"
    min_players = 1
    max_players = 4
    options = OPTIONS
    rulebook = RULEBOOK
    #: nothing is hidden: every die is on the table or counted in the bushel
    hidden_information = False
    #: a turn is several decisions (which dice to place, a power, stop or roll on): random
    #: follow-ups judge a first choice badly, so the search plays the rest of the seat's
    #: turn with the heuristic bot (``benchmarks/bots.py --hero search``: 46% of the wins at
    #: a table of four, against 15% with random play-outs)
    search_rollout = "own-turn"
    _sampled = (None, None, None)   # (action, state, dice) of our own last sampled roll

    # ---- setup ---------------------------------------------------------------------
    def initial_state(self, players, options):
        return DicedState(players, Settings(**options))

    # ---- chance --------------------------------------------------------------------
    def sample_chance(self, state, rng):
        phase = state.phase
        if phase == "start":
            return start_action([rng.randint(1, 6) for _ in state.rolling])
        if phase == "roll":
            # every colour in proportion to the bushel, every value 1 to 6 alike (one C call
            # per pick: floor of random() * 6, as random.randint costs several frames)
            uniform = rng.random
            red, black = state.bushel
            dice = [d - d % BLACK + int(uniform() * 6) + 1 for d in state.passed]
            for _ in range(min(DRAW, red + black)):
                if uniform() * (red + black) < red:
                    red -= 1
                    dice.append(int(uniform() * 6) + 1)
                else:
                    black -= 1
                    dice.append(BLACK + int(uniform() * 6) + 1)
            action = "roll:" + ",".join([DIE_IDS[d] for d in dice])
            self._sampled = (action, state, tuple(dice))
            return action
        if phase == "reroll":
            return reroll_action(slot_id(state.pending), rng.randint(1, 6))
        return state.step

    def forced_action(self, state):
        """The harvest of a full vine, the end of a turn (dice passed on) and the final
        scoring: the rules take them by themselves, one step each."""
        return state.step if state.phase in ("harvest", "pass", "end") else None

    def _parse_roll(self, state, action):
        """The dice a roll id names, or a Reason why it cannot be the roll now."""
        body = action.partition(":")[2]
        try:
            dice = [parse_die(text, where="roll") for text in body.split(",")] if body else []
        except InvalidInputError as error:
            return Reason("action.format", error.reason)
        passed = state.passed
        red, black = state.bushel
        drawn = min(DRAW, red + black)
        if len(dice) != len(passed) + drawn:
            return Reason("turn.roll", f"this roll has {len(passed)} passed "
                          f"{'die' if len(passed) == 1 else 'dice'} and {drawn} from the bushel: "
                          f"name {len(passed) + drawn}, not {len(dice)}")
        for before, die in zip(passed, dice):
            if (before > BLACK) != (die > BLACK):
                return Reason("turn.roll", "the passed dice come first, each in its own colour "
                              f"({', '.join(die_id(d)[0] for d in passed)})")
        new = dice[len(passed):]
        if sum(1 for d in new if d > BLACK) > black or sum(1 for d in new if d < BLACK) > red:
            return Reason("turn.roll", f"the bushel holds {red} red and {black} black dice only")
        return dice

    def check_chance(self, state, action):
        sampled = self._sampled
        if sampled[0] is action and sampled[1] is state:
            return None  # our own sampler's roll for this very state: valid by construction
        phase = state.phase
        if not isinstance(action, str):
            return Reason("action.format", f"a chance outcome is a text id, not {quote(action)}")
        kind = action.partition(":")[0]
        if phase in ("harvest", "pass", "end"):
            if action == state.step:
                return None
            return Reason("turn.forced", f"nothing is chosen here: the next step is "
                                         f"{quote(state.step)} ({self.action_label(state, state.step)})")
        if phase == "start":
            if kind != "start":
                return Reason("setup.first", f"the start roll comes now ({start_action([1] * len(state.rolling))}"
                                             f"...), not {quote(action)}")
            parts = action.partition(":")[2].split(",")
            if len(parts) != len(state.rolling) or any(p not in "123456" or len(p) != 1 for p in parts):
                return Reason("setup.first", f"the start roll names one value 1 to 6 for each of the "
                                             f"{len(state.rolling)} players rolling, e.g. "
                                             f"{start_action([3] * len(state.rolling))}")
            return None
        if phase == "roll":
            if kind != "roll":
                return Reason("turn.roll", f"the roll of the dice comes now, not {quote(action)}")
            found = self._parse_roll(state, action)
            return found if isinstance(found, Reason) else None
        if phase == "reroll":
            expected = slot_id(state.pending)
            parts = action.split(":")
            if len(parts) != 3 or parts[0] != "reroll" or parts[1] != expected \
                    or parts[2] not in ("1", "2", "3", "4", "5", "6"):
                return Reason("power.reroll", f"the re-roll of die {expected} comes now: "
                                              f"{reroll_action(expected, 4)} or another value 1 to 6")
            return None
        return Reason("turn.chance", "a player decides now, not chance")

    def chance_probability(self, state, action):
        if self.check_chance(state, action) is not None:
            return 0.0
        phase = state.phase
        if phase == "start":
            return (1 / 6) ** len(state.rolling)
        if phase == "roll":
            dice = self._parse_roll(state, action)
            new = dice[len(state.passed):]
            colours = ["B" if d > BLACK else "R" for d in new]
            return drawn_probability(*state.bushel, colours) * (1 / 6) ** len(dice)
        if phase == "reroll":
            return 1 / 6
        return 1.0

    def chance_words(self, state, action, perspective=None):
        """A roll told in two parts: the colours drawn from the bushel and the values rolled."""
        phase = state.phase
        if phase == "start":
            ways = 6 ** len(state.rolling)
            return (f"Each player rolls one die: this roll is 1 chance in {ways:,}."
                    if len(state.rolling) > 1 else "One die: 1 chance in 6.")
        if phase == "reroll":
            return "One die rolled again: 1 chance in 6."
        if phase == "roll" and self.check_chance(state, action) is None:
            dice = self._parse_roll(state, action)
            passed = len(state.passed)
            new = dice[passed:]
            red, black = state.bushel
            parts = []
            if new:
                colours = ["B" if d > BLACK else "R" for d in new]
                drawn = drawn_probability(red, black, colours)
                picked = ", ".join("black" if c == "B" else "red" for c in colours)
                parts.append(f"{len(new)} dice drawn from the bushel ({red} red, {black} black) come "
                             f"out {picked}: {_chance(drawn)}")
            else:
                parts.append("The bushel is empty: no new dice")
            ways = 6 ** len(dice)
            parts.append(f"the {len(dice)} values rolled: 1 chance in {ways:,}" if len(dice) > 1
                         else "the value rolled: 1 chance in 6")
            return "; ".join(parts) + "."
        return super().chance_words(state, action, perspective)

    # ---- players' actions ----------------------------------------------------------
    def open_vines(self, state):
        """(seat, token, vine) of every token that may take a die now: every player's, but
        none of a player whose score track is full."""
        found = []
        for seat in range(state.n):
            if len(state.track[seat]) < SLOTS:
                for token, vine in enumerate(state.vines[seat]):
                    found.append((seat, token, vine))
        return found

    def spots(self, state, die):
        """The vine ids ``die`` may go to now."""
        return [vine_id(seat, token) for seat, token, vine in self.open_vines(state)
                if fits(die, vine)]

    def play_actions(self, state):
        """Everything the active player may do, in this order: put a die on a token (each
        die of this turn in turn, every token it fits), the powers karma can pay for (re-roll,
        shift up and down, clean one of your vines, roll over a 1 or 6, flip a seed whose vine
        stays valid, set a die to another value) and ending the turn, only when no die left
        has a spot. (Written for speed with ready-made ids and a bit mask per vine of the dice
        it takes; ``tests/games/diced_tomatoes/test_diced_fast_paths.py`` holds the plain
        reading it must match.)"""
        seat = state.turn
        karma = state.karma[seat]
        hand = state.hand
        vines = state.vines
        masks = state.masks
        where = POSITIONS[state.n]
        actions = []
        for slot, die in enumerate(hand):
            if die:
                ids = PLACE_IDS[slot]
                bit = 1 << die
                actions += [ids[p] for p in where if masks[p] & bit]
        must_place = bool(actions)
        if karma:
            dice = [(slot, die % BLACK) for slot, die in enumerate(hand) if die]
            actions += [DIE_POWER_IDS[slot][0] for slot, _ in dice]
            if karma >= 2:
                for slot, v in dice:
                    ids = DIE_POWER_IDS[slot]
                    if v < 6:
                        actions.append(ids[1])
                    if v > 1:
                        actions.append(ids[2])
                if karma >= 3:
                    owners = range(state.n) if state.settings.clean_any else (seat,)
                    for owner in owners:
                        for token, vine in enumerate(vines[owner]):
                            if vine:
                                actions.append(CLEAN_IDS[owner * 3 + token])
                    if karma >= 4:
                        actions += [DIE_POWER_IDS[slot][3] for slot, v in dice if v == 1 or v == 6]
                        if karma >= 5:
                            position = 0
                            for row in vines:
                                for vine in row:
                                    if vine:
                                        flips = _FLIPS.get(vine)
                                        if flips is None:
                                            flips = _FLIPS[vine] = flip_keeps_vine(vine)
                                        if flips:
                                            actions.append(FLIP_IDS[position])
                                    position += 1
                            if karma >= 6:
                                for slot, v in dice:
                                    actions += SET_IDS[slot][v]
        if not must_place:
            actions.append("end")
        return tuple(actions)

    def player_actions(self, state, player):
        if state.phase == "play":
            return self.play_actions(state)
        if state.phase == "clear":
            vine = vine_id(*state.asks[0])
            return (f"clear:{vine}", f"keep:{vine}")
        return ()

    def why_illegal(self, state, action, player):
        kind, sep, rest = action.partition(":")
        if kind in ("clear", "keep") and sep:
            return self._why_not_clear(state, kind, rest)
        if state.phase == "clear":
            if parse_slot(kind) is not None or kind in ("clean", "flip", "end"):
                return Reason("power.own-turn", "the turn is over: you only decide now whether "
                              f"to clear your vine {state.asks[0][0]}{TOKENS[state.asks[0][1]]} "
                              "worth 0 (clear or keep)")
            return Reason("action.format", f"{quote(action)} is not an action now: say "
                          f"clear:{vine_id(*state.asks[0])} or keep:{vine_id(*state.asks[0])}")
        if action == "end":
            return self._why_not_end(state)
        if kind in ("clean", "flip") and sep:
            return self._why_not_vine_power(state, kind, rest)
        slot = parse_slot(kind)
        if slot is None or not sep:
            return Reason("action.format", f"{quote(action)} is not a Diced Tomatoes action: put a "
                          "die on a token (d1:0A), use a power (d1:reroll, d1:up, d1:down, "
                          "d1:over, d1:set4, clean:0A, flip:0A) or end")
        if slot >= len(state.hand) or not state.hand[slot]:
            held = ", ".join(f"die {s + 1} ({die_name(d)})" for s, d in enumerate(state.hand) if d)
            what = f"there is no die {slot + 1} this turn" if slot >= len(state.hand) \
                else f"die {slot + 1} is already on a vine"
            return Reason("place.die", f"{what}: your dice to place are {held or 'none'}")
        die = state.hand[slot]
        if rest in DIE_POWERS:
            return self._why_not_die_power(state, slot, die, rest)
        place = parse_vine(rest)
        if place is None or place[0] >= state.n:
            return Reason("action.format", f"{quote(rest)} names no token: tokens are a seat number "
                          f"0 to {state.n - 1} and a letter A, B or C, e.g. 0A; die powers are "
                          "reroll, up, down, over and set1 to set6")
        return self._why_not_place(state, die, *place)

    def _why_not_place(self, state, die, seat, token):
        vine = state.vines[seat][token]
        where = f"{'your' if seat == state.turn else 'player ' + str(seat + 1) + chr(39) + 's'} tomato {TOKENS[token]}"
        if len(state.track[seat]) >= SLOTS:
            return Reason("place.full-track", f"the owner of {where} has harvested six tomatoes: "
                                              "their tokens take no more dice")
        if not vine:
            return Reason("place.black-seed", f"your {die_name(die)} cannot start a vine on "
                                              f"{where}: only red dice are seeds")
        rule = {"set": "place.set", "run": "place.run"}.get(shape(vine), "place.extend")
        held = {d % BLACK for d in vine}
        if shape(vine) != "set" and (6 in held and die % BLACK == 1 or 1 in held and die % BLACK == 6):
            rule = "place.no-wrap"  # it would fit if runs went round from 6 to 1
        return Reason(rule, f"your {die_name(die)} does not fit {where}: it holds "
                            f"{shape_words(vine)}, which {takes_words(vine)}")

    def _why_not_end(self, state):
        if state.phase != "play":
            return Reason("turn.order", "there is no turn to end now")
        for slot, die in enumerate(state.hand):
            if die:
                spots = self.spots(state, die)
                if spots:
                    return Reason("place.must", f"your {die_name(die)} (die {slot + 1}) still has a "
                                                f"spot: {_vines_words(state, spots)}")
        return Reason("place.must", "you cannot end the turn now")

    def _why_not_cost(self, state, power):
        cost = POWER_COST[power]
        have = state.karma[state.turn]
        if have < cost:
            return Reason(POWER_RULE[power], f"this power costs {cost} karma and you have {have}")
        return None

    def _why_not_die_power(self, state, slot, die, power):
        name = "set" if power.startswith("set") else power
        reason = self._why_not_cost(state, name)
        if reason is not None:
            return reason
        v = die % BLACK
        if power == "up":
            return Reason("power.shift", f"your {die_name(die)} shows a 6 and nothing wraps: a 6 "
                                         "goes no higher (rolling over 6 to 1 is another power)")
        if power == "down":
            return Reason("power.shift", f"your {die_name(die)} shows a 1 and nothing wraps: a 1 "
                                         "goes no lower (rolling over 1 to 6 is another power)")
        if power == "over":
            return Reason("power.over", f"only a die showing 1 or 6 rolls over; your "
                                        f"{die_name(die)} shows {v}")
        if name == "set":
            return Reason("power.set", f"your {die_name(die)} already shows {v}")
        return Reason(POWER_RULE[name], "this power cannot be used now")

    def _why_not_vine_power(self, state, power, rest):
        place = parse_vine(rest)
        if place is None or place[0] >= state.n:
            return Reason("action.format", f"{quote(rest)} names no token: a seat number 0 to "
                                           f"{state.n - 1} and a letter A, B or C, e.g. 0A")
        reason = self._why_not_cost(state, power)
        if reason is not None:
            return reason
        seat, token = place
        vine = state.vines[seat][token]
        if not vine:
            return Reason(POWER_RULE[power], "that token is empty: there is nothing to "
                                             f"{'clean' if power == 'clean' else 'flip'}")
        if power == "clean":
            return Reason("power.clean", "you may clean only your own vines")
        seed = vine[0] % BLACK
        return Reason("power.flip", f"turning the seed {seed} to {OPPOSITE[seed]} would break the "
                                    "vine: after a flip it must still be a set or a run")

    def _why_not_clear(self, state, kind, rest):
        if state.phase != "clear":
            return Reason("vine.zero", "nobody is deciding about a vine worth 0 now: that comes at "
                                       "the end of a turn")
        asked = vine_id(*state.asks[0])
        return Reason("vine.zero", f"the vine to decide about now is {asked}: "
                                   f"clear:{asked} or keep:{asked}")

    # ---- applying actions ----------------------------------------------------------
    def next_state(self, state, action, player):
        if player == CHANCE:
            phase = state.phase
            if phase == "start":
                return self._start(state, action)
            if phase == "roll":
                sampled = self._sampled
                if sampled[0] is action and sampled[1] is state:
                    return self._roll(state, sampled[2])
                return self._roll(state, self._parse_roll(state, action))
            if phase == "reroll":
                return self._reroll(state, int(action[-1]))
            if phase == "harvest":
                return self._harvest(state, parse_vine(action.partition(":")[2]))
            if phase == "pass":
                return self._pass(state)
            return self._end(state)
        what = ACTIONS.get(action)
        if what is not None:
            kind = what[0]
            if kind == "place":
                return self._place(state, what[1], what[2:])
            if kind == "power":
                return self._die_power(state, what[1], what[2])
            if kind == "clean":
                return self._clean(state, what[1:])
            return self._flip(state, what[1:])
        if action == "end":
            new = state._copy()
            new.news = ("end",)
            return self._end_of_turn(new, [Event("turn.end", (player,), {"player": player})])
        return self._decide_clear(state, action.startswith("clear:"))

    def _start(self, state, action):
        values = [int(v) for v in action.partition(":")[2].split(",")]
        starts = list(state.starts)
        for seat, v in zip(state.rolling, values):
            starts[seat] = v
        low = min(values)
        lowest = tuple(seat for seat, v in zip(state.rolling, values) if v == low)
        new = state._copy()
        new.starts = tuple(starts)
        rolls = [[seat, v] for seat, v in zip(state.rolling, values)]
        if len(lowest) > 1:
            new.rolling = lowest
            return new, [Event("setup.tie", lowest, {"players": list(lowest), "rolls": rolls,
                                                     "value": low})]
        last = lowest[0]
        first = (last + 1) % state.n
        new.rolling = ()
        new.last, new.first, new.turn = last, first, first
        new.round = 1
        new.phase = new.step = "roll"
        return new, [Event("setup.first", (first,), {"rolls": rolls, "last": last,
                                                      "first": first, "player": first})]

    def _roll(self, state, dice):
        new = state._copy()
        passed = len(state.passed)
        red, black = state.bushel
        for die in dice[passed:]:
            if die > BLACK:
                black -= 1
            else:
                red -= 1
        new.bushel = (red, black)
        new.hand = tuple(dice)
        new.passed = ()
        new.turns = state.turns + 1
        new.news = ("roll",)
        events = [new_event(("turn.roll", (state.turn,), {
            "player": state.turn, "passed": [DIE_IDS[d] for d in dice[:passed]],
            "drawn": [DIE_IDS[d] for d in dice[passed:]], "red": red, "black": black}, ()))]
        if len(dice) - passed < DRAW:
            events.append(Event("turn.short-bushel", (), {"count": len(dice) - passed}))
        return self._next_decision(new, events)

    def _place(self, state, slot, place):
        seat, token = place
        hand = state.hand
        die = hand[slot]
        new = state._copy()
        new.hand = hand[:slot] + (0,) + hand[slot + 1:]
        vine = state.vines[seat][token] + (die,)
        _set_vine(new, state, seat, token, vine)
        if state.kept:
            new.kept = state.kept - {(seat, token)}
        new.news = ("place", slot, seat, token)
        rule, points = _VINES.get(vine) or _vine_facts(vine)
        facts = {"player": state.turn, "owner": seat, "die": DIE_IDS[die], "token": TOKENS[token],
                 "worth": points, "count": len(vine)}
        events = [new_event((rule, SEAT_ACTORS[state.turn], facts, ()))]
        if die > BLACK and len(vine) > 1:
            events.append(new_event(("place.black", SEAT_ACTORS[state.turn], {
                "owner": seat, "token": TOKENS[token], "worth": points}, ())))
        if len(vine) == HARVEST_AT:
            new.phase = "harvest"
            new.step = HARVEST_IDS[seat * 3 + token]
            new.actor = (CHANCE,)
            return new, events
        return self._next_decision(new, events)

    def _harvest(self, state, place):
        seat, token = place
        vine = state.vines[seat][token]
        points = worth(vine)
        new = state._copy()
        _set_vine(new, state, seat, token, ())
        if state.kept:
            new.kept = state.kept - {(seat, token)}
        track = list(state.track)
        track[seat] = state.track[seat] + ((vine[0], points),)
        new.track = tuple(track)
        if len(track[seat]) == SLOTS:  # a full track: the tokens take no more dice
            new.masks = new.masks[:seat * 3] + (0, 0, 0) + new.masks[seat * 3 + 3:]
        red, black = state.bushel
        for die in vine[1:]:
            if die > BLACK:
                black += 1
            else:
                red += 1
        new.bushel = (red, black)
        blacks = sum(1 for d in vine if d > BLACK)
        slot = len(track[seat])
        events = [new_event(("harvest.vine", (seat,), {
            "owner": seat, "token": TOKENS[token], "seed": DIE_IDS[vine[0]], "worth": points,
            "blacks": blacks, "slot": slot, "returned": len(vine) - 1}, ()))]
        active = state.turn
        earned = 0
        if (seat != active or state.n == 1) and karma_for(points):
            earned = karma_for(points)
            karma = list(state.karma)
            karma[active] = min(KARMA_MAX, karma[active] + earned)
            new.karma = tuple(karma)
            rule = "karma.solo" if state.n == 1 else "karma.earn"
            events.append(Event(rule, (active,), {"player": active, "owner": seat,
                                                  "worth": points, "karma": earned}))
        elif seat != active or state.n == 1:
            events.append(Event("karma.none", (active,), {"player": active, "owner": seat}))
        if slot == SLOTS:
            if state.bonus < 0 and state.n > 1:
                new.bonus = seat
                new.final = True
                events.append(Event("end.sixth", (seat,), {"player": seat, "last": state.last}))
            elif state.n > 1:
                events.append(Event("end.full-track", (seat,), {"player": seat}))
            else:
                new.final = True
                events.append(Event("solo.sixth", (seat,), {"player": seat}))
        new.news = ("harvest", seat, token, slot, points, active, earned)
        return self._next_decision(new, events)

    def _die_power(self, state, slot, power):
        name = "set" if power.startswith("set") else power
        seat = state.turn
        die = state.hand[slot]
        colour = die - die % BLACK
        v = die % BLACK
        if power == "reroll":
            after = None
        elif power == "up":
            after = v + 1
        elif power == "down":
            after = v - 1
        elif power == "over":
            after = 7 - v
        else:
            after = int(power[3])
        new = state._copy()
        karma = list(state.karma)
        karma[seat] -= POWER_COST[name]
        new.karma = tuple(karma)
        facts = {"player": seat, "die": DIE_IDS[die], "number": slot + 1,
                 "cost": POWER_COST[name], "karma": karma[seat]}
        if after is None:
            new.phase = "reroll"
            new.step = "reroll"
            new.pending = slot
            new.actor = (CHANCE,)
            new.news = ("power", "reroll", slot)
            return new, [Event("power.reroll", (seat,), facts)]
        hand = list(state.hand)
        hand[slot] = colour + after
        new.hand = tuple(hand)
        facts["value"] = after
        new.news = ("power", name, slot)
        return self._next_decision(new, [Event(POWER_RULE[name], (seat,), facts)])

    def _reroll(self, state, value):
        slot = state.pending
        die = state.hand[slot]
        new = state._copy()
        hand = list(state.hand)
        hand[slot] = die - die % BLACK + value
        new.hand = tuple(hand)
        new.pending = -1
        new.news = ("rerolled", slot)
        return self._next_decision(new, [Event("power.rerolled", (state.turn,), {
            "player": state.turn, "die": DIE_IDS[hand[slot]], "number": slot + 1})])

    def _clean(self, state, place):
        seat, token = place
        vine = state.vines[seat][token]
        active = state.turn
        new = state._copy()
        _set_vine(new, state, seat, token, ())
        new.kept = state.kept - {(seat, token)}
        new.bushel = _returned(state.bushel, vine)
        karma = list(state.karma)
        karma[active] -= POWER_COST["clean"]
        new.karma = tuple(karma)
        new.news = ("power", "clean", seat, token)
        return self._next_decision(new, [Event("power.clean", (active,), {
            "player": active, "owner": seat, "token": TOKENS[token],
            "dice": [DIE_IDS[d] for d in vine], "cost": POWER_COST["clean"],
            "karma": karma[active]})])

    def _flip(self, state, place):
        seat, token = place
        vine = state.vines[seat][token]
        seed = vine[0]
        flipped = seed - seed % BLACK + OPPOSITE[seed % BLACK]
        active = state.turn
        new = state._copy()
        _set_vine(new, state, seat, token, (flipped,) + vine[1:])
        new.kept = state.kept - {(seat, token)}
        karma = list(state.karma)
        karma[active] -= POWER_COST["flip"]
        new.karma = tuple(karma)
        new.news = ("power", "flip", seat, token)
        return self._next_decision(new, [Event("power.flip", (active,), {
            "player": active, "owner": seat, "token": TOKENS[token], "before": DIE_IDS[seed],
            "die": DIE_IDS[flipped], "cost": POWER_COST["flip"], "karma": karma[active]})])

    def _next_decision(self, new, events):
        """After a step of the active player's turn: their next decision, or the end of the
        turn when there is nothing left to decide (no die with a spot, no power)."""
        new.phase = "play"
        new.step = None
        new.actor = SEAT_ACTORS[new.turn]
        actions = self.play_actions(new)
        if actions == ("end",):
            return self._end_of_turn(new, events)
        new._legal = actions
        return new, events

    def _end_of_turn(self, new, events):
        """The turn's decisions are over: owners decide about vines worth 0, then the dice
        left over are passed on (a forced step)."""
        asks = []
        n = new.n
        for offset in range(n):
            seat = (new.turn + offset) % n
            for token, vine in enumerate(new.vines[seat]):
                if vine and (_VINES.get(vine) or _vine_facts(vine))[1] == 0 \
                        and (seat, token) not in new.kept:
                    asks.append((seat, token))
        new.asks = tuple(asks)
        new._legal = None
        if asks:
            new.phase = "clear"
            new.step = None
            new.actor = (asks[0][0],)
        else:
            new.phase = "pass"
            new.step = "pass"
            new.actor = (CHANCE,)
        return new, events

    def _decide_clear(self, state, clear):
        seat, token = state.asks[0]
        vine = state.vines[seat][token]
        new = state._copy()
        new.asks = state.asks[1:]
        facts = {"player": seat, "token": TOKENS[token], "dice": [DIE_IDS[d] for d in vine]}
        if clear:
            _set_vine(new, state, seat, token, ())
            new.bushel = _returned(state.bushel, vine)
            new.news = ("clear", seat, token)
            events = [Event("vine.cleared", (seat,), facts)]
        else:
            new.kept = state.kept | {(seat, token)}
            new.news = ("keep", seat, token)
            events = [Event("vine.kept", (seat,), facts)]
        if new.asks:
            new.actor = (new.asks[0][0],)
        else:
            new.phase = "pass"
            new.step = "pass"
            new.actor = (CHANCE,)
        return new, events

    def _pass(self, state):
        n = state.n
        seat = state.turn
        nxt = (seat + 1) % n
        passed = tuple(d for d in state.hand if d)
        new = state._copy()
        new.hand = ()
        new.passed = passed
        if passed:
            events = [Event("turn.pass", (seat,), {"player": seat, "to": nxt,
                                                   "dice": [DIE_IDS[d] for d in passed],
                                                   "why": self._no_spot(state)})]
        else:
            events = [new_event(("turn.next", (seat,), {"player": seat, "to": nxt}, ()))]
        keep = state.settings.karma_keep
        if state.karma[seat] > keep:
            karma = list(state.karma)
            events.append(Event("karma.keep", (seat,), {"player": seat, "lost": karma[seat] - keep,
                                                        "keep": keep}))
            karma[seat] = keep
            new.karma = tuple(karma)
        new.news = ("pass", seat, nxt)
        ending = None
        if seat == state.last:
            if state.final:
                ending = "end.final" if n > 1 else "solo.end"
            elif state.round >= state.settings.round_limit:
                ending = "end.limit"
        if ending is None:
            red, black = state.bushel
            if n > 1 and red + black == 0:
                ending = "end.bushel"
            elif n == 1 and red + black == 0 and not passed:
                ending = "solo.out"
        if ending is not None:
            new.phase = "end"
            new.step = "end"
            new.pending = ending
            return new, events
        new.turn = nxt
        if nxt == state.first:
            new.round = state.round + 1
        new.phase = new.step = "roll"
        return new, events

    def _no_spot(self, state) -> list:
        """Why the dice left have no spot: [the values the open tokens take, whether an empty
        token is open] (an empty token takes only red dice: its mask is the six red dice)."""
        takes = 0
        empty = False
        for mask in state.masks:
            if mask == EMPTY_MASK:
                empty = True
            else:
                takes |= mask
        return [[v for v in range(1, 7) if takes >> v & 1 or takes >> (v + BLACK) & 1], empty]

    def _end(self, state):
        new = state._copy()
        new.phase = "over"
        new.step = None
        new.actor = ()
        new.news = ("end",)
        reason = state.pending
        new.pending = -1
        events = [Event(reason, (), {"round": state.round, "last": state.last})]
        if state.n == 1:
            score, matches = self.solo_score(new)
            rule = "solo.win" if score >= self.solo_needed(new) else "solo.lose"
            events.append(Event("solo.score", (0,), {"player": 0, "score": score, "matches": matches,
                                                     "scoring": state.settings.solo_scoring}))
            events.append(Event(rule, (0,), {"player": 0, "score": score,
                                             "needed": self.solo_needed(new)}))
            return new, events
        for seat in range(state.n):
            parts = self.score_parts(new, seat)
            events.append(Event("end.score", (seat,), dict(parts, player=seat)))
        winners, rule, best = self._ranking(new)
        events.append(Event(rule, winners, {"winners": list(winners), "score": best}))
        return new, events

    # ---- scoring -------------------------------------------------------------------
    @staticmethod
    def score_parts(state, seat) -> dict:
        """A player's final score in parts (see ``dice.final_score``)."""
        return final_score([points for _, points in state.track[seat]], state.bonus == seat,
                           state.karma[seat], [len(vine) for vine in state.vines[seat]])

    @staticmethod
    def solo_score(state) -> tuple[int, int]:
        """(score, matching slots) of a one-player game under its scoring option."""
        return solo_score([points for _, points in state.track[0]], state.karma[0],
                          [len(vine) for vine in state.vines[0]], state.settings.solo_scoring)

    @staticmethod
    def solo_needed(state) -> int:
        return 1 if state.settings.solo_scoring == "page" else state.settings.solo_target

    def _ranking(self, state):
        totals = [self.score_parts(state, seat)["total"] for seat in range(state.n)]
        best = max(totals)
        winners = tuple(seat for seat in range(state.n) if totals[seat] == best)
        return winners, "end.win" if len(winners) == 1 else "end.shared", best

    def outcome(self, state):
        if state.phase != "over":
            return None
        if state.n == 1:
            score, matches = self.solo_score(state)
            won = score >= self.solo_needed(state)
            return Outcome((0,) if won else (), (score,), "solo.win" if won else "solo.lose",
                           {"matches": matches})
        winners, rule, _ = self._ranking(state)
        totals = tuple(self.score_parts(state, seat)["total"] for seat in range(state.n))
        return Outcome(winners, totals, rule)

    # ---- labels --------------------------------------------------------------------
    def action_label(self, state, action):
        actor = state.actor[0] if state.actor else -1
        return self._label(state, action, actor, actor)

    def public_label(self, state, action, player, perspective):
        """The label as ``perspective`` reads it: "your tomato A" for that seat's own tokens,
        "their own" for the acting player's, "player 2's" for anyone else's."""
        return self._label(state, action, perspective, player)

    def _label(self, state, action, viewer, actor):
        kind, _, rest = action.partition(":")
        if kind == "start":
            return "everybody rolls a die to see who starts" if len(state.rolling) == state.n \
                else "the players tied for the lowest roll roll again"
        if kind == "roll":
            return "draw dice from the bushel and roll" if state.bushel != (0, 0) \
                else "roll the dice passed on"
        if kind == "reroll":
            return f"roll die {rest.split(':')[0][1:]} again"
        if kind == "harvest":
            return f"harvest {_vine_words(parse_vine(rest), viewer, actor)}"
        if action == "pass":
            dice = [d for d in state.hand if d]
            return (f"end of the turn: pass {_dice_words(dice)} on" if dice
                    else "end of the turn: the next player's turn")
        if action == "end":
            if state.phase == "end":
                return "the game ends: final scores"
            dice = [d for d in state.hand if d]
            return f"end your turn, passing {_dice_words(dice)} on" if dice else "end your turn"
        if kind in ("clear", "keep"):
            place = parse_vine(rest)
            what = _vine_words(place, viewer, actor)
            return f"clear {what} (worth 0)" if kind == "clear" else f"keep {what} (worth 0)"
        if kind in ("clean", "flip"):
            place = parse_vine(rest)
            what = _vine_words(place, viewer, actor)
            cost = POWER_COST[kind]
            if kind == "clean":
                return f"clean {what}: every die back to the bushel ({cost} karma)"
            seed = state.vines[place[0]][place[1]][0] % BLACK
            return f"flip the seed of {what} from {seed} to {OPPOSITE[seed]} ({cost} karma)"
        slot = parse_slot(kind)
        if slot is None or slot >= len(state.hand) or not state.hand[slot]:
            return action
        die = state.hand[slot]
        name = f"the {die_name(die)} (die {slot + 1})"
        if rest == "reroll":
            return f"re-roll {name} (1 karma)"
        if rest == "up":
            return f"turn {name} up to {die % BLACK + 1} (2 karma)"
        if rest == "down":
            return f"turn {name} down to {die % BLACK - 1} (2 karma)"
        if rest == "over":
            return f"roll over {name} to {7 - die % BLACK} (4 karma)"
        if rest.startswith("set"):
            return f"set {name} to {rest[3:]} (6 karma)"
        place = parse_vine(rest)
        if place is None:
            return action
        vine = state.vines[place[0]][place[1]]
        role = "as the seed of" if not vine else "on"
        return f"put {name} {role} {_vine_words(place, viewer, actor)}"


def flip_keeps_vine(vine: tuple) -> bool:
    """Whether the vine is still a set or a run with its seed turned to the opposite face."""
    values = [OPPOSITE[vine[0] % BLACK]] + [d % BLACK for d in vine[1:]]
    return is_vine(values)


def _set_vine(new, state, seat, token, vine):
    """``new`` (a copy of ``state``) with ``vine`` on the token, and the dice it now takes."""
    vines = state.vines
    row = vines[seat]
    new.vines = vines[:seat] + (row[:token] + (vine,) + row[token + 1:],) + vines[seat + 1:]
    if len(state.track[seat]) < SLOTS:
        where = seat * 3 + token
        masks = state.masks
        new.masks = masks[:where] + (_MASKS.get(vine) or _vine_mask(vine),) + masks[where + 1:]


def _returned(bushel, dice):
    red, black = bushel
    for die in dice:
        if die > BLACK:
            black += 1
        else:
            red += 1
    return red, black


def _chance(probability: float) -> str:
    if probability >= 1:
        return "certain"
    if probability >= 0.1:
        return f"a chance of {probability:.0%}"
    return f"1 chance in {round(1 / probability):,}"


def _dice_words(dice) -> str:
    names = [f"the {die_name(d)}" for d in dice]
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " and " + names[-1]


def _vine_words(place, viewer, actor) -> str:
    """A token as ``viewer`` reads about a move of ``actor``."""
    seat, token = place
    owner = "your" if seat == viewer else "their own" if seat == actor else f"player {seat + 1}'s"
    return f"{owner} tomato {TOKENS[token]}"


def _vines_words(state, spots) -> str:
    actor = state.actor[0] if state.actor else -1
    words = [_vine_words(parse_vine(spot), actor, actor) for spot in spots]
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + " or " + words[-1]


GAME = DicedTomatoes()
