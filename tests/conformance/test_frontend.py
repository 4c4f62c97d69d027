"""The frontend contract, for every game: uniform readable views, the spectator, events,
labels, the text notation and the JSON Schema (see docs/rendering.rst)."""

from __future__ import annotations

import random
from typing import Any

import jsonschema
import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

import gremlinrules
from gremlinrules.core.messages import Message
from tests.conformance import support
from tests.conformance.support import CASE_IDS
from tests.conformance.support import CASES
from tests.conformance.support import GAME_IDS
from tests.conformance.support import walk

TOP_LEVEL = ("seat", "players", "current_player", "phase", "pending", "scores", "winners", "options",
             "format_version")
_VALIDATORS: dict[tuple[str, str], jsonschema.Draft202012Validator] = {}


def validator(game_id: str, name: str) -> jsonschema.Draft202012Validator:
    """A validator for ``$defs/name`` of the game's schema (made once)."""
    key = (game_id, name)
    if key not in _VALIDATORS:
        schema = support.game(game_id).json_schema()
        _VALIDATORS[key] = jsonschema.Draft202012Validator(
            {"$defs": schema["$defs"], "$ref": f"#/$defs/{name}"})
    return _VALIDATORS[key]


def _negative_ints(data: Any, path: str = "$") -> list[str]:
    if isinstance(data, bool):
        return []
    if isinstance(data, int):
        return [path] if data < 0 else []
    if isinstance(data, dict):
        return [p for k, v in data.items() for p in _negative_ints(v, f"{path}.{k}")]
    if isinstance(data, list):
        return [p for i, v in enumerate(data) for p in _negative_ints(v, f"{path}[{i}]")]
    return []


def _state(game_id: str, players: int, seed: int, stop: int) -> Any:
    game = support.game(game_id)
    state, _ = walk(game, players, seed, random.Random(seed), stop_after=stop)
    return state


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_schema_is_json_schema_2020_12_with_the_six_roles(game_id: str) -> None:
    """json_schema() is a valid draft 2020-12 schema whose $defs name State, View, Action, Options,
    Setup and Event."""
    schema = support.game(game_id).json_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert {"State", "View", "Action", "Options", "Setup", "Event"} <= set(schema["$defs"])


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=CASE_IDS)
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**32), stop=st.integers(0, 400))
def test_views_are_uniform_readable_and_valid_under_the_schema(game_id: str, players: int, seed: int,
                                                                stop: int) -> None:
    """Property: every seat's view and the spectator's have the same top-level fields in every
    game, hold no negative number (no magic -1), carry the format version, and validate against
    the game's schema, as do the state and the legal actions."""
    game = support.game(game_id)
    state = _state(game_id, players, seed, stop)
    validator(game_id, "State").validate(game.to_data(state))
    for seat in (*range(players), None):
        data = game.to_data(game.observe(state, seat))
        assert set(TOP_LEVEL) <= set(data), f"missing {set(TOP_LEVEL) - set(data)}"
        assert data["seat"] == seat
        assert data["current_player"] == game.current_player(state)
        assert isinstance(data["phase"], str)
        assert data["format_version"] == game.format_version
        assert not _negative_ints(data), f"negative numbers at {_negative_ints(data)}"
        validator(game_id, "View").validate(data)
    for action in game.legal_actions(state):
        validator(game_id, "Action").validate(game.to_data(action))


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=CASE_IDS)
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**32), stop=st.integers(0, 400), resample=st.integers(0, 2**32))
def test_the_spectator_sees_nothing_any_seat_could_redraw(game_id: str, players: int, seed: int,
                                                          stop: int, resample: int) -> None:
    """Property: the spectator's view (observe(state, None)) is unchanged when everything hidden
    from any one seat is redrawn (sample_hidden), so it holds public information only."""
    game = support.game(game_id)
    state = _state(game_id, players, seed, stop)
    spectator = game.observe(state, None)
    for p in range(players):
        assert game.observe(game.sample_hidden(state, p, resample), None) == spectator


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=CASE_IDS)
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**32), stop=st.integers(0, 400), resample=st.integers(0, 2**32),
       pick=st.integers(0, 10**6))
def test_events_follow_apply_and_are_redacted_as_views_are(game_id: str, players: int, seed: int,
                                                           stop: int, resample: int, pick: int) -> None:
    """Property: apply_with_events gives apply's state, its events validate against the schema and
    round-trip through JSON; and for each seat p, two states p cannot tell apart (the state and
    sample_hidden for p) with an action legal in both give p the same redacted events whenever
    p's views after the action are equal too."""
    game = support.game(game_id)
    state = _state(game_id, players, seed, stop)
    if game.is_terminal(state):
        return
    legal = game.legal_actions(state)
    action = legal[pick % len(legal)]
    after, events = game.apply_with_events(state, action)
    assert after == game.apply(state, action)
    for event in events:
        validator(game_id, "Event").validate(game.to_data(event))
        assert game.from_json(game.to_json(event), game.Event) == event
    for p in (*range(players), None):
        mine = [e for e in (game.observe_event(ev, p) for ev in events) if e is not None]
        if p is None:
            continue
        twin = game.sample_hidden(state, p, resample)
        if not game.is_legal(twin, action):
            continue
        twin_after, twin_events = game.apply_with_events(twin, action)
        if game.observe(twin_after, p) != game.observe(after, p):
            continue
        theirs = [e for e in (game.observe_event(ev, p) for ev in twin_events) if e is not None]
        assert mine == theirs


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=CASE_IDS)
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**32), stop=st.integers(0, 400))
def test_labels_are_distinct_messages_made_from_the_view(game_id: str, players: int, seed: int,
                                                         stop: int) -> None:
    """Property: the labels of a state's legal actions, computed from the deciding seat's view
    alone (the view after a JSON round trip, as a client holds it), are non-empty, pairwise
    distinct, and carry a message key."""
    game = support.game(game_id)
    state = _state(game_id, players, seed, stop)
    if game.is_terminal(state):
        return
    view = game.from_json(game.to_json(game.observe(state, game.current_player(state))), game.View)
    labels = [game.action_label(view, a) for a in game.legal_actions(state)]
    assert all(isinstance(label, Message) and label and label.key for label in labels)
    assert len(set(labels)) == len(labels), f"labels repeat: {sorted(labels)}"


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=CASE_IDS)
def test_every_action_notation_parses_back(game_id: str, players: int) -> None:
    """Every action that can ever be legal has a text notation (str) that parse_action reads back
    to an equal action, and the notations are distinct."""
    game = support.game(game_id)
    actions = game.all_actions(players)
    texts = [str(a) for a in actions]
    assert len(set(texts)) == len(texts)
    for action, text in zip(actions, texts, strict=True):
        assert game.parse_action(text) == action


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("text", ["", "???", "x" * 10_000, "\x00", "play 99999999999999999999999"])
def test_bad_notation_is_refused_briefly(game_id: str, text: str) -> None:
    """Text that is no action is refused with a SerializationError whose message stays short."""
    game = support.game(game_id)
    with pytest.raises(gremlinrules.SerializationError) as info:
        game.parse_action(text)
    assert len(str(info.value)) < 300
