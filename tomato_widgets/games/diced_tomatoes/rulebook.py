"""Diced Tomatoes' rule catalogue: every rule id the engine names, in our own words.

Sections follow the game-help page the game is built from ("Set-up", "Turn", "Dice
placement rules", "Points", "Karma", "Black dice", "End of the game", "Single mode").
Where the page is silent or unclear, a ``Ruling`` says what it says, what we decided and why.
"""
from __future__ import annotations

from ...core.rulebook import Rule, RuleBook, Ruling, join_words
from .dice import die_name_of, plural, value_words

SETUP = "Set-up"
TURN = "Turn"
PLACEMENT = "Dice placement rules"
POINTS = "Points"
KARMA = "Karma"
BLACK_DICE = "Black dice"
END = "End of the game"
SOLO = "Single mode"


def _seat(value, names) -> str:
    if isinstance(value, int) and 0 <= value < len(names):
        return names[value]
    return str(value)


def _die(value, names) -> str:
    return f"the {die_name_of(value)}"


def _dice(values, names) -> str:
    if not values:
        return "no dice"
    return join_words([f"the {die_name_of(v)}" for v in values])


def _drawn(values, names) -> str:
    return f"{_dice(values, names)} from the bushel" if values else "no new dice"


def _passed(values, names) -> str:
    return f", and again {_dice(values, names)} passed on" if values else ""


def _why(value, names) -> str:
    takes, empty = value
    text = f"the open vines take only {value_words(takes)}" if takes else "no vine can grow"
    return text + (", and black dice are never seeds" if empty else "")


def _rolls(pairs, names) -> str:
    return ", ".join(f"{_seat(seat, names)} {value}" for seat, value in pairs)


def _karma(value, names) -> str:
    return plural(value, "karma", "karma")


FORMATTERS = {"first": _seat, "last": _seat, "to": _seat, "die": _die, "before": _die,
              "seed": _die, "dice": _dice, "passed": _passed, "drawn": _drawn, "rolls": _rolls,
              "why": _why,
              "karma": _karma, "cost": _karma, "lost": _karma}

RULES = (
    # ---- Set-up ---------------------------------------------------------------------------
    Rule("setup.components", "What everyone has",
         "Every player brings eleven red and two black dice, which all go into one common "
         "bushel, and has three tomato tokens, a karma track with its heart on 3 and a score "
         "track of six slots.", SETUP),
    Rule("setup.first", "Who starts",
         "Everybody rolls one die. The lowest roll makes that player the last player of every "
         "round (they keep the ketchup-splatter marker); the seat after them starts, and turns "
         "go round the table.", SETUP,
         sentence="Start roll: {rolls}. {last} rolled lowest and plays last; {first} starts.",
         dwell=1.5),
    Rule("setup.tie", "A tie for the lowest start roll",
         "When several players share the lowest start roll, only they roll again, until one "
         "of them is lowest alone.", SETUP,
         sentence="Start roll: {rolls}. {players} tie with the lowest value, {value}, and roll "
                  "again.",
         ruling=Ruling("The lowest roll becomes the last player; a tie is not mentioned.",
                       "Only the players tied for the lowest roll roll again, as often as needed.",
                       "The roll only has to find one last player; the others' rolls already "
                       "say they are not it.")),
    # ---- Turn -----------------------------------------------------------------------------
    Rule("turn.roll", "Draw three dice and roll",
         "At the start of a turn the active player takes three dice from the bushel without "
         "looking (black ones can come out too) and rolls them, together with any dice the "
         "player before passed on.", TURN,
         sentence="{player} rolls {drawn}{passed}; the bushel keeps {red} red and {black} "
                  "black.",
         ruling=Ruling("The active player picks three dice from the bushel and rolls them.",
                       "The three dice are drawn at random from everything in the bushel, red "
                       "and black alike; which colours come out is part of the chance step.",
                       "The game gives no way to choose among identical-looking dice in a bag; "
                       "drawing blind is how black dice end up in a roll at all.")),
    Rule("turn.short-bushel", "Fewer than three dice in the bushel",
         "When the bushel holds fewer than three dice at the start of a turn, the player takes "
         "all that are left.", TURN,
         sentence="The bushel held fewer than three dice: {count} drawn.",
         ruling=Ruling("A turn takes three dice; an empty bushel ends the game, a nearly empty "
                       "one is not mentioned.",
                       "Take what is there (one or two dice).",
                       "The game ends only when the bushel is empty, so a turn with one or two "
                       "dice left must be played with those.")),
    Rule("turn.end", "Ending the turn",
         "When none of the dice left has a legal spot, the active player ends the turn; until "
         "then karma may still be spent (a power can give a die a spot, and then it must be "
         "placed).", TURN,
         sentence="{player} ends the turn."),
    Rule("turn.pass", "Dice with no spot pass on",
         "The dice that could not be placed go to the next player, who rolls them again with "
         "their three new dice.", TURN,
         sentence="{player}'s turn is over. No spot for {dice} ({why}): on to {to}.",
         ruling=Ruling("Dice without a place go on to the following player, who rolls them "
                       "as extra dice.",
                       "A die is passed only when it has no legal spot at the end of the turn; "
                       "the next player rolls every passed die again, together with three "
                       "from the bushel.",
                       "That is the plain reading: the passed dice are rolled, so their values "
                       "are not kept.")),
    Rule("turn.next", "The next player",
         "Turns go round the table; the seat after the last player starts a new round.", TURN,
         sentence="{player}'s turn is over; {to} is next."),
    Rule("turn.forced", "Steps the rules take by themselves",
         "A harvest, the end of a turn and the final scoring happen by themselves: nobody "
         "chooses anything there.", TURN),
    # ---- Dice placement rules -------------------------------------------------------------
    Rule("place.seed", "A seed on an empty token",
         "A red die put on an empty tomato token becomes the seed of a new vine. Any player's "
         "empty token will do, not only your own.", PLACEMENT,
         sentence="{player} puts {die} as the seed of {owner}'s tomato {token} (worth {worth}).",
         ruling=Ruling("Dice can go to your own or to the opponents' play areas, either as a "
                       "seed on an empty token or onto a vine.",
                       "A seed may go on any player's empty token.",
                       "The page allows every placement in the opponents' areas and names the "
                       "seed as one of them; giving a rival a low seed blocks their token.")),
    Rule("place.set", "Growing a set",
         "A vine whose dice all show the same value is a set: only another die of that value "
         "joins it.", PLACEMENT,
         sentence="{player} adds {die} to {owner}'s tomato {token}: a set of {count} dice "
                  "(worth {worth})."),
    Rule("place.run", "Growing a run",
         "A vine of values that follow each other without a gap is a run: a die joins it at "
         "either end (one below the lowest or one above the highest), in any order of "
         "placing. A lone seed takes its own value (a set) or a neighbour (a run).", PLACEMENT,
         sentence="{player} adds {die} to {owner}'s tomato {token}: a run of {count} dice "
                  "(worth {worth}).",
         ruling=Ruling("Dice added to a vine must follow a number sequence or a set.",
                       "A run holds consecutive values without gaps or repeats and grows by one "
                       "at either end; the seed may end up anywhere in it.",
                       "The page's own example builds 3 with 2 and 1 under it, and 2 with 1 and "
                       "3 on both sides, so both ends count.")),
    Rule("place.extend", "What a lone seed takes",
         "A vine of one die takes a die of the same value (starting a set) or of a value next "
         "to it (starting a run).", PLACEMENT),
    Rule("place.no-wrap", "No wrap from 6 to 1",
         "Runs stop at 1 and 6: a 1 does not follow a 6.", PLACEMENT,
         ruling=Ruling("Sequences are not explained further.",
                       "No wrap: 5-6-1 is not a run.",
                       "A power exists to roll a die over from 6 to 1 and back; it would have no "
                       "use if runs wrapped by themselves.")),
    Rule("place.black-seed", "A black die is never a seed",
         "Black dice can only join an existing vine; an empty token takes red dice only.",
         BLACK_DICE),
    Rule("place.black", "Black dice spoil a vine",
         "A black die joins a vine by the same set and run rules as a red one, and lowers what "
         "the vine is worth by 1.", BLACK_DICE,
         sentence="The black die lowers the worth of {owner}'s tomato {token} to {worth}.",
         ruling=Ruling("Black dice are added to a vine following the placement rules.",
                       "A black die obeys the same set and run rules as a red die; it only "
                       "lowers the vine's worth.",
                       "Nothing on the page makes black dice special in a sequence.")),
    Rule("place.must", "Every die that can be placed must be",
         "All the dice rolled must be placed while a legal spot exists for them, anywhere on "
         "the table; only a die without a spot passes on.", TURN),
    Rule("place.die", "This turn's dice",
         "The active player places the dice rolled this turn, one at a time; a die placed is "
         "no longer theirs to move.", TURN),
    Rule("place.full-track", "A full score track takes no more dice",
         "A player who has harvested six tomatoes has no slot left: their tokens take no more "
         "dice.", PLACEMENT,
         ruling=Ruling("Nothing says what happens to the vines of a player whose six slots "
                       "are filled.",
                       "Their tokens accept no more dice; their vines stay (a three-dice vine "
                       "still scores at the end).",
                       "A seventh tomato would have no slot to go to.")),
    # ---- Points ---------------------------------------------------------------------------
    Rule("harvest.vine", "A fourth die harvests the vine",
         "A vine that reaches four dice is harvested at once: its seed goes to the owner's next "
         "empty score slot, worth the seed's value less one per black die on the vine (never "
         "below 0); the other dice go back to the bushel.", POINTS,
         sentence="{owner}'s tomato {token} is harvested: its seed, {seed}, goes to slot {slot}, "
                  "worth {worth}; {returned} dice go back to the bushel.",
         ruling=Ruling("A vine with four dice can be harvested; each black die lowers the score "
                       "by one.",
                       "The harvest happens as soon as the fourth die is placed, and a vine's "
                       "worth is its seed's value less its black dice, at least 0.",
                       "A vine cannot hold a fifth die, so waiting gains nothing; a negative "
                       "tomato would make no sense on a track of values.")),
    Rule("end.sixth", "The sixth tomato: 2 points and the final round",
         "The first player to harvest a sixth tomato earns 2 points and starts the final "
         "round: play goes on up to the last player's turn.", END,
         sentence="{player} harvests a sixth tomato first: 2 points, and the final round is on "
                  "(it ends after {last}'s turn).",
         ruling=Ruling("Finishing the sixth tomato first earns 2 points and triggers the final "
                       "round, which ends after the last player's turn.",
                       "Only the first player to six gets the 2 points; a player who fills the "
                       "track later in the final round gets nothing extra.",
                       "The bonus is for finishing first.")),
    Rule("end.full-track", "Another full track",
         "A player who fills their score track after someone else did gets no bonus; their "
         "tokens take no more dice.", END,
         sentence="{player} has harvested six tomatoes too; the bonus went to the first."),
    # ---- Karma ----------------------------------------------------------------------------
    Rule("karma.earn", "Karma for helping a rival",
         "Completing another player's vine (placing its fourth die) earns the active player "
         "karma by what the tomato is worth: 1 or 2 points give 1 karma, 3 or 4 give 2, 5 or "
         "6 give 3.", KARMA,
         sentence="{player} completed {owner}'s vine, worth {worth}: {player} earns {karma}.",
         dwell=1.5),
    Rule("karma.none", "No karma for a worthless tomato",
         "A tomato worth 0 earns nobody karma.", KARMA,
         sentence="No karma for {player}: the tomato is worth nothing.",
         ruling=Ruling("The karma table starts at 1 point.",
                       "A vine worth 0 earns no karma.",
                       "Nothing was given to the other player, so there is no gratitude.")),
    Rule("karma.keep", "At most 6 karma at the end of a turn",
         "During your own turn karma may rise above 6 (up to 12); what is above 6 is lost when "
         "the turn ends.", KARMA,
         sentence="{player} keeps {keep} karma and loses {lost} above it.",
         ruling=Ruling("This page sets no limit; a later revision of it lets karma reach 12 "
                       "during your turn and drops what is above 6 at its end.",
                       "We follow the revision: at most 12 during your turn, 6 kept (option "
                       "karma_keep).",
                       "The track has six steps, and the revision is the author's own "
                       "clarification.", option="karma_keep")),
    Rule("power.own-turn", "Powers on your own turn",
         "Karma is spent only by the active player, during their turn, at any moment between "
         "the roll and the end of the turn.", KARMA,
         ruling=Ruling("Karma can be spent right after earning it or at any time during the "
                       "active player's turn; powers act on \u201crolled dice\u201d.",
                       "Only the active player spends karma. The rolled dice are this turn's "
                       "dice not yet placed (the passed ones included).",
                       "A die on a vine is no longer a rolled die; earning karma only happens "
                       "on your own turn anyway.")),
    Rule("power.reroll", "Re-roll a die (1 karma)",
         "For 1 karma, one of your dice not yet placed is rolled again.", KARMA,
         sentence="{player} spends {cost} to roll {die} (die {number}) again ({karma} left)."),
    Rule("power.rerolled", "The re-rolled die",
         "The die rolled again shows its new value.", KARMA,
         sentence="Die {number} now shows {die}."),
    Rule("power.shift", "Shift a die by one (2 karma)",
         "For 2 karma, one of your dice not yet placed goes one up or one down; a 6 does not "
         "go up and a 1 does not go down.", KARMA,
         sentence="{player} spends {cost} to turn {die} (die {number}) to {value} ({karma} left).",
         ruling=Ruling("Shift a rolled die's value.",
                       "By one, up or down, without wrapping.",
                       "Rolling 1 over to 6 is a separate, dearer power.")),
    Rule("power.clean", "Clean a vine (3 karma)",
         "For 3 karma, every die of one of your own vines goes back to the bushel and the token "
         "is empty again.", KARMA,
         sentence="{player} spends {cost} to clean {owner}'s tomato {token}: {dice} go back to "
                  "the bushel ({karma} left).",
         ruling=Ruling("Clean the vine.",
                       "Your own vines only; option clean_any lets it clean any player's vine.",
                       "The power is priced like a way out of a spoilt vine; clearing a rival's "
                       "near-ripe vine for 3 karma would outweigh every other power.",
                       option="clean_any")),
    Rule("power.over", "Roll a die over (4 karma)",
         "For 4 karma, one of your dice not yet placed that shows 1 becomes a 6, or a 6 becomes "
         "a 1.", KARMA,
         sentence="{player} spends {cost} to roll {die} (die {number}) over to {value} ({karma} left)."),
    Rule("power.flip", "Flip a seed (5 karma)",
         "For 5 karma, the seed of a vine is turned to its opposite face (1 and 6, 2 and 5, 3 "
         "and 4).", KARMA,
         sentence="{player} spends {cost} to flip the seed of {owner}'s tomato {token}: "
                  "{before} becomes {die} ({karma} left).",
         ruling=Ruling("Flip the seed die to its opposite face.",
                       "Any player's vine, and only if the vine is still a set or a run "
                       "afterwards.",
                       "Seeds may be placed on any token, so flipping any seed fits the game; a "
                       "flip that broke the vine would leave dice that follow no rule.")),
    Rule("power.set", "Set a die to any value (6 karma)",
         "For 6 karma, one of your dice not yet placed is turned to any value.", KARMA,
         sentence="{player} spends {cost} to turn {die} (die {number}) to {value} ({karma} left)."),
    # ---- Black dice -----------------------------------------------------------------------
    Rule("vine.zero", "Clearing a vine worth 0",
         "At the end of a turn, the owner of a vine worth 0 may clear it: every die on it, the "
         "seed included, goes back to the bushel.", BLACK_DICE,
         ruling=Ruling("A vine worth 0 at the end of the active player's turn can be cleared.",
                       "Its owner decides, at the end of the turn in which it is worth 0; a vine "
                       "they keep is offered again only after it changes.",
                       "It is the owner's vine and the owner's loss or gain; the same question "
                       "every turn would change nothing.")),
    Rule("vine.cleared", "A vine worth 0 cleared",
         "The owner clears the vine: its dice go back to the bushel.", BLACK_DICE,
         sentence="{player} clears tomato {token}: {dice} go back to the bushel."),
    Rule("vine.kept", "A vine worth 0 kept",
         "The owner keeps the vine (a vine of three dice still scores a point at the end).",
         BLACK_DICE,
         sentence="{player} keeps tomato {token} although it is worth 0."),
    # ---- End of the game ------------------------------------------------------------------
    Rule("end.final", "The final round is over",
         "After a sixth tomato, the game ends when the last player finishes their turn.", END,
         sentence="The last player's turn is over: the game ends.", dwell=2),
    Rule("end.bushel", "An empty bushel ends the game",
         "With two players or more, the game ends at once if the bushel is empty when a turn "
         "should start.", END,
         sentence="The bushel is empty at the start of a turn: the game ends.", dwell=2,
         ruling=Ruling("The game ends immediately if the bushel is empty at the start of a turn; "
                       "the single mode goes on while you hold dice.",
                       "An empty bushel ends a game of two or more at the start of the next "
                       "turn, even if that player would roll passed dice.",
                       "That is what the page says; only the single mode is excepted.")),
    Rule("end.limit", "A round limit",
         "A game that has not ended after the round limit (option round_limit, 60) ends after "
         "the last player's turn of that round.", END,
         sentence="Round {round} was the last one allowed: the game ends.", dwell=2,
         ruling=Ruling("No limit is mentioned.",
                       "The game ends after round 60 (option round_limit) if nothing ended it "
                       "before.",
                       "Clearing and cleaning return dice to the bushel, so in principle a game "
                       "could go on for ever; every game must end. Ordinary games end far "
                       "sooner.", option="round_limit")),
    Rule("end.score", "Final scores",
         "Each player scores the tomatoes on their score track, 2 for the first sixth tomato, "
         "1 per two karma left and 1 per vine holding three dice.", END,
         sentence="{player}: {track} from the score track + {bonus} bonus + {karma_points} for "
                  "karma + {vines} for three-dice vines = {total}.", dwell=2),
    Rule("end.win", "Most points wins",
         "Each player's score adds the score track, the sixth-tomato bonus, the karma points "
         "and the vines holding three dice; the highest total wins.", END,
         sentence="{winners} wins with {score} points.", dwell=2.5),
    Rule("end.shared", "A shared win",
         "Players tied for the most points share the win.", END,
         sentence="{winners} share the win with {score} points each.", dwell=2.5),
    # ---- Single mode ----------------------------------------------------------------------
    Rule("solo.goal", "Alone: match each slot",
         "Playing alone, you try to fill all six score slots with a tomato worth the slot's "
         "number: 1 in the first slot, 2 in the second, and so on.", SOLO,
         ruling=Ruling("Each match gives a victory point and each other tomato takes one away; "
                       "a positive score wins. A later revision makes a match worth 7.",
                       "Default ('page'): +1 per match, -1 per slot without one (an empty slot "
                       "included); win above 0. Option solo_scoring='revision': a match is worth "
                       "7, any other tomato its worth, plus karma and three-dice vines as in the "
                       "regular game; win at solo_target points (30, assumed: no source gives a "
                       "target).",
                       "The page's rule is the text we implement; the revision is offered because "
                       "its author published it. Its target is ours: at 30 a random player wins "
                       "about 3 games in 100 and our heuristic bot about 40.",
                       option="solo_scoring")),
    Rule("karma.solo", "Karma from your own vines",
         "Playing alone, completing your own vine earns karma by the same table.", SOLO,
         sentence="{player} completed a vine worth {worth}: {karma} earned.",
         ruling=Ruling("Alone you earn karma for every tomato you complete, by the seed's value, "
                       "the way the regular game does it.",
                       "By the tomato's worth (the seed less its black dice), as in the regular "
                       "game.",
                       "The regular game counts the value scored; the solo text refers to it.")),
    Rule("solo.sixth", "Six tomatoes: the game ends",
         "Playing alone, the sixth harvest ends the game at the end of the turn.", SOLO,
         sentence="{player} has harvested six tomatoes: the game ends with this turn."),
    Rule("solo.end", "The sixth tomato's turn is over",
         "Playing alone, the game ends when the turn of the sixth harvest ends.", SOLO,
         sentence="Six tomatoes are harvested and the turn is over: the game ends.", dwell=2),
    Rule("solo.out", "No dice left",
         "Playing alone, the game goes on while dice are passed on to you, even with an empty "
         "bushel; it ends when the bushel is empty and there is nothing left to roll.", SOLO,
         sentence="The bushel is empty and no dice are left to roll: the game ends.",
         dwell=2,
         ruling=Ruling("Alone, an empty bushel does not end the game while dice remain in your "
                       "hand.",
                       "With an empty bushel the game ends at the start of a turn with no dice "
                       "passed on; dice passed on are rolled again, new dice or not.",
                       "The passed dice are the dice in your hand; with none there is nothing "
                       "to play.")),
    Rule("solo.score", "The solo score",
         "Each slot is compared with its number.", SOLO,
         sentence="{player} matched {matches} of the six slots: {score} points."),
    Rule("solo.win", "A solo win",
         "Playing alone, you win with a positive score (or the target under the revision).",
         SOLO, sentence="{player} wins the solo game with {score}.", dwell=2.5),
    Rule("solo.lose", "A solo loss",
         "A score of 0 or less (or under the target) loses.", SOLO,
         sentence="{player} loses the solo game with {score} (needed: {needed}).", dwell=2.5),
)

RULEBOOK = RuleBook("diced_tomatoes", RULES, FORMATTERS)
