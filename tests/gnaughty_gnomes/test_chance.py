"""Gnaughty Gnomes' external-chance model (GG-CHANCE-*), tested on the model's own functions.

The seeded games are the truth: the outcomes ``reveals`` reads from each seeded step, entered
through ``deal`` and ``step``, must give the seeded state in canonical form; every Need must
offer exactly what an independent count of the unseen cards (or, for the garden, a brute-force
count of the gardens without a clump) says could come next.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import permutations

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from gremlinrules.core.chance import Need
from gremlinrules.core.chance import Outcome
from gremlinrules.gnaughty_gnomes import CARDS
from gremlinrules.gnaughty_gnomes import Options
from gremlinrules.gnaughty_gnomes import Phase
from gremlinrules.gnaughty_gnomes import State
from gremlinrules.gnaughty_gnomes import apply
from gremlinrules.gnaughty_gnomes import apply_with_events
from gremlinrules.gnaughty_gnomes import chance as model
from gremlinrules.gnaughty_gnomes import check_state
from gremlinrules.gnaughty_gnomes import legal_actions
from gremlinrules.gnaughty_gnomes import new_game
from gremlinrules.gnaughty_gnomes import observe
from gremlinrules.gnaughty_gnomes.board import CENTER
from gremlinrules.gnaughty_gnomes.board import clumped
from gremlinrules.gnaughty_gnomes.components import SUITS
from gremlinrules.gnaughty_gnomes.components import Colour
from gremlinrules.gnaughty_gnomes.state import OPTION_CHOICES

NUMBERED = frozenset(model.card_name(c) for c in CARDS if not c.is_x)

options_st = st.builds(
    Options, setup_clump=st.sampled_from(OPTION_CHOICES["setup_clump"]),
    first_leader=st.sampled_from(OPTION_CHOICES["first_leader"]),
)


def _face_down(state: State) -> Counter[str]:
    """The face-down dummy cards of a state, by name: what nobody has seen."""
    return Counter(model.card_name(down) for pile in state.piles for down, _ in pile if down is not None)


def _enter_deal(players: int, options: Options, outcomes: tuple[Outcome, ...]) -> State:
    """The canonical state after the deal ``outcomes``, checking each is offered when it is asked
    for, with the right pool and the seats that see it."""
    for k, outcome in enumerate(outcomes):
        need = model.deal(players, options, outcomes[:k])
        assert type(need) is Need
        assert need.pool == outcome.pool
        assert outcome.item in dict(need.weights)
        if outcome.pool in ("cards", "x-cards") and need.seen_by is not None:
            assert len(need.seen_by) == 1
            assert need.seen_by[0] < players
    state = model.deal(players, options, outcomes)
    assert type(state) is State
    return state


@pytest.mark.clause("GG-CHANCE-1", "GG-CHANCE-2", "GG-CHANCE-3")
@given(players=st.sampled_from([2, 4]), seed=st.integers(0, 2**32), walk=st.integers(0, 2**32),
       options=options_st)
def test_entering_what_a_seeded_game_reveals_reproduces_it_move_by_move(
        players: int, seed: int, walk: int, options: Options) -> None:
    """Consistency: the deal and each move's reveals of a seeded game, entered one by one (each
    offered by the pending Need), give the seeded state in canonical form after every move, to
    the end; a move that uncovers nothing needs nothing."""
    state = new_game(players, seed, options=options)
    tracked = _enter_deal(players, options, model.reveals(None, None, state))
    assert tracked == model.canonical(state)
    rnd = random.Random(walk)
    while state.phase is not Phase.OVER:
        actions = legal_actions(state)
        action = actions[rnd.randrange(len(actions))]
        after = apply(state, action)
        entered = model.reveals(state, action, after)
        for k, outcome in enumerate(entered):
            need = model.step(tracked, action, entered[:k])
            assert type(need) is Need
            assert need.pool == "cards"
            assert need.seen_by is None
            assert outcome.item in dict(need.weights)
        stepped = model.step(tracked, action, entered)
        assert type(stepped) is State
        assert stepped == model.canonical(after)
        tracked = stepped
        if players == 4:
            assert entered == ()
        state = after


@pytest.mark.clause("GG-CHANCE-2")
@given(players=st.sampled_from([2, 4]), seed=st.integers(0, 2**32), options=options_st,
       cut=st.integers(0, 200))
def test_a_deal_need_offers_exactly_the_cards_not_yet_dealt(
        players: int, seed: int, options: Options, cut: int) -> None:
    """Every card Need of the deal weighs each numbered card (or X card) not yet entered at 1 and
    nothing else; a player's cards are seen by its seat alone, a dummy's face-up cards by all."""
    state = new_game(players, seed, options=options)
    outcomes = model.reveals(None, None, state)
    cut = min(cut, len(outcomes))
    dealt = {o.item for o in outcomes[:cut] if o.pool in ("cards", "x-cards")}
    need = model.deal(players, options, outcomes[:cut])
    if type(need) is not Need or need.pool not in ("cards", "x-cards"):
        return
    every = NUMBERED if need.pool == "cards" else frozenset(model.card_name(c) for c in CARDS if c.is_x)
    assert need.weights == tuple((name, 1) for name in sorted(every - dealt))
    holder = outcomes[cut]
    seat = next(pos for pos in range(4) if any(model.card_name(c) == holder.item
                                                for c in state.hands[pos] + tuple(
                                                    up for _, up in state.piles[pos] if up is not None)))
    assert need.seen_by == ((seat,) if players == 4 or seat < 2 else None)


@pytest.mark.clause("GG-CHANCE-2", "GG-SETUP-6")
@given(seed=st.integers(0, 2**32), rule=st.sampled_from(OPTION_CHOICES["setup_clump"]),
       laid=st.integers(5, 11))
def test_a_garden_colour_weighs_the_gardens_without_a_clump_it_leads_to(
        seed: int, rule: str, laid: int) -> None:
    """A garden colour's weight is the number of complete gardens, with no colour clumped, that
    continue the hexes laid so far with it (counted here by brute force over every order of the
    hexes left); the deal's first Need is the garden's, weighed so."""
    options = Options(setup_clump=rule)
    state = new_game(4, seed, options=options)
    ring = [h for h in range(13) if h != CENTER]
    prefix = tuple(state.layout[h] for h in ring[:laid])
    left = Counter(dict.fromkeys(SUITS, 3)) - Counter(prefix)
    counts: Counter[str] = Counter()
    for rest in set(permutations(left.elements())):
        cells = [*prefix, *rest]
        cells.insert(CENTER, Colour.WHITE)
        if clumped(tuple(cells), rule) is None:
            counts[rest[0].value] += 1
    assert model.garden_weights(prefix, rule) == tuple(sorted(counts.items()))
    assert model.deal(4, options, ()) == Need("garden", model.garden_weights((), rule))


@pytest.mark.clause("GG-CHANCE-3")
@given(seed=st.integers(0, 2**32), walk=st.integers(0, 2**32))
def test_a_face_down_card_need_offers_every_card_still_face_down(seed: int, walk: int) -> None:
    """When a trick's clean-up uncovers dummy cards, each Need weighs at 1 every card face down in
    the seeded state (what nobody has seen) less those already entered for this move."""
    state = new_game(2, seed)
    tracked = model.canonical(state)
    rnd = random.Random(walk)
    while state.phase is not Phase.OVER:
        actions = legal_actions(state)
        action = actions[rnd.randrange(len(actions))]
        after = apply(state, action)
        entered = model.reveals(state, action, after)
        for k in range(len(entered)):
            need = model.step(tracked, action, entered[:k])
            unseen = _face_down(state) - Counter(o.item for o in entered[:k])
            assert type(need) is Need
            assert need.weights == tuple(sorted(unseen.items()))
        stepped = model.step(tracked, action, entered)
        assert type(stepped) is State
        tracked, state = stepped, after


def _draw(need: Need, rnd: random.Random) -> Outcome:
    """An outcome of ``need`` drawn by its weights."""
    items = [item for item, _ in need.weights]
    return Outcome(need.pool, rnd.choices(items, weights=[w for _, w in need.weights])[0])


@pytest.mark.clause("GG-CHANCE-1", "GG-INV-1")
@given(players=st.sampled_from([2, 4]), seed=st.integers(0, 2**32), options=options_st)
def test_random_external_games_play_to_the_end_with_consistent_states(
        players: int, seed: int, options: Options) -> None:
    """Random external games (each outcome drawn by its weight, each move at random) reach the
    end of the eighth trick, every state passing check_state and canonical; every Need offers at
    least two designs (a forced outcome is filled in)."""
    rnd = random.Random(seed)
    entered: tuple[Outcome, ...] = ()
    while isinstance(got := model.deal(players, options, entered), Need):
        assert len(got.weights) > 1
        assert all(w >= 1 for _, w in got.weights)
        entered += (_draw(got, rnd),)
    assert type(got) is State
    state = got
    while True:
        check_state(state)
        assert model.canonical(state) == state
        if state.phase is Phase.OVER:
            break
        actions = legal_actions(state)
        action = actions[rnd.randrange(len(actions))]
        entered = ()
        while isinstance(got := model.step(state, action, entered), Need):
            assert len(got.weights) > 1
            entered += (_draw(got, rnd),)
        assert type(got) is State
        state = got
    assert state.trick == 8


@pytest.mark.clause("GG-CHANCE-1", "GG-2P-5")
@given(players=st.sampled_from([2, 4]), seed=st.integers(0, 2**32), walk=st.integers(0, 2**32),
       moves=st.integers(0, 64))
def test_canonical_is_idempotent_and_keeps_every_view(players: int, seed: int, walk: int, moves: int) -> None:
    """canonical() of a reached state is canonical again, passes check_state, and every seat's
    view and the spectator's are those of the state; it only reorders face-down cards."""
    state = new_game(players, seed)
    rnd = random.Random(walk)
    for _ in range(moves):
        if state.phase is Phase.OVER:
            break
        actions = legal_actions(state)
        state = apply(state, actions[rnd.randrange(len(actions))])
    canon = model.canonical(state)
    assert model.canonical(canon) == canon
    check_state(canon)
    for seat in (*range(players), None):
        assert observe(canon, seat) == observe(state, seat)
    assert _face_down(canon) == _face_down(state)
    assert attrs.evolve(canon, piles=state.piles, rng=state.rng) == state


@pytest.mark.clause("GG-CHANCE-2")
@given(seed=st.integers(0, 2**32), shuffle=st.integers(0, 2**32))
def test_a_hand_may_be_entered_in_any_order(seed: int, shuffle: int) -> None:
    """A player's numbered cards are a set: entering each hand's cards in another order gives the
    same initial state."""
    state = new_game(4, seed)
    outcomes = list(model.reveals(None, None, state))
    rnd = random.Random(shuffle)
    cards = [k for k, o in enumerate(outcomes) if o.pool == "cards"]
    for start in range(0, len(cards), 8):  # each position's eight cards are consecutive
        block = cards[start:start + 8]
        items = [outcomes[k] for k in block]
        rnd.shuffle(items)
        for k, o in zip(block, items, strict=True):
            outcomes[k] = o
    assert _enter_deal(4, Options(), tuple(outcomes)) == model.canonical(state)


@pytest.mark.clause("GG-CHANCE-3", "GG-2P-4")
@given(seed=st.integers(0, 2**32), walk=st.integers(0, 2**32))
def test_the_arranged_state_gives_the_seeded_moves_events(seed: int, walk: int) -> None:
    """For every move of a seeded two-player game, the plain rules' events on the model's
    arranged state (the tracked state with the move's reveals swapped into place) are the seeded
    move's events, the face-down cards turned face up included."""
    state = new_game(2, seed)
    tracked = model.canonical(state)
    rnd = random.Random(walk)
    while state.phase is not Phase.OVER:
        actions = legal_actions(state)
        action = actions[rnd.randrange(len(actions))]
        after, seeded = apply_with_events(state, action)
        entered = model.reveals(state, action, after)
        assert apply_with_events(model.arranged(tracked, action, entered), action)[1] == seeded
        stepped = model.step(tracked, action, entered)
        assert type(stepped) is State
        tracked, state = stepped, after
