"""Card data: the six materials, the gremlin deck, and the validated loader.

Inside a state a material is its index in ``MATERIALS`` (rust 0 ... chrome 5)
and a gremlin-deck card is a material index for a gremlin of that type or
``THUNDERSTORM`` (6), so the hot path works on small integers. Actions,
setups and descriptions use the :class:`Material` and :class:`GremlinCard` enums.
"""

from __future__ import annotations

import enum
import tomllib
from importlib import resources
from pathlib import Path
from typing import Any

import attrs

from gremlinrules.core.enums import CodeRepr
from gremlinrules.core.errors import ComponentError
from gremlinrules.core.errors import shown

__all__ = [
    "ABILITIES", "MATERIALS", "REFERENCE", "THUNDERSTORM", "Components", "GremlinCard", "Material",
    "load_components", "parse_components", "validate_components",
]


class Material(CodeRepr, enum.Enum):
    """A material type, rust (most common) to chrome (rarest)."""

    RUST = "rust"
    WOOD = "wood"
    IRON = "iron"
    COPPER = "copper"
    STEEL = "steel"
    CHROME = "chrome"


class GremlinCard(CodeRepr, enum.Enum):
    """A card of the gremlin deck: a gremlin of one material type, or a thunderstorm."""

    RUST = "rust"
    WOOD = "wood"
    IRON = "iron"
    COPPER = "copper"
    STEEL = "steel"
    CHROME = "chrome"
    THUNDERSTORM = "thunderstorm"


MATERIALS: tuple[Material, ...] = tuple(Material)
GREMLIN_CARDS: tuple[GremlinCard, ...] = tuple(GremlinCard)
THUNDERSTORM = 6
MATERIAL_COUNT = 84  # NGG-DATA-1: stated by the rulebook
GREMLIN_DECK_SIZE = 21  # NGG-DATA-1
IRON_LAUNCH_COST = 6  # NGG-DATA-1
MAX_MEDAL_VALUE = 1000
"""The largest medal value a component set may print (a size limit, not a rule: NGG-DATA-6)."""
# NGG-BRIBE-1, NGG-BRIBE-2, NGG-BRIBE-3, NGG-BRIBE-4, NGG-BRIBE-5, NGG-BRIBE-6: the ability
# printed on each type, fixed by the rulebook (NGG-DATA-6: a user's set cannot change them).
ABILITIES = ("move_on", "no_eating", "draw_one_move_on", "extra_build",
             "draw_two_extra_main", "launch_any")


@attrs.frozen(slots=True)
class Components:
    """The numbers printed on the cards, one entry per material in rust-to-chrome order."""

    counts: tuple[int, ...]
    """Material cards of each type in the deck (84 in all)."""
    launch_costs: tuple[int, ...]
    """Cards a rocket of each type needs before it may launch."""
    medal_values: tuple[int, ...]
    """Points each medal of the type is worth."""
    gremlins: tuple[int, ...]
    """Gremlin cards of each type in the gremlin deck."""
    thunderstorms: int
    """Thunderstorm cards in the gremlin deck (with the gremlins, 21 cards)."""


def _positive_ints(values: Any, what: str, low: int, high: int = MATERIAL_COUNT) -> tuple[int, ...]:
    if not isinstance(values, tuple) or len(values) != len(MATERIALS):
        raise ComponentError(f"{what} must give one number per material type (6)")
    for m, v in zip(MATERIALS, values, strict=True):
        if isinstance(v, bool) or not isinstance(v, int) or not low <= v <= high:
            raise ComponentError(f"{what} of {m.value} must be an integer from {low} to {high}, "
                                 f"not {shown(v)}")
    return values


def validate_components(c: Any) -> Components:
    """``c`` itself when it satisfies every number the rulebook states, else ComponentError."""
    if not isinstance(c, Components):
        raise ComponentError(f"expected Components, got {type(c).__name__}")
    counts = _positive_ints(c.counts, "count", 1)
    costs = _positive_ints(c.launch_costs, "launch cost", 1)
    _positive_ints(c.medal_values, "medal value", 1, MAX_MEDAL_VALUE)
    gremlins = _positive_ints(c.gremlins, "gremlin cards", 0)
    if sum(counts) != MATERIAL_COUNT:
        raise ComponentError(f"the materials deck has {MATERIAL_COUNT} cards, not {sum(counts)}")
    if costs[2] != IRON_LAUNCH_COST:
        raise ComponentError(f"iron's launch cost is {IRON_LAUNCH_COST}, not {costs[2]}")
    for m, n, cost in zip(MATERIALS, counts, costs, strict=True):
        if cost > n:
            raise ComponentError(f"a {m.value} rocket needs {cost} cards but only {n} exist")
    storms = c.thunderstorms
    if isinstance(storms, bool) or not isinstance(storms, int) or storms < 0:
        raise ComponentError(f"thunderstorms must be a non-negative integer, not {shown(storms)}")
    if sum(gremlins) + storms != GREMLIN_DECK_SIZE:
        raise ComponentError(
            f"the gremlin deck has {GREMLIN_DECK_SIZE} cards, not {sum(gremlins) + storms}")
    return c


def parse_components(data: Any) -> Components:
    """Components from parsed TOML/JSON data (the layout of the shipped components.toml)."""
    if not isinstance(data, dict) or not isinstance(data.get("materials"), dict):
        raise ComponentError("component data needs a [materials] table")
    mats = data["materials"]
    if set(mats) != {m.value for m in MATERIALS}:
        raise ComponentError(f"materials must be exactly {[m.value for m in MATERIALS]}, not {sorted(mats)}")
    fields: dict[str, list[Any]] = {k: [] for k in ("count", "launch_cost", "medal_value", "gremlins")}
    for m, ability in zip(MATERIALS, ABILITIES, strict=True):
        row = mats[m.value]
        if not isinstance(row, dict) or set(row) != {*fields, "ability"}:
            raise ComponentError(f"{m.value} needs exactly count, launch_cost, medal_value, "
                                 "gremlins and ability")
        if row["ability"] != ability:
            raise ComponentError(f"{m.value}'s bribe ability is {ability!r}, not {shown(row['ability'])}")
        for key, out in fields.items():
            out.append(row[key])
    deck = data.get("gremlin_deck")
    if not isinstance(deck, dict) or set(deck) != {"thunderstorms"}:
        raise ComponentError("component data needs a [gremlin_deck] table with thunderstorms")
    return validate_components(Components(
        counts=tuple(fields["count"]), launch_costs=tuple(fields["launch_cost"]),
        medal_values=tuple(fields["medal_value"]), gremlins=tuple(fields["gremlins"]),
        thunderstorms=deck["thunderstorms"],
    ))


def load_components(source: str | Path) -> Components:
    """Load and validate a user's component file (TOML text, or a path to a .toml file)."""
    try:
        text = source.read_text(encoding="utf-8") if isinstance(source, Path) else source
        data = tomllib.loads(text)
    except (OSError, tomllib.TOMLDecodeError, AttributeError, TypeError) as exc:
        raise ComponentError(f"cannot read component file: {exc}") from exc
    return parse_components(data)


REFERENCE: Components = load_components(
    resources.files(__package__).joinpath("components.toml").read_text(encoding="utf-8"))
"""The reference component set shipped with the library (see NGG-DATA-2, NGG-DATA-3, NGG-DATA-4,
NGG-DATA-5)."""
