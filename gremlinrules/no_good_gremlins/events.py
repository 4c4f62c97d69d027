"""What happened, for animation and logs: the event classes, and what each seat sees of them.

The rules make the events where they act: every effect and flow step returns a
:class:`~gremlinrules.core.step.Step`, and :func:`.rules.apply_with_events` (the rule book's)
is the one source of them. Every event is public except the cards of a draw (NGG-VIEW-1):
``observe_event`` gives another seat, or a spectator, a ``Drawn`` with ``cards`` None (the
count stays).
"""

from __future__ import annotations

from typing import Any
from typing import Literal

import attrs

from gremlinrules.core.checks import check_complete
from gremlinrules.core.checks import check_type
from gremlinrules.core.checks import guarded
from gremlinrules.no_good_gremlins.actions import Action
from gremlinrules.no_good_gremlins.components import GremlinCard
from gremlinrules.no_good_gremlins.components import Material
from gremlinrules.no_good_gremlins.notation import WandererStatus

__all__ = [
    "EVENT_TYPES", "Acted", "DeckRebuilt", "Drawn", "Event", "FinaleBegan", "GameEnded", "GremlinsRevealed",
    "Launched", "RocketEaten", "RoundEnded", "TurnBegan", "WandererMoved", "observe_event",
]


@attrs.frozen(slots=True)
class Acted:
    """A seat took an action (public: every decision of this game is made in the open)."""

    seat: int
    action: Action


@attrs.frozen(slots=True)
class Drawn:
    """A seat drew cards from the materials deck: the drawer sees them (rust to chrome), every
    other seat only how many (``cards`` None)."""

    seat: int
    count: int
    cards: tuple[Material, ...] | None


@attrs.frozen(slots=True)
class Launched:
    """A rocket left a launch pad (a launch, a chrome-bribe launch, or the finale's): ``medals`` of
    its ``size`` cards became medals, the rest left the game (NGG-LAUNCH-2)."""

    seat: int
    material: Material
    size: int
    medals: int


@attrs.frozen(slots=True)
class RocketEaten:
    """Cards of a rocket were eaten: one by the Wandering Gremlin (NGG-WANDER-3), or the whole
    rocket by a gremlin attack (NGG-ROUND-3)."""

    seat: int
    material: Material
    cards: int
    by: Literal["wandering_gremlin", "gremlin_attack"]


@attrs.frozen(slots=True)
class WandererMoved:
    """The Wandering Gremlin changed hands, or left the game at the finale."""

    seat: int | None
    status: WandererStatus


@attrs.frozen(slots=True)
class GremlinsRevealed:
    """The dealer's end of a round revealed these gremlin-deck cards (NGG-ROUND-1), listed in card
    order: the threat area and the launch pads in the next view show what they did."""

    cards: tuple[GremlinCard, ...]


@attrs.frozen(slots=True)
class DeckRebuilt:
    """The 4-5 player rebuild of an exhausted materials deck (NGG-DECK-2): its new size."""

    size: int


@attrs.frozen(slots=True)
class FinaleBegan:
    """The finale was triggered (NGG-FINALE-1, NGG-END-3): this many final turns follow."""

    final_turns: int


@attrs.frozen(slots=True)
class RoundEnded:
    """Round ``round`` ended (the dealer's turn and the gremlin reveal are done)."""

    round: int


@attrs.frozen(slots=True)
class TurnBegan:
    """A seat's turn began (``final``: a final turn of the finale)."""

    seat: int
    final: bool


@attrs.frozen(slots=True)
class GameEnded:
    """The game is over: each seat's score, and the winners (NGG-END-1)."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]


EVENT_TYPES = (Acted, Drawn, Launched, RocketEaten, WandererMoved, GremlinsRevealed, DeckRebuilt,
               FinaleBegan, RoundEnded, TurnBegan, GameEnded)
Event = (Acted | Drawn | Launched | RocketEaten | WandererMoved | GremlinsRevealed | DeckRebuilt | FinaleBegan
         | RoundEnded | TurnBegan | GameEnded)


@guarded
def observe_event(event: Any, seat: int | None) -> Any:
    """What ``seat`` (None: a spectator) sees of ``event``: the event itself, or for another seat's
    draw, the count without the cards (NGG-VIEW-1)."""
    check_complete("observe_event", event)
    if type(event) not in EVENT_TYPES:
        check_type(event, Drawn, "No Good Gremlins event")
    if type(event) is Drawn and event.seat != seat:
        return attrs.evolve(event, cards=None)
    return event
