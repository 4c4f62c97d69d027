"""The 13-hex mushroom garden: geometry, spot kinds, and the random layout.

Hexes are numbered row by row, left to right: 0-3 the top row of four, 4-8
the middle row of five (6 is the white centre), 9-12 the bottom row of four
(GG-BOARD-1). Spots (edges then vertices) come from :class:`core.hexgrid.HexBoard`.
An edge is *outer* when it touches exactly one coloured hex (the board's rim or
the white centre, GG-PLACE-2) and *inner* when it touches two (GG-PLACE-4);
vertices touch one to three hexes (GG-PLACE-5).
"""

from __future__ import annotations

from itertools import combinations

from gremlinrules.core import draws
from gremlinrules.core.hexgrid import HexBoard
from gremlinrules.core.rng import Rng
from gremlinrules.gnaughty_gnomes.components import REFERENCE
from gremlinrules.gnaughty_gnomes.components import SUITS
from gremlinrules.gnaughty_gnomes.components import Colour

__all__ = [
    "BOARD", "CENTER", "HEX_SPOTS", "N_HEXES", "N_SPOTS", "SPOT_HEXES", "candidate_spots",
    "clumped", "colour_spots", "random_layout",
]


def _hexes() -> tuple[tuple[int, int], ...]:
    top, middle, _ = REFERENCE.board_rows
    half = middle // 2
    rows = ((-1, range(-half + 1, -half + 1 + top)), (0, range(-half, half + 1)),
            (1, range(-half, -half + top)))
    return tuple((q, r) for r, qs in rows for q in qs)


BOARD = HexBoard.build(_hexes())
N_HEXES = len(BOARD.hexes)
CENTER = BOARD.hexes.index((0, 0))
N_SPOTS = len(BOARD.spots)

SPOT_HEXES: tuple[tuple[int, ...], ...] = tuple(
    tuple(h for h in s.board_hexes if h != CENTER) for s in BOARD.spots
)
"""For each spot, the coloured hexes it touches (the white centre never counts)."""
HEX_SPOTS: tuple[tuple[int, ...], ...] = BOARD.hex_spots
"""For each hex, its twelve spots (six edges, six vertices)."""
IS_EDGE: tuple[bool, ...] = tuple(s.kind == "edge" for s in BOARD.spots)

# Placement categories, widest last: 0 trick winner, 1 middle, 2 trick loser.
WINNER, MIDDLE, LOSER, ANYWHERE = 0, 1, 2, 3


def _spot_allowed(spot: int, category: int) -> bool:
    if IS_EDGE[spot]:
        return len(SPOT_HEXES[spot]) == 1 or category >= MIDDLE
    return category >= LOSER


_HEX_CATEGORY_SPOTS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(s for s in HEX_SPOTS[h] if _spot_allowed(s, cat)) for cat in range(4))
    for h in range(N_HEXES)
)
_ALL_VERTICES = tuple(s for s in range(N_SPOTS) if not IS_EDGE[s] and SPOT_HEXES[s])


def candidate_spots(layout: tuple[Colour, ...], colour: Colour, category: int,
                    any_vertex: bool) -> tuple[int, ...]:
    """Sorted spots a gnome may use for ``colour`` in a placement ``category``.

    The spot must touch a hex of that colour (GG-PLACE-2), except a trick
    loser's vertex when ``any_vertex`` (the option ``loser_vertex="any"``, GG-PLACE-6).
    """
    return colour_spots(tuple(h for h, c in enumerate(layout) if c is colour), category, any_vertex)


def colour_spots(hexes: tuple[int, ...], category: int, any_vertex: bool) -> tuple[int, ...]:
    """:func:`candidate_spots` for a colour on ``hexes``: depends only on where the colour is."""
    out: set[int] = set()
    for h in hexes:
        out.update(_HEX_CATEGORY_SPOTS[h][category])
    if any_vertex and category >= LOSER:
        out.update(_ALL_VERTICES)
    return tuple(sorted(out))


def clumped(layout: tuple[Colour, ...], rule: str) -> Colour | None:
    """The first colour whose three hexes clump together (GG-SETUP-6), else None.

    ``rule="connected"``: the colour's hexes form one connected group (a chain
    or a triangle). ``rule="triangle"``: all of them touch one another.
    """
    for colour in SUITS:
        if _clumps(tuple(h for h, c in enumerate(layout) if c is colour), rule):
            return colour
    return None


def _clumps(hexes: tuple[int, ...], rule: str) -> bool:
    """Whether one colour's ``hexes`` clump under ``rule`` (see :func:`clumped`)."""
    touching = [sum(1 for o in hexes if o in BOARD.hex_neighbors[h]) for h in hexes]
    links = sum(touching) // 2
    return (rule == "triangle" and links >= 3) or (rule == "connected" and links >= len(hexes) - 1
                                                   and all(touching))


_CLUMPED_TRIPLES: dict[str, frozenset[int]] = {
    rule: frozenset(sum(1 << h for h in hexes) for hexes in combinations(range(N_HEXES), 3)
                    if _clumps(hexes, rule))
    for rule in ("connected", "triangle")
}
"""Per rule, every three hexes that clump, as bitmasks of hex indices (a fixed table)."""


def _first_clumped(cells: list[Colour], rule: str) -> Colour | None:
    """:func:`clumped` for a dealt garden (three hexes of each suit), from the table."""
    masks = dict.fromkeys(SUITS, 0)
    for h, c in enumerate(cells):
        if c is not Colour.WHITE:
            masks[c] |= 1 << h
    table = _CLUMPED_TRIPLES[rule]
    for colour in SUITS:
        if masks[colour] in table:
            return colour
    return None


def random_layout(rng: Rng, rule: str) -> tuple[tuple[Colour, ...], Rng]:
    """A random garden with the white centre, then the clump correction (GG-SETUP-6).

    While some colour clumps, one of its hexes (chosen at random) swaps places
    with a random hex of another colour where it touches no hex of its own
    colour. If no such swap exists, or the correction runs 50 rounds, the
    whole garden is dealt again from the generator.
    """
    state = rng.state  # the draws run on the bare generator state (core.draws): Rng's own sequence
    while True:
        shuffled, state = draws.shuffle(state, _COLOURS)
        cells = list(shuffled)
        cells.insert(CENTER, Colour.WHITE)
        for _ in range(50):
            bad = _first_clumped(cells, rule)
            if bad is None:
                return tuple(cells), Rng(state)
            own = [h for h, c in enumerate(cells) if c is bad]
            mover, state = draws.choice(state, own)
            others = sum(1 << h for h in own if h != mover)
            targets = [  # another colour's hex (never the white centre) touching none of the rest
                t for t, c in enumerate(cells)
                if c is not bad and t != CENTER and not _NEIGHBOUR_MASKS[t] & others
            ]
            if not targets:
                break
            target, state = draws.choice(state, targets)
            cells[mover], cells[target] = cells[target], cells[mover]


_NEIGHBOUR_MASKS = tuple(sum(1 << n for n in around) for around in BOARD.hex_neighbors)
"""Per hex, its neighbours on the board as a bitmask of hex indices."""
_COLOURS = tuple(c for c in SUITS for _ in range(REFERENCE.hexes_per_colour))
"""The coloured hexes of a garden before the shuffle, suit by suit."""
