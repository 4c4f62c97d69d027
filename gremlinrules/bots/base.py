"""What every bot of the library shares: the game it plays, its seat, its generator and the check
that a state is its seat's decision.

:class:`SeatBot` is the base of :class:`~gremlinrules.bots.RandomBot`,
:class:`~gremlinrules.bots.PlainBot` and :class:`~gremlinrules.bots.ISMCTSBot`; each adds only
its own ``choose`` (and the search bot its budget). A plugin's bot may use it too, or be any
object with ``choose(state)`` (see :class:`~gremlinrules.bots.Bot`).
"""

from __future__ import annotations

import random
from typing import Any
from typing import Generic

from gremlinrules.core.checks import check_seed
from gremlinrules.core.checks import is_int
from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.core.errors import shown
from gremlinrules.core.protocol import ActionT
from gremlinrules.core.protocol import Game
from gremlinrules.core.protocol import StateT

__all__ = ["SeatBot", "check_bot_seat"]


def check_bot_seat(game: Game[Any, Any, Any, Any, Any, Any], seat: Any) -> None:
    """InvalidArgumentError unless ``seat`` is a seat the game can have (0 to its most players
    less one)."""
    if not is_int(seat) or seat < 0 or seat >= game.max_players:
        raise InvalidArgumentError(f"seat must be 0..{game.max_players - 1}, not {shown(seat)}")


class SeatBot(Generic[StateT, ActionT]):
    """A bot for seat ``seat`` of ``game`` seeded with ``seed`` (an integer from 0 to 2**64-1):
    InvalidArgumentError for a seat the game cannot have, then for a seed out of range. The base
    keeps a ``random.Random(seed)`` for the bots that draw on one (the plain bot); the random bot
    and IS-MCTS draw on the documented SplitMix64 stream of :mod:`gremlinrules.core.playout`
    instead."""

    def __init__(self, game: Game[StateT, ActionT, Any, Any, Any, Any], seat: int, seed: int = 0) -> None:
        check_bot_seat(game, seat)
        self.game = game
        self.seat = seat
        self._rnd = random.Random(check_seed(seed, InvalidArgumentError))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.game.id!r}, seat={self.seat})"

    def _check_turn(self, state: StateT) -> None:
        """InvalidArgumentError unless ``state`` is this seat's decision."""
        if self.game.current_player(state) != self.seat:
            raise InvalidArgumentError(f"it is not seat {self.seat}'s decision")
