"""Helpers for the Tomatomat tutorial (``notebooks/02_tomatomat.ipynb``): short facts about
the cards, the machines and a record, as text a notebook prints (so nbval checks it).
Generic helpers (``tell``, ``step_of``, ``observe`` ...) are in ``tomato_widgets.core.teach``.
"""
from __future__ import annotations

from collections import Counter

from ...core.records import GameRecord, load_record
from ...core.teach import observe
from .cards import COLOURS, FULL_DECK
from .machines import MACHINE_SETS, find_machine
from .scenarios import _batch, _settle, _table
from .words import plural, seat_name, stack_words


#: each kind of card in words: one, several
KIND_WORDS = (("coin worth 1", "coins worth 1"), ("coin worth 2", "coins worth 2"),
              ("thief", "thieves"), ("police officer", "police officers"))


def card_mix() -> str:
    """The 48 playing cards: how many of each kind per colour."""
    kinds = Counter(card & 3 for card in FULL_DECK)
    per_colour = ", ".join(plural(kinds[kind] // len(COLOURS), *KIND_WORDS[kind]) for kind in range(4))
    return (f"{len(FULL_DECK)} playing cards in {len(COLOURS)} colours ({', '.join(COLOURS)}); "
            f"per colour: {per_colour}.")


def machine_mix(machine_set: str = "placeholder") -> str:
    """The machines of a set: how many with 1, 2 and 3 stars, and with one or two colours."""
    table = MACHINE_SETS[machine_set]
    by_stars = Counter(table.stars)
    by_colours = Counter(len(colours) for colours in table.colours)
    stars = ", ".join(f"{count} with {plural(star, 'star')}" for star, count in sorted(by_stars.items()))
    return (f"{len(table)} machines in the {machine_set!r} set: {stars}; "
            f"{by_colours[1]} with one tomato colour, {by_colours[2]} with two.")


def places(record: GameRecord, step: int | None = None) -> str:
    """The four machine places after ``step`` steps (default: the last), in words."""
    obs = observe(record, step)
    machine_set = obs["settings"]["machine_set"]
    return "\n".join(f"{place['position']}: " + (stack_words(machine_set, place["stack"])
                                                 if place["stack"] else "no machine")
                     for place in obs["positions"])


def stars(record: GameRecord, step: int | None = None) -> str:
    """The stars and machines each player has won after ``step`` steps (default: the last)."""
    seats = observe(record, step)["seats"]
    return ", ".join(f"{seat_name(number, record.players)} {plural(seat['stars'], 'star')} / "
                     f"{plural(seat['machines'], 'machine')}" for number, seat in enumerate(seats))


def stars_by_round(record: GameRecord) -> list[str]:
    """One line per round played: the stars of each player when the round was over."""
    ends = [number for number, step in enumerate(record.steps, start=1) if step.action == "pass"]
    return [f"After round {round_number} (step {step}): " + ", ".join(
                f"{name} {seat['stars']}" for name, seat in zip(record.players,
                                                                observe(record, step)["seats"]))
            for round_number, step in enumerate(ends, start=1)]


def round_scores(record: GameRecord) -> str:
    """The stars of each player at the end of every round, one line per round."""
    return "\n".join(stars_by_round(record))


def own_cards_with_and_without_aid(make, step: int, seat: int = 0) -> str:
    """What ``seat`` knows after ``step`` steps of the scenario ``make`` (e.g.
    ``scenarios.scoring_example``): first by the rules (own placed cards face down, only a
    count), then with the teaching aid ``remember_own=True`` (own placed cards named)."""
    from .texts import knowledge
    lines = []
    for label, options in (("By the rules", {}), ("With remember_own=True", {"remember_own": True})):
        record = make(**options)
        known = knowledge(observe(record, step, seat), record.players)[seat]
        lines.append(f"{label}: {record.players[seat]} {known}")
    return "\n".join(lines)


def bot_game(seed: int = 1, names=("Ana", "Ben", "Cai", "Dee"), kind: str = "heuristic") -> GameRecord:
    """A whole game played by bots of ``kind``, one per name; the same seed, the same game."""
    from ...core.play import play_game
    from .. import make_bot
    from .rules import GAME
    bots = [make_bot("tomatomat", kind, seat) for seat in range(len(names))]
    return play_game(GAME, bots, seed=seed, names=list(names))


def card_not_held(game, seat: int = 0, position: str = "I") -> str:
    """The action id of placing, at ``position``, a coin that ``seat`` (the human of the live
    game ``game``) does not hold: an action the game refuses."""
    hand = observe(game.record, perspective=seat)["seats"][seat]["hand"]
    coin = next(c for c in ("R1", "G1", "B1", "Y1", "R2", "G2", "B2", "Y2") if c not in hand)
    return f"place:{coin}:{position}"


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


def ana_feeds_the_machines() -> GameRecord:
    """Two players, two rounds agreed. Ana's red 2-coin belongs at the red machine, where it
    counts double; her fourth card may join the other three at machine I; she takes machine
    I with fewer coins than Ben but more points; machine IV ends in a tie."""
    machines = [find_machine(3, "R"), find_machine(1, "G"), find_machine(2, "B"),
                find_machine(2, "Y")]
    record = _table(["Ana", "Ben"], ["R2 R1 R1 Y1 | G1 B1 G1 B1 | R1 Y1 Y2 G2",
                                     "G2 G1 G1 B2 | B1 B1 R1 R1 | G1 Y1 Y1 B1"],
                    machines, rounds=2)
    _batch(record, "R2:I R1:I R1:I Y1:I", "G2:I G1:I G1:I B2:I")
    _batch(record, "G1:IV B1:IV G1:II B1:III", "B1:I B1:I R1:IV R1:IV")
    _batch(record, "R1:II Y1:II Y2:II G2:II", "G1:II Y1:II Y1:III B1:III")
    _settle(record)
    elsewhere = ("It only counts 2 there. Machine I shows red tomatoes, and a red coin "
                 "there counts twice: 4.")
    return _asking(record, {
        ("place:R2:I", 0): {
            "kind": "choose",
            "prompt": "Ana has drawn her first four cards. Start with the red 2-coin: at which "
                      "machine is it worth the most? Click it, then the machine.",
            "hint": "Look at the colour of the tomatoes on each machine.",
            "wrong": [{"action": f"place:R2:{place}", "comment": elsewhere}
                      for place in ("II", "III", "IV")]},
        ("place:Y1:I", 0): {
            "kind": "legal",
            "prompt": "Ana has put three cards at machine I and holds one more, the yellow "
                      "1-coin. Mark every place it may go, then press Check.",
            "hint": "Is there a limit on how many cards one machine may take?"},
        ("score:I", -1): {
            "kind": "next",
            "prompt": "Machine I, the one with red tomatoes, is open: Ana has four coins "
                      "there and Ben six. Who takes the machine?",
            "hint": "Add up each player's coins, and count every red coin twice."},
        ("score:IV", -1): {
            "kind": "next",
            "prompt": "Machine IV is open: Ana has a green and a blue 1-coin there, Ben two red "
                      "1-coins, and the tomatoes are yellow. Who gets the machine?",
            "hint": "Add up each player's coins. What if the best total is shared?",
            "choices": [
                {"text": "nobody, the machine stays for the next round", "right": True,
                 "comment": "2 against 2 is a tie, and a tie wins nothing. Next round a new "
                            "machine is put on top of this one, and the winner of the place "
                            "takes both."},
                {"text": "Ana, who put her cards there first", "right": False,
                 "comment": "The order of the cards never matters; only the totals do."},
                {"text": "Ana and Ben, half the stars each", "right": False,
                 "comment": "Machines are never split."}]}})


def police_and_thieves() -> GameRecord:
    """Three players. At the green machine II Ana's green police officer catches Ben's green
    thief; Ben's red thief is free and takes every red coin there, Ben's own included, and
    Ben takes the machine with his green 2-coin."""
    machines = [find_machine(1, "Y"), find_machine(2, "G"), find_machine(2, "B"),
                find_machine(3, "R")]
    record = _table(["Ana", "Ben", "Cai"], ["GP R2 Y1 B1 | Y1 Y1 B1 B1 | R1 R1 G1 Y2",
                                            "GT RT G2 R1 | B1 B1 Y1 Y1 | G1 G1 B2 Y2",
                                            "R1 R1 G1 Y1 | B1 R1 G1 G1 | Y1 B2 R2 G2"], machines)
    _batch(record, "GP:II R2:II Y1:I B1:III", "GT:II RT:II G2:II R1:II", "R1:II R1:II G1:II Y1:I")
    _batch(record, "Y1:I Y1:I B1:III B1:III", "B1:III B1:III Y1:I Y1:IV", "B1:III R1:IV G1:IV G1:I")
    _batch(record, "R1:IV R1:IV G1:III Y2:I", "G1:IV G1:III B2:III Y2:IV", "Y1:I B2:III R2:IV G2:IV")
    _settle(record)
    return _asking(record, {
        ("police:II", -1): {
            "kind": "next",
            "prompt": "Machine II has just been opened. Ana has a green police officer there, "
                      "Ben a green thief and a red thief. What happens first?",
            "hint": "An officer only cares about one colour of thief.",
            "choices": [
                {"text": "an arrest of Ben's green thief only", "right": True,
                 "comment": "Officers act before any thief, and each catches the thieves of "
                            "its own colour."},
                {"text": "an arrest of both of Ben's thieves", "right": False,
                 "comment": "A green officer leaves a red thief alone."},
                {"text": "a theft first, before any arrest", "right": False,
                 "comment": "It is the other way round: police first, so a caught thief never "
                            "gets to steal."}]},
        ("thieves:II", -1): {
            "kind": "next",
            "prompt": "Ben's red thief is still free. Red coins at machine II: Ana's 2, two 1s "
                      "of Cai's and a 1 of Ben's own. Which does the thief take?",
            "hint": "Does a thief care whose coin it is?",
            "choices": [
                {"text": "every red coin there, Ben's own too", "right": True,
                 "comment": "The stolen coins are simply out of the count: Ben gains nothing "
                            "from them."},
                {"text": "only Ana's and Cai's red coins", "right": False,
                 "comment": "A thief steals from its own player as well."},
                {"text": "all the red coins, as points for Ben", "right": False,
                 "comment": "Stolen coins go to their owners' discard piles and count for "
                            "nobody."}]}})


def exercises() -> list[GameRecord]:
    """The notebook's exercises: two hand-made games whose steps ask the learner (six
    questions: where a coin counts double, how many cards a machine takes, who wins a
    machine, a tie, the police and the thieves)."""
    return [ana_feeds_the_machines(), police_and_thieves()]
