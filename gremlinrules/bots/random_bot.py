"""The uniform random bot: every legal action equally likely, reproducible from its seed.

Its draws are the random policy's (:mod:`gremlinrules.core.playout`): a SplitMix64 generator
started at ``seed ^ POLICY_SALT`` (:func:`~gremlinrules.core.playout.policy_state`) draws
``below(n)`` before each of its decisions, ``n`` the number of legal actions (drawn even when
``n`` is 1), and plays the action at that position of ``legal_actions``. So a bot of seed ``s``
that made every decision of the game of seed ``s`` would play the playout of ``s``, and
:func:`gremlinrules.core.playout.random_playout` is the table of random bots that
``simulate`` plays (one generator for the table, natively by ``engine.playouts`` when it can).
"""

from __future__ import annotations

from typing import Any

from gremlinrules.bots.base import SeatBot
from gremlinrules.core import draws
from gremlinrules.core.checks import check_seed
from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.core.playout import policy_state
from gremlinrules.core.protocol import ActionT
from gremlinrules.core.protocol import Game
from gremlinrules.core.protocol import StateT

__all__ = ["RandomBot"]


class RandomBot(SeatBot[StateT, ActionT]):
    """Picks uniformly among the legal actions of its seat (typed by its game's state and action),
    by the random policy's draws (see the module's docstring)."""

    def __init__(self, game: Game[StateT, ActionT, Any, Any, Any, Any], seat: int, seed: int = 0) -> None:
        super().__init__(game, seat, seed)
        self._stream = policy_state(check_seed(seed, InvalidArgumentError))
        """The policy's SplitMix64 state."""

    def choose(self, state: StateT) -> ActionT:
        """A uniformly random legal action; it must be this seat's decision."""
        self._check_turn(state)
        legal = self.game.legal_actions(state)
        pick, self._stream = draws.below(self._stream, len(legal))
        return legal[pick]
