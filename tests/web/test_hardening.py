"""The review of the web table (issue 20): the seed stays secret, a client cannot exhaust the
server, a locked database is survived, updates are never torn, every game's messages depend only
on what the seat may see, creation is guarded, and examples/server.py caps its bodies."""

from __future__ import annotations

import asyncio
import contextlib
import importlib.util
import json
import random
import socket
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

import pytest

import gremlinrules
from gremlinrules.web import MoveRefusedError
from gremlinrules.web import Tables
from gremlinrules.web import TableStore
from gremlinrules.web.app import BURST
from gremlinrules.web.app import MAX_MESSAGE
from gremlinrules.web.app import QUEUE_LIMIT
from gremlinrules.web.app import TableServer
from gremlinrules.web.app import create_app
from tests.web.asgi import Client
from tests.web.asgi import http


def _server(app: Any) -> TableServer:
    server = app.state.server
    assert isinstance(server, TableServer)
    return server


# 1. The seed.

def test_the_create_answer_gives_out_no_seed_the_server_drew() -> None:
    """The seed replays every hidden card: the create answer holds it only when the client chose
    it (and so knows it already); no welcome or update holds it either."""
    async def run() -> None:
        app = create_app(":memory:")
        status, drawn = await http(app, "POST", "/api/tables", {"game": "gnaughty-gnomes", "players": 2})
        assert status == 201
        assert "seed" not in drawn
        table = _server(app).tables.get(drawn["table"])
        client = Client(app, f"/ws/{drawn['table']}")
        await client.connect(drawn["seats"][0]["token"])
        welcome = await client.next("welcome")
        update = await client.next()
        for message in (drawn, welcome, update):
            assert f'"seed": {table.seed}' not in json.dumps(message)
        await client.leave()
        status, chosen = await http(app, "POST", "/api/tables", {"game": "gnaughty-gnomes", "players": 2,
                                                                  "seed": 12345})
        assert (status, chosen["seed"]) == (201, 12345)

    asyncio.run(run())


# 2. A client that floods or never reads.

async def _spectator_of_a_table(app: Any, *, reads: bool, bots: bool = False,
                                game: str = "gnaughty-gnomes") -> tuple[Client, str]:
    players = 2
    setup: dict[str, Any] = {"game": game, "players": players, "seed": 1}
    if bots:
        setup["bots"] = list(range(players))
    status, made = await http(app, "POST", "/api/tables", setup)
    assert status == 201, made
    client = Client(app, f"/ws/{made['table']}", reads=reads)
    await client.connect(None)
    return client, made["table"]


def _connection(app: Any, table: str) -> Any:
    (conn,) = _server(app)._live[table].connections
    return conn


def test_syncs_from_a_client_that_never_reads_queue_no_more_than_one_update() -> None:
    """A spectator that sends sync after sync and never reads gets one reset update queued, not
    one per sync: the syncs are coalesced while a reset update waits to go out."""
    async def run() -> None:
        app = create_app(":memory:")
        client, table = await _spectator_of_a_table(app, reads=False)
        for _ in range(BURST - 2):
            await client.say({"type": "sync"})
        await asyncio.sleep(0.2)
        conn = _connection(app, table)
        assert conn.queue.qsize() <= 2
        assert conn.resets == 1
        assert client.closed_with is None
        await client.leave()

    asyncio.run(run())


def test_a_client_that_never_reads_is_closed_with_1008_when_its_queue_is_full() -> None:
    """A spectator of a bot table that never reads: once more than QUEUE_LIMIT updates wait for
    it, the server closes it with 1008 instead of queueing without bound."""
    async def run() -> None:
        app = create_app(":memory:", bot_delay=0)
        client, table = await _spectator_of_a_table(app, reads=False, bots=True, game="no-good-gremlins")
        await asyncio.wait_for(client.closed.wait(), 20)
        assert client.closed_with == 1008
        assert _server(app).tables.get(table).version > QUEUE_LIMIT
        await client.leave()
        assert not _server(app)._live[table].connections

    asyncio.run(run())


def test_a_client_over_its_message_rate_is_refused_and_not_served() -> None:
    """A burst of 200 messages: about BURST are served (a few more as the budget refills while
    they are read), a web.rate-limited error says the rest are dropped unread; the connection
    stays open and is served again once the burst is over."""
    async def run() -> None:
        app = create_app(":memory:")
        client, _ = await _spectator_of_a_table(app, reads=True)
        await client.next()
        for _ in range(200):
            await client.say({"type": "dance"})
        keys = []
        with contextlib.suppress(TimeoutError):
            while True:
                keys.append((await client.next("error", timeout=0.5))["key"])
        assert BURST <= keys.count("web.bad-request") <= 2 * BURST
        assert 1 <= keys.count("web.rate-limited") <= 5
        assert client.closed_with is None
        await asyncio.sleep(0.2)
        await client.say({"type": "sync"})
        assert (await client.next())["reset"]
        await client.leave()

    asyncio.run(run())


# 3. A locked database.

def test_a_locked_database_is_a_json_503_and_the_bots_resume_after_it(tmp_path: Path) -> None:
    """While another process holds the SQLite write lock: an HTTP move is a JSON 503 (web.busy),
    the event loop keeps serving meanwhile, and a bot table's bots, whose move failed, resume once
    the lock is released."""
    db = tmp_path / "t.sqlite"

    async def run() -> None:
        app = create_app(str(db), bot_delay=0.01)
        status, human = await http(app, "POST", "/api/tables", {"game": "gnaughty-gnomes", "players": 2,
                                                                 "seed": 1})
        assert status == 201
        status, bots = await http(app, "POST", "/api/tables", {"game": "no-good-gremlins", "players": 2,
                                                                "seed": 1, "bots": [0, 1]})
        assert status == 201
        server = _server(app)
        await asyncio.sleep(0.2)
        blocker = sqlite3.connect(db, isolation_level=None)
        blocker.execute("BEGIN IMMEDIATE")  # the write lock, as another process would hold it
        try:
            await asyncio.sleep(0.3)
            stuck = server.tables.get(bots["table"]).version
            update = (await http(app, "GET", f"/api/tables/{human['table']}",
                                 token=human["seats"][0]["token"]))[1]
            mover = update["current_player"]
            token = human["seats"][mover]["token"]
            if mover != 0:
                update = (await http(app, "GET", f"/api/tables/{human['table']}", token=token))[1]
            move = {"version": 0, "action": update["legal"][0]["action"]}
            started = time.monotonic()
            pending = asyncio.ensure_future(http(app, "POST", f"/api/tables/{human['table']}/moves", move,
                                                 token=token))
            await asyncio.sleep(0.05)
            games = await http(app, "GET", "/api/games")  # answered while the move waits
            assert games[0] == 200
            assert time.monotonic() - started < 0.8  # the move waits up to DB_TIMEOUT (1 s) off the loop
            status, answer = await pending
            assert status == 503
            assert answer["key"] == "web.busy"
            assert server.tables.get(bots["table"]).version == stuck
        finally:
            blocker.execute("ROLLBACK")
            blocker.close()
        deadline = time.monotonic() + 15
        while server.tables.get(bots["table"]).version < stuck + 5 and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        assert server.tables.get(bots["table"]).version >= stuck + 5
        status, answer = await http(app, "POST", f"/api/tables/{human['table']}/moves", move, token=token)
        assert (status, answer) == (200, {"type": "accepted", "version": 1})

    asyncio.run(run())


# 4. Threads.

class _SlowObserve:
    """A game whose observe() pauses (releasing the GIL) and says when it has started."""

    def __init__(self, game: Any, started: threading.Event) -> None:
        self._game = game
        self._started = started

    def observe(self, state: Any, seat: int | None) -> Any:
        view = self._game.observe(state, seat)
        self._started.set()
        time.sleep(0.2)
        return view

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)


def test_an_update_is_never_torn_by_a_move_in_another_thread() -> None:
    """A move made by another thread while an update is being built waits for it: the update's
    view and its version belong to one position."""
    table, _ = Tables(TableStore(":memory:")).create("gnaughty-gnomes", 2, seed=2)
    game = table.game
    started = threading.Event()
    table.game = _SlowObserve(game, started)
    seat = game.current_player(table.state)
    assert seat is not None
    before = table.state
    out: list[dict[str, Any]] = []
    reader = threading.Thread(target=lambda: out.append(table.update(1 - seat)))
    reader.start()
    assert started.wait(5)
    table.move(seat, 0, game.legal_actions(before)[0])
    reader.join()
    (update,) = out
    state = before if update["version"] == 0 else table.state
    assert update["view"] == game.to_data(game.observe(state, 1 - seat))
    assert update["version"] == 0  # the move waited for the update


def test_a_bots_move_names_the_version_it_was_chosen_at() -> None:
    """bot_action() returns the version its bot chose at; a bot move overtaken by another move is
    refused as stale, not applied to a position the bot did not see."""
    table, _ = Tables(TableStore(":memory:")).create("gremlins-inc", 2, seed=3, bots=[0, 1])
    first = table.bot_action()
    assert first is not None
    seat, version, action = first
    assert version == 0
    second = table.bot_action()
    assert second is not None
    table.move(*second)
    with pytest.raises(MoveRefusedError) as refused:
        table.move(seat, version, action)
    assert refused.value.key == "web.stale"
    assert table.version == 1


# 5. What each seat receives depends only on what it may see.

@pytest.mark.parametrize("game_id", gremlinrules.game_ids())
def test_a_seats_messages_are_the_same_when_what_it_cannot_see_is_redealt(game_id: str) -> None:
    """Property: for every seat, at every version of a random game, the update it receives (view,
    labelled legal actions, the last move's events) is byte for byte the same when everything it
    cannot see is redealt (game.sample_hidden(state, seat, k)): same view in, same bytes out, so
    no update carries a hidden card. The spectator's update too, under every seat's redeal."""
    game = gremlinrules.get_game(game_id)
    players = min(game.player_counts)
    table, _ = Tables(TableStore(":memory:")).create(game_id, players, seed=5)
    rnd = random.Random(game_id)
    compared = 0
    for step in range(30):
        moves = table.history[-1:]
        real = table.state
        for seat in range(players):
            sample = game.sample_hidden(real, seat, step)
            assert game.observe(sample, seat) == game.observe(real, seat)
            for viewer in (seat, None):
                table.state = real
                want = json.dumps(table.update(viewer, moves), sort_keys=True)
                table.state = sample
                got = json.dumps(table.update(viewer, moves), sort_keys=True)
                table.state = real
                assert got == want, (game_id, step, seat, viewer)
                compared += 1
        mover = game.current_player(real)
        if mover is None:
            break
        table.move(mover, table.version, rnd.choice(game.legal_actions(real)))
    assert compared >= 2 * players


# 6. Creation is guarded.

def test_a_post_not_sent_as_json_is_refused_and_creates_nothing() -> None:
    """A body sent as a form or as text/plain (what a cross-site page can send without asking)
    is refused with 415; no table is created."""
    async def run() -> None:
        app = create_app(":memory:")
        body = {"game": "gnaughty-gnomes", "players": 2}
        for kind in ("text/plain", "application/x-www-form-urlencoded", None):
            status, answer = await http(app, "POST", "/api/tables", body, content_type=kind)
            assert status == 415, answer
            assert answer["key"] == "web.bad-content-type"
        assert not _server(app).tables.store.table_ids()
        status, _ = await http(app, "POST", "/api/tables", body,
                               content_type="application/json; charset=utf-8")
        assert status == 201

    asyncio.run(run())


def test_idle_tables_leave_memory_past_the_cap_and_come_back_from_the_log() -> None:
    """With room for 3 tables, creating 6 keeps at most 3 in memory (the idle ones leave, the
    least recently used first), and a table that left is rebuilt from its log when asked; a table
    with a client connected never leaves."""
    async def run() -> None:
        app = create_app(":memory:", max_live=3)
        server = _server(app)
        made = []
        for i in range(6):
            status, answer = await http(app, "POST", "/api/tables", {"game": "gnaughty-gnomes", "players": 2,
                                                                      "seed": i})
            assert status == 201
            made.append(answer)
            if i == 0:
                client = Client(app, f"/ws/{answer['table']}")
                await client.connect(None)
                await client.next()
            assert len(server._live) <= 3
            assert len(server.tables) <= 3
        assert made[0]["table"] in server._live
        assert made[1]["table"] not in server._live
        status, update = await http(app, "GET", f"/api/tables/{made[1]['table']}",
                                    token=made[1]["seats"][0]["token"])
        assert (status, update["version"], update["seat"]) == (200, 0, 0)
        assert made[1]["table"] in server._live
        await client.leave()

    asyncio.run(run())


def test_tables_with_bots_playing_are_capped() -> None:
    """With room for one table of playing bots, a second table with bot seats is refused (503,
    web.busy) while the first one's bots play; a table without bots is still made."""
    async def run() -> None:
        app = create_app(":memory:", bot_delay=30, max_bot_tables=1)
        setup = {"game": "gnaughty-gnomes", "players": 2, "bots": [0, 1]}
        assert (await http(app, "POST", "/api/tables", setup))[0] == 201
        status, answer = await http(app, "POST", "/api/tables", setup)
        assert status == 503
        assert answer["key"] == "web.busy"
        assert (await http(app, "POST", "/api/tables", {"game": "gnaughty-gnomes", "players": 2}))[0] == 201
        for live in _server(app)._live.values():
            if live.bots is not None:
                live.bots.cancel()

    asyncio.run(run())


# 7. The WebSocket message limit holds in the app itself.

def test_a_websocket_message_over_the_limit_closes_with_1009_in_the_app_itself() -> None:
    """A message over MAX_MESSAGE bytes is refused by the app (not only by uvicorn's
    ws_max_size): the connection is closed with 1009 and the message is not served."""
    async def run() -> None:
        app = create_app(":memory:")
        client, _ = await _spectator_of_a_table(app, reads=True)
        await client.next()
        await client.say(json.dumps({"type": "sync", "pad": "x" * MAX_MESSAGE}))
        await asyncio.wait_for(client.closed.wait(), 10)
        assert client.closed_with == 1009
        assert client.received.empty()  # no update for the oversized sync
        await client.leave()

    asyncio.run(run())


# 8. examples/server.py.

def test_the_example_server_refuses_a_negative_or_huge_content_length_at_once() -> None:
    """examples/server.py answers a body whose Content-Length is negative or over its cap with a
    400 straight away, instead of reading until the client closes (or reading a huge body)."""
    spec = importlib.util.spec_from_file_location(
        "example_server", Path(__file__).parents[2] / "examples" / "server.py")
    assert spec is not None
    assert spec.loader is not None
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    httpd = example.ThreadingHTTPServer(("127.0.0.1", 0), example.Handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        for length in ("-1", str(10**9), "12x"):
            with socket.create_connection(httpd.server_address, timeout=5) as sock:
                sock.sendall(f"POST /tables HTTP/1.1\r\nHost: x\r\nContent-Length: {length}\r\n\r\n".encode())
                answer = sock.makefile("rb").read().decode()  # socket.timeout (a failure) if it waits
            assert answer.startswith("HTTP/1.0 400"), answer
            assert "at most" in answer
    finally:
        httpd.shutdown()
        httpd.server_close()
