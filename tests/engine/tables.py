"""Per game: a strategy of the tables the differential tests play natively (players and options).

Each game with a native implementation adds one entry: every option and component set the
engine plays (random ones, from the game's own strategies), so the differential tests cover them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs
from hypothesis import strategies as st

from gremlinrules import gnaughty_gnomes as gg
from gremlinrules import gremlins_inc as gi
from gremlinrules.gnaughty_gnomes.state import OPTION_CHOICES
from gremlinrules.gremlins_inc.state import LAYOUTS
from tests.goblins_vs_gnomes import strategies as gvg
from tests.gremlins_inc import strategies as gi_cards
from tests.gremlins_inc.helpers import TEST_SET as GI_TEST_SET
from tests.gremlins_the_game import strategies as gtg
from tests.no_good_gremlins import strategies as ngg

Table = tuple[int, Any]
"""A player count and the table's options (None: the defaults)."""

gg_options: st.SearchStrategy[gg.Options] = st.builds(
    gg.Options, **{name: st.sampled_from(choices) for name, choices in OPTION_CHOICES.items()})
"""Gnaughty Gnomes' options: each of the six readings drawn from its choices (64 tables in all)."""


def _named(module: Any) -> list[st.SearchStrategy[Table]]:
    """The game's named tables (``CONFORMANCE_TABLES``: (name, players, options)), as a strategy, when
    it lists any."""
    named = [(players, options) for _, players, options in getattr(module, "CONFORMANCE_TABLES", ())]
    return [st.sampled_from(named)] if named else []


def _gg_tables() -> st.SearchStrategy[Table]:
    return st.one_of(st.tuples(st.sampled_from(gg.PLAYER_COUNTS), st.one_of(st.none(), gg_options)),
                     *_named(gg))


@st.composite
def _gi_table(draw: st.DrawFn) -> Table:
    """Gremlins, Inc.: a team layout and its player count (any from 2 to 6 without teams), every other
    option drawn from its choices (short and long games: targets of 5 to 30, 0 to 3 reshuffles, round
    limits of 1 to 40, the rules as written), and the reference deck, the tests' small one or a
    random user set from the validator's language."""
    teams = draw(st.sampled_from(sorted(LAYOUTS)))
    sizes = LAYOUTS[teams]
    players = sum(sizes) if sizes else draw(st.integers(gi.MIN_PLAYERS, gi.MAX_PLAYERS))
    components = draw(st.one_of(st.none(), st.just(GI_TEST_SET), gi_cards.user_components()))
    end = draw(st.sampled_from(["score", "reshuffles"]))
    options = gi.Options(end=end, target=draw(st.integers(5, 30)), reshuffles=draw(st.integers(0, 3)),
                         seating=draw(st.sampled_from(["alternate", "grouped"])),
                         familiar=draw(st.booleans()), reveal_resources=draw(st.booleans()),
                         round_limit=draw(st.sampled_from([1, 3, 10, 40])), components=components)
    return players, attrs.evolve(options, teams=teams)


def _gi_tables() -> st.SearchStrategy[Table]:
    return st.one_of(st.tuples(st.integers(gi.MIN_PLAYERS, gi.MAX_PLAYERS), st.none()), _gi_table(),
                     *_named(gi))
def _gvg_tables() -> st.SearchStrategy[Table]:
    """Goblins vs Gnomes: the defaults, the rule readings, and every option field with a user's
    component set; always bounded (GVG-BOUND-1), as playouts need a decision bound (the unbounded
    rules are compared in ``test_goblins_vs_gnomes_native.py``)."""
    bounded = gvg.any_options.map(lambda o: attrs.evolve(o, bounded=True))
    return st.tuples(gvg.player_counts, st.one_of(st.none(), gvg.options, bounded))


TABLES: dict[str, Callable[[], st.SearchStrategy[Table]]] = {
    "no-good-gremlins": lambda: st.tuples(ngg.player_counts, st.one_of(st.none(), ngg.any_options)),
    "gremlins-the-game": lambda: gtg.tables,
    "gnaughty-gnomes": _gg_tables,
    "gremlins-inc": _gi_tables,
    "goblins-vs-gnomes": _gvg_tables,
}
"""Game id -> a strategy of its tables (players, options)."""


def tables(game_id: str) -> st.SearchStrategy[Table]:
    """The tables of ``game_id`` for the differential tests."""
    return TABLES[game_id]()
