"""Tomatomat bots. Bots see only their own observation (``views.py`` describes it)."""
from __future__ import annotations

import math

from ...core.bots import Bot, RandomBot
from .cards import CARD_BY_ID, CARD_IDS, COLOUR_LETTERS, COUNTS, POLICE, THIEF, VALUE
from .views import POSITION_NAMES

_ROOT2 = math.sqrt(2.0)
#: the lead over a rival's expected total at which a machine counts as a coin flip: a tie
#: wins nothing, so the bot aims a point above
MARGIN = 1.0


def _phi(x: float) -> float:
    """The standard normal distribution function."""
    return 0.5 * (1.0 + math.erf(x / _ROOT2))


class TomatomatBot(Bot):
    """Plans where the cards in its hand go and places the first card of the plan.

    For every machine it estimates the chance of outscoring each rival there (normal
    approximations): its own coins there, doubled on a machine of their colour and at risk
    from thieves of their colour that it has not seen, against each rival's cards there
    (those counted after the completed batches, plus a quarter of the rival's cards still
    to come), each worth what a card it has not seen is worth there on average. Its own
    face-down cards are hidden from it unless the teaching option ``remember_own`` shows
    them; one it cannot recall counts as an average coin (it was put there to score). Its own
    thieves take rivals' coins of their colour (and its own: so they keep away from them);
    its police officers guard its coins of their colour. The plan is the split of its hand
    over the four machines that maximises the stars it expects to win; as it places card
    after card of the batch, nothing it sees changes, so it follows the same plan.
    """

    name = "heuristic"
    deterministic = True

    def choose(self, game, obs, legal):
        me = obs["perspective"]
        seats = obs["seats"]
        mine = seats[me]
        hand = [CARD_BY_ID[card] for card in mine["hand"]]
        pool = list(COUNTS)  # the cards this seat has not seen
        for card in hand:
            pool[card] -= 1
        placed = []  # per machine: my known cards there, and how many I cannot recall
        for entry in mine["placed"]:
            if entry["cards"] is None:
                placed.append(((), entry["count"]))
            else:
                cards = tuple(CARD_BY_ID[card] for card in entry["cards"])
                for card in cards:
                    pool[card] -= 1
                placed.append((cards, 0))
        for seat in seats:
            for card in seat["discard"]:
                pool[CARD_BY_ID[card]] -= 1
        unseen = max(sum(pool), 1)
        rivals = self._rival_cards(seats, me)
        plan = _Plan(obs["positions"], pool, unseen, rivals, placed, hand)
        pos, card = plan.first_move()
        return f"place:{CARD_IDS[card]}:{POSITION_NAMES[pos]}"

    @staticmethod
    def _rival_cards(seats, me) -> list[list[float]]:
        """Per machine, the cards each rival is expected to have there at the settlement:
        those counted there, plus a quarter of the rest (placed this batch, in hand, still
        in the deck)."""
        per_machine: list[list[float]] = [[], [], [], []]
        for seat_no, seat in enumerate(seats):
            if seat_no == me:
                continue
            rest = (seat["batch_hidden"] + seat["hand_size"] + seat["deck"]) / 4
            for pos in range(4):
                per_machine[pos].append(seat["placed"][pos]["count"] + rest)
        return per_machine


class _Plan:
    """The best split of a hand over the four machines."""

    def __init__(self, positions, pool, unseen, rivals, placed, hand):
        self.positions = positions
        self.pool = pool
        self.unseen = unseen
        self.rivals = rivals
        self.placed = placed
        self.hand = hand
        self.cache: dict = {}
        self.masks = [sum(1 << COLOUR_LETTERS.index(name[0].upper()) for name in place["colours"])
                      for place in positions]

    def first_move(self) -> tuple[int, int]:
        """(machine, card): the first placement of the best plan."""
        memo: dict = {}

        def solve(pos, left):
            """(expected stars, cards for ``pos``) of the best split of the cards in bit
            set ``left`` over machines ``pos``..IV."""
            if pos == 3:
                return self.value(3, left), left
            found = memo.get((pos, left))
            if found is None:
                sub = left
                while True:
                    score = self.value(pos, sub) + solve(pos + 1, left & ~sub)[0]
                    if found is None or score > found[0] + 1e-12:
                        found = (score, sub)
                    if sub == 0:
                        break
                    sub = (sub - 1) & left
                memo[(pos, left)] = found
            return found

        left = (1 << len(self.hand)) - 1
        for pos in range(4):
            chosen = solve(pos, left)[1]
            if chosen:
                return pos, self.hand[(chosen & -chosen).bit_length() - 1]
            left &= ~chosen
        return 0, self.hand[0]

    def value(self, pos: int, sub: int) -> float:
        """Expected stars won at ``pos`` with the hand cards in bit set ``sub`` sent there."""
        key = (pos, sub)
        cached = self.cache.get(key)
        if cached is not None:
            return cached
        place = self.positions[pos]
        stars = place["stars"]
        if not stars:
            self.cache[key] = 0.0
            return 0.0
        known, forgotten = self.placed[pos]
        cards = list(known)
        for i, card in enumerate(self.hand):
            if sub >> i & 1:
                cards.append(card)
        mask = self.masks[pos]
        pool = self.pool
        unseen = self.unseen
        rivals = self.rivals[pos]
        crowd = sum(rivals) / unseen  # each unseen card's chance to lie here, summed
        police = [False] * 4
        thief = [False] * 4
        for card in cards:
            kind = card & 3
            if kind == POLICE:
                police[card >> 2] = True
            elif kind == THIEF:
                thief[card >> 2] = True
        risk = []
        for colour in range(4):
            if police[colour]:
                risk.append(0.0)
                continue
            no_officer = math.exp(-crowd * pool[colour * 4 + POLICE])
            if thief[colour]:
                risk.append(no_officer)
            else:
                risk.append((1.0 - math.exp(-crowd * pool[colour * 4 + THIEF])) * no_officer)
        # an unseen card here, on average: its value and its square (coins only)
        mean = square = 0.0
        coins = 0  # unseen coins: a card of mine I cannot recall is taken for an average coin
        for card in range(16):
            count = pool[card]
            if count and VALUE[card]:
                coins += count
                worth = VALUE[card] * (2 if mask >> (card >> 2) & 1 else 1)
                keep = (1.0 - risk[card >> 2]) * count / unseen
                mean += worth * keep
                square += worth * worth * keep
        spread = max(square - mean * mean, 0.0)
        my_mean = my_var = 0.0
        for card in cards:
            if VALUE[card]:
                worth = VALUE[card] * (2 if mask >> (card >> 2) & 1 else 1)
                lost = risk[card >> 2]
                my_mean += worth * (1.0 - lost)
                my_var += worth * worth * lost * (1.0 - lost)
        my_mean += forgotten * mean * unseen / max(coins, 1)  # I put it there to score
        my_var += forgotten * spread
        win = 1.0
        for count in rivals:
            gap = my_mean - count * mean - MARGIN
            win *= _phi(gap / math.sqrt(my_var + count * spread + 0.25))  # (never 0)
        result = stars * win
        self.cache[key] = result
        return result


BOTS = {"random": RandomBot, "heuristic": TomatomatBot}
