"""What every game's ``sample_hidden`` checks before it redeals anything.

A game's ``sample_hidden(state, player, seed)`` (see :mod:`gremlinrules.core.sampling`)
first refuses a state of another class, a seat the table does not have and a seed
outside 0 to 2**64-1, each with InvalidArgumentError, and starts a fresh generator
from the seed; :func:`sample_start` is that prologue, written once.
"""

from __future__ import annotations

from typing import Any

from gremlinrules.core.checks import check_seat
from gremlinrules.core.checks import check_type
from gremlinrules.core.rng import Rng

__all__ = ["sample_start"]


def sample_start(state: Any, cls: type, what: str, player: Any, seed: Any) -> tuple[int, Rng]:
    """The seat ``player`` and the generator seeded with ``seed``, once ``state`` is shown to be
    a ``cls`` (InvalidArgumentError: "expected a ``what``"), ``player`` one of its seats and
    ``seed`` an integer from 0 to 2**64-1 (InvalidArgumentError otherwise), checked in that order."""
    check_type(state, cls, what)
    seat = check_seat(player, state.players)
    return seat, Rng.from_seed(seed)
