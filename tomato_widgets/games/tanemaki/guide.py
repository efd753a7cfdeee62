"""A guided first game of Tanemaki: three hand-written turns that walk Ana (you) through
planting the first card you are handed, the harvest window, putting a card in the
storehouse, planting a card handed on to you, harvesting a field for coins, and then, as
the active player, handing your cards out and planting last; the game then goes on as a
normal one (see ``widgets.guide``).

Cards handed face down are seen only by those who hold them: a comment on a card handed
between the bots says only what you can see.
"""
from __future__ import annotations

from ...core.game import CHANCE
from ...core.records import GameRecord
from .rules import GAME, draw_action, first_action

NAMES = ["Ana", "Ben", "Cai"]


def _question(prompt: str, wrong=()) -> dict:
    return {"kind": "choose", "prompt": prompt,
            "wrong": [{"action": action, "comment": comment} for action, comment in wrong]}


def _rules(record: GameRecord, comments: dict | None = None) -> None:
    """The steps the rules take by themselves (the discard), until somebody decides."""
    comments = comments or {}
    forced = GAME.forced_action(record.state)
    while forced is not None:
        record.append(forced, CHANCE, comment=comments.get(forced))
        forced = GAME.forced_action(record.state)


def _you(record: GameRecord, action: str, prompt: str, wrong=()) -> None:
    assert GAME.to_act(record.state) == (0,), record.state.phase
    record.append(action, 0, question=_question(prompt, wrong))


def _bot(record: GameRecord, seat: int, action: str, comment: str | None = None) -> None:
    assert GAME.to_act(record.state) == (seat,), (seat, action)
    record.append(action, seat, comment=comment)


def guide() -> tuple[GameRecord, int]:
    """The script and the learner's seat (Ana, 0)."""
    record = GameRecord(GAME, NAMES, {})
    record.append(first_action(1), CHANCE,
                  comment="Chance picks Ben to start. Turns go round to the left: Ben, Cai, "
                          "then you. Everybody starts with two empty fields and no cards.")
    # ---- turn 1: Ben hands the cards out -------------------------------------------------
    record.append(draw_action(["C2", "B2", "G1", "M"]), CHANCE,
                  comment="Ben draws four cards, one more than there are players. Only he "
                          "sees them.")
    _bot(record, 1, "give:C2:0", "Ben hands you a card face down: only you (and Ben) know "
                                 "which it is.")
    _you(record, "plant:1",
         "Plant the card in your field 1: Ben handed you a Cucumber (2 seeds), and an empty "
         "field takes anything. From now on that field grows Cucumbers.",
         [("store", "the storehouse is for a card you do not want now; a first seed for an "
                    "empty field is worth planting."),
          ("pass:2", "handing it on is allowed, but Cai might plant it instead of you.")])
    _bot(record, 1, "give:B2:2", "Ben hands Cai a card face down. You will see it only if "
                                 "Cai plants it.")
    _bot(record, 2, "plant:1", "Cai plants it face up in his field 1: a Bean with 2 seeds.")
    _bot(record, 1, "plant:hand:G1:1", "You and Cai have both planted, so Ben, the active "
                                       "player, plants last, from his hand: a Calabash.")
    _rules(record, {"discard": "The card Ben did not use goes face up onto the discard "
                               "pile. Before the next turn, everyone with a field growing may "
                               "harvest."})
    _bot(record, 2, "keep", "Cai keeps his Bean growing: with only 2 seeds it would earn "
                            "nothing, as a Bean coin takes 3 seeds.")
    _you(record, "keep",
         "Keep your field growing (the button under the table): in this harvest window you "
         "could harvest it, but a harvest pays at most one coin per card in the field, and "
         "yours holds one.",
         [("harvest:1", "one card can earn only one coin; with a second Cucumber the same "
                        "field will earn two.")])
    _bot(record, 1, "keep", "Ben keeps his field too.")
    # ---- turn 2: Cai hands the cards out; you store, then plant a card handed on ----------
    record.append(draw_action(["P1", "C2", "R1", "G2"]), CHANCE,
                  comment="Cai's turn: he draws four cards.")
    _bot(record, 2, "give:P1:0", "Cai hands you a card face down.")
    _you(record, "store",
         "Put the card in the storehouse: a Potato with 1 seed is small, and it would take "
         "your empty field 2. It lies there face up; you still plant this turn, as Cai must "
         "hand you another card.",
         [("plant:2", "it would block your empty field with a weak card; the storehouse "
                      "keeps your choice open."),
          ("pass:1", "handing it on to Ben is fine too, but this lesson shows the "
                     "storehouse.")])
    _bot(record, 2, "give:C2:1", "Cai hands Ben a card face down.")
    _bot(record, 1, "pass:0", "Ben would rather keep his empty field for something better, "
                              "so he hands the card on, face down, to you: the only one he "
                              "may (Cai is the active player).")
    _you(record, "plant:1",
         "Plant the card in field 1: Ben handed on a Cucumber with 2 seeds, just right for "
         "your Cucumber field.",
         [("plant:2", "your field 1 already grows Cucumbers, and together they earn more."),
          ("store", "the storehouse takes two cards, but this one fits your field now.")])
    _bot(record, 2, "give:R1:1", "Cai hands Ben another card face down.")
    _bot(record, 1, "plant:2", "Ben plants it in his empty field 2: a Radish.")
    _bot(record, 2, "plant:store:P1:2", "Cai plants last. He may take a card from his hand "
                                        "or from the storehouse: he takes your Potato for "
                                        "his empty field.")
    _rules(record, {"discard": "Cai's other card goes face up onto the discard pile. The "
                               "harvest window starts with you, on Cai's left."})
    _you(record, "harvest:1",
         "Harvest field 1 (the button under the table): its 4 Cucumber seeds in 2 cards, at "
         "a coin for every 2 seeds, make 2 coins.",
         [("keep", "it may grow further, but 2 coins is a good harvest, and an empty field "
                   "is ready for anything.")])
    _bot(record, 1, "keep", "Ben keeps his fields growing.")
    _bot(record, 2, "keep", "So does Cai. Your two coins lie face down on your earnings "
                            "stack: most coins at the end wins.")
    # ---- turn 3: your turn ----------------------------------------------------------------
    record.append(draw_action(["R2", "M", "B1", "P1"]), CHANCE,
                  comment="Your turn: you draw four cards. You hand them out one at a time, "
                          "and you plant last.")
    _you(record, "give:P1:1",
         "Hand the Potato to Ben (click it, then Ben's row): give out cards that help the "
         "others least, and a Potato fits neither of Ben's fields, Calabash and Radish.",
         [("give:P1:2", "Cai grows Potatoes, so he would plant it happily."),
          ("give:R2:1", "keep the Radish for yourself; its seeds pay best.")])
    _bot(record, 1, "store", "The Potato fits neither of Ben's fields. He could hand it on to "
                             "Cai, who grows Potatoes, so he puts it in the storehouse "
                             "instead. He must still plant a card this turn.")
    _you(record, "give:B1:2",
         "Hand the Bean with 1 seed to Cai: you go on handing out until Ben and Cai have both "
         "planted, and you keep your Radish.",
         [("give:R2:2", "the Radish is your best card; keep it to plant yourself."),
          ("give:M:2", "manure is wild (a seed of any field), and Cai would like it more "
                       "than a small Bean.")])
    _bot(record, 2, "plant:1", "Cai plants the Bean in his Bean field: 3 seeds there now.")
    _you(record, "give:M:1",
         "Hand the manure card to Ben: he still has to plant, and you keep the Radish.",
         [("give:R2:1", "then you would have only the manure left, and a field of manure "
                        "alone earns nothing.")])
    _bot(record, 1, "plant:2", "Manure is wild: Ben plants it in his Radish field, where it "
                               "counts as one more Radish seed.")
    _you(record, "plant:hand:R2:1",
         "Plant your Radish in field 1: both have planted, so you plant last, from your hand "
         "or from the storehouse.",
         [("plant:store:P1:1", "the stored Potato is weaker, and Radishes pay a coin "
                               "per seed.")])
    _rules(record, {"discard": "The Potato left in the storehouse goes to the discard pile. "
                               "The harvest window starts with Ben, on your left."})
    _bot(record, 1, "keep", "Ben keeps his fields.")
    _bot(record, 2, "keep", "Cai keeps his too.")
    _you(record, "keep",
         "Keep your field growing: your Radish has 2 seeds but is one card, so it would earn "
         "only one coin. From here you play on by yourself.",
         [("harvest:1", "one card earns at most one coin; wait for more Radish or manure.")])
    return record, 0
