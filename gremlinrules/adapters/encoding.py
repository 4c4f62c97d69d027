"""A numeric encoding of any game's ``View``: a flat vector of documented meaning.

The layout is derived from the View class's type annotations, field by field
in declaration order, so it holds exactly what the view holds and a game added
later is covered by registering it:

==========================  ======================================================
annotation                  encoding
==========================  ======================================================
``bool``                    one value, 0 or 1
``int``, ``float``          one value, the number itself (not rescaled)
an ``enum.Enum``            one-hot over its members, in declaration order
``str``                     one-hot over a vocabulary, plus a final "other" slot
``X | None``                a presence flag (1 when not None), then X (zeros when None)
``A | B``                   a one-hot tag over the alternatives, then each one's encoding
``A | B`` of attrs classes  a one-hot tag over the classes, then each field once: a field
                            that several classes declare with the same name and type is
                            one slot they share (zeros for a class without it)
an attrs class              its fields' encodings, in declaration order
``tuple[A, B]``             A's encoding, then B's
``tuple[X, ...]``           the length, then ``capacity`` slots of X (unused slots zero)
``frozenset[X]``            as ``tuple[X, ...]`` over the sorted members
anything else               nothing (listed as "not encoded" in the layout)
==========================  ======================================================

Capacities of variable-length tuples and string vocabularies come from
:mod:`gremlinrules.adapters.hints`: bounds derived from the rules and the
component data for the player count and options, so for every registered game
the encoding is exact (no tuple is ever truncated, no string ever lands in
"other"; :meth:`ViewEncoder.losses` reports it if one did).

Fallback, for a game registered later without hints: the paths without a hint
are calibrated from seeded random playouts (:data:`CALIBRATION_SEEDS`, every
seat's view at every step; capacity = the longest tuple seen plus a quarter,
vocabulary = every string seen, sorted) and a :class:`CalibrationWarning` names
them (``ViewEncoder.calibrated`` lists them). There a longer tuple is truncated
to its first ``capacity`` items (its length value still says how long it was)
and an unseen string lands in the "other" slot. Either way the layout is fixed
for a given game, player count, options and library version;
``ViewEncoder.layout`` lists it (the docs render the same table).
"""

from __future__ import annotations

import enum
import functools
import random
import types
import typing
import warnings
from collections.abc import Iterator
from typing import Any

import attrs

from gremlinrules.adapters.hints import COUNTS
from gremlinrules.adapters.hints import INDEX
from gremlinrules.adapters.hints import Shapes
from gremlinrules.adapters.hints import hints_for
from gremlinrules.adapters.hints import shapes_for
from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.core.errors import shown
from gremlinrules.core.protocol import Game

__all__ = ["CALIBRATION_SEEDS", "CalibrationWarning", "Field", "ViewEncoder", "view_encoder"]

CALIBRATION_SEEDS = range(8)
"""Seeds of the random playouts that calibrate capacities and vocabularies without hints."""
_CALIBRATION_STATES = 3000
"""At most this many states are observed in a calibration (it stays quick for long games)."""


class CalibrationWarning(UserWarning):
    """A game without encoding hints: some capacities or vocabularies were calibrated."""


@attrs.frozen
class Field:
    """One top-level View field's place in the vector."""

    name: str
    offset: int
    size: int
    encoding: str
    """How the values are laid out, e.g. ``length, 9 x [suit one-hot(red, purple), rank]``."""


def _one_hot(i: int, n: int) -> tuple[float, ...]:
    return tuple(1.0 if j == i else 0.0 for j in range(n))


class _Node:
    """A part of the layout; ``size`` is fixed once calibration is finished."""

    size = 0

    def __init__(self, path: str) -> None:
        self.path = path

    def calibrate(self, value: Any) -> None:
        """Record what a sample value needs (lengths, strings)."""

    def finish(self, caps: dict[str, int], vocabs: dict[str, tuple[str, ...]]) -> None:
        """Fix capacities and vocabularies, then the size."""

    def emit(self, value: Any, out: list[float]) -> None:
        """Append the encoding of ``value``."""
        raise NotImplementedError

    def describe(self) -> str:
        """A short description of the layout."""
        raise NotImplementedError


class _Number(_Node):
    size = 1

    def emit(self, value: Any, out: list[float]) -> None:
        out.append(float(value))

    def describe(self) -> str:
        return "value"


class _Skip(_Node):
    def __init__(self, path: str, kind: Any) -> None:
        super().__init__(path)
        self.kind = kind

    def emit(self, value: Any, out: list[float]) -> None:
        return

    def describe(self) -> str:
        return f"not encoded ({self.kind!r})"


class _Enum(_Node):
    def __init__(self, path: str, cls: type[enum.Enum]) -> None:
        super().__init__(path)
        self.members = tuple(cls)
        self.index = {m: i for i, m in enumerate(self.members)}
        self.size = len(self.members)
        self.hot = {m: _one_hot(i, self.size) for i, m in enumerate(self.members)}

    def emit(self, value: Any, out: list[float]) -> None:
        out.extend(self.hot[value])

    def describe(self) -> str:
        return "one-hot(" + ", ".join(str(m.value) for m in self.members) + ")"


class _Str(_Node):
    def __init__(self, path: str) -> None:
        super().__init__(path)
        self.seen: set[str] = set()
        self.vocab: tuple[str, ...] = ()
        self.hot: dict[str, tuple[float, ...]] = {}
        self.other: tuple[float, ...] = ()

    def calibrate(self, value: Any) -> None:
        self.seen.add(value)

    def finish(self, caps: dict[str, int], vocabs: dict[str, tuple[str, ...]]) -> None:
        self.vocab = vocabs.get(self.path, tuple(sorted(self.seen)))
        self.size = len(self.vocab) + 1
        self.hot = {s: _one_hot(i, self.size) for i, s in enumerate(self.vocab)}
        self.other = _one_hot(len(self.vocab), self.size)

    def emit(self, value: Any, out: list[float]) -> None:
        out.extend(self.hot.get(value, self.other))

    def describe(self) -> str:
        return "one-hot(" + ", ".join(self.vocab + ("other",)) + ")"


class _Optional(_Node):
    def __init__(self, path: str, inner: _Node) -> None:
        super().__init__(path)
        self.inner = inner

    def calibrate(self, value: Any) -> None:
        if value is not None:
            self.inner.calibrate(value)

    def finish(self, caps: dict[str, int], vocabs: dict[str, tuple[str, ...]]) -> None:
        self.inner.finish(caps, vocabs)
        self.size = 1 + self.inner.size
        self.zeros = (0.0,) * self.size

    def emit(self, value: Any, out: list[float]) -> None:
        if value is None:
            out.extend(self.zeros)
        else:
            out.append(1.0)
            self.inner.emit(value, out)

    def describe(self) -> str:
        return f"present, {self.inner.describe()}"


class _Union(_Node):
    def __init__(self, path: str, kinds: tuple[Any, ...], nodes: tuple[_Node, ...]) -> None:
        super().__init__(path)
        self.kinds = kinds
        self.nodes = nodes

    def _which(self, value: Any) -> int:
        for i, kind in enumerate(self.kinds):
            if isinstance(value, typing.get_origin(kind) or kind):
                return i
        raise InvalidArgumentError(f"{self.path}: {shown(value)} matches none of {self.kinds}")

    def calibrate(self, value: Any) -> None:
        self.nodes[self._which(value)].calibrate(value)

    def finish(self, caps: dict[str, int], vocabs: dict[str, tuple[str, ...]]) -> None:
        for node in self.nodes:
            node.finish(caps, vocabs)
        self.size = len(self.nodes) + sum(n.size for n in self.nodes)

    def emit(self, value: Any, out: list[float]) -> None:
        which = self._which(value)
        tag = [0.0] * len(self.nodes)
        tag[which] = 1.0
        out.extend(tag)
        for i, node in enumerate(self.nodes):
            if i == which:
                node.emit(value, out)
            else:
                out.extend([0.0] * node.size)

    def describe(self) -> str:
        names = ", ".join(getattr(k, "__name__", str(k)) for k in self.kinds)
        return f"tag one-hot({names}), then " + "; ".join(f"[{n.describe()}]" for n in self.nodes)


_Slot = tuple[_Node, "str | None", tuple[float, ...]]
"""A field slot of a :class:`_Variants`: its node, the class's field name there (None: the class
has no such field, zeros) and the zeros of its size."""


class _Variants(_Node):
    """A union of record classes: the one-hot tag of the class, then every field once, by name
    and type in the order the classes declare them; the classes declaring a field share its slot
    (a field of the same name but another type has a slot of its own). So the vector is as long
    as the tag and the distinct fields, not the sum of every class's fields, and still says
    everything: the tag names the class, which says which slots hold its fields."""

    def __init__(self, path: str, kinds: tuple[type, ...], shapes: Shapes) -> None:
        super().__init__(path)
        self.kinds = kinds
        prefix = path + "." if path else ""
        slots: dict[tuple[str, Any], int] = {}
        labels: list[str] = []
        nodes: list[_Node] = []
        owners: list[list[str]] = []
        self.members: dict[type, tuple[tuple[str, int], ...]] = {}
        for kind in kinds:
            hints = typing.get_type_hints(kind)
            mine: list[tuple[str, int]] = []
            for name in _field_names(kind):
                key = (name, hints[name])
                if key not in slots:
                    slots[key] = len(nodes)
                    labels.append(name)
                    nodes.append(_node(prefix + name, hints[name], shapes))
                    owners.append([])
                owners[slots[key]].append(kind.__name__)
                mine.append((name, slots[key]))
            self.members[kind] = tuple(mine)
        self.nodes = tuple(nodes)
        clash = {label for label in labels if labels.count(label) > 1}
        self.labels = tuple(f"{label} of {'/'.join(who)}" if label in clash else label
                            for label, who in zip(labels, owners, strict=True))
        self.owners = tuple(tuple(who) for who in owners)

    def _which(self, value: Any) -> int:
        kind = type(value)
        if kind in self.members:
            return self.kinds.index(kind)
        for i, k in enumerate(self.kinds):
            if isinstance(value, k):
                return i
        raise InvalidArgumentError(f"{self.path}: {shown(value)} matches none of {self.kinds}")

    def _fields(self, value: Any) -> tuple[tuple[str, int], ...]:
        return self.members[self.kinds[self._which(value)]]

    def calibrate(self, value: Any) -> None:
        for name, slot in self._fields(value):
            self.nodes[slot].calibrate(getattr(value, name))

    def finish(self, caps: dict[str, int], vocabs: dict[str, tuple[str, ...]]) -> None:
        for node in self.nodes:
            node.finish(caps, vocabs)
        self.size = len(self.kinds) + sum(n.size for n in self.nodes)
        self.plans: dict[type, tuple[tuple[float, ...], tuple[_Slot, ...]]] = {}
        for i, kind in enumerate(self.kinds):
            named = {slot: name for name, slot in self.members[kind]}
            self.plans[kind] = (_one_hot(i, len(self.kinds)), tuple(
                (node, named.get(slot), (0.0,) * node.size) for slot, node in enumerate(self.nodes)))

    def emit(self, value: Any, out: list[float]) -> None:
        tag, plan = self.plans[self.kinds[self._which(value)]]
        out.extend(tag)
        for node, name, zeros in plan:
            if name is None:
                out.extend(zeros)
            else:
                node.emit(getattr(value, name), out)

    def describe(self) -> str:
        names = ", ".join(k.__name__ for k in self.kinds)
        every = len(self.kinds)
        parts = [f"{label}: {node.describe()}" + ("" if len(who) == every else f" ({', '.join(who)})")
                 for label, node, who in zip(self.labels, self.nodes, self.owners, strict=True) if node.size]
        return f"tag one-hot({names}), then the fields, each once: " + "; ".join(parts)


class _Record(_Node):
    def __init__(self, path: str, names: tuple[str, ...], nodes: tuple[_Node, ...]) -> None:
        super().__init__(path)
        self.names = names
        self.nodes = nodes

    def calibrate(self, value: Any) -> None:
        for name, node in zip(self.names, self.nodes, strict=True):
            node.calibrate(getattr(value, name))

    def finish(self, caps: dict[str, int], vocabs: dict[str, tuple[str, ...]]) -> None:
        for node in self.nodes:
            node.finish(caps, vocabs)
        self.size = sum(n.size for n in self.nodes)

    def emit(self, value: Any, out: list[float]) -> None:
        for name, node in zip(self.names, self.nodes, strict=True):
            node.emit(getattr(value, name), out)

    def describe(self) -> str:
        return ", ".join(f"{name}: {node.describe()}" for name, node in zip(self.names, self.nodes,
                                                                            strict=True) if node.size)


class _Tuple(_Node):
    def __init__(self, path: str, nodes: tuple[_Node, ...]) -> None:
        super().__init__(path)
        self.nodes = nodes

    def calibrate(self, value: Any) -> None:
        for item, node in zip(value, self.nodes, strict=True):
            node.calibrate(item)

    def finish(self, caps: dict[str, int], vocabs: dict[str, tuple[str, ...]]) -> None:
        for node in self.nodes:
            node.finish(caps, vocabs)
        self.size = sum(n.size for n in self.nodes)

    def emit(self, value: Any, out: list[float]) -> None:
        for item, node in zip(value, self.nodes, strict=True):
            node.emit(item, out)

    def describe(self) -> str:
        return "(" + "; ".join(n.describe() for n in self.nodes) + ")"


class _Seq(_Node):
    def __init__(self, path: str, inner: _Node, *, sort: bool = False) -> None:
        super().__init__(path)
        self.inner = inner
        self.sort = sort
        self.longest = 0
        self.capacity = 0
        self.zeros: tuple[float, ...] = ()

    def _items(self, value: Any) -> Any:
        return sorted(value) if self.sort else value

    def calibrate(self, value: Any) -> None:
        self.longest = max(self.longest, len(value))
        for item in value:
            self.inner.calibrate(item)

    def finish(self, caps: dict[str, int], vocabs: dict[str, tuple[str, ...]]) -> None:
        self.inner.finish(caps, vocabs)
        self.capacity = caps.get(self.path, max(1, self.longest + (self.longest + 3) // 4))
        self.size = 1 + self.capacity * self.inner.size
        self.zeros = (0.0,) * self.size

    def emit(self, value: Any, out: list[float]) -> None:
        items = self._items(value)
        out.append(float(len(items)))
        if len(items) > self.capacity:
            items = items[:self.capacity]
        emit = self.inner.emit
        for item in items:
            emit(item, out)
        out.extend(self.zeros[: (self.capacity - len(items)) * self.inner.size])

    def describe(self) -> str:
        return f"length, then {self.capacity} x [{self.inner.describe()}]"


class _Index(_Node):
    """A string as one number: its place in the vocabulary from 1, 0 for "other" (a shape hint, for
    a string of a long vocabulary such as a map's spaces: one value instead of hundreds)."""

    size = 1

    def __init__(self, path: str) -> None:
        super().__init__(path)
        self.seen: set[str] = set()
        self.vocab: tuple[str, ...] = ()
        self.number: dict[str, float] = {}

    def calibrate(self, value: Any) -> None:
        self.seen.add(value)

    def finish(self, caps: dict[str, int], vocabs: dict[str, tuple[str, ...]]) -> None:
        self.vocab = vocabs.get(self.path, tuple(sorted(self.seen)))
        self.number = {s: float(i + 1) for i, s in enumerate(self.vocab)}

    def emit(self, value: Any, out: list[float]) -> None:
        out.append(self.number.get(value, 0.0))

    def describe(self) -> str:
        return f"index 1-{len(self.vocab)} (0: other) in ({', '.join(self.vocab)})"


class _Counts(_Node):
    """A tuple of strings or enum members as how many of each it holds (a shape hint, for a pile the
    view keeps sorted, so nothing is lost: a hand of alike copies is one count per design, not one
    slot per copy). Strings outside the vocabulary count in a final "other" slot."""

    def __init__(self, path: str, inner: _Node) -> None:
        super().__init__(path)
        if not isinstance(inner, _Str | _Enum):
            raise InvalidArgumentError(f"{path}: only a tuple of strings or enum members can be counted")
        self.inner = inner
        self.order: dict[Any, int] = {}
        """Each value's place in the vocabulary: its count's slot, and its rank in the sorted order."""

    def calibrate(self, value: Any) -> None:
        for item in value:
            self.inner.calibrate(item)

    def finish(self, caps: dict[str, int], vocabs: dict[str, tuple[str, ...]]) -> None:
        self.inner.finish(caps, vocabs)
        inner = self.inner
        keys: tuple[Any, ...] = inner.members if isinstance(inner, _Enum) else inner.vocab
        self.order = {k: i for i, k in enumerate(keys)}
        self.size = len(keys) + (1 if isinstance(inner, _Str) else 0)

    def emit(self, value: Any, out: list[float]) -> None:
        counts = [0.0] * self.size
        other = self.size - 1
        for item in value:
            counts[self.order.get(item, other)] += 1.0
        out.extend(counts)

    def in_order(self, value: Any) -> bool:
        """Whether ``value`` is sorted in the vocabulary's order (so the counts lose nothing)."""
        ranks = [self.order.get(item, len(self.order)) for item in value]
        return ranks == sorted(ranks)

    def describe(self) -> str:
        what = self.inner.describe().removeprefix("one-hot(")
        return f"count of each of ({what}"


def _node(path: str, kind: Any, shapes: Shapes) -> _Node:
    origin = typing.get_origin(kind)
    args = typing.get_args(kind)
    if origin in (typing.Union, types.UnionType):
        rest = tuple(a for a in args if a is not type(None))
        if len(rest) == 1:
            inner = _node(path, rest[0], shapes)
        elif all(isinstance(a, type) and attrs.has(a) for a in rest):
            inner = _Variants(path, rest, shapes)
        else:
            inner = _Union(path, rest, tuple(_node(path, a, shapes) for a in rest))
        return _Optional(path, inner) if len(rest) < len(args) else inner
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            if shapes.get(path) == COUNTS:
                return _Counts(path, _node(path + "[*]", args[0], shapes))
            return _Seq(path, _node(path + "[*]", args[0], shapes))
        return _Tuple(path, tuple(_node(f"{path}[{i}]", a, shapes) for i, a in enumerate(args)))
    if origin in (frozenset, set):
        return _Seq(path, _node(path + "[*]", args[0], shapes), sort=True)
    if kind is bool or kind is int or kind is float:
        return _Number(path)
    if kind is str:
        return _Index(path) if shapes.get(path) == INDEX else _Str(path)
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        return _Enum(path, kind)
    if isinstance(kind, type) and (attrs.has(kind) or hasattr(kind, "__match_args__")):
        return _record(path, kind, shapes)  # attrs classes, and value classes naming their fields
    return _Skip(path, kind)


def _field_names(cls: type) -> tuple[str, ...]:
    match_args: tuple[str, ...] = getattr(cls, "__match_args__", ())
    return tuple(f.name for f in attrs.fields(cls)) if attrs.has(cls) else match_args


def _record(path: str, cls: type, shapes: Shapes) -> _Record:
    hints = typing.get_type_hints(cls)
    names = _field_names(cls)
    prefix = path + "." if path else ""
    return _Record(path, names, tuple(_node(prefix + n, hints[n], shapes) for n in names))


def _unhinted(node: _Node, caps: dict[str, int], vocabs: dict[str, tuple[str, ...]],
              found: list[str]) -> None:
    """Collect the paths of tuples and strings under ``node`` that have no hint."""
    if isinstance(node, _Seq):
        if node.path not in caps:
            found.append(node.path)
        _unhinted(node.inner, caps, vocabs, found)
    elif isinstance(node, _Counts):
        _unhinted(node.inner, caps, vocabs, found)
    elif isinstance(node, _Str | _Index):
        if node.path not in vocabs:
            found.append(node.path)
    elif isinstance(node, _Optional):
        _unhinted(node.inner, caps, vocabs, found)
    elif isinstance(node, _Record | _Tuple | _Union | _Variants):
        for sub in node.nodes:
            _unhinted(sub, caps, vocabs, found)


def _hinted_paths(node: _Node, found: set[str]) -> None:
    """Collect every path under ``node`` that takes a hint (tuples and strings)."""
    if isinstance(node, _Seq | _Str | _Index | _Counts):
        found.add(node.path)  # a counted tuple's capacity hint is its bound, not needed to encode
    if isinstance(node, _Seq | _Optional | _Counts):
        _hinted_paths(node.inner, found)
    elif isinstance(node, _Record | _Tuple | _Union | _Variants):
        for sub in node.nodes:
            _hinted_paths(sub, found)


def _losses(node: _Node, value: Any, found: list[str]) -> None:
    if isinstance(node, _Seq):
        if len(value) > node.capacity:
            found.append(f"{node.path}: {len(value)} items > capacity {node.capacity}")
        for item in value:
            _losses(node.inner, item, found)
    elif isinstance(node, _Counts):
        if not node.in_order(value):
            found.append(f"{node.path}: not in the vocabulary's order (counted, its order is lost)")
        for item in value:
            _losses(node.inner, item, found)
    elif isinstance(node, _Str):
        if value not in node.hot:
            found.append(f"{node.path}: {value!r} is not in the vocabulary (encoded as other)")
    elif isinstance(node, _Index):
        if value not in node.number:
            found.append(f"{node.path}: {value!r} is not in the vocabulary (encoded as 0, other)")
    elif isinstance(node, _Optional):
        if value is not None:
            _losses(node.inner, value, found)
    elif isinstance(node, _Record):
        for name, sub in zip(node.names, node.nodes, strict=True):
            _losses(sub, getattr(value, name), found)
    elif isinstance(node, _Tuple):
        for item, sub in zip(value, node.nodes, strict=True):
            _losses(sub, item, found)
    elif isinstance(node, _Union):
        _losses(node.nodes[node._which(value)], value, found)
    elif isinstance(node, _Variants):
        for name, slot in node._fields(value):
            _losses(node.nodes[slot], getattr(value, name), found)


class ViewEncoder:
    """Encodes one game's views (for a player count and options) as flat float vectors."""

    def __init__(self, game: Game, players: int, options: Any = None) -> None:
        game.all_actions(players, options)  # the players and options checked (SetupError) first
        self.game = game
        self.players = players
        self.options = options
        self.shapes: Shapes = shapes_for(game.id)
        """The paths encoded compactly (:data:`~gremlinrules.adapters.hints.SHAPES`)."""
        self._root = _record("", game.View, self.shapes)
        caps, vocabs = hints_for(game.id, players, options)
        missing: list[str] = []
        _unhinted(self._root, caps, vocabs, missing)
        self.calibrated: tuple[str, ...] = tuple(missing)
        """The paths whose capacity or vocabulary was calibrated (empty for every registered game)."""
        known: set[str] = set()
        _hinted_paths(self._root, known)
        self.unused_hints: tuple[str, ...] = tuple(sorted((caps.keys() | vocabs.keys()) - known))
        """Hinted paths the View does not have (a stale hint; empty when hints match the View)."""
        if missing:
            warnings.warn(
                f"{game.id} has no encoding hints for {', '.join(missing)}: calibrated from random "
                "playouts, so a longer tuple may be truncated or a string fall into 'other'; add the "
                "game to gremlinrules.adapters.hints.HINTS", CalibrationWarning, stacklevel=2)
            self._calibrate()
        self._root.finish(caps, vocabs)
        self.size: int = self._root.size
        """The length of every vector."""

    def _calibrate(self) -> None:
        game, seen = self.game, 0
        for seed in CALIBRATION_SEEDS:
            rnd = random.Random(seed)
            state = game.new_game(self.players, seed, options=self.options)
            while seen < _CALIBRATION_STATES:
                for seat in range(self.players):
                    self._root.calibrate(game.observe(state, seat))
                seen += 1
                if game.is_terminal(state):
                    break
                legal = game.legal_actions(state)
                state = game.apply(state, legal[rnd.randrange(len(legal))])

    def encode(self, view: Any) -> list[float]:
        """The vector of ``view`` (a View of this game)."""
        if not isinstance(view, self.game.View):
            raise InvalidArgumentError(f"expected a {self.game.title} View, not {type(view).__name__}")
        out: list[float] = []
        self._root.emit(view, out)
        return out

    def encode_state(self, state: Any, player: int) -> list[float]:
        """The vector of what seat ``player`` sees in ``state``."""
        return self.encode(self.game.observe(state, player))

    def losses(self, view: Any) -> list[str]:
        """Where encoding ``view`` loses information: each tuple longer than its capacity
        (truncated) and each string outside its vocabulary (encoded as "other"); [] when exact."""
        found: list[str] = []
        _losses(self._root, view, found)
        return found

    def layout(self) -> tuple[Field, ...]:
        """Every top-level field's offset, size and encoding, in vector order."""
        return tuple(self._fields())

    def _fields(self) -> Iterator[Field]:
        offset = 0
        for name, node in zip(self._root.names, self._root.nodes, strict=True):
            yield Field(name, offset, node.size, node.describe())
            offset += node.size


@functools.lru_cache(maxsize=64)
def _cached(game: Game, players: int, options: Any) -> ViewEncoder:
    return ViewEncoder(game, players, options)


def view_encoder(game: Game, players: int, options: Any = None) -> ViewEncoder:
    """The (cached) encoder for ``game`` with ``players`` seats and ``options``."""
    try:
        return _cached(game, players, options)  # type: ignore[arg-type]  # registry games hash by id
    except (TypeError, AttributeError):  # unhashable (or half-built) options: no cache
        return ViewEncoder(game, players, options)
