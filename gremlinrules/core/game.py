"""Wrap a game module into a registry entry satisfying :class:`Game`.

A game module must define: ``GAME_ID``, ``TITLE``, ``MIN_PLAYERS``,
``MAX_PLAYERS``; the classes ``State``, ``Options``, ``Setup``, ``View``,
``ACTION_TYPES`` (a tuple) and ``Action`` (their union); the functions
``new_game``, ``current_player``, ``legal_actions``, ``is_legal``, ``apply``,
``is_terminal``, ``scores``, ``winners``, ``observe``, ``players``,
``all_actions``, ``decision_bound``, ``describe``, ``check_state`` and
``sample_hidden``; and ``CONVERTER`` from
:func:`gremlinrules.core.serial.make_converter`. ``PLAYER_COUNTS`` (a tuple) is
optional: by default every count from the minimum to the maximum.
``REFERENCE_RULES`` names the game's reference rules (its ``rules`` module, whose
``legal_actions``, ``is_legal`` and ``apply`` come straight from the rule
book); the package's own functions may be the faster ``fast`` versions, held to
the reference by differential tests. ``get_game(id, reference=True)`` binds the
reference ones instead.
``STATE_TO_JSON`` is optional too: a function giving exactly
``serial.dumps(to_data(state))`` for a state, faster (a test must show it is
the same text).
The module functions are bound directly, so the wrapper adds no cost to the
hot path.
"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import Any

import attrs
import cattrs

from gremlinrules.core import serial
from gremlinrules.core.errors import GremlinRulesError, SerializationError

__all__ = ["ModuleGame"]

_FUNCTIONS = (
    "new_game", "current_player", "legal_actions", "is_legal", "apply", "is_terminal",
    "scores", "winners", "observe", "players", "all_actions", "decision_bound", "describe",
    "check_state", "sample_hidden",
)

_RULE_FUNCTIONS = ("legal_actions", "is_legal", "apply")


@attrs.frozen(slots=False, repr=False, eq=False)
class ModuleGame:
    """A registered game: the module's functions plus JSON conversion."""

    module: ModuleType
    id: str
    title: str
    min_players: int
    max_players: int
    State: type
    Options: type
    Setup: type
    View: type
    Action: Any
    action_types: tuple[type, ...]
    player_counts: tuple[int, ...]
    converter: cattrs.Converter

    new_game: Callable[..., Any]
    current_player: Callable[[Any], int | None]
    legal_actions: Callable[[Any], tuple[Any, ...]]
    is_legal: Callable[[Any, Any], bool]
    apply: Callable[[Any, Any], Any]
    is_terminal: Callable[[Any], bool]
    scores: Callable[[Any], tuple[int, ...]]
    winners: Callable[[Any], tuple[int, ...]]
    observe: Callable[[Any, int], Any]
    players: Callable[[Any], int]
    all_actions: Callable[..., tuple[Any, ...]]
    decision_bound: Callable[..., int]
    describe: Callable[[Any, Any], str]
    check_state: Callable[[Any], None]
    sample_hidden: Callable[[Any, int, int], Any]
    state_to_json: Callable[[Any], str] | None = None

    reference: bool = False
    """True when the functions are the reference rules (no fast path)."""

    @classmethod
    def from_module(cls, module: ModuleType, *, reference: bool = False) -> ModuleGame:
        """Build the registry entry from a game module (its reference rules when ``reference``)."""
        m = module
        missing = [name for name in (*_FUNCTIONS, "CONVERTER", "ACTION_TYPES", "REFERENCE_RULES")
                   if not hasattr(m, name)]
        if missing:
            raise GremlinRulesError(f"game module {m.__name__} lacks {', '.join(missing)}, required by "
                                    "the module contract in gremlinrules/core/game.py")
        funcs = {name: getattr(m, name) for name in _FUNCTIONS}
        if reference:
            funcs.update({name: getattr(m.REFERENCE_RULES, name) for name in _RULE_FUNCTIONS})
        return cls(
            module=m, id=m.GAME_ID, title=m.TITLE, min_players=m.MIN_PLAYERS,
            max_players=m.MAX_PLAYERS, State=m.State, Options=m.Options, Setup=m.Setup,
            View=m.View, Action=m.Action, action_types=tuple(m.ACTION_TYPES),
            player_counts=tuple(getattr(m, "PLAYER_COUNTS", range(m.MIN_PLAYERS, m.MAX_PLAYERS + 1))),
            converter=m.CONVERTER, state_to_json=getattr(m, "STATE_TO_JSON", None), reference=reference,
            **funcs,
        )

    def __repr__(self) -> str:
        return f"<Game {self.id!r}: {self.title}{' (reference rules)' if self.reference else ''}>"

    def to_data(self, obj: Any) -> Any:
        """JSON-compatible data for a state, action, view, options or setup."""
        return serial.unstructure(self.converter, obj)

    def from_data(self, data: Any, cls: Any) -> Any:
        """The inverse of :meth:`to_data`; ``cls`` is the class (or ``game.Action``).

        A state is also checked for consistency (card conservation and the
        game's other invariants), so a decoded state is always one the rules
        can continue from.
        """
        if cls is self.Action or cls in self.action_types or cls in (
            self.State, self.Options, self.Setup, self.View,
        ):
            obj = serial.structure(self.converter, data, cls)
        else:
            raise SerializationError(f"{self.id} has no data type {cls!r}")
        if cls is self.State:
            try:
                self.check_state(obj)
            except (GremlinRulesError, ValueError, TypeError, LookupError, AttributeError) as exc:
                # A safety net: decoded values can be absurd in ways a check trips over.
                raise SerializationError(f"inconsistent {self.id} state: {exc}") from exc
        return obj

    def to_json(self, obj: Any) -> str:
        """:meth:`to_data` as compact, key-sorted JSON text."""
        if type(obj) is self.State and self.state_to_json is not None:
            return self.state_to_json(obj)
        return serial.dumps(self.to_data(obj))

    def from_json(self, text: str, cls: Any) -> Any:
        """:meth:`from_data` from JSON text."""
        return self.from_data(serial.loads(text), cls)
