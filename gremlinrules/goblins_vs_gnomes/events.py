"""What happened, for animation and logs: the events of an action, and what each seat sees of them.

``apply_with_events`` applies the action as ``fast.apply`` does and derives the
events from the action and the states before and after, so ``apply``'s hot path
is untouched. In the order they happen:

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

from gremlinrules.core.checks import check_complete, check_type, guarded
from gremlinrules.core.errors import InvalidArgumentError, shown
from gremlinrules.core.zones import next_seat, seats_from
from gremlinrules.goblins_vs_gnomes import rules
from gremlinrules.goblins_vs_gnomes.actions import (
    SLOT_INDEX,
    SLOTS,
    DeclineTarget,
    NameSkip,
    OpenTarget,
    Pass,
    Place,
    PlayExplosion,
    PlayMap,
    PlayPotion,
    Slot,
    Steal,
    Swap,
)
from gremlinrules.goblins_vs_gnomes.fast import apply
from gremlinrules.goblins_vs_gnomes.geometry import options_kit
from gremlinrules.goblins_vs_gnomes.notation import FieldCard, cell_of, field_card
from gremlinrules.goblins_vs_gnomes.state import STEAL, Phase, State, Tile, evolve

__all__ = [
    "EVENT_TYPES", "CardDrawn", "CardExploded", "CardLaid", "CardSwapped", "Dealt", "Event", "GameEnded",
    "MapPlayed", "Passed", "RolesSwapped", "RoundEnded", "RoundScored", "SkipNamed", "StealChosen",
    "TargetDeclined", "TargetOpened", "TurnSkipped", "apply_with_events", "dealt", "observe_event",
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


def _stealing(s: State) -> bool:
    return bool(s.stack) and s.stack[-1].kind == STEAL


def _bombs(s: State) -> tuple[FieldCard, ...]:
    kind = options_kit(s.options).kind
    return tuple(field_card(t) for t in s.field if kind[t.card] == "bomb")


def _opening(s: State, slot: int) -> tuple[TargetOpened, State]:
    """The event of opening ``slot`` in ``s`` and the state after (Bombs gone for the Dynamite)."""
    card = s.targets[slot]
    opened = s.opened[:slot] + (True,) + s.opened[slot + 1:]
    if card != "dynamite":
        return TargetOpened(s.turn, SLOTS[slot], card, ()), evolve(s, opened=opened)
    kind = options_kit(s.options).kind
    event = TargetOpened(s.turn, SLOTS[slot], card, _bombs(s))
    return event, evolve(s, opened=opened, field=tuple(t for t in s.field if kind[t.card] != "bomb"))


def _retraced(s: State, action: Any) -> list[Any]:
    """The targets an action opened when the round it ended is already redealt: retraced from
    ``s`` (GVG-TARGET-1 to GVG-TARGET-3) with the reference route."""
    if type(action) is Place:
        s = evolve(s, field=(*s.field, Tile(action.x, action.y, action.card, action.rotated)))
        slots = rules.reached(s)
    elif type(action) is OpenTarget:
        slots = (SLOT_INDEX[action.target],)
    else:
        return []
    out: list[Any] = []
    while len(slots) == 1:
        event, s = _opening(s, slots[0])
        out.append(event)
        if event.card != "dynamite":
            break
        slots = rules.reached(s)
    return out


def _opened(s: State, after: State, action: Any) -> list[Any]:
    if after.round != s.round:
        return _retraced(s, action)
    new = [i for i in range(3) if after.opened[i] and not s.opened[i]]
    new.sort(key=lambda i: s.targets[i] != "dynamite")  # the Dynamite opens first (GVG-TARGET-3)
    bombs: tuple[FieldCard, ...] = ()
    if type(action) is Place:
        bombs = _bombs(evolve(s, field=(*s.field, Tile(action.x, action.y, action.card, action.rotated))))
    elif type(action) is OpenTarget:
        bombs = _bombs(s)
    return [TargetOpened(s.turn, SLOTS[i], s.targets[i], bombs if s.targets[i] == "dynamite" else ())
            for i in new]


def _action_event(s: State, seat: int, action: Any, after: State) -> list[Any]:
    kind = type(action)
    if kind is Place:
        return [CardLaid(seat, action.card, cell_of(action.x, action.y), action.rotated)]
    if kind is PlayMap:
        return [MapPlayed(seat, action.target, s.targets[SLOT_INDEX[action.target]])]
    if kind is PlayExplosion:
        return [CardExploded(seat, action.card, cell_of(action.x, action.y))]
    if kind is PlayPotion:
        other = next_seat(seat, s.players, action.offset)
        return [RolesSwapped(seat, other, s.roles[other], s.roles[seat])]
    if kind is Swap:
        return [CardSwapped(seat, action.card)]
    if kind is Pass:
        return [Passed(seat, s.hands[seat])]
    if kind is NameSkip:
        return [SkipNamed(seat, next_seat(seat, s.players, action.offset))]
    if kind is Steal:
        return [StealChosen(seat, next_seat(seat, s.players, action.offset))]
    if kind is DeclineTarget:
        return [TargetDeclined(seat, tuple(SLOTS[i] for i in s.stack[-1].among if type(i) is int))]
    return []


@guarded
def apply_with_events(s: State, action: Any) -> tuple[State, tuple[Any, ...]]:
    """The state after ``action`` (exactly ``fast.apply``'s) and the events it caused, in order."""
    check_type(s, State, "Goblins vs Gnomes State")  # a tracked state's events come from the game object
    after = apply(s, action)  # refuses an illegal action, with its clause
    seat = s.stack[-1].seat if s.stack else s.turn
    kind = type(action)
    events = _action_event(s, seat, action, after)
    if kind in (Place, PlayMap, PlayExplosion, PlayPotion, Swap) and s.deck:
        owner = s.deck_owner[0]
        events.append(CardDrawn(seat, s.deck[0], None if owner < 0 else owner))
    if kind is Place or kind is OpenTarget:
        events += _opened(s, after, action)
    redealt = after.round != s.round
    if not redealt and after.phase is not Phase.OVER:
        named = list(s.skips)
        if kind is NameSkip:
            named[next_seat(seat, s.players, action.offset)] += 1
        for p in seats_from(next_seat(s.turn, s.players), s.players):
            events += [TurnSkipped(p)] * max(0, named[p] - after.skips[p])
    ended_now = (redealt or after.phase is Phase.OVER or _stealing(after)) and not _stealing(s)
    if ended_now:
        roles = after.roles if _stealing(after) else after.last_roles
        result = "dragon" if _stealing(after) else after.last_result
        events.append(RoundEnded(s.round, result, roles))
    if redealt or after.phase is Phase.OVER:
        changes = tuple(b - a for a, b in zip(s.points, after.points, strict=True))
        events.append(RoundScored(s.round, changes, after.points))
    if after.phase is Phase.OVER:
        events.append(GameEnded(after.points, after.winners))
    elif redealt:
        events += dealt(after)
    return after, tuple(events)


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
