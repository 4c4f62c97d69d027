"""Shared helpers of the conformance suite: the cases, and a random walk through a game."""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from typing import Any
from typing import cast

import gremlinrules
from gremlinrules import Game
from gremlinrules.core.game import ModuleGame

_ONLY = [g for g in os.environ.get("GREMLINRULES_GAMES", "").split(",") if g]
GAME_IDS = [gid for gid in gremlinrules.game_ids() if not _ONLY or gid in _ONLY]
"""Every registered game (or those named in GREMLINRULES_GAMES, comma-separated, for local runs)."""

class TableGame:
    """A registered game whose ``new_game``, ``all_actions`` and ``decision_bound`` default to a
    named table's options (a team layout, a variant), so every conformance test covers it too."""

    def __init__(self, game: Game, options: Any) -> None:
        self._game = game
        self._options = options

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def new_game(self, players: int, seed: int = 0, *, options: Any = None, setup: Any = None) -> Any:
        return self._game.new_game(players, seed, options=self._options if options is None else options,
                                   setup=setup)

    def all_actions(self, players: int, options: Any = None) -> tuple[Any, ...]:
        return self._game.all_actions(players, self._options if options is None else options)

    def decision_bound(self, players: int, options: Any = None) -> int:
        return self._game.decision_bound(players, self._options if options is None else options)


_TABLES: dict[str, tuple[int, Any]] = {}
for _gid in GAME_IDS:
    _module = cast(ModuleGame, gremlinrules.get_game(_gid)).module
    for _name, _players, _options in getattr(_module, "CONFORMANCE_TABLES", ()):
        _TABLES[f"{_gid}:{_name}"] = (_players, _options)


def game(case: str) -> Game:
    """The game of a conformance case: ``"<game-id>"``, or ``"<game-id>:<table>"`` for a named
    table the game lists in its module's ``CONFORMANCE_TABLES`` ((name, players, options) triples)."""
    if case in _TABLES:
        return cast(Game, TableGame(gremlinrules.get_game(case.partition(":")[0]), _TABLES[case][1]))
    return gremlinrules.get_game(case)


def table_options(case: str) -> Any:
    """The options of a named table's case, or None (the defaults) for a plain game id."""
    return _TABLES[case][1] if case in _TABLES else None


def game_id(case: str) -> str:
    """The registered game id of a conformance case."""
    return case.partition(":")[0]


PLAIN_CASES: list[tuple[str, int]] = [
    (gid, n) for gid in GAME_IDS for n in gremlinrules.get_game(gid).player_counts
]
"""Every registered game with every supported player count, with the default options."""

TABLE_CASES: list[tuple[str, int]] = [(case, players) for case, (players, _) in _TABLES.items()]
"""Every named table (``"<game-id>:<table>"``) with its player count."""

CASES: list[tuple[str, int]] = PLAIN_CASES + TABLE_CASES
"""The plain cases, then the named tables: what every conformance test covers."""

CASE_IDS = [f"{gid}-{n}p" for gid, n in CASES]
PLAIN_CASE_IDS = [f"{gid}-{n}p" for gid, n in PLAIN_CASES]
TABLE_CASE_IDS = [f"{case}-{n}p" for case, n in TABLE_CASES]


def everyone_lost(game: Game, state: Any) -> bool:
    """Whether the game's rules say every player lost at this (terminal) state; only a game that
    exports ``everyone_lost`` from its module can say so."""
    check = getattr(cast(ModuleGame, game).module, "everyone_lost", None)
    return bool(check(state)) if check is not None else False


def walk(game: Game, players: int, seed: int, rnd: random.Random,
         visit: Callable[[Any, tuple[Any, ...], Any], None] | None = None,
         stop_after: int | None = None) -> tuple[Any, list[Any]]:
    """Play random legal actions from ``new_game(players, seed)`` to the end (or ``stop_after``).

    ``visit(state, legal, action)`` is called before each action. Returns the
    last state and the actions taken.
    """
    state = game.new_game(players, seed)
    actions: list[Any] = []
    bound = game.decision_bound(players)
    while not game.is_terminal(state):
        if stop_after is not None and len(actions) >= stop_after:
            break
        legal = game.legal_actions(state)
        action = legal[rnd.randrange(len(legal))]
        if visit is not None:
            visit(state, legal, action)
        state = game.apply(state, action)
        actions.append(action)
        if len(actions) > bound:
            raise AssertionError(f"{game.id} exceeded its decision bound {bound}")
    return state, actions


def replay(game: Game, players: int, seed: int, actions: list[Any]) -> Any:
    """The state after applying ``actions`` to a new game."""
    state = game.new_game(players, seed)
    for action in actions:
        state = game.apply(state, action)
    return state
