"""A bounded load test on loopback: 100 tables at once, every seat a bot client over its own
WebSocket; it reports moves per second and the 99th-percentile move latency, and checks that no
accepted move is lost or doubled."""

from __future__ import annotations

import asyncio
import json
import random
import statistics
import time
from collections.abc import Callable

import pytest
from websockets.asyncio.client import connect

import gremlinrules
from tests.web.serving import ServerProcess
from tests.web.serving import replayed_states

pytestmark = pytest.mark.slow

TABLES = 100
MOVES = 24  # per table: 2,400 moves in all, a few seconds on a busy 2-core machine
GAME = "gnaughty-gnomes"


async def _seat(server: ServerProcess, table: str, token: str, seed: int,
                latencies: list[float]) -> tuple[int, list[int]]:
    """One seat's bot client: it moves whenever its update offers actions, until the table reaches
    MOVES. Returns the moves it had accepted and every version it was shown, in order."""
    rnd = random.Random(seed)
    accepted = 0
    # no permessage-deflate: on loopback compressing only costs both ends CPU
    async with connect(f"ws://127.0.0.1:{server.port}/ws/{table}", max_size=2**22, compression=None) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        messages = (json.loads(m) async for m in ws)
        update = None
        async for message in messages:
            if message["type"] == "update":
                update = message
                break
        assert update is not None
        versions = [update["version"]]
        while update["version"] < MOVES and not update["terminal"]:
            sent = None
            if update["legal"]:
                sent = time.perf_counter()
                choice = rnd.choice(update["legal"])
                await ws.send(json.dumps({"type": "move", "version": update["version"],
                                          "action": choice["action"]}))
            message = await anext(messages)
            while message["type"] == "seats":  # the other seat connected or left (the lobby's marks)
                message = await anext(messages)
            assert message["type"] == "update", message  # a bot never sends a stale or illegal move
            if sent is not None:
                latencies.append(time.perf_counter() - sent)
                accepted += 1
                assert message["events"][0]["version"] == versions[-1]  # the update is of this move
            update = message
            versions.append(update["version"])
    return accepted, versions


def test_100_tables_of_websocket_bots_lose_and_double_no_move(
        server: ServerProcess, record_property: Callable[[str, object], None]) -> None:
    """100 two-seat tables play MOVES moves each at the same time, each seat a client on its own
    WebSocket. Every client sees the versions 0, 1, 2, ... with none skipped or repeated; the
    moves the clients had accepted add up per table to MOVES, which is exactly the length of
    the table's stored log, and the log replays legally. The figures are printed at the end of
    the pytest run (tests/web/conftest.py)."""
    made = [server.create(game=GAME, players=2, seed=i) for i in range(TABLES)]
    latencies: list[float] = []

    async def run() -> list[tuple[int, list[int]]]:
        return await asyncio.gather(*(
            _seat(server, m["table"], s["token"], 1000 * i + s["seat"], latencies)
            for i, m in enumerate(made) for s in m["seats"]))

    start = time.perf_counter()
    results = asyncio.run(run())
    elapsed = time.perf_counter() - start
    game = gremlinrules.get_game(GAME)
    for i, m in enumerate(made):
        seats = results[2 * i: 2 * i + 2]
        assert sum(accepted for accepted, _ in seats) == MOVES
        for _, versions in seats:
            assert versions == list(range(MOVES + 1))
        assert len(replayed_states(server.db, m["table"], game)) == MOVES + 1
    moves = TABLES * MOVES
    assert len(latencies) == moves
    p99 = statistics.quantiles(latencies, n=100)[98]
    record_property("web load", f"{TABLES} tables, {moves} moves over {2 * TABLES} WebSockets in "
                    f"{elapsed:.1f} s: {moves / elapsed:.0f} moves/s, latency median "
                    f"{statistics.median(latencies) * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms")
