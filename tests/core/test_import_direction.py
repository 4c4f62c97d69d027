"""The import direction (issue 29): the core never imports a game or anything above it.

Every module under ``gremlinrules/core`` is parsed with :mod:`ast` and every import it
names is collected: at the top, inside functions, under ``TYPE_CHECKING``, and the calls
``importlib.import_module(...)`` / ``__import__(...)``. The core may name only
``gremlinrules.core`` modules (and anything outside the package); a dynamic import whose
name is not a plain string literal (an f-string, a variable) could name a game, so it is
refused too. The games in turn never import the top level, the registry or the drawings
(:mod:`gremlinrules.svg`), which import the games: they reach them through the hooks the
top level installs in :mod:`gremlinrules.core.registry`. The native sources (``.pyx``,
``.pxd``) are read line by line for the same names.
"""

from __future__ import annotations

import ast
import re
import warnings
from collections.abc import Callable
from collections.abc import Iterator
from pathlib import Path

import pytest

import gremlinrules
from gremlinrules.core import registry as store

PACKAGE = Path(gremlinrules.__file__).parent
CORE = PACKAGE / "core"
GAME_PACKAGES = tuple(sorted(gremlinrules.registry.module_name(g).rpartition(".")[2]
                             for g in gremlinrules.game_ids()))
_DYNAMIC = frozenset({"import_module", "__import__"})


def _module_of(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(source: str, here: str, *, is_package: bool = False) -> Iterator[tuple[int, str]]:
    """Every module name the module ``here`` (its text ``source``) imports, as (line, dotted
    name); a dynamic import by a name that is not a literal is named ``<dynamic: ...>``."""
    tree = ast.parse(source, here)
    package = here if is_package else here.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join([*base, *([node.module] if node.module else [])])
            else:
                module = node.module or ""
            yield node.lineno, module
            for alias in node.names:  # ``from gremlinrules import no_good_gremlins`` names the game
                yield node.lineno, f"{module}.{alias.name}"
        elif isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
            if name in _DYNAMIC and node.args:
                arg = node.args[0]
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    yield node.lineno, arg.value
                else:
                    yield node.lineno, f"<dynamic: {ast.unparse(arg)}>"


_NATIVE_IMPORT = re.compile(r"^\s*(?:from\s+(\S+)\s+c?import\s+(.+)|c?import\s+(\S+))", re.MULTILINE)


def _native_imports(path: Path) -> Iterator[tuple[int, str]]:
    text = path.read_text(encoding="utf-8")
    for match in _NATIVE_IMPORT.finditer(text):
        line = text.count("\n", 0, match.start()) + 1
        if match[3]:
            yield line, match[3]
        else:
            yield line, match[1]
            for name in match[2].split(","):
                yield line, f"{match[1]}.{name.split()[0].strip('()')}" if name.strip() else match[1]


def _core_may_import(name: str) -> bool:
    """Outside the package, or a core module (``gremlinrules.core``, ``gremlinrules.core.x``)."""
    if name.startswith("<dynamic"):
        return False
    return (name != "gremlinrules" and not name.startswith("gremlinrules.")) or name == "gremlinrules.core" \
        or name.startswith("gremlinrules.core.")


def _violations(paths: list[Path], allowed: Callable[[str], bool]) -> list[str]:
    found = []
    for path in paths:
        if path.suffix in (".pyx", ".pxd"):
            names = _native_imports(path)
        else:
            names = _imports(path.read_text(encoding="utf-8"), _module_of(path),
                             is_package=path.name == "__init__.py")
        for line, name in names:
            if not allowed(name):
                found.append(f"{path.relative_to(PACKAGE.parent)}:{line}: {name}")
    return found


def test_the_core_imports_no_game_nor_anything_above_it() -> None:
    """No module of gremlinrules/core imports a game, gremlinrules.svg, gremlinrules.registry,
    the top-level package or any other part above the core, anywhere in the module (inside
    functions and under TYPE_CHECKING included), nor imports a module by a computed name."""
    paths = sorted(p for p in CORE.rglob("*") if p.suffix in (".py", ".pyi", ".pyx", ".pxd"))
    assert len(paths) > 30  # the core's modules are all read
    assert _violations(paths, _core_may_import) == []


def _game_may_import(name: str) -> bool:
    return name not in ("gremlinrules", "gremlinrules.registry", "gremlinrules.__version__") and not any(
        name == top or name.startswith(top + ".") for top in ("gremlinrules.svg", "gremlinrules.registry"))


@pytest.mark.parametrize("package", GAME_PACKAGES)
def test_no_game_imports_the_top_level_the_registry_or_the_drawings(package: str) -> None:
    """No module of a game imports gremlinrules itself, gremlinrules.registry or gremlinrules.svg
    (which import the games): a view draws itself through the core's installed drawer."""
    paths = sorted((PACKAGE / package).rglob("*.py"))
    assert paths
    assert _violations(paths, _game_may_import) == []


def test_the_checker_sees_every_kind_of_import() -> None:
    """The collector finds an import under TYPE_CHECKING, in a function, relative, by a literal
    and by an f-string name: a core module written like the old registry would fail."""
    source = (
        "from typing import TYPE_CHECKING\n"
        "import importlib\n"
        "if TYPE_CHECKING:\n"
        "    from gremlinrules import no_good_gremlins as ngg\n"
        "def f(m):\n"
        "    from gremlinrules.registry import get_game\n"
        "    from .. import svg\n"
        "    importlib.import_module('gremlinrules.gnaughty_gnomes')\n"
        "    importlib.import_module(f'{m}.chance')\n"
        "    from . import serial\n"
    )
    names = {name for _, name in _imports(source, "gremlinrules.core.fake")}
    bad = sorted(n for n in names if not _core_may_import(n))
    assert bad == ["<dynamic: f'{m}.chance'>", "gremlinrules", "gremlinrules.gnaughty_gnomes",
                   "gremlinrules.no_good_gremlins", "gremlinrules.registry", "gremlinrules.registry.get_game",
                   "gremlinrules.svg"]
    assert "gremlinrules.core.serial" in names


def test_the_hooks_are_installed_from_above() -> None:
    """``import gremlinrules`` installs the registry, the drawer and the version in the core's
    store, and registers every game's chance model: the core finds a game by id through it."""
    assert store.known_games() == gremlinrules.game_ids()
    assert store.find_game("no-good-gremlins") is gremlinrules.get_game("no-good-gremlins")
    assert store.library_version() == gremlinrules.__version__
    game = gremlinrules.get_game("gnaughty-gnomes")
    view = game.observe(game.new_game(4, seed=1), 0)
    assert store.draw(view) == view._repr_svg_()
    assert store.draw(view).startswith("<svg")
    for game_id in gremlinrules.game_ids():
        model = store.registered_chance(game_id)
        assert model is not None
        assert model.__name__ == gremlinrules.registry.module_name(game_id) + ".chance"


@pytest.mark.parametrize("name", ["get_game", "game_ids", "module_name"])
def test_the_old_registry_names_still_work_and_warn(name: str) -> None:
    """``gremlinrules.core.registry.get_game`` (and ``game_ids``, ``module_name``) still answer as
    before, through the installed registry, with a DeprecationWarning naming the new place."""
    new = getattr(gremlinrules.registry, name)
    args = () if name == "game_ids" else ("no-good-gremlins",)
    with pytest.warns(DeprecationWarning, match=f"gremlinrules.{name}"):
        old = getattr(store, name)(*args)
    assert old == new(*args)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        new(*args)  # the new place does not warn
