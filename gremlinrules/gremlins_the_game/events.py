"""What happened, for animation and logs: the events of an action, and what each seat sees.

``apply_with_events`` applies the action as ``fast.apply`` does and derives the events from
the states before and after, so ``apply``'s hot path is untouched. Every event is public except
the cards of a weapon draw (GTG-VIEW-1): ``observe_event`` gives another seat, or a spectator,
a ``WeaponsDrawn`` with ``cards`` None (the count stays).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import attrs

from gremlinrules.core.checks import check_complete, check_type, guarded
from gremlinrules.gremlins_the_game.actions import Action, Defeat, Discard
from gremlinrules.gremlins_the_game.components import tables
from gremlinrules.gremlins_the_game.fast import apply
from gremlinrules.gremlins_the_game.state import Outcome, Phase, State
from gremlinrules.gremlins_the_game.view import everyone_lost, scores, winners

__all__ = [
    "EVENT_TYPES", "Acted", "Event", "EventDrawn", "GameEnded", "GremlinDefeated", "GremlinMoved",
    "GremlinPlaced", "GremlinRevealed", "Moved", "TokensReplenished", "TurnBegan", "WeaponsDrawn",
    "apply_with_events", "observe_event",
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
def apply_with_events(s: State, action: Any) -> tuple[State, tuple[Any, ...]]:
    """The state after ``action`` (exactly ``fast.apply``'s) and the events it caused, in order:
    the action itself first."""
    check_type(s, State, "Gremlins: The Game State")  # a tracked state's events come from the game object
    after = apply(s, action)
    seat = s.stack[-1].seat if s.stack else s.turn
    out: list[Any] = [Acted(seat, action)]
    for p in range(s.players):
        if after.positions[p] != s.positions[p]:
            out.append(Moved(p, after.positions[p]))
    if after.event_discard and after.event_discard != s.event_discard:
        out.append(EventDrawn(seat, after.event_discard[-1]))
    spent: tuple[str, ...] = ()
    if type(action) is Defeat:
        spent = action.weapons
    elif type(action) is Discard:
        spent = (action.weapon,)
    gained = Counter(after.hands[seat]) - (Counter(s.hands[seat]) - Counter(spent))
    if gained:
        cards = tuple(sorted(gained.elements(), key=after.hands[seat].index))
        out.append(WeaponsDrawn(seat, len(cards), cards))
    design = tables(s.components).design  # GTG-VIEW-2: a gremlin is named by its design
    before = {g.space: g for g in s.board}
    was_on = {g.gremlin: g.space for g in s.board if not g.face_up}
    placed_down = 0
    for placed in after.board:
        old = before.get(placed.space)
        if old is not None and old.gremlin == placed.gremlin:
            if placed.face_up and not old.face_up:
                out.append(GremlinRevealed(placed.space, design[placed.gremlin]))
            continue
        origin = was_on.get(placed.gremlin)
        if origin is not None and not placed.face_up:  # GTG-EVENT-2 move_gremlins
            out.append(GremlinMoved(origin, placed.space))
            continue
        out.append(GremlinPlaced(placed.space, design[placed.gremlin] if placed.face_up else None,
                                 placed.face_up))
        placed_down += not placed.face_up
    for g in after.crowd[len(s.crowd):]:
        out.append(GremlinPlaced(None, design[g], True))
    for p in range(s.players):
        for g in after.defeated[p][len(s.defeated[p]):]:
            out.append(GremlinDefeated(p, design[g], scores(after)[p] - scores(s)[p]))
    new_events = len(set(after.event_tokens) - set(s.event_tokens))
    new_weapons = len(set(after.weapon_tokens) - set(s.weapon_tokens))
    if new_events or new_weapons or placed_down:
        out.append(TokensReplenished(new_events, new_weapons, placed_down))
    if after.phase is Phase.OVER:
        out.append(GameEnded(after.outcome, scores(after), winners(after), everyone_lost(after)))
    elif after.turn_number != s.turn_number:
        out.append(TurnBegan(after.turn, after.turn_number))
    return after, tuple(out)


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
