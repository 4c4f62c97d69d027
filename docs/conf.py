"""Sphinx configuration for the gremlinrules docs."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent / "_ext"))

project = "gremlinrules"
author = "gremlinrules developers"
copyright = "2026, gremlinrules developers"

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
    "gremlinrules_spec",
]
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "show-inheritance": True}
nitpicky = False
exclude_patterns = ["_build"]
html_theme = "furo"
html_title = "gremlinrules"
suppress_warnings = ["ref.python"]
