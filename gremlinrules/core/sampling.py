"""Sampling the hidden part of a state as one seat might imagine it (for search bots).

``sample_hidden(state, player, seed)`` finds the game a state belongs to in the
registry of games (the one installed in :mod:`gremlinrules.core.registry`) and
calls that game's ``sample_hidden``: a state seat ``player``
cannot tell apart from ``state`` (``observe`` gives an equal view), with every
card, role or target hidden from that seat redealt at random, consistent with
what the seat knows, and a fresh generator. It is how an information-set
search imagines the other hands; the conformance suite proves per game that
the view never changes.
"""

from __future__ import annotations

from typing import Any

from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.core.protocol import Game
from gremlinrules.core.registry import find_game
from gremlinrules.core.registry import known_games

__all__ = ["game_of", "sample_hidden"]


def game_of(state: Any) -> Game:
    """The registered game whose ``State`` class ``state`` is an instance of."""
    for gid in known_games():
        try:
            game = find_game(gid)
        except Exception:  # a game that fails to import cannot own the state
            continue
        if isinstance(state, game.State):
            return game
    raise InvalidArgumentError(f"{type(state).__name__} is not the state of a registered game")


def sample_hidden(state: Any, player: int, seed: int, *, game: Game | None = None) -> Any:
    """A state seat ``player`` cannot tell from ``state``, hidden parts redealt from ``seed``.

    ``game`` may be given to skip the registry lookup.
    """
    return (game if game is not None else game_of(state)).sample_hidden(state, player, seed)
