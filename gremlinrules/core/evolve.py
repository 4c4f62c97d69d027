"""A fast ``attrs.evolve`` for the hot path of ``apply``.

``make_replace(State)`` returns ``replace(state, **changes)``: the same result
as ``attrs.evolve``, generated once for the class so it skips evolve's per-call
introspection of the fields.

For a frozen, slotted class without validators, converters or a post-init
hook it is faster still. A frozen attrs ``__init__`` stores each field through
``object.__setattr__``, which costs about 0.1 microseconds a field (1.8 us for
an 18-field state). ``replace`` instead fills a private, mutable twin class
with the very same slot layout by plain attribute stores and then sets the
instance's ``__class__`` to the frozen class, which CPython allows between
classes of identical layout. The result is an ordinary instance of the frozen
class, equal to and hashing like one built by ``__init__``, and as immutable
(about 3x faster for that state). Classes this cannot serve (validators,
converters, ``__attrs_post_init__``, a weakref slot, a layout CPython refuses)
get the constructor call instead; ``make_replace`` checks the swap once when
it builds the function.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from typing import TypeVar

import attrs

__all__ = ["fast_construction", "make_replace", "make_updater"]

_T = TypeVar("_T")
_HASH_CACHE = "_attrs_cached_hash"


def _twin(cls: type) -> type | None:
    """A mutable class with ``cls``'s slot layout, or None when ``cls`` cannot use one."""
    fields = attrs.fields(cls)
    if (not attrs.has(cls) or cls.__setattr__ is object.__setattr__ or "__slots__" not in cls.__dict__
            or cls.__bases__ != (object,) or hasattr(cls, "__attrs_post_init__")
            or "__weakref__" in cls.__dict__["__slots__"]
            or any(f.validator is not None or f.converter is not None or not f.init for f in fields)):
        return None
    # No __init__: calling the twin makes an empty instance (cheaper than object.__new__(twin)).
    twin: type = type(f"_{cls.__name__}Builder", (object,), {"__slots__": cls.__dict__["__slots__"]})
    return twin


def fast_construction(cls: type) -> bool:
    """True when :func:`make_replace` builds ``cls`` instances through the mutable twin."""
    return _twin(cls) is not None and _swap_works(cls, _twin(cls))


def _swap_works(cls: type, twin: type | None) -> bool:
    if twin is None:
        return False
    probe: Any = object.__new__(twin)
    try:
        probe.__class__ = cls
    except TypeError:  # CPython refused the layout: use the constructor
        return False
    return True


def make_replace(cls: type[_T]) -> Callable[..., _T]:
    """``replace(instance, **changes)`` for the attrs class ``cls`` (keyword-only changes)."""
    names = [f.name for f in attrs.fields(cls)]  # type: ignore[arg-type]
    if not all(n.isidentifier() and not n.startswith("_") for n in names):
        raise ValueError(f"{cls.__name__} has field names make_replace cannot use")
    params = ", ".join(f"{n}=_KEEP" for n in names)
    twin = _twin(cls)
    if _swap_works(cls, twin):
        body = "".join(f"    o.{n} = s.{n} if {n} is _KEEP else {n}\n" for n in names)
        if _HASH_CACHE in cls.__slots__:  # type: ignore[attr-defined]
            body += f"    o.{_HASH_CACHE} = None\n"
        source = (f"def replace(s, *, {params}):\n    o = _twin()\n{body}"
                  "    o.__class__ = _cls\n    return o\n")
    else:
        args = ", ".join(f"s.{n} if {n} is _KEEP else {n}" for n in names)
        source = f"def replace(s, *, {params}):\n    return _cls({args})\n"
    scope: dict[str, Any] = {"_cls": cls, "_KEEP": object(), "_twin": twin}
    exec(source, scope)  # the source is built from the class's own field names only
    fn: Callable[..., _T] = scope["replace"]
    fn.__doc__ = f"The {cls.__name__} with some fields changed (the input is never mutated)."
    return fn


def make_updater(cls: type[_T], *changed: str, **fixed: Any) -> Callable[..., _T]:
    """``update(instance, *values)``: ``replace`` for one fixed set of ``changed`` fields, positional.

    For the hottest transitions: it skips the keyword handling and the
    is-it-changed test of every field, about halving the cost of ``replace``.
    ``fixed`` fields are set to the values given here on every call (a new turn's
    counters, say), so the caller passes only what varies.
    """
    names = [f.name for f in attrs.fields(cls)]  # type: ignore[arg-type]
    if (not (changed or fixed) or len(set(changed)) != len(changed)
            or not set(changed) | set(fixed) <= set(names) or set(changed) & set(fixed)):
        raise ValueError(f"{changed!r} and {sorted(fixed)!r} must be distinct field names of {cls.__name__}")
    twin = _twin(cls)
    if not _swap_works(cls, twin):
        replace = make_replace(cls)

        def update(s: Any, *values: Any) -> _T:
            return replace(s, **dict(zip(changed, values, strict=True)), **fixed)

        return update
    body = "".join(f"    o.{n} = {n}\n" if n in changed else f"    o.{n} = _fixed_{n}\n" if n in fixed
                   else f"    o.{n} = s.{n}\n" for n in names)
    if _HASH_CACHE in cls.__slots__:  # type: ignore[attr-defined]
        body += f"    o.{_HASH_CACHE} = None\n"
    source = (f"def update(s, {', '.join(changed)}):\n    o = _twin()\n{body}"
              "    o.__class__ = _cls\n    return o\n")
    scope: dict[str, Any] = {"_cls": cls, "_twin": twin,
                             **{f"_fixed_{n}": v for n, v in fixed.items()}}
    exec(source, scope)  # the source is built from the class's own field names only
    fn: Callable[..., _T] = scope["update"]
    what = ", ".join([*changed, *(f"{n}={v!r}" for n, v in fixed.items())])
    fn.__doc__ = f"The {cls.__name__} with {what} replaced (the input is never mutated)."
    return fn
