"""Square-grid geometry: cells, the four sides, and neighbour lookups.

Cells are ``(x, y)`` integer pairs; ``y`` grows downward. Sides are numbered
``N=0, E=1, S=2, W=3`` clockwise, and ``OPPOSITE[side]`` is the side a
neighbour shares. Used by games that lay cards in a grid (tunnel maps).
"""

from __future__ import annotations

__all__ = ["E", "N", "OFFSETS", "OPPOSITE", "S", "SIDES", "W", "Cell", "neighbor", "orthogonal"]

Cell = tuple[int, int]

N, E, S, W = 0, 1, 2, 3
SIDES: tuple[int, ...] = (N, E, S, W)
OFFSETS: tuple[Cell, ...] = ((0, -1), (1, 0), (0, 1), (-1, 0))
"""The step to the neighbour across each side, indexed by side."""
OPPOSITE: tuple[int, ...] = (S, W, N, E)


def neighbor(cell: Cell, side: int) -> Cell:
    """The cell across ``side`` of ``cell``."""
    dx, dy = OFFSETS[side]
    return (cell[0] + dx, cell[1] + dy)


def orthogonal(cell: Cell) -> tuple[Cell, ...]:
    """The four cells sharing a side with ``cell``, in side order N, E, S, W."""
    x, y = cell
    return ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y))
