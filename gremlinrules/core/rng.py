"""An immutable, counter-based random generator: SplitMix64.

The generator is a single 64-bit integer. Each draw returns a value and the
next generator, so a state that carries an :class:`Rng` reproduces its future
exactly, in any process, on any Python version, and in a port to another
language. The algorithm (Steele, Lea and Flood, 2014) is::

    state' = (state + 0x9E3779B97F4A7C15) mod 2**64
    z = state'
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) mod 2**64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) mod 2**64
    output = z ^ (z >> 31)

A bounded draw ``below(n)`` rejects outputs at or above the largest multiple
of ``n`` under 2**64 and returns ``output % n``, so it is exactly uniform.
A shuffle is Fisher-Yates from the last index down: for ``i`` from ``len-1``
to ``1``, swap item ``i`` with item ``below(i + 1)``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

import attrs

from gremlinrules.core import draws
from gremlinrules.core.checks import check_seed
from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.core.errors import shown

__all__ = ["Rng"]

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
_SPAN = 1 << 64
_T = TypeVar("_T")


@attrs.frozen(slots=True)
class Rng:
    """A SplitMix64 generator value. Never mutated: every draw returns the next one."""

    state: int = attrs.field()
    """The 64-bit generator state."""

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        """The generator for a seed: an integer from 0 to 2**64-1, the generator's first state
        (InvalidArgumentError for anything else: a bool, a non-integer, a negative seed or one of
        2**64 or more, never reduced silently)."""
        return cls(check_seed(seed, InvalidArgumentError))

    def next_u64(self) -> tuple[int, Rng]:
        """One 64-bit output and the next generator."""
        out, state = _step(self.state)
        return out, Rng(state)

    def below(self, n: int) -> tuple[int, Rng]:
        """A uniform integer in ``range(n)`` and the next generator."""
        # a 64-bit output cannot be uniform over more than 2**64 values
        if isinstance(n, bool) or not isinstance(n, int) or not 0 < n <= _SPAN:
            raise InvalidArgumentError(f"below() needs a bound from 1 to 2**64, not {shown(n)}")
        value, state = draws.below(self.state, n)
        return value, Rng(state)

    def shuffle(self, items: Sequence[_T]) -> tuple[tuple[_T, ...], Rng]:
        """The items in a uniformly random order, and the next generator."""
        out, state = draws.shuffle(self.state, items)  # on the bare integer; one Rng at the end
        return out, Rng(state)

    def choice(self, items: Sequence[_T]) -> tuple[_T, Rng]:
        """One item chosen uniformly, and the next generator."""
        i, rng = self.below(len(items))
        return items[i], rng


def _step(state: int) -> tuple[int, int]:
    """SplitMix64 on the bare integer: one output and the next state."""
    s = (state + _GAMMA) & _MASK
    z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31), s

