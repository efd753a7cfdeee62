"""Hand-written Tanemaki games, each short and made to show one rule (used by the tutorial).

Every scenario is a ``GameRecord`` with the start player, every draw and every decision
written by hand, and comments on the steps that matter. Draws are written as card ids
(``"B2 P1 M C3"``: a Bean with two seeds, a Potato with one, a manure card, a Cucumber with
three); decisions as action ids (``give:C3:1``, ``pass:2``, ``store``, ``plant:1``,
``plant:hand:P1:2``, ``plant:store:B2:1``, ``harvest:1``, ``keep``). A comment on a step
that gives a hidden card away is for the seats that may know it.
"""
from __future__ import annotations

from ...core.game import CHANCE
from ...core.ids import whole_number
from ...core.records import GameRecord
from .cards import fits
from .rules import GAME, draw_action, first_action


class Script:
    """A Tanemaki game written step by step."""

    def __init__(self, names, first: int = 0, comment: str | None = None, **options):
        self.record = GameRecord(GAME, list(names), options)
        self.record.append(first_action(first), CHANCE, comment=comment)

    @property
    def state(self):
        return self.record.state

    def draw(self, cards: str, comment: str | None = None) -> "Script":
        """The active player's draw (the forced steps before it are taken first)."""
        self.settle()
        self.record.append(draw_action(cards.split()), CHANCE, comment=comment,
                           visible_to=[self.state.active] if comment else None)
        return self

    def act(self, *actions: str, comment: str | None = None, secret: bool = False) -> "Script":
        """Decisions by whoever is to act, one after another; ``comment`` goes on the last,
        for the deciding seat only when ``secret`` (it names a face-down card)."""
        for number, action in enumerate(actions, start=1):
            seat = self.state.actor[0]
            last = number == len(actions)
            note = comment if last else None
            self.record.append(action, seat, comment=note,
                               visible_to=self._knowers(action) if note and secret else None)
        return self

    def _knowers(self, action: str) -> list[int]:
        """Who knows the card being handed once ``action`` is taken: the active player, every
        holder, and the seat a ``give`` or a ``pass`` sends it to."""
        state = self.state
        seats = {state.active, *state.chain}
        target = whole_number(action.rpartition(":")[2])
        if action.startswith(("give:", "pass:")) and target is not None:
            seats.add(target)  # a misspelt seat: the record refuses the action itself
        return sorted(seats)

    def settle(self, comments: dict | None = None) -> "Script":
        """Take the forced steps until a player or a draw is due; ``comments`` by step id."""
        comments = comments or {}
        forced = GAME.forced_action(self.state)
        while forced is not None:
            self.record.append(forced, CHANCE, comment=comments.get(forced))
            forced = GAME.forced_action(self.state)
        return self

    def keep_all(self) -> "Script":
        """Everybody keeps their fields in the harvest window."""
        self.settle()
        while self.state.phase == "window":
            self.act("keep")
        return self


# ---- (a) a first turn: the chain, the storehouse, the active player plants last ---------
def first_turn() -> GameRecord:
    """Ana's first turn with three players: a card goes Ana -> Ben -> Cai and into the
    storehouse; Cai and Ben plant (Ben a manure card on an empty field); Ana plants the
    stored Bean last; her Potato is discarded; the harvest window passes."""
    script = Script(["Ana", "Ben", "Cai"], comment="Chance picks Ana to start.")
    script.draw("P1 B2 C3 M", comment="Ana draws four cards: one more than the three players.")
    script.act("give:B2:1", comment="Ana hands her Bean face down to Ben.", secret=True)
    script.act("pass:2", comment="Ben does not want the Bean: he hands it on to Cai.", secret=True)
    script.act("store", comment="Cai may not hand it back to Ben or to Ana: she puts it in the "
                                "storehouse, face up for all to see.")
    script.act("give:C3:2", comment="The next card goes to Cai, who has not planted yet.",
               secret=True)
    script.act("plant:1", comment="Cai plants it: her field 1 grows Cucumber now, and she is "
                                  "done planting this turn.")
    script.act("give:M:1", comment="Only Ben has not planted: he gets the next card.", secret=True)
    script.act("plant:1", comment="Manure may go on an empty field; the field has no variety "
                                  "until a seed card joins it.")
    script.act("plant:store:B2:1", comment="Every opponent has planted: Ana plants one card, "
                                           "here the Bean from the storehouse.")
    script.settle({"discard": "The Potato left in Ana's hand goes face up to the discard pile."})
    return script.keep_all().record


# ---- (b) the rulebook's examples ---------------------------------------------------------
def bean_harvest() -> GameRecord:
    """The rulebook's harvest example: Ben's field of Bean cards with three seeds (a Bean with
    one seed and one with two) earns one coin: one card becomes the coin, the other goes to
    the discard pile."""
    script = Script(["Ana", "Ben"], comment="Two players; Ana starts.")
    script.draw("B1 R1 P2")
    script.act("give:B1:1", "plant:1", comment="Ben starts a Bean field with a one-seed Bean.")
    script.act("plant:hand:P2:1")
    script.keep_all()
    script.draw("B2 C1 G1")
    script.act("give:C1:0", "plant:2")
    script.act("plant:hand:B2:1", comment="Ben adds a Bean with two seeds: three Bean seeds in "
                                          "field 1.")
    script.settle()
    script.act("keep")
    script.act("harvest:1", comment="Three Bean seeds make one coin. One card is turned face "
                                    "down as the coin, the other is discarded.")
    return script.keep_all().record


def single_card() -> GameRecord:
    """A field of one card earns at most one coin: Ben's lone Radish with three seeds would
    make three coins at the Radish's rate (one seed a coin), but it is one card."""
    script = Script(["Ana", "Ben"])
    script.draw("R3 P1 P2")
    script.act("give:R3:1", "plant:1", comment="A Radish with three seeds, alone in field 1.")
    script.act("plant:hand:P1:1")
    script.settle()
    script.act("harvest:1", comment="Three seeds at one seed a coin would be three coins, but "
                                    "a field of one card gives one coin at most.")
    return script.keep_all().record


def manure() -> GameRecord:
    """Manure is wild: on an empty field, on a field of seeds (where it counts as one seed of
    that variety), and on the empty field beside a manure-only one. A field of manure only
    harvests nothing; a seed card on one sets its variety."""
    script = Script(["Ana", "Ben"])
    script.draw("M B2 C1")
    script.act("give:M:1", "plant:1", comment="Manure on an empty field: it waits for a variety.")
    script.act("plant:hand:B2:1", comment="Ana plants a Bean with two seeds.")
    script.keep_all()
    script.draw("M M R1", comment="Ben draws two manure cards and a Radish.")
    script.act("give:M:0", "plant:1", comment="Manure on Ana's Bean field counts as one more "
                                              "Bean seed: three seeds now.")
    script.act("plant:hand:M:2", comment="Ben already has manure alone in field 1; he may put "
                                         "manure on his empty field 2 as well.")
    script.settle()
    script.act("keep")
    script.act("harvest:2", comment="A field with only manure earns nothing: its card is "
                                    "discarded.")
    script.act("keep")
    script.draw("R1 R2 G1")
    script.act("give:R1:1", "plant:1", comment="A seed card on the manure: Ben's field 1 grows "
                                               "Radish now.")
    script.act("plant:hand:R2:2")
    return script.keep_all().record


def two_players() -> GameRecord:
    """With two players the receiver plants or stores: Ben stores two cards, the storehouse
    is full, and the third card has to be planted. It fits neither of Ben's fields, so he
    harvests one first."""
    script = Script(["Ana", "Ben"])
    script.draw("B1 P1 C1")
    script.act("give:B1:1", "plant:1", "plant:hand:P1:1")
    script.keep_all()
    script.draw("P2 C2 G1")
    script.act("give:P2:0", "plant:1", "plant:hand:G1:2")
    script.keep_all()
    script.draw("C2 C3 R2")
    script.act("give:C2:1", comment="Ben may not hand a card on: there is nobody else.",
               secret=True)
    script.act("store", comment="He stores the Cucumber instead.")
    script.act("give:C3:1", "store", comment="A second card stored: the storehouse is full.")
    script.act("give:R2:1", comment="A Radish: it fits neither of Ben's fields (Bean, Calabash), "
                                    "the storehouse is full and nobody is left to take it.",
               secret=True)
    script.act("harvest:1", comment="Ben has to make room: he harvests his Bean field.")
    script.act("plant:1", comment="Now the Radish goes into the emptied field.")
    script.act("plant:store:C3:2", comment="Ana plants the Cucumber with three seeds from the "
                                           "storehouse; the other one is discarded.")
    return script.keep_all().record


def window() -> GameRecord:
    """The harvest window after Cai's turn: Ana harvests her Bean field and keeps her
    Potatoes, Ben harvests his Potato field and keeps his Radish, Cai keeps both fields."""
    script = Script(["Ana", "Ben", "Cai"])
    script.draw("P2 P2 C2 B3")
    script.act("give:P2:1", "plant:1", "give:C2:2", "plant:1", "plant:hand:B3:1")
    script.keep_all()
    script.draw("P1 R1 G2 M")
    script.act("give:P1:0", "plant:2", "give:G2:2", "plant:2", "plant:hand:R1:2")
    script.keep_all()
    script.draw("B1 P1 C1 M")
    script.act("give:P1:1", "plant:1", "give:M:0", "plant:1", "plant:hand:C1:1")
    script.settle()
    script.act("harvest:1", comment="Turn over, the window opens from Cai's left. Ana's Bean and "
                                    "manure make four seeds: one coin.")
    script.act("keep", comment="Ana keeps her Potato growing.")
    script.act("harvest:1", comment="Ben's two Potato cards hold three seeds: one coin.")
    script.act("keep")
    script.act("keep", comment="Cai keeps both her fields growing.")
    return script.record


# ---- (c) the end of the game ---------------------------------------------------------------
#: a whole two-player game without manure, written as each turn's draw in order (the
#: receivers and the active player plant as ``quiet_turns`` describes)
TIE_DRAWS = (
    "C1 G1 R1", "P1 R2 P1", "G2 B1 P2", "P3 C3 C2", "P2 B2 B1", "R2 G1 B1", "G1 G3 G2",
    "P1 G1 C3", "B3 B2 B2", "B2 C2 G3", "B1 C1 C1", "C2 G2 R1", "R3 G3 B3", "G2 B1 P2",
    "G1 G2 C1")
#: another such game, which ends level on coins and on every variety
SHARED_DRAWS = (
    "P2 R1 P1", "C1 B3 G2", "B2 B2 C2", "G1 B1 C1", "G1 B1 B2", "P3 R2 C3", "G2 G2 C2",
    "G3 G1 P2", "C2 C3 G3", "B1 R2 G1", "G1 R1 C1", "P2 P1 B3", "G2 B1 G3", "B1 P1 G2",
    "R3 C1 B2")


def quiet_turns(script: Script, draws) -> Script:
    """Turns played by a simple written plan: the active player hands out the cards in the
    order drawn and plants the one left that suits best; every card is planted where it
    fits (its own variety first, then an empty field), a full field being harvested when
    nothing fits (the one that earns more); nobody harvests in the window."""
    for cards in draws:
        script.draw(cards)
        state = script.state
        order = cards.split()
        active = state.active
        for card_id in order[:state.n - 1]:
            target = next(seat for seat in range(state.n)
                          if seat != active and not script.state.planted[seat])
            script.act(f"give:{card_id}:{target}")
            _plant_somewhere(script, "plant:{field}", card_id)
        rest = order[state.n - 1:]
        best = next((c for c in rest if _home(script, active, c) is not None), rest[0])
        _plant_somewhere(script, f"plant:hand:{best}:{{field}}", best)
        script.keep_all()
    return script.settle()


def _home(script, seat, card_id):
    """The field ``card_id`` goes to for ``seat``: one of its own variety, else an empty one
    (manure: any field with seeds), else None."""
    from .cards import CARD_BY_ID, field_variety
    card = CARD_BY_ID[card_id]
    fields = script.state.fields[seat]
    for f in (0, 1):
        if fields[f] and fits(card, fields[f]) and field_variety(fields[f]) is not None:
            return f
    for f in (0, 1):
        if not fields[f]:
            return f
    return None


def _plant_somewhere(script, pattern, card_id):
    seat = script.state.actor[0]
    field = _home(script, seat, card_id)
    if field is None:
        from .cards import harvest_value
        from .rules import Tanemaki
        rates = Tanemaki.rates(script.state)
        fields = script.state.fields[seat]
        field = max((0, 1), key=lambda f: (harvest_value(fields[f], rates), -f))
        script.act(f"harvest:{field + 1}")
    script.act(pattern.format(field=field + 1))


def tie_break() -> GameRecord:
    """A whole two-player game without manure (option manure=0), each turn written as its
    draw: the deck is empty after turn 15, every field is harvested, Ana and Ben have eight
    coins each, and the rarer coins decide."""
    script = Script(["Ana", "Ben"], manure=0)
    return quiet_turns(script, TIE_DRAWS).record


def shared_win() -> GameRecord:
    """Another such game: nine coins each, and the same coins of every variety: a shared win."""
    script = Script(["Ana", "Ben"], manure=0)
    return quiet_turns(script, SHARED_DRAWS).record


SCENARIOS = {"first_turn": first_turn, "bean_harvest": bean_harvest, "single_card": single_card,
             "manure": manure, "two_players": two_players, "window": window,
             "tie_break": tie_break, "shared_win": shared_win}

