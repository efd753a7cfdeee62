"""What each perspective of a Diced Tomatoes table may see, and the checks on a state.

Diced Tomatoes has no hidden information: every die is on the table or in the bushel,
where red and black dice are only counted, and which of them a turn draws is decided by
chance when the turn starts. Every seat's observation is therefore the whole table, and
``state_from`` rebuilds the state from any observation (the heuristic bot uses it to look
one step ahead with the rules themselves).

The observation (``observe(state, perspective)``, JSON-ready) is the interface for drawing
and for bots::

    {
      "game": "diced_tomatoes",
      "perspective": int | None,
      "players": n,                    # 1 to 4 seats, numbered 0..n-1
      "phase": "start" | "roll" | "play" | "reroll" | "harvest" | "clear" | "pass"
               | "end" | "over",
      "next_step": str | None,         # the chance step due: "start", "roll", "reroll",
                                       # "harvest:<vine>", "pass", "end"
      "to_act": [seat] | [-1] | [],    # -1: chance (also the forced steps); [] when over
      "round": int, "turns": int,      # the round (0 before the start roll), turns begun
      "turn": seat | -1,               # the active player (-1 before the start roll)
      "first": seat | -1, "last": seat | -1,
      "bushel": [red, black],          # dice in the bushel
      "seats": [{
          "karma": int,
          "vines": [[die, ...] x 3],   # tomato A, B, C: dice in the order placed, seed first
          "track": [[seed die, worth], ...],   # harvested tomatoes, slot 1 first
          "bonus": bool,               # harvested a sixth tomato first (2 points)
          "start": int | None}],       # the last start roll of this seat
      "hand": [die | None, ...],       # this turn's dice by slot d1, d2, ... (None: placed)
      "spots": [[vine, ...], ...],     # per slot: where that die may go now
      "passed": [die, ...],            # dice handed on to the next player, not rolled yet
      "rolling": [seat, ...],          # seats still in the start roll
      "asks": [vine, ...],             # vines worth 0 whose owners decide about clearing
      "kept": [vine, ...],             # vines worth 0 kept (not asked again until changed)
      "final": bool,                   # the final round is on
      "pending": "d2" | rule id | None,  # the die being re-rolled, or why the game ends
      "news": [...],                   # what the last step did (see rules.DicedState)
      "settings": {option: value},
    }

Dice are written ``R1``-``R6`` and ``B1``-``B6``; vines ``<seat><A|B|C>`` (``1B``).
"""
from __future__ import annotations

from .dice import (BLACK, BLACK_PER_PLAYER, HARVEST_AT, RED_PER_PLAYER, SLOTS, die_id, fits,
                   is_vine, parse_die, parse_vine, vine_id)


def _ids(dice) -> list:
    return [die_id(d) for d in dice]


class DicedViews:
    # ---- observations --------------------------------------------------------------
    def observe(self, state, perspective):
        n = state.n
        open_vines = self.open_vines(state) if state.phase == "play" else []
        spots = []
        for die in state.hand:
            spots.append([vine_id(seat, token) for seat, token, vine in open_vines
                          if die and fits(die, vine)])
        pending = state.pending
        if isinstance(pending, int):
            pending = f"d{pending + 1}" if pending >= 0 else None
        return {
            "game": "diced_tomatoes", "perspective": perspective, "players": n,
            "phase": state.phase, "next_step": state.step, "to_act": list(state.actor),
            "round": state.round, "turns": state.turns, "turn": state.turn,
            "first": state.first, "last": state.last, "bushel": list(state.bushel),
            "seats": [{"karma": state.karma[seat],
                       "vines": [_ids(vine) for vine in state.vines[seat]],
                       "track": [[die_id(seed), points] for seed, points in state.track[seat]],
                       "bonus": state.bonus == seat,
                       "start": state.starts[seat] or None} for seat in range(n)],
            "hand": [die_id(d) if d else None for d in state.hand],
            "spots": spots,
            "passed": _ids(state.passed),
            "rolling": list(state.rolling),
            "asks": [vine_id(*place) for place in state.asks],
            "kept": sorted(vine_id(*place) for place in state.kept),
            "final": state.final,
            "pending": pending,
            "news": list(state.news),
            "settings": state.settings._asdict(),
        }

    def state_from(self, obs):
        """The state an observation shows (every observation shows the whole table)."""
        from .rules import DicedState, Settings, token_masks
        n = obs["players"]
        state = DicedState(n, Settings(**obs["settings"]))
        state.phase = obs["phase"]
        state.step = obs["next_step"]
        state.actor = tuple(obs["to_act"])
        state.round, state.turns, state.turn = obs["round"], obs["turns"], obs["turn"]
        state.first, state.last = obs["first"], obs["last"]
        state.bushel = tuple(obs["bushel"])
        seats = obs["seats"]
        state.karma = tuple(seat["karma"] for seat in seats)
        state.vines = tuple(tuple(tuple(parse_die(d) for d in vine) for vine in seat["vines"])
                            for seat in seats)
        state.track = tuple(tuple((parse_die(seed), points) for seed, points in seat["track"])
                            for seat in seats)
        state.masks = token_masks(state.vines, state.track)
        state.bonus = next((i for i, seat in enumerate(seats) if seat["bonus"]), -1)
        state.starts = tuple(seat["start"] or 0 for seat in seats)
        state.hand = tuple(parse_die(d) if d else 0 for d in obs["hand"])
        state.passed = tuple(parse_die(d) for d in obs["passed"])
        state.rolling = tuple(obs["rolling"])
        state.asks = tuple(parse_vine(v) for v in obs["asks"])
        state.kept = frozenset(parse_vine(v) for v in obs["kept"])
        state.final = obs["final"]
        pending = obs["pending"]
        state.pending = -1 if pending is None else (
            int(pending[1:]) - 1 if pending.startswith("d") else pending)
        state.news = tuple(obs["news"])
        return state

    # ---- states a seat cannot tell apart ---------------------------------------------
    def resample_hidden(self, state, perspective, rng):
        """Nothing is hidden in Diced Tomatoes: the only state a seat cannot tell apart from
        this one is this one."""
        return state

    # ---- conservation laws ---------------------------------------------------------
    def check_invariants(self, state):
        n = state.n
        red, black = state.bushel
        dice = [d for d in state.hand if d] + list(state.passed)
        for seat in range(n):
            for vine in state.vines[seat]:
                dice.extend(vine)
                if vine:
                    assert vine[0] < BLACK, "a black die is a seed"
                    assert is_vine([d % BLACK for d in vine]), f"{vine} is neither a set nor a run"
                    assert len(vine) < HARVEST_AT or (
                        state.phase == "harvest" and state.step == f"harvest:{vine_id(seat, state.vines[seat].index(vine))}"), \
                        "a full vine waits for no harvest"
            assert len(state.track[seat]) <= SLOTS, "more than six tomatoes harvested"
            dice.extend(seed for seed, _ in state.track[seat])
            assert 0 <= state.karma[seat] <= 12, "karma off its track"
            if seat != state.turn or state.phase not in ("play", "reroll", "harvest", "clear", "pass"):
                assert state.karma[seat] <= state.settings.karma_keep, "karma above the cap between turns"
        assert red >= 0 and black >= 0, "the bushel holds a negative count"
        red += sum(1 for d in dice if d < BLACK)
        black += sum(1 for d in dice if d > BLACK)
        assert (red, black) == (RED_PER_PLAYER * n, BLACK_PER_PLAYER * n), \
            f"dice lost or made: {red} red and {black} black for {n} players"
        assert state.phase != "play" or state.actor == (state.turn,), "the active player does not act"
        from .rules import token_masks
        assert state.masks == token_masks(state.vines, state.track), "the tokens' masks are stale"
