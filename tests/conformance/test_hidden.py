"""Views never leak hidden information, and never carry the generator."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from gremlinrules.core.rng import Rng
from tests.conformance import support
from tests.conformance.support import CASE_IDS
from tests.conformance.support import CASES
from tests.conformance.support import walk

pytestmark = pytest.mark.parametrize(("game_id", "players"), CASES, ids=CASE_IDS)


def _contains_rng(obj: Any) -> bool:
    if isinstance(obj, Rng):
        return True
    if isinstance(obj, (tuple, list, frozenset)):
        return any(_contains_rng(x) for x in obj)
    if attrs.has(type(obj)):
        return any(_contains_rng(getattr(obj, f.name)) for f in attrs.fields(type(obj)))
    return False


@given(seed=st.integers(0, 2**32), walk_seed=st.integers(0, 2**32), stop=st.integers(0, 300),
       resample=st.integers(0, 2**32))
def test_views_equal_for_states_differing_only_in_hidden_parts(
        game_id: str, players: int, seed: int, walk_seed: int, stop: int, resample: int) -> None:
    """For every seat p, a state with everything p cannot see redealt (sample_hidden) gives the same
    observe(..., p): the view depends on nothing hidden from p. The resampled state is consistent
    and play can continue from it."""
    game = support.game(game_id)
    rnd = random.Random(walk_seed)
    state, _ = walk(game, players, seed, rnd, stop_after=stop)
    for p in range(players):
        other = game.sample_hidden(state, p, resample)
        game.check_state(other)
        assert game.observe(other, p) == game.observe(state, p)
        assert game.legal_actions(other) == game.legal_actions(state) or game.current_player(state) != p
        if not game.is_terminal(other):
            game.apply(other, game.legal_actions(other)[0])


@given(seed=st.integers(0, 2**32), walk_seed=st.integers(0, 2**32), stop=st.integers(0, 300))
def test_views_hold_no_generator_and_name_their_seat(game_id: str, players: int, seed: int,
                                                     walk_seed: int, stop: int) -> None:
    """A view never contains the random generator (so never the deck order to come)."""
    game = support.game(game_id)
    rnd = random.Random(walk_seed)
    state, _ = walk(game, players, seed, rnd, stop_after=stop)
    for p in range(players):
        view = game.observe(state, p)
        assert isinstance(view, game.View)
        assert not _contains_rng(view)


def test_sample_hidden_changes_something_hidden_at_the_start(game_id: str, players: int) -> None:
    """At the start some seat has hidden information, so resampling changes the state for some
    seed: the leak test above is not vacuous."""
    game = support.game(game_id)
    state = game.new_game(players, 11)
    changed = False
    for p in range(players):
        for k in range(8):
            other = game.sample_hidden(state, p, k)
            rest = [f.name for f in attrs.fields(type(state)) if f.name != "rng"]
            if any(getattr(other, n) != getattr(state, n) for n in rest):
                changed = True
    assert changed
