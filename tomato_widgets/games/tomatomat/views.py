"""What each perspective of a Tomatomat table may see, and the checks on a state.

A mixin for the ``Tomatomat`` game: observations, states a seat cannot tell apart (for the
hidden-information contract and for bots) and the conservation laws.

The observation (``observe(state, perspective)``, JSON-ready; perspective None sees all)
is the interface for drawing and for bots::

    {
      "game": "tomatomat",
      "perspective": int | None,
      "players": n,                  # 2 to 4 seats, numbered 0..n-1
      "phase": "deal" | "allocate" | "resolve" | "over",
                                     # "deal": machines, deal or shuffle come next
      "round": int,                  # 1..rounds (0 before the first machines are drawn)
      "rounds": int,                 # rounds in this game
      "batch": int,                  # 1..3 while placing (and through the settlement), 0 otherwise
      "to_act": [seat, ...] | [-1],  # -1 = chance (also for the forced settlement steps);
                                     # [] when over; several seats at once while placing
      "next_step": str | None,       # chance step due: "machines", "deal", "shuffle",
                                     # "reveal:I", "police:I", "thieves:I", "score:I", ... "pass"
      "positions": [                 # always four, for I, II, III, IV
        {"position": "I",
         "stack": [machine id, ...], # bottom -> top; [] once won (until new machines come)
         "stars": int,               # stars of the whole stack
         "colours": [str, ...]},     # the top machine's colours ("red", "green", "blue",
      ],                             #  "yellow"); [] for an empty position
      "stock": int,                  # machines still face down
      "seats": [                     # one per player
        {"hand": [card id, ...] | None,   # sorted; None when hidden from this perspective
         "hand_size": int,
         "deck": int,                     # cards left in the personal deck
         "deck_cards": [card id, ...] | None,  # draw order, only for the all-seeing view
         "placed": [                      # four entries, for I..IV: face-down cards there
           {"count": int,                 # those this perspective can place at the position
            "cards": [card id, ...] | None}],  # sorted; only when it may know them
         "batch_placed": int,             # cards put down so far in this batch (public)
         "batch_hidden": int,             # of those, how many are not counted in "placed"
                                          # (others' moves before the batch completes)
         "discard": [card id, ...],       # sorted; discard piles are face-up knowledge
         "won": [[machine id, ...], ...], # each stack won, bottom -> top
         "stars": int, "machines": int},  # totals of what was won (machine cards)
      ],
      "dummies": [{"slot": "D1", "deck": int, "cards": [card id, ...] | None}],
                                     # none with 4 players; cards only for the all-seeing view
      "pass_order": [0, "D1", 1, "D2"],   # who hands their pile to whom, clockwise
      "resolution": None | {         # the machine being (or last) settled this round
        "position": "II",
        "stage": "reveal" | "police" | "thieves" | "score",   # the last step taken there
        "machines": [machine id, ...],   # the stack at stake (the winner now holds it)
        "cards": [[seat, card id, fate], ...],
            # fate: "open" (face up, waiting), "police" (officer, discarded), "caught"
            # (thief caught), "thief" (thief that stole or found nothing, discarded),
            # "stolen" (coin taken), "scored" (coin that counted)
        "totals": [int per seat] | None,  # after scoring
        "winner": seat | None},           # None before scoring or on a tie
      "settings": {"rounds": int, "machine_set": str, "remember_own": bool},
    }

Card ids: colour letter R, G, B, Y + kind 1 / 2 (coin value), T (thief), P (police officer).
Machine ids and their stars and colours come from ``machines.MACHINE_SETS[machine_set]``.
"""
from __future__ import annotations

from .cards import CARD_IDS, COLOURS, COUNTS, PILE, type_counts
from .machines import MACHINE_SETS

POSITION_NAMES = ("I", "II", "III", "IV")
#: settlement fates of cards that have left the machine for a discard pile
DISCARDED = ("police", "caught", "thief", "stolen", "scored")


def _ids(cards) -> list:
    return [CARD_IDS[c] for c in cards]


def winners(observation: dict) -> list[int]:
    """Who wins a finished game, read from its observation: most stars, then most machines;
    players level on both share the win."""
    seats = observation["seats"]
    best = max(seat["stars"] for seat in seats)
    leaders = [i for i, seat in enumerate(seats) if seat["stars"] == best]
    most = max(seats[i]["machines"] for i in leaders)
    return [i for i in leaders if seats[i]["machines"] == most]


class TomatomatViews:
    # ---- observations --------------------------------------------------------------
    def observe(self, state, perspective):
        from .rules import ORDER, slot_label  # rules imports this module
        n = state.n
        table = MACHINE_SETS[state.settings.machine_set]
        remember = state.settings.remember_own
        positions = []
        for pos, stack in enumerate(state.stacks):
            positions.append({
                "position": POSITION_NAMES[pos], "stack": [table.ids[m] for m in stack],
                "stars": sum(table.stars[m] for m in stack),
                "colours": [COLOURS[c] for c in table.colours[stack[-1]]] if stack else []})
        stars, counts = self.standings(state)
        seats = []
        for seat in range(n):
            own = perspective is None or perspective == seat
            knows_placed = perspective is None or (perspective == seat and remember)
            fresh = state.fresh[seat]
            placed = []
            for pos in range(4):
                cards = list(state.placed[seat][pos])
                if own:
                    for card, where in fresh:
                        if where == pos:
                            cards.append(card)
                placed.append({"count": len(cards),
                               "cards": _ids(sorted(cards)) if knows_placed else None})
            hand = state.hands[seat]
            seats.append({
                "hand": _ids(hand) if own else None, "hand_size": len(hand),
                "deck": len(state.decks[seat]),
                "deck_cards": _ids(state.decks[seat]) if perspective is None else None,
                "placed": placed, "batch_placed": len(fresh),
                "batch_hidden": 0 if own else len(fresh),
                "discard": _ids(sorted(state.discards[seat])),
                "won": [[table.ids[m] for m in stack] for stack in state.won[seat]],
                "stars": stars[seat], "machines": counts[seat]})
        dummies = [{"slot": slot_label(slot, n), "deck": len(state.decks[slot]),
                    "cards": _ids(state.decks[slot]) if perspective is None else None}
                   for slot in range(n, 4)]
        return {
            "game": "tomatomat", "perspective": perspective, "players": n, "phase": state.phase,
            "round": state.round, "rounds": state.settings.rounds, "batch": state.batch,
            "to_act": list(state.actor), "next_step": state.step, "positions": positions,
            "stock": len(state.stock), "seats": seats, "dummies": dummies,
            "pass_order": [slot_label(slot, n) for slot in ORDER[n]],
            "resolution": self._resolution(state, table),
            "settings": state.settings._asdict(),
        }

    @staticmethod
    def _resolution(state, table):
        if state.pos < 0:
            return None
        pos = state.pos
        stack = state.won[state.winner][-1] if state.winner >= 0 else state.stacks[pos]
        scored = state.stage == "score"
        return {"position": POSITION_NAMES[pos], "stage": state.stage,
                "machines": [table.ids[m] for m in stack],
                "cards": [[seat, CARD_IDS[card], fate] for seat, card, fate in state.shown],
                "totals": list(state.totals) if scored else None,
                "winner": state.winner if scored and state.winner >= 0 else None}

    # ---- states a seat cannot tell apart ---------------------------------------------
    def public_piles(self, state) -> list[bool]:
        """Per slot, whether everyone knows which 12 cards it has this round. A player's
        discard pile is all face-up cards, so the pile it becomes is known; a spare deck
        passes on what it received, known or not. The deal itself is unknown."""
        from .rules import NEXT
        passes = state.round if state.step == "machines" else state.round - 1
        public = [False] * 4
        following = NEXT[state.n]
        for _ in range(max(passes, 0)):
            after = [False] * 4
            for slot in range(4):
                after[following[slot]] = slot < state.n or public[slot]
            public = after
        return public

    def resample_hidden(self, state, perspective, rng):
        """Deal the cards ``perspective`` cannot see anew among the places they cannot see,
        keeping every size. A pile whose 12 cards are public knowledge is reshuffled only
        within itself; the others (the deal's piles, wherever they are now) share a pool.
        Others' placements of the unfinished batch also get new positions. No move proves
        anything about a hidden card (any card may go to any machine). A player's deck lies
        sorted between the pass and the shuffle, as the pass leaves it. Each pool is sorted
        before it is shuffled, so the deal depends only on what the seat sees and ``rng``."""
        n = state.n
        remember = state.settings.remember_own
        groups: dict = {}
        public = self.public_piles(state)
        for slot in range(4):
            group = groups.setdefault(slot if public[slot] else "pool", [])
            if slot < n and slot != perspective:
                group.append(("hand", slot))
                group.append(("fresh", slot))
                group.extend(("placed", slot, pos) for pos in range(4))
            elif slot == perspective and not remember:
                group.append(("fresh", slot))
                group.extend(("placed", slot, pos) for pos in range(4))
            group.append(("deck", slot))
        hands = list(state.hands)
        fresh = list(state.fresh)
        placed = [list(row) for row in state.placed]
        decks = list(state.decks)
        for places in groups.values():
            pool = []
            for place in places:
                pool.extend(self._cards_at(state, place))
            pool.sort()
            rng.shuffle(pool)
            start = 0
            for place in places:
                size = len(self._cards_at(state, place))
                part = pool[start:start + size]
                start += size
                kind, slot = place[0], place[1]
                if kind == "hand":
                    hands[slot] = tuple(sorted(part))
                elif kind == "fresh":
                    if slot == perspective:
                        spots = [pos for _, pos in state.fresh[slot]]
                    else:
                        spots = [rng.randrange(4) for _ in part]
                    fresh[slot] = tuple(zip(part, spots))
                elif kind == "placed":
                    placed[slot][place[2]] = tuple(sorted(part))
                else:
                    shuffled = slot < n and state.phase != "deal"  # else as the pass left it
                    decks[slot] = tuple(part) if shuffled else tuple(sorted(part))
        return state.evolve(hands=tuple(hands), fresh=tuple(fresh),
                            placed=tuple(tuple(row) for row in placed), decks=tuple(decks))

    @staticmethod
    def _cards_at(state, place) -> list:
        kind, slot = place[0], place[1]
        if kind == "hand":
            return list(state.hands[slot])
        if kind == "fresh":
            return [card for card, _ in state.fresh[slot]]
        if kind == "placed":
            return list(state.placed[slot][place[2]])
        return list(state.decks[slot])

    # ---- conservation laws ---------------------------------------------------------
    def check_invariants(self, state):
        n = state.n
        table = MACHINE_SETS[state.settings.machine_set]
        machines = list(state.stock)
        for stack in state.stacks:
            machines.extend(stack)
        for stacks in state.won:
            for stack in stacks:
                machines.extend(stack)
        assert sorted(machines) == list(range(len(table))), "the machines are not all accounted for"
        assert len(state.stock) == len(table) - 4 * state.round, "machines drawn do not match rounds"
        if state.round == 0 or (state.round == 1 and state.step == "deal"):
            assert not any(state.decks) and not any(state.hands), "cards out before the deal"
            return
        everything = []
        for slot in range(4):
            mine = list(state.decks[slot])
            if slot < n:
                mine += state.hands[slot]
                mine += [card for card, _ in state.fresh[slot]]
                for cards in state.placed[slot]:
                    mine += cards
                mine += state.discards[slot]
                mine += [card for seat, card, fate in state.shown if seat == slot and fate == "open"]
                if state.phase == "allocate":
                    assert len(state.hands[slot]) + len(state.fresh[slot]) == 4, \
                        "a player does not hold the four cards of the batch"
            assert len(mine) == PILE, f"pile {slot} holds {len(mine)} cards, not 12"
            everything += mine
        assert type_counts(everything) == list(COUNTS), "the 48 playing cards are not all there"
        for seat, card, fate in state.shown:
            if fate in DISCARDED:
                assert card in state.discards[seat], "a settled card is not on its owner's pile"
        if state.step == "pass":
            for slot in range(4):
                pile = state.discards[slot] if slot < n else state.decks[slot]
                assert len(pile) == PILE, "a pile about to be passed does not hold 12 cards"
