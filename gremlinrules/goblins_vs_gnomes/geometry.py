"""The field's fixed layout and per-design tables, precomputed at import.

The start card lies on (0, 0). The three targets lie ``target_distance`` cells
to its right, stacked with ``target_gap`` empty cells between them: (8, -2),
(8, 0), (8, 2) with the reference numbers (GVG-FIELD-1). Cards are laid in the
table rectangle only (GVG-FIELD-2).
"""

from __future__ import annotations

from gremlinrules.core.grid import Cell, rotate_mask
from gremlinrules.goblins_vs_gnomes.components import COMPONENTS

__all__ = [
    "COLOUR", "DESIGNS", "EDGES", "KIND", "PLACEABLE_CELLS", "PLACEABLE_SET", "START",
    "TARGET_CELLS", "TARGET_SLOT",
]

START: Cell = (0, 0)
_step = COMPONENTS.number("target_gap") + 1
_dist = COMPONENTS.number("target_distance")
TARGET_CELLS: tuple[Cell, ...] = ((_dist, -_step), (_dist, 0), (_dist, _step))
"""The target cells by slot: 0 top, 1 middle, 2 bottom."""
TARGET_SLOT: dict[Cell, int] = {c: i for i, c in enumerate(TARGET_CELLS)}

_x0, _x1, _y0, _y1 = COMPONENTS.bounds
PLACEABLE_CELLS: tuple[Cell, ...] = tuple(
    (x, y) for y in range(_y0, _y1 + 1) for x in range(_x0, _x1 + 1)
    if (x, y) != START and (x, y) not in TARGET_SLOT
)
"""Every cell a tunnel card may ever be laid on, row by row."""
PLACEABLE_SET = frozenset(PLACEABLE_CELLS)

DESIGNS = {d.name: d for d in COMPONENTS.designs}
KIND: dict[str, str] = {d.name: d.kind for d in COMPONENTS.designs}
COLOUR: dict[str, str] = {d.name: d.colour for d in COMPONENTS.designs}
EDGES: dict[tuple[str, bool], int] = {}
"""Open-edge mask of a design as laid (rotated half a turn or not)."""
for _d in COMPONENTS.designs:
    EDGES[(_d.name, False)] = _d.edges
    EDGES[(_d.name, True)] = rotate_mask(_d.edges, 2)
