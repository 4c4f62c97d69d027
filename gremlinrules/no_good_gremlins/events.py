"""What happened, for animation and logs: the events of an action, and what each seat sees of them.

``apply_with_events`` applies the action as ``fast.apply`` does and derives the events
from the action and the states before and after (the end of a turn is retraced step by step
through ``flow``), so ``apply``'s hot path is untouched. Every event is public except the
cards of a draw (NGG-VIEW-1): ``observe_event`` gives another seat, or a spectator, a
``Drawn`` with ``cards`` None (the count stays).
"""

from __future__ import annotations

from typing import Any, Literal

import attrs

from gremlinrules.core.checks import check_complete, check_type, guarded
from gremlinrules.no_good_gremlins import flow
from gremlinrules.no_good_gremlins.actions import Action, Bribe, DrawTwo, EndTurn, Feed
from gremlinrules.no_good_gremlins.components import GREMLIN_CARDS, MATERIALS, GremlinCard, Material
from gremlinrules.no_good_gremlins.fast import apply
from gremlinrules.no_good_gremlins.notation import WandererStatus, wanderer_of
from gremlinrules.no_good_gremlins.rules import material_of
from gremlinrules.no_good_gremlins.state import Phase, State
from gremlinrules.no_good_gremlins.view import scores, winners

__all__ = [
    "EVENT_TYPES", "Acted", "DeckRebuilt", "Drawn", "Event", "FinaleBegan", "GameEnded", "GremlinsRevealed",
    "Launched", "RocketEaten", "RoundEnded", "TurnBegan", "WandererMoved", "apply_with_events",
    "observe_event",
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


def _drawn(seat: int, before: tuple[int, ...], after: tuple[int, ...], spent: int | None) -> list[Any]:
    """The Drawn event of a hand that went from ``before`` to ``after`` while one card of type
    ``spent`` (if any) left it."""
    gained = [a - b + (t == spent) for t, (a, b) in enumerate(zip(after, before, strict=True))]
    cards = tuple(MATERIALS[t] for t, k in enumerate(gained) for _ in range(k))
    return [Drawn(seat, len(cards), cards)] if cards else []


def _deck_and_finale(x: State, y: State) -> list[Any]:
    out: list[Any] = []
    if y.rebuilt and not x.rebuilt:
        out.append(DeckRebuilt(len(y.deck)))
    if y.finale and not x.finale:
        out.append(FinaleBegan(y.final_turns))
    return out


def _moved(x: State, y: State) -> list[Any]:
    return [WandererMoved(*wanderer_of(y.wanderer))] if y.wanderer != x.wanderer else []


def _eaten(x: State, y: State, by: Literal["wandering_gremlin", "gremlin_attack"]) -> list[Any]:
    return [RocketEaten(p, MATERIALS[t], a - b, by)
            for p, (xp, yp) in enumerate(zip(x.pads, y.pads, strict=True))
            for t, (a, b) in enumerate(zip(xp, yp, strict=True)) if a > b]


def _launched(x: State, y: State) -> list[Any]:
    return [Launched(p, MATERIALS[t], x.pads[p][t], b - a)
            for p, (xm, ym) in enumerate(zip(x.medals, y.medals, strict=True))
            for t, (a, b) in enumerate(zip(xm, ym, strict=True)) if b > a]


def _turn_end(s: State, seat: int, choice: int, after: State) -> list[Any]:
    """Retrace ``flow.end_turn`` (or a Feed's resumption) from ``s``, the state whose turn
    owner ``seat`` has ended the turn (the feed frame popped; ``choice`` the fed type or -1)."""
    out: list[Any] = []
    if s.wanderer == seat:
        eaten = flow.eat(s, choice)
        out += _eaten(s, eaten, "wandering_gremlin") + _moved(s, eaten)
        s = eaten
    refilled = flow.refill(s, seat)
    out += _drawn(seat, s.hands[seat], refilled.hands[seat], None) + _deck_and_finale(s, refilled)
    s = refilled
    if not s.finale and seat == s.players - 1:
        cards: list[int] = []
        revealed = flow.reveal_round(s, cards)
        out.append(GremlinsRevealed(tuple(GREMLIN_CARDS[c] for c in sorted(cards))))
        out += _eaten(s, revealed, "gremlin_attack")
        out.append(RoundEnded(s.round))
        if revealed.round > s.options.round_limit and s.options.bounded:
            out.append(FinaleBegan(revealed.players))
        s = revealed
    if after.phase is Phase.OVER:
        out += _launched(s, after) + _moved(s, after)
        out.append(GameEnded(scores(after), winners(after)))
    else:
        out.append(TurnBegan(after.turn, after.final_turn))
    return out


@guarded
def apply_with_events(s: State, action: Any) -> tuple[State, tuple[Any, ...]]:
    """The state after ``action`` (exactly ``fast.apply``'s) and the events it caused, in
    order: the action itself first (``Acted``)."""
    check_type(s, State, "No Good Gremlins State")  # a tracked state's events come from the game object
    after = apply(s, action)  # refuses an illegal action, with its clause
    seat = s.stack[-1].seat if s.stack else s.turn  # the deciding seat (apply refused a finished game)
    events: list[Any] = [Acted(seat, action)]
    kind = type(action)
    t = material_of(action)
    if kind is Feed:
        events += _turn_end(flow.replace(s, stack=s.stack[:-1]), seat, t if t is not None else -1, after)
    elif kind is EndTurn:
        if not after.stack:  # else the holder's Feed decision was pushed: nothing happened yet
            events += _turn_end(s, seat, -1, after)
    else:
        spent = t if kind is Bribe else None
        if kind is DrawTwo or kind is Bribe:
            events += _drawn(seat, s.hands[seat], after.hands[seat], spent)
        events += _launched(s, after) + _moved(s, after) + _deck_and_finale(s, after)
    return after, tuple(events)


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
