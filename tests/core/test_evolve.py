"""Fast state construction: ``make_replace`` and ``make_updater`` build the same frozen
instances as the attrs constructor."""

from __future__ import annotations

import pickle

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from gremlinrules.core.errors import SetupError
from gremlinrules.core.evolve import fast_construction
from gremlinrules.core.evolve import make_replace
from gremlinrules.core.evolve import make_updater
from gremlinrules.gnaughty_gnomes import Options
from gremlinrules.gnaughty_gnomes import State
from gremlinrules.gnaughty_gnomes import new_game
from gremlinrules.goblins_vs_gnomes import State as GvgState
from gremlinrules.goblins_vs_gnomes import new_game as gvg_new_game


@attrs.frozen(slots=True, weakref_slot=False)
class Point:
    """A small frozen class the fast path serves."""

    x: int
    y: tuple[int, ...]


def test_every_game_state_takes_the_fast_path() -> None:
    """Each game's State is frozen, slotted, without validators or a weakref slot, so the
    mutable twin can build it; Options (which validates) cannot."""
    assert fast_construction(State)
    assert fast_construction(GvgState)
    assert fast_construction(Point)
    assert not fast_construction(Options)


@given(x=st.integers(), y=st.lists(st.integers()).map(tuple), x2=st.integers())
def test_replace_builds_an_equal_immutable_instance_of_the_class(x: int, y: tuple[int, ...], x2: int) -> None:
    """replace and update (the new value passed or fixed) give an instance of the frozen class
    itself, equal and hashing like attrs.evolve's, immutable, picklable, and leave the original
    unchanged."""
    p = Point(x, y)
    for q in (make_replace(Point)(p, x=x2), make_updater(Point, "x")(p, x2), make_updater(Point, x=x2)(p)):
        assert type(q) is Point
        assert q == attrs.evolve(p, x=x2)
        assert hash(q) == hash(attrs.evolve(p, x=x2))
        assert pickle.loads(pickle.dumps(q)) == q
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            q.x = 0  # type: ignore[misc]
    assert p == Point(x, y)


def test_the_cached_hash_of_a_rebuilt_state_is_its_own() -> None:
    """A class with cache_hash (Goblins vs Gnomes) gets a fresh hash slot, never the original's."""
    s = gvg_new_game(4, 1)
    hash(s)
    t = make_replace(GvgState)(s, round=s.round + 1)
    assert hash(t) == hash(attrs.evolve(s, round=s.round + 1))
    assert t != s


def test_classes_with_validators_are_built_by_their_constructor() -> None:
    """Options validates its fields: replace and update go through __init__, so a bad value
    still raises SetupError."""
    with pytest.raises(SetupError):
        make_replace(Options)(Options(), loser_vertex="nowhere")
    with pytest.raises(SetupError):
        make_updater(Options, "loser_vertex")(Options(), "nowhere")
    with pytest.raises(SetupError):
        make_updater(Options, loser_vertex="nowhere")(Options())


def test_updater_refuses_unknown_or_repeated_fields() -> None:
    """A typo in the field list fails when the updater is made, not on the hot path."""
    with pytest.raises(ValueError, match="distinct field names"):
        make_updater(State, "gnomes", "gnomes")
    with pytest.raises(ValueError, match="distinct field names"):
        make_updater(State, "nope")
    with pytest.raises(ValueError, match="distinct field names"):
        make_updater(State, "leader", leader=1)
    with pytest.raises(ValueError, match="distinct field names"):
        make_updater(State, nope=1)
    with pytest.raises(ValueError, match="distinct field names"):
        make_updater(State)
    s = new_game(4, 1)
    assert make_updater(State, "leader")(s, 2) == attrs.evolve(s, leader=2)
    assert make_updater(State, "leader", trick=3)(s, 2) == attrs.evolve(s, leader=2, trick=3)
