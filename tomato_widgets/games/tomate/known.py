"""What a view of a Tomate table knows about each seat, in a learner's words.

Two kinds of knowledge, both read from one observation only, so nothing the view may not
see can get in:

* private: the cards the view may see of a seat (its own seat; every seat in the
  all-seeing view): the hand, a passed hand lying face down, the dealer's discard;
* revealed: what the cards played this round prove about a seat's hand, by the law of the
  trick (``tricks.allowed``). A player who did not follow the suit led holds none of it; one
  who could not follow and did not trump when that was the duty holds no trump (or no trump
  above the one on the trick); one who followed low when beating was the duty holds no card
  of the suit above the card that held the trick (nothing is said about an ace: nothing is higher).
  Cards only leave a hand during a round, so what was proved stays true until the hand is
  empty.
"""
from __future__ import annotations

from .cards import CARD_BY_ID, SUITS, card_name

#: the strength of an ace: nothing is higher, so "no card above the ace" says nothing
ACE = 9
#: a suit's name for one card of it ("no cup higher than ...")
ONE_OF = {"coins": "coin", "cups": "cup", "swords": "sword", "clubs": "club"}


def join(words, conjunction: str = "and") -> str:
    """"a", "a and b", "a, b and c"."""
    words = list(words)
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + f" {conjunction} " + words[-1]


def next_playing(status, seat: int) -> int:
    """The first seat on the left of ``seat`` still in the round (-1: nobody)."""
    n = len(status)
    for _ in range(n):
        seat = (seat + 1) % n
        if status[seat] == "play":
            return seat
    return -1


def completed_tricks(obs: dict) -> list[tuple[list, int]]:
    """The tricks completed this round, each as ([[seat, card id], ...], winner).

    The observation lists their cards in playing order; who played them follows from the
    rules: the first trick is led by the first player in on the dealer's left, later ones
    by the previous trick's winner, and play goes left among the players still in."""
    played, status, winners = obs["played"], obs["status"], obs["trick_winners"]
    active = sum(1 for st in status if st == "play")
    if not played or active < 2 or len(played) != active * len(winners):
        return []
    tricks = []
    leader = next_playing(status, obs["dealer"])
    for number, winner in enumerate(winners):
        seat = leader if number == 0 else winners[number - 1]
        plays = []
        for card in played[number * active:(number + 1) * active]:
            plays.append([seat, card])
            seat = next_playing(status, seat)
        tricks.append((plays, winner))
    return tricks


def shown_by(card: int, led: int, best: int, trump_suit: int) -> list[tuple[int, int | None]]:
    """What one card added to a trick proves about the rest of its player's hand, as
    (suit, limit) pairs: limit None means no card of that suit, a card means no card of the
    suit above it. ``best`` holds the trick before the card (the same duties as
    ``tricks.allowed``)."""
    if card // 10 == led:
        if best // 10 == led and card < best and best % 10 < ACE:
            return [(led, best)]  # followed low: nothing of the suit could beat the trick
        return []
    proved = [(led, None)]  # did not follow: none of the suit led
    if led == trump_suit:
        return proved
    if best // 10 == trump_suit:  # trumped already: an overtrump was the duty if possible
        if (card // 10 == trump_suit and card > best) or best % 10 == ACE:
            return proved
        return proved + [(trump_suit, best)]
    if card // 10 == trump_suit:
        return proved
    return proved + [(trump_suit, None)]  # trumping was the duty: no trump at all


def _stronger(old: int | None, new: int | None) -> int | None:
    """The tighter of two limits on one suit (None, no card of it, is the tightest)."""
    if old is None or new is None:
        return None
    return min(old, new)


def revealed(obs: dict) -> dict[int, dict[int, int | None]]:
    """seat -> {suit: limit} (see ``shown_by``) proved by this round's tricks, for the seats
    that still hold cards (an empty hand has nothing left to tell)."""
    if not obs["trump"]:
        return {}
    trump_suit = CARD_BY_ID[obs["trump"]] // 10
    tricks = [plays for plays, _ in completed_tricks(obs)]
    if obs["trick"]:
        tricks.append(obs["trick"])
    proved: dict[int, dict[int, int | None]] = {}
    for plays in tricks:
        best = CARD_BY_ID[plays[0][1]]
        led = best // 10
        for seat, card_id in plays[1:]:
            card = CARD_BY_ID[card_id]
            for suit, limit in shown_by(card, led, best, trump_suit):
                limits = proved.setdefault(seat, {})
                limits[suit] = _stronger(limits[suit], limit) if suit in limits else limit
            if (card // 10 == best // 10 and card > best) or (
                    card // 10 == trump_suit and best // 10 != trump_suit):
                best = card
    return {seat: limits for seat, limits in proved.items() if obs["hands"][seat]}


def _proof_words(limits: dict[int, int | None], trump_suit: int) -> str:
    """``{suit: limit}`` as "showed no swords, no trumps and no cup higher than the 5 of cups"."""
    voids, caps = [], []
    for suit in sorted(limits, key=lambda suit: (suit == trump_suit, suit)):  # trumps last
        limit = limits[suit]
        name = SUITS[suit]
        if limit is None:
            voids.append("no trumps" if suit == trump_suit else f"no {name}")
        else:
            one = "trump" if suit == trump_suit else ONE_OF[name]
            caps.append(f"no {one} higher than the {card_name(limit)}")
    return "showed " + join(voids + caps)


def _the(card_ids) -> str:
    """"the A of cups, the 3 of cups and the 4 of swords": by suit, the highest first."""
    cards = sorted((CARD_BY_ID[c] for c in card_ids), key=lambda c: (c // 10, -c))
    return join([f"the {card_name(c)}" for c in cards])


def _private_words(obs: dict, seat: int) -> str:
    """The cards of ``seat`` the view may see: the hand (or the passed hand) and, for the
    dealer, the discard; "" when the view sees none of them."""
    parts = []
    hand = obs["hands"][seat]
    shown = [c for c in hand if c]
    if hand and not shown and obs["phase"] == "take" and seat == obs["dealer"] == obs["perspective"]:
        parts.append("has not looked at the three cards yet")
    elif shown and len(shown) == len(hand):
        parts.append(f"holds {_the(shown)}")
    mucked = [c for c in obs["mucked"][seat] if c]
    if mucked:
        parts.append(f"passed with {_the(mucked)} face down")
    if obs["discard"] and seat == obs["dealer"]:
        parts.append(f"discarded the {card_name(obs['discard'])} face down")
    return "; ".join(parts)


def knowledge(obs: dict, names) -> dict[int, str]:
    """What the view knows about each seat, one short text per seat without the seat's
    name (the shell writes it): the cards the view may see of that seat, and what the tricks
    of this round proved about its hand. Seats with nothing to say are left out."""
    proved = revealed(obs)
    trump_suit = CARD_BY_ID[obs["trump"]] // 10 if obs["trump"] else -1
    perspective = obs["perspective"]
    told = {}
    for seat in range(obs["players"]):
        parts = []
        if perspective is None or perspective == seat:
            parts.append(_private_words(obs, seat))
        if seat in proved:
            parts.append(_proof_words(proved[seat], trump_suit))
        text = "; ".join(part for part in parts if part)
        if text:
            told[seat] = text + "."
    return told
