"""A guided first game of Karate Tomate: a hand-written first round and the start of the
second that walk Ana (you) through putting a card face down in a heat, staying with the
colour you opened with, taking a Triumph card, then dropping out with your Tomato and
refilling your hand; the game then goes on as a normal one (see ``widgets.guide``).

Everybody puts a card down at the same time. In live play you put yours down first, then
the bots put theirs one after the other, so the script is written in that order. The
bots' cards lie face down until the heat turns over: comments say only what you can see.
"""
from __future__ import annotations

from ...core.game import CHANCE
from ...core.records import GameRecord
from .rules import GAME, cards_action, deal_action

NAMES = ["Ana", "Ben", "Cai", "Dee"]
TOMATOES = [8, 5, 2, 3]
HANDS = ["K5 K4 K2 C1 M3", "C3 C2 C4 A1 K1", "M2 M1 B1 A1 C5", "B1 A3 A2 K3 M4"]
#: the top of the draw pile, in the order it is drawn: Dee's four, Cai's four, Ben's tomato
#: symbol, then your four in round 2
DECK = "B2 B3 B4 B5 M5 K3 C2 A4 K5 A5 A4 A3 B2"


def _question(prompt: str, wrong=()) -> dict:
    return {"kind": "choose", "prompt": prompt,
            "wrong": [{"action": action, "comment": comment} for action, comment in wrong]}


def _go_on(record: GameRecord, comments: dict | None = None) -> None:
    """The steps the rules take by themselves, until somebody decides."""
    comments = comments or {}
    forced = GAME.forced_action(record.state)
    while forced is not None:
        record.append(forced, CHANCE, comment=comments.get(forced))
        forced = GAME.forced_action(record.state)


def _bots(record: GameRecord, moves: dict, comments: dict | None = None) -> None:
    """The bots' cards of a heat, one after the other, as live play takes them (after
    yours). A comment on a face-down card says only what everybody sees."""
    comments = comments or {}
    actors = GAME.to_act(record.state)
    assert 0 not in actors
    for seat in actors:
        card = moves[seat]
        record.append("tomato" if card == "tomato" else f"play:{card}", seat,
                      comment=comments.get(seat))


def _bot_move(record: GameRecord, seat: int, action: str) -> None:
    """A bot's decision outside the fight, written as the heuristic bot makes it and with no
    comment (the next step of the rules says why). Live play asks ``Game.allows`` whether a
    scripted bot move may be made, and Karate Tomate answers it only for the fight (any other
    move is "not allowed"), so there the bot's own choice stands: it must be the script's
    (``tests/games/karate_tomate/test_karate_guide.py`` checks that it is)."""
    record.append(action, seat)


def _refill(record: GameRecord, seat: int, discards: list[str]) -> None:
    """A bot who dropped out throws two cards away and draws four (as the heuristic bot)."""
    _bot_move(record, seat, "discard-two")
    for card in discards:
        _bot_move(record, seat, f"discard:{card}")


def guide() -> tuple[GameRecord, int]:
    """The script and the learner's seat (Ana, 0)."""
    record = GameRecord(GAME, NAMES, {})
    record.append(deal_action(TOMATOES, HANDS, DECK), CHANCE,
                  comment="Each of you gets a secret Tomato and five Number cards. Yours is "
                          "Tomato 8, a high one: it helps when totals tie.")
    record.append(cards_action("turnup", "T500 T211"), CHANCE,
                  comment="With four players, two Triumph cards are turned up. The fight goes "
                          "on until only two of you are left, one for each card.")
    # ---- round 1, heat 1 -----------------------------------------------------------------
    record.append("play:K5", 0, question=_question(
        "Play your carrot 5 face down. Your first card sets your colour: for the rest of "
        "this round you may play only that colour (or your Tomato), and you hold three "
        "carrots.",
        [("play:C1", "you hold just one corn card, so opening with corn would leave you "
                     "nothing to play in the next heat."),
         ("tomato", "your Tomato would take you out of the fight at once, and your hand is "
                    "good enough to fight for a Triumph card.")]))
    _bots(record, {1: "C3", 2: "M2", 3: "B1"},
          {1: "Ben puts a card face down. You will see it when everybody's card is down.",
           3: "Dee's card is down too: all four cards turn over together."})
    _go_on(record, {"reveal": "The cards turn over. Nobody played a Tomato, so all four of "
                              "you fight on: four fighters but only two Triumph cards. Each "
                              "of you now plays only the colour of this first card."})
    # ---- heat 2 ----------------------------------------------------------------------------
    record.append("play:K4", 0, question=_question(
        "Play your carrot 4: only carrots or your Tomato are allowed now. Play high first, "
        "as the fight can stop after any heat and only the cards on the table count.",
        [("play:K2", "keep the small carrot for later, since if the fight ends now, only "
                     "the cards you have played count."),
         ("tomato", "you lead with 5, so stay in; a Triumph card is within reach.")]))
    _bots(record, {1: "C2", 2: "M1", 3: "tomato"})
    _go_on(record, {"reveal": "Dee's card was her Tomato 3. With only 1 on the table she saw "
                              "no chance this round, so she drops out to refill her hand: "
                              "draw two cards, or throw two away and draw four."})
    _refill(record, 3, ["K3", "M4"])
    _go_on(record, {"draw": "Dee threw two cards away (they lie face up on the discard "
                            "pile) and draws four fresh ones. Three of you still fight for "
                            "two Triumph cards: another heat."})
    # ---- heat 3 ----------------------------------------------------------------------------
    record.append("play:K2", 0, question=_question(
        "Play your last carrot, the 2: you have 9 on the table, and the highest total picks "
        "first.",
        [("tomato", "you would lose your place at the front; stay in, the fight is almost "
                    "over.")]))
    _bots(record, {1: "C4", 2: "tomato"})
    _go_on(record, {"reveal": "Cai played his Tomato 2: with 3 on the table he gives up and "
                              "drops out. Now only you and Ben fight, one of you for each "
                              "Triumph card."})
    _refill(record, 2, ["A1", "B1"])
    _go_on(record, {"draw": "Cai too threw two cards away and draws four. Two fighters for "
                            "two Triumph cards: the fight is over.",
                    "rank": "Who picks first? The highest total of cards played: you have "
                            "5 + 4 + 2 = 11, Ben 3 + 2 + 4 = 9."})
    # ---- the picks -----------------------------------------------------------------------
    record.append("take:T500", 0, question=_question(
        "Take the Triumph card with 5 trophies: you pick first, and trophies win the game. "
        "But at the end whoever has the fewest knives loses, however many trophies they "
        "have, so you will want some knives later.",
        [("take:T211", "it has only 2 trophies; 5 trophies is the best card here.")]))
    _go_on(record)
    _bot_move(record, 1, "take:T211")
    _go_on(record, {"draw": "Ben takes the card that is left: 2 trophies, a knife, and a "
                            "tomato symbol, for which he draws a card.",
                    "clear": "The round is over: all the cards played go to the discard pile. "
                             "Your Triumph card lies face down in front of you."})
    # ---- round 2 -------------------------------------------------------------------------
    record.append(cards_action("turnup", "T120 T310"), CHANCE,
                  comment="Round 2: two new Triumph cards. Everybody may open with any "
                          "colour again.")
    record.append("tomato", 0, question=_question(
        "Play your Tomato: it takes you out of this round's fight, and then you refill your "
        "hand. You have only two cards left, of two colours.",
        [("play:C1", "a corn 1 alone cannot win a fight; save your effort for the next "
                     "round."),
         ("play:M3", "with one mushroom card you could not play on in the next heat.")]))
    _bots(record, {1: "K5", 2: "C5", 3: "B5"},
          {3: "Ben, Cai and Dee have put their cards down too."})
    _go_on(record, {"reveal": "The cards turn over. Everybody now knows your Tomato is the "
                              "8, and you are out of this round's fight. Ben, Cai and Dee "
                              "played Number cards: they fight on for the two Triumph "
                              "cards."})
    record.append("discard-two", 0, question=_question(
        "Choose to discard two cards and draw four: either way you end with four cards, but "
        "this swaps your two weak cards for fresh ones.",
        [("draw-two", "you would keep the corn 1 and mushroom 3, two lone cards.")]))
    record.append("discard:C1", 0,
                  question=_question("Discard your corn 1: click it in your hand."))
    record.append("discard:M3", 0, question=_question("Discard your mushroom 3 too."))
    _go_on(record, {"draw": "You draw four cards from the top of the draw pile. That was the "
                            "core of the game: fight in one colour, drop out with your Tomato "
                            "when your hand is weak, and collect trophies without ending with "
                            "the fewest knives. The bots finish this fight; you play again "
                            "next round."})
    return record, 0
