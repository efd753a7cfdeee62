"""Liar's Dice bots. The heuristic bot reads only its own observation: its dice, the bids,
how many dice the others hide."""
from __future__ import annotations

from tomato_widgets.core.bots import Bot, RandomBot

from .rules import parse_bid
from .words import wild_face


def expected(obs, face: int) -> float:
    """How many dice the seat may expect to show ``face`` (wild ones included): its own
    that count, and each hidden die by its odds (1 in 3 with a wild face, else 1 in 6)."""
    me = obs["perspective"]
    wild = wild_face(obs)
    own = obs["dice"][me]
    mine = sum(1 for die in own if die == face or (die == wild and face != wild))
    hidden = obs["total"] - len(own)
    odds = 1 / 3 if wild is not None and face != wild else 1 / 6
    return mine + hidden * odds


class LiarsBot(Bot):
    """Calls a bid it expects to fail by more than half a die; otherwise makes the
    cheapest raise it expects to hold, on the face it holds most of, or calls when none is
    left."""

    name = "heuristic"
    deterministic = True

    def choose(self, game, obs, legal):
        bids = [(action, parse_bid(action)) for action in legal if action != "call"]
        if obs["bids"] and "call" in legal:
            _, quantity, face = obs["bids"][-1]
            if quantity > expected(obs, face) + 0.5:
                return "call"
        likely = [(action, bid) for action, bid in bids if bid[0] <= expected(obs, bid[1])]
        if not likely:
            return "call" if "call" in legal else bids[0][0]
        # the cheapest of the likely bids (legal moves come in bid order), on a face the
        # seat is strong in
        best = max(expected(obs, bid[1]) - bid[0] for _, bid in likely[:6])
        return next(action for action, bid in likely[:6] if expected(obs, bid[1]) - bid[0] == best)


BOTS = {"random": RandomBot, "heuristic": LiarsBot}
