"""Playing whole games: bots for the seats, a seeded sampler for chance."""
from __future__ import annotations

import random
from typing import Callable, Sequence

from .bots import Bot, RandomBot
from .game import CHANCE, Game
from .errors import InvalidInputError
from .records import MAX_STEPS, GameRecord


def chance_rng(seed: int | str) -> random.Random:
    return random.Random(f"chance-{seed}")


def bot_move(game: Game, state, seat: int, bot: Bot) -> str:
    """The bot's choice for ``seat``; it knows only what that seat may know. Any object with
    ``choose`` (and ``needs_observation``) serves as a bot; a ``Bot`` may ``decide`` instead."""
    legal = game.legal_actions(state, seat)
    if hasattr(bot, "decide"):
        return bot.decide(game, state, seat, legal)
    observation = game.observe(state, seat) if bot.needs_observation else None
    return bot.choose(game, observation, legal)


def play_game(game: Game, bots: Sequence[Bot], *, seed: int | str = 0, options: dict | None = None,
              names: Sequence[str] | None = None, max_steps: int = MAX_STEPS,
              on_step: Callable | None = None) -> GameRecord:
    """A complete game as a record. The same seed and bots give the same game. A game that
    has not ended after ``max_steps`` steps is refused, not returned unfinished."""
    record = GameRecord(game, list(names) if names else len(bots), options)
    rng = chance_rng(seed)
    for _ in range(max_steps):
        state = record.state
        actors = game.to_act(state)
        if not actors:
            break
        if actors[0] == CHANCE:
            record.append(game.sample_chance(state, rng), CHANCE)
        else:
            for seat in actors:  # simultaneous decisions commit one seat at a time
                record.append(bot_move(game, record.state, seat, bots[seat]), seat)
        if on_step is not None:
            on_step(record)
    if game.to_act(record.state):
        raise InvalidInputError(f"the game did not end within {max_steps:,} steps")
    return record


def random_bots(players: int, seed: int | str = 0) -> list[Bot]:
    return [RandomBot(f"{seed}-{seat}") for seat in range(players)]
