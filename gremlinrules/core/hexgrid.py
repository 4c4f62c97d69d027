"""Hex geometry: axial hexes, and the edges and vertices of a finite board.

Hexes are axial coordinates ``(q, r)`` of pointy-top hexagons. The six
neighbour directions, in clockwise order starting east, are ``DIRECTIONS``.
An *edge* is named by the two hexes it separates (one may lie off the board),
a *vertex* by the three hexes that meet there (some may lie off the board).

:class:`HexBoard` numbers every edge and vertex that touches at least one board
hex, edges first then vertices, each group sorted by its sorted hex tuple, so
a spot index means the same place for every board of the same shape. It
precomputes, per spot, the board hexes it touches, and per hex, its spots:
the tables that placement and scoring rules read in their hot paths.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

__all__ = ["DIRECTIONS", "Hex", "HexBoard", "hex_center", "neighbors"]

Hex = tuple[int, int]

DIRECTIONS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
"""Axial neighbour offsets, counter-clockwise from east (E, NE, NW, W, SW, SE)."""


def neighbors(h: Hex) -> tuple[Hex, ...]:
    """The six hexes around ``h``, in ``DIRECTIONS`` order."""
    q, r = h
    return tuple((q + dq, r + dr) for dq, dr in DIRECTIONS)


def hex_center(h: Hex) -> tuple[float, float]:
    """Pixel centre of a pointy-top hex of circumradius 1 (y grows downward)."""
    q, r = h
    return (3**0.5 * (q + r / 2), 1.5 * r)


@attrs.frozen(slots=True)
class Spot:
    """One place a piece can sit: an edge (2 hexes) or a vertex (3 hexes)."""

    index: int
    kind: str
    """``"edge"`` or ``"vertex"``."""
    hexes: tuple[Hex, ...]
    """The hexes that meet at this spot, on or off the board, sorted."""
    board_hexes: tuple[int, ...]
    """Indices (into :attr:`HexBoard.hexes`) of the board hexes it touches."""

    @property
    def center(self) -> tuple[float, float]:
        """Pixel position: the mean of the meeting hexes' centres."""
        pts = [hex_center(h) for h in self.hexes]
        return (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))


@attrs.frozen(slots=True)
class HexBoard:
    """A finite set of hexes with its edges and vertices numbered."""

    hexes: tuple[Hex, ...]
    """The board hexes, in the order the caller gave."""
    spots: tuple[Spot, ...]
    """Every edge, then every vertex, touching a board hex."""
    hex_spots: tuple[tuple[int, ...], ...]
    """For each board hex, the indices of its six edges and six vertices."""
    hex_neighbors: tuple[tuple[int, ...], ...]
    """For each board hex, the indices of the board hexes adjacent to it."""

    @classmethod
    def build(cls, hexes: Iterable[Hex]) -> HexBoard:
        """Number the edges and vertices of a board made of ``hexes``."""
        hex_list = tuple(hexes)
        index_of = {h: i for i, h in enumerate(hex_list)}
        edges: set[tuple[Hex, ...]] = set()
        vertices: set[tuple[Hex, ...]] = set()
        for h in hex_list:
            around = neighbors(h)
            for i in range(6):
                edges.add(tuple(sorted((h, around[i]))))
                vertices.add(tuple(sorted((h, around[i], around[(i + 1) % 6]))))
        spots: list[Spot] = []
        for kind, group in (("edge", edges), ("vertex", vertices)):
            for key in sorted(group):
                touching = tuple(sorted(index_of[h] for h in key if h in index_of))
                spots.append(Spot(len(spots), kind, key, touching))
        hex_spots = tuple(
            tuple(s.index for s in spots if i in s.board_hexes) for i in range(len(hex_list))
        )
        hex_neighbors = tuple(
            tuple(sorted(index_of[n] for n in neighbors(h) if n in index_of)) for h in hex_list
        )
        return cls(hex_list, tuple(spots), hex_spots, hex_neighbors)

    @property
    def edges(self) -> tuple[Spot, ...]:
        """The edge spots."""
        return tuple(s for s in self.spots if s.kind == "edge")

    @property
    def vertices(self) -> tuple[Spot, ...]:
        """The vertex spots."""
        return tuple(s for s in self.spots if s.kind == "vertex")
