"""Hypothesis profiles, the rules the tests play, and shared fixtures.

``HYPOTHESIS_PROFILE=deep`` (or ``GREMLINRULES_PROFILE=deep``) selects the long
profile for nightly depth; the default ``fast`` profile keeps every commit quick. The
``mutation`` profile, which ``tools/mutation.py`` selects, is ``fast`` without shrinking: the
same examples, and a failing test stops at its first failure instead of replaying the test
hundreds of times to make the example small (a mutant is killed either way).

``GREMLINRULES_TEST_RULES=reference`` makes the tests play every game's reference rule book
(its ``rules`` module) instead of the fast paths: see :func:`use_reference_rules`. The mutation
run (``tools/mutation.py``) sets it, so the clause tests and the scenario runner exercise the
rules.py it mutates; unset (or ``fast``), as in CI, nothing changes.

``@pytest.mark.playout`` marks a long property test that plays whole random games (or long
stretches of them) for each example: they run everywhere, but the mutation run leaves them out
(``-m "clause and not playout"``), so a mutant that survives the faster clause tests costs seconds,
not minutes; the functions they call are called by faster clause tests too.

Each test plays a Goblins vs Gnomes rule book of its own (:func:`fresh_rule_book`): the rule book
is built on first use from tables that :func:`~gremlinrules.goblins_vs_gnomes.rules.effects` and
:func:`~gremlinrules.goblins_vs_gnomes.rules.decisions` make, and a mutation tester switches a
mutant on after the tests were imported and run once, so a rule book kept from an earlier test
would hide the mutants of those two functions.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck
from hypothesis import Phase
from hypothesis import settings

from gremlinrules.goblins_vs_gnomes import rules as gvg_rules
from tests.rules_switch import RULES_SWITCH
from tests.rules_switch import chosen_rules
from tests.rules_switch import use_reference_rules

settings.register_profile(
    "fast",
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    derandomize=True,
)
settings.register_profile(
    "deep",
    max_examples=600,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile(
    "mutation",
    parent=settings.get_profile("fast"),
    phases=[Phase.explicit, Phase.reuse, Phase.generate, Phase.target],
)
settings.load_profile(
    os.environ.get("GREMLINRULES_PROFILE") or os.environ.get("HYPOTHESIS_PROFILE") or "fast"
)

if chosen_rules() == "reference":
    use_reference_rules()


def pytest_configure(config: pytest.Config) -> None:
    """Register the ``playout`` marker (see the module's docstring)."""
    config.addinivalue_line(
        "markers", "playout: plays whole random games for each example; tools/mutation.py leaves it out")


def pytest_report_header() -> str | None:
    """Say in the run's header when the tests play the reference rule books."""
    if chosen_rules() == "reference":
        return f"{RULES_SWITCH}=reference: every game plays its rule book (rules.py), not its fast path"
    return None


@pytest.fixture(autouse=True)
def fresh_rule_book() -> None:
    """Forget the Goblins vs Gnomes rule book built by an earlier test (see the module's docstring)."""
    gvg_rules.rule_book.cache_clear()
