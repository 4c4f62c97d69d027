"""The action classes, interned at import, and the fixed action space (GVG-ACT-1).

Decisions are atomic: an Ale Mug is laid with :class:`Place` and the skipped
player named next with :class:`NameSkip`; when one card reaches two targets the
placer chooses the order with :class:`OpenTarget`; the Greedy One picks a victim
with :class:`Steal`.
"""

from __future__ import annotations

import attrs

from gremlinrules.goblins_vs_gnomes.components import COMPONENTS
from gremlinrules.goblins_vs_gnomes.geometry import PLACEABLE_CELLS

__all__ = [
    "ACTION_TYPES", "ALL_ACTIONS", "INDEX", "MAX_SEATS", "Action", "NameSkip", "OpenTarget",
    "Pass", "Place", "PlayExplosion", "PlayMap", "PlayPotion", "Steal", "Swap", "place_action",
]

MAX_SEATS = 8


@attrs.frozen(slots=True, cache_hash=True)
class Place:
    """Lay a tunnel card from hand on cell (x, y), turned half a turn when ``rotated``."""

    card: str
    """The design name (``"passage-cross"``)."""
    x: int
    y: int
    rotated: bool = False


@attrs.frozen(slots=True, cache_hash=True)
class PlayMap:
    """Play a Map: look at target ``target`` (0 top, 1 middle, 2 bottom) in secret."""

    target: int


@attrs.frozen(slots=True, cache_hash=True)
class PlayExplosion:
    """Play an Explosion: remove the field card on (x, y) from the game."""

    x: int
    y: int


@attrs.frozen(slots=True, cache_hash=True)
class PlayPotion:
    """Play a Potion: swap role cards with ``seat``."""

    seat: int


@attrs.frozen(slots=True, cache_hash=True)
class Swap:
    """Put ``card`` from hand on the bottom of the deck and draw the top card."""

    card: str


@attrs.frozen(slots=True, cache_hash=True)
class Pass:
    """Pass: no card in hand can be played; the hand is shown to everyone."""


@attrs.frozen(slots=True, cache_hash=True)
class NameSkip:
    """After laying an Ale Mug: ``seat`` skips their next turn."""

    seat: int


@attrs.frozen(slots=True, cache_hash=True)
class OpenTarget:
    """The placer reached several targets at once: open ``target`` first."""

    target: int


@attrs.frozen(slots=True, cache_hash=True)
class Steal:
    """The Greedy One takes a point from ``seat`` (advanced roles, Dragon opened)."""

    seat: int


Action = (Place | PlayMap | PlayExplosion | PlayPotion | Swap | Pass | NameSkip | OpenTarget
          | Steal)
ACTION_TYPES: tuple[type, ...] = (
    Place, PlayMap, PlayExplosion, PlayPotion, Swap, Pass, NameSkip, OpenTarget, Steal,
)


def _build() -> tuple[Action, ...]:
    out: list[Action] = []
    for d in COMPONENTS.designs:
        if not d.on_field:
            continue
        for x, y in PLACEABLE_CELLS:
            out.append(Place(d.name, x, y, False))
            if not d.symmetric:
                out.append(Place(d.name, x, y, True))
    out += [PlayMap(t) for t in range(3)]
    out += [PlayExplosion(x, y) for x, y in PLACEABLE_CELLS]
    out += [PlayPotion(s) for s in range(MAX_SEATS)]
    out += [Swap(d.name) for d in COMPONENTS.designs]
    out.append(Pass())
    out += [NameSkip(s) for s in range(MAX_SEATS)]
    out += [OpenTarget(t) for t in range(3)]
    out += [Steal(s) for s in range(MAX_SEATS)]
    return tuple(out)


ALL_ACTIONS = _build()
"""Every action for eight seats, in canonical order; smaller tables drop seats >= players."""
INDEX: dict[Action, int] = {a: i for i, a in enumerate(ALL_ACTIONS)}
"""The canonical position of each action: legal actions are sorted by it."""
_PLACE: dict[tuple[str, int, int, bool], Place] = {
    (a.card, a.x, a.y, a.rotated): a for a in ALL_ACTIONS if isinstance(a, Place)
}


def place_action(card: str, cell: tuple[int, int], rotated: bool) -> Place:
    """The interned Place action."""
    return _PLACE[(card, cell[0], cell[1], rotated)]
