"""Traceability: every clause has a test, and every test names a real clause."""

from __future__ import annotations

from pathlib import Path

import pytest

import gremlinrules
from gremlinrules.core.spec import load_scenarios, load_spec
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
