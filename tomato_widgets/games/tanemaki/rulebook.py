"""Tanemaki's rule catalogue: every rule id the engine names, explained in our own words.

Sections are the rulebook's headings. Where the rulebook is silent or unclear a ``Ruling``
records what it says, what we decided and why; the numbers nobody has published (the
exchange rates but the Bean's) are data behind an option.
"""
from __future__ import annotations

from ...core.rulebook import Rule, RuleBook, Ruling, join_words
from .cards import VARIETIES, card_name, cards_text

COMPONENTS = "Components"
SETUP = "Setup"
TURN = "Playing the game"
HANDING = "Handing a card out"
HARVEST = "Harvesting"
MANURE = "Manure card"
TWO = "Rule for 2 players"
END = "Ending and scoring"
VARIANTS = "Variation"


def plural(count: int, one: str, many: str | None = None) -> str:
    """``1 coin``, ``2 coins``, ``no coin``."""
    if count == 0:
        return f"no {one}"
    return f"{count} {one if count == 1 else (many or one + 's')}"


def _seat(value, names) -> str:
    return names[value] if isinstance(value, int) and 0 <= value < len(names) else str(value)


def _seats(value, names) -> str:
    return join_words([_seat(seat, names) for seat in value])


def _coins(value, names) -> str:
    return plural(value, "coin")


def _count(value, names) -> str:
    return plural(value, "card")


def _seeds(value, names) -> str:
    return plural(value, "seed")


def _card(value, names) -> str:
    """A card with its article: "a Bean (2 seeds)", "a manure card"."""
    return "a " + card_name(value)


def _cards(value, names) -> str:
    return cards_text(value) if value else "nothing"


def _stacks(value, names) -> str:
    """Every earnings stack turned over: "Ana 3 coins (2 Radish, a Bean), Ben 2 coins (...)"."""
    parts = []
    for seat, cards in enumerate(value):
        kinds = _coin_kinds(cards)
        parts.append(f"{_seat(seat, names)} {plural(len(cards), 'coin')}"
                     + (f" ({kinds})" if kinds else ""))
    return "; ".join(parts)


def _coin_kinds(cards) -> str:
    """Coin cards by variety (manure coins counted apart): "2 Radish, a Bean, 1 manure"."""
    from .cards import CARD_BY_ID, VARIETY
    counted = [0] * 6
    for card in cards:
        variety = VARIETY[CARD_BY_ID[card]]
        counted[5 if variety is None else variety] += 1
    words = [f"{count} {VARIETIES[v]}" for v, count in enumerate(counted[:5]) if count]
    if counted[5]:
        words.append(f"{counted[5]} manure")
    return ", ".join(words)


def _tally(value, names) -> str:
    """Per tied seat its coins of the deciding variety: "Ana 2, Ben 1"."""
    return ", ".join(f"{_seat(seat, names)} {count}" for seat, count in value)


FORMATTERS = {"to": _seat, "holders": _seats, "order": _seats, "tied": _seats,
              "coins": _coins, "best": _coins, "second": _coins, "rated": _coins,
              "count": _count, "discarded": _count, "left": _count, "need": _count,
              "seeds": _seeds, "card": _card, "cards": _cards, "stacks": _stacks,
              "tally": _tally}

RULES = (
    # ---- Components -------------------------------------------------------------------
    Rule("cards.seeds", "45 seed cards in five varieties",
         "Radish 5, Potato 7, Cucumber 9, Bean 11 and Calabash 13 cards: the rarer the "
         "variety, the fewer cards. Each card shows one to three seed symbols; a field counts "
         "its seeds, not its cards.", COMPONENTS,
         ruling=Ruling("The card list has columns headed \u00d71, \u00d72 and \u00d73 under each "
                       "variety's total.",
                       "The columns say how many cards of the variety carry one, two or three "
                       "seed symbols (Radish 2, 2 and 1, ... Calabash 5, 5 and 3).",
                       "Each row adds up to the variety's total and the totals to 45, and a "
                       "card is described as showing up to three symbols.")),
    Rule("cards.manure", "Manure cards are wild",
         "There are 15 manure cards. One counts as a single seed of whatever grows in the "
         "field it is planted on, and may go on any field: an empty one, one with seeds, "
         "one with only manure. A field with nothing but manure earns nothing. The variation "
         "plays with fewer (option manure).", MANURE,
         sentence="Manure is wild: in field {field} it counts as one seed of {grows}."),
    Rule("rates.table", "Exchange rates",
         "Each variety has its rate: so many seeds in a field make one coin when it is "
         "harvested.", COMPONENTS,
         ruling=Ruling("The example says three Bean seeds earn one coin; the other rates are on "
                       "the cards and not in the text.",
                       "We assume rates where rarer varieties need fewer seeds: Radish 1 seed "
                       "a coin, Potato and Cucumber 2, Bean 3, Calabash 4. The option rates "
                       "chooses the table ('flat' puts every variety at the Bean's 3).",
                       "No source gives the printed rates, so the numbers are a placeholder "
                       "kept as data, easy to replace. Rarer seeds worth more is the natural "
                       "reading of the card counts, and the text's warning that a rate may "
                       "pay more coins than a field has cards needs one generous rate.",
                       option="rates")),
    # ---- Setup ------------------------------------------------------------------------
    Rule("setup.players", "Two to five players",
         "Every player has two fields in front of them, an earnings stack of face-down "
         "coins, and nothing else: there are no starting hands.", SETUP,
         ruling=Ruling("The text never states how many can play; it has a special rule for "
                       "two.",
                       "Two to five players.",
                       "Each turn draws one card more than there are players; with more than "
                       "five the deck would last only a turn or two each.")),
    Rule("setup.first", "Who starts",
         "The players pick the start player in any fair way; here chance picks one seat, "
         "each equally likely. Turns then go to the left, seat after seat.", SETUP,
         sentence="Chance picks {player} to take the first turn."),
    Rule("field.variety", "One variety per field",
         "A field grows one variety. Its first seed card sets which one; from then on only "
         "cards of that variety (or manure) may join it, until it is harvested.", SETUP,
         sentence="Field {field} of {player} now grows {variety}.",
         ruling=Ruling("Each field takes one variety; manure may go on an empty field and a "
                       "manure-only field earns nothing.",
                       "A field with only manure has no variety yet: the first real seed card "
                       "planted there sets it. Both of a player's fields may grow the same "
                       "variety.",
                       "Manure counts as 'any vegetable', so it cannot fix a variety; and the "
                       "text forbids mixing within a field, not across the two.")),
    # ---- A turn ------------------------------------------------------------------------
    Rule("turn.draw", "Draw one card more than the players",
         "The active player draws as many cards as there are players, plus one, and keeps "
         "them secret.", TURN,
         sentence="{player} draws {cards} for turn {turn}.",
         hidden_sentence="{player} draws {count} for turn {turn}, unseen by the others."),
    Rule("give.card", "Hand a card face down",
         "The active player picks a card from the hand and gives it face down to an opponent "
         "who has not yet planted this turn. Only the receiver looks at it.", HANDING,
         sentence="{player} hands {card} face down to {to}.",
         hidden_sentence="{player} hands a card face down to {to}."),
    Rule("give.hand", "Only cards of the hand",
         "The active player hands out the cards drawn this turn, one at a time.", HANDING),
    Rule("give.target", "Only to someone who has not planted",
         "A card goes to an opponent who has not planted this turn: never to yourself, and "
         "never to someone whose planting for the turn is done.", HANDING),
    Rule("hold.plant", "Plant the card and be done",
         "The receiver may plant the card face up on one of their fields. Having planted, "
         "they take no more cards this turn.", HANDING,
         sentence="{player} plants {card} in field {field} and is done planting this turn.",
         ruling=Ruling("A player who plants is out for the round; once every opponent has "
                       "planted, the active player plants.",
                       "Each opponent plants exactly one card per turn, and the active player "
                       "one at the end.",
                       "That is what makes the turn end: the active player hands cards out "
                       "until every opponent has planted once.")),
    Rule("hold.store", "Put it in the storehouse",
         "The receiver may instead lay the card face up in the storehouse, if it holds "
         "fewer than two cards. They still have to plant later this turn.", HANDING,
         sentence="{player} puts {card} face up in the storehouse ({count} in it now).",
         ruling=Ruling("The storehouse takes a card unless it already holds two; the active "
                       "player later plants from the hand or the storehouse.",
                       "One storehouse on the table for the turn, face up, at most two cards; "
                       "what is left in it at the end of the turn is discarded.",
                       "The active player plants from it at the end, so it belongs to the "
                       "turn rather than to one receiver.")),
    Rule("store.full", "The storehouse holds two",
         "With two cards in the storehouse, nobody may store another.", HANDING),
    Rule("hold.pass", "Hand it on",
         "The receiver may instead hand the card on, face down, to another opponent of the "
         "active player.", HANDING,
         sentence="{player} hands {card} on to {to}, face down.",
         hidden_sentence="{player} hands the card on to {to}, face down.",
         ruling=Ruling("The card may go to any opponent except the active player, anyone who "
                       "planted already and anyone who got the card this turn.",
                       "'Received the card' means this very card: everyone who has held it "
                       "is left out, as are the active player and those who planted. When "
                       "nobody is left, the holder plants or stores it.",
                       "Reading it as any card would stop a card being passed to someone who "
                       "stored an earlier one, which the storehouse rule clearly expects.")),
    Rule("pass.two-players", "Two players: plant or store",
         "With two players there is nobody to hand a card on to: the receiver plants it or "
         "stores it.", TWO),
    Rule("plant.variety", "A seed card needs a field that fits",
         "A seed card goes on an empty field, a manure-only field or a field of its own "
         "variety. A field of another variety has to be harvested first.", SETUP),
    Rule("active.plant", "The active player plants last",
         "When every opponent has planted, the active player plants one card, from the hand "
         "or from the storehouse.", HANDING,
         sentence="{player} plants {card} from {source} in field {field}."),
    Rule("turn.discard", "The rest is discarded",
         "The cards left in the active player's hand and in the storehouse are discarded. The "
         "next turn belongs to the player on the left.", HANDING,
         sentence="The rest goes to the discard pile, face up: {cards}.",
         ruling=Ruling("The remaining cards go to the discard pile.",
                       "They are discarded face up, for everyone to see.",
                       "Nothing says otherwise, harvested cards go to the same pile face up, "
                       "and the variant that reshuffles the pile works either way."),
         dwell=1.5),
    # ---- Harvesting ---------------------------------------------------------------------
    Rule("harvest.any-time", "Harvest whenever you like",
         "A player may harvest one of their fields at any time: the cards turn into coins at "
         "the variety's rate.", HARVEST,
         sentence="{player} harvests field {field} ({variety}, {seeds} in {count}): {coins} "
                  "earned, {discarded} to the discard pile.",
         ruling=Ruling("Players may harvest at any time, even when it is not their turn.",
                       "A harvest is offered at every decision a player makes (handing, "
                       "receiving, planting), and in a harvest window at the end of every "
                       "turn, where each player in turn, from the active player's left, may "
                       "harvest or keep their fields. Nobody is ever asked to decide during "
                       "somebody else's decision.",
                       "Every player decides at least once in every turn, so nobody misses a "
                       "chance; the window adds one for after the last planting. A game "
                       "waits only for the player whose decision it is, and random play and "
                       "records stay exact."),
         dwell=1.5),
    Rule("harvest.window", "The harvest window",
         "After the rest of a turn's cards are discarded, each player with something "
         "growing may harvest, one after the other, before the next turn starts.", HARVEST,
         sentence="Before the next turn each of {order} may harvest, in that order.",
         ruling=Ruling("Harvesting is allowed at any time.",
                       "The window goes round the table from the active player's left and "
                       "ends with the active player; a player who harvests may go on until "
                       "they keep the rest. After the last turn there is no window: every "
                       "field is harvested anyway.",
                       "Going round once gives each player the last word on their own "
                       "fields, and a window before the final harvest could change nothing.")),
    Rule("window.keep", "Keep the fields growing",
         "In the harvest window a player may harvest nothing (or nothing more).", HARVEST,
         sentence="{player} keeps {kept} growing."),
    Rule("harvest.forced", "No room: harvest first",
         "A player who has to plant a card that fits neither field, with both fields in use, "
         "harvests one of them first.", HARVEST,
         sentence="{player} has to make room and harvests field {field} ({variety}, {seeds} "
                  "in {count}): {coins} earned, {discarded} to the discard pile.",
         told_as="harvest.any-time",
         ruling=Ruling("A player who must plant a card that matches neither of two full "
                       "fields must harvest one.",
                       "The player chooses which field, even one that earns nothing. A "
                       "receiver must plant only when the storehouse is full and nobody is "
                       "left to hand the card to; the active player always must. The others "
                       "see an ordinary harvest: the card that fits nowhere is hidden, and so "
                       "is the fact that it fits nowhere.",
                       "The text leaves the choice to the player, and storing or handing on "
                       "are still open while they are allowed.")),
    Rule("harvest.coins", "Coins, face down",
         "A harvest earns the field's seeds at its variety's rate. For each coin one card of "
         "the field is turned face down onto the earnings stack; the rest go to the discard "
         "pile.", HARVEST,
         sentence="{player} turns {cards} face down as {coins}.",
         hidden_sentence="{player} adds {coins} face down to their earnings stack.",
         ruling=Ruling("One card is flipped per coin; it is better not to turn a manure card "
                       "into a coin, because of the tie-break.",
                       "Seed cards become coins before manure, the last planted first. Other "
                       "players see how many coins a stack holds, not which cards.",
                       "Only seed cards count in a tie, so a player would always choose them; "
                       "the stack is face down.")),
    Rule("harvest.cap", "Never more coins than cards",
         "A harvest earns at most one coin per card in the field, whatever the rate says.",
         HARVEST,
         sentence="The rate would give {rated}, but field {field} holds only {count}: {coins}.",
         ruling=Ruling("Now and then the rate would pay more coins than there are cards; then "
                       "the player earns as many coins as cards.",
                       "Coins are the rate's number, capped at the number of cards in the "
                       "field (manure included).",
                       "A coin is a flipped card, so there cannot be more coins than cards.")),
    Rule("harvest.manure-only", "Manure alone earns nothing",
         "A field with nothing but manure earns no coin when it is harvested; its cards are "
         "discarded.", MANURE,
         sentence="Field {field} held only manure: it earns nothing.",
         ruling=Ruling("A field with only manure will not produce a coin.",
                       "Such a field has no variety and no rate: zero coins, every card "
                       "discarded.",
                       "The designer's notes say the same.")),
    Rule("harvest.empty", "Nothing to harvest",
         "An empty field cannot be harvested.", HARVEST),
    # ---- The end -------------------------------------------------------------------------
    Rule("end.deck", "The deck runs short",
         "At the start of a turn, if the deck cannot give the active player one card more "
         "than there are players, the game ends.", END,
         sentence="The deck holds {left}, {need} are needed: the game is over.",
         ruling=Ruling("Play stops once the deck is used up and the active player can no "
                       "longer draw a full turn's cards when the turn starts.",
                       "The check comes at the start of a turn; the cards left are not "
                       "drawn.",
                       "A turn with too few cards could not give every opponent a card to "
                       "plant."),
         dwell=1.5),
    Rule("end.reshuffle", "One more pass through the deck",
         "In the longer variation, the first time the deck runs short the discard pile is "
         "shuffled into it and play goes on; the second time the game ends (option "
         "reshuffle).", VARIANTS,
         sentence="The deck is short ({left}): the discard pile, {count}, is shuffled in and "
                  "play goes on.",
         ruling=Ruling("For a longer game the discard pile may be reshuffled into a new deck "
                       "until that runs out too.",
                       "Once only, and only when it gives enough cards for a turn; the cards "
                       "left in the deck stay in it.",
                       "'Until the deck is exhausted again' implies a single extra pass."),
         dwell=1.5),
    Rule("end.harvest", "Everything is harvested",
         "At the end every field is harvested, player by player.", END,
         sentence="At the end {player} harvests field {field} ({variety}, {seeds} in {count}): "
                  "{coins} earned.", dwell=1.5),
    Rule("end.reveal", "Coins are counted",
         "The players count their coins. Every earnings stack is turned over, so the tie-break "
         "can be checked.", END,
         sentence="Every earnings stack is turned over: {stacks}.",
         ruling=Ruling("Tied players flip their coins over to compare rare vegetables.",
                       "At the end every stack is turned over, not only the tied ones.",
                       "The game is decided then; showing all of them explains the result "
                       "and changes nothing."),
         dwell=2.0),
    Rule("end.most-coins", "Most coins wins",
         "The player with the most coins wins.", END,
         sentence="{winners} wins with {best}; the next best has {second}.", dwell=2.5),
    Rule("end.tie-break", "Rare coins break a tie",
         "Tied players compare their coins of Radish, the rarest variety; if still level, "
         "Potato, then Cucumber, Bean and Calabash.", END,
         sentence="{tied} have {best} each; more {variety} coins decide ({tally}): {winners} "
                  "wins.",
         ruling=Ruling("Ties go to the most Radish coins, then Potato, Cucumber, Bean and so "
                       "on.",
                       "Calabash comes last; a coin that was a manure card counts for no "
                       "variety.",
                       "The list runs from the rarest variety to the commonest, and manure is "
                       "no vegetable."),
         dwell=2.5),
    Rule("end.shared", "A shared win",
         "Players level on coins and on every variety share the win.", END,
         sentence="{winners} share the win: {best} each and the same rare coins.", dwell=2.5),
)

RULEBOOK = RuleBook("tanemaki", RULES, FORMATTERS)
