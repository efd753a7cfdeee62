"""``Game.resample_hidden``: worlds a seat cannot tell apart from the real one.

A bot that searches by information-set Monte Carlo plays its moves out in worlds dealt by
``resample_hidden``. Each world must look the same to the seat, continue under the rules,
and be one the rules allow after what was played: a hand its seat's plays proved to lack a
card must not get that card. Over many worlds every hidden card must be able to lie
anywhere the rules still allow it, or the search would miss real possibilities.

Per game a small function says where the cards hidden from a seat lie (``*_places``:
place -> cards there, read from the state wherever the seat's observation shows no card),
another where each of them may lie after the public history (``*_allowed``), and a third
checks a resampled world against that history (``*_history``).
"""
from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache
from itertools import permutations

import pytest

from tomato_widgets.core.game import CHANCE
from tomato_widgets.core.play import play_game, random_bots
from tomato_widgets.games import GAMES, make_bot
from tomato_widgets.games.karate_tomate.cards import TOMATO, TOMATOES, tomato_id
from tomato_widgets.games.tomate.cards import CARD_IDS as TOMATE_IDS
from tomato_widgets.games.tomate.resample import deal
from tomato_widgets.games.tomate.tricks import allowed_cards
from tomato_widgets.games.tomatomat.rules import SLOTS

RESAMPLES = 1000      # per game, spread over positions and seats
PLAYED_OUT = 50       # of them, per game, played on to the end
REACH_RESAMPLES = 500  # from the one position of the reachability test


def _short(game):
    """Short games keep the test quick (as in the contract test)."""
    return {"rounds": 3} if any(o.name == "rounds" for o in game.options) else {}


#: options besides the short defaults that change what is hidden
VARIANTS = {"tomatomat": [{"remember_own": True}], "tanemaki": [{"reshuffle": True}]}


@lru_cache(maxsize=None)
def records(name):
    """A few games of every player count, by random and by heuristic bots, as (record,
    its states)."""
    game = GAMES[name]
    found = []
    for players in range(game.min_players, game.max_players + 1):
        for number, options in enumerate([{}] + VARIANTS.get(name, [])):
            options = {**_short(game), **options}
            seed = f"{name}-{players}-{number}"
            bots = [random_bots(players, seed),
                    [make_bot(name, "heuristic", f"{seed}-{seat}") for seat in range(players)]]
            for kind, seats in enumerate(bots):
                record = play_game(game, seats, seed=f"{seed}-{kind}", options=options)
                found.append((record, list(record.states)))
    return found


# ---- where the hidden cards lie --------------------------------------------------------------
def tomate_places(game, state, seat):
    """The hands and passed hands the seat cannot see (less a taken trump, which everybody
    saw), the stock, and the dealer's face-down discard."""
    obs = game.observe(state, seat)
    places = {}
    for other in range(state.n):
        shown = obs["hands"][other]
        if None in shown:
            places["hand", other] = [c for c in state.hands[other] if TOMATE_IDS[c] not in shown]
        if None in obs["mucked"][other]:
            places["passed", other] = list(state.mucked[other])
    if state.stock:
        places["stock"] = list(state.stock)
    if obs["has_discard"] and obs["discard"] is None:
        places["discard"] = [state.discard]
    return places


def karate_places(game, state, seat):
    """The others' hands, their face-down cards (a Number card or the Tomato, which the seat
    cannot tell apart), their unseen Tomatoes and the draw pile. (The others' Triumph cards
    lie face down too, but everybody saw them taken.)"""
    obs = game.observe(state, seat)
    places = {}
    for other, entry in enumerate(obs["seats"]):
        if entry["hand"] is None:
            places["hand", other] = list(state.hands[other])
        if entry["committed"] and entry["commit"] is None:
            places["face-down", other] = [state.committed[other]]
        if entry["tomato"] is None and state.tomatoes[other]:
            places["tomato", other] = [state.tomatoes[other]]
    places["draw"] = list(state.draw)
    return places


def tomatomat_places(game, state, seat):
    """The others' hands, the cards face down at the machines the seat may not look at (its
    own too, unless it may remember them), the others' cards of the unfinished batch (where
    they went is hidden too), and the decks."""
    obs = game.observe(state, seat)
    places = {}
    for other in range(state.n):
        entry = obs["seats"][other]
        if entry["hand"] is None:
            places["hand", other] = list(state.hands[other])
        if other != seat and state.fresh[other]:
            places["fresh", other] = [card for card, _ in state.fresh[other]]
        for pos in range(4):
            if entry["placed"][pos]["cards"] is None:
                cards = list(state.placed[other][pos])
                if other == seat:  # its own cards of this batch are counted there
                    cards += [card for card, at in state.fresh[other] if at == pos]
                places["placed", other, pos] = cards
    for slot in range(SLOTS):
        places["deck", slot] = list(state.decks[slot])
    return {place: cards for place, cards in places.items() if cards}


def tanemaki_places(game, state, seat):
    """The active player's hand, the card being handed on, and the deck. (Others' coin cards
    lie face down, but they follow from the fields everybody saw harvested.)"""
    obs = game.observe(state, seat)
    places = {}
    if obs["hand"] is None and state.hand:
        places["hand"] = list(state.hand)
    if obs["held"] is not None and obs["held"]["card"] is None:
        places["held"] = [state.held]
    places["deck"] = [card for card, count in enumerate(state.deck) for _ in range(count)]
    return {place: cards for place, cards in places.items() if cards}


# ---- where they may lie, after the public history ---------------------------------------------
def tomate_round(record, states, index):
    """(step, seat, card) of every card played this round before position ``index``."""
    start = max(j for j in range(index) if record.steps[j].action.startswith("deal:"))
    return [(j, step.player, TOMATE_IDS.index(step.action[5:]))
            for j, step in enumerate(record.steps)
            if start < j < index and step.action.startswith("play:")]


def tomate_allowed(game, record, states, index, seat, places):
    """A card may be in a hand if adding it to that hand as it was at each of its plays this
    round keeps the play legal (the tricks' law, ``tricks.allowed_cards``); anywhere else
    without a condition."""
    pool = {card for cards in places.values() for card in cards}
    plays = tomate_round(record, states, index)
    trump_suit = states[index].trump // 10
    allowed = {}
    for place in places:
        allowed[place] = set(pool)
        if place[0] == "hand":
            for step, player, played in plays:
                if player == place[1]:
                    before = states[step]
                    for card in pool:
                        hand = tuple(sorted(before.hands[player] + (card,)))
                        if played not in allowed_cards(hand, before.trick, trump_suit)[0]:
                            allowed[place].discard(card)
    return allowed


def karate_allowed(game, record, states, index, seat, places):
    """Number cards anywhere, except that a face-down card after the first heat has its
    player's colour; a face-down card may also be the Tomato; a hidden Tomato is any value
    the seat has not seen."""
    state = states[index]
    obs = game.observe(state, seat)
    numbers = {card for place, cards in places.items() if place[0] != "tomato"
               for card in cards} - {TOMATO}
    seen = {entry["tomato"] for entry in obs["seats"]}
    unseen = {value for value in TOMATOES if tomato_id(value) not in seen}
    allowed = {}
    for place in places:
        if place[0] == "tomato":
            allowed[place] = unseen
        elif place[0] == "face-down":
            allowed[place] = {card for card in numbers if state.heat == 1
                              or card[0] == state.colours[place[1]]} | {TOMATO}
        else:
            allowed[place] = set(numbers)
    return allowed


def _pile(place):
    """Which of the four piles (players' and spare decks) a place belongs to."""
    return place[1]


def tomatomat_allowed(game, record, states, index, seat, places):
    """A pile whose 12 cards everybody knows (handed on from a face-up discard pile) keeps
    its hidden cards among its own places; the deal's unknown piles share theirs."""
    public = game.public_piles(states[index])
    groups = {}
    for place, cards in places.items():
        group = _pile(place) if public[_pile(place)] else "pool"
        groups.setdefault(group, set()).update(cards)
    return {place: groups[_pile(place) if public[_pile(place)] else "pool"] for place in places}


def tanemaki_allowed(game, record, states, index, seat, places):
    """Nothing the seat saw tells the hidden cards apart: any of them may be anywhere."""
    pool = {card for cards in places.values() for card in cards}
    return {place: pool for place in places}


def no_places(game, state, seat):
    return {}


PLACES = {"tomate": tomate_places, "karate_tomate": karate_places,
          "tomatomat": tomatomat_places, "tanemaki": tanemaki_places,
          "diced_tomatoes": no_places}
ALLOWED = {"tomate": tomate_allowed, "karate_tomate": karate_allowed,
           "tomatomat": tomatomat_allowed, "tanemaki": tanemaki_allowed}


# ---- the same public history ------------------------------------------------------------------
def tomate_history(game, record, states, index, seat, other):
    """The round rebuilt backwards: the hand a seat held at each of its plays is its hand in
    ``other`` plus the cards it played since; each play must be legal with that hand."""
    plays = tomate_round(record, states, index)
    trump_suit = other.trump // 10
    for number, (step, player, played) in enumerate(plays):
        since = [card for _, who, card in plays[number:] if who == player]
        hand = tuple(sorted(other.hands[player] + tuple(since)))
        before = states[step]
        legal, rule = allowed_cards(hand, before.trick, trump_suit)
        assert played in legal, (
            f"seat {player} played the {TOMATE_IDS[played]} at step {step}, which a hand of "
            f"{[TOMATE_IDS[c] for c in hand]} does not allow ({rule}); seen by seat {seat}")


def karate_history(game, record, states, index, seat, other):
    """After the first heat a face-down Number card has its player's colour; the unseen
    Tomatoes are values the seat has not seen, all different."""
    state = states[index]
    for player, card in enumerate(other.committed):
        if card not in (None, TOMATO) and state.heat > 1:
            assert card[0] == other.colours[player], "a face-down card breaks the colour lock"
    shown = [entry["tomato"] for entry in game.observe(state, seat)["seats"]]
    for player, value in enumerate(other.tomatoes):
        if value and shown[player] is None:
            assert tomato_id(value) not in shown, "a hidden Tomato took a value the seat saw"


def tomatomat_history(game, record, states, index, seat, other):
    """A pile everybody knows keeps its 12 cards; between the pass and the shuffle a
    player's deck lies sorted, as the pass leaves it."""
    state = states[index]
    public = game.public_piles(state)
    for slot in range(SLOTS):
        if public[slot]:
            assert Counter(_pile_cards(other, slot)) == Counter(_pile_cards(state, slot)), \
                f"pile {slot}, known to all, changed"
        if state.phase == "deal":
            assert list(other.decks[slot]) == sorted(other.decks[slot])


def _pile_cards(state, slot):
    cards = list(state.decks[slot])
    if slot < state.n:
        cards += state.hands[slot] + state.discards[slot]
        cards += [card for card, _ in state.fresh[slot]]
        cards += [card for row in state.placed[slot] for card in row]
        cards += [card for who, card, fate in state.shown if who == slot and fate == "open"]
    return cards


def tanemaki_history(game, record, states, index, seat, other):
    """The cards nobody showed the seat are still the same cards, wherever they now lie."""
    state = states[index]
    before = tanemaki_places(game, state, seat)
    after = tanemaki_places(game, other, seat)
    assert Counter(c for cards in after.values() for c in cards) == \
        Counter(c for cards in before.values() for c in cards)


HISTORY = {"tomate": tomate_history, "karate_tomate": karate_history,
           "tomatomat": tomatomat_history, "tanemaki": tanemaki_history}


# ---- positions ---------------------------------------------------------------------------------
@lru_cache(maxsize=None)
def positions(name):
    """(record number, state index, seat) where cards hidden from the seat lie in two places
    or more, so that a resample can move them (every position for a game without hidden
    information), about half of them with a player to act."""
    game = GAMES[name]
    acting, waiting = [], []
    for number, (record, states) in enumerate(records(name)):
        for index, state in enumerate(states):
            if not game.to_act(state):
                continue
            for seat in range(len(record.players)):
                if game.hidden_information and len(PLACES[name](game, state, seat)) < 2:
                    continue
                (waiting if game.to_act(state)[0] == CHANCE else acting).append(
                    (number, index, seat))
    rng = random.Random(f"positions-{name}")
    rng.shuffle(acting)
    rng.shuffle(waiting)
    half = RESAMPLES // 2
    chosen = acting[:half] + waiting[:RESAMPLES - min(half, len(acting))]
    chosen += acting[half:half + RESAMPLES - len(chosen)]
    assert len(chosen) == RESAMPLES, f"only {len(chosen)} positions with hidden cards"
    return chosen


def play_out(game, state, rng):
    """Random moves (and chance) from ``state`` until the game ends; the end state."""
    for _ in range(100_000):
        actors = game.to_act(state)
        if not actors:
            return state
        if actors[0] == CHANCE:
            state = game.apply(state, game.sample_chance(state, rng), CHANCE)[0]
            continue
        for seat in actors:
            legal = game.legal_actions(state, seat)
            state = game.apply(state, rng.choice(legal), seat)[0]
            if game.to_act(state) != actors:
                break
    raise AssertionError("the play-out did not end")


@pytest.mark.parametrize("name", [name for name in GAMES if name in PLACES])
def test_resampled_worlds_look_the_same_and_follow_the_rules(name):
    """1,000 resamples per game: the seat's view and moves are the same, the conservation
    laws hold, the world agrees with the public history, and a sample plays on to the end."""
    game = GAMES[name]
    rng = random.Random(f"resample-{name}")
    chosen = positions(name)
    history = HISTORY.get(name)
    changed = 0
    for count, (number, index, seat) in enumerate(chosen):
        record, states = records(name)[number]
        state = states[index]
        other = game.resample_hidden(state, seat, rng)
        game.check_invariants(other)
        assert game.observe(other, seat) == game.observe(state, seat)
        if seat in game.to_act(state):
            assert game.legal_actions(other, seat) == game.legal_actions(state, seat)
        if history is not None:
            history(game, record, states, index, seat, other)
        if count % (RESAMPLES // PLAYED_OUT) == 0:
            assert game.outcome(play_out(game, other, rng)) is not None
        changed += other != state
    if game.hidden_information:
        assert changed > RESAMPLES // 2, "resampling seldom changes anything: the checks prove little"


def _mid_trick_with_a_proof(game, record, states, index, seat):
    """Tomate, four players, cards on the trick, the dealer's discard face down, and a
    hidden hand that a play proved to lack some card the seat cannot see."""
    state = states[index]
    if state.n != 4 or state.phase != "trick" or not state.trick or seat not in state.actor \
            or seat == state.dealer or state.discard < 0:
        return False
    places = tomate_places(game, state, seat)
    pool = {card for cards in places.values() for card in cards}
    allowed = tomate_allowed(game, record, states, index, seat, places)
    return any(place[0] == "hand" and allowed[place] != pool for place in places)


def _later_heat(game, record, states, index, seat):
    """Karate Tomate, four players, after the first heat, another seat's Number card face
    down, the seat still to commit."""
    state = states[index]
    return (state.n == 4 and state.phase == "fight" and state.heat > 1 and seat in state.actor
            and any(card not in (None, TOMATO) for card in state.committed))


def _second_round_mid_batch(game, record, states, index, seat):
    """Tomatomat, three players, round 2 (piles known to all and unknown ones), second
    batch, another seat's cards of the batch down."""
    state = states[index]
    return (state.n == 3 and state.round == 2 and state.batch == 2 and seat in state.actor
            and not state.settings.remember_own
            and any(state.fresh[other] for other in range(3) if other != seat))


def _card_handed_on(game, record, states, index, seat):
    """Tanemaki, four players, a card handed on that the seat has not held, the active
    player's hand hidden."""
    state = states[index]
    return (state.n == 4 and state.phase == "hold" and seat != state.active
            and seat not in state.chain and len(state.hand) >= 2)


REACH_AT = {"tomate": _mid_trick_with_a_proof, "karate_tomate": _later_heat,
            "tomatomat": _second_round_mid_batch, "tanemaki": _card_handed_on}


@pytest.mark.parametrize("name", list(REACH_AT))
def test_every_hidden_card_can_lie_wherever_the_history_allows(name):
    """From one position, every card hidden from the seat turns up in every hidden place the
    public history leaves open to it, and never where a play proved it cannot be."""
    game = GAMES[name]
    number, index, seat = next(
        (number, index, seat) for number, (record, states) in enumerate(records(name))
        for index in range(len(states)) for seat in range(len(record.players))
        if REACH_AT[name](game, record, states, index, seat))
    record, states = records(name)[number]
    state = states[index]
    places = PLACES[name](game, state, seat)
    allowed = ALLOWED[name](game, record, states, index, seat, places)
    rng = random.Random(f"reach-{name}")
    seen = {place: set() for place in places}
    spots = set()
    for _ in range(REACH_RESAMPLES):
        other = game.resample_hidden(state, seat, rng)
        now = PLACES[name](game, other, seat)
        assert set(now) == set(places), "the hidden places changed"
        for place, cards in now.items():
            forbidden = set(cards) - allowed[place]
            assert not forbidden, f"{place} got {forbidden}, which the history rules out"
            seen[place].update(cards)
        if name == "tomatomat":
            spots.update(pos for other_seat in range(state.n) if other_seat != seat
                         for _, pos in other.fresh[other_seat])
    for place in places:
        assert seen[place] == allowed[place], f"never dealt to {place}: {allowed[place] - seen[place]}"
    if name == "tomate":  # the position really has a proof to respect
        assert any(allowed[place] != allowed["stock"] for place in places)
    if name == "tomatomat":  # where the others put this batch's cards is hidden too
        assert spots == {0, 1, 2, 3}


@pytest.mark.parametrize("name", [name for name in GAMES if name in PLACES])
def test_the_same_seed_gives_the_same_world_whatever_the_seat_cannot_see(name):
    """The same seed gives the same resample; and the resample depends only on what the
    seat sees, so a world it cannot tell apart gives the very same one."""
    game = GAMES[name]
    differ = 0
    for count, (number, index, seat) in enumerate(positions(name)[:100]):
        state = records(name)[number][1][index]
        first = game.resample_hidden(state, seat, random.Random(count))
        assert game.resample_hidden(state, seat, random.Random(count)) == first
        twin = game.resample_hidden(state, seat, random.Random(f"twin-{count}"))
        assert game.resample_hidden(twin, seat, random.Random(count)) == first
        differ += twin != first
    assert differ or not game.hidden_information, "other seeds never gave another world"


def _valid_deals(cards, places):
    """Every way to deal ``cards`` to ``places`` ((name, size, banned) each) that respects
    the bans, by brute force: each as a tuple of frozensets."""
    found = set()
    for order in permutations(cards):
        parts, start = [], 0
        for _, size, banned in places:
            part = frozenset(order[start:start + size])
            if part & banned:
                break
            parts.append(part)
            start += size
        else:
            found.add(tuple(parts))
    return found


def test_a_constrained_deal_is_always_found_and_an_impossible_one_is_refused():
    """The dealing behind Tomate's resample: when the first hands dealt take cards a later
    hand needs, a card is moved along instead of giving up, so every deal that respects the
    proofs comes out; when none exists it says which hand cannot be served, never looping."""
    cards = [1, 2, 3, 4, 5]
    places = [("a", 1, frozenset({4, 5})), ("b", 3, frozenset({5})), ("c", 1, frozenset({1, 2, 3}))]
    valid = _valid_deals(cards, places)
    dealt = set()
    for seed in range(300):
        parts = deal(cards, places, random.Random(seed))
        dealt.add(tuple(frozenset(part) for part in parts))
        assert [len(part) for part in parts] == [size for _, size, _ in places]
    assert dealt == valid
    impossible = [("a", 2, frozenset({1, 2})), ("b", 2, frozenset({1, 2})), ("c", 1, frozenset())]
    with pytest.raises(AssertionError, match=r"\b[ab] needs 2 of the cards"):
        deal(cards, impossible, random.Random(0))


def _face_down_twins(limit):
    """Karate Tomate: pairs of states that differ only in another seat's card of this heat,
    its Tomato in one and a Number card in the other, with a seat still to commit that sees
    them alike; as (seat, state with the Number card, state with the Tomato)."""
    game = GAMES["karate_tomate"]
    found = []
    for record, states in records("karate_tomate"):
        for index, step in enumerate(record.steps):
            if not step.action.startswith("play:"):
                continue
            with_number = states[index + 1]
            with_tomato = game.apply(states[index], TOMATO, step.player)[0]
            seat = next((s for s in with_number.actor if s not in (CHANCE, step.player)), None)
            if seat is None:
                continue
            assert game.observe(with_number, seat) == game.observe(with_tomato, seat)
            found.append((seat, with_number, with_tomato))
            if len(found) == limit:
                return found
    return found


def test_a_face_down_tomato_and_a_number_card_resample_alike():
    """Nothing the seat sees tells another seat's face-down Tomato from a face-down Number
    card, so both tables must give the seat the very same worlds: a search that kept the
    Tomato a Tomato would rate moves by a card it cannot know."""
    game = GAMES["karate_tomate"]
    pairs = _face_down_twins(30)
    assert len(pairs) == 30
    kinds = Counter()
    for number, (seat, with_number, with_tomato) in enumerate(pairs):
        for draw in range(10):
            seed = f"face-down-{number}-{draw}"
            world = game.resample_hidden(with_number, seat, random.Random(seed))
            assert world == game.resample_hidden(with_tomato, seat, random.Random(seed)), (
                f"pair {number}: the world depends on whether the face-down card is the Tomato")
            game.check_invariants(world)
            kinds.update("tomato" if card == TOMATO else "number"
                         for other, card in enumerate(world.committed)
                         if other != seat and card is not None)
    assert kinds["tomato"] and kinds["number"], f"face-down cards never redrawn as both: {kinds}"
