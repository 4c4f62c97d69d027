"""The table logic of ``gremlinrules serve``, independent of any web framework.

A :class:`Table` holds one game's authoritative state; :class:`Tables` creates
tables, loads them from a :class:`~gremlinrules.web.store.TableStore` and
authenticates seat tokens. Everything a client receives is built here from
``observe(state, seat)`` and ``observe_event(event, seat)`` alone, never from
the state: the view, the labelled legal actions (only for the seat that must
decide) and the redacted events.

A move names the table version it was chosen at; it is refused, with the
library's own error text, when it is stale, out of turn, malformed or
illegal. An accepted move is written to the store (log row and state cache in
one transaction) before :meth:`Table.move` returns, so acknowledging it after
that call loses nothing if the process dies.

The ASGI app (:mod:`gremlinrules.web.app`) and ``examples/server.py`` (the
standard library's ``http.server``) both host tables through this module.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import threading
from collections.abc import Collection
from collections.abc import Sequence
from typing import Any

import attrs

from gremlinrules import __version__
from gremlinrules.core.errors import GremlinRulesError
from gremlinrules.core.errors import IllegalActionError
from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.core.errors import SerializationError
from gremlinrules.core.errors import UnknownGameError
from gremlinrules.core.errors import shown
from gremlinrules.core.protocol import Game
from gremlinrules.registry import get_game
from gremlinrules.web.clicks import legal_parts
from gremlinrules.web.store import Holder
from gremlinrules.web.store import Listing
from gremlinrules.web.store import StoredTable
from gremlinrules.web.store import TableStore

__all__ = [
    "ENDED_EXPIRY", "IDLE_EXPIRY", "NAME_LIMIT", "PROTOCOL_VERSION", "Accepted", "BadNameError",
    "BadTokenError", "MoveRefusedError", "SeatTakenError", "Table", "Tables", "UnknownTableError", "WebError",
]

PROTOCOL_VERSION = 1
"""The version of the messages' JSON (``welcome`` carries it as ``protocol``)."""

HISTORY = 200
"""How many past moves' events a (re)connecting client receives."""

IDLE_EXPIRY = 24 * 3600.0
"""Seconds a table still in play may go without a move before it expires (``serve --expire``)."""

ENDED_EXPIRY = 2 * 3600.0
"""Seconds a finished table is kept after its game ended (``serve --expire-ended``), for its
players to look at the end and download its record."""

NAME_LIMIT = 24
"""The most characters a display name may have."""

BOT_SPECS = ("random", "plain")
"""The bots a table's bot seats can use (fast enough to answer at once)."""


class WebError(GremlinRulesError):
    """A request the table server refuses; ``status`` is its HTTP status."""

    status = 400
    key = "web.bad-request"

    def as_data(self) -> dict[str, Any]:
        """The error as a client receives it."""
        return {"type": "error", "message": str(self), "key": self.key}


class UnknownTableError(WebError, LookupError):
    """No table has that id."""

    status = 404
    key = "web.unknown-table"

    def __str__(self) -> str:  # LookupError would quote the message like a key
        return str(self.args[0]) if self.args else "unknown table"


class BadTokenError(WebError, PermissionError):
    """The seat token is not one of this table's."""

    status = 403
    key = "web.bad-token"


class MoveRefusedError(WebError, ValueError):
    """A move the table refuses: stale, out of turn, malformed or illegal.

    ``key`` and ``params`` are the library's (an IllegalActionError's) when the
    rules refused it, else ``web.stale``, ``web.not-your-turn``, ``web.game-over``
    or ``web.bad-move``; ``version`` is the table's current version."""

    status = 409

    def __init__(self, message: str, *, key: str, version: int,
                 params: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.key = key
        self.version = version
        self.params = dict(params or {})

    def as_data(self) -> dict[str, Any]:
        """The refusal as the client that sent the move receives it."""
        return {"type": "refused", "message": str(self), "key": self.key, "params": self.params,
                "version": self.version}


class BadNameError(WebError, ValueError):
    """A display name the lobby refuses: not text, empty, too long, or not printable."""

    key = "web.bad-name"


class SeatTakenError(WebError):
    """A join for a seat someone holds already (or a bot's seat): choose another free seat."""

    status = 409
    key = "web.seat-taken"


def display_name(name: Any) -> str:
    """``name`` as a display name: a string, stripped of surrounding spaces, 1 to NAME_LIMIT
    characters, every one printable (no control, format or line-breaking characters, so a name
    cannot reorder or break the text around it). Anything else: BadNameError."""
    if not isinstance(name, str):
        raise BadNameError(f"a name must be text, not {shown(name)}")
    name = name.strip()
    if not name:
        raise BadNameError("a name must not be empty")
    if len(name) > NAME_LIMIT:
        raise BadNameError(f"a name is at most {NAME_LIMIT} characters, not {len(name)}")
    if not name.isprintable():
        raise BadNameError("a name must be printable: no control, format or line-break characters")
    return str(name)


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def _label(text: str) -> dict[str, Any]:
    as_data = getattr(text, "as_data", None)
    return dict(as_data()) if callable(as_data) else {"text": str(text)}


def _int(value: Any, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidArgumentError(f"{name} must be an integer, not {shown(value)}")
    return value


@attrs.frozen
class Accepted:
    """A move the table accepted: the version it was made at, who made it, its events."""

    version: int
    seat: int
    events: tuple[Any, ...]


class Table:
    """One game's authoritative state, its version and its move history (in memory).

    ``move`` is safe to call from several threads (one lock per table); an
    asynchronous host also serialises each table's moves itself, so that its
    broadcasts go out in version order.
    """

    def __init__(self, stored: StoredTable, store: TableStore) -> None:
        self.id = stored.id
        self.game: Game = get_game(stored.game)
        self.players = stored.players
        self.seed = stored.seed
        self.options_data = stored.options
        self.bots = stored.bots
        self.bot_spec = stored.bot
        self._tokens = list(stored.tokens)
        self._store = store
        self.listed = stored.listed
        """Whether the lobby lists the table."""
        self.holders: list[Holder] = list(stored.holders
                                          or (Holder(taken=True) for _ in range(stored.players)))
        """Per seat, who holds it (a table made before the lobby: every seat taken, by link)."""
        self.rematch = stored.rematch
        """The id of the table's rematch, once one is made."""
        self.lock = threading.RLock()
        """Held while the state, the version and the history change or are read together."""
        options = None if stored.options is None else self.game.from_data(stored.options, self.game.Options)
        self.state: Any = self.game.new_game(stored.players, stored.seed, options=options)
        self.history: list[Accepted] = []
        """Every accepted move, in order (entry i was made at version i)."""
        for version, (seat, action_json) in enumerate(stored.log):  # replay: the log is authoritative
            action = self.game.from_json(action_json, self.game.Action)
            try:
                self.state, events = self.game.apply_with_events(self.state, action)
            except IllegalActionError as exc:
                raise WebError(f"table {self.id} no longer replays (made with gremlinrules "
                               f"{stored.library}): move {version}: {exc}") from exc
            self.history.append(Accepted(version, seat, events))
        self.cache_was_stale = stored.version != self.version or self.game.to_json(self.state) != stored.state
        """True when the stored state cache differed from the replay (it is then rewritten)."""
        if self.cache_was_stale:
            store.recache(self.id, self.version, self.game.to_json(self.state))

    @property
    def version(self) -> int:
        """The number of accepted moves."""
        return len(self.history)

    def seat_of(self, token: Any) -> int | None:
        """The seat ``token`` opens; None (a spectator) for no token. Unknown token: BadTokenError."""
        if token is None or token == "":
            return None
        if not isinstance(token, str) or len(token) > 200:
            raise BadTokenError("the seat token must be a short string")
        digest = _digest(token)
        seat = None
        for i, known in enumerate(self._tokens):  # compare with every seat: the time says nothing
            if known is not None and hmac.compare_digest(known, digest):
                seat = i
        if seat is None:
            raise BadTokenError(f"that token opens no seat of table {self.id}")
        return seat

    # The lobby's side: who holds each seat.

    def is_free(self, seat: int) -> bool:
        """True when nobody holds ``seat`` and no bot plays it: the lobby offers it."""
        return seat not in self.bots and not self.holders[seat].taken

    def join(self, seat: Any, name: Any) -> str:
        """Give the free ``seat`` to ``name`` (a display name, checked: BadNameError); returns the
        seat's new token, handed out this once (the host's link for the seat stops working).
        SeatTakenError when the seat is taken, a bot's, or taken meanwhile by a racing join."""
        seat = self._seat(seat)
        name = display_name(name)
        token = secrets.token_urlsafe(18)
        with self.lock:
            if not self.is_free(seat) or not self._store.take_seat(self.id, seat, name, _digest(token)):
                raise SeatTakenError(f"seat {seat} of table {self.id} is taken; choose a free seat")
            self._tokens[seat] = _digest(token)
            self.holders[seat] = Holder(taken=True, name=name)
        return token

    def claim(self, seat: int) -> bool:
        """Mark ``seat`` taken because its holder opened it with the host's link (no name); True
        when it was free until now."""
        with self.lock:
            if not self.is_free(seat) or not self._store.take_seat(self.id, seat, None, None):
                return False
            self.holders[seat] = Holder(taken=True)
            return True

    def leave(self, seat: int) -> None:
        """Free ``seat``: its name goes, its token stops working, the lobby offers it again."""
        with self.lock:
            digest = _digest(secrets.token_urlsafe(18))  # a token nobody is given
            self._store.free_seat(self.id, seat, digest)
            self._tokens[seat] = digest
            self.holders[seat] = Holder()

    def hand_over(self, seat: int) -> str:
        """A new token for ``seat`` (the old one stops working), for the holder a rematch put
        there."""
        token = secrets.token_urlsafe(18)
        with self.lock:
            self._store.set_token(self.id, seat, _digest(token))
            self._tokens[seat] = _digest(token)
        return token

    def seats(self, connected: Collection[int] = ()) -> list[dict[str, Any]]:
        """Each seat as every client (and the lobby) may see it: a bot's or not, taken or free,
        its holder's display name (public by choice, never drawn from the state) and whether a
        client holds it open now (``connected``: the seats with a live connection)."""
        with self.lock:
            holders = list(self.holders)
        return [{"seat": s, "bot": s in self.bots, "free": s not in self.bots and not h.taken,
                 "name": h.name, "connected": s in connected} for s, h in enumerate(holders)]

    def _seat(self, seat: Any) -> int:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise WebError(f"seat must be 0..{self.players - 1}, not {shown(seat)}")
        return seat

    def bot_to_move(self) -> int | None:
        """The bot seat that must decide now, or None."""
        with self.lock:
            seat = self.game.current_player(self.state)
        return seat if seat is not None and seat in self.bots else None

    def bot_action(self) -> tuple[int, int, Any] | None:
        """The bot seat that must decide, the table version its bot chose at and the action it
        chose, or None. Pass the version to :meth:`move`: if another move came first, the bot's
        is refused as stale instead of being applied to a position it did not see."""
        from gremlinrules.bots import make_bot

        with self.lock:
            seat = self.bot_to_move()
            if seat is None:
                return None
            state, version = self.state, self.version
        seed = (self.seed * 1_000_003 + version) % 2**31
        bot = make_bot(self.bot_spec, self.game, seat=seat, seed=seed)
        return seat, version, bot.choose(state)

    def parse_move(self, message: Any) -> tuple[int, Any]:
        """The version and the action of a move message (``{"version": v, "action": {...}}``, or
        ``"text"`` in the game's notation instead of ``"action"``). Malformed: MoveRefusedError."""
        if not isinstance(message, dict):
            raise self._refused("a move is a JSON object with version and action", "web.bad-move")
        version = message.get("version")
        if isinstance(version, bool) or not isinstance(version, int):
            raise self._refused(f"a move must carry the table's version (an integer), not {shown(version)}",
                                "web.bad-move")
        try:
            if "action" in message:
                action = self.game.from_data(message["action"], self.game.Action)
            elif isinstance(message.get("text"), str):
                action = self.game.parse_action(message["text"])
            else:
                raise self._refused("a move needs an action (JSON) or a text (the game's notation)",
                                    "web.bad-move")
        except SerializationError as exc:
            raise self._refused(str(exc), "web.bad-move") from exc
        return version, action

    def _refused(self, text: str, key: str, params: dict[str, Any] | None = None) -> MoveRefusedError:
        return MoveRefusedError(text, key=key, version=self.version, params=params)

    def move(self, seat: int | None, version: int, action: Any) -> Accepted:
        """Apply ``action`` for ``seat``, chosen at table version ``version``; stored before it returns.

        Refused (MoveRefusedError, nothing changed) when the version is not the current one, the
        seat is a spectator or not the one to decide, or the rules refuse the action."""
        with self.lock:
            if version != self.version:
                raise self._refused(f"stale move: it was chosen at version {version}, the table is at "
                                    f"version {self.version}", "web.stale",
                                    {"sent": version, "version": self.version})
            to_move = self.game.current_player(self.state)
            if to_move is None:
                raise self._refused("the game is over", "web.game-over")
            if seat != to_move:
                who = "a spectator cannot move" if seat is None else f"seat {seat} cannot move"
                raise self._refused(f"{who}: seat {to_move} decides now", "web.not-your-turn",
                                    {"seat": to_move})
            try:
                state, events = self.game.apply_with_events(self.state, action)
            except IllegalActionError as exc:
                raise MoveRefusedError(str(exc), key=exc.key, params=exc.params,
                                       version=self.version) from exc
            except GremlinRulesError as exc:  # not an action of this game at all
                raise self._refused(str(exc), "web.bad-move") from exc
            self._store.append(self.id, self.version, to_move, self.game.to_json(action),
                               self.game.to_json(state), ended=self.game.current_player(state) is None)
            accepted = Accepted(len(self.history), to_move, events)
            self.state = state  # readers hold the lock too: they see both changes or neither
            self.history.append(accepted)
            return accepted

    # What a client receives: built from the seat's view and redacted events only.

    def _events_for(self, seat: int | None, moves: Sequence[Accepted], view: Any) -> list[dict[str, Any]]:
        out = []
        for accepted in moves:
            seen = [e for e in (self.game.observe_event(e, seat) for e in accepted.events) if e is not None]
            out.append({"version": accepted.version, "seat": accepted.seat,
                        "events": [self.game.to_data(e) for e in seen],
                        "text": [self.game.event_text(e, seat, view=view) for e in seen]})
        return out

    def update(self, seat: int | None, moves: Sequence[Accepted] | None = None) -> dict[str, Any]:
        """The ``update`` message for ``seat`` (None: a spectator): its view (and the view in the
        game's sentences, ``text``), its labelled legal actions when it must decide, and the events
        of ``moves`` as it may see them, each with its sentence (None: the last ``HISTORY`` moves,
        with ``"reset": true``, for a client that (re)connects)."""
        game = self.game
        with self.lock:  # one version's state, number and history: never a torn update
            state, version, history = self.state, self.version, self.history[-HISTORY:]
        view = game.observe(state, seat)
        data = game.to_data(view)
        to_move = game.current_player(state)
        legal = game.legal_actions(state) if seat is not None and to_move == seat else ()
        return {
            "type": "update",
            "table": self.id,
            "version": version,
            "seat": seat,
            "current_player": to_move,
            "terminal": to_move is None,
            "view": data,
            "text": list(game.view_text(view)),
            "legal": [{"index": i, "action": game.to_data(a), "text": str(a),
                       "label": _label(game.action_label(view, a)), "parts": parts}
                      for i, (a, parts) in enumerate(zip(legal, legal_parts(game.id, view, legal),
                                                         strict=True))],
            "events": self._events_for(seat, history if moves is None else moves, view),
            "reset": moves is None,
        }

    def welcome(self, seat: int | None, *, board: bool) -> dict[str, Any]:
        """The ``welcome`` message: the table's public setup and the seat the client holds."""
        return {"type": "welcome", "protocol": PROTOCOL_VERSION, "table": self.id, "game": self.game.id,
                "title": self.game.title, "players": self.players, "seat": seat, "bots": list(self.bots),
                "board": board, "rematch": self.rematch}


def _listed_seats(listing: Listing) -> list[dict[str, Any]]:
    return [{"seat": s, "bot": s in listing.bots, "free": s not in listing.bots and not h.taken,
             "name": h.name} for s, h in enumerate(listing.holders)]


class Tables:
    """Every table of one server: created here, loaded from the store on first use."""

    def __init__(self, store: TableStore) -> None:
        self.store = store
        self._tables: dict[str, Table] = {}
        self._lock = threading.Lock()

    def create(self, game_id: str, players: int, *, seed: int | None = None, options: Any = None,
               bots: Sequence[int] = (), bot: str = "random", listed: bool = True,
               holders: Sequence[Holder] | None = None) -> tuple[Table, list[str | None]]:
        """A new table and its seat tokens (None for a bot seat); ``listed``: the lobby lists it,
        ``holders``: who holds each seat (a rematch's; default every human seat free). Bad input: a
        GremlinRulesError (UnknownGameError, SetupError, SerializationError, InvalidArgumentError)."""
        if not isinstance(listed, bool):
            raise InvalidArgumentError(f"listed must be true or false, not {shown(listed)}")
        if not isinstance(game_id, str):
            raise InvalidArgumentError(f"game must be a game id, not {shown(game_id)}")
        game = get_game(game_id)
        players = _int(players, "players")
        seed = secrets.randbelow(2**31) if seed is None else _int(seed, "seed")
        if not 0 <= seed < 2**63:
            raise InvalidArgumentError(f"seed must be 0 .. 2**63-1, not {shown(seed)}")
        if bot not in BOT_SPECS:
            raise InvalidArgumentError(f"bot must be one of {', '.join(BOT_SPECS)}, not {shown(bot)}")
        if isinstance(bots, str | bytes) or not isinstance(bots, Sequence):
            raise InvalidArgumentError(f"bots must be a list of seats, not {shown(bots)}")
        bot_seats = tuple(sorted({_int(s, "a bot seat") for s in bots}))
        if any(not 0 <= s < players for s in bot_seats):
            raise InvalidArgumentError(f"bot seats must be 0..{players - 1}, not {shown(list(bots))}")
        opts = None if options is None else game.from_data(options, game.Options)
        state = game.new_game(players, seed, options=opts)  # SetupError for a bad player count
        tokens = [None if s in bot_seats else secrets.token_urlsafe(18) for s in range(players)]
        stored = StoredTable(
            id=secrets.token_urlsafe(6), game=game.id, players=players, seed=seed,
            options=None if opts is None else game.to_data(opts), bots=bot_seats, bot=bot,
            tokens=tuple(None if t is None else _digest(t) for t in tokens), library=__version__,
            version=0, state=game.to_json(state), listed=listed,
            holders=tuple(holders) if holders is not None
            else tuple(Holder(taken=s in bot_seats) for s in range(players)))
        self.store.create(stored)
        table = Table(stored, self.store)
        with self._lock:
            self._tables[table.id] = table
        return table, tokens

    def create_from_data(self, data: Any) -> tuple[Table, list[str | None]]:
        """:meth:`create` from a request's JSON object: ``{"game": id, "players": n, "seed": s,
        "options": {...}, "bots": [seats], "bot": "random", "listed": true}`` (only game and players
        required; ``listed: false`` keeps the table out of the lobby's list)."""
        if not isinstance(data, dict):
            raise InvalidArgumentError("a new table is a JSON object with game and players")
        unknown = sorted(set(data) - {"game", "players", "seed", "options", "bots", "bot", "listed"})
        if unknown:
            raise InvalidArgumentError(f"unknown fields: {shown(unknown)}")
        if "game" not in data or "players" not in data:
            raise InvalidArgumentError("a new table needs game and players")
        return self.create(data["game"], data["players"], seed=data.get("seed"), options=data.get("options"),
                           bots=data.get("bots") or (), bot=data.get("bot") or "random",
                           listed=data.get("listed", True))

    def rematch(self, old: Table) -> tuple[Table, dict[int, str]]:
        """A new table with ``old``'s game, players, options, bots and seat holders (their names
        too; a fresh, secret seed), recorded as ``old``'s rematch, and the new token of each seat
        someone holds. ``old`` must be over (MoveRefusedError, ``web.not-over``) and have no
        rematch yet (the caller checks under the table's lock)."""
        if old.game.current_player(old.state) is not None:
            raise old._refused("the game is still in play: a rematch starts after its end", "web.not-over")
        with old.lock:
            holders = [Holder(taken=h.taken, name=h.name, rematched=h.taken and s not in old.bots)
                       for s, h in enumerate(old.holders)]
        table, _ = self.create(old.game.id, old.players, options=old.options_data, bots=old.bots,
                               bot=old.bot_spec, listed=old.listed, holders=holders)
        self.store.set_rematch(old.id, table.id)
        old.rematch = table.id
        tokens = {s: table.hand_over(s) for s, h in enumerate(holders) if h.rematched}
        return table, tokens

    def listings(self, *, idle: float | None = IDLE_EXPIRY) -> list[dict[str, Any]]:
        """The lobby's list: the listed tables still in play with a free seat, newest first, each
        with its game, players, seats (free or not, names) and creation time (seconds since the
        epoch). Tables with no move for over ``idle`` seconds (about to expire) are left out."""
        out = []
        for listing in self.store.listings(idle=idle):
            seats = _listed_seats(listing)
            if not any(s["free"] for s in seats):
                continue
            try:
                title = get_game(listing.game).title
            except UnknownGameError:
                continue
            out.append({"table": listing.id, "game": listing.game, "title": title, "players": listing.players,
                        "created": listing.created, "seats": seats,
                        "free": [s["seat"] for s in seats if s["free"]], "spectator": f"/t/{listing.id}"})
        return out

    def get(self, table_id: Any) -> Table:
        """The table with that id (loaded and replayed on first use). Unknown: UnknownTableError."""
        if not isinstance(table_id, str) or not 0 < len(table_id) <= 64:
            raise UnknownTableError(f"no table {shown(table_id)}")
        with self._lock:
            table = self._tables.get(table_id)
            if table is None:
                stored = self.store.load(table_id)
                if stored is None:
                    raise UnknownTableError(f"no table {shown(table_id)}")
                try:
                    table = Table(stored, self.store)
                except UnknownGameError as exc:
                    raise WebError(f"table {table_id}: {exc}") from exc
                self._tables[table_id] = table
        return table

    def expire(self, *, idle: float | None = IDLE_EXPIRY, ended: float | None = ENDED_EXPIRY,
               keep: Collection[str] = ()) -> list[str]:
        """Delete, from the store and from memory, the tables still in play with no move for
        ``idle`` seconds and the finished ones whose game ended ``ended`` seconds ago (None:
        never), except the ids in ``keep`` (tables in use); returns the ids deleted."""
        gone = self.store.expire(idle=idle, ended=ended, keep=keep)
        with self._lock:
            for table_id in gone:
                self._tables.pop(table_id, None)
        return gone

    def record(self, table_id: Any, token: Any) -> dict[str, Any]:
        """The game record (:mod:`gremlinrules.core.records`, what ``replay`` reads) of a
        finished table, for a seat's token. The record holds the seed, which replays every hidden
        card: a spectator (no token) is refused (BadTokenError), and so is a game still in play
        (MoveRefusedError, ``web.not-over``)."""
        from gremlinrules.core.records import make_record

        table = self.get(table_id)
        if table.seat_of(token) is None:
            raise BadTokenError("the record needs a seat's token (it holds the seed)")
        with table.lock:
            state, stored = table.state, self.store.load(table.id)
        if stored is None:
            raise UnknownTableError(f"no table {shown(table_id)}")
        if table.game.current_player(state) is not None:
            raise table._refused("the game is still in play: its record holds the seed, which replays "
                                 "every hidden card, so it is given out only after the end", "web.not-over")
        game = table.game
        options = None if stored.options is None else game.from_data(stored.options, game.Options)
        actions = [game.from_json(text, game.Action) for _, text in stored.log]
        return make_record(game, table.players, actions, seed=table.seed, options=options)

    def forget(self, table_id: str) -> None:
        """Drop a table from memory (its stored setup and log stay; :meth:`get` replays them)."""
        with self._lock:
            self._tables.pop(table_id, None)

    def __len__(self) -> int:
        """The number of tables in memory."""
        with self._lock:
            return len(self._tables)
