"""A guided first game of Tomatomat: one hand-written round that walks Ana (you) through
placing her three batches of cards face down at the machines, then the settlement of each
machine (cards turned up, police, thieves, scoring); the game then goes on as a normal
second round against the bots (see ``widgets.guide``).

Everybody places at the same time. In live play you place your four cards first, then the
bots place theirs one card each in turn (Ben, Cai, Ben, ...), so the script is written in
that order. The bots' cards lie face down: their comments say only what you can see.
"""
from __future__ import annotations

from collections import Counter

from ...core.game import CHANCE
from ...core.records import GameRecord
from .cards import CARD_IDS, FULL_DECK
from .machines import find_machine
from .rules import GAME, deal_action, machines_action

NAMES = ["Ana", "Ben", "Cai"]

#: machines I to IV: a red 2-star, a green-and-yellow 3-star, a blue 1-star, a yellow 2-star
MACHINES = [find_machine(2, "R"), find_machine(3, "GY"), find_machine(1, "B"),
            find_machine(2, "Y")]

#: per player, three batches of four placements ("CARD:POSITION"), in the order placed
PLAN = {
    0: ["R2:I R1:I G2:II GP:II", "R1:I G1:II Y1:II BT:III", "G1:II Y2:IV R1:IV R1:III"],
    1: ["GT:II R1:I Y1:IV Y1:IV", "Y2:I Y1:II Y1:II Y1:III", "G1:I G1:III B1:III R1:IV"],
    2: ["B2:III B2:III RP:I G1:II", "B1:III B1:III R1:I Y1:II", "B1:I B1:II G2:IV G1:IV"],
}

#: Ana's questions: (prompt, [(other move, why not)]), one per placement, in order
QUESTIONS = [
    # batch 1
    ("Put your red 2-coin at machine I (click the card, then the machine): the red tomatoes "
     "there make a red coin count double. Everyone places four cards at once, face down.",
     [("place:R2:III", "at the blue machine III your red coin would count only its face "
                       "value."),
      ("place:GP:II", "start with a coin; the officer is there to guard coins, so it follows "
                      "them.")]),
    ("Put your red 1-coin at machine I as well: doubled, it adds 2 more.",
     [("place:R1:IV", "at the yellow machine IV a red coin counts just 1.")]),
    ("Put your green 2-coin at machine II: that machine is worth 3 stars and doubles green "
     "and yellow coins.",
     [("place:G2:I", "machine I doubles only red, so a green coin counts just its face "
                     "value there.")]),
    ("Put your green police officer at machine II: it catches any green thief turned up "
     "there, so your green coin is safe.",
     [("place:GP:I", "an officer guards only the machine it lies at, and your green coin is "
                     "at II.")]),
    # batch 2
    ("Put your red 1-coin at machine I. Batch 2: the numbers by the machines now show how "
     "many cards each of you put where, and Cai has two at the blue machine III.",
     [("place:BT:III", "that comes last in this batch; first make machine I safe.")]),
    ("Put your green 1-coin at machine II: doubled, it counts 2.",
     [("place:G1:III", "machine III doubles only blue.")]),
    ("Put your yellow 1-coin at machine II: yellow counts double there too.",
     [("place:Y1:IV", "machine IV is yellow as well, but the 3 stars at II are worth more, "
                      "so keep your strength there.")]),
    ("Put your blue thief at machine III: a thief steals every blue coin turned up at its "
     "machine, and Cai is piling cards up at the blue machine.",
     [("place:BT:II", "few blue coins are to be expected at II, so the thief would most "
                      "likely catch nothing.")]),
    # batch 3
    ("Put your green 1-coin at machine II: this is the last batch, and 3 stars are worth "
     "fighting for.",
     [("place:G1:IV", "machine IV doubles only yellow.")]),
    ("Put your yellow 2-coin at machine IV: the yellow machine doubles it to 4, a chance at "
     "a second machine.",
     [("place:Y2:I", "machine I doubles red only, so the yellow coin would count just 2.")]),
    ("Put a red 1-coin at machine IV too: one more point there.",
     [("place:R1:II", "machine II already has five of your cards; spread out to win more "
                      "machines.")]),
    ("Put your last card, a red 1-coin, at machine III: your own thief steals only blue "
     "coins, so a red one is safe there.",
     [("place:R1:I", "machine I is well covered already, and at III even one coin may "
                     "count.")]),
]

#: comments on the bots' placements (face down: only what Ana can see), by (batch, seat, nth)
BOT_COMMENTS = {
    (1, 1, 0): "Ben places a card face down. Everybody places at the same time; you will "
               "not learn which card it is, nor its machine, until the batch is complete.",
    (1, 2, 0): "Cai places a card face down too.",
    (1, 2, 3): "Batch 1 is down. Now everyone can count the cards at each machine: Cai has two "
               "at machine III. You draw your next four cards.",
    (2, 2, 3): "Batch 2 is down. Cai now has four cards at the blue machine III and Ben one. "
               "You draw your last four cards.",
    (3, 2, 3): "All twelve cards of each of you are down. Now the machines are settled, one "
               "after the other, from I to IV.",
}

#: comments on the settlement's forced steps (after the cards are face up)
SETTLE = {
    "reveal:I": "The cards at machine I turn face up. Cai put his red police officer here, to "
                "guard the red machine against red thieves.",
    "police:I": "Police act first. But nobody sent a red thief to machine I, so Cai's officer "
                "catches nothing and is simply discarded.",
    "score:I": "Red coins count double at machine I: you have 4 + 2 + 2 = 8, Ben 5 and Cai 3. "
               "You win the red machine, 2 stars!",
    "reveal:II": "Machine II turns up. Ben hoped to steal green coins here with his green "
                 "thief; he could not know you had put a green officer there.",
    "police:II": "Your green police officer catches Ben's green thief: it steals nothing and "
                 "both cards leave the machine.",
    "score:II": "Green and yellow count double: you have 10, Ben 4 and Cai 5. You win the "
                "3-star machine.",
    "reveal:III": "Machine III turns up: Cai put four blue coins at the blue machine, "
                  "and Ben one. Nobody guarded it with a blue officer.",
    "thieves:III": "Your blue thief steals every blue coin here, Ben's and Cai's alike. "
                   "Stealing gains you nothing: those coins simply do not count.",
    "score:III": "Without his blue coins Cai scores 0. Ben's yellow and green coins make 2, "
                 "beating your 1: Ben takes the blue machine, 1 star.",
    "reveal:IV": "Machine IV turns up: no thief and no officer this time.",
    "score:IV": "Yellow counts double: you have 4 + 1 = 5, Ben 2 + 2 + 1 = 5, Cai 3. A tie at "
                "the top: nobody wins, and the machine stays for the next round, where a new "
                "machine is put on top of it.",
    "pass": "The round is over. Everyone hands their pile of twelve cards to the next player, "
            "and Cai's pile goes to the spare deck: next round each of you plays someone "
            "else's cards. You lead with 5 stars, Ben has 1.",
}


def _decks() -> list[list[str]]:
    """Each player's deck in draw order (the plan's cards), then the spare deck."""
    decks = [[move.split(":")[0] for batch in PLAN[seat] for move in batch.split()]
             for seat in range(len(NAMES))]
    rest = Counter(CARD_IDS[card] for card in FULL_DECK)
    rest.subtract(Counter(card for deck in decks for card in deck))
    return decks + [sorted(rest.elements(), key=CARD_IDS.index)]


def _question(prompt: str, wrong) -> dict:
    return {"kind": "choose", "prompt": prompt,
            "wrong": [{"action": action, "comment": comment} for action, comment in wrong]}


def guide() -> tuple[GameRecord, int]:
    """The script and the learner's seat (Ana, 0). Two rounds: the second is a normal one."""
    record = GameRecord(GAME, NAMES, {"rounds": 2})
    record.append(machines_action(MACHINES),
                  comment="Four machines go out, one at each place I to IV. The stars are what "
                          "a machine is worth at the end; its tomatoes' colours are the coins "
                          "that count double there.")
    record.append(deal_action(_decks()),
                  comment="Everyone gets a face-down deck of twelve playing cards; with three "
                          "of you, the twelve left over make a spare deck nobody plays. You "
                          "draw your first four cards.")
    asked = iter(QUESTIONS)
    for batch in range(3):
        for move in PLAN[0][batch].split():
            prompt, wrong = next(asked)
            record.append("place:" + move, 0, question=_question(prompt, wrong))
        # the bots answer one card each in turn, as the live widget lets them
        todo = {seat: PLAN[seat][batch].split() for seat in (1, 2)}
        done = {1: 0, 2: 0}
        while any(todo.values()):
            actors = GAME.to_act(record.state)
            for seat in actors:
                move = todo[seat].pop(0)
                comment = BOT_COMMENTS.get((batch + 1, seat, done[seat]))
                record.append("place:" + move, seat, comment=comment)
                done[seat] += 1
    action = GAME.forced_action(record.state)
    while action is not None:
        record.append(action, CHANCE, comment=SETTLE.get(action))
        if action == "pass":
            break
        action = GAME.forced_action(record.state)
    return record, 0
