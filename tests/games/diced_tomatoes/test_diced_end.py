"""Diced Tomatoes, "End of the game" and "Single mode": the sixth tomato and the final round,
an empty bushel, the round limit, the final scores and shared wins, and the solo goal."""
from __future__ import annotations

from tomato_widgets.core.teach import steps_with_rule
from tomato_widgets.games.diced_tomatoes import GAME, results, scenarios

from diced_helpers import act, forced, position, rules_of


def test_the_first_sixth_tomato_earns_two_and_starts_the_final_round():
    """end.sixth (ruling) end.final: Ana's sixth harvest earns her 2 points and the final
    round; it ends after Ben, the last player, and not before."""
    record = scenarios.final_round()
    sixth = steps_with_rule(record, "end.sixth")
    assert len(sixth) == 1
    assert record.states[sixth[0]].final and record.states[sixth[0]].bonus == 0
    assert record.explain(sixth[0])[-1] == ("Ana harvests a sixth tomato first: 2 points, and the "
                                            "final round is on (it ends after Ben's turn).")
    ended = steps_with_rule(record, "end.final")
    assert ended == [len(record.steps)] and record.states[ended[0] - 1].turn == 1


def test_a_later_sixth_tomato_earns_no_bonus():
    """end.full-track (ruling on end.sixth): someone filling the track after the first gets
    no 2 points; their tokens close too."""
    full = "R6:6 R5:5 R4:4 R3:3 R2:2"
    state = position(2, vines={"1A": "R4 R4 R4"}, hand="R4", karma=0, bonus=0, final=True,
                     track={0: full + " R1:1", 1: full})
    after, events = forced(act(state, "d1:1A")[0])
    assert "end.full-track" in rules_of(events) and after.bonus == 0
    assert GAME.explain(events[-3 if "karma.earn" in rules_of(events) else -2], ["Ana", "Ben"])


def test_the_final_scores_add_tomatoes_bonus_karma_and_three_dice_vines():
    """end.score end.win: the track's worths, 2 for the first sixth, a point per two karma and
    a point per vine of three dice; the most points wins."""
    record = scenarios.final_round()
    final = record.events[-1]
    assert rules_of(final) == ["end.final", "end.score", "end.score", "end.win"]
    assert record.explain(len(record.steps))[1:] == [
        "Ana: 25 from the score track + 2 bonus + 1 for karma + 0 for three-dice vines = 28.",
        "Ben: 0 from the score track + 0 bonus + 3 for karma + 1 for three-dice vines = 4.",
        "Ana wins with 28 points."]
    assert record.outcome.winners == (0,) and record.outcome.scores == (28, 4)
    table = results(GAME.observe(record.state, None), record.players)
    assert table["rows"][0] == ["Ana", "6, 5, 4, 3, 6 and 1", "2", "1", "0", "28"]
    assert table["decided"] == "Ana has the most points: 28, the next best 4."


def test_an_empty_bushel_at_the_start_of_a_turn_ends_the_game():
    """end.bushel (ruling) end.shared: when Ben's turn should start the bushel is empty, so the
    game ends although dice wait for him; Ana and Ben tie and share the win."""
    record = scenarios.empty_bushel()
    state = record.states[-2]
    assert state.bushel == (0, 0) and state.phase == "end" and len(state.passed) == 8
    assert rules_of(record.events[-1])[0] == "end.bushel"
    assert rules_of(record.events[-1])[-1] == "end.shared"
    assert record.explain(len(record.steps))[-1] == "Ana and Ben share the win with 4 points each."
    assert record.outcome.winners == (0, 1)


def test_the_round_limit_ends_the_game_after_the_last_players_turn():
    """end.limit (ruling): with round_limit=1 the game ends after the first round's last
    player; the option goes from 1 to 100 rounds, 60 by default."""
    record = scenarios.round_limit()
    assert rules_of(record.events[-1])[0] == "end.limit"
    assert record.explain(len(record.steps))[0] == "Round 1 was the last one allowed: the game ends."
    option = {o.name: o for o in GAME.options}["round_limit"]
    assert (option.default, option.minimum, option.maximum) == (60, 1, 100)


def test_the_longest_game_the_options_allow_fits_a_record():
    """end.limit (ruling): however a game goes, a turn takes a bounded number of steps, so 4
    players and the largest round limit stay within a record's 100,000 steps; games at that
    limit end like any other."""
    from tomato_widgets.core.play import play_game, random_bots
    from tomato_widgets.core.records import MAX_STEPS
    from tomato_widgets.games.diced_tomatoes.rules import MOST_STEPS_PER_TURN
    assert 4 * 100 * MOST_STEPS_PER_TURN <= MAX_STEPS
    record = play_game(GAME, random_bots(4, 1), seed=1, options={"round_limit": 100})
    assert record.outcome and len(record.steps) < MOST_STEPS_PER_TURN * 4 * record.state.round


# ---- alone ---------------------------------------------------------------------------------------
def test_alone_six_matching_slots_win():
    """solo.goal (ruling) solo.sixth solo.end solo.score solo.win: Ana alone fills the slots
    with 1 to 6; the sixth harvest ends the game with this turn; +1 per match: 6, a win."""
    record = scenarios.solo_game()
    assert [points for _, points in record.state.track[0]] == [1, 2, 3, 4, 5, 6]
    assert steps_with_rule(record, "solo.sixth")
    assert record.explain(len(record.steps)) == [
        "Six tomatoes are harvested and the turn is over: the game ends.",
        "Ana matched 6 of the six slots: 6 points.", "Ana wins the solo game with 6."]
    assert record.outcome.winners == (0,) and record.outcome.rule == "solo.win"


def test_alone_a_score_of_zero_or_less_loses():
    """solo.goal (ruling) solo.lose: 3 matches and 3 misses make 0: a loss, with no winner."""
    track = "R1:1 R2:2 R3:3 R6:6 R6:6 R1:1"
    state = position(1, track={0: track}, hand="", phase="end", step="end", actor=(-1,),
                     pending="solo.out")
    after, events = act(state, "end")
    assert GAME.outcome(after).winners == () and GAME.outcome(after).scores == (0,)
    assert rules_of(events)[-1] == "solo.lose"
    assert GAME.explain(events[-1], ["Ana"]) == "Ana loses the solo game with 0 (needed: 1)."


def test_the_revision_scores_a_match_as_seven_against_a_target():
    """solo.goal (ruling): option solo_scoring='revision': a match is worth 7, another tomato
    its worth, plus karma and three-dice vines; the game is won at solo_target (30 by
    default, an assumed number)."""
    def ended(**options):
        state = position(1, track={0: "R1:1 R2:2 R6:5 R6:6"}, hand="", karma=4, phase="end",
                         step="end", actor=(-1,), pending="solo.out",
                         options={"solo_scoring": "revision", **options})
        return GAME.outcome(act(state, "end")[0])
    assert ended().scores == (7 + 7 + 5 + 6 + 2,)
    assert ended().winners == ()
    assert ended(solo_target=27).winners == (0,)


def test_alone_the_game_goes_on_with_an_empty_bushel_while_dice_are_passed_on():
    """solo.out (ruling): alone, an empty bushel does not end the game while dice are passed
    on (they are rolled again); with nothing left to roll it ends."""
    table = dict(vines={"0A": "R2 R2 B2", "0B": "R3 R3 B3", "0C": "R4 R4"},
                 track={0: "R6:6 R5:5 R4:4 R3:3"}, karma=0)
    going = position(1, hand="R6", **table)
    assert going.bushel == (0, 0) and GAME.legal_actions(going) == ("end",)
    after, _ = forced(act(going, "end")[0])
    assert after.phase == "roll" and after.passed == (6,)
    assert GAME.chance_words(after, "roll:R4") == \
        "The bushel is empty: no new dice; the value rolled: 1 chance in 6."
    done = position(1, hand="R4", **table)
    after, events = forced(act(done, "d1:0C")[0])
    assert rules_of(events)[1] == "solo.out" and GAME.outcome(after) is not None
    assert GAME.explain(events[1], ["Ana"]) == "The bushel is empty and no dice are left to roll: the game ends."
