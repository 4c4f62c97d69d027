"""Traceability: which tests and scenarios verify which clauses.

Tests name clauses with ``@pytest.mark.clause("GG-TRICK-1", ...)``. This module
finds those markers by reading the test sources (no import, no collection), so
the meta-test and the docs see every test, whatever subset pytest runs.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

from gremlinrules.core.spec import load_scenarios

__all__ = ["clause_tests", "coverage"]


def _marker_ids(decorator: ast.expr) -> list[str]:
    """Clause ids of a ``pytest.mark.clause(...)`` decorator, else []."""
    if not isinstance(decorator, ast.Call):
        return []
    func = decorator.func
    if isinstance(func, ast.Attribute) and func.attr == "clause":
        return [a.value for a in decorator.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
    return []


def clause_tests(tests_dir: Path) -> dict[str, list[str]]:
    """Map each clause id named in ``tests_dir`` to its tests (``file::Class::func``)."""
    found: dict[str, list[str]] = defaultdict(list)
    for path in sorted(tests_dir.rglob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        rel = path.relative_to(tests_dir.parent).as_posix()

        def visit(node: ast.AST, prefix: str, inherited: list[str]) -> None:
            for child in ast.iter_child_nodes(node):
                if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    ids = inherited + [i for d in child.decorator_list for i in _marker_ids(d)]
                    name = f"{prefix}::{child.name}"
                    if isinstance(child, ast.ClassDef):
                        visit(child, name, ids)
                    elif child.name.startswith("test") or ids:
                        for cid in ids:
                            found[cid].append(name)

        module_ids: list[str] = []
        for stmt in tree.body:  # pytestmark = pytest.mark.clause(...)
            if isinstance(stmt, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "pytestmark" for t in stmt.targets
            ):
                module_ids += _marker_ids(stmt.value)
        visit(tree, rel, module_ids)
    return dict(found)


def coverage(game_id: str, tests_dir: Path) -> dict[str, tuple[list[str], list[str]]]:
    """For every clause id any test or scenario of the game names: (tests, scenario paths)."""
    tests = clause_tests(tests_dir)
    scen: dict[str, list[str]] = defaultdict(list)
    for s in load_scenarios(game_id):
        for cid in s.clauses:
            scen[cid].append(s.path)
    ids = set(tests) | set(scen)
    return {cid: (tests.get(cid, []), scen.get(cid, [])) for cid in ids}
