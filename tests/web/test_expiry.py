"""Tables that end (issue 31): finished and idle tables expire from memory and the database, a
finished table's record can be downloaded before, creating can need a host token and is limited
per client, and the database stays bounded under a creation flood. Time is an injected clock."""

from __future__ import annotations

import asyncio
import json
import os
from pathlib import Path
from typing import Any

from gremlinrules.core.records import load_record
from gremlinrules.core.records import replay
from gremlinrules.web import Tables
from gremlinrules.web import TableStore
from gremlinrules.web.app import TableServer
from gremlinrules.web.app import create_app
from tests.web.asgi import http

HOUR = 3600.0


class Clock:
    """A clock a test moves by hand."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def _server(app: Any) -> TableServer:
    server = app.state.server
    assert isinstance(server, TableServer)
    return server


def _play_to_the_end(tables: Tables, table_id: str) -> None:
    table = tables.get(table_id)
    while (chosen := table.bot_action() if table.bots else None) is not None:
        seat, version, action = chosen
        table.move(seat, version, action)


def test_idle_and_finished_tables_expire_from_the_store_and_memory() -> None:
    """A table in play expires after ``idle`` seconds without a move (a move restarts its time),
    a finished one ``ended`` seconds after its end; their setup and log rows are deleted and they
    leave memory; an id in ``keep`` stays."""
    clock = Clock()
    store = TableStore(":memory:", clock=clock)
    tables = Tables(store)
    idle, _ = tables.create("no-good-gremlins", 2, seed=1)
    moved, _ = tables.create("no-good-gremlins", 2, seed=2, bots=[0, 1])
    finished, _ = tables.create("no-good-gremlins", 2, seed=3, bots=[0, 1])
    kept, _ = tables.create("no-good-gremlins", 2, seed=4)
    _play_to_the_end(tables, finished.id)
    assert finished.game.is_terminal(finished.state)
    clock.now += 10 * HOUR
    seat, version, action = moved.bot_action() or (0, 0, None)
    moved.move(seat, version, action)
    clock.now += 2.5 * HOUR
    assert tables.expire(idle=24 * HOUR, ended=2 * HOUR) == [finished.id]
    clock.now += 12 * HOUR
    assert sorted(tables.expire(idle=24 * HOUR, ended=2 * HOUR, keep=[kept.id])) == [idle.id]
    assert sorted(store.table_ids()) == sorted([moved.id, kept.id])
    assert len(tables) == 2
    assert store.log_length(finished.id) == 0
    assert store.load(idle.id) is None
    clock.now += 24 * HOUR
    assert sorted(tables.expire(idle=24 * HOUR, ended=None)) == sorted([moved.id, kept.id])
    assert store.count() == 0


def test_a_store_made_before_expiry_gets_its_columns_and_keeps_its_tables(tmp_path: Path) -> None:
    """A SQLite file without the ``touched`` and ``ended`` columns opens; its tables then count as
    touched at their last move (or creation), so they expire from then, not at once."""
    import sqlite3

    from gremlinrules.web import store as store_module

    path = str(tmp_path / "old.sqlite")
    old = sqlite3.connect(path)
    old.executescript(store_module._SCHEMA.replace("    touched REAL,\n    ended REAL\n", "")
                      .replace("state TEXT NOT NULL,\n", "state TEXT NOT NULL\n"))
    old.close()
    clock = Clock()
    tables = Tables(TableStore(path, clock=clock))
    made, _ = tables.create("gnaughty-gnomes", 2, seed=1)
    reopened = TableStore(path, clock=clock)
    columns = {row[1] for row in reopened._db.execute("PRAGMA table_info(tables)")}
    assert {"touched", "ended"} <= columns
    assert reopened.expire(idle=HOUR, ended=HOUR) == []
    clock.now += 2 * HOUR
    assert reopened.expire(idle=HOUR, ended=HOUR) == [made.id]


def test_a_finished_tables_record_downloads_for_a_seat_and_replays() -> None:
    """``GET /api/tables/<id>/record`` gives a seat the game record once the game is over (it
    replays to the table's final state); before the end it is a 409 (``web.not-over``: the
    record holds the seed), and a spectator gets a 403."""
    async def run() -> None:
        app = create_app(":memory:", bot_delay=30)
        server = _server(app)
        status, made = await http(app, "POST", "/api/tables", {"game": "no-good-gremlins", "players": 2,
                                                               "bots": [1]})
        assert status == 201
        table_id, token = made["table"], made["seats"][0]["token"]
        status, refused = await http(app, "GET", f"/api/tables/{table_id}/record", token=token)
        assert (status, refused["key"]) == (409, "web.not-over")
        assert (await http(app, "GET", f"/api/tables/{table_id}/record"))[0] == 403
        table = server.tables.get(table_id)
        live = server._live[table_id]
        if live.bots is not None:
            live.bots.cancel()
        game = table.game
        from gremlinrules.bots import make_bot

        bot = make_bot("random", game, seat=0, seed=5)
        while (seat := game.current_player(table.state)) is not None:
            action = bot.choose(table.state) if seat == 0 else table.bot_action()[2]  # type: ignore[index]
            table.move(seat, table.version, action)
        status, raw = await http(app, "GET", f"/api/tables/{table_id}/record", token=token)
        assert status == 200
        record = raw if isinstance(raw, dict) else json.loads(raw)
        assert record["result"]["terminal"]
        assert replay(load_record(record))[-1] == table.state

    asyncio.run(run())


def test_creating_needs_the_host_token_when_the_server_has_one() -> None:
    """With ``create_token``, a create without it or with another is a 403
    (``web.bad-create-token``) and stores nothing; with it (Authorization: Bearer), a 201 whose
    answer is the usual one (every seat's link)."""
    async def run() -> None:
        app = create_app(":memory:", create_token="host-secret")
        body = {"game": "gnaughty-gnomes", "players": 2}
        for token in (None, "guess"):
            status, answer = await http(app, "POST", "/api/tables", body, token=token)
            assert (status, answer["key"]) == (403, "web.bad-create-token")
        assert _server(app).tables.store.count() == 0
        status, made = await http(app, "POST", "/api/tables", body, token="host-secret")
        assert status == 201
        links = [f"/t/{made['table']}#{s['token']}" for s in made["seats"]]
        assert [s["link"] for s in made["seats"]] == links

    asyncio.run(run())


def test_a_creation_flood_is_refused_with_429_and_the_database_stays_bounded(tmp_path: Path) -> None:
    """One client creating tables as fast as it can gets ``create_limit`` a minute, then 429s
    (JSON, ``web.too-many-tables``, with ``retry_after``). Over 3 simulated hours of flooding
    with tables idle for 1 hour expiring, the stored tables never exceed create_limit * (60 + 1)
    (the stated bound: an hour's worth, plus the minute between two sweeps), the file (with its
    WAL) stops growing once the first tables expire (their pages are reused), and a sweep after
    the last hour leaves none."""
    clock = Clock()
    path = tmp_path / "tables.sqlite"
    limit = 10
    app = create_app(str(path), create_limit=limit, expire=HOUR, expire_ended=HOUR, clock=clock)
    server = _server(app)
    body = {"game": "gnaughty-gnomes", "players": 2}
    bound = limit * 61

    def size() -> int:
        return sum(os.path.getsize(p) for p in (path, Path(f"{path}-wal")) if p.exists())

    async def run() -> None:
        sizes, counts = [], []
        refused = 0
        for minute in range(3 * 60):  # every minute, twice the limit as fast as it goes
            for _ in range(2 * limit):
                status, answer = await http(app, "POST", "/api/tables", body)
                if status == 429:
                    refused += 1
                    assert answer["key"] == "web.too-many-tables"
                    assert answer["retry_after"] > 0
                    assert "a minute" in answer["message"]
                else:
                    assert status == 201
            if minute == 0:
                assert refused == limit  # the limit at once, then only refusals
            counts.append(server.tables.store.count())
            assert counts[-1] <= bound
            assert len(server._live) <= bound
            sizes.append(size())
            clock.now += 60
        assert refused == 3 * 60 * limit
        assert max(counts) >= 60 * limit  # the flood did reach the bound's order
        first_hour = max(sizes[:70])
        assert max(sizes[70:]) <= first_hour * 1.25  # no growth once expiry runs
        assert max(sizes) < bound * 20_000  # measured: 610 tables, 6.7 MB with the WAL

    asyncio.run(run())
    clock.now += 2 * HOUR
    server.sweep(force=True)
    assert server.tables.store.count() == 0


def test_the_serve_flags_read_hours_counts_and_zero_as_never() -> None:
    """``serve --expire 0 --expire-ended 0.5 --create-limit 0 --create-token T`` reads as never,
    half an hour, no limit and the token; the defaults are 24 hours, 2 hours and 300 a minute;
    a negative or non-numeric value is a usage error."""
    import pytest

    from gremlinrules.cli import _parser

    args = _parser().parse_args(["serve"])
    assert (args.expire, args.expire_ended, args.create_limit, args.create_token) == (24.0, 2.0, 300, None)
    args = _parser().parse_args(["serve", "--expire", "0", "--expire-ended", "0.5", "--create-limit", "0",
                                 "--create-token", "T"])
    assert (args.expire, args.expire_ended, args.create_limit, args.create_token) == (None, 0.5, 0, "T")
    for bad in (["--expire", "-1"], ["--expire", "soon"], ["--create-limit", "-3"]):
        with pytest.raises(SystemExit):
            _parser().parse_args(["serve", *bad])
