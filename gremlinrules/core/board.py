"""A board of spaces to move on: a graph, movement within a number of steps, distances.

No game knowledge lives here. A :class:`BoardGraph` is a tuple of space names and, for
each space, the sorted tuple of the spaces one step away; a space's id is its index.
:func:`grid_graph` builds one from a rectangle of cells with walls between cells and
areas (buildings) that are crossed only through doors; :func:`reachable` gives the
destinations of a move of up to ``k`` steps with spaces that block, that may be passed
but not landed on, and that end the move; :func:`distances` is a breadth-first search.

Both searches run on plain ints and the precomputed neighbour tuples. For a graph whose
steps are the unit steps of a grid (every :func:`grid_graph`), :func:`grid_bits` lays the
spaces out as the bits of one integer: :func:`reach_bits` is then :func:`reachable` as a few
dozen whole-board bit operations, and :func:`select_bits` turns a mask back into per-space
items in map order.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Iterable
from collections.abc import Mapping
from collections.abc import Sequence
from itertools import compress
from typing import Any

import attrs

from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.core.errors import shown

__all__ = [
    "COLUMN_LETTERS", "BoardGraph", "GridBits", "cell_name", "distances", "grid_bits", "grid_graph", "layout",
    "reach_bits", "reachable", "select_bits",
]

Cell = tuple[int, int]

COLUMN_LETTERS = "abcdefghijklmnopqrstuvwxyz"
"""The column names of :func:`cell_name`: a board is at most 26 columns wide."""

_EMPTY: frozenset[int] = frozenset()


def cell_name(x: int, y: int) -> str:
    """The chess-like name of cell ``(x, y)``: column letter then row number, ``(0, 0)`` is ``"a1"``."""
    return f"{COLUMN_LETTERS[x]}{y + 1}"


def _check_neighbours(names: tuple[str, ...], neighbours: tuple[tuple[int, ...], ...]) -> None:
    """Raise :class:`~gremlinrules.core.errors.InvalidArgumentError` unless the adjacency is a
    simple undirected graph."""
    n = len(names)
    if len(neighbours) != n:
        raise InvalidArgumentError(f"{n} names but {len(neighbours)} neighbour tuples")
    if len(set(names)) != n:
        raise InvalidArgumentError("two spaces share a name")
    for u, row in enumerate(neighbours):
        if list(row) != sorted(set(row)):
            raise InvalidArgumentError(f"the neighbours of {names[u]} are not sorted and distinct")
        for v in row:
            if type(v) is not int or not 0 <= v < n:
                raise InvalidArgumentError(f"{names[u]} has a neighbour {shown(v)} that is not a space")
            if v == u:
                raise InvalidArgumentError(f"{names[u]} is its own neighbour")
            if u not in neighbours[v]:
                raise InvalidArgumentError(f"{names[u]} -> {names[v]} has no way back")


@attrs.frozen
class BoardGraph:
    """Spaces and the single steps between them (an undirected graph without loops)."""

    names: tuple[str, ...]
    """The name of each space; a space's id is its index here."""
    neighbours: tuple[tuple[int, ...], ...]
    """For each space, the ids one step away: sorted, distinct, symmetric, never itself."""
    _ids: Mapping[str, int] = attrs.field(init=False, repr=False, eq=False, hash=False)

    def __attrs_post_init__(self) -> None:
        """Check the adjacency and index the names."""
        _check_neighbours(self.names, self.neighbours)
        object.__setattr__(self, "_ids", {name: i for i, name in enumerate(self.names)})

    def __len__(self) -> int:
        """The number of spaces."""
        return len(self.names)

    def index(self, name: str) -> int:
        """The id of the space called ``name``.

        :class:`~gremlinrules.core.errors.InvalidArgumentError` if there is none.
        """
        i = self._ids.get(name) if isinstance(name, str) else None
        if i is None:
            raise InvalidArgumentError(f"no space is called {shown(name)}")
        return i

    def edges(self) -> tuple[tuple[int, int], ...]:
        """Every step as ``(u, v)`` with ``u < v``, sorted."""
        return tuple((u, v) for u, row in enumerate(self.neighbours) for v in row if u < v)


def grid_graph(
    width: int,
    height: int,
    *,
    cells: Iterable[Cell] | None = None,
    walls: Iterable[tuple[Cell, Cell]] = (),
    area_of: Mapping[Cell, str] | None = None,
    doors: Iterable[tuple[Cell, Cell]] = (),
    name: Callable[[int, int], str] = cell_name,
) -> BoardGraph:
    """The graph of orthogonal steps on a ``width`` x ``height`` grid.

    ``cells`` are the cells that are spaces (default: all); ids follow row by row from
    ``(0, 0)``, ``x`` first. A step joins two orthogonal neighbours unless a wall lies
    between them, or they lie in different areas (``area_of``, default one area for
    all) and the pair is not a door. Walls and doors are unordered pairs of cells;
    one naming a cell that is not a space, or two cells that are not neighbours,
    raises :class:`~gremlinrules.core.errors.InvalidArgumentError`.
    """
    if not (isinstance(width, int) and isinstance(height, int) and 0 < width <= len(COLUMN_LETTERS)
            and height > 0):
        raise InvalidArgumentError(
            f"a grid is 1 to 26 wide and at least 1 high, not {shown((width, height))}")
    present = set(cells) if cells is not None else {(x, y) for x in range(width) for y in range(height)}
    order = sorted(present, key=lambda c: (c[1], c[0]))
    for x, y in order:
        if not (0 <= x < width and 0 <= y < height):
            raise InvalidArgumentError(f"cell {shown((x, y))} is off the {width}x{height} grid")
    ids = {c: i for i, c in enumerate(order)}
    areas = area_of or {}

    def pairs(items: Iterable[tuple[Cell, Cell]], what: str) -> set[frozenset[Cell]]:
        out: set[frozenset[Cell]] = set()
        for a, b in items:
            if a not in ids or b not in ids:
                raise InvalidArgumentError(f"a {what} names a cell that is not a space: {shown((a, b))}")
            if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
                raise InvalidArgumentError(f"a {what} joins cells that are not neighbours: {shown((a, b))}")
            out.add(frozenset((a, b)))
        return out

    blocked = pairs(walls, "wall")
    open_doors = pairs(doors, "door")
    rows: list[list[int]] = [[] for _ in order]
    for (x, y), i in ids.items():
        for other in ((x + 1, y), (x, y + 1)):
            j = ids.get(other)
            if j is None:
                continue
            edge = frozenset(((x, y), other))
            if edge in blocked:
                continue
            if areas.get((x, y), "") != areas.get(other, "") and edge not in open_doors:
                continue
            rows[i].append(j)
            rows[j].append(i)
    return BoardGraph(tuple(name(x, y) for x, y in order), tuple(tuple(sorted(r)) for r in rows))


def _check_start(graph: BoardGraph, start: int) -> None:
    if type(start) is not int or not 0 <= start < len(graph.neighbours):
        raise InvalidArgumentError(f"start {shown(start)} is not a space of the board")


def reachable(
    graph: BoardGraph,
    start: int,
    steps: int,
    *,
    impassable: frozenset[int] = _EMPTY,
    no_stop: frozenset[int] = _EMPTY,
    stops: frozenset[int] = _EMPTY,
) -> tuple[int, ...]:
    """The spaces a move of 1 to ``steps`` single steps from ``start`` can end on, sorted.

    A move never enters an ``impassable`` space; it may pass through but never end on a
    ``no_stop`` space; entering a ``stops`` space ends it there (so a space in both
    ``no_stop`` and ``stops`` can be neither passed nor landed on). ``start`` itself is
    never a destination, whatever sets it is in, and the move may always leave it.
    A space is a destination exactly when a walk obeying these rules reaches it: the
    breadth-first search below expands only spaces a move may continue from, so the
    first time it meets a space is along a shortest such walk.
    """
    _check_start(graph, start)
    if type(steps) is not int or steps < 0:
        raise InvalidArgumentError(f"steps must be a non-negative integer, not {shown(steps)}")
    neighbours = graph.neighbours
    seen = {start}
    seen.update(impassable)
    frontier = [start]
    found: list[int] = []
    for _ in range(steps):
        nxt: list[int] = []
        for u in frontier:
            for v in neighbours[u]:
                if v in seen:
                    continue
                seen.add(v)
                if v not in no_stop:
                    found.append(v)
                if v not in stops:
                    nxt.append(v)
        if not nxt:
            break
        frontier = nxt
    found.sort()
    return tuple(found)


def distances(
    graph: BoardGraph, start: int, *, impassable: frozenset[int] = _EMPTY,
) -> tuple[int | None, ...]:
    """The fewest steps from ``start`` to every space (``None``: no way there).

    Paths never enter an ``impassable`` space; ``start`` is at distance 0 even if it is
    in ``impassable``.
    """
    _check_start(graph, start)
    neighbours = graph.neighbours
    dist: list[int | None] = [None] * len(neighbours)
    dist[start] = 0
    frontier = [start]
    d = 0
    while frontier:
        d += 1
        nxt: list[int] = []
        for u in frontier:
            for v in neighbours[u]:
                if dist[v] is None and v not in impassable:
                    dist[v] = d
                    nxt.append(v)
        frontier = nxt
    return tuple(dist)


# --- the same movement as bit masks, for a grid -------------------------------------------


@attrs.frozen(eq=False)
class GridBits:
    """A board graph whose steps are unit steps of a ``width``-wide grid, as bit masks.

    Cell ``(x, y)`` is bit ``size - 1 - (y * width + x)``: the bits run in *reverse* map
    order, so a mask's binary digits, read from its highest, name spaces in map order
    (see :func:`select_bits`). ``east`` and the others are the masks of the spaces with a
    step that way (walls and door-less sides are absent, as in the graph).
    """

    width: int
    size: int
    """Bits in the layout (``width`` times the rows)."""
    bits: tuple[int, ...]
    """The mask of each space id."""
    everything: int
    """The mask of every space."""
    east: int
    west: int
    north: int
    south: int
    positions: tuple[int, ...]
    """Each space's grid position ``y * width + x``."""


def grid_bits(graph: BoardGraph, cells: Sequence[tuple[int, int]]) -> GridBits | None:
    """The bit layout of ``graph`` whose space ``i`` lies at grid cell ``cells[i]`` (x, y from 0);
    None when some step of the graph is not a unit step of the grid or the cells do not follow
    map order (row by row, ``x`` first), as :func:`grid_graph` makes them."""
    if len(cells) != len(graph.neighbours) or not cells:
        return None
    width = max(x for x, _ in cells) + 1
    rows = max(y for _, y in cells) + 1
    size = width * rows
    positions = tuple(y * width + x for x, y in cells)
    if any(x < 0 or y < 0 for x, y in cells) or list(positions) != sorted(set(positions)):
        return None
    bits = tuple(1 << (size - 1 - p) for p in positions)
    east = west = north = south = 0
    for u, row in enumerate(graph.neighbours):
        x, _ = cells[u]
        for v in row:
            d = positions[v] - positions[u]
            if d == 1 and x + 1 < width:
                east |= bits[u]
            elif d == -1 and x > 0:
                west |= bits[u]
            elif d == width:
                north |= bits[u]
            elif d == -width:
                south |= bits[u]
            else:
                return None
    return GridBits(width, size, bits, sum(bits), east, west, north, south, positions)


def reach_bits(gb: GridBits, start: int, steps: int, stops: int = 0, impassable: int = 0) -> int:
    """:func:`reachable` on the bit layout: the mask of the spaces a move of 1 to ``steps``
    steps from the space of mask ``start`` (one bit) can end on, ``start`` excluded.

    ``stops`` and ``impassable`` are masks (bits outside the spaces are ignored); a ``no_stop``
    set is the caller's ``& ~no_stop`` on the result (those spaces are passed through as any
    other). Each round of the loop takes one step from every space of the front at once.
    """
    east, west, north, south, width = gb.east, gb.west, gb.north, gb.south, gb.width
    everything = gb.everything  # non-negative masks throughout: CPython's bit operations on
    unseen = everything & ~(start | impassable)  # negative integers are slower
    first = unseen
    go = start
    goes_on = everything & ~stops
    for _ in range(steps):
        front = (((go & east) >> 1) | ((go & north) >> width) | ((go & west) << 1)
                 | ((go & south) << width)) & unseen
        if not front:
            break
        unseen ^= front
        go = front & goes_on
    return first ^ unseen


_ONES = bytes(1 if c == ord("1") else 0 for c in range(256))
"""A bytes.translate table: the digit '1' to 1, everything else to 0."""


def layout(gb: GridBits, items: Sequence[Any]) -> tuple[Any, ...]:
    """``items`` (one per space id) laid out by grid position, for :func:`select_bits`."""
    out: list[Any] = [None] * gb.size
    for p, item in zip(gb.positions, items, strict=True):
        out[p] = item
    return tuple(out)


def select_bits(gb: GridBits, laid: tuple[Any, ...], mask: int) -> tuple[Any, ...]:
    """The items of ``laid`` (from :func:`layout`) of the spaces in ``mask``, in map order.

    The mask's binary digits read the spaces in map order, so ``itertools.compress`` picks
    the items in C.
    """
    if not mask:
        return ()
    low = (mask & -mask).bit_length() - 1  # the last space's bit: read from there up
    mask >>= low
    end = gb.size - low
    return tuple(compress(laid[end - mask.bit_length():end], format(mask, "b").encode().translate(_ONES)))
