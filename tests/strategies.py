"""The tests' Hypothesis strategies, per game, in one place (issue 29).

For every game id: ``player_counts(game_id)``, ``options(game_id)`` (every option field drawn
from its choices, a user's component set included where the game takes one),
``component_sets(game_id)`` (valid sets unlike the reference one, where the game lets a user
bring one), ``tables(game_id)`` (a player count with options that suit it, the conformance
suite's named tables among them) and ``states(game_id)`` (a state reached by random legal play
from a drawn seed, the walk drawn too, so a failure shrinks to a short game).

Most strategies live beside each game's tests (``tests/<game>/strategies.py``) and the engine's
tables in ``tests/engine/tables.py``; this module gathers them and adds the missing ones
(Gremlins, Inc.'s options and tables, drawn from its option choices), without copying code.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import attrs
from hypothesis import strategies as st

import gremlinrules
from gremlinrules.adapters.hints import option_choices
from gremlinrules.gremlins_inc import CONFORMANCE_TABLES as GI_TABLES
from gremlinrules.gremlins_inc import MAX_PLAYERS as GI_MAX_PLAYERS
from gremlinrules.gremlins_inc import MIN_PLAYERS as GI_MIN_PLAYERS
from gremlinrules.gremlins_inc import Options as GIOptions
from gremlinrules.gremlins_inc.state import LAYOUTS
from tests.engine import tables as engine_tables
from tests.gnaughty_gnomes import strategies as gg
from tests.goblins_vs_gnomes import strategies as gvg
from tests.gremlins_inc.helpers import TEST_SET as GI_TEST_SET
from tests.gremlins_the_game import strategies as gtg
from tests.no_good_gremlins import strategies as ngg

__all__ = ["GAME_IDS", "Table", "component_sets", "gg_states", "gi_options", "gi_tables", "options",
           "player_counts", "seeds", "states", "tables"]

GAME_IDS: tuple[str, ...] = gremlinrules.game_ids()
Table = engine_tables.Table
"""A player count and the table's options (None: the defaults)."""

seeds = st.integers(min_value=0, max_value=2**32)
"""A game's seed."""


def _gi_options(end: str | None = None, components: Any = None) -> st.SearchStrategy[GIOptions]:
    """Gremlins, Inc.'s options with teams "none" (any player count): each reading drawn from its
    choices, short games (targets of 5 to 20, at most 3 reshuffles)."""
    return st.builds(
        GIOptions,
        end=st.sampled_from(option_choices(GIOptions, "end")) if end is None else st.just(end),
        target=st.integers(5, 20), reshuffles=st.integers(0, 3),
        seating=st.sampled_from(option_choices(GIOptions, "seating")),
        familiar=st.booleans(), reveal_resources=st.booleans(),
        components=st.just(None) if components is None else components,
    )


gi_options = _gi_options(components=st.sampled_from([None, GI_TEST_SET]))
"""Gremlins, Inc.'s options over every reading (teams aside, see :data:`gi_tables`), the reference
deck or the tests' own small one."""


@st.composite
def _gi_table(draw: st.DrawFn, components: st.SearchStrategy[Any]) -> Table:
    teams = draw(st.sampled_from(option_choices(GIOptions, "teams")))
    sizes = LAYOUTS[teams]
    players = sum(sizes) if sizes else draw(st.integers(GI_MIN_PLAYERS, GI_MAX_PLAYERS))
    opts = draw(_gi_options(components=components))
    return players, attrs.evolve(opts, teams=teams)


def gi_tables(components: st.SearchStrategy[Any] | None = None) -> st.SearchStrategy[Table]:
    """Gremlins, Inc.'s tables: a team layout drawn from its choices (GI-TEAM-1), the player
    count it needs (any from 2 to 6 without teams), the other options as :func:`_gi_options`;
    ``components`` draws the card set (None: the reference deck only)."""
    return _gi_table(st.just(None) if components is None else components)


PLAYER_COUNTS: dict[str, st.SearchStrategy[int]] = {
    "gnaughty-gnomes": st.sampled_from(gremlinrules.gnaughty_gnomes.PLAYER_COUNTS),
    "goblins-vs-gnomes": gvg.player_counts,
    "gremlins-inc": st.integers(GI_MIN_PLAYERS, GI_MAX_PLAYERS),
    "gremlins-the-game": gtg.player_counts,
    "no-good-gremlins": ngg.player_counts,
}

OPTIONS: dict[str, Callable[[], st.SearchStrategy[Any]]] = {
    "gnaughty-gnomes": lambda: engine_tables.gg_options,
    "goblins-vs-gnomes": lambda: gvg.any_options,
    "gremlins-inc": lambda: gi_options,
    "gremlins-the-game": lambda: gtg.any_options,
    "no-good-gremlins": lambda: ngg.any_options,
}

COMPONENT_SETS: dict[str, Callable[[], st.SearchStrategy[Any]]] = {
    "goblins-vs-gnomes": gvg.component_sets,
    "gremlins-inc": lambda: st.just(GI_TEST_SET),
    "gremlins-the-game": gtg.user_components,
    "no-good-gremlins": ngg.user_components,
}
"""The games that take a user's component set (Gnaughty Gnomes' is fixed by its rulebook)."""

TABLES: dict[str, Callable[[], st.SearchStrategy[Table]]] = {
    **engine_tables.TABLES,
    "goblins-vs-gnomes": lambda: st.tuples(gvg.player_counts, st.one_of(st.none(), gvg.any_options)),
    "gremlins-inc": lambda: st.one_of(gi_tables(st.sampled_from([None, GI_TEST_SET])),
                                      st.sampled_from([(n, o) for _, n, o in GI_TABLES])),
}


def player_counts(game_id: str) -> st.SearchStrategy[int]:
    """The player counts ``game_id`` plays with."""
    return PLAYER_COUNTS[game_id]


def options(game_id: str) -> st.SearchStrategy[Any]:
    """Options of ``game_id`` over its readings (any player count but Gremlins, Inc.'s teams)."""
    return OPTIONS[game_id]()


def component_sets(game_id: str) -> st.SearchStrategy[Any]:
    """Valid component sets of ``game_id`` other than the reference one (KeyError: none)."""
    return COMPONENT_SETS[game_id]()


def tables(game_id: str) -> st.SearchStrategy[Table]:
    """A player count and options that suit it (None: the defaults)."""
    return TABLES[game_id]()


@st.composite
def _states(draw: st.DrawFn, game_id: str, max_decisions: int) -> Any:
    game = gremlinrules.get_game(game_id)
    players, opts = draw(tables(game_id))
    state = game.new_game(players, draw(seeds), options=opts)
    rnd = random.Random(draw(seeds))
    for _ in range(draw(st.integers(0, max_decisions))):
        legal = game.legal_actions(state)
        if not legal:
            break
        state = game.apply(state, legal[rnd.randrange(len(legal))])
    return state


def states(game_id: str, max_decisions: int = 64) -> st.SearchStrategy[Any]:
    """A state of ``game_id`` reached by up to ``max_decisions`` random legal actions from a drawn
    table and seed (Gnaughty Gnomes' finer strategy with placing and playing states is
    ``tests.gnaughty_gnomes.strategies.states``)."""
    return _states(game_id, max_decisions)


assert set(PLAYER_COUNTS) == set(OPTIONS) == set(TABLES) == set(GAME_IDS), "a game without strategies"
gg_states = gg.states
"""Gnaughty Gnomes' reachable states with a placement or a play pending (re-exported)."""
