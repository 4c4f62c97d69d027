"""Traceability: every clause has a test, and every test names a real clause."""

from __future__ import annotations

import re
from pathlib import Path

import attrs
import pytest

import gremlinrules
from gremlinrules.core.spec import load_scenarios
from gremlinrules.core.spec import load_spec
from gremlinrules.core.trace import clause_tests

TESTS = Path(__file__).resolve().parent
GAMES = gremlinrules.game_ids()


@pytest.mark.parametrize("game_id", GAMES)
def test_every_clause_has_a_test_or_scenario(game_id: str) -> None:
    """Each clause of spec/<game>.toml is named by a test marker or a scenario vector."""
    spec = load_spec(game_id)
    named = set(clause_tests(TESTS))
    named |= {c for s in load_scenarios(game_id) for c in s.clauses}
    missing = sorted(spec.ids - named)
    assert not missing, f"clauses with no test: {missing}"


def test_every_named_clause_exists() -> None:
    """Every clause id a test marker or scenario names exists in some game's spec."""
    known = set().union(*(load_spec(g).ids for g in GAMES))
    named = set(clause_tests(TESTS))
    unknown = sorted(c for c in named if c not in known)
    assert not unknown, f"tests name unknown clauses: {unknown}"
    for game_id in GAMES:
        spec_ids = load_spec(game_id).ids
        for scenario in load_scenarios(game_id):
            bad = sorted(set(scenario.clauses) - spec_ids)
            assert not bad, f"{scenario.path} names unknown clauses {bad}"


@pytest.mark.parametrize("game_id", GAMES)
def test_every_registered_game_has_a_spec_and_a_rules_page(game_id: str) -> None:
    """A registered game has a clause file and a docs page rendering its traceability table."""
    spec = load_spec(game_id)
    assert spec.game == game_id
    page = TESTS.parent / "docs" / "games" / f"{game_id}.rst"
    assert page.is_file(), f"missing {page}"
    assert f".. gremlinrules-spec:: {game_id}" in page.read_text(encoding="utf-8")


@pytest.mark.parametrize("game_id", GAMES)
def test_every_option_is_a_traced_reading(game_id: str) -> None:
    """Each field of a game's Options is an alternative reading (or a rulebook variant) named
    by an interpretation or variant clause's ``option`` key, or a parameter of such a reading
    named in its clause's text (the round limit of a bounded mode); and each ``option`` key
    names a real field. So no option exists without a clause saying why."""
    fields = {f.name for f in attrs.fields(gremlinrules.get_game(game_id).Options)}
    clauses = load_spec(game_id).clauses
    readings = {c.option: c for c in clauses if c.option}
    assert set(readings) <= fields, f"clauses name unknown options: {sorted(set(readings) - fields)}"
    assert all(c.kind in ("interpretation", "variant") for c in readings.values())
    for name in sorted(fields - set(readings)):
        assert any(name in c.text for c in readings.values()), f"option {name} has no clause"


@pytest.mark.parametrize("game_id", GAMES)
def test_every_rule_and_interpretation_id_is_written_in_the_code(game_id: str) -> None:
    """Each clause of kind rule or interpretation has its id written literally somewhere in the
    game's package (no ranges like "X-1..6"), so clause -> code is one search."""
    game = gremlinrules.get_game(game_id)
    package = Path(game.module.__file__ or "").parent  # type: ignore[attr-defined]
    text = "\n".join(p.read_text(encoding="utf-8") for p in sorted(package.rglob("*.py")))
    written = set(re.findall(r"\b[A-Z]+-[A-Z0-9]+-\d+\b", text))
    wanted = {c.id for c in load_spec(game_id).clauses if c.kind in ("rule", "interpretation")}
    missing = sorted(wanted - written, key=lambda i: (i.rsplit("-", 1)[0], int(i.rsplit("-", 1)[1])))
    assert not missing, f"clause ids not written in gremlinrules/{package.name}: {missing}"
