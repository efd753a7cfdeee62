"""Tomatomat's rule catalogue: every rule id the engine names, explained in our own words.

Sections are the rulebook's headings ("Game setup", "A. Allocate playing cards",
"B. Distribute machines", "End of a round", "End of the game"). Where the rulebook is
silent, unclear or mistranslated, a ``Ruling`` records what it says, what we decided and why.
"""
from __future__ import annotations

from ...core.rulebook import Rule, RuleBook, Ruling, join_words
from .cards import card_name, cards_name
from .machines import stars_text
from .words import named_cards, seat_name, star_machine

SETUP = "Game setup"
ALLOCATE = "A. Allocate playing cards"
DISTRIBUTE = "B. Distribute machines"
ROUND_END = "End of a round"
GAME_END = "End of the game"


def _owned_cards(pairs, names) -> str:
    """``[[0, "YP"], [1, "B1"], [1, "B1"]]`` -> "Ana's yellow police officer and Ben's 2
    blue 1-coins"."""
    if not pairs:
        return "no card"
    counted: dict = {}
    for seat, card in pairs:
        counted[(seat, card)] = counted.get((seat, card), 0) + 1
    return join_words([f"{seat_name(seat, names)}'s {cards_name(card, count)}"
                       for (seat, card), count in counted.items()])


def _card_list(cards, names) -> str:
    return named_cards(cards)


def _totals(totals, names) -> str:
    return ", ".join(f"{seat_name(seat, names)} {total}" for seat, total in enumerate(totals))


def _counts(counts, names) -> str:
    """Per seat the cards put at each position in a batch: "Ana: 2 at I and 2 at III; ..."."""
    parts = []
    for seat, row in enumerate(counts):
        spots = [f"{count} at {POSITION_NAMES[pos]}" for pos, count in enumerate(row) if count]
        parts.append(f"{seat_name(seat, names)}: {join_words(spots)}")
    return "; ".join(parts)


def _moves(moves, names) -> str:
    return ", ".join(f"{seat_name(a, names)} to {seat_name(b, names)}" for a, b in moves)


def _stars(stars, names) -> str:
    return stars_text(stars)


def _offer(machines, names) -> str:
    """The machines a round puts out, as [stars, colours] per place I to IV: "at I a 1-star
    machine (red), at II a 2-star machine (green and yellow), ..."."""
    return join_words([f"at {place} {star_machine(stars)} ({join_words(colours)})"
                       for place, (stars, colours) in zip(POSITION_NAMES, machines)])


def _taken(machines, names) -> str:
    """What a win takes: the machine itself, or every machine of a stack."""
    return "it" if len(machines) == 1 else f"all {len(machines)} machines of the stack"


def _left(places, names) -> str:
    """Machines nobody won, as [place, stars]: "machine IV (2 stars)"."""
    return join_words([f"machine {place} ({stars_text(stars)})" for place, stars in places])


POSITION_NAMES = ("I", "II", "III", "IV")
DUMMY_TEXT = {0: "", 1: ", plus one spare deck", 2: ", plus two spare decks"}

RULES = (
    # ---- Game setup ----------------------------------------------------------------
    Rule("cards.deck", "48 playing cards",
         "There are twelve playing cards in each of four colours: seven coins showing 1, two "
         "coins showing 2, two thieves and one police officer. Only coins add to a total; "
         "thieves and police officers act on other cards.", SETUP,
         ruling=Ruling("The component list gives the small coins \u201ca value of 7\u201d.",
                       "The seven common coins are worth 1 and the two rarer ones 2.",
                       "Seven coins of value seven is a slip in the English edition: its own "
                       "worked example shows a 1 and a 2 coin, and reviews of the original "
                       "German game agree.")),
    Rule("cards.colours", "Four colours",
         "Cards and machine tomatoes come in red, green, blue and yellow. On the board every "
         "card also says its colour in words and shows a picture of its kind, and every "
         "tomato comes with its colour's name, so colour is never the only clue.",
         SETUP,
         ruling=Ruling("The worked example speaks of a purple thief and purple coins.",
                       "Purple in the English text is our blue.",
                       "The game has four colours and purple is not among the others named; "
                       "the translation most likely renamed one, and blue is the one missing.")),
    Rule("machines.deck", "36 machines",
         "Each machine shows one to three stars (what it is worth at the end) and tomatoes of "
         "one or two colours (which coins count double there).", SETUP,
         ruling=Ruling("The box holds 36 machines of various colours with 1 to 3 stars; the "
                       "exact mix is not listed.",
                       "We use an assumed table: twelve machines each of 1, 2 and 3 stars, "
                       "half of them in one colour and half in two, colours spread evenly. The "
                       "option machine_set chooses the table; the real one can be added.",
                       "No source gives the actual machines, so the numbers are a placeholder "
                       "kept as data, easy to replace.", option="machine_set")),
    Rule("setup.deal", "Twelve cards face down",
         "The playing cards are shuffled and every player gets twelve as a face-down personal "
         "deck, which nobody looks at. Cards are then drawn from its top, four at a time.",
         SETUP, sentence="The playing cards are shuffled: a face-down deck of 12 for every "
                         "player{dummies}."),
    Rule("setup.dummies", "Spare decks with fewer than four players",
         "With three players the twelve cards left over form one spare deck; with two, the 24 "
         "left over form two spare decks. Nobody plays them: at the end of each round they "
         "are passed along like a player's pile.", SETUP,
         sentence="The spare decks take their place in the passing order: {order}.",
         ruling=Ruling("With 2 or 3 players the spare cards make one or two decks placed "
                       "between the players and swapped as if they belonged to a player.",
                       "Passing order (clockwise): with two players the first player, spare "
                       "deck 1, the second player, spare deck 2; with three players the three "
                       "players, then the spare deck. With two players the 24 spare cards are "
                       "split at random into two decks of 12.",
                       "Putting one spare deck between the two players gives each player a fresh "
                       "mix every round, and a random split is the plain reading of forming two "
                       "similar decks.")),
    Rule("machines.draw", "Four machines on display",
         "At the start of every round a machine from the face-down stock is put at each of the "
         "four positions I, II, III and IV.", SETUP,
         sentence="Round {round} puts out four machines: {offer}.", dwell=1.5),
    Rule("machines.stack", "A new machine on a left-over one",
         "A machine nobody won stays in place; next round's machine goes on top of it. The "
         "stack is worth all its stars, the top machine's colours count, and whoever wins the "
         "position takes every machine in the stack.", ROUND_END,
         sentence="At {position} the new machine goes on top of the one left over: the stack "
                  "is worth {stars}, and now {colours} count double.",
         ruling=Ruling("The new machine goes on the old one with its stars visible; the top "
                       "card's colours count and the winner gets the machines underneath too.",
                       "Stars add up over the whole stack; only the top machine's colours "
                       "double coins; the winner takes the whole stack; for the final "
                       "tie-break every machine card in it counts as one machine.",
                       "Keeping the stars visible only matters if they all count, and counting "
                       "machines as cards is the simplest reading of \u201cmost machines\u201d."),
         dwell=1.5),
    # ---- A. Allocate playing cards ------------------------------------------------------
    Rule("draw.cards", "Draw four cards",
         "Three times per round, each player takes the next four cards of their own deck into "
         "their hand. Only they see them.", ALLOCATE,
         sentence="{player} draws {drawn} (batch {batch}).",
         hidden_sentence="{player} draws {count} cards from their deck (batch {batch})."),
    Rule("place.card", "Put a card face down at a machine",
         "Everyone at once puts the four drawn cards face down at the machines of their choice, "
         "one card at a time. Any machine may get none, some or all four; every card must be "
         "placed and a placed card never moves.", ALLOCATE,
         sentence="{player} puts the {card} face down at machine {position}.",
         hidden_sentence="{player} places a card face down.",
         ruling=Ruling("Players allocate at the same time, face down; all four cards must be "
                       "played and a machine may take any number of them.",
                       "Each seat commits its cards one by one while the others cannot see "
                       "which card went where; only when everybody has finished the batch do "
                       "the numbers of face-down cards per machine show. Putting all four at "
                       "one machine is allowed.",
                       "A face-down commit is what simultaneous hidden placement means in a "
                       "replay, where steps follow each other.")),
    Rule("place.own-card", "Only cards in your hand",
         "You can only place a card you drew in this batch and have not placed yet.", ALLOCATE),
    Rule("place.position", "Four machine positions",
         "Cards go to one of the four machine positions, I, II, III or IV.", ALLOCATE),
    Rule("place.wait", "Wait for the others",
         "Once your four cards of the batch are down, you wait until everyone has placed "
         "theirs; then the next four are drawn.", ALLOCATE),
    Rule("place.remember", "Placed cards stay face down",
         "Once down, a card stays where it is and face down, for its owner too: nobody looks at "
         "it again until its machine is opened. What everybody sees is how many cards each "
         "player has at each machine.", ALLOCATE,
         ruling=Ruling("A card once allocated may never be peeked at or moved; the order cards "
                       "are there so each player can count how many cards lie at each machine.",
                       "A player's view shows their own placed cards face down like everyone "
                       "else's: only how many lie at each machine. The option remember_own=true "
                       "shows a player their own placed cards, as a teaching aid for beginners.",
                       "The ban on peeking means a placed card is out of sight for good, and "
                       "the order cards help to count cards, not to name them: remembering "
                       "what went where is part of the game's challenge.",
                       option="remember_own")),
    Rule("batch.complete", "Everyone has placed",
         "When all players have placed their four cards, the face-down cards lie visible at "
         "the machines: everybody sees how many each player has put where, but not which.",
         ALLOCATE, sentence="Batch {batch} is down: {counts}.", dwell=1.5),
    # ---- B. Distribute machines ---------------------------------------------------------
    Rule("resolve.forced", "Steps nobody chooses",
         "Once the cards are down, the machines are settled from I to IV: cards turned up, "
         "police, thieves, scoring. Nobody decides anything here, so each step simply "
         "follows the last.", DISTRIBUTE,
         ruling=Ruling("Scoring is described as something the table does together.",
                       "Each part of the settlement is its own recorded step, taken by chance "
                       "with exactly one possible outcome (probability 1), so a replay can "
                       "stop and explain after each.",
                       "Splitting the settlement into steps lets a learner see police, thieves "
                       "and scoring one by one; calling them chance keeps players' decisions "
                       "apart from what just happens.")),
    Rule("reveal.cards", "Turn up the cards at a machine",
         "All players turn face up the cards they put at the machine being settled.",
         DISTRIBUTE,
         sentence="Machine {position} ({stars}, {colours}): the cards turn up: {revealed}.",
         dwell=1.5),
    Rule("resolve.scope", "Only the cards at this machine",
         "Police officers and thieves act only on the cards turned up at the machine being "
         "settled, but on everybody's cards there, their owner's included.", DISTRIBUTE,
         ruling=Ruling("Officers catch matching thieves on all corresponding order cards, "
                       "your own included; thieves steal likewise.",
                       "An officer or thief affects every revealed card of its colour at the "
                       "same machine, whoever played it, and nothing at other machines.",
                       "The corresponding order cards are those of the machine being scored.")),
    Rule("resolve.order", "Police first, then thieves",
         "First every police officer acts, then the thieves still free. Two thieves of one "
         "colour take the same coins together; a coin is stolen only once.", DISTRIBUTE,
         ruling=Ruling("The effects are applied in order: officers catch thieves, then the "
                       "remaining thieves steal coins.",
                       "All officers at the machine act before any thief; thieves of the same "
                       "colour steal as one group, so two of them take the coins once.",
                       "A caught thief must be out before it could steal, and a coin can only "
                       "be taken away once.")),
    Rule("police.catch", "Police officers catch thieves",
         "A police officer catches every revealed thief of its colour at this machine. The "
         "officer and the thieves it caught go to their owners' discard piles.", DISTRIBUTE,
         sentence="At machine {position} {owner}'s {card} catches {caught}.", dwell=1.5),
    Rule("police.nothing", "An officer with nothing to catch",
         "With no thief of its colour at the machine, a police officer does nothing, and is "
         "discarded all the same.", DISTRIBUTE,
         sentence="At machine {position} {owner}'s {card} finds no thief and is discarded.",
         ruling=Ruling("The text says what caught thieves and officers do, not what an "
                       "officer does with nobody to catch.",
                       "It goes to its owner's discard pile like every other used card.",
                       "The worked example discards an idle officer, and every card must be "
                       "back in a pile before the next round."), dwell=1.5),
    Rule("thieves.steal", "Thieves steal coins",
         "A thief still free steals every revealed coin of its colour at this machine, even "
         "its own player's. The thief and the stolen coins go to their owners' discard piles: "
         "stealing gains the thief's player nothing, it only stops those coins from counting.",
         DISTRIBUTE, sentence="At machine {position}, stolen by {thieves}: {stolen}.",
         ruling=Ruling("Thieves and their stolen coins are discarded onto the respective "
                       "personal discard piles.",
                       "A stolen coin goes to the pile of the player who played it; the thief's "
                       "player gets nothing for it.",
                       "Each pile must hold its owner's twelve cards to be passed on, and the "
                       "example has each player discarding their own stolen coins."), dwell=1.5),
    Rule("thieves.nothing", "A thief with nothing to steal",
         "A free thief that finds no coin of its colour is simply discarded.", DISTRIBUTE,
         sentence="At machine {position} there is no {colour} coin for {thieves} to steal.",
         dwell=1.5),
    Rule("score.double", "Matching tomatoes count double",
         "A coin whose colour is one of the machine's tomato colours counts twice its value.",
         DISTRIBUTE, sentence="At machine {position} the tomatoes are {colours}: double value "
                              "for {coins}.",
         ruling=Ruling("A coin matching the colour of the machine's tomatoes scores twice.",
                       "A coin counts double when its colour is any of the machine's colours; "
                       "never more than double, also on a two-colour machine.",
                       "A coin has one colour, so it can match at most one of the two."),
         dwell=2.0),
    Rule("score.win", "The highest total wins the machine",
         "The coins left at the machine are added up per player; the single highest total "
         "takes the machine (the whole stack, if there is one) and keeps it to the end.",
         DISTRIBUTE,
         sentence="{winner} wins machine {position} with {total} and takes {machines}: "
                  "{stars}. Totals: {totals}.", dwell=2.0),
    Rule("score.tie", "A tie leaves the machine",
         "If two or more players share the highest total, or nobody scores at all, nobody "
         "gets the machine: it stays for the next round.", DISTRIBUTE,
         sentence="Nobody wins machine {position}: {tied} tie with {top}, so the machine "
                  "stays on display. Totals: {totals}.",
         ruling=Ruling("Whoever scores the highest total wins; in a tie nobody does.",
                       "Only one player strictly ahead with more than 0 wins; when everybody "
                       "has 0 it counts as a tie and the machine stays.",
                       "A machine won with nothing paid into it would make no sense in the "
                       "game's story, and all-zero is a tie between everybody."), dwell=2.0),
    # ---- End of a round ------------------------------------------------------------------
    Rule("round.pass", "Piles move on",
         "After machine IV every player hands their discard pile, twelve cards, to the next "
         "seat clockwise; spare decks are passed on the same way.", ROUND_END,
         sentence="Round {round} is over; the piles move on: {moves}.",
         ruling=Ruling("Every used card is discarded onto its owner's pile so the same twelve "
                       "cards come back; then the piles are handed on.",
                       "All cards at a machine, scored, caught or stolen, end on the pile of "
                       "the player who placed them, so every pile handed on has exactly twelve "
                       "cards.", "Otherwise decks would shrink or grow from round to round."),
         dwell=2.0),
    Rule("round.shuffle", "A new deck from the pile received",
         "Each player shuffles the twelve cards they were handed; this is their face-down "
         "deck for the new round.", ROUND_END,
         sentence="Everyone shuffles the pile they received into a new deck (round {round})."),
    # ---- End of the game -----------------------------------------------------------------
    Rule("end.game", "The game ends after the last round",
         "After the agreed number of rounds (four in the full game) the game is over; no piles "
         "are passed after the last one.", GAME_END,
         sentence="Round {rounds} was the last: the game is over.",
         ruling=Ruling("The game ends after the fourth round; piles are handed on at the end "
                       "of every round.",
                       "Four rounds unless the option rounds asks for fewer (1 to 4, for short "
                       "lessons). After the last round nothing is handed on: the final step "
                       "only ends the game.",
                       "Passing piles prepares a next round, and there is none; shorter games "
                       "help when teaching.", option="rounds"), dwell=2.5),
    Rule("end.leftover", "Left-over machines",
         "Machines still on display after the last round belong to nobody.", GAME_END,
         sentence="Still on display after the last round, won by nobody: {left}.",
         ruling=Ruling("A tied machine waits for the next round; the text stops after the "
                       "fourth round.",
                       "After the last round there is no next round, so a machine still on "
                       "display is won by nobody.",
                       "No rule gives it to anyone, and a tie means nobody won it."), dwell=2.5),
    Rule("end.most-stars", "Most stars wins",
         "The player whose machines show the most stars in total wins.", GAME_END,
         sentence="{winners} wins with {stars}.", dwell=2.5),
    Rule("end.most-machines", "Equal stars: most machines",
         "If the stars are level, the player with more machine cards wins.", GAME_END,
         sentence="Level on stars ({stars}); {winners} wins with {machine_count} machines.",
         dwell=2.5),
    Rule("end.shared", "A shared win",
         "Players level on both stars and machines share the victory.", GAME_END,
         sentence="{winners} share the win with {stars} and {machine_count} machines each.",
         ruling=Ruling("In a tie the most machines wins; if still tied, the eligible players "
                       "share the victory.",
                       "Most stars first; among those tied, most machine cards; whoever is "
                       "still level shares the win. The score is the star total.",
                       "That is the text's order; \u201celigible\u201d means the players "
                       "still tied at that point."), dwell=2.5),
)


RULEBOOK = RuleBook("tomatomat", RULES, formatters={
    "card": lambda card, names: card_name(card),
    "drawn": _card_list,
    "revealed": _owned_cards,
    "caught": _owned_cards,
    "stolen": _owned_cards,
    "thieves": _owned_cards,
    "coins": _owned_cards,
    "totals": _totals,
    "counts": _counts,
    "moves": _moves,
    "order": lambda order, names: ", ".join(seat_name(slot, names) for slot in order),
    "stars": _stars,
    "dummies": lambda count, names: DUMMY_TEXT.get(count, f", plus {count} spare decks"),
    "colours": lambda colours, names: join_words(list(colours)),
    "offer": _offer,
    "machines": _taken,
    "left": _left,
    "tied": lambda seats, names: join_words([seat_name(s, names) for s in seats]),
})
