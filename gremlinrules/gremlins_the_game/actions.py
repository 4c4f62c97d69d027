"""The decisions a seat can make, one small frozen class per kind.

The canonical order (``all_actions``): Move to each space in map order, Defeat with each
covering set that can ever be minimal (by size, then weapon order), LetEscape, Discard of
each weapon kind, then Choose each space in map order. ``legal_actions`` lists a
subsequence of it.
"""

from __future__ import annotations

from typing import Any

import attrs

from gremlinrules.core.checks import check_players
from gremlinrules.core.checks import instance_or_default
from gremlinrules.gremlins_the_game.board import REFERENCE_MAP
from gremlinrules.gremlins_the_game.components import REFERENCE
from gremlinrules.gremlins_the_game.components import Components
from gremlinrules.gremlins_the_game.components import tables
from gremlinrules.gremlins_the_game.components import validate_components
from gremlinrules.gremlins_the_game.state import Options

__all__ = [
    "ACTION_TYPES", "MAX_PLAYERS", "MIN_PLAYERS", "Action", "Choose", "Defeat", "Discard", "LetEscape",
    "Move", "action_space", "all_actions", "table_components",
]

MIN_PLAYERS = 2
MAX_PLAYERS = 4
_TITLE = "Gremlins: The Game"


@attrs.frozen(slots=True)
class Move:
    """Move the turn owner's token to this space (a destination, not a path: GTG-MOVE-1)."""

    to: str

    def __str__(self) -> str:
        return f"move {self.to}"


@attrs.frozen(slots=True)
class Defeat:
    """Defeat the revealed gremlin by discarding these weapon cards (kind names, in weapon
    order; a minimal covering set, GTG-FIGHT-2)."""

    weapons: tuple[str, ...]

    def __str__(self) -> str:
        return "defeat " + "+".join(str(w) for w in self.weapons)


@attrs.frozen(slots=True)
class LetEscape:
    """Let the revealed gremlin escape to the Movie Theater (GTG-FIGHT-4)."""

    def __str__(self) -> str:
        return "escape"


@attrs.frozen(slots=True)
class Discard:
    """Discard a weapon card of this kind (the hand limit, GTG-WEAPON-2, or an event)."""

    weapon: str

    def __str__(self) -> str:
        return f"discard {self.weapon}"


@attrs.frozen(slots=True)
class Choose:
    """Answer a pending choice of a space: a theater space, where an event puts a gremlin, which
    gremlin an event moves."""

    space: str

    def __str__(self) -> str:
        return f"choose {self.space}"


ACTION_TYPES = (Move, Defeat, LetEscape, Discard, Choose)
Action = Move | Defeat | LetEscape | Discard | Choose

LET_ESCAPE = LetEscape()
MOVES = tuple(Move(s.name) for s in REFERENCE_MAP.spaces)
CHOOSES = tuple(Choose(s.name) for s in REFERENCE_MAP.spaces)


def table_components(options: Options) -> Components:
    """The validated component set of a table (GTG-DATA-6)."""
    from gremlinrules.core.errors import ComponentError
    from gremlinrules.core.errors import SetupError

    try:
        for field in attrs.fields(Options):
            if field.validator is not None:
                field.validator(options, field, getattr(options, field.name))
    except AttributeError:
        raise SetupError("Gremlins: The Game Options is missing a field") from None
    comps = options.components
    try:
        return validate_components(REFERENCE if comps is None else comps)
    except ComponentError as exc:
        raise SetupError(f"components: {exc}") from exc


_SPACES: dict[tuple[Components, Any], tuple[Any, ...]] = {}


def action_space(comps: Components, geo: Any = None) -> tuple[Any, ...]:
    """Every action that can ever be legal with this component set on this map (its
    ``Geometry``, from the module ``geometry``; None: the reference map), in canonical order."""
    key = (comps, geo)
    made = _SPACES.get(key)
    if made is None:
        moves, chooses = (MOVES, CHOOSES) if geo is None else (geo.moves, geo.chooses)
        t = tables(comps)
        made = (*moves, *(Defeat(w) for w in t.covers), LET_ESCAPE,
                *(Discard(w.name) for w in comps.weapons), *chooses)
        if len(_SPACES) >= 16:
            _SPACES.clear()
        _SPACES[key] = made
    return made


def all_actions(players: Any, options: Any = None) -> tuple[Any, ...]:
    """Every action that can ever be legal for this table, in canonical order (the same for every
    player count; a component set changes the Defeat and Discard actions, a map the Moves and
    Chooses)."""
    from gremlinrules.gremlins_the_game.geometry import REFERENCE_GEOMETRY
    from gremlinrules.gremlins_the_game.geometry import table_geometry

    check_players(players, MIN_PLAYERS, MAX_PLAYERS, _TITLE)
    opts = instance_or_default(options, Options, _TITLE)
    comps = table_components(opts)
    geo = table_geometry(opts.map)
    return action_space(comps, None if geo is REFERENCE_GEOMETRY else geo)
