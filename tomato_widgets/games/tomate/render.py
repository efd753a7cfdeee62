"""Tomate seen from one perspective, as text (the CLI) — the widget scene comes later."""
from __future__ import annotations

from .cards import card_name


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
