"""Square-grid geometry: cells, the four sides, and neighbour lookups.

Cells are ``(x, y)`` integer pairs; ``y`` grows downward. Sides are numbered
``N=0, E=1, S=2, W=3`` clockwise, and ``OPPOSITE[side]`` is the side a
neighbour shares. Used by games that lay cards in a grid (tunnel maps).
"""

from __future__ import annotations

__all__ = [
    "ALL_SIDES_MASK", "OFFSETS", "OPPOSITE", "SIDES", "SIDE_NAMES", "Cell", "E", "N", "S", "W",
    "mask_from_names", "neighbor", "orthogonal", "rotate_mask", "side_bit",
]

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


# Edge masks: a set of sides as a 4-bit integer, bit ``side`` set when that side
# is open. Card games use them to match tunnel edges with one AND per neighbour.

SIDE_NAMES = "NESW"
"""The one-letter name of each side, indexed by side."""
ALL_SIDES_MASK = 0b1111


def side_bit(side: int) -> int:
    """The mask with only ``side`` set."""
    return 1 << side


def mask_from_names(names: str) -> int:
    """The mask of a string of side letters (``"NES"``); ValueError on another letter."""
    mask = 0
    for ch in names:
        i = SIDE_NAMES.find(ch)
        if i < 0:
            raise ValueError(f"{ch!r} is not a side (one of {SIDE_NAMES})")
        mask |= 1 << i
    return mask


def rotate_mask(mask: int, quarter_turns: int) -> int:
    """``mask`` turned clockwise by ``quarter_turns`` (2 = half a turn: N<->S, E<->W)."""
    q = quarter_turns % 4
    return ((mask << q) | (mask >> (4 - q))) & ALL_SIDES_MASK
