"""A value the JSON converter refuses is named with its field and the values the field takes
(issue 28): ``$.card.rank: 99 is not 1 to 8 or "X"``, never "invalid value for type, expected
Card @ $.card". The core's converter (``core.serial``) does it for every game's enums, the
options' ranges and choices, and the nested values with hooks of their own (cards, cells)."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

import gremlinrules
from gremlinrules import Game
from gremlinrules import SerializationError
from tests.conformance.support import GAME_IDS
from tests.conformance.support import walk
from tests.conformance.test_fuzz import _at
from tests.conformance.test_fuzz import paths
from tests.conformance.test_fuzz import replaced

JUNK: tuple[Any, ...] = ("zz-no-such-value", 10**6, -5)
"""What each leaf is replaced by: a text no enum holds, an integer beyond every range, a negative one."""


def _refused(game: Game, data: Any, cls: Any) -> SerializationError:
    with pytest.raises(SerializationError) as info:
        game.from_data(data, cls)
    return info.value


def _keys(path: str) -> list[Any]:
    """The keys of a JSONPath the library writes (``$.hands[2][0].rank``)."""
    return [int(index) if index else name for name, index in re.findall(r"\.(\w+)|\[(\d+)\]", path)]


def _samples(game: Game) -> Iterator[tuple[str, Any, Any]]:
    """(name, data, class) of a state 20 decisions in, a view, its options, a default setup, the
    events of the next decision and a few legal actions."""
    state, _ = walk(game, game.max_players, 3, random.Random(3), stop_after=20)
    _, events = game.apply_with_events(state, game.legal_actions(state)[0])
    yield "State", game.to_data(state), game.State
    yield "View", game.to_data(game.observe(state, 0)), game.View
    yield "Options", game.to_data(state.options), game.Options
    yield "Setup", game.to_data(game.Setup()), game.Setup
    for event in events:
        yield type(event).__name__, game.to_data(event), game.Event
    for action in game.legal_actions(state)[:3]:
        yield type(action).__name__, game.to_data(action), game.Action


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_refused_value_is_named_at_its_own_field(game_id: str) -> None:
    """Every leaf of a real state, view, options, setup, event and action, replaced by a text no
    enum holds, 10**6 or -5: when the converter refuses it saying ``<value> is not <allowed>``,
    the error's path leads to that very leaf (not to the object holding it), and the message
    gives the path before the sentence. At least one refusal of each game says so."""
    game = gremlinrules.get_game(game_id)
    named = 0
    for name, data, cls in _samples(game):
        seen: set[tuple[Any, ...]] = set()
        for path in paths(data):
            leaf = _at(data, path)
            shape = tuple(k if isinstance(k, str) else 0 for k in path)
            if isinstance(leaf, dict | list) or path[-1] in ("type", "format_version") or shape in seen:
                continue
            seen.add(shape)
            for junk in JUNK:
                error = _refusal(game, replaced(data, path, junk), cls)
                if error is None or " is not " not in str(error) or str(error).startswith("inconsistent"):
                    continue
                assert _keys(error.path) == list(path), f"{name}: {error.path} for a value at {path}: {error}"
                assert f": {error.path}: " in str(error)
                named += 1
    assert named


def _refusal(game: Game, data: Any, cls: Any) -> SerializationError | None:
    """The SerializationError decoding ``data`` raises, or None when it is accepted."""
    try:
        game.from_data(data, cls)
    except SerializationError as exc:
        return exc
    return None


def _gg_play(rank: Any, suit: Any = "red") -> dict[str, Any]:
    return {"type": "Play", "card": {"suit": suit, "rank": rank}}


CASES: list[tuple[str, str, Any, str, str]] = [
    # game, class, data, the path, what the message says the field takes
    ("gnaughty-gnomes", "Action", _gg_play(99), "$.card.rank", '99 is not 1 to 8 or "X"'),
    ("gnaughty-gnomes", "Action", _gg_play(3, "mauve"), "$.card.suit",
     "'mauve' is not one of black, orange, purple, red"),
    ("gnaughty-gnomes", "Action", {"type": "Place", "suit": "blue", "spot": 3}, "$.suit",
     "'blue' is not one of red, purple, black, orange, white"),
    ("gnaughty-gnomes", "Options", {"past_tricks": "some"}, "$.past_tricks",
     "'some' is not one of shown, hidden"),
    ("gnaughty-gnomes", "Setup", {"track": ["red", "blue"]}, "$.track[1]", "'blue' is not one of"),
    ("no-good-gremlins", "Action", {"type": "Build", "material": "gold"}, "$.material",
     "'gold' is not one of rust, wood, iron, copper, steel, chrome"),
    ("no-good-gremlins", "Options", {"round_limit": 0}, "$.round_limit", "0 is not 1 to"),
    ("no-good-gremlins", "Setup", {"hands": [["iron", "gold"]]}, "$.hands[0][1]", "'gold' is not one of"),
    ("goblins-vs-gnomes", "Action", {"type": "OpenTarget", "target": "left"}, "$.target",
     "'left' is not one of top, middle, bottom"),
    ("goblins-vs-gnomes", "Options", {"swap_limit": 99}, "$.swap_limit", "99 is not 0 to 50"),
    ("gremlins-inc", "Options", {"round_limit": 999}, "$.round_limit", "999 is not 1 to 500"),
    ("gremlins-inc", "Options", {"teams": "4v4"}, "$.teams",
     "'4v4' is not one of none, 2v2, 3v3, 2v2v2, 2v3"),
    ("gremlins-inc", "Options", {"familiar": 1}, "$.familiar", "expected a boolean"),
    ("gremlins-the-game", "Options", {"turn_limit": 0}, "$.turn_limit", "0 is not 1 to"),
]


@pytest.mark.parametrize(("game_id", "cls", "data", "path", "says"),
                         [c for c in CASES if c[0] in GAME_IDS],
                         ids=[f"{c[0]}-{c[3]}" for c in CASES if c[0] in GAME_IDS])
def test_the_message_names_the_field_and_what_it_takes(game_id: str, cls: str, data: Any, path: str,
                                                        says: str) -> None:
    """Issue 28's reproducer (``{"type": "Play", "card": {"suit": "red", "rank": 99}}`` said
    "invalid value for type, expected Card @ $.card") and one refused value of an enum, a range
    or a choice of each game: the SerializationError's path is the field's, and its message says
    ``<path>: <value> is not <what the field takes>``."""
    game = gremlinrules.get_game(game_id)
    error = _refused(game, data, getattr(game, cls))
    assert error.path == path
    assert f"{path}: " in str(error)
    assert says in str(error)


@pytest.mark.parametrize("game_id", [g for g in ("gnaughty-gnomes", "goblins-vs-gnomes") if g in GAME_IDS])
def test_a_nested_value_in_a_state_is_named_at_its_field(game_id: str) -> None:
    """A state whose card (Gnaughty Gnomes: a hand card's rank) or cell (Goblins vs Gnomes: a
    field card's cell) is no value of its kind: the path leads into the nested value."""
    game = gremlinrules.get_game(game_id)
    state, _ = walk(game, game.max_players, 3, random.Random(3), stop_after=20)
    data = game.to_data(state)
    if game_id == "gnaughty-gnomes":
        error = _refused(game, replaced(data, ("hands", 1, 0, "rank"), 0), game.State)
        assert error.path == "$.hands[1][0].rank"
        assert '0 is not 1 to 8 or "X"' in str(error)
    else:
        error = _refused(game, replaced(data, ("field", 0, "cell"), "north"), game.State)
        assert error.path == "$.field[0].cell"
        assert "'north' is not a cell" in str(error)
