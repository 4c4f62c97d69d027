"""Deprecated: renamed :mod:`gremlinrules.gnaughty_gnomes.notation` (issue 29); goes in the next release.

Importing this module warns with a :class:`DeprecationWarning`; it re-exports the new module's names.
"""

from __future__ import annotations

from typing import Any

from gremlinrules.core.deprecation import reexport
from gremlinrules.gnaughty_gnomes import notation as _notation

__all__ = reexport(globals(), _notation)


def __getattr__(name: str) -> Any:
    return getattr(_notation, name)
