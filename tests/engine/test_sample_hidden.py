"""The engine's ``sample_hidden`` equals the rule book's: draw for draw, on states random play reaches."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import gremlinrules
from gremlinrules import engine
from gremlinrules.core.errors import InvalidArgumentError
from tests.engine.support import NATIVE
from tests.engine.support import needs_engine
from tests.engine.tables import tables

pytestmark = needs_engine

SAMPLED = ("no-good-gremlins", "gnaughty-gnomes", "gremlins-the-game", "gremlins-inc", "goblins-vs-gnomes")
"""The native games with a native ``sample_hidden``, in the order they gained it."""

CLAUSES = {
    "no-good-gremlins": ("NGG-VIEW-1",),
    "gnaughty-gnomes": ("GG-VIEW-1", "GG-2P-5"),
    "gremlins-the-game": ("GTG-VIEW-1",),
    "gremlins-inc": ("GI-VIEW-1", "GI-VIEW-4"),
    "goblins-vs-gnomes": ("GVG-VIEW-1", "GVG-VIEW-2", "GVG-VIEW-3", "GVG-VIEW-4"),
}
"""Each game's clauses of what a seat cannot see (its ``hidden`` module's docstring)."""


def _sampled_games() -> list[Any]:
    return [pytest.param(g, marks=pytest.mark.clause(*CLAUSES[g])) for g in SAMPLED if g in NATIVE]


def _compare(game: Any, native: Any, seat: int, seed: int) -> None:
    """One sample both ways: equal states, the original untouched, and the sample plays on alike."""
    state = native.to_state()
    sample = native.sample_hidden(seat, seed)
    expected = game.sample_hidden(state, seat, seed)
    assert sample.to_state() == expected
    assert native.to_state() == state, "sample_hidden changed its original"
    assert sample.legal_actions() == engine.from_state(game.id, expected).legal_actions()


@pytest.mark.parametrize("game_id", _sampled_games())
@given(data=st.data(), seed=st.integers(0, 2**64 - 1), pick_seed=st.integers(0, 2**32 - 1))
def test_native_sample_hidden_equals_the_rule_books_on_states_random_play_reaches(
        game_id: str, data: st.DataObject, seed: int, pick_seed: int) -> None:
    """For random tables and seeds, at random decisions of a random game, and at its end, the native
    ``sample_hidden(seat, s)`` of every seat gives ``to_state() == game.sample_hidden(state, seat, s)``
    (the same pool, the same shuffles, the same generator after), leaves its original unchanged and
    offers the same legal actions as the rule book's sample."""
    players, options = data.draw(tables(game_id), label="table")
    game = gremlinrules.get_game(game_id)
    picks = random.Random(pick_seed)
    native = engine.new(game_id, players, seed, options)
    while not native.is_terminal():
        if picks.random() < 0.08:
            for seat in range(players):
                _compare(game, native, seat, picks.getrandbits(64))
        legal = native.legal_actions()
        native.apply(legal[picks.randrange(len(legal))])
    for seat in range(players):
        _compare(game, native, seat, picks.getrandbits(64))


@pytest.mark.parametrize("game_id", [g for g in SAMPLED if g in NATIVE])
def test_native_sample_hidden_refuses_bad_seats_and_seeds(game_id: str) -> None:
    """A seat the table does not have, then a seed outside 0..2**64-1, raise InvalidArgumentError, as
    the rule book's sample_hidden does."""
    game = gremlinrules.get_game(game_id)
    players = game.player_counts[0]
    native = engine.new(game_id, players, 3)
    bad: tuple[tuple[Any, Any], ...] = ((players, 0), (-1, 0), (True, 0), (0, -1), (0, 2**64), (0, 1.5),
                                        (0, None))
    for seat, seed in bad:
        with pytest.raises(InvalidArgumentError):
            native.sample_hidden(seat, seed)
        with pytest.raises(InvalidArgumentError):
            game.sample_hidden(native.to_state(), seat, seed)
