"""Karate Tomate told in text from one perspective: the table for the command line
(``render_text``), what the view knows about each seat (``knowledge``), the end-of-game
table (``results``) and the sentence over the table saying what the viewer decides now
(``prompt``). Everything is made from the observation passed in, so nothing hidden
from that view can be in it, and everything is named in words (``words.py``).
"""
from __future__ import annotations

from .cards import is_tomato, plural, tomato_value
from .views import final_ranking
from .words import (cards_words, named, offer_words, ranking_words, score_words, tomato_words,
                    won_words)

PHASES = {"deal": "the deal comes next", "turnup": "the warm-up comes next", "fight": "the fight",
          "reveal": "the fight: the cards turn over next", "drop": "the fight: drawing",
          "discard": "the fight: discarding", "draw": "drawing", "reshuffle": "drawing",
          "rank": "the fight is over", "swap": "the triumph: Tomatoes swap next",
          "pick": "the triumph: picking", "clear": "the round ends", "call": "calling the end",
          "score": "the game ends", "over": "game over"}


# ---- shared pieces --------------------------------------------------------------------------
def fight_words(seat_info) -> str:
    """Where a player stands in this round's fight (asked during a fight): ``fights in
    carrot: the carrot 3 (3)``, ``out of this fight after the corn 2 (2)``, ``out of this
    fight``; "" for a player still fighting who has not shown a card yet."""
    played = seat_info["played"]
    if seat_info["fighting"]:
        if not played:
            return ""
        return f"fights in {seat_info['colour']}: {cards_words(played)} ({seat_info['total']})"
    if played:
        return f"out of this fight after {cards_words(played)} ({seat_info['total']})"
    return "out of this fight"


def _in_fight(obs) -> bool:
    return obs["heat"] > 0


# ---- the command line's table -----------------------------------------------------------------
def render_text(obs: dict, names) -> str:
    """A plain-text table: the round and what happens now, the Triumph cards and the piles,
    one block per player, the picking order."""
    head = f"Round {obs['round']}" if obs["round"] else "Before the first round"
    if obs["phase"] == "turnup":
        head = f"Round {obs['round'] + 1}"
    if obs["heat"]:
        head += f" | heat {obs['heat']}"
    head += (f" | {PHASES[obs['phase']]} | Triumph pile {obs['pile']}, draw pile "
             f"{obs['draw']}, discard pile {len(obs['discard'])}")
    lines = [head, f"  Triumph cards up (this table needs {obs['needed']}): "
                   f"{offer_words(obs['offer'])}"]
    if obs["discard"]:
        lines.append(f"  Discard pile: {cards_words(obs['discard'])}")
    for seat, info in enumerate(obs["seats"]):
        marks = " [to act]" if seat in obs["to_act"] else ""
        tomato = tomato_words(info["tomato"]) if info["tomato"] else "Tomato face down"
        if info["tomato"] and not info["tomato_shown"]:
            tomato += " (not shown)"
        hand = cards_words(info["hand"]) if info["hand"] is not None else \
            plural(info["hand_size"], "card")
        lines.append(f"  {named(seat, names)}{marks}: {tomato}; hand: {hand}")
        fight = fight_words(info) if _in_fight(obs) else ""
        if info["committed"]:
            fight += ("; " if fight else "") + (
                f"face down: {_commit_words(info['commit'])}" if info["commit"] else
                "a card face down")
        if fight:
            lines.append(f"      {fight}")
        lines.append(f"      {_won_line(info)}")
    if obs["order"]:
        lines.append("  Picking order: " + ranking_words(zip(obs["order"], obs["totals"]), names)
                     + f" ({obs['picked']} picked)")
    return "\n".join(lines)


def _commit_words(commit: str) -> str:
    return tomato_words(commit) if is_tomato(commit) else cards_words([commit])


def _won_line(info) -> str:
    if info["won"] is not None:
        return f"won {won_words(info['won'])}" if info["won"] else "no Triumph card yet"
    if not info["won_count"]:
        return "no Triumph card yet"
    return f"won {plural(info['won_count'], 'Triumph card')}, face down"


# ---- what the view knows about each seat ----------------------------------------------------
def knowledge(obs: dict, names) -> dict[int, str]:
    """What the view knows about each seat, one short text per seat without the seat's name
    (the shell writes it): the Tomato when this view may know it, the hand where it may see
    it (else how many cards), the seat's place in this round's fight, and its Triumph cards
    (what they add up to where it may see them, else how many)."""
    told = {}
    fighting = _in_fight(obs)
    for seat, info in enumerate(obs["seats"]):
        parts = []
        if info["tomato"]:
            verb = "showed" if info["tomato_shown"] else "holds"
            parts.append(f"{verb} {tomato_words(info['tomato'])}")
        if info["hand"] is not None:
            parts.append(f"hand: {cards_words(info['hand'])}" if info["hand"] else "no cards")
        elif obs["round"]:
            parts.append(f"{plural(info['hand_size'], 'card')} in hand")
        if fighting and fight_words(info):
            parts.append(fight_words(info))
        if info["won"] is not None:
            if info["won"]:
                parts.append(f"won {won_words(info['won'])}")
        elif info["won_count"]:
            parts.append(f"won {plural(info['won_count'], 'Triumph card')}")
        if parts:
            told[seat] = "; ".join(parts) + "."
    return told


# ---- the end of the game ----------------------------------------------------------------------
COLUMNS = ["Player", "Trophies", "Knives", "Tomato", "Result"]


def final_result(obs):
    """(``views.final_ranking`` of a finished game read from its observation, the Tomatoes
    as this view knows them: 0 for one not shown, which no tie-break ever needs)."""
    seats = obs["seats"]
    tomatoes = [tomato_value(seat["tomato"]) if seat["tomato"] else 0 for seat in seats]
    return final_ranking([seat["trophies"] for seat in seats], [seat["knives"] for seat in seats],
                         tomatoes), tomatoes


def results(obs: dict, names) -> dict:
    """The end-of-game table: one row per player, the winner first, then the others by
    trophies, knives and Tomato, those knocked out by the knife rule last; the winner and a
    sentence on what decided it."""
    seats = obs["seats"]
    (losers, winner, rule, compared), tomatoes = final_result(obs)
    key = {seat: (seat != winner, seat in losers, -seats[seat]["trophies"],
                  -seats[seat]["knives"], -tomatoes[seat], seat) for seat in range(len(seats))}
    order = sorted(range(len(seats)), key=key.get)
    rows = []
    for seat in order:
        info = seats[seat]
        result = "wins" if seat == winner else (
            "fewest knives: out of the running" if seat in losers else "")
        rows.append([named(seat, names), str(info["trophies"]), str(info["knives"]),
                     str(tomato_value(info["tomato"])) if info["tomato"] else "not shown",
                     result])
    return {"columns": list(COLUMNS), "rows": rows, "order": order, "winners": [winner],
            "decided": _decided(obs, names, losers, winner, rule, compared)}


def _decided(obs, names, losers, winner, rule, compared) -> str:
    """What decided the winner, with the numbers."""
    seats = obs["seats"]
    who = named(winner, names)
    best = seats[winner]
    if losers:
        knocked = (f"{' and '.join(named(s, names) for s in losers)} had the fewest knives "
                   f"({seats[losers[0]]['knives']}) and could not win. ")
    else:
        knocked = f"Everybody had {plural(seats[0]['knives'], 'knife', 'knives')}: nobody was knocked out. "
    if rule == "end.most-trophies":
        others = sorted((seats[s]["trophies"] for s in range(len(seats))
                         if s != winner and s not in losers), reverse=True)
        after = f", the next best {others[0]}" if others else ""
        return f"{knocked}{who} has the most trophies of the others: {best['trophies']}{after}."
    level = " and ".join(named(s, names) for s in compared)
    if rule == "end.most-knives":
        return (f"{knocked}{level} have {plural(best['trophies'], 'trophy', 'trophies')} each; "
                f"{who} has the most knives: {best['knives']}.")
    return (f"{knocked}{level} have {score_words(best['trophies'], best['knives'])} each; "
            f"{who} has the higher Tomato: {tomato_words(best['tomato'])}.")


# ---- what the viewer decides now ------------------------------------------------------------
def prompt(obs: dict, names, legal) -> str:
    """One short sentence over the table: what the viewer (the observation's perspective)
    decides now and how to click it, from their legal action ids ("" when they have none)."""
    legal = set(legal or ())
    me = obs["perspective"]
    if not legal or not isinstance(me, int):
        return ""
    if "tomato" in legal:
        return _heat_prompt(obs, legal)
    if "draw-two" in legal:
        if "discard-two" in legal:
            return "You played your Tomato: draw two, or discard two and draw four (buttons below)"
        return "You played your Tomato: draw two cards (button below)"
    if any(action.startswith("discard:") for action in legal):
        left = obs["discarding"]
        return (f"Click {left} cards of your hand to discard, then draw four" if left > 1
                else "Click one more card of your hand to discard, then draw four")
    if any(action.startswith("take:") for action in legal):
        return _pick_prompt(obs, names)
    if "call-end" in legal:
        trophies = obs["seats"][me]["trophies"]
        return (f"You have {plural(trophies, 'trophy', 'trophies')}: call the end of the game or "
                "play on (buttons below)")
    return ""


def _heat_prompt(obs, legal) -> str:
    heat = obs["heat"]
    colour = obs["seats"][obs["perspective"]]["colour"]
    cards = any(action.startswith("play:") for action in legal)
    if heat > 1 and colour and not cards:
        return f"Heat {heat}: no {colour} card left: click your Tomato to drop out"
    if heat > 1 and colour:
        return f"Heat {heat}: click a {colour} card to put it face down, or your Tomato to drop out"
    return f"Heat {heat}: click a card to put it face down, or your Tomato to drop out"


def _pick_prompt(obs, names) -> str:
    """Taking a Triumph card, with who picks after the viewer."""
    order, place = obs["order"], obs["picked"]
    after = order[place + 1:]
    then = f"{named(after[0], names)} picks after you" if after else "the last pick"
    return f"Click the Triumph card you take ({then})"
