"""The uniform random bot: every legal action equally likely, reproducible from its seed."""

from __future__ import annotations

import random
from typing import Any, Generic

from gremlinrules.core.checks import check_seed, is_int
from gremlinrules.core.errors import InvalidArgumentError, shown
from gremlinrules.core.protocol import ActionT, Game, StateT

__all__ = ["RandomBot"]


class RandomBot(Generic[StateT, ActionT]):
    """Picks uniformly among the legal actions of its seat (typed by its game's state and action)."""

    def __init__(self, game: Game[StateT, ActionT, Any, Any, Any, Any], seat: int, seed: int = 0) -> None:
        if not is_int(seat) or seat < 0 or seat >= game.max_players:
            raise InvalidArgumentError(f"seat must be 0..{game.max_players - 1}, not {shown(seat)}")
        self.game = game
        self.seat = seat
        self._rnd = random.Random(check_seed(seed, InvalidArgumentError))

    def __repr__(self) -> str:
        return f"RandomBot({self.game.id!r}, seat={self.seat})"

    def choose(self, state: StateT) -> ActionT:
        """A uniformly random legal action; it must be this seat's decision."""
        if self.game.current_player(state) != self.seat:
            raise InvalidArgumentError(f"it is not seat {self.seat}'s decision")
        legal = self.game.legal_actions(state)
        return legal[self._rnd.randrange(len(legal))]
