"""Draw piles that are rebuilt from a discard pile.

Several games shuffle a discard pile (or a scrapheap) back into a deck when
the deck runs out or when a card says so. These helpers do it with the state's
:class:`~gremlinrules.core.rng.Rng`, so the new order is reproducible.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from gremlinrules.core.rng import Rng

__all__ = ["draw_or_rebuild", "reshuffle"]

_T = TypeVar("_T")


def reshuffle(cards: Sequence[_T], rng: Rng) -> tuple[tuple[_T, ...], Rng]:
    """``cards`` shuffled into a new deck (top card first), and the next generator.

    An empty pile gives an empty deck and leaves the generator unchanged.
    """
    if not cards:
        return (), rng
    return rng.shuffle(cards)


def draw_or_rebuild(
    deck: tuple[_T, ...], discard: tuple[_T, ...], rng: Rng
) -> tuple[_T | None, tuple[_T, ...], tuple[_T, ...], Rng]:
    """Draw the top card; an empty deck is first rebuilt by shuffling the discard pile.

    Returns ``(card, deck, discard, rng)``; ``card`` is None when both are empty.
    """
    if not deck:
        if not discard:
            return None, deck, discard, rng
        deck, rng = reshuffle(discard, rng)
        discard = ()
    return deck[0], deck[1:], discard, rng
