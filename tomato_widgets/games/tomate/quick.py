"""Tomate played out by random bots, quickly: the search's hot loop, without states or events.

A search spends nearly all its time playing positions out with random bots, and most of a
4-player Tomate decision's margin comes from how many play-outs fit in its seconds. The
ordinary steps (``rules.py``) build a state, events and action ids for every card; this loop
keeps the table in a few local lists and plays the same game: the same rules (the trick law
is ``tricks.py``'s, shared), the same choices (each random bot picks
``legal[int(rng.random() * len(legal))]`` from the legal moves in the engine's order) and
the same deals (``rules.random_cards``), drawing from the same generators in the same order.
So it ends exactly as the ordinary steps would, which ``tests/games/tomate/test_tomate_quick.py``
checks position by position; ``Tomate.random_play_out`` offers it to ``core.search``.
"""
from __future__ import annotations

from ...core.game import Outcome
from .rules import TRICKS_PER_ROUND, game_end_rule, most_chips, random_cards, shortfalls
from .tricks import playable, rule_obeyed


#: steps played between two yields: well under a millisecond, so a search keeps its time
CHUNK = 256


def play_out(state, chance, rngs, steps: int):
    """Random bots (``rngs``: one generator per seat) and ``chance`` playing ``state`` to the
    end, as a generator that yields every CHUNK steps and returns the outcome; None when it
    has not ended within ``steps`` steps (counted as ``core.search.play_out`` counts them).
    ``state`` is not changed. A game still to cut for its first dealer gets NotImplemented
    instead (the ordinary steps play it)."""
    if state.phase == "cut":
        return NotImplemented
    return _playing(state, chance, rngs, steps)


def _playing(state, chance, rngs, steps: int):
    s = state.settings
    n = state.n
    phase = state.phase
    dealer = state.dealer
    round_no = state.round
    chips = list(state.chips)
    pot, carry = state.pot, state.carry
    hands = [list(hand) for hand in state.hands]
    trump = state.trump
    taken = state.taken
    status = list(state.status)
    trick = list(state.trick)  # (seat, card) pairs of the trick in progress
    best = state.best
    actor = state.actor[0] if state.actor else None
    active = [seat for seat in range(n) if status[seat] == "play"]
    tricks = list(state.tricks)
    winners = list(state.trick_winners)
    end_rule = state.end_rule

    def pick(seat, legal):
        return legal[int(rngs[seat].random() * len(legal))]

    for step in range(steps):
        if phase == "over":
            return _outcome(chips, end_rule)
        if not step % CHUNK:
            yield
        if phase == "deal":
            if round_no:
                dealer = (dealer + 1) % n
            ante = s.ante
            if s.ante_from == "dealer":
                ante = min(ante, chips[dealer])
                chips[dealer] -= ante
            pot, carry = pot + ante + carry, 0
            deck = random_cards(chance, 3 * n + 1)
            hands = [sorted(deck[3 * seat:3 * seat + 3]) for seat in range(n)]
            trump = deck[3 * n]
            taken = False
            status = [None] * n
            trick, best, tricks, winners = [], None, [0] * n, []
            round_no += 1
            phase, actor = "take", dealer
        elif phase == "take":
            if pick(dealer, ("take", "decline")) == "take":
                hands[dealer] = sorted(hands[dealer] + [trump])
                taken = True
                phase = "discard"
            else:
                phase, actor, active = _next_declarer(status, dealer, dealer, n)
        elif phase == "discard":
            hands[dealer].remove(pick(dealer, [c for c in hands[dealer] if c != trump]))
            status[dealer] = "play"
            phase, actor, active = _next_declarer(status, dealer, dealer, n)
        elif phase == "declare":
            choice = status[actor] = pick(actor, ("play", "pass"))
            if choice == "pass":
                hands[actor] = []
            phase, actor, active = _next_declarer(status, actor, dealer, n)
        elif phase == "trick":
            hand = hands[actor]
            if trick:
                legal = playable(tuple(hand), trick[0][1] // 10, best[1], trump // 10)
            else:
                legal = hand
            card = pick(actor, legal)
            hand.remove(card)
            if trick:
                best = rule_obeyed(card, actor, trick[0][1] // 10, best, trump // 10)[1]
            else:
                best = (actor, card)
            trick.append((actor, card))
            if len(trick) < len(active):
                actor = active[(active.index(actor) + 1) % len(active)]
            else:
                winner = best[0]
                tricks[winner] += 1
                winners.append(winner)
                trick, best, actor = [], None, winner
                if len(winners) == TRICKS_PER_ROUND:
                    phase = "penalties" if shortfalls(status, tricks, dealer, taken) else "shares"
        elif phase == "penalties":
            paid = 0
            for seat, _needed in shortfalls(status, tricks, dealer, taken):
                amount = min(s.penalty, chips[seat])
                chips[seat] -= amount
                paid += amount
            if s.penalty_into == "next-pot":
                carry += paid
            else:
                pot += paid
            phase = "shares"
        elif phase == "shares":
            if active:
                if len(active) == 1:
                    winners = [active[0]] * TRICKS_PER_ROUND
                share, odd = divmod(pot, TRICKS_PER_ROUND)
                for number, winner in enumerate(winners, 1):
                    chips[winner] += share + 1 if number <= odd else share
                pot = 0
            end_rule = game_end_rule(chips, round_no, s.rounds)
            phase = "deal" if end_rule is None else "over"
        else:
            raise AssertionError(f"no quick step for the phase {phase!r}")
    return None


def _next_declarer(status, after, dealer, n):
    """(phase, actor, seats still in) after ``after`` has spoken: the next seat on the left
    still to declare (see ``Tomate._undeclared_after``), else the tricks, led by the first
    seat still in on the dealer's left, or the scoring when fewer than two stayed in."""
    seat = (after + 1) % n
    if status[seat] is None:
        return "declare", seat, []
    active = [seat for seat in range(n) if status[seat] == "play"]
    if len(active) < 2:
        return "shares", None, active
    for step in range(1, n + 1):
        seat = (dealer + step) % n
        if status[seat] == "play":
            return "trick", seat, active
    raise AssertionError("no seat left in the round")


def _outcome(chips, end_rule):
    return Outcome(most_chips(chips), tuple(chips), "end.most-chips", {"ended_by": end_rule})
