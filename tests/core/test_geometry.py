"""Hex and square geometry."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from gremlinrules.core import grid
from gremlinrules.core.hexgrid import HexBoard
from gremlinrules.core.hexgrid import neighbors


def test_single_hex_has_six_edges_and_six_vertices() -> None:
    """One hex: six edges and six vertices, each touching only that hex."""
    board = HexBoard.build([(0, 0)])
    assert len(board.edges) == 6
    assert len(board.vertices) == 6
    assert all(s.board_hexes == (0,) for s in board.spots)
    assert len(board.hex_spots[0]) == 12


@given(q=st.integers(-50, 50), r=st.integers(-50, 50))
def test_neighbourhood_is_symmetric(q: int, r: int) -> None:
    """b is a neighbour of a exactly when a is a neighbour of b, and every hex has six."""
    around = neighbors((q, r))
    assert len(set(around)) == 6
    for n in around:
        assert (q, r) in neighbors(n)


def test_two_adjacent_hexes_share_one_edge_and_two_vertices() -> None:
    """Two touching hexes: 11 edges (one shared) and 10 vertices (two shared)."""
    board = HexBoard.build([(0, 0), (1, 0)])
    assert len(board.edges) == 11
    assert len(board.vertices) == 10
    assert sum(1 for s in board.edges if len(s.board_hexes) == 2) == 1
    assert sum(1 for s in board.vertices if len(s.board_hexes) == 2) == 2
    assert board.hex_neighbors == ((1,), (0,))


@given(x=st.integers(-9, 9), y=st.integers(-9, 9), side=st.sampled_from(grid.SIDES))
def test_square_neighbour_across_a_side_comes_back_across_the_opposite(x: int, y: int, side: int) -> None:
    """Stepping across a side then across its opposite returns to the cell."""
    there = grid.neighbor((x, y), side)
    assert grid.neighbor(there, grid.OPPOSITE[side]) == (x, y)
    assert there in grid.orthogonal((x, y))
