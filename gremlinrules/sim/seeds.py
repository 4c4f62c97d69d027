"""The seeds of a simulation: each game's from the master seed and its index, each bot's from its game's.

Both are outputs of SplitMix64 (the algorithm of :mod:`gremlinrules.core.rng`),
whose ``i``-th output from a seed ``s`` is ``mix(s + (i + 1) * 0x9E3779B97F4A7C15)``
(mod 2**64), so any one is computed directly:

- game ``index`` of a run with master seed ``S``: output ``index`` from ``S``;
- the bot at ``seat`` of a game with seed ``g``: output ``seat`` from
  ``g XOR 0xB07_5EED`` (a different stream from the one ``new_game`` draws from ``g``).

A game's records therefore depend on the master seed and its index only, never
on which worker played it, in which batch, or how many games came before.
"""

from __future__ import annotations

from gremlinrules.core.checks import check_seed
from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.core.errors import shown

__all__ = ["bot_seed", "game_seed"]

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
_BOT_STREAM = 0xB075EED


def _output(seed: int, i: int) -> int:
    """The ``i``-th (from 0) SplitMix64 output of the generator seeded with ``seed``."""
    z = (seed + (i + 1) * _GAMMA) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def _check(name: str, value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise InvalidArgumentError(f"{name} must be an integer, not {shown(value)}")
    return int(value)


def game_seed(master: int, index: int) -> int:
    """The seed of game ``index`` (from 0) of a run with master seed ``master`` (from 0 to 2**64-1,
    as every seed; InvalidArgumentError otherwise): 0 to 2**64 - 1."""
    master, index = check_seed(master, InvalidArgumentError), _check("index", index)
    if index < 0:
        raise InvalidArgumentError(f"index must be at least 0, not {shown(index)}")
    return _output(master, index)


def bot_seed(seed: int, seat: int) -> int:
    """The seed of the bot at ``seat`` in the game with seed ``seed`` (from 0 to 2**64-1): 0 to
    2**64 - 1."""
    seed, seat = check_seed(seed, InvalidArgumentError), _check("seat", seat)
    if seat < 0:
        raise InvalidArgumentError(f"seat must be at least 0, not {shown(seat)}")
    return _output(seed ^ _BOT_STREAM, seat)
