"""Diced Tomatoes bots. Bots see only their own observation (``views.py``); in this game it
shows the whole table, so the heuristic bot rebuilds the position from it (``state_from``)
and tries its moves with the rules themselves instead of repeating them here."""
from __future__ import annotations

from ...core.bots import Bot, RandomBot
from ...core.game import CHANCE
from .dice import SLOTS, accepts, worth

#: the chance that a vine of k dice is harvested in the end, roughly (k = 0..3), and less
#: when it takes a single value
GROWS = (0.0, 0.35, 0.5, 0.7)
NARROW = 0.8
#: what an empty token is worth to its owner: room for a good seed
EMPTY_TOKEN = 1.0
#: a karma point: half an end point plus what a power can do with it; above the keep limit
#: only what it can still buy this turn
KARMA = 0.6
KARMA_EXCESS = 0.2
#: a vine of three dice scores 1 at the end if it is still there
THREE_DICE = 0.3
#: alone: how likely a vine worth the next slot's number, or 1, 2, 3+ more, ends up matching
#: a slot; an empty token (nothing: any red die will seed it, wanted or not); a karma point
#: (it only buys powers). Tuned on 150 seeded solo games (about a third won).
SOLO_FIT = (1.0, 0.55, 0.35, 0.2)
SOLO_EMPTY = 0.0
SOLO_KARMA = 0.12


class DicedBot(Bot):
    """Tries each legal move on the position rebuilt from its observation and keeps the one
    that leaves it best off. A position is worth, to each player, the points on their track,
    their karma and what their vines promise (worth times a rough chance of being harvested;
    an empty token counts as room for a good seed); the bot maximises its own worth less the
    best rival's. A die power is judged by where it lets the die go next; a re-roll by the
    average over the six faces. Alone, it aims each vine at the slot it will land in: a
    tomato matching its slot's number is worth a point, and vines worth a number still to
    come promise one."""

    name = "heuristic"
    deterministic = True

    def choose(self, game, obs, legal):
        if len(legal) == 1:
            return legal[0]
        me = obs["perspective"]
        state = game.state_from(obs)
        best, best_value = legal[0], None
        for action in legal:
            value = self.judge(game, state, me, action)
            if best_value is None or value > best_value + 1e-9:
                best, best_value = action, value
        return best

    # ---- looking one step ahead -------------------------------------------------------
    def judge(self, game, state, me, action) -> float:
        kind, _, rest = action.partition(":")
        after = self.settle(game, game.apply(state, action, me)[0])
        if rest in ("up", "down", "over") or rest.startswith("set"):
            return self.best_placement(game, after, me, kind)
        if rest == "reroll":
            total = 0.0
            for value in range(1, 7):
                rolled = self.settle(game, game.apply(after, f"reroll:{kind}:{value}", CHANCE)[0])
                total += self.best_placement(game, rolled, me, kind)
            return total / 6
        return self.value(after, me)

    def best_placement(self, game, state, me, slot) -> float:
        """The position's worth after the best placement of die ``slot`` (or as it is when
        that die has no spot)."""
        best = None
        if state.phase == "play" and state.turn == me:
            for action in game.legal_actions(state):
                if action.startswith(slot + ":") and action[len(slot) + 1].isdigit():
                    value = self.value(self.settle(game, game.apply(state, action, me)[0]), me)
                    best = value if best is None else max(best, value)
        return self.value(state, me) if best is None else best

    @staticmethod
    def settle(game, state):
        """The position once the rules have taken their own steps (a harvest, the end of
        the turn)."""
        while True:
            forced = game.forced_action(state)
            if forced is None:
                return state
            state = game.apply(state, forced, CHANCE)[0]

    # ---- what a position is worth -------------------------------------------------------
    def value(self, state, me) -> float:
        if state.n == 1:
            return self.solo_value(state)
        mine = self.worth_to(state, me)
        rivals = max(self.worth_to(state, seat) for seat in range(state.n) if seat != me)
        return mine - rivals

    @staticmethod
    def karma_value(state, seat) -> float:
        karma = state.karma[seat]
        keep = state.settings.karma_keep
        if state.phase in ("play", "reroll") and state.turn == seat:
            return KARMA * min(karma, keep) + KARMA_EXCESS * max(0, karma - keep)
        return KARMA * min(karma, keep)

    def worth_to(self, state, seat) -> float:
        total = sum(points for _, points in state.track[seat])
        total += 2 if state.bonus == seat else 0
        total += self.karma_value(state, seat)
        full = len(state.track[seat]) >= SLOTS
        for vine in state.vines[seat]:
            if not vine:
                total += 0.0 if full else EMPTY_TOKEN
                continue
            grows = 0.0 if full else GROWS[len(vine)] * (NARROW if len(accepts(vine)) < 2 else 1.0)
            total += grows * worth(vine)
            if len(vine) == 3:
                total += THREE_DICE
        return total

    def solo_value(self, state) -> float:
        """Alone: the slots matched, and per vine the chance it will match the slot it lands
        in (the next slot if it is worth exactly that; a later one, less likely, if worth
        more: black dice may still bring it down). Karma only buys powers (the page's scoring
        gives it no points), so it counts for little."""
        track = state.track[0]
        page = state.settings.solo_scoring == "page"
        match = 1.0 if page else 7.0
        total = 0.0
        for slot, (_, points) in enumerate(track, 1):
            total += (match if points == slot else 0.0) if page else (7 if points == slot else points)
        total += SOLO_KARMA * state.karma[0] if page else self.karma_value(state, 0)
        upcoming = len(track) + 1
        for vine in state.vines[0]:
            if not vine:
                total += SOLO_EMPTY * match
                continue
            points = worth(vine)
            grows = GROWS[len(vine)] * (NARROW if len(accepts(vine)) < 2 else 1.0)
            gap = points - upcoming
            if gap >= 0:
                total += grows * SOLO_FIT[min(gap, len(SOLO_FIT) - 1)] * match
            if not page:
                total += grows * points * 0.5 + (THREE_DICE if len(vine) == 3 else 0.0)
        return total


BOTS = {"random": RandomBot, "heuristic": DicedBot}
