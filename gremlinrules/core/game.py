"""Wrap a game module into a registry entry satisfying :class:`Game`.

A game module must define: ``GAME_ID``, ``TITLE``, ``MIN_PLAYERS``,
``MAX_PLAYERS``; the classes ``State``, ``Options``, ``Setup``, ``View``,
``ACTION_TYPES`` (a tuple) and ``Action`` (their union); the functions
``new_game``, ``current_player``, ``legal_actions``, ``is_legal``, ``apply``,
``is_terminal``, ``scores``, ``winners``, ``end_reason``, ``observe``, ``players``,
``all_actions``, ``decision_bound``, ``describe``, ``check_state`` and
``sample_hidden``; and ``CONVERTER`` from
:func:`gremlinrules.core.serial.make_converter`. ``PLAYER_COUNTS`` (a tuple) is
optional: by default every count from the minimum to the maximum.
``REFERENCE_RULES`` names the game's reference rules (its ``rules`` module, whose
``legal_actions``, ``is_legal`` and ``apply`` come straight from the rule
book); the package's own functions may be the faster ``fast`` versions, held to
the reference by differential tests. ``get_game(id, reference=True)`` binds the
reference ones instead.
``EVENT_TYPES`` (a tuple of the event classes) and ``Event`` (their union)
are optional: when present, events convert to and from data like actions.
``FORMAT_VERSION`` (an int, 1 by default) is optional: the version of the game's
state and view JSON, raised whenever that JSON changes; ``UPGRADES`` maps each older
version ``n`` to a function turning an ``n`` document (a state's or a view's data,
without its ``format_version`` key) into an ``n + 1`` one, so old documents still
read. ``FRAME_TYPES`` (a tuple of the game's typed decision frames,
:mod:`gremlinrules.core.frames`) is optional: they are listed in the schema.
The frontend functions ``apply_with_events``, ``observe_event``, ``action_label``,
``parse_action``, ``view_lines`` and ``event_sentence`` are required too (the last two from the
game's ``words`` module, bound as the game's ``view_text`` and ``event_text``).
``STATE_TO_JSON`` is optional too: a function giving exactly
``serial.dumps(to_data(state))`` for a state, faster (a test must show it is
the same text).
The module functions are bound directly, so the wrapper adds no cost to the
hot path. The external-chance mode (:mod:`gremlinrules.core.chance`) needs every function to answer a tracked
state too: the hot ones (``current_player``, ``legal_actions``, ``apply``, ``is_legal``,
``is_terminal``) do it themselves through :func:`gremlinrules.core.chance.foreign`; the others are wrapped.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Mapping
from fractions import Fraction
from types import ModuleType
from typing import Any

import attrs
import cattrs

from gremlinrules.core import chance as _chance
from gremlinrules.core import serial
from gremlinrules.core.errors import GremlinRulesError
from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.core.errors import SerializationError
from gremlinrules.core.errors import SetupError
from gremlinrules.core.errors import shown

__all__ = ["ModuleGame"]

_FUNCTIONS = (
    "new_game", "current_player", "legal_actions", "is_legal", "apply", "is_terminal",
    "scores", "winners", "end_reason", "observe", "players", "all_actions", "decision_bound", "describe",
    "check_state", "sample_hidden",
)

_RULE_FUNCTIONS = ("legal_actions", "is_legal", "apply")
_FRONTEND_FUNCTIONS = ("apply_with_events", "observe_event", "action_label", "parse_action", "view_text",
                       "event_text")
_MODULE_NAMES = {"view_text": "view_lines", "event_text": "event_sentence"}
"""The module's names of the frontend functions the game object names otherwise (its ``words``)."""

FORMAT_VERSION = 1
"""The format version of a state's and a view's JSON (the ``format_version`` key) of a game
that declares none, and of the external-chance mode's Tracked document."""

Upgrade = Callable[[dict[str, Any]], dict[str, Any]]
"""A document of one format version (without ``format_version``) as the next version's."""


@attrs.frozen(slots=False, repr=False, eq=False)
class ModuleGame:
    """A registered game: the module's functions plus JSON conversion."""

    module: ModuleType
    """The game's package (``gremlinrules.<game>``), whose functions this object calls."""
    id: str
    """The game id (``"goblins-vs-gnomes"``)."""
    title: str
    """The game's name as a person reads it."""
    min_players: int
    """The fewest seats a table may have."""
    max_players: int
    """The most seats a table may have."""
    State: type
    """The class of the game's states."""
    Options: type
    """The class of the game's options (its interpretations and house rules)."""
    Setup: type
    """The class of a stacked setup (a deal given instead of shuffled)."""
    View: type
    """The class of what one seat (or a spectator) sees."""
    Action: Any
    """The union of the game's action classes."""
    action_types: tuple[type, ...]
    """The action classes, in the order of the fixed action space."""
    player_counts: tuple[int, ...]
    """The player counts the game is played with."""
    converter: cattrs.Converter
    """The game's JSON converter (tagged actions, events and frames; the readable notation)."""

    new_game: Callable[..., Any]
    current_player: Callable[[Any], int | None]
    legal_actions: Callable[[Any], tuple[Any, ...]]
    is_legal: Callable[[Any, Any], bool]
    apply: Callable[[Any, Any], Any]
    is_terminal: Callable[[Any], bool]
    scores: Callable[[Any], tuple[int, ...]]
    winners: Callable[[Any], tuple[int, ...]]
    end_reason: Callable[[Any], str | None]
    observe: Callable[[Any, int | None], Any]
    players: Callable[[Any], int]
    all_actions: Callable[..., tuple[Any, ...]]
    decision_bound: Callable[..., int]
    describe: Callable[[Any, Any], str]
    check_state: Callable[[Any], None]
    sample_hidden: Callable[[Any, int, int], Any]
    state_to_json: Callable[[Any], str] | None = None

    reference: bool = False
    """True when the functions are the reference rules (no fast path)."""

    inner_functions: dict[str, Callable[..., Any]] = attrs.Factory(dict)
    """The game module's own functions (fast or reference), before the external-chance
    dispatch (:mod:`gremlinrules.core.chance`) wraps them."""

    event_types: tuple[type, ...] = ()
    """The event classes (empty for a game without events yet)."""

    Event: Any = None
    """The union of the event classes (pass it to ``from_data``), or None."""

    apply_with_events: Callable[[Any, Any], tuple[Any, tuple[Any, ...]]] = attrs.field(kw_only=True)
    """``(next state, events)``: the state equal to ``apply``'s, and what happened."""
    observe_event: Callable[[Any, int | None], Any] = attrs.field(kw_only=True)
    """What a seat (None: a spectator) sees of an event, or None when nothing."""
    action_label: Callable[[Any, Any], str] = attrs.field(kw_only=True)
    """A short text naming an action, from a view alone (a :class:`~.messages.Message`)."""
    parse_action: Callable[[str], Any] = attrs.field(kw_only=True)
    """The action written in the game's text notation (``str(action)``)."""
    view_text: Callable[[Any], tuple[str, ...]] = attrs.field(kw_only=True)
    """What a view shows, in plain sentences a person reads (the game's ``words.view_lines``):
    the seat's hand with the cards' rules text, the table, each seat's public state and the
    pending decision, from the view alone."""
    event_text: Callable[..., str] = attrs.field(kw_only=True)
    """One sentence saying what an event (as ``observe_event`` gives it to the seat) was for that
    seat (None: a spectator): ``event_text(event, seat, view=None)`` (the game's
    ``words.event_sentence``); ``view``, any view of the same table, names the table's own cards
    where the event alone does not."""
    schema_overrides: dict[type, Any] = attrs.Factory(dict)
    """The JSON Schema of classes whose JSON is not their fields (``JSON_SCHEMA_OVERRIDES``)."""

    frame_types: tuple[type, ...] = ()
    """The game's typed decision frames (``FRAME_TYPES``), listed in the schema."""

    format_version: int = FORMAT_VERSION
    """The version of this game's state and view JSON (``FORMAT_VERSION``)."""

    upgrades: Mapping[int, Upgrade] = attrs.Factory(dict)
    """Each older version's upgrade to the next (``UPGRADES``): old documents still read."""

    data_types: frozenset[type] = attrs.field(init=False, default=attrs.Factory(
        lambda self: frozenset((self.State, self.Options, self.Setup, self.View, *self.action_types,
                                *self.event_types)), takes_self=True))
    """Every class whose instances :meth:`to_data` converts."""

    @classmethod
    def from_module(cls, module: ModuleType, *, reference: bool = False) -> ModuleGame:
        """Build the registry entry from a game module (its reference rules when ``reference``)."""
        m = module
        frontend_names = [_MODULE_NAMES.get(name, name) for name in _FRONTEND_FUNCTIONS]
        missing = [name for name in (*_FUNCTIONS, *frontend_names, "CONVERTER", "ACTION_TYPES", "EVENT_TYPES",
                                     "Event", "REFERENCE_RULES") if not hasattr(m, name)]
        if missing:
            raise GremlinRulesError(f"game module {m.__name__} lacks {', '.join(missing)}, required by "
                                    "the module contract in gremlinrules/core/game.py")
        funcs = {name: getattr(m, name) for name in _FUNCTIONS}
        if reference:
            funcs.update({name: getattr(m.REFERENCE_RULES, name) for name in _RULE_FUNCTIONS})
        frontend = {name: getattr(m, _MODULE_NAMES.get(name, name)) for name in _FRONTEND_FUNCTIONS}
        inner = {**funcs, **frontend}
        box: list[ModuleGame] = []  # the game, once built: the Tracked paths need it
        game = cls(
            module=m, id=m.GAME_ID, title=m.TITLE, min_players=m.MIN_PLAYERS,
            max_players=m.MAX_PLAYERS, State=m.State, Options=m.Options, Setup=m.Setup,
            View=m.View, Action=m.Action, action_types=tuple(m.ACTION_TYPES),
            player_counts=tuple(getattr(m, "PLAYER_COUNTS", range(m.MIN_PLAYERS, m.MAX_PLAYERS + 1))),
            converter=m.CONVERTER, state_to_json=getattr(m, "STATE_TO_JSON", None), reference=reference,
            event_types=tuple(getattr(m, "EVENT_TYPES", ())), Event=getattr(m, "Event", None),
            schema_overrides=dict(getattr(m, "JSON_SCHEMA_OVERRIDES", {})),
            frame_types=tuple(getattr(m, "FRAME_TYPES", ())),
            format_version=getattr(m, "FORMAT_VERSION", FORMAT_VERSION),
            upgrades=dict(getattr(m, "UPGRADES", {})),
            inner_functions=inner,
            **{name: f if name in _ANSWERED_BY_THE_GAME and not reference else _tracking(name, f, box)
               for name, f in inner.items()},
        )
        box.append(game)
        return game

    def inner(self, name: str) -> Callable[..., Any]:
        """The game's own function ``name``, without the external-chance dispatch."""
        return self.inner_functions[name]

    def chance_outcomes(self, state: Any) -> tuple[tuple[Any, Fraction], ...]:
        """At a chance decision of an external-chance game, each legal
        :class:`~gremlinrules.core.chance.Outcome` with its exact probability (weights over
        their sum, as a :class:`~fractions.Fraction`); empty where a player decides, and
        always empty in a seeded game."""
        if type(state) is _chance.Tracked:
            return _chance.chance_outcomes(_chance.own(self, state))
        if type(state) is not self.State:
            raise InvalidArgumentError(f"{self.id}: chance_outcomes needs a state of this game, not "
                                       f"{shown(state)}")
        return ()

    def undo(self, state: Any, n: int = 1) -> Any:
        """A tracked table (external chance) before its last ``n`` entries, each outcome entered
        and each player's move counting one: the very state it was, nothing else changed
        (:func:`gremlinrules.core.chance_memory.undo`). It reaches back to the start of the
        state's memory: a new game, or a state decoded from JSON (whose pending move and
        outcomes it can take back). A seeded game replays its record instead."""
        from gremlinrules.core import chance_memory

        return chance_memory.undo(self, self._tracked(state, "undo"), n)

    def reveal(self, state: Any, outcome: Any) -> Any:
        """A tracked table once a card entered unseen (``Outcome(pool, UNSEEN)``, a card dealt or
        drawn to another seat) shows: ``Outcome(pool, item, seat=s)`` names it and the seat it
        went to; the table is entered again from that entry on, every entry checked
        (:func:`gremlinrules.core.chance_memory.reveal`). IllegalActionError when no card of that
        seat entered unseen can be that item."""
        from gremlinrules.core import chance_memory

        return chance_memory.reveal(self, self._tracked(state, "reveal"), outcome)

    def _tracked(self, state: Any, what: str) -> Any:
        if type(state) is _chance.Tracked:
            return _chance.own(self, state)
        if type(state) is self.State:
            raise InvalidArgumentError(f"{what} is for a tracked table (new_game(players, "
                                       "chance=\"external\")); a seeded game replays its record instead")
        raise InvalidArgumentError(f"{self.id}: {what} needs a tracked state of this game, not "
                                   f"{shown(state)}")

    def __repr__(self) -> str:
        return f"<Game {self.id!r}: {self.title}{' (reference rules)' if self.reference else ''}>"

    def to_data(self, obj: Any) -> Any:
        """JSON-compatible data for a state, action, view, options, setup or event of this game.

        Anything else (another game's state, any other object) raises
        SerializationError: nothing passes through unconverted.
        """
        kind = type(obj)
        if kind is _chance.Outcome:
            from gremlinrules.core.chance_data import outcome_data
            return outcome_data(obj)
        if kind is _chance.Tracked:
            from gremlinrules.core import chance_data
            return chance_data.tracked_data(self, obj)
        if kind not in self.data_types:
            raise SerializationError(self._not_ours(obj))
        data = serial.unstructure(self.converter, obj)
        if kind is self.State or kind is self.View:
            data["format_version"] = self.format_version
        return data

    def _not_ours(self, obj: Any) -> str:
        kind = type(obj)
        name = f"{getattr(kind, '__module__', '?')}.{getattr(kind, '__qualname__', '?')}"
        if len(name) > 80:
            name = name[:77] + "..."
        return (f"{self.id} converts only its own State, View, Options, Setup and action "
                f"{'and event ' if self.event_types else ''}objects, not a {name}")

    def from_data(self, data: Any, cls: Any) -> Any:
        """The inverse of :meth:`to_data`; ``cls`` is the class (or ``game.Action``).

        An action decodes through ``game.Action`` or through its own class
        (``from_data(to_data(a), type(a)) == a``). A state is also checked for
        consistency (card conservation and the game's other invariants), so a
        decoded state is always one the rules can continue from. Malformed
        data of any kind raises SerializationError with a short message.
        """
        if cls is _chance.Tracked or cls is _chance.Outcome or (
                cls is self.Action and type(data) is dict and data.get("type") == "Outcome"):
            from gremlinrules.core import chance_data  # the external-chance mode's JSON
            if cls is _chance.Tracked:
                return chance_data.tracked_from_data(self, data)
            if not chance_data.is_outcome_data(data):
                raise SerializationError("bad data for Outcome: an object whose type is \"Outcome\"")
            return chance_data.outcome_from_data(data)
        if cls is self.Action:
            name = "Action"
        elif cls is not None and cls is self.Event:
            name = "Event"
        elif isinstance(cls, type) and cls in self.data_types:
            name = cls.__name__
        else:
            raise SerializationError(f"{self.id} has no data type {shown(cls)}")
        if cls is self.State or cls is self.View:
            data = _versioned(data, name, self.format_version, self.upgrades)
        obj = serial.structure(self.converter, data, cls, name)
        if cls is self.State:
            try:
                self.check_state(obj)
            except (GremlinRulesError, ValueError, TypeError, LookupError, AttributeError, ArithmeticError,
                    RecursionError) as exc:
                # A safety net: decoded values can be absurd in ways a check trips over.
                raise SerializationError(_cut(f"inconsistent {self.id} state: {_message(exc)}")) from exc
        return obj

    def to_json(self, obj: Any) -> str:
        """:meth:`to_data` as compact, key-sorted JSON text (the same objects, the same errors)."""
        if type(obj) is self.State and self.state_to_json is not None:
            try:
                return self.state_to_json(obj)
            except (ValueError, TypeError, LookupError, AttributeError, ArithmeticError, RecursionError):
                pass  # a state holding what its class does not declare: the general path says what
        return serial.dumps(self.to_data(obj))

    def from_json(self, text: str | bytes | bytearray, cls: Any) -> Any:
        """:meth:`from_data` from JSON text (strict JSON: no ``NaN`` or ``Infinity``)."""
        return self.from_data(serial.loads(text), cls)

    def json_schema(self) -> dict[str, Any]:
        """JSON Schema (draft 2020-12) of this game's JSON: ``$defs`` State, View, Action,
        Options, Setup and Event, generated from the classes (see :mod:`.schema`), and the
        external-chance mode's Outcome (also one of the Actions) and Tracked."""
        from gremlinrules.core.schema import build_schema

        schema = build_schema(title=self.title, state=self.State, view=self.View, actions=self.action_types,
                              options=self.Options, setup=self.Setup, events=self.event_types,
                              frames=self.frame_types, overrides=self.schema_overrides)
        for name in ("State", "View"):
            entry = schema["$defs"][self.State.__name__ if name == "State" else self.View.__name__]
            entry["properties"]["format_version"] = {"const": self.format_version}
            entry["required"].append("format_version")
        from gremlinrules.core.chance_data import schema_defs  # the external-chance mode's JSON

        defs = schema["$defs"]
        defs.update(schema_defs(FORMAT_VERSION))
        defs["Action"]["oneOf"].append({"$ref": "#/$defs/Outcome"})
        return schema


def _versioned(data: Any, name: str, current: int = FORMAT_VERSION,
               upgrades: Mapping[int, Upgrade] | None = None) -> Any:
    """``data`` without its ``format_version`` key, which must be ``current`` or an older version
    that ``upgrades`` carry, step by step, to ``current``."""
    if not isinstance(data, dict):
        return data  # the converter says what is wrong
    version = data.get("format_version")
    steps = upgrades or {}
    if type(version) is not int or not (version == current or (version < current and all(
            v in steps for v in range(version, current)))):
        readable = f"{current}" if not steps else f"{min(steps)} to {current}"
        raise SerializationError(f"bad data for {name}: $.format_version: {shown(version)} is not "
                                 f"{readable}, the version this library reads", "$.format_version")
    data = {k: v for k, v in data.items() if k != "format_version"}
    for v in range(version, current):
        data = steps[v](data)
    return data


def _message(exc: BaseException) -> str:
    try:
        return str(exc)
    except Exception:  # a message that cannot even be formatted
        return type(exc).__name__


def _cut(text: str) -> str:
    limit = serial.MESSAGE_LIMIT
    return text if len(text) <= limit else text[: limit - 3] + "..."


_ANSWERED_BY_THE_GAME = frozenset({"current_player", "legal_actions", "apply", "is_legal", "is_terminal"})
"""The hot functions a game module answers for a tracked state itself (through
:func:`gremlinrules.core.chance.foreign`, on the branch where it refuses a foreign state):
bound as they are, so the seeded mode pays nothing for the external one. The reference rules
are wrapped instead."""

_ONE_ARG = frozenset({"current_player", "legal_actions", "is_terminal", "scores", "winners", "end_reason",
                      "players", "check_state"})
_TWO_ARGS = frozenset({"is_legal", "apply", "observe", "describe", "apply_with_events"})


def _tracking(name: str, f: Callable[..., Any], box: list[ModuleGame]) -> Callable[..., Any]:
    """``f``, answering for a :class:`~gremlinrules.core.chance.Tracked` state (external chance) too.

    The seeded path pays one class test; the wrappers have fixed arities to keep it cheap.
    """
    if name == "new_game":
        def new_game(players: int, seed: int = 0, *, options: Any = None, setup: Any = None,
                     chance: str = "seeded") -> Any:
            if chance == "seeded":
                return f(players, seed, options=options, setup=setup)
            if chance == "external" and seed != 0:
                raise SetupError("a seed draws the random outcomes, and external chance enters them: "
                                 "pass one or the other")
            if chance == "external":
                return _chance.new_tracked(box[0], players, options, setup)
            raise InvalidArgumentError(f"chance must be one of {', '.join(_chance.CHANCE_MODES)}, "
                                       f"not {shown(chance)}")
        new_game.__doc__ = f.__doc__
        return new_game
    tracked_class = _chance.Tracked
    if name in _ONE_ARG:
        impl1 = getattr(_chance, name)

        def one(state: Any) -> Any:
            if state.__class__ is tracked_class:
                return impl1(box[0], _chance.own(box[0], state))
            return f(state)
        one.__doc__ = f.__doc__
        return one
    if name in _TWO_ARGS:
        impl2 = getattr(_chance, name)

        def two(state: Any, arg: Any) -> Any:
            if state.__class__ is tracked_class:
                return impl2(box[0], _chance.own(box[0], state), arg)
            return f(state, arg)
        two.__doc__ = f.__doc__
        return two
    if name == "sample_hidden":
        def sample(state: Any, player: int, seed: int) -> Any:
            if state.__class__ is tracked_class:
                return _chance.sample_hidden(box[0], _chance.own(box[0], state), player, seed)
            return f(state, player, seed)
        sample.__doc__ = f.__doc__
        return sample
    if name == "parse_action":
        def parse_action(text: str) -> Any:
            outcome = _chance.parse_outcome(text) if type(text) is str else None
            return f(text) if outcome is None else outcome
        parse_action.__doc__ = f.__doc__
        return parse_action
    return f  # functions of players and options, events and views: nothing to dispatch

