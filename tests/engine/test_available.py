"""The compiled engine is what these tests exercise: built, imported from the package under test.

``python -m pytest`` from a checkout imports the source tree ahead of an installed wheel, so a
checkout whose engine was built elsewhere would quietly test the pure package. CI sets
``GREMLINRULES_REQUIRE_ENGINE=1``: then every game with native sources must be compiled, importable
and loaded from the very package the tests import.
"""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

import gremlinrules
from gremlinrules import engine
from gremlinrules.registry import module_name
from tests.engine.support import REQUIRED

PACKAGE = Path(gremlinrules.__file__).resolve().parent
SOURCES = sorted(path.parent.name for path in PACKAGE.glob("*/native.pyx"))
"""The game packages with native sources in the package under test (in a checkout, or an
editable install; an installed wheel carries no sources)."""


@pytest.mark.skipif(not REQUIRED, reason="only where the engine is required (GREMLINRULES_REQUIRE_ENGINE=1)")
def test_every_native_source_is_compiled_and_imported_from_the_package_under_test() -> None:
    """With the engine required: it is available, every game with a native.pyx here has its
    compiled module, and each module is a shared library inside the imported package."""
    assert engine.available()
    assert SOURCES, "no native sources found beside the package under test"
    names = {module_name(gid).rpartition(".")[2]: gid for gid in gremlinrules.game_ids()}
    for package in SOURCES:
        gid = names[package]
        assert gid in engine.games()
        native = importlib.import_module(module_name(gid) + ".native")
        path = Path(native.__file__ or "").resolve()
        assert path.suffix in (".so", ".pyd"), f"{gid}'s native module is {path}, not compiled"
        assert path.is_relative_to(PACKAGE), f"{gid}'s native module {path} is outside {PACKAGE}"


def _built() -> tuple[str, ...]:
    """The games whose native module imports, asked of the import system directly."""
    found = []
    for gid in gremlinrules.game_ids():
        try:
            importlib.import_module(module_name(gid) + ".native")
        except ImportError:
            continue
        found.append(gid)
    return tuple(found)


def test_the_switch_is_read_at_each_call_of_available_and_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """GREMLINRULES_ENGINE=off takes effect at the next available() or games() and lapses at the
    next one: off, no game is native; unset, exactly the games whose native module imports."""
    monkeypatch.setenv(engine.ENV, "off")
    assert engine.games() == ()
    assert not engine.available()
    monkeypatch.delenv(engine.ENV)
    assert engine.games() == _built()
    assert engine.available() is bool(_built())
