"""What happened, for animation and logs: the events of an action, and what each seat sees of them.

The rules make the events where they act: every effect and flow step returns a
:class:`~gremlinrules.core.step.Step`, and :func:`.rules.apply_with_events` (the rule
book's) is the one source of events; ``apply``'s fast path builds none. In the order
they happen:

* the action itself: :class:`CardLaid`, :class:`MapPlayed`, :class:`CardExploded`,
  :class:`RolesSwapped`, :class:`CardSwapped`, :class:`Passed`, :class:`SkipNamed` or
  :class:`StealChosen` (an :class:`~.actions.OpenTarget` shows as the target it opens, a
  :class:`~.actions.DeclineTarget` as :class:`TargetDeclined`);
* :class:`CardDrawn`: the player draws the deck's top card after a play or a swap (GVG-TURN-4);
* :class:`TargetOpened`: a target turns face up (GVG-TARGET-1), the Dynamite with the Bombs it
  removes (GVG-TARGET-2);
* :class:`TurnSkipped`: a seat skips a turn for an Ale Mug (GVG-CARD-4);
* :class:`RoundEnded`: the round is over and every role card is shown (GVG-SCORE-9);
* :class:`RoundScored`: each seat's points change (GVG-SCORE-1 to GVG-SCORE-5, GVG-ADV-1);
* :class:`Dealt`: a new round's role card and hand, one event per seat (:func:`dealt` gives the
  first round's);
* :class:`GameEnded`: the match is over: the scores and the winners (GVG-END-4).

Redaction (``observe_event``, as ``observe`` redacts a state, GVG-VIEW-1 to GVG-VIEW-4): a dealt
hand and role go to their seat only; the card drawn to the drawer (and to the seat that put it
under the deck); the card swapped under the deck to the swapper; a Map's target identity to
the peeker; the roles after a Potion to the two seats that swapped. Everything else is public.
"""

from __future__ import annotations

from typing import Any

import attrs

from gremlinrules.core.checks import check_complete
from gremlinrules.core.checks import check_type
from gremlinrules.core.checks import guarded
from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.core.errors import shown
from gremlinrules.goblins_vs_gnomes.actions import Slot
from gremlinrules.goblins_vs_gnomes.notation import FieldCard
from gremlinrules.goblins_vs_gnomes.state import State

__all__ = [
    "EVENT_TYPES", "CardDrawn", "CardExploded", "CardLaid", "CardSwapped", "Dealt", "Event", "GameEnded",
    "MapPlayed", "Passed", "RolesSwapped", "RoundEnded", "RoundScored", "SkipNamed", "StealChosen",
    "TargetDeclined", "TargetOpened", "TurnSkipped", "dealt", "observe_event",
]


@attrs.frozen(slots=True)
class Dealt:
    """A round's deal to one seat (GVG-ROUND-1): its role card and hand for that seat only."""

    seat: int
    round: int
    role: str | None
    """The seat's role card; None for every other viewer."""
    hand: tuple[str, ...] | None
    """The seat's hand, sorted; None for every other viewer."""
    hand_size: int


@attrs.frozen(slots=True)
class CardLaid:
    """A tunnel card was laid on the field (GVG-PLACE-1)."""

    seat: int
    card: str
    cell: str
    """``"x,y"``."""
    rotated: bool


@attrs.frozen(slots=True)
class MapPlayed:
    """A Map was played (GVG-CARD-1): everyone sees which target; only the player what it is."""

    seat: int
    target: Slot
    card: str | None
    """The target's identity, for the player only (None for the others)."""


@attrs.frozen(slots=True)
class CardExploded:
    """An Explosion removed the card on a cell from the round (GVG-CARD-2)."""

    seat: int
    card: str
    cell: str


@attrs.frozen(slots=True)
class RolesSwapped:
    """A Potion: ``seat`` swapped role cards with ``chosen`` (GVG-CARD-3). The two see the roles
    they now hold; every other viewer sees None."""

    seat: int
    chosen: int
    role: str | None
    """``seat``'s role card after the swap."""
    chosen_role: str | None
    """``chosen``'s role card after the swap."""


@attrs.frozen(slots=True)
class CardSwapped:
    """A card went from ``seat``'s hand under the deck (GVG-TURN-2): which one, for that seat only."""

    seat: int
    card: str | None


@attrs.frozen(slots=True)
class CardDrawn:
    """``seat`` drew the deck's top card: seen by the drawer, and by the seat that put it under the
    deck (``placed_by``, public) (GVG-VIEW-4)."""

    seat: int
    card: str | None
    placed_by: int | None


@attrs.frozen(slots=True)
class Passed:
    """``seat`` passed and showed its hand (GVG-TURN-3)."""

    seat: int
    hand: tuple[str, ...]


@attrs.frozen(slots=True)
class SkipNamed:
    """After an Ale Mug, ``seat`` named ``skipper`` to skip their next turn (GVG-CARD-4)."""

    seat: int
    skipper: int


@attrs.frozen(slots=True)
class TurnSkipped:
    """``seat``'s turn was skipped (an Ale Mug)."""

    seat: int


@attrs.frozen(slots=True)
class TargetOpened:
    """The route reached a target, which turned face up; the Dynamite removes every Bomb."""

    seat: int
    """The seat whose card reached it."""
    target: Slot
    card: str
    bombs: tuple[FieldCard, ...]
    """The Bombs that left the field (Dynamite only, GVG-TARGET-2)."""


@attrs.frozen(slots=True)
class TargetDeclined:
    """After the Dynamite the placer left the targets the route still reaches face down
    (option ``second_target="may_open"``, GVG-TARGET-3). Public."""

    seat: int
    targets: tuple[Slot, ...]
    """The reached targets left face down, in slot order."""


@attrs.frozen(slots=True)
class StealChosen:
    """The Greedy One chose whom to steal a point from (GVG-ADV-3)."""

    seat: int
    victim: int


@attrs.frozen(slots=True)
class RoundEnded:
    """The round is over: how it ended and every seat's role card, shown (GVG-SCORE-9)."""

    round: int
    result: str
    """gold, dragon, dynamite or none."""
    roles: tuple[str, ...]


@attrs.frozen(slots=True)
class RoundScored:
    """The round was scored: each seat's change of points and its points now."""

    round: int
    changes: tuple[int, ...]
    scores: tuple[int, ...]


@attrs.frozen(slots=True)
class GameEnded:
    """The match is over (GVG-END-4, GVG-BOUND-1)."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]


Event = (Dealt | CardLaid | MapPlayed | CardExploded | RolesSwapped | CardSwapped | CardDrawn | Passed
         | SkipNamed | TurnSkipped | TargetOpened | StealChosen | RoundEnded | RoundScored | GameEnded
         | TargetDeclined)
EVENT_TYPES: tuple[type, ...] = (
    Dealt, CardLaid, MapPlayed, CardExploded, RolesSwapped, CardSwapped, CardDrawn, Passed, SkipNamed,
    TurnSkipped, TargetOpened, StealChosen, RoundEnded, RoundScored, GameEnded, TargetDeclined,
)


def dealt(state: State) -> tuple[Dealt, ...]:
    """The current round's deal as events, one per seat (unredacted: pass each through
    :func:`observe_event`)."""
    check_type(state, State, "Goblins vs Gnomes State")
    return tuple(Dealt(s, state.round, state.roles[s], state.hands[s], len(state.hands[s]))
                 for s in range(state.players))


@guarded
def observe_event(event: Any, seat: int | None) -> Any:
    """What ``seat`` (None: a spectator) sees of ``event``: the event itself, or with what that
    seat may not know replaced by None (see the module doc)."""
    check_complete("observe_event", event)
    kind = type(event)
    if kind not in EVENT_TYPES:
        raise InvalidArgumentError(f"{shown(event)} is not a Goblins vs Gnomes event")
    if seat is not None and (type(seat) is not int or seat < 0):
        raise InvalidArgumentError(f"seat must be a seat number or None, not {shown(seat)}")
    if kind is Dealt and event.seat != seat:
        return attrs.evolve(event, role=None, hand=None)
    if kind is MapPlayed and event.seat != seat:
        return attrs.evolve(event, card=None)
    if kind is CardSwapped and event.seat != seat:
        return attrs.evolve(event, card=None)
    if kind is CardDrawn and (seat is None or seat not in (event.seat, event.placed_by)):
        return attrs.evolve(event, card=None)
    if kind is RolesSwapped and seat not in (event.seat, event.chosen):
        return attrs.evolve(event, role=None, chosen_role=None)
    return event
