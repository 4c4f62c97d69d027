"""The table logic of ``gremlinrules serve`` embedded in another framework: the standard library's
``http.server``.

Run it: ``python examples/server.py``. It starts a small JSON-over-HTTP host on a free loopback
port, creates a Gnaughty Gnomes table with two human seats and two of the server's bots, and
plays it to the end with two HTTP clients that see only what the server sends them: their view,
their labelled legal actions and their redacted events, never the state.

Everything that makes a multi-seat host safe lives in :mod:`gremlinrules.web.tables`, so this
file only maps requests to it: the seat comes from the token (``Authorization: Bearer``), every
move names the table version it was chosen at, and a stale, out-of-turn, malformed or illegal
move is refused with the library's error text. The tables live in SQLite (``:memory:`` here;
a file name makes them survive a restart). ``gremlinrules serve`` (docs/web.rst) is the same
logic behind Starlette, with WebSockets and a browser page.
"""

from __future__ import annotations

import json
import random
import threading
import urllib.error
import urllib.request
from http.server import BaseHTTPRequestHandler
from http.server import ThreadingHTTPServer
from typing import Any

from gremlinrules import GremlinRulesError
from gremlinrules.web import MoveRefusedError
from gremlinrules.web import Table
from gremlinrules.web import Tables
from gremlinrules.web import TableStore
from gremlinrules.web import WebError

TABLES = Tables(TableStore(":memory:"))


MAX_BODY = 64 * 1024
"""The largest request body read, in bytes."""


def play_bots(table: Table) -> None:
    """Let the server's bots move while a bot seat must decide (a real host would pause a little).
    A bot's move names the version it was chosen at: if another thread moved first, it is refused
    as stale and the bot chooses again."""
    while (chosen := table.bot_action()) is not None:
        seat, version, action = chosen
        try:
            table.move(seat, version, action)
        except MoveRefusedError as exc:
            if exc.key != "web.stale":
                raise


def read_body(handler: BaseHTTPRequestHandler) -> Any:
    """The request's JSON body; WebError when its Content-Length is missing, malformed (negative
    would wait for the end of the stream) or over MAX_BODY."""
    size = handler.headers.get("Content-Length") or "0"
    if not size.isdigit() or int(size) > MAX_BODY:
        raise WebError(f"the body must be JSON of at most {MAX_BODY} bytes, with its Content-Length")
    return json.loads(handler.rfile.read(int(size)) or b"null")


class Handler(BaseHTTPRequestHandler):
    """``POST /tables``, ``GET /tables/<id>`` and ``POST /tables/<id>/moves``, all JSON."""

    def do_POST(self) -> None:
        """Create a table, or make a move."""
        parts = self.path.strip("/").split("/")
        try:
            body = read_body(self)
            if parts == ["tables"]:
                table, tokens = TABLES.create_from_data(body)
                play_bots(table)
                self.answer(201, {"table": table.id, "tokens": tokens})
            elif len(parts) == 3 and parts[0] == "tables" and parts[2] == "moves":
                table = TABLES.get(parts[1])
                seat = table.seat_of(self.token())
                version, action = table.parse_move(body)
                accepted = table.move(seat, version, action)
                play_bots(table)
                self.answer(200, {"type": "accepted", "version": accepted.version + 1})
            else:
                self.answer(404, {"type": "error", "message": "no such route"})
        except WebError as exc:
            self.answer(exc.status, exc.as_data())
        except (GremlinRulesError, ValueError) as exc:  # bad setup, bad JSON
            self.answer(400, {"type": "error", "message": str(exc)})

    def do_GET(self) -> None:
        """The seat's update (no token: the spectator's)."""
        parts = self.path.strip("/").split("/")
        try:
            if len(parts) != 2 or parts[0] != "tables":
                raise WebError("no such route")
            table = TABLES.get(parts[1])
            self.answer(200, table.update(table.seat_of(self.token())))
        except WebError as exc:
            self.answer(exc.status, exc.as_data())

    def token(self) -> str | None:
        """The seat token of ``Authorization: Bearer <token>``."""
        header = self.headers.get("Authorization", "")
        return header[7:] if header.startswith("Bearer ") else None

    def answer(self, status: int, data: Any) -> None:
        """Send JSON."""
        raw = json.dumps(data).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(raw)))
        self.end_headers()
        self.wfile.write(raw)

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet: no line per request."""


def call(base: str, method: str, path: str, body: Any = None, token: str | None = None) -> tuple[int, Any]:
    """One HTTP request of a client: (status, JSON answer)."""
    request = urllib.request.Request(base + path, method=method,
                                     data=None if body is None else json.dumps(body).encode())
    if token is not None:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


def main() -> None:
    """Host one table and play it to the end over HTTP; print what happened."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        status, made = call(base, "POST", "/tables", {"game": "gnaughty-gnomes", "players": 4, "seed": 3,
                                                      "bots": [2, 3]})
        assert status == 201, made
        table, tokens = made["table"], made["tokens"]
        rnd = random.Random(1)
        refused: dict[str, int] = {}
        step = 0
        while True:
            step += 1
            updates = [call(base, "GET", f"/tables/{table}", token=t)[1] for t in tokens[:2]]
            if updates[0]["terminal"]:
                break
            mine = next(u for u in updates if u["legal"])
            seat = mine["seat"]
            move: Any = {"version": mine["version"], "action": rnd.choice(mine["legal"])["action"]}
            if step % 5 == 0:  # a client bug now and then: the server refuses it, nothing changes
                move, token = [({**move, "version": mine["version"] - 1}, tokens[seat]),  # stale
                               (move, tokens[1 - seat]),  # out of turn
                               ({"version": mine["version"]}, tokens[seat]),  # no action
                               ({**move, "action": {"type": "Fly"}}, tokens[seat])][step // 5 % 4]
                _, answer = call(base, "POST", f"/tables/{table}/moves", move, token=token)
                refused[answer["key"]] = refused.get(answer["key"], 0) + 1
                continue
            status, answer = call(base, "POST", f"/tables/{table}/moves", move, token=tokens[seat])
            assert status == 200, answer
        final = call(base, "GET", f"/tables/{table}")[1]
        print(f"table {table}: game over at version {final['version']}; "
              f"scores {final['view']['scores']}, winners {final['view']['winners']}")
        print("refused client messages by reason:", dict(sorted(refused.items())))
        print("the spectator's hand:", final["view"].get("hand"), "; legal actions sent to it:",
              len(final["legal"]))
    finally:
        server.shutdown()


if __name__ == "__main__":
    main()
