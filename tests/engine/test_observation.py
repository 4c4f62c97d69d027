"""Native observations: ``n.observation(seat)`` equals the adapters' Python encoding of the seat's view."""

from __future__ import annotations

import array
import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import gremlinrules
from gremlinrules import engine
from gremlinrules.adapters.encoding import view_encoder
from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.core.errors import UnsupportedError
from tests.engine.support import DEEP
from tests.engine.support import NATIVE
from tests.engine.support import needs_engine
from tests.engine.tables import tables

pytestmark = needs_engine

OBSERVED = ("gnaughty-gnomes", "goblins-vs-gnomes", "gremlins-inc", "gremlins-the-game", "no-good-gremlins")
"""The games with native observations (each has its differential test below)."""

SAMPLED = 0.5 if DEEP else 0.15
"""The share of decisions at which every seat's observation is compared (all of the first few)."""


def _check_all_seats(game: Any, native: Any, players: int) -> None:
    """At the native game's current state, every seat's and the spectator's observation equals the
    Python encoding of that seat's view, in both ``observation`` and ``observation_into``."""
    state = native.to_state()
    encoder = view_encoder(game, players, native.options)
    buffer = array.array("f", bytes(4 * encoder.size))
    for seat in [*range(players), None]:
        want = encoder.encode(game.observe(state, seat))
        got = native.observation(seat)
        assert list(got) == want, f"seat {seat}: the native observation differs from the encoding"
        native.observation_into(seat, buffer)
        assert buffer == got


def _play_and_observe(game_id: str, players: int, options: Any, seed: int, picks: random.Random) -> int:
    """A seeded random game through the engine, observations compared at sampled decisions; how many."""
    game = gremlinrules.get_game(game_id)
    native = engine.new(game_id, players, seed, options)
    compared = decisions = 0
    while True:
        if decisions < 3 or native.is_terminal() or picks.random() < SAMPLED:
            _check_all_seats(game, native, players)
            compared += 1
        if native.is_terminal():
            return compared
        legal = native.legal_actions()
        native.apply(legal[picks.randrange(len(legal))])
        decisions += 1


_tables = st.data()
_seeds = st.integers(0, 2**64 - 1)
_picks = st.integers(0, 2**32 - 1)


def _differential(game_id: str, data: st.DataObject, seed: int, pick_seed: int) -> None:
    players, options = data.draw(tables(game_id), label="table")
    assert _play_and_observe(game_id, players, options, seed, random.Random(pick_seed)) >= 1


@pytest.mark.clause("NGG-VIEW-1")
@given(data=_tables, seed=_seeds, pick_seed=_picks)
def test_no_good_gremlins_native_observation_equals_the_encoding_of_the_seats_view(
        data: st.DataObject, seed: int, pick_seed: int) -> None:
    """For random tables (2-5 players, every option, user component sets) and seeds, at sampled
    decisions of a random game and at its end, ``n.observation(seat)`` for every seat and the
    spectator equals ``view_encoder(...).encode(game.observe(n.to_state(), seat))`` element for
    element (so it carries nothing the seat's view does not: its own hand only, the decks as sizes),
    and ``observation_into`` writes the same values."""
    _differential("no-good-gremlins", data, seed, pick_seed)


@pytest.mark.clause("GG-VIEW-1", "GG-VIEW-2")
@given(data=_tables, seed=_seeds, pick_seed=_picks)
def test_gnaughty_gnomes_native_observation_equals_the_encoding_of_the_seats_view(
        data: st.DataObject, seed: int, pick_seed: int) -> None:
    """For random tables (2 players with dummies and 4, every option) and seeds, at sampled
    decisions and at the end, every seat's and the spectator's native observation equals the
    encoding of its view (no other hand, no face-down dummy card; every card left face up at the
    end; the past tricks only where the table reviews them)."""
    _differential("gnaughty-gnomes", data, seed, pick_seed)


@pytest.mark.clause("GTG-VIEW-1", "GTG-VIEW-2")
@given(data=_tables, seed=_seeds, pick_seed=_picks)
def test_gremlins_the_game_native_observation_equals_the_encoding_of_the_seats_view(
        data: st.DataObject, seed: int, pick_seed: int) -> None:
    """For random tables (2-4 players, every option, user maps and component sets) and seeds, at
    sampled decisions and at the end, every seat's and the spectator's native observation equals
    the encoding of its view (face-down gremlins unknown to everyone, only the viewer's own hand,
    gremlins by design; every pending frame's fields in its shared slots)."""
    _differential("gremlins-the-game", data, seed, pick_seed)


@pytest.mark.clause("GI-VIEW-1", "GI-VIEW-2", "GI-VIEW-3")
@given(data=_tables, seed=_seeds, pick_seed=_picks)
def test_gremlins_inc_native_observation_equals_the_encoding_of_the_seats_view(
        data: st.DataObject, seed: int, pick_seed: int) -> None:
    """For random tables (2-6 players, teams, every option, the reference deck, the tests' small set
    and random user decks) and seeds, at sampled decisions and at the end, every seat's and the
    spectator's native observation equals the encoding of its view (only the viewer's own hand; a
    face-down project's card for its owner and the seats that saw it; resource cards for the owner,
    or everyone under reveal_resources; every pending frame)."""
    _differential("gremlins-inc", data, seed, pick_seed)


@pytest.mark.clause("GVG-VIEW-1", "GVG-VIEW-2", "GVG-VIEW-3", "GVG-VIEW-4")
@given(data=_tables, seed=_seeds, pick_seed=_picks)
def test_goblins_vs_gnomes_native_observation_equals_the_encoding_of_the_seats_view(
        data: st.DataObject, seed: int, pick_seed: int) -> None:
    """For random tables (3-8 players, every option, advanced roles, user component sets; bounded)
    and seeds, at sampled decisions and at the end, every seat's and the spectator's native
    observation equals the encoding of its view (only its own hand and role, the roles its Potions
    told it, the targets it peeked, its own cards under the deck; every frame)."""
    _differential("goblins-vs-gnomes", data, seed, pick_seed)


@pytest.mark.parametrize("game_id", sorted(OBSERVED))
def test_observation_is_a_float32_array_of_the_encoders_size(game_id: str) -> None:
    """An observation is an ``array.array('f')`` of ``encoder.size`` values (numpy reads it as float32
    without a copy), ``observation_size`` says so, and each call returns a new array."""
    game = gremlinrules.get_game(game_id)
    native = engine.new(game_id, game.min_players, 3)
    size = view_encoder(game, game.min_players, native.options).size
    first = native.observation(0)
    assert isinstance(first, array.array)
    assert first.typecode == "f"
    assert len(first) == size == native.observation_size
    assert native.observation(0) is not first


@pytest.mark.parametrize("game_id", sorted(OBSERVED))
@pytest.mark.parametrize("seat", [-1, 99, 1.0, "0", True])
def test_a_bad_seat_is_refused_with_invalid_argument_error(game_id: str, seat: Any) -> None:
    """A seat out of range or not an integer raises InvalidArgumentError, from both methods."""
    game = gremlinrules.get_game(game_id)
    native = engine.new(game_id, game.min_players, 0)
    buffer = array.array("f", bytes(4 * native.observation_size))
    with pytest.raises(InvalidArgumentError):
        native.observation(seat)
    with pytest.raises(InvalidArgumentError):
        native.observation_into(seat, buffer)


@pytest.mark.parametrize("game_id", sorted(OBSERVED))
@pytest.mark.parametrize("make", [
    lambda n: array.array("f", bytes(4 * (n - 1))),  # too short
    lambda n: array.array("d", bytes(8 * n)),  # float64
    lambda n: bytes(4 * n),  # read-only
    lambda n: [0.0] * n,  # not a buffer
])
def test_a_bad_buffer_is_refused_with_invalid_argument_error(game_id: str, make: Any) -> None:
    """``observation_into`` refuses a buffer of another size, type or a read-only one with
    InvalidArgumentError, and writes nothing into a buffer it refuses."""
    game = gremlinrules.get_game(game_id)
    native = engine.new(game_id, game.min_players, 0)
    buffer = make(native.observation_size)
    before = bytes(buffer) if isinstance(buffer, array.array) else None
    with pytest.raises(InvalidArgumentError):
        native.observation_into(0, buffer)
    if before is not None:
        assert bytes(buffer) == before


def test_every_native_game_writes_observations() -> None:
    """Every game with a native implementation here writes native observations (and has its
    differential test above)."""
    assert set(NATIVE) <= set(OBSERVED)


@pytest.mark.parametrize("game_id", sorted(OBSERVED))
def test_a_plan_that_does_not_match_the_layout_is_refused(game_id: str) -> None:
    """An observation plan refuses, with UnsupportedError naming the field, a layout it does not
    match: a field neither constant nor written, and a written field of another size (so a change
    of the encoding can never shift a native observation silently)."""
    from gremlinrules.core.native.game import ObservationPlan  # compiled: only with the engine

    game = gremlinrules.get_game(game_id)
    table = engine.new(game_id, game.min_players, 0).table
    layout = view_encoder(game, game.min_players, table.options).layout()
    names = tuple(f.name for f in layout)
    with pytest.raises(UnsupportedError, match=names[-1]):
        ObservationPlan(table, names[:-1], ())
    sized = tuple((f.name, f.size) for f in layout[1:])
    wrong = (*sized[:-1], (sized[-1][0], sized[-1][1] + 1))
    with pytest.raises(UnsupportedError, match=sized[-1][0]):
        ObservationPlan(table, names[:1], wrong)
    assert ObservationPlan(table, names[:1], sized).size == len(engine.new(game_id, game.min_players, 0)
                                                                 .observation(0))


@pytest.mark.parametrize("game_id", sorted(OBSERVED))
def test_numpy_reads_an_observation_and_a_batch_row_takes_one(game_id: str) -> None:
    """``numpy.frombuffer(obs, numpy.float32)`` reads an observation as it is, and
    ``observation_into`` fills one row of a float32 batch and no other (a column, not contiguous,
    is refused with InvalidArgumentError)."""
    numpy = pytest.importorskip("numpy")
    game = gremlinrules.get_game(game_id)
    native = engine.new(game_id, game.min_players, 5)
    obs = native.observation(1)
    batch = numpy.zeros((3, native.observation_size), numpy.float32)
    native.observation_into(1, batch[1])
    assert batch[1].tolist() == numpy.frombuffer(obs, numpy.float32).tolist() == list(obs)
    assert not batch[0].any()
    assert not batch[2].any()
    with pytest.raises(InvalidArgumentError):
        native.observation_into(1, batch[:, 0])
