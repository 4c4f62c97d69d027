"""Lookup tables for the hot path of ``legal_actions`` and ``apply``.

Used by :mod:`gremlinrules.gnaughty_gnomes.fast` only. Everything here is
derived once from the board's placement categories
(:func:`board.colour_spots`) and the action tables, so the hot path reads
answers instead of recomputing them; ``tests/gnaughty_gnomes/test_tables.py``
and ``test_differential.py`` compare them with the reference rules on random
games.

- ``PLAYED[action][position]``: the :class:`Played` record an action makes.
- ``MASK_SUITS``: the suits of a 4-bit mask of ``Card.suit_bit`` values.
- :func:`garden`: a layout's placement candidates per suit, built from
  pieces that depend only on the suit's three hexes (so they are shared by
  every game, in a :class:`core.cache.BoundedCache` as large as their
  domain); up to 256 layouts are kept in another. Each piece keeps up to 128
  open subsets of its spots (a table bounded per piece).
- :func:`occupancy`: the gnomes on the garden as one bitmask per team, so
  filtering open spots and counting majorities are integer operations. The
  masks of up to 4096 ``gnomes`` tuples are remembered by value in a
  :class:`core.cache.BoundedCache` (all caches here are bounded, and a miss
  only costs a recount), with the tuple ``apply`` made last held in front of
  it and found by an identity test (it holds the tuple, so never a stale id).
"""

from __future__ import annotations

from itertools import compress
from operator import not_

from gremlinrules.core.cache import BoundedCache
from gremlinrules.gnaughty_gnomes.actions import PLACE, PLAY, PLAY_X, Place, Play, PlayX
from gremlinrules.gnaughty_gnomes.board import HEX_SPOTS, LOSER, SPOT_HEXES, colour_spots
from gremlinrules.gnaughty_gnomes.components import SUITS, X_RANK, Card, Colour
from gremlinrules.gnaughty_gnomes.state import Played

__all__ = [
    "HEX_MASK", "MASK_INDICES", "MASK_SUITS", "PLAYED", "SPOT_HEX_MASKS", "SUIT_INDEX", "Garden",
    "Piece", "garden", "occupancy", "remember",
]

PLAYED: dict[Play | PlayX, tuple[Played, ...]] = {
    **{a: tuple(Played(pos, a.card, a.card.rank) for pos in range(4)) for a in PLAY.values()},
    **{a: tuple(Played(pos, Card(s, X_RANK), a.rank, a.high) for pos in range(4))
       for s, acts in PLAY_X.items() for a in acts},
}
"""Per play action, the record it puts in the trick for each position (0-3)."""

MASK_SUITS: tuple[tuple[Colour, ...], ...] = tuple(
    tuple(s for i, s in enumerate(SUITS) if m >> i & 1) for m in range(1 << len(SUITS))
)


class Piece:
    """The candidate spots of one suit for one placement category: the Place actions in
    spot order, the spots as a set and as a bitmask, and the open subsets seen so far."""

    __slots__ = ("actions", "bits", "mask", "spots", "subsets")

    def __init__(self, suit: Colour, spots: tuple[int, ...]) -> None:
        self.actions = tuple(map(PLACE[suit].__getitem__, spots))
        self.spots = frozenset(spots)
        self.bits = tuple(map((1).__lshift__, spots))
        self.mask = sum(self.bits)
        self.subsets: dict[int, tuple[Place, ...]] = {}

    def open_actions(self, occupied: int) -> tuple[Place, ...]:
        """The actions whose spot is not in the bitmask ``occupied``."""
        hit = self.mask & occupied
        if not hit:
            return self.actions
        found = self.subsets.get(hit)
        if found is None:
            found = tuple(compress(self.actions, map(not_, map(hit.__and__, self.bits))))
            if len(self.subsets) < _KEEP_SUBSETS:
                self.subsets[hit] = found
        return found


_KEEP_SUBSETS = 128


def _piece(suit: Colour, hexes: tuple[int, ...], category: int, any_vertex: bool) -> Piece:
    # any_vertex widens only the trick loser's category (GG-PLACE-6): share the others' pieces
    return _cached_piece(suit, hexes, category, any_vertex and category >= LOSER)


_PIECES: BoundedCache[tuple[Colour, tuple[int, ...], int, bool], Piece] = BoundedCache(
    "gnaughty-gnomes placement pieces", 4 * 220 * 5)  # 4 suits x 220 hex triples x 5 category readings


def _cached_piece(suit: Colour, hexes: tuple[int, ...], category: int, any_vertex: bool) -> Piece:
    key = (suit, hexes, category, any_vertex)
    found = _PIECES.get(key)
    if found is None:
        found = _PIECES.put(key, Piece(suit, colour_spots(hexes, category, any_vertex)))
    return found


class Garden:
    """The placement tables of one layout: a :class:`Piece` per suit, category and ``any_vertex``."""

    __slots__ = ("layout", "pieces")

    def __init__(self, layout: tuple[Colour, ...]) -> None:
        self.layout = layout
        self.pieces: tuple[tuple[Piece, ...], ...] = tuple(
            tuple(_piece(s, tuple(h for h, c in enumerate(layout) if c is s), cat, anyv)
                  for cat in range(4) for anyv in (False, True))
            for s in SUITS
        )

    def placements(self, mask: int, category: int, any_vertex: bool, occupied: int) -> tuple[Place, ...]:
        """The open candidate spots for the unflipped suits ``mask``, in canonical order."""
        key = category * 2 + any_vertex
        pieces = self.pieces
        out: tuple[Place, ...] = ()
        for i in MASK_INDICES[mask]:
            out += pieces[i][key].open_actions(occupied)
        return out

    def allowed(self, suit: Colour, category: int, any_vertex: bool) -> frozenset[int]:
        """The candidate spots of one suit, as a set."""
        return self.pieces[SUIT_INDEX[suit]][category * 2 + any_vertex].spots


SUIT_INDEX: dict[Colour, int] = {s: i for i, s in enumerate(SUITS)}
MASK_INDICES: tuple[tuple[int, ...], ...] = tuple(
    tuple(i for i in range(len(SUITS)) if m >> i & 1) for m in range(1 << len(SUITS))
)
_GARDENS: BoundedCache[tuple[Colour, ...], Garden] = BoundedCache("gnaughty-gnomes gardens", 256)
_garden_get = _GARDENS.get


def garden(layout: tuple[Colour, ...]) -> Garden:
    """The tables for ``layout`` (built on first use; at most 256 layouts are kept)."""
    found = _garden_get(layout)
    return _GARDENS.put(layout, Garden(layout)) if found is None else found


_OCCUPANCY: BoundedCache[tuple[int | None, ...], tuple[int, int]] = BoundedCache(
    "gnaughty-gnomes occupancy", 4096)
_occupancy_get = _OCCUPANCY.get


class _Last:
    """The last ``gnomes`` tuple recorded and its masks: playouts ask about the tuple ``apply``
    just made, and an identity test (the tuple is held here, so it is that very tuple) saves
    hashing 92 values in front of the value-keyed cache."""

    __slots__ = ("gnomes", "masks")

    def __init__(self) -> None:
        self.gnomes: tuple[int | None, ...] = ()
        self.masks: tuple[int, int] = (0, 0)


_LAST = _Last()


def occupancy(gnomes: tuple[int | None, ...]) -> tuple[int, int]:
    """Team 0's and team 1's gnomes as bitmasks of spots.

    The tuple ``apply`` made last is answered at once; other tuples are
    remembered by value in a bounded cache, and any tuple not remembered is
    counted once.
    """
    last = _LAST
    if gnomes is last.gnomes:
        return last.masks
    found = _occupancy_get(gnomes)
    if found is not None:
        return found
    team0 = team1 = 0
    for spot, team in enumerate(gnomes):
        if team == 0:
            team0 |= 1 << spot
        elif team == 1:
            team1 |= 1 << spot
    return _OCCUPANCY.put(gnomes, (team0, team1))


def remember(gnomes: tuple[int | None, ...], team0: int, team1: int) -> None:
    """Record the bitmasks of a ``gnomes`` tuple ``apply`` just made (see :func:`occupancy`)."""
    last = _LAST
    last.gnomes = gnomes
    last.masks = _OCCUPANCY.put(gnomes, (team0, team1))


HEX_MASK: tuple[int, ...] = tuple(sum(1 << spot for spot in spots) for spots in HEX_SPOTS)
"""Per hex, its twelve spots as a bitmask."""
SPOT_HEX_MASKS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((h, HEX_MASK[h]) for h in hexes) for hexes in SPOT_HEXES
)
"""Per spot: each coloured hex it touches, with that hex's spot bitmask."""
