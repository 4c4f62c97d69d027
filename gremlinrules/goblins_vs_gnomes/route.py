"""The route from the start: reachability through tunnels, doors and keys, and the frontier.

One breadth-first search over (cell, keys held) pairs answers every rule that
needs the route (GVG-ROUTE-1 to GVG-ROUTE-4): which empty cells a card may
extend the route into, which face-down targets the route reaches, and which
cards an Explosion may remove. A field is analysed once and memoised (the
field tuple is the key), so ``legal_actions`` and ``apply`` stay cheap.
"""

from __future__ import annotations

from collections import deque

from gremlinrules.core.grid import OFFSETS, OPPOSITE, SIDES, Cell
from gremlinrules.goblins_vs_gnomes.actions import INDEX, Place, PlayExplosion, place_action
from gremlinrules.goblins_vs_gnomes.components import COMPONENTS
from gremlinrules.goblins_vs_gnomes.geometry import (
    COLOUR,
    EDGES,
    KIND,
    PLACEABLE_CELLS,
    PLACEABLE_SET,
    START,
    TARGET_CELLS,
    TARGET_SLOT,
)
from gremlinrules.goblins_vs_gnomes.state import Tile

__all__ = ["Analysis", "analyse", "analyse_after_place", "route_tags"]

_CELL_ORDER = {c: i for i, c in enumerate(PLACEABLE_CELLS)}
_KEY_BIT = {c: 1 << i for i, c in enumerate(COMPONENTS.colours)}
_ALWAYS = frozenset({"start", "target", "passage", "key", "lantern", "bomb", "ale-mug"})
_SIDE_STEPS = tuple((s, OFFSETS[s], 1 << OPPOSITE[s]) for s in SIDES)

# A cell on the field: (kind, open-edge mask, key/door colour bit).
_Info = tuple[str, int, int]


_INFO: dict[tuple[str, bool], _Info] = {
    key: (KIND[key[0]], mask, _KEY_BIT.get(COLOUR[key[0]], 0)) for key, mask in EDGES.items()
}


def _cells(field: tuple[Tile, ...], opened: tuple[bool, ...]) -> dict[Cell, _Info]:
    cells: dict[Cell, _Info] = {START: ("start", 0b1111, 0)}
    for t in field:
        cells[(t.x, t.y)] = _INFO[(t.card, t.rotated)]
    for slot, cell in enumerate(TARGET_CELLS):
        if opened[slot]:  # an opened target (Dynamite) is open on all four sides
            cells[cell] = ("target", 0b1111, 0)
    return cells


def _passable(info: _Info, keys: int) -> bool:
    kind = info[0]
    if kind in _ALWAYS:
        return True
    return kind == "door" and bool(keys & info[2])  # GVG-ROUTE-3: a door needs its key first


class Analysis:
    """The route facts of one field."""

    __slots__ = ("_explosions", "_order", "_placements", "_removable", "cells", "conn", "field",
                 "frontier", "keys", "opened", "reached", "seen", "waiting")

    def __init__(self, field: tuple[Tile, ...], opened: tuple[bool, ...],
                 parent: Analysis | None = None, tile: Tile | None = None) -> None:
        self.opened = opened
        self.field = field
        self._order: tuple[Cell, ...] | None = None
        self._removable: tuple[tuple[Cell, str], ...] | None = None
        self._placements: dict[tuple[str, bool], tuple[Place, ...]] = {}
        self._explosions: tuple[PlayExplosion, ...] | None = None
        if parent is not None and tile is not None:
            self._extend(parent, tile)
            return
        self.cells = _cells(field, opened)
        self.keys = 0
        self.waiting: tuple[tuple[Cell, int], ...] = ()
        self.seen: set[Cell] = {START}
        self.conn: dict[Cell, int] = {}
        self.reached: tuple[int, ...] = ()
        self._explore([START])
        self.frontier = {cell: self._entry(cell, c) for cell, c in self.conn.items()}

    def _extend(self, parent: Analysis, tile: Tile) -> None:
        """The analysis after laying ``tile`` on a frontier cell of ``parent``'s field.

        Laying a card only adds to the route, so the search resumes from the new
        card instead of starting over; only frontier cells beside it change.
        """
        cell = (tile.x, tile.y)
        self.cells = dict(parent.cells)
        self.cells[cell] = _INFO[(tile.card, tile.rotated)]
        self.keys = parent.keys
        self.waiting = parent.waiting
        self.seen = set(parent.seen)
        self.conn = dict(parent.conn)
        del self.conn[cell]
        self.reached = parent.reached
        touched = self._explore([], cell)
        frontier = dict(parent.frontier)
        del frontier[cell]
        x, y = cell
        touched.update(c for c in ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)) if c in self.conn)
        for c in touched:
            frontier[c] = self._entry(c, self.conn[c])
        self.frontier = frontier

    def _visit(self, nb: Cell, info: _Info, todo: list[Cell]) -> None:
        self.seen.add(nb)
        kind = info[0]
        if kind == "key" and not self.keys & info[2]:
            self.keys |= info[2]
            todo.extend(door for door, colour in self.waiting if colour & self.keys)
            self.waiting = tuple(w for w in self.waiting if not w[1] & self.keys)
        if kind in _ALWAYS:
            todo.append(nb)
        elif kind == "door":
            if self.keys & info[2]:
                todo.append(nb)
            else:
                self.waiting = (*self.waiting, (nb, info[2]))

    def _explore(self, todo: list[Cell], new: Cell | None = None) -> set[Cell]:
        """Search on from ``todo`` (and a newly laid card); return the frontier cells it touched."""
        # A walk may fetch a key and come back, so a door opens as soon as any key of
        # its colour is reachable (GVG-ROUTE-3); doors met before their key wait.
        cells, seen, conn, opened = self.cells, self.seen, self.conn, self.opened
        reached = set(self.reached)
        touched: set[Cell] = set()
        if new is not None:
            self._visit(new, cells[new], todo)
        while todo:
            cell = todo.pop()
            edges = cells[cell][1]
            x, y = cell
            for side, (dx, dy), back in _SIDE_STEPS:
                if not edges & (1 << side):
                    continue
                nb = (x + dx, y + dy)
                info = cells.get(nb)
                if info is None:
                    slot = TARGET_SLOT.get(nb)
                    if slot is not None:
                        if not opened[slot]:
                            reached.add(slot)
                    elif nb in PLACEABLE_SET:
                        conn[nb] = conn.get(nb, 0) | (1 << OPPOSITE[side])
                        touched.add(nb)
                    continue
                if info[1] & back and nb not in seen:
                    self._visit(nb, info, todo)
        self.reached = tuple(sorted(reached))
        return touched

    def _entry(self, cell: Cell, c: int) -> tuple[int, int, int]:
        must_open = must_closed = 0
        x, y = cell
        cells = self.cells
        for side, (dx, dy), back in _SIDE_STEPS:
            info = cells.get((x + dx, y + dy))
            if info is None or info[0] == "target":
                continue  # GVG-PLACE-3: targets and empty cells set no edge
            if info[1] & back:
                must_open |= 1 << side
            else:
                must_closed |= 1 << side
        return (must_open, must_closed, c)

    def placements(self, card: str, rotation: bool) -> tuple[Place, ...]:
        """Every legal Place of design ``card`` (GVG-PLACE-1 to GVG-PLACE-4)."""
        key = (card, rotation)
        got = self._placements.get(key)
        if got is not None:
            return got
        orients = [False]
        if rotation and EDGES[(card, True)] != EDGES[(card, False)]:
            orients.append(True)
        out = []
        if self._order is None:  # canonical order: row by row, so no sort per design
            self._order = tuple(sorted(self.frontier, key=_CELL_ORDER.__getitem__))
        frontier = self.frontier
        for cell in self._order:
            must_open, must_closed, conn = frontier[cell]
            for rot in orients:
                e = EDGES[(card, rot)]
                if e & must_open == must_open and not e & must_closed and e & conn:
                    out.append(place_action(card, cell, rot))
        result = tuple(out)
        self._placements[key] = result
        return result

    @property
    def removable(self) -> tuple[tuple[Cell, str], ...]:
        """(cell, card) of every card an Explosion may remove, row by row (GVG-CARD-2)."""
        if self._removable is None:  # the field is kept sorted row by row
            self._removable = tuple(((t.x, t.y), t.card) for t in self.field if KIND[t.card] != "lantern")
        return self._removable

    def explosions(self, table: dict[tuple[Cell, str], PlayExplosion]) -> tuple[PlayExplosion, ...]:
        """Every legal PlayExplosion, in canonical order (GVG-CARD-2)."""
        if self._explosions is None:
            self._explosions = tuple(sorted((table[r] for r in self.removable), key=INDEX.__getitem__))
        return self._explosions

    def fits(self, card: str, cell: Cell, rotated: bool) -> bool:
        """True when design ``card`` may be laid on ``cell`` this way."""
        got = self.frontier.get(cell)
        if got is None:
            return False
        must_open, must_closed, conn = got
        e = EDGES[(card, rotated)]
        return e & must_open == must_open and not e & must_closed and bool(e & conn)


_CACHE: dict[tuple[tuple[Tile, ...], tuple[bool, ...]], Analysis] = {}
_CACHE_MAX = 8192


_LAST: list[tuple[tuple[Tile, ...], tuple[bool, ...], Analysis]] = []


def analyse(field: tuple[Tile, ...], opened: tuple[bool, ...]) -> Analysis:
    """The (memoised) route analysis of a field."""
    # States share their field tuple until it changes, so an identity check usually
    # answers without hashing the whole field.
    for f, o, got in _LAST:
        if f is field and o is opened:
            return got
    key = (field, opened)
    found = _CACHE.get(key)
    if found is None:
        if len(_CACHE) >= _CACHE_MAX:
            _CACHE.clear()
        found = Analysis(field, opened)
        _CACHE[key] = found
    _LAST.insert(0, (field, opened, found))
    del _LAST[4:]
    return found


def analyse_after_place(old_field: tuple[Tile, ...], field: tuple[Tile, ...],
                        opened: tuple[bool, ...], tile: Tile) -> Analysis:
    """The analysis of ``field`` = ``old_field`` plus ``tile``, extended from the old one."""
    key = (field, opened)
    got = _CACHE.get(key)
    if got is None:
        parent = _CACHE.get((old_field, opened))
        if len(_CACHE) >= _CACHE_MAX:
            _CACHE.clear()
        got = Analysis(field, opened, parent, tile) if parent is not None else Analysis(field, opened)
        _CACHE[key] = got
    _LAST.insert(0, (field, opened, got))
    del _LAST[4:]
    return got


def route_tags(field: tuple[Tile, ...], opened: tuple[bool, ...], slot: int) -> tuple[bool, bool, int]:
    """Facts about the routes from the start to target ``slot`` for the advanced roles.

    A route is a walk through passable cards from the start to a card whose open
    edge faces the target (GVG-ADV-5). Returns (some route passes no door, some
    route passes an open door, the most distinct Ale Mug cards on one route).
    """
    cells = _cells(field, opened)
    target = TARGET_CELLS[slot]
    mugs = {c: i for i, c in enumerate(sorted(c for c, v in cells.items() if v[0] == "ale-mug"))}
    start = (START, 0, False, 0)
    seen = {start}
    todo = deque([start])
    no_door = through_door = False
    best_mugs = 0
    while todo:
        cell, keys, door, mugmask = todo.popleft()
        edges = cells[cell][1]
        x, y = cell
        for side, (dx, dy), back in _SIDE_STEPS:
            if not edges & (1 << side):
                continue
            nb = (x + dx, y + dy)
            if nb == target:
                no_door = no_door or not door
                through_door = through_door or door
                best_mugs = max(best_mugs, bin(mugmask).count("1"))
                continue
            info = cells.get(nb)
            if info is None or not info[1] & back:
                continue
            nkeys = keys | info[2] if info[0] == "key" else keys
            if not _passable(info, nkeys):
                continue
            node = (nb, nkeys, door or info[0] == "door",
                    mugmask | (1 << mugs[nb]) if nb in mugs else mugmask)
            if node not in seen:
                seen.add(node)
                todo.append(node)
    return no_door, through_door, best_mugs
