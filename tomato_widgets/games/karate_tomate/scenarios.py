"""Hand-written Karate Tomate games, each short and made to show one rule (used by the
tutorial and the tests), and the rulebook's worked examples.

Every scenario is a ``GameRecord`` whose deal, Triumph cards, heats and picks are written by
hand, with comments on the steps that matter. Hands are written as strings of card ids
(``"K5 K4 K1 C2 M3"``: C corn, K carrot, M mushroom, A aubergine, B broccoli), Triumph cards
as ids of trophies, knives and tomato symbols (``"T210"``: 2 trophies and a knife). The
deal names the top of the draw pile, so the cards drawn later are written there, in the
order they will be drawn; the rest of the pile lies in card order. A reshuffle nobody wrote
down keeps the discard pile's order.
"""
from __future__ import annotations

from ...core.game import CHANCE
from ...core.records import GameRecord
from .rules import GAME, cards_action, deal_action

#: the rulebook's players, in seat order
RULEBOOK_NAMES = ["Sebastian", "Linda", "Betti", "Gabi"]


# ---- writing a game by hand ---------------------------------------------------------------
def seat_of(record: GameRecord, who) -> int:
    return who if isinstance(who, int) else record.players.index(who)


def table(names, tomatoes, hands, deck="", **options) -> GameRecord:
    """A record with the Tomatoes, the hands and the top of the draw pile (``deck``, the
    cards in the order they will be drawn) dealt as written."""
    record = GameRecord(GAME, list(names), options)
    record.append(deal_action(tomatoes, hands, deck, record.options["number_set"]), CHANCE,
                  comment="A deal written by hand to show one rule.")
    return record


def go_on(record: GameRecord, comments=None) -> GameRecord:
    """Take the steps nobody decides (the rules' own steps, and a reshuffle that keeps the
    discard pile's order) until a player must decide, cards are to be turned up or the game
    is over. ``comments`` maps a step's action id to its comment."""
    comments = comments or {}
    while True:
        state = record.state
        forced = GAME.forced_action(state)
        if forced is not None:
            record.append(forced, CHANCE, comment=comments.get(forced))
        elif state.phase == "reshuffle":
            record.append(cards_action("reshuffle", state.discard, ordered=True), CHANCE)
        else:
            return record


def turnup(record: GameRecord, cards: str, comment: str | None = None) -> GameRecord:
    go_on(record)
    record.append(cards_action("turnup", cards), CHANCE, comment=comment)
    return record


def heat(record: GameRecord, moves: dict, comments: dict | None = None) -> GameRecord:
    """One heat: ``moves`` maps each player still fighting (name) to a card id or
    ``"tomato"``; they commit in seat order, then the cards turn over. A comment on a
    commit names the card, so only that player's view may read it."""
    comments = comments or {}
    for name, card in sorted(moves.items(), key=lambda item: seat_of(record, item[0])):
        action = "tomato" if card == "tomato" else f"play:{card}"
        seat = seat_of(record, name)
        comment = comments.get(name)
        record.append(action, seat, comment=comment, visible_to=[seat] if comment else None)
    return go_on(record, comments={"reveal": comments.get("reveal")})


def drop(record: GameRecord, who, discard: str = "", comment: str | None = None) -> GameRecord:
    """A player who dropped out draws two, or (``discard`` names two cards) discards them
    and draws four."""
    seat = seat_of(record, who)
    if discard:
        record.append("discard-two", seat, comment=comment)
        for card in discard.split():
            record.append(f"discard:{card}", seat)
    else:
        record.append("draw-two", seat, comment=comment)
    return go_on(record)


def pick(record: GameRecord, who, card: str, comment: str | None = None):
    record.append(f"take:{card}", seat_of(record, who), comment=comment)
    return go_on(record)


def play_round(record: GameRecord, turned: str, moves: dict, picks: dict | None = None) -> GameRecord:
    """A round of one heat: ``turned`` the Triumph cards turned up, ``moves`` each player's
    card (or ``"tomato"``); those who drop out draw two; the others pick ``picks[name]``,
    else the first Triumph card up. Then the rules end the round; a player who may call
    the end plays on."""
    if record.state.phase == "turnup":
        turnup(record, turned)
    heat(record, moves)
    while record.state.phase == "drop":
        drop(record, record.state.actor[0])
    while record.state.phase == "pick":
        seat = record.state.actor[0]
        card = (picks or {}).get(record.players[seat], record.state.offer[0])
        pick(record, seat, card)
    while record.state.phase == "call":
        record.append("play-on", record.state.actor[0])
        go_on(record)
    return record


def quick_round(record: GameRecord, turned: str, picks: dict) -> GameRecord:
    """A round told in one line: ``picks`` maps each player who fights to the Triumph card
    they take; the first of them plays the highest card of their hand, the others their
    lowest; everybody else plays the Tomato at once and draws two."""
    turnup(record, turned)
    state = record.state
    moves = {name: "tomato" for name in record.players}
    for number, name in enumerate(picks):
        hand = sorted(state.hands[seat_of(record, name)], key=lambda card: (card[1], card))
        moves[name] = hand[-1] if number == 0 else hand[0]
    heat(record, moves)
    while record.state.phase == "drop":
        drop(record, record.state.actor[0])
    while record.state.phase == "pick":
        seat = record.state.actor[0]
        pick(record, seat, picks[record.players[seat]])
    return go_on(record)


TEN = ["Ana", "Ben", "Cai", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon"]


def ten_hands() -> list[str]:
    """Ten different hands of five, each card of them twice in all."""
    return [" ".join(f"{'CKMAB'[(seat + k) % 5]}{1 + (seat + 2 * k) % 5}" for k in range(5))
            for seat in range(10)]


# ---- (a) the rulebook's examples ------------------------------------------------------------
def rulebook_round(**options) -> GameRecord:
    """The rulebook's first two examples in one round. Linda plays her Tomato in the first
    heat and draws two; in the second heat Gabi plays hers, discards two and draws four. Two
    players are left for the two Triumph cards: Sebastian (carrot 5 and 4, total 9) picks
    first, Betti (aubergine 3 and 2, total 5) next. ``options``: game options."""
    record = table(RULEBOOK_NAMES, [7, 3, 10, 5],
                   ["K5 K4 K1 C2 M3", "C1 C2 M1 B1 A4", "A3 A2 B2 M2 C3", "B4 B1 C1 M1 A1"],
                   deck="M5 B5 K3 C5 A5 B3", **options)
    turnup(record, "T500 T310", comment="Four players: two Triumph cards are turned up.")
    heat(record, {"Sebastian": "K5", "Linda": "tomato", "Betti": "A3", "Gabi": "B4"},
          comments={"Linda": "Linda plays her Tomato, face down like any card.",
                    "reveal": "Linda's card is her Tomato: she is out of this fight."})
    drop(record, "Linda", comment="Linda draws two cards.")
    heat(record, {"Sebastian": "K4", "Betti": "A2", "Gabi": "tomato"},
          comments={"reveal": "Gabi plays her Tomato: now only two players fight, one for "
                              "each Triumph card."})
    drop(record, "Gabi", discard="M1 A1", comment="Gabi discards two cards and draws four.")
    pick(record, "Sebastian", "T500", comment="Sebastian played 5 + 4 = 9: he picks first.")
    pick(record, "Betti", "T310", comment="Betti played 3 + 2 = 5: she takes the other card.")
    return go_on(record)


def rulebook_end() -> GameRecord:
    """The rulebook's last example, played to it: after round 1 (``rulebook_round``) six
    short rounds hand out Triumph cards; in round 8 Sebastian reaches 13 trophies and calls
    the end. He has the fewest knives (2) and loses; Linda wins with 9 trophies (Betti 8
    with 5 knives, Gabi 6 with 3)."""
    record = rulebook_round()
    for turned, picks in (("T400 T310", {"Linda": "T400", "Gabi": "T310"}),
                          ("T310 T210", {"Betti": "T310", "Linda": "T210"}),
                          ("T210 T202", {"Sebastian": "T210", "Gabi": "T202"}),
                          ("T210 T120", {"Linda": "T210", "Betti": "T120"}),
                          ("T210 T120", {"Sebastian": "T210", "Gabi": "T120"}),
                          ("T111 T111", {"Linda": "T111", "Betti": "T111"}),
                          ("T400 T030", {"Sebastian": "T400"})):
        quick_round(record, turned, picks)
    record.append("call-end", seat_of(record, "Sebastian"),
                  comment="13 trophies: Sebastian may call the end, and does.")
    return go_on(record, comments={"score": "Sebastian has only 2 knives, the fewest: he "
                                             "cannot win. Of the others Linda has the most "
                                             "trophies."})


# ---- (b) the fight ----------------------------------------------------------------------------
def forced_tomato() -> GameRecord:
    """Ana opens with her only corn card; in the second heat she has no corn left, so her
    Tomato is the only card she may play. Ben and Cai fight on in their colours; Cai (3 +
    5) picks before Ben (3 + 4)."""
    record = table(["Ana", "Ben", "Cai"], [4, 8, 1],
                    ["C5 K1 K2 M1 B1", "K3 K4 A1 A2 B2", "M3 M4 M5 C1 B3"])
    turnup(record, "T400 T210")
    heat(record, {"Ana": "C5", "Ben": "K3", "Cai": "M3"},
          comments={"reveal": "Everybody now has a colour: Ana corn, Ben carrot, Cai mushroom."})
    heat(record, {"Ana": "tomato", "Ben": "K4", "Cai": "M5"},
          comments={"Ana": "No corn card left: Ana has to play her Tomato."})
    drop(record, "Ana")
    pick(record, "Cai", "T400")
    pick(record, "Ben", "T210")
    return go_on(record)


def everybody_drops() -> GameRecord:
    """All three players play their Tomato in the first heat: nobody takes a Triumph card,
    and the next round starts with the same two cards, none turned up."""
    record = table(["Ana", "Ben", "Cai"], [2, 6, 9],
                    ["C1 K1 M1 A1 B1", "C2 K2 M2 A2 B2", "C3 K3 M3 A3 B3"])
    turnup(record, "T500 T400")
    heat(record, {"Ana": "tomato", "Ben": "tomato", "Cai": "tomato"},
          comments={"reveal": "Three Tomatoes: nobody is left in the fight."})
    for name in ("Ana", "Ben", "Cai"):
        drop(record, name)
    return go_on(record, comments={"turnup": "The two Triumph cards are still up: round 2 "
                                              "needs no new one."})


def tie_and_swap() -> GameRecord:
    """Five players, three Triumph cards. Two drop out in the first heat; Ana, Cai and Eve
    have each played a 3. They show their Tomatoes: Eve (9) picks first, Cai (5) second,
    Ana (2) third; then Eve and Ana swap Tomatoes and Cai, in the middle, keeps his."""
    record = table(["Ana", "Ben", "Cai", "Dee", "Eve"], [2, 7, 5, 1, 9],
                    ["C3 K1 K2 M1 B1", "K3 K4 A1 A2 B2", "M3 M4 M5 C1 B3", "A3 A4 C2 K5 M2",
                     "B5 B4 B3 C4 K2"])
    turnup(record, "T500 T301 T120")
    heat(record, {"Ana": "C3", "Ben": "tomato", "Cai": "M3", "Dee": "tomato", "Eve": "B3"})
    drop(record, "Ben")
    drop(record, "Dee")
    pick(record, "Eve", "T500")
    pick(record, "Cai", "T301", comment="One tomato symbol: Cai draws a card.")
    pick(record, "Ana", "T120")
    return go_on(record)


# ---- (c) the piles ------------------------------------------------------------------------------
def empty_piles() -> GameRecord:
    """Ten players, and every round all but Ana play their Tomato at once and draw two:
    after five rounds the draw pile is empty, the discard pile becomes the new draw pile,
    and when both are empty a draw comes up short."""
    record = table(TEN, list(range(1, 11)), ten_hands())
    pile = sorted(GAME.new_game(10).pile)
    while record.state.phase == "turnup" and not any(
            event.rule == "draw.empty" for events in record.events for event in events):
        needed = GAME.needed(record.state)
        turned, pile = pile[:needed], pile[needed:]
        moves = {name: "tomato" for name in TEN}
        moves["Ana"] = record.state.hands[0][0]
        play_round(record, " ".join(turned), moves)
    return record


def pile_runs_out() -> GameRecord:
    """Ten players: six Triumph cards every round. In each round four players drop out at
    once and the other six take a card each, until the pile cannot fill the table any
    more: the game ends, and the cards still up go to nobody."""
    record = table(TEN, list(range(1, 11)), ten_hands())
    pile = sorted(GAME.new_game(10).pile)
    while record.state.phase == "turnup":
        needed = GAME.needed(record.state)
        turned, pile = pile[:needed], pile[needed:]
        state = record.state
        moves = {name: state.hands[seat][-1] if seat < 6 else "tomato"
                 for seat, name in enumerate(TEN)}
        play_round(record, " ".join(turned), moves)
    return record


# ---- (d) the end: the tie-breaks ---------------------------------------------------------------
def level_knives() -> GameRecord:
    """Nobody has a knife, so the knife rule knocks nobody out. Ana and Ben both reach 12
    trophies in round 3; Ana calls the end. Level on trophies and on knives, the higher
    Tomato wins: Ben's 8 beats Ana's 6."""
    record = table(["Ana", "Ben", "Cai"], [6, 8, 3],
                    ["C5 C4 C3 C2 C1", "A1 K1 M1 B1 A2", "M2 M3 A3 B2 B1"])
    quick_round(record, "T400 T500", {"Ana": "T400", "Ben": "T500"})
    quick_round(record, "T400 T400", {"Ana": "T400", "Ben": "T400"})
    quick_round(record, "T400 T301", {"Ana": "T400", "Ben": "T301"})
    record.append("call-end", 0, comment="Ana has 12 trophies and calls the end.")
    return go_on(record)


def most_knives() -> GameRecord:
    """Ana reaches 12 trophies first but plays on; a round later Ben has 12 too and calls
    the end. Cai has no knife, the fewest, and is out of the running; Ana and Ben have 12
    trophies each, and Ben wins with more knives (5 to 3)."""
    record = table(["Ana", "Ben", "Cai"], [6, 8, 3],
                    ["C5 C4 C3 C2 C1", "A1 K1 M1 B1 A2", "M2 M3 A3 B2 B1"])
    for turned, picks in (("T500 T400", {"Ana": "T500", "Ben": "T400"}),
                          ("T400 T310", {"Ana": "T400", "Ben": "T310"}),
                          ("T210 T310", {"Ana": "T210", "Ben": "T310"}),
                          ("T120 T120", {"Ana": "T120", "Ben": "T120"})):
        quick_round(record, turned, picks)
    record.append("play-on", 0, comment="Ana has 12 trophies and may call the end; she plays on.")
    go_on(record)
    quick_round(record, "T111 T500", {"Ben": "T111", "Cai": "T500"})
    record.append("play-on", 0)
    record.append("call-end", 1, comment="Ben has 12 trophies and 5 knives: he calls the end.")
    return go_on(record)


SCENARIOS = {"rulebook_round": rulebook_round, "rulebook_end": rulebook_end,
             "forced_tomato": forced_tomato, "everybody_drops": everybody_drops,
             "tie_and_swap": tie_and_swap, "empty_piles": empty_piles,
             "pile_runs_out": pile_runs_out, "level_knives": level_knives,
             "most_knives": most_knives}
