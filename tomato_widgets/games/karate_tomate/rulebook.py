"""Karate Tomate's rule catalogue: every rule id the engine names, in our own words.

Sections follow the rulebook's headings ("Components", "Setup", "1 Warm-up", "2 Fight",
"3 Triumph", "End of the game"). Where the rulebook is silent or unclear, a ``Ruling``
records what it says, what we decided and why.
"""
from __future__ import annotations

from ...core.rulebook import Rule, RuleBook, Ruling, join_words
from .words import (card_words, cards_words, count_words, named, offer_words, ordinal,
                    ranking_words, revealed_words, scores_words, shown_words, swap_words,
                    keeps_words, triumphs_count, turned_words)
from .cards import plural, tomato_name

COMPONENTS = "Components"
SETUP = "Setup"
WARM_UP = "1 Warm-up"
FIGHT = "2 Fight"
TRIUMPH = "3 Triumph"
END = "End of the game"


RULES = (
    # ---- components and setup -------------------------------------------------------------
    Rule("cards.numbers", "140 Number cards",
         "Five colours of 28 Number cards each, worth 1 to 5. Each colour shows a vegetable: "
         "corn, carrot, mushroom, aubergine and broccoli.", COMPONENTS,
         ruling=Ruling("The component list gives 140 cards of values 1 to 5 in five colours, "
                       "but not how many cards of each value a colour has.",
                       "Assumed until the real split is known: per colour 8 ones, 6 twos, 6 "
                       "threes, 4 fours and 4 fives, as plain data (option number_set).",
                       "Low cards common and high cards rare keeps a high total a real "
                       "achievement; the table is easy to replace when the real figures "
                       "turn up.", option="number_set")),
    Rule("cards.triumphs", "40 Triumph cards",
         "Triumph cards carry trophies (they win the game), kitchen knives (too few of them "
         "lose it) and tomato symbols (each one draws a Number card when the card is taken).",
         COMPONENTS,
         ruling=Ruling("The rulebook shows some Triumph cards in pictures but never lists what "
                       "the 40 cards carry.",
                       "An assumed table (option triumph_set): 3 cards of 5 trophies, 4 of 4, "
                       "then cards trading trophies for knives and tomato symbols, down to "
                       "cards with knives only; 86 trophies, 39 knives and 19 tomato symbols "
                       "in all.",
                       "It includes the two kinds of card the rulebook pictures (5 trophies; "
                       "1 trophy and 2 knives) and gives totals like the rulebook's final "
                       "example; being data, it is easy to replace.", option="triumph_set")),
    Rule("setup.deal", "Tomatoes and cards dealt",
         "Each player gets one of the ten Tomatoes (valued 1 to 10) at random and five Number "
         "cards. The other Number cards are the face-down draw pile; the shuffled Triumph "
         "cards are the face-down Triumph pile. Tomatoes not dealt go back in the box.", SETUP,
         sentence="Everybody gets a Tomato and {cards}; the other {pile} form the draw "
                  "pile."),
    Rule("setup.hand", "Your Tomato and your cards",
         "What you were dealt is yours alone to see: your Tomato and your five cards.", SETUP,
         sentence="{player} gets {tomato} and {cards}.",
         hidden_sentence="{player} gets a Tomato and {count}, face down.",
         ruling=Ruling("Tomatoes are handed out at random and later shown from the hand when "
                       "totals tie.",
                       "A Tomato is secret until it is shown: played in a heat (it is turned "
                       "over like any card) or shown to break a tie. From then on everybody "
                       "knows who holds it, also after a swap, which happens in the open.",
                       "Showing only makes sense for something hidden; a card turned over is "
                       "seen by all.")),
    # ---- 1 warm-up --------------------------------------------------------------------------
    Rule("warmup.turnup", "Triumph cards turned up",
         "A round starts by turning up Triumph cards from the pile until as many lie face up as "
         "the table needs: 2 with 3 or 4 players, 3 with 5, 4 with 6 or 7, 5 with 8, 6 with 9 "
         "or 10. Cards left over from the last round count.", WARM_UP,
         sentence="Round {round}: {turned} turned up to make {needed} face up ({left} left "
                  "from the last round).", dwell=1.5),
    Rule("warmup.enough", "Enough Triumph cards already up",
         "When the cards left from the last round already make up the number the table needs, "
         "none is turned up and the fight starts at once.", WARM_UP,
         sentence="Round {round} starts with the {left} still up from the last round: {offer}.",
         dwell=1.5),
    # ---- 2 fight -------------------------------------------------------------------------------
    Rule("fight.commit", "A card face down, all at once",
         "In each heat every player still fighting puts one card face down: a Number card or "
         "their Tomato. Nobody sees what the others chose until all the cards are down.", FIGHT,
         sentence="{player} puts {card} face down.",
         hidden_sentence="{player} puts a card face down.",
         ruling=Ruling("All players play a card face down, then the cards are turned over.",
                       "Each player's card is a step of its own; the others see a face-down "
                       "card and cannot tell a Tomato from a Number card. A hand is counted "
                       "as the table sees it, the Tomato among its cards, so either card "
                       "leaves one card fewer. When the last player still fighting has put "
                       "one down, the cards turn over.",
                       "Steps in a replay follow each other; hiding the card until the reveal "
                       "keeps the choice simultaneous.")),
    Rule("fight.colour", "Stay with your colour",
         "In the first heat any Number card may be played. After that you may only play cards "
         "of the colour you opened the round with.", FIGHT),
    Rule("fight.tomato", "Your Tomato takes you out",
         "Instead of a Number card you may put down your Tomato, in any heat; with no Number "
         "card you may play, you have to. The Tomato takes you out of this round's fight.",
         FIGHT,
         ruling=Ruling("You must play your Tomato when you cannot or do not want to play a "
                       "Number card.",
                       "A Tomato may be played in every heat, the first one included, whether "
                       "or not you still have cards of your colour.",
                       "\u201cDo not want to\u201d leaves the choice open at every heat.")),
    Rule("fight.own-card", "Only cards in your hand",
         "You can only play a Number card you hold.", FIGHT),
    Rule("fight.wait", "Wait for the others",
         "Once your card for the heat is down, you wait until everybody still fighting has put "
         "theirs down.", FIGHT),
    Rule("fight.out", "Out until the next round",
         "A player who has played their Tomato takes no more part in this round's fight.",
         FIGHT),
    Rule("heat.reveal", "The cards turn over",
         "When every player still fighting has a card down, all of them are turned over "
         "together. Number cards stay on the table in front of their players.", FIGHT,
         sentence="Heat {heat}: the cards turn over: {revealed}.", dwell=2.0),
    Rule("drop.out", "Out of the fight",
         "A player whose card was their Tomato leaves this round's fight and takes the Tomato "
         "back into their hand. Everybody has now seen which Tomato it is.", FIGHT,
         sentence="{player} played {tomato}: out of this fight, the Tomato goes back to the "
                  "hand.", dwell=1.5),
    Rule("drop.choice", "Draw two, or discard two and draw four",
         "Who drops out chooses: draw two cards from the draw pile, or first discard two cards "
         "from the hand and then draw four.", FIGHT,
         ruling=Ruling("Players who play their Tomato draw two, or discard two and draw four; "
                       "the text does not say in which order several of them do it.",
                       "When several players drop out in the same heat, they choose and draw "
                       "one after the other in seat order, starting from the first seat.",
                       "The order matters only when the draw pile runs out; a fixed order "
                       "is simple and fair enough.")),
    Rule("drop.draw-two", "Draw two",
         "The player takes the two top cards of the draw pile.", FIGHT,
         sentence="{player} chooses to draw two cards."),
    Rule("drop.discard-two", "Discard two, then draw four",
         "The player puts two cards of their hand on the discard pile, then draws four. This "
         "needs at least two cards in hand.", FIGHT,
         sentence="{player} chooses to discard two cards and then draw four.",
         ruling=Ruling("The text offers discarding two and drawing four without saying what "
                       "happens with fewer than two cards in hand.",
                       "Discarding two is offered only to a player holding two cards or more; "
                       "otherwise the player draws two.",
                       "Two cards cannot be discarded from a hand of one.")),
    Rule("drop.discard", "A card discarded",
         "A discarded card goes face up onto the discard pile.", FIGHT,
         sentence="{player} discards {card}.",
         ruling=Ruling("Played cards end on the discard pile; the text does not say whether "
                       "discards are open.",
                       "Discards lie face up, so everybody sees what was discarded.",
                       "A discard pile is an open pile in most card games, and the cards "
                       "played, which end there too, were seen by all.")),
    Rule("draw.cards", "Drawing cards",
         "Cards are drawn from the top of the face-down draw pile into the hand; only their "
         "new owner sees them.", FIGHT,
         sentence="{player} draws {cards}.", hidden_sentence="{player} draws {count}."),
    Rule("draw.reshuffle", "A new draw pile",
         "When the draw pile is empty and cards must be drawn, the discard pile is shuffled "
         "and becomes the new draw pile.", FIGHT,
         sentence="The draw pile is empty: the discard pile's {count} are shuffled into a new "
                  "draw pile.", dwell=1.5),
    Rule("draw.empty", "Nothing left to draw",
         "With both the draw pile and the discard pile empty, a player draws only what there "
         "is.", FIGHT,
         sentence="Both piles are empty: {player} draws {short} fewer than owed.",
         ruling=Ruling("The discard pile is reshuffled when the draw pile runs out; the text "
                       "does not say what happens when both are empty.",
                       "The draw stops short: the player gets the cards there were. A draw "
                       "that runs out mid-way takes the rest of the pile, then the reshuffled "
                       "discards.",
                       "Nothing else can be drawn; stopping is the only reading that needs no "
                       "new rule.")),
    Rule("fight.heat", "Another heat",
         "If more players are still fighting than Triumph cards lie up, another heat is "
         "played by those players.", FIGHT,
         sentence="Heat {heat}: {players} fight on, each in the colour they opened with."),
    Rule("fight.end", "The fight is over",
         "As soon as no more players are fighting than Triumph cards lie face up, the fight "
         "ends and those players pick Triumph cards.", FIGHT,
         sentence="The fight is over: {players} left, no more than the {offer} Triumph cards "
                  "up.",
         ruling=Ruling("Heats go on until the players still fighting are as many as the "
                       "Triumph cards up, or fewer.",
                       "The check comes after every heat, once those who dropped out have "
                       "drawn: no heat is played when the players left could already pick.",
                       "That is the whittling down the text describes; more dropping out "
                       "would serve no purpose.")),
    Rule("fight.nobody", "Everybody dropped out",
         "If every player still fighting plays their Tomato in the same heat, nobody takes a "
         "Triumph card this round.", FIGHT,
         sentence="Everybody still fighting played their Tomato: nobody takes a Triumph card, "
                  "and the {offer} face up stay for the next round.",
         ruling=Ruling("The text does not cover the last fighters all dropping out at once.",
                       "Nobody picks; the Triumph cards stay face up for the next round, which "
                       "tops them up as usual.",
                       "Only players who came through the fight pick, and cards not taken "
                       "stay on the table, as the text says for left-overs.")),
    # ---- 3 triumph -------------------------------------------------------------------------
    Rule("triumph.order", "The highest total picks first",
         "The players who came through the fight pick in the order of the total value of the "
         "Number cards they played this round, highest first.", TRIUMPH,
         sentence="Picking order by the total value played: {ranking}.", dwell=2.0),
    Rule("triumph.tie", "Equal totals: the higher Tomato first",
         "Players with equal totals show their Tomatoes; the higher Tomato picks first.",
         TRIUMPH,
         sentence="{players} tie with {total}: they show their Tomatoes ({shown}); the higher "
                  "one picks first.",
         ruling=Ruling("Tied players show their Tomatoes and the highest picks first.",
                       "Only the tied players show theirs, and each tied group is ordered by "
                       "its own Tomatoes. No two Tomatoes are equal, so this always decides.",
                       "The Tomatoes run from 1 to 10 without repeats."), dwell=2.0),
    Rule("triumph.swap", "Tied players swap Tomatoes",
         "After showing, the tied players swap Tomatoes: the highest with the lowest, the "
         "second highest with the second lowest, and so on; the middle one of an odd group "
         "keeps theirs.", TRIUMPH,
         sentence="{swaps}{keeps}.",
         ruling=Ruling("The tied players swap their Tomatoes, highest with lowest.",
                       "The swap comes right after the order is settled, before anyone picks, "
                       "and changes nothing about that order. Each tied group swaps within "
                       "itself.",
                       "The text tells the swap right after the order it decides; the order "
                       "is set by then, so picking first would change nothing."), dwell=2.0),
    Rule("triumph.pick", "Pick a Triumph card",
         "In the picking order each player takes one face-up Triumph card and lays it face "
         "down in front of them. Only its owner may look at it again; the others saw which "
         "card was taken.", TRIUMPH,
         sentence="{player} takes {card} ({place} pick) and lays it face down.",
         ruling=Ruling("Won Triumph cards lie face down; their owner may look at them.",
                       "A player's view shows their own Triumph cards and their trophies and "
                       "knives; of the others it shows only how many cards they won. The "
                       "pick itself is seen by everybody.",
                       "The cards are face up when taken, so the pick is public; face down "
                       "afterwards, keeping track of the others is a matter of memory."),
         dwell=1.5),
    Rule("triumph.symbols", "Tomato symbols draw cards",
         "Each tomato symbol on the Triumph card just taken draws one Number card from the draw "
         "pile into the taker's hand.", TRIUMPH,
         sentence="{player}'s card shows {symbols}: they draw as many Number cards.",
         ruling=Ruling("Picking a card with tomato symbols draws that many Number cards.",
                       "The cards are drawn at once, before the next player picks.",
                       "The draw belongs to the pick; the order matters only when the draw "
                       "pile runs low.")),
    Rule("round.clear", "The round ends",
         "All Number cards played this round go to the discard pile, those of the players who "
         "dropped out included. Triumph cards not taken stay up for the next round.", TRIUMPH,
         sentence="Round {round} is over: the cards played ({count}) go to the discard pile; "
                  "left face up: {left}.",
         ruling=Ruling("At the end all players put the Number cards they played on the discard "
                       "pile.",
                       "That means every card played this round, also by those who dropped "
                       "out early.",
                       "Their cards were played too, and nothing else happens to them."),
         dwell=1.5),
    # ---- the end -------------------------------------------------------------------------------
    Rule("end.call", "Calling the end",
         "At the end of a round, a player with 12 trophies or more may call the end of the "
         "game; it ends at once.", END,
         sentence="{player} calls the end of the game with {trophies}.",
         hidden_sentence="{player} calls the end of the game.",
         ruling=Ruling("A player with at least 12 trophies may call for the end at the end of a "
                       "round.",
                       "After each round every player who may call is asked in seat order; the "
                       "first who calls ends the game. Being asked tells the others that a "
                       "player has 12 trophies or more, not how many.",
                       "Someone has to be asked first; a fixed order is simple.")),
    Rule("end.no-call", "Playing on",
         "A player who may call the end can also choose to play another round.", END,
         sentence="{player} could call the end of the game, but plays on."),
    Rule("end.pile", "The Triumph pile runs short",
         "If the pile cannot top the table up to the number it needs at the start of a round, "
         "the game is over.", END,
         sentence="Only {pile} left in the Triumph pile and the table needs {needed} more: the "
                  "game ends.",
         ruling=Ruling("The game ends when a new round begins and too few Triumph cards are "
                       "left to turn over.",
                       "It ends when the pile holds fewer cards than the top-up needs; the "
                       "Triumph cards still face up go to nobody.",
                       "Topping up is what the warm-up does; cards nobody won are nobody's."),
         dwell=2.0),
    Rule("end.rounds", "The round limit",
         "A game also ends after the most rounds the option rounds allows.", END,
         sentence="Round {rounds} was the last the game allows: it ends.",
         ruling=Ruling("The text ends the game only by a call or a short Triumph pile.",
                       "The game also ends after the rounds of the option rounds (100 unless "
                       "set otherwise), and is scored as usual.",
                       "A round in which everybody drops out awards nothing, so in theory a "
                       "game could last for ever; real games end long before 100 rounds.",
                       option="rounds"), dwell=2.0),
    Rule("end.reveal", "Triumph cards turned over",
         "At the end everybody turns their Triumph cards over and counts trophies and knives.",
         END, sentence="Everybody turns over their Triumph cards: {scores}.", dwell=2.0),
    Rule("end.fewest-knives", "The fewest knives lose",
         "Whoever has the fewest kitchen knives loses, however many trophies they have; "
         "several players can lose this way.", END,
         sentence="The fewest knives ({knives}): {players} cannot win.",
         ruling=Ruling("The player with the fewest knives loses, possibly several; not when "
                       "all players have the same number.",
                       "Everybody tied for the fewest knives is out of the running, unless "
                       "all are tied; then nobody is.",
                       "That is the text's rule and its exception."), dwell=2.5),
    Rule("end.knives-level", "Knives level: nobody is knocked out",
         "When all players have the same number of knives, the knife rule knocks nobody out.",
         END, sentence="Everybody has {knives}: the knife rule knocks nobody out.", dwell=2.5),
    Rule("end.most-trophies", "Most trophies wins",
         "Of the players left, the one with the most trophies wins.", END,
         sentence="{winner} wins with the most trophies ({trophies}).", dwell=2.5),
    Rule("end.most-knives", "Equal trophies: most knives",
         "If the most trophies are shared, the one of those players with the most knives wins.",
         END, sentence="{tied} have {trophies} each; {winner} wins with the most knives "
                       "({knives}).", dwell=2.5),
    Rule("end.higher-tomato", "Still equal: the higher Tomato",
         "If they also have as many knives, the higher Tomato wins.", END,
         sentence="{tied} are level on trophies and knives; {winner} wins with the higher "
                  "Tomato ({shown}).",
         ruling=Ruling("If there is still a tie, the higher-value Tomato wins.",
                       "The Tomato compared is the one held at the end, after any swaps.",
                       "The Tomatoes are in the players' hands when the game ends."),
         dwell=2.5),
    Rule("rules.forced", "Steps nobody chooses",
         "Turning the cards over, drawing from the top of the pile, setting the picking "
         "order, swapping Tomatoes, ending a round and scoring happen by themselves, one step "
         "each.", FIGHT,
         ruling=Ruling("The text describes these as things the table does.",
                       "Each is a recorded step taken by chance with exactly one possible "
                       "outcome, so a replay can stop before and after each one.",
                       "A learner sees one thing happen at a time; calling them chance keeps "
                       "the players' decisions apart from what just happens.")),
)


RULEBOOK = RuleBook("karate_tomate", RULES, formatters={
    "card": lambda card, names: card_words(card),
    "cards": lambda cards, names: cards_words(cards) if isinstance(cards, list)
    else plural(cards, "Number card"),
    "count": lambda count, names: count_words(count),
    "short": lambda count, names: count_words(count),
    "tomato": lambda value, names: tomato_name(value),
    "turned": lambda cards, names: turned_words(cards),
    "offer": lambda cards, names: offer_words(cards) if isinstance(cards, list) else str(cards),
    "left": lambda count, names: triumphs_count(count),
    "pile": lambda count, names: plural(count, "card"),
    "revealed": revealed_words,
    "ranking": ranking_words,
    "shown": shown_words,
    "swaps": swap_words,
    "keeps": keeps_words,
    "symbols": lambda count, names: plural(count, "tomato symbol"),
    "scores": scores_words,
    "knives": lambda count, names: plural(count, "knife", "knives"),
    "trophies": lambda count, names: plural(count, "trophy", "trophies"),
    "tied": lambda seats, names: join_words([named(seat, names) for seat in seats]),
    "place": lambda number, names: ordinal(number),
})
