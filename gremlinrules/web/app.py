"""The ASGI app of ``gremlinrules serve`` (Starlette), over :mod:`gremlinrules.web.tables`.

Routes (the protocol is documented in docs/web.rst):

- ``GET /``: the lobby page (create a table); ``GET /t/{table}``: the table page
  (the seat's token travels in the URL fragment, ``#<token>``, so it never
  reaches a server log); ``GET /static/...``: its script and style.
- ``GET /api/games``: the games, their player counts and default options.
- ``POST /api/tables``: create a table; the answer holds each seat's token.
- ``GET /api/tables/{table}``: the seat's ``update`` (``Authorization: Bearer
  <token>``; none: the spectator's).
- ``POST /api/tables/{table}/moves``: a move over HTTP (same body and answers
  as over the WebSocket).
- ``GET /api/tables/{table}/board.svg``: the picture of the seat's view, where
  the library draws this game (404 where it does not).
- ``WS /ws/{table}``: the live table: ``hello``, then ``move`` messages; the
  server sends ``welcome``, ``update``, ``refused`` and ``error``.

Each table's moves are applied one at a time under its own asyncio lock, and
every connection's messages go out in version order through its own queue.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import json
import logging
from collections.abc import Callable
from importlib import resources
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket

from gremlinrules.core.errors import GremlinRulesError, shown
from gremlinrules.core.registry import game_ids, get_game
from gremlinrules.web.store import TableStore
from gremlinrules.web.tables import (
    Accepted,
    BadTokenError,
    Table,
    Tables,
    WebError,
)

__all__ = ["MAX_MESSAGE", "TableServer", "create_app"]

MAX_MESSAGE = 64 * 1024
"""The largest request body or WebSocket message accepted, in bytes."""

_log = logging.getLogger("gremlinrules.web")

_STATIC = {"table.js": "text/javascript", "lobby.js": "text/javascript", "common.js": "text/javascript",
           "style.css": "text/css"}


def svg_drawer(game_id: str) -> Callable[[str, Any], str] | None:
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
    """A loaded table's live side: its lock, its connections and its bot task."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.lock = asyncio.Lock()
        self.connections: set[_Connection] = set()
        self.bots: asyncio.Task[None] | None = None


class _Connection:
    """One WebSocket client of a table: its seat and its outgoing queue."""

    def __init__(self, websocket: WebSocket, seat: int | None) -> None:
        self.websocket = websocket
        self.seat = seat
        self.queue: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()

    async def pump(self) -> None:
        """Send the queued messages in order until None (or the socket fails)."""
        while (message := await self.queue.get()) is not None:
            try:
                await self.websocket.send_text(json.dumps(message))
            except Exception:  # the client went away; the receive loop ends the connection
                return


class TableServer:
    """The tables of one process and their live connections."""

    def __init__(self, store: TableStore, *, bot_delay: float = 0.4) -> None:
        self.tables = Tables(store)
        self.bot_delay = bot_delay
        self._live: dict[str, _Live] = {}
        self._tasks: set[asyncio.Task[None]] = set()

    def live(self, table_id: Any) -> _Live:
        """The live table (UnknownTableError when there is none)."""
        table = self.tables.get(table_id)
        live = self._live.get(table.id)
        if live is None:
            live = self._live[table.id] = _Live(table)
            self._start_bots(live)  # a table loaded after a restart may be waiting for a bot
        return live

    def create(self, data: Any) -> dict[str, Any]:
        """Create a table from a request's JSON; the answer names every seat's token and link."""
        table, tokens = self.tables.create_from_data(data)
        live = self._live[table.id] = _Live(table)
        self._start_bots(live)
        return {
            "table": table.id, "game": table.game.id, "players": table.players, "seed": table.seed,
            "version": table.version, "spectator": f"/t/{table.id}",
            "seats": [{"seat": s, "bot": t is None, "token": t,
                       "link": None if t is None else f"/t/{table.id}#{t}"} for s, t in enumerate(tokens)],
        }

    async def move(self, live: _Live, seat: int | None, message: Any) -> Accepted:
        """Apply a client's move message for ``seat`` and send everyone their update."""
        async with live.lock:
            version, action = live.table.parse_move(message)
            accepted = live.table.move(seat, version, action)
            self._broadcast(live, accepted)
        self._start_bots(live)
        return accepted

    def _broadcast(self, live: _Live, accepted: Accepted) -> None:
        made: dict[int | None, dict[str, Any]] = {}
        for conn in live.connections:
            if conn.seat not in made:
                made[conn.seat] = live.table.update(conn.seat, [accepted])
            conn.queue.put_nowait(made[conn.seat])

    def _start_bots(self, live: _Live) -> None:
        if live.table.bot_to_move() is not None and (live.bots is None or live.bots.done()):
            live.bots = asyncio.get_running_loop().create_task(self._run_bots(live))

    async def _run_bots(self, live: _Live) -> None:
        while True:
            await asyncio.sleep(self.bot_delay)
            async with live.lock:
                chosen = live.table.bot_action()
                if chosen is None:
                    return
                seat, action = chosen
                try:
                    accepted = live.table.move(seat, live.table.version, action)
                except GremlinRulesError:  # a bot's choice is legal; never let a bug stop the table
                    _log.exception("table %s: bot at seat %s failed", live.table.id, seat)
                    return
                self._broadcast(live, accepted)

    def board(self, live: _Live, seat: int | None) -> str | None:
        """The picture of ``seat``'s view, or None when the library does not draw this game."""
        draw = svg_drawer(live.table.game.id)
        if draw is None:
            return None
        return str(draw(live.table.game.id, live.table.game.observe(live.table.state, seat)))

    # The WebSocket side.

    async def websocket(self, websocket: WebSocket) -> None:
        """One client's connection: ``hello`` first, then moves until it leaves."""
        await websocket.accept()
        try:
            hello = json.loads(await asyncio.wait_for(websocket.receive_text(), timeout=30))
            if not isinstance(hello, dict) or hello.get("type") != "hello":
                raise WebError('the first message must be {"type": "hello", "token": ...}')
            live = self.live(websocket.path_params["table"])
            seat = live.table.seat_of(hello.get("token"))
        except (WebError, ValueError, TimeoutError, KeyError, RecursionError) as exc:
            error = exc.as_data() if isinstance(exc, WebError) else {
                "type": "error", "message": f"bad hello: {type(exc).__name__}", "key": "web.bad-request"}
            with contextlib.suppress(Exception):
                await websocket.send_text(json.dumps(error))
                await websocket.close(code=4000 + (exc.status if isinstance(exc, WebError) else 400))
            return
        except Exception:  # the client left before saying hello
            return
        conn = _Connection(websocket, seat)
        async with live.lock:  # the snapshot and later broadcasts reach the queue in version order
            live.connections.add(conn)
            conn.queue.put_nowait(live.table.welcome(seat, board=svg_drawer(live.table.game.id) is not None))
            conn.queue.put_nowait(live.table.update(seat))
        pump = asyncio.get_running_loop().create_task(conn.pump())
        try:
            await self._receive(live, conn)
        finally:
            live.connections.discard(conn)
            conn.queue.put_nowait(None)
            await pump

    async def _receive(self, live: _Live, conn: _Connection) -> None:
        while True:
            message = await conn.websocket.receive()
            if message["type"] == "websocket.disconnect":
                return
            text = message.get("text")
            if text is None:
                conn.queue.put_nowait({"type": "error", "message": "send JSON text, not bytes",
                                       "key": "web.bad-request"})
                continue
            try:
                data = json.loads(text)
                kind = data.get("type") if isinstance(data, dict) else None
                if kind == "move":
                    await self.move(live, conn.seat, data)
                elif kind == "sync":
                    async with live.lock:
                        conn.queue.put_nowait(live.table.update(conn.seat))
                else:
                    raise WebError(f"unknown message type {shown(kind)}; send move or sync")
            except WebError as exc:  # a refused move, a bad message
                conn.queue.put_nowait(exc.as_data())
            except (ValueError, RecursionError) as exc:  # json.loads: not JSON, or nested too deep
                reason = "nested too deep" if isinstance(exc, RecursionError) else exc
                conn.queue.put_nowait({"type": "error", "message": f"bad JSON: {reason}",
                                       "key": "web.bad-json"})
            except Exception:  # a bug of ours: say so, keep the connection and the server
                _log.exception("table %s: a message failed", live.table.id)
                conn.queue.put_nowait({"type": "error", "message": "internal error", "key": "web.internal"})


def _page(name: str) -> Response:
    text = resources.files("gremlinrules.web").joinpath("static", name).read_text(encoding="utf-8")
    return Response(text, media_type="text/html" if name.endswith(".html") else _STATIC[name],
                    headers={"Cache-Control": "no-cache"})


def _error(exc: WebError | GremlinRulesError) -> JSONResponse:
    data = exc.as_data() if isinstance(exc, WebError) else {"type": "error", "message": str(exc),
                                                           "key": "web.bad-request"}
    return JSONResponse(data, status_code=exc.status if isinstance(exc, WebError) else 400)


def _token(request: Request) -> str | None:
    header = request.headers.get("authorization", "")
    return header[7:].strip() if header.lower().startswith("bearer ") else None


async def _body(request: Request) -> Any:
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


def create_app(db: str = ":memory:", *, bot_delay: float = 0.4) -> Starlette:
    """The ASGI app serving the tables stored in ``db`` (a SQLite file)."""
    server = TableServer(TableStore(db), bot_delay=bot_delay)

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

    async def create(request: Request) -> Response:
        try:
            return JSONResponse(server.create(await _body(request)), status_code=201)
        except GremlinRulesError as exc:
            return _error(exc)

    async def snapshot(request: Request) -> Response:
        try:
            live = server.live(request.path_params["table"])
            seat = live.table.seat_of(_token(request))
            async with live.lock:
                return JSONResponse(live.table.update(seat))
        except GremlinRulesError as exc:
            return _error(exc)

    async def move(request: Request) -> Response:
        try:
            live = server.live(request.path_params["table"])
            seat = live.table.seat_of(_token(request))
            if seat is None:
                raise BadTokenError("a move needs a seat's token (Authorization: Bearer <token>)")
            accepted = await server.move(live, seat, await _body(request))
            return JSONResponse({"type": "accepted", "version": accepted.version + 1})
        except GremlinRulesError as exc:
            return _error(exc)

    async def board(request: Request) -> Response:
        try:
            live = server.live(request.path_params["table"])
            seat = live.table.seat_of(_token(request))
            async with live.lock:
                picture = server.board(live, seat)
        except GremlinRulesError as exc:
            return _error(exc)
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
        Route("/api/tables/{table}", snapshot),
        Route("/api/tables/{table}/moves", move, methods=["POST"]),
        Route("/api/tables/{table}/board.svg", board),
        WebSocketRoute("/ws/{table}", server.websocket),
    ]
    app = Starlette(routes=routes)
    app.state.server = server
    return app
