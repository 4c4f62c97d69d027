"""The scenario runner: every vector in spec/<game>/scenarios/ passes exactly."""

from __future__ import annotations

import pytest

import gremlinrules
from gremlinrules.core.scenarios import run_scenario
from gremlinrules.core.spec import Scenario
from gremlinrules.core.spec import load_scenarios

SCENARIOS = [s for g in gremlinrules.game_ids() for s in load_scenarios(g)]
CASES = [pytest.param(s, marks=pytest.mark.clause(*s.clauses), id=s.path) for s in SCENARIOS]
"""Each vector, marked with the clauses it names (so ``-m clause`` keeps them, as the mutation run
of ``tools/mutation.py`` does; the traceability meta-test reads the vectors' clauses itself)."""


@pytest.mark.parametrize("scenario", CASES)
def test_scenario_vector_passes_exactly(scenario: Scenario) -> None:
    """Playing the vector's actions from its setup meets every expectation it states."""
    failures = run_scenario(gremlinrules.get_game(scenario.game), scenario)
    assert failures == []
