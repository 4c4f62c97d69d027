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
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
    "gremlinrules_spec",
    "myst_parser",  # Markdown: the changelog page includes CHANGELOG.md
]
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "show-inheritance": True}
nitpicky = False  # to be switched on once the API reference pages are rewritten (issue 11)
exclude_patterns = ["_build"]
html_theme = "furo"
html_title = f"gremlinrules {release}"  # the version on every page (furo shows the title in the sidebar)
suppress_warnings = ["ref.python"]
