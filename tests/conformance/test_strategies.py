"""The shared strategies (tests/strategies.py) give what they promise for every game: tables a
game accepts and states its own invariants hold in."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

import gremlinrules
from tests import strategies

GAME_IDS = strategies.GAME_IDS


@pytest.mark.parametrize("game_id", GAME_IDS)
@settings(max_examples=5, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(data=st.data())
def test_drawn_states_are_reachable_states_of_drawn_tables(game_id: str, data: st.DataObject) -> None:
    """Property: a state drawn by ``states(game_id)`` passes the game's own invariants and has
    legal actions unless it is terminal; its options are options of the game."""
    game = gremlinrules.get_game(game_id)
    state: Any = data.draw(strategies.states(game_id, max_decisions=24), label="state")
    module: Any = game.module  # type: ignore[attr-defined]
    module.check_state(state)
    assert isinstance(state.options, game.Options)
    assert game.is_terminal(state) or game.legal_actions(state)


@pytest.mark.parametrize("game_id", GAME_IDS)
@settings(max_examples=10, deadline=None)
@given(data=st.data())
def test_drawn_tables_and_component_sets_set_up_games(game_id: str, data: st.DataObject) -> None:
    """Property: every table drawn by ``tables(game_id)`` sets up a game with its player count,
    and every drawn component set is a valid one the game's options take."""
    game = gremlinrules.get_game(game_id)
    players, options = data.draw(strategies.tables(game_id), label="table")
    assert game.current_player(game.new_game(players, 0, options=options)) is not None
    assert players in range(game.min_players, game.max_players + 1)
    if game_id in strategies.COMPONENT_SETS:
        components = data.draw(strategies.component_sets(game_id), label="components")
        assert game.Options(components=components).components is components
