"""The component set: card designs, tunnel shapes, role cards, loaded from TOML and validated.

Every number the rulebook states (50 path cards, 1 start card, 8 role cards,
3 targets, 8 counters, hands of 3, targets 8 card-lengths away and one card
apart, 9 points to win) is checked (GVG-COMP-1); the designs, shapes and counts
are assumptions (GVG-COMP-2 to GVG-COMP-5). :func:`load_components` validates a
user's own file through the same checks, and ``Options(components=...)`` plays
with it (GVG-COMP-7); :func:`validate_components` re-checks a set decoded from
JSON.
"""

from __future__ import annotations

import tomllib
from importlib import resources
from typing import Any

import attrs

from gremlinrules.core.deprecation import module_aliases
from gremlinrules.core.errors import ComponentError
from gremlinrules.core.errors import shown
from gremlinrules.core.grid import SIDE_NAMES
from gremlinrules.core.grid import mask_from_names
from gremlinrules.core.grid import rotate_mask

__all__ = [
    "ACTION_KINDS", "FIELD_KINDS", "KINDS", "NAME_LIMIT", "REFERENCE", "TABLE_LIMITS", "Components",
    "Design", "RoleCard", "load_components", "validate_components",
]

FIELD_KINDS = ("passage", "cave-in", "door", "key", "lantern", "bomb", "ale-mug")
"""Kinds laid on the field as path cards."""
ACTION_KINDS = ("map", "explosion", "potion")
"""Kinds whose effect resolves at once; the card is then discarded."""
KINDS = FIELD_KINDS + ACTION_KINDS
RACES = ("goblin", "gnome")

TABLE_LIMITS = (-12, 20, -12, 12)
"""The largest table a component set may declare (GVG-FIELD-3): x from -12 to 20, y from -12
to 12, 12 cells beyond the reference table's reach on every side. The action space grows with
the table (about 70 actions a cell), so a bound keeps ``new_game`` and a decoded state's
checks fast whatever a client sends."""

NAME_LIMIT = 40
"""The most characters in a design's name or colour (GVG-FIELD-3)."""

_STATED = {
    "path_cards": 50, "start_cards": 1, "role_cards": 8, "target_cards": 3, "counter_cards": 8,
    "hand_size": 3, "target_distance": 8, "target_gap": 1, "winning_points": 9,
}


@attrs.frozen(slots=True)
class Design:
    """One card design: a name, its kind, open edges as printed, a colour for doors and keys."""

    name: str
    kind: str
    edges: int
    """Open sides as a mask (bit N=0, E=1, S=2, W=3); 0 for Map, Explosion and Potion."""
    colour: str
    count: int

    @property
    def on_field(self) -> bool:
        """True for a card laid on the field (a tunnel card)."""
        return self.kind in FIELD_KINDS

    @property
    def symmetric(self) -> bool:
        """True when half a turn leaves the shape unchanged (the rotated placement is the same)."""
        return rotate_mask(self.edges, 2) == self.edges


@attrs.frozen(slots=True)
class RoleCard:
    """A role card: a character of the advanced rules and its race."""

    name: str
    race: str


@attrs.frozen(cache_hash=True)
class Components:
    """A validated component set (hashable by value: the fast path's tables are looked up by it)."""

    numbers: tuple[tuple[str, int], ...]
    designs: tuple[Design, ...]
    roles: tuple[RoleCard, ...]
    bounds: tuple[int, int, int, int]
    """The table rectangle: min_x, max_x, min_y, max_y."""
    colours: tuple[str, ...]

    def number(self, key: str) -> int:
        """A number from the ``[numbers]`` table."""
        return dict(self.numbers)[key]

    @property
    def deck(self) -> tuple[str, ...]:
        """Every path card by design name, in file order (the unshuffled deck)."""
        return tuple(d.name for d in self.designs for _ in range(d.count))


def _fail(msg: str) -> ComponentError:
    return ComponentError(f"goblins-vs-gnomes components: {msg}")


def _int(table: dict[str, Any], key: str, where: str) -> int:
    v = table.get(key)
    if not isinstance(v, int) or isinstance(v, bool):
        raise _fail(f"{where}: {key} must be an integer")
    return v


def _design(raw: Any, i: int) -> Design:
    if not isinstance(raw, dict) or set(raw) - {"name", "kind", "edges", "colour", "count"}:
        raise _fail(f"design #{i + 1} must be a table of name, kind, edges, colour, count")
    name, kind, edges = raw.get("name"), raw.get("kind"), raw.get("edges")
    colour = raw.get("colour", "")
    if not isinstance(name, str) or not name or not isinstance(edges, str) or not isinstance(colour, str):
        raise _fail(f"design #{i + 1}: name, edges and colour must be strings")
    if len(name) > NAME_LIMIT or len(colour) > NAME_LIMIT or len(edges) > 4:
        raise _fail(f"design #{i + 1}: a name or colour has at most {NAME_LIMIT} characters, "
                    "edges at most 4 letters")
    if kind not in KINDS:
        raise _fail(f"design {name}: kind {shown(kind)} is not one of {KINDS}")
    try:
        mask = mask_from_names(edges)
    except ValueError as exc:
        raise _fail(f"design {name}: {exc}") from exc
    count = _int(raw, "count", f"design {name}")
    if count < 1:
        raise _fail(f"design {name}: count must be at least 1")
    if (kind in FIELD_KINDS) != (mask != 0):
        raise _fail(f"design {name}: a field card needs open edges and an action card none")
    if (kind in ("door", "key")) != bool(colour):
        raise _fail(f"design {name}: doors and keys (only) have a colour")
    return Design(name=name, kind=kind, edges=mask, colour=colour, count=count)


def parse_components(data: dict[str, Any]) -> Components:
    """Validate parsed TOML data against the rulebook's numbers (GVG-COMP-1)."""
    numbers = data.get("numbers")
    if not isinstance(numbers, dict):
        raise _fail("missing [numbers]")
    for key, want in _STATED.items():
        if _int(numbers, key, "[numbers]") != want:
            raise _fail(f"the rulebook says {key} = {want}, the file says {shown(numbers[key])}")
    raw_designs = data.get("design", [])
    if not isinstance(raw_designs, list) or len(raw_designs) > _STATED["path_cards"]:
        raise _fail("the designs are a list of at most 50 tables (each design has one card or more)")
    designs = tuple(_design(raw, i) for i, raw in enumerate(raw_designs))
    names = [d.name for d in designs]
    if len(set(names)) != len(names):
        raise _fail("design names must be unique")
    if sum(d.count for d in designs) != _STATED["path_cards"]:
        raise _fail(f"the path cards add up to {shown(sum(d.count for d in designs))}, not 50")
    missing = set(KINDS) - {d.kind for d in designs}
    if missing:
        raise _fail(f"the rulebook names card kinds missing here: {sorted(missing)}")
    for kind in ACTION_KINDS:  # GVG-COMP-8: the action names no design, so one design plays it
        named = [d.name for d in designs if d.kind == kind]
        if len(named) > 1:
            raise _fail(f"the {kind} kind has one design (GVG-COMP-8: playing it names no card), "
                        f"not {len(named)}: {', '.join(named)}")
    door_colours = {d.colour for d in designs if d.kind == "door"}
    key_colours = {d.colour for d in designs if d.kind == "key"}
    if door_colours != key_colours:
        raise _fail("every door colour needs keys of that colour and the other way round")
    roles_raw = data.get("role", [])
    if not isinstance(roles_raw, list) or len(roles_raw) != _STATED["role_cards"]:
        raise _fail("there must be 8 distinct role cards")
    roles: list[RoleCard] = []
    for raw in roles_raw:
        if (not isinstance(raw, dict) or raw.get("race") not in RACES or not isinstance(raw.get("name"), str)
                or not 0 < len(raw["name"]) <= NAME_LIMIT):
            raise _fail(f"a role is a table with a name (1 to {NAME_LIMIT} characters) and a race "
                        "(goblin or gnome)")
        roles.append(RoleCard(name=raw["name"], race=raw["race"]))
    if len(roles) != _STATED["role_cards"] or len({r.name for r in roles}) != len(roles):
        raise _fail("there must be 8 distinct role cards")
    per_race = [sum(r.race == race for r in roles) for race in RACES]
    if per_race != [4, 4]:
        raise _fail("8 players (the most counters allow) need 4 Goblins and 4 Gnomes")
    table = data.get("table")
    if not isinstance(table, dict):
        raise _fail("missing [table]")
    bounds = tuple(_int(table, k, "[table]") for k in ("min_x", "max_x", "min_y", "max_y"))
    gap = _STATED["target_gap"] + 1
    if not (bounds[0] <= 0 and bounds[1] >= _STATED["target_distance"] and bounds[2] <= -gap
            and bounds[3] >= gap):
        raise _fail("the table must hold the start card and the three targets")
    lo_x, hi_x, lo_y, hi_y = TABLE_LIMITS
    if bounds[0] < lo_x or bounds[1] > hi_x or bounds[2] < lo_y or bounds[3] > hi_y:  # GVG-FIELD-3
        raise _fail(f"the table may reach x from {lo_x} to {hi_x} and y from {lo_y} to {hi_y} at most")
    return Components(
        numbers=tuple(sorted((k, int(numbers[k])) for k in _STATED)), designs=designs,
        roles=tuple(roles), bounds=(bounds[0], bounds[1], bounds[2], bounds[3]),
        colours=tuple(sorted(door_colours)),
    )


def load_components(text: str) -> Components:
    """Validate a component file's TOML text (a user's own set) the way the reference set is."""
    if not isinstance(text, str):
        raise _fail("expected TOML text")
    try:
        return parse_components(tomllib.loads(text))
    except tomllib.TOMLDecodeError as exc:
        raise _fail(f"not valid TOML: {exc}") from exc


def _as_data(c: Components) -> dict[str, Any]:
    """The parsed-TOML form of a component set (the inverse of :func:`parse_components`)."""
    return {
        "numbers": dict(c.numbers),
        "design": [
            {"name": d.name, "kind": d.kind, "count": d.count, "colour": d.colour,
             "edges": "".join(ch for i, ch in enumerate(SIDE_NAMES) if d.edges >> i & 1)}
            for d in c.designs
        ],
        "role": [{"name": r.name, "race": r.race} for r in c.roles],
        "table": dict(zip(("min_x", "max_x", "min_y", "max_y"), c.bounds, strict=True)),
    }


def validate_components(value: Any) -> Components:
    """``value`` if it is a component set the loader would give, else ComponentError.

    A set built by :func:`load_components` always passes; this re-checks one decoded from
    JSON or built by hand, since the rules trust every table built from it.
    """
    if type(value) is not Components:
        raise _fail(f"expected a goblins_vs_gnomes Components, not {type(value).__name__}")
    if value is REFERENCE:
        return value
    try:
        again = parse_components(_as_data(value))
    except (TypeError, ValueError, AttributeError, KeyError) as exc:
        raise _fail(f"malformed component set: {exc}") from exc
    if again != value:
        raise _fail("the set is not one the loader gives (edges, colours or numbers disagree)")
    return value


REFERENCE = load_components(
    resources.files(__package__).joinpath("components.toml").read_text(encoding="utf-8")
)
"""The reference component set shipped with the package."""
__getattr__ = module_aliases(__name__, {"COMPONENTS": ("REFERENCE", lambda: REFERENCE)})
