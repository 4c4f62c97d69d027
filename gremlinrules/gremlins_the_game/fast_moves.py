"""The Move's destinations (:func:`.flow.destinations`) as bit masks, remembered by exactly what
they depend on.

Each map gets a :class:`MoveTable` once (its spaces as the bits of one integer,
:func:`gremlinrules.core.board.grid_bits`). A move's destinations are the spaces ``reached``
by one to six steps from the mover's space, where a token or the Town Square ends the move
(GTG-MOVE-1, GTG-MOVE-5; not the square for a move from inside it, GTG-SQUARE-6), minus the
spaces it may not land on: the other players and their Starts (GTG-MOVE-3, GTG-MOVE-4), and on
a seat's first turn the Town Square (GTG-SQUARE-4; not from inside it either).
``reached`` depends only on the mover's space and on which spaces within five steps of it end
a move, so it is remembered under that key, with its Moves: worked out ahead of play for every
combination of tokens near the spaces with few places for one (:func:`_prefill`, the table's
``known``, about 4,900 entries for the reference map), and otherwise on first use (a
:class:`~gremlinrules.core.cache.BoundedCache`; in a random game about 3-6% of Moves, from the
spaces in and below the Movie Theater, whose twenty theater spaces make too many combinations).
The spaces a move may not land on are then cut out of that tuple: each seat's fixed ones (the
other Starts, the Town Square on a first turn) from a table shared by the entries that reach the
same spaces, also filled ahead of play; the other players, one to a few, by their index (a
popcount). The masks of the tokens come from the token tuples, which a state shares with the
state before it until a token is taken or placed, so the last ones are kept.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gremlinrules.core.board import GridBits
from gremlinrules.core.board import grid_bits
from gremlinrules.core.board import layout
from gremlinrules.core.board import reach_bits
from gremlinrules.core.board import select_bits
from gremlinrules.core.cache import BoundedCache
from gremlinrules.gremlins_the_game.actions import Choose
from gremlinrules.gremlins_the_game.actions import Move
from gremlinrules.gremlins_the_game.components import tables
from gremlinrules.gremlins_the_game.geometry import Geometry
from gremlinrules.gremlins_the_game.geometry import geometry
from gremlinrules.gremlins_the_game.state import State

__all__ = [
    "REFERENCE_TABLE", "MoveTable", "Tokens", "derive", "empty_gremlin_spaces", "empty_theater", "move_table",
    "moves", "taken", "tokens",
]

STEPS = 6  # GTG-MOVE-1


class MoveTable:
    """A map's spaces as bit masks, for the Move's destinations."""

    __slots__ = ("ball", "bit", "everything", "fixed", "geo", "gremlin_spaces", "grid", "known", "known_get",
                 "laid", "laid_chooses", "moves", "others", "square", "theater")

    def __init__(self, geo: Geometry, grid: GridBits) -> None:
        self.geo = geo
        self.grid = grid
        self.moves: tuple[Move, ...] = geo.moves
        self.bit: dict[str, int] = {name: grid.bits[i] for i, name in enumerate(geo.names)}
        """Each space's mask by name."""
        self.everything = grid.everything
        self.ball: dict[str, int] = {
            name: reach_bits(grid, b, STEPS - 1) | b for name, b in zip(geo.names, grid.bits, strict=True)}
        """Per space: the spaces within five steps (whose tokens can change a move from it)."""
        self.square = sum(grid.bits[i] for i in geo.square_ids)
        self.theater = sum(self.bit[n] for n in geo.theater_spaces)
        self.gremlin_spaces = sum(self.bit[n] for n in geo.gremlin_spaces)
        starts = [self.bit[n] for n in geo.starts]
        self.others: tuple[tuple[int, ...], ...] = tuple(
            tuple(sum(b for i, b in enumerate(starts[:players]) if i != seat) for seat in range(players))
            for players in range(len(starts) + 1))
        """[players][seat]: the other seats' Start spaces (GTG-MOVE-4)."""
        self.fixed = tuple(sorted({m | sq for row in self.others for m in row for sq in (0, self.square)}))
        """Every seat's spaces a move may never end on whatever the tokens: the other players' Starts,
        with the Town Square on a first turn (GTG-SQUARE-4)."""
        self.laid = layout(grid, geo.moves)
        self.laid_chooses = layout(grid, geo.chooses)
        self.known: dict[tuple[str, int], _Entry] = {}
        """The moves worked out ahead of play (:func:`_prefill`), by the mover's space and the spaces
        within five steps of it that end a move: a fixed table, never emptied (the runtime misses
        go to a bounded cache)."""
        self.known_get = self.known.get


_TABLES: dict[Geometry, MoveTable | None] = {}
_LAST_TABLE: tuple[Any, MoveTable | None] = (object(), None)
_MISSING: Any = object()
"""The last ``Options.map`` asked for and its table (one tuple, replaced whole)."""


def move_table(m: Any) -> MoveTable | None:
    """The table of a table's map (``Options.map``; None: the reference map), or None when the map's
    graph is not a grid's."""
    global _LAST_TABLE
    last = _LAST_TABLE
    if m is last[0]:
        return last[1]
    geo = geometry(m)
    known = _TABLES.get(geo, _MISSING)  # one lookup: another thread may clear the dict meanwhile
    if known is not _MISSING:
        table: MoveTable | None = known
    else:
        grid = grid_bits(geo.graph, [(sp.x, sp.y) for sp in geo.map.spaces])
        table = None if grid is None else MoveTable(geo, grid)
        if table is not None:
            _prefill(table)
        if len(_TABLES) >= 16:
            _TABLES.clear()
        _TABLES[geo] = table
    _LAST_TABLE = (m, table)
    return table


class Tokens:
    """What the token tuples of a state give the fast path: the masks of the event tokens, the
    weapon tokens and the gremlins, all the spaces that end a move (those and the Town Square),
    and whether Stripe stands on a theater space. Each part is taken over from the last one
    made while its tuple is the same object."""

    __slots__ = ("board", "board_mask", "components", "event_mask", "events", "mask", "stripe",
                 "stripe_on_theater", "table", "weapon_index", "weapon_mask", "weapons")

    stripe: str
    """Stripe's token id."""
    weapon_index: Mapping[str, int]
    """Each weapon kind's position in a hand."""
    board_mask: int
    event_mask: int
    weapon_mask: int
    mask: int
    stripe_on_theater: bool
    """GTG-STRIPE-3: Stripe is face up on a theater space (the crowd is asked apart)."""

    def __init__(self, s: State, table: MoveTable, last: Tokens | None) -> None:
        self.table = table
        self.events = events = s.event_tokens
        self.weapons = weapons = s.weapon_tokens
        self.board = board = s.board
        self.components = components = s.options.components
        if last is None or last.table is not table:
            last = None
        self.event_mask = (last.event_mask if last is not None and last.events is events
                           else _names_mask(table, events))
        self.weapon_mask = (last.weapon_mask if last is not None and last.weapons is weapons
                            else _names_mask(table, weapons))
        if last is not None and last.board is board and last.components is components:
            self.board_mask = last.board_mask
            self.stripe_on_theater = last.stripe_on_theater
            self.stripe = last.stripe
            self.weapon_index = last.weapon_index
        else:
            t = tables(s.components)
            self.stripe = t.stripe
            self.weapon_index = t.weapon_index
            bit = table.bit
            theater = table.theater
            mask = 0
            on = False
            for p in board:
                b = bit[p.space]
                mask |= b
                if p.gremlin == t.stripe and b & theater:
                    on = True
            self.board_mask = mask
            self.stripe_on_theater = on
        self.mask = table.square | self.event_mask | self.weapon_mask | self.board_mask


_NAMES: BoundedCache[tuple[Any, ...], int] = BoundedCache("gtg-token-masks", 4096)
"""(table, a tuple of space names) -> its mask."""


def _names_mask(table: MoveTable, names: tuple[str, ...]) -> int:
    key = (table, names)
    found = _NAMES.get(key)
    if found is None:
        bit = table.bit
        mask = 0
        for name in names:
            mask |= bit[name]
        found = _NAMES.put(key, mask)
    return found


_last_tokens: Tokens | None = None


def tokens(s: State, table: MoveTable) -> Tokens:
    """The :class:`Tokens` of ``s`` (the last one made, when ``s`` shares its token tuples)."""
    global _last_tokens
    last = _last_tokens
    if (last is not None and last.board is s.board and last.events is s.event_tokens
            and last.weapons is s.weapon_tokens and last.table is table
            and last.components is s.options.components):
        return last
    made = _last_tokens = Tokens(s, table, last)
    return made


def derive(tk: Tokens, s: State, board_mask: int, stripe_on_theater: bool) -> State:
    """Remember the :class:`Tokens` of ``s``, a state made from one of tokens ``tk`` with a new
    board whose mask and Stripe's place the caller knows (a gremlin revealed, defeated or put on a
    space); returns ``s``."""
    global _last_tokens
    made = Tokens.__new__(Tokens)
    made.table = table = tk.table
    made.events = s.event_tokens
    made.weapons = s.weapon_tokens
    made.board = s.board
    made.components = tk.components
    events, weapons = s.event_tokens, s.weapon_tokens
    made.event_mask = tk.event_mask if tk.events is events else _names_mask(table, events)
    made.weapon_mask = tk.weapon_mask if tk.weapons is weapons else _names_mask(table, weapons)
    made.stripe = tk.stripe
    made.weapon_index = tk.weapon_index
    made.board_mask = board_mask
    made.stripe_on_theater = stripe_on_theater
    made.mask = table.square | made.event_mask | made.weapon_mask | board_mask
    _last_tokens = made
    return s


_Moves = tuple[tuple[Move, ...], int]
_Entry = tuple[tuple[Move, ...], int, int, dict[int, _Moves]]
_REACHED: BoundedCache[tuple[Any, ...], _Entry] = BoundedCache("gtg-reached", 1 << 15)
"""(table, the mover's space, the spaces within five steps that end a move) -> the Moves to the
spaces reached and their mask (or the stay, GTG-MOVE-2), the mask reached, and the same with
the spaces of a mask cut out, by that mask (at most 64 of those)."""
_PICKED: BoundedCache[tuple[Any, ...], tuple[Move, ...]] = BoundedCache("gtg-picked-moves", 1 << 14)
"""(table, mask) -> the Moves to the spaces of the mask, in map order."""
_reached_get = _REACHED.get
_picked_get = _PICKED.get


def _pick(table: MoveTable, mask: int) -> tuple[Move, ...]:
    found = _picked_get((table, mask))
    if found is None:
        found = _PICKED.put((table, mask), select_bits(table.grid, table.laid, mask))
    return found


def _without(found: tuple[Move, ...], mask: int, cut: int) -> tuple[Move, ...]:
    """``found`` (the Moves of ``mask``, map order) without those of ``cut`` (part of ``mask``):
    each is at the index that counts the spaces of ``mask`` before it, which are its higher bits;
    the latest one first, so the earlier indices stay."""
    out = list(found)
    while cut:
        low = cut & -cut
        del out[(mask >> low.bit_length()).bit_count()]
        cut ^= low
    return tuple(out)


def _cut(table: MoveTable, here: str, found: tuple[Move, ...], mask: int, cut: int) -> _Moves:
    """The Moves of ``mask`` but those of ``cut``, and their mask; the stay when none is left."""
    left = mask & ~cut
    if not left:  # GTG-MOVE-2: nowhere to go; the player stays
        return (table.moves[table.geo.index[here]],), table.bit[here]
    return (_without(found, mask, cut) if cut else found), left


def moves(s: State, table: MoveTable) -> tuple[State, int, MoveTable, Tokens, tuple[Move, ...]]:
    """``s``, the mask of its legal Moves' spaces, ``table``, the state's :class:`Tokens` and the
    legal Moves (phase MOVE, nothing pending): exactly :func:`.flow.destinations`."""
    bit = table.bit
    seat = s.turn
    positions = s.positions
    here = positions[seat]
    players = 0  # GTG-MOVE-3: the players' spaces (the mover's own is never a destination)
    for p in positions:
        players |= bit[p]
    tk = _last_tokens
    if (tk is None or tk.board is not s.board or tk.events is not s.event_tokens
            or tk.weapons is not s.weapon_tokens or tk.table is not table
            or tk.components is not s.options.components):
        tk = tokens(s, table)
    fixed = table.others[s.players][seat]  # GTG-MOVE-4: the other players' Starts
    if s.free_move[seat]:  # GTG-SQUARE-3: any space not taken by another player
        found, mask = _cut(table, here, table.moves, table.everything, (fixed | players) & table.everything)
        return s, mask, table, tk, found
    square = table.square
    # GTG-SQUARE-6: a move from inside the Town Square does not enter it (its spaces are plain)
    entering = s.options.reenter_square or not bit[here] & square
    stops = (tk.mask if entering else tk.mask & ~square) & table.ball[here]
    entry = table.known_get((here, stops))
    if entry is None:
        key = (table, here, stops)
        entry = _reached_get(key)
        if entry is None:
            entry = _REACHED.put(key, _entry(table, here, stops))
    found, mask, reached, cuts = entry
    if s.turn_number < s.players and entering:  # GTG-SQUARE-4: the first turn
        fixed |= square
    cut = fixed & reached
    if cut:  # the same few for every visit of a seat: remembered
        done = cuts.get(cut)
        if done is None:
            if len(cuts) >= 64:
                cuts.clear()
            done = cuts[cut] = _cut(table, here, found, reached, cut)
        found, mask = done
    cut = players & mask  # they change every turn: cut out of the tuple
    if cut:
        if cut & (cut - 1) or cut == mask:  # more than one, or all
            found, mask = _cut(table, here, found, mask, cut)
        else:  # one: at the index that counts the spaces before it (the higher bits)
            i = (mask >> cut.bit_length()).bit_count()
            found, mask = found[:i] + found[i + 1:], mask ^ cut
    return s, mask, table, tk, found


_CHOSEN: BoundedCache[tuple[Any, ...], tuple[Choose, ...]] = BoundedCache("gtg-picked-chooses", 4096)
"""(table, mask) -> the Chooses of the spaces of the mask, in map order."""


def taken(s: State, table: MoveTable) -> int:
    """The mask of the spaces with a gremlin or a player."""
    bit = table.bit
    mask = tokens(s, table).board_mask
    for p in s.positions:
        mask |= bit[p]
    return mask


def empty_theater(s: State, table: MoveTable) -> tuple[Choose, ...]:
    """:func:`.rules.theater_choices`: a Choose of each Movie Theater space without words, a
    gremlin or a player, in map order (GTG-FIGHT-4, GTG-THEATER-1)."""
    return _chooses(table, table.theater & ~taken(s, table))


def empty_gremlin_spaces(s: State, table: MoveTable) -> tuple[Choose, ...]:
    """:func:`.rules.place_choices`: a Choose of each Gremlin space without a gremlin or a player,
    in map order (GTG-EVENT-2)."""
    return _chooses(table, table.gremlin_spaces & ~taken(s, table))


def _chooses(table: MoveTable, mask: int) -> tuple[Choose, ...]:
    key = (table, mask)
    found = _CHOSEN.get(key)
    if found is None:
        found = _CHOSEN.put(key, select_bits(table.grid, table.laid_chooses, mask))
    return found


def _entry(table: MoveTable, here: str, stops: int, *, fill: bool = False) -> _Entry:
    """The moves from ``here`` when ``stops`` are the spaces within five steps that end a move;
    with ``fill``, their cuts for every seat's fixed ones when they are new (:func:`_fixed_cuts`)."""
    b = table.bit[here]
    reached = reach_bits(table.grid, b, STEPS, stops)
    shared = (table, here, reached)
    cuts = _CUTS.get(shared)
    made = cuts is None
    if cuts is None:
        cuts = _CUTS.put(shared, {})
    if reached:
        entry: _Entry = (_pick(table, reached), reached, reached, cuts)
    else:  # GTG-MOVE-2: nowhere to go; the player stays
        entry = ((table.moves[table.geo.index[here]],), b, 0, cuts)
    if fill and made:
        _fixed_cuts(table, here, entry)
    return entry


_CUTS: BoundedCache[tuple[Any, ...], dict[int, _Moves]] = BoundedCache("gtg-fixed-cuts", 1 << 14)
"""(table, the mover's space, the mask reached) -> the Moves left when the spaces of a mask are
cut out, by that mask: shared by the entries that reach the same spaces."""


def _fixed_cuts(table: MoveTable, here: str, entry: _Entry) -> None:
    """Fill ``entry``'s cuts for every seat's fixed ones: the other players' Starts (GTG-MOVE-4),
    with the Town Square on a first turn (GTG-SQUARE-4)."""
    found, _, reached, cuts = entry
    for fixed in table.fixed:
        cut = fixed & reached
        if cut and cut not in cuts:
            cuts[cut] = _cut(table, here, found, reached, cut)


PREFILLED = 6000
"""At most how many entries :func:`_prefill` works out per map (a fixed table: about 4,900 for the
reference map, 30-40 ms at import)."""


def _prefill(table: MoveTable) -> None:
    """Remember, ahead of play, the moves from every space with every token of the setup on the
    board (the position of a new game, GTG-SETUP-3, GTG-SETUP-4); then, from the spaces with
    the fewest places for a token within five steps first, with every combination of tokens
    there, up to :data:`PREFILLED` entries, each with its fixed cuts. Most spaces have one to
    seven such places (a Weapon, Event or Gremlin space, a theater space), so a random game's
    positions are nearly all in the table, and a miss (a search and its Moves picked, about
    8 us) is rare: 3-6% of decisions instead of 15-17% with the setup's tokens alone."""
    bit = table.bit
    known = table.known
    places = (table.gremlin_spaces | table.theater | sum(bit[n] for n in table.geo.event_spaces)
              | sum(bit[n] for n in table.geo.weapon_spaces))
    square = table.square
    rows = []
    for here, b in bit.items():
        near = places & table.ball[here]
        rows.append((near.bit_count(), here, near))
        for stops in ((square | places) & table.ball[here], near if b & square else -1):
            if stops >= 0 and (here, stops) not in known:  # from the square: GTG-SQUARE-6
                known[here, stops] = _entry(table, here, stops, fill=True)
    budget = PREFILLED - len(rows)
    for count, here, near in sorted(rows):
        if (1 << count) > budget:
            break
        budget -= 1 << count
        fixed = square & table.ball[here]
        sub = near
        while True:  # every subset of near, near itself first and the empty one last
            stops = fixed | sub
            if (here, stops) not in known:
                known[here, stops] = _entry(table, here, stops, fill=True)
            if not sub:
                break
            sub = (sub - 1) & near


_reference = move_table(None)
assert _reference is not None  # the reference map is a grid
REFERENCE_TABLE: MoveTable = _reference
"""The reference map's table."""
