"""Tomate, "The cards & the deal": taking the trump, the discard, play-or-pass, everybody
passing, a lone player, and who leads the first trick."""
from __future__ import annotations

from tomato_widgets.core.game import CHANCE
from tomato_widgets.games.tomate import GAME

from tomate_helpers import dealt, only, rules

# dealer is seat 0 in these deals
HANDS3 = [["4-coins", "6-cups", "K-clubs"],
          ["2-swords", "J-cups", "A-coins"],
          ["7-clubs", "Q-swords", "3-cups"]]
TRUMP3 = "7-swords"


def took_and_discarded(discard="4-coins"):
    table = dealt(HANDS3, TRUMP3, dealer=0)
    table.decide(0, "take")
    table.decide(0, "discard:" + discard)
    return table


# ---- deal.take / deal.decline (ruling: decided blind) --------------------------------------
def test_dealer_decides_about_the_trump_without_seeing_the_hand():
    """deal.take ruling, deal.decline: until the dealer takes or leaves the trump, their own hand is hidden
    from them; afterwards they see it."""
    table = dealt(HANDS3, TRUMP3, dealer=0)
    assert table.state.phase == "take" and table.to_act == (0,)
    assert table.legal() == {"take", "decline"}
    assert table.view(0)["hands"][0] == [None, None, None]
    assert table.view(0)["trump"] == "7-swords"            # the turned card is public
    assert table.view(1)["hands"][1] != [None, None, None]  # others already see their own
    assert table.hand(0) == set(HANDS3[0])                  # the cards are there
    events = table.decide(0, "decline")
    assert rules(events)[0] == "deal.decline"
    assert table.hand(0, perspective=0) == set(HANDS3[0])


def test_nothing_but_take_or_decline_before_the_decision():
    """deal.take: before deciding about the trump the dealer can neither discard nor declare."""
    table = dealt(HANDS3, TRUMP3, dealer=0)
    table.refuse("discard:4-coins", rule="deal.take")
    table.refuse("play", rule="deal.take")
    table.refuse("pass", rule="deal.take")


def test_taking_the_trump_then_discard_one_of_the_three_dealt():
    """deal.take, deal.discard: the dealer picks up the trump and must discard one of the
    three cards dealt (not the trump just taken)."""
    table = dealt(HANDS3, TRUMP3, dealer=0)
    events = table.decide(0, "take")
    assert only(events, "deal.take").facts["card"] == "7-swords"
    assert table.state.phase == "discard" and table.to_act == (0,)
    assert table.hand(0, perspective=0) == set(HANDS3[0]) | {"7-swords"}
    assert table.legal() == {"discard:" + card for card in HANDS3[0]}
    error = table.refuse("discard:7-swords", rule="deal.discard")
    assert "7 of swords" in error.reason
    table.refuse("discard:A-coins", rule="play.own-card")   # seat 1 holds it
    table.refuse("pass", rule="deal.discard")               # taking is a promise to play
    table.refuse("play", rule="deal.discard")
    events = table.decide(0, "discard:6-cups")
    assert only(events, "deal.discard").players == (0,)
    assert table.hand(0) == {"4-coins", "K-clubs", "7-swords"}


def test_discard_is_secret():
    """deal.discard: the discard is face down; only the dealer knows the card."""
    table = dealt(HANDS3, TRUMP3, dealer=0)
    table.decide(0, "take")
    events = table.decide(0, "discard:4-coins")
    discard = only(events, "deal.discard")
    assert discard.seen_by(0).facts["card"] == "4-coins"
    for other in (1, 2):
        assert "card" not in discard.seen_by(other).facts
    step = len(table.record)
    assert any("4 of coins" in line for line in table.record.explain(step, perspective=0))
    for other in (1, 2):
        assert not any("4 of coins" in line for line in table.record.explain(step, perspective=other))


def test_observation_hides_the_discard_but_shows_the_taken_trump():
    """deal.take, deal.discard: others see the trump in the dealer's hand (it was turned up)
    but not the other cards nor the discard; the dealer sees both."""
    table = took_and_discarded("4-coins")
    other = table.view(1)
    assert other["discard"] is None and other["has_discard"] is True
    assert sorted(other["hands"][0], key=str) == sorted(["7-swords", None, None], key=str)
    mine = table.view(0)
    assert mine["discard"] == "4-coins"
    assert set(mine["hands"][0]) == {"6-cups", "K-clubs", "7-swords"}


def test_dealer_who_took_is_committed_and_does_not_declare():
    """declare.order ruling: the dealer who took the trump counts as playing and is not asked."""
    table = took_and_discarded()
    assert table.state.phase == "declare" and table.to_act == (1,)
    table.declare((1, "play"), (2, "play"))
    assert table.state.phase == "trick"          # the dealer was skipped
    assert table.state.status[0] == "play"
    assert table.to_act == (1,)                  # left of the dealer leads


def test_dealer_who_took_alone_takes_the_pot_without_penalty():
    """play.alone, score.dealer-two-tricks: a dealer who took and is left alone is given the
    three tricks, so owes nothing."""
    table = took_and_discarded()
    table.declare((1, "pass"), (2, "pass"))
    scored = table.score()
    assert list(scored) == ["shares"]                     # no penalties step
    assert only(scored["shares"], "play.alone").players == (0,)
    assert table.chips == [23, 20, 20]


# ---- declare.order / declare.play / declare.pass --------------------------------------------
def test_declarations_go_left_from_the_dealer_dealer_last():
    """declare.order, declare.play: from the dealer's left round the table, the dealer
    declaring last; each says play (stays in)."""
    hands = HANDS3 + [["5-clubs", "5-coins", "A-cups"]]
    table = dealt(hands, TRUMP3, dealer=1)
    table.decide(1, "decline")
    order = []
    while table.state.phase == "declare":
        seat = table.to_act[0]
        order.append(seat)
        events = table.step("play")
        assert only(events, "declare.play").players == (seat,)
    assert order == [2, 3, 0, 1]


def test_declaring_out_of_turn_is_refused():
    """declare.order: only the player whose turn it is declares."""
    table = dealt(HANDS3, TRUMP3, dealer=0)
    table.decide(0, "decline")
    assert table.to_act == (1,)
    table.refuse("play", player=2, rule="turn.order")
    table.refuse("pass", player=0, rule="turn.order")


def test_passing_puts_the_hand_face_down():
    """declare.pass: the passed hand is out of play, face down: others see only its backs."""
    table = dealt(HANDS3, TRUMP3, dealer=0)
    table.decide(0, "decline")
    events = table.decide(1, "pass")
    assert only(events, "declare.pass").players == (1,)
    assert table.state.status[1] == "pass"
    for other in (0, 2):
        view = table.view(other)
        assert view["hands"][1] == []
        assert view["mucked"][1] == [None, None, None]
    assert set(table.view(1)["mucked"][1]) == set(HANDS3[1])


def test_everybody_passes_pot_carries_over():
    """round.all-pass ruling: nobody pays, the pot stays and the next ante is added to it."""
    table = dealt(HANDS3, TRUMP3, dealer=0)
    table.decide(0, "decline")
    events = table.declare((1, "pass"), (2, "pass"), (0, "pass"))
    assert rules(events) == ["declare.pass"]            # the pot waits on a step of its own
    assert table.state.phase == "shares" and table.to_act == (CHANCE,)
    assert GAME.action_label(table.state, "shares") == "carry the pot over and end the round"
    scored = table.score()
    assert list(scored) == ["shares"]
    assert rules(scored["shares"]) == ["round.all-pass", "round.next-dealer"]
    assert only(scored["shares"], "round.all-pass").facts["pot"] == 3
    assert table.chips == [20, 20, 20]
    assert table.state.pot == 3
    assert table.state.phase == "deal"
    events = table.deal(HANDS3, TRUMP3)
    assert table.state.dealer == 1                      # the deal passed left
    ante = only(events, "round.ante")
    assert ante.facts["pot"] == 6 and table.state.pot == 6


def test_only_one_player_stays_in_takes_the_whole_pot():
    """play.alone ruling: a single player in is given all three tricks, unplayed, and the pot."""
    table = dealt(HANDS3, TRUMP3, dealer=0, ante=5)
    table.decide(0, "decline")
    events = table.declare((1, "play"), (2, "pass"), (0, "pass"))
    assert rules(events) == ["declare.pass"]
    assert table.state.phase == "shares" and table.chips == [20, 20, 20]
    scored = table.score()
    assert list(scored) == ["shares"]
    events = scored["shares"]
    assert only(events, "play.alone").players == (1,)
    assert "trick.won" not in rules(events) and "trick.lead" not in rules(events)
    shares = [e for e in events if e.rule in ("score.third", "score.odd-chips")]
    assert [e.players for e in shares] == [(1,)] * 3
    assert sum(e.facts["amount"] for e in shares) == 5
    assert table.chips == [20, 25, 20]
    assert table.state.pot == 0 and table.state.tricks == (0, 3, 0)
    assert only(events, "round.next-dealer").facts["dealer"] == 1
    assert table.state.phase == "deal"


# ---- trick.lead (ruling: first active player on the dealer's left) -------------------------
def test_first_trick_led_by_player_left_of_dealer():
    """trick.lead: the player on the dealer's left leads the first trick."""
    table = dealt(HANDS3, TRUMP3, dealer=0)
    table.decide(0, "decline")
    table.declare((1, "play"), (2, "play"), (0, "play"))
    assert table.state.phase == "trick" and table.to_act == (1,)
    events = table.play(1, "J-cups")
    assert only(events, "trick.lead").facts["card"] == "J-cups"


def test_first_trick_lead_wraps_round_the_table():
    """trick.lead: with the last seat dealing, seat 0 is on the dealer's left and leads."""
    table = dealt(HANDS3, TRUMP3, dealer=2)
    table.decide(2, "decline")
    table.declare((0, "play"), (1, "play"), (2, "play"))
    assert table.to_act == (0,)


def test_lead_passes_to_next_active_player_when_left_neighbour_passed():
    """trick.lead ruling: if the dealer's left neighbour passed, the next player still in leads;
    passed players are skipped in the tricks."""
    hands = HANDS3 + [["5-clubs", "5-coins", "A-cups"]]
    table = dealt(hands, TRUMP3, dealer=0)
    table.decide(0, "decline")
    table.declare((1, "pass"), (2, "play"), (3, "play"), (0, "play"))
    assert table.to_act == (2,)
    table.refuse("play:J-cups", player=1, rule="turn.order")
    table.play(2, "3-cups")
    table.play(3, "A-cups")           # the ace beats the 3 (and it is seat 3's only cup)
    events = table.play(0, "6-cups")  # seat 1 skipped: the trick is complete
    assert only(events, "trick.won").facts["winner"] == 3
    assert table.to_act == (3,)
