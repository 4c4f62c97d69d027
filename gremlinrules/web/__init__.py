"""``gremlinrules serve``: a multi-seat web table for every game (the optional ``web`` extra).

>>> from gremlinrules.web import TableStore, Tables
>>> tables = Tables(TableStore(":memory:"))
>>> table, tokens = tables.create("no-good-gremlins", 2, seed=7)
>>> table.seat_of(tokens[0]), table.version
(0, 0)

The table logic (:mod:`gremlinrules.web.tables`) and its SQLite store
(:mod:`gremlinrules.web.store`) use the standard library only; the ASGI app
(:mod:`gremlinrules.web.app`, Starlette) and :func:`serve` (uvicorn) need the
``web`` extra (without it, importing the app or calling :func:`serve` raises
:class:`~gremlinrules.core.errors.MissingExtraError`, naming the extra). See
docs/web.rst for the protocol, the safety model and persistence.
"""

from __future__ import annotations

from gremlinrules.web.store import StoredTable
from gremlinrules.web.store import TableStore
from gremlinrules.web.tables import PROTOCOL_VERSION
from gremlinrules.web.tables import Accepted
from gremlinrules.web.tables import BadNameError
from gremlinrules.web.tables import BadTokenError
from gremlinrules.web.tables import MoveRefusedError
from gremlinrules.web.tables import SeatTakenError
from gremlinrules.web.tables import Table
from gremlinrules.web.tables import Tables
from gremlinrules.web.tables import UnknownTableError
from gremlinrules.web.tables import WebError

__all__ = ["PROTOCOL_VERSION", "Accepted", "BadNameError", "BadTokenError", "MoveRefusedError",
           "SeatTakenError", "StoredTable", "Table", "TableStore", "Tables", "UnknownTableError", "WebError",
           "serve"]


def serve(*, host: str = "127.0.0.1", port: int = 8000, db: str = "tables.sqlite", bot_delay: float = 0.4,
          announce: bool = True, expire: float | None = 24.0, expire_ended: float | None = 2.0,
          create_token: str | None = None, create_limit: int | None = 300) -> None:
    """Run the table server until interrupted (``gremlinrules serve``). ``expire`` and
    ``expire_ended`` are hours (None: never), ``create_limit`` tables a minute per client (None:
    no limit). Needs the ``web`` extra: without it,
    :class:`~gremlinrules.core.errors.MissingExtraError` names it."""
    from gremlinrules.core.errors import MissingExtraError
    from gremlinrules.web.app import MAX_MESSAGE  # MissingExtraError without Starlette
    from gremlinrules.web.app import create_app  # MissingExtraError without Starlette

    try:
        import uvicorn
    except ModuleNotFoundError as exc:
        raise MissingExtraError("web", "gremlinrules serve", exc.name) from exc
    app = create_app(db, bot_delay=bot_delay, expire=None if expire is None else expire * 3600,
                     expire_ended=None if expire_ended is None else expire_ended * 3600,
                     create_token=create_token, create_limit=create_limit)
    config = uvicorn.Config(app, host=host, port=port, log_level="warning", ws_max_size=MAX_MESSAGE,
                            lifespan="off")
    server = uvicorn.Server(config)
    if announce:
        print(f"gremlinrules serve: http://{host}:{port}/ (tables in {db})", flush=True)
    server.run()
