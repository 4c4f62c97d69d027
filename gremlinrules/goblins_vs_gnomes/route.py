"""The route from the start: reachability through tunnels, doors and keys, and the frontier.

One breadth-first search over (cell, keys held) pairs answers every rule that
needs the route (GVG-ROUTE-1 to GVG-ROUTE-4): which empty cells a card may
extend the route into, which face-down targets the route reaches, and which
cards an Explosion may remove. A field is analysed once and memoised in a
bounded cache keyed by the field's value, so ``legal_actions`` and ``apply``
stay cheap. This is the fast path: the readable
reference of the same rules is :mod:`.rules` (``route``), and the differential
tests hold the two together.
"""

from __future__ import annotations

import bisect
from typing import Any

from gremlinrules.core.cache import BoundedCache
from gremlinrules.core.grid import OFFSETS, OPPOSITE, SIDES, Cell
from gremlinrules.goblins_vs_gnomes.actions import Place, PlayExplosion
from gremlinrules.goblins_vs_gnomes.geometry import (
    OPEN_TARGET_INFO,
    REFERENCE_KIT,
    START,
    START_INFO,
    Info,
    Kit,
)
from gremlinrules.goblins_vs_gnomes.state import Tile

__all__ = ["Analysis", "analyse", "analyse_after_place", "route_tags"]

_ALWAYS = frozenset({"start", "target", "passage", "key", "lantern", "bomb", "ale-mug"})
_PLAIN = _ALWAYS - {"key"}
"""Kinds the route passes with nothing to record (a key is noted, a door may wait)."""
_SIDE_STEPS = tuple((s, OFFSETS[s], 1 << OPPOSITE[s]) for s in SIDES)


def _cells(kit: Kit, field: tuple[Tile, ...], opened: tuple[bool, ...]) -> dict[Cell, Info]:
    cells: dict[Cell, Info] = {START: START_INFO}
    info = kit.info
    for t in field:
        cells[(t.x, t.y)] = info[(t.card, t.rotated)]
    for slot, cell in enumerate(kit.target_cells):
        if opened[slot]:  # an opened target (Dynamite) is open on all four sides
            cells[cell] = OPEN_TARGET_INFO
    return cells


def _passable(info: Info, keys: int) -> bool:
    kind = info[0]
    if kind in _ALWAYS:
        return True
    return kind == "door" and bool(keys & info[2])  # GVG-ROUTE-3: a door needs its key first


class Analysis:
    """The route facts of one field."""

    __slots__ = ("_blasts", "_explosions", "_order", "_placements", "_removable", "by_index", "cells",
                 "conn", "field", "frontier", "keys", "kit", "opened", "reached", "seen", "waiting")

    def __init__(self, field: tuple[Tile, ...], opened: tuple[bool, ...],
                 parent: Analysis | None = None, tile: Tile | None = None,
                 kit: Kit = REFERENCE_KIT) -> None:
        self.opened = opened
        self.field = field
        self._order: list[tuple[int, dict[str, int]]] | None = None
        self._removable: tuple[tuple[Cell, str], ...] | None = None
        self._placements: dict[tuple[str, bool], tuple[Place, ...]] = {}
        self._explosions: tuple[PlayExplosion, ...] | None = None
        self._blasts: list[tuple[int, PlayExplosion]] | None = None
        if parent is not None and tile is not None:
            self.kit: Kit = parent.kit
            self._extend(parent, tile)
            return
        self.kit = kit
        self.cells = _cells(kit, field, opened)
        self.keys = 0
        self.waiting: tuple[tuple[Cell, int], ...] = ()
        self.seen: set[Cell] = {START}
        self.conn: dict[Cell, int] = {}
        self.reached: tuple[int, ...] = ()
        self._explore([START])
        self.frontier = {cell: self._entry(cell, c) for cell, c in self.conn.items()}
        """Each empty cell the route touches, with the fit bits there of every field design
        (see :meth:`Kit.fit_row`)."""
        index = kit.cell_index
        self.by_index = {index[cell]: fit for cell, fit in self.frontier.items()}
        """The frontier keyed by cell index (sorting it gives the canonical row order)."""

    def _extend(self, parent: Analysis, tile: Tile) -> None:
        """The analysis after laying ``tile`` on a frontier cell of ``parent``'s field.

        Laying a card only adds to the route, so the search resumes from the new
        card instead of starting over; only frontier cells beside it change.
        """
        cell = (tile.x, tile.y)
        self.cells = dict(parent.cells)
        self.cells[cell] = self.kit.info[(tile.card, tile.rotated)]
        self.keys = parent.keys
        self.waiting = parent.waiting
        self.seen = set(parent.seen)
        self.conn = dict(parent.conn)
        del self.conn[cell]
        self.reached = parent.reached
        touched = self._explore([], cell)
        frontier = dict(parent.frontier)
        del frontier[cell]
        kit = self.kit
        index = kit.cell_index
        by_index = dict(parent.by_index)
        del by_index[index[cell]]
        conn = self.conn
        for c in kit.around[cell]:
            if c in conn:
                touched.add(c)
        for c in touched:
            frontier[c] = by_index[index[c]] = self._entry(c, conn[c])
        self.frontier = frontier
        self.by_index = by_index
        blasts = parent._blasts
        if blasts is not None:  # the Explosions so far, and one for the new card unless a Lantern
            blasts = list(blasts)
            if kit.kind[tile.card] != "lantern":
                bisect.insort(blasts, kit.explode_at[(cell, tile.card)])
            self._blasts = blasts

    def _visit(self, nb: Cell, info: Info, todo: list[Cell]) -> None:
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
        target_slot, placeable, steps = self.kit.target_slot, self.kit.placeable_set, self.kit.steps
        reached = set(self.reached)
        touched: set[Cell] = set()
        if new is not None:
            laid = cells[new]
            if laid[0] in _PLAIN:
                seen.add(new)
                todo.append(new)
            else:
                self._visit(new, laid, todo)
        while todo:
            cell = todo.pop()
            edges = cells[cell][1]
            for bit, nb, back in steps[cell]:
                if not edges & bit:
                    continue
                info = cells.get(nb)
                if info is None:
                    slot = target_slot.get(nb)
                    if slot is not None:
                        if not opened[slot]:
                            reached.add(slot)
                    elif nb in placeable:
                        conn[nb] = conn.get(nb, 0) | back  # the route enters nb by its side facing back
                        touched.add(nb)
                    continue
                if info[1] & back and nb not in seen:
                    if info[0] in _PLAIN:  # the common case, without key bookkeeping
                        seen.add(nb)
                        todo.append(nb)
                    else:
                        self._visit(nb, info, todo)
        self.reached = tuple(sorted(reached))
        return touched

    def _entry(self, cell: Cell, c: int) -> dict[str, int]:
        # GVG-PLACE-3: each card beside the cell must meet an open edge with an open one and
        # a closed edge with a closed one (the card's Info says which, per side); ``c`` holds
        # the sides the route enters by.
        north, east, south, west = self.kit.around[cell]
        get = self.cells.get
        code = c << 8
        info = get(north)
        if info is not None:
            code |= info[3][2]  # its south side faces this cell
        info = get(east)
        if info is not None:
            code |= info[3][3]
        info = get(south)
        if info is not None:
            code |= info[3][0]
        info = get(west)
        if info is not None:
            code |= info[3][1]
        return self.kit.fit_row(code)

    def placements(self, card: str, rotation: bool) -> tuple[Place, ...]:
        """Every legal Place of design ``card`` (GVG-PLACE-1 to GVG-PLACE-4)."""
        key = (card, rotation)
        got = self._placements.get(key)
        if got is not None:
            return got
        order = self._order
        if order is None:  # canonical order: row by row (cells where nothing fits left out)
            order = self._order = sorted(item for item in self.by_index.items() if item[1])
        rows = self.kit.place_rows[card]
        out: list[Place] = []
        if rotation:
            for i, fit in order:
                f = fit.get(card)
                if f:
                    out += rows[i][f]
        else:
            for i, fit in order:
                f = fit.get(card, 0) & 1
                if f:
                    out += rows[i][f]
        result = self._placements[key] = tuple(out)
        return result

    @property
    def removable(self) -> tuple[tuple[Cell, str], ...]:
        """(cell, card) of every card an Explosion may remove, row by row (GVG-CARD-2)."""
        if self._removable is None:  # the field is kept sorted row by row
            kind = self.kit.kind
            self._removable = tuple(((t.x, t.y), t.card) for t in self.field if kind[t.card] != "lantern")
        return self._removable

    def explosions(self) -> tuple[PlayExplosion, ...]:
        """Every legal PlayExplosion, in canonical order (GVG-CARD-2)."""
        if self._explosions is None:
            blasts = self._blasts
            if blasts is None:
                explode = self.kit.explode_at
                blasts = self._blasts = sorted(explode[r] for r in self.removable)  # distinct indices
            self._explosions = tuple(e[1] for e in blasts)
        return self._explosions

    def fits(self, card: str, cell: Cell, rotated: bool) -> bool:
        """True when design ``card`` may be laid on ``cell`` this way."""
        got = self.frontier.get(cell)
        return got is not None and bool(got.get(card, 0) & (2 if rotated else 1))


# Analyses memoised by value: states share their field until it changes, and legal_actions and
# apply ask about the same field. The key holds the field itself (Tiles cache their hashes) and
# the kit (one per component set, compared by identity, held alive by the key).
_MEMO: BoundedCache[tuple[tuple[Tile, ...], tuple[bool, ...], Kit], Analysis] = BoundedCache(
    "goblins-vs-gnomes route analyses", 4096)
_Entry = tuple[tuple[Tile, ...], tuple[bool, ...], Kit, Analysis]
_RECENT: list[_Entry] = []
"""The last few analyses (most recent first), found by the identity of their field before the
tuple of tiles is hashed: a playout asks about the field it just made (legal_actions, then the
check and the effect of apply), and a search about its siblings' parent. Each entry holds its
field, so identity cannot be confused by a reused ``id()``. Analyses extended by a Place go here
only (hashing every new field would cost more than a playout saves); an analysis built from
scratch also goes to the memo, so a state met again (a search's sampled states) finds it."""
_RECENT_MAX = 4


def _recall(field: tuple[Tile, ...], opened: tuple[bool, ...], kit: Kit) -> Analysis | None:
    for entry in _RECENT:
        if entry[0] is field and entry[2] is kit and entry[1] == opened:
            return entry[3]
    got = _MEMO.get((field, opened, kit))
    if got is not None:
        _note((field, opened, kit, got))
    return got


def _note(entry: _Entry) -> Analysis:
    _RECENT.insert(0, entry)
    del _RECENT[_RECENT_MAX:]
    return entry[3]


def analyse(field: tuple[Tile, ...], opened: tuple[bool, ...], kit: Kit = REFERENCE_KIT) -> Analysis:
    """The (memoised) route analysis of a field."""
    got = _recall(field, opened, kit)
    if got is None:
        got = _MEMO.put((field, opened, kit), Analysis(field, opened, kit=kit))
        _note((field, opened, kit, got))
    return got


def analyse_after_place(old_field: tuple[Tile, ...], field: tuple[Tile, ...],
                        opened: tuple[bool, ...], tile: Tile, kit: Kit = REFERENCE_KIT) -> Analysis:
    """The analysis of ``field`` = ``old_field`` plus ``tile``, extended from the old one."""
    parent = _recall(old_field, opened, kit)
    if parent is None:
        return analyse(field, opened, kit)
    return _note((field, opened, kit, Analysis(field, opened, parent, tile)))


def _route_graph(field: tuple[Tile, ...], opened: tuple[bool, ...],
                 kit: Kit) -> tuple[dict[Cell, Info], dict[Cell, list[Cell]]]:
    """The cards the route passes through and, for each, its neighbours on the route (open
    sides facing each other), Doors open by the route's Keys (GVG-ROUTE-1 to GVG-ROUTE-3)."""
    keys = analyse(field, opened, kit).keys
    cells = _cells(kit, field, opened)
    graph: dict[Cell, list[Cell]] = {START: []}
    todo = [START]
    while todo:
        cell = todo.pop()
        edges = cells[cell][1]
        x, y = cell
        for side, (dx, dy), back in _SIDE_STEPS:
            nb = (x + dx, y + dy)
            info = cells.get(nb)
            if not edges & (1 << side) or info is None or not info[1] & back or not _passable(info, keys):
                continue
            graph[cell].append(nb)
            if nb not in graph:
                graph[nb] = []
                todo.append(nb)
    return cells, graph


def _reachable(graph: dict[Cell, list[Cell]], cell: Cell, avoid: set[Cell]) -> set[Cell]:
    seen = {cell}
    todo = [cell]
    while todo:
        for nb in graph[todo.pop()]:
            if nb not in seen and nb not in avoid:
                seen.add(nb)
                todo.append(nb)
    return seen


_SINK: Cell = (-(10**6), -(10**6))
"""A stand-in joined to every end of a path, so the paths to any end are paths to one cell."""


def _on_paths(graph: dict[Cell, list[Cell]], source: Cell, ends: set[Cell], avoid: set[Cell]) -> set[Cell]:
    """The cells on some simple path from ``source`` to one of ``ends`` that avoids ``avoid``.

    A cell lies on such a path exactly when it belongs to a biconnected block on the way from
    ``source`` to the ends in the block tree (the blocks are found by Tarjan's search); a dead-end
    branch or a loop hanging off that way is another block.
    """
    reach = _reachable(graph, source, avoid)
    if not reach & ends:
        return set()
    adj = {c: [nb for nb in graph[c] if nb in reach] for c in reach}
    adj[_SINK] = [c for c in reach if c in ends]
    for c in adj[_SINK]:
        adj[c].append(_SINK)
    order: dict[Cell, int] = {}
    low: dict[Cell, int] = {}
    edges: list[tuple[Cell, Cell]] = []
    blocks: list[set[Cell]] = []

    def visit(u: Cell, parent: Cell | None) -> None:
        order[u] = low[u] = len(order)
        for v in adj[u]:
            if v == parent:
                continue
            if v not in order:
                edges.append((u, v))
                visit(v, u)
                low[u] = min(low[u], low[v])
                if low[v] >= order[u]:  # u cuts v's block off: pop it
                    block: set[Cell] = set()
                    while True:
                        e = edges.pop()
                        block.update(e)
                        if e == (u, v):
                            break
                    blocks.append(block)
            elif order[v] < order[u]:
                edges.append((u, v))
                low[u] = min(low[u], order[v])

    visit(source, None)
    # the way from the source to the sink in the block tree (cells and blocks alternate)
    came: dict[Any, Any] = {("cell", source): None}
    todo: list[Any] = [("cell", source)]
    member: dict[Cell, list[int]] = {}
    for i, block in enumerate(blocks):
        for c in block:
            member.setdefault(c, []).append(i)
    while todo:
        node = todo.pop()
        nexts = ([("block", i) for i in member.get(node[1], [])] if node[0] == "cell"
                 else [("cell", c) for c in blocks[node[1]]])
        for nxt in nexts:
            if nxt not in came:
                came[nxt] = node
                todo.append(nxt)
    out: set[Cell] = set()
    node = came.get(("cell", _SINK))
    while node is not None:
        if node[0] == "block":
            out |= blocks[node[1]]
        node = came[node]
    out.discard(_SINK)
    return out


def route_tags(field: tuple[Tile, ...], opened: tuple[bool, ...], slot: int,
               kit: Kit = REFERENCE_KIT) -> tuple[bool, bool, int]:
    """Facts about the paths from the start to target ``slot`` for the advanced roles.

    A path is a simple path (no card twice) through cards the route passes, from the start to
    a card whose open side faces the target (GVG-ADV-5); a side branch is not on it. Returns
    (some path passes no Door: GVG-ADV-6, some path passes an open Door: GVG-ADV-9, the most
    distinct Ale Mugs on one path, counted up to 3: GVG-ADV-8).
    """
    cells, graph = _route_graph(field, opened, kit)
    tx, ty = kit.target_cells[slot]
    ends = set()
    for cell in graph:  # the cards with an open side facing the target
        x, y = cell
        for side, (dx, dy), _ in _SIDE_STEPS:
            if (x + dx, y + dy) == (tx, ty) and cells[cell][1] & (1 << side):
                ends.add(cell)
    if not ends:
        return False, False, 0
    doors = {c for c in graph if cells[c][0] == "door"}
    mugs = {c for c in graph if cells[c][0] == "ale-mug"}
    # GVG-ADV-6: a walk that avoids the Doors shortens to a simple path that avoids them
    no_door = bool(ends & _reachable(graph, START, doors))
    best = [0, False]  # the most Ale Mugs on a path (up to 3), a path through a Door found
    want = min(3, len(mugs))

    def done() -> bool:
        return best[0] >= want and (bool(best[1]) or not doors)

    def search(cell: Cell, path: set[Cell], n_mugs: int, door: bool) -> None:
        if cell in ends:
            best[0] = max(best[0], n_mugs)
            best[1] = best[1] or door
            if done():
                return
        ahead = _on_paths(graph, cell, ends, path - {cell})  # what a path on from here may pass
        if not ahead:
            return
        more = min(want, n_mugs + len(ahead & mugs - {cell}))
        if more <= best[0] and (best[1] or not (door or ahead & doors)):
            return  # neither more Ale Mugs nor a first Door can be found this way
        for nb in graph[cell]:
            if nb in ahead and nb not in path and not done():
                path.add(nb)
                search(nb, path, n_mugs + (nb in mugs), door or nb in doors)
                path.discard(nb)

    search(START, {START}, 0, False)
    return no_door, bool(best[1]), int(best[0])
