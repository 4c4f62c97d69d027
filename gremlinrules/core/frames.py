"""Typed decision frames: each pending decision of a game is its own attrs class.

A rule that must stop and ask a player something pushes a frame on the state's
decision stack (``State.stack``, a tuple with the top frame last). A game declares
its kinds of frame in its own ``frames.py`` as subclasses of :class:`Frame`: the
seat that decides (``seat``, from this base), what the decision is bound to (the
values it picks among, the card being resolved, what earlier steps of the same
effect chose) and, when an effect can go on in more than one way, the steps still
to run, as enums or other typed values: never strings to parse.

The :class:`~gremlinrules.core.rulebook.RuleBook` keys its decisions by frame class,
enumerates the choices of the top frame and resumes the interrupted effect after
an answer, in one place for every game. A frame class validates its own fields
(attrs validators); the game's invariants add only what the frame alone cannot
know (that it belongs to the turn owner, that its choices are still the state's).

In JSON a frame is tagged like an action (``"type": "<ClassName>"``): pass the
classes to :func:`gremlinrules.core.serial.make_converter` (``frame_types=``) and
:func:`gremlinrules.core.schema.build_schema` (``frames=``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from gremlinrules.core.checks import is_int
from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.core.errors import about_field
from gremlinrules.core.errors import shown

__all__ = ["MAX_SEAT", "Frame", "field_check", "frame_types_of", "upgrade_frames"]

MAX_SEAT = 63
"""The largest seat a frame may name (far above any game's player count)."""


def field_check(allowed: str, ok: Callable[[Any, Any], bool]) -> Callable[[Any, Any, Any], None]:
    """An attrs validator for a frame field: ``ok(frame, value)`` must hold, else
    InvalidArgumentError saying the value is not ``allowed`` (decoding JSON reports it as
    ``$.stack[0].<field>: <value> is not <allowed>``). Validators run in field order, so
    ``frame`` holds the fields declared before this one."""

    def validate(frame: Any, attribute: Any, value: Any) -> None:
        if not ok(frame, value):
            error = InvalidArgumentError(f"{type(frame).__name__}.{attribute.name} must be {allowed}, "
                                         f"not {shown(value)}")
            raise about_field(error, attribute.name, value, allowed)

    return validate


@attrs.frozen(slots=True)
class Frame:
    """One pending decision: the base of every game's frame classes.

    Subclasses add their bound values as typed attrs fields (with validators) and
    stay frozen and slotted: ``@attrs.frozen(slots=True) class Pick(Frame): ...``.
    """

    seat: int = attrs.field(validator=field_check(f"a seat from 0 to {MAX_SEAT}",
                                                 lambda _, v: is_int(v) and 0 <= v <= MAX_SEAT))
    """The seat that decides (it need not be the seat whose turn it is)."""


def frame_types_of(*classes: Any) -> tuple[type[Frame], ...]:
    """``classes`` checked to be frame classes (subclasses of :class:`Frame`, attrs, frozen),
    as a tuple: what a game passes as its ``FRAME_TYPES``."""
    out: list[type[Frame]] = []
    for cls in classes:
        if not (isinstance(cls, type) and issubclass(cls, Frame) and cls is not Frame and attrs.has(cls)):
            raise TypeError(f"{cls!r} is not a frame class (an attrs subclass of core.frames.Frame)")
        out.append(cls)  # type: ignore[arg-type]  # attrs.has narrows to AttrsInstance
    return tuple(out)


def upgrade_frames(data: dict[str, Any], frame: Callable[[Any], Any]) -> dict[str, Any]:
    """A state or view document with each of its frames (a state's ``stack`` list, a view's
    ``pending``) passed through ``frame``: the body of a game's ``upgrade_v1`` from untyped
    frames to typed ones. ``frame`` returns what it does not recognise unchanged, so the
    converter reports it."""
    out = dict(data)
    if type(out.get("stack")) is list:
        out["stack"] = [frame(f) for f in out["stack"]]
    if "pending" in out:
        out["pending"] = frame(out["pending"])
    return out
