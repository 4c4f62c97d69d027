"""An independent oracle of placement legality, from the rulebook's geometry alone.

Written from ../shared/rulebooks/gnaughty-gnomes.txt ("Gnome Placement",
"Trick Winner", "Middle", "Trick Loser", "Determining Player Order", "X Cards")
and the garden of GG-BOARD-1, NOT from the engine's tables or predicates: the
oracle lays out the 13 hexes itself (rows of 4, 5 and 4, pointy-top, the white
hex in the middle of the row of five), finds each hex's six sides and six
corners as points in the plane, and decides from those points which hexes a
spot touches. It ranks the trick itself to know who places now. From the
engine it reads only the state (cards played, which are flipped, the gnomes,
the layout, the options) and the *name* of each spot: the hexes that meet
there, turned into a point in the plane.

The oracle's legal set is compared with ``legal_actions`` in both directions.
``test_the_oracle_rejects_each_known_over_strict_rule`` breaks the reference
rules in the three ways a review found (the winner barred from the white
centre's sides, middle places barred from outer sides, the loser barred from
sides) and shows the oracle catching each.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import gremlinrules.gnaughty_gnomes.rules as reference
from gremlinrules.gnaughty_gnomes import BOARD
from gremlinrules.gnaughty_gnomes import Colour
from gremlinrules.gnaughty_gnomes import Flip
from gremlinrules.gnaughty_gnomes import Options
from gremlinrules.gnaughty_gnomes import Phase
from gremlinrules.gnaughty_gnomes import Place
from gremlinrules.gnaughty_gnomes import State
from gremlinrules.gnaughty_gnomes import apply
from gremlinrules.gnaughty_gnomes import current_player
from gremlinrules.gnaughty_gnomes import legal_actions
from gremlinrules.gnaughty_gnomes import new_game

Point = tuple[float, float]
ROOT3 = math.sqrt(3)


def _key(x: float, y: float) -> Point:
    return (round(x, 6) + 0.0, round(y, 6) + 0.0)


# The garden (GG-BOARD-1): rows of 4, 5, 4 hexes, numbered row by row from the left; each hex of
# an outer row touches two of the middle row; hex 6, the middle of the row of five, is white.
CENTRES: tuple[Point, ...] = (
    tuple((ROOT3 * (k - 1.5), -1.5) for k in range(4))
    + tuple((ROOT3 * (k - 2.0), 0.0) for k in range(5))
    + tuple((ROOT3 * (k - 1.5), 1.5) for k in range(4))
)
WHITE_HEX = 6


def _corners(c: Point) -> tuple[Point, ...]:
    """The six corners of a pointy-top hex of circumradius 1 around ``c``."""
    return tuple(_key(c[0] + math.cos(math.radians(30 + 60 * i)), c[1] + math.sin(math.radians(30 + 60 * i)))
                 for i in range(6))


CORNERS = tuple(_corners(c) for c in CENTRES)
SIDES = tuple(tuple(frozenset((cs[i], cs[(i + 1) % 6])) for i in range(6)) for cs in CORNERS)


def side_hexes(side: frozenset[Point]) -> tuple[int, ...]:
    """The garden hexes having ``side`` as one of their six sides."""
    return tuple(h for h in range(13) if side in SIDES[h])


def corner_hexes(corner: Point) -> tuple[int, ...]:
    """The garden hexes having ``corner`` as one of their six corners."""
    return tuple(h for h in range(13) if corner in CORNERS[h])


def _axial_point(q: int, r: int) -> Point:
    return (ROOT3 * (q + r / 2), 1.5 * r)


def _spot_place(spot: int) -> tuple[str, Any]:
    """What the engine's spot number names: a side (the midpoint of the two cells that meet
    there, on or off the garden) or a corner (the centroid of the three)."""
    cells = [_axial_point(q, r) for q, r in BOARD.spots[spot].hexes]
    x = sum(p[0] for p in cells) / len(cells)
    y = sum(p[1] for p in cells) / len(cells)
    if len(cells) == 2:
        side = next(s for sides in SIDES for s in sides
                    if _key(*(sum(c) / 2 for c in zip(*s, strict=True))) == _key(x, y))
        return ("side", side)
    return ("corner", _key(x, y))


SPOTS = tuple(_spot_place(s) for s in range(len(BOARD.spots)))


# --- Who places now: rank the trick (Determining Player Order, X Cards) ---------------------

def turn_order(state: State) -> list[int]:
    """The positions from turn-order card 1 to 4: strongest suit on the track first, then the
    higher rank; an X card counts as its declared rank, above (high) or below (low) a numbered
    card of that rank."""
    def strength(p: Any) -> tuple[int, int, int]:
        tie = 0 if not p.card.is_x else (1 if p.high else -1)
        return (-state.track.index(p.card.suit), p.rank, tie)
    return [p.position for p in sorted(state.plays, key=strength, reverse=True)]


# --- Where the placing position may put its gnome (Gnome Placement) -----------------------

def allowed(layout: tuple[Colour, ...], spot: int, colour: Colour, place: int, loser_vertex: str) -> bool:
    """Whether turn-order ``place`` (1-4) may place on ``spot`` using a card of ``colour``."""
    kind, where = SPOTS[spot]
    if kind == "side":
        hexes = side_hexes(where)
        mine = [h for h in hexes if layout[h] is colour and h != WHITE_HEX]
        if not mine:
            return False  # a side of a hex of the colour represented in the trick
        # "not touching any other hex": the rim, or a side shared with the white centre (its
        # edges are "outer" edges); a middle place may also use a side touching two hexes.
        coloured_neighbours = [h for h in hexes if h != WHITE_HEX]
        outer = len(coloured_neighbours) == 1
        return outer or place >= 2
    if place != 4:
        return False  # only the trick loser uses corners
    hexes = corner_hexes(where)
    if loser_vertex == "any":
        return any(h != WHITE_HEX for h in hexes)
    return any(layout[h] is colour for h in hexes if h != WHITE_HEX)


def oracle(state: State) -> set[Any]:
    """The legal placements by the rulebook, for the position now placing."""
    unflipped = {p.card.suit for p, done in zip(state.plays, state.flipped, strict=True) if not done}
    place = sum(state.flipped) + 1
    position = turn_order(state)[place - 1]

    def spots(as_place: int) -> set[Any]:
        rule = state.options.loser_vertex
        return {Place(c, s) for c in unflipped for s in range(len(SPOTS))
                if state.gnomes[s] is None and allowed(state.layout, s, c, as_place, rule)}

    found = spots(place) if state.supply[position] > 0 else set()
    if not found and state.options.no_space == "widen" and state.supply[position] > 0:
        found = spots(4)
    return found or {Flip(c) for c in unflipped}


def placing_states(seed: int, walk: int, players: int, options: Options,
                   legal: Callable[[State], tuple[Any, ...]], apply_fn: Callable[[State, Any], State]) -> Any:
    """Every state of one random game in which a gnome is to be placed."""
    rnd = random.Random(walk)
    state = new_game(players, seed, options=options)
    while state.phase is not Phase.OVER:
        actions = legal(state)
        if isinstance(actions[0], (Place, Flip)):
            yield state, actions
        state = apply_fn(state, actions[rnd.randrange(len(actions))])


@pytest.mark.playout
@pytest.mark.clause("GG-PLACE-1", "GG-PLACE-2", "GG-PLACE-3", "GG-PLACE-4", "GG-PLACE-5", "GG-PLACE-6",
                    "GG-PLACE-7", "GG-PLACE-8", "GG-PLACE-10", "GG-SCORE-5", "GG-TRICK-2", "GG-2P-3")
@given(seed=st.integers(0, 2**32), walk=st.integers(0, 2**32), players=st.sampled_from([2, 4]),
       loser_vertex=st.sampled_from(["touching", "any"]), no_space=st.sampled_from(["skip", "widen"]))
def test_legal_placements_are_exactly_the_rulebooks(seed: int, walk: int, players: int, loser_vertex: str,
                                                    no_space: str) -> None:
    """In every placement of a random game, the set of legal actions equals the oracle's set:
    every spot the rulebook allows is legal and every legal spot is allowed; and the seat asked
    is the placing position's (a dummy's partner with two players)."""
    options = Options(loser_vertex=loser_vertex, no_space=no_space)
    for state, actions in placing_states(seed, walk, players, options, legal_actions, apply):
        assert set(actions) == oracle(state)
        position = turn_order(state)[sum(state.flipped)]
        assert current_player(state) == (position if players == 4 else position % 2)


def _winner_barred_from_white(spot: int, place: int) -> bool:
    return place == 1 and WHITE_HEX in BOARD.spots[spot].board_hexes


def _middle_barred_from_outer(spot: int, place: int) -> bool:
    return place in (2, 3) and BOARD.spots[spot].kind == "edge" and len(
        [h for h in BOARD.spots[spot].board_hexes if h != WHITE_HEX]) == 1


def _loser_barred_from_sides(spot: int, place: int) -> bool:
    return place == 4 and BOARD.spots[spot].kind == "edge"


@pytest.mark.clause("GG-PLACE-2", "GG-PLACE-4", "GG-PLACE-5", "GG-SCORE-5")
@pytest.mark.parametrize("barred", [_winner_barred_from_white, _middle_barred_from_outer,
                                    _loser_barred_from_sides])
def test_the_oracle_rejects_each_known_over_strict_rule(barred: Callable[[int, int], bool],
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """With the reference rules broken in one of the three over-strict ways a review found, the
    oracle comparison fails within a few random games (so the oracle can fail)."""
    honest = reference.spot_allowed

    def broken(layout: tuple[Colour, ...], spot: int, suit: Colour, place: int, loser_vertex: str) -> bool:
        return honest(layout, spot, suit, place, loser_vertex) and not barred(spot, place)

    monkeypatch.setattr(reference, "spot_allowed", broken)
    caught = any(
        set(actions) != oracle(state)
        for seed in range(6)
        for state, actions in placing_states(seed, seed, 4, Options(), reference.legal_actions,
                                             reference.apply)
    )
    assert caught
