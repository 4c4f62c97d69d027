"""The registry of games: ids to modules, imported on first use."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Literal, overload

from gremlinrules.core.errors import UnknownGameError, shown
from gremlinrules.core.game import ModuleGame
from gremlinrules.core.protocol import Game

if TYPE_CHECKING:  # for the typed overloads only: the games import the core, not the other way round
    from gremlinrules import gnaughty_gnomes as gg
    from gremlinrules import goblins_vs_gnomes as gvg
    from gremlinrules import gremlins_inc as gi
    from gremlinrules import gremlins_the_game as gtg
    from gremlinrules import no_good_gremlins as ngg

__all__ = ["game_ids", "get_game", "module_name", "register"]

_MODULES: dict[str, str] = {}
_LOADED: dict[tuple[str, bool], ModuleGame] = {}


def register(game_id: str, module: str) -> None:
    """Register a game module (its dotted import path) under ``game_id``."""
    _MODULES[game_id] = module
    _LOADED.pop((game_id, False), None)
    _LOADED.pop((game_id, True), None)


def module_name(game_id: str) -> str:
    """The dotted import path of the module registered as ``game_id`` (UnknownGameError if none)."""
    get_game(game_id)
    return _MODULES[game_id]


def game_ids() -> tuple[str, ...]:
    """The registered game ids, sorted."""
    return tuple(sorted(_MODULES))


@overload
def get_game(game_id: Literal["gnaughty-gnomes"], *, reference: bool = False
             ) -> Game[gg.State, gg.Action, gg.View, gg.Options, gg.Setup]: ...
@overload
def get_game(game_id: Literal["goblins-vs-gnomes"], *, reference: bool = False
             ) -> Game[gvg.State, gvg.Action, gvg.View, gvg.Options, gvg.Setup]: ...
@overload
def get_game(game_id: Literal["gremlins-the-game"], *, reference: bool = False
             ) -> Game[gtg.State, gtg.Action, gtg.View, gtg.Options, gtg.Setup]: ...
@overload
def get_game(game_id: Literal["gremlins-inc"], *, reference: bool = False
             ) -> Game[gi.State, gi.Action, gi.View, gi.Options, gi.Setup]: ...
@overload
def get_game(game_id: Literal["no-good-gremlins"], *, reference: bool = False
             ) -> Game[ngg.State, ngg.Action, ngg.View, ngg.Options, ngg.Setup]: ...
@overload
def get_game(game_id: str, *, reference: bool = False) -> Game: ...
def get_game(game_id: str, *, reference: bool = False) -> Game:
    """The game registered as ``game_id``; an unknown id raises UnknownGameError.

    Called with a literal id of a built-in game, it is typed with that game's
    classes (``Game[State, Action, View, Options, Setup]``), so a type checker
    checks what the program passes and gets back; any other id gives a
    ``Game`` typed with ``Any``.

    ``reference=True`` gives the same game with its fast paths switched off:
    ``legal_actions``, ``is_legal`` and ``apply`` straight from the rule book in
    the game's ``rules.py`` (slower; identical results, as the differential
    tests prove).
    """
    if not isinstance(game_id, str) or game_id not in _MODULES:
        known = ", ".join(game_ids())
        what = shown(game_id) if isinstance(game_id, str) else f"of type {type(game_id).__name__}"
        raise UnknownGameError(f"no game {what}; known games: {known}")
    key = (game_id, reference is True)
    game = _LOADED.get(key)
    if game is None:
        game = ModuleGame.from_module(importlib.import_module(_MODULES[game_id]), reference=key[1])
        _LOADED[key] = game
    return game
