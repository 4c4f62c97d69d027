"""What happened, for animation and logs: the events of an action, and what each seat sees of them.

Every transition of the rules returns a :class:`~gremlinrules.core.step.Step`
with the events it caused, and :func:`.rules.apply_with_events` (the rule
book's) is the game's one source of events, so ``apply`` and the events cannot
disagree. Every event is public except the cards of a draw and the card of a
face-down start or of an assignment (GI-VIEW-1, GI-VIEW-4): ``observe_event``
gives another seat, or a spectator, those events without the card.
"""

from __future__ import annotations

from typing import Any

import attrs

from gremlinrules.core.checks import check_complete
from gremlinrules.core.checks import check_type
from gremlinrules.core.checks import guarded
from gremlinrules.gremlins_inc.actions import Action
from gremlinrules.gremlins_inc.actions import Assign
from gremlinrules.gremlins_inc.actions import Start

__all__ = [
    "EVENT_TYPES", "Acted", "Completed", "Drawn", "Event", "GameEnded", "Reshuffled", "RoundEnded",
    "TurnBegan", "acted", "observe_event",
]


@attrs.frozen(slots=True)
class Acted:
    """A seat took an action. ``action`` is None for a seat that may not see its card (a
    face-down start, an assignment under hidden resources); ``kind`` names the action class."""

    seat: int
    kind: str
    action: Action | None
    hidden: bool = False
    """The action names a card only ``seat`` may see."""


@attrs.frozen(slots=True)
class Drawn:
    """A seat drew cards: the drawer sees them, every other seat only how many (``cards`` None)."""

    seat: int
    count: int
    cards: tuple[str, ...] | None


@attrs.frozen(slots=True)
class Reshuffled:
    """The deck ran out: the discard pile was shuffled into a new deck (GI-DRAW-2)."""

    reshuffles: int
    """Reshuffles so far."""
    deck_size: int


@attrs.frozen(slots=True)
class Completed:
    """A seat completed a project: the card, revealed, and the score it earned (bonus included)."""

    seat: int
    card: str
    score: int
    uid: int = -1
    """The completed project's uid (as views show it); it stays on the table, face up, while its
    instructions are followed (GI-DONE-4)."""


@attrs.frozen(slots=True)
class TurnBegan:
    """A seat's turn began."""

    seat: int
    round: int


@attrs.frozen(slots=True)
class RoundEnded:
    """Round ``round`` ended (the seat before the first player finished its turn)."""

    round: int


@attrs.frozen(slots=True)
class GameEnded:
    """The game is over: each seat's score, and the winners (GI-END-5)."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]


EVENT_TYPES = (Acted, Drawn, Reshuffled, Completed, TurnBegan, RoundEnded, GameEnded)
Event = Acted | Drawn | Reshuffled | Completed | TurnBegan | RoundEnded | GameEnded

def _hidden(state: Any, action: Any) -> bool:
    if type(action) is Start:
        return action.face_up is not True
    if type(action) is Assign:
        return not state.options.reveal_resources
    return False


def acted(state: Any, action: Any) -> tuple[Acted]:
    """The event recording a legal ``action`` itself, put first among its events: the seat that
    decides (the pending frame's, else the turn owner)."""
    seat = state.stack[-1].seat if state.stack else state.turn
    return (Acted(seat, type(action).__name__, action, _hidden(state, action)),)


@guarded
def observe_event(event: Any, seat: int | None) -> Any:
    """What ``seat`` (None: a spectator) sees of ``event``: the event itself, or for another seat
    a draw without its cards and a hidden action without its card."""
    check_complete("observe_event", event)
    if type(event) not in EVENT_TYPES:
        check_type(event, Drawn, "Gremlins, Inc. event")
    if type(event) is Drawn and event.seat != seat:
        return attrs.evolve(event, cards=None)
    if type(event) is Acted and event.hidden and event.seat != seat:
        return attrs.evolve(event, action=None)
    return event


