"""Tanemaki bots. Bots see only their own observation (``views.py`` describes it).

The heuristic bot values a field at what a harvest would earn now plus part of the way to
the next coin (a field of manure only, waiting for a variety, a little per card; an empty
field a little too: room keeps harvests from being forced). It then scores every legal
action with one look ahead:

* planting: how much the card adds to the field (after a harvest, when one is needed);
* storing or handing on: a small amount, the value of waiting for another card, less what
  the card is worth to the next holder;
* handing out (the active player): what the card is worth to the receiver, and what it
  would have been worth to the bot itself at the end of the turn, both counted against it;
* harvesting: the coins earned against the field's worth, plus the room it makes (for the
  card the bot must place now, or in the harvest window for the turns to come); a field
  that has just completed a coin is harvested when both fields are in use.
"""
from __future__ import annotations

from ...core.bots import Bot, RandomBot
from .cards import CARD_BY_ID, field_seeds, field_variety, fits, harvest_value
from .rules import ACTIONS

#: what an empty field is worth (room), and a manure card waiting for a variety
ROOM = 0.2
WAITING_MANURE = 0.3
#: the share of the way to the next coin that counts
PARTIAL = 0.6
#: the value of waiting for another card instead of planting this one
WAIT = 0.15
#: the score of a harvest that only loses what a field is worth
NEVER = -100.0


def field_value(cards: tuple, rates) -> float:
    """What a field (card numbers) is worth to its owner now."""
    if not cards:
        return ROOM
    variety = field_variety(cards)
    if variety is None:
        return WAITING_MANURE * len(cards)
    need, gain = rates[variety]
    seeds = field_seeds(cards)
    partial = 0.0 if seeds // need * gain >= len(cards) else (seeds % need) / need * gain * PARTIAL
    return harvest_value(cards, rates) + partial


def plant_gain(fields, card: int, rates) -> float:
    """The most ``card`` can add to these two fields; a card that fits neither costs the
    worth lost by harvesting the field that loses least."""
    best = None
    for f in (0, 1):
        if fits(card, fields[f]):
            gain = field_value(fields[f] + (card,), rates) - field_value(fields[f], rates)
            best = gain if best is None else max(best, gain)
    if best is not None:
        return best
    return max(harvest_gain(fields, f, rates) + field_value((card,), rates) - ROOM for f in (0, 1))


def harvest_gain(fields, f: int, rates) -> float:
    """Coins earned by harvesting field ``f`` against what the field is worth now."""
    cards = fields[f]
    return harvest_value(cards, rates) + ROOM - field_value(cards, rates)


class TanemakiBot(Bot):
    """Scores each legal action (see the module docstring) and takes the best; ties go to
    the first listed."""

    name = "heuristic"
    deterministic = True

    def choose(self, game, obs, legal):
        me = obs["perspective"]
        rates = [(need, gain) for _, need, gain in obs["rates"]]
        fields = [tuple(CARD_BY_ID[c] for c in field["cards"]) for field in obs["seats"][me]["fields"]]
        best, chosen = None, legal[0]
        for action in legal:
            score = self.score(obs, me, fields, rates, action, legal)
            if best is None or score > best + 1e-9:
                best, chosen = score, action
        return chosen

    def score(self, obs, me, fields, rates, action, legal) -> float:
        parsed = ACTIONS.get(action, ("keep",))
        kind = parsed[0]
        if kind == "keep":
            return 0.0
        if kind == "harvest":
            return self._harvest(obs, fields, rates, parsed[1], legal)
        if kind == "plant":
            card = CARD_BY_ID[obs["held"]["card"]]
            return self._plant(fields, card, parsed[1], rates)
        if kind == "plant-from":
            return self._plant(fields, parsed[2], parsed[3], rates)
        if kind == "store":
            return WAIT - 0.05
        if kind == "pass":
            card = CARD_BY_ID[obs["held"]["card"]]
            return WAIT - 0.5 * self._worth_to(obs, parsed[1], card, rates)
        # give: what the receiver gains, and what the card would be worth to me at the end
        card, target = parsed[1], parsed[2]
        return -self._worth_to(obs, target, card, rates) - 0.7 * max(0.0, plant_gain(fields, card, rates))

    @staticmethod
    def _plant(fields, card, f, rates) -> float:
        return field_value(fields[f] + (card,), rates) - field_value(fields[f], rates)

    @staticmethod
    def _worth_to(obs, seat, card, rates) -> float:
        fields = [tuple(CARD_BY_ID[c] for c in field["cards"]) for field in obs["seats"][seat]["fields"]]
        return plant_gain(fields, card, rates)

    def _harvest(self, obs, fields, rates, f, legal) -> float:
        gain = harvest_gain(fields, f, rates)
        after = list(fields)
        after[f] = ()
        phase = obs["phase"]
        others = [a for a in legal if not a.startswith("harvest:")]
        if phase == "hold":
            card = CARD_BY_ID[obs["held"]["card"]]
            now = self._plant(after, card, f, rates)
            if others:  # only worth it when it beats planting without it
                return gain + now - 0.05
            return gain + now
        if phase == "plant":
            cards = [CARD_BY_ID[c] for c in (obs["hand"] or []) + obs["store"]]
            now = max(self._plant(after, card, f, rates) for card in cards)
            return gain + now - (0.05 if others else 0.0)
        if phase == "window":
            both = all(fields)
            cards = fields[f]
            variety = field_variety(cards)
            if variety is None or not both:
                return NEVER
            need, gain_rate = rates[variety]
            complete = field_seeds(cards) % need == 0 or harvest_value(cards, rates) >= len(cards)
            return gain + (0.1 if complete else -0.2)
        return NEVER  # while handing cards out: later, when it is needed


BOTS = {"random": RandomBot, "heuristic": TanemakiBot}
