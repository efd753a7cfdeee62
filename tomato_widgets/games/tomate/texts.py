"""Tomate in words: the plain-text table (the command line), the stage of the round (the
board's header line), the end-of-game table, and what the viewer decides now (the live
widget's prompt). Everything is read from one observation, so a view is told only what it
may see.
"""
from __future__ import annotations

from ...core.text import plural
from .cards import CARD_BY_ID, card_name
from .known import join
from .rules import TRICKS_PER_ROUND
from .tricks import allowed_cards, winning_play

__all__ = ["prompt", "render_text", "results", "status_text"]

MIDDLE_DOT = "\u00b7"


def name_of(names, seat: int) -> str:
    return str(names[seat]) if 0 <= seat < len(names) else f"Player {seat + 1}"


# ---- the plain-text table -----------------------------------------------------------------
def _cards(cards) -> str:
    return ", ".join("(face down)" if c is None else card_name(c) for c in cards) or "-"


def render_text(obs: dict, names) -> str:
    """A plain-text table: round, trump, pot, then one line per player."""
    lines = []
    dealer = obs["dealer"]
    head = f"Round {obs['round']}" if obs["round"] else "Before the first deal"
    if obs["trump"]:
        taken = " (taken by the dealer)" if obs["trump_taken"] else ""
        head += f" | trump: {card_name(obs['trump'])}{taken}"
    head += f" | pot: {obs['pot']} | stock: {obs['stock']} cards"
    lines.append(head)
    for seat, name in enumerate(names):
        marks = []
        if seat == dealer:
            marks.append("dealer")
        if seat in obs["to_act"]:
            marks.append("to act")
        if obs["status"][seat]:
            marks.append("plays" if obs["status"][seat] == "play" else "passed")
        tricks = obs["tricks"][seat]
        label = f"{name} [{', '.join(marks)}]" if marks else name
        line = f"  {label}: {obs['chips'][seat]} chips, {tricks} trick(s); hand: {_cards(obs['hands'][seat])}"
        lines.append(line)
    if obs["trick"]:
        plays = "; ".join(f"{names[seat]}: {card_name(card)}" for seat, card in obs["trick"])
        lines.append(f"  Trick {obs['trick_no'] + 1}: {plays}")
    if obs["has_discard"]:
        lines.append(f"  Dealer's discard: {card_name(obs['discard']) if obs['discard'] else '(face down)'}")
    return "\n".join(lines)


# ---- the header line: the stage of the round ---------------------------------------------
def status_text(obs: dict, names, short: bool = False) -> str:
    """The stage of the game, in words (who acts shows on the seats, not here). ``short``:
    in a few words and without the players' names, for a board too narrow for one line."""
    phase = obs["phase"]
    if phase == "cut":
        cutters = obs.get("cutters") or []
        if 0 < len(cutters) < obs["players"]:
            who = plural(len(cutters), "player") if short else join([name_of(names, s) for s in cutters])
            return f"{who} tie: they cut again" if short else f"{who} tie and cut again for the first deal"
        return "Cutting for the first dealer" if short else \
            "Cutting for the first dealer: the lowest card deals"
    if phase == "deal":
        if not obs["round"]:
            return "The lowest cut deals round 1" if short else \
                f"{name_of(names, obs['dealer'])} cut lowest and deals round 1"
        dealer = name_of(names, (obs["dealer"] + 1) % obs["players"])  # the deal passes left
        deals = "the deal passes left" if short else f"{dealer} deals round {obs['round'] + 1}"
        return f"Round {obs['round']} is over {MIDDLE_DOT} {deals}"
    if phase == "over":
        return _game_over(obs, names, short)
    return f"Round {obs['round']} {MIDDLE_DOT} {_round_stage(obs, names, short)}"


def _game_over(obs: dict, names, short: bool) -> str:
    chips = obs["chips"]
    top = max(chips)
    winners = [name_of(names, s) for s, c in enumerate(chips) if c == top]
    if short:
        who = "one winner" if len(winners) == 1 else f"{len(winners)} players tie"
        return f"Game over {MIDDLE_DOT} {who} with {top} chips"
    verb = "wins" if len(winners) == 1 else "share the win"
    return f"Game over after round {obs['round']} {MIDDLE_DOT} {join(winners)} {verb} with {top} chips"


#: the stages of a round in a few words (``status_text(short=True)``)
SHORT_STAGES = {"take": "the dealer may take the trump", "discard": "the dealer discards a card",
                "declare": "play or pass", "penalties": "penalties for falling short"}


def _round_stage(obs: dict, names, short: bool) -> str:
    phase = obs["phase"]
    if phase == "trick":
        number = obs["trick_no"] + (1 if obs["trick"] or not obs["trick_no"] else 0)
        return f"trick {number} of {TRICKS_PER_ROUND}"
    if short and phase in SHORT_STAGES:
        return SHORT_STAGES[phase]
    if phase == "penalties":
        return "the tricks are played: penalties for falling short"
    if phase == "shares":
        players_in = [s for s, st in enumerate(obs["status"]) if st == "play"]
        if not players_in:
            return "everybody passed: the pot waits"
        if len(players_in) == 1:
            return "one player stayed in" if short else \
                f"only {name_of(names, players_in[0])} stayed in: the pot is shared"
        return f"the pot of {obs['pot']} is shared" if short else \
            f"the pot of {obs['pot']} is shared, a third per trick"
    return {"take": "the dealer takes or leaves the turned trump",
            "discard": "the dealer discards a card", "declare": "play or pass"}[phase]


# ---- what the viewer decides now --------------------------------------------------------
#: what a card added to a trick must be, by the rule that decides which cards may go on it
#: ({holder}'s {best} holds the trick; {suit} was led, {one} is one card of it)
DUTIES = {
    "follow.beat": "beat {holder}'s {best}: click a raised {one}",
    "follow.lower": "follow suit, as you cannot beat {holder}'s {best}: click a raised {one}",
    "follow.suit-when-trumped": "{holder} trumped it; follow suit: click a raised {one}",
    "follow.trump": "you have no {suit}, so trump it: click a raised trump",
    "follow.overtrump": "you have no {suit}, so beat {holder}'s {best}: click a raised trump",
    "follow.free": "{holder}'s {best} holds it; you may play any card",
    "follow.free-when-trumped": "{holder}'s {best} holds it; you may play any card",
}
ONE = {"coins": "coin", "cups": "cup", "swords": "sword", "clubs": "club"}


def prompt(obs: dict, names, legal) -> str:
    """One short sentence: what the viewer decides now and how to do it, from the legal
    actions of the viewer (empty when the viewer has nothing to decide)."""
    legal = list(legal or ())
    if not legal or obs["perspective"] is None:
        return ""
    if "take" in legal:
        return f"Take the turned {card_name(obs['trump'])} (you then need 2 tricks) or leave it?"
    if any(action.startswith("discard:") for action in legal):
        return "Click one of the three cards dealt to you to discard it face down"
    if "pass" in legal:
        penalty = obs["settings"]["penalty"]
        if not penalty:
            return "Play or pass? Staying in costs nothing here, even without a trick"
        return f"Play or pass? Staying in, you must win a trick or pay {plural(penalty, 'chip')}"
    if any(action.startswith("play:") for action in legal):
        return _card_prompt(obs, names)
    return ""


def _card_prompt(obs: dict, names) -> str:
    """Leading a trick, or adding to one: whose card holds it and what yours must be."""
    number = obs["trick_no"] + 1
    trick = obs["trick"]
    if not trick:
        return f"Lead trick {number}: click any card of your hand"
    trump_suit = CARD_BY_ID[obs["trump"]] // 10
    plays = tuple((seat, CARD_BY_ID[card]) for seat, card in trick)
    holder, best = winning_play(plays, trump_suit)
    hand = tuple(CARD_BY_ID[card] for card in obs["hands"][obs["perspective"]] if card)
    _, rule = allowed_cards(hand, plays, trump_suit)
    suit = card_name(trick[0][1]).split(" of ")[1]
    duty = DUTIES[rule].format(holder=name_of(names, holder), best=card_name(best), suit=suit,
                               one=ONE[suit])
    return f"Trick {number}: {duty}"


# ---- the end of the game ------------------------------------------------------------------
def results(obs: dict, names) -> dict:
    """The end-of-game table from a finished game's observation: each player's chips and how
    they were made (all public: chips at the start, won from pots, paid in penalties and, when
    the dealer pays it, in antes), best first, and the sentence saying what decided it."""
    n = obs["players"]
    chips = obs["chips"]
    start = obs["settings"]["starting_chips"]
    ledger = obs["ledger"]
    columns = ["Player", "Chips", "Started with", "Won from pots", "Paid in penalties"]
    dealer_antes = obs["settings"]["ante_from"] == "dealer"
    if dealer_antes:
        columns.append("Paid in antes")
    order = sorted(range(n), key=lambda seat: (-chips[seat], seat))
    rows = []
    for seat in order:
        row = [name_of(names, seat), str(chips[seat]), str(start), str(ledger["won"][seat]),
               str(ledger["paid"][seat])]
        if dealer_antes:
            row.append(str(ledger["antes"][seat]))
        rows.append(row)
    top = max(chips)
    winners = [seat for seat in range(n) if chips[seat] == top]
    return {"columns": columns, "rows": rows, "order": order, "winners": winners,
            "decided": _decided(obs, names, winners, top)}


def _decided(obs: dict, names, winners: list, top: int) -> str:
    """One sentence: why the game ended, and who has the most chips."""
    who = join([name_of(names, seat) for seat in winners])
    most = (f"{who} has the most chips: {top}" if len(winners) == 1
            else f"{who} share the most chips: {top} each")
    if obs.get("ended_by") == "end.out-of-chips":
        broke = join([name_of(names, s) for s, c in enumerate(obs["chips"]) if c == 0])
        return f"{broke} ran out of chips, which ended the game; {most}."
    return f"After the agreed {plural(obs['round'], 'round')}, {most}."
