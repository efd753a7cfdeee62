"""The game-agnostic core: protocol, events, rule catalogue, records, bots."""
from .errors import IllegalActionError, InvalidInputError, RecordError
from .events import Event
from .game import CHANCE, Game, Outcome, Reason, State
from .options import Option
from .rulebook import Rule, RuleBook, Ruling

__all__ = ["CHANCE", "Event", "Game", "IllegalActionError", "InvalidInputError", "Option",
           "Outcome", "Reason", "RecordError", "Rule", "RuleBook", "Ruling", "State"]
