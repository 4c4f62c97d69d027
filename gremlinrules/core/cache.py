"""One bounded cache for every game's fast path.

Fast paths memoise what is costly and repeats (the analysis of a tunnel field,
the placements of a trick's result). Each cache is a :class:`BoundedCache`: a
dict with a fixed capacity, keyed by value (never by ``id()``, which a freed
object passes on), that forgets everything when full. Clearing whole is
cheaper on the hot path than LRU bookkeeping, and a playout's working set
refills it at once; the capacity bounds the memory a long-running server or a
million playouts can use.

:func:`memoize` wraps a one-argument function with such a cache.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Hashable
from typing import Generic
from typing import TypeVar

__all__ = ["BoundedCache", "caches", "clear_all", "memoize"]

_K = TypeVar("_K", bound=Hashable)
_V = TypeVar("_V")

_ALL: list[BoundedCache[Hashable, object]] = []


class BoundedCache(Generic[_K, _V]):
    """A dict of at most ``capacity`` entries, emptied when it would grow past it.

    ``cache.get(key)`` is a plain dict lookup (None when absent: store no None
    values); ``cache.put(key, value)`` stores and returns ``value``.
    """

    __slots__ = ("_data", "capacity", "get", "name")

    def __init__(self, name: str, capacity: int) -> None:
        if capacity < 1:
            raise ValueError("a cache holds at least one entry")
        self.name = name
        """What the cache holds, for :func:`caches`."""
        self.capacity = capacity
        """The most entries it keeps."""
        self._data: dict[_K, _V] = {}
        self.get: Callable[[_K], _V | None] = self._data.get
        """The value stored under a key, or None."""
        _ALL.append(self)  # type: ignore[arg-type]

    def put(self, key: _K, value: _V) -> _V:
        """Store ``value`` under ``key`` (emptying the cache first when it is full); return it."""
        data = self._data
        if len(data) >= self.capacity:
            data.clear()
        data[key] = value
        return value

    def clear(self) -> None:
        """Forget every entry."""
        self._data.clear()

    def __len__(self) -> int:
        return len(self._data)


def memoize(name: str, capacity: int) -> Callable[[Callable[[_K], _V]], Callable[[_K], _V]]:
    """Decorate a pure one-argument function with a :class:`BoundedCache` (its values not None)."""

    def wrap(fn: Callable[[_K], _V]) -> Callable[[_K], _V]:
        cache: BoundedCache[_K, _V] = BoundedCache(name, capacity)
        get, put = cache.get, cache.put

        def cached(key: _K) -> _V:
            found = get(key)
            return put(key, fn(key)) if found is None else found

        cached.__doc__ = fn.__doc__
        cached.__name__ = fn.__name__
        cached.__wrapped__ = fn  # type: ignore[attr-defined]
        return cached

    return wrap


def caches() -> tuple[tuple[str, int, int], ...]:
    """(name, entries, capacity) of every bounded cache made so far."""
    return tuple((c.name, len(c), c.capacity) for c in _ALL)


def clear_all() -> None:
    """Empty every bounded cache (for tests and for servers that want the memory back)."""
    for cache in _ALL:
        cache.clear()
