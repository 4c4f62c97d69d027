"""The generated fast path of JSON decoding gives what cattrs' general path gives: the same objects
from good data, and the same SerializationError (message and path) from bad data."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

import gremlinrules
from gremlinrules.core import serial
from gremlinrules.core.errors import SerializationError

WRONG: tuple[Any, ...] = ("x", 7, True, None, 1.5, [], {}, ["x"], [7], [[7]], {"type": "x"})
"""Values put in place of one field: each is the wrong kind for most fields."""


@contextmanager
def general_path_only() -> Iterator[None]:
    """Decode through cattrs' own functions alone, as before the fast path existed."""
    serial._MODE.slow = True
    try:
        yield
    finally:
        serial._MODE.slow = False


def _states(game_id: str) -> list[Any]:
    """States along one seeded random playout per player count (a few from each)."""
    game = gremlinrules.get_game(game_id)
    found = []
    for players in game.player_counts:
        rnd = random.Random(players)
        state = game.new_game(players, players)
        seen = [state]
        while not game.is_terminal(state):
            legal = game.legal_actions(state)
            state = game.apply(state, legal[rnd.randrange(len(legal))])
            seen.append(state)
        found.extend(seen[:: max(1, len(seen) // 3)])
    return found


def _decode(game: Any, data: Any) -> tuple[str, Any]:
    try:
        return "ok", game.from_data(data, game.State)
    except SerializationError as exc:
        return "error", (str(exc), exc.path)


@pytest.mark.parametrize("game_id", gremlinrules.game_ids())
def test_fast_decoding_equals_general_decoding_on_good_and_bad_data(game_id: str) -> None:
    """For states along random playouts, and for the same data with one top-level field replaced
    by a value of the wrong kind (or removed, or joined by an unknown key), decoding gives an equal
    state or the same error whether the fast path runs or not."""
    game = gremlinrules.get_game(game_id)
    rnd = random.Random(0)
    for state in _states(game_id):
        data = game.to_data(state)
        variants = [data, {k: v for k, v in data.items() if k != "turn"}, {**data, "junk": 1}]
        for key in rnd.sample(sorted(data), min(6, len(data))):
            variants.append({**data, key: rnd.choice(WRONG)})
            if isinstance(data[key], list) and data[key]:
                variants.append({**data, key: [rnd.choice(WRONG), *data[key][1:]]})
        for variant in variants:
            fast = _decode(game, variant)
            with general_path_only():
                general = _decode(game, variant)
            assert fast == general
        assert _decode(game, data) == ("ok", state)


def test_a_failure_deep_inside_restarts_once_from_the_outermost_object() -> None:
    """A bad value nested in objects inside lists is reported with its full path, as by cattrs,
    and the fast path's nesting is unwound afterwards (the next good decode is fast again)."""
    game = gremlinrules.get_game("gremlins-inc")
    state = next(s for s in _states("gremlins-inc") if any(game.to_data(s)["projects"]))
    data = game.to_data(state)
    seat = next(i for i, row in enumerate(data["projects"]) if row)
    project = data["projects"][seat][0]
    rows = list(data["projects"])
    rows[seat] = [{**project, next(iter(project)): 1.5}, *rows[seat][1:]]
    bad = {**data, "projects": rows}
    with pytest.raises(SerializationError) as fast:
        game.from_data(bad, game.State)
    with general_path_only(), pytest.raises(SerializationError) as general:
        game.from_data(bad, game.State)
    assert (str(fast.value), fast.value.path) == (str(general.value), general.value.path)
    assert fast.value.path.startswith(f"$.projects[{seat}][0]")
    assert (serial._MODE.depth, serial._MODE.slow) == (0, False)
    assert game.from_data(data, game.State) == state
