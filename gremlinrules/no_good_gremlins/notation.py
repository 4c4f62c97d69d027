"""The readable JSON notation of a state and a component set (what a port reads and writes).

Inside a state, materials are indices 0-5 and per-type zones are count tuples in
that order, because the hot path works on small integers. None of that reaches
JSON: at the boundary a state becomes a ``StateData``, where a count per
material is a ``MaterialCounts`` (one field per material, zero counts left
out), a pile lists material or gremlin-card names, and the Wandering Gremlin is a
seat plus a named ``WandererStatus`` (no -1 or -2). A component set becomes a
``ComponentsData``, one ``MaterialData`` row per material like the
shipped ``components.toml``. The converter hooks (``register``) do the
translation both ways; the game's JSON Schema describes ``State`` and
``Components`` by these classes (``JSON_SCHEMA_OVERRIDES``).
"""

from __future__ import annotations

import enum
from typing import Any

import attrs
import cattrs
from cattrs.gen import make_dict_unstructure_fn

from gremlinrules.core.enums import CodeRepr
from gremlinrules.core.errors import shown
from gremlinrules.core.frames import upgrade_frames
from gremlinrules.core.rng import Rng
from gremlinrules.core.schema import build_schema
from gremlinrules.no_good_gremlins.components import GREMLIN_CARDS
from gremlinrules.no_good_gremlins.components import MATERIALS
from gremlinrules.no_good_gremlins.components import REFERENCE
from gremlinrules.no_good_gremlins.components import THUNDERSTORM
from gremlinrules.no_good_gremlins.components import Components
from gremlinrules.no_good_gremlins.components import GremlinCard
from gremlinrules.no_good_gremlins.components import Material
from gremlinrules.no_good_gremlins.frames import MealChoice
from gremlinrules.no_good_gremlins.state import AWAY
from gremlinrules.no_good_gremlins.state import GONE
from gremlinrules.no_good_gremlins.state import Options
from gremlinrules.no_good_gremlins.state import Phase
from gremlinrules.no_good_gremlins.state import State

__all__ = [
    "FORMAT_VERSION", "UPGRADES", "ComponentsData", "MaterialCounts", "MaterialData", "StateData",
    "WandererStatus", "counts_of", "gremlin_card", "register", "row_of", "schema_overrides",
    "upgrade_v1", "wanderer_of",
]


class WandererStatus(CodeRepr, enum.Enum):
    """Where the Wandering Gremlin is (NGG-WANDER-1, NGG-FINALE-6)."""

    SET_ASIDE = "set_aside"
    """Before the first launch: beside the table, with no holder."""
    HELD = "held"
    """In front of a seat (``wanderer`` names it)."""
    GONE = "gone"
    """After the finale: it has left the game."""


@attrs.frozen(slots=True)
class MaterialCounts:
    """Cards per material type (a hand, a launch pad's rockets, medals); zeros are left out of JSON."""

    rust: int = 0
    wood: int = 0
    iron: int = 0
    copper: int = 0
    steel: int = 0
    chrome: int = 0


@attrs.frozen(slots=True)
class MaterialData:
    """The numbers printed on one material type's cards."""

    count: int
    """Cards of this type in the materials deck."""
    launch_cost: int
    """Cards a rocket of this type needs before it may launch."""
    medal_value: int
    """Points each medal of this type is worth."""
    gremlins: int
    """Gremlin cards of this type in the gremlin deck."""


@attrs.frozen(slots=True)
class ComponentsData:
    """A component set in JSON: one row per material (the layout of ``components.toml``)."""

    rust: MaterialData
    wood: MaterialData
    iron: MaterialData
    copper: MaterialData
    steel: MaterialData
    chrome: MaterialData
    thunderstorms: int
    """Thunderstorm cards in the gremlin deck."""


@attrs.frozen(slots=True)
class StateData:
    """A state in JSON: every field of ``state.State``, readable (see the module doc)."""

    players: int
    components: Components
    options: Options
    rng: int
    """The SplitMix64 generator's 64-bit state."""
    deck: tuple[Material, ...]
    """The materials deck, top card first (hidden from every seat)."""
    hands: tuple[MaterialCounts, ...]
    scrapheap: tuple[Material, ...]
    """Bottom card first."""
    pads: tuple[MaterialCounts, ...]
    """Each launch pad's rockets: cards per material."""
    medals: tuple[MaterialCounts, ...]
    removed: MaterialCounts
    gremlin_deck: tuple[GremlinCard, ...]
    """Top card first (hidden)."""
    threat: tuple[Material, ...]
    """The face-up gremlins of the threat area, rust to chrome."""
    gremlin_discard: tuple[GremlinCard, ...]
    """Oldest first."""
    wanderer: int | None
    """The seat holding the Wandering Gremlin, or None (see ``wanderer_status``)."""
    wanderer_status: WandererStatus
    turn: int
    phase: Phase
    round: int
    mains: int
    builds: int
    open_build: int
    chrome: int
    no_eat: bool
    final_turn: bool
    rebuilt: bool
    finale: bool
    final_turns: int
    stack: tuple[MealChoice, ...] = ()
    hand_emptied: bool = False
    """The turn owner's hand has been empty this turn (NGG-HAND-2, kept only under
    ``hand_refill="ever_empty"``)."""


_NAMES = tuple(m.value for m in MATERIALS)
_INDEX = {m: i for i, m in enumerate(MATERIALS)}
_GREMLIN_INDEX = {g: (THUNDERSTORM if g is GremlinCard.THUNDERSTORM else i)
                  for i, g in enumerate(GREMLIN_CARDS)}
_COUNTS_CACHE: dict[tuple[int, ...], MaterialCounts] = {}


def counts_of(row: tuple[int, ...]) -> MaterialCounts:
    """A count tuple (rust to chrome) as ``MaterialCounts`` (remembered: rows repeat)."""
    made = _COUNTS_CACHE.get(row)
    if made is None:
        made = MaterialCounts(*row)
        if len(_COUNTS_CACHE) < 65536:
            _COUNTS_CACHE[row] = made
    return made


def row_of(counts: MaterialCounts) -> tuple[int, ...]:
    """The inverse of ``counts_of``."""
    return (counts.rust, counts.wood, counts.iron, counts.copper, counts.steel, counts.chrome)


def gremlin_card(card: int) -> GremlinCard:
    """A gremlin-deck card index (0-5 a gremlin, 6 a thunderstorm) by name."""
    return GREMLIN_CARDS[card]


def wanderer_of(wanderer: int) -> tuple[int | None, WandererStatus]:
    """The internal ``State.wanderer`` (a seat, AWAY or GONE) as a seat and a named status."""
    if wanderer == AWAY:
        return None, WandererStatus.SET_ASIDE
    if wanderer == GONE:
        return None, WandererStatus.GONE
    return wanderer, WandererStatus.HELD


def _internal_wanderer(seat: int | None, status: WandererStatus) -> int:
    if status is WandererStatus.HELD:
        if seat is None:
            raise ValueError("a held Wandering Gremlin needs its holder's seat")
        return seat
    if seat is not None:
        raise ValueError(f"a Wandering Gremlin {status.value} has no holder, not seat {shown(seat)}")
    return AWAY if status is WandererStatus.SET_ASIDE else GONE


def state_data(s: State) -> StateData:
    """The readable form of a state."""
    seat, status = wanderer_of(s.wanderer)
    return StateData(
        players=s.players, components=s.components, options=s.options, rng=s.rng.state,
        deck=tuple([MATERIALS[t] for t in s.deck]), hands=tuple([counts_of(h) for h in s.hands]),
        scrapheap=tuple([MATERIALS[t] for t in s.scrapheap]), pads=tuple([counts_of(p) for p in s.pads]),
        medals=tuple([counts_of(m) for m in s.medals]), removed=counts_of(s.removed),
        gremlin_deck=tuple([GREMLIN_CARDS[g] for g in s.gremlin_deck]),
        threat=tuple([MATERIALS[t] for t in s.threat]),
        gremlin_discard=tuple([GREMLIN_CARDS[g] for g in s.gremlin_discard]), wanderer=seat,
        wanderer_status=status, turn=s.turn, phase=s.phase, round=s.round, mains=s.mains, builds=s.builds,
        open_build=s.open_build, chrome=s.chrome, no_eat=s.no_eat, final_turn=s.final_turn,
        rebuilt=s.rebuilt, finale=s.finale, final_turns=s.final_turns, stack=s.stack,
        hand_emptied=s.hand_emptied,
    )


def state_of(d: StateData) -> State:
    """The internal form of a decoded state (ValueError where the two wanderer fields disagree)."""
    idx = _INDEX
    return State(
        players=d.players, components=d.components, options=d.options, rng=Rng(d.rng),
        deck=tuple([idx[m] for m in d.deck]), hands=tuple([row_of(h) for h in d.hands]),
        scrapheap=tuple([idx[m] for m in d.scrapheap]), pads=tuple([row_of(p) for p in d.pads]),
        medals=tuple([row_of(m) for m in d.medals]), removed=row_of(d.removed),
        gremlin_deck=tuple([_GREMLIN_INDEX[g] for g in d.gremlin_deck]),
        threat=tuple([idx[m] for m in d.threat]),
        gremlin_discard=tuple([_GREMLIN_INDEX[g] for g in d.gremlin_discard]),
        wanderer=_internal_wanderer(d.wanderer, d.wanderer_status), turn=d.turn, phase=d.phase,
        round=d.round, mains=d.mains, builds=d.builds, open_build=d.open_build, chrome=d.chrome,
        no_eat=d.no_eat, final_turn=d.final_turn, rebuilt=d.rebuilt, finale=d.finale,
        final_turns=d.final_turns, stack=d.stack, hand_emptied=d.hand_emptied,
    )


def components_data(c: Components) -> ComponentsData:
    """The readable form of a component set."""
    rust, wood, iron, copper, steel, chrome = (
        MaterialData(*row) for row in zip(c.counts, c.launch_costs, c.medal_values, c.gremlins, strict=True))
    return ComponentsData(rust=rust, wood=wood, iron=iron, copper=copper, steel=steel, chrome=chrome,
                          thunderstorms=c.thunderstorms)


def components_of(d: ComponentsData) -> Components:
    """The internal form of a decoded component set (validated where it is used: NGG-DATA-6)."""
    rows = [getattr(d, name) for name in _NAMES]
    return Components(counts=tuple(r.count for r in rows),
                      launch_costs=tuple(r.launch_cost for r in rows),
                      medal_values=tuple(r.medal_value for r in rows),
                      gremlins=tuple(r.gremlins for r in rows), thunderstorms=d.thunderstorms)


def _enum_tuple_hook(conv: cattrs.Converter, cls: type[enum.Enum]) -> Any:
    """A fast ``tuple[Material, ...]`` (or GremlinCard) from a list of names; anything else goes to
    the converter's own hook, which says what is wrong and where."""
    by_name = {m.value: m for m in cls}
    lookup = by_name.__getitem__
    general = conv.get_structure_hook(tuple[cls, ...])  # type: ignore[valid-type]

    def structure(value: Any, t: Any) -> Any:
        if type(value) is list:
            try:
                return tuple(map(lookup, value))
            except (KeyError, TypeError):
                pass
        return general(value, t)

    return structure


def _counts_hook(conv: cattrs.Converter) -> Any:
    """A fast MaterialCounts from an object of material names and plain ints (the general hook
    for anything else)."""
    general = conv.get_structure_hook(MaterialCounts)
    names = frozenset(_NAMES)
    only_int = {int}

    def structure(value: Any, t: Any) -> Any:
        if type(value) is dict and value.keys() <= names and (
                not value or set(map(type, value.values())) == only_int):
            return MaterialCounts(**value)
        return general(value, t)

    return structure


def _is_pile_of(kind: type[enum.Enum]) -> Any:
    pile = tuple[kind, ...]  # type: ignore[valid-type]
    return lambda t: t == pile


def _count_dict(row: tuple[int, ...]) -> dict[str, int]:
    return {name: k for name, k in zip(_NAMES, row, strict=True) if k}


def _fast_state_unstructure(conv: cattrs.Converter) -> Any:
    """State to data directly (no StateData built): the same dict the StateData hooks give (a test
    holds the two equal), about twice as fast."""
    to_components = conv.get_unstructure_hook(Components)
    to_options = conv.get_unstructure_hook(Options)
    to_frame = conv.get_unstructure_hook(MealChoice)
    names = _NAMES
    cards = tuple(g.value for g in GREMLIN_CARDS)
    rows: dict[tuple[int, ...], dict[str, int]] = {}

    def counts(row: tuple[int, ...]) -> dict[str, int]:
        made = rows.get(row)
        if made is None:
            made = _count_dict(row)
            if len(rows) < 65536:
                rows[row] = made
        return dict(made)  # a copy: the caller owns the data

    def unstructure(s: State) -> dict[str, Any]:
        seat, status = wanderer_of(s.wanderer)
        return {
            "players": s.players, "components": to_components(s.components), "options": to_options(s.options),
            "rng": s.rng.state, "deck": [names[t] for t in s.deck], "hands": [counts(h) for h in s.hands],
            "scrapheap": [names[t] for t in s.scrapheap], "pads": [counts(p) for p in s.pads],
            "medals": [counts(m) for m in s.medals], "removed": counts(s.removed),
            "gremlin_deck": [cards[g] for g in s.gremlin_deck], "threat": [names[t] for t in s.threat],
            "gremlin_discard": [cards[g] for g in s.gremlin_discard], "wanderer": seat,
            "wanderer_status": status.value, "turn": s.turn, "phase": s.phase.value, "round": s.round,
            "mains": s.mains, "builds": s.builds, "open_build": s.open_build, "chrome": s.chrome,
            "no_eat": s.no_eat, "final_turn": s.final_turn, "rebuilt": s.rebuilt, "finale": s.finale,
            "final_turns": s.final_turns, "stack": [to_frame(f) for f in s.stack],
            "hand_emptied": s.hand_emptied,
        }

    return unstructure


def register(conv: cattrs.Converter) -> cattrs.Converter:
    """Teach ``conv`` the readable notation: MaterialCounts without zeros, State and Components
    through their data classes (strict, with the converter's own paths in errors).

    The reference component set, met in nearly every state, is converted once and recognised by
    equality on the way back."""
    conv.register_unstructure_hook(
        MaterialCounts, make_dict_unstructure_fn(MaterialCounts, conv, _cattrs_omit_if_default=True))
    conv.register_structure_hook(MaterialCounts, _counts_hook(conv))
    for kind in (Material, GremlinCard):
        conv.register_structure_hook_func(_is_pile_of(kind), _enum_tuple_hook(conv, kind))
    to_comps = conv.get_unstructure_hook(ComponentsData)
    from_comps = conv.get_structure_hook(ComponentsData)
    reference = to_comps(components_data(REFERENCE))

    def unstructure_components(c: Components) -> Any:
        if c is REFERENCE:
            return {k: (dict(v) if type(v) is dict else v) for k, v in reference.items()}
        return to_comps(components_data(c))

    def structure_components(value: Any, _: Any) -> Components:
        if value == reference:
            return REFERENCE
        return components_of(from_comps(value, ComponentsData))

    conv.register_unstructure_hook(Components, unstructure_components)
    conv.register_structure_hook(Components, structure_components)
    from_state = conv.get_structure_hook(StateData)  # after Components: its hook is resolved here
    conv.register_unstructure_hook(State, _fast_state_unstructure(conv))
    conv.register_structure_hook(State, lambda v, _: state_of(from_state(v, StateData)))
    return conv


FORMAT_VERSION = 2
"""The version of this game's state and view JSON: 2 since the decision frames are typed
(``{"type": "MealChoice", "seat": ..., "among": [...]}``); version 1 documents still read
(:data:`UPGRADES`)."""


def _meal_choice_of_v1(frame: Any) -> Any:
    """A version 1 "feed" frame (``kind``, ``seat``, ``among``, ``source``, ``bound``, ``then``)
    as a MealChoice's data; anything else unchanged (the converter says what is wrong)."""
    if type(frame) is not dict or frame.get("kind") != "feed":
        return frame
    return {"type": "MealChoice", "seat": frame.get("seat"), "among": frame.get("among")}


def upgrade_v1(data: dict[str, Any]) -> dict[str, Any]:
    """A version 1 state or view document as version 2: its untyped "feed" frames (the state's
    ``stack``, the view's ``pending``) as MealChoice frames."""
    return upgrade_frames(data, _meal_choice_of_v1)


UPGRADES = {1: upgrade_v1}
"""Each older format version's upgrade to the next (see :class:`gremlinrules.core.game.ModuleGame`)."""


def _inline(node: Any, defs: dict[str, Any], names: frozenset[str]) -> Any:
    if isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.rsplit("/", 1)[-1] in names:
            return _inline(defs[ref.rsplit("/", 1)[-1]], defs, names)
        return {k: _inline(v, defs, names) for k, v in node.items()}
    if isinstance(node, list):
        return [_inline(v, defs, names) for v in node]
    return node


def schema_overrides() -> dict[type, dict[str, Any]]:
    """JSON Schema for ``State`` and ``Components``, whose JSON is their data classes': the classes
    they refer to that the View shares (Options, Components, MaterialCounts, MealChoice) stay
    references; MaterialData is written inline."""
    defs = build_schema(title="", state=StateData, view=ComponentsData, actions=(), options=Options,
                        setup=MaterialCounts)["$defs"]
    private = frozenset({"MaterialData"})
    return {State: _inline(defs["StateData"], defs, private),
            Components: _inline(defs["ComponentsData"], defs, private)}
