"""Liar's Dice's rule catalogue: every rule an event or a refusal names, in our own words,
with our rulings where the versions of the game differ."""
from __future__ import annotations

from tomato_widgets.core.rulebook import Rule, RuleBook, Ruling

from .words import bid_words, dice_words, seat_name

R = Rule
RULES = (
    R("setup.dice", "Dice and cups",
      "Every player has a cup and the same number of dice under it. Only the cup's owner "
      "may look at the dice under it.", "Setup",
      "Each player starts with {count} dice under a cup.",
      ruling=Ruling(
          text_says="Sets are sold with five dice a player, some with six; home tables often "
                    "play with fewer to keep a game short.",
          decision="Five dice each, unless the table agrees on another number from 1 to 6.",
          reason="Five is what most sets hold; fewer dice make a quick first game.",
          option="dice")),
    R("round.roll", "Everybody rolls under the cup",
      "At the start of each round every player still in shakes their cup and peeks at "
      "their own dice, keeping them hidden from the others.", "A round",
      "{player} rolls {dice} under the cup.",
      hidden_sentence="{player} rolls {count} dice under the cup."),
    R("round.starter", "The loser starts the next round",
      "The player who lost the last call opens the next round; one who lost their last "
      "die is out, so the next player on their left with dice opens instead.", "A round",
      "{player} opens the next round.",
      ruling=Ruling(
          text_says="Tables differ: the loser of the call starts, or the player on the "
                    "loser's left, or the winner.",
          decision="The loser of the call starts; if they are out, the next player on "
                   "their left who still has dice. The first round is opened by the first "
                   "seat.",
          reason="It is the most common rule, and it gives the player who is behind the "
                 "first word, which keeps the game close.")),
    R("bid.open", "The opening bid",
      "The round opens with a bid: a number of dice and a face, a guess that at least that "
      "many dice on the whole table show that face.", "Bidding",
      "{player} opens with {bid}.", dwell=1.2),
    R("bid.raise", "Each bid raises the last",
      "Round the table to the left, each player either raises the bid or calls it.",
      "Bidding", "{player} raises to {bid}."),
    R("bid.order", "What counts as higher",
      "A bid is higher when it names more dice (of any face), or as many dice of a higher "
      "face. When ones are wild they are the highest face.", "Bidding",
      ruling=Ruling(
          text_says="Some tables let a bid raise either the quantity or the face; Perudo "
                    "halves the quantity when a bid moves onto ones and doubles it back.",
          decision="One ladder: more dice of any face, or the same number of a higher "
                   "face, with the wild face (ones, or sixes under OpenSpiel's rules) at the "
                   "top of the faces.",
          reason="A learner has one order to remember for every face, and it is the order "
                 "OpenSpiel's liars_dice uses, with its wild face at the top.")),
    R("bid.limit", "No bid above the dice on the table",
      "A bid may not name more dice than there are on the table: it could never be met.",
      "Bidding"),
    R("call.call", "Calling a bid",
      "Instead of raising, a player may call the last bid: they say it is not met. A "
      "round's first player must bid, since there is nothing to call yet.", "The call",
      "{player} calls {bidder}'s bid of {bid}.", dwell=1.2),
    R("call.reveal", "The cups are lifted",
      "After a call everybody lifts their cup and the dice that show the bid's face are "
      "counted.", "The call",
      "The cups are lifted ({dice}): {found} dice count for {bid}, so the bid {met}.",
      dwell=2.0),
    R("count.wild", "Wild dice",
      "A wild die counts as the face of the bid, whatever that face is.", "The call",
      "Wild dice counted for the bid: {wild}.",
      ruling=Ruling(
          text_says="In most versions ones are wild; some play without wild dice. A bid on "
                    "ones themselves is handled in several ways.",
          decision="Ones are wild unless the table switches it off; a bid on ones counts "
                   "ones only (nothing is wild for them).",
          reason="Wild ones are the usual game; counting ones only for a bid on ones is "
                 "the one reading that needs no extra rule.",
          option="wild_ones")),
    R("call.lose-die", "The loser of the call loses a die",
      "If the bid was met the caller loses one die; if not, the bidder does. The lost die "
      "goes out of the game.", "The call",
      "{loser} loses a die and has {left} left.", dwell=1.5),
    R("player.out", "Out of dice, out of the game",
      "A player who has lost every die is out.", "The call",
      "{player} has no dice left and is out.", dwell=1.5),
    R("end.last-player", "The last player with dice wins",
      "Rounds go on until only one player has dice: that player wins.", "The end",
      "{winner} is the last player with dice and wins.", dwell=2.0),
    R("end.one-round", "One call ends the game",
      "Under OpenSpiel's rules the first call ends the game: the loser of the call loses "
      "it and the other player wins.", "The end",
      "The call decides the game: {winner} wins and {loser} loses.", dwell=2.0),
    R("rules.openspiel", "OpenSpiel's rules",
      "The option rules=\"openspiel\" plays the game as OpenSpiel's liars_dice does.",
      "Options",
      ruling=Ruling(
          text_says="OpenSpiel's liars_dice is for two players and one round: the first "
                    "seat bids first, sixes are wild (for a bid on sixes too), bids climb the "
                    "same ladder with six the highest face, and the call decides the game (+1 "
                    "to the winner, -1 to the loser).",
          decision="With rules=\"openspiel\" we play exactly that, with the number of dice "
                   "each from the dice option; the wild_ones option must stay on (the wild "
                   "face is then six).",
          reason="So that a game here can be checked move by move against OpenSpiel "
                 "(the lock-step test) and bots written for it can be compared.",
          option="rules")),
)


def _bid(value, names) -> str:
    return bid_words(*value)


def _dice(value, names) -> str:
    if value and isinstance(value[0], list):  # every seat's dice, at the call
        return "; ".join(f"{seat_name(seat, names)} {dice_words(dice)}"
                         for seat, dice in enumerate(value) if dice)
    return dice_words(value)


def _seat(value, names) -> str:
    return seat_name(value, names)


RULEBOOK = RuleBook("liars_dice", RULES, {
    "bid": _bid, "dice": _dice, "bidder": _seat, "caller": _seat,
    "met": lambda value, names: "stands" if value else "fails"})
