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
from itertools import chain
from operator import getitem
from typing import Any

from gremlinrules.core.cache import BoundedCache
from gremlinrules.core.grid import OFFSETS
from gremlinrules.core.grid import OPPOSITE
from gremlinrules.core.grid import SIDES
from gremlinrules.core.grid import Cell
from gremlinrules.goblins_vs_gnomes.actions import Action
from gremlinrules.goblins_vs_gnomes.actions import Place
from gremlinrules.goblins_vs_gnomes.actions import PlayExplosion
from gremlinrules.goblins_vs_gnomes.geometry import OPEN_TARGET_INFO
from gremlinrules.goblins_vs_gnomes.geometry import REFERENCE_KIT
from gremlinrules.goblins_vs_gnomes.geometry import START
from gremlinrules.goblins_vs_gnomes.geometry import START_INFO
from gremlinrules.goblins_vs_gnomes.geometry import Info
from gremlinrules.goblins_vs_gnomes.geometry import Kit
from gremlinrules.goblins_vs_gnomes.state import Tile

__all__ = ["Analysis", "analyse", "analyse_after_place", "extended", "remember", "route_tags"]

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


def _id_cells(kit: Kit, field: tuple[Tile, ...], opened: tuple[bool, ...]) -> dict[int, Info]:
    """:func:`_cells` keyed by the kit's cell ids."""
    cells: dict[int, Info] = {kit.start_id: START_INFO}
    info, cell_id = kit.info, kit.cell_id
    for t in field:
        cells[cell_id[(t.x, t.y)]] = info[(t.card, t.rotated)]
    for slot, i in enumerate(kit.target_ids):
        if opened[slot]:  # an opened target (Dynamite) is open on all four sides
            cells[i] = OPEN_TARGET_INFO
    return cells


def _passable(info: Info, keys: int) -> bool:
    kind = info[0]
    if kind in _ALWAYS:
        return True
    return kind == "door" and bool(keys & info[2])  # GVG-ROUTE-3: a door needs its key first


class Analysis:
    """The route facts of one field.

    Cells are the kit's cell ids (see :class:`~.geometry.Kit`): ``cells`` maps each card on the
    table to its :data:`~.geometry.Info`, ``seen`` has a bit set for each card the search has met, and
    ``front`` maps each empty cell the route touches to its entry code (the low byte: the sides
    a card there must open and close, see :func:`~.geometry.entry_code`; above it: the sides
    the route enters by).
    """

    __slots__ = ("_blasts", "_explosions", "_order", "_removable", "cells", "field",
                 "front", "keys", "kit", "opened", "reached", "seen", "waiting")

    def __init__(self, field: tuple[Tile, ...], opened: tuple[bool, ...],
                 parent: Analysis | None = None, tile: Tile | None = None,
                 kit: Kit = REFERENCE_KIT) -> None:
        self.opened = opened
        self.field = field
        self._order: tuple[list[int], list[int]] | None = None
        self._removable: tuple[tuple[Cell, str], ...] | None = None
        self._explosions: tuple[PlayExplosion, ...] | None = None
        self._blasts: list[tuple[int, PlayExplosion]] | None = None
        if parent is not None and tile is not None:
            self.kit: Kit = parent.kit
            self._extend(parent, tile)
            return
        self.kit = kit
        self.cells = _id_cells(kit, field, opened)
        self.keys = 0
        self.waiting: tuple[tuple[int, int], ...] = ()
        self.seen = 1 << kit.start_id
        """The cards the search has met, one bit per cell id."""
        self.front: dict[int, int] = {}
        self.reached: tuple[int, ...] = ()
        self._explore([kit.start_id])

    def _extend(self, parent: Analysis, tile: Tile) -> None:
        kit = self.kit
        _fill(self, parent, tile, kit.cell_id[(tile.x, tile.y)], kit.info[(tile.card, tile.rotated)])

    def _bounds(self, cell: int) -> int:
        """The entry code's low byte for an empty cell (see :func:`~.geometry.entry_code`)."""
        # GVG-PLACE-3: each card beside the cell must meet an open edge with an open one and
        # a closed edge with a closed one (the card's Info says which, per side).
        get = self.cells.get
        w = self.kit.width
        code = 0
        info = get(cell - w)
        if info is not None:
            code = info[3][2]  # its south side faces this cell
        info = get(cell + 1)
        if info is not None:
            code |= info[3][3]
        info = get(cell + w)
        if info is not None:
            code |= info[3][0]
        info = get(cell - 1)
        if info is not None:
            code |= info[3][1]
        return code

    def _visit(self, nb: int, info: Info, todo: list[int]) -> None:
        self.seen |= 1 << nb
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

    def _explore(self, todo: list[int], new: int | None = None) -> None:
        """Search on from ``todo`` (and a newly laid card), entering the frontier cells it
        touches (the sides the route enters them by) and the targets it reaches."""
        # A walk may fetch a key and come back, so a door opens as soon as any key of
        # its colour is reachable (GVG-ROUTE-3); doors met before their key wait.
        cells, front, opened = self.cells, self.front, self.opened
        kit = self.kit
        target_slot, placeable, open_steps = kit.target_slot_id, kit.placeable_ids, kit.open_steps
        reached: set[int] | None = None
        if new is not None:
            laid = cells[new]
            if laid[0] in _PLAIN:
                self.seen |= 1 << new
                todo.append(new)
            else:
                self._visit(new, laid, todo)
        seen = self.seen
        while todo:
            cell = todo.pop()
            for step, back in open_steps[cells[cell][1]]:
                nb = cell + step
                info = cells.get(nb)
                if info is None:
                    if nb in placeable:  # the route enters nb by its side facing back
                        code = front.get(nb)
                        front[nb] = (self._bounds(nb) if code is None else code) | back << 8
                    else:
                        slot = target_slot.get(nb)
                        if slot is not None and not opened[slot]:
                            if reached is None:
                                reached = set(self.reached)
                            reached.add(slot)
                elif info[1] & back and not seen >> nb & 1:
                    if info[0] in _PLAIN:  # the common case, without key bookkeeping
                        seen |= 1 << nb
                        todo.append(nb)
                    else:
                        self.seen = seen
                        self._visit(nb, info, todo)
                        seen = self.seen
        self.seen = seen
        if reached is not None:
            self.reached = tuple(sorted(reached))

    @property
    def frontier(self) -> dict[Cell, dict[str, int]]:
        """Each empty cell the route touches, with the fit bits there of every field design
        (see :meth:`Kit.fit_row`)."""
        kit = self.kit
        return {kit.id_cell[i]: kit.fit_row(code) for i, code in self.front.items()}

    def places(self, cards: tuple[str, ...], rotation: bool) -> list[Action]:
        """Every legal Place of the designs ``cards`` (in that order), each row by row."""
        order = self._order
        if order is None:  # canonical order: row by row
            front = self.front
            ids = sorted(front)
            order = self._order = (ids, list(map(front.__getitem__, ids)))
        ids, codes = order
        kit = self.kit
        rows, fits = kit.place_rows, kit.fit_bits
        out: list[Action] = []
        for card in cards:
            out += chain.from_iterable(map(getitem, map(rows[card].__getitem__, ids),
                                           map(fits[(card, rotation)].__getitem__, codes)))
        return out

    def placements(self, card: str, rotation: bool) -> tuple[Place, ...]:
        """Every legal Place of design ``card`` (GVG-PLACE-1 to GVG-PLACE-4)."""
        order = self._order
        if order is None:  # canonical order: row by row
            front = self.front
            ids = sorted(front)
            order = self._order = (ids, [front[i] for i in ids])
        # per frontier cell: the card's Place actions there for its fit bits (all in C)
        return tuple(chain.from_iterable(map(getitem, map(self.kit.place_rows[card].__getitem__, order[0]),
                                             map(self.kit.fit_bits[(card, rotation)].__getitem__, order[1]))))

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
                explode, cell_id = self.kit.explode_at, self.kit.cell_id
                blasts = self._blasts = sorted(explode[(cell_id[cell], card)]
                                               for cell, card in self.removable)  # distinct indices
            self._explosions = tuple(e[1] for e in blasts)
        return self._explosions

    def fit_bits(self, card: str, cell: Any) -> int:
        """The fit bits of design ``card`` on ``cell`` (1: unrotated, 2: turned), 0 when it
        cannot be laid there (``cell`` need not be a table cell)."""
        kit = self.kit
        code = self.front.get(kit.cell_id.get(cell))  # type: ignore[arg-type]
        if code is None:
            return 0
        row = kit.fit_rows.get(code)
        if row is None:
            row = kit.fit_row(code)
        return row.get(card, 0)

    def fits(self, card: str, cell: Cell, rotated: bool) -> bool:
        """True when design ``card`` may be laid on ``cell`` this way."""
        return bool(self.fit_bits(card, cell) & (2 if rotated else 1))


def extended(parent: Analysis, field: tuple[Tile, ...], tile: Tile, cell: int, info: Info) -> Analysis:
    """The analysis of ``field``: ``parent``'s field with ``tile`` laid on the frontier cell
    ``cell`` (its cell id; ``info`` the tile's :data:`~.geometry.Info`)."""
    a: Analysis = _new(Analysis)
    a.field = field
    a.opened = parent.opened
    a.kit = parent.kit
    a._order = a._removable = a._explosions = a._blasts = None
    _fill(a, parent, tile, cell, info)
    return a


_new = object.__new__


def _fill(a: Analysis, parent: Analysis, tile: Tile, cell: int, info: Info) -> None:
    """Fill ``a`` as ``parent`` extended by ``tile``.

    Laying a card only adds to the route, so the search resumes from the new card
    instead of starting over; only frontier cells beside it change. The usual
    case (a card the route simply passes, beside empty cells) is inline.
    """
    kit = a.kit
    a.cells = cells = dict(parent.cells)
    cells[cell] = info
    a.front = front = dict(parent.front)
    del front[cell]
    a.keys = parent.keys
    a.waiting = parent.waiting
    a.reached = parent.reached
    # GVG-PLACE-3: the new card's edges bind the frontier cells beside it
    w = kit.width
    north, east, south, west = info[3]
    code = front.get(cell - w)
    if code is not None:
        front[cell - w] = code | north
    code = front.get(cell + 1)
    if code is not None:
        front[cell + 1] = code | east
    code = front.get(cell + w)
    if code is not None:
        front[cell + w] = code | south
    code = front.get(cell - 1)
    if code is not None:
        front[cell - 1] = code | west
    if info[0] not in _PLAIN:  # a Key, a Door or a Cave-in: the search in full
        a.seen = parent.seen
        a._explore([], cell)
    else:  # GVG-ROUTE-1: the route passes the card; look across each of its open sides
        a.seen = seen = parent.seen | 1 << cell
        get = cells.get
        placeable = kit.placeable_ids
        walk: list[int] | None = None
        for step, back in kit.open_steps[info[1]]:
            nb = cell + step
            other = get(nb)
            if other is None:
                if nb in placeable:  # the route enters nb by its side facing back
                    code = front.get(nb)
                    if code is None:
                        code = 0
                        other = get(nb - w)
                        if other is not None:
                            code = other[3][2]
                        other = get(nb + 1)
                        if other is not None:
                            code |= other[3][3]
                        other = get(nb + w)
                        if other is not None:
                            code |= other[3][0]
                        other = get(nb - 1)
                        if other is not None:
                            code |= other[3][1]
                    front[nb] = code | back << 8
                else:
                    slot = kit.target_slot_id.get(nb)
                    if slot is not None and not a.opened[slot]:
                        a.reached = tuple(sorted({*a.reached, slot}))  # GVG-TARGET-1
            elif other[1] & back and not seen >> nb & 1:
                if walk is None:
                    walk = []
                walk.append(nb)  # a card met this way: walk on from it
        if walk is not None:
            todo: list[int] = []
            for nb in walk:
                other = cells[nb]
                if not a.seen >> nb & 1:
                    if other[0] in _PLAIN:
                        a.seen |= 1 << nb
                        todo.append(nb)
                    else:
                        a._visit(nb, other, todo)
            a._explore(todo)
    blasts = parent._blasts
    if blasts is not None:  # the Explosions so far, and one for the new card unless a Lantern
        blasts = list(blasts)
        if info[0] != "lantern":
            bisect.insort(blasts, kit.explode_at[(cell, tile.card)])
        a._blasts = blasts


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


def remember(field: tuple[Tile, ...], opened: tuple[bool, ...], kit: Kit, analysis: Analysis) -> None:
    """Note ``analysis`` (of ``field``, extended by a Place) among the recent ones."""
    _note((field, opened, kit, analysis))


def analyse(field: tuple[Tile, ...], opened: tuple[bool, ...], kit: Kit = REFERENCE_KIT) -> Analysis:
    """The (memoised) route analysis of a field."""
    last = _RECENT[0] if _RECENT else None  # the usual answer: the field just analysed or made
    if last is not None and last[0] is field and last[2] is kit and last[1] == opened:
        return last[3]
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
