"""Bad input of any kind gets an error of the library's hierarchy, never an internal one."""

from __future__ import annotations

import enum
import random
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import gremlinrules
from gremlinrules import IllegalActionError
from gremlinrules import InvalidArgumentError
from gremlinrules import SetupError
from gremlinrules import UnknownGameError
from tests.conformance import support
from tests.conformance.support import CASE_IDS
from tests.conformance.support import CASES
from tests.conformance.support import walk

pytestmark = pytest.mark.parametrize(("game_id", "players"), CASES, ids=CASE_IDS)

JUNK: list[Any] = [None, 0, -1, "Play", [], {}, (), object(), 3.5, True, b"x", {"type": "Play"}]


@given(seed=st.integers(0, 2**32), walk_seed=st.integers(0, 2**32), stop=st.integers(0, 300),
       junk=st.sampled_from(JUNK))
def test_illegal_and_malformed_actions_raise_illegal_action_error_only(
        game_id: str, players: int, seed: int, walk_seed: int, stop: int, junk: Any) -> None:
    """Actions of the action space that are not legal, junk objects, and actions with fields of the
    wrong type are refused by apply with IllegalActionError (and is_legal is False); the state is
    unchanged."""
    game = support.game(game_id)
    rnd = random.Random(walk_seed)
    state, _ = walk(game, players, seed, rnd, stop_after=stop)
    before = game.to_json(state)
    legal = set(game.legal_actions(state))
    candidates = [a for a in game.all_actions(players) if a not in legal]
    probes = rnd.sample(candidates, min(10, len(candidates))) + [junk]
    for cls in game.action_types:  # every field set to junk
        fields = getattr(cls, "__attrs_attrs__", ())
        if not fields:  # a class without fields (EndTurn()) has no malformed instance
            continue
        try:
            probe = cls(*([junk] * len(fields)))
        except Exception:  # a constructor that validates its fields is fine too
            continue
        # junk of the right type (0 for a seat) may name a legal choice; junk that is unhashable
        # ([] for a space) never does, so compare by equality, not by set membership
        if not any(probe == a for a in legal):
            probes.append(probe)
    for action in probes:
        assert not game.is_legal(state, action)
        with pytest.raises(IllegalActionError):
            game.apply(state, action)
    assert game.to_json(state) == before


def test_bad_new_game_arguments_raise_setup_error(game_id: str, players: int) -> None:
    """Player counts out of range or of the wrong type, a non-integer seed, or options and setup
    of the wrong class raise SetupError."""
    game = support.game(game_id)
    for bad in (game.min_players - 1, game.max_players + 1, "4", 2.0, None, True):
        with pytest.raises(SetupError):
            game.new_game(bad)  # type: ignore[arg-type]
    for bad_seed in ("7", 1.5, None):
        with pytest.raises(SetupError):
            game.new_game(players, bad_seed)  # type: ignore[arg-type]
    with pytest.raises(SetupError):
        game.new_game(players, 0, options=object())
    with pytest.raises(SetupError):
        game.new_game(players, 0, setup=object())


def test_wrong_state_or_seat_raises_invalid_argument_error(game_id: str, players: int) -> None:
    """Passing something that is not a state of this game, or a seat out of range, raises
    InvalidArgumentError from every function."""
    game = support.game(game_id)
    state = game.new_game(players, 3)
    for junk in (None, "state", object(), 5):
        for call in (game.legal_actions, game.current_player, game.is_terminal, game.scores,
                     game.winners, game.players):
            with pytest.raises(InvalidArgumentError):
                call(junk)
        with pytest.raises(InvalidArgumentError):
            game.observe(junk, 0)
        with pytest.raises(InvalidArgumentError):
            game.apply(junk, game.legal_actions(state)[0])
    for seat in (-1, players, "0", 1.0):  # None is the spectator (issue 11), not an error
        with pytest.raises(InvalidArgumentError):
            game.observe(state, seat)  # type: ignore[arg-type]


def test_registry_lists_the_game_and_refuses_unknown_ids(game_id: str, players: int) -> None:
    """game_ids() is sorted and contains the game; get_game returns it with its metadata;
    an unknown id raises UnknownGameError (a LookupError)."""
    ids = gremlinrules.game_ids()
    assert list(ids) == sorted(ids)
    assert support.game_id(game_id) in ids
    game = gremlinrules.get_game(support.game_id(game_id))  # the registry's entry, not a table's
    assert game.id == support.game_id(game_id)
    assert game.title
    assert game.min_players <= players <= game.max_players
    assert isinstance(game, gremlinrules.Game)
    for bad in ("no-such-game", "", None, 3):
        with pytest.raises(UnknownGameError):
            gremlinrules.get_game(bad)  # type: ignore[arg-type]


def _lookalike(obj: Any) -> Any:
    """The same action built from plain values: enums as their values, ints as floats, bools as
    ints. It may or may not compare equal to the original."""
    if isinstance(obj, enum.Enum):
        return obj.value
    if isinstance(obj, bool):
        return int(obj)
    if isinstance(obj, int):
        return float(obj)
    if isinstance(obj, tuple):
        return tuple(_lookalike(x) for x in obj)
    if attrs.has(type(obj)):
        return type(obj)(*(_lookalike(getattr(obj, f.name)) for f in attrs.fields(type(obj))))
    return obj


@given(seed=st.integers(0, 2**32), walk_seed=st.integers(0, 2**32), stop=st.integers(0, 300))
def test_is_legal_agrees_with_membership_for_look_alike_actions(
        game_id: str, players: int, seed: int, walk_seed: int, stop: int) -> None:
    """An action built from plain values is legal exactly when it compares equal to a legal action,
    and then applying it gives the same state as the legal action; otherwise apply refuses it with
    IllegalActionError."""
    game = support.game(game_id)
    rnd = random.Random(walk_seed)
    state, _ = walk(game, players, seed, rnd, stop_after=stop)
    legal = game.legal_actions(state)
    for action in rnd.sample(legal, min(5, len(legal))):
        try:
            look = _lookalike(action)
        except Exception:  # a constructor that validates its fields refuses the look-alike: fine
            continue
        member = look in legal
        assert game.is_legal(state, look) == member
        if member:
            assert game.apply(state, look) == game.apply(state, action)
        else:
            with pytest.raises(IllegalActionError):
                game.apply(state, look)


def test_action_label_of_something_that_is_no_view_raises_invalid_argument_error(game_id: str,
                                                                                  players: int) -> None:
    """action_label given a state, an action, None or bytes instead of a view raises
    InvalidArgumentError (Gremlins, Inc., No Good Gremlins and Gremlins: The Game raised
    AttributeError; found by the fuzz of every public call)."""
    game = support.game(game_id)
    state = game.new_game(players, 3)
    action = game.legal_actions(state)[0]
    for junk in (state, action, None, b"view", object()):
        with pytest.raises(InvalidArgumentError):
            game.action_label(junk, action)
