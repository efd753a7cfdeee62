"""Tanemaki told in text from one perspective: the table for the command line
(``render_text``), what the view knows about each seat (``knowledge``) and the end-of-game
table (``results``). Everything is made from the observation passed in, so nothing hidden
from that view can be in it, and cards are named in words (``cards.card_name``).
"""
from __future__ import annotations

from ...core.rulebook import join_words
from .cards import CARD_BY_ID, VARIETIES, VARIETY, card_name, cards_text
from .rulebook import plural

PHASES = {"setup": "before the first turn", "draw": "a turn begins", "give": "handing out",
          "hold": "a card is being handed", "plant": "the active player plants",
          "discard": "the turn ends", "window": "harvest window", "end": "final harvest",
          "over": "game over"}


def seat_name(seat: int, names) -> str:
    return names[seat] if 0 <= seat < len(names) else f"Player {seat + 1}"


def field_text(field: dict, number: int) -> str:
    """``field 1: Bean, 5 seeds in 3 cards (1 coin now)`` or ``field 2: empty``."""
    cards = field["cards"]
    if not cards:
        return f"field {number}: empty"
    what = field["variety"] or "only manure"
    return (f"field {number}: {what}, {plural(field['seeds'], 'seed')} in "
            f"{plural(len(cards), 'card')} ({plural(field['coins'], 'coin')} now)")


def coin_kinds(cards) -> str:
    """Coin cards by variety: "2 Radish and a Bean" (a manure coin as "1 manure")."""
    counts = [0] * (len(VARIETIES) + 1)
    for card in cards:
        variety = VARIETY[CARD_BY_ID[card]]
        counts[len(VARIETIES) if variety is None else variety] += 1
    words = [f"{count} {name}" for count, name in zip(counts, (*VARIETIES, "manure")) if count]
    return join_words(words)


def coins_text(seat: dict) -> str:
    count = seat["coins"]
    if not count:
        return ""
    if seat["coin_cards"] is None:
        return f"{plural(count, 'coin')}, face down"
    return f"{plural(count, 'coin')} ({coin_kinds(seat['coin_cards'])})"


def held_text(obs: dict, names) -> str:
    """The card being handed as this view may know it, with who has held it."""
    held = obs["held"]
    what = card_name(held["card"]) if held["card"] else "a card, face down"
    holders = [seat_name(seat, names) for seat in held["holders"]]
    return f"{what}, held by {' then '.join(holders)}"


# ---- the command line's table -----------------------------------------------------------
def render_text(obs: dict, names) -> str:
    """A plain-text table: the turn, the deck and discard pile, the active player's hand
    and the card being handed, the storehouse, then every player's fields and coins."""
    active = obs["active"]
    head = f"Turn {obs['turn']}" if obs["turn"] else "Before the first turn"
    if active is not None:
        head += f" ({seat_name(active, names)})"
    head += (f" | {PHASES[obs['phase']]} | deck {obs['deck']} (a turn draws {obs['need']}) | "
             f"discard pile {len(obs['discard'])}")
    lines = [head]
    if obs["hand_size"]:
        hand = cards_text(obs["hand"]) if obs["hand"] is not None else \
            f"{plural(obs['hand_size'], 'card')}, face down"
        lines.append(f"  Hand of {seat_name(active, names)}: {hand}")
    if obs["held"]:
        lines.append(f"  Being handed: {held_text(obs, names)}")
    if obs["store"]:
        lines.append(f"  Storehouse: {cards_text(obs['store'])}")
    for number, seat in enumerate(obs["seats"]):
        marks = " [to act]" if number in obs["to_act"] else ""
        if seat["planted"]:
            marks += " [planted]"
        coins = coins_text(seat) or "no coins"
        lines.append(f"  {seat_name(number, names)}{marks}: {coins}")
        for index, field in enumerate(seat["fields"], start=1):
            cards = f" [{cards_text(field['cards'])}]" if field["cards"] else ""
            lines.append(f"      {field_text(field, index)}{cards}")
    rates = ", ".join(f"{name} {plural(need, 'seed')} = {plural(gain, 'coin')}"
                      for name, need, gain in obs["rates"])
    lines.append(f"  Rates: {rates}")
    return "\n".join(lines)


# ---- what the view knows about each seat -------------------------------------------------
def knowledge(obs: dict, names) -> dict[int, str]:
    """What the view knows about each seat, one short text per seat without the seat's name
    (the shell writes it): the turn's hand (the cards where this view may know them, else
    how many), the card it is holding, whether it has planted this turn, and its coins (by
    variety where this view may know them). Fields lie face up on the table for all to see.
    Seats with nothing to tell are left out."""
    told = {}
    held = obs["held"]
    for number, seat in enumerate(obs["seats"]):
        parts = []
        if number == obs["active"] and obs["hand_size"]:
            if obs["hand"] is not None:
                parts.append(f"holds {cards_text(obs['hand'])} of this turn")
            else:
                parts.append(f"holds {plural(obs['hand_size'], 'card')} of this turn, face down")
        if held and held["holders"][-1] == number:
            what = "a " + card_name(held["card"]) if held["card"] else "a handed card, face down"
            parts.append(f"is holding {what}")
        if seat["planted"] and obs["phase"] in ("give", "hold", "plant"):
            parts.append("has planted this turn")
        coins = coins_text(seat)
        if coins:
            parts.append(coins)
        if parts:
            told[number] = "; ".join(parts) + "."
    return told


# ---- the end of the game ------------------------------------------------------------------
COLUMNS = ["Player", "Coins", "Coins by vegetable, rarest first"]


def ranked(obs: dict) -> list[int]:
    """Seats best first: most coins, then most Radish coins, Potato ... Calabash."""
    def key(seat):
        cards = obs["seats"][seat]["coin_cards"] or []
        by_variety = [0] * len(VARIETIES)
        for card in cards:
            variety = VARIETY[CARD_BY_ID[card]]
            if variety is not None:
                by_variety[variety] += 1
        return (-obs["seats"][seat]["coins"], *(-count for count in by_variety), seat)
    return sorted(range(obs["players"]), key=key)


def results(obs: dict, names) -> dict:
    """The end-of-game table: one row per player, best first, with the coins of each variety
    (the tie-break), the winners and a sentence on what decided it."""
    order = ranked(obs)
    rows, keys = [], []
    for seat in order:
        info = obs["seats"][seat]
        cards = info["coin_cards"] or []
        counts = [sum(1 for card in cards if VARIETY[CARD_BY_ID[card]] == variety)
                  for variety in range(len(VARIETIES))]
        rows.append([seat_name(seat, names), str(info["coins"]),
                     coin_kinds(cards).replace(" and ", ", ") or "none"])
        keys.append((info["coins"], *counts))
    winners = [seat for seat, key in zip(order, keys) if key == keys[0]]
    return {"columns": list(COLUMNS), "rows": rows, "order": order, "winners": winners,
            "decided": _decided(obs, names, order, winners)}


def _decided(obs, names, order, winners) -> str:
    coins = [obs["seats"][seat]["coins"] for seat in order]
    who = join_words([seat_name(seat, names) for seat in winners])
    if coins.count(coins[0]) == 1:
        second = coins[1] if len(coins) > 1 else 0
        return f"{who} has the most coins: {coins[0]}, the next best has {second}."
    tied = [seat for seat in order if obs["seats"][seat]["coins"] == coins[0]]
    tied_words = join_words([seat_name(seat, names) for seat in tied])
    if len(winners) > 1:
        return (f"{who} share the win: {plural(coins[0], 'coin')} each and the same coins of "
                "every variety.")
    return (f"{tied_words} have {plural(coins[0], 'coin')} each; {who} has more of the rarer "
            "varieties (Radish first, then Potato, Cucumber, Bean, Calabash).")


# ---- what the viewer decides now --------------------------------------------------------
def either(words) -> str:
    """"a", "a or b", "a, b or c": a choice read as English."""
    words = list(words)
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def prompt(obs: dict, names, legal) -> str:
    """What the viewer (the observation's seat) decides now and how to click it, as one
    short sentence for the strip above the table (short: it must fit two lines of a phone-
    width strip); "" when they have nothing to decide. Made from the observation and the
    viewer's own legal actions only."""
    legal = list(legal or ())
    if not legal:
        return ""
    phase = obs["phase"]
    if phase == "give":
        seats = sorted({int(action.rsplit(":", 1)[1]) for action in legal
                        if action.startswith("give:")})
        to = either([seat_name(seat, names) for seat in seats])
        where = "their row" if len(seats) > 1 else f"{to}'s row"
        return f"Hand {to} a card face down: click it, then {where}"
    if phase == "hold":
        return _hold_prompt(names, legal)
    if phase == "plant":
        sources = [words for source, words in (("hand", "your hand"), ("store", "the storehouse"))
                   if any(action.startswith(f"plant:{source}:") for action in legal)]
        if sources:
            return f"Plant a card from {either(sources)}: click it, then your field"
    if phase == "window":
        return "Harvest a field or keep growing: use the buttons under the table"
    return "Harvest a field with the buttons under the table"


def _hold_prompt(names, legal) -> str:
    """The holder's choice: plant the card, store it, or hand it on (the board raises the
    places it may go)."""
    targets = [seat_name(int(action.split(":")[1]), names) for action in legal
               if action.startswith("pass:")]
    choices = []
    if any(action.startswith("plant:") for action in legal):
        choices.append("plant it")
    if "store" in legal:
        choices.append("store it")
    if targets:
        choices.append(f"hand it on to {either(targets)}")
    if not choices:
        return "Harvest a field with the buttons under the table"
    sentence = either(choices)
    return f"{sentence[0].upper()}{sentence[1:]}: click where it goes"
