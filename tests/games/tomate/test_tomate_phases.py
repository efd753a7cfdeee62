"""round.phases: an action belongs to one stage of the round; elsewhere it is refused."""
from tomate_helpers import at_first_trick, dealt

HANDS = [["A-coins", "3-cups", "K-swords"], ["2-coins", "4-cups", "5-swords"],
         ["6-coins", "7-cups", "J-swords"]]


def test_declaring_during_the_tricks_is_refused_by_the_round_order():
    """round.phases: once the tricks have begun, 'pass' is no longer an action."""
    table = at_first_trick(HANDS, "Q-clubs")
    error = table.refuse("pass", rule="round.phases")
    assert "play a card" in error.reason


def test_playing_a_card_while_declaring_is_refused():
    """declare.order: during the declarations only play or pass is accepted."""
    table = dealt(HANDS, "Q-clubs")
    table.decide(table.state.dealer, "decline")
    table.refuse("play:A-coins", rule="declare.order")
