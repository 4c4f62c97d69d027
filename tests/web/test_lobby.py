"""The lobby (issue 31): the list of open tables, joining a free seat under a name, names and
connected marks pushed to every client, leaving a seat, a rematch with the same seats, and what of
it survives a restart. The app runs in-process (tests/web/asgi.py); time is an injected clock."""

from __future__ import annotations

import asyncio
import json
import random
import sqlite3
import threading
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from gremlinrules.core.records import load_record
from gremlinrules.web import BadTokenError
from gremlinrules.web import Table
from gremlinrules.web import Tables
from gremlinrules.web import TableStore
from gremlinrules.web.app import TableServer
from gremlinrules.web.app import create_app
from gremlinrules.web.tables import NAME_LIMIT
from gremlinrules.web.tables import BadNameError
from gremlinrules.web.tables import SeatTakenError
from gremlinrules.web.tables import display_name
from tests.web.asgi import Client
from tests.web.asgi import http

GAME = "gnaughty-gnomes"


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


async def _create(app: Any, **setup: Any) -> dict[str, Any]:
    status, made = await http(app, "POST", "/api/tables", {"game": GAME, "players": 2, **setup})
    assert status == 201, made
    return dict(made)


async def _join(app: Any, table: str, seat: Any, name: Any) -> tuple[int, dict[str, Any]]:
    status, answer = await http(app, "POST", f"/api/tables/{table}/join", {"seat": seat, "name": name})
    return status, dict(answer)


async def _listed(app: Any) -> dict[str, dict[str, Any]]:
    status, tables = await http(app, "GET", "/api/tables")
    assert status == 200, tables
    return {t["table"]: t for t in tables}


def _play_to_the_end(table: Table, rnd: random.Random) -> None:
    while (seat := table.game.current_player(table.state)) is not None:
        table.move(seat, table.version, rnd.choice(table.game.legal_actions(table.state)))


async def _seats(client: Client) -> list[dict[str, Any]]:
    return list((await client.next("seats"))["seats"])


async def _settled_seats(client: Client) -> list[dict[str, Any]]:
    """The last seats message the client has been sent so far (waiting a moment for more)."""
    seats = await _seats(client)
    while True:
        try:
            seats = list((await client.next("seats", timeout=0.2))["seats"])
        except TimeoutError:
            return seats


def test_the_lobby_lists_listed_tables_in_play_with_their_free_seats() -> None:
    """``GET /api/tables`` lists a listed table in play with its game, players, creation time and
    which seats are free (a bot's seat is not); an unlisted table, a table whose every seat is
    taken and a finished table are not listed."""
    async def run() -> None:
        clock = Clock()
        app = create_app(":memory:", bot_delay=30, clock=clock)
        listed = await _create(app, players=3, game="no-good-gremlins", bots=[2])
        unlisted = await _create(app, listed=False)
        full = await _create(app)
        ended = await _create(app, seed=3)
        for seat in (0, 1):
            assert (await _join(app, full["table"], seat, f"P{seat}"))[0] == 200
        _play_to_the_end(_server(app).tables.get(ended["table"]), random.Random(1))
        shown = await _listed(app)
        assert set(shown) == {listed["table"]}
        entry = shown[listed["table"]]
        assert (entry["game"], entry["players"], entry["created"]) == ("no-good-gremlins", 3, clock.now)
        assert entry["free"] == [0, 1]
        assert [(s["seat"], s["bot"], s["free"], s["name"]) for s in entry["seats"]] == [
            (0, False, True, None), (1, False, True, None), (2, True, False, None)]
        assert "token" not in json.dumps(entry)
        assert unlisted["table"] not in shown
        status, refused = await http(app, "POST", "/api/tables", {"game": GAME, "players": 2, "listed": "no"})
        assert status == 400
        assert "listed must be true or false" in refused["message"]

    asyncio.run(run())


def test_joining_hands_the_seats_token_to_the_joiner_once_and_takes_the_seat() -> None:
    """A join of a free seat answers with a token that opens that seat (the host's link for it
    stops working) and the name; the lobby then shows the seat taken under that name. A second
    join of it, a join of a bot's seat and a seat out of range are refused (409, 409, 400)."""
    async def run() -> None:
        app = create_app(":memory:", bot_delay=30)
        made = await _create(app, players=3, game="no-good-gremlins", bots=[2])
        table, host_token = made["table"], made["seats"][0]["token"]
        status, joined = await _join(app, table, 0, "  Ann  ")
        assert status == 200, joined
        assert (joined["seat"], joined["name"]) == (0, "Ann")
        assert joined["link"] == f"/t/{table}#{joined['token']}"
        status, update = await http(app, "GET", f"/api/tables/{table}", token=joined["token"])
        assert (status, update["seat"]) == (200, 0)
        assert (await http(app, "GET", f"/api/tables/{table}", token=host_token))[0] == 403
        entry = (await _listed(app))[table]
        assert entry["free"] == [1]
        assert entry["seats"][0]["name"] == "Ann"
        again = await _join(app, table, 0, "Eve")
        assert (again[0], again[1]["key"]) == (409, "web.seat-taken")
        bot = await _join(app, table, 2, "Eve")
        assert (bot[0], bot[1]["key"]) == (409, "web.seat-taken")
        for seat in (3, -1, "0", True, None):
            status, refused = await _join(app, table, seat, "Eve")
            assert status == 400, (seat, refused)
            assert "seat must be 0..2" in refused["message"]
        status, refused = await http(app, "POST", f"/api/tables/{table}/join", {"seat": 1})
        assert status == 400
        assert '{"seat": n, "name": "..."}' in refused["message"]
        assert (await _listed(app))[table]["free"] == [1]

    asyncio.run(run())


@pytest.mark.parametrize("name", ["", "   ", "x" * (NAME_LIMIT + 1), "a\nb", "tab\there", "\u202eevil",
                                  "zero\u200bwidth", "bell\x07", 42, None, ["Ann"]])
def test_bad_names_are_a_clear_400_and_leave_the_seat_free(name: Any) -> None:
    """A name that is not text, is empty, is over NAME_LIMIT characters or holds a control,
    format (a bidi override, a zero-width space) or line-break character is refused with a 400
    (``web.bad-name``, a BadNameError of the library's hierarchy) that says why; the seat stays
    free."""
    async def run() -> None:
        app = create_app(":memory:", bot_delay=30)
        made = await _create(app)
        status, refused = await _join(app, made["table"], 0, name)
        assert (status, refused["key"]) == (400, "web.bad-name"), refused
        assert "name" in refused["message"]
        assert (await _listed(app))[made["table"]]["free"] == [0, 1]

    asyncio.run(run())
    with pytest.raises(BadNameError):
        display_name(name)


def test_a_name_of_the_longest_length_with_html_in_it_is_kept_as_it_is() -> None:
    """A printable name up to NAME_LIMIT characters is kept (stripped of surrounding spaces),
    HTML and all: the pages show it as text (tests/web/test_lobby_browser.py)."""
    assert display_name(" <b>Ann</b> ") == "<b>Ann</b>"
    assert display_name("é" * NAME_LIMIT) == "é" * NAME_LIMIT


def test_two_joins_racing_for_one_seat_exactly_one_wins_even_across_processes(tmp_path: Path) -> None:
    """Two servers on one SQLite file (each with the table loaded, both seeing the seat free) and
    eight threads each join the same seat at the same moment: exactly one join wins, the others are
    SeatTakenError, and the stored seat holds the winner's name and token."""
    path = str(tmp_path / "race.sqlite")
    first = Tables(TableStore(path))
    made, _ = first.create(GAME, 2, seed=1)
    second = Tables(TableStore(path))
    copies = [first.get(made.id), second.get(made.id)]
    assert all(t.is_free(0) for t in copies)
    barrier = threading.Barrier(8)
    won: list[tuple[str, str]] = []
    lost: list[Exception] = []

    def join(i: int) -> None:
        barrier.wait()
        try:
            won.append((f"P{i}", copies[i % 2].join(0, f"P{i}")))
        except SeatTakenError as exc:
            lost.append(exc)

    threads = [threading.Thread(target=join, args=(i,)) for i in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(won) == 1
    assert len(lost) == 7
    name, token = won[0]
    fresh = Tables(TableStore(path)).get(made.id)
    assert fresh.holders[0].name == name
    assert fresh.seat_of(token) == 0


def test_two_clients_racing_for_one_seat_over_http_exactly_one_wins() -> None:
    """Two join requests for one seat sent at once to the app: one is answered 200 with the token,
    the other 409 (``web.seat-taken``)."""
    async def run() -> None:
        app = create_app(":memory:", bot_delay=30)
        made = await _create(app)
        table = made["table"]
        answers = await asyncio.gather(_join(app, table, 1, "Ann"), _join(app, table, 1, "Bob"))
        assert sorted(status for status, _ in answers) == [200, 409]
        (winner,) = [a for s, a in answers if s == 200]
        (loser,) = [a for s, a in answers if s == 409]
        assert loser["key"] == "web.seat-taken"
        assert (await http(app, "GET", f"/api/tables/{made['table']}", token=winner["token"]))[1]["seat"] == 1

    asyncio.run(run())


def test_every_client_is_sent_the_names_and_connected_marks_on_each_change() -> None:
    """A spectator's ``welcome`` holds the seats, and it is sent a ``seats`` message when a seat is
    joined, when a seat's page connects and when it goes away: names as joined, ``connected``
    exactly while a page holds the seat open; a seat's own page has them in its welcome; no
    message holds a token."""
    async def run() -> None:
        app = create_app(":memory:", bot_delay=30)
        made = await _create(app)
        table = made["table"]
        watcher = Client(app, f"/ws/{table}")
        await watcher.connect(None)
        assert [(s["name"], s["free"], s["connected"]) for s in (await watcher.next("welcome"))["seats"]] == [
            (None, True, False), (None, True, False)]
        _, ann = await _join(app, table, 0, "Ann")
        assert [(s["name"], s["free"], s["connected"]) for s in await _seats(watcher)] == [
            ("Ann", False, False), (None, True, False)]
        page = Client(app, f"/ws/{table}")
        await page.connect(ann["token"])
        welcome = await page.next("welcome")
        assert welcome["seat"] == 0
        assert [s["connected"] for s in welcome["seats"]] == [True, False]
        assert [s["connected"] for s in await _seats(watcher)] == [True, False]
        _, bob = await _join(app, table, 1, "<i>Bob</i>")
        assert [(s["name"], s["connected"]) for s in await _seats(watcher)] == [
            ("Ann", True), ("<i>Bob</i>", False)]
        await page.leave()
        assert [s["connected"] for s in await _seats(watcher)] == [False, False]
        sent: list[Any] = []
        while not watcher.received.empty():
            sent.append(watcher.received.get_nowait())
        assert ann["token"] not in json.dumps(sent)
        assert bob["token"] not in json.dumps(sent)
        await watcher.leave()

    asyncio.run(run())


def test_opening_a_seat_with_the_hosts_link_takes_it_off_the_lobby() -> None:
    """The host's links still work as before; a seat whose link is opened is taken from then on
    (no name): the lobby stops offering it and a join of it is refused."""
    async def run() -> None:
        app = create_app(":memory:", bot_delay=30)
        made = await _create(app)
        page = Client(app, f"/ws/{made['table']}")
        await page.connect(made["seats"][1]["token"])
        seats = (await page.next("welcome"))["seats"]
        assert [(s["free"], s["connected"]) for s in seats] == [(True, False), (False, True)]
        assert (await _listed(app))[made["table"]]["free"] == [0]
        assert (await _join(app, made["table"], 1, "Eve"))[0] == 409
        await page.leave()

    asyncio.run(run())


def test_leaving_frees_the_seat_and_its_old_token_stops_working() -> None:
    """A seat's holder leaves (``POST .../leave`` with its token): its open page becomes a
    spectator's, its token opens nothing, everyone sees the seat free with no name, the lobby
    offers it again and someone else can join it. A leave without a seat's token is a 403."""
    async def run() -> None:
        app = create_app(":memory:", bot_delay=30)
        made = await _create(app)
        table = made["table"]
        _, ann = await _join(app, table, 0, "Ann")
        page = Client(app, f"/ws/{table}")
        await page.connect(ann["token"])
        await page.next("welcome")
        status, left = await http(app, "POST", f"/api/tables/{table}/leave", token=ann["token"])
        assert (status, left["seat"]) == (200, 0), left
        assert (await page.next("welcome"))["seat"] is None
        assert (await page.next("update"))["legal"] == []
        assert (await _settled_seats(page))[0] == {"seat": 0, "bot": False, "free": True, "name": None,
                                                  "connected": False}
        assert (await http(app, "GET", f"/api/tables/{table}", token=ann["token"]))[0] == 403
        assert (await http(app, "POST", f"/api/tables/{table}/leave", token=ann["token"]))[0] == 403
        assert (await http(app, "POST", f"/api/tables/{table}/leave"))[0] == 403
        assert (await _listed(app))[table]["free"] == [0, 1]
        status, eve = await _join(app, table, 0, "Eve")
        assert status == 200
        assert (await http(app, "GET", f"/api/tables/{table}", token=eve["token"]))[1]["seat"] == 0
        await page.leave()

    asyncio.run(run())


def test_a_rematch_has_the_same_seats_and_leads_each_holder_to_its_own_new_seat() -> None:
    """After the end, a holder asks for a rematch: a new table with the same game, players,
    options, bots and names. Each seat's page is pushed its own new link (a token opening its
    seat of the rematch, and no other seat's), a spectator the spectators' link; a second ask
    gives that holder a fresh link to the same seat (the earlier one stops working); the old
    table's record still downloads. A rematch before the end is a 409 (``web.not-over``)."""
    async def run() -> None:
        app = create_app(":memory:", bot_delay=30)
        options = {"loser_vertex": "any", "no_space": "widen", "x_tiebreak": "lowest",
                   "setup_clump": "connected", "first_leader": "player", "past_tricks": "shown"}
        made = await _create(app, players=4, bots=[2, 3], options=options)
        table = made["table"]
        _, ann = await _join(app, table, 0, "Ann")
        _, bob = await _join(app, table, 1, "Bob")
        status, early = await http(app, "POST", f"/api/tables/{table}/rematch", token=ann["token"])
        assert (status, early["key"]) == (409, "web.not-over")
        pages = [Client(app, f"/ws/{table}") for _ in range(3)]
        for page, token in zip(pages, (ann["token"], bob["token"], None), strict=True):
            await page.connect(token)
            await page.next("welcome")
        old = _server(app).tables.get(table)
        _play_to_the_end(old, random.Random(2))
        status, mine = await http(app, "POST", f"/api/tables/{table}/rematch", token=ann["token"])
        assert status == 200, mine
        pushed = [await page.next("rematch") for page in pages]
        new_id = mine["table"]
        assert new_id != table
        assert {p["table"] for p in pushed} == {new_id}
        assert pushed[0]["token"] == mine["token"]
        assert pushed[1]["token"] not in (None, mine["token"])
        assert (pushed[2]["token"], pushed[2]["link"]) == (None, f"/t/{new_id}")
        new = _server(app).tables.get(new_id)
        assert (new.game.id, new.players, new.bots, new.options_data) == (GAME, 4, (2, 3), options)
        assert [h.name for h in new.holders] == ["Ann", "Bob", None, None]
        assert [new.seat_of(p["token"]) for p in pushed[:2]] == [0, 1]
        assert new.seed != old.seed or new.state != old.state
        welcome = Client(app, f"/ws/{table}")
        await welcome.connect(bob["token"])
        assert (await welcome.next("welcome"))["rematch"] == new_id
        status, again = await http(app, "POST", f"/api/tables/{table}/rematch", token=bob["token"])
        assert (status, again["table"], again["seat"]) == (200, new_id, 1)
        assert new.seat_of(again["token"]) == 1
        assert (await http(app, "GET", f"/api/tables/{new_id}", token=pushed[1]["token"]))[0] == 403
        status, record = await http(app, "GET", f"/api/tables/{table}/record", token=ann["token"])
        assert status == 200
        assert load_record(json.dumps(record)) is not None
        for page in [*pages, welcome]:
            await page.leave()

    asyncio.run(run())


def test_a_rematch_seat_left_is_not_handed_to_its_old_holder_again() -> None:
    """Once a holder leaves its seat of the rematch and someone else joins it, the old table's
    holder asking again is refused (409): the seat is not taken back from the joiner."""
    async def run() -> None:
        app = create_app(":memory:", bot_delay=30)
        made = await _create(app)
        _, ann = await _join(app, made["table"], 0, "Ann")
        _play_to_the_end(_server(app).tables.get(made["table"]), random.Random(3))
        status, mine = await http(app, "POST", f"/api/tables/{made['table']}/rematch", token=ann["token"])
        assert status == 200
        assert (await _listed(app))[mine["table"]]["free"] == [1]
        assert (await http(app, "POST", f"/api/tables/{mine['table']}/leave", token=mine["token"]))[0] == 200
        assert (await _join(app, mine["table"], 0, "Eve"))[0] == 200
        status, refused = await http(app, "POST", f"/api/tables/{made['table']}/rematch", token=ann["token"])
        assert (status, refused["key"]) == (409, "web.seat-taken")

    asyncio.run(run())


def test_names_seats_listing_and_rematch_survive_a_restart(tmp_path: Path) -> None:
    """What the lobby needs is in the SQLite file: after a restart (a new app on the same file)
    the lobby lists the same tables, names and free seats, a joined token still opens its seat,
    the host's old token for it does not, an unlisted table stays unlisted and a rematch is
    remembered."""
    async def run() -> None:
        db = str(tmp_path / "tables.sqlite")
        app = create_app(db, bot_delay=30)
        made = await _create(app)
        hidden = await _create(app, listed=False)
        _, ann = await _join(app, made["table"], 0, "Ann")
        _, hid = await _join(app, hidden["table"], 0, "Hid")
        _play_to_the_end(_server(app).tables.get(hidden["table"]), random.Random(4))
        status, rematch = await http(app, "POST", f"/api/tables/{hidden['table']}/rematch",
                                     token=hid["token"])
        assert status == 200
        before = await _listed(app)
        _server(app).tables.store.close()
        again = create_app(db, bot_delay=30)
        assert await _listed(again) == before
        assert set(before) == {made["table"]}
        assert before[made["table"]]["seats"][0]["name"] == "Ann"
        assert (await http(again, "GET", f"/api/tables/{made['table']}", token=ann["token"]))[1]["seat"] == 0
        assert (await http(again, "GET", f"/api/tables/{made['table']}",
                           token=made["seats"][0]["token"]))[0] == 403
        assert (await _join(again, made["table"], 0, "Eve"))[0] == 409
        assert _server(again).tables.get(hidden["table"]).rematch == rematch["table"]
        assert _server(again).tables.get(rematch["table"]).holders[0].name == "Hid"

    asyncio.run(run())


def test_a_store_made_before_the_lobby_opens_with_its_tables_unlisted_and_seats_taken(tmp_path: Path) -> None:
    """A SQLite file without the lobby's columns and ``seats`` table opens (they are added); its
    tables keep working, are not listed (their hosts handed out the links) and offer no free seat."""
    from gremlinrules.web import store as store_module

    path = str(tmp_path / "old.sqlite")
    old = sqlite3.connect(path)
    schema = store_module._SCHEMA.split("CREATE TABLE IF NOT EXISTS seats")[0]
    old.executescript(schema.replace("    touched REAL,\n    ended REAL\n", "")
                      .replace("state TEXT NOT NULL,\n", "state TEXT NOT NULL\n"))
    old.execute("INSERT INTO tables VALUES ('old1', ?, 2, 1, NULL, '[]', 'random', '[null, null]', '0', 5, "
                "0, ?)", (GAME, _initial_state()))
    old.commit()
    old.close()
    store = TableStore(path)
    columns = {row[1] for row in store._db.execute("PRAGMA table_info(tables)")}
    assert {"listed", "rematch"} <= columns
    tables = Tables(store)
    table = tables.get("old1")
    assert not table.listed
    assert not table.is_free(0)
    assert tables.listings(idle=None) == []
    made, _ = tables.create(GAME, 2, seed=1)
    assert [t["table"] for t in tables.listings(idle=None)] == [made.id]


def _initial_state() -> str:
    import gremlinrules

    game = gremlinrules.get_game(GAME)
    return game.to_json(game.new_game(2, 1))


def test_joins_are_limited_per_client_like_creates() -> None:
    """One client may join as many seats a minute as it may create tables (``create_limit``):
    past it a join is a 429 (``web.too-many-joins``, with ``retry_after``) and takes no seat; a
    minute later it may join again."""
    async def run() -> None:
        clock = Clock()
        app = create_app(":memory:", bot_delay=30, clock=clock, create_limit=3)
        made = [await _create(app, players=4) for _ in range(2)]
        answers = [await _join(app, made[i // 4]["table"], i % 4, f"P{i}") for i in range(4)]
        assert [status for status, _ in answers] == [200, 200, 200, 429]
        assert answers[3][1]["key"] == "web.too-many-joins"
        assert answers[3][1]["retry_after"] > 0
        assert "too many joins" in answers[3][1]["message"]
        assert (await _listed(app))[made[0]["table"]]["free"] == [3]
        clock.now += 60
        assert (await _join(app, made[0]["table"], 3, "P3"))[0] == 200

    asyncio.run(run())


def test_an_expired_table_takes_its_seats_with_it() -> None:
    """When a table expires, its seats' rows (names) leave the SQLite file with it."""
    clock = Clock()
    tables = Tables(TableStore(":memory:", clock=clock))
    table, _ = tables.create(GAME, 2, seed=1)
    table.join(0, "Ann")
    clock.now += 2 * 24 * 3600
    assert tables.expire() == [table.id]
    assert tables.store._db.execute("SELECT COUNT(*) FROM seats").fetchone()[0] == 0


def test_a_rematch_past_the_stored_tables_cap_is_a_503_and_makes_nothing() -> None:
    """A rematch is a new table: past ``max_tables`` stored (after a sweep) it is refused with a
    503 (``web.busy``) like a create, and the old table records no rematch."""
    async def run() -> None:
        app = create_app(":memory:", bot_delay=30, max_tables=1)
        made = await _create(app)
        _, ann = await _join(app, made["table"], 0, "Ann")
        _play_to_the_end(_server(app).tables.get(made["table"]), random.Random(5))
        status, refused = await http(app, "POST", f"/api/tables/{made['table']}/rematch", token=ann["token"])
        assert (status, refused["key"]) == (503, "web.busy")
        assert _server(app).tables.get(made["table"]).rematch is None
        assert _server(app).tables.store.count() == 1

    asyncio.run(run())


@settings(max_examples=max(10, settings().max_examples // 2), deadline=None)
@given(st.data())
def test_after_any_joins_and_leaves_each_seat_is_held_by_its_last_joiner_in_memory_and_on_file(
        tmp_path_factory: pytest.TempPathFactory, data: st.DataObject) -> None:
    """Property: after any sequence of joins (free or taken seats, bot seats, good or bad names),
    leaves and host-link claims, each seat is free exactly when nobody took it since it was made or
    last left, it bears its last joiner's name, only the token handed out last opens it (every
    earlier one, the host's included, is refused), and a reload from the SQLite file agrees."""
    db = tmp_path_factory.mktemp("lobby") / "t.sqlite"
    tables = Tables(TableStore(str(db)))
    table, host = tables.create("no-good-gremlins", 3, seed=1, bots=[2])
    expected: list[tuple[bool, str | None]] = [(False, None), (False, None), (True, None)]
    live: dict[int, str | None] = {0: host[0], 1: host[1]}
    spent: list[str] = []
    for _ in range(data.draw(st.integers(1, 25), label="steps")):
        step = data.draw(st.sampled_from(["join", "leave", "claim"]), label="step")
        seat = data.draw(st.sampled_from([0, 1, 2]), label="seat")
        if step == "join":
            name = data.draw(st.sampled_from(["Ann", "Bob", "", "x" * 30, "a\nb"]), label="name")
            good = name in ("Ann", "Bob")
            try:
                token = table.join(seat, name)
            except SeatTakenError:
                assert expected[seat][0]
                continue
            except BadNameError:
                assert not good
                continue
            assert good
            assert not expected[seat][0]
            expected[seat] = (True, name)
        elif step == "leave" and seat != 2:
            table.leave(seat)
            expected[seat] = (False, None)
            token = None
        elif step == "claim" and seat != 2:
            assert table.claim(seat) == (not expected[seat][0])
            expected[seat] = (True, expected[seat][1])
            continue
        else:
            continue
        old = live.get(seat)
        if old is not None:
            spent.append(old)
        live[seat] = token
    reloaded = Tables(TableStore(str(db))).get(table.id)
    for copy in (table, reloaded):
        assert [(h.taken, h.name) for h in copy.holders] == expected
        for seat, token in live.items():
            if token is not None:
                assert copy.seat_of(token) == seat
        for token in spent:
            with pytest.raises(BadTokenError):
                copy.seat_of(token)
