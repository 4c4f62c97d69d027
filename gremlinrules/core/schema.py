"""JSON Schema (draft 2020-12) generated from a game's attrs classes.

The schema follows the classes the converter (:mod:`gremlinrules.core.serial`)
writes, so it cannot drift from them: integers, strings and booleans are
strict; a ``tuple[X, ...]`` is an array of X and a fixed tuple an array of
exactly its items; an enum is one of its values; an attrs class is an object
with exactly its fields (no others), the fields without a default required;
an action carries ``"type": "<ClassName>"``, and a union of actions is one of
them. Every attrs class met becomes an entry of ``$defs`` under its class name,
and the top-level ``$defs`` also name ``State``, ``View``, ``Action``,
``Options``, ``Setup`` and, when the game has events, ``Event``, and when it has
typed decision frames (:mod:`.frames`), ``Frame`` (one of them, each tagged
``"type": "<ClassName>"``; a field typed with the base class refers to it).

A class whose JSON is not its fields (a custom converter hook) can give its
schema in the game's ``JSON_SCHEMA_OVERRIDES`` mapping.
"""

from __future__ import annotations

import copy
import enum
import typing
from collections.abc import Mapping
from types import NoneType
from types import UnionType
from typing import Any
from typing import Union
from typing import get_args
from typing import get_origin

import attrs

from gremlinrules.core.frames import Frame as BaseFrame

__all__ = ["DIALECT", "build_schema"]

DIALECT = "https://json-schema.org/draft/2020-12/schema"
"""The JSON Schema dialect of every schema this module makes."""

JSON = dict[str, Any]


class _Builder:
    def __init__(self, actions: tuple[type, ...], overrides: Mapping[type, JSON],
                 frames: tuple[type, ...] = ()) -> None:
        self.actions = frozenset(actions + frames)
        self.frames = frames
        self.overrides = overrides
        self.defs: dict[str, JSON] = {}

    def ref(self, cls: type) -> JSON:
        name = cls.__name__
        if name not in self.defs:
            self.defs[name] = {}  # a placeholder first: classes may refer to themselves
            self.defs[name] = self.object(cls)
        return {"$ref": f"#/$defs/{name}"}

    def object(self, cls: type) -> JSON:
        if cls in self.overrides:
            return copy.deepcopy(dict(self.overrides[cls]))  # json_schema() edits what it returns
        hints = typing.get_type_hints(cls)
        props: dict[str, JSON] = {}
        required: list[str] = []
        if cls in self.actions:
            props["type"] = {"const": cls.__name__}
            required.append("type")
        for field in attrs.fields(cls):
            props[field.name] = self.of(hints[field.name])
            if field.default is attrs.NOTHING:
                required.append(field.name)
        doc = (cls.__doc__ or "").strip().split("\n\n")[0].replace("\n", " ")
        out: JSON = {"type": "object", "properties": props, "required": required,
                     "additionalProperties": False}
        if doc:
            out["description"] = doc
        return out

    def of(self, t: Any) -> JSON:
        if t is bool:
            return {"type": "boolean"}
        if t is int:
            return {"type": "integer"}
        if t is str:
            return {"type": "string"}
        if t is float:
            return {"type": "number"}
        if t is NoneType or t is None:
            return {"type": "null"}
        if isinstance(t, type) and issubclass(t, enum.Enum):
            return {"enum": [m.value for m in t]}
        origin = get_origin(t)
        args = get_args(t)
        if origin is tuple:
            if len(args) == 2 and args[1] is Ellipsis:
                return {"type": "array", "items": self.of(args[0])}
            return {"type": "array", "prefixItems": [self.of(a) for a in args], "items": False,
                    "minItems": len(args)}
        if origin in (Union, UnionType):
            return {"anyOf": [self.of(a) for a in args]}
        if origin is typing.Literal:
            return {"enum": list(args)}
        if t is BaseFrame and self.frames:
            if "Frame" not in self.defs:
                self.defs["Frame"] = {}
                self.defs["Frame"] = {"oneOf": [self.ref(f) for f in self.frames]}
            return {"$ref": "#/$defs/Frame"}
        if isinstance(t, type) and (attrs.has(t) or t in self.overrides):
            return self.ref(t)
        raise TypeError(f"no JSON Schema for {t!r}")


def build_schema(*, title: str, state: type, view: type, actions: tuple[type, ...], options: type,
                 setup: type, events: tuple[type, ...] = (), frames: tuple[type, ...] = (),
                 overrides: Mapping[type, JSON] | None = None) -> JSON:
    """The JSON Schema of one game's state, view, actions, options, setup (and events, and
    typed decision frames)."""
    b = _Builder(actions + events, overrides or {}, frames)
    named: dict[str, JSON] = {
        "State": b.of(state), "View": b.of(view), "Options": b.of(options), "Setup": b.of(setup),
        "Action": {"oneOf": [b.of(a) for a in actions]},
    }
    if events:
        named["Event"] = {"oneOf": [b.of(e) for e in events]}
    if frames:
        named["Frame"] = {"oneOf": [b.of(f) for f in frames]}
    for key, value in named.items():  # the class names may coincide with these keys: merge
        if b.defs.get(key) is not None and value == {"$ref": f"#/$defs/{key}"}:
            continue
        b.defs[key] = value
    return {"$schema": DIALECT, "title": title, "$defs": dict(sorted(b.defs.items()))}
