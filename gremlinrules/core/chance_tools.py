"""Shared pieces of the games' chance models (:mod:`gremlinrules.core.chance`).

A model counts what a pile can still give (:func:`weights`, :func:`without`), walks a deal into
the seats' piles in whatever order its cards are entered (:class:`Dealing`), and walks a move
consuming the outcomes entered so far (:class:`Feed`); these are the same in every game.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from collections.abc import Iterable
from collections.abc import Mapping
from collections.abc import Sequence
from functools import cache

import attrs

from gremlinrules.core.chance import Need
from gremlinrules.core.chance import Outcome
from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.core.errors import shown

__all__ = ["Dealing", "Feed", "Pile", "Weights", "hands", "only", "unseated", "weights", "without"]

Weights = tuple[tuple[str, int], ...]
"""``(item, weight)`` pairs sorted by item, as
:attr:`Need.weights <gremlinrules.core.chance.Need.weights>`."""


def weights(items: Iterable[str]) -> Weights:
    """Each distinct item with its number of copies, sorted by item."""
    return tuple(sorted(Counter(items).items()))


def without(pile: Iterable[str], taken: Iterable[str], where: str) -> Counter[str]:
    """The items of ``pile`` less ``taken``; InvalidArgumentError when ``taken`` is not in it
    (an outcome entered that the pile cannot give)."""
    left = Counter(pile)
    want = Counter(taken)
    if want - left:
        missing = sorted((want - left).elements())
        named = shown(", ".join(missing[:3]), 120)
        raise InvalidArgumentError(f"{named} cannot come next: not in the {where}")
    return left - want


class Feed:
    """The outcomes a walk through a deal or a move consumes.

    ``full`` (for a model's ``reveals``): every draw's true outcome, forced ones included; the
    walk notes in ``asked`` those it would have asked for. Otherwise the entered outcomes, which
    hold none of the forced ones.
    """

    def __init__(self, outcomes: Iterable[Outcome], *, full: bool = False) -> None:
        self.outcomes = iter(outcomes)
        self.full = full
        self.asked: list[Outcome] = []
        """The outcomes that were not forced, in the order the walk took them."""
        self.used = 0
        """How many outcomes were consumed."""

    def take(self, pool: str, offered: Weights, seen_by: tuple[int, ...] | None,
             seat: int | None = None) -> str | Need:
        """The next item: the only possible one, the one entered, or the Need to ask for it. An
        entered outcome of another pool, for another seat or of an item not offered is
        InvalidArgumentError (a hand-built state's, since the core checks what is entered)."""
        forced = len(offered) == 1
        if forced and not self.full:
            return offered[0][0]
        outcome = next(self.outcomes, None)
        if outcome is None:
            return Need(pool, offered, seen_by, seat)
        if (outcome.pool != pool or outcome.seat is not None
                or all(item != outcome.item for item, _ in offered)):
            raise InvalidArgumentError(f"{shown(str(outcome))} is not what the {pool} pool can give here")
        self.used += 1
        if not forced:
            self.asked.append(outcome)
        return outcome.item

    def done(self) -> None:
        """InvalidArgumentError if outcomes are left over (a walk that asks for no more)."""
        if not self.full and next(self.outcomes, None) is not None:
            raise InvalidArgumentError("more outcomes are entered than the deal or the move takes")

    def skip(self, count: int) -> None:
        """Pass over ``count`` draws filled in without asking (a full feed holds them)."""
        if self.full:
            for _ in range(count):
                next(self.outcomes)
                self.used += 1


def unseated(entered: Iterable[Outcome], where: str) -> None:
    """InvalidArgumentError if an outcome of ``entered`` names a seat: ``where`` (a draw during
    play, a reveal) takes its outcome for the seat the rules say, and the core writes an outcome
    naming that seat without it."""
    for outcome in entered:
        if outcome.seat is not None:
            raise InvalidArgumentError(f"{shown(str(outcome))} names a seat, but {where} goes to the seat "
                                       "the rules say")


@attrs.frozen(slots=True)
class Pile:
    """One part of a deal: the cards of one pool that go to one seat (``seat`` None: a part that
    goes to no seat, such as a garden, entered only in the deal's order)."""

    pool: str
    seat: int | None
    size: int
    seen_by: tuple[int, ...] | None
    """Who sees its cards at the table (None: everyone)."""


@cache
def hands(pool: str, players: int, size: int) -> tuple[Pile, ...]:
    """Each seat's hand of a deal: ``size`` cards of ``pool`` to seat 0, then to seat 1, ...,
    each seen by its seat (made once per pool, table size and hand size)."""
    return tuple(Pile(pool, seat, size, (seat,)) for seat in range(players))


Offer = Callable[[int, "Dealing"], Weights]
"""What pile ``i`` of a deal can take next (for a pile not dealt from one of its ``decks``)."""
Forced = Callable[[int, "Dealing"], Sequence[str]]
"""The cards pile ``i`` takes without asking once the deal offers it (none: ask)."""


def only(i: int, dealing: Dealing) -> Sequence[str]:
    """The usual forced card (a :data:`Forced`): the only item the pile can take next."""
    item = dealing.only_item(i)
    return () if item is None else (item,)


class Dealing:
    """A deal into piles that takes its cards in any order (issue 28).

    The deal offers its piles in order (seat 0's hand, then seat 1's, ...): the *next* pile is
    the first with room, and what it can take is the Need. An outcome naming no seat goes to the
    next pile (and must be of its pool); one naming a seat goes to that seat's pile of its pool,
    wherever the deal is, if it has room. What a pile can take depends only on what the piles
    hold, not on the order they were filled in, so every order of the same cards gives the same
    deal: for a pool in ``decks`` (the cards it deals, by design) the copies not dealt yet, kept
    count of as the deal goes; for another pool, ``offer``. ``forced``: the cards the next pile
    takes without asking (:func:`only`, the last X card).
    """

    def __init__(self, piles: Sequence[Pile], decks: Mapping[str, Counter[str]], offer: Offer | None = None,
                 forced: Forced | None = None) -> None:
        self.piles = tuple(piles)
        self.decks = decks
        self.offer = offer
        self.forced = forced
        self.filled: list[list[str]] = [[] for _ in self.piles]
        """Each pile's cards, in the order entered (forced ones included)."""
        self.dealt: dict[str, Counter[str]] = {pool: Counter() for pool in decks}
        """The cards dealt so far from each of ``decks``."""
        self._by_seat = {(p.pool, p.seat): i for i, p in enumerate(self.piles) if p.seat is not None}
        self._put_count = 0
        self._offered: tuple[tuple[int, int], Weights] = ((-1, -1), ())

    def weights(self, i: int) -> Weights:
        """What pile ``i`` can take next, with its weights."""
        pool = self.piles[i].pool
        deck = self.decks.get(pool)
        if deck is None:  # asked for again (forced? takes it?) until a card is put: computed once
            assert self.offer is not None, f"the deal has no offer for the {pool} pool"
            if self._offered[0] != (i, self._put_count):
                self._offered = ((i, self._put_count), self.offer(i, self))
            return self._offered[1]
        dealt = self.dealt[pool]
        return tuple(sorted((item, k - dealt[item]) for item, k in deck.items() if k > dealt[item]))

    def only_item(self, i: int) -> str | None:
        """The one item pile ``i`` can take next, or None when it can take several (or none)."""
        pool = self.piles[i].pool
        deck = self.decks.get(pool)
        if deck is None:
            offered = self.weights(i)
            return offered[0][0] if len(offered) == 1 else None
        dealt = self.dealt[pool]
        found: str | None = None
        for item, k in deck.items():
            if k > dealt[item]:
                if found is not None:
                    return None
                found = item
        return found

    def left(self, pool: str) -> int:
        """How many cards of the deck ``pool`` are not dealt yet."""
        return self.decks[pool].total() - self.dealt[pool].total()

    def _takes(self, i: int, item: str) -> bool:
        pool = self.piles[i].pool
        deck = self.decks.get(pool)
        if deck is None:
            return any(offered == item for offered, _ in self.weights(i))
        return deck.get(item, 0) > self.dealt[pool][item]

    def _put(self, i: int, items: Sequence[str]) -> None:
        self._put_count += 1
        self.filled[i].extend(items)
        dealt = self.dealt.get(self.piles[i].pool)
        if dealt is not None:
            dealt.update(items)

    def next_pile(self) -> int | None:
        """The index of the pile the deal offers next (forced cards filled in first); None when
        every pile is full."""
        for i, pile in enumerate(self.piles):
            while len(self.filled[i]) < pile.size:
                cards = self.forced(i, self) if self.forced is not None else ()
                if not cards:
                    return i
                self._put(i, cards[:pile.size - len(self.filled[i])])
        return None

    def enter(self, outcome: Outcome) -> None:
        """Put ``outcome`` in its pile; InvalidArgumentError (naming only the outcome) if it has
        none with room, or the pile cannot take the item."""
        nxt = self.next_pile()
        if outcome.seat is None:
            if nxt is None:
                raise InvalidArgumentError(f"{shown(str(outcome))}: the deal is complete")
            i = nxt
            if self.piles[i].pool != outcome.pool:
                raise InvalidArgumentError(f"{shown(str(outcome))}: the deal asks for the "
                                           f"{self.piles[i].pool} pool here")
        else:
            found = self._by_seat.get((outcome.pool, outcome.seat))
            if found is None:
                raise InvalidArgumentError(f"{shown(str(outcome))}: the deal gives seat {outcome.seat} "
                                           f"no card of the {shown(outcome.pool)} pool")
            i = found
            if len(self.filled[i]) >= self.piles[i].size:
                raise InvalidArgumentError(f"{shown(str(outcome))}: seat {outcome.seat} has all its cards of "
                                           f"the {outcome.pool} pool")
        if not self._takes(i, outcome.item):
            raise InvalidArgumentError(f"{shown(str(outcome))} cannot come now")
        self._put(i, (outcome.item,))

    def need(self) -> Need | None:
        """The next chance decision of the deal, or None when it is complete."""
        i = self.next_pile()
        if i is None:
            return None
        pile = self.piles[i]
        return Need(pile.pool, self.weights(i), pile.seen_by, pile.seat)

    def run(self, entered: Iterable[Outcome]) -> Need | None:
        """Enter every outcome of ``entered``; then the next Need, or None when the deal is done."""
        for outcome in entered:
            self.enter(outcome)
        return self.need()

    def truth(self, cards: Sequence[Sequence[str]]) -> tuple[Outcome, ...]:
        """For a seeded deal whose piles hold ``cards`` (by pile index, in order), the outcomes
        the deal asks for, in the order it asks for them (the forced ones left out)."""
        asked: list[Outcome] = []
        while (i := self.next_pile()) is not None:
            outcome = Outcome(self.piles[i].pool, cards[i][len(self.filled[i])])
            self.enter(outcome)
            asked.append(outcome)
        if any(Counter(c) != Counter(f) for c, f in zip(cards, self.filled, strict=True)):
            raise InvalidArgumentError("the deal's forced cards are not the ones the seeded deal holds")
        return tuple(asked)
