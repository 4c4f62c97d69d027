"""The random playout policy of the engine, in Python: what ``engine.playouts`` plays, move for move.

A playout of seed ``s`` is the game ``new_game(players, s, options=options)`` played to its end by
one policy: its own SplitMix64 generator (:mod:`gremlinrules.core.rng`) started at
``s ^ POLICY_SALT``; before every decision it draws ``below(n)``, ``n`` the number of legal
actions, and the action at that position of ``legal_actions`` (the canonical order, which is the
ascending order of the action indices) is played. A draw is made even when one action is legal.
The result is a :class:`Playout`. :func:`random_playout` is this policy over any game's typed API,
so a Python loop reproduces the native playouts exactly (the engine's differential tests compare
them), and a port can too.
"""

from __future__ import annotations

from typing import Any
from typing import NamedTuple

from gremlinrules.core import draws
from gremlinrules.core.protocol import Game

__all__ = ["POLICY_SALT", "Playout", "policy_state", "random_playout"]

POLICY_SALT = 0x5851F42D4C957F2D
"""XORed into a playout's seed to start its policy's generator (so the policy's draws are not the
deal's)."""

_MASK = (1 << 64) - 1


class Playout(NamedTuple):
    """One whole game's result."""

    scores: tuple[int, ...]
    """``game.scores`` at the end, one per seat."""
    winners: tuple[int, ...]
    """``game.winners`` at the end."""
    decisions: int
    """The decisions taken (actions applied)."""
    end_reason: str | None
    """``game.end_reason`` at the end: the clause id of the rule that ended the game."""


def policy_state(seed: int) -> int:
    """The random policy's generator state for the playout of ``seed`` (0 to 2**64 - 1)."""
    return (seed ^ POLICY_SALT) & _MASK


def random_playout(game: Game, players: int, seed: int, options: Any = None) -> Playout:
    """The playout of ``seed`` under the random policy (see the module's docstring), through the
    game's typed API: the same result as the engine's, decision for decision."""
    state = game.new_game(players, seed, options=options)
    policy = policy_state(seed)
    legal_actions, apply, is_terminal = game.legal_actions, game.apply, game.is_terminal
    decisions = 0
    while not is_terminal(state):
        legal = legal_actions(state)
        pick, policy = draws.below(policy, len(legal))
        state = apply(state, legal[pick])
        decisions += 1
    return Playout(game.scores(state), game.winners(state), decisions, game.end_reason(state))
