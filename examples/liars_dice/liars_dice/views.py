"""What each view of a Liar's Dice table may know, and tables a seat cannot tell apart.

Functions of the state alone (the rules call them; this module never imports the rules):
a seat sees its own dice, and everyone's once the cups are lifted at a call; the bids, the
number of dice each seat has and the result of a call are public.
"""
from __future__ import annotations

import random


def sees(state, perspective, seat: int) -> bool:
    return perspective is None or perspective == seat or state.shown


def observe(state, perspective) -> dict:
    dice = [list(faces) if sees(state, perspective, seat) else [None] * len(faces)
            for seat, faces in enumerate(state.dice)]
    call = None
    if state.call is not None:
        caller, bidder, found, loser = state.call
        call = {"caller": caller, "bidder": bidder, "found": found, "loser": loser}
    return {
        "game": "liars_dice", "perspective": perspective, "players": state.n,
        "phase": state.phase, "round": state.round, "to_act": list(state.actor),
        "counts": list(state.counts), "total": sum(state.counts), "dice": dice,
        "cups": [",".join(map(str, faces)) if sees(state, perspective, seat) else None
                 for seat, faces in enumerate(state.dice)],
        "shown": state.shown, "bids": [list(bid) for bid in state.bids],
        "starter": state.starter, "call": call, "winner": state.winner,
        "ended_by": state.end_rule, "settings": state.settings._asdict(),
    }


def resample_hidden(state, perspective, rng: random.Random):
    """The others' dice rolled again under their cups. Bids prove nothing (anyone may
    bluff), so every roll of the hidden dice is as likely as the real one."""
    if state.shown:
        return state
    dice = tuple(faces if sees(state, perspective, seat) or not faces
                 else tuple(sorted(rng.randrange(6) + 1 for _ in faces))
                 for seat, faces in enumerate(state.dice))
    return state.evolve(dice=dice)
