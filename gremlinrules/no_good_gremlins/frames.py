"""The pending decisions of No Good Gremlins, as typed frames on ``State.stack``.

One decision interrupts a turn: under ``Options(wanderer_tie="holder_chooses")``, when
rockets tie for the highest medal value as the turn ends, the holder of the Wandering
Gremlin chooses which one it eats (NGG-WANDER-5). That is a :class:`MealChoice`: the seat
that chooses and the tied rocket types. What runs after the choice is always the same
(the rest of the turn's end: the refill, the round's end, the next turn), so the frame
needs no field for it.
"""

from __future__ import annotations

from itertools import pairwise

import attrs

from gremlinrules.core.frames import Frame
from gremlinrules.core.frames import field_check
from gremlinrules.core.frames import frame_types_of
from gremlinrules.no_good_gremlins.components import MATERIALS
from gremlinrules.no_good_gremlins.components import Material

__all__ = ["FRAME_TYPES", "MealChoice", "PendingFrame"]

_ORDER = {m: i for i, m in enumerate(MATERIALS)}


def _tied(_: object, value: object) -> bool:
    return (type(value) is tuple and len(value) >= 2 and all(type(m) is Material for m in value)
            and all(_ORDER[a] < _ORDER[b] for a, b in pairwise(value)))


@attrs.frozen(slots=True)
class MealChoice(Frame):
    """NGG-WANDER-5: the holder ``seat`` chooses which of the tied rockets the Wandering Gremlin
    eats a card of; answered by a Feed of one of ``among``."""

    among: tuple[Material, ...] = attrs.field(
        validator=field_check("two or more distinct materials, rust to chrome", _tied))
    """The rocket types tied for the highest medal value, rust to chrome."""


PendingFrame = MealChoice
"""Any frame of this game (the union of its frame classes; one so far)."""

FRAME_TYPES: tuple[type[Frame], ...] = frame_types_of(MealChoice)
"""Every frame class of the game, for the converter and the schema."""
