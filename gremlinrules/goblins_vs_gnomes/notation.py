"""The readable JSON notation of a state (what a port reads and writes).

Inside a state the hot path keeps small integers: targets by slot index with a
tuple of ``opened`` flags, -1 for "nobody" (``deck_owner``, ``first_out``,
``opener``), tiles with signed coordinates, (seat, slot) pairs. None of that
reaches JSON. At the boundary (``register``):

* a cell is the text ``"x,y"`` (``"2,-1"``: x grows to the right, y downward, the start on
  ``"0,0"``), so no negative number appears; a laid card is a :class:`FieldCard`;
* the targets are :class:`Targets`, one :class:`Target` per slot by name (top, middle,
  bottom) with its identity and whether it is face up;
* "nobody" is None: ``deck_owner`` per deck card, ``first_out``, ``opener``; ``last_result`` is
  None before the first round ends;
* peeks, Potion swaps and known cards are small objects (:class:`Peek`, :class:`PotionSwap`,
  :class:`SeatCard`); the pending frames are the typed classes of
  :mod:`gremlinrules.goblins_vs_gnomes.frames`, tagged with
  their ``"type"`` (a target choice names the reached targets by slot name).

Every other field of the state is written as the class declares it, so a field added to
``State`` later reaches JSON unchanged. ``schema_overrides`` gives the JSON Schema of this form.
"""

from __future__ import annotations

from typing import Any

import attrs
import cattrs

from gremlinrules.core import serial
from gremlinrules.core.cache import BoundedCache
from gremlinrules.core.errors import shown
from gremlinrules.core.frames import upgrade_frames
from gremlinrules.core.schema import build_schema
from gremlinrules.goblins_vs_gnomes.actions import SLOT_INDEX
from gremlinrules.goblins_vs_gnomes.actions import SLOTS
from gremlinrules.goblins_vs_gnomes.actions import Slot
from gremlinrules.goblins_vs_gnomes.state import Options
from gremlinrules.goblins_vs_gnomes.state import Setup
from gremlinrules.goblins_vs_gnomes.state import State
from gremlinrules.goblins_vs_gnomes.state import Tile
from gremlinrules.goblins_vs_gnomes.state import evolve

__all__ = [
    "FORMAT_VERSION", "UPGRADES", "FieldCard", "Peek", "PotionSwap", "SeatCard", "SeatRole", "Target",
    "Targets", "cell_of", "field_card", "register", "schema_overrides", "upgrade_v1", "xy_of",
]

FORMAT_VERSION = 2
"""The version of this game's state and view JSON: 2 since the decision frames are typed
(``{"type": "TargetChoice", "seat": 0, "after_dynamite": false, "among": ["middle", "bottom"]}``);
version 1 documents still read (:data:`UPGRADES`)."""


@attrs.frozen(slots=True, cache_hash=True)
class FieldCard:
    """A tunnel card on the field."""

    cell: str
    """Its cell, ``"x,y"`` (the start on ``"0,0"``, y growing downward)."""
    card: str
    """The design name (``"passage-cross"``)."""
    rotated: bool
    """Laid turned half a turn."""


@attrs.frozen(slots=True)
class Target:
    """A target card in its slot."""

    card: str | None
    """gold, dynamite or dragon; in a view None while the viewer has not seen it."""
    opened: bool
    """Face up (the route reached it)."""


@attrs.frozen(slots=True)
class Targets:
    """The three target cards by slot, top to bottom (on ``"8,-2"``, ``"8,0"``, ``"8,2"``)."""

    top: Target
    middle: Target
    bottom: Target


@attrs.frozen(slots=True)
class Peek:
    """A Map played this round: ``seat`` looked at the target in slot ``target``."""

    seat: int
    target: Slot


@attrs.frozen(slots=True)
class PotionSwap:
    """A Potion drunk this round: ``seat`` swapped role cards with ``chosen``."""

    seat: int
    chosen: int


@attrs.frozen(slots=True)
class SeatCard:
    """A card known to be in ``seat``'s hand (GVG-VIEW-4)."""

    seat: int
    card: str


@attrs.frozen(slots=True)
class SeatRole:
    """The role card ``seat`` holds, as a viewer learned it (GVG-VIEW-2)."""

    seat: int
    role: str


def cell_of(x: int, y: int) -> str:
    """The text of cell (x, y): ``"2,-1"``."""
    return f"{x},{y}"


def xy_of(cell: str) -> tuple[int, int]:
    """The coordinates of a cell's text (ValueError if it is not ``"x,y"`` with short integers)."""
    if type(cell) is not str or len(cell) > 12:
        raise ValueError(f"a cell is text \"x,y\", not {shown(cell, 40)}")
    x, sep, y = cell.partition(",")
    if not sep:
        raise ValueError(f"a cell is text \"x,y\", not {shown(cell, 40)}")
    return int(x), int(y)


_FIELD_CARDS: dict[Tile, FieldCard] = {}


def _cell_at(cell: Any, index: int) -> tuple[int, int]:
    """:func:`xy_of` of the cell of field card ``index``; a refusal naming ``field[index].cell``."""
    try:
        return xy_of(cell)
    except ValueError:
        raise serial.refusal(f"field[{index}].cell", cell, 'a cell "x,y" of two short integers') from None


def field_card(tile: Tile) -> FieldCard:
    """A tile as a FieldCard (remembered: tiles repeat across states)."""
    made = _FIELD_CARDS.get(tile)
    if made is None:
        made = FieldCard(cell_of(tile.x, tile.y), tile.card, tile.rotated)
        if len(_FIELD_CARDS) < 65536:
            _FIELD_CARDS[tile] = made
    return made


def targets_of(identities: tuple[Any, ...], opened: tuple[bool, ...]) -> Targets:
    """The three targets by slot name."""
    top, middle, bottom = (Target(c, o) for c, o in zip(identities, opened, strict=True))
    return Targets(top, middle, bottom)


def _none(value: int) -> int | None:
    return None if value < 0 else value


def _minus(value: Any) -> Any:
    return -1 if value is None else value


@attrs.frozen(slots=True)
class _Readable:
    """The readable fields of a state's JSON (for its schema)."""

    targets: Targets
    deck_owner: tuple[int | None, ...]
    """Per deck card, top first: the seat that put it under the deck, or None."""
    field: tuple[FieldCard, ...]
    peeks: tuple[Peek, ...]
    potions: tuple[PotionSwap, ...]
    known_cards: tuple[tuple[SeatCard, ...], ...]
    """Per observer seat: cards it knows are in other hands."""
    first_out: int | None
    """The first seat to run out of cards this round, or None."""
    opener: int | None
    """The seat that opened Gold or Dragon (then the seat scoring starts from), or None."""
    last_result: str | None
    """How the previous round ended (gold, dragon, dynamite, none); None before the first."""


_REPLACED = tuple(f.name for f in attrs.fields(_Readable))
_FIELD_KEYS = frozenset(("cell", "card", "rotated"))


def _plain_field(data: Any) -> tuple[Tile, ...] | None:
    """The Tiles of a state's ``field`` data when every entry is a plain FieldCard (a dict of a
    text cell ``"x,y"``, a text card and a bool), else None (the converter then reads it and
    says what is wrong): the same Tiles the converter makes, without its per-entry hooks."""
    if type(data) is not list:
        return None
    out = []
    known = _TILES.get
    for entry in data:
        if type(entry) is not dict or entry.keys() != _FIELD_KEYS:
            return None
        cell, card, rotated = entry["cell"], entry["card"], entry["rotated"]
        if type(cell) is not str or type(card) is not str or type(rotated) is not bool:
            return None
        key = (cell, card, rotated)  # exact types checked first: 1 == True would hit True's tile
        tile = known(key)
        if tile is None:
            try:
                x, y = xy_of(cell)
            except ValueError:
                return None
            tile = _TILES.put(key, Tile(x, y, card, rotated))
        out.append(tile)
    return tuple(out)


_TILES: BoundedCache[tuple[str, str, bool], Tile] = BoundedCache("goblins-vs-gnomes decoded tiles", 65536)
"""The Tile of a plain field entry (cell text, card, rotated): tiles repeat across states."""


def register(conv: cattrs.Converter) -> cattrs.Converter:
    """Teach ``conv`` the readable notation of a State (both ways)."""
    base_un = conv.get_unstructure_hook(State)
    base_st = conv.get_structure_hook(State)
    slot_names = tuple(s.value for s in SLOTS)

    def unstructure(s: State) -> dict[str, Any]:
        data: dict[str, Any] = base_un(s)
        del data["opened"]
        data["targets"] = {name: {"card": c, "opened": o}
                           for name, c, o in zip(slot_names, s.targets, s.opened, strict=True)}
        data["deck_owner"] = [None if o < 0 else o for o in s.deck_owner]
        data["field"] = [{"cell": f"{t.x},{t.y}", "card": t.card, "rotated": t.rotated} for t in s.field]
        data["peeks"] = [{"seat": seat, "target": slot_names[slot]} for seat, slot in s.peeks]
        data["potions"] = [{"seat": a, "chosen": b} for a, b in s.potions]
        data["known_cards"] = [[{"seat": seat, "card": c} for seat, c in k] for k in s.known_cards]
        data["first_out"] = _none(s.first_out)
        data["opener"] = _none(s.opener)
        data["last_result"] = s.last_result or None
        return data

    def structure(value: Any, _: Any) -> State:
        if type(value) is not dict or not set(_REPLACED) <= value.keys():
            return base_st(value, State)  # type: ignore[no-any-return]  # the converter says what
        tiles = _plain_field(value["field"])
        if tiles is None:
            return _structure(value)
        # the usual field: its Tiles made at once, the rest as below
        return evolve(_structure({**value, "field": []}), field=tiles)

    def _structure(value: dict[str, Any]) -> State:
        readable = conv.structure({k: value[k] for k in _REPLACED}, _Readable)
        rest = {k: v for k, v in value.items() if k not in _REPLACED}
        t = readable.targets
        slots = (t.top, t.middle, t.bottom)
        rest["targets"] = [x.card for x in slots]
        rest["opened"] = [x.opened for x in slots]
        rest["deck_owner"] = [_minus(o) for o in readable.deck_owner]
        rest["field"] = [{"x": x, "y": y, "card": f.card, "rotated": f.rotated}
                         for i, f in enumerate(readable.field) for x, y in (_cell_at(f.cell, i),)]
        rest["peeks"] = [[p.seat, SLOT_INDEX[p.target]] for p in readable.peeks]
        rest["potions"] = [[p.seat, p.chosen] for p in readable.potions]
        rest["known_cards"] = [[[c.seat, c.card] for c in k] for k in readable.known_cards]
        rest["first_out"] = _minus(readable.first_out)
        rest["opener"] = _minus(readable.opener)
        rest["last_result"] = readable.last_result or ""
        return base_st(rest, State)  # type: ignore[no-any-return]

    conv.register_unstructure_hook(State, unstructure)
    conv.register_structure_hook(State, structure)
    return conv


def schema_overrides() -> dict[type, dict[str, Any]]:
    """JSON Schema of ``State``: its class's schema with the readable fields above."""
    defs = build_schema(title="", state=State, view=_Readable, actions=(), options=Options,
                        setup=Setup)["$defs"]
    state = dict(defs["State"])
    props = {k: v for k, v in state["properties"].items() if k != "opened"}
    props.update(defs["_Readable"]["properties"])
    state["properties"] = props
    state["required"] = [k for k in state["required"] if k != "opened"]
    state["properties"]["rng"] = defs["Rng"]  # the View has none: written inline
    return {State: state}


def _frame_of_v1(frame: Any) -> Any:
    """A version 1 frame (``kind``, ``seat``, ``among``, ``source``, ``bound``, ``then``) as the
    data of its typed class (:mod:`gremlinrules.goblins_vs_gnomes.frames`);
    anything else unchanged (the converter says what is
    wrong)."""
    if type(frame) is not dict:
        return frame
    kind, seat = frame.get("kind"), frame.get("seat")
    if kind == "name-skip":  # GVG-CARD-4: the source was the Ale Mug laid
        return {"type": "SkipNaming", "seat": seat, "card": frame.get("source")}
    if kind == "open-target":  # GVG-TARGET-3: "dynamite" marked the choice after the Dynamite
        return {"type": "TargetChoice", "seat": seat, "after_dynamite": frame.get("source") == "dynamite",
                "among": frame.get("among")}
    if kind == "steal":  # GVG-ADV-3
        return {"type": "StealChoice", "seat": seat}
    return frame


def upgrade_v1(data: dict[str, Any]) -> dict[str, Any]:
    """A version 1 state or view document as version 2: its untyped frames (the state's
    ``stack``, the view's ``pending``) as the typed frames of :mod:`gremlinrules.goblins_vs_gnomes.frames`."""
    return upgrade_frames(data, _frame_of_v1)


UPGRADES = {1: upgrade_v1}
"""Each older format version's upgrade to the next (see :class:`gremlinrules.core.game.ModuleGame`)."""
