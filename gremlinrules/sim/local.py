"""Running batches of games on local worker processes (or in this process, for one worker).

Workers are a :class:`concurrent.futures.ProcessPoolExecutor` whose processes
start with ``forkserver`` (``spawn`` where there is none), never ``fork``: a
forked copy of a process that holds threads or a Ray connection can hang.

Batches are sized by :class:`Batcher` to take about half a second each (so
scheduling costs little against the games), smaller near the end of the run (so
no worker idles while another finishes a long batch). A batch is the unit of
work and of retry: when a worker dies (killed, out of memory: the pool breaks),
a new pool is started and every batch that had not returned is submitted
again; the caller writes each index once. A batch that keeps breaking the pool
gives up after :data:`MAX_ATTEMPTS` tries with :class:`SimulationError`.
When the main process dies, even killed outright, its workers exit too (they
watch a pipe only it writes to), rather than wait for work for ever.
"""

from __future__ import annotations

import contextlib
import math
import multiprocessing
import os
import signal
import threading
from collections import deque
from collections.abc import Iterable
from collections.abc import Iterator
from collections.abc import Mapping
from concurrent.futures import FIRST_COMPLETED
from concurrent.futures import Future
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures import wait
from concurrent.futures.process import BrokenProcessPool
from multiprocessing.connection import Connection

from gremlinrules.bots.registry import BotFactory
from gremlinrules.registry import get_game
from gremlinrules.sim.play import GameTask
from gremlinrules.sim.play import play_batch
from gremlinrules.sim.records import Record
from gremlinrules.sim.records import SimulationError

__all__ = ["MAX_ATTEMPTS", "Batcher", "run_local"]

MAX_ATTEMPTS = 4
"""Tries of one batch (its first and the retries after a worker died) before the run gives up."""

TARGET_SECONDS = 0.5
"""The wall time a batch aims at, once the first batches have measured the games."""

MAX_BATCH = 5000
"""The most games in one batch."""


class Batcher:
    """Hands out the pending games in batches of about :data:`TARGET_SECONDS` each.

    The first batches are ``first`` games; after that the size comes from the mean time of the
    games played so far, at most ``MAX_BATCH`` and at most the pending games over twice the
    workers (so the last batches shrink and finish together).
    """

    def __init__(self, tasks: Iterable[GameTask], workers: int, *, target: float = TARGET_SECONDS,
                 first: int = 2) -> None:
        self._pending: deque[GameTask] = deque(tasks)
        self._workers = workers
        self._target = target
        self._first = first
        self._games = 0
        self._seconds = 0.0

    def __len__(self) -> int:
        return len(self._pending)

    def size(self) -> int:
        """The size of the next batch."""
        if self._games == 0:
            size = self._first
        else:
            mean = self._seconds / self._games
            # (a mean so small that the division would overflow: the largest batch)
            size = MAX_BATCH if mean * MAX_BATCH <= self._target else int(self._target / mean)
        tail = math.ceil(len(self._pending) / (2 * self._workers))
        return max(1, min(size, MAX_BATCH, tail))

    def take(self) -> tuple[GameTask, ...]:
        """The next batch (empty when nothing is pending)."""
        n = min(self.size(), len(self._pending))
        return tuple(self._pending.popleft() for _ in range(n))

    def played(self, records: Iterable[Record]) -> None:
        """Learn the games' times from their records."""
        for record in records:
            self._games += 1
            self._seconds += record["seconds"]


def _context(game_id: str) -> multiprocessing.context.BaseContext:
    if "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    context = multiprocessing.get_context("forkserver")
    # the server imports the library and the game once (when this process first starts it), and
    # each worker forks from it ready to play
    module = getattr(get_game(game_id), "module", None)
    context.set_forkserver_preload(["gremlinrules.sim.play", *([module.__name__] if module else [])])
    return context


def run_local(game_id: str, tasks: Iterable[GameTask], workers: int,
              plugins: Mapping[str, BotFactory]) -> Iterator[list[Record]]:
    """Play the tasks on ``workers`` processes (1: in this process); yields each batch's records.

    Batches come back in the order they finish; a batch whose worker died is played again, so a
    game may be yielded twice (the caller keeps the first).
    """
    batcher = Batcher(tasks, workers)
    if workers == 1:
        while len(batcher):
            records = play_batch(game_id, batcher.take(), plugins)
            batcher.played(records)
            yield records
        return
    retry: deque[tuple[tuple[GameTask, ...], int]] = deque()
    inflight: dict[Future[list[Record]], tuple[tuple[GameTask, ...], int]] = {}
    context = _context(game_id)
    # only this process holds the sending end: when it dies however it dies, every worker sees
    # the pipe close and exits (a pool's workers otherwise wait for work for ever)
    alive, alive_here = context.Pipe(duplex=False)
    pool = _pool(context, workers, alive)
    try:
        while retry or len(batcher) or inflight:
            while len(inflight) < 2 * workers and (retry or len(batcher)):
                batch, attempts = retry.popleft() if retry else (batcher.take(), 0)
                inflight[pool.submit(play_batch, game_id, batch, plugins)] = (batch, attempts)
            done, _ = wait(inflight, return_when=FIRST_COMPLETED)
            broken = False
            for future in done:
                batch, attempts = inflight.pop(future)
                try:
                    records = future.result()
                except BrokenProcessPool:
                    broken = True
                    retry.append(_again(batch, attempts))
                    continue
                batcher.played(records)
                yield records
            if broken:
                # the whole pool is gone: what it still held is played again on a new one
                for future, (batch, attempts) in inflight.items():
                    if future.done() and not isinstance(future.exception(), BrokenProcessPool):
                        yield future.result()  # a batch that finished (or a game's own error)
                    else:
                        retry.append(_again(batch, attempts))
                inflight.clear()
                pool.shutdown(wait=True, cancel_futures=True)
                pool = _pool(context, workers, alive)
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
        alive_here.close()
        alive.close()


def _pool(context: multiprocessing.context.BaseContext, workers: int,
          alive: Connection) -> ProcessPoolExecutor:
    return ProcessPoolExecutor(workers, mp_context=context, initializer=_start_worker, initargs=(alive,))


def _start_worker(alive: Connection) -> None:
    """In a worker: leave Ctrl-C to the main process, which stops the pool (no traceback per worker),
    and exit when the main process is gone (``alive`` closes)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_exit_with_main, args=(alive,), daemon=True).start()


def _exit_with_main(alive: Connection) -> None:
    with contextlib.suppress(EOFError, OSError):
        alive.recv()  # nothing is ever sent: this returns when the main process's end closes
    os._exit(1)


def _again(batch: tuple[GameTask, ...], attempts: int) -> tuple[tuple[GameTask, ...], int]:
    if attempts + 1 >= MAX_ATTEMPTS:
        first, last = batch[0][0], batch[-1][0]
        raise SimulationError(f"the workers playing games {first} to {last} died {MAX_ATTEMPTS} times; "
                              "giving up (out of memory? a bot that crashes the process? a script that "
                              "runs a simulation must do so under 'if __name__ == \"__main__\":', since "
                              "each worker process imports it)")
    return batch, attempts + 1
