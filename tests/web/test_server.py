"""A real ``gremlinrules serve`` process: the HTTP and WebSocket protocol, its refusals, and a
SIGKILL mid-game that loses no accepted move."""

from __future__ import annotations

import asyncio
import json
import random
import time
import urllib.request
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection
from websockets.asyncio.client import connect

import gremlinrules
from tests.web.serving import ServerProcess
from tests.web.serving import replayed_states


async def _hello(server: ServerProcess, table: str,
                 token: str | None) -> tuple[ClientConnection, dict[str, Any]]:
    """A WebSocket client past its welcome; returns it and its first update."""
    ws = await connect(f"ws://127.0.0.1:{server.port}/ws/{table}")
    await ws.send(json.dumps({"type": "hello", "token": token}))
    welcome = json.loads(await ws.recv())
    assert welcome["type"] == "welcome", welcome
    update = json.loads(await ws.recv())
    assert update["type"] == "update"
    assert update["reset"]
    return ws, update


async def _next(ws: ClientConnection, kind: str = "update") -> dict[str, Any]:
    while True:
        message = json.loads(await asyncio.wait_for(ws.recv(), timeout=20))
        if message["type"] == kind:
            return dict(message)


def test_http_errors_are_clear_messages_and_never_stop_the_server(server: ServerProcess) -> None:
    """Bad JSON, an unknown table, a bad token, a spectator's move and a bad setup each get a
    JSON error with a message (no traceback) and the right status; the server keeps serving."""
    made = server.create(game="no-good-gremlins", players=2, seed=1)
    table = made["table"]
    cases = [
        (server.request("POST", "/api/tables", raw=b"{not json"), 400, "bad JSON"),
        (server.request("POST", "/api/tables", {"game": "chess", "players": 2}), 400, "chess"),
        (server.request("GET", "/api/tables/nope"), 404, "no table"),
        (server.request("GET", f"/api/tables/{table}", token="forged"), 403, "opens no seat"),
        (server.request("POST", f"/api/tables/{table}/moves", {"version": 0, "text": "pass"}), 403, "token"),
        (server.request("POST", f"/api/tables/{table}/moves", raw=b"\xff", token=made["seats"][0]["token"]),
         400, "bad JSON"),
        (server.request("POST", "/api/tables", raw=b"[" * 100_000), 400, "at most"),
        (server.request("POST", "/api/tables", raw=b"[" * 60_000), 400, "bad JSON"),
    ]
    for (status, body), want_status, text in cases:
        assert status == want_status, body
        assert text in body["message"]
        assert "Traceback" not in body["message"]
    assert server.alive()
    assert server.request("GET", f"/api/tables/{table}")[0] == 200


def test_http_moves_check_the_token_the_version_and_the_turn(server: ServerProcess) -> None:
    """Over HTTP a move is accepted for the seat its token opens at the current version, and
    refused (409, the library's text) when stale or out of turn; the spectator's snapshot has no
    legal actions and no hand."""
    game = gremlinrules.get_game("no-good-gremlins")
    made = server.create(game="no-good-gremlins", players=2, seed=3)
    table, tokens = made["table"], [s["token"] for s in made["seats"]]
    status, update = server.request("GET", f"/api/tables/{table}", token=tokens[0])
    assert status == 200
    mover = update["current_player"]
    first = update["legal"][0] if mover == 0 else None
    if first is None:
        first = server.request("GET", f"/api/tables/{table}", token=tokens[mover])[1]["legal"][0]
    wrong = server.request("POST", f"/api/tables/{table}/moves", {"version": 0, "action": first["action"]},
                           token=tokens[1 - mover])
    assert wrong[0] == 409
    assert wrong[1]["key"] == "web.not-your-turn"
    ok = server.request("POST", f"/api/tables/{table}/moves", {"version": 0, "action": first["action"]},
                        token=tokens[mover])
    assert ok == (200, {"type": "accepted", "version": 1})
    stale = server.request("POST", f"/api/tables/{table}/moves", {"version": 0, "action": first["action"]},
                           token=tokens[mover])
    assert stale[0] == 409
    assert stale[1]["key"] == "web.stale"
    assert stale[1]["version"] == 1
    spectator = server.request("GET", f"/api/tables/{table}")[1]
    assert spectator["legal"] == []
    assert spectator["seat"] is None
    states = replayed_states(server.db, table, game)
    assert spectator["view"] == game.to_data(game.observe(states[-1], None))
    assert len(states) == 2


def test_websocket_refusals_and_bad_messages_keep_the_connection(server: ServerProcess) -> None:
    """Over the WebSocket: a bad hello or token closes with an error; bad JSON, an unknown
    message type and a stale move get an error or a refusal on the same connection, which then
    still plays."""
    made = server.create(game="gnaughty-gnomes", players=2, seed=2)
    table, tokens = made["table"], [s["token"] for s in made["seats"]]

    async def run() -> None:
        forged = {"type": "hello", "token": "forged"}
        for hello, key in ((None, "web.bad-request"), (forged, "web.bad-token")):
            ws = await connect(f"ws://127.0.0.1:{server.port}/ws/{table}")
            await ws.send("nonsense" if hello is None else json.dumps(hello))
            error = json.loads(await ws.recv())
            assert error["type"] == "error"
            assert error["key"] == key
            await ws.wait_closed()
        ws = await connect(f"ws://127.0.0.1:{server.port}/ws/nope")
        await ws.send(json.dumps({"type": "hello", "token": None}))
        assert json.loads(await ws.recv())["key"] == "web.unknown-table"
        ws, update = await _hello(server, table, tokens[0])
        assert update["current_player"] == 0
        assert update["legal"]
        for junk in ("{oops", "[" * 60_000):
            await ws.send(junk)
            assert (await _next(ws, "error"))["key"] == "web.bad-json"
        await ws.send(json.dumps({"type": "dance"}))
        assert "unknown message type" in (await _next(ws, "error"))["message"]
        await ws.send(json.dumps({"type": "move", "version": 5, "action": update["legal"][0]["action"]}))
        refused = await _next(ws, "refused")
        assert refused["key"] == "web.stale"
        assert refused["version"] == 0
        await ws.send(json.dumps({"type": "move", "version": 0, "action": update["legal"][0]["action"]}))
        after = await _next(ws)
        assert after["version"] == 1
        assert not after["reset"]
        assert after["events"][0]["version"] == 0
        await ws.close()

    asyncio.run(run())
    assert server.alive()


def test_sigkill_mid_game_loses_no_accepted_move_and_clients_reconnect_to_the_same_view(
        tmp_path: Path) -> None:
    """Two seats play over WebSockets; the server is killed with SIGKILL right after an accepted
    move and started again on the same file: each seat reconnects to exactly the view it had, the
    log holds every acknowledged move, and the game is then played to its end. A bot-only table
    killed while its bots play on resumes from a version at least the last one a spectator saw."""
    server = ServerProcess(tmp_path / "tables.sqlite", bot_delay=0.02)  # bots play on while we watch
    server.start()
    try:
        _kill_and_restart(server)
    finally:
        server.stop()


def _kill_and_restart(server: ServerProcess) -> None:
    game = gremlinrules.get_game("gnaughty-gnomes")
    made = server.create(game="gnaughty-gnomes", players=2, seed=8)
    table, tokens = made["table"], [s["token"] for s in made["seats"]]
    bots = server.create(game="no-good-gremlins", players=3, seed=2, bots=[0, 1, 2])
    rnd = random.Random(4)

    async def play(moves: int | None) -> list[dict[str, Any]]:
        """Play ``moves`` moves (None: to the end); the seats' last updates."""
        clients = [await _hello(server, table, t) for t in tokens]
        last = [u for _, u in clients]
        done = 0
        while (moves is None or done < moves) and not last[0]["terminal"]:
            mover = last[0]["current_player"]
            choice = rnd.choice(last[mover]["legal"])
            await clients[mover][0].send(json.dumps({"type": "move", "version": last[mover]["version"],
                                                     "action": choice["action"]}))
            last = [await _next(ws) for ws, _ in clients]
            assert {u["version"] for u in last} == {last[0]["version"]}
            done += 1
        for ws, _ in clients:
            await ws.close()
        return last

    async def watch_bots() -> int:
        ws, update = await _hello(server, bots["table"], None)
        seen = update["version"]
        while seen < 40:
            seen = (await _next(ws))["version"]
        return int(seen)

    before = asyncio.run(play(21))
    seen_bots = asyncio.run(watch_bots())
    server.kill()
    server.start()
    after = asyncio.run(play(0))
    for old, new in zip(before, after, strict=True):
        assert new["view"] == old["view"]
        assert new["version"] == old["version"] == 21
        assert new["legal"] == old["legal"]
        assert [m["version"] for m in new["events"]] == list(range(21))
    assert len(replayed_states(server.db, table, game)) == 22
    final = asyncio.run(play(None))
    assert final[0]["terminal"]
    assert final[0]["view"]["winners"] == final[1]["view"]["winners"]
    states = replayed_states(server.db, table, game)
    assert game.is_terminal(states[-1])
    assert len(states) == final[0]["version"] + 1
    # the bot table resumes once loaded (a spectator connects), from no earlier than what was seen
    ws_update = asyncio.run(_resume(server, bots["table"]))
    assert ws_update >= seen_bots
    deadline = time.monotonic() + 20
    bot_game = gremlinrules.get_game("no-good-gremlins")
    while time.monotonic() < deadline:
        if len(replayed_states(server.db, bots["table"], bot_game)) > ws_update + 5:
            break
        time.sleep(0.1)
    assert len(replayed_states(server.db, bots["table"], bot_game)) > ws_update + 5


async def _resume(server: ServerProcess, table: str) -> int:
    ws, update = await _hello(server, table, None)
    await ws.close()
    return int(update["version"])


def test_the_board_picture_is_the_seats_view_drawn(server: ServerProcess) -> None:
    """board.svg is gremlinrules.svg's picture of the token's seat's view (the spectator's without
    a token), drawn with labels (the spot numbers actions name), and a forged token gets a 403,
    not a picture."""
    import gremlinrules.svg as svg
    game = gremlinrules.get_game("gnaughty-gnomes")
    made = server.create(game="gnaughty-gnomes", players=2, seed=4)
    table = made["table"]
    state = replayed_states(server.db, table, game)[-1]
    for seat, token in ((0, made["seats"][0]["token"]), (1, made["seats"][1]["token"]), (None, None)):
        request = urllib.request.Request(f"{server.url}/api/tables/{table}/board.svg")
        if token is not None:
            request.add_header("Authorization", f"Bearer {token}")
        with urllib.request.urlopen(request, timeout=30) as response:
            assert response.headers["Content-Type"].startswith("image/svg+xml")
            assert response.read().decode() == svg.svg(game.id, game.observe(state, seat), labels=True)
    status, body = server.request("GET", f"/api/tables/{table}/board.svg", token="forged")
    assert status == 403
    assert body["key"] == "web.bad-token"
