"""The action classes and the fixed action space of a component set (GVG-ACT-1).

:func:`build_actions` lists every action in canonical order; :mod:`.geometry`
builds it once per component set and interns the instances ``legal_actions``
returns.

Decisions are atomic: an Ale Mug is laid with :class:`Place` and the skipped
player named next with :class:`NameSkip`; when one card reaches two targets the
placer chooses the order with :class:`OpenTarget`; the Greedy One picks a victim
with :class:`Steal`. Under ``Options(second_target="may_open")`` the placer may leave the
targets the route still reaches after the Dynamite face down with :class:`DeclineTarget`.
"""

from __future__ import annotations

import enum
from typing import Any

import attrs

from gremlinrules.core.checks import exact
from gremlinrules.core.checks import is_int
from gremlinrules.core.enums import CodeRepr
from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.core.errors import shown
from gremlinrules.core.grid import Cell
from gremlinrules.goblins_vs_gnomes.components import Components

__all__ = [
    "ACTION_TYPES", "MAX_SEATS", "SLOTS", "SLOT_INDEX", "Action", "DeclineTarget", "NameSkip", "OpenTarget",
    "Pass", "Place", "PlayExplosion", "PlayMap", "PlayPotion", "Slot", "Steal", "Swap",
    "build_actions",
]

MAX_SEATS = 8


# Fields are checked when an action is built, so an action that compares equal to a legal one
# (1.0 == 1, 0 == False) cannot exist with the wrong types: it is refused at construction.
def _of(kind: type, what: str) -> Any:
    def validate(_: Any, attribute: Any, value: Any) -> None:
        ok = is_int(value) if kind is int else type(value) is kind
        if not ok:
            raise InvalidArgumentError(f"{attribute.name} must be {what}, not {shown(value)}")

    return validate


_INT = _of(int, "an integer")
_STR = _of(str, "a card design name")
_BOOL = _of(bool, "true or false")


class Slot(CodeRepr, enum.Enum):
    """A target's place in the column of targets."""

    TOP = "top"
    MIDDLE = "middle"
    BOTTOM = "bottom"


SLOTS: tuple[Slot, ...] = (Slot.TOP, Slot.MIDDLE, Slot.BOTTOM)
"""The slots by index 0, 1, 2 (the index used inside the state)."""
SLOT_INDEX: dict[Slot, int] = {s: i for i, s in enumerate(SLOTS)}


def _slot(slot: Any) -> str:
    return slot.value if isinstance(slot, Slot) else str(slot)


@attrs.frozen(slots=True, cache_hash=True)
class Place:
    """Lay a tunnel card from hand on cell (x, y), turned half a turn when ``rotated``."""

    card: str = attrs.field(validator=_STR)
    """The design name (``"passage-cross"``)."""
    x: int = attrs.field(validator=_INT, eq=exact)
    y: int = attrs.field(validator=_INT, eq=exact)
    rotated: bool = attrs.field(default=False, validator=_BOOL, eq=exact)

    def __str__(self) -> str:
        """The text notation: ``place passage-cross 2,-1`` (``... turned`` when rotated)."""
        return f"place {self.card} {self.x},{self.y}{' turned' if self.rotated is True else ''}"


@attrs.frozen(slots=True, cache_hash=True)
class PlayMap:
    """Play a Map: look at the target in slot ``target`` in secret."""

    target: Slot = attrs.field(validator=_of(Slot, "a Slot"))

    def __str__(self) -> str:
        """The text notation: ``map top``."""
        return f"map {_slot(self.target)}"


@attrs.frozen(slots=True, cache_hash=True)
class PlayExplosion:
    """Play an Explosion: remove the ``card`` lying on (x, y) from the game."""

    card: str = attrs.field(validator=_STR)
    """The design name of the card blown up (it must be the one on that cell)."""
    x: int = attrs.field(validator=_INT, eq=exact)
    y: int = attrs.field(validator=_INT, eq=exact)

    def __str__(self) -> str:
        """The text notation: ``explode cave-in-ew 1,0``."""
        return f"explode {self.card} {self.x},{self.y}"


@attrs.frozen(slots=True, cache_hash=True)
class PlayPotion:
    """Play a Potion: swap role cards with the player ``offset`` seats after you (1 = next)."""

    offset: int = attrs.field(validator=_INT, eq=exact)

    def __str__(self) -> str:
        """The text notation: ``potion 2`` (the seat two after the player)."""
        return f"potion {self.offset}"


@attrs.frozen(slots=True, cache_hash=True)
class Swap:
    """Put ``card`` from hand on the bottom of the deck and draw the top card."""

    card: str = attrs.field(validator=_STR)

    def __str__(self) -> str:
        """The text notation: ``swap map``."""
        return f"swap {self.card}"


@attrs.frozen(slots=True, cache_hash=True)
class Pass:
    """Pass: no card in hand can be played; the hand is shown to everyone."""

    def __str__(self) -> str:
        """The text notation: ``pass``."""
        return "pass"


@attrs.frozen(slots=True, cache_hash=True)
class NameSkip:
    """After laying an Ale Mug: the player ``offset`` seats after you skips their next turn."""

    offset: int = attrs.field(validator=_INT, eq=exact)

    def __str__(self) -> str:
        """The text notation: ``skip 1`` (``skip 0``: the placer, GVG-CARD-6)."""
        return f"skip {self.offset}"


@attrs.frozen(slots=True, cache_hash=True)
class OpenTarget:
    """The placer reached several targets at once: open the one in slot ``target`` first."""

    target: Slot = attrs.field(validator=_of(Slot, "a Slot"))

    def __str__(self) -> str:
        """The text notation: ``open middle``."""
        return f"open {_slot(self.target)}"


@attrs.frozen(slots=True, cache_hash=True)
class DeclineTarget:
    """After the Dynamite (option ``second_target="may_open"``, GVG-TARGET-3): leave the other
    reached targets face down; the turn ends as it would."""

    def __str__(self) -> str:
        """The text notation: ``decline``."""
        return "decline"


@attrs.frozen(slots=True, cache_hash=True)
class Steal:
    """The Greedy One takes a point from the player ``offset`` seats after them."""

    offset: int = attrs.field(validator=_INT, eq=exact)

    def __str__(self) -> str:
        """The text notation: ``steal 3``."""
        return f"steal {self.offset}"


# Seats are named relative to the decider (1 = the next seat), so no seat names itself
# and the action space is the same from every seat.
Action = (Place | PlayMap | PlayExplosion | PlayPotion | Swap | Pass | NameSkip | OpenTarget
          | Steal | DeclineTarget)
ACTION_TYPES: tuple[type, ...] = (
    Place, PlayMap, PlayExplosion, PlayPotion, Swap, Pass, NameSkip, OpenTarget, Steal, DeclineTarget,
)


def build_actions(components: Components, cells: tuple[Cell, ...]) -> tuple[Action, ...]:
    """Every action for eight seats with rotation allowed, in canonical order, for a component
    set whose cards may be laid on ``cells`` (row by row)."""
    designs = components.designs
    out: list[Action] = []
    for d in designs:
        if not d.on_field:
            continue
        for x, y in cells:
            out.append(Place(d.name, x, y, False))
            if not d.symmetric:
                out.append(Place(d.name, x, y, True))
    out += [PlayMap(t) for t in SLOTS]
    out += [PlayExplosion(d.name, x, y) for d in designs
            if d.on_field and d.kind != "lantern" for x, y in cells]
    out += [PlayPotion(k) for k in range(1, MAX_SEATS)]
    out += [Swap(d.name) for d in designs]
    out.append(Pass())
    out += [NameSkip(k) for k in range(1, MAX_SEATS)]
    out += [OpenTarget(t) for t in SLOTS]
    out += [Steal(k) for k in range(1, MAX_SEATS)]
    out.append(DeclineTarget())  # last, so adding it left every other index unchanged
    return tuple(out)
