"""The card-effect language and the reference deck of Gremlins, Inc.

Every card is one :class:`Card` *design* with a number of identical copies. A
card's effect is a short script of :class:`Step` values drawn from the
rulebook's glossary (get score, lose score, draw, discard, assign, move a
resource, steal, hide, reveal), each naming its target with a player selector
(any player, any opponent, everyone except you, the player with the
highest/lowest score, the owner of the project with the most resources, you)
and, where it touches a project, a project filter. An active
blueprint-permanent has continuous effects, :class:`Passive` values (cost
changes, extra score on completion, protection from a kind of effect, an extra
action).

:func:`parse_components` is the one validator (:func:`load_components` reads
TOML text or a file into it): the shipped reference deck (``components.toml``,
:data:`REFERENCE`) and a user's own encoding of the real deck both go through it,
and every fault is a :class:`~gremlinrules.core.errors.SetupError` naming the card
and the field.
The rulebook's own numbers (hands of 6, at most 3 projects, 2 actions a turn,
industry never in an action's cost) are checked for every set; the reference
deck is further checked to hold 128 cards, 78 actions, 38 blueprints and 12
blueprint-permanents (the public facts of the real deck). Its designs are our
own invention (spec/gremlins-inc/clauses/deck.toml, clauses ``GI-DECK-*``), not
the real cards.
"""

from __future__ import annotations

import functools
import hashlib
import json
import re
import tomllib
from collections.abc import Mapping
from collections.abc import Set as AbstractSet
from importlib import resources
from pathlib import Path
from typing import Any

import attrs

from gremlinrules.core.deprecation import deprecated
from gremlinrules.core.deprecation import module_aliases
from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.core.errors import SetupError
from gremlinrules.core.errors import shown

__all__ = [
    "AMONG", "DESTINATIONS", "FILTERS", "HARMFUL_OPS", "KINDS", "OPS", "PASSIVES", "PROJECT_FILTERS",
    "RANKED_SELECTORS", "REFERENCE", "REFERENCE_NUMBERS", "RESOURCES", "RESOURCE_FILTERS", "RULEBOOK_NUMBERS",
    "SELECTORS", "Card", "Components", "Passive", "Step", "load_components", "parse_components",
]

RESOURCES = ("gold", "malice", "industry")
"""The three resource types, most common first."""

KINDS = ("action", "blueprint", "permanent")
"""Card kinds; ``permanent`` is the rulebook's blueprint-permanent."""

OPS = (
    "gain_score", "lose_score", "draw", "discard", "assign", "move_resource",
    "steal_score", "steal_resource", "steal_project", "discard_resource",
    "discard_project", "hide", "reveal", "extra_turn",
)
"""The steps of an effect script, one per term of the rulebook's glossary (``extra_turn``: the
card's player takes ``amount`` more turns right after this one, the rulebook's "extra turn")."""

SELECTORS = (
    "you", "any_player", "any_opponent", "everyone_except_you",
    "highest_score", "lowest_score", "most_resources",
)
"""Player selectors. ``any_opponent`` excludes teammates, ``everyone_except_you`` includes
them; ``most_resources`` is the owner of the project with the most resources. The card's
player chooses among tied players."""

RANKED_SELECTORS = ("highest_score", "lowest_score", "most_resources")
"""Selectors that rank players; ``Step.among`` says whether you are among them."""

PROJECT_FILTERS = ("any", "hidden", "revealed", "most_resources")
"""Which of the target's projects a step may touch (``Step.which``)."""

RESOURCE_FILTERS = ("any", *RESOURCES)
"""Which resources a step takes (``Step.resource``) or a cost change affects."""

DESTINATIONS = ("you", "same")
"""Where ``move_resource`` puts what it takes: a project of yours, or another project of the
same owner."""

AMONG = ("players", "opponents")
"""For a ranked selector: rank everyone (you included) or only your opponents."""

FILTERS: dict[str, tuple[str, ...]] = {
    "which": PROJECT_FILTERS, "resource": RESOURCE_FILTERS, "to": DESTINATIONS, "among": AMONG,
}
"""Every filter field of a :class:`Step` with its allowed values."""

PASSIVES = ("cost", "bonus", "protect", "extra_action")
"""Continuous effects of an active blueprint-permanent (its owner's)."""

HARMFUL_OPS = (
    "lose_score", "discard", "move_resource", "steal_score", "steal_resource", "steal_project",
    "discard_resource", "discard_project", "reveal",
)
"""Ops that harm the player they target when that is not you; the ops a ``protect`` passive
may name."""

RULEBOOK_NUMBERS: dict[str, int] = {"hand_size": 6, "max_projects": 3, "actions_per_turn": 2}
"""Numbers the rulebook states, checked for every set."""

REFERENCE_NUMBERS: dict[str, int] = {"deck": 128, "action": 78, "blueprint": 38, "permanent": 12}
"""The public counts of the real deck, checked for the reference set."""

MAX_AMOUNT = 10
"""The largest amount a step, cost or completion cost may name (a size limit, not a rule)."""
MAX_SCORE = 30
MAX_COPIES = 20
MAX_DESIGNS = 200
MAX_STEPS = 8
MAX_PASSIVES = 4
MIN_DECK = 40
"""A deck must deal 6 hands of 6 with cards to spare."""
MAX_DECK = 400
TEXT_LIMIT = 300
NAME_LIMIT = 40
_ID = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")

# What each op reads besides ``op``; any other field must keep its default.
_USES: dict[str, frozenset[str]] = {
    "gain_score": frozenset({"amount", "target"}),
    "lose_score": frozenset({"amount", "target"}),
    "draw": frozenset({"amount", "target"}),
    "discard": frozenset({"amount", "target"}),
    "assign": frozenset({"amount"}),
    "move_resource": frozenset({"amount", "target", "which", "resource", "to"}),
    "steal_score": frozenset({"amount", "target"}),
    "steal_resource": frozenset({"amount", "target", "which", "resource"}),
    "steal_project": frozenset({"target", "which"}),
    "discard_resource": frozenset({"amount", "target", "which", "resource"}),
    "discard_project": frozenset({"target", "which"}),
    "hide": frozenset({"target", "which"}),
    "reveal": frozenset({"target", "which"}),
    "extra_turn": frozenset({"amount"}),
}
_USES = {op: uses | {"among"} if "target" in uses else uses for op, uses in _USES.items()}
_STEALS = frozenset({"steal_score", "steal_resource", "steal_project"})


@attrs.frozen(slots=True)
class Step:
    """One step of an effect script."""

    op: str
    """What happens: one of :data:`OPS`."""
    amount: int = 1
    """How many (score, cards, resources, extra turns); 1 for ops that touch one project."""
    target: str = "you"
    """Whose score, hand or project: one of :data:`SELECTORS`."""
    which: str = "any"
    """Which of the target's projects: one of :data:`PROJECT_FILTERS`."""
    resource: str = "any"
    """Which resources are taken: one of :data:`RESOURCE_FILTERS`."""
    to: str = "you"
    """``move_resource`` only: to a project of yours, or another project of the same owner."""
    among: str = "players"
    """Ranked selectors only: rank all players or only your opponents."""


@attrs.frozen(slots=True)
class Passive:
    """A continuous effect of an active blueprint-permanent, for its owner."""

    effect: str
    """One of :data:`PASSIVES`."""
    kind: str = "action"
    """``cost``: which costs change, action cards' or blueprints' completion costs."""
    resource: str = "any"
    """``cost``: which resource's amount changes (``any``: one of those the cost names, where
    the change helps the owner most)."""
    change: int = 0
    """``cost``: added to the amount (negative lowers it; never below 0)."""
    amount: int = 0
    """``bonus``: extra score per completed blueprint; ``extra_action``: extra actions a turn."""
    against: str = ""
    """``protect``: the op (one of :data:`HARMFUL_OPS`) opponents' cards cannot do to you."""


@attrs.frozen(slots=True)
class Card:
    """One card design; the deck holds ``copies`` identical copies."""

    id: str
    """Kebab-case and unique; actions and states name cards by it."""
    name: str
    kind: str
    """One of :data:`KINDS`."""
    resource: str
    """What the card counts as when assigned: one of :data:`RESOURCES`."""
    copies: int
    cost: tuple[tuple[str, int], ...]
    """Action: (resource, amount) pairs sorted by resource name; ``()`` is free."""
    score: int
    """Blueprint/permanent: score on completion (at least 1); action: 0."""
    needs: tuple[tuple[str, int], ...]
    """Blueprint/permanent: completion cost as (resource, amount) pairs sorted by name."""
    face_up: bool
    """May be started face up."""
    text: str
    """What a player reads, in our own words."""
    effect: tuple[Step, ...]
    """Action: on play; blueprint/permanent: on completion."""
    passive: tuple[Passive, ...]
    """Permanent only: continuous effects while active."""

    @property
    def total_cost(self) -> int:
        """Resources the action costs, in all."""
        return sum(n for _, n in self.cost)

    @property
    def total_needs(self) -> int:
        """Resources the blueprint needs to be completed, in all."""
        return sum(n for _, n in self.needs)

    @property
    def completable(self) -> bool:
        """A blueprint or blueprint-permanent (action cards are never completed)."""
        return self.kind != "action"


@attrs.frozen(slots=True)
class Components:
    """A validated card set: the designs and the numbers of the turn."""

    name: str
    version: str
    cards: tuple[Card, ...]
    """Sorted by id."""
    hand_size: int = 6
    max_projects: int = 3
    actions_per_turn: int = 2

    @functools.cached_property
    def _by_id(self) -> dict[str, Card]:
        """The designs by id (computed once; not a field, so schemas and equality ignore it)."""
        return {c.id: c for c in self.cards}

    def card(self, card_id: str) -> Card:
        """The design ``card_id``; InvalidArgumentError when the set has none."""
        try:
            return self._by_id[card_id]
        except (KeyError, TypeError):
            raise InvalidArgumentError(f"no card {shown(card_id)} in {shown(self.name)}") from None

    def has(self, card_id: str) -> bool:
        """Whether the set has a design ``card_id``."""
        try:
            return card_id in self._by_id
        except TypeError:
            return False

    @property
    def ids(self) -> tuple[str, ...]:
        """Every design id, sorted."""
        return tuple(c.id for c in self.cards)

    @property
    def deck_size(self) -> int:
        """Cards in the deck, copies counted."""
        return sum(c.copies for c in self.cards)

    def count(self, kind: str) -> int:
        """Cards of ``kind`` in the deck, copies counted."""
        return sum(c.copies for c in self.cards if c.kind == kind)

    def resource_count(self, resource: str) -> int:
        """Cards that count as ``resource``, copies counted."""
        return sum(c.copies for c in self.cards if c.resource == resource)

    @property
    def deck(self) -> tuple[str, ...]:
        """The whole deck as design ids, each repeated by its copies, sorted."""
        return tuple(c.id for c in self.cards for _ in range(c.copies))

    def to_data(self) -> dict[str, Any]:
        """Plain data (the TOML layout) that :func:`parse_components` turns back into this set."""
        return {
            "name": self.name, "version": self.version,
            "numbers": {"hand_size": self.hand_size, "max_projects": self.max_projects,
                        "actions_per_turn": self.actions_per_turn},
            "card": [_card_data(c) for c in self.cards],
        }

    @property
    def digest(self) -> str:
        """A short SHA-256 digest of the set's data, for records and views."""
        blob = json.dumps(self.to_data(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(blob.encode()).hexdigest()[:16]


def _card_data(c: Card) -> dict[str, Any]:
    step_defaults = Step("x")
    passive_defaults = Passive("x")
    out: dict[str, Any] = {"id": c.id, "name": c.name, "kind": c.kind, "resource": c.resource,
                           "copies": c.copies, "text": c.text}
    if c.cost:
        out["cost"] = dict(c.cost)
    if c.kind != "action":
        out["score"] = c.score
        out["needs"] = dict(c.needs)
    if c.face_up:
        out["face_up"] = True
    if c.effect:
        out["effect"] = [{k: v for k, v in attrs.asdict(s).items()
                          if k == "op" or v != getattr(step_defaults, k)} for s in c.effect]
    if c.passive:
        out["passive"] = [{k: v for k, v in attrs.asdict(p).items()
                           if k == "effect" or v != getattr(passive_defaults, k)} for p in c.passive]
    return out


# --- the validator ---------------------------------------------------------------------------

_CARD_KEYS = frozenset({"id", "name", "kind", "resource", "copies", "cost", "score", "needs",
                        "face_up", "text", "effect", "passive"})
_TOP_KEYS = frozenset({"name", "version", "numbers", "card"})
_NUMBER_KEYS = frozenset({*RULEBOOK_NUMBERS, *REFERENCE_NUMBERS})


def _fail(where: str, msg: str) -> SetupError:
    return SetupError(f"{where}: {msg}")


def _int(value: Any, where: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise _fail(where, f"must be an integer from {low} to {high}, not {shown(value)}")
    return value


def _choice(value: Any, where: str, allowed: tuple[str, ...]) -> str:
    if not isinstance(value, str) or value not in allowed:
        raise _fail(where, f"must be one of {', '.join(allowed)}, not {shown(value)}")
    return value


def _text(value: Any, where: str, limit: int) -> str:
    if not isinstance(value, str) or not value.strip() or len(value) > limit:
        raise _fail(where, f"must be a non-empty text of at most {limit} characters, "
                           f"not {shown(value)}")
    return value


def _table(value: Any, where: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise _fail(where, f"must be a table, not {shown(value)}")
    for key in value:
        if not isinstance(key, str):
            raise _fail(where, f"has a key that is not a text: {shown(key)}")
    return value


def _list(value: Any, where: str, limit: int) -> list[Any]:
    if not isinstance(value, list | tuple):
        raise _fail(where, f"must be a list, not {shown(value)}")
    if len(value) > limit:
        raise _fail(where, f"may hold at most {limit} entries, not {len(value)}")
    return list(value)


def _unknown(table: Mapping[str, Any], allowed: frozenset[str], where: str) -> None:
    extra = sorted(set(table) - allowed)
    if extra:
        raise _fail(where, f"unknown field {shown(extra[0])}; the fields are {', '.join(sorted(allowed))}")


def _resources(value: Any, where: str) -> tuple[tuple[str, int], ...]:
    table = _table(value, where)
    out = []
    for key, amount in table.items():
        _choice(key, f"{where} key", RESOURCES)
        out.append((key, _int(amount, f"{where}.{key}", 1, MAX_AMOUNT)))
    return tuple(sorted(out))


def _tagged(raw: Any, where: str, cls: type, tag: str, allowed: tuple[str, ...],
            uses: Mapping[str, AbstractSet[str]]) -> tuple[Mapping[str, Any], str]:
    """The table of a ``cls`` entry (a Step or a Passive) and the value of its ``tag`` field (its
    op or effect), one of ``allowed``; refused when it has a field ``cls`` lacks, no ``tag``, or a
    field the tag's value does not read (``uses[value]``)."""
    table = _table(raw, where)
    _unknown(table, frozenset(attrs.fields_dict(cls)), where)
    if tag not in table:
        raise _fail(where, f"needs an {tag}")
    value = _choice(table[tag], f"{where}.{tag}", allowed)
    reads = uses[value]
    for key in table:
        if key != tag and key not in reads:
            raise _fail(f"{where}.{key}", f"means nothing to {value} (it reads {', '.join(sorted(reads))})")
    return table, value


def _step(raw: Any, where: str) -> Step:
    table, op = _tagged(raw, where, Step, "op", OPS, _USES)
    step = Step(
        op=op,
        amount=_int(table.get("amount", 1), f"{where}.amount", 1, MAX_AMOUNT),
        target=_choice(table.get("target", "you"), f"{where}.target", SELECTORS),
        which=_choice(table.get("which", "any"), f"{where}.which", PROJECT_FILTERS),
        resource=_choice(table.get("resource", "any"), f"{where}.resource", RESOURCE_FILTERS),
        to=_choice(table.get("to", "you"), f"{where}.to", DESTINATIONS),
        among=_choice(table.get("among", "players"), f"{where}.among", AMONG),
    )
    if op in _STEALS and step.target == "you":
        raise _fail(f"{where}.target", f"{op} takes from another player, not from you")
    if step.among != "players" and step.target not in RANKED_SELECTORS:
        raise _fail(f"{where}.among", f"applies only to {', '.join(RANKED_SELECTORS)}, "
                                      f"not to target {step.target}")
    return step


_PASSIVE_USES: dict[str, frozenset[str]] = {
    "cost": frozenset({"kind", "resource", "change"}), "bonus": frozenset({"amount"}),
    "protect": frozenset({"against"}), "extra_action": frozenset({"amount"})}
"""The fields each passive effect reads."""


def _passive(raw: Any, where: str) -> Passive:
    table, effect = _tagged(raw, where, Passive, "effect", PASSIVES, _PASSIVE_USES)
    if effect == "cost":
        change = _int(table.get("change", 0), f"{where}.change", -MAX_AMOUNT, MAX_AMOUNT)
        if change == 0:
            raise _fail(f"{where}.change", "a cost passive must change the cost (not 0)")
        kind = _choice(table.get("kind", "action"), f"{where}.kind", ("action", "blueprint"))
        return Passive(effect, kind=kind,
                       resource=_choice(table.get("resource", "any"), f"{where}.resource", RESOURCE_FILTERS),
                       change=change)
    if effect == "protect":
        return Passive(effect, against=_choice(table.get("against"), f"{where}.against", HARMFUL_OPS))
    high = MAX_AMOUNT if effect == "bonus" else 2
    return Passive(effect, amount=_int(table.get("amount"), f"{where}.amount", 1, high))


def _card(raw: Any, index: int) -> Card:
    where = f"card {index + 1}"
    table = _table(raw, where)
    if "id" not in table:
        raise _fail(where, "needs an id")
    card_id = table["id"]
    if not isinstance(card_id, str) or len(card_id) > NAME_LIMIT or not _ID.fullmatch(card_id):
        raise _fail(f"{where}.id", f"must be kebab-case (a-z, 0-9, single hyphens) of at most "
                                   f"{NAME_LIMIT} characters, not {shown(card_id)}")
    where = f"card {card_id!r}"
    _unknown(table, _CARD_KEYS, where)
    for key in ("name", "kind", "resource", "copies", "text"):
        if key not in table:
            raise _fail(where, f"needs a {key}")
    kind = _choice(table["kind"], f"{where}.kind", KINDS)
    action = kind == "action"
    cost = _resources(table.get("cost", {}), f"{where}.cost")
    needs = _resources(table.get("needs", {}), f"{where}.needs")
    effect = tuple(_step(s, f"{where}.effect[{i}]")
                   for i, s in enumerate(_list(table.get("effect", []), f"{where}.effect", MAX_STEPS)))
    passive = tuple(_passive(p, f"{where}.passive[{i}]")
                    for i, p in enumerate(_list(table.get("passive", []), f"{where}.passive", MAX_PASSIVES)))
    face_up = table.get("face_up", False)
    if not isinstance(face_up, bool):
        raise _fail(f"{where}.face_up", f"must be true or false, not {shown(face_up)}")
    if action:
        if "score" in table and table["score"] != 0:
            raise _fail(f"{where}.score", "an action card scores nothing (omit score)")
        if needs:
            raise _fail(f"{where}.needs", "an action card is never completed (omit needs)")
        if face_up:
            raise _fail(f"{where}.face_up", "only a blueprint may be started face up")
        if passive:
            raise _fail(f"{where}.passive", "only a blueprint-permanent has continuous effects")
        if not effect:
            raise _fail(f"{where}.effect", "an action card needs at least one step")
        if any(r == "industry" for r, _ in cost):
            raise _fail(f"{where}.cost", "industry is never an action card's cost (the rulebook)")
        score = 0
    else:
        if cost:
            raise _fail(f"{where}.cost", f"a {kind} is not played for a cost; its completion cost is needs")
        if "score" not in table:
            raise _fail(where, f"a {kind} needs a score")
        score = _int(table["score"], f"{where}.score", 1, MAX_SCORE)
        if not needs:
            raise _fail(f"{where}.needs", f"a {kind} needs a completion cost")
        if kind == "blueprint" and passive:
            raise _fail(f"{where}.passive", "only a blueprint-permanent has continuous effects")
        if kind == "permanent" and not passive:
            raise _fail(f"{where}.passive", "a blueprint-permanent needs at least one continuous effect")
    return Card(
        id=card_id, name=_text(table["name"], f"{where}.name", NAME_LIMIT), kind=kind,
        resource=_choice(table["resource"], f"{where}.resource", RESOURCES),
        copies=_int(table["copies"], f"{where}.copies", 1, MAX_COPIES),
        cost=cost, score=score, needs=needs, face_up=face_up,
        text=_text(table["text"], f"{where}.text", TEXT_LIMIT), effect=effect, passive=passive,
    )


def parse_components(data: Mapping[str, Any], *, reference: bool = False) -> Components:
    """A validated card set from parsed data (the layout of ``components.toml``).

    Every fault is a :class:`~gremlinrules.core.errors.SetupError` naming the card and the
    field. ``[numbers]``, when given, is checked: the rulebook's numbers must be its own,
    and the deck counts (``deck``, ``action``, ``blueprint``, ``permanent``) must match the
    cards. ``reference=True`` also demands the real deck's public counts (128 = 78 + 38 + 12).
    """
    top = _table(data, "card set")
    _unknown(top, _TOP_KEYS, "card set")
    name = _text(top.get("name", "custom"), "card set name", NAME_LIMIT)
    version = _text(top.get("version", "1"), "card set version", NAME_LIMIT)
    numbers = _table(top.get("numbers", {}), "[numbers]")
    _unknown(numbers, _NUMBER_KEYS, "[numbers]")
    for key, stated in RULEBOOK_NUMBERS.items():
        if key in numbers and numbers[key] != stated:
            raise _fail(f"[numbers].{key}", f"the rulebook says {stated}, not {shown(numbers[key])}")
    if "card" not in top:
        raise _fail("card set", "has no [[card]] tables")
    cards = [_card(raw, i) for i, raw in enumerate(_list(top["card"], "[[card]]", MAX_DESIGNS))]
    seen: set[str] = set()
    for c in cards:
        if c.id in seen:
            raise _fail(f"card {c.id!r}.id", "is used by another card")
        seen.add(c.id)
    result = Components(name=name, version=version, cards=tuple(sorted(cards, key=lambda c: c.id)))
    counts = {"deck": result.deck_size, **{k: result.count(k) for k in KINDS}}
    if not any(c.completable for c in cards):
        raise _fail("card set", "needs at least one blueprint or blueprint-permanent")
    if not MIN_DECK <= result.deck_size <= MAX_DECK:
        raise _fail("card set", f"the deck must hold {MIN_DECK} to {MAX_DECK} cards, not {result.deck_size}")
    wanted = {k: numbers[k] for k in REFERENCE_NUMBERS if k in numbers}
    if reference:
        wanted = {**wanted, **REFERENCE_NUMBERS}
    for key, n in wanted.items():
        if counts[key] != n:
            raise _fail(f"[numbers].{key}", f"says {shown(n)} cards but the set has {counts[key]}")
    return result


def load_components(source: str | Path, *, reference: bool = False) -> Components:
    """A validated card set from TOML text, or from a file (a ``.json`` file read as JSON, any
    other as TOML), both in the layout of ``components.toml``; see :func:`parse_components`.

    Parsed data (a mapping), which this function took before issue 29, still works for one
    release and warns: that is :func:`parse_components` now.
    """
    if isinstance(source, Mapping):
        deprecated("gremlinrules.gremlins_inc.load_components(data)", "parse_components(data)")
        return parse_components(source, reference=reference)
    if isinstance(source, Path):
        name = source.name
        try:
            text = source.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise SetupError(f"cannot read card set {shown(name)}: {shown(str(exc), 200)}") from None
    elif isinstance(source, str):
        name, text = "text", source
    else:
        raise SetupError(f"a card set is TOML text or a Path to a .toml or .json file, not {shown(source)}")
    as_json = isinstance(source, Path) and source.suffix == ".json"
    try:
        data = json.loads(text) if as_json else tomllib.loads(text)
    except (ValueError, RecursionError) as exc:  # TOMLDecodeError and JSONDecodeError are ValueErrors
        raise SetupError(f"cannot read card set {shown(name)}: {shown(str(exc), 200)}") from None
    if not isinstance(data, dict):
        raise SetupError(f"card set {shown(name)}: must be a table, not {shown(data)}")
    return parse_components(data, reference=reference)


def _load_components_file(path: str | Path, *, reference: bool = False) -> Components:
    """The deprecated ``load_components_file``: a card set from the file at ``path``."""
    return load_components(Path(path), reference=reference)


def _load_reference() -> Components:
    text = resources.files(__package__).joinpath("components.toml").read_text(encoding="utf-8")
    return parse_components(tomllib.loads(text), reference=True)

REFERENCE: Components = _load_reference()
"""The reference deck shipped with the library: our own designs (``GI-DECK-*``), not the real
cards."""
__getattr__ = module_aliases(__name__, {
    "load_components_file": ("load_components(Path(path))", lambda: _load_components_file)})
