"""The fast settlement and shuffle code of Tomatomat against the straightforward rules.

The engine adds discards as it goes and shares ready-made entries and events; the reference
below is the plain reading of the rulebook (one pass per rule). Both must give
the same state and events, also for tables random play never builds (several officers of
one colour, entries in any order and of any fate).
"""
from __future__ import annotations

import random

import pytest

from tomato_widgets.core.events import Event
from tomato_widgets.core.game import CHANCE
from tomato_widgets.games.tomatomat import rules
from tomato_widgets.games.tomatomat.cards import CARD_IDS, COLOURS, POLICE, THIEF, VALUE
from tomato_widgets.games.tomatomat.machines import MACHINE_SETS

GAME = rules.GAME
FATES = ("open", "police", "caught", "thief", "stolen", "scored")


def _discard(state, moved):
    piles = list(state.discards)
    for seat, card in moved:
        piles[seat] += (card,)
    return tuple(piles)


def ref_police(state, pos):
    shown = list(state.shown)
    name = rules.POSITIONS[pos]
    events, moved = [], []
    for i, (seat, card, fate) in enumerate(state.shown):
        if fate != "open" or card & 3 != POLICE:
            continue
        target = card - POLICE + THIEF
        caught = []
        for j, (other, thief, status) in enumerate(shown):
            if thief == target and status == "open":
                shown[j] = (other, thief, "caught")
                caught.append([other, CARD_IDS[thief]])
                moved.append((other, thief))
        shown[i] = (seat, card, "police")
        moved.append((seat, card))
        facts = {"position": name, "owner": seat, "card": CARD_IDS[card]}
        if caught:
            facts["caught"] = caught
        events.append(Event("police.catch" if caught else "police.nothing", (seat,), facts))
    opened = any(card & 3 == THIEF and fate == "open" for _, card, fate in shown)
    new = state.evolve(shown=tuple(shown), discards=_discard(state, moved), stage="police",
                       step=("thieves:" if opened else "score:") + name)
    return new, events


def ref_thieves(state, pos):
    shown = list(state.shown)
    name = rules.POSITIONS[pos]
    moved = []
    thieves = {}
    for i, (seat, card, fate) in enumerate(shown):
        if card & 3 == THIEF and fate == "open":
            thieves.setdefault(card >> 2, []).append([seat, CARD_IDS[card]])
            shown[i] = (seat, card, "thief")
            moved.append((seat, card))
    stolen = {}
    for i, (seat, card, fate) in enumerate(shown):
        if card & 3 < THIEF and fate == "open" and card >> 2 in thieves:
            stolen.setdefault(card >> 2, []).append([seat, CARD_IDS[card]])
            shown[i] = (seat, card, "stolen")
            moved.append((seat, card))
    events = []
    for colour in sorted(thieves):
        gang = thieves[colour]
        players = tuple(sorted({seat for seat, _ in gang}))
        facts = {"position": name, "colour": COLOURS[colour], "thieves": gang}
        if colour in stolen:
            facts["stolen"] = stolen[colour]
        events.append(Event("thieves.steal" if colour in stolen else "thieves.nothing",
                            players, facts))
    new = state.evolve(shown=tuple(shown), discards=_discard(state, moved), stage="thieves",
                       step="score:" + name)
    return new, events


def ref_score(state, pos):
    table = MACHINE_SETS[state.settings.machine_set]
    stack = state.stacks[pos]
    top = stack[-1]
    totals = [0] * state.n
    doubled, shown, moved = [], [], []
    for seat, card, fate in state.shown:
        if fate == "open":
            value = VALUE[card]
            if table.masks[top] >> (card >> 2) & 1:
                value *= 2
                doubled.append([seat, CARD_IDS[card]])
            totals[seat] += value
            moved.append((seat, card))
            shown.append((seat, card, "scored"))
        else:
            shown.append((seat, card, fate))
    name = rules.POSITIONS[pos]
    events = []
    if doubled:
        events.append(Event("score.double", (), {"position": name, "colours": list(
            table.colour_names[top]), "coins": doubled}))
    best = max(totals)
    leaders = [seat for seat in range(state.n) if totals[seat] == best]
    facts = {"position": name, "totals": totals, "machines": [table.ids[m] for m in stack],
             "stars": sum(table.stars[m] for m in stack)}
    changes = {}
    if best > 0 and len(leaders) == 1:
        winner = leaders[0]
        won = list(state.won)
        won[winner] += (stack,)
        changes = {"won": tuple(won), "winner": winner,
                   "stacks": state.stacks[:pos] + ((),) + state.stacks[pos + 1:]}
        facts.update(winner=winner, total=best)
        events.append(Event("score.win", (winner,), facts))
    else:
        changes["winner"] = -1
        facts.update(tied=leaders, top=best)
        events.append(Event("score.tie", tuple(leaders), facts))
    new = state.evolve(shown=tuple(shown), discards=_discard(state, moved), totals=tuple(totals),
                       stage="score", step=rules.NEXT_STEP[pos], **changes)
    return new, events


REFERENCE = {"police": ref_police, "thieves": ref_thieves, "score": ref_score}


def ref_shuffled(cards, rng, count=None):
    pool = list(cards)
    top = len(pool)
    picked = []
    for _ in range(top if count is None else count):
        j = int(rng.random() * top)
        top -= 1
        picked.append(pool[j])
        pool[j] = pool[top]
    return picked


def _check(state, action):
    kind, pos = rules.FORCED[action]
    want = REFERENCE[kind](state.freeze(), pos)
    got = GAME.next_state(state.freeze(), action, CHANCE)
    assert got[0] == want[0], action
    assert got[1] == want[1], action
    thawed = state.thaw()
    assert GAME.next_state(thawed, action, CHANCE) == (want[0], want[1]) and thawed == want[0]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_settlement_steps_met_in_random_play_follow_the_plain_rules(players):
    rng = random.Random(players)
    checked = 0
    for _ in range(15):
        state = GAME.new_game(players)
        while state.actor:
            if state.actor[0] == CHANCE:
                action = GAME.sample_chance(state, rng)
                if rules.FORCED.get(action, ("",))[0] in REFERENCE:
                    _check(state, action)
                    checked += 1
                state = GAME.apply(state, action, CHANCE)[0]
            else:
                seat = rng.choice(state.actor)
                state = GAME.apply(state, rng.choice(GAME.legal_actions(state, seat)), seat)[0]
    assert checked > 100


def test_settlement_steps_follow_the_plain_rules_on_any_table():
    """Shown cards in any order and of any fate, officers of one colour twice and more."""
    rng = random.Random(7)
    base = GAME.new_game(4)
    table = MACHINE_SETS["placeholder"]
    for _ in range(3000):
        shown = tuple((rng.randrange(4), rng.randrange(16), rng.choice(FATES[:4] if rng.random()
                       < 0.3 else ("open",))) for _ in range(rng.randrange(0, 14)))
        pos = rng.randrange(4)
        stacks = tuple((rng.randrange(len(table)),) * rng.randint(1, 2) for _ in range(4))
        discards = tuple(tuple(rng.randrange(16) for _ in range(rng.randrange(3)))
                         for _ in range(4))
        kind = rng.choice(sorted(REFERENCE))
        state = base.evolve(phase="resolve", step=f"{kind}:{rules.POSITIONS[pos]}", pos=pos,
                            shown=shown, stacks=stacks, discards=discards)
        _check(state, state.step)


def test_the_partial_shuffle_picks_what_int_truncation_picks():
    for seed in range(300):
        for count in (None, 1, 4, 12):
            cards = tuple(range(48 if count is None else 36))
            assert rules._shuffled(cards, random.Random(seed), count) == ref_shuffled(
                cards, random.Random(seed), count)
