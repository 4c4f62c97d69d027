"""The code on the docs pages that promise it runs: every ``.. code-block:: python`` there is run."""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

import pytest

DOCS = Path(__file__).parent.parent / "docs"
PAGES = ("table-tracking.rst",)
"""The pages whose code blocks must run as written."""


def _blocks(page: str) -> list[tuple[int, str]]:
    """Each python code block of ``page`` with its line number, dedented."""
    lines = (DOCS / page).read_text(encoding="utf-8").splitlines()
    found: list[tuple[int, str]] = []
    i = 0
    while i < len(lines):
        if re.fullmatch(r"\s*\.\. code-block:: python\s*", lines[i]):
            start = i + 1
            body: list[str] = []
            i += 1
            while i < len(lines) and (not lines[i].strip() or lines[i].startswith((" ", "\t"))):
                body.append(lines[i])
                i += 1
            found.append((start + 1, textwrap.dedent("\n".join(body))))
        else:
            i += 1
    return found


CASES = [(page, line, code) for page in PAGES for line, code in _blocks(page)]


@pytest.mark.parametrize(("page", "line", "code"), CASES, ids=[f"{p}:{n}" for p, n, _ in CASES])
def test_every_code_block_of_the_page_runs_as_written(page: str, line: int, code: str) -> None:
    """A code block of a docs page that says its code runs compiles and runs without an error
    (its own asserts included), so the page cannot drift from the library."""
    assert code.strip(), f"{page}:{line}: an empty code block"
    exec(compile(code, f"{page}:{line}", "exec"), {"__name__": f"docs_{line}"})
