"""JSON conversion through cattrs: strict, path-reporting, action-tagged.

Each game builds one converter with :func:`make_converter`. Actions are a
tagged union: their data carries ``"type": "<ClassName>"``. Scalars are
structured strictly (no ``"3"`` for ``3``, no ``1`` for ``True``), unknown keys
are rejected, and any failure becomes a :class:`SerializationError` whose
``path`` names the bad field (``$.hands[1][0].rank``).
"""

from __future__ import annotations

import enum
import json
from collections.abc import Callable
from types import UnionType
from typing import Any, TypeVar, Union, get_args, get_origin

import cattrs
from cattrs.errors import IterableValidationError, IterableValidationNote
from cattrs.gen import make_dict_unstructure_fn

from gremlinrules.core.errors import SerializationError

__all__ = ["dumps", "loads", "make_converter", "structure", "unstructure"]

_T = TypeVar("_T")


def _strict(kind: type, name: str) -> Callable[[Any, Any], Any]:
    def hook(value: Any, target: Any) -> Any:
        if target is not kind and isinstance(target, type) and issubclass(target, enum.Enum):
            return _structure_enum(value, target)  # a str- or int-based enum reaches here too
        if type(value) is bool and kind is not bool:
            raise TypeError(f"expected {name}, got a boolean")
        if not isinstance(value, kind):
            raise TypeError(f"expected {name}, got {type(value).__name__}")
        return value

    return hook


def _structure_enum(value: Any, cls: type[enum.Enum]) -> enum.Enum:
    member = cls._value2member_map_.get(value) if type(value) in (str, int) else None
    if member is None:
        raise ValueError(f"expected one of {[m.value for m in cls]}, got {value!r}")
    return member


_SCALARS = (int, str, bool)


def _int_or_str(value: Any, _: Any) -> Any:
    if type(value) not in (int, str):
        raise TypeError(f"expected an integer or a string, got {type(value).__name__}")
    return value


def _enum_value(member: enum.Enum) -> Any:
    return member.value


def _homogeneous_tuple(t: Any) -> bool:
    args = get_args(t)
    return get_origin(t) is tuple and len(args) == 2 and args[1] is Ellipsis


def _tuple_structure_factory(conv: cattrs.Converter) -> Callable[[Any], Callable[[Any, Any], Any]]:
    """Fast structuring of ``tuple[X, ...]``; on failure, the per-item errors with their indices."""

    def factory(t: Any) -> Callable[[Any, Any], Any]:
        elem = get_args(t)[0]
        hook = conv.get_structure_hook(elem)

        def fail(value: Any) -> Any:
            if not isinstance(value, (list, tuple)):
                raise TypeError(f"expected a list, got {type(value).__name__}")
            errors = []
            for i, item in enumerate(value):
                try:
                    hook(item, elem)
                except Exception as exc:  # collected, re-raised with its index
                    exc.__notes__ = [*getattr(exc, "__notes__", []),
                                     IterableValidationNote(f"Structuring {t} @ index {i}", i, elem)]
                    errors.append(exc)
            raise IterableValidationError(f"While structuring {t!r}", errors, t)

        if elem in _SCALARS:
            only = {elem}

            def scalar_tuple(value: Any, _: Any) -> Any:
                if type(value) is list and (not value or set(map(type, value)) == only):  # exact types, in C
                    return tuple(value)
                return fail(value)

            return scalar_tuple

        def any_tuple(value: Any, _: Any) -> Any:
            if type(value) is not list:
                return fail(value)
            try:
                return tuple([hook(x, elem) for x in value])
            except Exception:  # redo item by item to report the failing index
                return fail(value)

        return any_tuple

    return factory


def _tuple_unstructure_factory(conv: cattrs.Converter) -> Callable[[Any], Callable[[Any], Any]]:
    def factory(t: Any) -> Callable[[Any], Any]:
        args = get_args(t)
        if _homogeneous_tuple(t) and args[0] in _SCALARS:
            return list
        if _homogeneous_tuple(t) and isinstance(args[0], type) and issubclass(args[0], enum.Enum):
            return lambda v: [x.value for x in v]
        if _homogeneous_tuple(t) and (_homogeneous_tuple(args[0]) or (
                isinstance(args[0], type) and not args[0].__subclasses__())):
            # one concrete element type (no subclass could need another hook): resolve its hook once
            hook = conv.get_unstructure_hook(args[0])
            return lambda v: [hook(x) for x in v]
        return lambda v: [conv.unstructure(x) for x in v]

    return factory


def _is_action_union(action_set: frozenset[type]) -> Callable[[Any], bool]:
    def pred(t: Any) -> bool:
        if get_origin(t) not in (Union, UnionType):
            return False
        args = set(get_args(t)) - {type(None)}
        return len(args) > 1 and args <= action_set

    return pred


def make_converter(action_types: tuple[type, ...]) -> cattrs.Converter:
    """A converter for one game: strict scalars, tuples as lists, tagged actions.

    Every action unstructures with a ``"type"`` key naming its class, wherever it
    appears; a union of action classes (optionally with ``None``) structures by
    that key without touching the caller's data.
    """
    conv = cattrs.Converter(forbid_extra_keys=True)
    conv.register_structure_hook(int, _strict(int, "an integer"))
    conv.register_structure_hook(str, _strict(str, "a string"))
    conv.register_structure_hook(bool, _strict(bool, "a boolean"))
    conv.register_structure_hook(int | str, _int_or_str)  # a decision frame's values
    conv.register_structure_hook_func(
        lambda t: isinstance(t, type) and issubclass(t, enum.Enum), _structure_enum
    )
    for base in (enum.Enum, enum.StrEnum, enum.IntEnum):  # before str/int in a str- or int-enum's MRO
        conv.register_unstructure_hook(base, _enum_value)
    conv.register_structure_hook_factory(_homogeneous_tuple, _tuple_structure_factory(conv))
    conv.register_unstructure_hook_factory(
        lambda t: t is tuple or get_origin(t) is tuple,  # type: ignore[comparison-overlap]
        _tuple_unstructure_factory(conv),
    )
    by_name = {cls.__name__: cls for cls in action_types}
    for cls in action_types:
        conv.register_unstructure_hook(cls, _tagged_unstructure(conv, cls))

    def structure_action(value: Any, t: Any) -> Any:
        if value is None and type(None) in get_args(t):
            return None
        if not isinstance(value, dict):
            raise TypeError(f"expected an action object, got {type(value).__name__}")
        name = value.get("type")
        cls = by_name.get(name) if isinstance(name, str) else None
        if cls is None or cls not in get_args(t):
            raise ValueError(f"unknown action type {name!r}")
        return conv.structure({k: v for k, v in value.items() if k != "type"}, cls)

    conv.register_structure_hook_func(_is_action_union(frozenset(action_types)), structure_action)
    return conv


def _tagged_unstructure(conv: cattrs.Converter, cls: type) -> Callable[[Any], dict[str, Any]]:
    name = cls.__name__
    base: list[Callable[[Any], dict[str, Any]]] = []  # built on first use, after every hook is in

    def hook(obj: Any) -> dict[str, Any]:
        if not base:
            base.append(make_dict_unstructure_fn(cls, conv))
        return {"type": name, **base[0](obj)}

    return hook


def _first_error(exc: BaseException) -> tuple[str, str]:
    try:
        messages = cattrs.transform_error(exc, path="$")
    except Exception:
        messages = [str(exc)]
    if not messages:
        return str(exc), "$"
    first = messages[0]
    if " @ " in first:
        text, path = first.rsplit(" @ ", 1)
        return text, path
    return first, "$"


def structure(conv: cattrs.Converter, data: Any, cls: Any) -> Any:
    """``data`` as an instance of ``cls``; malformed data raises SerializationError."""
    try:
        return conv.structure(data, cls)
    except SerializationError:
        raise
    except (cattrs.BaseValidationError, ValueError, TypeError, KeyError, AttributeError,
            IndexError) as exc:
        text, path = _first_error(exc)
        name = getattr(cls, "__name__", str(cls))
        raise SerializationError(f"bad data for {name}: {text} @ {path}", path) from exc


def unstructure(conv: cattrs.Converter, obj: Any, as_type: Any = None) -> Any:
    """JSON-compatible dicts, lists, strings, numbers and booleans for ``obj``."""
    if as_type is None:
        return conv.unstructure(obj)
    return conv.unstructure(obj, unstructure_as=as_type)


def dumps(data: Any) -> str:
    """Compact, key-sorted JSON text: equal objects give byte-equal text."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def loads(text: str) -> Any:
    """Parse JSON text; bad text raises SerializationError."""
    if not isinstance(text, (str, bytes, bytearray)):
        raise SerializationError(f"expected JSON text, got {type(text).__name__}")
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise SerializationError(f"not valid JSON: {exc}") from exc
