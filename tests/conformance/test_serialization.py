"""JSON round trips of states, actions, views and options are exact for every game."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gremlinrules import SerializationError
from tests.conformance import support
from tests.conformance.support import CASE_IDS
from tests.conformance.support import CASES
from tests.conformance.support import walk

pytestmark = pytest.mark.parametrize(("game_id", "players"), CASES, ids=CASE_IDS)


@given(seed=st.integers(0, 2**32), walk_seed=st.integers(0, 2**32),
       stop=st.integers(0, 400))
def test_json_round_trip_of_state_actions_and_views_is_exact(
        game_id: str, players: int, seed: int, walk_seed: int, stop: int) -> None:
    """from_json(to_json(x)) == x for the state, its legal actions and every seat's view, and
    to_data gives plain JSON values (what json.loads returns)."""
    game = support.game(game_id)
    rnd = random.Random(walk_seed)
    state, _ = walk(game, players, seed, rnd, stop_after=stop)
    for obj, cls in [(state, game.State), *((a, game.Action) for a in game.legal_actions(state)),
                     *((game.observe(state, p), game.View) for p in range(players))]:
        data = game.to_data(obj)
        assert json.loads(json.dumps(data)) == data
        text = game.to_json(obj)
        back = game.from_json(text, cls)
        assert back == obj
        assert game.to_json(back) == text


def test_options_and_setup_round_trip(game_id: str, players: int) -> None:
    """The default Options and an empty Setup survive a JSON round trip."""
    game = support.game(game_id)
    for obj, cls in ((game.Options(), game.Options), (game.Setup(), game.Setup)):
        assert game.from_json(game.to_json(obj), cls) == obj


BAD_DATA = [None, 0, "text", [], [1, 2], {}, {"type": "NoSuchAction"}, {"unknown_field": 1}, 3.5, True]


@given(bad=st.sampled_from(BAD_DATA))
def test_malformed_data_raises_serialization_error_only(game_id: str, players: int, bad: object) -> None:
    """Garbage decoded as a state, action, view or options raises SerializationError, never
    another exception."""
    game = support.game(game_id)
    for cls in (game.State, game.Action, game.View):
        with pytest.raises(SerializationError):
            game.from_data(bad, cls)


@given(seed=st.integers(0, 2**32), walk_seed=st.integers(0, 2**32), stop=st.integers(0, 200),
       data=st.data())
def test_corrupted_state_data_raises_serialization_error_only(
        game_id: str, players: int, seed: int, walk_seed: int, stop: int, data: st.DataObject) -> None:
    """A state's JSON with one field replaced by a wrong value is refused with SerializationError
    (a wrong type, or an inconsistent value caught by the game's invariant check), or decodes to a
    state that passes check_state."""
    game = support.game(game_id)
    rnd = random.Random(walk_seed)
    state, _ = walk(game, players, seed, rnd, stop_after=stop)
    good = game.to_data(state)
    key = data.draw(st.sampled_from(sorted(good)))
    bad = dict(good)
    bad[key] = data.draw(st.sampled_from([None, -1, 10**6, "x", [], [[-5]], {"a": 1}]))
    try:
        decoded = game.from_data(bad, game.State)
    except SerializationError:
        return
    game.check_state(decoded)


def test_bad_json_text_raises_serialization_error(game_id: str, players: int) -> None:
    """Text that is not JSON, and non-text, raise SerializationError."""
    game = support.game(game_id)
    for text in ("{not json", "", b"\xff\xfe"):
        with pytest.raises(SerializationError):
            game.from_json(text, game.State)  # type: ignore[arg-type]
    with pytest.raises(SerializationError):
        game.from_json(None, game.State)  # type: ignore[arg-type]
