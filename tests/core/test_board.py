"""The board graph in core: grid building, movement within k steps, distances.

``reachable`` and ``distances`` are checked against oracles written here from the grid's
own description (cells, walls, areas, doors), never from the graph under test: every walk
is enumerated for ``reachable``, and distances come from repeated relaxation.
"""

from __future__ import annotations

from collections.abc import Iterator

import attrs
import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from gremlinrules.core.board import BoardGraph
from gremlinrules.core.board import cell_name
from gremlinrules.core.board import distances
from gremlinrules.core.board import grid_graph
from gremlinrules.core.board import reachable
from gremlinrules.core.errors import InvalidArgumentError

Cell = tuple[int, int]
Edge = tuple[Cell, Cell]


@attrs.frozen
class Grid:
    """A small grid described plainly, with the sets a move is searched under."""

    width: int
    height: int
    cells: frozenset[Cell]
    walls: frozenset[Edge]
    areas: dict[Cell, str] = attrs.field(eq=False)
    doors: frozenset[Edge]
    start: Cell
    steps: int
    impassable: frozenset[Cell]
    no_stop: frozenset[Cell]
    stops: frozenset[Cell]

    def graph(self) -> BoardGraph:
        return grid_graph(self.width, self.height, cells=self.cells, walls=self.walls,
                          area_of=self.areas, doors=self.doors)

    def ids(self, g: BoardGraph, cells: frozenset[Cell]) -> frozenset[int]:
        return frozenset(g.index(cell_name(*c)) for c in cells)


def _edge(a: Cell, b: Cell) -> Edge:
    return (a, b) if a < b else (b, a)


def step_ok(grid: Grid, a: Cell, b: Cell) -> bool:
    """The oracle's own step rule: side by side, both spaces, no wall, same area or a door."""
    if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1 or a not in grid.cells or b not in grid.cells:
        return False
    if _edge(a, b) in grid.walls:
        return False
    return grid.areas.get(a, "") == grid.areas.get(b, "") or _edge(a, b) in grid.doors


def oracle_neighbours(grid: Grid, a: Cell) -> Iterator[Cell]:
    x, y = a
    for b in ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)):
        if step_ok(grid, a, b):
            yield b


def brute_force_destinations(grid: Grid) -> set[Cell]:
    """Every space some walk of 1..steps steps can end on, by enumerating every walk."""
    found: set[Cell] = set()

    def walk(at: Cell, left: int) -> None:
        for nxt in oracle_neighbours(grid, at):
            if nxt in grid.impassable:
                continue
            if nxt not in grid.no_stop and nxt != grid.start:
                found.add(nxt)
            if nxt not in grid.stops and left > 1:
                walk(nxt, left - 1)

    if grid.steps > 0:
        walk(grid.start, grid.steps)
    return found


def relaxed_distances(grid: Grid) -> dict[Cell, int]:
    """Fewest steps from the start to each space, by relaxing every step until nothing changes."""
    best = {grid.start: 0}
    changed = True
    while changed:
        changed = False
        for a in sorted(best):
            for b in oracle_neighbours(grid, a):
                if b in grid.impassable:
                    continue
                if best[a] + 1 < best.get(b, 1 << 30):
                    best[b] = best[a] + 1
                    changed = True
    return best


MANY = settings(max_examples=max(300, settings().max_examples))
"""Each example costs well under a millisecond, so these properties see many boards even in the
fast profile."""


@st.composite
def grids(draw: st.DrawFn) -> Grid:
    """A grid of 1 x 1 to 5 x 5 with holes, walls, up to three areas with doors, and blockers.

    The layout comes from a seeded random generator, so each example is a whole random board
    rather than the near-empty ones a per-cell draw starts from.
    """
    rnd = draw(st.randoms(use_true_random=True))
    width, height = rnd.choice((1, 2, 3, 4, 5, 5)), rnd.choice((1, 2, 3, 4, 5, 5))
    everything = [(x, y) for y in range(height) for x in range(width)]
    cells = frozenset(c for c in everything if rnd.random() > 0.1) or frozenset(everything[:1])
    ordered = sorted(cells)
    pairs = [_edge(a, (a[0] + dx, a[1] + dy)) for a in ordered for dx, dy in ((1, 0), (0, 1))
             if (a[0] + dx, a[1] + dy) in cells]
    walls = frozenset(p for p in pairs if rnd.random() < 0.12)
    areas: dict[Cell, str] = {}
    for area in ("A", "B"):  # two buildings: random rectangles, the later one on top
        x0, y0 = rnd.randrange(width), rnd.randrange(height)
        x1, y1 = x0 + rnd.randrange(3), y0 + rnd.randrange(3)
        areas.update({(x, y): area for x in range(x0, x1 + 1) for y in range(y0, y1 + 1) if (x, y) in cells})
    doors = frozenset(p for p in pairs if areas.get(p[0], "") != areas.get(p[1], "") and rnd.random() < 0.5)
    start = rnd.choice(ordered)
    roles = {c: rnd.choice(("",) * 8 + ("impassable", "no_stop", "stops", "both")) for c in ordered}

    def having(*names: str) -> frozenset[Cell]:
        return frozenset(c for c in ordered if roles[c] in names)

    return Grid(width, height, cells, walls, areas, doors, start, rnd.choice((0, 1, 2, 3, 4, 5, 5, 6)),
                having("impassable"), having("no_stop", "both"), having("stops", "both"))


@MANY
@given(grids())
def test_grid_graph_steps_are_exactly_the_open_sides(grid: Grid) -> None:
    """Two spaces are neighbours in grid_graph exactly when the oracle's step rule allows the step."""
    g = grid.graph()
    cell_of = {cell_name(*c): c for c in grid.cells}
    for u, row in enumerate(g.neighbours):
        a = cell_of[g.names[u]]
        assert {cell_of[g.names[v]] for v in row} == set(oracle_neighbours(grid, a))


@MANY
@given(grids())
def test_reachable_equals_brute_force_enumeration_of_walks(grid: Grid) -> None:
    """reachable() gives exactly the ends of the walks of 1..k steps that never enter an impassable
    space, continue from no stopping space and end on no pass-through-only space (start excluded)."""
    g = grid.graph()
    got = reachable(g, g.index(cell_name(*grid.start)), grid.steps, impassable=grid.ids(g, grid.impassable),
                    no_stop=grid.ids(g, grid.no_stop), stops=grid.ids(g, grid.stops))
    assert list(got) == sorted(got)
    assert {g.names[i] for i in got} == {cell_name(*c) for c in brute_force_destinations(grid)}


@MANY
@given(grids())
def test_distances_equal_relaxation(grid: Grid) -> None:
    """distances() gives the fewest steps avoiding impassable spaces, None where there is no way."""
    g = grid.graph()
    got = distances(g, g.index(cell_name(*grid.start)), impassable=grid.ids(g, grid.impassable))
    want = relaxed_distances(grid)
    cell_of = {cell_name(*c): c for c in grid.cells}
    assert {g.names[i]: d for i, d in enumerate(got) if d is not None} == {
        cell_name(*c): d for c, d in want.items()}
    assert all(d is None or cell_of[g.names[i]] in want for i, d in enumerate(got))


@MANY
@given(grids())
def test_reachable_without_blockers_is_the_ball_of_radius_k(grid: Grid) -> None:
    """With no blockers, the destinations are the spaces at distance 1..k."""
    g = grid.graph()
    start = g.index(cell_name(*grid.start))
    dist = distances(g, start)
    assert reachable(g, start, grid.steps) == tuple(
        i for i, d in enumerate(dist) if d is not None and 1 <= d <= grid.steps)


def _corridor() -> BoardGraph:
    """a1 .. e1 in a row: a wall between d1 and e1."""
    return grid_graph(5, 1, walls=[((3, 0), (4, 0))])


def test_a_wall_blocks_a_step() -> None:
    """No step crosses a wall, so the space beyond it is out of reach."""
    g = _corridor()
    assert [g.names[i] for i in reachable(g, 0, 6)] == ["b1", "c1", "d1"]
    assert distances(g, 0)[g.index("e1")] is None


def test_areas_join_only_through_doors() -> None:
    """Spaces of different areas are joined only where a door is; the door opens the area."""
    house = {(1, 0): "house", (1, 1): "house"}
    closed = grid_graph(2, 2, area_of=house)
    assert closed.neighbours[closed.index("a1")] == (closed.index("a2"),)
    opened = grid_graph(2, 2, area_of=house, doors=[((0, 0), (1, 0))])
    assert opened.index("b1") in opened.neighbours[opened.index("a1")]
    assert opened.index("b2") not in opened.neighbours[opened.index("a2")]


def test_pass_through_and_stop() -> None:
    """A no_stop space is crossed but not landed on; a stops space is landed on but not crossed."""
    g = grid_graph(5, 1)
    assert [g.names[i] for i in reachable(g, 0, 3, no_stop=frozenset({1}))] == ["c1", "d1"]
    assert [g.names[i] for i in reachable(g, 0, 3, stops=frozenset({1}))] == ["b1"]
    assert reachable(g, 0, 3, impassable=frozenset({1})) == ()
    assert reachable(g, 0, 0) == ()
    assert reachable(g, 2, 4, stops=frozenset({2})) == (0, 1, 3, 4)  # the start never stops its own move


def test_board_graph_rejects_bad_adjacency() -> None:
    """BoardGraph refuses one-way steps, loops, unsorted rows, unknown ids and repeated names."""
    with pytest.raises(InvalidArgumentError, match="no way back"):
        BoardGraph(("a", "b"), ((1,), ()))
    with pytest.raises(InvalidArgumentError, match="its own neighbour"):
        BoardGraph(("a",), ((0,),))
    with pytest.raises(InvalidArgumentError, match="not sorted"):
        BoardGraph(("a", "b", "c"), ((2, 1), (0,), (0,)))
    with pytest.raises(InvalidArgumentError, match="not a space"):
        BoardGraph(("a",), ((7,),))
    with pytest.raises(InvalidArgumentError, match="share a name"):
        BoardGraph(("a", "a"), ((), ()))
    with pytest.raises(InvalidArgumentError, match="2 names"):
        BoardGraph(("a", "b"), ((),))


def test_bad_arguments_are_invalid_argument_errors() -> None:
    """Unknown names, bad starts, negative steps and bad grids raise InvalidArgumentError, echoed short."""
    g = grid_graph(3, 3)
    assert g.index("c3") == 8
    assert len(g) == 9
    assert g.edges()[0] == (0, 1)
    with pytest.raises(InvalidArgumentError, match="no space is called 'z9'"):
        g.index("z9")
    with pytest.raises(InvalidArgumentError) as info:
        g.index("x" * 10_000)
    assert len(str(info.value)) < 120
    for start in (-1, 9, True, "a1"):
        with pytest.raises(InvalidArgumentError):
            reachable(g, start, 2)  # type: ignore[arg-type]
        with pytest.raises(InvalidArgumentError):
            distances(g, start)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError):
        reachable(g, 0, -1)
    with pytest.raises(InvalidArgumentError):
        grid_graph(27, 2)
    with pytest.raises(InvalidArgumentError, match="off the"):
        grid_graph(2, 2, cells=[(0, 0), (5, 5)])
    with pytest.raises(InvalidArgumentError, match="not a space"):
        grid_graph(2, 2, walls=[((0, 0), (0, 9))])
    with pytest.raises(InvalidArgumentError, match="not neighbours"):
        grid_graph(3, 3, doors=[((0, 0), (2, 2))])
