"""Dealing hidden cards anew when some places may not hold some cards.

The tricks of a round prove things about hands ("holds no cups", "no trump above the 5"),
so a fresh deal of the hidden cards has to respect them. ``deal`` hands out a pool of cards
to places of given sizes, each with the cards it may not hold: the places under a proof
first, the most constrained first, each taking its cards at random from those it may hold
that are still free; a place that finds too few takes one from an earlier place that can
hold another instead (an augmenting path, as in bipartite matching), so a deal is found
whenever one exists. The places without a proof then take theirs at random from the rest.

Every deal that respects the proofs can come out, though not all exactly equally often.
"""
from __future__ import annotations

import random


def deal(cards, places, rng: random.Random) -> list[list]:
    """``cards`` dealt to ``places``, a list of (name, size, cards it may not hold): one list
    of cards per place, in their order. The cards the sizes leave over are not dealt (in
    Tomate, the stock: whatever nobody holds).

    Raises AssertionError, naming the place, when no deal respects every proof (a table
    reached by legal play always has one: the real one)."""
    owner: dict = {}  # card -> the index of the constrained place that holds it
    allowed = {i: [c for c in cards if c not in banned]
               for i, (_, size, banned) in enumerate(places) if size and banned}
    # the least room to spare first: their choice is the narrowest
    for i in sorted(allowed, key=lambda i: len(allowed[i]) - places[i][1]):
        name, size, _ = places[i]
        free = [c for c in allowed[i] if c not in owner]
        for card in rng.sample(free, min(size, len(free))):
            owner[card] = i
        for _ in range(size - len(free)):
            if not _make_room(i, allowed, owner, set()):
                raise AssertionError(
                    f"no deal of the hidden cards respects what the play proved: {name} "
                    f"needs {size} of the cards {allowed[i]}, and other places that may "
                    f"hold only some of them need them too")
    held: list[list] = [[] for _ in places]
    for card, i in owner.items():
        held[i].append(card)
    rest = [c for c in cards if c not in owner] if owner else cards
    free_places = [i for i in range(len(places)) if i not in allowed]
    picked = rng.sample(rest, sum(places[i][1] for i in free_places))
    start = 0
    for i in free_places:
        size = places[i][1]
        held[i] = picked[start:start + size]
        start += size
    return held


def _make_room(i, allowed, owner, seen) -> bool:
    """Give place ``i`` one more card: a free one it may hold, or one held by another place
    that can take another card in its stead (found the same way)."""
    for card in allowed[i]:
        if card in seen:
            continue
        seen.add(card)
        other = owner.get(card)
        if other is None or (other != i and _make_room(other, allowed, owner, seen)):
            owner[card] = i
            return True
    return False
