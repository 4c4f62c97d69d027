"""Whole-game properties: every token and card in one place, hidden information, the decision
bound (GTG-ZONE-1, GTG-VIEW-1, GTG-END-3), and corrupt states refused."""

from __future__ import annotations

from collections import Counter

import attrs
import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from gremlinrules.core.errors import GremlinRulesError
from gremlinrules.gremlins_the_game import Options
from gremlinrules.gremlins_the_game import State
from gremlinrules.gremlins_the_game import check_state
from gremlinrules.gremlins_the_game import decision_bound
from gremlinrules.gremlins_the_game import legal_actions
from gremlinrules.gremlins_the_game import observe
from gremlinrules.gremlins_the_game import sample_hidden
from gremlinrules.gremlins_the_game.components import REFERENCE
from gremlinrules.gremlins_the_game.components import tables
from gremlinrules.gremlins_the_game.flow import replace
from gremlinrules.gremlins_the_game.invariants import turn_bound
from tests.gremlins_the_game.helpers import random_states
from tests.gremlins_the_game.helpers import scaled
from tests.gremlins_the_game.helpers import table

T = tables(REFERENCE)


def zones(s: State) -> tuple[Counter[str], Counter[str], Counter[str]]:
    """The gremlins, weapon cards and event cards wherever they are."""
    gremlins = Counter([p.gremlin for p in s.board] + list(s.pool) + list(s.crowd)
                       + [g for row in s.defeated for g in row])
    weapons = Counter(list(s.weapon_deck) + list(s.weapon_discard) + [w for h in s.hands for w in h])
    return gremlins, weapons, Counter(s.event_deck + s.event_discard)


@pytest.mark.clause("GTG-ZONE-1")
@settings(max_examples=scaled(8), deadline=None)
@given(seed=st.integers(0, 2**32), players=st.sampled_from([2, 3, 4]))
def test_every_gremlin_and_card_is_in_exactly_one_place_and_limits_hold(seed: int, players: int) -> None:
    """Property: at every step of a random game the 36 gremlins, 30 weapon and 30 event cards are
    each in exactly one zone, no hand holds more than seven cards, no two players share a space,
    and check_state accepts the state."""
    for s in random_states(seed, players):
        g, w, e = zones(s)
        assert g == Counter(list(T.gremlin))
        assert w == Counter(T.weapon_deck)
        assert e == Counter(T.event_deck)
        assert max(len(h) for h in s.hands) <= 7
        assert len(set(s.positions)) == players
        check_state(s)


@pytest.mark.clause("GTG-VIEW-1")
@settings(max_examples=scaled(8), deadline=None)
@given(seed=st.integers(0, 2**32), players=st.sampled_from([2, 3, 4]), stop=st.integers(0, 300),
       resample=st.integers(0, 2**32))
def test_face_down_gremlins_hands_and_decks_are_hidden(seed: int, players: int, stop: int,
                                                       resample: int) -> None:
    """Property: no view names a face-down gremlin; a seat sees its own hand only; redealing what a
    seat cannot see (the face-down gremlins and pool, other hands, the decks) leaves its view
    unchanged, while the face-up and defeated gremlins stay as they were."""
    s = random_states(seed, players, limit=stop)[-1]
    hidden = {p.gremlin for p in s.board if not p.face_up} | set(s.pool)
    for seat in (*range(players), None):
        view = observe(s, seat)
        assert all(g.gremlin is None for g in view.board if not g.face_up)
        assert view.hand == (None if seat is None else s.hands[seat])
        shown = {g.gremlin for g in view.board} | set(view.crowd) | {g for r in view.defeated for g in r}
        assert not shown & hidden
    for seat in range(players):
        other = sample_hidden(s, seat, resample)
        check_state(other)
        assert observe(other, seat) == observe(s, seat)
        assert [p for p in other.board if p.face_up] == [p for p in s.board if p.face_up]


@pytest.mark.clause("GTG-END-3")
@settings(max_examples=scaled(6), deadline=None)
@given(seed=st.integers(0, 2**32), players=st.sampled_from([2, 3, 4]), limit=st.integers(1, 40))
def test_no_turn_asks_more_than_the_turn_bound_and_games_end_within_the_decision_bound(
        seed: int, players: int, limit: int) -> None:
    """Property: with a small turn limit a random game ends; it asks at most turn_bound
    decisions a turn and at most decision_bound in all."""
    options = Options(turn_limit=limit)
    states = random_states(seed, players, options=options)
    per_turn = Counter(s.turn_number for s in states[:-1])
    assert max(per_turn.values()) <= turn_bound(REFERENCE)
    assert len(states) - 1 <= decision_bound(players, options)
    assert turn_bound(REFERENCE) == 2 + 4  # the Snowstorm moves two gremlins: four choices


@pytest.mark.clause("GTG-ZONE-1")
@pytest.mark.parametrize("change", [
    lambda s: {"pool": s.pool[1:]},
    lambda s: {"pool": (*s.pool, s.pool[0])},
    lambda s: {"hands": (s.hands[0] + ("sword",) * 5, s.hands[1])},
    lambda s: {"positions": (s.positions[0], s.positions[0])},
    lambda s: {"event_deck": s.event_deck[1:]},
    lambda s: {"turn": 1},
    lambda s: {"board": (*s.board[1:], s.board[0])},
])
def test_corrupt_states_are_refused(change: object) -> None:
    """A lost or doubled gremlin, an over-full hand, two players on one space, a missing card, a
    turn out of order or a shuffled board is refused by check_state."""
    s = table(2)
    bad = replace(s, **change(s))  # type: ignore[operator]
    with pytest.raises(GremlinRulesError):
        check_state(bad)


@pytest.mark.clause("GTG-VIEW-1", "GTG-SETUP-3")
@settings(max_examples=scaled(6), deadline=None)
@given(seed=st.integers(0, 2**32), players=st.sampled_from([2, 3, 4]), stop=st.integers(0, 300),
       resample=st.integers(0, 2**32))
def test_a_resample_never_puts_stripe_where_everyone_knows_he_is_not(seed: int, players: int, stop: int,
                                                                     resample: int) -> None:
    """Property: a token placed at setup is known not to be Stripe, so redrawing the hidden
    gremlins puts Stripe only in the pool or on a token placed from it later; a state with Stripe
    on a setup token is refused."""
    s = random_states(seed, players, limit=stop)[-1]
    other = sample_hidden(s, 0, resample)
    for p in other.board:
        if p.gremlin == "stripe" and not p.face_up:
            assert p.from_pool
    assert [(p.space, p.face_up, p.from_pool) for p in other.board] == [
        (p.space, p.face_up, p.from_pool) for p in s.board]
    setup_token = next((p for p in s.board if not p.face_up and not p.from_pool), None)
    if setup_token is not None and "stripe" in s.pool:
        swapped = tuple(attrs.evolve(p, gremlin="stripe") if p is setup_token else p for p in s.board)
        pool = tuple(setup_token.gremlin if g == "stripe" else g for g in s.pool)
        with pytest.raises(GremlinRulesError):
            check_state(replace(s, board=swapped, pool=pool))


@pytest.mark.clause("GTG-VIEW-1")
def test_stripe_can_be_resampled_onto_a_token_from_the_pool() -> None:
    """A face-down token placed from the pool may be Stripe: over a few resamples of a table
    where one such token lies on the board, Stripe is drawn there at least once."""
    from gremlinrules.gremlins_the_game import Move
    from gremlinrules.gremlins_the_game.flow import EVENT_SPACES
    from gremlinrules.gremlins_the_game.flow import GREMLIN_SPACES
    from tests.gremlins_the_game.helpers import edited
    from tests.gremlins_the_game.helpers import play

    s = table(2, event_deck=("fed-after-midnight",))
    gone = GREMLIN_SPACES[0]
    s = edited(s, board=tuple(p for p in s.board if p.space != gone),
               pool=(*(p.gremlin for p in s.board if p.space == gone), *s.pool),
               free_move=(True, False))
    landed = play(s, Move(EVENT_SPACES[0]))
    assert landed.stack
    s = play(landed, legal_actions(landed)[0])
    placed = next(p for p in s.board if p.space == gone)
    assert placed.from_pool
    assert any(next(p for p in sample_hidden(s, 1, k).board if p.space == gone).gremlin == "stripe"
               for k in range(200))
