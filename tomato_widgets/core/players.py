"""Who plays a seat: a bot of a kind a game offers, or the search bot, made by name.

The command line, live play and the benchmarks name bots by kind ("random", "heuristic",
"search"); this is where a kind becomes a bot. A game's own kinds come from its plug-in
(``GamePlugin.bots``); the search bot is the core's, for every game.
"""
from __future__ import annotations

from .errors import InvalidInputError
from .registry import plugin
from .search import SearchBot, rollout_kinds
from .tree_search import TreeSearchBot


def bot_kinds(game_name: str) -> list[str]:
    """The bots a game offers: its own (random, heuristic, ...) and the search bot."""
    return sorted([*plugin(game_name).bots, "search"])


def make_bot(game_name: str, kind: str, seed: int | str = 0, **settings):
    """A bot of kind ``kind`` ("random", "heuristic", "search") for the game. Only the search
    bot takes settings: ``seconds`` or ``playouts`` per decision, ``rollout`` (the bot
    kind that plays the games out: "heuristic", "random" or "own-turn"; by default the game's
    choice) and ``method`` ("flat", or "tree": see ``SEARCH_METHODS``; a tree search counts
    ``playouts`` as its iterations, one rollout each)."""
    bots = plugin(game_name).bots
    if kind == "search":
        return _search_bot(game_name, seed, settings)
    if kind not in bots:
        raise InvalidInputError(
            f"{game_name} has no bot {kind!r}; it has: {', '.join(bot_kinds(game_name))}")
    if settings:
        raise InvalidInputError(f"the {kind} bot takes no settings (given: {', '.join(sorted(settings))})")
    return bots[kind](seed)


#: the search bot's methods: "flat" (``core.search``: every move played out in each redrawn
#: world, kept unless another is surely better than the heuristic move) and "tree"
#: (``core.tree_search``: information-set tree search, to compare with)
SEARCH_METHODS = ("flat", "tree")


def _search_bot(game_name: str, seed, settings: dict):
    unknown = set(settings) - {"seconds", "playouts", "rollout", "method"}
    if unknown:
        raise InvalidInputError(f"the search bot has no setting {', '.join(sorted(map(repr, unknown)))}; "
                                "it takes seconds, playouts, rollout and method")
    method = settings.get("method", "flat")
    if method not in SEARCH_METHODS:
        raise InvalidInputError(f"the search bot's method is one of {', '.join(SEARCH_METHODS)}, "
                                f"not {method!r}")
    seconds, playouts = settings.get("seconds", 1.0), settings.get("playouts")
    for name, value in (("seconds", seconds), ("playouts", playouts)):
        if value is not None and (isinstance(value, bool) or not isinstance(value, (int, float))
                                  or not 0 < value <= 3600 * (1 if name == "seconds" else 1000)):
            raise InvalidInputError(f"the search bot's {name} must be a number above 0, not {value!r}")
    rollout = settings.get("rollout")
    if rollout is not None and rollout not in rollout_kinds(game_name):
        raise InvalidInputError(f"the search bot plays out with one of {', '.join(rollout_kinds(game_name))}, "
                                f"not {rollout!r}")
    if method == "tree":
        return TreeSearchBot(seed, seconds=seconds, iterations=int(playouts) if playouts else None,
                             rollout=rollout)
    anchor = bots["heuristic"](f"{seed}-anchor") if "heuristic" in (bots := plugin(game_name).bots) else None
    return SearchBot(seed, seconds=seconds, playouts=int(playouts) if playouts else None,
                     rollout=rollout, anchor=anchor)
