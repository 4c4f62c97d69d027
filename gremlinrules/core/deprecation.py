"""Deprecated aliases of renamed public names, kept for one release (issue 29).

A game package that renames a public attribute keeps the old name reachable
through a module ``__getattr__`` made by :func:`module_aliases`; a renamed
module leaves a shim at the old path that calls :func:`reexport` (or
:func:`renamed_module`, and re-exports the new one itself). Either way the old
name still works and warns with a :class:`DeprecationWarning` whose message
starts with the old dotted name and names the new one, e.g.
``gremlinrules.gnaughty_gnomes.COMPONENTS is deprecated (issue 29); use
gremlinrules.gnaughty_gnomes.REFERENCE``.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from collections.abc import Mapping
from types import ModuleType
from typing import Any

__all__ = ["Alias", "deprecated", "module_aliases", "reexport", "renamed_module"]

Alias = tuple[str, Callable[[], object]]
"""An old name's replacement: the text naming the new name, and how to get the old name's value."""


def deprecated(old: str, new: str, *, stacklevel: int = 3) -> None:
    """Warn that ``old`` (a dotted name) is deprecated in favour of ``new``."""
    warnings.warn(f"{old} is deprecated (issue 29) and goes in the next release; use {new}",
                  DeprecationWarning, stacklevel=stacklevel)


def module_aliases(module: str, aliases: Mapping[str, Alias]) -> Callable[[str], Any]:
    """A module ``__getattr__`` serving ``aliases`` (old name -> (new name, value)) with a warning.

    A new name that is a bare identifier is named in the module (``REFERENCE`` becomes
    ``<module>.REFERENCE``); any other text is shown as it is.

    Any other missing name raises :class:`AttributeError` as a module without ``__getattr__``
    would, so ``hasattr`` and ``from ... import`` behave as usual.
    """
    def module_getattr(name: str) -> Any:
        alias = aliases.get(name)
        if alias is None:
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        new, value = alias
        deprecated(f"{module}.{name}", f"{module}.{new}" if new.isidentifier() else new)
        return value()

    return module_getattr


def renamed_module(old: str, new: ModuleType) -> ModuleType:
    """Warn that module ``old`` is now ``new`` (called at the shim's import, which imports
    ``new`` itself: the core imports no game), and return ``new``."""
    deprecated(old, new.__name__, stacklevel=4)  # the shim's caller: the import statement
    return new


def reexport(namespace: dict[str, Any], new: ModuleType) -> list[str]:
    """Make the shim whose globals are ``namespace`` (a renamed module's, left at its old path)
    stand for module ``new``: warn as :func:`renamed_module` does, bind ``new``'s public names in
    it, and return them, the shim's ``__all__``. The shim's own ``__getattr__`` (one line:
    ``getattr(new, name)``, which a type checker sees) gives the rest of ``new``'s attributes."""
    deprecated(namespace["__name__"], new.__name__, stacklevel=4)  # the shim's caller: the import statement
    names = list(new.__all__)
    namespace.update({name: getattr(new, name) for name in names})
    return names
