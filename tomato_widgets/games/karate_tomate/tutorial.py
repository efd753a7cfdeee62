"""Helpers for the Karate Tomate tutorial (``notebooks/03_karate_tomate.ipynb``): short facts
about the cards and a record, as text a notebook prints. Generic helpers
(``tell``, ``step_of``, ``observe`` ...) are in ``tomato_widgets.core.teach``.
"""
from __future__ import annotations

from collections import Counter

from ...core.records import GameRecord, load_record
from ...core.teach import observe
from .cards import COLOURS, NUMBER_SETS, TRIUMPH_SETS, VALUES, plural, symbols_words
from .rules import TRIUMPHS_UP
from .scenarios import drop, go_on, heat, pick, quick_round, table, turnup
from .texts import fight_words
from .words import cards_words, named, offer_words, score_words


def card_mix(number_set: str = "placeholder") -> str:
    """The Number cards: colours and how many of each value a colour has."""
    counts = NUMBER_SETS[number_set]
    per_colour = ", ".join(f"{count} of value {value}" for value, count in zip(VALUES, counts))
    return (f"{len(COLOURS) * sum(counts)} Number cards in {len(COLOURS)} colours "
            f"({', '.join(COLOURS.values())}); per colour: {per_colour} (the {number_set!r} "
            "split).")


def triumph_mix(triumph_set: str = "placeholder") -> str:
    """The Triumph cards of a set: how many of each, and the symbols in all."""
    cards = TRIUMPH_SETS[triumph_set]
    kinds = "; ".join(f"{count} \u00d7 {symbols_words(card)}"
                      for card, count in sorted(cards.items(), key=lambda item: item[0],
                                                reverse=True))
    totals = Counter()
    for card, count in cards.items():
        totals.update({"trophies": int(card[1]) * count, "knives": int(card[2]) * count,
                       "symbols": int(card[3]) * count})
    return (f"{sum(cards.values())} Triumph cards in the {triumph_set!r} set: {kinds}. In all "
            f"{totals['trophies']} trophies, {totals['knives']} knives and {totals['symbols']} "
            "tomato symbols.")


def triumphs_up() -> str:
    """How many Triumph cards lie up at each table size."""
    return ", ".join(f"{players} players: {up}" for players, up in TRIUMPHS_UP.items())


def fight(record: GameRecord, step: int | None = None) -> str:
    """Everybody's place in the fight after ``step`` steps (default: the last): who still
    fights, in which colour, with which cards and total, and who is out."""
    obs = observe(record, step)
    lines = [f"Round {obs['round']}, heat {obs['heat']}; Triumph cards up: "
             f"{offer_words(obs['offer'])}"]
    for seat, info in enumerate(obs["seats"]):
        lines.append(f"  {named(seat, record.players)}: "
                     f"{fight_words(info) or 'in the fight, no card turned over yet'}")
    return "\n".join(lines)


def scores(record: GameRecord, step: int | None = None) -> str:
    """Each player's Triumph cards after ``step`` steps (default: the last), as the
    all-seeing view counts them."""
    seats = observe(record, step)["seats"]
    return ", ".join(f"{named(seat, record.players)} {score_words(info['trophies'], info['knives'])}"
                     for seat, info in enumerate(seats))


def scores_by_round(record: GameRecord) -> list[str]:
    """One line per round played: everybody's trophies and knives when it was over."""
    ends = [number for number, step in enumerate(record.steps, start=1) if step.action == "clear"]
    lines = []
    for round_number, step in enumerate(ends, start=1):
        seats = observe(record, step)["seats"]
        lines.append(f"After round {round_number}: " + ", ".join(
            f"{name} {info['trophies']}/{info['knives']}"
            for name, info in zip(record.players, seats)))
    return lines


def hand(record: GameRecord, who: str, step: int | None = None) -> str:
    """A player's hand after ``step`` steps, as they see it."""
    seat = record.players.index(who)
    cards = observe(record, step, seat)["seats"][seat]["hand"]
    return f"{who} holds {plural(len(cards), 'card')}: {cards_words(cards)}"


def reveal_of(record: GameRecord, heat: int = 1) -> int:
    """The step at which the cards of ``heat`` (counted through the record) turn over."""
    reveals = [number for number, step in enumerate(record.steps, start=1)
               if step.action == "reveal"]
    return reveals[heat - 1]


def decided(record: GameRecord) -> str:
    """One sentence on what decided a finished game, as its results table says it."""
    from .texts import results
    return results(observe(record), record.players)["decided"]


def bot_game(seed: int = 4, names: tuple[str, ...] = ("Ana", "Ben", "Cai", "Dee")) -> GameRecord:
    """A whole game played by heuristic bots from ``seed`` (the same game every time)."""
    from ...core.play import play_game
    from .. import make_bot
    from . import GAME
    bots = [make_bot("karate_tomate", "heuristic", seat) for seat in range(len(names))]
    return play_game(GAME, bots, seed=seed, names=list(names))


def rulings(width: int = 92) -> str:
    """Our rulings, as text to print: what the text says, what we decided and why."""
    from ...core.teach import rulings as rulings_of
    from . import GAME
    return rulings_of(GAME, width)


# ---- exercises: hand-made games that stop and ask (see ``core.questions``) ----------------

def _asking(record: GameRecord, questions: dict) -> GameRecord:
    """``record`` again, with ``questions[(action, seat)]`` asked before the first step that
    takes ``action`` (``seat``: who takes it, -1 for the rules' own steps), and the deal's
    comment saying what the deal is for."""
    data = record.to_json()
    for step in data["steps"]:
        if step.get("comment") == "A deal written by hand to show one rule.":
            step["comment"] = "A deal written by hand for these exercises."
    for (action, seat), question in questions.items():
        index = next(number for number, step in enumerate(record.steps)
                     if step.action == action and step.player == seat)
        data["steps"][index]["question"] = question
    return load_record(data)


def ana_in_mushroom() -> GameRecord:
    """Four players, two Triumph cards. Ana opens with the mushroom 3, so in heat 2 only her
    mushrooms (or her Tomato) may follow; Cai and then Ben drop out, and Ana (3 + 4) picks
    before Dee (4 + 1)."""
    record = table(["Ana", "Ben", "Cai", "Dee"], [6, 2, 9, 4],
                   ["M3 M4 M1 C5 K2", "K3 K1 B2 A2 C1", "C2 C3 B1 B4 A3", "A4 A1 B3 K4 M2"])
    turnup(record, "T500 T310")
    heat(record, {"Ana": "M3", "Ben": "K3", "Cai": "tomato", "Dee": "A4"})
    drop(record, "Cai")
    heat(record, {"Ana": "M4", "Ben": "tomato", "Dee": "A1"})
    drop(record, "Ben")
    pick(record, "Ana", "T500")
    pick(record, "Dee", "T310")
    return _asking(record, {
        ("play:M4", 0): {
            "kind": "legal",
            "prompt": "Heat 2. Ana opened this round with the mushroom 3. She now holds the "
                      "mushroom 4 and 1, the corn 5, the carrot 2 and her Tomato. Mark every "
                      "card she may put down, then press Check.",
            "hint": "After the first heat, the colour you opened with is the only colour "
                    "you may add. And the Tomato?"},
        ("rank", -1): {
            "kind": "next",
            "prompt": "Cai and Ben have dropped out, so Ana and Dee are left for the two "
                      "Triumph cards. Who picks first?",
            "hint": "Add up the Number cards each of them played this round.",
            "choices": [
                {"text": "Ana, with 3 + 4 = 7", "right": True,
                 "comment": "Dee played 4 + 1 = 5."},
                {"text": "Dee, whose first card (a 4) beat Ana's 3", "right": False,
                 "comment": "No single card decides: the total of the round does."},
                {"text": "Cai, who held the highest Tomato", "right": False,
                 "comment": "Cai left the fight, and only those still in it pick. Tomatoes "
                            "only settle equal totals."}]}})


def ben_runs_dry() -> GameRecord:
    """Three players, two Triumph cards. Ben opens with his only broccoli, so in heat 2 his
    Tomato is all he may play; out of the fight, he swaps two weak cards for four new ones."""
    record = table(["Ana", "Ben", "Cai"], [5, 3, 8],
                   ["C3 C1 M2 K4 A1", "B4 K1 K2 M1 A3", "A5 A2 C2 M3 B1"], deck="B5 B3 B2 K5")
    turnup(record, "T400 T210")
    heat(record, {"Ana": "C3", "Ben": "B4", "Cai": "A5"})
    heat(record, {"Ana": "C1", "Ben": "tomato", "Cai": "A2"})
    drop(record, "Ben", discard="K1 M1")
    pick(record, "Cai", "T400")
    pick(record, "Ana", "T210")
    return _asking(record, {
        ("tomato", 1): {
            "kind": "legal",
            "prompt": "Heat 2. Ben opened with the broccoli 4, his only broccoli. He still "
                      "holds the aubergine 3, the carrot 1 and 2 and the mushroom 1. Mark "
                      "every card he may put down.",
            "hint": "Which of his cards share the colour he opened with?"},
        ("discard-two", 1): {
            "kind": "choose",
            "prompt": "Ben is out of the fight and holds four weak cards: the aubergine 3, "
                      "the carrot 1 and 2, the mushroom 1. Draw two cards, or discard two and "
                      "draw four?",
            "hint": "Count the cards Ben ends up with each way. Which way does his hand "
                    "get better?",
            "wrong": [{"action": "draw-two",
                       "comment": "Both ways leave Ben with two cards more. Discarding first "
                                  "also gets rid of his two worst ones."}]}})


def ana_counts_knives() -> GameRecord:
    """Three players. Ana has won two cards of 5 trophies, Ben two of 2 trophies and a
    knife, Cai nothing. In round 3 Ana picks first: the card with a knife gives her 12
    trophies and keeps her from the fewest knives; she calls the end and wins."""
    record = table(["Ana", "Ben", "Cai"], [6, 8, 3],
                   ["C5 C4 C3 C2 C1", "A1 K1 M1 B1 A2", "M2 M3 A3 B2 B1"])
    quick_round(record, "T500 T210", {"Ana": "T500", "Ben": "T210"})
    quick_round(record, "T500 T210", {"Ana": "T500", "Ben": "T210"})
    quick_round(record, "T400 T210", {"Ana": "T210", "Ben": "T400"})
    record.append("call-end", 0)
    go_on(record)
    return _asking(record, {
        ("take:T210", 0): {
            "kind": "choose",
            "prompt": "Round 3, and Ana picks first. Her two cards show 10 trophies and no "
                      "knife; Ben has taken two cards with a knife each, Cai has nothing. On "
                      "offer: 4 trophies, or 2 trophies and a knife. Which card does Ana take?",
            "hint": "Think about the end of the game: who is in danger of having the fewest "
                    "knives?",
            "wrong": [{"action": "take:T400",
                       "comment": "With 14 trophies and still no knife, Ana would share the "
                                  "fewest knives with Cai, and neither of them could win."}]},
        ("score", -1): {
            "kind": "next",
            "prompt": "Ana calls the end with 12 trophies and 1 knife. Ben has 8 trophies "
                      "and 2 knives, Cai no trophy and no knife. Who wins?",
            "hint": "First find who has the fewest knives.",
            "choices": [
                {"text": "Ana", "right": True,
                 "comment": "Cai alone has the fewest knives and drops out of the running; "
                            "of Ana and Ben, Ana has more trophies."},
                {"text": "Ben, who has the most knives", "right": False,
                 "comment": "Knives only decide who cannot win, and break a tie on trophies."},
                {"text": "Cai, who has no knife at all", "right": False,
                 "comment": "It is the other way round: the fewest knives cannot win, "
                            "however few or many trophies go with them."}]}})


def exercises() -> list[GameRecord]:
    """The notebook's exercises: three hand-made games whose steps ask the learner (six
    questions: the colour you opened with, who picks first, a Tomato you must play, the
    refill after dropping out, a Triumph card and the knives, who wins)."""
    return [ana_in_mushroom(), ben_runs_dry(), ana_counts_knives()]
