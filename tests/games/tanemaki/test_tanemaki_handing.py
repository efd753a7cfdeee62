"""Tanemaki, handing a card out: the active player gives, the receiver plants, stores or
hands it on along a chain; every opponent plants once; the active player plants last; the
rest is discarded; and every refusal says why."""
from __future__ import annotations

from tomato_widgets.games.tanemaki import GAME, scenarios

from tanemaki_helpers import Game, only, rules, telling


def three() -> Game:
    """Ana's turn at a table of three, four cards drawn."""
    return Game(3).draw("P1 B2 C3 M")


def test_the_active_player_hands_a_card_face_down_to_an_opponent():
    """give.card: a card of the hand goes face down to an opponent who has not planted; the
    receiver decides next; only the giver and the receiver know the card."""
    game = three()
    assert sorted(game.legal()) == sorted(
        [f"give:{card}:{seat}" for card in ("P1", "B2", "C3", "M") for seat in (1, 2)])
    game.act("give:B2:1")
    assert game.state.actor == (1,) and game.view()["hand"] == ["P1", "C3", "M"]
    assert telling(game, 1) == ["Ana hands a Bean (2 seeds) face down to Ben."]
    assert telling(game, 2) == ["Ana hands a card face down to Ben."]
    assert game.view(1)["held"]["card"] == "B2" and game.view(2)["held"]["card"] is None
    assert game.view(2)["held"]["holders"] == [1]
    assert GAME.public_label(game.record.states[-2], "give:B2:1", 0, 2) == \
        "hand a card face down to player 2"


def test_only_cards_of_the_hand_go_out():
    """give.hand: the active player hands out the cards drawn this turn, nothing else."""
    error = three().refused("give:R1:1", "give.hand")
    assert "no Radish (1 seed) in your hand" in error.reason


def test_a_card_goes_only_to_an_opponent_who_has_not_planted():
    """give.target: never to yourself, to a seat that does not exist, or to someone who has
    planted this turn; the refusal names who may have it."""
    game = three().act("give:C3:2", "plant:1")
    assert "player 3 has already planted this turn; you may hand it to: player 2" in \
        game.refused("give:M:2", "give.target").reason
    assert "yourself" in game.refused("give:M:0", "give.target").reason
    assert "no player 5" in game.refused("give:M:4", "give.target").reason


def test_the_receiver_plants_and_is_done_for_the_turn():
    """hold.plant (ruling): planting ends a receiver's part of the turn: no more cards come to
    them, and the next card goes out from the active player."""
    game = three().act("give:C3:2", "plant:1")
    assert telling(game)[0] == "Cai plants a Cucumber (3 seeds) in field 1 and is done planting " \
                               "this turn."
    assert game.view()["seats"][2]["planted"] and game.state.actor == (0,)
    assert game.view()["to_plant"] == [1]
    assert all(not action.endswith(":2") for action in game.legal())


def test_each_opponent_plants_exactly_once_then_the_active_player():
    """hold.plant (ruling): the turn hands cards out until every opponent has planted once;
    then the active player plants (active.plant)."""
    game = three().act("give:C3:2", "plant:1", "give:M:1", "plant:1")
    assert game.state.phase == "plant" and game.state.actor == (0,)
    assert sorted(game.legal()) == sorted(["plant:hand:P1:1", "plant:hand:P1:2",
                                           "plant:hand:B2:1", "plant:hand:B2:2"])


def test_the_storehouse_takes_two_face_up_cards():
    """hold.store (ruling): the receiver may lay the card face up in the one storehouse of the
    turn; they still have to plant later; the active player may plant from it at the end."""
    game = three().act("give:B2:1", "store")
    assert game.view(2)["store"] == ["B2"]
    assert telling(game, 2) == ["Ben puts a Bean (2 seeds) face up in the storehouse (1 card in "
                                "it now)."]
    assert not game.view()["seats"][1]["planted"] and game.state.actor == (0,)
    assert "give:C3:1" in game.legal()


def test_a_full_storehouse_takes_no_third_card():
    """store.full: with two cards in the storehouse nobody may store another."""
    game = three().act("give:B2:1", "store", "give:C3:2", "store", "give:P1:1")
    assert "store" not in game.legal()
    reason = game.refused("store", "store.full").reason
    assert "already holds two cards (Bean (2 seeds), Cucumber (3 seeds))" in reason
    assert reason.endswith("plant the card or hand it on")  # Cai has not held it: he may


def test_a_full_storehouse_offers_only_what_the_holder_may_do():
    """store.full, pass.two-players: the refusal names only what is left; at a table of two
    a handed card cannot go on, so it offers planting alone."""
    game = Game(2).draw("P1 B2 C3").act("give:B2:1", "store", "give:C3:1", "store",
                                           "give:P1:1")
    assert "store" not in game.legal() and not any(a.startswith("pass") for a in game.legal())
    assert game.refused("store", "store.full").reason.endswith("; plant the card")


def test_a_card_may_go_on_along_a_chain():
    """hold.pass (ruling): the holder may hand the card on, face down, to an opponent of the
    active player who has not planted and has not held this card; those who know it are the
    active player and every holder."""
    game = Game(4).draw("P1 B2 C3 M G1")
    game.act("give:B2:1")
    assert {a for a in game.legal() if a.startswith("pass:")} == {"pass:2", "pass:3"}
    game.act("pass:2")
    assert telling(game, 1) == ["Ben hands a Bean (2 seeds) on to Cai, face down."]
    assert telling(game, 3) == ["Ben hands the card on to Cai, face down."]
    assert game.view(2)["held"] == {"card": "B2", "holders": [1, 2], "targets": [3],
                                    "store_room": True}
    assert game.view(0)["held"]["card"] == "B2" and game.view(1)["held"]["card"] == "B2"
    assert game.view(3)["held"]["card"] is None
    assert "player 2 has already held this card" in game.refused("pass:1", "hold.pass").reason
    assert "the active player" in game.refused("pass:0", "hold.pass").reason
    assert "hold the card already" in game.refused("pass:2", "hold.pass").reason
    game.act("pass:3")
    assert not [a for a in game.legal() if a.startswith("pass:")]  # nobody is left


def test_a_planted_player_is_not_handed_a_card_on():
    """hold.pass (ruling): someone who has planted this turn takes no card, passed or given."""
    game = Game(4).draw("P1 B2 C3 M G1").act("give:C3:3", "plant:1", "give:B2:1")
    assert "player 4 has already planted" in game.refused("pass:3", "hold.pass").reason
    game.act("pass:2")
    assert game.view(2)["held"]["targets"] == []


def test_with_two_players_the_receiver_plants_or_stores():
    """pass.two-players: with two players a handed card cannot go on."""
    game = Game(2).draw("P1 B2 C3").act("give:B2:1")
    assert sorted(game.legal()) == ["plant:1", "plant:2", "store"]
    assert "with two players" in game.refused("pass:0", "pass.two-players").reason


def test_a_seed_card_needs_a_field_that_fits():
    """plant.variety: a seed card goes on an empty field, a manure-only field or one of its
    own variety; another variety's field is refused with the way out."""
    game = Game(2).draw("B1 P1 C1").act("give:B1:1", "plant:1", "plant:hand:P1:1")
    game.keep_all().draw("P2 C2 G1").act("give:P2:0")
    assert sorted(game.legal()) == ["harvest:1", "plant:1", "plant:2", "store"]
    game.act("plant:1")
    assert "plant:hand:C2:1" not in game.legal() and "plant:hand:C2:2" in game.legal()
    error = game.refused("plant:hand:C2:1", "plant.variety")  # Ben's field 1 grows Bean
    assert error.reason == ("your field 1 grows Bean, and a Cucumber card needs an empty "
                            "field, one with only manure or a Cucumber field; harvest field 1 "
                            "first to use it")


def test_each_field_grows_one_variety_set_by_its_first_seed_card():
    """field.variety (ruling): the first seed card sets a field's variety, also on a field
    of manure only; both fields may grow the same variety."""
    game = Game(2).draw("M B1 B2").act("give:M:1", "plant:1", "plant:hand:B1:1")
    assert only(game.events, "field.variety").facts == {"field": "1", "variety": "Bean"}
    game.keep_all().draw("B1 R1 P1").act("give:R1:0")
    assert "plant:2" in game.legal()
    game.act("plant:2")
    assert game.view()["seats"][0]["fields"][1]["variety"] == "Radish"
    game.act("plant:hand:B1:1")  # Ben: a Bean on his manure-only field
    assert only(game.events, "field.variety").facts == {"field": "1", "variety": "Bean"}
    assert game.view()["seats"][1]["fields"][0] == {"cards": ["M", "B1"], "variety": "Bean",
                                                   "seeds": 2, "coins": 0}
    same = Game(2).draw("B1 B2 P1").act("give:B1:1", "plant:1", "plant:hand:B2:1")
    same.keep_all().draw("B3 B1 P2").act("give:B3:0", "plant:2")
    assert [f["variety"] for f in same.view()["seats"][0]["fields"]] == ["Bean", "Bean"]


def test_the_active_player_plants_last_from_the_hand_or_the_storehouse():
    """active.plant: once every opponent has planted, the active player plants one card from
    the hand or the storehouse; a card that is not there is refused."""
    game = Game(2).draw("P1 B2 C3").act("give:B2:1", "store", "give:C3:1", "plant:1")
    assert sorted(game.legal()) == ["plant:hand:P1:1", "plant:hand:P1:2", "plant:store:B2:1",
                                    "plant:store:B2:2"]
    assert "no Cucumber (3 seeds) in the storehouse" in \
        game.refused("plant:store:C3:1", "active.plant").reason
    assert "only once every opponent has planted" in \
        Game(2).draw("P1 B2 C3").refused("plant:hand:P1:1", "active.plant").reason
    game.act("plant:store:B2:2")
    assert telling(game)[0] == "Ana plants a Bean (2 seeds) from the storehouse in field 2."
    assert game.state.step == "discard"


def test_the_rest_is_discarded_face_up_and_the_turn_passes_left():
    """turn.discard (ruling): the cards left in the hand and the storehouse go face up to the
    discard pile; the next turn is the next seat's."""
    game = Game(3, first=2).draw("P1 B2 C3 M").act("give:B2:0", "store", "give:C3:0",
                                                    "plant:1", "give:M:1", "plant:1",
                                                    "plant:hand:P1:1")
    game.settle()
    assert rules(game.events)[0] == "turn.discard"
    assert telling(game, 1)[0] == "The rest goes to the discard pile, face up: a Bean (2 seeds)."
    assert game.view(1)["discard"] == ["B2"] and game.view()["store"] == []
    assert game.state.active == 2 and game.state.phase == "window"  # Cai's turn has its window
    game.keep_all()
    assert game.state.active == 0 and game.state.step == "draw"
    assert GAME.rulebook["turn.discard"].dwell > 1


def test_a_scenario_of_a_first_turn_tells_the_chain():
    """give.card, hold.pass (ruling), hold.store (ruling): the first-turn scenario hands the
    Bean from Ana to Ben to Cai, who stores it; Ana plants it last."""
    record = scenarios.first_turn()
    actions = [step.action for step in record.steps]
    assert actions[:5] == ["first:0", "draw:P1,B2,C3,M", "give:B2:1", "pass:2", "store"]
    assert "plant:store:B2:1" in actions
    assert record.steps[3].comment_for(2) and record.steps[3].comment_for(None)
