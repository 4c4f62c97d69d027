"""The draws of :class:`core.rng.Rng` on the bare generator state, for setup code in a hurry.

``Rng.shuffle`` and ``Rng.below`` make one call per draw and an ``Rng`` per result.
A new game draws fifty times or so (a deck, a board, a turn order), and in a random
playout ``new_game`` is part of the cost of every decision. These functions run
the very same SplitMix64 steps inline on the integer state and return the next
state as an integer: ``shuffle(rng.state, items)`` gives exactly
``rng.shuffle(items)``, with ``Rng(state)`` for the generator. See
:mod:`gremlinrules.core.rng` for the algorithm.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import mod
from typing import TypeVar

__all__ = ["below", "choice", "shuffle"]

_T = TypeVar("_T")
_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
_M1, _M2 = 0xBF58476D1CE4E5B9, 0x94D049BB133111EB
_SPAN = 1 << 64
_LIMITS = tuple(_SPAN - _SPAN % n if n else 0 for n in range(257))
"""For a bound ``n`` up to 256, the rejection limit of ``Rng.below(n)``."""


def below(state: int, n: int) -> tuple[int, int]:
    """``Rng(state).below(n)`` as (value, next state); ``n`` an integer from 1 to 2**64 (above
    that no draw is accepted: ``Rng.below`` refuses such a bound)."""
    limit = _LIMITS[n] if n < len(_LIMITS) else _SPAN - _SPAN % n
    while True:
        state = (state + _GAMMA) & _MASK
        z = ((state ^ (state >> 30)) * _M1) & _MASK
        z = ((z ^ (z >> 27)) * _M2) & _MASK
        z ^= z >> 31
        if z < limit:
            return z % n, state


_LANES: dict[int, tuple[int, int, int, int]] = {
    k: (sum(1 << 128 * i for i in range(k)),
        sum((((i + 1) * _GAMMA) & _MASK) << 128 * i for i in range(k)),
        sum(_MASK << 128 * i for i in range(k)),
        min(_LIMITS[n] for n in range(2, k + 2)))
    for k in range(8, 65)
}
"""Per number of draws k (8 to 64): integers of k lanes of 128 bits holding 1, ``(i + 1) * GAMMA mod
2**64`` and ``2**64 - 1`` in lane i, and the smallest rejection limit of the bounds 2 to k + 1."""


def _outputs(state: int, lanes: tuple[int, int, int, int], k: int) -> list[int]:
    """The next ``k`` SplitMix64 outputs after ``state``, all at once: lane i of one integer holds
    step i + 1, so each operation of the mixing function is one operation on the whole integer (a
    lane's product of two 64-bit numbers fits its 128 bits, and the bits a right shift brings down
    from the lane above are masked off before they count)."""
    ones, steps, low, _ = lanes
    x = (state * ones + steps) & low
    x = ((x ^ (x >> 30)) & low) * _M1 & low
    x = ((x ^ (x >> 27)) & low) * _M2 & low
    x ^= x >> 31
    return memoryview(x.to_bytes(16 * k, "little")).cast("Q")[::2].tolist()  # each lane's low 64 bits


def shuffle(state: int, items: Sequence[_T]) -> tuple[tuple[_T, ...], int]:
    """``Rng(state).shuffle(items)`` as (the shuffled tuple, next state): Fisher-Yates from the
    last index down, each index drawn by ``below``.

    For 9 to 65 items the draws are made at once (:func:`_outputs`) when none of them is
    rejected (all below the smallest limit; otherwise, about k in 2**64, the loop below
    draws them one by one, rejections included): the same outputs, about twice as fast."""
    out = list(items)
    k = len(out) - 1
    lanes = _LANES.get(k)
    if lanes is not None:
        zs = _outputs(state, lanes, k)
        if max(zs) < lanes[3]:
            for i, j in zip(range(k, 0, -1), map(mod, zs, range(k + 1, 1, -1)), strict=True):
                out[i], out[j] = out[j], out[i]
            return tuple(out), (state + k * _GAMMA) & _MASK
    limits = _LIMITS if len(out) < len(_LIMITS) else [_SPAN - _SPAN % n if n else 0
                                                      for n in range(len(out) + 1)]
    for i in range(len(out) - 1, 0, -1):
        n = i + 1
        while True:
            state = (state + _GAMMA) & _MASK
            z = ((state ^ (state >> 30)) * _M1) & _MASK
            z = ((z ^ (z >> 27)) * _M2) & _MASK
            z ^= z >> 31
            if z < limits[n]:
                break
        j = z % n
        out[i], out[j] = out[j], out[i]
    return tuple(out), state


def choice(state: int, items: Sequence[_T]) -> tuple[_T, int]:
    """``Rng(state).choice(items)`` as (the item, next state)."""
    i, state = below(state, len(items))
    return items[i], state
