"""Shared helpers of the conformance suite: the cases, and a random walk through a game."""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from typing import Any

import gremlinrules
from gremlinrules import Game

_ONLY = [g for g in os.environ.get("GREMLINRULES_GAMES", "").split(",") if g]
GAME_IDS = [gid for gid in gremlinrules.game_ids() if not _ONLY or gid in _ONLY]
"""Every registered game (or those named in GREMLINRULES_GAMES, comma-separated, for local runs)."""

CASES: list[tuple[str, int]] = [
    (gid, n) for gid in GAME_IDS for n in gremlinrules.get_game(gid).player_counts
]
"""Every registered game with every supported player count."""

CASE_IDS = [f"{gid}-{n}p" for gid, n in CASES]


def walk(game: Game, players: int, seed: int, rnd: random.Random,
         visit: Callable[[Any, tuple[Any, ...], Any], None] | None = None,
         stop_after: int | None = None) -> tuple[Any, list[Any]]:
    """Play random legal actions from ``new_game(players, seed)`` to the end (or ``stop_after``).

    ``visit(state, legal, action)`` is called before each action. Returns the
    last state and the actions taken.
    """
    state = game.new_game(players, seed)
    actions: list[Any] = []
    bound = game.decision_bound(players)
    while not game.is_terminal(state):
        if stop_after is not None and len(actions) >= stop_after:
            break
        legal = game.legal_actions(state)
        action = legal[rnd.randrange(len(legal))]
        if visit is not None:
            visit(state, legal, action)
        state = game.apply(state, action)
        actions.append(action)
        if len(actions) > bound:
            raise AssertionError(f"{game.id} exceeded its decision bound {bound}")
    return state, actions


def replay(game: Game, players: int, seed: int, actions: list[Any]) -> Any:
    """The state after applying ``actions`` to a new game."""
    state = game.new_game(players, seed)
    for action in actions:
        state = game.apply(state, action)
    return state
