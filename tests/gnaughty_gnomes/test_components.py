"""Components and the garden's geometry (GG-COMP-*, GG-BOARD-*)."""

from __future__ import annotations

from collections import Counter
from importlib import resources

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gremlinrules import ComponentError
from gremlinrules.gnaughty_gnomes import CARDS
from gremlinrules.gnaughty_gnomes import Colour
from gremlinrules.gnaughty_gnomes import load_components
from gremlinrules.gnaughty_gnomes import new_game
from gremlinrules.gnaughty_gnomes.board import BOARD
from gremlinrules.gnaughty_gnomes.board import CENTER
from gremlinrules.gnaughty_gnomes.board import IS_EDGE
from gremlinrules.gnaughty_gnomes.board import SPOT_HEXES
from gremlinrules.gnaughty_gnomes.components import SUITS


@pytest.mark.clause("GG-COMP-1")
def test_deck_is_four_suits_of_eight_plus_one_x_card_each() -> None:
    """36 distinct cards: ranks 1-8 in each of four suits, and one X card per suit."""
    assert len(set(CARDS)) == 36
    numbered = [c for c in CARDS if not c.is_x]
    assert sorted((c.suit.value, c.rank) for c in numbered) == sorted(
        (s.value, r) for s in SUITS for r in range(1, 9))
    assert Counter(c.suit for c in CARDS if c.is_x) == Counter(SUITS)


@pytest.mark.clause("GG-COMP-2", "GG-COMP-3")
@given(seed=st.integers(0, 2**32))
def test_garden_has_three_hexes_of_each_card_suit_and_one_white(seed: int) -> None:
    """Every garden holds three hexes of each of the four card suits and a single white hex."""
    layout = new_game(4, seed).layout
    assert len(layout) == 13
    assert Counter(layout) == Counter({**dict.fromkeys(SUITS, 3), Colour.WHITE: 1})
    assert set(SUITS) == {c.suit for c in CARDS}


@pytest.mark.clause("GG-COMP-1", "GG-COMP-2")
def test_component_loader_checks_every_stated_number() -> None:
    """The packaged file loads; changing a number the rulebook states raises ComponentError."""
    text = resources.files("gremlinrules.gnaughty_gnomes").joinpath("components.toml").read_text()
    assert load_components(text).ranks == 8
    for old, new in (("ranks = 8", "ranks = 9"), ("hexes_per_colour = 3", "hexes_per_colour = 4"),
                     ("tricks = 8", "tricks = 7"), ("board_rows = [4, 5, 4]", "board_rows = [4, 4, 5]"),
                     ("track_values = [5, 4, 3, 2]", "track_values = [4, 3, 2, 1]")):
        assert old in text
        with pytest.raises(ComponentError):
            load_components(text.replace(old, new))
    with pytest.raises(ComponentError):
        load_components("not = [valid")


@pytest.mark.clause("GG-BOARD-1")
def test_garden_rows_are_four_five_four_with_white_in_the_middle() -> None:
    """Rows of 4, 5 and 4 hexes; the centre is the middle of the row of five and touches six hexes."""
    rows = Counter(r for _, r in BOARD.hexes)
    assert [rows[r] for r in (-1, 0, 1)] == [4, 5, 4]
    assert BOARD.hexes[CENTER] == (0, 0)
    assert len(BOARD.hex_neighbors[CENTER]) == 6
    for r in (-1, 1):  # each outer-row hex touches two hexes of the middle row
        for h, (_, row) in enumerate(BOARD.hexes):
            if row == r:
                assert sum(1 for n in BOARD.hex_neighbors[h] if BOARD.hexes[n][1] == 0) == 2


@pytest.mark.clause("GG-BOARD-2", "GG-SCORE-5")
def test_spots_are_52_edges_and_40_vertices_touching_coloured_hexes() -> None:
    """Edges touch one or two board hexes and vertices one to three; the white centre is never a
    scoring hex of any spot, and every one of its sides touches exactly one coloured hex."""
    assert sum(IS_EDGE) == 52
    assert len(IS_EDGE) - sum(IS_EDGE) == 40
    for spot in BOARD.spots:
        touching = len(spot.board_hexes)
        assert 1 <= touching <= (2 if spot.kind == "edge" else 3)
        assert CENTER not in SPOT_HEXES[spot.index]
        if spot.kind == "edge" and CENTER in spot.board_hexes:
            assert len(SPOT_HEXES[spot.index]) == 1
