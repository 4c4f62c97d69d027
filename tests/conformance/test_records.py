"""Game records: every game's recorded games replay exactly, and records made under other
rules, formats or games are refused with a clear error, never replayed silently."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from gremlinrules import SerializationError
from gremlinrules.core.records import FORMAT_VERSION
from gremlinrules.core.records import load_record
from gremlinrules.core.records import make_record
from gremlinrules.core.records import record_json
from gremlinrules.core.records import replay
from tests.conformance import support
from tests.conformance.support import CASE_IDS
from tests.conformance.support import CASES
from tests.conformance.support import GAME_IDS


def _played(game_id: str, players: int, seed: int, steps: int) -> tuple[Any, list[Any], Any]:
    game = support.game(game_id)
    state = game.new_game(players, seed)
    rnd = random.Random(seed)
    actions: list[Any] = []
    while not game.is_terminal(state) and len(actions) < steps:
        legal = game.legal_actions(state)
        actions.append(legal[rnd.randrange(len(legal))])
        state = game.apply(state, actions[-1])
    return game, actions, state


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=CASE_IDS)
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 400))
def test_a_record_replays_to_the_same_state_and_result(game_id: str, players: int, seed: int,
                                                        steps: int) -> None:
    """Property: record a random game, write it as text, read it back: replaying it gives the
    game's every state, ending in the same state, and the result it states."""
    game, actions, final = _played(game_id, players, seed, steps)
    record = make_record(game, players, actions, seed=seed, options=support.table_options(game_id))
    loaded = load_record(record_json(record))
    states = replay(loaded)
    assert len(states) == len(actions) + 1
    assert states[-1] == final
    assert loaded.result == {"terminal": game.is_terminal(final), "scores": list(game.scores(final)),
                             "winners": list(game.winners(final))}
    assert all(step["text"] for step in record["actions"])


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize(("key", "value", "words"), [
    ("format", "pgn", "not a gremlinrules game record"),
    ("format_version", FORMAT_VERSION + 1, "newer than this library"),
    ("format_version", 0, "can no longer be read"),
    ("game", "chess", "unknown game"),
    ("rules", "0", "rules version"),
    ("components", "0000000000000000", "components version"),
    ("players", "three", "players"),
    ("actions", [{"act": {}}], "record step"),
    ("actions", [{"action": {"type": "Castle"}}], "record step 0"),
])
def test_a_record_under_other_rules_or_malformed_is_refused(game_id: str, key: str, value: Any,
                                                            words: str) -> None:
    """A record naming another format, a newer or unknown format version, another game, other
    rules or component versions, or holding a malformed field is refused with a
    SerializationError that says why."""
    game, actions, _ = _played(game_id, support.game(game_id).min_players, 1, 5)
    record = make_record(game, game.min_players, actions, seed=1)
    record[key] = value
    with pytest.raises(SerializationError, match=words):
        load_record(json.dumps(record))


def test_text_that_is_not_a_record_is_refused() -> None:
    """Garbage, a JSON list and an empty object are refused with SerializationError."""
    for text in ("not json", "[]", "{}"):
        with pytest.raises(SerializationError):
            load_record(text)
