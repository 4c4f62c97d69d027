"""Drive the ASGI app in-process (no server, no socket): one HTTP request, or a WebSocket client
that may refuse to read what the server sends it."""

from __future__ import annotations

import asyncio
import json
from typing import Any


def _scope(kind: str, path: str, headers: list[tuple[bytes, bytes]]) -> dict[str, Any]:
    return {"type": kind, "asgi": {"version": "3.0"}, "http_version": "1.1", "scheme": "http",
            "path": path, "raw_path": path.encode(), "query_string": b"", "root_path": "",
            "headers": headers, "client": ("127.0.0.1", 50000), "server": ("127.0.0.1", 80)}


async def http(app: Any, method: str, path: str, body: Any = None, *, token: str | None = None,
               content_type: str | None = "application/json", raw: bytes | None = None) -> tuple[int, Any]:
    """(status, decoded JSON or the raw bytes when not JSON) of one request to ``app``."""
    data = raw if raw is not None else b"" if body is None else json.dumps(body).encode()
    headers = [(b"content-length", str(len(data)).encode())]
    if content_type is not None and (body is not None or raw is not None):
        headers.append((b"content-type", content_type.encode()))
    if token is not None:
        headers.append((b"authorization", f"Bearer {token}".encode()))
    scope = _scope("http", path, headers)
    scope["method"] = method
    delivered = False
    status = 0
    out = b""

    async def receive() -> dict[str, Any]:
        nonlocal delivered
        if not delivered:
            delivered = True
            return {"type": "http.request", "body": data, "more_body": False}
        await asyncio.Event().wait()  # the client stays connected
        raise AssertionError("unreachable")

    async def send(message: dict[str, Any]) -> None:
        nonlocal status, out
        if message["type"] == "http.response.start":
            status = message["status"]
        elif message["type"] == "http.response.body":
            out += message.get("body", b"")

    await app(scope, receive, send)
    try:
        return status, json.loads(out)
    except ValueError:
        return status, out


class Client:
    """A WebSocket client of ``app`` at ``path``; with ``reads=False`` it never reads, so every
    message the server sends it blocks (as a full TCP window would)."""

    def __init__(self, app: Any, path: str, *, reads: bool = True) -> None:
        self.app = app
        self.path = path
        self.reads = reads
        self.inbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.received: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.closed_with: int | None = None
        self.closed = asyncio.Event()
        self.task: asyncio.Task[None] | None = None

    async def _receive(self) -> dict[str, Any]:
        return await self.inbox.get()

    async def _send(self, message: dict[str, Any]) -> None:
        if message["type"] == "websocket.close":
            self.closed_with = message.get("code", 1000)
            self.closed.set()
        elif message["type"] == "websocket.send":
            if not self.reads:
                await asyncio.Event().wait()  # never returns: the client does not read
            await self.received.put(json.loads(message["text"]))

    async def connect(self, token: str | None) -> None:
        """Open the socket and say hello."""
        self.task = asyncio.get_running_loop().create_task(
            self.app(_scope("websocket", self.path, []), self._receive, self._send))
        await self.inbox.put({"type": "websocket.connect"})
        await self.say({"type": "hello", "token": token})

    async def say(self, data: Any) -> None:
        """Send one text message (JSON-encoded unless a str)."""
        await self.inbox.put({"type": "websocket.receive", "text": data if isinstance(data, str)
                              else json.dumps(data)})

    async def next(self, kind: str = "update", timeout: float = 10) -> dict[str, Any]:
        """The next message of type ``kind`` (others are skipped)."""
        while True:
            message = await asyncio.wait_for(self.received.get(), timeout)
            if message["type"] == kind:
                return message

    async def leave(self) -> None:
        """Disconnect and wait for the server's side to end."""
        await self.inbox.put({"type": "websocket.disconnect", "code": 1000})
        if self.task is not None:
            await asyncio.wait_for(self.task, 10)
