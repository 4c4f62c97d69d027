"""The fixed action space: stable indices, masks that match legal_actions, clear errors."""

from __future__ import annotations

import random

import pytest

import gremlinrules
from gremlinrules import IllegalActionError
from gremlinrules import InvalidArgumentError
from gremlinrules.core.actionspace import action_at
from gremlinrules.core.actionspace import action_index
from gremlinrules.core.actionspace import action_space
from gremlinrules.core.actionspace import legal_action_indices
from gremlinrules.core.actionspace import legal_action_mask
from gremlinrules.core.actionspace import num_distinct_actions
from tests.conformance.support import PLAIN_CASE_IDS
from tests.conformance.support import PLAIN_CASES
from tests.conformance.support import walk


@pytest.mark.parametrize(("game_id", "players"), PLAIN_CASES, ids=PLAIN_CASE_IDS)
def test_index_round_trips_over_the_whole_space(game_id: str, players: int) -> None:
    """action_at(action_index(a)) is a for every action, and the size is that of all_actions."""
    game = gremlinrules.get_game(game_id)
    actions = game.all_actions(players)
    assert num_distinct_actions(game, players) == len(actions)
    for i, action in enumerate(actions):
        assert action_index(game, players, action) == i
        assert action_at(game, players, i) == action


@pytest.mark.parametrize(("game_id", "players"), PLAIN_CASES, ids=PLAIN_CASE_IDS)
def test_mask_marks_exactly_the_legal_actions(game_id: str, players: int) -> None:
    """Along random playouts the mask has a 1 exactly at each legal action's index, increasing."""
    game = gremlinrules.get_game(game_id)
    space = action_space(game, players)

    def visit(state: object, legal: tuple[object, ...], _: object) -> None:
        indices = legal_action_indices(game, state)
        assert list(indices) == sorted(set(indices))
        assert [space.actions[i] for i in indices] == list(legal)
        mask = legal_action_mask(game, state)
        assert len(mask) == space.size
        assert {i for i, m in enumerate(mask) if m} == set(indices)

    walk(game, players, 11, random.Random(11), visit, stop_after=300)


@pytest.mark.parametrize("game_id", gremlinrules.game_ids())
def test_bad_actions_and_indices_raise_library_errors(game_id: str) -> None:
    """An action outside the space, or a bad index, raises IllegalActionError / InvalidArgumentError."""
    game = gremlinrules.get_game(game_id)
    n = game.player_counts[0]
    size = num_distinct_actions(game, n)
    for bad in ("Play", None, [1], 3.5):
        with pytest.raises(IllegalActionError):
            action_index(game, n, bad)
    for index in (-1, size, "0", None, True):
        with pytest.raises(InvalidArgumentError):
            action_at(game, n, index)  # type: ignore[arg-type]


def test_space_needs_a_game() -> None:
    """Passing something that is not a Game raises InvalidArgumentError."""
    with pytest.raises(InvalidArgumentError):
        action_space("gnaughty-gnomes", 4)  # type: ignore[arg-type]
