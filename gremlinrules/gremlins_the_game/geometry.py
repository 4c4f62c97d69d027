"""The map a table plays on, as the rules read it: space names, the movement graph, the marked
spaces, and the Move and Choose actions of each space (GTG-MAP-7).

A table plays on :data:`.board.REFERENCE_MAP` unless ``Options.map`` names a map of its own,
loaded through :func:`.board.load_map` (the same validator). :func:`table_geometry` checks a
table's map once and gives its :class:`Geometry`, made once per map and remembered.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from gremlinrules.core.board import BoardGraph
from gremlinrules.core.errors import SetupError
from gremlinrules.gremlins_the_game.actions import Choose
from gremlinrules.gremlins_the_game.actions import Move
from gremlinrules.gremlins_the_game.board import REFERENCE_MAP
from gremlinrules.gremlins_the_game.board import Map
from gremlinrules.gremlins_the_game.board import load_map
from gremlinrules.gremlins_the_game.board import map_data

__all__ = ["REFERENCE_GEOMETRY", "Geometry", "geometry", "table_geometry"]


@attrs.frozen(slots=True, eq=False)  # compared by identity: one per map, a key of the fast caches
class Geometry:
    """Look-ups derived once from a validated map."""

    map: Map
    name: str
    """The map's title."""
    names: tuple[str, ...]
    """Every space's name, in map order (index = space id)."""
    index: Mapping[str, int]
    """Each space's id by name."""
    graph: BoardGraph
    starts: tuple[str, ...]
    """The Start spaces, in colour order (seat 0 red, 1 blue, 2 green, 3 yellow)."""
    event_spaces: tuple[str, ...]
    weapon_spaces: tuple[str, ...]
    gremlin_spaces: tuple[str, ...]
    theater_spaces: tuple[str, ...]
    """Movie Theater spaces without words, in map order."""
    theater_set: frozenset[str]
    square: frozenset[str]
    """The Town Square's spaces."""
    square_ids: frozenset[int]
    moves: tuple[Move, ...]
    """One Move per space, in map order."""
    chooses: tuple[Choose, ...]
    """One Choose per space, in map order."""


def _make(m: Map) -> Geometry:
    names = tuple(s.name for s in m.spaces)

    def named(ids: Any) -> tuple[str, ...]:
        return tuple(names[i] for i in sorted(ids))

    theater = named(m.theater_spaces)
    return Geometry(
        map=m, name=m.name, names=names, index={n: i for i, n in enumerate(names)}, graph=m.graph,
        starts=tuple(names[i] for i in m.starts), event_spaces=named(m.event_spaces),
        weapon_spaces=named(m.weapon_spaces), gremlin_spaces=named(m.gremlin_spaces),
        theater_spaces=theater, theater_set=frozenset(theater),
        square=frozenset(names[i] for i in m.town_square), square_ids=frozenset(m.town_square),
        moves=tuple(Move(n) for n in names), chooses=tuple(Choose(n) for n in names),
    )


REFERENCE_GEOMETRY = _make(REFERENCE_MAP)
"""The reference map's geometry (a table whose ``Options.map`` is None)."""

_MADE: dict[Map, Geometry] = {REFERENCE_MAP: REFERENCE_GEOMETRY}
_LAST: tuple[Map, Geometry] = (REFERENCE_MAP, REFERENCE_GEOMETRY)
"""The last map asked for and its geometry, one tuple (replaced whole, so threads never see a
map paired with another map's geometry)."""


def geometry(m: Map | None) -> Geometry:
    """The geometry of a map already validated (None: the reference map)."""
    global _LAST
    if m is None:
        return REFERENCE_GEOMETRY
    last = _LAST
    if m is last[0]:
        return last[1]
    made = _MADE.get(m)
    if made is None:
        made = table_geometry(m)
    _LAST = (m, made)
    return made


def table_geometry(m: Any) -> Geometry:
    """The geometry of a table's map (None: the reference map), checked to be a map
    :func:`.board.load_map` makes (SetupError otherwise, e.g. a Map built by hand)."""
    if m is None:
        return REFERENCE_GEOMETRY
    if type(m) is not Map:
        raise SetupError(f"option map must be a Map (from load_map or read_map) or None, "
                         f"not {type(m).__name__}")
    try:
        made = _MADE.get(m)
        if made is not None:
            return made
        valid = load_map(map_data(m)) == m
    except SetupError:
        raise
    except (TypeError, ValueError, AttributeError, KeyError, IndexError):  # a Map built by hand
        valid = False
    if not valid:
        raise SetupError("option map is not a map load_map makes (build maps with load_map or read_map)")
    made = _make(m)
    if len(_MADE) >= 16:
        _MADE.clear()
        _MADE[REFERENCE_MAP] = REFERENCE_GEOMETRY
    _MADE[m] = made
    return made
