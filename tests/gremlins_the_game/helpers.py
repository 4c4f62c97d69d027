"""Helpers for the Gremlins: The Game tests: tables built from a setup, and random play."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import settings

from gremlinrules.gremlins_the_game import Options
from gremlinrules.gremlins_the_game import Placed
from gremlinrules.gremlins_the_game import Setup
from gremlinrules.gremlins_the_game import State
from gremlinrules.gremlins_the_game import apply
from gremlinrules.gremlins_the_game import check_state
from gremlinrules.gremlins_the_game import is_terminal
from gremlinrules.gremlins_the_game import legal_actions
from gremlinrules.gremlins_the_game import new_game
from gremlinrules.gremlins_the_game.flow import GREMLIN_SPACES
from gremlinrules.gremlins_the_game.flow import THEATER_SPACES
from gremlinrules.gremlins_the_game.flow import replace

__all__ = ["GREMLIN_SPACES", "THEATER_SPACES", "edited", "play", "random_states", "scaled", "table"]


def scaled(n: int) -> int:
    """``n`` examples under the default profile (25 examples a test), proportionally more under a
    deeper one (at most eight times as many)."""
    return n * min(8, max(1, settings().max_examples // 25))


def table(players: int = 2, seed: int = 0, *, options: Options | None = None, **setup: Any) -> State:
    """A new game with the given Setup fields."""
    return new_game(players, seed, options=options, setup=Setup(**setup))


def edited(s: State, **changes: Any) -> State:
    """``s`` with fields changed, checked to be a state the rules accept (so a test never starts
    from a table the rules could not reach)."""
    out = replace(s, **changes)
    check_state(out)
    return out


def play(s: State, *actions: Any) -> State:
    """Apply the actions in order."""
    for a in actions:
        s = apply(s, a)
    return s


def random_states(seed: int, players: int, *, options: Options | None = None,
                  limit: int = 10**6) -> list[State]:
    """Every state of one random game (at most ``limit`` decisions)."""
    rnd = random.Random(seed)
    s = new_game(players, seed, options=options)
    out = [s]
    while not is_terminal(s) and len(out) <= limit:
        legal = legal_actions(s)
        s = apply(s, legal[rnd.randrange(len(legal))])
        out.append(s)
    return out


def face_down(space: str, gremlin: str) -> Placed:
    """A face-down gremlin token on a space."""
    return Placed(space, gremlin, False)
