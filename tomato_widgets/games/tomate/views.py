"""What each perspective of a Tomate table may see, and the checks on a state.

A mixin for the ``Tomate`` game: observations (what a seat may know), states a seat cannot
tell apart (for the hidden-information contract and for bots), labels that keep a secret
discard secret, and the conservation laws.
"""
from __future__ import annotations

import json
import re
from functools import lru_cache

from .cards import CARD_IDS, DECK
from .known import revealed
from .resample import deal


#: no card: what nothing proved a place lacks
NOTHING = frozenset()


@lru_cache(maxsize=4096)  # a search deals thousands of worlds from one table
def _proved_missing(trump, played, trick, status, winners, dealer) -> dict:
    """seat -> the cards its plays this round proved it does not hold (``known.revealed``),
    from the fields of the table everybody sees. Shared by the cache: read it, never change
    it. (A seat whose hand is empty is listed too: with no card to deal it changes nothing.)"""
    table = {"trump": CARD_IDS[trump], "played": [CARD_IDS[c] for c in played],
             "status": status, "trick_winners": winners, "dealer": dealer,
             "hands": [True] * len(status), "trick": [[seat, CARD_IDS[c]] for seat, c in trick]}
    missing = {}
    for seat, limits in revealed(table).items():
        missing[seat] = frozenset(
            card for suit, limit in limits.items() for card in range(10 * suit, 10 * suit + 10)
            if limit is None or card > limit)
    return missing


class TomateViews:
    def public_label(self, state, action, player, perspective):
        if action.startswith("discard:") and perspective not in (None, player):
            return "discard a card face down"
        return self.action_label(state, action)

    def hidden_from(self, state, perspective):
        """Where cards lie that ``perspective`` cannot see: list of (place, seat) keys."""
        places = []
        for seat in range(state.n):
            if seat != perspective or (state.phase == "take" and seat == state.dealer):
                places.append(("hands", seat))
            if seat != perspective:
                places.append(("mucked", seat))
        places.append(("stock", None))
        if perspective != state.dealer:
            places.append(("discard", None))
        return places

    def _known_in_hand(self, state, seat):
        """A taken trump is seen by all until it is played."""
        if state.taken and seat == state.dealer and state.trump in state.hands[seat]:
            return (state.trump,)
        return ()

    def observe(self, state, perspective):
        n = state.n
        hidden = set() if perspective is None else set(self.hidden_from(state, perspective))
        hands = []
        mucked = []
        for seat in range(n):
            hand = state.hands[seat]
            if ("hands", seat) in hidden:
                known = self._known_in_hand(state, seat)
                hands.append([CARD_IDS[c] for c in known] + [None] * (len(hand) - len(known)))
            else:
                hands.append([CARD_IDS[c] for c in hand])
            pile = state.mucked[seat]
            mucked.append([None] * len(pile) if ("mucked", seat) in hidden
                          else [CARD_IDS[c] for c in sorted(pile)])
        discard = None
        if state.discard >= 0:
            discard = None if ("discard", None) in hidden else CARD_IDS[state.discard]
        return {
            "game": "tomate", "perspective": perspective, "players": n, "phase": state.phase,
            "round": state.round, "dealer": state.dealer, "to_act": list(state.actor),
            "chips": list(state.chips), "pot": state.pot, "carry": state.carry,
            "cutters": list(state.cutters),
            "trump": CARD_IDS[state.trump] if state.trump >= 0 else None,
            "trump_taken": state.taken, "has_discard": state.discard >= 0, "discard": discard,
            "hands": hands, "mucked": mucked, "stock": self.stock_size(state),
            "status": list(state.status), "trick": [[seat, CARD_IDS[c]] for seat, c in state.trick],
            "trick_no": state.trick_no, "tricks": list(state.tricks),
            "trick_winners": list(state.trick_winners),
            "played": [CARD_IDS[c] for c in state.played],
            "settlement": dict(zip(("paid", "won"), map(list, state.settlement)))
            if state.settlement else None,
            "ledger": dict(zip(("won", "paid", "antes"), map(list, state.ledger))),
            "ended_by": state.end_rule,
            "settings": state.settings._asdict(),
        }

    @staticmethod
    def stock_size(state) -> int:
        """Nobody draws from the stock, so its size is fixed while the cards are out."""
        return len(DECK) - 3 * state.n - 1 if state.trump >= 0 else 0

    def resample_hidden(self, state, perspective, rng):
        """The cards ``perspective`` cannot see dealt anew among the places they cannot see,
        every size kept, and consistent with the round so far: no hand gets a card its
        seat's plays proved it does not hold (``known.revealed``: a suit not followed, a
        trump not played when that was the duty, a low card where beating was the duty).
        A taken trump stays in the dealer's hand (everybody saw it taken); the face-down
        discard and passed hands were set aside before any card was played, so the tricks
        prove nothing about them. The deal depends only on what the seat sees and ``rng``."""
        # the stock is not a place of its own: it is whatever the deal leaves over
        places = [place for place in self.hidden_from(state, perspective) if place[0] != "stock"]
        proved = {}
        if state.played or state.trick:
            proved = _proved_missing(state.trump, state.played, state.trick, state.status,
                                     state.trick_winners, state.dealer)
        pool = list(state.stock)
        wanted = []  # (name, size, cards it may not hold) per place
        keep = {}
        for place, seat in places:
            banned = NOTHING
            if place == "hands":
                keep[seat] = known = self._known_in_hand(state, seat)
                cards = [c for c in state.hands[seat] if c not in known]
                banned = proved.get(seat, NOTHING)
            elif place == "mucked":
                cards = state.mucked[seat]
            else:
                cards = (state.discard,) if state.discard >= 0 else ()
            pool += cards
            wanted.append((place if seat is None else f"seat {seat} ({place})", len(cards), banned))
        dealt = deal(sorted(pool), wanted, rng)
        hands, mucked = list(state.hands), list(state.mucked)
        changes = {}
        for (place, seat), part in zip(places, dealt):
            if place == "hands":
                hands[seat] = tuple(sorted(part + list(keep[seat])))
            elif place == "mucked":
                mucked[seat] = tuple(sorted(part))
            elif part:
                changes["discard"] = part[0]
        return state.evolve(hands=tuple(hands), mucked=tuple(mucked), **changes)

    def check_invariants(self, state):
        s = state.settings
        total = sum(state.chips) + state.pot + state.carry
        assert total == s.starting_chips * state.n + state.bank, "chips are not conserved"
        assert min(state.chips) >= 0, "a player has negative chips"
        won, paid, antes = state.ledger
        for seat, chips in enumerate(state.chips):
            assert chips == s.starting_chips + won[seat] - paid[seat] - antes[seat], \
                "the chips won and paid do not add up to a player's chips"
        if state.trump >= 0:  # cards are out, from a deal until the next one
            cards = [c for hand in state.hands for c in hand]
            cards += [c for pile in state.mucked for c in pile]
            cards += list(state.stock) + list(state.played) + [c for _, c in state.trick]
            if state.discard >= 0:
                cards.append(state.discard)
            if not state.taken:
                cards.append(state.trump)
            assert sorted(cards) == list(DECK), "the 40 cards are not all accounted for exactly once"
            assert len(state.stock) == self.stock_size(state), "cards are missing from the table"
            # the legal-card search relies on it (tricks.playable)
            assert all(list(hand) == sorted(hand) for hand in state.hands), "a hand is not sorted"


CARD_ID_PATTERN = re.compile(r"\b[2-7JQKA3]-(?:coins|cups|swords|clubs)\b")


def visible_cards(observation: dict) -> set[str]:
    """Every card id an observation shows face up."""
    cards = {c for hand in observation["hands"] for c in hand if c}
    cards |= {c for pile in observation["mucked"] for c in pile if c}
    cards |= set(observation["played"]) | {card for _, card in observation["trick"]}
    cards |= {observation["trump"], observation["discard"]}
    return cards - {None}


def cards_seen(record, seat: int) -> set[str]:
    """Every card ``seat`` has seen face up in a record: in its observations and in the
    events as told to it (a cut shows cards that no observation keeps)."""
    game = record.game
    cards: set[str] = set()
    for state in record.states:
        cards |= visible_cards(game.observe(state, seat))
    for events in record.events:
        for event in events:
            cards |= set(CARD_ID_PATTERN.findall(json.dumps(event.seen_by(seat).facts)))
    return cards
