"""gremlinrules.sim on a local Ray: the same records as local processes (the CI's small Ray simulation)."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import ray

from gremlinrules.bots import register_bot
from gremlinrules.bots import unregister_bot
from gremlinrules.sim import Record
from gremlinrules.sim import simulate
from gremlinrules.sim.records import SimulationError
from tests.sim import test_simulate


def _same(record: Record) -> dict[str, Any]:
    return {k: v for k, v in record.items() if k != "seconds"}


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    """One local Ray for the module (starting one takes seconds), shut down at the end."""
    ray.init(num_cpus=2, include_dashboard=False, logging_level=logging.ERROR, log_to_driver=False)
    yield
    ray.shutdown()


@pytest.mark.parametrize(("game_id", "players", "bots", "games", "rotate"), [
    ("no-good-gremlins", "all", "random", 24, False),
    ("gnaughty-gnomes", 2, "ismcts:6,random", 8, False),
    ("gremlins-the-game", 3, "random", 6, False),
    ("no-good-gremlins", 3, "random,plain,ismcts:2", 6, True),  # issue 28: --rotate
])
def test_a_local_ray_gives_the_records_of_local_processes(local_ray: None, game_id: str, players: Any,
                                                          bots: str, games: int, rotate: bool) -> None:
    """For bots limited by simulations, a run on Ray and the same run on local processes give identical
    records (all but seconds), every index once, the bots rotated through the seats alike."""
    on_ray = simulate(game_id, games=games, players=players, bots=bots, seed=21, ray=True, rotate=rotate)
    local = simulate(game_id, games=games, players=players, bots=bots, seed=21, workers=2, rotate=rotate)
    assert [r["index"] for r in on_ray] == list(range(games))
    assert [_same(r) for r in on_ray] == [_same(r) for r in local]
    if rotate:
        assert len({tuple(r["bots"]) for r in on_ray}) == 3  # every seat order of the three bots
    assert ray.is_initialized()  # a Ray it did not start is left running


def test_a_ray_run_resumes_a_local_run_s_file(local_ray: None, tmp_path: Path) -> None:
    """A file begun by local processes is completed on Ray, each game once, as one local run would."""
    out = tmp_path / "run.jsonl"
    simulate("gnaughty-gnomes", games=5, seed=8, workers=1, out=out)
    whole = simulate("gnaughty-gnomes", games=12, seed=8, ray=True, out=out)
    assert [_same(r) for r in whole] == [_same(r) for r in simulate("gnaughty-gnomes", games=12, seed=8,
                                                                     workers=1)]
    assert len(out.read_text().splitlines()) == 12


def test_a_game_that_raises_on_ray_stops_the_run_naming_its_seed(local_ray: None) -> None:
    """A Ray task whose game raises is not retried: the run stops with the worker's SimulationError."""
    # int(game, seat, seed) raises TypeError; a builtin unpickles in any Ray worker
    register_bot("broken", int)  # type: ignore[arg-type]
    try:
        with pytest.raises(SimulationError, match=r"game 0 \(seed \d+, 2 players.*TypeError"):
            simulate("gnaughty-gnomes", games=1, players=2, bots="broken", seed=1, ray=True)
    finally:
        unregister_bot("broken")


def test_a_ray_worker_killed_mid_batch_is_retried_and_its_games_recorded_once(local_ray: None,
                                                                             tmp_path: Path) -> None:
    """When a Ray worker process dies, Ray runs its task again: every index is recorded once, with the
    records of a run where nothing died."""
    # Ray's workers need not import tests/: the test module's classes travel by value
    ray.cloudpickle.register_pickle_by_value(test_simulate)  # type: ignore[no-untyped-call]
    marker = tmp_path / "crashed"
    register_bot("crash-once", test_simulate.CrashOnceFactory(str(marker)))
    try:
        out = tmp_path / "run.jsonl"
        records = simulate("gnaughty-gnomes", games=30, players=2, bots="crash-once", seed=2, ray=True,
                           out=out)
        assert marker.exists()  # a worker did die
        assert sorted(r["index"] for r in map(json.loads, out.read_text().splitlines())) == list(range(30))
        calm = simulate("gnaughty-gnomes", games=30, players=2, bots="crash-once", seed=2, workers=1)
        assert [_same(r) for r in records] == [_same(r) for r in calm]
    finally:
        unregister_bot("crash-once")
        ray.cloudpickle.unregister_pickle_by_value(test_simulate)  # type: ignore[no-untyped-call]
