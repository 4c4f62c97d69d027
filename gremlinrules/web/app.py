"""The ASGI app of ``gremlinrules serve`` (Starlette), over :mod:`gremlinrules.web.tables`.

Routes (the protocol is documented in docs/web.rst):

- ``GET /``: the lobby page (create a table); ``GET /t/{table}``: the table page
  (the seat's token travels in the URL fragment, ``#<token>``, so it never
  reaches a server log); ``GET /static/...``: its script and style.
- ``GET /api/games``: the games, their player counts and default options.
- ``GET /api/tables``: the lobby's list of open tables (listed, in play, a seat free).
- ``POST /api/tables``: create a table; the answer holds each seat's token
  (and the seed only when the request chose it: the seed replays every hidden card).
- ``POST /api/tables/{table}/join``: take a free seat under a display name; the
  answer holds the seat's token, handed out this once.
- ``POST /api/tables/{table}/leave``: free the token's seat (the token stops working).
- ``POST /api/tables/{table}/rematch``: a finished table's rematch with the same
  seats; the answer holds the asking seat's new link (every other seat's link
  is pushed to that seat's connections only, in a ``rematch`` message).
- ``GET /api/tables/{table}``: the seat's ``update`` (``Authorization: Bearer
  <token>``; none: the spectator's).
- ``POST /api/tables/{table}/moves``: a move over HTTP (same body and answers
  as over the WebSocket).
- ``GET /api/tables/{table}/record``: a finished table's game record (a seat's token).
- ``GET /api/tables/{table}/board.svg``: the picture of the seat's view, where
  the library draws this game (404 where it does not).
- ``WS /ws/{table}``: the live table: ``hello``, then ``move`` messages; the
  server sends ``welcome`` (with the seats' names and connected marks), ``update``,
  ``seats`` (those names and marks again, whenever they change),
  ``rematch``, ``refused`` and ``error``.

Each table's moves are applied one at a time under its own asyncio lock, and
every connection's messages go out in version order through its own bounded
queue (a client that does not read is closed with 1008). The SQLite work of a
move or a load runs in a worker thread, with a short busy timeout; a locked
database is a JSON 503 (``web.busy``), and a table's bots retry after it.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import importlib
import json
import logging
import math
import sqlite3
import time
from collections.abc import AsyncIterator
from collections.abc import Awaitable
from collections.abc import Callable
from importlib import resources
from typing import Any

from gremlinrules.core.errors import GremlinRulesError
from gremlinrules.core.errors import MissingExtraError
from gremlinrules.core.errors import shown
from gremlinrules.core.records import record_json
from gremlinrules.registry import game_ids
from gremlinrules.registry import get_game
from gremlinrules.web.clicks import BOARD_LABELS
from gremlinrules.web.store import TableStore
from gremlinrules.web.tables import ENDED_EXPIRY
from gremlinrules.web.tables import IDLE_EXPIRY
from gremlinrules.web.tables import Accepted
from gremlinrules.web.tables import BadTokenError
from gremlinrules.web.tables import SeatTakenError
from gremlinrules.web.tables import Table
from gremlinrules.web.tables import Tables
from gremlinrules.web.tables import WebError

try:
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import JSONResponse
    from starlette.responses import Response
    from starlette.routing import Route
    from starlette.routing import WebSocketRoute
    from starlette.websockets import WebSocket
except ModuleNotFoundError as exc:
    raise MissingExtraError("web", "the web table server (gremlinrules.web.app)", exc.name) from exc

__all__ = ["CREATE_LIMIT", "MAX_BOT_TABLES", "MAX_LIVE", "MAX_MESSAGE", "MAX_TABLES", "CreateLimiter",
           "CreateTokenError", "TableServer", "TooManyJoinsError", "TooManyTablesError", "create_app"]

MAX_MESSAGE = 64 * 1024
"""The largest request body or WebSocket message accepted, in bytes."""

QUEUE_LIMIT = 64
"""The most messages waiting to go out to one WebSocket client; past it the client, which is not
reading, is closed with 1008 (policy violation)."""

RATE, BURST = 20.0, 40
"""Messages per second one WebSocket client may send on average, and in a burst; the ones over it
are dropped unread, the first of them answered with a ``web.rate-limited`` error."""

MAX_LIVE = 1000
"""The most tables held in memory; past it the least recently used idle ones are dropped (the
stored log rebuilds them when asked), and when none is idle a new or loaded table is a 503."""

MAX_BOT_TABLES = 100
"""The most tables whose bots play at once; a table with bot seats beyond it is refused (503)
when created, and its bots wait for a free slot when loaded."""

CREATE_LIMIT = 300
"""Tables one client (one address) may create a minute; past it a create is a 429."""

MAX_TABLES = 10_000
"""The most tables stored at once; past it (after expiring what may expire) a create is a 503."""

SWEEP_EVERY = 60.0
"""Seconds between two sweeps for expired tables (made on requests, never on a timer)."""

DB_TIMEOUT = 1.0
"""Seconds a write waits for another process's lock on the SQLite file (in a worker thread)."""

_log = logging.getLogger("gremlinrules.web")

_STATIC = {"table.js": "text/javascript", "lobby.js": "text/javascript", "common.js": "text/javascript",
           "style.css": "text/css"}


class ServerBusyError(WebError):
    """The server cannot take this now (too many tables, a locked database): try again later."""

    status = 503
    key = "web.busy"


class TooManyTablesError(WebError):
    """A client that created its tables' worth for this minute; ``retry_after`` is in seconds."""

    status = 429
    key = "web.too-many-tables"

    def __init__(self, message: str, *, retry_after: float) -> None:
        super().__init__(message)
        self.retry_after = retry_after

    def as_data(self) -> dict[str, Any]:
        """The refusal as the client receives it, with the seconds to wait."""
        return {**super().as_data(), "retry_after": round(self.retry_after, 1)}


class TooManyJoinsError(TooManyTablesError):
    """A client that joined its seats' worth for this minute (as many as it may create tables)."""

    key = "web.too-many-joins"


class CreateTokenError(WebError, PermissionError):
    """A create without the server's host token (``serve --create-token``)."""

    status = 403
    key = "web.bad-create-token"


class CreateLimiter:
    """Per client, at most ``per_minute`` creates a minute (a token bucket: ``per_minute`` at once,
    then one every 60/per_minute seconds). Clients whose bucket is full again are forgotten, so
    the limiter's memory holds only the clients of the last minute."""

    def __init__(self, per_minute: int, clock: Callable[[], float], *, what: str = "new tables",
                 error: type[TooManyTablesError] = TooManyTablesError) -> None:
        self.per_minute = per_minute
        self._clock = clock
        self._what = what
        self._error = error
        self._buckets: dict[str, tuple[float, float]] = {}

    def take(self, client: str) -> None:
        """Spend one create of ``client``'s; TooManyTablesError when it has none left."""
        now = self._clock()
        rate = self.per_minute / 60.0
        if len(self._buckets) > 10_000:  # forget the clients whose bucket is full again
            self._buckets = {c: (a, t) for c, (a, t) in self._buckets.items()
                             if a + (now - t) * rate < self.per_minute}
        allowance, checked = self._buckets.get(client, (float(self.per_minute), now))
        allowance = min(float(self.per_minute), allowance + max(0.0, now - checked) * rate)
        if allowance < 1:
            self._buckets[client] = (allowance, now)
            raise self._error(f"too many {self._what}: at most {self.per_minute} a minute from one "
                              "client; try again shortly", retry_after=(1 - allowance) / rate)
        self._buckets[client] = (allowance - 1, now)


class MediaTypeError(WebError):
    """A POST whose body is not declared ``application/json``."""

    status = 415
    key = "web.bad-content-type"


def svg_drawer(game_id: str) -> Callable[..., str] | None:
    """``gremlinrules.svg.svg`` when the library draws ``game_id``, else None (imported lazily: the
    pictures are another part of the library, which may not draw every game)."""
    try:
        module = importlib.import_module("gremlinrules.svg")
    except ImportError:
        return None
    draw = getattr(module, "svg", None)
    if not callable(draw):
        return None
    ids = getattr(module, "drawer_ids", None)
    if callable(ids):
        try:
            if game_id not in ids():
                return None
        except GremlinRulesError:
            return None
    return draw  # type: ignore[no-any-return]


class _Live:
    """A loaded table's live side: its lock, its connections, its bot task, who uses it."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.lock = asyncio.Lock()
        self.connections: set[_Connection] = set()
        self.bots: asyncio.Task[None] | None = None
        self.users = 0
        self.used = time.monotonic()

    def idle(self) -> bool:
        """True when nothing uses the table now: it may be dropped from memory."""
        return (self.users == 0 and not self.connections and not self.lock.locked()
                and (self.bots is None or self.bots.done()))


class _Connection:
    """One WebSocket client of a table: its seat, its bounded outgoing queue, its message budget."""

    def __init__(self, websocket: WebSocket, seat: int | None) -> None:
        self.websocket = websocket
        self.seat = seat
        self.queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue(maxsize=QUEUE_LIMIT)
        self.resets = 0
        """Reset updates queued or being sent: a ``sync`` meanwhile is answered by that one."""
        self.closed = False
        self.overflowed = False
        self.limited = False
        self.pump_task: asyncio.Task[None] | None = None
        self._allowance = float(BURST)
        self._checked = time.monotonic()

    def put(self, message: dict[str, Any]) -> None:
        """Queue a message; a client with a full queue is not reading: close it (1008)."""
        if self.closed or self.overflowed:
            return
        try:
            self.queue.put_nowait(message)
        except asyncio.QueueFull:
            self.overflowed = True
            _log.warning("a client of seat %s reads too slowly: closed", self.seat)
            asyncio.get_running_loop().create_task(self.close(1008, "too many unread messages"))
            return
        if message.get("reset"):
            self.resets += 1

    def allow(self) -> bool:
        """Spend one message of the budget (RATE per second, BURST at most); False when spent."""
        now = time.monotonic()
        self._allowance = min(float(BURST), self._allowance + (now - self._checked) * RATE)
        self._checked = now
        if self._allowance < 1:
            return False
        self._allowance -= 1
        return True

    async def close(self, code: int, reason: str) -> None:
        """Stop sending and close the socket with ``code``."""
        if self.closed:
            return
        self.closed = True
        if self.pump_task is not None:
            self.pump_task.cancel()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.websocket.close(code=code, reason=reason), timeout=5)

    async def pump(self) -> None:
        """Send the queued messages in order (until cancelled, or the socket fails)."""
        while True:
            message = await self.queue.get()
            try:
                await self.websocket.send_text(json.dumps(message))
            except Exception:  # the client went away; the receive loop ends the connection
                return
            finally:
                if message.get("reset"):
                    self.resets -= 1


def _received_text(message: Any) -> str:
    """The text of a WebSocket ``receive`` message; WebError for bytes or a message over
    MAX_MESSAGE (checked here as well as by the server: uvicorn's ws_max_size holds only under
    serve())."""
    text = message.get("text")
    if text is None:
        raise WebError("send JSON text, not bytes")
    if len(text) > MAX_MESSAGE or len(text.encode("utf-8", "surrogatepass")) > MAX_MESSAGE:
        raise _TooBigError(f"a message is at most {MAX_MESSAGE} bytes")
    return str(text)


class _TooBigError(WebError):
    key = "web.too-big"


class TableServer:
    """The tables of one process and their live connections."""

    def __init__(self, store: TableStore, *, bot_delay: float = 0.4, max_live: int = MAX_LIVE,
                 max_bot_tables: int = MAX_BOT_TABLES, expire: float | None = IDLE_EXPIRY,
                 expire_ended: float | None = ENDED_EXPIRY, create_token: str | None = None,
                 create_limit: int | None = CREATE_LIMIT, max_tables: int = MAX_TABLES) -> None:
        self.tables = Tables(store)
        self.expire = expire
        self.expire_ended = expire_ended
        self.create_token = create_token
        self.max_tables = max_tables
        self.limiter = None if not create_limit else CreateLimiter(create_limit, store.clock)
        self.join_limiter = None if not create_limit else CreateLimiter(
            create_limit, store.clock, what="joins", error=TooManyJoinsError)
        """Joins one client may make a minute (as many as creates): nobody takes every free seat."""
        self._swept = float("-inf")
        self.bot_delay = bot_delay
        self.max_live = max_live
        self.max_bot_tables = max_bot_tables
        self._live: dict[str, _Live] = {}

    @contextlib.asynccontextmanager
    async def using(self, table_id: Any) -> AsyncIterator[_Live]:
        """The live table while the block runs (it is not dropped from memory meanwhile); its bots
        are (re)started if one must move. UnknownTableError when there is none; ServerBusyError
        when memory holds too many busy tables."""
        self.sweep()
        live = self._live.get(table_id) if isinstance(table_id, str) else None
        if live is None:
            table = await asyncio.to_thread(self.tables.get, table_id)  # a replay: off the loop
            live = self._live.get(table.id)  # another request may have loaded it meanwhile
            if live is None:
                try:
                    self._make_room()
                except ServerBusyError:
                    self.tables.forget(table.id)
                    raise
                live = self._live[table.id] = _Live(table)
        live.users += 1
        live.used = time.monotonic()
        try:
            self._start_bots(live)
            yield live
        finally:
            live.users -= 1

    def _make_room(self) -> None:
        """Drop idle tables until one more fits in memory (least recently used first)."""
        excess = len(self._live) + 1 - self.max_live
        if excess <= 0:
            return
        idle = sorted((live for live in self._live.values() if live.idle()), key=lambda live: live.used)
        for live in idle[:excess]:
            del self._live[live.table.id]
            self.tables.forget(live.table.id)
        if len(self._live) >= self.max_live:
            raise ServerBusyError(f"the server holds {len(self._live)} tables in play; try again later")

    def sweep(self, *, force: bool = False) -> list[str]:
        """Expire the tables past their time (at most once every SWEEP_EVERY seconds unless
        ``force``); tables in use (a connection, a request, playing bots) are kept. Returns the
        ids deleted."""
        now = self.tables.store.clock()
        if not force and now - self._swept < SWEEP_EVERY:
            return []
        self._swept = now
        busy = [tid for tid, live in self._live.items() if not live.idle()]
        gone = self.tables.expire(idle=self.expire, ended=self.expire_ended, keep=busy)
        for table_id in gone:
            self._live.pop(table_id, None)
        return gone

    def admit(self, client: str, token: str | None) -> None:
        """Check a create request: the host token when the server has one (CreateTokenError), the
        client's rate (TooManyTablesError) and the stored tables' cap (ServerBusyError)."""
        given, wanted = ((t or "").encode("utf-8", "surrogatepass") for t in (token, self.create_token))
        if self.create_token is not None and not hmac.compare_digest(given, wanted):
            raise CreateTokenError("creating a table needs this server's host token "
                                   "(Authorization: Bearer <token>)")
        if self.limiter is not None:
            self.limiter.take(client)
        self._check_cap()

    def _check_cap(self) -> None:
        """ServerBusyError when the store holds ``max_tables`` tables even after a sweep."""
        if self.tables.store.count() >= self.max_tables:
            self.sweep(force=True)
            if self.tables.store.count() >= self.max_tables:
                raise ServerBusyError(f"the server stores {self.max_tables} tables, its most; "
                                      "try again later")

    def _bot_tables(self) -> int:
        return sum(1 for live in self._live.values() if live.bots is not None and not live.bots.done())

    async def create(self, data: Any) -> dict[str, Any]:
        """Create a table from a request's JSON; the answer names every seat's token and link, and
        the seed only when the request chose it (the seed replays every hidden card)."""
        if isinstance(data, dict) and data.get("bots") and self._bot_tables() >= self.max_bot_tables:
            raise ServerBusyError(f"the bots of {self._bot_tables()} tables are playing; try again later")
        self.sweep()
        self._make_room()
        table, tokens = await asyncio.to_thread(self.tables.create_from_data, data)
        live = self._live[table.id] = _Live(table)
        self._start_bots(live)
        answer: dict[str, Any] = {
            "table": table.id, "game": table.game.id, "players": table.players,
            "version": table.version, "spectator": f"/t/{table.id}",
            "seats": [{"seat": s, "bot": t is None, "token": t,
                       "link": None if t is None else f"/t/{table.id}#{t}"} for s, t in enumerate(tokens)],
        }
        if isinstance(data, dict) and data.get("seed") is not None:  # the client knows it already
            answer["seed"] = table.seed
        return answer

    async def move(self, live: _Live, seat: int | None, message: Any) -> Accepted:
        """Apply a client's move message for ``seat`` and send everyone their update."""
        async with live.lock:
            version, action = live.table.parse_move(message)
            accepted = await asyncio.to_thread(live.table.move, seat, version, action)  # SQLite
            self._broadcast(live, accepted)
        self._start_bots(live)
        return accepted

    def _broadcast(self, live: _Live, accepted: Accepted) -> None:
        made: dict[int | None, dict[str, Any]] = {}
        for conn in list(live.connections):
            if conn.seat not in made:
                made[conn.seat] = live.table.update(conn.seat, [accepted])
            conn.put(made[conn.seat])

    def _start_bots(self, live: _Live) -> None:
        if (live.bots is not None and not live.bots.done()) or live.lock.locked():
            return  # running, or a move is being made (whoever makes it starts the bots after)
        if live.table.bot_to_move() is None or self._bot_tables() >= self.max_bot_tables:
            return  # nothing to do, or no free slot: started when the table is next used
        live.bots = asyncio.get_running_loop().create_task(self._run_bots(live))

    async def _run_bots(self, live: _Live) -> None:
        delay = self.bot_delay
        try:
            while True:
                await asyncio.sleep(delay)
                async with live.lock:
                    try:
                        chosen = live.table.bot_action()
                        if chosen is None:
                            return
                        seat, version, action = chosen
                        accepted = await asyncio.to_thread(live.table.move, seat, version, action)
                    except Exception:  # a locked database, or a bug: log it, try again later
                        _log.exception("table %s: a bot's move failed; retrying", live.table.id)
                        delay = min(30.0, max(0.1, 2 * delay))
                        continue
                    self._broadcast(live, accepted)
                delay = self.bot_delay
        finally:
            if live.bots is asyncio.current_task():
                live.bots = None
            for other in list(self._live.values()):  # a slot is free: tables waiting for one
                if other is not live:
                    self._start_bots(other)

    def board(self, live: _Live, seat: int | None) -> str | None:
        """The picture of ``seat``'s view, or None when the library does not draw this game."""
        draw = svg_drawer(live.table.game.id)
        if draw is None:
            return None
        with live.table.lock:
            state = live.table.state
        return str(draw(live.table.game.id, live.table.game.observe(state, seat), labels=BOARD_LABELS))

    # The lobby's side: seats, names, connected marks, rematches.

    @staticmethod
    def _connected(live: _Live) -> set[int]:
        return {c.seat for c in live.connections if c.seat is not None and not c.closed}

    def _push_seats(self, live: _Live, *, skip: _Connection | None = None) -> None:
        """Send every client of the table (but ``skip``) its seats: names, free or taken,
        connected or away."""
        message = {"type": "seats", "table": live.table.id, "seats": live.table.seats(self._connected(live))}
        for conn in list(live.connections):
            if conn is not skip:
                conn.put(message)

    async def claim(self, live: _Live, seat: int | None) -> None:
        """A free seat opened with its host's link is taken from now on (the lobby stops offering it)."""
        if seat is not None and live.table.is_free(seat) and await asyncio.to_thread(live.table.claim, seat):
            self._push_seats(live)

    async def join(self, live: _Live, data: Any) -> dict[str, Any]:
        """Give a free seat to a display name (``{"seat": n, "name": "..."}``); the answer holds the
        seat's token and link, given out this once."""
        if not isinstance(data, dict) or set(data) != {"seat", "name"}:
            raise WebError('a join is a JSON object {"seat": n, "name": "..."}')
        async with live.lock:
            token = await asyncio.to_thread(live.table.join, data["seat"], data["name"])
            self._push_seats(live)
        seat = data["seat"]  # checked by the join
        return {"table": live.table.id, "seat": seat, "name": live.table.holders[seat].name,
                "token": token, "link": f"/t/{live.table.id}#{token}"}

    async def leave(self, live: _Live, seat: int) -> None:
        """Free ``seat``: its token stops working, and its open pages become spectators' pages."""
        async with live.lock:
            await asyncio.to_thread(live.table.leave, seat)
            board = svg_drawer(live.table.game.id) is not None
            for conn in list(live.connections):
                if conn.seat == seat:
                    conn.seat = None
                    conn.put(live.table.welcome(None, board=board))
                    conn.put(live.table.update(None))
            self._push_seats(live)

    async def rematch(self, live: _Live, seat: int) -> dict[str, Any]:
        """The rematch of a finished table, made on the first ask: the same game, players, options,
        bots and seat holders. Every connection of a held seat receives that seat's new link (and
        no other), the others the spectators' link; the answer is the asking seat's. A holder who
        asks again (another tab, a page opened later) gets a fresh link to the same seat, while
        the rematch holds it for them."""
        await self.claim(live, seat)
        async with live.lock:
            if live.table.rematch is None:  # one per table: no host token or create limit needed
                self._check_cap()
                self._make_room()
                table, tokens = await asyncio.to_thread(self.tables.rematch, live.table)
                new = self._live[table.id] = _Live(table)
                self._start_bots(new)
                for conn in list(live.connections):
                    conn.put(_rematch_message(table, conn.seat, tokens.get(conn.seat)
                                              if conn.seat is not None else None))
                return _rematch_message(table, seat, tokens.get(seat))
        async with self.using(live.table.rematch) as new, new.lock:
            if not new.table.holders[seat].rematched:
                raise SeatTakenError(f"seat {seat} of the rematch {new.table.id} was left; join a free "
                                     "seat in the lobby")
            token = await asyncio.to_thread(new.table.hand_over, seat)
        return _rematch_message(new.table, seat, token)

    # The WebSocket side.

    async def websocket(self, websocket: WebSocket) -> None:
        """One client's connection: ``hello`` first, then moves until it leaves."""
        await websocket.accept()
        async with contextlib.AsyncExitStack() as stack:
            try:
                message = await asyncio.wait_for(websocket.receive(), timeout=30)
                if message["type"] == "websocket.disconnect":
                    return
                hello = json.loads(_received_text(message))
                if not isinstance(hello, dict) or hello.get("type") != "hello":
                    raise WebError('the first message must be {"type": "hello", "token": ...}')
                live = await stack.enter_async_context(self.using(websocket.path_params["table"]))
                seat = live.table.seat_of(hello.get("token"))
            except (WebError, ValueError, TimeoutError, KeyError, RecursionError, sqlite3.Error) as exc:
                error, status = _error_data(exc)
                if not isinstance(exc, WebError | sqlite3.Error):
                    error = {"type": "error", "message": f"bad hello: {type(exc).__name__}",
                             "key": "web.bad-request"}
                with contextlib.suppress(Exception):
                    await websocket.send_text(json.dumps(error))
                    await websocket.close(code=1009 if isinstance(exc, _TooBigError) else 4000 + status)
                return
            except Exception:  # the client left before saying hello
                return
            await self._serve(live, websocket, seat)

    async def _serve(self, live: _Live, websocket: WebSocket, seat: int | None) -> None:
        conn = _Connection(websocket, seat)
        await self.claim(live, seat)
        async with live.lock:  # the snapshot and later broadcasts reach the queue in version order
            arrived = seat is not None and seat not in self._connected(live)
            live.connections.add(conn)
            welcome = live.table.welcome(seat, board=svg_drawer(live.table.game.id) is not None)
            welcome["seats"] = live.table.seats(self._connected(live))
            conn.put(welcome)
            conn.put(live.table.update(seat))
            if arrived:  # the others see this seat connected
                self._push_seats(live, skip=conn)
        conn.pump_task = asyncio.get_running_loop().create_task(conn.pump())
        try:
            await self._receive(live, conn)
        finally:
            live.connections.discard(conn)
            conn.closed = True
            if conn.seat is not None and conn.seat not in self._connected(live):
                self._push_seats(live)  # the others see this seat away (no other tab holds it)
            conn.pump_task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await conn.pump_task

    async def _receive(self, live: _Live, conn: _Connection) -> None:
        while not conn.closed:
            message = await conn.websocket.receive()
            if message["type"] == "websocket.disconnect":
                return
            if not conn.allow():  # said once per burst; the messages over the budget are dropped
                if not conn.limited:
                    conn.limited = True
                    conn.put({"type": "error", "message": f"too many messages: at most {RATE:g} a second; "
                              "the ones over it are dropped", "key": "web.rate-limited"})
                continue
            conn.limited = False
            try:
                data = json.loads(_received_text(message))
                kind = data.get("type") if isinstance(data, dict) else None
                if kind == "move":
                    await self.move(live, conn.seat, data)
                elif kind == "sync":
                    if conn.resets == 0:  # else a reset update is on its way already
                        async with live.lock:
                            conn.put(live.table.update(conn.seat))
                else:
                    raise WebError(f"unknown message type {shown(kind)}; send move or sync")
            except _TooBigError as exc:
                await conn.close(1009, str(exc))
                return
            except WebError as exc:  # a refused move, a bad message
                conn.put(exc.as_data())
            except sqlite3.Error:
                conn.put(_error_data(sqlite3.Error())[0])
            except (ValueError, RecursionError) as exc:  # json.loads: not JSON, or nested too deep
                reason = "nested too deep" if isinstance(exc, RecursionError) else exc
                conn.put({"type": "error", "message": f"bad JSON: {reason}", "key": "web.bad-json"})
            except Exception:  # a bug of ours: say so, keep the connection and the server
                _log.exception("table %s: a message failed", live.table.id)
                conn.put({"type": "error", "message": "internal error", "key": "web.internal"})


def _rematch_message(table: Table, seat: int | None, token: str | None) -> dict[str, Any]:
    """The ``rematch`` message (and answer) for ``seat``: its own new link when it holds a seat of
    the rematch, else the spectators'."""
    link = f"/t/{table.id}" if token is None else f"/t/{table.id}#{token}"
    return {"type": "rematch", "table": table.id, "seat": seat if token is not None else None,
            "token": token, "link": link, "spectator": f"/t/{table.id}"}


def _error_data(exc: BaseException) -> tuple[dict[str, Any], int]:
    """The JSON error a client receives for ``exc``, and its HTTP status."""
    if isinstance(exc, WebError):
        return exc.as_data(), exc.status
    if isinstance(exc, sqlite3.Error):
        _log.warning("the table store failed: %s", exc)
        return {"type": "error", "message": "the table store is busy; try again", "key": "web.busy"}, 503
    return {"type": "error", "message": str(exc), "key": "web.bad-request"}, 400


def _page(name: str) -> Response:
    text = resources.files("gremlinrules.web").joinpath("static", name).read_text(encoding="utf-8")
    return Response(text, media_type="text/html" if name.endswith(".html") else _STATIC[name],
                    headers={"Cache-Control": "no-cache"})


def _error(exc: GremlinRulesError | sqlite3.Error) -> JSONResponse:
    data, status = _error_data(exc)
    return JSONResponse(data, status_code=status)


_Handler = Callable[[Request], Awaitable[Response]]


def _json_errors(handler: _Handler) -> _Handler:
    """The handler, its refusals and a locked database answered as JSON errors."""

    async def answer(request: Request) -> Response:
        try:
            return await handler(request)
        except (GremlinRulesError, sqlite3.Error) as exc:
            return _error(exc)

    return answer


def _token(request: Request) -> str | None:
    header = request.headers.get("authorization", "")
    return header[7:].strip() if header.lower().startswith("bearer ") else None


async def _body(request: Request) -> Any:
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":  # a cross-site form or no-cors fetch cannot send this type
        raise MediaTypeError(f"the body must be sent as application/json, not {shown(kind or None)}")
    size = request.headers.get("content-length")
    if size is not None and (not size.isdigit() or int(size) > MAX_MESSAGE):
        raise WebError(f"the body must be JSON of at most {MAX_MESSAGE} bytes")
    raw = b""
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > MAX_MESSAGE:
            raise WebError(f"the body must be JSON of at most {MAX_MESSAGE} bytes")
    try:
        return json.loads(raw)
    except ValueError as exc:
        raise WebError(f"bad JSON: {exc}") from exc
    except RecursionError as exc:
        raise WebError("bad JSON: nested too deep") from exc


def create_app(db: str = ":memory:", *, bot_delay: float = 0.4, max_live: int = MAX_LIVE,
               max_bot_tables: int = MAX_BOT_TABLES, expire: float | None = IDLE_EXPIRY,
               expire_ended: float | None = ENDED_EXPIRY, create_token: str | None = None,
               create_limit: int | None = CREATE_LIMIT, max_tables: int = MAX_TABLES,
               clock: Callable[[], float] = time.time) -> Starlette:
    """The ASGI app serving the tables stored in ``db`` (a SQLite file). ``expire`` and
    ``expire_ended`` are seconds (None: never; see :meth:`Tables.expire`), ``create_token`` the
    host token a create must carry (None: anyone may create), ``create_limit`` the creates one
    client may make a minute (None: no limit), ``max_tables`` the most tables stored; ``clock``
    the time in seconds (a test passes its own)."""
    server = TableServer(TableStore(db, timeout=DB_TIMEOUT, clock=clock), bot_delay=bot_delay,
                         max_live=max_live, max_bot_tables=max_bot_tables, expire=expire,
                         expire_ended=expire_ended, create_token=create_token, create_limit=create_limit,
                         max_tables=max_tables)
    server.sweep(force=True)

    async def lobby(request: Request) -> Response:
        return _page("lobby.html")

    async def table_page(request: Request) -> Response:
        return _page("table.html")

    async def static(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in _STATIC:
            return JSONResponse({"type": "error", "message": "no such file", "key": "web.not-found"}, 404)
        return _page(name)

    async def games(request: Request) -> Response:
        out = []
        for gid in game_ids():
            game = get_game(gid)
            out.append({"id": gid, "title": game.title, "player_counts": list(game.player_counts),
                        "options": game.to_data(game.Options()), "board": svg_drawer(gid) is not None})
        return JSONResponse(out)

    @_json_errors
    async def create(request: Request) -> Response:
        try:
            server.admit(request.client.host if request.client else "", _token(request))
        except TooManyTablesError as exc:
            return JSONResponse(exc.as_data(), status_code=exc.status,
                                headers={"Retry-After": str(max(1, math.ceil(exc.retry_after)))})
        return JSONResponse(await server.create(await _body(request)), status_code=201)

    @_json_errors
    async def listing(request: Request) -> Response:
        server.sweep()
        return JSONResponse(await asyncio.to_thread(server.tables.listings, idle=server.expire),
                            headers={"Cache-Control": "no-store"})

    @_json_errors
    async def join(request: Request) -> Response:
        if server.join_limiter is not None:
            try:
                server.join_limiter.take(request.client.host if request.client else "")
            except TooManyTablesError as exc:
                return JSONResponse(exc.as_data(), status_code=exc.status,
                                    headers={"Retry-After": str(max(1, math.ceil(exc.retry_after)))})
        body = await _body(request)
        async with server.using(request.path_params["table"]) as live:
            answer = await server.join(live, body)
        return JSONResponse(answer, headers={"Cache-Control": "no-store"})

    @_json_errors
    async def leave(request: Request) -> Response:
        async with server.using(request.path_params["table"]) as live:
            seat = live.table.seat_of(_token(request))
            if seat is None:
                raise BadTokenError("leaving needs the seat's token (Authorization: Bearer <token>)")
            await server.leave(live, seat)
        return JSONResponse({"type": "left", "table": live.table.id, "seat": seat})

    @_json_errors
    async def rematch(request: Request) -> Response:
        async with server.using(request.path_params["table"]) as live:
            seat = live.table.seat_of(_token(request))
            if seat is None:
                raise BadTokenError("a rematch needs a seat's token (Authorization: Bearer <token>)")
            answer = await server.rematch(live, seat)
        return JSONResponse(answer, headers={"Cache-Control": "no-store"})

    @_json_errors
    async def record(request: Request) -> Response:
        server.sweep()
        table_id = request.path_params["table"]
        made = await asyncio.to_thread(server.tables.record, table_id, _token(request))
        name = f"{made['game']}-{table_id}.json"  # the id is a stored table's: URL-safe characters
        return Response(record_json(made), media_type="application/json",
                        headers={"Content-Disposition": f'attachment; filename="{name}"',
                                 "Cache-Control": "no-store"})

    @_json_errors
    async def snapshot(request: Request) -> Response:
        async with server.using(request.path_params["table"]) as live:
            seat = live.table.seat_of(_token(request))
            async with live.lock:
                return JSONResponse(live.table.update(seat))

    @_json_errors
    async def move(request: Request) -> Response:
        body = await _body(request)
        async with server.using(request.path_params["table"]) as live:
            seat = live.table.seat_of(_token(request))
            if seat is None:
                raise BadTokenError("a move needs a seat's token (Authorization: Bearer <token>)")
            await server.claim(live, seat)
            accepted = await server.move(live, seat, body)
        return JSONResponse({"type": "accepted", "version": accepted.version + 1})

    @_json_errors
    async def board(request: Request) -> Response:
        async with server.using(request.path_params["table"]) as live:
            seat = live.table.seat_of(_token(request))
            async with live.lock:
                picture = server.board(live, seat)
        if picture is None:
            return JSONResponse({"type": "error", "message": "no picture for this game",
                                 "key": "web.no-board"}, status_code=404)
        return Response(picture, media_type="image/svg+xml", headers={"Cache-Control": "no-store"})

    routes = [
        Route("/", lobby),
        Route("/t/{table}", table_page),
        Route("/static/{name}", static),
        Route("/api/games", games),
        Route("/api/tables", create, methods=["POST"]),
        Route("/api/tables", listing, methods=["GET"]),
        Route("/api/tables/{table}", snapshot),
        Route("/api/tables/{table}/join", join, methods=["POST"]),
        Route("/api/tables/{table}/leave", leave, methods=["POST"]),
        Route("/api/tables/{table}/rematch", rematch, methods=["POST"]),
        Route("/api/tables/{table}/moves", move, methods=["POST"]),
        Route("/api/tables/{table}/record", record),
        Route("/api/tables/{table}/board.svg", board),
        WebSocketRoute("/ws/{table}", server.websocket),
    ]
    app = Starlette(routes=routes)
    app.state.server = server
    return app
