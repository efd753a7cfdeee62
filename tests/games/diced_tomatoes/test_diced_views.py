"""Diced Tomatoes as the widgets and the command line show it: observations (nothing is
hidden), the board (dice as dice, vines with their shape and worth, karma and score tracks,
which dice have a spot), live play's two clicks, the texts and the pictures."""
from __future__ import annotations

import re

import pytest

from tomato_widgets.core import scene as scenes
from tomato_widgets.core.play import play_game, random_bots
from tomato_widgets.core.teach import step_of
from tomato_widgets.games import diced_tomatoes
from tomato_widgets.games.diced_tomatoes import (GAME, knowledge, render_text, results, scene,
                                                 scenarios, words_for)
from tomato_widgets.widgets.shell import board_reachable

from diced_helpers import position
from picture_checks import sprite_symbols

#: internal codes a learner must never read: die slots, vine ids, die ids
CODES = re.compile(r"\b(d\d+|[0-3][ABC]|[RB][1-6])\b")


def texts_of(items) -> list[str]:
    out = []
    for item in items:
        out += [item.get("text", ""), item.get("title", "")]
        face = item.get("face")
        if isinstance(face, dict):
            out += [face.get("rank", ""), face.get("suit", "")]
    return [text for text in out if text]


def game_states(players: int, seed: int = 1):
    record = play_game(GAME, random_bots(players, seed), seed=seed)
    return record, list(record.states)


# ---- observations ------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [1, 2, 4])
def test_every_seat_sees_the_whole_table_and_the_state_can_be_rebuilt(players):
    """setup.components: nothing is hidden: every view observes the same table, and the state
    is rebuilt exactly from any observation (what the heuristic bot does)."""
    record, states = game_states(players)
    for state in states[::7]:
        seen = GAME.observe(state, None)
        for seat in range(players):
            mine = GAME.observe(state, seat)
            assert dict(mine, perspective=None) == seen
        rebuilt = GAME.state_from(GAME.observe(state, 0))
        assert rebuilt == state
        assert GAME.resample_hidden(state, 0, None) is state


def test_the_observation_says_which_dice_have_a_spot():
    """place.must: the observation lists, per die of this turn, the vines it may go to."""
    state = position(2, vines={"0A": "R6 R6"}, hand="R6 B2")
    obs = GAME.observe(state, 0)
    assert obs["hand"] == ["R6", "B2"]
    assert obs["spots"] == [["0A", "0B", "0C", "1A", "1B", "1C"], []]


# ---- the board -----------------------------------------------------------------------------------
def test_dice_are_drawn_as_dice_with_value_picture_and_colour_word():
    """place.black-seed: a die is a card with its value, a picture of its pips in its colour
    and a word (its colour, or whether it has a spot now); black dice are drawn black, and a
    die without a spot says so."""
    state = position(2, vines={"0A": "R6 B6"}, hand="R6 B2")
    items = {item["id"]: item for item in scene(GAME.observe(state, 0), ["Ana", "Ben"])["items"]}
    assert items["die:vine:0A:1"]["face"] == {"rank": "6", "icon": "die-black-6", "suit": "black"}
    assert items["die:vine:0A:0"]["face"] == {"rank": "6", "icon": "die-red-6", "suit": "seed",
                                              "color": "red"}
    assert items["die:hand:d1"]["face"]["suit"] == "fits"
    assert items["die:hand:d2"]["face"]["suit"] == "no spot"
    assert items["die:hand:d2"]["title"].startswith("the black 2 (die 2) has no spot now: the vines "
                                                     "take only a 6 and a black die is never a seed")


def test_vines_show_their_shape_worth_and_what_they_take():
    """place.run place.black: a token's title names its vine (a run 4 to 5), the two lines under
    the dice its worth (the seed less its black dice) and the values it takes."""
    state = position(2, vines={"1B": "R5 B4"}, hand="R1")
    items = {item["id"]: item for item in scene(GAME.observe(state, 0), ["Ana", "Ben"])["items"]}
    assert items["vine:1B"]["text"] == "B: run 4\u20135"
    assert items["note:1B"]["text"] == "worth 4"
    assert items["takes:1B"]["text"] == "takes 3/6"
    assert items["note:1A"]["text"] == "seed: any red" and "takes:1A" not in items


def test_karma_and_score_tracks_are_on_the_board():
    """karma.earn harvest.vine: karma as a heart and a number, karma earned shown at the
    harvest; a harvested seed in its score slot with its worth; alone, whether it matches the
    slot."""
    record = scenarios.karma_table()
    number = step_of(record, "harvest:1C")
    items = {item["id"]: item for item in
             scene(GAME.observe(record.states[number], None), record.players)["items"]}
    assert items["karma:0"]["text"] == "9 karma +3"
    assert items["karma:0"]["icons"] == ["heart"]
    assert (items["note:1C"]["text"], items["takes:1C"]["text"]) == ("harvested: 5", "to slot 3")
    assert items["die:track:1:3"]["face"]["rank"] == "5" and items["worth:1:3"]["text"] == "5"
    solo = scenarios.solo_game()
    items = {item["id"]: item for item in scene(GAME.observe(solo.state, 0), solo.players)["items"]}
    assert items["worth:0:1"]["text"] == "1 \u2713" and items["worth:0:1"]["tone"] == "winner"


def test_a_step_marks_only_what_it_changed():
    """place.seed: putting a die down marks the die on its vine and the lines that describe
    it, not the whole table."""
    record = scenarios.placement_example()
    number = step_of(record, "d3:0A")
    before = scene(GAME.observe(record.states[number - 1], None), record.players)["items"]
    after = scene(GAME.observe(record.states[number], None), record.players)["items"]
    kinds = {item["id"]: item["kind"] for item in before}
    changed = scenes.marked(scenes.diff(before, after), kinds)
    # the red 1 (die 1) is marked too: tomato A, one of its spots, no longer takes it
    assert changed == {"die:vine:0A:0", "vine:0A", "note:0A", "takes:0A", "dice:note", "die:hand:d1"}


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_no_text_on_the_board_shows_an_internal_code(players):
    """turn.roll: ids stay in actions and records; the board names dice, tokens and players in
    words, every item id is unique and every picture exists in the sprite file."""
    record, states = game_states(players, seed=players)
    names = record.players
    pictures = set(sprite_symbols(diced_tomatoes))
    for state in states[::3]:
        for view in (None, 0):
            items = scene(GAME.observe(state, view), names, GAME.legal_actions(state, 0) or None)["items"]
            scenes.index(items)
            for text in texts_of(items):
                assert not CODES.search(text), text
            for item in items:
                for icon in item.get("icons", []) + [(item.get("face") or {}).get("icon")]:
                    assert icon is None or icon in pictures, icon


def test_live_play_picks_a_die_then_drops_it_on_a_token_or_a_power():
    """place.seed power.set: in live play every die of this turn is picked, every token and die
    power is a place to drop it, so every legal die action is two clicks; vine powers and the
    end of the turn are buttons. A replay has nothing clickable."""
    state = position(2, vines={"0A": "R2", "1A": "R6 R6"}, hand="R1 B2", karma=6)
    legal = list(GAME.legal_actions(state))
    items = scene(GAME.observe(state, 0), ["Ana", "Ben"], legal)["items"]
    reachable = board_reachable(items)
    die_actions = [a for a in legal if a.startswith("d")]
    assert die_actions and set(die_actions) <= reachable
    assert "d1:1A" in reachable  # a wrong token is still a place: the click is answered
    assert not any(a in reachable for a in legal if not a.startswith("d"))  # buttons
    replay = scene(GAME.observe(state, 0), ["Ana", "Ben"])["items"]
    assert not any(key in item for item in replay for key in ("pick", "drop", "action"))
    other = scene(GAME.observe(state, 1), ["Ana", "Ben"], legal)["items"]
    assert not any("pick" in item for item in other)  # only the active player picks


def test_the_sprite_file_holds_only_symbols_of_plain_shapes():
    """place.black-seed: the pictures (red and black dice, hearts, token, bushel, marker) are
    plain drawings, nothing that can run or fetch anything."""
    found = sprite_symbols(diced_tomatoes)
    assert {f"die-{c}-{v}" for c in ("red", "black") for v in range(1, 7)} <= set(found)


# ---- texts ---------------------------------------------------------------------------------------
def test_the_command_line_table_names_everything_in_words():
    """harvest.vine: render_text gives the round, the bushel, this turn's dice with their
    spots, and per player karma, the score track and each vine."""
    record = scenarios.karma_table()
    text = render_text(GAME.observe(record.states[step_of(record, "harvest:1A")], None), record.players)
    assert text.splitlines()[0] == "Round 3 | Ana's turn | placing dice | bushel: 10 red, 4 black"
    assert "  Dice this turn: die 2 red 3 (fits Ana's A, Ana's B, Ben's A, Ben's B); die 3" in text
    assert "  Ben [last]: karma 3; score track 1\n" in text
    assert "      tomato B: a set of 3s (3 dice), worth 3 (red 3, red 3, red 3)" in text


def test_knowledge_says_per_player_what_the_table_shows():
    """karma.earn: per seat, karma, the tomatoes harvested, the vines growing and the points
    if the game ended now; no seat's name in its own line."""
    record = scenarios.karma_table()
    told = knowledge(GAME.observe(record.state, 1), record.players)
    assert told[1] == "karma 3; harvested 1, 3 and 5 (9 points); 10 points if the game ended now."
    assert told[0].startswith("karma 6; vines: A a lone seed 2, worth 2; B a lone seed 4, worth 4")


def test_results_alone_list_each_slot():
    """solo.score: the end table of a solo game lists every slot, match or not."""
    record = scenarios.solo_game()
    table = results(GAME.observe(record.state, 0), record.players)
    assert table["columns"] == ["Player", "Slots", "Matches", "Score", "Result"]
    assert table["rows"][0][1].startswith("1: 1 match; 2: 2 match")
    assert table["winners"] == [0] and table["decided"] == "Ana matched 6 of 6 slots: 6 points, above 0: a win."


def test_results_add_up_each_part_and_name_the_karma_column_for_its_points():
    """end.score, end.win: the table's columns add up to the total, and the karma column
    holds points (one per two karma left), not the karma itself."""
    record, _ = game_states(3, seed=4)
    obs = GAME.observe(record.state, 0)
    table = results(obs, record.players)
    assert table["columns"][3] == "Karma points"
    for seat, row in zip(table["order"], table["rows"]):
        karma = obs["seats"][seat]["karma"]
        assert int(row[3]) == karma // 2
        assert int(row[-1]) == sum(int(part) for part in row[2:5]) + sum(
            points for _, points in obs["seats"][seat]["track"])
    deciding = GAME.rulebook[GAME.outcome(record.state).rule]
    assert "points" in deciding.title.lower() and "points" in deciding.explanation


def test_words_for_an_id_is_the_id_itself():
    """setup.components: nothing is hidden, so no die or vine has secret names to look for."""
    assert words_for("R5") == ["R5"] and words_for("1B") == ["1B"]
