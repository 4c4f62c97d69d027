"""The API reference of every registered game, its JSON Schema files, and re-exported names.

``.. gremlinrules-game-api:: gnaughty-gnomes`` documents one game package from
what it exports, so a new game (or a new public module of a game) is covered
without editing the reference page: the package-level functions, then the
public modules ``actions``, ``state``, ``events``, ``view`` and ``components``
(those the package has), then its other modules by their docstring only.

``.. gremlinrules-schemas::`` lists each game's JSON Schema file. The files
are written at build time from ``game.json_schema()`` into
``docs/_generated/static/schema/<game-id>.json`` (never committed) and
published as ``_static/schema/<game-id>.json``.

Every public package (``gremlinrules`` and each package under it whose name
has no part starting with ``_``: :func:`public_packages`) must be in the module
index: the build warns for one that is not (so ``-W`` fails), and
``tests/test_docs_reference.py`` checks the pages' directives the same way
without a build (:func:`declared_modules`).

A reference with a leading dot (``:mod:`.flow```) is looked up from the
module it is written in outward, as Python would, not as any module whose
name ends so (every game has a ``flow``). References to a re-exported name
(``gremlinrules.IllegalActionError``,
``gremlinrules.goblins_vs_gnomes.Options``, the ``gg.State`` of the typed
``get_game`` overloads) resolve to where the object is documented; a type
variable is shown as its name (it is not a documented object). Anything else
that does not resolve stays a warning.
"""

from __future__ import annotations

import importlib
import inspect
import json
import pkgutil
import re
from pathlib import Path
from types import ModuleType
from typing import Any
from typing import TypeVar

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

import gremlinrules
from gremlinrules import registry

SCHEMA_DIR = Path(__file__).resolve().parents[1] / "_generated" / "static" / "schema"
"""Where the schema files are written (``html_static_path`` publishes ``_generated/static``)."""

PUBLIC_MODULES = ("actions", "state", "events", "view", "components")
"""A game's public modules, documented with their members, in this order."""

logger = logging.getLogger(__name__)


def public_packages() -> list[str]:
    """``gremlinrules`` and every package under it, at any depth, with no name part starting with ``_``."""
    found = ["gremlinrules"]
    for info in pkgutil.walk_packages(gremlinrules.__path__, "gremlinrules."):
        if info.ispkg and not any(part.startswith("_") for part in info.name.split(".")):
            found.append(info.name)
    return sorted(found)


_DECLARES = re.compile(r"^[ \t]*\.\. (?P<kind>automodule|py:module|gremlinrules-game-api)::"
                       r"[ \t]*(?P<name>\S+)[ \t]*$", re.MULTILINE)


def declared_modules(text: str) -> set[str]:
    """The modules a page's directives put in the module index: ``automodule`` and ``py:module``
    (unless ``:no-index:``), and the game package of ``gremlinrules-game-api`` with its modules."""
    found: set[str] = set()
    for match in _DECLARES.finditer(text):
        options = text[match.end():].split("\n\n", 1)[0]  # the directive's option lines
        if ":no-index:" in options or ":noindex:" in options:
            continue
        if match["kind"] == "gremlinrules-game-api":
            package = _package(match["name"])
            found.add(package.__name__)
            found.update(f"{package.__name__}.{sub}" for sub in _submodules(package))
        else:
            found.add(match["name"])
    return found


def check_module_index(app: Sphinx, env: BuildEnvironment) -> None:
    """Warn for every public package missing from the module index (``-W`` makes it an error)."""
    indexed = env.get_domain("py").modules  # type: ignore[attr-defined]
    for name in public_packages():
        if name not in indexed:
            logger.warning("the package %s is not in the module index: give it an automodule in "
                           "docs/reference/api.rst", name)


def _package(game_id: str) -> ModuleType:
    return gremlinrules.get_game(game_id).module  # type: ignore[attr-defined, no-any-return]


def _functions(package: ModuleType) -> list[str]:
    """The package-level functions: the callables of ``__all__`` that are not classes."""
    names = getattr(package, "__all__", ())
    return [n for n in names if inspect.isfunction(getattr(package, n, None))]


def _submodules(package: ModuleType) -> list[str]:
    """The package's public modules, less the deprecated shims of renamed ones (issue 29)."""
    renamed = getattr(package, "_RENAMED_MODULES", {})
    return sorted(m.name for m in pkgutil.iter_modules(package.__path__)
                  if not m.name.startswith("_") and m.name not in renamed)


def _defined_in(package: ModuleType, modname: str) -> list[str]:
    """The names of the package's ``__all__`` defined in module ``modname`` (classes, not functions)."""
    names = getattr(package, "__all__", ())
    return [n for n in names if inspect.isclass(getattr(package, n, None))
            and getattr(getattr(package, n), "__module__", None) == modname]


def _synopsis(modname: str) -> str:
    """The first paragraph of a module's docstring, its cross-reference roles made plain literals."""
    doc = inspect.getdoc(importlib.import_module(modname)) or ""
    first = " ".join(doc.split("\n\n")[0].split())
    return re.sub(r":[\w:]+:`~?\.?([^`]+)`", r"``\1``", first)


class GameApiDirective(SphinxDirective):
    """Document one game package: its functions, public modules and other modules."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        """Build the nodes."""
        game = gremlinrules.get_game(self.arguments[0])
        package = _package(game.id)
        name = package.__name__
        functions = _functions(package)
        lines = [f".. automodule:: {name}", "   :no-members:", "", "Functions and unions", '"' * 20, ""]
        lines += [f".. autofunction:: {name}.{f}" for f in functions]
        for union in ("Action", "Event"):
            if union in getattr(package, "__all__", ()):
                what = f"The union of the game's {union.lower()} classes (pass it to ``from_data``)."
                lines += [f".. py:data:: {union}", f"   :module: {name}", "", f"   {what}", ""]
        lines.append("")
        modules = _submodules(package)
        for sub in (m for m in PUBLIC_MODULES if m in modules):
            title = f"``{name}.{sub}``"
            lines += [title, '"' * len(title), "", f".. automodule:: {name}.{sub}", "   :members:"]
            if functions:
                lines.append(f"   :exclude-members: {', '.join(functions)}")
            lines.append("")
        others = [m for m in modules if m not in PUBLIC_MODULES]
        if others:
            lines += ["Other modules", '"' * 13, "",
                      "How the rules are implemented (not a stable API): each module's first line, "
                      "and the classes the package exports from it.", ""]
            for sub in others:
                modname = f"{name}.{sub}"
                lines += [f".. py:module:: {modname}", "", f"``{modname}``: {_synopsis(modname)}", ""]
                for cls in _defined_in(package, modname):
                    lines += [f".. autoclass:: {modname}.{cls}", "   :members:", ""]
        return self.parse_text_to_nodes("\n".join(lines), allow_section_headings=True)


class SchemasDirective(SphinxDirective):
    """A list of every game's schema file, linked."""

    def run(self) -> list[nodes.Node]:
        """Build the nodes."""
        up = "../" * self.env.docname.count("/")
        lines = []
        for game_id in gremlinrules.game_ids():
            game = gremlinrules.get_game(game_id)
            count = len(game.json_schema()["$defs"])
            lines.append(f"- {game.title}: `{game_id}.json <{up}_static/schema/{game_id}.json>`_ "
                         f"({count} definitions)")
        return self.parse_text_to_nodes("\n".join(lines))


def write_schemas(app: Sphinx, config: Any = None) -> None:
    """Write each registered game's JSON Schema where ``html_static_path`` publishes it."""
    SCHEMA_DIR.mkdir(parents=True, exist_ok=True)
    for old in SCHEMA_DIR.glob("*.json"):
        old.unlink()
    for game_id in gremlinrules.game_ids():
        schema = gremlinrules.get_game(game_id).json_schema()
        text = json.dumps(schema, indent=1, sort_keys=True, ensure_ascii=False) + "\n"
        (SCHEMA_DIR / f"{game_id}.json").write_text(text, encoding="utf-8")


def _aliases() -> dict[str, str]:
    """The module aliases of the typed ``get_game`` overloads (``gg`` for Gnaughty Gnomes...)."""
    source = Path(inspect.getfile(registry)).read_text(encoding="utf-8")
    return {alias: f"gremlinrules.{module}"
            for module, alias in re.findall(r"from gremlinrules import (\w+) as (\w+)", source)}


def _lookup(target: str) -> Any:
    """The object named by the dotted ``target``, or None."""
    parts = target.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj: Any = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        try:
            for attr in parts[cut:]:
                obj = getattr(obj, attr)
        except AttributeError:
            return None
        return obj
    return None


def _candidates(target: str, context: str | None) -> list[str]:
    """Where ``target`` may live: itself, else relative to the module it is written in and to
    that module's packages, innermost first (as a reader of that module would look it up)."""
    head, _, rest = target.partition(".")
    aliases = _aliases()
    if head in aliases and rest:
        return [f"{aliases[head]}.{rest}"]
    if target.startswith("gremlinrules."):
        return [target]
    parts = (context or "").split(".")
    return [".".join([*parts[:cut], target]) for cut in range(len(parts), 0, -1)
            if parts[0] == "gremlinrules"]


def resolve_reexports(app: Sphinx, env: BuildEnvironment, node: Any, contnode: nodes.Element) -> Any:
    """Resolve a reference to a re-exported name, an alias or a name relative to its module;
    show a type variable or a private name as text."""
    if node.get("refdomain") != "py":
        return None
    domain = env.get_domain("py")
    for target in _candidates(str(node["reftarget"]), node.get("py:module")):
        obj = _lookup(target)
        if obj is None:
            continue
        if isinstance(obj, TypeVar) or type(obj).__name__ == "TypeVar":
            return contnode  # a type variable is not a documented object: its name, as text
        if any(part.startswith("_") for part in target.split(".")):
            return contnode  # a private name (in a signature) is not documented: its name, as text
        module, qualname = getattr(obj, "__module__", None), getattr(obj, "__qualname__", None)
        names = [target]
        if isinstance(module, str) and isinstance(qualname, str):
            names.insert(0, f"{module}.{qualname}")
            parts = module.split(".")  # and where a package re-exports it (a game's functions)
            packages = (".".join(parts[:cut]) for cut in range(len(parts) - 1, 0, -1))
            names += [f"{p}.{qualname}" for p in packages if _lookup(f"{p}.{qualname}") is obj]
        for name in dict.fromkeys(names):
            for role in dict.fromkeys((node["reftype"], "obj")):
                found = domain.resolve_xref(env, node["refdoc"], app.builder, role, name, node, contnode)
                if found is not None:
                    return found
    return None


_RELATIVE = re.compile(r":(?P<role>[a-z]+(?::[a-z]+)?):`(?P<tilde>~?)\.(?P<target>[A-Za-z_][\w.]*)`")


def _canonical(obj: Any, name: str) -> str:
    """Where ``obj`` is defined (a module by its name, a class or function by its module)."""
    if isinstance(obj, ModuleType):
        return obj.__name__
    module, qualname = getattr(obj, "__module__", None), getattr(obj, "__qualname__", None)
    if isinstance(module, str) and isinstance(qualname, str) and module.startswith("gremlinrules."):
        return f"{module}.{qualname}"
    return name


def absolute_relative_refs(app: Sphinx, what: str, name: str, obj: Any, options: Any,
                           lines: list[str]) -> None:
    """Make ``:func:`~.fast.apply``` absolute, looked up from the docstring's module outward.

    Sphinx resolves a leading-dot reference by any object whose name ends so, which is
    ambiguous here: every game has modules of the same names (``rules``, ``fast``, ``flow``).
    A reader of the docstring means the one beside it, as Python's own lookup would.
    """
    module = name if what == "module" else getattr(obj, "__module__", None)
    if not isinstance(module, str) or not module.startswith("gremlinrules."):
        return

    def absolute(match: re.Match[str]) -> str:
        target = match["target"]
        parts = module.split(".")
        for cut in range(len(parts), 0, -1):
            full = ".".join([*parts[:cut], target])
            found = _lookup(full)
            if found is not None:
                full = _canonical(found, full)
                shown = target.rsplit(".", 1)[-1] if match["tilde"] else target
                return f":{match['role']}:`{shown} <{full}>`"
        return match[0]

    lines[:] = [_RELATIVE.sub(absolute, line) for line in lines]


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directives, the schema writer and the reference resolver."""
    app.add_directive("gremlinrules-game-api", GameApiDirective)
    app.add_directive("gremlinrules-schemas", SchemasDirective)
    app.connect("config-inited", write_schemas)  # before the static path is checked
    app.connect("missing-reference", resolve_reexports)
    app.connect("autodoc-process-docstring", absolute_relative_refs)
    app.connect("env-check-consistency", check_module_index)
    return {"version": "1", "parallel_read_safe": True}
