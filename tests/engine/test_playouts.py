"""engine.playouts: whole games in native code, equal to the documented policy played in Python."""

from __future__ import annotations

import gc
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import gremlinrules
from gremlinrules import engine
from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.core.errors import SetupError
from gremlinrules.core.playout import Playout
from gremlinrules.core.playout import random_playout
from tests.engine.support import NATIVE
from tests.engine.support import needs_engine
from tests.engine.tables import tables

pytestmark = needs_engine


@pytest.mark.parametrize("game_id", NATIVE)
@given(data=st.data(), seeds=st.lists(st.integers(0, 2**64 - 1), max_size=4))
def test_playouts_are_the_documented_random_policy(game_id: str, data: st.DataObject,
                                                   seeds: list[int]) -> None:
    """For random tables and seeds, engine.playouts gives, in seed order, exactly what
    core.playout.random_playout gives through the typed API (scores, winners, decisions, end)."""
    players, options = data.draw(tables(game_id), label="table")
    game = gremlinrules.get_game(game_id)
    expected = [random_playout(game, players, seed, options) for seed in seeds]
    got = engine.playouts(game_id, players, seeds, options=options)
    assert got == expected
    assert all(type(row) is Playout for row in got)


@pytest.mark.parametrize("game_id", NATIVE)
def test_seeds_may_be_any_iterable_and_results_are_deterministic(game_id: str) -> None:
    """A range, a list, a tuple and a generator of the same seeds give the same list, every time."""
    players = gremlinrules.get_game(game_id).player_counts[0]

    def gen() -> Iterator[int]:
        yield from range(5, 10)

    kinds = (range(5, 10), [5, 6, 7, 8, 9], (5, 6, 7, 8, 9), gen())
    runs = [engine.playouts(game_id, players, seeds) for seeds in kinds]
    assert all(run == runs[0] for run in runs)
    assert engine.playouts(game_id, players, []) == []


@pytest.mark.parametrize("game_id", NATIVE)
def test_bad_seeds_and_policies_are_refused(game_id: str) -> None:
    """A seed that is no integer or outside 0..2**64-1, seeds that are not an iterable, or an unknown
    policy get the library's errors."""
    players = gremlinrules.get_game(game_id).player_counts[0]
    bad_seeds: list[list[Any]] = [[1.5], ["1"], [None], [True], [-1], [2**64], [3, 2**70]]
    for seeds in bad_seeds:
        with pytest.raises(SetupError):
            engine.playouts(game_id, players, seeds)
    not_iterables: list[Any] = [7, None, "123"]
    for not_seeds in not_iterables:
        with pytest.raises(InvalidArgumentError):
            engine.playouts(game_id, players, not_seeds)
    with pytest.raises(InvalidArgumentError):
        engine.playouts(game_id, players, [1], policy="greedy")


@pytest.mark.parametrize("game_id", NATIVE)
def test_playouts_release_the_gil(game_id: str) -> None:
    """While one long batch of playouts runs, another Python thread does a piece of pure Python
    work and finishes it before the batch returns (the GIL is released for the games; a call
    that held it would block the thread until it returned). The batch is sized from the work's
    own time on this machine, so a loaded machine slows both alike."""
    players = gremlinrules.get_game(game_id).player_counts[0]

    def work() -> None:
        total = 0
        for i in range(200_000):
            total += i
        assert total

    start = time.perf_counter()
    work()
    alone = time.perf_counter() - start
    seeds = 50
    while True:  # a call of ten times the work's time, and 0.2 s, or more
        start = time.perf_counter()
        engine.playouts(game_id, players, range(seeds))
        if time.perf_counter() - start > max(0.2, 10 * alone) or seeds > 10**6:
            break
        seeds *= 4
    finished: list[float] = []
    go = threading.Event()

    def worker() -> None:
        go.wait()
        work()
        finished.append(time.perf_counter())

    thread = threading.Thread(target=worker)
    thread.start()
    go.set()
    engine.playouts(game_id, players, range(seeds))  # one call: the worker runs only if it lets go
    returned = time.perf_counter()
    thread.join()
    assert finished[0] < returned


@pytest.mark.parametrize("game_id", NATIVE)
def test_playouts_leave_the_garbage_collector_as_they_found_it(game_id: str) -> None:
    """playouts pause the garbage collector while they build their rows, and restore it: enabled
    stays enabled, disabled stays disabled."""
    players = gremlinrules.get_game(game_id).player_counts[0]
    was = gc.isenabled()
    try:
        for enabled in (True, False):
            (gc.enable if enabled else gc.disable)()
            assert len(engine.playouts(game_id, players, range(3))) == 3
            assert gc.isenabled() is enabled
    finally:
        (gc.enable if was else gc.disable)()
