"""The API reference covers every public package: each is in the module index (issue 28).

The docs build checks the real index (``docs/_ext/gremlinrules_api.py`` warns, and ``-W``
fails); this test reads the pages' directives through the same extension, without a build,
so a new package that nobody documented fails the test suite too.
"""

from __future__ import annotations

import logging

import pytest

from tests.docs_support import DOCS
from tests.docs_support import docs_extension

EXT = docs_extension("gremlinrules_api")


def _declared() -> set[str]:
    found: set[str] = set()
    for page in sorted(DOCS.rglob("*.rst")):
        if "_build" not in page.parts:
            found |= EXT.declared_modules(page.read_text(encoding="utf-8"))
    return found


def test_every_public_package_is_in_the_module_index() -> None:
    """``gremlinrules`` and every package under it whose name has no private part (the web
    tables, the SVG pictures, the adapters, the core...) is declared by an ``automodule`` (or a
    game's API directive) on some docs page, so it appears in the module index."""
    packages = EXT.public_packages()
    assert {"gremlinrules", "gremlinrules.web", "gremlinrules.svg", "gremlinrules.bots.plain"} <= {*packages}
    missing = sorted(set(packages) - _declared())
    assert not missing, f"public packages missing from the API reference's module index: {missing}"


def test_the_index_check_sees_a_package_only_its_directives_declare() -> None:
    """The directive reader counts ``automodule`` and ``py:module`` but not one marked
    ``:no-index:``, and a game's API directive declares the game's package and its modules."""
    text = (".. automodule:: gremlinrules.web\n   :members:\n\n"
            ".. automodule:: gremlinrules.svg\n   :no-index:\n\n"
            ".. py:module:: gremlinrules.sim.plots\n\n"
            ".. gremlinrules-game-api:: no-good-gremlins\n")
    declared = EXT.declared_modules(text)
    assert {"gremlinrules.web", "gremlinrules.sim.plots", "gremlinrules.no_good_gremlins",
            "gremlinrules.no_good_gremlins.rules"} <= declared
    assert "gremlinrules.svg" not in declared


def test_the_docs_build_warns_for_a_public_package_missing_from_the_module_index(
        caplog: pytest.LogCaptureFixture) -> None:
    """The build's own check (run as Sphinx checks its environment) warns, naming the package, for
    each public package the Python domain's module index lacks, and for no other; ``-W`` makes the
    warning an error."""
    class Domain:
        modules = dict.fromkeys(p for p in EXT.public_packages() if p != "gremlinrules.svg")

    class Env:
        def get_domain(self, name: str) -> Domain:
            assert name == "py"
            return Domain()

    logger = logging.getLogger("sphinx.gremlinrules_api")  # Sphinx may stop it propagating to the root
    logger.addHandler(caplog.handler)
    try:
        with caplog.at_level(logging.WARNING, logger=logger.name):
            EXT.check_module_index(None, Env())
    finally:
        logger.removeHandler(caplog.handler)
    messages = {r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING}  # seen once or twice
    assert len(messages) == 1
    assert "gremlinrules.svg is not in the module index" in messages.pop()
