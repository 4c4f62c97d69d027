"""JSON conversion through cattrs: strict, path-reporting, action-tagged.

Each game builds one converter with :func:`make_converter`. Actions (and
events) are tagged unions: their data carries ``"type": "<ClassName>"``, and
decodes either through the union or through the class itself. Scalars are
structured strictly (no ``"3"`` for ``3``, no ``1`` for ``True``), unknown keys
are rejected, and any failure becomes a :class:`SerializationError` whose
``path`` names the bad field (``$.hands[1][0].rank``).

Whatever the input (hostile JSON included: deep nesting, megabyte strings,
huge integers, ``NaN``), only :class:`SerializationError` escapes, and its
message is short: a caller's value is echoed through
:func:`~gremlinrules.core.errors.shown`, and every message is cut to a few
hundred characters.
"""

from __future__ import annotations

import enum
import heapq
import itertools
import json
import threading
from collections.abc import Callable
from types import UnionType
from typing import Any
from typing import TypeVar
from typing import Union
from typing import get_args
from typing import get_origin

import attrs
import cattrs
import cattrs.v
from cattrs.errors import ForbiddenExtraKeysError
from cattrs.errors import IterableValidationError
from cattrs.errors import IterableValidationNote
from cattrs.gen import make_dict_structure_fn
from cattrs.gen import make_dict_unstructure_fn

from gremlinrules.core.errors import GremlinRulesError
from gremlinrules.core.errors import SerializationError
from gremlinrules.core.errors import about_field
from gremlinrules.core.errors import refused_text
from gremlinrules.core.errors import shown
from gremlinrules.core.frames import Frame as BaseFrame

__all__ = ["dumps", "loads", "make_converter", "refusal", "structure", "unstructure"]

_T = TypeVar("_T")


class _RefusedError(ValueError):
    """A value one of our hooks refuses; its message is written for the caller and kept."""


def _strict(kind: type, name: str) -> Callable[[Any, Any], Any]:
    def hook(value: Any, target: Any) -> Any:
        if type(value) is kind and target is kind:  # the usual case, first (one call per field)
            return value
        if target is not kind and isinstance(target, type) and issubclass(target, enum.Enum):
            return _structure_enum(value, target)  # a str- or int-based enum reaches here too
        if type(value) is bool and kind is not bool:
            raise _RefusedError(f"expected {name}, got a boolean")
        if not isinstance(value, kind):
            raise _RefusedError(f"expected {name}, got {type(value).__name__}")
        return value

    return hook


def _structure_enum(value: Any, cls: type[enum.Enum]) -> enum.Enum:
    member = cls._value2member_map_.get(value) if type(value) in (str, int) else None
    if member is None:
        raise refusal(None, value, "one of " + ", ".join(str(m.value) for m in cls))
    return member


def refusal(field: str | None, value: Any, allowed: str) -> ValueError:
    """The error a structure hook raises for a value it refuses: ``value`` at ``field`` of the
    object being structured (None: the value itself), which takes ``allowed`` (``"1 to 8"``,
    ``"one of red, blue"``). :func:`structure` reports it as ``$.<path>.<field>: <value> is not
    <allowed>``; validators mark their SetupError the same way (:func:`.errors.about_field`)."""
    return about_field(_RefusedError(f"{shown(value, 40)} is not {allowed}"), field, value, allowed)


_SCALARS = (int, str, bool)


def _int_or_str(value: Any, _: Any) -> Any:
    if type(value) not in (int, str):
        raise _RefusedError(f"expected an integer or a string, got {type(value).__name__}")
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
                raise _RefusedError(f"expected a list, got {type(value).__name__}")
            for i, item in enumerate(value):  # the first failing item only: bounded on huge input
                try:
                    hook(item, elem)
                except Exception as exc:  # re-raised with its index
                    exc.__notes__ = [*getattr(exc, "__notes__", []),
                                     IterableValidationNote(f"Structuring {t} @ index {i}", i, elem)]
                    raise IterableValidationError(f"While structuring {t!r}", [exc], t) from None
            raise TypeError("a list item of the wrong kind")  # unreachable unless a hook is flaky

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


def _scalar_tuple(t: Any) -> bool:
    """``tuple[X, ...]`` or ``tuple[X, Y]`` of integers, strings and booleans: its JSON is ``list(value)``."""
    args = get_args(t)
    if get_origin(t) is not tuple or not args:
        return False
    return args[0] in _SCALARS if _homogeneous_tuple(t) else all(a in _SCALARS for a in args)


def _tuple_unstructure_factory(conv: cattrs.Converter) -> Callable[[Any], Callable[[Any], Any]]:
    def factory(t: Any) -> Callable[[Any], Any]:
        args = get_args(t)
        if _scalar_tuple(t):
            return list
        if _homogeneous_tuple(t) and isinstance(args[0], type) and issubclass(args[0], enum.Enum):
            return lambda v: [x.value for x in v]
        if _homogeneous_tuple(t) and (_homogeneous_tuple(args[0]) or _scalar_tuple(args[0]) or (
                isinstance(args[0], type) and not args[0].__subclasses__())):
            # one concrete element type (no subclass could need another hook): resolve its hook once
            hook = conv.get_unstructure_hook(args[0])
            return lambda v: [hook(x) for x in v]
        return lambda v: [conv.unstructure(x) for x in v]

    return factory


def make_converter(action_types: tuple[type, ...], *, event_types: tuple[type, ...] = (),
                   frame_types: tuple[type, ...] = ()) -> cattrs.Converter:
    """A converter for one game: strict scalars, tuples as lists, tagged actions, events and frames.

    Every action (and event, and typed decision frame, :mod:`.frames`) unstructures with a
    ``"type"`` key naming its class, wherever it appears. A union of action classes (optionally
    with ``None``) structures by that key without touching the caller's data; a single action
    class accepts the key too (it must name that class), so ``structure(unstructure(a), type(a))``
    gives ``a`` back. A field typed with the base :class:`~.frames.Frame` structures as any of
    ``frame_types``, by the key.
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
    conv.register_structure_hook_factory(attrs.has, _object_structure_factory(conv))
    conv.register_structure_hook_factory(_is_optional, _optional_structure_factory(conv))
    for kind, types in (("action", action_types), ("event", event_types), ("frame", frame_types)):
        for cls in types:
            conv.register_unstructure_hook(cls, _tagged_unstructure(conv, cls))
            conv.register_structure_hook(cls, _tagged_structure(conv, cls, kind))
        if types:
            conv.register_structure_hook_func(_is_union_of(frozenset(types)),
                                              _union_structure(conv, types, kind))
    if frame_types:
        any_frame = _union_structure(conv, frame_types, "frame")
        members: Any = Union.__getitem__((*frame_types, type(None)))  # a runtime union of the classes
        conv.register_structure_hook(BaseFrame, lambda value, _: any_frame(value, members))
    return conv


def _is_optional(t: Any) -> bool:
    """``X | None`` for one type ``X`` (a union of tagged classes with None has its own hook)."""
    if get_origin(t) not in (Union, UnionType):
        return False
    args = get_args(t)
    return len(args) == 2 and type(None) in args


def _optional_structure_factory(conv: cattrs.Converter) -> Callable[[Any], Callable[[Any, Any], Any]]:
    """``X | None`` with the hook of ``X`` found once (cattrs looks it up on every value)."""

    def factory(t: Any) -> Callable[[Any, Any], Any]:
        inner = next(a for a in get_args(t) if a is not type(None))
        hook = conv.get_structure_hook(inner)

        def optional(value: Any, _: Any) -> Any:
            return None if value is None else hook(value, inner)

        return optional

    return factory


def _is_union_of(members: frozenset[type]) -> Callable[[Any], bool]:
    def pred(t: Any) -> bool:
        if get_origin(t) not in (Union, UnionType):
            return False
        args = set(get_args(t)) - {type(None)}
        return len(args) > 1 and args <= members

    return pred


def _union_structure(conv: cattrs.Converter, types: tuple[type, ...], kind: str) -> Callable[[Any, Any], Any]:
    """Structure a union of tagged classes by the ``"type"`` key; an unknown one lists the known."""
    by_name = {cls.__name__: cls for cls in types}

    def structure_union(value: Any, t: Any) -> Any:
        members = get_args(t)
        if value is None and type(None) in members:
            return None
        if not isinstance(value, dict):
            raise _RefusedError(f"expected an {kind} object, got {type(value).__name__}")
        name = value.get("type")
        cls = by_name.get(name) if type(name) is str else None
        if cls is None or cls not in members:
            known = ", ".join(c.__name__ for c in members if c is not type(None))
            what = "no \"type\"" if "type" not in value else f"unknown {kind} type {shown(name, 40)}"
            raise _RefusedError(f"{what}; the {kind} types are {known}")
        return conv.structure(value, cls)

    return structure_union


def _object_structure_factory(conv: cattrs.Converter) -> Callable[[Any], Callable[[Any, Any], Any]]:
    """An attrs class from a JSON object (a dict), built by cattrs; anything else is a TypeError.

    A generated fast path builds well-formed data first (every field present, scalars of their
    exact type, no other key): one straight function per class instead of one hook call per
    field. Anything else, or any error, goes to cattrs' own function from the outermost object
    down, so a failure says what it always said.
    """

    def factory(cls: Any) -> Callable[[Any, Any], Any]:
        base = make_dict_structure_fn(cls, conv)

        def structure_object(value: Any, _: Any) -> Any:
            if not isinstance(value, dict):
                raise _RefusedError(f"expected an object, got {type(value).__name__}")
            return base(value, cls)

        fast = _fast_structure_fn(conv, cls)
        if fast is None:
            return structure_object

        def structure_fast(value: Any, _: Any) -> Any:
            mode = _MODE
            if mode.slow:
                return structure_object(value, cls)
            mode.depth += 1
            try:
                return fast(value)
            except Exception:
                if mode.depth > 1:
                    raise  # to the outermost object, which starts again on the general path
            finally:
                mode.depth -= 1
            mode.slow = True
            try:
                return structure_object(value, cls)
            finally:
                mode.slow = False

        structure_fast.fast = fast  # type: ignore[attr-defined]  # what generated callers call directly
        return structure_fast

    return factory


def _fast_field(conv: cattrs.Converter, t: Any, v: str, names: dict[str, Any]) -> list[str]:
    """Lines structuring the local ``v`` as ``t`` on the fast path (raising on anything unusual):
    a scalar checked inline, a class or tuple through :func:`_fast_value`, anything else through
    its converter hook."""
    if t in _SCALARS:
        names[f"_k_{v}"] = t
        return [f"    if type({v}) is not _k_{v}:", "        raise _NotPlainError"]
    direct = _fast_value(conv, t)
    if direct is not None:
        names[f"_f_{v}"] = direct
        return [f"    {v} = _f_{v}({v})"]
    names[f"_h_{v}"], names[f"_t_{v}"] = conv.get_structure_hook(t), t
    return [f"    {v} = _h_{v}({v}, _t_{v})"]


def _fast_value(conv: cattrs.Converter, t: Any) -> Callable[[Any], Any] | None:
    """A function structuring plain data as ``t`` (raising on anything unusual), equal to the
    converter's hook on what it accepts: an attrs class with a fast path, a tuple of scalars
    (``tuple[X, ...]`` or ``tuple[X, Y]``), a ``tuple[X, ...]`` of such values, or such a value or
    None. None for any other type."""
    if _scalar_tuple(t) and not _homogeneous_tuple(t):
        kinds = get_args(t)

        def fixed(value: Any) -> Any:
            if type(value) is not list or tuple(map(type, value)) != kinds:
                raise _NotPlainError
            return tuple(value)

        return fixed
    if _homogeneous_tuple(t):
        elem = get_args(t)[0]
        if elem in _SCALARS:
            only = {elem}

            def scalars(value: Any) -> Any:
                if type(value) is not list or (value and set(map(type, value)) != only):
                    raise _NotPlainError
                return tuple(value)

            return scalars
        each = _fast_value(conv, elem)
        if each is None:
            return None

        def items(value: Any) -> Any:
            if type(value) is not list:
                raise _NotPlainError
            return tuple([each(x) for x in value])

        return items
    if _is_optional(t):
        inner = _fast_value(conv, next(a for a in get_args(t) if a is not type(None)))
        if inner is None:
            return None

        def optional(value: Any) -> Any:
            return None if value is None else inner(value)

        return optional
    fast: Callable[[Any], Any] | None = getattr(conv.get_structure_hook(t), "fast", None)
    return fast


class _Mode(threading.local):
    """Per thread: how deep in fast structuring, and whether the general path is running."""

    depth = 0
    slow = False


_MODE = _Mode()


class _NotPlainError(Exception):
    """Data the fast path leaves to cattrs."""


def _fast_structure_fn(conv: cattrs.Converter, cls: Any) -> Callable[[Any], Any] | None:
    """A generated function building ``cls`` from a dict holding exactly its fields; it raises on
    anything else. None for a class it does not cover (the general path alone serves it)."""
    try:
        attrs.resolve_types(cls)
        fields = attrs.fields(cls)
    except Exception:  # unresolvable annotations: cattrs says what it says
        return None
    if any(not f.init or f.type is None or not f.name.isidentifier() for f in fields):
        return None
    names: dict[str, Any] = {"_cls": cls, "_dict": dict, "_NotPlainError": _NotPlainError}
    lines = ["def fast(o):", f"    if type(o) is not _dict or len(o) != {len(fields)}:",
             "        raise _NotPlainError"]
    args = []
    for i, f in enumerate(fields):
        lines.append(f"    v{i} = o[{f.name!r}]")
        lines.extend(_fast_field(conv, f.type, f"v{i}", names))
        args.append(f"{f.alias}=v{i}")
    lines.append(f"    return _cls({', '.join(args)})")
    exec(compile("\n".join(lines), f"<gremlinrules fast structure {cls.__qualname__}>", "exec"), names)
    fast: Callable[[Any], Any] = names["fast"]
    return fast


def _tagged_structure(conv: cattrs.Converter, cls: type, kind: str) -> Callable[[Any, Any], Any]:
    """One tagged class from its data: the ``"type"`` key, when present, must name ``cls``."""
    name = cls.__name__
    base: list[Callable[[Any, Any], Any]] = []  # built on first use, after every hook is in

    def structure_tagged(value: Any, _: Any) -> Any:
        if not isinstance(value, dict):
            raise _RefusedError(f"expected an {kind} object, got {type(value).__name__}")
        if "type" in value:
            tag = value["type"]
            if type(tag) is not str or tag != name:
                raise _RefusedError(f"expected {kind} type {name!r}, got {shown(tag, 40)}")
            value = {k: v for k, v in value.items() if k != "type"}
        if not base:
            base.append(make_dict_structure_fn(cls, conv))
        return base[0](value, cls)

    return structure_tagged


def _tagged_unstructure(conv: cattrs.Converter, cls: type) -> Callable[[Any], dict[str, Any]]:
    name = cls.__name__
    base: list[Callable[[Any], dict[str, Any]]] = []  # built on first use, after every hook is in

    def hook(obj: Any) -> dict[str, Any]:
        if not base:
            base.append(make_dict_unstructure_fn(cls, conv))
        return {"type": name, **base[0](obj)}

    return hook


MESSAGE_LIMIT = 300
"""The longest message a SerializationError from this module carries."""


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


_FIELD = "\x00"
"""Marks the field a refusal names inside a formatted message (see :func:`_first_error`)."""


def _format(exc: BaseException, t: Any) -> str:
    """One failure in words, never echoing more than a short prefix of the input."""
    refused = refused_text(exc)
    if refused is not None:  # a value and what its field takes (refusal, a validator's about_field)
        field, text = refused
        return f"{_FIELD}{field or ''}{_FIELD}{text}"
    if isinstance(exc, (_RefusedError, GremlinRulesError)):  # our own words (or a class's validator's)
        return _message(exc)
    if type(exc) is ValueError:  # a hook's own sentence ("a cell is text x,y ..."), cut short
        return _cut(_message(exc), 150)
    if isinstance(exc, ForbiddenExtraKeysError):
        try:
            keys = heapq.nsmallest(3, exc.extra_fields)  # O(n), and the same every run
        except TypeError:  # keys of mixed types (data built in Python, not from JSON)
            keys = list(itertools.islice(exc.extra_fields, 3))
        more = ", ..." if len(exc.extra_fields) > 3 else ""
        return f"extra fields found ({', '.join(shown(k, 40) for k in keys)}{more})"
    return cattrs.v.format_exception(exc, t if isinstance(t, type) else None)  # no long union names


def _first_error(exc: BaseException) -> tuple[str, str]:
    try:
        messages = cattrs.transform_error(exc, path="$", format_exception=_format)
    except Exception:  # a message that cannot be formatted: say what kind of error it was
        messages = []
    if not messages:
        return _message(exc), "$"
    first = messages[0]
    text, path = first.rsplit(" @ ", 1) if " @ " in first else (first, "$")
    if text.startswith(_FIELD):  # a refusal naming a field of the object at ``path``
        field, _, text = text[1:].partition(_FIELD)
        if field:
            path = f"{path}.{field}"
    return text, path


def _message(exc: BaseException) -> str:
    """``str(exc)``, or its class name when even that fails."""
    try:
        return str(exc) or type(exc).__name__
    except Exception:
        return type(exc).__name__


_DATA_ERRORS = (cattrs.BaseValidationError, ValueError, TypeError, LookupError, AttributeError,
                ArithmeticError, RecursionError)
"""What malformed data can make cattrs or a class's own validation raise."""


def structure(conv: cattrs.Converter, data: Any, cls: Any, name: str | None = None) -> Any:
    """``data`` as an instance of ``cls``; malformed data raises SerializationError.

    ``name`` is what the message calls ``cls`` (its class name by default).
    """
    try:
        return conv.structure(data, cls)
    except SerializationError:
        raise
    except _DATA_ERRORS as exc:
        text, path = _first_error(exc)
        path = _cut(path, 100)
        what = name or getattr(cls, "__name__", None) or "data"
        # No chained cause: cattrs' own messages may hold the caller's whole input (a 10 MB key).
        # 180 characters leave room for the list of a game's action types (ten for GvG).
        raise SerializationError(_cut(f"bad data for {what}: {path}: {_cut(text, 180)}", MESSAGE_LIMIT),
                                 path) from None


def unstructure(conv: cattrs.Converter, obj: Any, as_type: Any = None) -> Any:
    """JSON-compatible dicts, lists, strings, numbers and booleans for ``obj``.

    An object whose fields hold what its class does not declare may fail:
    SerializationError.
    """
    try:
        if as_type is None:
            return conv.unstructure(obj)
        return conv.unstructure(obj, unstructure_as=as_type)
    except _DATA_ERRORS as exc:
        raise SerializationError(_cut(f"cannot convert {shown(obj)} to data: {_message(exc)}",
                                      MESSAGE_LIMIT)) from None


_ENCODER = json.JSONEncoder(sort_keys=True, separators=(",", ":"), allow_nan=False)
"""Made once: ``json.dumps`` with options would build an encoder per call."""


def dumps(data: Any) -> str:
    """Compact, key-sorted JSON text: equal objects give byte-equal text.

    Data that JSON cannot hold (an arbitrary object, ``NaN``) raises SerializationError.
    """
    try:
        return _ENCODER.encode(data)
    except (TypeError, ValueError, RecursionError) as exc:
        raise SerializationError(_cut(f"not JSON data: {_message(exc)}", MESSAGE_LIMIT)) from None


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON value")


_DECODER = json.JSONDecoder(parse_constant=_no_constant)
"""Made once: ``json.loads`` with options would build a decoder per call."""


def loads(text: str | bytes | bytearray) -> Any:
    """Parse JSON text; bad text raises SerializationError.

    Strict JSON: ``NaN``, ``Infinity`` and ``-Infinity`` are refused, and so
    are integers over 4,300 digits and nesting deeper than Python's recursion
    limit.
    """
    if not isinstance(text, (str, bytes, bytearray)):
        raise SerializationError(f"expected JSON text, got {type(text).__name__}")
    try:
        if type(text) is str and not text.startswith("\ufeff"):  # json.loads without its checks
            return _DECODER.decode(text)
        return json.loads(text, parse_constant=_no_constant)
    except RecursionError:
        raise SerializationError("not valid JSON: nested too deep") from None
    except ValueError as exc:  # JSONDecodeError, UnicodeDecodeError, an int over 4,300 digits
        message = _message(exc)
        if "integer string conversion" in message:
            message = "an integer of more than 4,300 digits"
        raise SerializationError(_cut(f"not valid JSON: {message}", MESSAGE_LIMIT)) from None
