"""The tables' persistence: SQLite through the standard library.

A table is stored as its setup (one ``tables`` row: game id, players, seed,
options JSON, bot seats, the seat tokens' SHA-256 digests) and its append-only
action log (one ``actions`` row per accepted action; ``idx`` is the table's
version before the action, so the log of a table at version ``v`` holds exactly
``idx = 0 .. v-1``). The current state's JSON is kept beside the setup as a
cache, checked against the replayed log once when the table is loaded.

The log row and the cache are written in one transaction, committed before a
move is acknowledged. The database runs in WAL mode with ``synchronous=NORMAL``:
a committed transaction survives the server process being killed at any
moment (it is in the WAL file, which the next open replays); only a crash of
the whole machine may lose the last transactions, as with any WAL database
that does not sync on every commit.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Callable
from collections.abc import Collection
from collections.abc import Iterator
from collections.abc import Sequence
from contextlib import contextmanager
from typing import Any

import attrs

__all__ = ["Holder", "Listing", "StoredTable", "TableStore"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    players INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    options TEXT,
    bots TEXT NOT NULL,
    bot TEXT NOT NULL,
    tokens TEXT NOT NULL,
    library TEXT NOT NULL,
    created REAL NOT NULL,
    version INTEGER NOT NULL,
    state TEXT NOT NULL,
    touched REAL,
    ended REAL
);
CREATE TABLE IF NOT EXISTS actions (
    table_id TEXT NOT NULL REFERENCES tables(id),
    idx INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (table_id, idx)
);
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    name TEXT,
    taken INTEGER NOT NULL,
    rematched INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (table_id, seat)
);
"""

_ADDED = (("touched", "REAL", "the time of its last move (or of its creation)"),
          ("ended", "REAL", "the time its game ended, NULL while it is in play"),
          ("listed", "INTEGER", "1 when the lobby lists the table (NULL: made before the lobby, unlisted)"),
          ("rematch", "TEXT", "the id of its rematch table, NULL until one is made"))
"""Columns added to ``tables`` after the first release, with their type and what they hold (older
files get them when opened; ``touched`` then starts at the table's last logged move). The
``seats`` table came with the lobby: a table made before it has no rows there, and its seats
count as taken (its host handed out every link)."""


@attrs.frozen
class StoredTable:
    """One table as stored: its setup, its cached state and its action log."""

    id: str
    game: str
    players: int
    seed: int
    options: Any
    """The options' JSON data, or None for the game's defaults."""
    bots: tuple[int, ...]
    """The seats the server's bots play."""
    bot: str
    """The bot spec the bot seats use (``random``, ``plain``)."""
    tokens: tuple[str | None, ...]
    """Per seat, the SHA-256 hex digest of its token (None for a bot seat)."""
    library: str
    """The gremlinrules version that created the table."""
    version: int
    """The version the cached state is at."""
    state: str
    """The cached state's JSON."""
    log: tuple[tuple[int, str], ...] = ()
    """The action log: (seat, action JSON) in order; entry i was accepted at version i."""
    listed: bool = True
    """Whether the lobby lists the table (a host may make it unlisted)."""
    holders: tuple[Holder, ...] | None = None
    """Per seat, who holds it (None when loaded from a file made before the lobby: every seat
    counts as taken, by its host's link)."""
    rematch: str | None = None
    """The id of the table's rematch, once one is made."""


@attrs.frozen
class Holder:
    """Who holds a seat: ``taken`` once someone joined it from the lobby (``name``, their display
    name) or opened it with the host's link (no name); a bot seat is taken, with no name."""

    taken: bool = False
    name: str | None = None
    rematched: bool = False
    """Taken by a rematch for the old table's holder of this seat, who may still ask for its link
    (cleared when the seat is left)."""


@attrs.frozen
class Listing:
    """One table the lobby lists: its setup, when it was made and who holds its seats."""

    id: str
    game: str
    players: int
    bots: tuple[int, ...]
    created: float
    holders: tuple[Holder, ...]


class TableStore:
    """The SQLite file (``":memory:"`` for a store that lives as long as the process).

    Safe to use from several threads: one connection, one lock. ``timeout`` is how many seconds a
    write waits for another process's lock on the file before it fails with
    ``sqlite3.OperationalError`` ("database is locked"). ``clock`` gives the time in seconds
    (``time.time``; a test passes its own) that tables are created, moved and expired at.
    """

    def __init__(self, path: str, *, timeout: float = 5.0, clock: Callable[[], float] = time.time) -> None:
        self.path = path
        self.clock = clock
        self._lock = threading.Lock()
        self._db = sqlite3.connect(path, timeout=timeout, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.executescript(_SCHEMA)
        columns = {row[1] for row in self._db.execute("PRAGMA table_info(tables)")}
        for name, kind, _ in _ADDED:
            if name not in columns:  # a file made before expiry: add the column, fill it from the log
                self._db.execute(f"ALTER TABLE tables ADD COLUMN {name} {kind}")
        self._db.execute("UPDATE tables SET touched = COALESCE((SELECT MAX(at) FROM actions "
                         "WHERE table_id = tables.id), created) WHERE touched IS NULL")

    def close(self) -> None:
        """Close the database."""
        with self._lock:
            self._db.close()

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")  # sqlite3.OperationalError if locked past the timeout
            try:
                yield self._db
                self._db.execute("COMMIT")
            except BaseException:
                if self._db.in_transaction:  # never leave a failed transaction open
                    self._db.execute("ROLLBACK")
                raise

    def create(self, table: StoredTable) -> None:
        """Store a new table (at version 0)."""
        now = self.clock()
        with self._transaction() as db:
            db.execute(
                "INSERT INTO tables (id, game, players, seed, options, bots, bot, tokens, library, created, "
                "version, state, touched, listed) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (table.id, table.game, table.players, table.seed,
                 None if table.options is None else json.dumps(table.options),
                 json.dumps(list(table.bots)), table.bot, json.dumps(list(table.tokens)),
                 table.library, now, table.version, table.state, now, int(table.listed)))
            holders = table.holders or tuple(Holder(taken=s in table.bots) for s in range(table.players))
            db.executemany("INSERT INTO seats VALUES (?, ?, ?, ?, ?)",
                           [(table.id, s, h.name, int(h.taken), int(h.rematched))
                            for s, h in enumerate(holders)])

    def append(self, table_id: str, index: int, seat: int, action: str, state: str, *,
               ended: bool = False) -> None:
        """Append the action accepted at version ``index`` and cache the state it led to, in one
        transaction (``ended``: that state ends the game). A second action at the same index
        violates the primary key (sqlite3's IntegrityError): a move is never recorded twice."""
        now = self.clock()
        with self._transaction() as db:
            db.execute("INSERT INTO actions VALUES (?, ?, ?, ?, ?)", (table_id, index, seat, action, now))
            db.execute("UPDATE tables SET version = ?, state = ?, touched = ?, ended = ? WHERE id = ?",
                       (index + 1, state, now, now if ended else None, table_id))

    def expire(self, *, idle: float | None, ended: float | None, keep: Collection[str] = ()) -> list[str]:
        """Delete the tables (setup and log) whose game ended over ``ended`` seconds ago, or that
        are still in play with no move for over ``idle`` seconds (None: never), except the ids in
        ``keep``; returns the ids deleted. The file does not shrink: SQLite reuses the freed
        pages for the tables made after, so its size stays at its high-water mark."""
        now = self.clock()
        where, args = [], []
        if ended is not None:
            where.append("(ended IS NOT NULL AND ended < ?)")
            args.append(now - ended)
        if idle is not None:
            where.append("(ended IS NULL AND touched < ?)")
            args.append(now - idle)
        if not where:
            return []
        kept = set(keep)
        with self._transaction() as db:
            ids = [r[0] for r in db.execute(f"SELECT id FROM tables WHERE {' OR '.join(where)}", args)
                   if r[0] not in kept]
            for table_id in ids:
                db.execute("DELETE FROM actions WHERE table_id = ?", (table_id,))
                db.execute("DELETE FROM seats WHERE table_id = ?", (table_id,))
                db.execute("DELETE FROM tables WHERE id = ?", (table_id,))
        return ids

    def count(self) -> int:
        """The number of stored tables."""
        with self._lock:
            return int(self._db.execute("SELECT COUNT(*) FROM tables").fetchone()[0])

    def recache(self, table_id: str, version: int, state: str) -> None:
        """Replace a table's cached state (after a load found it differs from the replay)."""
        with self._transaction() as db:
            db.execute("UPDATE tables SET version = ?, state = ? WHERE id = ?", (version, state, table_id))

    def load(self, table_id: str) -> StoredTable | None:
        """The table with its log, or None when there is none with that id."""
        with self._lock:
            row = self._db.execute(
                "SELECT id, game, players, seed, options, bots, bot, tokens, library, version, state, "
                "listed, rematch FROM tables WHERE id = ?", (table_id,)).fetchone()
            if row is None:
                return None
            log = self._db.execute("SELECT idx, seat, action FROM actions WHERE table_id = ? ORDER BY idx",
                                   (table_id,)).fetchall()
            seats = self._db.execute("SELECT name, taken, rematched FROM seats WHERE table_id = ? "
                                     "ORDER BY seat", (table_id,)).fetchall()
        for expected, (idx, _, _) in enumerate(log):
            if idx != expected:  # the primary key and append() make this impossible; say so if not
                raise RuntimeError(f"table {table_id}: the action log skips from {expected} to {idx}")
        return StoredTable(
            id=row[0], game=row[1], players=row[2], seed=row[3],
            options=None if row[4] is None else json.loads(row[4]),
            bots=tuple(json.loads(row[5])), bot=row[6], tokens=tuple(json.loads(row[7])),
            library=row[8], version=row[9], state=row[10],
            log=tuple((seat, action) for _, seat, action in log), listed=bool(row[11]),
            holders=tuple(Holder(bool(t), n, bool(r)) for n, t, r in seats) if seats else None,
            rematch=row[12])

    def take_seat(self, table_id: str, seat: int, name: str | None, token_digest: str | None) -> bool:
        """Mark a free seat taken (by ``name``, or by its host's link for None) and, when
        ``token_digest`` is given, make it the seat's token; in one transaction, and only if the
        seat is free: False (nothing changed) when it is taken already, so two joiners racing
        for one seat never both win."""
        with self._transaction() as db:
            taken = db.execute("UPDATE seats SET taken = 1, name = ? WHERE table_id = ? AND seat = ? "
                               "AND taken = 0", (name, table_id, seat)).rowcount == 1
            if taken and token_digest is not None:
                self._set_token(db, table_id, seat, token_digest)
        return taken

    def free_seat(self, table_id: str, seat: int, token_digest: str) -> None:
        """Free a seat (its holder left): no name, not taken, and a token nobody holds."""
        with self._transaction() as db:
            db.execute("UPDATE seats SET taken = 0, name = NULL, rematched = 0 "
                       "WHERE table_id = ? AND seat = ?", (table_id, seat))
            self._set_token(db, table_id, seat, token_digest)

    def set_token(self, table_id: str, seat: int, token_digest: str) -> None:
        """Replace one seat's token digest (the old token stops opening the seat)."""
        with self._transaction() as db:
            self._set_token(db, table_id, seat, token_digest)

    @staticmethod
    def _set_token(db: sqlite3.Connection, table_id: str, seat: int, token_digest: str) -> None:
        row = db.execute("SELECT tokens FROM tables WHERE id = ?", (table_id,)).fetchone()
        tokens = json.loads(row[0])
        tokens[seat] = token_digest
        db.execute("UPDATE tables SET tokens = ? WHERE id = ?", (json.dumps(tokens), table_id))

    def set_rematch(self, table_id: str, rematch: str) -> bool:
        """Record a table's rematch; False (nothing changed) when it has one already."""
        with self._transaction() as db:
            return db.execute("UPDATE tables SET rematch = ? WHERE id = ? AND rematch IS NULL",
                              (rematch, table_id)).rowcount == 1

    def listings(self, *, idle: float | None = None, limit: int = 100) -> list[Listing]:
        """The listed tables still in play (newest first, at most ``limit``), leaving out those with
        no move for over ``idle`` seconds (about to expire)."""
        since = float("-inf") if idle is None else self.clock() - idle
        with self._lock:
            rows = self._db.execute(
                "SELECT id, game, players, bots, created FROM tables WHERE listed = 1 AND ended IS NULL "
                "AND touched >= ? ORDER BY created DESC, id LIMIT ?", (since, limit)).fetchall()
            seats = {}
            for row in rows:
                seats[row[0]] = self._db.execute(
                    "SELECT name, taken FROM seats WHERE table_id = ? ORDER BY seat", (row[0],)).fetchall()
        return [Listing(id=r[0], game=r[1], players=r[2], bots=tuple(json.loads(r[3])), created=r[4],
                        holders=tuple(Holder(bool(t), n) for n, t in seats[r[0]])) for r in rows]

    def table_ids(self) -> Sequence[str]:
        """Every stored table's id, oldest first."""
        with self._lock:
            return [r[0] for r in self._db.execute("SELECT id FROM tables ORDER BY created, id")]

    def log_length(self, table_id: str) -> int:
        """The number of actions logged for a table."""
        with self._lock:
            row = self._db.execute("SELECT COUNT(*) FROM actions WHERE table_id = ?", (table_id,)).fetchone()
        return int(row[0])
