"""Decks, hands and hidden zones as immutable tuples.

Shared by every game: dealing from a shuffled deck, removing one card from a
hand, and the public summary of a hidden zone (its size, never its order).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from gremlinrules.core.errors import SetupError

__all__ = ["deal", "draw", "next_seat", "remove_one", "replace_at", "seats_from"]

_T = TypeVar("_T")


def deal(deck: Sequence[_T], sizes: Sequence[int]) -> tuple[tuple[tuple[_T, ...], ...], tuple[_T, ...]]:
    """Deal consecutive runs of ``deck`` of the given sizes; return the hands and the rest.

    The first card dealt is ``deck[0]`` (the top of the deck).
    """
    need = sum(sizes)
    if need > len(deck):
        raise SetupError(f"cannot deal {need} cards from a deck of {len(deck)}")
    hands = []
    pos = 0
    for size in sizes:
        hands.append(tuple(deck[pos : pos + size]))
        pos += size
    return tuple(hands), tuple(deck[pos:])


def draw(deck: tuple[_T, ...], n: int) -> tuple[tuple[_T, ...], tuple[_T, ...]]:
    """Draw up to ``n`` cards from the top (index 0); fewer if the deck runs out."""
    return deck[:n], deck[n:]


def remove_one(items: tuple[_T, ...], item: _T) -> tuple[_T, ...]:
    """``items`` without its first occurrence of ``item`` (which must be present)."""
    i = items.index(item)
    return items[:i] + items[i + 1 :]


def next_seat(seat: int, players: int, step: int = 1) -> int:
    """The seat ``step`` places clockwise (increasing index) from ``seat``."""
    return (seat + step) % players


def seats_from(start: int, players: int) -> tuple[int, ...]:
    """All seats in clockwise order starting at ``start``."""
    return tuple((start + i) % players for i in range(players))


def replace_at(items: tuple[_T, ...], i: int, value: _T) -> tuple[_T, ...]:
    """``items`` with entry ``i`` replaced by ``value`` (one seat's row, hand or counter)."""
    out = list(items)  # the fastest way to one changed entry of a short tuple
    out[i] = value
    return tuple(out)
