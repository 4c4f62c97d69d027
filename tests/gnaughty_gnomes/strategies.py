"""Hypothesis strategies for Gnaughty Gnomes: reachable states and stacked deals."""

from __future__ import annotations

import random
from collections.abc import Callable

from hypothesis import strategies as st

from gremlinrules.gnaughty_gnomes import Options
from gremlinrules.gnaughty_gnomes import Phase
from gremlinrules.gnaughty_gnomes import State
from gremlinrules.gnaughty_gnomes import apply
from gremlinrules.gnaughty_gnomes import legal_actions
from gremlinrules.gnaughty_gnomes import new_game


def play_until(state: State, rnd: random.Random, stop: Callable[[State], bool]) -> State:
    """Random legal actions until ``stop(state)`` or the end."""
    while state.phase is not Phase.OVER and not stop(state):
        legal = legal_actions(state)
        state = apply(state, legal[rnd.randrange(len(legal))])
    return state


def step(state: State) -> int:
    """The placement round's turn-order place now placing, 0 (winner) to 3 (loser), from the
    placement frames left on the stack."""
    return 4 - len(state.stack)


@st.composite
def states(draw: st.DrawFn, players: int | None = None, options: Options | None = None,
           placing: bool = False, playing: bool = False) -> State:
    """A state reached by random legal play from a random seed (optionally with a placement
    frame pending, or with a card to play)."""
    n = players if players is not None else draw(st.sampled_from([2, 4]))
    seed = draw(st.integers(0, 2**32))
    rnd = random.Random(draw(st.integers(0, 2**32)))
    decisions = draw(st.integers(0, 63))
    state = new_game(n, seed, options=options)
    count = 0

    def stop(s: State) -> bool:
        nonlocal count
        count += 1
        if placing and not s.stack:
            return False
        return count > decisions and (not playing or (s.phase is Phase.PLAY and not s.stack))

    return play_until(state, rnd, stop)


def finished(seed: int, players: int = 4, options: Options | None = None, walk: int = 0) -> State:
    """A finished game from a seed and a walk seed."""
    return play_until(new_game(players, seed, options=options), random.Random(walk), lambda s: False)
