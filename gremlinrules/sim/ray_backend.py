"""Running batches of games as Ray tasks: on a local Ray, or on a cluster (the ``ray`` extra).

The task is the same :func:`~gremlinrules.sim.play.play_batch` the local
processes run, batched the same way (:class:`~gremlinrules.sim.local.Batcher`),
so a run gives the same records on either backend (but ``seconds``). Every
node of a cluster needs gremlinrules installed (and the module of any
registered bot the run uses).

Ray retries a task whose worker process died (``max_retries``); a game that
raises is not retried (it would raise again) and stops the run with
:class:`SimulationError`. When this process is not connected to Ray yet, the run
connects (``ray.init``: a new local Ray with ``workers`` CPUs, or ``address``)
and disconnects at the end; a connection made before is used and kept.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from collections.abc import Iterator
from collections.abc import Mapping
from typing import Any

from gremlinrules.bots.registry import BotFactory
from gremlinrules.core.errors import MissingExtraError
from gremlinrules.sim.local import MAX_ATTEMPTS
from gremlinrules.sim.local import Batcher
from gremlinrules.sim.play import GameTask
from gremlinrules.sim.play import play_batch
from gremlinrules.sim.records import Record
from gremlinrules.sim.records import SimulationError

__all__ = ["ray_module", "run_ray"]


def ray_module() -> Any:
    """The ``ray`` module, or :class:`~gremlinrules.core.errors.MissingExtraError` when Ray is not
    installed."""
    try:
        import ray  # the ray extra
    except ModuleNotFoundError as exc:
        raise MissingExtraError("ray", "simulate on Ray", exc.name) from exc
    return ray


def run_ray(game_id: str, tasks: Iterable[GameTask], workers: int, plugins: Mapping[str, BotFactory], *,
            address: str | None = None) -> Iterator[list[Record]]:
    """Play the tasks as Ray tasks; yields each batch's records in the order batches finish.

    ``address`` None: the Ray this process is connected to, or a new local one with ``workers``
    CPUs; otherwise the cluster to connect to. Batches in flight: twice the cluster's CPUs.
    """
    ray = ray_module()
    started = False
    if not ray.is_initialized():
        try:
            if address is None:
                ray.init(num_cpus=workers, include_dashboard=False, logging_level=logging.WARNING)
            else:
                ray.init(address=address, logging_level=logging.WARNING)
        except (ConnectionError, RuntimeError, ValueError) as exc:
            raise SimulationError(f"cannot start or reach Ray ({address or 'local'}): {exc}") from exc
        started = True
    try:
        cpus = max(1, int(ray.cluster_resources().get("CPU", workers)))
        remote = ray.remote(num_cpus=1, max_retries=MAX_ATTEMPTS - 1, retry_exceptions=False)(play_batch)
        batcher = Batcher(tasks, cpus)
        inflight: dict[Any, tuple[GameTask, ...]] = {}
        try:
            while len(batcher) or inflight:
                while len(inflight) < 2 * cpus and len(batcher):
                    batch = batcher.take()
                    inflight[remote.remote(game_id, batch, dict(plugins))] = batch
                [ref], _ = ray.wait(list(inflight), num_returns=1)
                batch = inflight.pop(ref)
                records = _result(ray, ref, batch)
                batcher.played(records)
                yield records
        finally:
            for ref in inflight:
                ray.cancel(ref, force=True)
    finally:
        if started:
            ray.shutdown()


def _result(ray: Any, ref: Any, batch: tuple[GameTask, ...]) -> list[Record]:
    try:
        records: list[Record] = ray.get(ref)
    except ray.exceptions.RayTaskError as exc:
        cause = getattr(exc, "cause", None)
        raise SimulationError(str(cause) if cause is not None else str(exc)) from None
    except ray.exceptions.RayError as exc:  # worker or node died more than max_retries times
        raise SimulationError(f"Ray could not play games {batch[0][0]} to {batch[-1][0]} "
                              f"in {MAX_ATTEMPTS} tries: {exc}") from None
    return records
