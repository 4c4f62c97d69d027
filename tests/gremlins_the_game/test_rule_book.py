"""The rule book's own outputs: the announced action, and half-built states refused by name."""

from __future__ import annotations

import pytest

from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.gremlins_the_game import Acted
from gremlinrules.gremlins_the_game import State
from gremlinrules.gremlins_the_game import legal_actions
from gremlinrules.gremlins_the_game import new_game
from gremlinrules.gremlins_the_game import rules


@pytest.mark.clause("GTG-TURN-1")
def test_every_applied_action_is_announced_first_with_the_deciding_seat() -> None:
    """GTG-TURN-1: the first event of every action is Acted(the seat that decided, the action),
    through whole seeded games."""
    for seed in range(3):
        s = new_game(players=3, seed=seed)
        for _ in range(60):
            actions = legal_actions(s)
            if not actions:
                break
            action = actions[len(actions) // 2]
            seat = rules.current_player(s)
            assert seat is not None
            s, events = rules.apply_with_events(s, action)
            assert events[0] == Acted(seat, action)


@pytest.mark.clause("GTG-DATA-6")
@pytest.mark.parametrize("name", ["is_terminal", "current_player"])
def test_a_half_built_state_is_refused_by_the_function_asked(name: str) -> None:
    """GTG-DATA-6: a State built without its fields gets the library's InvalidArgumentError,
    naming the function that was asked, never a bare AttributeError."""
    with pytest.raises(InvalidArgumentError, match=name):
        getattr(rules, name)(State.__new__(State))
