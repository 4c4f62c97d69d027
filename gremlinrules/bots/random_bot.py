"""The uniform random bot: every legal action equally likely, reproducible from its seed."""

from __future__ import annotations

from gremlinrules.bots.base import SeatBot
from gremlinrules.core.protocol import ActionT
from gremlinrules.core.protocol import StateT

__all__ = ["RandomBot"]


class RandomBot(SeatBot[StateT, ActionT]):
    """Picks uniformly among the legal actions of its seat (typed by its game's state and action)."""

    def choose(self, state: StateT) -> ActionT:
        """A uniformly random legal action; it must be this seat's decision."""
        self._check_turn(state)
        legal = self.game.legal_actions(state)
        return legal[self._rnd.randrange(len(legal))]
