"""The compiled engine: native games behind one small mutable API, for playouts, search and RL.

>>> from gremlinrules import engine
>>> if engine.available() and "no-good-gremlins" in engine.games():
...     n = engine.new("no-good-gremlins", players=3, seed=7)
...     n.apply(n.legal_actions()[0])
...     state = n.to_state()   # the game's own immutable State, as the rule book reaches it

Each game with a native implementation has a module ``gremlinrules.<game>.native`` (Cython, built
when the package is installed on a machine with a C compiler). This module is the registry over
them, as :func:`gremlinrules.get_game` is over the games; it lives above the games, and the core
never imports it. The typed immutable API stays pure Python and the rule book stays the
reference: the engine is held to it by differential tests (``tests/engine``).

``GREMLINRULES_ENGINE=off`` in the environment makes the engine unavailable to everything (for
comparisons): :func:`available` is False, :func:`games` is empty and :func:`new` raises
:class:`~gremlinrules.core.errors.UnsupportedError`, which is also what a game, an option or a
component set the engine does not play raises, so a caller falls back to the typed API. The
variable is read when this module is imported and again at every call of :func:`available` and
:func:`games` (a caller asks one of them before using the engine); :func:`new`, :func:`from_state`
and :func:`playouts` go by the last reading, since reading the environment costs more than a
native ``new``.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Iterable
from types import ModuleType
from typing import TYPE_CHECKING
from typing import Any

from gremlinrules.core.checks import check_seed
from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.core.errors import UnsupportedError
from gremlinrules.core.errors import shown
from gremlinrules.core.playout import Playout
from gremlinrules.registry import game_ids
from gremlinrules.registry import get_game
from gremlinrules.registry import module_name

if TYPE_CHECKING:
    from gremlinrules.core.native.game import NativeGame

__all__ = ["ENV", "Playout", "available", "from_state", "games", "new", "playouts"]

ENV = "GREMLINRULES_ENGINE"
"""The environment variable that switches the engine off (``off``, ``0`` or ``false``)."""

_POLICIES = ("random",)
_MASK = (1 << 64) - 1
_MODULES: dict[str, ModuleType | None] = {}
_READY: dict[str, ModuleType] = {}
"""The native modules of the games the engine serves, while it is switched on (the hot path of
:func:`new`: one dictionary lookup)."""
_OFF = [False]
"""The last reading of the switch."""


def _switched_off() -> bool:
    """Read the switch again; the modules ready for :func:`new` are forgotten when it is off."""
    off = os.environ.get(ENV, "").strip().lower() in ("off", "0", "false", "no")
    if off:
        _READY.clear()
    _OFF[0] = off
    return off


def _native(game_id: str) -> ModuleType | None:
    """The game's native module, or None when it has none or it was not built."""
    if game_id not in _MODULES:
        try:
            _MODULES[game_id] = importlib.import_module(module_name(game_id) + ".native")
        except ImportError:
            _MODULES[game_id] = None
    return _MODULES[game_id]


_switched_off()  # the first reading, at import


def available() -> bool:
    """True when the compiled engine imported (and is not switched off by ``GREMLINRULES_ENGINE``)."""
    return bool(games())


def games() -> tuple[str, ...]:
    """The ids of the games with a native implementation here, sorted (empty when the engine was not
    built or is switched off)."""
    if _switched_off():
        return ()
    return tuple(gid for gid in game_ids() if _native(gid) is not None)


def _module(game_id: Any) -> ModuleType:
    ready = _READY.get(game_id) if type(game_id) is str else None
    if ready is not None:
        return ready
    get_game(game_id)  # UnknownGameError for an id that is no game at all
    if _OFF[0]:
        raise UnsupportedError(f"the engine is switched off ({ENV}={os.environ.get(ENV)})")
    module = _native(game_id)
    if module is None:
        raise UnsupportedError(f"no native {game_id} here: the engine was not built "
                               "(no C compiler at install time?) or has no such game")
    _READY[game_id] = module
    return module


def new(game_id: str, players: int, seed: int = 0, options: Any = None) -> NativeGame:
    """A native game: the same deal as ``get_game(game_id).new_game(players, seed, options=options)``.

    Bad players, seed or options raise what ``new_game`` raises (SetupError); options or a
    component set the engine does not play raise UnsupportedError naming them."""
    return _module(game_id).new(players, seed, options)  # type: ignore[no-any-return]


def from_state(game_id: str, state: Any) -> NativeGame:
    """A native game in ``state``: any seeded state of the game that its ``check_state`` accepts.

    A state of another game, a tracked (external-chance) state, or one ``check_state`` refuses
    raises InvalidArgumentError; one whose options the engine does not play, UnsupportedError."""
    return _module(game_id).from_state(state)  # type: ignore[no-any-return]


def playouts(game_id: str, players: int, seeds: Iterable[int], policy: str = "random",
             options: Any = None) -> list[Playout]:
    """Whole games in native code, the GIL released: one per seed, in seed order, each a
    :class:`~gremlinrules.core.playout.Playout` (scores, winners, decisions, end_reason).

    ``policy="random"`` is the documented policy of :mod:`gremlinrules.core.playout`, so the
    results are those of :func:`~gremlinrules.core.playout.random_playout` for the same seeds.
    ``seeds`` is any iterable of seeds (integers from 0 to 2**64 - 1). A table whose rules may
    never end (a house rule's bound switched off) is refused with SetupError."""
    module = _module(game_id)
    if policy not in _POLICIES:
        raise InvalidArgumentError(f"policy must be one of {', '.join(_POLICIES)}, not {shown(policy)}")
    if isinstance(seeds, (str, bytes)) or not isinstance(seeds, Iterable):
        raise InvalidArgumentError(f"seeds must be an iterable of integers, not {shown(seeds)}")
    checked = []
    for seed in seeds:
        if type(seed) is int and 0 <= seed <= _MASK:  # the usual case, inline
            checked.append(seed)
            continue
        checked.append(check_seed(seed))  # SetupError: not an integer from 0 to 2**64 - 1
    template = module.new(players, checked[0] if checked else 0, options)
    bound = get_game(game_id).decision_bound(players, options)
    rows = module.run_playouts(template, checked, bound)  # Playouts already (the core's loop)
    return [row if type(row) is Playout else Playout(*row) for row in rows]
