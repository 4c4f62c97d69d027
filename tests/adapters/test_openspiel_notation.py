"""The OpenSpiel adapter's action strings are the game's text notation."""

from __future__ import annotations

import pytest

import gremlinrules

pytest.importorskip("pyspiel")

from gremlinrules.adapters.openspiel import load_game
from tests.test_play import frontend_game


@pytest.mark.parametrize("game_id", gremlinrules.game_ids())
def test_action_strings_are_the_notation_and_parse_back_to_the_action(game_id: str) -> None:
    """Along a game, every legal action's OpenSpiel string is ``str(action)`` of the action at that
    index, and ``game.parse_action`` reads it back to that action."""
    game = frontend_game(game_id)
    spiel = load_game(game_id, game.min_players, seed=2)
    state = spiel.new_initial_state()
    steps = 0
    while not state.is_terminal() and steps < 60:
        player = state.current_player()
        legal = state.legal_actions()
        for index in legal:
            action = spiel.space.action_at(index)
            text = state.action_to_string(player, index)
            assert text == str(action)
            assert game.parse_action(text) == action
        state.apply_action(legal[steps % len(legal)])
        steps += 1
    assert steps > 0
