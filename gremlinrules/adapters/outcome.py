"""How a finished game's result becomes one return per seat, for the adapters and the bots.

``win_loss`` (the default): a winner gets +1, every other seat -1; when every
seat is a winner (a full tie) everyone gets 0. Partners who win together both
get +1. Before the end every return is 0.
"""

from __future__ import annotations

from typing import Any

from gremlinrules.core.protocol import Game

__all__ = ["MAX_RETURN", "MIN_RETURN", "returns"]

MIN_RETURN = -1.0
MAX_RETURN = 1.0


def returns(game: Game, state: Any) -> tuple[float, ...]:
    """One return per seat: +1 a winner, -1 a loser, 0 for all on a full tie or before the end."""
    n = game.players(state)
    if not game.is_terminal(state):
        return (0.0,) * n
    won = set(game.winners(state))
    if len(won) == n:
        return (0.0,) * n
    return tuple(MAX_RETURN if p in won else MIN_RETURN for p in range(n))
