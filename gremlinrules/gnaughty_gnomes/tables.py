"""Lookup tables for the hot path of ``legal_actions`` and ``apply``.

Used by :mod:`gremlinrules.gnaughty_gnomes.fast` only. Everything here is
derived once from the board's placement categories
(:func:`board.colour_spots`) and the action tables, so the hot path reads
answers instead of recomputing them; ``tests/gnaughty_gnomes/test_tables.py``
and ``test_differential.py`` compare them with the reference rules on random
games.

- ``PLAYED[action][position]``: the :class:`Played` record an action makes.
- ``MASK_SUITS``: the suits of a 4-bit mask of ``Card.suit_bit`` values.
- :func:`garden`: a layout's placement candidates per placement reading and
  suit. The pieces depend only on a suit's three hexes, so every piece of
  every suit, three coloured hexes and reading (4 x 220 x 4) is built once at
  import (a fixed table): a new garden costs four lookups and no geometry. The
  garden asked for last is kept (found by identity: every state of a game
  shares its layout tuple), no others: layouts rarely repeat
  across games, and a cache of 256 kept each garden alive long enough to be
  promoted to the garbage collector's oldest generation, which set off full
  collections (about 3% of a playout's time, 0.5% without it).
- :class:`Piece`: one suit's candidates under one reading, with the open
  subset it was asked about last. In a game gnomes only arrive, so a subset
  not yet seen is its last answer less the spots taken since, each removed at
  its position (the open candidates below it), never by comparing actions;
  anything else is filtered afresh. Other subsets are not kept: they rarely
  repeat, and each kept answer is one more object for the garbage collector
  to walk in every full collection (a memo of 32 per piece cost more in
  collections than its hits saved).
- The gnomes are one bitmask per team in the state (``State.team_gnomes``), so
  filtering open spots and counting majorities are integer operations; the
  spots of each hex (``HEX_MASK``) and of the hexes around each spot
  (``SPOT_HEX_MASKS``) are bitmasks to match.
"""

from __future__ import annotations

from itertools import combinations
from itertools import compress
from operator import not_

from gremlinrules.gnaughty_gnomes.actions import PLACE
from gremlinrules.gnaughty_gnomes.actions import PLAY
from gremlinrules.gnaughty_gnomes.actions import PLAY_X
from gremlinrules.gnaughty_gnomes.actions import Place
from gremlinrules.gnaughty_gnomes.actions import Play
from gremlinrules.gnaughty_gnomes.actions import PlayX
from gremlinrules.gnaughty_gnomes.board import CENTER
from gremlinrules.gnaughty_gnomes.board import HEX_SPOTS
from gremlinrules.gnaughty_gnomes.board import LOSER
from gremlinrules.gnaughty_gnomes.board import MIDDLE
from gremlinrules.gnaughty_gnomes.board import N_HEXES
from gremlinrules.gnaughty_gnomes.board import SPOT_HEXES
from gremlinrules.gnaughty_gnomes.board import WINNER
from gremlinrules.gnaughty_gnomes.board import colour_spots
from gremlinrules.gnaughty_gnomes.components import REFERENCE
from gremlinrules.gnaughty_gnomes.components import SUITS
from gremlinrules.gnaughty_gnomes.components import X_RANK
from gremlinrules.gnaughty_gnomes.components import Card
from gremlinrules.gnaughty_gnomes.components import Colour
from gremlinrules.gnaughty_gnomes.state import Played

__all__ = [
    "FLIPPED", "FLIP_AFTER", "FULL_SUPPLY", "HEX_MASK", "MASK_INDICES", "MASK_SUITS", "PLAYED", "READINGS",
    "SPOT_HEX_MASKS", "SUIT_INDEX", "SUPPLIES", "SUPPLY_STEP", "Garden", "Piece", "garden", "reading",
    "spot_candidates", "supply_code", "trick_code",
]

PLAYED: dict[Play | PlayX, tuple[Played, ...]] = {
    **{a: tuple(Played(pos, a.card, a.card.rank) for pos in range(4)) for a in PLAY.values()},
    **{a: tuple(Played(pos, Card(s, X_RANK), a.rank, a.high) for pos in range(4))
       for s, acts in PLAY_X.items() for a in acts},
}
"""Per play action, the record it puts in the trick for each position (0-3)."""

MASK_SUITS: tuple[tuple[Colour, ...], ...] = tuple(
    tuple(s for i, s in enumerate(SUITS) if m >> i & 1) for m in range(1 << len(SUITS))
)


class Piece:
    """The candidate spots of one suit for one placement reading: the Place actions in spot
    order, the spots as bits and as a bitmask, and the open subset asked about last."""

    __slots__ = ("actions", "bits", "last", "mask")

    def __init__(self, suit: Colour, spots: _Spots) -> None:
        self.actions = tuple(map(PLACE[suit].__getitem__, spots[0]))
        self.bits = spots[1]
        self.mask = spots[2]
        self.last: tuple[int, tuple[Place, ...]] = (0, self.actions)
        """The occupied candidates asked about last and the open actions they leave (one pair,
        replaced whole)."""

    def open_actions(self, occupied: int) -> tuple[Place, ...]:
        """The actions whose spot is not in the bitmask ``occupied``."""
        hit = self.mask & occupied
        if not hit:
            return self.actions
        last_hit, found = self.last
        if hit != last_hit:
            found = self.derive(hit, last_hit, found)
            self.last = (hit, found)
        return found

    def derive(self, hit: int, last_hit: int, found: tuple[Place, ...]) -> tuple[Place, ...]:
        """The open actions when ``hit`` are taken: in a game gnomes only arrive, so usually the
        last answer (``found`` for ``last_hit``) less the one or two spots taken since; otherwise
        filtered afresh. (No memo of other subsets: they rarely repeat, and every answer kept
        would be one more object for the garbage collector to walk.)"""
        if last_hit & ~hit:  # the last answer was another game's: start from every candidate
            last_hit, found = 0, self.actions
        new = hit & ~last_hit
        if new.bit_count() > _DERIVE_AT_MOST:
            return tuple(compress(self.actions, map(not_, map(hit.__and__, self.bits))))
        mask = self.mask
        while new:  # the place of a spot among the open actions: the open candidates below it
            low = new & -new
            i = (mask & ~last_hit & (low - 1)).bit_count()
            found = found[:i] + found[i + 1:]
            last_hit |= low
            new ^= low
        return found


_DERIVE_AT_MOST = 3


_Spots = tuple[tuple[int, ...], tuple[int, ...], int]
"""The candidate spots of a colour's hexes for one placement reading, whatever the suit: the
spots in order, each as a bit, and all of them as one bitmask."""


def spot_candidates(hexes: tuple[int, ...], category: int, any_vertex: bool) -> _Spots:
    """The candidate spots of a colour on ``hexes`` for a placement category (see
    :func:`board.colour_spots`): the spots in order, each as a bit, and their bitmask."""
    spots = colour_spots(hexes, category, any_vertex)
    bits = tuple(map((1).__lshift__, spots))
    return spots, bits, sum(bits)


READINGS: tuple[tuple[int, bool], ...] = ((WINNER, False), (MIDDLE, False), (LOSER, False), (LOSER, True))
"""The placement readings the hot path asks for: (category, any_vertex); any_vertex widens only
the trick loser's category (GG-PLACE-6). ``reading(category, any_vertex)`` is the index here."""


def reading(category: int, any_vertex: bool) -> int:
    """The index in ``READINGS`` of a category under the option ``loser_vertex``."""
    return category + (category == LOSER and any_vertex)


_COLOURED = tuple(h for h in range(N_HEXES) if h != CENTER)
_HEX_SPOTS_BY_READING = tuple(tuple(colour_spots((h,), category, any_vertex) for h in range(N_HEXES))
                              for category, any_vertex in READINGS)


def _table_candidates(hexes: tuple[int, ...], r: int) -> _Spots:
    """:func:`spot_candidates` for the table, from each hex's own spots (the same union, faster)."""
    by_hex = _HEX_SPOTS_BY_READING[r]
    spots = tuple(sorted({*by_hex[hexes[0]], *by_hex[hexes[1]], *by_hex[hexes[2]]}))
    bits = tuple(map((1).__lshift__, spots))
    return spots, bits, sum(bits)


_SPOTS: dict[tuple[tuple[int, ...], int], _Spots] = {
    (hexes, r): _table_candidates(hexes, r)
    for hexes in combinations(_COLOURED, 3) for r in range(len(READINGS))
}
"""The candidate spots of every three coloured hexes a suit can hold, per reading (a fixed
table, built at import: a new garden costs lookups, not geometry)."""


def _spots(hexes: tuple[int, ...], r: int) -> _Spots:
    found = _SPOTS.get((hexes, r))
    return spot_candidates(hexes, *READINGS[r]) if found is None else found  # not three coloured hexes


_PIECES: dict[tuple[int, tuple[int, ...]], tuple[Piece, ...]] = {
    (i, hexes): tuple(Piece(suit, _SPOTS[hexes, r]) for r in range(len(READINGS)))
    for hexes in combinations(_COLOURED, 3) for i, suit in enumerate(SUITS)
}
"""Per suit index and three coloured hexes, the suit's piece for each reading (a fixed table,
built at import: 4 suits x 220 hex triples x 4 readings)."""


def _colour_pieces(suit_index: int, hexes: tuple[int, ...]) -> tuple[Piece, ...]:
    found = _PIECES.get((suit_index, hexes))
    if found is None:  # not three coloured hexes (a layout built by hand): pieces of its own
        return tuple(Piece(SUITS[suit_index], _spots(hexes, r)) for r in range(len(READINGS)))
    return found


class Garden:
    """The placement tables of one layout: a :class:`Piece` per reading and suit."""

    __slots__ = ("by_step", "layout", "pieces")

    def __init__(self, layout: tuple[Colour, ...]) -> None:
        self.layout = layout
        hexes: tuple[list[int], ...] = ([], [], [], [])
        for h, c in enumerate(layout):
            i = SUIT_INDEX.get(c)  # the white centre is no colour (GG-SCORE-5)
            if i is not None and h != CENTER:
                hexes[i].append(h)
        self.pieces: tuple[tuple[Piece, ...], ...] = tuple(
            zip(*[_colour_pieces(i, tuple(hexes[i])) for i in range(len(SUITS))], strict=True))
        """Per reading (see ``READINGS``), per suit index."""
        winner, middle, loser, loser_any = self.pieces
        self.by_step: tuple[tuple[tuple[Piece, ...], ...], ...] = (
            (winner, middle, middle, loser), (winner, middle, middle, loser_any))
        """Per ``any_vertex`` (the option ``loser_vertex="any"``, GG-PLACE-6), the pieces of each
        placement step (turn-order place 1 to 4), per suit index."""

    def placements(self, mask: int, r: int, occupied: int) -> tuple[Place, ...]:
        """The open candidate spots for the unflipped suits ``mask``, in canonical order."""
        pieces = self.pieces[r]
        out: tuple[Place, ...] = ()
        for i in MASK_INDICES[mask]:
            out += pieces[i].open_actions(occupied)
        return out


SUIT_INDEX: dict[Colour, int] = {s: i for i, s in enumerate(SUITS)}
MASK_INDICES: tuple[tuple[int, ...], ...] = tuple(
    tuple(i for i in range(len(SUITS)) if m >> i & 1) for m in range(1 << len(SUITS))
)
_LAST_GARDEN: list[tuple[tuple[Colour, ...], Garden | None]] = [((), None)]
"""The layout asked for last and its garden, as one pair (replaced whole)."""


def garden(layout: tuple[Colour, ...]) -> Garden:
    """The tables for ``layout``: the last garden's when it is the very same tuple (every state
    of a game shares one), else new ones (four lookups)."""
    last_layout, found = _LAST_GARDEN[0]
    if found is not None and layout is last_layout:
        return found
    found = Garden(layout)
    _LAST_GARDEN[0] = (layout, found)
    return found


HEX_MASK: tuple[int, ...] = tuple(sum(1 << spot for spot in spots) for spots in HEX_SPOTS)
"""Per hex, its twelve spots as a bitmask."""
SPOT_HEX_MASKS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((h, HEX_MASK[h]) for h in hexes) for hexes in SPOT_HEXES
)
"""Per spot: each coloured hex it touches, with that hex's spot bitmask."""


# --- a placement's flipped card and the supply, from fixed tables ----------------------------

FLIPPED: tuple[tuple[bool, ...], ...] = tuple(tuple(bool(code >> i & 1) for i in range(4))
                                              for code in range(16))
"""The four trick cards' flipped flags for each 4-bit code (bit ``i``: card ``i`` flipped)."""


def trick_code(plays: tuple[Played, ...]) -> int:
    """The suits of a trick's four cards as one number (card 0's suit index most significant,
    two bits a card), or -1 for anything else (a trick edited by hand)."""
    code = 0
    if len(plays) != len(SUITS):
        return -1
    for played in plays:
        i = _SUIT_OF_BIT.get(played.card.suit_bit)
        if i is None:
            return -1
        code = code << 2 | i
    return code


_SUIT_OF_BIT = {1 << i: i for i in range(len(SUITS))}


def _flip_entry(trick: int, done: int, suit: int) -> tuple[tuple[bool, ...], int, int] | None:
    """Using a card of suit index ``suit``: the first unflipped one flips (GG-PLACE-9)."""
    suits = [trick >> 2 * (3 - i) & 3 for i in range(4)]
    unflipped = [i for i, s in enumerate(suits) if s == suit and not done >> i & 1]
    if not unflipped:
        return None
    after = done | 1 << unflipped[0]
    return FLIPPED[after], 0 if len(unflipped) > 1 else 1 << suit, trick << 4 | after


FLIP_AFTER: tuple[tuple[tuple[bool, ...], int, int] | None, ...] = tuple(
    _flip_entry(trick, done, suit) for trick in range(256) for done in range(16) for suit in range(len(SUITS))
)
"""At ``(trick_code << 4 | flipped code) << 2 | suit index``: after a card of that suit is used,
the trick's flipped flags, the suit's bit when no unflipped card of it is left (else 0) and the
new code (``trick_code << 4 | flipped code``); None when no unflipped card of the suit is left
(a fixed table, 16,384 entries)."""


_BASE = REFERENCE.gnomes_per_seat + 1
SUPPLY_STEP = (1, _BASE, _BASE ** 2, _BASE ** 3)
"""What one gnome placed by each position takes off a supply's code."""
SUPPLIES: tuple[tuple[int, ...], ...] = tuple(
    tuple(code // step % _BASE for step in SUPPLY_STEP) for code in range(_BASE ** 4))
"""Every supply of gnomes, four counts of 0 to 8 (GG-SETUP-4), at its code ``sum(n * 9**position)``
(a fixed table of 6,561 tuples of integers): a placement subtracts ``SUPPLY_STEP[position]`` from
the code instead of copying the tuple."""
FULL_SUPPLY = SUPPLIES[REFERENCE.gnomes_per_seat * sum(SUPPLY_STEP)]
"""The supply at setup (every position's gnomes, GG-SETUP-4), interned."""
_CODE_BY_ID = {id(supply): code for code, supply in enumerate(SUPPLIES)}
_CODE_BY_VALUE = {supply: code for code, supply in enumerate(SUPPLIES)}


def supply_code(supply: tuple[int, ...]) -> int:
    """The code of a supply (see ``SUPPLIES``), or -1 for one that is not a tuple of four plain
    integers 0 to 8 (no bool or float passes for a count: the table's tuple would not be the same
    JSON)."""
    found = _CODE_BY_ID.get(id(supply))  # one of the table's own tuples (they live as long as it)
    if found is not None:
        return found
    if type(supply) is not tuple or set(map(type, supply)) != _INT:
        return -1
    return _CODE_BY_VALUE.get(supply, -1)


_INT = {int}
