"""The named invariants (issue 29): each game's ``check_state`` runs its ``INVARIANTS``, a tuple of
small named checks with their clause ids, through the one runner :func:`core.invariants.broken`."""

from __future__ import annotations

from importlib import import_module

import pytest

import gremlinrules
from gremlinrules.core.invariants import Gate
from gremlinrules.core.invariants import Invariant
from gremlinrules.core.invariants import broken
from gremlinrules.core.invariants import first_broken
from gremlinrules.core.invariants import holds
from gremlinrules.core.spec import load_spec
from gremlinrules.registry import module_name


def test_broken_runs_every_check_in_order() -> None:
    checks: tuple[Invariant[int], ...] = (
        Invariant("a", "X-1", lambda x: [f"a {x}"]),
        Invariant("holds", "X-1", lambda x: []),
        Invariant("b", "X-2", lambda x: [f"b {x}", f"c {x}"]),
    )
    assert broken(checks, 7) == ["a 7", "b 7", "c 7"]
    assert broken((), 7) == []


def test_a_self_gate_stops_only_at_its_own_problem() -> None:
    first: Invariant[int] = Invariant("a", "X-1", lambda x: ["a"])
    gate: Invariant[int] = Invariant("g", "X-2", lambda x: ["g"] if x else [], Gate.SELF)
    last: Invariant[int] = Invariant("z", "X-3", lambda x: ["z"])
    assert broken((first, gate, last), 1) == ["a", "g"]
    assert broken((first, gate, last), 0) == ["a", "z"]


def test_an_all_gate_stops_at_any_problem_so_far() -> None:
    first: Invariant[int] = Invariant("a", "X-1", lambda x: ["a"] if x & 1 else [])
    gate: Invariant[int] = Invariant("g", "X-2", lambda x: ["g"] if x & 2 else [], Gate.ALL)
    last: Invariant[int] = Invariant("z", "X-3", lambda x: ["z"])
    assert broken((first, gate, last), 0) == ["z"]
    assert broken((first, gate, last), 1) == ["a"]
    assert broken((first, gate, last), 2) == ["g"]
    assert broken((first, gate, last), 3) == ["a", "g"]


def test_first_broken_names_the_first_problem_and_runs_nothing_after() -> None:
    ran: list[str] = []

    def check(name: str, fails: bool) -> Invariant[int]:
        def found(x: int) -> list[str]:
            ran.append(name)
            return [f"{name} {x}", "more"] if fails else []
        return Invariant(name, "X-1", found)

    checks = (check("a", False), check("b", True), check("c", True))
    assert first_broken(checks, 3) == "b 3"
    assert ran == ["a", "b"]
    assert first_broken(checks[:1], 3) is None


def test_holds_is_the_invariant_that_a_test_is_true() -> None:
    positive: Invariant[int] = holds("positive", "X-9", lambda x: x > 0, "not positive", Gate.SELF)
    assert (positive.name, positive.clause, positive.gate) == ("positive", "X-9", Gate.SELF)
    assert list(positive.check(1)) == []
    assert list(positive.check(0)) == ["not positive"]
    assert holds("h", "X-1", lambda x: True, "p").gate is Gate.NONE


@pytest.mark.parametrize("game_id", gremlinrules.game_ids())
def test_every_game_names_its_invariants_with_clauses_of_its_spec(game_id: str) -> None:
    invariants = import_module(module_name(game_id) + ".invariants").INVARIANTS
    spec = load_spec(game_id)
    assert type(invariants) is tuple
    assert len(invariants) >= 7
    assert all(type(i) is Invariant for i in invariants)
    names = [i.name for i in invariants]
    assert len(set(names)) == len(names), names
    for invariant in invariants:
        assert spec.clause(invariant.clause).id == invariant.clause
