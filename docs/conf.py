"""Sphinx configuration for the gremlinrules docs."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent / "_ext"))

import gremlinrules  # noqa: E402  (the tree being documented: ROOT is first on sys.path)

project = "gremlinrules"
author = "gremlinrules developers"
copyright = "2026, gremlinrules developers"
# The package's version, which the build writes into its metadata (pyproject.toml reads it from
# gremlinrules/__init__.py): read from the tree itself, so an installed copy that is out of date
# cannot put a stale number on the pages.
release = gremlinrules.__version__
version = release

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.viewcode",
    "gremlinrules_spec",
    "gremlinrules_api",  # each game's API reference and schema file; re-exported names resolve
    "gremlinrules_map",  # Gremlins: The Game's map drawn from its data (board.toml)
    "gremlins_inc_cards",  # the Gremlins, Inc. reference deck as tables, from its data
    "gremlinrules_pictures",  # pictures of positions, drawn by gremlinrules.svg at build time
    "myst_parser",  # Markdown: the changelog page includes CHANGELOG.md
]
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "show-inheritance": True}
exclude_patterns = ["_build", "_generated", "balance/reports"]  # reports: included by the balance pages
html_theme = "furo"
html_title = f"gremlinrules {release}"  # the version on every page (furo shows the title in the sidebar)
# The JSON Schema files, written at build time by docs/_ext/gremlinrules_api.py, published as
# _static/schema/<game-id>.json.
html_static_path = ["_generated/static"]

# Every cross-reference must resolve. The build does not fetch other projects' inventories
# (intersphinx would need the network), so these names from outside the project, which appear
# in signatures and type hints, cannot resolve; they are the only ones let through.
nitpicky = True
nitpick_ignore = [
    # the common base of Gremlins, Inc.'s effect frames, not itself a frame of the game
    ("py:class", "gremlinrules.gremlins_inc.frames.EffectFrame"),
    # The standard library (docs.python.org's inventory).
    ("py:class", "fractions.Fraction"),
    ("py:class", "collections.Counter"),
    ("py:class", "Fraction"),
    ("py:class", "ModuleType"),
    ("py:class", "~_P"),
    ("py:obj", "typing.~_P"),
    ("py:class", "_P"),
    ("py:class", "_R"),
    ("py:class", "collections.abc.AsyncIterator"),
    ("py:class", "collections.abc.Callable"),
    ("py:class", "collections.abc.Collection"),
    ("py:class", "collections.abc.Iterable"),
    ("py:class", "collections.abc.Iterator"),
    ("py:class", "collections.abc.Mapping"),
    ("py:class", "collections.abc.Sequence"),
    ("py:class", "enum.Enum"),
    ("py:class", "enum.IntEnum"),
    ("py:class", "enum.StrEnum"),
    ("py:class", "os.PathLike"),
    ("py:class", "pathlib.Path"),
    ("py:class", "random.Random"),
    ("py:class", "types.ModuleType"),
    ("py:class", "typing.Protocol"),
    # cattrs, and the adapters' libraries: Gymnasium, PettingZoo and OpenSpiel.
    ("py:class", "cattrs.converters.Converter"),
    ("py:class", "gymnasium.spaces.space.Space"),
    ("py:class", "pettingzoo.utils.env.AECEnv"),
    ("py:class", "pyspiel.Game"),
    ("py:class", "pyspiel.State"),
    ("py:class", "collections.abc.Generator"),
    # Starlette, under gremlinrules serve (the web extra).
    ("py:class", "starlette.applications.Starlette"),
    ("py:class", "starlette.websockets.WebSocket"),
    # Simulation internals that the API reference does not list (the report's
    # reading of records and its Markdown/HTML blocks), and names written short.
    ("py:class", "SimulationError"),
    ("py:class", "Players"),
    ("py:class", "Expected"),
    ("py:attr", "done"),
    ("py:data", "BOT_NAMES"),
    # The compiled engine's base class (gremlinrules.core.native.game, Cython): its methods are
    # documented in prose on the Engine page, so the docs build where the engine is not compiled.
    ("py:class", "NativeGame"),
    ("py:class", "gremlinrules.core.native.game.NativeGame"),
    # The type variables of the generic bots' bases (Generic[StateT, ActionT]), documented where
    # the bots package re-exports the classes, which does not import the variables themselves.
    ("py:class", "StateT"),
    ("py:class", "ActionT"),
]
nitpick_ignore_regex = [
    ("py:mod", r"gremlinrules\.sim\.(results|plots|markup)"),
    ("py:class", r"gremlinrules\.sim\.(results|markup)\..*"),
]
