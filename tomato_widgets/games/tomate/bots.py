"""Tomate bots. The heuristic bot reads only its own observation."""
from __future__ import annotations

from ...core.bots import Bot, RandomBot
from .cards import CARD_BY_ID, suit

# value of a card as a likely trick winner: trumps by strength, then plain aces and 3s
PLAIN_VALUE = {9: 0.55, 8: 0.35, 7: 0.15}


def _card(card_id: str) -> int:
    return CARD_BY_ID[card_id]


class TomateBot(Bot):
    """Plays sound Tomate: takes only a strong trump, stays in with a hand likely to win a
    trick, wins tricks as cheaply as possible and throws its lowest card otherwise."""

    name = "heuristic"
    deterministic = True

    def choose(self, game, obs, legal):
        me = obs["perspective"]
        trump_suit = suit(_card(obs["trump"])) if obs["trump"] else -1
        if "take" in legal:
            return "take" if _card(obs["trump"]) % 10 >= 8 else "decline"
        if legal[0].startswith("discard:"):
            return min(legal, key=lambda a: self._keep_value(_card(a[8:]), trump_suit))
        if "play" in legal and "pass" in legal:
            return "play" if self._wants_to_play(obs, me, trump_suit) else "pass"
        cards = [_card(a[5:]) for a in legal]
        if not obs["trick"]:
            return "play:" + self._id(max(cards, key=lambda c: self._keep_value(c, trump_suit)))
        best = self._best_on_trick(obs["trick"], trump_suit)
        winners = [c for c in cards if self._beats(c, best, trump_suit)]
        if winners:
            return "play:" + self._id(min(winners, key=lambda c: self._keep_value(c, trump_suit)))
        return "play:" + self._id(min(cards, key=lambda c: self._keep_value(c, trump_suit)))

    @staticmethod
    def _id(card: int) -> str:
        from .cards import CARD_IDS
        return CARD_IDS[card]

    @staticmethod
    def _keep_value(card: int, trump_suit: int) -> float:
        strength = card % 10
        return strength + (20 if suit(card) == trump_suit else 0)

    @staticmethod
    def _beats(card: int, best: int, trump_suit: int) -> bool:
        if suit(card) == suit(best):
            return card > best
        return suit(card) == trump_suit

    @staticmethod
    def _best_on_trick(trick, trump_suit: int) -> int:
        best = _card(trick[0][1])
        for _, card_id in trick[1:]:
            card = _card(card_id)
            if (suit(card) == suit(best) and card > best) or (
                    suit(card) == trump_suit and suit(best) != trump_suit):
                best = card
        return best

    @staticmethod
    def _wants_to_play(obs, me: int, trump_suit: int) -> bool:
        status = obs["status"]
        others_in = sum(1 for seat, st in enumerate(status) if seat != me and st == "play")
        undecided = sum(1 for seat, st in enumerate(status) if seat != me and st is None)
        if others_in == 0 and undecided == 0:
            return True  # alone: the whole pot without a fight
        hand = [_card(c) for c in obs["hands"][me] if c]
        strength = 0.0
        for card in hand:
            if suit(card) == trump_suit:
                strength += 0.45 + (card % 10) / 18
            else:
                strength += PLAIN_VALUE.get(card % 10, 0.0)
        rivals = others_in + 0.5 * undecided
        return strength >= 0.45 + 0.12 * rivals


BOTS = {"random": RandomBot, "heuristic": TomateBot}
