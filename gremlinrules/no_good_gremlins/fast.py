"""The fast path: the same ``legal_actions``, ``is_legal`` and ``apply`` as :mod:`.rules`, faster.

The package exports these by default; ``get_game("no-good-gremlins", reference=True)``
plays with the rule book instead, and the differential tests
(``tests/no_good_gremlins/test_differential.py``) hold the two to identical legal
actions, states and errors. What makes this path fast, none of it a rule:

* a table per launch pad (a bounded cache): its scraps, chrome launches, launches
  for the launch costs it was made with, the builds onto its rockets, whether a
  new rocket fits, and the pad after each build or scrap;
* a table per hand pattern (which of the six types it holds, 64 entries): its
  builds, discards and bribes;
* effects that refuse an illegal action themselves (returning None) with their
  check inline, so ``apply`` is one lookup and one call; only a refused action,
  or the rare pending Feed decision, goes to the rule book (which gives the
  reason, or answers the frame);
* updaters (:func:`gremlinrules.core.evolve.make_updater`) for the hottest
  transitions;
* the end of a turn in one step in its usual cases (the next seat's turn; the
  dealer's reveal of one gremlin with the next round's first turn), the rest
  left to :mod:`.flow`.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import compress
from itertools import product
from operator import ge
from typing import Any

from gremlinrules.core.cache import BoundedCache
from gremlinrules.core.chance import foreign
from gremlinrules.core.checks import check_complete
from gremlinrules.core.evolve import make_updater
from gremlinrules.core.lookup import ActionLookup
from gremlinrules.core.zones import next_seat
from gremlinrules.no_good_gremlins import rules
from gremlinrules.no_good_gremlins.actions import ALL_ACTIONS
from gremlinrules.no_good_gremlins.actions import BRIBES
from gremlinrules.no_good_gremlins.actions import BUILDS
from gremlinrules.no_good_gremlins.actions import CHROME_LAUNCHES
from gremlinrules.no_good_gremlins.actions import DISCARDS
from gremlinrules.no_good_gremlins.actions import DRAW_TWO
from gremlinrules.no_good_gremlins.actions import END_TURN
from gremlinrules.no_good_gremlins.actions import LAUNCHES
from gremlinrules.no_good_gremlins.actions import MATERIAL_INDEX
from gremlinrules.no_good_gremlins.actions import SCRAPS
from gremlinrules.no_good_gremlins.actions import TAKE_SCRAP
from gremlinrules.no_good_gremlins.actions import Bribe
from gremlinrules.no_good_gremlins.actions import Build
from gremlinrules.no_good_gremlins.actions import ChromeLaunch
from gremlinrules.no_good_gremlins.actions import Discard
from gremlinrules.no_good_gremlins.actions import DrawTwo
from gremlinrules.no_good_gremlins.actions import EndTurn
from gremlinrules.no_good_gremlins.actions import Feed
from gremlinrules.no_good_gremlins.actions import Launch
from gremlinrules.no_good_gremlins.actions import Scrap
from gremlinrules.no_good_gremlins.actions import TakeScrap
from gremlinrules.no_good_gremlins.components import MATERIALS
from gremlinrules.no_good_gremlins.components import THUNDERSTORM
from gremlinrules.no_good_gremlins.flow import HAND_SIZE
from gremlinrules.no_good_gremlins.flow import OPENING_TURN
from gremlinrules.no_good_gremlins.flow import draw
from gremlinrules.no_good_gremlins.flow import eat
from gremlinrules.no_good_gremlins.flow import end_turn
from gremlinrules.no_good_gremlins.flow import launch_medals
from gremlinrules.no_good_gremlins.flow import meal_choices
from gremlinrules.no_good_gremlins.flow import pass_turn
from gremlinrules.no_good_gremlins.flow import with_item
from gremlinrules.no_good_gremlins.state import Phase
from gremlinrules.no_good_gremlins.state import State

__all__ = ["apply", "is_legal", "legal_actions"]

_OPENING, _DISCARD, _MAIN, _FINAL_OPENING = Phase.OPENING, Phase.DISCARD, Phase.MAIN, Phase.FINAL_OPENING

# --- tables ----------------------------------------------------------------------------------

_Held = tuple[tuple[Build, ...], tuple[Discard, ...], tuple[Bribe, ...]]


def held_directly(hand: tuple[int, ...]) -> _Held:
    """The builds, discards and bribes ``hand`` allows (one per type held), computed."""
    return tuple(compress(BUILDS, hand)), tuple(compress(DISCARDS, hand)), tuple(compress(BRIBES, hand))


_HELD: dict[bytes, _Held] = {
    bytes(bits): held_directly(bits) for bits in product((0, 1), repeat=len(MATERIALS))}
"""The builds, discards and bribes a hand allows (one per type held), by which types it holds."""
_NONZERO = bytes(1) + bytes([1]) * 255
"""A bytes.translate table that turns every count above zero into 1."""


def held(hand: tuple[int, ...]) -> _Held:
    """The builds, discards and bribes ``hand`` allows (one per type held), from the table."""
    try:  # hands are remade every turn and rarely repeat, so look up the pattern of held types
        return _HELD[bytes(hand).translate(_NONZERO)]
    except (ValueError, TypeError, KeyError):  # not six counts of 0-255: a state built by hand
        return held_directly(hand)


_END = (END_TURN,)
_OPENINGS: tuple[tuple[tuple[Any, ...], ...], ...] = (
    ((), (TAKE_SCRAP,)), ((DRAW_TWO,), (DRAW_TWO, TAKE_SCRAP)))
"""An opening's actions when no free action may come first, by (may draw, may take)."""

_PadTable = tuple[tuple[Scrap, ...], tuple[ChromeLaunch, ...], bool, tuple[tuple[int, Build], ...],
                  tuple[int, ...], tuple[Launch, ...], tuple[tuple[int, ...] | None, ...], tuple[Any, ...],
                  tuple[tuple[int, ...], ...]]
_PADS: BoundedCache[tuple[int, ...], _PadTable] = BoundedCache("no-good-gremlins launch pads", 65536)
"""Per launch pad (a few hundred occur in thousands of games): see :func:`pad_table`."""
_pad_get = _PADS.get


def pad_table(pad: tuple[int, ...], costs: tuple[int, ...]) -> _PadTable:
    """What a launch pad allows: its scraps, its chrome launches, whether a new rocket fits, the
    builds onto its rockets, the launch costs the next entry was made for, its launches, the
    pad after one card built of each type (None where no rocket of that type may start), its
    scraps followed by EndTurn, and the pad after scrapping each type. Remembered per pad."""
    room = pad.count(0) > 3
    scraps = tuple(compress(SCRAPS, pad))
    return _PADS.put(pad, (
        scraps, tuple(compress(CHROME_LAUNCHES, pad)), room,
        tuple((t, BUILDS[t]) for t, size in enumerate(pad) if size), costs,
        tuple(compress(LAUNCHES, map(ge, pad, costs))),
        tuple(with_item(pad, t, size + 1) if size or room else None for t, size in enumerate(pad)),
        scraps + _END, tuple(with_item(pad, t, 0) for t in range(len(pad)))))


# --- legal actions ---------------------------------------------------------------------------


def legal_actions(s: State) -> tuple[Any, ...]:
    """Every legal action, in the canonical order of ALL_ACTIONS (empty iff the game is over)."""
    try:
        if type(s) is not State:
            return foreign(legal_actions, s)  # a tracked state (external chance), or refused
        if s.stack:  # a pending Feed decision (rare): the rule book answers it
            return rules.legal_actions(s)
        phase = s.phase
        if phase is _MAIN:
            return _main_actions(s, s.turn)
        if phase is _OPENING or phase is _FINAL_OPENING:
            return _opening_actions(s, phase is _OPENING, s.turn)
        if phase is _DISCARD:
            return held(s.hands[s.turn])[1]
        return ()
    except AttributeError:
        check_complete("legal_actions", s)
        raise


def _main_actions(s: State, seat: int) -> tuple[Any, ...]:
    """The main part of a turn's actions (compress() picks the actions whose material has a
    nonzero count, in C)."""
    hand = s.hands[seat]
    pad = s.pads[seat]
    costs = s.components.launch_costs
    table = _pad_get(pad)
    if table is None or (table[4] is not costs and table[4] != costs):
        table = pad_table(pad, costs)
    out: tuple[Any, ...] = ()
    if s.open_build or s.builds or s.mains:
        # With room for a new rocket, every type held; else only onto the rockets there.
        out = held(hand)[0] if table[2] else tuple([build for t, build in table[3] if hand[t]])
    if s.mains:
        out += table[5]  # the complete rockets
    if s.chrome and (s.mains or s.options.chrome_launch == "extra"):  # NGG-BRIBE-8
        out += table[1]
    if not s.final_turn or s.options.finale_free_actions:
        if s.wanderer == seat:
            return out + table[0] + held(hand)[2] + _END
        return out + table[7]  # the scraps and EndTurn
    return out + _END


def _opening_actions(s: State, first: bool, seat: int) -> tuple[Any, ...]:
    """A turn's opening actions (``first``: a normal turn's, else a final turn's)."""
    options = s.options
    if not options.free_actions_before_opening:  # the usual case: a draw, a take, or both
        return _OPENINGS[first][bool(s.scrapheap)]
    opening: list[Any] = []
    if first:  # NGG-HAND-3: an empty deck skips the draw, not the opening
        opening.append(DRAW_TWO)
    if s.scrapheap:
        opening.append(TAKE_SCRAP)
    if not s.final_turn or options.finale_free_actions:
        opening += compress(SCRAPS, s.pads[seat])
        if s.wanderer == seat:
            opening += held(s.hands[seat])[2]
    return tuple(opening)


def is_legal(s: State, action: Any) -> bool:
    """True iff ``action`` may be applied to ``s`` (the rule book's check: legality is written once)."""
    if type(s) is not State:
        return foreign(is_legal, s, action)  # a tracked state (external chance), or refused
    return rules.check(s, action) is None


# --- effects that refuse an illegal action (None) ---------------------------------------------

_took = make_updater(State, "scrapheap", "hands", phase=_MAIN)
_drawn = make_updater(State, "deck", "hands", phase=_DISCARD)
_built = make_updater(State, "hands", "pads", open_build=0)  # the second card closes the action
_built_extra = make_updater(State, "hands", "pads", "builds", open_build=1)
_built_main = make_updater(State, "hands", "pads", "mains", open_build=1)
_scrapped = make_updater(State, "pads", "scrapheap")
_SINGLE = tuple((t,) for t in range(len(MATERIALS)))
_BYTES = tuple(bytes((t,)) for t in range(len(MATERIALS)))


def _draw_two(s: State, _: int) -> State | None:
    deck = s.deck
    if s.phase is not _OPENING:
        return None
    if len(deck) > 2:  # the usual case: the deck does not run out
        seat = s.turn
        hands = list(s.hands)
        hand = list(hands[seat])
        hand[deck[0]] += 1
        hand[deck[1]] += 1
        hands[seat] = tuple(hand)
        return _drawn(s, deck[2:], tuple(hands))
    return rules.draw_two(s, DRAW_TWO).state


def _take_scrap(s: State, _: int) -> State | None:
    heap = s.scrapheap
    if (s.phase is not _OPENING and s.phase is not _FINAL_OPENING) or not heap:
        return None
    top = heap[-1]
    if s.options.scrap_take == "all":
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


def _discard(s: State, t: int) -> State | None:
    seat = s.turn
    hands = list(s.hands)
    hand = list(hands[seat])
    if s.phase is not _DISCARD or not hand[t]:
        return None
    hand[t] -= 1
    hands[seat] = tuple(hand)
    return _took(s, s.scrapheap + _SINGLE[t], tuple(hands))


def _build(s: State, t: int) -> State | None:
    if s.phase is not _MAIN or not (s.open_build or s.builds or s.mains):
        return None
    seat = s.turn
    hand = s.hands[seat]
    if not hand[t]:
        return None
    pad = s.pads[seat]
    built = (_pad_get(pad) or pad_table(pad, s.components.launch_costs))[6][t]
    if built is None:  # no room for a new rocket
        return None
    hands, pads = list(s.hands), list(s.pads)
    kept = list(hand)
    kept[t] -= 1
    hands[seat], pads[seat] = tuple(kept), built
    if s.open_build:
        return _built(s, tuple(hands), tuple(pads))
    if s.builds:
        return _built_extra(s, tuple(hands), tuple(pads), s.builds - 1)
    return _built_main(s, tuple(hands), tuple(pads), s.mains - 1)


def _launch(s: State, t: int) -> State | None:
    if s.phase is not _MAIN or not s.mains:
        return None
    size = s.pads[s.turn][t]
    cost = s.components.launch_costs[t]
    if size < cost:
        return None
    return rules.launch_type(s, t, launch_medals(size, cost), mains=s.mains - 1, open_build=0).state


def _chrome_launch(s: State, t: int) -> State | None:
    if rules.check_chrome_launch(s, CHROME_LAUNCHES[t]) is not None:  # rare: the rule book's check
        return None
    return rules.chrome_launch(s, CHROME_LAUNCHES[t]).state


def _scrap(s: State, t: int) -> State | None:
    if (s.phase is not _MAIN or s.final_turn) and rules.free_action_refused(s) is not None:
        return None
    seat = s.turn
    pad = s.pads[seat]
    size = pad[t]
    if not size:
        return None
    pads = list(s.pads)
    pads[seat] = (_pad_get(pad) or pad_table(pad, s.components.launch_costs))[8][t]
    return _scrapped(s, tuple(pads), s.scrapheap + _SINGLE[t] * size)


def _bribe(s: State, t: int) -> State | None:
    if rules.check_bribe(s, BRIBES[t]) is not None:
        return None
    return rules.bribe(s, BRIBES[t]).state


def _end_turn(s: State, _: int) -> State | None:
    if s.phase is not _MAIN:
        return None
    seat = s.turn
    if s.wanderer == seat:
        if meal_choices(s):
            return end_turn(s).state  # the holder's Feed decision: flow pushes the frame
        s = eat(s).state
    return close_turn(s, seat)


Row = tuple[int, ...]
_Reveal = tuple[Row, Row, Row, tuple[Row, ...], Row]


def quick_reveal(s: State) -> _Reveal | None:
    """The usual reveal, one gremlin with no thunderstorm and no reshuffle: the new gremlin deck,
    threat, gremlin discard, pads and removed counts. None otherwise (see :func:`.flow.reveal_round`)."""
    deck = s.gremlin_deck
    if not deck or deck[0] == THUNDERSTORM:
        return None
    card, threat = deck[0], s.threat
    if card not in threat:  # NGG-ROUND-2: a warning
        return deck[1:], tuple(sorted((*threat, card))), s.gremlin_discard, s.pads, s.removed
    i = threat.index(card)  # NGG-ROUND-3: the gremlins attack every launch pad
    return deck[1:], threat[:i] + threat[i + 1:], (*s.gremlin_discard, card, card), *_attack(s, card)


def _attack(s: State, card: int) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """NGG-ROUND-3: every launch pad loses its rocket of ``card``'s type; the pads and ``removed``."""
    pads = []
    eaten = 0
    for pad in s.pads:
        if pad[card]:
            eaten += pad[card]
            pad = with_item(pad, card, 0)
        pads.append(pad)
    return tuple(pads), with_item(s.removed, card, s.removed[card] + eaten)


_REVEALED = ("gremlin_deck", "threat", "gremlin_discard", "pads", "removed", "round")
_revealed_next_turn = make_updater(State, *_REVEALED, turn=0, **OPENING_TURN)
_start_turn = make_updater(State, "turn", **OPENING_TURN)


def close_turn(s: State, seat: int) -> State:
    """:func:`.flow.close_turn` with its usual cases in one step: the next seat's turn, or the
    dealer's reveal of one gremlin (no thunderstorm, no reshuffle), the next round and seat 0's
    turn at once."""
    if not any(s.hands[seat]) or s.hand_emptied:  # NGG-HAND-2
        s = draw(s, seat, HAND_SIZE).state
    options = s.options
    if not s.finale and options.hand_refill == "end_of_turn":  # else begin_turn sets hand_emptied
        if seat != s.players - 1:
            return _start_turn(s, next_seat(seat, s.players))
        if s.round < options.round_limit or not options.bounded:
            quick = quick_reveal(s)
            if quick is not None:
                return _revealed_next_turn(s, *quick, s.round + 1)
    return pass_turn(s, seat).state


def _no_frame(s: State, _: int) -> None:
    return None  # a Feed only answers a pending frame, which the rule book resolves


_EFFECTS: dict[type, Callable[[State, int], State | None]] = {
    DrawTwo: _draw_two, TakeScrap: _take_scrap, Discard: _discard, Build: _build,
    Launch: _launch, ChromeLaunch: _chrome_launch, Scrap: _scrap, Bribe: _bribe,
    EndTurn: _end_turn, Feed: _no_frame,
}
_ACTIONS: ActionLookup[tuple[Callable[[State, int], State | None], int]] = ActionLookup({
    a: (_EFFECTS[type(a)], MATERIAL_INDEX[a.material] if hasattr(a, "material") else -1)
    for a in ALL_ACTIONS
})
"""Per action: its refusing effect and its material (-1 for none)."""
_by_id = _ACTIONS.by_id.get
_by_value = _ACTIONS.by_value


def apply(s: State, action: Any) -> State:
    """The state after ``action``; IllegalActionError (with its clause) when the rules forbid it."""
    try:
        if type(s) is not State:
            return foreign(apply, s, action)  # a tracked state (external chance), or refused
        if not s.stack:
            info = _by_id(id(action)) or _by_value(action)
            if info is not None:
                out = info[0](s, info[1])  # no effect applies once the game is over
                if out is not None:
                    return out
        return rules.apply(s, action)  # the reason for a refusal, or the pending frame answered
    except AttributeError:
        check_complete("apply", s)
        raise
