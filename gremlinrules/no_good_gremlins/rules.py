"""Legality (one check function) and the effect of each decision."""

from __future__ import annotations

from collections.abc import Callable
from itertools import compress, product
from operator import ge
from typing import Any

from gremlinrules.core.checks import check_type
from gremlinrules.core.errors import IllegalActionError
from gremlinrules.core.evolve import make_updater
from gremlinrules.core.lookup import ActionLookup
from gremlinrules.no_good_gremlins.actions import (
    ALL_ACTIONS,
    BRIBES,
    BUILDS,
    CHROME_LAUNCHES,
    DISCARDS,
    DRAW_TWO,
    END_TURN,
    FEEDS,
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
    Feed,
    Launch,
    Scrap,
    TakeScrap,
)
from gremlinrules.no_good_gremlins.components import MATERIALS
from gremlinrules.no_good_gremlins.flow import (
    draw,
    end_turn,
    feed,
    launch_medals,
    meal_choices,
    replace,
    with_item,
    with_row,
)
from gremlinrules.no_good_gremlins.state import Phase, State

__all__ = ["apply", "check", "is_legal", "legal_actions"]

_OPENING, _DISCARD, _MAIN, _FINAL_OPENING, _EAT, _OVER = (
    Phase.OPENING, Phase.DISCARD, Phase.MAIN, Phase.FINAL_OPENING, Phase.EAT, Phase.OVER)
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
    info = _ACTIONS.get(action)
    if info is None:
        return _malformed(action)
    if s.phase is _EAT and info[0] is not _feed:
        return "The turn has ended: Feed the Wandering Gremlin one of the tied rockets", "NGG-WANDER-5"
    return info[2](s, info[1])


def _check_end_turn(s: State, _: int) -> Reason | None:
    return None if s.phase is _MAIN else ("Finish the start of your turn first", "NGG-TURN-1")


def _check_draw_two(s: State, _: int) -> Reason | None:
    phase = s.phase
    if phase is _FINAL_OPENING:
        return "No drawing in a final turn: take from the scrapheap", "NGG-FINALE-3"
    if phase is not _OPENING:
        return "You draw only at the start of your turn", "NGG-TURN-1"
    return None if s.deck else ("The materials deck is empty", "NGG-HAND-3")


def _check_take_scrap(s: State, _: int) -> Reason | None:
    if s.phase is not _OPENING and s.phase is not _FINAL_OPENING:
        return "You take from the scrapheap only at the start of your turn", "NGG-TURN-1"
    return None if s.scrapheap else ("The scrapheap is empty", "NGG-TURN-3")


def _check_discard(s: State, t: int) -> Reason | None:
    if s.phase is not _DISCARD:
        return "You put a card on the scrapheap only after drawing two", "NGG-TURN-2"
    return None if s.hands[s.turn][t] else (f"You have no {_NAMES[t]} card", "NGG-TURN-2")


def _check_scrap(s: State, t: int) -> Reason | None:
    if s.phase is not _MAIN or s.final_turn:
        why = _free_ok(s)
        if why is not None:
            return why
    return None if s.pads[s.turn][t] else (f"You have no {_NAMES[t]} rocket to scrap", "NGG-FREE-2")


def _check_bribe(s: State, t: int) -> Reason | None:
    why = _free_ok(s)
    if why is not None:
        return why
    if s.wanderer != s.turn:
        return "The Wandering Gremlin is not in front of you", "NGG-FREE-3"
    return None if s.hands[s.turn][t] else (f"You have no {_NAMES[t]} card", "NGG-FREE-3")


def _check_build(s: State, t: int) -> Reason | None:
    if s.phase is not _MAIN:
        return "Finish the start of your turn first", "NGG-TURN-1"
    if not (s.open_build or s.builds or s.mains):
        return "You have no build action left this turn", "NGG-TURN-6"
    seat = s.turn
    if not s.hands[seat][t]:
        return f"You have no {_NAMES[t]} card", "NGG-BUILD-1"
    pad = s.pads[seat]
    if not pad[t] and pad.count(0) <= 3:
        return "Your launch pad already holds three rockets", "NGG-BUILD-2"
    return None


def _check_launch(s: State, t: int) -> Reason | None:
    if s.phase is not _MAIN:
        return "Finish the start of your turn first", "NGG-TURN-1"
    if not s.mains:
        return "You have no main action left this turn", "NGG-TURN-6"
    cost = s.components.launch_costs[t]
    size = s.pads[s.turn][t]
    if size < cost:
        return f"{_NAMES[t].capitalize()} rocket needs {cost} cards to launch; it has {size}", "NGG-LAUNCH-1"
    return None


def _check_chrome_launch(s: State, t: int) -> Reason | None:
    if s.phase is not _MAIN:
        return "Finish the start of your turn first", "NGG-TURN-1"
    if not s.chrome:
        return "Only a chrome bribe lets you launch an incomplete rocket", "NGG-BRIBE-6"
    return None if s.pads[s.turn][t] else (f"You have no {_NAMES[t]} rocket", "NGG-BRIBE-6")


def _check_feed(s: State, t: int) -> Reason | None:
    if s.phase is not _EAT:
        return "Only a holder choosing among tied rockets feeds the Wandering Gremlin", "NGG-WANDER-5"
    if t not in meal_choices(s):
        return f"The {_NAMES[t]} rocket is not one of those tied for the highest medal value", "NGG-WANDER-5"
    return None


_CHECKS: dict[type, Callable[[State, int], Reason | None]] = {
    EndTurn: _check_end_turn, Feed: _check_feed, DrawTwo: _check_draw_two, TakeScrap: _check_take_scrap,
    Discard: _check_discard, Scrap: _check_scrap, Bribe: _check_bribe, Build: _check_build,
    Launch: _check_launch, ChromeLaunch: _check_chrome_launch,
}


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
    # compress() picks the actions whose material has a nonzero count, in C.
    if phase is _MAIN:
        hand = s.hands[seat]
        pad = s.pads[seat]
        costs = s.components.launch_costs
        table = _PADS.get(pad)
        if table is None or (table[4] is not costs and table[4] != costs):
            table = _pad_table(pad, costs)
        out: tuple[Any, ...] = ()
        if s.open_build or s.builds or s.mains:
            # With room for a new rocket, every type held; else only onto the rockets there (NGG-BUILD-2).
            out = _held(hand)[0] if table[2] else tuple([build for t, build in table[3] if hand[t]])
        if s.mains:
            out += table[5]  # the complete rockets (NGG-LAUNCH-1)
        if s.chrome:
            out += table[1]
        if not s.final_turn or s.options.finale_free_actions:
            if s.wanderer == seat:
                return out + table[0] + _held(hand)[2] + _END
            return out + table[7]  # the scraps and EndTurn
        return out + _END
    if phase is _OPENING or phase is _FINAL_OPENING:
        options = s.options  # free actions before the opening only by option (NGG-FREE-1, NGG-FINALE-5)
        if not options.free_actions_before_opening:  # the usual case: a draw, a take, or both
            return _OPENINGS[phase is _OPENING and bool(s.deck)][bool(s.scrapheap)]
        opening: list[Any] = []
        if phase is _OPENING and s.deck:
            opening.append(DRAW_TWO)
        if s.scrapheap:
            opening.append(TAKE_SCRAP)
        if not s.final_turn or options.finale_free_actions:
            opening += compress(SCRAPS, s.pads[seat])
            if s.wanderer == seat:
                opening += _held(s.hands[seat])[2]
        return tuple(opening)
    if phase is _DISCARD:
        hand = s.hands[seat]
        return _held(hand)[1]
    if phase is _EAT:
        return tuple(FEEDS[t] for t in meal_choices(s))
    return ()


_PadTable = tuple[tuple[Scrap, ...], tuple[ChromeLaunch, ...], bool, tuple[tuple[int, Build], ...],
                  tuple[int, ...], tuple[Launch, ...], tuple[tuple[int, ...] | None, ...], tuple[Any, ...],
                  tuple[tuple[int, ...], ...]]
_PADS: dict[tuple[int, ...], _PadTable] = {}
_KEEP_PADS = 65536


_END = (END_TURN,)
_OPENINGS: tuple[tuple[tuple[Any, ...], ...], ...] = (
    ((), (TAKE_SCRAP,)), ((DRAW_TWO,), (DRAW_TWO, TAKE_SCRAP)))
"""An opening's actions when no free action may come first, by (may draw, may take)."""


_Held = tuple[tuple[Build, ...], tuple[Discard, ...], tuple[Bribe, ...]]


def _held_directly(hand: tuple[int, ...]) -> _Held:
    return tuple(compress(BUILDS, hand)), tuple(compress(DISCARDS, hand)), tuple(compress(BRIBES, hand))


_HELD: dict[bytes, _Held] = {
    bytes(bits): _held_directly(bits) for bits in product((0, 1), repeat=len(MATERIALS))}
"""The builds, discards and bribes a hand allows (one per type held), by which types it holds."""
_NONZERO = bytes(1) + bytes([1]) * 255
"""A bytes.translate table that turns every count above zero into 1."""


def _held(hand: tuple[int, ...]) -> _Held:
    """The builds, discards and bribes ``hand`` allows (one per type held)."""
    try:  # hands are remade every turn and rarely repeat, so look up the pattern of held types
        return _HELD[bytes(hand).translate(_NONZERO)]
    except (ValueError, TypeError, KeyError):  # not six counts of 0-255: a state built by hand
        return _held_directly(hand)


def _pad_table(pad: tuple[int, ...], costs: tuple[int, ...]) -> _PadTable:
    """What a launch pad allows: its scraps, its chrome launches, whether a new rocket fits, the
    builds onto its rockets, the launch costs the next entry was made for, its launches, the
    pad after one card built of each type (None where no rocket of that type may start), its
    scraps followed by EndTurn, and the pad after scrapping each type.
    Remembered per pad (a few hundred occur in thousands of games)."""
    if len(_PADS) >= _KEEP_PADS:
        _PADS.clear()
    room = pad.count(0) > 3
    scraps = tuple(compress(SCRAPS, pad))
    table = _PADS[pad] = (
        scraps, tuple(compress(CHROME_LAUNCHES, pad)), room,
        tuple((t, BUILDS[t]) for t, size in enumerate(pad) if size), costs,
        tuple(compress(LAUNCHES, map(ge, pad, costs))),
        tuple(with_item(pad, t, size + 1) if size or room else None for t, size in enumerate(pad)),
        scraps + _END, tuple(with_item(pad, t, 0) for t in range(len(pad))))
    return table


def _draw_two(s: State, _: int) -> State | None:
    deck = s.deck
    if s.phase is not _OPENING or not deck:  # _check_draw_two, inline
        return None
    if len(deck) > 2:  # the usual case, inline: the deck does not run out (NGG-TURN-2)
        seat = s.turn
        hands = list(s.hands)  # inline with_row
        hand = list(hands[seat])
        hand[deck[0]] += 1
        hand[deck[1]] += 1
        hands[seat] = tuple(hand)
        return _drawn(s, deck[2:], tuple(hands))
    return draw(s, s.turn, 2, phase=_DISCARD)  # NGG-TURN-2, NGG-HAND-3


def _take_scrap(s: State, _: int) -> State | None:
    heap = s.scrapheap
    if (s.phase is not _OPENING and s.phase is not _FINAL_OPENING) or not heap:  # _check_take_scrap
        return None
    top = heap[-1]
    if s.options.scrap_take == "all":  # NGG-TURN-4
        rest = tuple(bytes(heap).replace(_BYTES[top], b""))  # every card but that type, in C
    else:
        i = len(heap) - 1
        while i > 0 and heap[i - 1] == top:
            i -= 1
        rest = heap[:i]
    seat = s.turn
    hands = list(s.hands)
    hand = list(hands[seat])
    hand[top] += len(heap) - len(rest)
    hands[seat] = tuple(hand)
    return _took(s, rest, tuple(hands))


_BYTES = tuple(bytes((t,)) for t in range(len(MATERIALS)))


def _discard(s: State, t: int) -> State | None:
    seat = s.turn
    hands = list(s.hands)
    hand = list(hands[seat])
    if s.phase is not _DISCARD or not hand[t]:  # _check_discard, inline
        return None
    hand[t] -= 1
    hands[seat] = tuple(hand)
    return _took(s, s.scrapheap + _SINGLE[t], tuple(hands))


def _build(s: State, t: int) -> State | None:
    """Build one card (NGG-BUILD-1), or None when _check_build refuses it."""
    if s.phase is not _MAIN or not (s.open_build or s.builds or s.mains):
        return None
    seat = s.turn
    hand = s.hands[seat]
    if not hand[t]:
        return None
    pad = s.pads[seat]
    built = (_PADS.get(pad) or _pad_table(pad, s.components.launch_costs))[6][t]
    if built is None:  # no room for a new rocket
        return None
    hands, pads = list(s.hands), list(s.pads)  # inline with_row
    held = list(hand)
    held[t] -= 1
    hands[seat], pads[seat] = tuple(held), built
    # NGG-TURN-6: the open build action continues; else spend a build-only action, else the main one.
    if s.open_build:
        return _built(s, tuple(hands), tuple(pads))
    if s.builds:
        return _built_extra(s, tuple(hands), tuple(pads), s.builds - 1)
    return _built_main(s, tuple(hands), tuple(pads), s.mains - 1)


_took = make_updater(State, "scrapheap", "hands", phase=_MAIN)
_drawn = make_updater(State, "deck", "hands", phase=_DISCARD)
_built = make_updater(State, "hands", "pads", open_build=0)  # the second card closes the action
_built_extra = make_updater(State, "hands", "pads", "builds", open_build=1)
_built_main = make_updater(State, "hands", "pads", "mains", open_build=1)
_SINGLE = tuple((t,) for t in range(len(MATERIALS)))
_scrapped = make_updater(State, "pads", "scrapheap")


def _launch_with(s: State, t: int, won: int, **changes: Any) -> State:
    seat = s.turn
    size = s.pads[seat][t]
    held = s.medals[seat]
    # NGG-WANDER-1/2: the launcher takes the Wandering Gremlin.
    return replace(s, pads=with_row(s.pads, seat, with_item(s.pads[seat], t, 0)),
                   medals=with_row(s.medals, seat, with_item(held, t, held[t] + won)),
                   removed=with_item(s.removed, t, s.removed[t] + size - won), wanderer=seat,
                   **changes)


def _launch(s: State, t: int) -> State | None:
    if _check_launch(s, t) is not None:
        return None
    won = launch_medals(s.pads[s.turn][t], s.components.launch_costs[t])  # NGG-LAUNCH-2
    return _launch_with(s, t, won, mains=s.mains - 1, open_build=0)


def _chrome_launch(s: State, t: int) -> State | None:
    if _check_chrome_launch(s, t) is not None:
        return None
    return _launch_with(s, t, 1, chrome=s.chrome - 1)  # NGG-BRIBE-6


def _scrap(s: State, t: int) -> State | None:
    """Scrap a rocket (NGG-FREE-2), or None when _check_scrap refuses it."""
    if (s.phase is not _MAIN or s.final_turn) and _free_ok(s) is not None:
        return None
    seat = s.turn
    pad = s.pads[seat]
    size = pad[t]
    if not size:
        return None
    pads = list(s.pads)  # inline with_row
    pads[seat] = (_PADS.get(pad) or _pad_table(pad, s.components.launch_costs))[8][t]
    return _scrapped(s, tuple(pads), s.scrapheap + _SINGLE[t] * size)  # NGG-FREE-2


def _bribe(s: State, t: int) -> State | None:
    if _check_bribe(s, t) is not None:
        return None
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


def _end_turn(s: State, _: int) -> State | None:
    return end_turn(s) if s.phase is _MAIN else None  # _check_end_turn, inline


def _feed(s: State, t: int) -> State | None:
    return feed(s, t) if _check_feed(s, t) is None else None


_HANDLERS: dict[type, Callable[[State, int], State | None]] = {
    DrawTwo: _draw_two, TakeScrap: _take_scrap, Discard: _discard, Build: _build,
    Launch: _launch, ChromeLaunch: _chrome_launch, Scrap: _scrap, Bribe: _bribe,
    EndTurn: _end_turn, Feed: _feed,
}
"""The effect of each kind of action. Each refuses an illegal action itself by returning None:
it repeats its check function's test (inline where hot), and a property test holds the two to
the same answer, so the check is only run to give the reason."""


def apply(s: State, action: Any) -> State:
    """The state after ``action``; IllegalActionError (with its clause) when the rules forbid it."""
    if type(s) is not State:
        check_type(s, State, "No Good Gremlins State")
    info = _by_id(id(action)) or _ACTIONS.by_value(action)  # see core.lookup
    if info is not None:
        out = info[0](s, info[1])  # no effect applies once the game is over
        if out is not None:
            return out
    raise IllegalActionError(*(check(s, action) or _malformed(action)))


_Info = tuple[Callable[[State, int], State | None], int, Callable[[State, int], Reason | None]]
_ACTIONS: ActionLookup[_Info] = ActionLookup({
    a: (_HANDLERS[type(a)], MATERIAL_INDEX[a.material] if hasattr(a, "material") else -1, _CHECKS[type(a)])
    for a in ALL_ACTIONS
})
"""Per action: its effect, its material (-1 for none) and its check."""
_by_id = _ACTIONS.by_id.get
