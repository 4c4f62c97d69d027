"""Deprecated: renamed :mod:`gremlinrules.gnaughty_gnomes.notation` (issue 29); goes in the next release.

Importing this module warns with a :class:`DeprecationWarning`; it re-exports the new module's names.
"""

from __future__ import annotations

from typing import Any

from gremlinrules.core.deprecation import renamed_module
from gremlinrules.gnaughty_gnomes import notation as _notation

_NEW = renamed_module(__name__, _notation)
__all__ = list(_NEW.__all__)
globals().update({name: getattr(_NEW, name) for name in __all__})


def __getattr__(name: str) -> Any:
    return getattr(_NEW, name)
