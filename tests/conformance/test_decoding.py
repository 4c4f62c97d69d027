"""Decoding what a client sends: every class round-trips, and hostile input gets a short library error.

A game server passes client bytes straight to ``from_json``. Whatever arrives,
the library accepts it or raises a ``GremlinRulesError`` (here a
``SerializationError``) with a short message, in bounded time; nothing else
escapes. The same holds for the arguments of the public functions (huge
integers included), and ``to_data``/``to_json`` convert only the game's own
objects.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable
from collections.abc import Iterator
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import gremlinrules
from gremlinrules import Game
from gremlinrules import GremlinRulesError
from gremlinrules import SerializationError
from tests.conformance.support import GAME_IDS

pytestmark = pytest.mark.parametrize("game_id", GAME_IDS)

MESSAGE_LIMIT = 300
"""The longest error message a hostile input may get back (the library's messages are shorter)."""

TIME_LIMIT = 5.0
"""Seconds one call may take on hostile input (a bound with room for a slow CI machine)."""

HUGE = 10**5000
"""An int too long for ``repr`` (Python refuses to print ints over 4,300 digits)."""

BIG_TEXT = "x" * 10_000_000
"""A 10 MB string."""


def _deep(depth: int) -> Any:
    nested: Any = []
    for _ in range(depth):
        nested = [nested]
    return nested


def _classes(game: Game) -> list[Any]:
    """Every class a client can send (or a server can be sent): each decodes from data."""
    return [game.State, game.View, game.Options, game.Setup, game.Action, *game.action_types]


WIDEST_OPTIONS: dict[str, dict[str, Any]] = {"goblins-vs-gnomes": {"second_target": "may_open"}}
"""Options under which a game's action space holds every action class (an option may add an
answer: Goblins vs Gnomes' DeclineTarget exists only under second_target="may_open")."""


def _widest_space(game: Game) -> tuple[Any, ...]:
    changes = WIDEST_OPTIONS.get(game.id)
    return game.all_actions(game.max_players, None if changes is None else game.Options(**changes))


def _one_action_per_class(game: Game) -> Iterator[Any]:
    seen: set[type] = set()
    for action in _widest_space(game):
        if type(action) not in seen:
            seen.add(type(action))
            yield action


def _refused(call: Callable[[], Any]) -> GremlinRulesError | None:
    """Run ``call``; its GremlinRulesError (or None when it succeeds), after checking the message
    is short and the call took bounded time. Any other exception propagates and fails the test."""
    start = time.perf_counter()
    try:
        call()
    except GremlinRulesError as exc:
        message = str(exc)
        assert len(message) <= MESSAGE_LIMIT, f"{len(message)} characters: {message[:200]}..."
        assert "\n" not in message
        return exc
    finally:
        assert time.perf_counter() - start < TIME_LIMIT
    return None


def test_every_action_decodes_through_its_own_class_and_the_union(game_id: str) -> None:
    """from_json(to_json(a), type(a)) == a and from_json(to_json(a), game.Action) == a for every
    action in the game's action space (under options that offer every action class); decoding
    through another action class is refused."""
    game = gremlinrules.get_game(game_id)
    actions = _widest_space(game)
    assert {type(a) for a in actions} == set(game.action_types)
    for action in actions:
        text = game.to_json(action)
        assert json.loads(text)["type"] == type(action).__name__
        assert game.from_json(text, type(action)) == action
        assert game.from_json(text, game.Action) == action
        assert game.from_data(game.to_data(action), type(action)) == action
    for action in _one_action_per_class(game):
        for other in game.action_types:
            if other is not type(action):
                with pytest.raises(SerializationError, match="expected action type"):
                    game.from_json(game.to_json(action), other)


def test_unknown_action_type_names_the_known_types_in_one_short_line(game_id: str) -> None:
    """An unknown (or missing) action type is refused in one line that lists every action type
    by its class name, without module paths."""
    game = gremlinrules.get_game(game_id)
    for data in ({"type": "NoSuchAction"}, {"type": 7}, {}, {"type": None}):
        exc = _refused(lambda data=data: game.from_data(data, game.Action))  # type: ignore[misc]
        assert isinstance(exc, SerializationError)
        message = str(exc)
        assert "gremlinrules." not in message
        for cls in game.action_types:
            assert cls.__name__ in message


def test_echoed_input_is_cut_to_a_short_prefix(game_id: str) -> None:
    """A 10 MB unknown key or type name, or a 10 MB string where an object belongs, is refused with
    a short message that echoes at most a short prefix of it; a 10 MB field value is too, unless
    the field is a plain string."""
    game = gremlinrules.get_game(game_id)
    action = next(_one_action_per_class(game))
    good = game.to_data(action)
    payloads: list[tuple[Any, Any]] = [
        ({**good, BIG_TEXT: 1}, game.Action),
        ({**good, BIG_TEXT: 1}, type(action)),
        ({"type": BIG_TEXT}, game.Action),
        ({BIG_TEXT: 1}, game.Options),
        ({BIG_TEXT: 1}, game.State),
        (BIG_TEXT, game.View),
    ]
    for data, cls in payloads:
        exc = _refused(lambda data=data, cls=cls: game.from_data(data, cls))  # type: ignore[misc]
        assert isinstance(exc, SerializationError)
        assert "x" * 100 not in str(exc)
        exc = _refused(lambda data=data, cls=cls: game.from_json(json.dumps(data), cls))  # type: ignore[misc]
        assert isinstance(exc, SerializationError)
    for key in good:  # a 10 MB value may be a well-formed (if never legal) card name: decodes or not
        if key != "type":
            exc = _refused(lambda key=key: game.from_data({**good, key: BIG_TEXT}, game.Action))  # type: ignore[misc]
            assert exc is None or "x" * 100 not in str(exc)


def _hostile_values() -> list[Any]:
    return [_deep(2_000), _deep(100_000), BIG_TEXT, HUGE, -HUGE, 10**4000, math.nan, math.inf,
            [0] * 1_000_000, {"a" * 1000: _deep(50)}]


def test_hostile_values_anywhere_get_a_short_library_error(game_id: str) -> None:
    """Each hostile value (nesting 2,000 and 100,000 deep, a 10 MB string, ints of 4,000 and
    5,000 digits, NaN, infinity, a million-item list) as the whole data, as an action's type, and
    in place of each field of a valid action, options, setup and state, decodes or raises only a
    GremlinRulesError, in bounded time, with a short message."""
    game = gremlinrules.get_game(game_id)
    players = game.max_players
    state = game.new_game(players, 1)
    valid: list[tuple[Any, Any]] = [
        (game.to_data(state), game.State), (game.to_data(game.Options()), game.Options),
        (game.to_data(game.Setup()), game.Setup), (game.to_data(game.observe(state, 0)), game.View),
    ]
    valid += [(game.to_data(a), game.Action) for a in _one_action_per_class(game)]
    for bad in _hostile_values():
        _refused(lambda bad=bad: game.from_data({"type": bad}, game.Action))  # type: ignore[misc]
        for cls in _classes(game):
            _refused(lambda bad=bad, cls=cls: game.from_data(bad, cls))  # type: ignore[misc]
        for data, cls in valid:
            for key in data:
                mutated = {**data, key: bad}
                _refused(lambda m=mutated, cls=cls: game.from_data(m, cls))  # type: ignore[misc]


def test_hostile_json_text_gets_a_short_serialization_error(game_id: str) -> None:
    """JSON text nested 100,000 deep, NaN and Infinity (which JSON does not have), an int of
    5,000 digits and a 10 MB string are refused (or, for the string, fail to decode as the class)
    with a short SerializationError, for every class."""
    game = gremlinrules.get_game(game_id)
    texts = ["[" * 100_000 + "]" * 100_000, '{"a":' * 100_000 + "1" + "}" * 100_000, "NaN", "-Infinity",
             '{"type": NaN}', '{"type": "x", "n": Infinity}', "9" * 5000, '{"type": ' + "9" * 5000 + "}",
             json.dumps(BIG_TEXT), json.dumps({"type": BIG_TEXT})]
    for text in texts:
        for cls in _classes(game):
            exc = _refused(lambda text=text, cls=cls: game.from_json(text, cls))  # type: ignore[misc]
            assert isinstance(exc, SerializationError)


def test_huge_int_arguments_get_a_short_library_error(game_id: str) -> None:
    """An int of 5,000 digits (too long for Python to print) as the player count, a seat, a seed
    of sample_hidden or any Options field raises a GremlinRulesError with a short message, never
    the ValueError of formatting it."""
    game = gremlinrules.get_game(game_id)
    players = game.min_players
    state = game.new_game(players, 2)
    calls: list[Callable[[], Any]] = [
        lambda: game.new_game(HUGE), lambda: game.new_game(players=-HUGE),
        lambda: game.observe(state, HUGE), lambda: game.all_actions(HUGE),
        lambda: game.decision_bound(HUGE), lambda: game.sample_hidden(state, HUGE, 0),
    ]
    for call in calls:
        assert isinstance(_refused(call), GremlinRulesError)
    for field in attrs.fields(game.Options):
        for bad in (HUGE, -HUGE, BIG_TEXT, _deep(2_000)):
            _refused(lambda field=field, bad=bad: game.Options(**{field.name: bad}))  # type: ignore[misc]
            data = {**game.to_data(game.Options()), field.name: bad}
            exc = _refused(lambda data=data: game.from_data(data, game.Options))  # type: ignore[misc]
            assert isinstance(exc, SerializationError)


def test_to_data_and_to_json_convert_only_the_games_own_objects(game_id: str) -> None:
    """to_data and to_json of any object that is not one of the game's classes (a plain value, a
    container, another game's state, action, view or options) raise SerializationError; nothing
    passes through unconverted."""
    game = gremlinrules.get_game(game_id)
    foreign: list[Any] = [object(), None, 1, "state", [1], {"type": "Play"}, (), HUGE, BIG_TEXT, _deep(2_000)]
    for other_id in gremlinrules.game_ids():
        if other_id == game_id:
            continue
        other = gremlinrules.get_game(other_id)
        other_state = other.new_game(max(other.player_counts), 1)
        foreign += [other_state, other.legal_actions(other_state)[0], other.observe(other_state, 0),
                    other.Options()]
    for obj in foreign:
        for convert in (game.to_data, game.to_json):
            exc = _refused(lambda convert=convert, obj=obj: convert(obj))  # type: ignore[misc]
            assert isinstance(exc, SerializationError)


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=20,
)


@given(data=st.data())
def test_generated_json_decodes_or_raises_a_short_serialization_error(
        game_id: str, data: st.DataObject) -> None:
    """Any JSON value, alone or as the fields of a valid action, options or setup (with the
    "type" kept), decodes as each client-sendable class or raises SerializationError with a short
    message; a value that decodes converts back to data."""
    game = gremlinrules.get_game(game_id)
    cls = data.draw(st.sampled_from(_classes(game)))
    value = data.draw(JSON_VALUES)
    templates = [game.to_data(a) for a in _one_action_per_class(game)]
    templates += [game.to_data(game.Options()), game.to_data(game.Setup())]
    template = data.draw(st.sampled_from(templates))
    mutated = {**template, **data.draw(st.dictionaries(st.sampled_from(sorted(template)), JSON_VALUES,
                                                       max_size=3))}
    for candidate in (value, mutated, {"type": value}):
        text = json.dumps(candidate)
        decoded: list[Any] = []
        exc = _refused(lambda text=text, out=decoded: out.append(game.from_json(text, cls)))  # type: ignore[misc]
        if exc is None:
            game.to_data(decoded[0])
        else:
            assert isinstance(exc, SerializationError)
