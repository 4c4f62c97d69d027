"""The component set: gremlin tokens, weapon cards and event cards, loaded and validated.

``components.toml`` holds the reference set (every number the rulebook does not give is an
assumption clause, GTG-DATA-2 to GTG-DATA-5); a user's own set goes through the same
validator (:func:`validate_components`) and reaches a table through
``Options(components=...)``. The validator checks every number the rulebook states
(GTG-DATA-1: 36 gremlin tokens with exactly one Stripe, 30 weapon cards, 30 event cards,
12 event and 12 weapon tokens) and keeps every other number within small bounds, so a set
it accepts always gives a playable, bounded game.
"""

from __future__ import annotations

import importlib.resources
import itertools
import marshal
import re
import tomllib
from collections.abc import Mapping
from typing import Any

import attrs
import cattrs

from gremlinrules.core.errors import ComponentError
from gremlinrules.core.errors import shown

__all__ = [
    "COLOURS", "EFFECT_KINDS", "EVENT_CARDS", "GREMLIN_TOKENS", "HAND_LIMIT", "REFERENCE", "REPLENISH",
    "SHAPES", "STRIPE", "WEAPON_CARDS", "Components", "Effect", "EventCard", "GremlinToken", "Symbol",
    "Tables", "WeaponCard", "design_name", "load_components", "parse_components", "tables",
    "validate_components",
]

COLOURS = ("red", "blue", "green", "yellow")
"""The symbol colours (GTG-DATA-2)."""
SHAPES = ("square", "circle", "triangle")
"""The symbol shapes (GTG-DATA-2)."""
EFFECT_KINDS = ("add_gremlins", "move_gremlins", "replenish", "draw_weapons", "discard_weapons",
                "return_to_start")
"""The words of the event cards' effect language (GTG-EVENT-2)."""
REPLENISH = ("event", "weapon", "gremlin")
"""What a ``replenish`` effect refills."""
GREMLIN_TOKENS = 36   # GTG-DATA-1
WEAPON_CARDS = 30     # GTG-DATA-1
EVENT_CARDS = 30      # GTG-DATA-1
TOKENS = 12           # GTG-DATA-1: event tokens, and weapon tokens
HAND_LIMIT = 7        # GTG-WEAPON-2
STRIPE = "stripe"
"""Stripe's token id in the reference set (a user's set marks him with ``stripe = true``)."""
MAX_UNITS = 4
"""The most symbols (counting multiples) on one gremlin or weapon (an assumption's bound)."""
_NAME = re.compile(r"^[a-z0-9][a-z0-9-]{0,31}$")


@attrs.frozen(slots=True)
class Symbol:
    """A weapon symbol: a colour, a shape and how many of it."""

    colour: str
    shape: str
    count: int = 1


@attrs.frozen(slots=True)
class GremlinToken:
    """One gremlin token: the symbols a weapon set must match, and its Gremlin Points."""

    id: str
    points: int
    symbols: tuple[Symbol, ...]
    stripe: bool = False
    """True for Stripe (GTG-STRIPE-1)."""


@attrs.frozen(slots=True)
class WeaponCard:
    """A kind of weapon card: its symbols and its copies in the weapon deck."""

    name: str
    copies: int
    symbols: tuple[Symbol, ...]


@attrs.frozen(slots=True)
class Effect:
    """One step of an event card (GTG-EVENT-2): ``kind`` from EFFECT_KINDS, a ``count`` where the
    kind counts, ``what`` for ``replenish``."""

    kind: str
    count: int = 1
    what: str = ""


@attrs.frozen(slots=True)
class EventCard:
    """A kind of event card: its title, its effects in order and its copies in the event deck."""

    name: str
    title: str
    copies: int
    effects: tuple[Effect, ...]


@attrs.frozen(slots=True, cache_hash=True)
class Components:
    """A component set: the gremlin tokens, weapon card kinds and event card kinds."""

    gremlins: tuple[GremlinToken, ...]
    weapons: tuple[WeaponCard, ...]
    events: tuple[EventCard, ...]
    event_tokens: int = TOKENS
    weapon_tokens: int = TOKENS


def _int(value: Any, low: int, high: int, what: str) -> int:
    if type(value) is not int or not low <= value <= high:
        raise ComponentError(f"{what} must be an integer from {low} to {high}, not {shown(value)}")
    return value


def _name(value: Any, what: str) -> str:
    if type(value) is not str or not _NAME.match(value):
        raise ComponentError(f"{what} must be a short lowercase name (a-z, 0-9, -), not {shown(value)}")
    return value


def _entry(item: Any, cls: type, what: str, key: str, seen: set[str], twice: str) -> None:
    """Refuses ``item`` (``what``: "a weapon") unless it is a ``cls`` whose ``key`` field is a
    name (:func:`_name`) not in ``seen``, which it joins (``twice``: the error's words before a
    name already seen, "two weapons are named")."""
    if type(item) is not cls:
        article = "an" if cls.__name__[0] in "AEIOU" else "a"
        raise ComponentError(f"{what} must be {article} {cls.__name__}, not {shown(item)}")
    name = _name(getattr(item, key), f"{what}'s {key}")
    if name in seen:
        raise ComponentError(f"{twice} {name}")
    seen.add(name)


def _symbols(symbols: Any, what: str) -> dict[tuple[str, str], int]:
    if type(symbols) is not tuple or not symbols:
        raise ComponentError(f"{what} needs at least one symbol")
    need: dict[tuple[str, str], int] = {}
    for sym in symbols:
        if type(sym) is not Symbol:
            raise ComponentError(f"{what}: a symbol must be a Symbol, not {shown(sym)}")
        if sym.colour not in COLOURS or sym.shape not in SHAPES:
            raise ComponentError(f"{what}: unknown symbol {shown(sym.colour)} {shown(sym.shape)}")
        key = (sym.colour, sym.shape)
        if key in need:
            raise ComponentError(f"{what} lists {sym.colour} {sym.shape} twice")
        need[key] = _int(sym.count, 1, MAX_UNITS, f"{what}: a symbol's count")
    if sum(need.values()) > MAX_UNITS:
        raise ComponentError(f"{what} has more than {MAX_UNITS} symbols")
    return need


def validate_components(c: Any) -> Components:
    """``c`` if it is a valid component set, else ComponentError naming what is wrong.

    GTG-DATA-1: 36 gremlin tokens, exactly one of them Stripe; 30 weapon cards; 30 event cards;
    12 event and 12 weapon tokens. The rest is bounded so the game stays playable: names are
    unique short words, 1 to 4 symbols a gremlin or weapon, 0 to 20 points, effect counts 1 to
    3, at most 3 effects a card, and every symbol a gremlin shows is on some weapon.
    """
    known = _VALID[0]
    if known is not None and c is known:
        return known  # the reference set, validated once at import
    if type(c) is not Components:
        raise ComponentError(f"expected a Components, not {type(c).__name__}")
    for field, n in (("gremlins", GREMLIN_TOKENS), ("weapons", WEAPON_CARDS), ("events", EVENT_CARDS)):
        value = getattr(c, field)
        if type(value) is not tuple or not 1 <= len(value) <= n:
            raise ComponentError(f"{field} must be a tuple of 1 to {n} entries")
    if c.event_tokens != TOKENS or type(c.event_tokens) is not int:
        raise ComponentError(f"there are {TOKENS} event tokens, not {shown(c.event_tokens)}")
    if c.weapon_tokens != TOKENS or type(c.weapon_tokens) is not int:
        raise ComponentError(f"there are {TOKENS} weapon tokens, not {shown(c.weapon_tokens)}")
    if len(c.gremlins) != GREMLIN_TOKENS:
        raise ComponentError(f"there are {GREMLIN_TOKENS} gremlin tokens, not {len(c.gremlins)}")
    ids: set[str] = set()
    offered: set[tuple[str, str]] = set()
    for w in c.weapons:
        _entry(w, WeaponCard, "a weapon", "name", ids, "two weapons are named")
        _int(w.copies, 1, WEAPON_CARDS, f"weapon {w.name}: copies")
        offered |= set(_symbols(w.symbols, f"weapon {w.name}"))
    if sum(w.copies for w in c.weapons) != WEAPON_CARDS:
        raise ComponentError(f"the weapon deck must hold {WEAPON_CARDS} cards")
    ids = set()
    stripes = 0
    for g in c.gremlins:
        _entry(g, GremlinToken, "a gremlin", "id", ids, "two gremlins have the id")
        _int(g.points, 0, 20, f"gremlin {g.id}: points")
        if type(g.stripe) is not bool:
            raise ComponentError(f"gremlin {g.id}: stripe must be true or false")
        stripes += g.stripe
        missing = set(_symbols(g.symbols, f"gremlin {g.id}")) - offered
        if missing:
            raise ComponentError(f"gremlin {g.id} shows a symbol no weapon has")
    if stripes != 1:
        raise ComponentError(f"exactly one gremlin token is Stripe, not {stripes}")
    names: set[str] = set()
    for e in c.events:
        _entry(e, EventCard, "an event", "name", names, "two events are named")
        if type(e.title) is not str or not 1 <= len(e.title) <= 60:
            raise ComponentError(f"event {e.name}: a title of 1 to 60 characters")
        _int(e.copies, 1, EVENT_CARDS, f"event {e.name}: copies")
        if type(e.effects) is not tuple or len(e.effects) > 3:
            raise ComponentError(f"event {e.name}: at most three effects")
        for f in e.effects:
            if type(f) is not Effect or f.kind not in EFFECT_KINDS:
                raise ComponentError(f"event {e.name}: unknown effect {shown(f)}")
            _int(f.count, 1, 3, f"event {e.name}: an effect's count")
            if (f.kind == "replenish") != (f.what in REPLENISH) or (f.kind != "replenish" and f.what):
                raise ComponentError(f"event {e.name}: {f.kind} with what={shown(f.what)}")
    if sum(e.copies for e in c.events) != EVENT_CARDS:
        raise ComponentError(f"the event deck must hold {EVENT_CARDS} cards")
    return c


def _symbol_list(rows: Any, what: str) -> tuple[Symbol, ...]:
    if not isinstance(rows, list):
        raise ComponentError(f"{what}: symbols must be a list")
    out = []
    for row in rows:
        if not isinstance(row, Mapping):
            raise ComponentError(f"{what}: a symbol must be a table")
        out.append(Symbol(colour=row.get("colour", ""), shape=row.get("shape", ""),
                          count=row.get("count", 1)))
    return tuple(out)


def parse_components(data: Mapping[str, Any]) -> Components:
    """A component set from TOML-shaped data (``[[gremlin]]``, ``[[weapon]]``, ``[[event]]``
    tables, as ``components.toml``), validated; ComponentError when anything is wrong."""
    try:
        gremlins = tuple(GremlinToken(id=g["id"], points=g["points"], stripe=g.get("stripe", False),
                                      symbols=_symbol_list(g["symbols"], f"gremlin {shown(g['id'])}"))
                         for g in data["gremlin"])
        weapons = tuple(WeaponCard(name=w["name"], copies=w["copies"],
                                   symbols=_symbol_list(w["symbols"], f"weapon {shown(w['name'])}"))
                        for w in data["weapon"])
        events = tuple(EventCard(name=e["name"], title=e["title"], copies=e["copies"],
                                 effects=tuple(Effect(kind=f["kind"], count=f.get("count", 1),
                                                      what=f.get("what", "")) for f in e["effects"]))
                       for e in data["event"])
        comps = Components(gremlins=gremlins, weapons=weapons, events=events,
                           event_tokens=data.get("event_tokens", TOKENS),
                           weapon_tokens=data.get("weapon_tokens", TOKENS))
    except (KeyError, TypeError, AttributeError) as exc:
        raise ComponentError(f"malformed component data: {shown(str(exc))}") from None
    return validate_components(comps)


def load_components(text: str | None = None) -> Components:
    """The reference component set (``components.toml``), or one from TOML ``text``."""
    if text is None:
        text = importlib.resources.files(__package__).joinpath("components.toml").read_text("utf-8")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ComponentError(f"not TOML: {exc}") from None
    return parse_components(data)


_VALID: list[Components | None] = [None]
REFERENCE = load_components()
"""The reference component set."""
_VALID[0] = REFERENCE

ARMOURY = load_components(importlib.resources.files(__package__).joinpath("armoury.toml").read_text("utf-8"))
"""GTG-VARIANT-2: the reference set with a weapon deck in proportion to the gremlins' symbols
(``armoury.toml``), for ``Options(components=ARMOURY)``: fights are won more often."""


def register(conv: cattrs.Converter) -> cattrs.Converter:
    """Teach ``conv`` to convert the reference set once: its data is made once and copied out, and
    data equal to it decodes to :data:`REFERENCE` itself (so nothing is rebuilt or re-validated)."""
    to_comps = conv.get_unstructure_hook(Components)
    from_comps = conv.get_structure_hook(Components)
    reference = to_comps(REFERENCE)
    blob = marshal.dumps(reference)  # plain dicts, lists, strings and ints: a fresh copy in C

    def unstructure(c: Components) -> Any:
        return marshal.loads(blob) if c is REFERENCE else to_comps(c)

    def structure(value: Any, kind: Any) -> Components:
        if value == reference:
            return REFERENCE
        made: Components = from_comps(value, kind)
        return made

    conv.register_unstructure_hook(Components, unstructure)
    conv.register_structure_hook(Components, structure)
    return conv


# --- derived tables ----------------------------------------------------------------------------


@attrs.frozen(slots=True, eq=False)
class Tables:
    """Look-ups derived once from a component set (for the rules and the fast paths)."""

    weapon_index: Mapping[str, int]
    """Each weapon kind's position (hands are kept sorted in this order)."""
    weapon_symbols: tuple[Mapping[tuple[str, str], int], ...]
    gremlin: Mapping[str, GremlinToken]
    gremlin_needs: Mapping[str, Mapping[tuple[str, str], int]]
    event: Mapping[str, EventCard]
    stripe: str
    """The id of Stripe's token."""
    covers: tuple[tuple[str, ...], ...]
    """Every multiset of weapon kinds (sorted) that is a minimal covering set of some gremlin, by
    size then weapon order: the Defeat actions that can ever be legal (GTG-FIGHT-2)."""
    weapon_deck: tuple[str, ...]
    """The weapon deck before shuffling, kind by kind."""
    event_deck: tuple[str, ...]
    """The event deck before shuffling."""
    design: Mapping[str, str]
    """Each gremlin token's design name (:func:`design_name`), by id."""
    design_ids: Mapping[str, tuple[str, ...]]
    """The ids of each design's tokens, in component order; the designs in the order of their
    first token."""
    design_token: Mapping[str, GremlinToken]
    """A token of each design (its first), by design name."""
    design_rank: Mapping[str, int]
    """Each token's design's place among the designs, by id (identical tokens rank alike)."""


def design_name(token: GremlinToken) -> str:
    """GTG-VIEW-2: the name of a gremlin token's design, as a person reads it off the token: its
    symbols in colour order (red, blue, green, yellow), then shape order (square, circle,
    triangle), each as ``colour-shape`` with its count before it when more than one, joined by
    ``+``, then its Gremlin Points: ``red-square-1pt``, ``2-red-square+yellow-circle-3pt``.
    Stripe is ``stripe``. Tokens with the same symbols and points are identical and share the
    name; any two others differ in it."""
    if token.stripe:
        return STRIPE
    rank = {(c, s): i for i, (c, s) in enumerate(itertools.product(COLOURS, SHAPES))}
    symbols = sorted(token.symbols, key=lambda sym: rank[sym.colour, sym.shape])
    parts = [f"{'' if sym.count == 1 else f'{sym.count}-'}{sym.colour}-{sym.shape}" for sym in symbols]
    return "+".join(parts) + f"-{token.points}pt"


def covers(needs: Mapping[tuple[str, str], int], weapons: tuple[Mapping[tuple[str, str], int], ...],
           names: tuple[str, ...], hand: tuple[str, ...] | None = None,
           limit: int = HAND_LIMIT) -> list[tuple[str, ...]]:
    """GTG-FIGHT-2: the minimal covering sets of a gremlin needing ``needs``: multisets of weapon
    kinds whose symbols together match every symbol (counts summed), from which no card can be
    left out. Drawn from ``hand`` (kind names, as a multiset) when given, else from any kinds
    (at most ``limit`` cards). Sorted by size, then weapon order."""
    units = sum(needs.values())
    index = {n: i for i, n in enumerate(names)}
    if hand is None:
        candidates: list[tuple[int, ...]] = []
        for k in range(1, min(units, limit) + 1):
            candidates += itertools.combinations_with_replacement(range(len(names)), k)
    else:
        held = sorted(index[w] for w in hand)
        seen: set[tuple[int, ...]] = set()
        candidates = []
        for k in range(1, min(units, len(held)) + 1):
            for combo in itertools.combinations(held, k):
                if combo not in seen:
                    seen.add(combo)
                    candidates.append(combo)

    def covered(combo: tuple[int, ...]) -> bool:
        return all(sum(weapons[i].get(sym, 0) for i in combo) >= k for sym, k in needs.items())

    out = []
    for combo in candidates:
        if covered(combo) and not any(covered(combo[:j] + combo[j + 1:]) for j in range(len(combo))):
            out.append(tuple(names[i] for i in combo))
    return out


_TABLES: dict[Components, Tables] = {}


_LAST: tuple[Any, Any] = (None, None)
"""The last set asked for and its tables, one tuple (replaced whole, so a thread never sees a set
paired with another set's tables)."""


def tables(c: Components) -> Tables:
    """The derived tables of a validated component set (remembered for a few sets)."""
    global _LAST
    last = _LAST
    if c is last[0]:
        return last[1]  # type: ignore[no-any-return]
    made = _TABLES.get(c)
    if made is not None:
        _LAST = (c, made)
        return made
    names = tuple(w.name for w in c.weapons)
    symbols = tuple({(s.colour, s.shape): s.count for s in w.symbols} for w in c.weapons)
    needs = {g.id: {(s.colour, s.shape): s.count for s in g.symbols} for g in c.gremlins}
    all_covers: set[tuple[str, ...]] = set()
    for need in needs.values():
        all_covers.update(covers(need, symbols, names))
    index = {n: i for i, n in enumerate(names)}
    design = {g.id: design_name(g) for g in c.gremlins}
    design_ids: dict[str, tuple[str, ...]] = {}
    for g in c.gremlins:
        design_ids[design[g.id]] = (*design_ids.get(design[g.id], ()), g.id)
    made = Tables(
        weapon_index=index, weapon_symbols=symbols, gremlin={g.id: g for g in c.gremlins},
        gremlin_needs=needs, event={e.name: e for e in c.events},
        stripe=next(g.id for g in c.gremlins if g.stripe),
        covers=tuple(sorted(all_covers, key=lambda w: (len(w), [index[x] for x in w]))),
        weapon_deck=tuple(w.name for w in c.weapons for _ in range(w.copies)),
        event_deck=tuple(e.name for e in c.events for _ in range(e.copies)),
        design=design, design_ids=design_ids,
        design_rank={gid: list(design_ids).index(name) for gid, name in design.items()},
        design_token={name: next(g for g in c.gremlins if g.id == ids[0])
                      for name, ids in design_ids.items()},
    )
    if len(_TABLES) >= 16:
        _TABLES.clear()
    _TABLES[c] = made
    return made
