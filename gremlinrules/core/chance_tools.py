"""Shared pieces of the games' chance models (:mod:`gremlinrules.core.chance`).

A model counts what a pile can still give (:func:`weights`, :func:`without`) and walks a deal or
a move consuming the outcomes entered so far (:class:`Feed`); these are the same in every game.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from gremlinrules.core.chance import Need, Outcome
from gremlinrules.core.errors import InvalidArgumentError, shown

__all__ = ["Feed", "Weights", "weights", "without"]

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

    def take(self, pool: str, offered: Weights, seen_by: tuple[int, ...] | None) -> str | Need:
        """The next item: the only possible one, the one entered, or the Need to ask for it."""
        forced = len(offered) == 1
        if forced and not self.full:
            return offered[0][0]
        outcome = next(self.outcomes, None)
        if outcome is None:
            return Need(pool, offered, seen_by)
        self.used += 1
        if not forced:
            self.asked.append(outcome)
        return outcome.item

    def skip(self, count: int) -> None:
        """Pass over ``count`` draws filled in without asking (a full feed holds them)."""
        if self.full:
            for _ in range(count):
                next(self.outcomes)
                self.used += 1
