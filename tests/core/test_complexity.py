"""Cyclomatic complexity (issue 29): no function in a game's ``invariants.py``, ``frames.py`` or
``fast*.py`` has a complexity above 25, as radon measures it (a well-kept measure, not one
written here). A consistency check is a tuple of small named invariants
(:mod:`gremlinrules.core.invariants`), and a fast path's long function is split the same way.
"""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from radon.complexity import cc_visit
from radon.visitors import Class

import gremlinrules

PACKAGE = Path(gremlinrules.__file__).parent
LIMIT = 25
GAMES = sorted(p.parent.name for p in PACKAGE.glob("*/rules.py"))
MODULES = sorted(p for game in GAMES for pattern in ("invariants.py", "frames.py", "fast*.py")
                 for p in (PACKAGE / game).glob(pattern))


def functions(blocks: Iterable[Any]) -> Iterator[Any]:
    """Every function radon found: methods (which it lists beside their class) and closures too."""
    for block in blocks:
        if not isinstance(block, Class):
            yield block
            yield from functions(block.closures)


def test_every_game_is_measured() -> None:
    """The five games, each with its invariants module: the glob finds what it is meant to."""
    assert len(GAMES) == 5
    assert {p.parent.name for p in MODULES if p.name == "invariants.py"} == set(GAMES)
    assert sum(p.name.startswith("fast") for p in MODULES) >= 5


def test_radon_sees_a_complex_function() -> None:
    """The measure counts branches: a function of 26 ``if`` s is above the limit."""
    source = "def f(x):\n" + "".join(f"    if x == {i}:\n        return {i}\n" for i in range(26))
    (block,) = functions(cc_visit(source))
    assert block.complexity == 27 > LIMIT
    body = "".join(f"            if x == {i}:\n                return {i}\n" for i in range(26))
    nested = f"class C:\n    def m(self, x):\n        def g():\n{body}\n        return g\n"
    assert sorted(b.complexity for b in functions(cc_visit(nested))) == [1, 27]


@pytest.mark.parametrize("path", MODULES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_complexity_at_most_25(path: Path) -> None:
    blocks = list(functions(cc_visit(path.read_text(encoding="utf-8"))))
    assert blocks  # every module measured defines functions
    too_complex = [f"{b.fullname} (line {b.lineno}): {b.complexity}" for b in blocks if b.complexity > LIMIT]
    assert not too_complex, f"{path.name}: cyclomatic complexity above {LIMIT}: {too_complex}"
