"""Lookup tables for the hot path of ``legal_actions`` and ``apply``.

Everything here is derived once from the rules' reference functions
(:func:`board.candidate_spots`, the action tables) so the hot path reads
answers instead of recomputing them; the conformance tests compare both.

- ``PLAYED[action][position]``: the :class:`Played` record an action makes.
- ``SUIT_BIT`` and ``MASK_SUITS``: a set of suits as a 4-bit mask.
- :func:`garden`: a layout's placement candidates per suit, built from tables
  that depend only on the suit's three hexes (so they are shared by every
  game); the 256 most recently used layouts are kept.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from itertools import compress
from operator import itemgetter
from typing import Any

from gremlinrules.gnaughty_gnomes.actions import PLACE, PLAY, PLAY_X, Place, Play, PlayX
from gremlinrules.gnaughty_gnomes.board import HEX_SPOTS, SPOT_HEXES, colour_spots
from gremlinrules.gnaughty_gnomes.components import SUITS, X_RANK, Card, Colour
from gremlinrules.gnaughty_gnomes.state import Played

__all__ = [
    "MASK_INDICES", "MASK_SUITS", "PLAYED", "SPOT_SCORING", "SUIT_BIT", "SUIT_INDEX", "Garden", "garden",
    "getter",
]

PLAYED: dict[Play | PlayX, tuple[Played, ...]] = {
    **{a: tuple(Played(pos, a.card, a.card.rank) for pos in range(4)) for a in PLAY.values()},
    **{a: tuple(Played(pos, Card(s, X_RANK), a.rank, a.high) for pos in range(4))
       for s, acts in PLAY_X.items() for a in acts},
}
"""Per play action, the record it puts in the trick for each position (0-3)."""

SUIT_BIT: dict[Colour, int] = {s: 1 << i for i, s in enumerate(SUITS)}
MASK_SUITS: tuple[tuple[Colour, ...], ...] = tuple(
    tuple(s for i, s in enumerate(SUITS) if m >> i & 1) for m in range(1 << len(SUITS))
)


def getter(indices: tuple[int, ...]) -> Callable[[tuple[Any, ...]], tuple[Any, ...]]:
    """``itemgetter`` that always returns a tuple (even for zero or one index)."""
    if len(indices) == 1:
        one = indices[0]
        return lambda seq: (seq[one],)
    if not indices:
        return lambda seq: ()
    return itemgetter(*indices)


_Getter = Callable[[tuple[int, ...]], tuple[int, ...]]
SPOT_SCORING: tuple[tuple[tuple[int, _Getter], ...], ...] = tuple(
    tuple((h, getter(HEX_SPOTS[h])) for h in hexes) for hexes in SPOT_HEXES
)
"""Per spot: each coloured hex it touches, with a getter of that hex's twelve spots."""

_Piece = tuple[_Getter, tuple[Place, ...], frozenset[int]]


@cache  # bounded: 4 suits x 220 hex triples x 4 categories x 2
def _piece(suit: Colour, hexes: tuple[int, ...], category: int, any_vertex: bool) -> _Piece:
    spots = colour_spots(hexes, category, any_vertex)
    return getter(spots), tuple(PLACE[suit][spot] for spot in spots), frozenset(spots)


class Garden:
    """The placement tables of one layout: per suit, category and ``any_vertex``, a getter
    of the candidate spots' gnomes, their Place actions (in spot order), and the spots as a set."""

    __slots__ = ("layout", "pieces")

    def __init__(self, layout: tuple[Colour, ...]) -> None:
        self.layout = layout
        self.pieces: tuple[tuple[_Piece, ...], ...] = tuple(
            tuple(_piece(s, tuple(h for h, c in enumerate(layout) if c is s), cat, anyv)
                  for cat in range(4) for anyv in (False, True))
            for s in SUITS
        )

    def placements(self, mask: int, category: int, any_vertex: bool,
                   gnomes: tuple[int, ...]) -> tuple[Place, ...]:
        """The open candidate spots for the unflipped suits ``mask``, in canonical order."""
        key = category * 2 + any_vertex
        pieces = self.pieces
        if mask in _SINGLE:
            get, actions, _ = pieces[_SINGLE[mask]][key]
            return tuple(compress(actions, map(_OPEN, get(gnomes))))
        out: list[Place] = []
        for i in MASK_INDICES[mask]:
            get, actions, _ = pieces[i][key]
            out.extend(compress(actions, map(_OPEN, get(gnomes))))
        return tuple(out)

    def allowed(self, suit: Colour, category: int, any_vertex: bool) -> frozenset[int]:
        """The candidate spots of one suit, as a set."""
        return self.pieces[SUIT_INDEX[suit]][category * 2 + any_vertex][2]


_OPEN = (-1).__eq__
SUIT_INDEX: dict[Colour, int] = {s: i for i, s in enumerate(SUITS)}
MASK_INDICES: tuple[tuple[int, ...], ...] = tuple(
    tuple(i for i in range(len(SUITS)) if m >> i & 1) for m in range(1 << len(SUITS))
)
_SINGLE = {1 << i: i for i in range(len(SUITS))}
_GARDENS: dict[tuple[Colour, ...], Garden] = {}
_KEEP_GARDENS = 256


def garden(layout: tuple[Colour, ...]) -> Garden:
    """The tables for ``layout`` (built on first use; at most 256 layouts are kept)."""
    found = _GARDENS.get(layout)
    if found is None:
        if len(_GARDENS) >= _KEEP_GARDENS:
            _GARDENS.clear()
        found = _GARDENS[layout] = Garden(layout)
    return found
