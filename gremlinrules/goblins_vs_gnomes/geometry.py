"""The field's fixed layout and every per-design table, built once per component set.

The start card lies on (0, 0). The three targets lie ``target_distance`` cells
to its right, stacked with ``target_gap`` empty cells between them: (8, -2),
(8, 0), (8, 2) with the reference numbers (GVG-FIELD-1). Cards are laid in the
table rectangle only (GVG-FIELD-2).

A :class:`Kit` holds what the hot path looks up for one component set: the
layout, each design's kind and edges as laid, the action space and its index,
the interned actions, and the table saying which designs fit an empty cell
given its neighbours. :func:`kit_for` builds it once per component set; the
module constants below are the reference set's.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from gremlinrules.core.cache import BoundedCache
from gremlinrules.core.checks import check_players
from gremlinrules.core.checks import instance_or_default
from gremlinrules.core.grid import OPPOSITE
from gremlinrules.core.grid import Cell
from gremlinrules.core.grid import orthogonal
from gremlinrules.core.grid import rotate_mask
from gremlinrules.goblins_vs_gnomes.actions import MAX_SEATS
from gremlinrules.goblins_vs_gnomes.actions import Action
from gremlinrules.goblins_vs_gnomes.actions import DeclineTarget
from gremlinrules.goblins_vs_gnomes.actions import NameSkip
from gremlinrules.goblins_vs_gnomes.actions import Place
from gremlinrules.goblins_vs_gnomes.actions import PlayExplosion
from gremlinrules.goblins_vs_gnomes.actions import PlayPotion
from gremlinrules.goblins_vs_gnomes.actions import Steal
from gremlinrules.goblins_vs_gnomes.actions import Swap
from gremlinrules.goblins_vs_gnomes.actions import build_actions
from gremlinrules.goblins_vs_gnomes.components import REFERENCE
from gremlinrules.goblins_vs_gnomes.components import Components
from gremlinrules.goblins_vs_gnomes.components import Design
from gremlinrules.goblins_vs_gnomes.state import Options
from gremlinrules.goblins_vs_gnomes.state import Tile

__all__ = [
    "COLOUR", "DESIGNS", "EDGES", "KIND", "OPEN_TARGET_INFO", "PLACEABLE_CELLS", "PLACEABLE_SET",
    "REFERENCE_KIT", "START", "START_INFO", "TARGET_CELLS", "TARGET_SLOT", "HandPlan", "Info", "Kit",
    "all_actions",
    "entry_code",
    "kit_for", "make_info", "options_kit", "valid_options",
]

START: Cell = (0, 0)

# A cell on the field for the route search: (kind, open-edge mask, key/door colour bit, and per
# side the constraint bits it puts on the empty cell across that side, see entry_code).
Info = tuple[str, int, int, tuple[int, ...]]


HandPlan = tuple[tuple[str, ...], bool, bool, bool, tuple[Swap, ...]]
"""Of a hand: its tunnel designs in component order, whether it holds a Map, an Explosion, a
Potion, and the Swap of each distinct design in component order."""


def make_info(kind: str, mask: int, key_bit: int) -> Info:
    """The route facts of a card: a card beside an empty cell makes it open the side they share
    when the card's edge there is open, closed otherwise (GVG-PLACE-3); a target sets no edge."""
    if kind == "target":
        return (kind, mask, key_bit, (0, 0, 0, 0))
    face = tuple(
        1 << OPPOSITE[side] if mask & (1 << side) else 1 << (OPPOSITE[side] + 4) for side in range(4)
    )
    return (kind, mask, key_bit, face)


START_INFO = make_info("start", 0b1111, 0)
OPEN_TARGET_INFO = make_info("target", 0b1111, 0)
"""An opened target (Dynamite): the route passes it on all four sides."""


def entry_code(must_open: int, must_closed: int, conn: int) -> int:
    """One int for an empty cell's constraints: the sides a card must open (a neighbour's open
    edge faces it), must close (a neighbour's closed edge), and the sides the route enters by."""
    return must_open | must_closed << 4 | conn << 8


def _fits(edges: int, code: int) -> bool:
    must_open, must_closed, conn = code & 15, code >> 4 & 15, code >> 8
    return edges & must_open == must_open and not edges & must_closed and bool(edges & conn)


class Kit:
    """The tables of one validated component set (read-only once built)."""

    __slots__ = (
        "action_card", "all_actions", "around", "cell_id", "cell_index", "colour", "components", "deck",
        "deck_count", "design_order", "designs", "edges", "explode", "explode_at", "field_cards",
        "field_kinds", "fit_bits", "fit_rows", "hand", "hand_orders", "hand_plans", "id_cell", "index",
        "info", "key_bit", "kind", "open_steps", "place", "place_by_id", "place_rows", "placeable_cells",
        "placeable_ids", "placeable_set", "race", "start_id", "steps", "swap", "target_cells",
        "target_ids", "target_slot", "target_slot_id", "width", "win",
    )

    def __init__(self, components: Components) -> None:
        c = self.components = components
        step = c.number("target_gap") + 1
        dist = c.number("target_distance")
        self.target_cells: tuple[Cell, ...] = ((dist, -step), (dist, 0), (dist, step))
        """The target cells by slot: 0 top, 1 middle, 2 bottom."""
        self.target_slot: dict[Cell, int] = {cell: i for i, cell in enumerate(self.target_cells)}
        x0, x1, y0, y1 = c.bounds
        self.placeable_cells: tuple[Cell, ...] = tuple(
            (x, y) for y in range(y0, y1 + 1) for x in range(x0, x1 + 1)
            if (x, y) != START and (x, y) not in self.target_slot
        )
        """Every cell a tunnel card may ever be laid on, row by row."""
        self.placeable_set = frozenset(self.placeable_cells)
        table = [(x, y) for y in range(y0, y1 + 1) for x in range(x0, x1 + 1)]
        self.around: dict[Cell, tuple[Cell, ...]] = {cell: orthogonal(cell) for cell in table}
        """The four cells beside each table cell, in side order N, E, S, W."""
        self.steps: dict[Cell, tuple[tuple[int, Cell, int], ...]] = {
            cell: tuple((1 << side, nb, 1 << OPPOSITE[side]) for side, nb in enumerate(self.around[cell]))
            for cell in table
        }
        """Per table cell and side: (the side's bit, the cell across it, the bit of that cell's
        side facing back)."""
        self.cell_index = {cell: i for i, cell in enumerate(self.placeable_cells)}
        # Cell ids for the route search: row by row on the table with a margin of one cell, so
        # the neighbours of id i are i - width (N), i + 1 (E), i + width (S), i - 1 (W), and
        # sorting ids sorts cells row by row (the canonical order). Ints hash cheaper than pairs.
        self.width = w = x1 - x0 + 3
        self.cell_id: dict[Cell, int] = {(x, y): (y - y0 + 1) * w + (x - x0 + 1) for x, y in table}
        self.id_cell: dict[int, Cell] = {i: cell for cell, i in self.cell_id.items()}
        self.start_id = self.cell_id[START]
        self.target_ids: tuple[int, ...] = tuple(self.cell_id[c] for c in self.target_cells)
        self.placeable_ids = frozenset(self.cell_id[c] for c in self.placeable_cells)
        self.target_slot_id: dict[int, int] = {i: slot for slot, i in enumerate(self.target_ids)}
        deltas = (-w, 1, w, -1)
        self.open_steps: tuple[tuple[tuple[int, int], ...], ...] = tuple(
            tuple((deltas[side], 1 << OPPOSITE[side]) for side in range(4) if mask >> side & 1)
            for mask in range(16))
        """Per open-edge mask: (id step, the bit of the neighbour's side facing back) of each
        open side."""
        self.designs: dict[str, Design] = {d.name: d for d in c.designs}
        self.design_order = {name: i for i, name in enumerate(self.designs)}
        self.kind: dict[str, str] = {d.name: d.kind for d in c.designs}
        self.colour: dict[str, str] = {d.name: d.colour for d in c.designs}
        self.action_card: dict[str, str] = {d.kind: d.name for d in c.designs if not d.on_field}
        """GVG-COMP-8: the design of each action kind (``map``, ``explosion``, ``potion``): the card
        PlayMap, PlayExplosion and PlayPotion play, whatever the set names it."""
        self.field_cards = frozenset(d.name for d in c.designs if d.on_field)
        self.field_kinds = frozenset(d.kind for d in c.designs if d.on_field)
        self.edges: dict[tuple[str, bool], int] = {}
        """Open-edge mask of a design as laid (rotated half a turn or not)."""
        for d in c.designs:
            self.edges[(d.name, False)] = d.edges
            self.edges[(d.name, True)] = rotate_mask(d.edges, 2)
        self.key_bit = {colour: 1 << i for i, colour in enumerate(c.colours)}
        self.info: dict[tuple[str, bool], Info] = {
            key: make_info(self.kind[key[0]], mask, self.key_bit.get(self.colour[key[0]], 0))
            for key, mask in self.edges.items()
        }
        self.deck: tuple[str, ...] = c.deck
        """The path cards in the component file's order (before any shuffle)."""
        self.deck_count = Counter(self.deck)
        self.race = {r.name: r.race for r in c.roles}
        self.hand = c.number("hand_size")
        self.win = c.number("winning_points")
        # the action space and interned actions
        actions = list(build_actions(c, self.placeable_cells))
        actions.insert(actions.index(NameSkip(1)), NameSkip(0))  # GVG-CARD-6: naming yourself
        self.all_actions: tuple[Action, ...] = tuple(actions)
        """Every action for eight seats with rotation, self-naming and declining a target, in
        canonical order (GVG-ACT-1)."""
        self.index: dict[Action, int] = {a: i for i, a in enumerate(self.all_actions)}
        self.place: dict[tuple[str, int, int, bool], Place] = {
            (a.card, a.x, a.y, a.rotated): a for a in self.all_actions if isinstance(a, Place)
        }
        self.explode: dict[tuple[Cell, str], PlayExplosion] = {
            ((a.x, a.y), a.card): a for a in self.all_actions if isinstance(a, PlayExplosion)
        }
        self.explode_at: dict[tuple[int, str], tuple[int, PlayExplosion]] = {
            (self.cell_id[key[0]], key[1]): (self.index[a], a) for key, a in self.explode.items()
        }
        """(action index, action) of the Explosion removing a design from a cell (by cell id)."""
        self.swap = {name: Swap(name) for name in self.designs}
        self.place_by_id: dict[int, tuple[str, int, int, Tile, bool, Info, tuple[int, int]]] = {
            id(a): (a.card, self.cell_id[(a.x, a.y)], 2 if a.rotated else 1,
                    Tile(a.x, a.y, a.card, a.rotated), self.kind[a.card] == "ale-mug",
                    self.info[(a.card, a.rotated)], (a.y, a.x))
            for a in self.all_actions if isinstance(a, Place)}
        """Per interned Place action, by its id (see :mod:`gremlinrules.core.lookup`: the kit
        holds the actions, so no other live object has their ids): its card, cell id, fit bit
        (1 unrotated, 2 turned), the Tile it lays, whether it is an Ale Mug, the Tile's
        :data:`Info` and its place in the field's order (y, x)."""
        # place_rows[card][cell id][fit bits]: the Place actions for that cell, where fit bit 0
        # is "fits unrotated" and bit 1 "fits turned" (only for cards whose turn changes them).
        self.place_rows: dict[str, dict[int, tuple[tuple[Place, ...], ...]]] = {}
        for name in self.field_cards:
            rows: dict[int, tuple[tuple[Place, ...], ...]] = {}
            for x, y in self.placeable_cells:
                up = self.place[(name, x, y, False)]
                turned = self.place.get((name, x, y, True))
                rows[self.cell_id[(x, y)]] = ((), (up,), (turned,) if turned else (),
                                              (up, turned) if turned else (up,))
            self.place_rows[name] = rows
        self.fit_rows: dict[int, dict[str, int]] = {}
        self.fit_bits: dict[tuple[str, bool], _FitBits] = {
            (name, rotation): _FitBits(self, name, rotation) for name in self.field_cards
            for rotation in (False, True)}
        """Per design and rotation option: entry code -> fit bits (see :meth:`fit_row`; without
        rotation only bit 1)."""
        self.hand_orders: dict[tuple[str, ...], tuple[str, ...]] = {}
        self.hand_plans: dict[tuple[str, ...], HandPlan] = {}

    def fit_row(self, code: int) -> dict[str, int]:
        """The field designs that fit an empty cell with constraints ``code``, with their fit
        bits (1: unrotated, 2: turned, only for designs a turn changes); designs that do not
        fit are left out."""
        row = self.fit_rows.get(code)
        if row is None:
            row = {}
            for name in self.field_cards:
                up, turned = self.edges[(name, False)], self.edges[(name, True)]
                bits = _fits(up, code) | (2 if turned != up and _fits(turned, code) else 0)
                if bits:
                    row[name] = bits
            self.fit_rows[code] = row
        return row

    def tile(self, action: Place) -> Tile:
        """The (shared) Tile a legal Place action lays."""
        got = self.place_by_id.get(id(action))
        return got[3] if got is not None else Tile(action.x, action.y, action.card, action.rotated)

    def hand_plan(self, hand: tuple[str, ...]) -> HandPlan:
        """What a hand can play, for ``legal_actions`` (see :data:`HandPlan`)."""
        got = self.hand_plans.get(hand)
        if got is None:
            cards = self.hand_order(hand)
            kinds = {self.kind[c] for c in cards}
            got = self.hand_plans[hand] = (
                tuple(c for c in cards if c in self.field_cards), "map" in kinds, "explosion" in kinds,
                "potion" in kinds, tuple(self.swap[c] for c in cards))
        return got

    def hand_order(self, hand: tuple[str, ...]) -> tuple[str, ...]:
        """The distinct designs of a hand in component order (the canonical action order)."""
        got = self.hand_orders.get(hand)
        if got is None:
            got = self.hand_orders[hand] = tuple(sorted(set(hand), key=self.design_order.__getitem__))
        return got


class _FitBits(dict[int, int]):
    """Entry code -> the fit bits of one design (a table over the finite codes, filled on
    first use; a dict so the fast path can map codes to bits in C)."""

    __slots__ = ("card", "kit", "mask")

    def __init__(self, kit: Kit, card: str, rotation: bool) -> None:
        super().__init__()
        self.kit, self.card, self.mask = kit, card, 3 if rotation else 1

    def __missing__(self, code: int) -> int:
        bits = self[code] = self.kit.fit_row(code).get(self.card, 0) & self.mask
        return bits


# Keyed by the set's value (its hash is cached): a few sets in practice; the bound keeps a loop
# over many sets from holding every table.
_KITS: BoundedCache[Components, Kit] = BoundedCache("goblins-vs-gnomes kits", 64)


def kit_for(components: Components) -> Kit:
    """The tables of ``components``, built on first use."""
    got = _KITS.get(components)
    return _KITS.put(components, Kit(components)) if got is None else got


REFERENCE_KIT = kit_for(REFERENCE)
"""The reference component set's tables."""


_ACTION_SPACES: BoundedCache[tuple[int, bool, bool, bool, Components], tuple[Action, ...]] = BoundedCache(
    "goblins-vs-gnomes action spaces", 64)
_SELF = NameSkip(0)
_DECLINE = DeclineTarget()


def _actions(players: int, rotation: bool, name_self: bool, decline: bool, kit: Kit) -> tuple[Action, ...]:
    key = (players, rotation, name_self, decline, kit.components)
    got = _ACTION_SPACES.get(key)
    if got is None:
        seat_types = (PlayPotion, NameSkip, Steal)
        got = _ACTION_SPACES.put(key, tuple(
            a for a in kit.all_actions
            if not (isinstance(a, seat_types) and a.offset >= players)
            and not (isinstance(a, Place) and a.rotated and not rotation)
            and (name_self or a != _SELF)
            and (decline or a != _DECLINE)  # GVG-TARGET-3: only under second_target="may_open"
        ))
    return got


def valid_options(value: Any, title: str = "Goblins vs Gnomes") -> Options:
    """``value`` checked as Options (None: the defaults); SetupError for anything else, an
    Options built without ``__init__`` or with a field set around its validator included."""
    opts: Options = instance_or_default(value, Options, title)
    return opts


def all_actions(players: int, options: Options | None = None) -> tuple[Action, ...]:
    """Every action that can ever be legal for this many seats, in canonical order (GVG-ACT-1).

    The Place and Explosion actions come from the options' component set (GVG-COMP-7).
    """
    n = check_players(players, 3, MAX_SEATS, "Goblins vs Gnomes")
    opts = valid_options(options)
    return _actions(n, opts.rotation, opts.name_self, opts.second_target == "may_open", options_kit(opts))


def options_kit(options: Options) -> Kit:
    """The tables of the component set the options choose (GVG-COMP-7)."""
    c = options.components
    return REFERENCE_KIT if c is None else kit_for(c)
TARGET_CELLS = REFERENCE_KIT.target_cells
TARGET_SLOT = REFERENCE_KIT.target_slot
PLACEABLE_CELLS = REFERENCE_KIT.placeable_cells
PLACEABLE_SET = REFERENCE_KIT.placeable_set
DESIGNS = REFERENCE_KIT.designs
KIND = REFERENCE_KIT.kind
COLOUR = REFERENCE_KIT.colour
EDGES = REFERENCE_KIT.edges
