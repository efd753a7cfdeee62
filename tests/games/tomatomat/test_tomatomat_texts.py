"""What Tomatomat says in words: no internal code in any text a learner reads, what each view
knows about each seat (``knowledge``), the end-of-game table (``results``), chance told in
words, the command line's table, and comments that give a secret away."""
from __future__ import annotations

import re
from functools import lru_cache

import pytest

from tomato_widgets.core.game import CHANCE
from tomato_widgets.core.play import play_game, random_bots
from tomato_widgets.games.tomatomat import (GAME, knowledge, render_text, results, scenarios,
                                            scene)
from tomato_widgets.games.tomatomat.cards import CARD_IDS, card_name, cards_name

from tomatomat_helpers import dealt, mid_batch

NAMES = ["Ana", "Ben", "Cai", "Dee"]
#: the codes a learner must never read: card ids, machine ids, spare-deck slots
CODE = re.compile(r"(?<![A-Za-z0-9-])(?:[RGBY][12TP]|M\d\d|D\d)(?![A-Za-z0-9])|dummy|\d\.\d+e[+-]")
PHRASES = {card_name(c): c for c in CARD_IDS}
PHRASES.update({cards_name(c, 2).split(" ", 1)[1]: c for c in CARD_IDS})
CARD_NAME = re.compile("|".join(sorted(map(re.escape, PHRASES), key=len, reverse=True)))
POSITIONS = ("I", "II", "III", "IV")


@lru_cache(maxsize=None)
def random_game(n: int, seed: int = 4, remember_own: bool = False):
    return play_game(GAME, random_bots(n, seed), seed=seed, names=NAMES[:n],
                     options={"rounds": 2, "remember_own": remember_own})


def records():
    yield from ((name, make()) for name, make in scenarios.SCENARIOS.items())
    yield from ((f"random {n}", random_game(n)) for n in (2, 3, 4))
    yield "random 3, remembering own cards", random_game(3, 9, remember_own=True)


RECORDS = dict(records())


def cards_said(text: str) -> set[str]:
    return {PHRASES[phrase] for phrase in CARD_NAME.findall(text)}


def visible_cards(obs: dict) -> set[str]:
    """Every card id an observation shows: hands, placed cards it may know, the machine
    being settled, discard piles, decks and spare decks it may know."""
    seen = set()
    for info in obs["seats"]:
        seen |= set(info["hand"] or []) | set(info["discard"]) | set(info["deck_cards"] or [])
        for entry in info["placed"]:
            seen |= set(entry["cards"] or [])
    for dummy in obs["dummies"]:
        seen |= set(dummy["cards"] or [])
    if obs["resolution"]:
        seen |= {card for _, card, _ in obs["resolution"]["cards"]}
    return seen


# ---- no codes ----------------------------------------------------------------------------------
def texts_of_step(record, number: int, perspective) -> list[str]:
    """Every text a view reads at step ``number``: the step's label, sentences and chance
    words, the board's texts, tooltips and faces, the knowledge lines, the text table."""
    game, state = record.game, record.states[number]
    step = record.steps[number - 1]
    before = record.states[number - 1]
    texts = [game.public_label(before, step.action, step.player, perspective)]
    texts += record.explain(number, perspective)
    if step.player == CHANCE:
        texts.append(game.chance_words(before, step.action))
    obs = game.observe(state, perspective)
    for item in scene(obs, record.players)["items"]:
        texts += [str(item.get("text", "")), str(item.get("title", ""))]
        if "face" in item:
            texts += [item["face"]["rank"], item["face"]["suit"]]
    texts += list(knowledge(obs, record.players).values())
    texts.append(render_text(obs, record.players))
    return texts


@pytest.mark.parametrize("name", list(RECORDS))
def test_no_text_a_learner_reads_shows_an_internal_code(name):
    """machines.draw, score.win, end.leftover, setup.dummies (ruling): machines, cards and
    spare decks are named in words everywhere (their codes stay in action ids and records),
    and no chance is written in scientific notation."""
    record = RECORDS[name]
    for number in range(1, len(record.steps) + 1):
        for perspective in (None, *range(len(record.players))):
            for text in texts_of_step(record, number, perspective):
                assert not CODE.search(text), (number, perspective, text)
    for state in record.states[::9]:
        for seat in GAME.to_act(state):
            if seat != CHANCE:
                for action in GAME.legal_actions(state, seat):
                    assert not CODE.search(GAME.action_label(state, action)), action
    table = results(GAME.observe(record.state, None), record.players)
    assert not CODE.search(str(table)), table


# ---- knowledge ----------------------------------------------------------------------------------
@pytest.mark.parametrize("name", list(RECORDS))
def test_knowledge_names_only_cards_the_view_may_see(name):
    """place.remember (ruling), reveal.cards: every card a knowledge line names is one the
    view's observation shows; a seat's view names the hands of no other seat, and its own
    placed cards only with the teaching option; no line starts with the seat's name."""
    record = RECORDS[name]
    remember = record.options["remember_own"]
    for state in record.states:
        for view in (None, *range(len(record.players))):
            obs = GAME.observe(state, view)
            told = knowledge(obs, record.players)
            assert set(told) <= set(range(len(record.players)))
            for seat, text in told.items():
                assert text and text.endswith(".") and not text.startswith(record.players[seat])
                assert cards_said(text) <= visible_cards(obs), (view, seat, text)
                if view is not None and seat != view:
                    assert "holds" not in text
                if view == seat and not remember:
                    assert "face down at" not in text


def face_down_counts(text: str) -> dict[str, int]:
    """The cards a knowledge line says lie face down, per machine ("4 cards at II, 1 at IV")."""
    clause = re.search(r"face down[^;.]*: ((?:\d+ (?:cards? )?at [IV]+(?:, )?)+)", text)
    if not clause:
        return {}
    return {pos: int(count) for count, pos in re.findall(r"(\d+) (?:cards? )?at ([IV]+)", clause.group(1))}


@pytest.mark.parametrize("n", [2, 3, 4])
def test_what_knowledge_claims_is_true(n):
    """batch.complete, draw.cards, score.win: the counts, hands, scores and machines a
    knowledge line states are those of the table."""
    record = random_game(n)
    checked = 0
    for state in record.states:
        for view in range(n):
            obs = GAME.observe(state, view)
            for seat, text in knowledge(obs, record.players).items():
                counts = face_down_counts(text)
                if seat == view:  # her own cards, this batch's included
                    expected = [len(cards) for cards in state.placed[seat]]
                    for _, pos in state.fresh[seat]:
                        expected[pos] += 1
                    hand = sorted(CARD_IDS[c] for c in state.hands[seat])
                    if hand:
                        assert sorted(cards_said(text.split(";")[0])) == sorted(set(hand))
                else:  # the others' cards of the batches everybody finished
                    expected = [len(cards) for cards in state.placed[seat]]
                    hidden = len(state.fresh[seat])
                    assert (f"{hidden} more this batch" in text) is bool(hidden)
                assert counts == {POSITIONS[p]: c for p, c in enumerate(expected) if c}, text
                if state.winner == seat and state.stage == "score" and state.phase == "resolve":
                    assert f"scores {state.totals[seat]} at {POSITIONS[state.pos]} and wins it" in text
                stars, machines = (count[seat] for count in GAME.standings(state))
                won = f"won {stars} star{'s' if stars != 1 else ''} with {machines} machine"
                assert (won in text) is bool(machines)
                checked += 1
    assert checked > 100


def test_knowledge_example():
    """place.remember (ruling), place.card (ruling): Ana knows her hand and how many cards
    she put where; of Ben and Cai, how many cards they have put down this batch. With the
    teaching option she knows which cards; the all-seeing view knows everyone's."""
    table = mid_batch()
    assert knowledge(table.view(0), NAMES) == {
        0: "holds the blue police officer and the yellow thief; face down, not to be looked at "
           "again: 1 card at I, 1 at II.",
        1: "3 more this batch, machines not shown yet.",
        2: "1 more this batch, machines not shown yet."}
    everything = knowledge(table.view(None), NAMES)
    assert everything[1] == ("holds the yellow 1-coin; face down at III: the red police officer "
                             "and the green 2-coin; at IV: the blue thief.")
    teaching = dealt("R2 G1 YT BP", "", "", remember_own=True)
    teaching.step("place:R2:I", 0)
    assert knowledge(teaching.view(0), NAMES)[0] == (
        "holds the green 1-coin, the blue police officer and the yellow thief; face down at I: "
        "the red 2-coin.")


def test_knowledge_at_the_machine_being_settled_and_after():
    """reveal.cards, score.win: while a machine is settled each seat's line names its cards
    turned up there, then what it scored; the stars won stay in the line."""
    record = scenarios.scoring_example()
    step = {s.action: i for i, s in enumerate(record.steps, 1)}
    revealed = knowledge(GAME.observe(record.states[step["reveal:II"]], 1), record.players)
    assert revealed[2] == ("face down: 4 cards at III, 4 at IV; turned up at II: the yellow "
                           "2-coin; won 1 star with 1 machine.")
    scored = knowledge(GAME.observe(record.states[step["score:II"]], 1), record.players)
    assert scored[0] == ("face down: 2 cards at III, 2 at IV; scores 8 at II and wins it; won 2 "
                         "stars with 1 machine.")
    over = knowledge(GAME.observe(record.state, 1), record.players)
    assert over == {0: "won 2 stars with 1 machine.", 2: "won 4 stars with 2 machines."}


# ---- results ----------------------------------------------------------------------------------
def test_results_rank_players_and_say_what_decided():
    """end.most-stars, end.most-machines: the table lists the players best first with their
    stars, machines and what they won; the sentence gives the deciding numbers."""
    record = scenarios.final_tie_break()
    table = results(GAME.observe(record.state, None), record.players)
    assert table == {
        "columns": ["Player", "Stars", "Machines", "Machines won"],
        "rows": [["Ben", "3", "2", "a 1-star machine (green) and a 2-star machine (blue)"],
                 ["Ana", "3", "1", "a 3-star machine (red)"]],
        "order": [1, 0],
        "winners": [1],
        "decided": "Ana and Ben have 3 stars each; Ben has the most machines: 2 to 1."}
    example = scenarios.scoring_example()
    table = results(GAME.observe(example.state, 1), example.players)
    assert [row[0] for row in table["rows"]] == ["Ingrid", "Andrea", "Robert"]
    assert table["rows"][2][3] == "nothing"
    assert table["decided"] == "Ingrid has the most stars: 4, the next best has 2."


def test_results_of_a_shared_win():
    """end.shared (ruling): level on stars and machines, the winners share, and the sentence
    says so with both numbers."""
    table = dealt("G2 R1 R1 R1 | R1 R1 G1 G1 | G1 G1 G1 G1",
                  "B2 R1 R1 R2 | R2 Y1 Y1 Y1 | Y1 GP YP BP", rounds=1)
    table.batch("G2:II", "B2:III", rest="I")
    table.batches(2, rest="I")
    table.settle()
    said = results(table.view(), NAMES[:2])
    assert said["winners"] == [0, 1]
    assert said["decided"] == "Ana and Ben share the win: 2 stars and 1 machine each."


@pytest.mark.parametrize("n", [2, 3, 4])
def test_results_agree_with_the_outcome(n):
    """end.most-stars: the results' winners and stars are the outcome's."""
    record = random_game(n)
    table = results(GAME.observe(record.state, None), record.players)
    outcome = record.outcome
    assert table["winners"] == list(outcome.winners)
    stars = {row[0]: int(row[1]) for row in table["rows"]}
    assert [stars[name] for name in record.players] == list(outcome.scores)
    assert [int(row[1]) for row in table["rows"]] == sorted(outcome.scores, reverse=True)


# ---- chance in words ---------------------------------------------------------------------------
def test_chance_steps_say_how_they_came_about():
    """machines.draw, setup.deal, round.shuffle, resolve.forced (ruling): the machines drawn
    as a count of equally likely draws, the deal and the shuffles named, the rules' own steps
    as certain."""
    record = scenarios.tie_then_stack()
    said = [(step.action.split(":")[0], GAME.chance_words(state, step.action))
            for state, step in zip(record.states, record.steps) if step.player == CHANCE]
    words = dict(said[:2])
    assert words["machines"] == ("4 machines drawn from the 36 face down, one for each place: "
                                 "1 chance in 1,413,720.")
    assert words["deal"] == "A shuffle and a deal: every order of the 48 playing cards is equally likely."
    later = [text for kind, text in said[2:] if kind in ("machines", "shuffle")]
    assert later == ["4 machines drawn from the 32 face down, one for each place: 1 chance in 863,040.",
                     "A shuffle: every order of each player's new deck is equally likely."]
    assert {text for kind, text in said if kind in ("reveal", "score", "pass")} == {
        "No luck and no choice here: the rules make this step happen."}


# ---- the command line's table -------------------------------------------------------------------
def test_render_text_shows_the_table():
    """reveal.cards, score.win: the text view lists machines, players and the settlement in
    words, and the other seats' hands as counts."""
    record = scenarios.scoring_example()
    index = next(i for i, step in enumerate(record.steps) if step.action == "score:II") + 1
    text = render_text(GAME.observe(record.states[index], 2), record.players)
    assert "Machine II (a 2-star machine, green and yellow count double), scored:" in text
    assert "Robert: the yellow thief (caught)" in text
    assert "Andrea: hand -" in text and "Machine III a 2-star machine, red counts double" in text
    assert "Andrea 8, Robert 2, Ingrid 4; won by Andrea" in text
    assert "won: a 1-star machine (red)" in text
    assert "Spare deck 1: 12 cards" in text
    assert "Piles pass: Andrea -> Robert -> Ingrid -> spare deck 1 -> Andrea" in text
    early = render_text(GAME.observe(record.states[3], 1), record.players)
    assert "4 hidden" in early and "batch 1 of 3" in early
    assert "hand the red 2-coin, the green police officer, the blue 1-coin and the yellow thief" in early
    assert not cards_said(early) - {"R2", "GP", "B1", "YT"}  # Robert's own hand only


# ---- comments ------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(scenarios.SCENARIOS))
def test_scenario_comments_tell_no_view_a_card_it_cannot_see(name):
    """place.card (ruling): a comment that names a placed card is for the seat that placed it
    (and the all-seeing view); every comment a view may read names only cards it sees then."""
    record = RECORDS[name]
    secret = 0
    for number, step in enumerate(record.steps, 1):
        if not step.comment:
            continue
        secret += step.visible_to is not None
        for view in range(len(record.players)):
            comment = step.comment_for(view)
            if comment is None:
                continue
            obs = GAME.observe(record.states[number], view)
            placed = set()
            if step.player == view and step.action.startswith("place:"):
                placed.add(step.action.split(":")[1])  # the card it just put down
            assert cards_said(comment) <= visible_cards(obs) | placed, (number, view, comment)
    if name in ("scoring_example", "tie_then_stack"):
        assert secret == 2


def test_the_scoring_example_keeps_andreas_card_from_robert():
    """place.card (ruling): the comment saying which card Andrea put at machine II is hers
    to read; Robert's view of that step has no comment."""
    record = scenarios.scoring_example()
    number = next(i for i, step in enumerate(record.steps, 1) if step.action == "place:YP:II")
    step = record.steps[number - 1]
    assert step.visible_to == (0,) and "yellow police officer" in step.comment_for(0)
    assert step.comment_for(1) is None and step.comment_for(None) == step.comment
