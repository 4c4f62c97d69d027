"""What happened, for animation and logs: the events of an action, and what each seat sees.

The events come from the rule book's steps (:func:`.rules.apply_with_events`): each is made
where :mod:`.flow` acts, and ``flow.told`` puts an action's events in the published order.
Every event is public except
the cards of a weapon draw (GTG-VIEW-1): ``observe_event`` gives another seat, or a spectator,
a ``WeaponsDrawn`` with ``cards`` None (the count stays).
"""

from __future__ import annotations

from typing import Any

import attrs

from gremlinrules.core.checks import check_complete
from gremlinrules.core.checks import check_type
from gremlinrules.core.checks import guarded
from gremlinrules.gremlins_the_game.actions import Action
from gremlinrules.gremlins_the_game.state import Outcome

__all__ = [
    "EVENT_TYPES", "Acted", "Event", "EventDrawn", "GameEnded", "GremlinDefeated", "GremlinMoved",
    "GremlinPlaced", "GremlinRevealed", "Moved", "TokensReplenished", "TurnBegan", "WeaponsDrawn",
    "observe_event",
]


@attrs.frozen(slots=True)
class Acted:
    """A seat took an action (every decision of this game is made in the open)."""

    seat: int
    action: Action


@attrs.frozen(slots=True)
class Moved:
    """A player's token went to a space (a move, or back to Start)."""

    seat: int
    to: str


@attrs.frozen(slots=True)
class WeaponsDrawn:
    """A seat drew weapon cards: the drawer sees them, every other seat only how many."""

    seat: int
    count: int
    cards: tuple[str, ...] | None


@attrs.frozen(slots=True)
class EventDrawn:
    """An event card was drawn and is being resolved (GTG-EVENT-1)."""

    seat: int
    card: str


@attrs.frozen(slots=True)
class GremlinRevealed:
    """A gremlin token was turned face up: on the fighter's space, or into the theater."""

    space: str
    gremlin: str
    """Its design name (GTG-VIEW-2)."""


@attrs.frozen(slots=True)
class GremlinPlaced:
    """A gremlin token was put on a space (face down: ``gremlin`` None), or into the theater's
    crowd (``space`` None)."""

    space: str | None
    gremlin: str | None
    """Its design name (GTG-VIEW-2) when face up."""
    face_up: bool


@attrs.frozen(slots=True)
class GremlinMoved:
    """An event card moved a face-down gremlin token from one space to another (GTG-EVENT-2);
    which gremlin it is stays hidden."""

    origin: str
    to: str


@attrs.frozen(slots=True)
class GremlinDefeated:
    """A seat defeated a gremlin (GTG-FIGHT-3) and scored its points."""

    seat: int
    gremlin: str
    """Its design name (GTG-VIEW-2)."""
    points: int


@attrs.frozen(slots=True)
class TokensReplenished:
    """Empty token spaces were given new tokens (GTG-SQUARE-2, an event's replenish or its new
    gremlins): event and weapon tokens, and face-down gremlins from the pool."""

    events: int
    weapons: int
    gremlins: int


@attrs.frozen(slots=True)
class TurnBegan:
    """A seat's turn began."""

    seat: int
    turn_number: int


@attrs.frozen(slots=True)
class GameEnded:
    """The game is over: how, each seat's points, the winners, and whether the gremlins won."""

    outcome: Outcome
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    gremlins_won: bool


EVENT_TYPES = (Acted, Moved, WeaponsDrawn, EventDrawn, GremlinRevealed, GremlinPlaced, GremlinMoved,
               GremlinDefeated, TokensReplenished, TurnBegan, GameEnded)
Event = (Acted | Moved | WeaponsDrawn | EventDrawn | GremlinRevealed | GremlinPlaced | GremlinMoved
         | GremlinDefeated | TokensReplenished | TurnBegan | GameEnded)


@guarded
def observe_event(event: Any, seat: int | None) -> Any:
    """What ``seat`` (None: a spectator) sees of ``event``: the event itself, or for another seat's
    weapon draw, the count without the cards (GTG-VIEW-1)."""
    check_complete("observe_event", event)
    if type(event) not in EVENT_TYPES:
        check_type(event, WeaponsDrawn, "Gremlins: The Game event")
    if type(event) is WeaponsDrawn and event.seat != seat:
        return attrs.evolve(event, cards=None)
    return event
