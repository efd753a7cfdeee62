"""Helpers for the Tanemaki tutorial (``notebooks/04_tanemaki.ipynb``): short facts about
the cards, the rates, a record and the rulings, as text a notebook prints, so that the
notebook's cells stay a line or two; and the exercises (``exercises``: scenarios whose steps
ask the learner questions). Generic helpers (``tell``, ``step_of``, ``why_not``
...) are in ``tomato_widgets.core.teach``.
"""
from __future__ import annotations


from ...core.play import play_game
from ...core.records import GameRecord
from ...core.teach import may_play, observe, step_of, why_not
from ...core.text import with_names
from .cards import RATE_HELP, RATE_TABLES, SYMBOL_SPLIT, VARIETIES
from .rulebook import plural
from .rules import GAME
from .texts import coin_kinds, field_text, held_text, results, seat_name


def card_mix() -> str:
    """The 45 seed cards: per variety, how many carry one, two and three seeds."""
    lines = []
    for variety, split in zip(VARIETIES, SYMBOL_SPLIT):
        parts = ", ".join(f"{count} with {plural(seeds, 'seed')}"
                          for seeds, count in enumerate(split, start=1))
        lines.append(f"{variety}: {sum(split)} cards ({parts})")
    lines.append("Manure: 15 cards, each worth one seed of any variety")
    return "\n".join(lines)


def rates(table: str = "assumed") -> str:
    """An exchange-rate table in words, and what it assumes."""
    listed = ", ".join(f"{variety} {plural(need, 'seed')} = {plural(gain, 'coin')}"
                       for variety, (need, gain) in zip(VARIETIES, RATE_TABLES[table]))
    return f"Rates {table!r}: {listed}.\n({RATE_HELP[table]})"


def fields(record: GameRecord, step: int | None = None) -> str:
    """Everyone's fields after ``step`` steps (default: the last), in words."""
    obs = observe(record, step)
    lines = []
    for seat, info in enumerate(obs["seats"]):
        told = "; ".join(field_text(field, number)
                         for number, field in enumerate(info["fields"], start=1))
        lines.append(f"{seat_name(seat, record.players)}: {told}")
    return "\n".join(lines)


def coins(record: GameRecord, step: int | None = None, perspective: int | None = None) -> str:
    """Everyone's coins after ``step`` steps, as ``perspective`` may know them."""
    obs = observe(record, step, perspective)
    parts = []
    for seat, info in enumerate(obs["seats"]):
        count = info["coins"]
        what = f"{count} coin{'' if count == 1 else 's'}"
        if info["coin_cards"]:
            what += f" ({coin_kinds(info['coin_cards'])})"
        parts.append(f"{seat_name(seat, record.players)} {what}")
    return ", ".join(parts)


def chain(record: GameRecord, step: int, perspective: int | None = None) -> str:
    """The card being handed after ``step`` steps, as ``perspective`` may know it."""
    obs = observe(record, step, perspective)
    if not obs["held"]:
        return "No card is being handed."
    targets = obs["held"]["targets"]
    go = ", ".join(seat_name(seat, record.players) for seat in targets) or "nobody"
    return f"Being handed: {held_text(obs, record.players)}; it may go on to: {go}"


def choices(record: GameRecord, step: int, *tried: str) -> str:
    """What the player of step ``step`` could choose from just before it, and why each
    action in ``tried`` would have been refused then."""
    game, names = record.game, record.players
    state = record.states[step - 1]
    who = seat_name(record.steps[step - 1].player, names)
    lines = [f"{who} may: "
             + "; ".join(with_names(label, names) for label in may_play(record, step))]
    for action in tried:
        label = with_names(game.action_label(state, action), names)
        lines.append(f"{who} may not {label}. {with_names(why_not(record, step, action), names)}")
    return "\n".join(lines)


def outcome(record: GameRecord) -> str:
    """Who won a finished record, and why, in one sentence."""
    return results(observe(record), record.players)["decided"]


def bot_game(players: int, seed: int, **options) -> GameRecord:
    """A whole game of heuristic bots (Ana, Ben, Cai, ...) from ``seed``, with ``options``."""
    from .. import make_bot  # the games package imports this one
    names = ["Ana", "Ben", "Cai", "Dee", "Eve"][:players]
    bots = [make_bot("tanemaki", "heuristic", seat) for seat in range(players)]
    return play_game(GAME, bots, seed=seed, options=options or None, names=names)


def rulings(width: int = 92) -> str:
    """Our rulings, as text to print: what the text says, what we decided and why."""
    from ...core.teach import rulings as rulings_of
    from . import GAME
    return rulings_of(GAME, width)


# ---- exercises: scenarios that stop and ask (see ``core.questions``) -----------------------
def _asking(record: GameRecord, questions: dict, comments: dict | None = None) -> GameRecord:
    """``record`` again, with a question on some of its steps: ``questions`` maps a step
    number (1-based, as ``step_of`` gives it) to the question asked just before that step.
    ``comments`` maps a step number to its new comment (None: none), for a comment that
    would give an answer away: the step before a question is on show while it is asked."""
    from ...core.records import load_record
    data = record.to_json()
    for number, question in questions.items():
        data["steps"][number - 1]["question"] = question
    for number, comment in (comments or {}).items():
        data["steps"][number - 1].pop("comment", None)
        if comment:
            data["steps"][number - 1]["comment"] = comment
    return load_record(data)


def handing_exercises() -> GameRecord:
    """Ana's first turn at a table of three (``scenarios.first_turn``), seen by Cai: where the
    Bean that Ben handed on may go, and what becomes of the card Ana has left at the end."""
    from .scenarios import first_turn
    record = first_turn()
    return _asking(record, {
        step_of(record, "store"): {
            "kind": "legal",
            "prompt": "Ben did not want the Bean Ana gave him, so he handed it on to you, Cai. "
                      "Mark everything you may do with it (click the board or the buttons), "
                      "then press Check.",
            "hint": "Ana is the active player, and Ben has already had this very Bean in his "
                    "hands. Is anybody left to take it? If not, what else can you do with a "
                    "card?"},
        step_of(record, "discard"): {
            "kind": "next",
            "prompt": "Everybody has planted, Ana last. One card is still in her hand, face "
                      "down. Where does it go?",
            "hint": "Nobody carries cards over from one turn to the next.",
            "choices": [
                {"text": "onto the discard pile, face up", "right": True,
                 "comment": "Whatever the active player did not hand out or plant is thrown "
                            "away, in plain sight."},
                {"text": "into Ana's hand, for her next turn", "right": False,
                 "comment": "Every turn starts from a fresh draw; Ana keeps nothing."},
                {"text": "back into the deck", "right": False,
                 "comment": "Cards that were drawn do not go back to the deck."},
                {"text": "into one of Ana's fields", "right": False,
                 "comment": "The active player plants just one card a turn, and Ana has "
                            "planted hers."}]}})


def storehouse_exercises() -> GameRecord:
    """Ben at a table of two (``scenarios.two_players``): a Cucumber that fits neither of his
    fields, then a Radish with the storehouse full."""
    from .scenarios import two_players
    record = two_players()
    cucumber = step_of(record, "store")
    radish = step_of(record, "harvest:1")
    return _asking(record, {
        cucumber: {
            "kind": "choose",
            "prompt": "Ana hands you a Cucumber, Ben. Your fields grow Bean and Calabash. What "
                      "do you do with the card?",
            "hint": "Only two of you play, and the Cucumber fits neither field as they are. "
                    "Is there somewhere it can wait?",
            "wrong": [
                {"action": "pass:0",
                 "comment": "Ana, the only other player, is the one handing the cards out."},
                {"action": "plant:1",
                 "comment": "The storehouse has room, though."},
                {"action": "plant:2",
                 "comment": "The storehouse has room, though."},
                {"action": "harvest:1",
                 "comment": "A single Bean seed earns no coin. You may still need that field "
                            "later this turn, so there is no hurry."},
                {"action": "harvest:2",
                 "comment": "A single Calabash seed earns no coin. You may still need that "
                            "field later this turn, so there is no hurry."}]},
        radish: {
            "kind": "legal",
            "prompt": "Next Ana hands you a Radish. The storehouse now holds both Cucumbers. "
                      "Mark everything you may do with the Radish, then press Check.",
            "hint": "Go through the choices a player holding a card has: handing on, storing, "
                    "planting. When none is open, one of your fields has to make room."}},
        comments={cucumber - 1: None,  # it said that Ben cannot hand the card on
                  radish - 1: "Ana hands Ben a Radish."})


def final_count_exercises() -> GameRecord:
    """The end of ``scenarios.tie_break``: what Ben's last harvest earns, and who wins when
    Ana and Ben have eight coins each."""
    from .scenarios import tie_break
    record = tie_break()
    return _asking(record, {
        step_of(record, "reap:1"): {
            "kind": "next",
            "prompt": "The deck is too thin for another turn: the game is over and every field "
                      "is harvested, Ben's first. The board says his lone Radish, with three "
                      "seeds, brings him just 1 coin. Why not 3?",
            "hint": "Every coin is one of the field's cards, turned face down onto the "
                    "earnings stack. How many cards are there in that field?",
            "choices": [
                {"text": "the limit of one coin per card in the field", "right": True,
                 "comment": "At one seed a coin, the Radish's rate alone would pay 3, but a "
                            "field of one card can only give one coin."},
                {"text": "the Radish's rate of three seeds a coin", "right": False,
                 "comment": "Look at the rates under the board: a single Radish seed makes a "
                            "coin, the best rate of all."},
                {"text": "a smaller reward for the final harvest", "right": False,
                 "comment": "The harvest at the end pays just like any other."},
                {"text": "the Calabash in field 1 dragging it down", "right": False,
                 "comment": "Each field is sold on its own."}]},
        step_of(record, "score"): {
            "kind": "next",
            "prompt": "All fields are harvested and the stacks are about to be turned over. "
                      "Ana and Ben have eight coins each. Who wins?",
            "hint": "On a tie, compare the coins of the rarest vegetable first. Under the "
                    "board, 'What each player knows' lists everyone's coins by vegetable (in "
                    "the view of everything)."}})


def exercises() -> list[GameRecord]:
    """The tutorial's exercises, as records whose steps ask questions: handing a card on and
    the end of a turn (asked as Cai), the storehouse at a table of two (as Ben), and the
    final harvest and count (asked in every view). Open each with ``replay``."""
    return [handing_exercises(), storehouse_exercises(), final_count_exercises()]
