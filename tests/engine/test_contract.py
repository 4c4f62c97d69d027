"""The engine's contract, whatever the game: its registry, the switch, its errors and its objects.

Native code meets hostile input too: every bad value a caller can pass gets the library's error
(never a crash, never a foreign exception), and a refused call changes nothing.
"""

from __future__ import annotations

import contextlib
import copy
import gc
import importlib
import pickle
import random
import threading
from typing import Any

import pytest

import gremlinrules
from gremlinrules import engine
from gremlinrules.core.errors import GremlinRulesError
from gremlinrules.core.errors import IllegalActionError
from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.core.errors import SetupError
from gremlinrules.core.errors import UnknownGameError
from gremlinrules.core.errors import UnsupportedError
from gremlinrules.registry import module_name
from tests.engine.support import NATIVE
from tests.engine.support import needs_engine

pytestmark = needs_engine

PLAYERS = {gid: gremlinrules.get_game(gid).player_counts[0] for gid in gremlinrules.game_ids()}


def test_the_switch_turns_the_engine_off(monkeypatch: pytest.MonkeyPatch) -> None:
    """GREMLINRULES_ENGINE=off: no engine for anyone (available False, no games, new refused with
    UnsupportedError, so callers fall back), from the first available() or games() that reads it;
    switched on again, the engine serves again."""
    with monkeypatch.context() as patch:
        patch.setenv(engine.ENV, "off")
        assert not engine.available()
        assert engine.games() == ()
        for gid in gremlinrules.game_ids():
            with pytest.raises(UnsupportedError):
                engine.new(gid, PLAYERS[gid], 0)
            with pytest.raises(UnsupportedError):
                engine.playouts(gid, PLAYERS[gid], [0])
    assert engine.games() == NATIVE
    for gid in NATIVE:
        state = gremlinrules.get_game(gid).new_game(PLAYERS[gid], 0)
        assert engine.new(gid, PLAYERS[gid], 0).to_state() == state


def test_games_without_a_native_implementation_are_unsupported() -> None:
    """A registered game without native code is refused with UnsupportedError, an unknown id with
    UnknownGameError."""
    for gid in sorted(set(gremlinrules.game_ids()) - set(NATIVE)):
        with pytest.raises(UnsupportedError):
            engine.new(gid, PLAYERS[gid], 0)
    with pytest.raises(UnknownGameError):
        engine.new("no-such-game", 2, 0)
    with pytest.raises(UnknownGameError):
        engine.new(None, 2, 0)  # type: ignore[arg-type]


@pytest.mark.parametrize("game_id", NATIVE)
@pytest.mark.parametrize("players", [None, True, 2.0, -1, 0, 99, 10**30, "3"])
def test_bad_player_counts_are_refused_as_new_game_refuses_them(game_id: str, players: Any) -> None:
    """engine.new refuses what new_game refuses, with the same SetupError."""
    game = gremlinrules.get_game(game_id)
    with pytest.raises(SetupError) as expected:
        game.new_game(players, 0)
    with pytest.raises(SetupError) as caught:
        engine.new(game_id, players, 0)
    assert str(caught.value) == str(expected.value)


@pytest.mark.parametrize("game_id", NATIVE)
@pytest.mark.parametrize("seed", [None, True, 1.5, "7", 2**64, -1])
def test_bad_seeds_are_refused_as_new_game_refuses_them(game_id: str, seed: Any) -> None:
    """engine.new refuses the seeds new_game refuses (and takes the ones it takes, with the same
    deal)."""
    game = gremlinrules.get_game(game_id)
    players = PLAYERS[game_id]
    try:
        state = game.new_game(players, seed)
    except SetupError as exc:
        refusal: str | None = str(exc)
    else:
        refusal = None
    if refusal is None:
        assert engine.new(game_id, players, seed).to_state() == state
    else:
        with pytest.raises(SetupError) as caught:
            engine.new(game_id, players, seed)
        assert str(caught.value) == refusal


@pytest.mark.parametrize("game_id", NATIVE)
def test_bad_options_are_refused_as_new_game_refuses_them(game_id: str) -> None:
    """Options of another game, or not Options at all, get new_game's SetupError."""
    game = gremlinrules.get_game(game_id)
    other = next(g for g in gremlinrules.game_ids() if g != game_id)
    half_built = object.__new__(game.Options)
    for options in (object(), "fast", gremlinrules.get_game(other).Options(), half_built):
        with pytest.raises(SetupError):
            game.new_game(PLAYERS[game_id], 0, options=options)
        with pytest.raises(SetupError):
            engine.new(game_id, PLAYERS[game_id], 0, options)


HOSTILE_INDICES: list[tuple[Any, type[GremlinRulesError]]] = [
    (-1, IllegalActionError), (10**6, IllegalActionError), (10**100, IllegalActionError),
    (-(10**100), IllegalActionError), (True, InvalidArgumentError), (False, InvalidArgumentError),
    (1.0, InvalidArgumentError), (float("nan"), InvalidArgumentError), ("0", InvalidArgumentError),
    (None, InvalidArgumentError), ([0], InvalidArgumentError), (object(), InvalidArgumentError),
]


def _case_id(value: Any) -> str:
    """A test id that is the same in every process (a bare object's repr holds its address, which
    differs between pytest-xdist's workers and fails their collection)."""
    return "object()" if type(value) is object else repr(value)


@pytest.mark.parametrize("game_id", NATIVE)
@pytest.mark.parametrize(("index", "error"), HOSTILE_INDICES, ids=_case_id)
def test_hostile_indices_get_the_library_error_and_change_nothing(
        game_id: str, index: Any, error: type[GremlinRulesError]) -> None:
    """A negative, huge or non-integer index is refused (IllegalActionError for an integer outside the
    action space, InvalidArgumentError for what is no integer), is_legal says False, and the game
    is unchanged."""
    native = engine.new(game_id, PLAYERS[game_id], 3)
    before = native.to_state()
    with pytest.raises(error):
        native.apply(index)
    assert native.is_legal(index) is False
    assert native.to_state() == before


@pytest.mark.parametrize("game_id", NATIVE)
def test_every_index_outside_the_legal_ones_is_refused_with_the_rule_books_reason(game_id: str) -> None:
    """Along a random game, every index that is not legal is refused with exactly the rule book's
    reason and clause, and changes nothing."""
    game = gremlinrules.get_game(game_id)
    players = PLAYERS[game_id]
    actions = game.all_actions(players)
    native = engine.new(game_id, players, 11)
    rnd = random.Random(11)
    for _ in range(40):
        if native.is_terminal():
            break
        state = native.to_state()
        legal = set(native.legal_actions())
        for index in rnd.sample(range(len(actions)), min(6, len(actions))):
            if index in legal:
                continue
            with pytest.raises(IllegalActionError) as caught:
                native.apply(index)
            with pytest.raises(IllegalActionError) as expected:
                game.apply(state, actions[index])
            assert caught.value.clause == expected.value.clause
            assert str(caught.value) == str(expected.value)
            assert native.to_state() == state
        native.apply(rnd.choice(sorted(legal)))


@pytest.mark.parametrize("game_id", NATIVE)
def test_from_state_refuses_other_games_tracked_and_corrupt_states(game_id: str) -> None:
    """from_state takes only a seeded state of its game that check_state accepts: another game's
    state, a tracked (external-chance) state, a corrupt one or no state at all get
    InvalidArgumentError."""
    game = gremlinrules.get_game(game_id)
    players = PLAYERS[game_id]
    other = next(g for g in gremlinrules.game_ids() if g != game_id)
    other_state = gremlinrules.get_game(other).new_game(PLAYERS[other], 0)
    tracked = game.new_game(players, chance="external")
    for bad in (other_state, tracked, None, 7, "state"):
        with pytest.raises(InvalidArgumentError):
            engine.from_state(game_id, bad)
    state = game.new_game(players, 0)
    first = next(f for f in type(state).__attrs_attrs__ if f.name == "players")
    corrupt = copy.copy(state)
    object.__setattr__(corrupt, first.name, 99)
    with pytest.raises(InvalidArgumentError):
        engine.from_state(game_id, corrupt)


@pytest.mark.parametrize("game_id", NATIVE)
def test_a_clone_outlives_its_original(game_id: str) -> None:
    """A clone is independent: it plays on after its original is gone, and copies, deep copies and
    pickles are clones too."""
    native = engine.new(game_id, PLAYERS[game_id], 5)
    state = native.to_state()
    clones = [native.clone(), copy.copy(native), copy.deepcopy(native), pickle.loads(pickle.dumps(native))]
    del native
    gc.collect()
    rnd = random.Random(5)
    for clone in clones:
        assert clone.to_state() == state
        while not clone.is_terminal():
            legal = clone.legal_actions()
            clone.apply(legal[rnd.randrange(len(legal))])
        assert clone.scores() == gremlinrules.get_game(game_id).scores(clone.to_state())


@pytest.mark.parametrize("game_id", NATIVE)
def test_calls_from_several_threads_keep_a_reachable_state(game_id: str) -> None:
    """Four threads playing random moves on one native game, and others cloning and reading it:
    no crash, no foreign exception, and the end is a state check_state accepts."""
    game = gremlinrules.get_game(game_id)
    native = engine.new(game_id, PLAYERS[game_id], 9)
    errors: list[BaseException] = []

    def play(k: int) -> None:
        rnd = random.Random(k)
        try:
            for _ in range(300):
                legal = native.legal_actions()
                if not legal:
                    return
                with contextlib.suppress(IllegalActionError):  # another thread may have moved first
                    native.apply(legal[rnd.randrange(len(legal))])
                native.clone().to_state()
        except BaseException as exc:  # collected, then reported below
            errors.append(exc)

    threads = [threading.Thread(target=play, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    game.check_state(native.to_state())


@pytest.mark.parametrize("game_id", NATIVE)
def test_a_native_state_is_at_most_one_kibibyte(game_id: str) -> None:
    """The native state (without the table every state of a table shares) fits in 1 KiB."""
    module = importlib.import_module(module_name(game_id) + ".native")
    assert 0 < module.STATE_BYTES <= 1024


@pytest.mark.parametrize("game_id", NATIVE)
def test_the_legal_mask_marks_exactly_the_legal_indices(game_id: str) -> None:
    """At every decision of random games (and at the end), ``legal_mask()`` has one byte per action
    of the action space, 1 exactly at the indices ``legal_actions()`` lists."""
    game = gremlinrules.get_game(game_id)
    for players in (min(game.player_counts), max(game.player_counts)):
        size = len(game.all_actions(players))
        n = engine.new(game_id, players, seed=players)
        picks = random.Random(players)
        while True:
            mask = n.legal_mask()
            assert type(mask) is bytearray
            assert len(mask) == size
            assert [i for i, b in enumerate(mask) if b] == n.legal_actions()
            assert set(mask) <= {0, 1}
            if n.is_terminal():
                break
            legal = n.legal_actions()
            n.apply(legal[picks.randrange(len(legal))])
