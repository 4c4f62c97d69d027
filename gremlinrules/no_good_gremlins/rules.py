"""Legality (one check function) and the effect of each decision."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gremlinrules.core.checks import check_type
from gremlinrules.core.errors import IllegalActionError
from gremlinrules.no_good_gremlins.actions import (
    ALL_ACTIONS,
    BRIBES,
    BUILDS,
    CHROME_LAUNCHES,
    DISCARDS,
    DRAW_TWO,
    END_TURN,
    LAUNCHES,
    MATERIAL_INDEX,
    SCRAPS,
    TAKE_SCRAP,
    Bribe,
    Build,
    ChromeLaunch,
    Discard,
    DrawTwo,
    EndTurn,
    Launch,
    Scrap,
    TakeScrap,
)
from gremlinrules.no_good_gremlins.components import MATERIALS
from gremlinrules.no_good_gremlins.flow import (
    draw,
    end_turn,
    launch_medals,
    replace,
    with_item,
    with_row,
)
from gremlinrules.no_good_gremlins.state import Phase, State

__all__ = ["apply", "check", "is_legal", "legal_actions"]

_OPENING, _DISCARD, _MAIN, _FINAL_OPENING, _OVER = (
    Phase.OPENING, Phase.DISCARD, Phase.MAIN, Phase.FINAL_OPENING, Phase.OVER)
_SIX = range(6)
_NAMES = tuple(m.value for m in MATERIALS)
Reason = tuple[str, str]


def _free_ok(s: State) -> Reason | None:
    """NGG-FREE-1 / NGG-FINALE-5: may the turn owner take a free action now."""
    phase = s.phase
    if phase is not _MAIN and not (
        s.options.free_actions_before_opening and phase in (_OPENING, _FINAL_OPENING)
    ):
        if phase is _DISCARD:
            return "First put one of your cards on the scrapheap", "NGG-FREE-1"
        return "Free actions come after you draw or take from the scrapheap", "NGG-FREE-1"
    if s.final_turn and not s.options.finale_free_actions:
        return "No free actions in a final turn", "NGG-FINALE-5"
    return None


def _malformed(action: Any) -> Reason:
    """The reason for something that is not one of the game's 39 actions."""
    if type(action) in _HANDLERS and hasattr(action, "material"):
        return f"{action.material!r} is not a material type", "NGG-DATA-1"
    return f"{action!r} is not a No Good Gremlins action", "NGG-TURN-1"


def check(s: State, action: Any) -> Reason | None:
    """Why ``action`` is illegal in ``s`` (a sentence and a clause id), or None if legal."""
    if s.phase is _OVER:
        return "The game is over", "NGG-FINALE-6"
    try:
        info = _INFO.get(action)
    except TypeError:  # unhashable fields: certainly not an action of this game
        info = None
    if info is None:
        return _malformed(action)
    return _check(s, info[0], info[1])


def _check(s: State, kind: type, t: int) -> Reason | None:
    phase = s.phase
    if kind is EndTurn:
        return None if phase is _MAIN else ("Finish the start of your turn first", "NGG-TURN-1")
    if kind is DrawTwo:
        if phase is _FINAL_OPENING:
            return "No drawing in a final turn: take from the scrapheap", "NGG-FINALE-3"
        if phase is not _OPENING:
            return "You draw only at the start of your turn", "NGG-TURN-1"
        return None if s.deck else ("The materials deck is empty", "NGG-HAND-3")
    if kind is TakeScrap:
        if phase is not _OPENING and phase is not _FINAL_OPENING:
            return "You take from the scrapheap only at the start of your turn", "NGG-TURN-1"
        return None if s.scrapheap else ("The scrapheap is empty", "NGG-TURN-3")
    name = _NAMES[t]
    seat = s.turn
    if kind is Discard:
        if phase is not _DISCARD:
            return "You put a card on the scrapheap only after drawing two", "NGG-TURN-2"
        return None if s.hands[seat][t] else (f"You have no {name} card", "NGG-TURN-2")
    pad = s.pads[seat]
    if kind is Scrap or kind is Bribe:
        why = _free_ok(s)
        if why is not None:
            return why
        if kind is Scrap:
            return None if pad[t] else (f"You have no {name} rocket to scrap", "NGG-FREE-2")
        if s.wanderer != seat:
            return "The Wandering Gremlin is not in front of you", "NGG-FREE-3"
        return None if s.hands[seat][t] else (f"You have no {name} card", "NGG-FREE-3")
    if phase is not _MAIN:
        return "Finish the start of your turn first", "NGG-TURN-1"
    if kind is Build:
        if not (s.open_build or s.builds or s.mains):
            return "You have no build action left this turn", "NGG-TURN-6"
        if not s.hands[seat][t]:
            return f"You have no {name} card", "NGG-BUILD-1"
        if not pad[t] and pad.count(0) <= 3:
            return "Your launch pad already holds three rockets", "NGG-BUILD-2"
        return None
    if kind is Launch:
        if not s.mains:
            return "You have no main action left this turn", "NGG-TURN-6"
        cost = s.components.launch_costs[t]
        if pad[t] < cost:
            return (f"{name.capitalize()} rocket needs {cost} cards to launch; it has {pad[t]}",
                    "NGG-LAUNCH-1")
        return None
    # ChromeLaunch
    if not s.chrome:
        return "Only a chrome bribe lets you launch an incomplete rocket", "NGG-BRIBE-6"
    return None if pad[t] else (f"You have no {name} rocket", "NGG-BRIBE-6")


def is_legal(s: State, action: Any) -> bool:
    """True iff ``action`` may be applied to ``s``."""
    check_type(s, State, "No Good Gremlins State")
    return check(s, action) is None


def legal_actions(s: State) -> tuple[Any, ...]:
    """Every legal action, in the canonical order of ALL_ACTIONS (empty iff the game is over)."""
    if type(s) is not State:
        check_type(s, State, "No Good Gremlins State")
    phase = s.phase
    seat = s.turn
    if phase is _MAIN:
        hand = s.hands[seat]
        pad = s.pads[seat]
        out: list[Any]
        if s.open_build or s.builds or s.mains:
            if pad.count(0) > 3:  # room for a new rocket (NGG-BUILD-2)
                out = [BUILDS[t] for t in _SIX if hand[t]]
            else:
                out = [BUILDS[t] for t in _SIX if hand[t] and pad[t]]
        else:
            out = []
        if s.mains:
            costs = s.components.launch_costs
            out += [LAUNCHES[t] for t in _SIX if pad[t] and pad[t] >= costs[t]]
        if s.chrome:
            out += [CHROME_LAUNCHES[t] for t in _SIX if pad[t]]
        if not s.final_turn or s.options.finale_free_actions:
            out += [SCRAPS[t] for t in _SIX if pad[t]]
            if s.wanderer == seat:
                out += [BRIBES[t] for t in _SIX if hand[t]]
        out.append(END_TURN)
        return tuple(out)
    if phase is _OPENING or phase is _FINAL_OPENING:
        out = []
        if phase is _OPENING and s.deck:
            out.append(DRAW_TWO)
        if s.scrapheap:
            out.append(TAKE_SCRAP)
        if _free_ok(s) is None:
            pad = s.pads[seat]
            out += [SCRAPS[t] for t in _SIX if pad[t]]
            if s.wanderer == seat:
                hand = s.hands[seat]
                out += [BRIBES[t] for t in _SIX if hand[t]]
        return tuple(out)
    if phase is _DISCARD:
        hand = s.hands[seat]
        return tuple(DISCARDS[t] for t in _SIX if hand[t])
    return ()


def _draw_two(s: State, _: int) -> State:
    return draw(s, s.turn, 2, phase=_DISCARD)  # NGG-TURN-2


def _take_scrap(s: State, _: int) -> State:
    heap = s.scrapheap
    top = heap[-1]
    if s.options.scrap_take == "all":  # NGG-TURN-4
        rest = tuple(c for c in heap if c != top)
    else:
        i = len(heap) - 1
        while i > 0 and heap[i - 1] == top:
            i -= 1
        rest = heap[:i]
    seat = s.turn
    hand = s.hands[seat]
    hand = with_item(hand, top, hand[top] + len(heap) - len(rest))
    return replace(s, scrapheap=rest, hands=with_row(s.hands, seat, hand), phase=_MAIN)


def _discard(s: State, t: int) -> State:
    seat = s.turn
    hand = s.hands[seat]
    return replace(s, hands=with_row(s.hands, seat, with_item(hand, t, hand[t] - 1)),
                   scrapheap=(*s.scrapheap, t), phase=_MAIN)


def _build(s: State, t: int) -> State:
    seat = s.turn
    hand = s.hands[seat]
    pad = s.pads[seat]
    # NGG-TURN-6: the open build action continues; else spend a build-only action, else the main one.
    if s.open_build:
        budget = {"open_build": 0}
    elif s.builds:
        budget = {"builds": s.builds - 1, "open_build": 1}
    else:
        budget = {"mains": s.mains - 1, "open_build": 1}
    return replace(s, hands=with_row(s.hands, seat, with_item(hand, t, hand[t] - 1)),
                   pads=with_row(s.pads, seat, with_item(pad, t, pad[t] + 1)), **budget)


def _launch_with(s: State, t: int, won: int, **changes: Any) -> State:
    seat = s.turn
    size = s.pads[seat][t]
    held = s.medals[seat]
    # NGG-WANDER-1/2: the launcher takes the Wandering Gremlin.
    return replace(s, pads=with_row(s.pads, seat, with_item(s.pads[seat], t, 0)),
                   medals=with_row(s.medals, seat, with_item(held, t, held[t] + won)),
                   removed=with_item(s.removed, t, s.removed[t] + size - won), wanderer=seat,
                   **changes)


def _launch(s: State, t: int) -> State:
    won = launch_medals(s.pads[s.turn][t], s.components.launch_costs[t])  # NGG-LAUNCH-2
    return _launch_with(s, t, won, mains=s.mains - 1, open_build=0)


def _chrome_launch(s: State, t: int) -> State:
    return _launch_with(s, t, 1, chrome=s.chrome - 1)  # NGG-BRIBE-6


def _scrap(s: State, t: int) -> State:
    seat = s.turn
    size = s.pads[seat][t]
    return replace(s, pads=with_row(s.pads, seat, with_item(s.pads[seat], t, 0)),  # NGG-FREE-2
                   scrapheap=s.scrapheap + (t,) * size)


def _bribe(s: State, t: int) -> State:
    seat = s.turn
    hand = s.hands[seat]
    hands = with_row(s.hands, seat, with_item(hand, t, hand[t] - 1))
    removed = with_item(s.removed, t, s.removed[t] + 1)  # NGG-FREE-3
    onward = (seat + 1) % s.players
    if t == 0:  # NGG-BRIBE-1 rust
        return replace(s, hands=hands, removed=removed, wanderer=onward)
    if t == 1:  # NGG-BRIBE-2 wood
        return replace(s, hands=hands, removed=removed, no_eat=True)
    if t == 2:  # NGG-BRIBE-3 iron
        return draw(replace(s, hands=hands, removed=removed), seat, 1, wanderer=onward)
    if t == 3:  # NGG-BRIBE-4 copper
        return replace(s, hands=hands, removed=removed, builds=s.builds + 1)
    if t == 4:  # NGG-BRIBE-5 steel
        return draw(replace(s, hands=hands, removed=removed), seat, 2, mains=s.mains + 1)
    return replace(s, hands=hands, removed=removed, chrome=s.chrome + 1)  # NGG-BRIBE-6 chrome


def _end_turn(s: State, _: int) -> State:
    return end_turn(s)


_HANDLERS: dict[type, Callable[[State, int], State]] = {
    DrawTwo: _draw_two, TakeScrap: _take_scrap, Discard: _discard, Build: _build,
    Launch: _launch, ChromeLaunch: _chrome_launch, Scrap: _scrap, Bribe: _bribe,
    EndTurn: _end_turn,
}


def apply(s: State, action: Any) -> State:
    """The state after ``action``; IllegalActionError (with its clause) when the rules forbid it."""
    if type(s) is not State:
        check_type(s, State, "No Good Gremlins State")
    try:
        info = _INFO.get(action)
    except TypeError:
        info = None
    if info is None or s.phase is _OVER:
        raise IllegalActionError(*(check(s, action) or _malformed(action)))
    kind, t = info
    why = _check(s, kind, t)
    if why is not None:
        raise IllegalActionError(*why)
    return _HANDLERS[kind](s, t)


_INFO: dict[Any, tuple[type, int]] = {
    a: (type(a), MATERIAL_INDEX[a.material] if hasattr(a, "material") else -1) for a in ALL_ACTIONS
}
