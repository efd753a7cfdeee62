"""What each perspective of a Tanemaki table may see, and the checks on a state.

A mixin for the ``Tanemaki`` game: observations, states a seat cannot tell apart (for the
hidden-information contract and for bots) and the conservation laws.

The observation (``observe(state, perspective)``, JSON-ready; perspective None sees all)
is the interface for drawing and for bots::

    {
      "game": "tanemaki",
      "perspective": int | None,
      "players": n,                   # 2 to 5 seats, numbered 0..n-1
      "phase": "setup" | "draw" | "give" | "hold" | "plant" | "discard" | "window" | "end"
               | "over",              # "draw": a draw, the reshuffle or the end comes next
      "turn": int,                    # turns begun so far (0 before the first)
      "active": seat | None,          # whose turn it is (None before the start player is known)
      "to_act": [seat] | [-1] | [],   # -1 = chance (also the forced steps); [] when over
      "next_step": str | None,        # chance step due: "first", "draw", "reshuffle", "end",
                                      # "discard", "reap:S", "score"
      "deck": int, "need": int,       # cards in the deck; cards a turn draws (players + 1)
      "deck_cards": [card id, ...] | None,   # the deck's cards (no order), all-seeing view only
      "discard": [card id, ...],      # the discard pile, face up (sorted)
      "reshuffled": bool,             # the longer variation's one reshuffle has happened
      "hand": [card id, ...] | None,  # the active player's hand (sorted), to them only
      "hand_size": int,
      "held": None | {                # the card being handed out
          "card": card id | None,     # to the active player and everyone who has held it
          "holders": [seat, ...],     # who has held it, in order; the last holds it now
          "targets": [seat, ...],     # whom the holder may hand it on to
          "store_room": bool},        # whether the storehouse can take it
      "to_plant": [seat, ...],        # opponents of the active player who have not planted
      "store": [card id, ...],        # the storehouse, face up, in the order stored
      "seats": [{
          "fields": [{"cards": [card id, ...],      # in planting order
                      "variety": str | None,         # "Bean"; None: empty or manure only
                      "seeds": int,
                      "coins": int}, ...],           # what a harvest would earn now
          "coins": int,                              # coins in the earnings stack
          "coin_cards": [card id, ...] | None,       # to the owner (everyone at the end)
          "planted": bool}],                         # planted this turn
      "window": [seat, ...],          # harvest window: seats still to decide, first decides now
      "last": None | {"player": seat, "field": "1", "cards": [card id], "coins": int},
                                      # the harvest the last step made
      "rates": [[variety, seeds, coins], ...],      # the exchange rates in play
      "settings": {"manure": int, "reshuffle": bool, "rates": str},
    }

Card ids: ``cards.CARD_IDS`` (``B2`` a Bean with two seeds, ``M`` manure).
"""
from __future__ import annotations

from .cards import (CARD_IDS, MANURE, RATE_TABLES, TYPES, VARIETIES, deck_counts, field_seeds,
                    field_variety, harvest_value)


def _ids(cards) -> list:
    return [CARD_IDS[c] for c in cards]


def _spread(counts) -> list[int]:
    cards = []
    for card, count in enumerate(counts):
        cards.extend([card] * count)
    return cards


class TanemakiViews:
    """Observations, resampling and invariants (mixed into the ``Tanemaki`` game)."""

    def observe(self, state, perspective):
        n = state.n
        rates = RATE_TABLES[state.settings.rates]
        everything = perspective is None
        over = state.phase == "over"
        active = state.active
        seats = []
        for seat in range(n):
            fields = []
            for field in state.fields[seat]:
                variety = field_variety(field)
                fields.append({"cards": _ids(field),
                               "variety": VARIETIES[variety] if variety is not None else None,
                               "seeds": field_seeds(field), "coins": harvest_value(field, rates)})
            coins = state.coins[seat]
            seats.append({"fields": fields, "coins": len(coins),
                          "coin_cards": _ids(coins) if everything or over or perspective == seat
                          else None,
                          "planted": state.planted[seat]})
        held = None
        if state.held >= 0:
            knows = everything or perspective == active or perspective in state.chain
            held = {"card": CARD_IDS[state.held] if knows else None, "holders": list(state.chain),
                    "targets": self.pass_targets(state), "store_room": len(state.store) < 2}
        last = None
        if state.last is not None:
            seat, field, cards, coins = state.last
            last = {"player": seat, "field": str(field + 1), "cards": _ids(cards), "coins": coins}
        return {
            "game": "tanemaki", "perspective": perspective, "players": n, "phase": state.phase,
            "turn": state.turn, "active": active if active >= 0 else None,
            "to_act": list(state.actor), "next_step": state.step,
            "deck": sum(state.deck), "need": n + 1,
            "deck_cards": _ids(_spread(state.deck)) if everything else None,
            "discard": _ids(_spread(state.discard)), "reshuffled": state.reshuffled,
            "hand": _ids(state.hand) if everything or perspective == active else None,
            "hand_size": len(state.hand), "held": held,
            "to_plant": self.opponents_to_plant(state) if state.phase in ("give", "hold") else [],
            "store": _ids(state.store), "seats": seats, "window": list(state.window),
            "last": last,
            "rates": [[VARIETIES[v], need, gain] for v, (need, gain) in enumerate(rates)],
            "settings": state.settings._asdict(),
        }

    # ---- states a seat cannot tell apart ---------------------------------------------------
    def resample_hidden(self, state, perspective, rng):
        """The cards ``perspective`` cannot see (the deck; the active player's hand unless it
        is theirs; the card being handed unless they have held it) dealt anew among those
        places, every size kept. Everything on the table is public: fields, storehouse,
        discard pile, and the coins (their cards were seen when the fields were harvested).
        No move proves anything about a hidden card: a harvest may be made at any decision,
        so one forced by a card that fits nowhere looks like any other, and handing a card
        on is a free choice. The pool is sorted before it is shuffled, so the deal depends
        only on what the seat sees and ``rng``."""
        if perspective is None:
            return state
        hidden_hand = perspective != state.active
        hidden_held = state.held >= 0 and perspective != state.active \
            and perspective not in state.chain
        pool = _spread(state.deck)
        if hidden_hand:
            pool += state.hand
        if hidden_held:
            pool.append(state.held)
        pool.sort()
        rng.shuffle(pool)
        changes = {}
        if hidden_hand:
            size = len(state.hand)
            changes["hand"] = tuple(sorted(pool[:size]))
            pool = pool[size:]
        if hidden_held:
            changes["held"] = pool.pop()
        counts = [0] * len(TYPES)
        for card in pool:
            counts[card] += 1
        changes["deck"] = tuple(counts)
        return state.evolve(**changes)

    # ---- conservation laws -------------------------------------------------------------------
    def check_invariants(self, state):
        n = state.n
        cards = _spread(state.deck) + list(state.hand) + list(state.store) + _spread(state.discard)
        if state.held >= 0:
            cards.append(state.held)
        for seat in range(n):
            for field in state.fields[seat]:
                cards += field
            cards += state.coins[seat]
        counts = [0] * len(TYPES)
        for card in cards:
            counts[card] += 1
        assert tuple(counts) == deck_counts(state.settings.manure), "the cards are not all there"
        assert len(state.store) <= 2, "the storehouse holds more than two cards"
        for seat in range(n):
            for field in state.fields[seat]:
                seeds = {c // 3 for c in field if c != MANURE}
                assert len(seeds) <= 1, "a field grows two varieties"
        if state.phase in ("give", "hold", "plant"):
            assert len(state.hand) + len(state.store) + (state.held >= 0) \
                + sum(state.planted) == n + 1, "the turn's cards are not all accounted for"
            assert not state.planted[state.active], "the active player planted before the others"
        if state.phase == "hold":
            assert state.held >= 0 and state.chain and state.actor == (state.chain[-1],)
            assert len(set(state.chain)) == len(state.chain), "a card went to someone twice"
            assert state.active not in state.chain, "the card came back to the active player"
        else:
            assert state.held < 0 and not state.chain, "a card is held outside the handing"
        if state.phase == "over":
            assert not any(any(fields) for fields in state.fields), "a field was not harvested"
