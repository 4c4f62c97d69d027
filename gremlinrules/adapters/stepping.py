"""How the adapters step on the compiled engine when it plays their table, and fall back when not.

The OpenSpiel and PettingZoo adapters hold a :class:`~gremlinrules.core.native.game.NativeGame`
instead of an immutable State when :mod:`gremlinrules.engine` plays the game with the table's
players and options (``GREMLINRULES_ENGINE=off`` in the environment forces the typed API). A
native game steps by action index; the typed State is made from it (``to_state``) only when
something needs it (an observation, a string, a view) and kept until the next step. What either
adapter shows is the same both ways: the engine is held to the rule book by its differential tests,
and ``tests/adapters/test_engine_stepping.py`` plays random games through each adapter both ways.

The adapters' action indices are those of :func:`gremlinrules.core.actionspace.action_space`; the
engine's are those of its table (``native.table.actions``). They are one and the same tuple for every
registered game today; should a table's two lists ever differ, :class:`NativeTable` maps them once per
table (and a table where they are not the same actions is played on the typed API).
"""

from __future__ import annotations

from typing import TYPE_CHECKING
from typing import Any

from gremlinrules import engine
from gremlinrules.adapters.outcome import MAX_RETURN
from gremlinrules.adapters.outcome import MIN_RETURN
from gremlinrules.core.actionspace import ActionSpace
from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.core.errors import UnsupportedError

if TYPE_CHECKING:
    from gremlinrules.core.native.game import NativeGame

__all__ = ["NativeTable", "engine_on", "index_maps", "native_returns", "native_table"]


def engine_on(game_id: str) -> bool:
    """True when the engine is available (not switched off) and has a native ``game_id``."""
    return game_id in engine.games()


def index_maps(native_actions: tuple[Any, ...], space: ActionSpace
               ) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """The engine's index of each adapter index, and the adapter's index of each engine index; None
    when the two lists are not the same actions (then the adapter does not step on the engine)."""
    if len(native_actions) != space.size:
        return None
    to_adapter = []
    for action in native_actions:
        i = space.index.get(action)
        if i is None:
            return None
        to_adapter.append(i)
    if len(set(to_adapter)) != space.size:  # an action listed twice, so another one missing
        return None
    to_native = [0] * space.size
    for k, i in enumerate(to_adapter):
        to_native[i] = k
    return tuple(to_native), tuple(to_adapter)


class NativeTable:
    """One table (game, players, options) on the engine: how to deal and adopt native games, and
    the index maps when the engine's action list is not the adapter's (None when it is)."""

    __slots__ = ("game_id", "options", "players", "to_adapter", "to_native")

    def __init__(self, game_id: str, players: int, options: Any,
                 maps: tuple[tuple[int, ...], tuple[int, ...]] | None) -> None:
        self.game_id = game_id
        self.players = players
        self.options = options
        self.to_native: tuple[int, ...] | None = None if maps is None else maps[0]
        """The engine's index of each adapter index (None: the same indices)."""
        self.to_adapter: tuple[int, ...] | None = None if maps is None else maps[1]
        """The adapter's index of each engine index (None: the same indices)."""

    def new(self, seed: int) -> NativeGame:
        """A native game dealt as ``new_game(players, seed, options=options)``."""
        return engine.new(self.game_id, self.players, seed, self.options)

    def adopt(self, state: Any) -> NativeGame | None:
        """A native game in ``state``, or None when the engine does not take that state (a tracked
        state, one of options it does not play): the caller keeps the typed State then."""
        try:
            return engine.from_state(self.game_id, state)
        except (UnsupportedError, InvalidArgumentError):
            return None

    def legal(self, native: NativeGame) -> list[int]:
        """The legal adapter indices of ``native``, increasing."""
        legal = native.legal_actions()
        back = self.to_adapter
        return legal if back is None else sorted(back[k] for k in legal)

    def index(self, action: int) -> int:
        """The engine's index of adapter index ``action`` (inside the action space)."""
        there = self.to_native
        return action if there is None else there[action]

    def mask(self, native: NativeGame) -> bytes | bytearray:
        """The legal-action mask of ``native`` over the adapter's indices (one byte per action)."""
        mask = native.legal_mask()
        back = self.to_adapter
        if back is None:
            return mask
        out = bytearray(len(mask))
        for k, legal in enumerate(mask):
            if legal:
                out[back[k]] = 1
        return out


def native_table(game_id: str, players: int, options: Any, space: ActionSpace) -> NativeTable | None:
    """The engine's table for these players and options, or None when the adapter must use the typed
    API: the engine is off or absent, the game has no native implementation, the engine refuses the
    options (UnsupportedError), or its action list is not the adapter's."""
    if not engine_on(game_id):
        return None
    try:
        probe = engine.new(game_id, players, 0, options)
    except UnsupportedError:
        return None
    actions = probe.table.actions
    if actions is space.actions or actions == space.actions:
        return NativeTable(game_id, players, options, None)
    maps = index_maps(actions, space)
    return None if maps is None else NativeTable(game_id, players, options, maps)


def native_returns(native: NativeGame) -> tuple[float, ...]:
    """:func:`gremlinrules.adapters.outcome.returns` read from a native game: +1 a winner, -1 a
    loser, 0 for all on a full tie or before the end."""
    n = native.players
    if not native.is_terminal():
        return (0.0,) * n
    won = native.winners()
    if len(won) == n:
        return (0.0,) * n
    return tuple(MAX_RETURN if p in won else MIN_RETURN for p in range(n))
