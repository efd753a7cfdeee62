"""Tomatomat told in text from one perspective: the table for the command line
(``render_text``), what the view knows about each seat (``knowledge``), the end-of-game
table (``results``) and what the viewer decides now (``prompt``). Everything is made from the observation passed in, so nothing hidden
from that view can be in it, and every thing is named in words (``words.py``).
"""
from __future__ import annotations

from ...core.rulebook import join_words
from .machines import stars_text
from .views import POSITION_NAMES as POSITIONS, winners
from .words import named_cards, plural, seat_name, stack_words, won_words

PHASES = {"deal": "between rounds", "allocate": "placing cards", "resolve": "settling machines",
          "over": "game over"}
STAGES = {"reveal": "cards turned up", "police": "the police have acted",
          "thieves": "the thieves have acted", "score": "scored"}
FATES = {"open": "face up", "police": "officer, discarded", "caught": "caught",
         "thief": "thief, discarded", "stolen": "stolen", "scored": "scored"}


# ---- the command line's table -----------------------------------------------------------
def _placed_text(entry) -> str:
    if entry["cards"]:
        return f"{entry['count']} ({named_cards(entry['cards'])})"
    return str(entry["count"])


def render_text(obs: dict, names) -> str:
    """A plain-text table: the round, the four machines, one block per player, the spare
    decks and the machine being settled."""
    machine_set = obs["settings"]["machine_set"]
    head = f"Round {obs['round']} of {obs['rounds']}" if obs["round"] else "Before the first round"
    if obs["phase"] == "allocate":
        head += f" | batch {obs['batch']} of 3"
    head += f" | {PHASES[obs['phase']]} | machines face down: {obs['stock']}"
    lines = [head]
    for place in obs["positions"]:
        what = stack_words(machine_set, place["stack"]) if place["stack"] else "(empty)"
        lines.append(f"  Machine {place['position']:<3} {what}")
    for seat, info in enumerate(obs["seats"]):
        marks = " [to act]" if seat in obs["to_act"] else ""
        if info["hand"] is not None:
            hand = named_cards(info["hand"])
        else:
            hand = f"{info['hand_size']} hidden" if info["hand_size"] else ""
        lines.append(f"  {seat_name(seat, names)}{marks}: hand {hand or '-'}; deck {info['deck']}")
        spots = " | ".join(f"{place['position']}: {_placed_text(entry)}"
                           for place, entry in zip(obs["positions"], info["placed"]))
        extra = f" | {info['batch_hidden']} more face down, place unknown" if info["batch_hidden"] else ""
        lines.append(f"      placed  {spots}{extra}")
        if info["discard"]:
            lines.append(f"      discard pile: {named_cards(info['discard'])}")
        if info["won"]:
            lines.append(f"      won: {won_words(machine_set, info['won'])}")
        lines.append(f"      {stars_text(info['stars'])}, {plural(info['machines'], 'machine')}")
    for dummy in obs["dummies"]:
        cards = f" ({named_cards(dummy['cards'])})" if dummy["cards"] else ""
        lines.append(f"  {seat_name(dummy['slot'], names).capitalize()}: "
                     f"{plural(dummy['deck'], 'card')}{cards}")
    if obs["dummies"]:
        order = [seat_name(slot, names) for slot in obs["pass_order"]]
        lines.append("  Piles pass: " + " -> ".join(order + order[:1]))
    res = obs["resolution"]
    if res:
        lines.append(f"  Machine {res['position']} ({stack_words(machine_set, res['machines'])}), "
                     f"{STAGES[res['stage']]}:")
        for seat, card, fate in res["cards"]:
            lines.append(f"      {seat_name(seat, names)}: {named_cards([card])} ({FATES[fate]})")
        if res["totals"] is not None:
            totals = ", ".join(f"{seat_name(s, names)} {t}" for s, t in enumerate(res["totals"]))
            result = f"won by {seat_name(res['winner'], names)}" if res["winner"] is not None else "tie"
            lines.append(f"      totals: {totals}; {result}")
    return "\n".join(lines)


# ---- what the view knows about each seat -------------------------------------------------
def _face_down(info, seat_known: bool) -> list[str]:
    """The cards a seat has face down at the machines: named where this view may know them,
    else how many at each (for another seat: only batches everybody has finished)."""
    placed = [(pos, entry) for pos, entry in zip(POSITIONS, info["placed"]) if entry["count"]]
    parts = []
    if placed and all(entry["cards"] is not None for _, entry in placed):
        parts.append("face down " + "; ".join(f"at {pos}: {named_cards(entry['cards'])}"
                                              for pos, entry in placed))
    elif placed:
        counts = ", ".join(f"{plural(entry['count'], 'card') if i == 0 else entry['count']} at {pos}"
                           for i, (pos, entry) in enumerate(placed))
        parts.append(f"face down, not to be looked at again: {counts}" if seat_known
                     else f"face down: {counts}")
    if info["batch_hidden"]:
        parts.append(f"{info['batch_hidden']} more this batch, machines not shown yet")
    return parts


def _at_the_machine(obs, seat) -> list[str]:
    """The seat's cards at the machine being settled, or what it scored there."""
    res = obs["resolution"]
    if not res or obs["phase"] != "resolve":
        return []
    mine = [card for owner, card, _ in res["cards"] if owner == seat]
    if res["totals"] is not None:
        if not mine:
            return []
        won = " and wins it" if res["winner"] == seat else ""
        return [f"scores {res['totals'][seat]} at {res['position']}{won}"]
    return [f"turned up at {res['position']}: {named_cards(mine)}"] if mine else []


def knowledge(obs: dict, names) -> dict[int, str]:
    """What the view knows about each seat, one short text per seat without the seat's name
    (the shell writes it): the seat's own cards where this view may know them (the hand;
    the face-down cards by name only in the all-seeing view or with the teaching option
    ``remember_own``, else how many lie at each machine), the others' face-down cards as
    the table counts them, their cards at the machine being settled, the machines won.
    Seats with nothing to tell are left out."""
    view = obs["perspective"]
    told = {}
    for seat, info in enumerate(obs["seats"]):
        parts = []
        if info["hand"]:
            parts.append(f"holds {named_cards(info['hand'])}")
        parts += _face_down(info, seat_known=view == seat)
        parts += _at_the_machine(obs, seat)
        if info["won"]:
            parts.append(f"won {stars_text(info['stars'])} with {plural(info['machines'], 'machine')}")
        if parts:
            told[seat] = "; ".join(parts) + "."
    return told


# ---- the end of the game ------------------------------------------------------------------
COLUMNS = ["Player", "Stars", "Machines", "Machines won"]


def results(obs: dict, names) -> dict:
    """The end-of-game table: one row per player, best first (most stars, then most
    machines), what each won, the winners and a sentence on what decided it."""
    seats = obs["seats"]
    machine_set = obs["settings"]["machine_set"]
    ranked = sorted(range(len(seats)), key=lambda s: (-seats[s]["stars"], -seats[s]["machines"], s))
    rows = [[seat_name(s, names), str(seats[s]["stars"]), str(seats[s]["machines"]),
             won_words(machine_set, seats[s]["won"]) or "nothing"] for s in ranked]
    best = winners(obs)
    return {"columns": list(COLUMNS), "rows": rows, "order": ranked, "winners": best,
            "decided": _decided(seats, names, best)}


def _decided(seats, names, leaders) -> str:
    """What decided the winner, with the numbers: the stars; on a tie of stars the machines;
    else a shared win."""
    stars = [seat["stars"] for seat in seats]
    machines = [seat["machines"] for seat in seats]
    best = max(stars)
    level = [s for s in range(len(seats)) if stars[s] == best]
    who = join_words([seat_name(s, names) for s in leaders])
    if len(level) == 1:
        others = sorted((stars[s] for s in range(len(seats)) if s != leaders[0]), reverse=True)
        return f"{who} has the most stars: {best}, the next best has {others[0]}."
    tied = join_words([seat_name(s, names) for s in level])
    if len(leaders) == 1:
        rest = join_words([str(machines[s]) for s in level if s != leaders[0]])
        return (f"{tied} have {stars_text(best)} each; {who} has the most machines: "
                f"{machines[leaders[0]]} to {rest}.")
    return (f"{who} share the win: {stars_text(best)} and "
            f"{plural(machines[leaders[0]], 'machine')} each.")


# ---- what the viewer decides now ------------------------------------------------------------
def prompt(obs: dict, names, legal) -> str:
    """One sentence for the strip over the table: what the viewer places now and how to
    click it, and who else is placing (everybody places at the same time, so it matters
    whether the others wait). "" when the viewer has nothing to decide."""
    me = obs["perspective"]
    placing = [action for action in legal or () if action.startswith("place:")]
    if not placing or isinstance(me, bool) or not isinstance(me, int):
        return ""
    batch = obs["batch"]
    left = obs["seats"][me]["hand_size"]
    if left == 4:
        what = f"Batch {batch} of 3: click a card of your hand, then the machine it goes to"
    elif left == 1:
        what = f"Your last card of batch {batch}: click it, then the machine it goes to"
    else:
        what = f"Batch {batch} of 3, {left} cards to go: click a card, then its machine"
    others = [seat for seat in range(obs["players"]) if seat != me]
    still = [seat_name(seat, names) for seat in others if seat in obs["to_act"]]
    if still:
        return f"{what}; {join_words(still)} {'is' if len(still) == 1 else 'are'} placing too"
    done = [seat_name(seat, names) for seat in others]
    verb = "has placed and waits" if len(done) == 1 else "have placed and wait"
    return f"{what}; {join_words(done)} {verb} for you"
