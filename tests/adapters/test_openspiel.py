"""The OpenSpiel adapter passes OpenSpiel's own random simulation test on every game and player count."""

from __future__ import annotations

import pickle
from typing import Any

import pytest

import gremlinrules
from gremlinrules.adapters.encoding import view_encoder
from gremlinrules.core.actionspace import action_space
from tests.conformance.support import CASE_IDS, CASES

pyspiel = pytest.importorskip("pyspiel")
gos = pytest.importorskip("gremlinrules.adapters.openspiel")


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=CASE_IDS)
def test_random_sim_test_passes(game_id: str, players: int) -> None:
    """pyspiel.random_sim_test (legal actions, masks, clones, serialization, returns) passes."""
    game = gos.load_game(game_id, players=players, seed=players * 101)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=CASE_IDS)
def test_game_facts_match_the_library(game_id: str, players: int) -> None:
    """Loaded by name: action count, game length, tensor shapes and utilities match the library."""
    lib = gremlinrules.get_game(game_id)
    game = pyspiel.load_game(gos.short_name(game_id), {"players": players, "seed": 3})
    assert game.num_players() == players
    assert game.num_distinct_actions() == action_space(lib, players).size
    assert game.max_game_length() == lib.decision_bound(players)
    assert game.observation_tensor_shape() == [view_encoder(lib, players).size]
    assert game.information_state_tensor_shape() == [view_encoder(lib, players).size]
    assert (game.min_utility(), game.max_utility()) == (-1.0, 1.0)


@pytest.mark.parametrize("game_id", gremlinrules.game_ids())
def test_state_follows_the_library_and_serializes(game_id: str) -> None:
    """Each step matches the library; tensors are the view encoding; a serialized state comes back equal."""
    lib = gremlinrules.get_game(game_id)
    n = lib.player_counts[0]
    game = gos.load_game(game_id, players=n, seed=5)
    state = game.new_initial_state()
    expected = lib.new_game(n, 5)
    enc = view_encoder(lib, n)
    for step in range(40):
        if state.is_terminal():
            break
        seat = state.current_player()
        assert seat == lib.current_player(expected)
        assert state.observation_tensor(seat) == pytest.approx(enc.encode_state(expected, seat))
        assert state.observation_string(seat) == lib.to_json(lib.observe(expected, seat))
        legal = state.legal_actions()
        action = legal[(step * 7) % len(legal)]
        expected = lib.apply(expected, game.space.action_at(action))
        state.apply_action(action)
        assert state.gremlin_state == expected
    text = pyspiel.serialize_game_and_state(game, state)
    _, state2 = pyspiel.deserialize_game_and_state(text)
    assert str(state2) == str(state)
    assert state2.history() == state.history()
    assert pickle.loads(pickle.dumps(state._held)).state == state.gremlin_state


def _finish(state: Any) -> Any:
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    return state


@pytest.mark.parametrize("game_id", gremlinrules.game_ids())
def test_returns_are_plus_one_for_winners_minus_one_for_others(game_id: str) -> None:
    """At the end a winner's return is +1 and everyone else's -1 (0 for all on a full tie)."""
    lib = gremlinrules.get_game(game_id)
    n = lib.player_counts[0]
    state = _finish(gos.load_game(game_id, players=n, seed=1).new_initial_state())
    winners = set(lib.winners(state.gremlin_state))
    expected = [0.0] * n if len(winners) == n else [1.0 if p in winners else -1.0 for p in range(n)]
    assert state.returns() == expected
    assert state.rewards() == expected


def test_information_state_string_adds_own_actions() -> None:
    """The perfect-recall string is the view followed by that seat's own action indices."""
    game = gos.load_game("gnaughty-gnomes", players=4, seed=2)
    state = game.new_initial_state()
    seat = state.current_player()
    action = state.legal_actions()[0]
    state.apply_action(action)
    assert state.information_state_string(seat).endswith(f"own-actions:{action}")
    assert state.own_actions(seat) == (action,)


def test_options_and_bad_players_are_checked() -> None:
    """Game options pass as JSON; an unsupported player count is refused when loading."""
    lib = gremlinrules.get_game("gnaughty-gnomes")
    game = gos.load_game("gnaughty-gnomes", players=4, options=lib.Options(no_space="widen"))
    assert game.new_initial_state().gremlin_state.options == lib.Options(no_space="widen")
    with pytest.raises(gremlinrules.SetupError):
        gos.load_game("gnaughty-gnomes", players=3)
