"""The decisions a seat can make, one small frozen class per kind.

Every action that can ever be legal is built once at import (``ALL_ACTIONS``,
the fixed RL action space); ``legal_actions`` returns those same instances in
that order, which is the canonical order: DrawTwo, TakeScrap, then Discard,
Build, Launch, ChromeLaunch, Scrap and Bribe for rust to chrome, then EndTurn,
then Feed for rust to chrome (last, so the indices of the others stay put).
"""

from __future__ import annotations

from typing import Any

import attrs

from gremlinrules.core.checks import check_players
from gremlinrules.core.checks import instance_or_default
from gremlinrules.no_good_gremlins.components import MATERIALS
from gremlinrules.no_good_gremlins.components import Material
from gremlinrules.no_good_gremlins.setup import MAX_PLAYERS
from gremlinrules.no_good_gremlins.setup import MIN_PLAYERS
from gremlinrules.no_good_gremlins.setup import table_components
from gremlinrules.no_good_gremlins.state import Options

__all__ = [
    "ACTION_TYPES", "ALL_ACTIONS", "Action", "Bribe", "Build", "ChromeLaunch", "Discard", "DrawTwo",
    "EndTurn", "Feed", "Launch", "Scrap", "TakeScrap", "all_actions",
]


def _word(material: Any) -> str:
    """A material's name in the notation (a malformed field shown as it is)."""
    return material.value if type(material) is Material else str(material)


@attrs.frozen(slots=True, cache_hash=True)
class DrawTwo:
    """Open the turn: draw two cards from the materials deck (then Discard one)."""

    def __str__(self) -> str:
        return "draw"


@attrs.frozen(slots=True, cache_hash=True)
class TakeScrap:
    """Open the turn: take the scrapheap's top card and the cards below that match it."""

    def __str__(self) -> str:
        return "take"


@attrs.frozen(slots=True, cache_hash=True)
class Discard:
    """After DrawTwo: put one hand card of this material face up on the scrapheap."""

    material: Material

    def __str__(self) -> str:
        return f"discard {_word(self.material)}"


@attrs.frozen(slots=True, cache_hash=True)
class Build:
    """Play one hand card of this material onto its rocket (a build action is up to two)."""

    material: Material

    def __str__(self) -> str:
        return f"build {_word(self.material)}"


@attrs.frozen(slots=True, cache_hash=True)
class Launch:
    """Main action: launch the complete rocket of this material."""

    material: Material

    def __str__(self) -> str:
        return f"launch {_word(self.material)}"


@attrs.frozen(slots=True, cache_hash=True)
class ChromeLaunch:
    """After a chrome bribe: launch this rocket, complete or not, for one medal."""

    material: Material

    def __str__(self) -> str:
        return f"chrome-launch {_word(self.material)}"


@attrs.frozen(slots=True, cache_hash=True)
class Scrap:
    """Free action: move every card of this rocket onto the scrapheap."""

    material: Material

    def __str__(self) -> str:
        return f"scrap {_word(self.material)}"


@attrs.frozen(slots=True, cache_hash=True)
class Bribe:
    """Free action: remove a hand card of this material from the game for its ability."""

    material: Material

    def __str__(self) -> str:
        return f"bribe {_word(self.material)}"


@attrs.frozen(slots=True, cache_hash=True)
class EndTurn:
    """End the turn (the Wandering Gremlin eats, an empty hand draws six)."""

    def __str__(self) -> str:
        return "end"


@attrs.frozen(slots=True, cache_hash=True)
class Feed:
    """End of turn, when rockets tie for the highest medal value and the holder chooses
    (``Options(wanderer_tie="holder_chooses")``): the Wandering Gremlin eats a card of this rocket."""

    material: Material

    def __str__(self) -> str:
        return f"feed {_word(self.material)}"


ACTION_TYPES = (DrawTwo, TakeScrap, Discard, Build, Launch, ChromeLaunch, Scrap, Bribe, EndTurn, Feed)
Action = DrawTwo | TakeScrap | Discard | Build | Launch | ChromeLaunch | Scrap | Bribe | EndTurn | Feed

DRAW_TWO = DrawTwo()
TAKE_SCRAP = TakeScrap()
END_TURN = EndTurn()
DISCARDS = tuple(Discard(m) for m in MATERIALS)
BUILDS = tuple(Build(m) for m in MATERIALS)
LAUNCHES = tuple(Launch(m) for m in MATERIALS)
CHROME_LAUNCHES = tuple(ChromeLaunch(m) for m in MATERIALS)
SCRAPS = tuple(Scrap(m) for m in MATERIALS)
BRIBES = tuple(Bribe(m) for m in MATERIALS)
FEEDS = tuple(Feed(m) for m in MATERIALS)
ALL_ACTIONS: tuple[Any, ...] = (
    DRAW_TWO, TAKE_SCRAP, *DISCARDS, *BUILDS, *LAUNCHES, *CHROME_LAUNCHES, *SCRAPS, *BRIBES,
    END_TURN, *FEEDS,
)
MATERIAL_INDEX: dict[Any, int] = {m: i for i, m in enumerate(MATERIALS)}


def all_actions(players: Any, options: Any = None) -> tuple[Any, ...]:
    """Every action that can ever be legal (45 of them), in canonical order.

    The same for every player count and every valid ``Options``: a user's own component set
    (NGG-DATA-6) changes which of them are legal when, never the list. ``players`` and
    ``options`` (its component set included) are validated all the same, so an action space is
    only ever built for a table that can be played.
    """
    check_players(players, MIN_PLAYERS, MAX_PLAYERS, "No Good Gremlins")
    table_components(instance_or_default(options, Options, "No Good Gremlins"))
    return ALL_ACTIONS
