"""The pending decisions of Gremlins: The Game, as typed frames on ``State.stack``.

A turn is one Move; what the move lands on is resolved by the steps of :mod:`.flow`, and each
choice on the way is a frame of its own class: who decides (``seat``, always the turn owner),
what the choice is bound to (the gremlin fought, the space an escaping or moved gremlin stands
on, the event card being resolved) and, where an event card can go on in more than one way, the
steps still to run (``then``, a tuple of :class:`Next`). A fight always ends the turn after it
and an escape sends the player home first, so those frames carry no steps.

``Fight``              GTG-FIGHT-1: Defeat the revealed gremlin or LetEscape
``EscapeToTheater``    GTG-THEATER-1: a Movie Theater space for the escaping gremlin
``GangToTheater``      GTG-STRIPE-3: a theater space for the start-of-turn gremlin
``HandLimit``          GTG-WEAPON-2: a weapon card to discard before a draw into a full hand
``EventDiscard``       GTG-EVENT-2 discard_weapons: a weapon card to discard
``PlaceGremlin``       GTG-EVENT-2 add_gremlins: an empty Gremlin space for a new gremlin
``PickGremlin``        GTG-EVENT-2 move_gremlins: a face-down gremlin to move
``MoveGremlin``        GTG-EVENT-2 move_gremlins: the empty Gremlin space it moves to
"""

from __future__ import annotations

import enum
from typing import Any

import attrs

from gremlinrules.core.enums import CodeRepr
from gremlinrules.core.frames import Frame
from gremlinrules.core.frames import field_check
from gremlinrules.core.frames import frame_types_of
from gremlinrules.core.frames import upgrade_frames

__all__ = [
    "EVENT_FRAMES", "FORMAT_VERSION", "FRAME_TYPES", "UPGRADES", "EscapeToTheater", "EventDiscard", "Fight",
    "GangToTheater", "HandLimit", "MoveGremlin", "Next", "PendingFrame", "PickGremlin", "PlaceGremlin",
    "upgrade_v1", "upgrade_v2",
]

MAX_STEPS = 16
"""The most steps a frame may still hold (an event card's effects and the turn's end)."""


class Next(CodeRepr, enum.Enum):
    """One step of a turn still to run after a choice (``flow.run``)."""

    END = "end"
    """The turn ends (GTG-TURN-1)."""
    HOME = "home"
    """The player returns to its Start (GTG-FIGHT-5, an event's return_to_start)."""
    DRAW = "draw"
    """The player draws a weapon card (GTG-WEAPON-1; a full hand discards first, GTG-WEAPON-2)."""
    DISCARD = "discard"
    """The player discards a weapon card (an event's discard_weapons)."""
    ADD = "add"
    """A new gremlin from the pool onto an empty Gremlin space (an event's add_gremlins)."""
    MOVE = "move"
    """A face-down gremlin to an empty Gremlin space (an event's move_gremlins)."""
    REPLENISH_EVENT = "replenish:event"
    """Every empty Event space gets a token (an event's replenish, GTG-SQUARE-2)."""
    REPLENISH_WEAPON = "replenish:weapon"
    """Every empty Weapon space gets a token."""
    REPLENISH_GREMLIN = "replenish:gremlin"
    """Every empty Gremlin space gets a face-down gremlin while the pool lasts."""


def _name(_: Any, value: Any) -> bool:
    return type(value) is str and 0 < len(value) <= 80


def _steps(_: Any, value: Any) -> bool:
    """Steps the flow runs: at most MAX_STEPS, the last the turn's end (a choice inside a turn
    leads to its end)."""
    return (type(value) is tuple and 0 < len(value) <= MAX_STEPS and all(type(v) is Next for v in value)
            and value[-1] is Next.END)


def _draw_first(frame: Any, value: Any) -> bool:
    return _steps(frame, value) and value[0] is Next.DRAW


_NAME = field_check("a name (a string of 1 to 80 characters)", _name)
_STEPS = field_check(f"1 to {MAX_STEPS} steps ending with the turn's end", _steps)


@attrs.frozen(slots=True)
class Fight(Frame):
    """GTG-FIGHT-1: ``seat`` has revealed ``gremlin`` on its space: Defeat it (GTG-FIGHT-3) or
    LetEscape (GTG-FIGHT-4); then the turn ends."""

    gremlin: str = attrs.field(validator=_NAME)
    """The gremlin token's id (a view names its design instead, GTG-VIEW-2)."""


@attrs.frozen(slots=True)
class EscapeToTheater(Frame):
    """GTG-THEATER-1: ``seat`` chooses the empty Movie Theater space the escaping gremlin goes to;
    then the player returns to Start (GTG-FIGHT-5) and the turn ends."""

    origin: str = attrs.field(validator=_NAME)
    """The space the gremlin escapes from (the fighter's)."""


@attrs.frozen(slots=True)
class GangToTheater(Frame):
    """GTG-STRIPE-3: while Stripe is in the theater, the turn begins with ``seat`` choosing the
    empty theater space for the top gremlin of the pool, face up; then it moves."""


@attrs.frozen(slots=True)
class HandLimit(Frame):
    """GTG-WEAPON-2: ``seat`` must draw into a full hand, so it discards a weapon card first."""

    then: tuple[Next, ...] = attrs.field(
        validator=field_check(f"1 to {MAX_STEPS} steps, the draw first and the turn's end last", _draw_first))
    """The steps after the discard: the draw it makes room for first."""


@attrs.frozen(slots=True)
class EventDiscard(Frame):
    """GTG-EVENT-2 discard_weapons: ``seat`` discards a weapon card for the event ``card``."""

    card: str = attrs.field(validator=_NAME)
    """The event card being resolved (the top of the event discard pile)."""
    then: tuple[Next, ...] = attrs.field(validator=_STEPS)
    """The event's steps after this one, and the turn's end."""


@attrs.frozen(slots=True)
class PlaceGremlin(Frame):
    """GTG-EVENT-2 add_gremlins: ``seat`` chooses the empty Gremlin space for the top gremlin of the
    pool, face down."""

    card: str = attrs.field(validator=_NAME)
    """The event card being resolved."""
    then: tuple[Next, ...] = attrs.field(validator=_STEPS)
    """The event's steps after this one, and the turn's end."""


@attrs.frozen(slots=True)
class PickGremlin(Frame):
    """GTG-EVENT-2 move_gremlins: ``seat`` chooses the face-down gremlin to move."""

    card: str = attrs.field(validator=_NAME)
    """The event card being resolved."""
    then: tuple[Next, ...] = attrs.field(validator=_STEPS)
    """The event's steps after the move, and the turn's end."""


@attrs.frozen(slots=True)
class MoveGremlin(Frame):
    """GTG-EVENT-2 move_gremlins: ``seat`` chooses the empty Gremlin space the face-down gremlin on
    ``origin`` moves to."""

    card: str = attrs.field(validator=_NAME)
    """The event card being resolved."""
    origin: str = attrs.field(validator=_NAME)
    """The space of the gremlin being moved (chosen in its :class:`PickGremlin`)."""
    then: tuple[Next, ...] = attrs.field(validator=_STEPS)
    """The event's steps after the move, and the turn's end."""


PendingFrame = (Fight | EscapeToTheater | GangToTheater | HandLimit | EventDiscard | PlaceGremlin
                | PickGremlin | MoveGremlin)
"""Any frame of this game."""

FRAME_TYPES: tuple[type[Frame], ...] = frame_types_of(
    Fight, EscapeToTheater, GangToTheater, HandLimit, EventDiscard, PlaceGremlin, PickGremlin, MoveGremlin)
"""Every frame class of the game, for the converter and the schema."""

EVENT_FRAMES = (EventDiscard, PlaceGremlin, PickGremlin, MoveGremlin)
"""The frame classes of an event card's effects."""


# --- JSON: version 3, and the upgrades of version 1 and 2 documents -----------------------------

FORMAT_VERSION = 3
"""The version of this game's state and view JSON: 3 since ``phase`` is ``"move"`` or ``"over"``
(whether the move is made is read from the pending frame, ``State.resolving``); 2 typed the
decision frames (``{"type": "Fight", "seat": 0, "gremlin": "gremlin-07"}``). Version 1 documents,
whose frames were ``{"kind": "fight", "source": ..., "bound": [["from", ...]], "then": [...]}``,
and version 1 and 2 documents saying ``"phase": "resolve"`` still read (:data:`UPGRADES`)."""

_V1_KINDS = {"fight": "Fight", "place": "PlaceGremlin", "move-from": "PickGremlin", "move-to": "MoveGremlin"}


def _frame_of_v1(frame: Any) -> Any:
    """A version 1 frame's data as the version 2 frame's; anything else unchanged (the converter
    says what is wrong)."""
    if type(frame) is not dict or "kind" not in frame:
        return frame
    kind, source, then = frame.get("kind"), frame.get("source"), frame.get("then")
    bound = frame.get("bound")
    origin = next((v[1] for v in bound if type(v) is list and len(v) == 2 and v[0] == "from"), None) \
        if type(bound) is list else None
    out: dict[str, Any] = {"seat": frame.get("seat")}
    if kind == "theater":
        out["type"] = "GangToTheater" if source == "stripe" else "EscapeToTheater"
        if source != "stripe":
            out["origin"] = origin
    elif kind == "discard":
        out["type"] = "HandLimit" if source == "hand-limit" else "EventDiscard"
        if source != "hand-limit":
            out["card"] = source
        out["then"] = then
    elif kind in _V1_KINDS:
        out["type"] = _V1_KINDS[kind]
        if kind == "fight":
            out["gremlin"] = source
        else:
            out["card"] = source
            if kind == "move-to":
                out["origin"] = origin
            out["then"] = then
    else:
        return frame
    return out


def upgrade_v1(data: dict[str, Any]) -> dict[str, Any]:
    """A version 1 state or view document as version 2: its untyped frames (the state's
    ``stack``, the view's ``pending``) as the typed ones."""
    return upgrade_frames(data, _frame_of_v1)


def upgrade_v2(data: dict[str, Any]) -> dict[str, Any]:
    """A version 2 state or view document as version 3: ``"phase": "resolve"`` (the move made,
    a frame pending) is ``"move"``, the frame saying the rest; anything else unchanged (the
    converter says what is wrong)."""
    if data.get("phase") != "resolve":
        return data
    return {**data, "phase": "move"}


UPGRADES = {1: upgrade_v1, 2: upgrade_v2}
"""Each older format version's upgrade to the next (see :class:`gremlinrules.core.game.ModuleGame`)."""
