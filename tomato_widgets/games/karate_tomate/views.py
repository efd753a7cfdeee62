"""What each perspective of a Karate Tomate table may see, and the checks on a state.

A mixin for the ``KarateTomate`` game: observations, states a seat cannot tell apart (for the
hidden-information contract and for bots) and the conservation laws.

The observation (``observe(state, perspective)``, JSON-ready; perspective None sees all) is
the interface for drawing and for bots::

    {
      "game": "karate_tomate", "perspective": int | None, "players": n,
      "phase": "deal" | "turnup" | "fight" | "reveal" | "drop" | "discard" | "draw" |
               "reshuffle" | "rank" | "swap" | "pick" | "clear" | "call" | "score" | "over",
      "round": int,                 # 0 before the first warm-up
      "rounds": int,                # the round limit (option)
      "heat": int,                  # the heat being fought (0 between fights)
      "to_act": [seat, ...] | [-1], # -1: chance (and the rules' own steps); [] when over
      "next_step": str | None,      # the chance step due: "deal", "turnup", "draw", or the
                                    # forced step ("reveal", "rank", ...); None: players decide
      "needed": int,                # face-up Triumph cards a round needs at this table
      "call_at": int,               # trophies that allow calling the end (12)
      "offer": [triumph id, ...],   # Triumph cards face up on the table
      "pile": int,                  # Triumph cards left in the pile, face down
      "pile_cards": [...] | None,   # their ids: the all-seeing view only
      "draw": int,                  # Number cards in the draw pile, face down
      "draw_cards": [...] | None,   # from the top: the all-seeing view only
      "discard": [card id, ...],    # the discard pile, face up, bottom to top
      "seats": [{
         "tomato": "tomato-7" | None,     # the Tomato, when this view may know it
         "tomato_shown": bool,            # everybody has seen it (played, or shown in a tie)
         "hand": [card id, ...] | None,   # sorted; None when hidden from this view
         "hand_size": int,                # cards in hand, the Tomato counted while held
         "fighting": bool,                # still in this round's fight
         "colour": "carrot" | None,       # the colour opened with this round
         "played": [card id, ...],        # face up in front of the player, in order
         "total": int,                    # their value
         "committed": bool,               # a card face down for this heat
         "commit": card id | tomato id | None,  # which: its owner and the all-seeing view
         "won": [triumph id, ...] | None, # the Triumph cards won (face down: their owner)
         "won_count": int,
         "trophies": int | None, "knives": int | None},   # of those, when known
      ],
      "revealed": [[seat, card id | tomato id], ...],   # the last heat turned over
      "dropped": [seat, ...],       # out by the last heat and still to draw, in seat order
      "discarding": int,            # cards the dropping player has still to discard
      "owed": [seat, count] | None, # a draw under way
      "order": [seat, ...],         # the pick order once the fight is over ([] before)
      "totals": [int, ...],         # the totals in that order
      "ties": [[seat, ...], ...],   # tied groups, highest Tomato first
      "picked": int,                # picks made
      "callers": [seat, ...],       # still to be asked whether they call the end
      "end": None | {"rule": str, "caller": seat | None},
      "settings": {"number_set": str, "triumph_set": str, "rounds": int},
    }
"""
from __future__ import annotations

from collections import Counter

from .cards import COLOURS, TOMATO, TOMATOES, number_deck, tomato_id, triumph_pile

#: the steps taken by chance with several possible outcomes
CHANCE_PHASES = ("deal", "turnup", "reshuffle")


def final_ranking(trophies, knives, tomatoes):
    """Who wins at the end, from each seat's trophies, knives and Tomato: (the seats knocked
    out by the knife rule, the winner, the rule that decided, the seats that rule compared).

    Everybody tied for the fewest knives is knocked out, unless all are tied; of the rest
    the most trophies win, then the most knives, then the higher Tomato (the Tomatoes
    compared are those of the players still level: no others are needed)."""
    seats = range(len(trophies))
    fewest = min(knives)
    losers = [] if fewest == max(knives) else [s for s in seats if knives[s] == fewest]
    left = [seat for seat in seats if seat not in losers]
    best = max(trophies[seat] for seat in left)
    tied = [seat for seat in left if trophies[seat] == best]
    if len(tied) == 1:
        return losers, tied[0], "end.most-trophies", tied
    most = max(knives[seat] for seat in tied)
    still = [seat for seat in tied if knives[seat] == most]
    if len(still) == 1:
        return losers, still[0], "end.most-knives", tied
    winner = max(still, key=lambda seat: tomatoes[seat])
    return losers, winner, "end.higher-tomato", still


class KarateViews:
    @staticmethod
    def cards_in_hand(state, seat) -> int:
        """The cards a player holds as the table sees them: the Number cards and the Tomato,
        unless it lies face down as this heat's card. Either face-down card leaves one card
        fewer in hand, so the count never tells the others which it was."""
        held = 1 if state.tomatoes[seat] and state.committed[seat] != TOMATO else 0
        return len(state.hands[seat]) + held

    # ---- observations --------------------------------------------------------------------
    def observe(self, state, perspective):
        from .rules import CALL_AT, TRIUMPHS_UP  # rules imports this module
        seats = []
        for seat in range(state.n):
            own = perspective is None or perspective == seat
            won = state.won[seat]
            commit = state.committed[seat]
            shown = state.shown[seat]
            seats.append({
                "tomato": tomato_id(state.tomatoes[seat])
                if state.tomatoes[seat] and (own or shown) else None,
                "tomato_shown": shown,
                "hand": list(state.hands[seat]) if own else None,
                "hand_size": self.cards_in_hand(state, seat),
                "fighting": state.fighting[seat],
                "colour": COLOURS[state.colours[seat]] if state.colours[seat] else None,
                "played": list(state.played[seat]),
                "total": self.total(state.played[seat]),
                "committed": commit is not None,
                "commit": (tomato_id(state.tomatoes[seat]) if commit == TOMATO else commit)
                if own else None,
                "won": list(won) if own else None,
                "won_count": len(won),
                "trophies": self.trophies(state, seat) if own else None,
                "knives": self.knives(state, seat) if own else None,
            })
        if state.phase == "over":  # everybody has turned their Triumph cards over
            for seat, entry in enumerate(seats):
                entry.update(won=list(state.won[seat]), trophies=self.trophies(state, seat),
                             knives=self.knives(state, seat))
        everything = perspective is None
        forced = self.forced_action(state)
        return {
            "game": "karate_tomate", "perspective": perspective, "players": state.n,
            "phase": state.phase, "round": state.round, "rounds": state.settings.rounds,
            "heat": state.heat, "to_act": list(state.actor),
            "next_step": forced if forced is not None else
            state.phase if state.phase in CHANCE_PHASES else None,
            "needed": TRIUMPHS_UP[state.n], "call_at": CALL_AT,
            "offer": list(state.offer), "pile": len(state.pile),
            "pile_cards": list(state.pile) if everything else None,
            "draw": len(state.draw), "draw_cards": list(state.draw) if everything else None,
            "discard": list(state.discard), "seats": seats,
            "revealed": [[seat, tomato_id(state.tomatoes[seat]) if card == TOMATO else card]
                         for seat, card in state.revealed],
            "dropped": list(state.dropped), "discarding": state.to_discard,
            "owed": [state.owed_seat, state.owed] if state.owed else None,
            "order": list(state.order),
            "totals": [self.total(state.played[seat]) for seat in state.order],
            "ties": [list(group) for group in state.ties], "picked": state.picked,
            "callers": list(state.callers),
            "end": {"rule": state.end_rule, "caller": state.caller if state.caller >= 0 else None}
            if state.end_rule else None,
            "settings": state.settings._asdict(),
        }

    # ---- states a seat cannot tell apart --------------------------------------------------
    def resample_hidden(self, state, perspective, rng):
        """The others' secrets dealt anew, consistently with what ``perspective`` knows: the
        Tomatoes nobody has shown (from the values not seen), and the Number cards it cannot
        see (the others' hands, their face-down cards of this heat, the draw pile and its
        order), keeping every size the table sees. The Triumph cards the others won stay:
        everybody saw them taken. The pool is sorted before it is shuffled, so the deal
        depends only on what the seat sees and ``rng``.

        A face-down card of this heat is drawn anew too, Tomato or Number card alike: the
        seat sees only that a card lies there, and the hand count is the same either way
        (``cards_in_hand``). So each other seat with a card down is dealt as many Number
        cards as the table sees it hold, and its card is one of the moves it could have
        made with them: its Tomato, or a Number card it may play (any in the first heat,
        later only of the colour it opened with), drawn evenly among those moves (each card
        counted once, as the moves are offered). Evenly, because nothing the seat sees tells
        how that player prefers to choose: weighing one move more would be a guess.

        Not respected: after a reshuffle the draw pile holds only cards of the discard pile
        everybody saw shuffled, less those drawn since; the state does not keep that pile,
        so the draw pile shares the pool with the hands."""
        n = state.n
        others = [seat for seat in range(n) if seat != perspective]
        # Tomatoes
        hidden = [seat for seat in others if not state.shown[seat] and state.tomatoes[seat]]
        known = {state.tomatoes[seat] for seat in range(n) if seat not in hidden}
        values = [value for value in TOMATOES if value not in known]
        rng.shuffle(values)
        tomatoes = list(state.tomatoes)
        for seat, value in zip(hidden, values):
            tomatoes[seat] = value
        # Number cards
        pool = list(state.draw)
        for seat in others:
            pool.extend(state.hands[seat])
            if state.committed[seat] not in (None, TOMATO):
                pool.append(state.committed[seat])
        pool.sort()
        rng.shuffle(pool)
        committed = list(state.committed)
        hands = list(state.hands)
        for seat in others:
            down = state.committed[seat] is not None
            # the Number cards it holds, a face-down one included: what the table counts,
            # less the Tomato while it is in hand
            size = self.cards_in_hand(state, seat)
            if not down and state.tomatoes[seat]:
                size -= 1
            dealt = sorted(pool[:size])
            del pool[:size]
            if down:
                colour = state.colours[seat] if state.heat > 1 else None
                moves = sorted({card for card in dealt if colour is None or card[0] == colour})
                moves.append(TOMATO)
                card = moves[rng.randrange(len(moves))]
                committed[seat] = card
                if card != TOMATO:
                    dealt.remove(card)
            hands[seat] = tuple(dealt)
        return state.evolve(tomatoes=tuple(tomatoes), hands=tuple(hands),
                            committed=tuple(committed), draw=tuple(pool))  # shuffled

    # ---- conservation laws ----------------------------------------------------------------
    def check_invariants(self, state):
        n = state.n
        cards = list(state.draw) + list(state.discard)
        for seat in range(n):
            cards += state.hands[seat]
            cards += state.played[seat]
            if state.committed[seat] not in (None, TOMATO):
                cards.append(state.committed[seat])
            assert list(state.hands[seat]) == sorted(state.hands[seat]), "a hand is not sorted"
        assert Counter(cards) == Counter(number_deck(state.settings.number_set)), \
            "the 140 Number cards are not all accounted for"
        triumphs = list(state.pile) + list(state.offer)
        for won in state.won:
            triumphs += won
        assert Counter(triumphs) == Counter(triumph_pile(state.settings.triumph_set)), \
            "the 40 Triumph cards are not all accounted for"
        if state.phase != "deal":
            assert len(set(state.tomatoes)) == n and set(state.tomatoes) <= set(TOMATOES), \
                "every player holds a different Tomato"
        for seat in range(n):
            if not state.fighting[seat]:
                assert state.committed[seat] is None, "a player out of the fight has a card down"
            assert (state.colours[seat] is None) == (not state.played[seat]), \
                "the opening colour does not match the cards played"
            assert all(card[0] == state.colours[seat] for card in state.played[seat][1:]), \
                "a card played after the first heat is not of the opening colour"
        if state.phase == "fight":
            for seat in range(n):
                waiting = seat in state.actor
                assert not waiting or state.fighting[seat], "a player out of the fight must act"
                if state.fighting[seat]:
                    assert waiting == (state.committed[seat] is None), \
                        "a fighting player has both acted and not acted"
            assert sum(state.fighting) > len(state.offer), \
                "the fight goes on with no more players than Triumph cards"
