"""Per game: a strategy of the tables the differential tests play natively (players and options).

Each game with a native implementation adds one entry: every option and component set the
engine plays (random ones, from the game's own strategies), so the differential tests cover them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hypothesis import strategies as st

from tests.gremlins_the_game import strategies as gtg
from tests.no_good_gremlins import strategies as ngg

Table = tuple[int, Any]
"""A player count and the table's options (None: the defaults)."""

TABLES: dict[str, Callable[[], st.SearchStrategy[Table]]] = {
    "no-good-gremlins": lambda: st.tuples(ngg.player_counts, st.one_of(st.none(), ngg.any_options)),
    "gremlins-the-game": lambda: gtg.tables,
}
"""Game id -> a strategy of its tables (players, options)."""


def tables(game_id: str) -> st.SearchStrategy[Table]:
    """The tables of ``game_id`` for the differential tests."""
    return TABLES[game_id]()
