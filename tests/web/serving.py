"""A real ``gremlinrules serve`` process for the web tests, and small clients of it."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from gremlinrules.core.protocol import Game
from gremlinrules.web import TableStore

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def free_port() -> int:
    """A loopback port nobody listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ServerProcess:
    """``python -m gremlinrules serve`` on a loopback port and a SQLite file, started and killed
    at will; the port and the file stay the same across restarts."""

    def __init__(self, db: Path, *, bot_delay: float = 0.0) -> None:
        self.db = db
        self.port = free_port()
        self.bot_delay = bot_delay
        self.proc: subprocess.Popen[bytes] | None = None
        self.log = db.with_suffix(".log")

    @property
    def url(self) -> str:
        """The server's base URL."""
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        """Start the server and wait until it answers."""
        with open(self.log, "ab") as log:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "gremlinrules", "serve", "--port", str(self.port),
                 "--db", str(self.db), "--bot-delay", str(self.bot_delay)],
                stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited: {self.log.read_text()}")
            try:  # a static file: answering it loads no game
                with urllib.request.urlopen(self.url + "/static/common.js", timeout=5):
                    return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("the server did not answer within 30 s")

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs."""
        assert self.proc is not None
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait()

    def stop(self) -> None:
        """Stop the server if it runs."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()

    def alive(self) -> bool:
        """True while the process runs."""
        return self.proc is not None and self.proc.poll() is None

    def request(self, method: str, path: str, body: Any = None, *, token: str | None = None,
                raw: bytes | None = None, content_type: str = "application/json") -> tuple[int, Any]:
        """(HTTP status, decoded JSON body) of one request (a body is sent as ``content_type``)."""
        data = raw if raw is not None else None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data=data, method=method)
        if data is not None:
            request.add_header("Content-Type", content_type)
        if token is not None:
            request.add_header("Authorization", f"Bearer {token}")
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as exc:
            return exc.code, json.loads(exc.read())

    def create(self, **setup: Any) -> dict[str, Any]:
        """Create a table; the server's answer (table id, seats with tokens and links)."""
        status, made = self.request("POST", "/api/tables", setup)
        assert status == 201, made
        return dict(made)


def replayed_states(db: Path, table_id: str, game: Game) -> list[Any]:
    """Every state of a table, version by version, replayed from the stored setup and log (read
    straight from the SQLite file, as a second opinion beside the server)."""
    store = TableStore(str(db))
    try:
        stored = store.load(table_id)
    finally:
        store.close()
    assert stored is not None
    options = None if stored.options is None else game.from_data(stored.options, game.Options)
    states = [game.new_game(stored.players, stored.seed, options=options)]
    for _, action_json in stored.log:
        states.append(game.apply(states[-1], game.from_json(action_json, game.Action)))
    return states


def cards(data: Any) -> list[Any]:
    """Every card (an object of exactly a suit and a rank) anywhere in JSON data."""
    found: list[Any] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            if set(node) == {"suit", "rank"}:
                found.append({"suit": node["suit"], "rank": node["rank"]})
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(data)
    return found


def hidden_cards(game: Game, state: Any, seat: int | None) -> list[Any]:
    """The cards in ``state`` that ``seat``'s view does not show: what its client must never get."""
    shown_cards = cards(game.to_data(game.observe(state, seat)))
    return [c for c in cards(game.to_data(state)) if c not in shown_cards]
