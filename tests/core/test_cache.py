"""The one bounded cache every fast path uses."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gremlinrules.core.cache import BoundedCache
from gremlinrules.core.cache import caches
from gremlinrules.core.cache import clear_all
from gremlinrules.core.cache import memoize


@given(st.integers(1, 8), st.lists(st.integers(0, 20), max_size=60))
def test_a_cache_never_holds_more_than_its_capacity_and_never_returns_a_wrong_value(
        capacity: int, keys: list[int]) -> None:
    """Property: after any sequence of puts, the cache holds at most ``capacity`` entries and
    every entry it returns is the value last stored under that key."""
    cache: BoundedCache[int, str] = BoundedCache("test", capacity)
    stored: dict[int, str] = {}
    for i, key in enumerate(keys):
        stored[key] = cache.put(key, f"{key}:{i}")
        assert len(cache) <= capacity
        for k in range(21):
            found = cache.get(k)
            assert found is None or found == stored[k]


def test_memoize_calls_once_per_key_until_full() -> None:
    """A memoised function runs once per key while the cache has room, and again after it clears."""
    calls: list[int] = []

    @memoize("square", 2)
    def square(x: int) -> int:
        calls.append(x)
        return x * x

    assert [square(3), square(3), square(4), square(4)] == [9, 9, 16, 16]
    assert calls == [3, 4]
    assert square(5) == 25
    assert square(3) == 9
    assert calls == [3, 4, 5, 3]
    assert ("square", 2, 2) in caches()
    clear_all()
    assert ("square", 0, 2) in caches()


def test_a_cache_needs_room_for_one_entry() -> None:
    """A capacity under one is refused."""
    with pytest.raises(ValueError, match="at least one"):
        BoundedCache("empty", 0)
