"""Karate Tomate bots. Bots see only their own observation (``views.py`` describes it)."""
from __future__ import annotations

from collections import Counter

from ...core.bots import Bot, RandomBot
from .cards import COLOURS, VALUE, triumph

#: colour name -> its letter in card ids
LETTER = {name: letter for letter, name in COLOURS.items()}
#: what the bot thinks a Triumph card's symbols are worth, in trophies
KNIFE = 1.0
KNIFE_WHEN_SHORT = 3.0
SYMBOL = 0.4
#: what an average Triumph card carries (for the others' cards, which lie face down)
AVERAGE_KNIVES = 1.0
AVERAGE_TROPHIES = 2.2


class KarateBot(Bot):
    """Fights in its strongest colour when the Triumph cards on offer are worth it, drops
    out early with a weak hand to draw better cards (discarding its two least useful ones),
    picks the card worth most to it (knives count for more while it risks having the
    fewest), and calls the end when it leads and is not short of knives.

    The others' Triumph cards lie face down in its observation, so it counts an average
    card for each of them.
    """

    name = "heuristic"
    deterministic = True

    def choose(self, game, obs, legal):
        me = obs["perspective"]
        phase = obs["phase"]
        if phase == "fight":
            return self._fight(obs, me, legal)
        if phase == "drop":
            return "discard-two" if "discard-two" in legal else "draw-two"
        if phase == "discard":
            return "discard:" + self._least_useful(obs["seats"][me]["hand"])
        if phase == "pick":
            return max(legal, key=lambda action: self._worth(obs, me, action[5:]))
        if phase == "call":
            return "call-end" if self._leads(obs, me) else "play-on"
        return legal[0]

    # ---- the fight -----------------------------------------------------------------------
    def _fight(self, obs, me, legal):
        seat = obs["seats"][me]
        plays = [action[5:] for action in legal if action.startswith("play:")]
        if not plays:
            return "tomato"
        if obs["heat"] == 1:
            colour = self._best_colour(seat["hand"])
            length = sum(1 for card in seat["hand"] if card[0] == colour)
            rivals = obs["players"] - 1
            worth = max(self._worth(obs, me, card) for card in obs["offer"])
            # a colour too short to outlast the others, or nothing worth fighting for
            if (length < 2 and rivals > len(obs["offer"])) or worth < 1.5:
                return "tomato"
            plays = [card for card in plays if card[0] == colour] or plays
        elif self._hopeless(obs, me, seat):
            return "tomato"
        return "play:" + max(plays, key=lambda card: VALUE[card])

    @staticmethod
    def _hopeless(obs, me, seat) -> bool:
        """Whether even all its cards of its colour would not lift it among the players who
        pick: then it keeps them for a later round and draws instead."""
        up = len(obs["offer"])
        others = sorted((other["total"] for number, other in enumerate(obs["seats"])
                         if number != me and other["fighting"]), reverse=True)
        letter = LETTER[seat["colour"]]
        reserve = sum(VALUE[card] for card in seat["hand"] if card[0] == letter)
        return len(others) >= up and seat["total"] + reserve < others[up - 1]

    @staticmethod
    def _best_colour(hand) -> str:
        """The colour with the most value in hand (more cards first, then more points)."""
        value = Counter()
        count = Counter()
        for card in hand:
            value[card[0]] += VALUE[card]
            count[card[0]] += 1
        return max(value, key=lambda colour: (count[colour] * 3 + value[colour], colour))

    @staticmethod
    def _least_useful(hand) -> str:
        """A card of the colour the hand has least of, the lowest of them."""
        count = Counter(card[0] for card in hand)
        return min(hand, key=lambda card: (count[card[0]], VALUE[card], card))

    # ---- triumph and the end -------------------------------------------------------------
    def _others(self, obs, me):
        """(the most trophies and the fewest knives the others are thought to have)."""
        others = [seat for number, seat in enumerate(obs["seats"]) if number != me]
        trophies = max(seat["won_count"] * AVERAGE_TROPHIES for seat in others)
        knives = min(seat["won_count"] * AVERAGE_KNIVES for seat in others)
        return trophies, knives

    def _worth(self, obs, me, card) -> float:
        trophies, knives, symbols = triumph(card)
        _, fewest = self._others(obs, me)
        short = obs["seats"][me]["knives"] <= fewest + 1
        return trophies + knives * (KNIFE_WHEN_SHORT if short else KNIFE) + symbols * SYMBOL

    def _leads(self, obs, me) -> bool:
        seat = obs["seats"][me]
        trophies, fewest = self._others(obs, me)
        return seat["knives"] > fewest and seat["trophies"] >= trophies


BOTS = {"random": RandomBot, "heuristic": KarateBot}
