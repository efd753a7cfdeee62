"""Every phrase of Liar's Dice, made from an observation: faces and bids, the command line's
table (``render_text``), what a view knows of each seat (``knowledge``), the end-of-game
table (``results``), what the viewer decides now (``prompt``) and ``words_for``."""
from __future__ import annotations

from tomato_widgets.core.rulebook import join_words
from tomato_widgets.core.text import plural

FACE_WORDS = {1: ("one", "ones"), 2: ("two", "twos"), 3: ("three", "threes"),
              4: ("four", "fours"), 5: ("five", "fives"), 6: ("six", "sixes")}
PHASES = {"roll": "the dice are rolled next", "bid": "bidding", "lose": "the call is settled next",
          "over": "game over"}


def seat_name(seat, names) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else f"Player {seat + 1}"


def bid_words(quantity: int, face: int) -> str:
    """"3 fives", "1 six"."""
    one, many = FACE_WORDS.get(face, (f"{face}", f"{face}s"))
    return f"{quantity} {one if quantity == 1 else many}"


def dice_words(dice) -> str:
    """"1, 4 and 6"; hidden dice as "?"."""
    return join_words(["?" if die is None else str(die) for die in dice]) if dice else "no dice"


def wild_face(obs) -> int | None:
    settings = obs["settings"]
    if settings["rules"] == "openspiel":
        return 6
    return 1 if settings["wild_ones"] else None


def last_bid(obs, names) -> str:
    if not obs["bids"]:
        return "no bid yet"
    seat, quantity, face = obs["bids"][-1]
    return f"{seat_name(seat, names)} bid {bid_words(quantity, face)}"


def call_words(obs, names) -> str:
    """What the call found, once the cups are lifted ("" before)."""
    call = obs["call"]
    if call is None:
        return ""
    _, quantity, face = obs["bids"][-1]
    met = call["found"] >= quantity
    return (f"{seat_name(call['caller'], names)} called {bid_words(quantity, face)}: "
            f"{call['found']} found, the bid {'stands' if met else 'fails'}; "
            f"{seat_name(call['loser'], names)} loses")


def render_text(obs: dict, names) -> str:
    head = f"Round {obs['round']}" if obs["round"] else "Before the first roll"
    head += f" | {PHASES[obs['phase']]} | {plural(obs['total'], 'die', 'dice')} on the table"
    wild = wild_face(obs)
    head += f" | {FACE_WORDS[wild][1]} are wild" if wild else " | nothing is wild"
    lines = [head]
    for seat in range(obs["players"]):
        marks = [m for m, yes in (("to act", seat in obs["to_act"]),
                                  ("out", not obs["counts"][seat])) if yes]
        mark = f" [{', '.join(marks)}]" if marks else ""
        cup = dice_words(obs["dice"][seat]) if obs["dice"][seat] else "-"
        lines.append(f"  {seat_name(seat, names)}{mark}: {plural(obs['counts'][seat], 'die', 'dice')}; "
                     f"under the cup: {cup}")
    if obs["bids"]:
        said = ", ".join(f"{seat_name(s, names)} {bid_words(q, f)}" for s, q, f in obs["bids"])
        lines.append(f"  Bids: {said}")
    if obs["call"]:
        lines.append(f"  Call: {call_words(obs, names)}")
    if obs["phase"] == "over":
        lines.append(f"  {seat_name(obs['winner'], names)} wins.")
    return "\n".join(lines)


def knowledge(obs: dict, names) -> dict[int, str]:
    """Per seat: the dice it has and, where this view may see them, their faces; its last bid."""
    told = {}
    for seat in range(obs["players"]):
        count = obs["counts"][seat]
        if not count:
            told[seat] = "Out of the game (no dice left)."
            continue
        parts = [plural(count, "die", "dice")]
        dice = obs["dice"][seat]
        if dice and None not in dice:
            parts.append(f"showing {dice_words(dice)}")
        elif dice:
            parts.append("hidden under the cup")
        bids = [bid for bid in obs["bids"] if bid[0] == seat]
        if bids:
            parts.append(f"last bid {bid_words(*bids[-1][1:])}")
        told[seat] = "; ".join(parts) + "."
    return told


def results(obs: dict, names) -> dict:
    n = obs["players"]
    winner = obs["winner"]
    openspiel = obs["ended_by"] == "end.one-round"
    if openspiel:
        scores = [1 if seat == winner else -1 for seat in range(n)]
    else:
        scores = list(obs["counts"])
    order = sorted(range(n), key=lambda seat: (seat != winner, -scores[seat], seat))
    rows = [[seat_name(s, names), str(scores[s]), "won" if s == winner else "lost"] for s in order]
    if openspiel:
        decided = f"One call decided the game: {call_words(obs, names)}."
    else:
        decided = (f"{seat_name(winner, names)} is the last player with dice "
                   f"({plural(scores[winner], 'die', 'dice')} left).")
    return {"columns": ["Player", "Score" if openspiel else "Dice left", "Result"],
            "rows": rows, "order": order, "winners": [winner], "decided": decided}


def prompt(obs: dict, names, legal) -> str:
    legal = list(legal or ())
    if not legal or obs["phase"] != "bid":
        return ""
    if "call" not in legal:
        return (f"You open round {obs['round']}: bid how many of the "
                f"{obs['total']} dice on the table show a face (yours included).")
    return (f"{last_bid(obs, names)}. Raise the bid (more dice, or as many of a higher face), "
            "or call it if you think it is not met.")


def words_for(token: str) -> list[str]:
    """A cup's dice ("1,4,4", see ``views``) as texts write them: the id, and the phrases
    that tell a cup ("rolls 1, 4 and 4", "showing 1, 4 and 4"; "4 and 4" alone is part of
    another cup's words). A single face names no particular die."""
    faces = token.split(",")
    if len(faces) > 1 and all(face in ("1", "2", "3", "4", "5", "6") for face in faces):
        return [token, f"rolls {dice_words(faces)}", f"showing {dice_words(faces)}"]
    return [token]
