"""Diced Tomatoes told in text from an observation: the command line's table
(``render_text``), what the view knows about each seat (``knowledge``), the end-of-game
table (``results``), what the viewer decides now (``prompt``) and the words a die id can be
written in (``words_for``).
Everything is made from the observation passed in; every die and vine is named in words.
"""
from __future__ import annotations

from ...core.rulebook import join_words
from .dice import (SLOTS, TOKENS, die_name_of, final_score, parse_die, parse_vine, plural,
                   shape_words, worth)
from .dice import solo_score as solo_points

PHASES = {"start": "start roll", "roll": "a roll is due", "play": "placing dice",
          "reroll": "a die is rolled again", "harvest": "a harvest is due",
          "clear": "deciding about a vine worth 0", "pass": "the turn ends",
          "end": "the game ends", "over": "game over"}


def seat_name(seat: int, names) -> str:
    return names[seat] if 0 <= seat < len(names) else f"Player {seat + 1}"


def vine_of(obs, vine_text: str) -> tuple:
    """The dice (as ints) of the vine an id names."""
    seat, token = parse_vine(vine_text)
    return tuple(parse_die(d) for d in obs["seats"][seat]["vines"][token])


def vine_summary(dice_ids) -> str:
    """"a run 3 to 5, worth 4" or "empty"."""
    vine = tuple(parse_die(d) for d in dice_ids)
    if not vine:
        return "empty"
    return f"{shape_words(vine)}, worth {worth(vine)}"


def dice_words(dice_ids) -> str:
    return join_words([die_name_of(d) for d in dice_ids]) if dice_ids else "none"


def vines_words(spots, names) -> str:
    """Vine ids as words: "Ana's A, Ben's C"."""
    return ", ".join(f"{seat_name(int(spot[0]), names)}'s {spot[1]}" for spot in spots)


def track_words(track) -> str:
    """"5, 4 and 2" (worths, slot 1 first)."""
    return join_words([str(points) for _, points in track]) if track else "none yet"


def score_parts(obs, seat: int) -> dict:
    """The final score of a seat in parts, from the observation (see ``dice.final_score``)."""
    info = obs["seats"][seat]
    return final_score([points for _, points in info["track"]], info["bonus"], info["karma"],
                       [len(vine) for vine in info["vines"]])


def solo_score(obs) -> tuple[int, int, int]:
    """(score, matches, needed) of a one-player game under its scoring option."""
    settings = obs["settings"]
    info = obs["seats"][0]
    score, matches = solo_points([points for _, points in info["track"]], info["karma"],
                                 [len(vine) for vine in info["vines"]], settings["solo_scoring"])
    return score, matches, 1 if settings["solo_scoring"] == "page" else settings["solo_target"]


def winners(obs) -> list[int]:
    """Who wins a finished game, read from its observation (alone: [0] or nobody)."""
    n = obs["players"]
    if n == 1:
        score, _, needed = solo_score(obs)
        return [0] if score >= needed else []
    totals = [score_parts(obs, seat)["total"] for seat in range(n)]
    best = max(totals)
    return [seat for seat in range(n) if totals[seat] == best]


# ---- the command line's table -----------------------------------------------------------
def render_text(obs: dict, names) -> str:
    n = obs["players"]
    red, black = obs["bushel"]
    head = f"Round {obs['round']}" if obs["round"] else "Before the start roll"
    if obs["final"]:
        head += " (final round)" if n > 1 else " (last turn)"
    if obs["turn"] >= 0 and obs["phase"] != "over":
        head += f" | {seat_name(obs['turn'], names)}'s turn"
    head += f" | {PHASES[obs['phase']]} | bushel: {red} red, {black} black"
    lines = [head]
    hand = [(slot, die) for slot, die in enumerate(obs["hand"]) if die]
    if hand:
        parts = []
        for slot, die in hand:
            spots = obs["spots"][slot]
            where = f"fits {vines_words(spots, names)}" if spots else "no spot"
            parts.append(f"die {slot + 1} {die_name_of(die)} ({where})")
        lines.append("  Dice this turn: " + "; ".join(parts))
    if obs["passed"]:
        lines.append(f"  Passed on: {dice_words(obs['passed'])}")
    for seat, info in enumerate(obs["seats"]):
        marks = []
        if seat == obs["first"] and n > 1:
            marks.append("first")
        if seat == obs["last"] and n > 1:
            marks.append("last")
        if seat in obs["to_act"]:
            marks.append("to act")
        mark = f" [{', '.join(marks)}]" if marks else ""
        lines.append(f"  {seat_name(seat, names)}{mark}: karma {info['karma']}; score track "
                     f"{track_words(info['track'])}" + (" (+2 for the sixth first)" if info["bonus"] else ""))
        for token, vine in zip(TOKENS, info["vines"]):
            dice = f" ({', '.join(die_name_of(d) for d in vine)})" if vine else ""
            lines.append(f"      tomato {token}: {vine_summary(vine)}{dice}")
    if obs["phase"] == "over":
        if n == 1:
            score, matches, needed = solo_score(obs)
            result = "won" if score >= needed else "lost"
            lines.append(f"  Solo score: {score} ({matches} of 6 slots matched): {result}")
        else:
            totals = ", ".join(f"{seat_name(s, names)} {score_parts(obs, s)['total']}" for s in range(n))
            lines.append(f"  Final scores: {totals}")
    return "\n".join(lines)


# ---- what the view knows about each seat -------------------------------------------------
def knowledge(obs: dict, names) -> dict[int, str]:
    """Per seat, what the table shows about them (nothing is hidden in this game): karma,
    the tomatoes harvested and their vines."""
    told = {}
    n = obs["players"]
    for seat, info in enumerate(obs["seats"]):
        parts = [f"karma {info['karma']}"]
        track = info["track"]
        if track:
            total = sum(points for _, points in track)
            parts.append(f"harvested {track_words(track)} ({plural(total, 'point')})")
        growing = [f"{token} {vine_summary(vine)}" for token, vine in zip(TOKENS, info["vines"]) if vine]
        if growing:
            parts.append("vines: " + "; ".join(growing))
        if len(track) >= SLOTS:
            parts.append("score track full")
        if n > 1 and obs["phase"] != "over":
            parts.append(f"{plural(score_parts(obs, seat)['total'], 'point')} if the game ended now")
        told[seat] = "; ".join(parts) + "."
    return told


# ---- the end of the game ------------------------------------------------------------------
def results(obs: dict, names) -> dict:
    n = obs["players"]
    if n == 1:
        return _solo_results(obs, names)
    parts = [score_parts(obs, seat) for seat in range(n)]
    order = sorted(range(n), key=lambda s: (-parts[s]["total"], s))
    rows = [[seat_name(s, names), track_words(obs["seats"][s]["track"]),
             str(parts[s]["bonus"]), str(parts[s]["karma_points"]), str(parts[s]["vines"]),
             str(parts[s]["total"])] for s in order]
    best = winners(obs)
    who = join_words([seat_name(s, names) for s in best])
    total = parts[best[0]]["total"]
    if len(best) == 1:
        others = sorted((parts[s]["total"] for s in range(n) if s != best[0]), reverse=True)
        decided = f"{who} has the most points: {total}, the next best {others[0]}."
    else:
        decided = f"{who} share the win with {total} points each."
    return {"columns": ["Player", "Tomatoes", "Sixth first", "Karma points", "Three-dice vines", "Total"],
            "rows": rows, "order": order, "winners": best, "decided": decided}


def _solo_results(obs, names) -> dict:
    score, matches, needed = solo_score(obs)
    track = obs["seats"][0]["track"]
    slots = []
    for slot in range(1, SLOTS + 1):
        if slot <= len(track):
            points = track[slot - 1][1]
            slots.append(f"{slot}: {points} {'match' if points == slot else 'no match'}")
        else:
            slots.append(f"{slot}: empty")
    won = score >= needed
    name = seat_name(0, names)
    if obs["settings"]["solo_scoring"] == "page":
        decided = (f"{name} matched {matches} of 6 slots: {score} points, "
                   f"{'above 0: a win' if won else 'not above 0: a loss'}.")
    else:
        decided = (f"{name} scored {score} points with {matches} matching slots; "
                   f"{needed} were needed: {'a win' if won else 'a loss'}.")
    return {"columns": ["Player", "Slots", "Matches", "Score", "Result"],
            "rows": [[name, "; ".join(slots), str(matches), str(score), "won" if won else "lost"]],
            "order": [0], "winners": [0] if won else [], "decided": decided}


# ---- what the viewer decides now ----------------------------------------------------------
def prompt(obs: dict, names, legal) -> str:
    """One sentence over the table: what the viewer decides now and how to click it, from
    their legal action ids ("" when they decide nothing)."""
    legal = list(legal or ())
    if not legal or not isinstance(obs["perspective"], int):
        return ""
    if obs["phase"] == "clear":
        vine = legal[0].partition(":")[2]
        return f"Your tomato {vine[1]} is worth 0: clear it (its dice go back to the bushel) or keep it?"
    if obs["phase"] != "play":
        return ""
    places = [action for action in legal if _is_die_action(action) and action[-2].isdigit()]
    if places:
        return _place_prompt(obs, names, legal, places)
    return _stuck_prompt(obs, names, legal)


def _place_prompt(obs, names, legal, places) -> str:
    """Dice to place: which, whose tomatoes they fit, and that a power is a click too."""
    slots = sorted({int(action.split(":")[0][1:]) - 1 for action in places})
    where = _whose_tomatoes(obs, names, {int(action.split(":")[1][0]) for action in places})
    power = " or a karma power" if _die_powers(legal) else ""
    if len(slots) == 1:
        return f"Place the {die_name_of(obs['hand'][slots[0]])}: click it, then {where}{power}"
    return f"Place {len(slots)} dice: click a die, then {where}{power}"


def _whose_tomatoes(obs, names, owners) -> str:
    """"one of your tomatoes", "a tomato (yours or Ben's)", "anybody's tomato"."""
    viewer = obs["perspective"]
    if owners == {viewer}:
        return "one of your tomatoes"
    if len(owners) > 2 and len(owners) == obs["players"]:
        return "anybody's tomato"
    words = ["yours" if seat == viewer else f"{seat_name(seat, names)}'s"
             for seat in sorted(owners, key=lambda seat: (seat != viewer, seat))]
    if len(words) == 1:
        return f"a tomato of {words[0]}"
    return "a tomato (" + ", ".join(words[:-1]) + " or " + words[-1] + ")"


def _stuck_prompt(obs, names, legal) -> str:
    """No die has a spot: karma may help, or the turn ends (and who gets the dice left)."""
    left = [die for die in obs["hand"] if die]
    nxt = seat_name((obs["turn"] + 1) % obs["players"], names)
    ending = f"end your turn ({nxt} rolls the dice left)" if left and obs["players"] > 1 else "end your turn"
    if not left:
        head = "Every die is placed"
    else:
        head = "No die has a spot" if len(left) > 1 else "Your die has no spot"
    if _die_powers(legal):
        which = "it" if len(left) == 1 else "a die"
        return f"{head}: click {which}, then a karma power, or {ending}"
    if any(action.startswith(("clean:", "flip:")) for action in legal):
        return f"{head}: clean or flip a vine with karma, or {ending} (buttons under the table)"
    return f"{head}: {ending}"


def _is_die_action(action: str) -> bool:
    """A die of this turn put somewhere: ``d2:1B`` (onto a tomato) or ``d2:up`` (a power)."""
    return action.startswith("d") and ":" in action


def _die_powers(legal) -> bool:
    return any(_is_die_action(action) and not action[-2].isdigit() for action in legal)


def words_for(token: str) -> list[str]:
    """The ways an id from an observation can be written in a text naming that very thing.
    Nothing is hidden in Diced Tomatoes, so no test ever has to look for one; dice are not
    unique, so a die's name ("red 5") names no particular die."""
    return [token]
