"""The external-chance model of No Good Gremlins (issue 18; NGG-CHANCE-1 to NGG-CHANCE-4).

:mod:`gremlinrules.core.chance` runs ``new_game(players, chance="external")`` for every game;
this module tells it what is random here. Two pools hold what nobody at the table has seen:

``materials``
    the materials deck: the opening hands (each card seen by the seat it is dealt to), the
    draws of DrawTwo, of the iron and steel bribes and of the empty-hand refill (seen by the
    drawer), and, with four or five players, the deck rebuilt from the scrapheap once the first
    one runs out (NGG-DECK-2), whose contents are public but whose order nobody has seen;
``gremlins``
    the gremlin deck: each card the dealer reveals at the end of a round (everyone sees it),
    including the cards of a thunderstorm chain and of a deck rebuilt from the discards
    mid-reveal (NGG-ROUND-5).

Items are the designs by the names the JSON uses (``rust`` ... ``chrome``, ``thunderstorm``);
a Need weighs each by its unseen copies. The model asks the plain rules (the reference rule
book, :mod:`.rules`) what a move reveals: it stacks the entered outcomes on the piles of the
canonical state, applies the move with a :class:`~.flow.Tap` that watches every card taken and
stacks the entered outcomes on any pile rebuilt during the move, and compares. A pile is only
rebuilt once it is empty, so the outcomes entered so far fix the move exactly up to the next
unseen card, and the probe's answer is exact (NGG-CHANCE-4).

Besides the names every model has (``POOLS``, :func:`deal`, :func:`step`,
:func:`reveals`, :func:`canonical`, :func:`designs`), :func:`outcome_bound` gives OpenSpiel its
``max_chance_outcomes`` and :func:`arranged` gives a tracked move its events. The opening hands
may be entered in any order, card by card round the table (NGG-CHANCE-2), and a card a tracker
cannot see may be entered unseen (``UNSEEN_POOLS``, NGG-CHANCE-5).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING
from typing import Any

import attrs

from gremlinrules.core.chance import Need
from gremlinrules.core.chance import Outcome
from gremlinrules.core.chance_tools import Dealing
from gremlinrules.core.chance_tools import hands
from gremlinrules.core.chance_tools import unseated
from gremlinrules.core.chance_tools import weights
from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.core.errors import shown
from gremlinrules.core.piles import reshuffle
from gremlinrules.core.rng import Rng
from gremlinrules.no_good_gremlins import rules
from gremlinrules.no_good_gremlins.components import GREMLIN_CARDS
from gremlinrules.no_good_gremlins.components import MATERIALS
from gremlinrules.no_good_gremlins.flow import HAND_SIZE
from gremlinrules.no_good_gremlins.flow import TAP
from gremlinrules.no_good_gremlins.setup import new_game
from gremlinrules.no_good_gremlins.setup import table_components
from gremlinrules.no_good_gremlins.state import Options
from gremlinrules.no_good_gremlins.state import Setup
from gremlinrules.no_good_gremlins.state import State

if TYPE_CHECKING:
    from collections.abc import Iterator

__all__ = ["POOLS", "UNSEEN_POOLS", "arranged", "canonical", "deal", "designs", "outcome_bound", "reveals",
           "step"]

POOLS: tuple[str, ...] = ("materials", "gremlins")
"""NGG-CHANCE-1: the materials deck and the gremlin deck."""
UNSEEN_POOLS = frozenset({"materials"})
"""NGG-CHANCE-5: a material card only its drawer sees may be entered unseen (a hand is shown only
by the cards its owner builds, discards or pays with, so a placeholder is named when it shows)."""

_NAMES: dict[str, tuple[str, ...]] = {
    "materials": tuple(m.value for m in MATERIALS),
    "gremlins": tuple(g.value for g in GREMLIN_CARDS),
}
_INDEX: dict[str, dict[str, int]] = {pool: {name: i for i, name in enumerate(names)}
                                     for pool, names in _NAMES.items()}
_FIXED = Rng(0)
"""The canonical state's generator: the order of what nobody has seen is not part of the table."""


def designs(players: int, options: Any = None) -> dict[str, frozenset[str]]:
    """NGG-CHANCE-1: the items of each pool (the same at every table)."""
    del players, options
    return {pool: frozenset(names) for pool, names in _NAMES.items()}


def outcome_bound(players: int, options: Any = None) -> int:
    """The most outcomes one chance decision offers: the seven gremlin-deck designs."""
    del players, options
    return max(len(names) for names in _NAMES.values())


def canonical(state: State) -> State:
    """NGG-CHANCE-1: ``state`` with both decks (the unseen cards) sorted and the generator fixed.

    Nothing a seat sees changes (a deck shows only its size, NGG-VIEW-1)."""
    return attrs.evolve(state, deck=tuple(sorted(state.deck)),
                        gremlin_deck=tuple(sorted(state.gremlin_deck)), rng=_FIXED)


def _need(pool: str, pile: Sequence[int], seat: int | None) -> Need:
    names = _NAMES[pool]
    return Need(pool, weights(names[card] for card in pile), None if seat is None else (seat,), seat)


def _index(outcome: Outcome, pool: str) -> int:
    index = _INDEX[pool].get(outcome.item) if outcome.pool == pool else None
    if index is None:
        raise InvalidArgumentError(f"{shown(str(outcome))} is not a card the {pool} pool can reveal here")
    return index


# -- the opening deal ---------------------------------------------------------------------------

def deal(players: int, options: Options, entered: tuple[Outcome, ...]) -> Need | State:
    """NGG-CHANCE-2: the opening hands, six cards a seat, each card a chance decision seen by the
    seat it is dealt to; then the initial state (canonical). The deal offers seat 0's cards, then
    seat 1's, and so on, and takes a card for any seat whose hand has room, in any order (round
    the table). Both decks stay unseen: the gremlin deck until its cards are revealed."""
    counts = table_components(options).counts
    deck = Counter({MATERIALS[t].value: k for t, k in enumerate(counts) if k})
    dealing = Dealing(hands("materials", players, HAND_SIZE), {"materials": deck})
    need = dealing.run(entered)
    if need is not None:
        return need
    dealt = tuple(tuple(MATERIALS[_INDEX["materials"][card]] for card in hand) for hand in dealing.filled)
    return canonical(new_game(players, 0, options=options, setup=Setup(hands=dealt)))


# -- a move -------------------------------------------------------------------------------------

@attrs.define
class _Probe:
    """A :class:`~.flow.Tap` that records what the move takes and, when ``queues`` are given,
    stacks the entered outcomes of each pool on the piles the move rebuilds."""

    queues: dict[str, list[int]] | None = None
    taken: list[tuple[str, int | None, tuple[int, ...]]] = attrs.field(factory=list)

    def revealed(self, pool: str, seat: int | None, pile: tuple[int, ...]) -> None:
        self.taken.append((pool, seat, pile))

    def rebuilt(self, pool: str, cards: tuple[int, ...], rng: Rng) -> tuple[tuple[int, ...], Rng]:
        if self.queues is None:  # a seeded game: the rules' own shuffle
            return reshuffle(cards, rng)
        queue = self.queues[pool]
        top, queue[:] = queue[:len(cards)], queue[len(cards):]
        return _stacked(cards, top), rng


def _stacked(pile: Sequence[int], top: Sequence[int]) -> tuple[int, ...]:
    """``pile`` with the cards ``top`` on top, in that order, and the rest sorted below them."""
    rest = Counter(pile)
    rest.subtract(top)
    if min(rest.values(), default=0) < 0:
        raise InvalidArgumentError("an entered outcome is not among the cards that could come next")
    return (*top, *sorted(rest.elements()))


@contextmanager
def _tapped(probe: _Probe) -> Iterator[_Probe]:
    token = TAP.set(probe)
    try:
        yield probe
    finally:
        TAP.reset(token)


def _entered_split(state: State, entered: tuple[Outcome, ...]) -> tuple[State, dict[str, list[int]]]:
    """``state`` with the entered cards stacked on its decks, and the cards left for rebuilt piles."""
    unseated(entered, "a card drawn or revealed during play")
    queues = {pool: [_index(o, pool) for o in entered if o.pool == pool] for pool in POOLS}
    if sum(map(len, queues.values())) != len(entered):
        raise InvalidArgumentError("an entered outcome names no pool of No Good Gremlins")
    mats, grems = queues["materials"], queues["gremlins"]
    stacked = attrs.evolve(state, deck=_stacked(state.deck, mats[:len(state.deck)]),
                           gremlin_deck=_stacked(state.gremlin_deck, grems[:len(state.gremlin_deck)]))
    del mats[:len(state.deck)], grems[:len(state.gremlin_deck)]
    return stacked, queues


def step(state: State, action: Any, entered: tuple[Outcome, ...]) -> Need | State:
    """NGG-CHANCE-3: the next card ``action`` needs, given the outcomes ``entered`` for it so far,
    or the canonical state after it once every card it takes has been entered.

    The move is probed (NGG-CHANCE-4): the entered materials and gremlins are stacked on their
    decks, in order, and any left over on the pile the move rebuilds (NGG-DECK-2, NGG-ROUND-5);
    the rules apply the move; the first card they take beyond the entered ones is the Need."""
    probe_state, queues = _entered_split(state, entered)
    with _tapped(_Probe(queues)) as probe:
        after = rules.apply(probe_state, action)
    for (pool, _, pile), outcome in zip(probe.taken, entered, strict=False):
        if outcome.pool != pool or _INDEX[pool].get(outcome.item) != pile[0]:
            raise InvalidArgumentError(f"{shown(str(outcome))} is not what this move reveals next")
    if len(probe.taken) > len(entered):
        pool, seat, pile = probe.taken[len(entered)]
        return _need(pool, pile, seat)
    if len(probe.taken) < len(entered):
        raise InvalidArgumentError(f"{shown(action)} reveals {len(probe.taken)} cards, not {len(entered)}")
    return canonical(after)


# -- the events of a tracked move ---------------------------------------------------------------

_TRIES = 10_000
"""Generators tried by :func:`arranged` before it gives up (a rebuild whose pile holds cards
added during the move needs one that shuffles them out of the way; a few tries usually do)."""


@attrs.define
class _Rebuilds(_Probe):
    """A probe that also remembers each rebuild (its pool, the pile as the rules gathered it, the
    generator it would be shuffled with, the cards wanted on top) and moves the generator on as
    the rules' own shuffle would, so the generators it remembers are those of plain play."""

    rebuilds: list[tuple[str, tuple[int, ...], Rng, tuple[int, ...]]] = attrs.field(factory=list)

    def rebuilt(self, pool: str, cards: tuple[int, ...], rng: Rng) -> tuple[tuple[int, ...], Rng]:
        waiting = len((self.queues or {}).get(pool, ()))
        pile, _ = super().rebuilt(pool, cards, rng)
        taken = waiting - len((self.queues or {}).get(pool, ()))
        self.rebuilds.append((pool, cards, rng, pile[:taken]))
        return pile, reshuffle(cards, rng)[1]


def _source(state: State, pool: str) -> tuple[int, ...]:
    """The zone of ``state`` a rebuild of ``pool`` gathers first, whose order is ours to choose."""
    return state.scrapheap if pool == "materials" else state.gremlin_discard


def _arrange_source(free: tuple[int, ...], cards: tuple[int, ...], rng: Rng,
                    top: tuple[int, ...]) -> tuple[int, ...] | None:
    """An order of ``free`` (the first ``len(free)`` of ``cards``) after which ``rng`` shuffles
    ``cards`` into a pile starting with ``top``; None if the cards beyond ``free`` are in the way."""
    order, _ = rng.shuffle(range(len(cards)))
    layout: list[int | None] = [None] * len(free)
    for want, at in zip(top, order, strict=False):
        if at >= len(free):
            if cards[at] != want:
                return None
        else:
            layout[at] = want
    rest = Counter(free)
    rest.subtract(c for c in layout if c is not None)
    if min(rest.values(), default=0) < 0:
        return None
    spare = iter(sorted(rest.elements()))
    return tuple(next(spare) if c is None else c for c in layout)


def arranged(state: State, action: Any, entered: tuple[Outcome, ...]) -> State:
    """A seeded state in which the plain rules take exactly ``entered`` for ``action`` (for its
    events, :func:`gremlinrules.core.chance.apply_with_events`; NGG-CHANCE-4).

    The entered cards are stacked on the decks; a pile rebuilt during the move is shuffled by
    the state's generator, so the zone it is gathered from (the scrapheap, the gremlin discards)
    is put in the order that this generator turns into the entered cards. Under
    ``rebuild_from="scrapheap_and_removed"`` the removed cards are moved onto the scrapheap
    first (the same pile, gathered earlier; no event shows either zone)."""
    stacked, queues = _entered_split(state, entered)
    if not any(queues.values()):
        return stacked
    if stacked.options.rebuild_from == "scrapheap_and_removed" and queues["materials"]:
        stacked = attrs.evolve(stacked, removed=(0,) * 6, scrapheap=stacked.scrapheap + tuple(
            t for t, k in enumerate(stacked.removed) for _ in range(k)))
    for attempt in range(_TRIES):
        candidate = attrs.evolve(stacked, rng=Rng(attempt))
        probe = _Rebuilds({pool: list(queue) for pool, queue in queues.items()})
        with _tapped(probe):
            rules.apply(candidate, action)
        changes: dict[str, Any] = {}
        for pool, cards, rng, pile in probe.rebuilds:
            zone = "scrapheap" if pool == "materials" else "gremlin_discard"
            free = _source(candidate, pool) if zone not in changes else ()
            order = _arrange_source(free, cards, rng, pile)
            if order is None:
                break
            changes.setdefault(zone, order)
        else:
            candidate = attrs.evolve(candidate, **changes)
            if _taken(candidate, action) == entered:
                return candidate
    raise InvalidArgumentError(f"no arrangement of the table reveals the outcomes entered for "
                               f"{shown(action)}")


def _taken(state: State, action: Any) -> tuple[Outcome, ...]:
    """The cards the plain (seeded) rules take for ``action`` from ``state``, in order."""
    with _tapped(_Probe()) as probe:
        rules.apply(state, action)
    return tuple(Outcome(pool, _NAMES[pool][pile[0]]) for pool, _, pile in probe.taken)


# -- the truth of a seeded game -----------------------------------------------------------------

def reveals(before: State | None, action: Any, after: State) -> tuple[Outcome, ...]:
    """What the seeded step ``before -> after`` revealed, in the order :func:`step` asks for it;
    ``before`` None: the opening hands of ``after`` (a new game), seat by seat.

    A move's cards are those the rules take when they replay it from ``before`` (the replay
    must give ``after``)."""
    if before is None:
        return tuple(Outcome("materials", MATERIALS[t].value)
                     for hand in after.hands for t, k in enumerate(hand) for _ in range(k))
    with _tapped(_Probe()) as probe:
        replayed = rules.apply(before, action)
    if replayed != after:
        raise InvalidArgumentError(f"the seeded step by {shown(action)} does not lead to the state given")
    return tuple(Outcome(pool, _NAMES[pool][pile[0]]) for pool, _, pile in probe.taken)
