"""The compiled engine's build (everything else about the package is in pyproject.toml).

The engine is optional: each extension is built with ``optional=True``, so on a machine without a
C compiler or the Python headers the install still succeeds as pure Python and
``gremlinrules.engine.available()`` is False. ``GREMLINRULES_BUILD_ENGINE=0`` skips the engine on
purpose. The extensions are the core's base class (``gremlinrules/core/native/game.pyx``) and one
``native.pyx`` per game package; Cython turns them into C at build time (the generated C is not
kept in the repository).
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent

# Cython's directives for every module: Python 3 semantics, C division where the code says so
# (cdivision is set per function), and no implicit checks on C arrays (there are none to check:
# the engine indexes only fixed arrays of its own, and every index a caller passes is checked
# against the action space first). Buffer bounds and wraparound checks stay on (the defaults).
DIRECTIVES = {"language_level": 3, "embedsignature": True, "initializedcheck": False}


def _sources() -> list[Path]:
    """The engine's Cython sources: the core's base class and its search first, then each game's
    native module."""
    core = [HERE / "gremlinrules" / "core" / "native" / name for name in ("game.pyx", "search.pyx")]
    games = sorted((HERE / "gremlinrules").glob("*/native.pyx"))
    return [path for path in core + games if path.exists()]


def _extensions() -> list[Extension]:
    if os.environ.get("GREMLINRULES_BUILD_ENGINE", "1") == "0":
        return []
    try:
        from Cython.Build import cythonize
    except ImportError:  # no Cython in the build environment: pure Python
        return []
    modules = []
    for path in _sources():
        relative = path.relative_to(HERE).with_suffix("")
        # the search's arithmetic must be the Python bot's, operation for operation: no fused
        # multiply-add contracted by the compiler
        strict = ["-ffp-contract=off"] if path.name == "search.pyx" else []
        modules.append(Extension(".".join(relative.parts), [str(path.relative_to(HERE))],
                                 extra_compile_args=["-O3", "-g0", *strict], optional=True))
    built = list(cythonize(modules, compiler_directives=DIRECTIVES, quiet=True))
    for extension in built:  # cythonize makes new Extension objects and drops the flag
        extension.optional = True
    return built


class BuildWithSpec(build_py):
    """build_py that also puts ``spec/`` (the clauses and scenario vectors) into the wheel as
    ``gremlinrules/_spec``, where :func:`gremlinrules.core.spec.spec_dir` looks first. An editable
    install reads ``spec/`` from the checkout instead."""

    def run(self) -> None:
        """Build the package as usual, then copy the spec in."""
        super().run()
        if not getattr(self, "editable_mode", False):
            target = Path(self.build_lib) / "gremlinrules" / "_spec"
            shutil.rmtree(target, ignore_errors=True)
            shutil.copytree(HERE / "spec", target)


setup(ext_modules=_extensions(), cmdclass={"build_py": BuildWithSpec})
