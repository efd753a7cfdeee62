"""Short whole games played by the heuristic bots: positions to search, replay and play on
from, the same in every test that asks for the same game."""
from __future__ import annotations

from tomato_widgets.core.bots import Bot
from tomato_widgets.core.play import play_game
from tomato_widgets.core.records import GameRecord
from tomato_widgets.games import GAMES, make_bot

#: a usual table size per game
class _Players(dict):
    """The built-in games' usual sizes; a plug-in's game: three seats where it allows them."""

    def __missing__(self, name: str) -> int:
        game = GAMES[name]
        return max(game.min_players, min(3, game.max_players))


PLAYERS = _Players({"tomate": 4, "tomatomat": 3, "karate_tomate": 3, "tanemaki": 4,
                    "diced_tomatoes": 2})


def short(game) -> dict:
    """Two rounds where the game counts rounds: enough to have a past, quick to play out."""
    return {"rounds": 2} if any(o.name == "rounds" for o in game.options) else {}


def recorded(name: str, seed: int = 1) -> GameRecord:
    game = GAMES[name]
    bots = [make_bot(name, "heuristic", f"{seed}-{seat}") for seat in range(PLAYERS[name])]
    return play_game(game, bots, seed=seed, options=short(game))


# ---- the longest games the options allow (Play on's bounds: tests and benchmarks) ---------
class DropsOut(Bot):
    """Karate Tomate: drops out with its Tomato in every heat and discards two, so that nobody
    wins a fight and the game lasts every round the options allow."""

    needs_observation = False

    def choose(self, game, observation, legal):
        for wanted in ("tomato", "discard-two"):
            if wanted in legal:
                return wanted
        return legal[int(self.rng.random() * len(legal))]


class StaysIn(Bot):
    """Tomate: always stays in (every round plays all its tricks)."""

    needs_observation = False

    def choose(self, game, observation, legal):
        for wanted in ("play", "decline"):
            if wanted in legal:
                return wanted
        return legal[0]
