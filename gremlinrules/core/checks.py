"""Argument checks shared by every game's public functions and Options.

They raise errors of the library's hierarchy (never a bare TypeError), so a
caller passing anything at all gets a clear message.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Callable
from typing import Any
from typing import ParamSpec
from typing import TypeVar

import attrs

from gremlinrules.core.errors import GremlinRulesError
from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.core.errors import SetupError
from gremlinrules.core.errors import about_field
from gremlinrules.core.errors import shown

_O = TypeVar("_O")
_P = ParamSpec("_P")
_R = TypeVar("_R")

__all__ = [
    "SEED_LIMIT", "boolean", "check_complete", "check_players", "check_seat", "check_seed", "check_type",
    "exact", "guarded", "half_built", "incomplete", "instance_or_default", "int_between", "is_int",
    "missing_fields", "one_of", "well_typed",
]


def is_int(value: Any) -> bool:
    """True for a real integer (not a bool)."""
    return isinstance(value, int) and not isinstance(value, bool)


def exact(value: Any) -> tuple[type, Any]:
    """The ``eq`` key of every int and bool field of the games' actions (``attrs.field(eq=exact)``):
    a value compares (and hashes) with its class, so ``True`` is never the project number 1, ``1``
    never ``True`` and ``1.0`` never the seat 1. Legality is membership in the legal actions, so a
    field of the wrong kind is never legal, on the fast paths as in the rule books."""
    return (value.__class__, value)


def half_built(*objs: Any) -> bool:
    """Whether any of ``objs`` lacks one of its attrs fields (see :func:`missing_fields`): what a
    hot path's ``except AttributeError`` asks before it hands such an argument to the rule book,
    whose check refuses it (and re-raises any other AttributeError)."""
    return any(missing_fields(obj) for obj in objs)


def check_complete(name: str, *objs: Any) -> None:
    """InvalidArgumentError (:func:`incomplete`) when one of ``objs`` lacks one of its fields: for
    a public function off the hot path that may not read every field it is given (a label of a
    fieldless action reads nothing of its view), and in a hot path's ``except AttributeError``
    (then ``raise``: any other AttributeError is not the caller's)."""
    for obj in objs:
        if missing_fields(obj):
            raise incomplete(name, obj) from None  # inside an ``except AttributeError``: that one is ours


def incomplete(name: str, obj: Any) -> InvalidArgumentError:
    """The error of public function ``name`` given ``obj``, an object of one of the library's
    classes built without its fields (``cls.__new__(cls)``), naming what it lacks."""
    missing = missing_fields(obj)
    return InvalidArgumentError(f"{name}: the {_kind(obj)} was built without its fields "
                                f"({', '.join(missing[:3])}{', ...' if len(missing) > 3 else ''})")


def guarded(fn: Callable[_P, _R]) -> Callable[_P, _R]:
    """``fn``, refusing an argument built without its fields (``cls.__new__(cls)``) with
    InvalidArgumentError (:func:`incomplete`) instead of the AttributeError it trips over. Any
    other AttributeError is left alone: it is not the caller's. For the public functions off
    the hot path (views, texts, events); a hot path catches AttributeError inline instead."""

    @functools.wraps(fn)
    def call(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        try:
            return fn(*args, **kwargs)
        except AttributeError:
            for arg in (*args, *kwargs.values()):
                if missing_fields(arg):
                    raise incomplete(fn.__name__, arg) from None
            raise

    return call


def well_typed(obj: Any) -> bool:
    """Whether every field of the attrs object ``obj`` is set and holds its declared kind: an
    ``int`` field a real int (not a bool), a ``bool`` field a bool, a ``str`` field a str, an enum
    field a member, a ``tuple[X, ...]`` field a tuple of such values (other annotations are not
    looked at). For texts made from a caller's action (labels), never in a hot path."""
    try:
        fields = attrs.fields(attrs.resolve_types(type(obj)))  # the annotations as types, once
    except (TypeError, NameError, attrs.exceptions.NotAnAttrsClassError):
        return False
    for f in fields:
        try:
            value = object.__getattribute__(obj, f.name)
        except AttributeError:
            return False
        if not _of_kind(value, f.type):
            return False
    return True


def _of_kind(value: Any, kind: Any) -> bool:
    if kind is int:
        return is_int(value)
    if kind in (bool, str):
        return type(value) is kind
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        return type(value) is kind
    if getattr(kind, "__origin__", None) is tuple:
        args = kind.__args__
        if len(args) == 2 and args[1] is Ellipsis:
            return type(value) is tuple and all(_of_kind(v, args[0]) for v in value)
    return True


def check_players(players: Any, low: int, high: int, title: str) -> int:
    """The player count, or SetupError when it is not an integer in [low, high]."""
    if not is_int(players) or not low <= players <= high:
        raise SetupError(f"{title} takes {low} to {high} players, not {shown(players)}")
    return int(players)


SEED_LIMIT = 2**64
"""Seeds are the integers from 0 to ``SEED_LIMIT - 1``: every 64-bit state of the generator
(:class:`~gremlinrules.core.rng.Rng`), each seed its own."""


def check_seed(seed: Any, error: Callable[[str], Exception] = SetupError) -> int:
    """The seed, an integer from 0 to 2**64-1; ``error`` (SetupError by default, the error of
    ``new_game``; InvalidArgumentError for the other calls) for a bool, a non-integer or an
    integer out of that range. The one check of every seed the library takes."""
    if not is_int(seed) or not 0 <= seed < SEED_LIMIT:
        raise error(f"seed must be an integer from 0 to 2**64-1, not {shown(seed)}")
    return int(seed)


def check_seat(player: Any, players: int) -> int:
    """A seat index in range, or InvalidArgumentError."""
    if not is_int(player) or not 0 <= player < players:
        raise InvalidArgumentError(f"player must be a seat from 0 to {players - 1}, not {shown(player)}")
    return int(player)


def instance_or_default(value: Any, cls: type[_O], title: str) -> _O:
    """``value``, or ``cls()`` for None; SetupError when it is of another class, lacks a field
    (built by ``object.__new__``, not ``__init__``) or holds a value one of its fields' validators
    refuses (set around them by ``object.__setattr__``).

    For the ``options`` and ``setup`` arguments of every public function: the check costs a few
    microseconds (the validators), so it belongs at a call's entry, never in a hot path.
    """
    if value is None:
        return cls()
    if type(value) is not cls:
        raise SetupError(f"expected a {title} {cls.__name__}, not {_kind(value)}")
    missing = missing_fields(value)
    if missing:
        raise SetupError(f"the {title} {cls.__name__} was built without its fields "
                         f"({', '.join(missing[:3])}{', ...' if len(missing) > 3 else ''})")
    try:
        attrs.validate(value)  # type: ignore[arg-type]
    except SetupError:
        raise
    except (GremlinRulesError, ValueError, TypeError, LookupError, AttributeError, ArithmeticError) as exc:
        raise SetupError(f"the {title} {cls.__name__}: {shown(str(exc), 200)}") from None
    return value


def missing_fields(obj: Any) -> list[str]:
    """The names of the attrs fields ``obj`` has no value for (an object made by
    ``cls.__new__(cls)`` has none); empty for a complete object or one that is no attrs class."""
    try:
        fields = attrs.fields(type(obj))
    except (TypeError, attrs.exceptions.NotAnAttrsClassError):
        return []
    out = []
    for f in fields:
        try:
            object.__getattribute__(obj, f.name)
        except AttributeError:
            out.append(f.name)
    return out


def check_type(obj: Any, cls: type, what: str) -> None:
    """InvalidArgumentError unless ``obj`` is a ``cls`` (for states passed to the API)."""
    if type(obj) is not cls:
        raise InvalidArgumentError(f"expected a {what}, got {_kind(obj)}")


def _kind(value: Any) -> str:
    """The name of ``value``'s class, cut short (a class name can be anything)."""
    name = type(value).__name__
    return name if len(name) <= 40 else name[:37] + "..."


Validator = Callable[[Any, Any, Any], None]


def one_of(*values: Any) -> Validator:
    """An attrs validator: the value must be one of ``values`` (SetupError otherwise)."""

    allowed = "one of " + ", ".join(str(v) for v in values)

    def validate(_: Any, attribute: Any, value: Any) -> None:
        if isinstance(value, bool) or value not in values:
            error = SetupError(f"option {attribute.name} must be one of {values!r}, not {shown(value)}")
            raise about_field(error, attribute.name, value, allowed)

    return validate


def int_between(low: int, high: int) -> Validator:
    """An attrs validator: an integer in [low, high] (SetupError otherwise)."""

    def validate(_: Any, attribute: Any, value: Any) -> None:
        if not is_int(value) or not low <= value <= high:
            raise about_field(SetupError(f"option {attribute.name} must be an integer from {low} to {high}, "
                                         f"not {shown(value)}"), attribute.name, value, f"{low} to {high}")

    return validate


def boolean(_: Any, attribute: Any, value: Any) -> None:
    """An attrs validator: a real bool (SetupError otherwise)."""
    if not isinstance(value, bool):
        raise about_field(SetupError(f"option {attribute.name} must be true or false, not {shown(value)}"),
                          attribute.name, value, "true or false")
