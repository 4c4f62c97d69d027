"""Helpers of the tests that read the docs: the docs folder, and its Sphinx extensions without Sphinx."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

DOCS = Path(__file__).resolve().parent.parent / "docs"
"""The docs' source folder."""


def docs_extension(name: str) -> ModuleType:
    """The extension ``docs/_ext/<name>.py``, imported as a module of that name (not on sys.path)."""
    spec = importlib.util.spec_from_file_location(name, DOCS / "_ext" / f"{name}.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
