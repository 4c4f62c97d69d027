"""The pending decisions of Gnaughty Gnomes, as typed frames on ``State.stack``.

One kind of decision interrupts a trick: once the fourth card is down, each position places a
gnome in turn order, winner first (GG-PLACE-1). That is a :class:`Placement`: the seat that
decides, the table position it places for (a dummy's placements are its partner's, GG-2P-3)
and the turn-order card that position holds (1 the winner, 2-3 the middle, 4 the loser). The
four placements are pushed at once, place 1 on top; what runs after the last one is always the
clean-up, so a frame needs no field for the steps that follow.
"""

from __future__ import annotations

import attrs

from gremlinrules.core.checks import is_int
from gremlinrules.core.frames import Frame
from gremlinrules.core.frames import field_check
from gremlinrules.core.frames import frame_types_of

__all__ = ["FRAME_TYPES", "PendingFrame", "Placement"]

POSITIONS = 4
"""Table positions, whatever the seat count (GG-2P-1)."""


def _position(frame: Placement, value: object) -> bool:
    """A position 0-3 that the frame's seat decides for: itself, or a dummy's partner (GG-2P-3)."""
    return is_int(value) and 0 <= value < POSITIONS and frame.seat in (value, value % 2)  # type: ignore[operator]


@attrs.frozen(slots=True)
class Placement(Frame):
    """GG-PLACE-1: ``seat`` places a gnome for ``position``, which holds turn-order card
    ``place``; answered by a Place or, with no legal spot, a Flip (GG-PLACE-8)."""

    position: int = attrs.field(validator=field_check("a position from 0 to 3 that the seat decides for",
                                                      _position))
    """The table position placing (a dummy's is decided by its partner's seat, GG-2P-3)."""
    place: int = attrs.field(validator=field_check("a turn-order place from 1 to 4",
                                                   lambda _, v: is_int(v) and 1 <= v <= POSITIONS))
    """Its turn-order card: 1 the trick winner, 2-3 the middle places, 4 the loser (GG-TRICK-2)."""


PendingFrame = Placement
"""Any frame of this game (the union of its frame classes; one)."""

FRAME_TYPES: tuple[type[Frame], ...] = frame_types_of(Placement)
"""Every frame class of the game, for the converter and the schema."""
