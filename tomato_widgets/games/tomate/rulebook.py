"""Tomate's rule catalogue: every rule id the engine names, explained in our own words.

Sections refer to the headings of the Tomate rulebook ("The cards & the deal", "The play",
"Scoring", "Winning"). Where the rulebook is silent or unclear, ``Ruling`` records what it
says, what we decided and why.
"""
from __future__ import annotations

from ...core.rulebook import Rule, RuleBook, Ruling, join_words
from .cards import card_name

DEAL = "The cards & the deal"
PLAY = "The play"
SCORING = "Scoring"
WINNING = "Winning"


def _cuts(cuts, names):
    return join_words([f"{names[seat]} cut the {card_name(card)}" for seat, card in cuts])


def _tricks(count: int) -> str:
    return {0: "no trick", 1: "one trick"}.get(count, f"{count} tricks")


RULES = (
    Rule("setup.deck", "A 40-card deck", "Tomate uses the Spanish 40-card deck: four suits "
         "(coins, cups, swords and clubs, i.e. oros, copas, espadas and bastos) of ten cards. "
         "From the top, a suit ranks A, 3, K (rey), Q (caballo), J (sota), 7, 6, 5, 4, 2. "
         "With a French pack, take out every 8, 9 and 10; diamonds, hearts, spades and clubs "
         "stand in for coins, cups, swords and clubs.", DEAL),
    Rule("round.phases", "The order of a round",
         "Each round runs in a fixed order: ante and deal, the dealer takes or leaves the trump "
         "(and discards if taken), everyone declares play or pass, three tricks, the scoring. "
         "An action belongs to one of these stages only.", DEAL),
    Rule("setup.cut", "Lowest cut deals first",
         "Before the first round everyone cuts a card; whoever shows the lowest rank is the "
         "first dealer. After every round the deal moves one seat to the left.", DEAL,
         sentence="{cuts}: {dealer} cut lowest and deals first.", dwell=1.5,
         ruling=Ruling("The lowest cut card deals; nothing is said about two equally low cuts.",
                       "Players tied for the lowest rank cut again among themselves until one "
                       "is lowest. The option first_dealer skips the cut.",
                       "A fresh cut is the usual way to break such a tie and keeps the choice "
                       "to chance.", option="first_dealer")),
    Rule("setup.cut-tie", "Tied cut: cut again",
         "Two or more players cut the same lowest rank, so only they cut again.", DEAL,
         sentence="{cuts}: {players} tie for lowest and cut again."),
    Rule("round.ante", "Three chips into the pot each round",
         "At the start of every round the bank adds the Tomate payment (3 chips unless agreed "
         "otherwise) to the pot. A pot left over from an earlier round stays and grows.", DEAL,
         sentence="{amount} chips go into the pot from the {source}; the pot holds {pot}.",
         ruling=Ruling("Three chips go into the pot from the bank.",
                       "The bank pays the ante every round, including rounds that follow an "
                       "all-pass. Options: ante (the amount) and ante_from=dealer for the "
                       "common variant where the dealer pays it.",
                       "That is what the text says; the dealer-pays variant is common in "
                       "related games, so it is available but not the default.",
                       option="ante_from")),
    Rule("deal.deal", "Three cards each",
         "The dealer shuffles and gives every player three cards. The rest of the deck is the "
         "stock, face down, and its top card is turned up.", DEAL,
         sentence="{dealer} deals three cards to each player (round {round})."),
    Rule("deal.trump", "The turned card sets trumps",
         "The card turned up from the stock decides the trump suit for this round.", DEAL,
         sentence="The {card} is turned up: {suit} are trumps.", dwell=1.5),
    Rule("deal.empty-stock", "Thirteen players leave no stock",
         "With 13 players, 39 cards are dealt and the 40th is the turned trump, so there is no "
         "stock at all.", DEAL, sentence="All 40 cards are out: the stock is empty.",
         ruling=Ruling("The deck of 40 serves 2 to 13 players; the stock is not discussed further.",
                       "An empty stock changes nothing: the stock is never drawn from, so the "
                       "round is played as usual.",
                       "Nothing in the rules takes cards from the stock.")),
    Rule("deal.take", "\u201cI'm taking it\u201d",
         "Before looking at their cards, the dealer may pick up the turned trump. Then they must "
         "stay in this round and need two tricks, not one, to escape the penalty.", DEAL,
         sentence="{player} takes the turned {card} without looking at the hand.",
         ruling=Ruling("The dealer decides before looking at the hand and must exchange the "
                       "trump for one card, discarded face down.",
                       "The take-or-leave decision is made blind (the dealer's own hand is "
                       "hidden from them until then); the card to discard is chosen afterwards, "
                       "with the hand in view, from the three cards dealt.",
                       "Deciding blind is what the text requires; after taking, the dealer "
                       "holds the cards anyway, and discarding the trump just taken would undo "
                       "the exchange.")),
    Rule("deal.decline", "The dealer leaves the trump",
         "The dealer may leave the turned card where it is; then they declare like everyone "
         "else, last.", DEAL, sentence="{player} leaves the trump card on the stock."),
    Rule("deal.discard", "Discard after taking the trump",
         "Having taken the trump, the dealer puts one of the three cards they were dealt face "
         "down out of play.", DEAL,
         sentence="{player} discards the {card} face down.",
         hidden_sentence="{player} discards one card face down."),
    Rule("declare.order", "Play or pass, in turn",
         "Starting left of the dealer and ending with the dealer, each player says play (stay "
         "in) or pass. A dealer who took the trump has already committed and is skipped.", DEAL,
         ruling=Ruling("Declarations go around from the dealer's left; the dealer who took the "
                       "trump cannot pass.",
                       "The dealer declares last; a dealer who took the trump is counted as "
                       "playing and does not declare again.",
                       "Going left from the dealer puts the dealer last, and taking the trump "
                       "is already a promise to play.")),
    Rule("declare.play", "Staying in", "A player who plays must then win a trick (the dealer "
         "who took the trump: two) or pay the penalty.", DEAL, sentence="{player} plays."),
    Rule("declare.pass", "Passing", "A player who passes puts their cards face down, takes no "
         "part in the tricks, and risks nothing this round.", DEAL, sentence="{player} passes."),
    Rule("round.all-pass", "Everybody passed",
         "Nobody stayed in, so no tricks are played and the pot waits for the next round.", DEAL,
         sentence="Everyone passed: the pot of {pot} carries over to the next round.", dwell=2.0,
         ruling=Ruling("The text does not say what happens when every player passes.",
                       "The pot is carried over untouched to the next round, where the next "
                       "ante is added to it; nobody pays a penalty.",
                       "Nothing in the text gives the pot to anyone, and carrying a pool over "
                       "is how related games (Loo, Bourr\u00e9) handle it.")),
    Rule("play.alone", "Only one player stayed in",
         "With a single player in, there is nobody to play against: that player takes all "
         "three tricks and so the whole pot.", PLAY,
         sentence="{player} is the only one in and takes all three tricks.", dwell=2.0,
         ruling=Ruling("The text assumes several players stay in.",
                       "A lone player is given the three tricks without playing them out.",
                       "Playing cards against nobody cannot change the result; the record still "
                       "shows this rule as the reason.")),
    Rule("trick.lead", "Leading a trick",
         "The first trick is led by the first player still in to the left of the dealer; each "
         "later trick by whoever won the previous one. The leader may play any card.", PLAY,
         sentence="{player} leads the {card}.",
         ruling=Ruling("The first trick is led by the player sitting on the dealer's left.",
                       "If that player passed, the next player still in, going left, leads.",
                       "Only players who stayed in play tricks.")),
    Rule("follow.beat", "Beat the trick in the suit led",
         "If you hold the suit that was led and one of your cards of it beats the best card on "
         "the trick, you must play a card that beats it.", PLAY,
         sentence="{player} beats the trick with the {card}."),
    Rule("follow.lower", "Follow suit even when you cannot beat",
         "If you hold the suit led but none of those cards beats the trick, you still play one "
         "of them.", PLAY, sentence="{player} cannot beat it and follows suit with the {card}."),
    Rule("follow.suit-when-trumped", "Follow suit on a trumped trick",
         "When someone has already trumped a trick of another suit, players holding the suit "
         "led still follow suit with any card of it.", PLAY,
         sentence="{player} follows suit with the {card}; the trick is already trumped.",
         ruling=Ruling("Players must follow suit, and after a trump the next player must play "
                       "a higher trump if able.",
                       "Following suit comes first: a player holding the suit led plays it "
                       "(any card of it) even after a trump; only players without the suit must "
                       "overtrump.",
                       "This is the usual order of duties in Spanish trick-takers, and it keeps "
                       "the rule 'follow suit if you can' true in every case.")),
    Rule("follow.trump", "No card of the suit: trump",
         "If you have none of the suit led and nobody has trumped yet, you must play a trump "
         "if you have one (any trump).", PLAY, sentence="{player} has none of the suit led and trumps with the {card}."),
    Rule("follow.overtrump", "Overtrump when you can",
         "If the trick is already trumped and you have none of the suit led, you must play a "
         "higher trump if you hold one.", PLAY, sentence="{player} overtrumps with the {card}."),
    Rule("follow.free", "No card of the suit and no trump: anything",
         "With neither the suit led nor a trump, any card may be played; it cannot win.", PLAY,
         sentence="{player} has neither the suit led nor a trump and throws the {card}."),
    Rule("follow.free-when-trumped", "Cannot overtrump: anything",
         "If the trick is trumped and you can neither follow suit nor play a higher trump, any "
         "card may be played.", PLAY,
         sentence="{player} cannot follow or overtrump and plays the {card}.",
         ruling=Ruling("If the next player cannot play a higher trump they may play any card.",
                       "There is no duty to play a lower trump: any card is allowed.",
                       "The text says 'any card' at this point, and the common Spanish rule has "
                       "no under-trumping duty.")),
    Rule("play.own-card", "Only cards in your hand",
         "You can only play (or discard) a card you are holding.", PLAY),
    Rule("trick.won", "Winning a trick",
         "A trick goes to the highest trump in it, or, if it has no trump, to the highest card "
         "of the suit led. The winner leads the next trick.", PLAY,
         sentence="{winner} wins trick {number} with the {card}.", dwell=1.8),
    Rule("score.order", "The scoring, one step at a time",
         "Once the third trick is won (or, when nobody or just one player stayed in, right after "
         "the declarations) the rules score the round by themselves, nobody choosing anything: "
         "first whoever fell short of their tricks pays, if anybody did; then the pot is shared "
         "out and the round ends, with the deal moving on or the game finished.", SCORING),
    Rule("score.penalty", "The Tomate penalty",
         "A player who stayed in and won no trick pays the penalty (3 chips unless agreed "
         "otherwise) into the pot.", SCORING,
         sentence="{player} won {tricks} but needed {needed}, and pays {amount} into the {into}.",
         dwell=2.0,
         ruling=Ruling("Failing players pay into the pot, and the pot is then divided.",
                       "By default the penalty goes into the pot that is split right now "
                       "(option penalty_into=next-pot keeps it for the next round).",
                       "Read literally, the payment comes before the division; the next-pot "
                       "version is how Loo is played.", option="penalty_into")),
    Rule("score.dealer-two-tricks", "The dealer who took the trump needs two tricks",
         "A dealer who said \u201cI'm taking it\u201d and won fewer than two tricks pays the "
         "penalty, but still collects a third of the pot for a trick they did win.", SCORING,
         sentence="{player} took the trump, needed two tricks, won {tricks}, and pays {amount}.",
         dwell=2.0,
         ruling=Ruling("The dealer who took the trump must capture two tricks to avoid the penalty.",
                       "With one trick, that dealer pays the penalty and still receives one "
                       "third of the pot for the trick.",
                       "The pot is shared per trick won; the penalty is a separate duty.")),
    Rule("score.penalty-short", "Paying what you have",
         "A player who owes the penalty but has fewer chips pays all they have.", SCORING,
         sentence="{player} owes {owed} but has only {amount}, and pays it all.", dwell=2.0,
         ruling=Ruling("The text does not cover a player who cannot pay.",
                       "They pay what they have; with no chips left the game then ends.",
                       "Chips never go below zero, and running out ends the game anyway.")),
    Rule("score.third", "A third of the pot per trick",
         "The pot is split in three equal shares, one for each trick; a player collects one "
         "share per trick won.", SCORING,
         sentence="{player} collects {amount} of the {pot}-chip pot for trick {number}.",
         dwell=2.0),
    Rule("score.odd-chips", "A pot that does not split evenly",
         "When the pot is not a multiple of three, the odd chips go to the winners of the "
         "first tricks.", SCORING,
         sentence="{player} collects {amount} of the {pot}-chip pot for trick {number}, including an odd chip.",
         dwell=2.0,
         ruling=Ruling("The pot is divided into thirds; odd amounts are not discussed.",
                       "Each trick gets pot // 3; the one or two chips left over go to the "
                       "winners of trick 1 and then trick 2.",
                       "This is how Loo shares an uneven pool, and no chip is lost.")),
    Rule("round.next-dealer", "The deal moves left",
         "When a round is settled the next player to the left deals.", WINNING,
         sentence="{dealer} deals next.", dwell=1.5),
    Rule("end.game", "When the game ends",
         "The game stops as soon as a player has no chips left after a round, or after an "
         "agreed number of rounds.", WINNING,
         ruling=Ruling("Play continues until a player is out of chips or an agreed number of "
                       "rounds is over.",
                       "Both apply: the option rounds sets the agreed number (20 unless set, "
                       "1 to 1000) and the game also ends at once when someone reaches zero "
                       "chips. There is no game without a round limit.",
                       "Either condition is in the text. The bank adds chips every round, so "
                       "nobody may ever run out: a game without a round limit could go on for "
                       "ever. Older records that asked for no limit are read with the most "
                       "rounds allowed, which changes none of the games they hold.",
                       option="rounds")),
    Rule("end.out-of-chips", "A player is out of chips",
         "A player has no chips left after the settlement, which ends the game.", WINNING,
         sentence="{players} has no chips left: the game is over.", dwell=2.5),
    Rule("end.rounds", "The agreed rounds are played",
         "The agreed number of rounds has been played, which ends the game.", WINNING,
         sentence="The agreed number of rounds ({rounds}) is played: the game is over.",
         dwell=2.5),
    Rule("end.most-chips", "Most chips wins",
         "Whoever has the most chips at the end wins; players tied for the most share the win.",
         WINNING, sentence="{winners} won with {chips} chips.", dwell=2.5,
         ruling=Ruling("The player with the most chips wins.",
                       "Players tied for the most chips share the win.",
                       "The text names no tie-break.")),
)


RULEBOOK = RuleBook("tomate", RULES, formatters={
    "card": lambda card, names: card_name(card),
    "cuts": _cuts,
    "tricks": lambda count, names: _tricks(count),
    "needed": lambda count, names: _tricks(count),
    "into": lambda into, names: "pot" if into == "this-pot" else "next round's pot",
})
