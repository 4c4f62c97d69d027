"""The engine equals the rule book: random games through both, compared at every decision."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.engine.support import NATIVE
from tests.engine.support import games_per_example
from tests.engine.support import needs_engine
from tests.engine.support import play_both
from tests.engine.tables import TABLES
from tests.engine.tables import tables

pytestmark = needs_engine


@pytest.mark.parametrize("game_id", sorted(TABLES))
def test_every_native_game_has_its_tables(game_id: str) -> None:
    """Every game the differential tests cover has a native implementation here, and every
    native game has tables in the differential tests."""
    assert game_id in NATIVE
    assert set(NATIVE) <= set(TABLES)


@pytest.mark.parametrize("game_id", sorted(TABLES))
@given(data=st.data(), seed=st.integers(0, 2**64 - 1), pick_seed=st.integers(0, 2**32 - 1))
def test_native_games_equal_the_rule_book_at_every_decision(game_id: str, data: st.DataObject, seed: int,
                                                          pick_seed: int) -> None:
    """For random tables (player counts, every option, user component sets) and seeds, a random
    game has the same legal indices and ``to_state() ==`` the Python state at every decision, the
    same end, scores and winners; ``from_state`` and ``clone`` agree and an illegal index is refused
    with the rule book's own error at random decisions."""
    players, options = data.draw(tables(game_id), label="table")
    picks = random.Random(pick_seed)  # one seed for the moves: a game draws hundreds of picks
    for k in range(games_per_example(game_id, players, options)):
        play_both(game_id, players, options, (seed + k) % 2**64, picks)

