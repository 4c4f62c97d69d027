"""The action classes and the fixed action space of a card set (GI-CARD-1, GI-TURN-1).

A turn is made of atomic decisions: :class:`Start`, :class:`Assign`,
:class:`Play`, :class:`Complete`, :class:`Cancel` (each one of the turn's
actions) and :class:`EndTurn`. What a card's effect or a cost asks is answered
by :class:`ChoosePlayer`, :class:`ChooseProject`, :class:`ChooseResource`,
:class:`Discard`, :class:`Assign` and :class:`Done` on the frame that asks it.

Cards are named by design id. A project is named by its owner's seat and its
number in that seat's row, counted from 1 (the view lists the row in order); a
player a card targets is named by its offset from the chooser (1: the next seat),
or :class:`ChooseSelf`.
"""

from __future__ import annotations

from typing import Any

import attrs

from gremlinrules.core.checks import exact
from gremlinrules.core.checks import is_int
from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.core.errors import shown
from gremlinrules.gremlins_inc.components import RESOURCES
from gremlinrules.gremlins_inc.components import Components

__all__ = [
    "ACTION_TYPES", "MAX_SEATS", "Action", "Assign", "Cancel", "ChoosePlayer", "ChooseProject",
    "ChooseResource", "ChooseSelf", "Complete", "Discard", "Done", "EndTurn", "Play", "Start",
    "build_actions",
]

MAX_SEATS = 6


def _of(kind: type, what: str) -> Any:
    def validate(_: Any, attribute: Any, value: Any) -> None:
        ok = is_int(value) if kind is int else type(value) is kind
        if not ok:
            raise InvalidArgumentError(f"{attribute.name} must be {what}, not {shown(value)}")

    return validate


_INT = _of(int, "an integer")
_CARD = _of(str, "a card design id")
_BOOL = _of(bool, "true or false")


@attrs.frozen(slots=True, cache_hash=True)
class Start:
    """Start a project with a hand card, face down (or face up, if the card allows it)."""

    card: str = attrs.field(validator=_CARD)
    face_up: bool = attrs.field(default=False, validator=_BOOL, eq=exact)

    def __str__(self) -> str:
        """``start pocket-watch`` (``start pocket-watch up`` face up)."""
        return f"start {self.card}{' up' if self.face_up is True else ''}"


@attrs.frozen(slots=True, cache_hash=True)
class Assign:
    """Assign a hand card as a resource behind the player's project number ``project`` (from 1)."""

    card: str = attrs.field(validator=_CARD)
    project: int = attrs.field(validator=_INT, eq=exact)

    def __str__(self) -> str:
        """``assign loose-screws 1``."""
        return f"assign {self.card} {self.project}"


@attrs.frozen(slots=True, cache_hash=True)
class Play:
    """Play an action card from hand: pay its cost, resolve it, discard it."""

    card: str = attrs.field(validator=_CARD)

    def __str__(self) -> str:
        """``play petty-theft``."""
        return f"play {self.card}"


@attrs.frozen(slots=True, cache_hash=True)
class Complete:
    """Complete the player's project number ``project`` (a blueprint with its cost assigned)."""

    project: int = attrs.field(validator=_INT, eq=exact)

    def __str__(self) -> str:
        """``complete 1``."""
        return f"complete {self.project}"


@attrs.frozen(slots=True, cache_hash=True)
class Cancel:
    """Cancel the player's project number ``project``: it and its resources are discarded."""

    project: int = attrs.field(validator=_INT, eq=exact)

    def __str__(self) -> str:
        """``cancel 1``."""
        return f"cancel {self.project}"


@attrs.frozen(slots=True, cache_hash=True)
class EndTurn:
    """Finish the turn (early, or with nothing left to do)."""

    def __str__(self) -> str:
        """``end``."""
        return "end"


@attrs.frozen(slots=True, cache_hash=True)
class ChoosePlayer:
    """Answer a frame: the player a step targets, ``offset`` seats after the chooser (1: the next)."""

    offset: int = attrs.field(validator=_INT, eq=exact)

    def __str__(self) -> str:
        """``player 2`` (two seats after you)."""
        return f"player {self.offset}"


@attrs.frozen(slots=True, cache_hash=True)
class ChooseSelf:
    """Answer a frame: the chooser targets themselves."""

    def __str__(self) -> str:
        """``self``."""
        return "self"


@attrs.frozen(slots=True, cache_hash=True)
class ChooseProject:
    """Answer a frame: project number ``project`` (from 1) of seat ``seat`` (to touch, to receive,
    to pay from)."""

    seat: int = attrs.field(validator=_INT, eq=exact)
    project: int = attrs.field(validator=_INT, eq=exact)

    def __str__(self) -> str:
        """``project 2 1`` (seat 2's first project)."""
        return f"project {self.seat} {self.project}"


@attrs.frozen(slots=True, cache_hash=True)
class ChooseResource:
    """Answer a frame: the type of the next resource taken from the chosen project."""

    resource: str = attrs.field(validator=_of(str, "a resource type"))

    def __str__(self) -> str:
        """``resource gold``."""
        return f"resource {self.resource}"


@attrs.frozen(slots=True, cache_hash=True)
class Discard:
    """Answer a frame: discard this hand card (a discard step, or the familiar-players redraw)."""

    card: str = attrs.field(validator=_CARD)

    def __str__(self) -> str:
        """``discard loose-screws``."""
        return f"discard {self.card}"


@attrs.frozen(slots=True, cache_hash=True)
class Done:
    """Answer a frame: stop (assign no more; keep the rest of the hand)."""

    def __str__(self) -> str:
        """``done``."""
        return "done"


Action = (Start | Assign | Play | Complete | Cancel | EndTurn | ChoosePlayer | ChooseSelf | ChooseProject
          | ChooseResource | Discard | Done)
ACTION_TYPES: tuple[type, ...] = (Start, Assign, Play, Complete, Cancel, EndTurn, ChoosePlayer, ChooseSelf,
                                  ChooseProject, ChooseResource, Discard, Done)
"""Every action class, in the canonical order of kinds (GI-CARD-1)."""


def build_actions(components: Components, players: int) -> tuple[Action, ...]:
    """Every action that can ever be legal with ``players`` seats and the card set, in the
    canonical order (GI-CARD-1): by kind as in :data:`ACTION_TYPES`, then by card id, seat and
    project."""
    cards = components.cards
    rows = range(1, components.max_projects + 1)
    out: list[Action] = []
    for c in cards:
        out.append(Start(c.id, False))
        if c.face_up:
            out.append(Start(c.id, True))
    out += [Assign(c.id, p) for c in cards for p in rows]
    out += [Play(c.id) for c in cards if c.kind == "action"]
    out += [Complete(p) for p in rows]
    out += [Cancel(p) for p in rows]
    out.append(EndTurn())
    out += [ChoosePlayer(k) for k in range(1, players)]
    out.append(ChooseSelf())
    out += [ChooseProject(s, p) for s in range(players) for p in rows]
    out += [ChooseResource(r) for r in RESOURCES]
    out += [Discard(c.id) for c in cards]
    out.append(Done())
    return tuple(out)
