"""The pending decisions of Goblins vs Gnomes, as typed frames on ``State.stack``.

A turn is one play; three rules stop it to ask a player something, and each is a frame of its
own class (the top frame is the last on the stack):

``SkipNaming``     GVG-CARD-4: the placer of an Ale Mug names who skips their next turn
                   (answered by :class:`~.actions.NameSkip`)
``TargetChoice``   GVG-TARGET-3: the placer chooses which of the reached targets opens first
                   (:class:`~.actions.OpenTarget`), or after the Dynamite under
                   ``second_target="may_open"`` whether to open one at all
                   (also :class:`~.actions.DeclineTarget`)
``StealChoice``    GVG-ADV-3: the Greedy One chooses whom to take a point from
                   (:class:`~.actions.Steal`)

What runs after each answer is fixed by the rules (the turn ends, the targets left open in
turn, the round is scored), so no frame carries steps. A ``SkipNaming`` waits under a
``TargetChoice`` when the Ale Mug's card also reached several targets: the targets are
resolved first.
"""

from __future__ import annotations

from typing import Any

import attrs

from gremlinrules.core.frames import Frame
from gremlinrules.core.frames import field_check
from gremlinrules.core.frames import frame_types_of
from gremlinrules.goblins_vs_gnomes.actions import SLOTS
from gremlinrules.goblins_vs_gnomes.actions import Slot
from gremlinrules.goblins_vs_gnomes.components import NAME_LIMIT

__all__ = ["FRAME_TYPES", "PendingFrame", "SkipNaming", "StealChoice", "TargetChoice"]


def _design(_: Any, value: Any) -> bool:
    return type(value) is str and 0 < len(value) <= NAME_LIMIT


def _slots(frame: Any, value: Any) -> bool:
    """Distinct slots in slot order: two or three for an order choice, one or more after the
    Dynamite (the route may still reach just one)."""
    least = 1 if frame.after_dynamite else 2
    return (type(value) is tuple and least <= len(value) <= len(SLOTS)
            and all(type(v) is Slot for v in value)
            and list(value) == [s for s in SLOTS if s in value])


@attrs.frozen(slots=True)
class SkipNaming(Frame):
    """GVG-CARD-4: ``seat`` laid an Ale Mug and names the seat that skips its next turn."""

    card: str = attrs.field(validator=field_check(f"a design name of 1 to {NAME_LIMIT} characters",
                                                  _design))
    """The Ale Mug design laid (a component set may hold several)."""


@attrs.frozen(slots=True)
class TargetChoice(Frame):
    """GVG-TARGET-3: ``seat``'s card reached the targets ``among``; it opens one of them first.

    With ``after_dynamite`` (option ``second_target="may_open"`` only) the Dynamite has just
    opened and the route still reaches ``among``: the seat opens one or declines."""

    after_dynamite: bool = attrs.field(validator=field_check("true or false",
                                                             lambda _, v: type(v) is bool))
    """The choice follows the Dynamite, so :class:`~.actions.DeclineTarget` answers it too."""
    among: tuple[Slot, ...] = attrs.field(validator=field_check(
        "distinct target slots in slot order (two or three; one or more after the Dynamite)", _slots))
    """The face-down targets the route reaches, in slot order."""


@attrs.frozen(slots=True)
class StealChoice(Frame):
    """GVG-ADV-3: the Dragon ended the round and ``seat``, the Greedy One, chooses whom to take
    a point from before the round is scored."""


PendingFrame = SkipNaming | TargetChoice | StealChoice
"""Any frame of this game (the union of its frame classes)."""

FRAME_TYPES: tuple[type[Frame], ...] = frame_types_of(SkipNaming, TargetChoice, StealChoice)
"""Every frame class of the game, for the converter and the schema."""
