"""Load and validate spec clause files and scenario vectors.

``spec/<game-id>.toml``::

    [game]
    id = "gnaughty-gnomes"
    title = "Gnaughty Gnomes"
    prefix = "GG"
    rulebook = "gnaughty-gnomes.txt"

    [[clause]]
    id = "GG-TRICK-1"            # PREFIX-AREA-N, unique
    section = "Determining Player Order"
    kind = "rule"                # rule | interpretation | assumption | variant
    text = "Our own paraphrase of the rule."
    notes = "Why, for interpretations and assumptions."   # optional
    option = "tiebreak_x"        # optional: the Options field offering the other reading

``spec/<game-id>/clauses/*.toml``: more ``[[clause]]`` tables of the same game.

``spec/<game-id>/scenarios/*.json`` (see :mod:`gremlinrules.core.scenarios`).
"""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path
from typing import Any

import attrs

from gremlinrules.core.errors import SpecError

__all__ = ["KINDS", "Clause", "Scenario", "Spec", "load_scenarios", "load_spec", "spec_dir"]

KINDS = ("rule", "interpretation", "assumption", "variant")
_ID = re.compile(r"^[A-Z]+(-[A-Z0-9]+)+$")
_CLAUSE_KEYS = {"id", "section", "kind", "text", "notes", "option"}
SCENARIO_FORMAT = "gremlinrules-scenario"
"""The value of a scenario vector's ``format`` key."""
SCENARIO_FORMAT_VERSION = 1
"""The scenario format this library reads and writes."""
_SCENARIO_KEYS = {"format", "format_version", "name", "description", "clauses", "record", "expect"}
_EXPECT_KEYS = {
    "scores", "winners", "terminal", "current_player", "legal", "not_legal", "fields",
    "legal_count",
}


@attrs.frozen
class Clause:
    """One rule, interpretation, assumption or variant, in our own words."""

    id: str
    section: str
    kind: str
    text: str
    notes: str = ""
    option: str = ""


@attrs.frozen
class Spec:
    """A game's clause file."""

    game: str
    title: str
    prefix: str
    rulebook: str
    clauses: tuple[Clause, ...]

    def clause(self, clause_id: str) -> Clause:
        """The clause with that id; SpecError when there is none."""
        for c in self.clauses:
            if c.id == clause_id:
                return c
        raise SpecError(f"{self.game} has no clause {clause_id}")

    @property
    def ids(self) -> frozenset[str]:
        """Every clause id."""
        return frozenset(c.id for c in self.clauses)


@attrs.frozen
class Scenario:
    """A language-neutral conformance vector."""

    game: str
    name: str
    path: str
    description: str
    clauses: tuple[str, ...]
    record: dict[str, Any] = attrs.field(eq=False, hash=False)
    """A game record (:mod:`gremlinrules.core.records`): the setup and every action."""
    expect: tuple[dict[str, Any], ...] = attrs.field(eq=False, hash=False)
    """Expectations, each checked ``after`` that many of the record's actions."""


def spec_dir() -> Path:
    """The spec/ folder: shipped inside the wheel, or beside the source tree."""
    here = Path(__file__).resolve().parent.parent
    for candidate in (here / "_spec", here.parent / "spec"):
        if candidate.is_dir():
            return candidate
    raise SpecError("spec/ folder not found (neither in the package nor beside it)")


def _need(table: dict[str, Any], key: str, kind: type, where: str) -> Any:
    value = table.get(key)
    if not isinstance(value, kind) or (isinstance(value, str) and not value.strip()):
        raise SpecError(f"{where}: '{key}' must be a non-empty {kind.__name__}")
    return value


def _read_toml(path: Path) -> dict[str, Any]:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise SpecError(f"{path}: {exc}") from exc


def load_spec(game_id: str, root: Path | None = None) -> Spec:
    """Read and validate ``spec/<game_id>.toml`` and any ``spec/<game_id>/clauses/*.toml``.

    The extra clause files (sorted by name) hold only ``[[clause]]`` tables, with
    the same keys; a game keeps large groups of clauses there (a card list's
    assumptions, a map's). Ids are unique across all the files.
    """
    base = root or spec_dir()
    path = base / f"{game_id}.toml"
    data = _read_toml(path)
    raws: list[tuple[str, Any]] = [(f"{path} clause #{i + 1}", raw)
                                   for i, raw in enumerate(data.get("clause", []))]
    folder = base / game_id / "clauses"
    for extra_path in sorted(folder.glob("*.toml")) if folder.is_dir() else ():
        more = _read_toml(extra_path)
        if set(more) - {"clause"}:
            raise SpecError(f"{extra_path}: only [[clause]] tables belong in a clause file")
        raws += [(f"{extra_path} clause #{i + 1}", raw) for i, raw in enumerate(more.get("clause", []))]
    game = data.get("game")
    if not isinstance(game, dict):
        raise SpecError(f"{path}: missing [game] table")
    prefix = _need(game, "prefix", str, f"{path} [game]")
    if _need(game, "id", str, f"{path} [game]") != game_id:
        raise SpecError(f"{path}: [game] id is {game['id']!r}, expected {game_id!r}")
    clauses: list[Clause] = []
    seen: set[str] = set()
    for where, raw in raws:
        if not isinstance(raw, dict):
            raise SpecError(f"{where}: not a table")
        extra = set(raw) - _CLAUSE_KEYS
        if extra:
            raise SpecError(f"{where}: unknown keys {sorted(extra)}")
        cid = _need(raw, "id", str, where)
        if not _ID.match(cid) or not cid.startswith(prefix + "-"):
            raise SpecError(f"{where}: id {cid!r} must look like {prefix}-AREA-N")
        if cid in seen:
            raise SpecError(f"{where}: duplicate id {cid}")
        seen.add(cid)
        kind = _need(raw, "kind", str, where)
        if kind not in KINDS:
            raise SpecError(f"{where} ({cid}): kind {kind!r} is not one of {KINDS}")
        if kind in ("interpretation", "assumption") and not str(raw.get("notes", "")).strip():
            raise SpecError(f"{where} ({cid}): an {kind} needs notes giving the reasoning")
        clauses.append(Clause(
            id=cid, section=_need(raw, "section", str, where), kind=kind,
            text=" ".join(_need(raw, "text", str, where).split()),
            notes=" ".join(str(raw.get("notes", "")).split()), option=str(raw.get("option", "")),
        ))
    if not clauses:
        raise SpecError(f"{path}: no clauses")
    return Spec(game=game_id, title=_need(game, "title", str, f"{path} [game]"), prefix=prefix,
                rulebook=_need(game, "rulebook", str, f"{path} [game]"), clauses=tuple(clauses))


def _check_scenario(raw: Any, where: str) -> None:
    if not isinstance(raw, dict):
        raise SpecError(f"{where}: a scenario is a JSON object")
    extra = set(raw) - _SCENARIO_KEYS
    if extra:
        raise SpecError(f"{where}: unknown keys {sorted(extra)}")
    if raw.get("format") != SCENARIO_FORMAT or raw.get("format_version") != SCENARIO_FORMAT_VERSION:
        raise SpecError(f"{where}: not a {SCENARIO_FORMAT} version {SCENARIO_FORMAT_VERSION} document")
    _need(raw, "name", str, where)
    clauses = raw.get("clauses")
    if not isinstance(clauses, list) or not clauses or not all(isinstance(c, str) for c in clauses):
        raise SpecError(f"{where}: 'clauses' must be a non-empty list of clause ids")
    record = raw.get("record")
    if not isinstance(record, dict) or not isinstance(record.get("actions"), list):
        raise SpecError(f"{where}: 'record' must be a game record with its actions")
    expect = raw.get("expect")
    if not isinstance(expect, list) or not expect:
        raise SpecError(f"{where}: 'expect' must be a non-empty list")
    count = len(record["actions"])
    for j, entry in enumerate(expect):
        if not isinstance(entry, dict) or set(entry) - _EXPECT_KEYS - {"after", "illegal", "note"}:
            raise SpecError(f"{where} expect {j}: keys must be among "
                            f"{sorted(_EXPECT_KEYS | {'after', 'illegal', 'note'})}")
        after = entry.get("after")
        if not isinstance(after, int) or isinstance(after, bool) or not 0 <= after <= count:
            raise SpecError(f"{where} expect {j}: 'after' must count 0 to {count} actions")


def load_scenarios(game_id: str, root: Path | None = None) -> tuple[Scenario, ...]:
    """Every scenario vector of a game, sorted by file name, validated."""
    folder = (root or spec_dir()) / game_id / "scenarios"
    out: list[Scenario] = []
    for path in sorted(folder.glob("*.json")) if folder.is_dir() else ():
        try:
            raw = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise SpecError(f"{path}: {exc}") from exc
        _check_scenario(raw, str(path))
        out.append(Scenario(game=game_id, name=raw["name"], path=f"{game_id}/scenarios/{path.name}",
                            description=str(raw.get("description", "")),
                            clauses=tuple(raw["clauses"]), record=raw["record"],
                            expect=tuple(raw["expect"])))
    return tuple(out)
