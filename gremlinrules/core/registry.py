"""The registry of games: ids to modules, imported on first use."""

from __future__ import annotations

import importlib

from gremlinrules.core.errors import UnknownGameError
from gremlinrules.core.game import ModuleGame
from gremlinrules.core.protocol import Game

__all__ = ["game_ids", "get_game", "register"]

_MODULES: dict[str, str] = {}
_LOADED: dict[tuple[str, bool], ModuleGame] = {}


def register(game_id: str, module: str) -> None:
    """Register a game module (its dotted import path) under ``game_id``."""
    _MODULES[game_id] = module
    _LOADED.pop((game_id, False), None)
    _LOADED.pop((game_id, True), None)


def game_ids() -> tuple[str, ...]:
    """The registered game ids, sorted."""
    return tuple(sorted(_MODULES))


def get_game(game_id: str, *, reference: bool = False) -> Game:
    """The game registered as ``game_id``; an unknown id raises UnknownGameError.

    ``reference=True`` gives the same game with its fast paths switched off:
    ``legal_actions``, ``is_legal`` and ``apply`` straight from the rule book in
    the game's ``rules.py`` (slower; identical results, as the differential
    tests prove).
    """
    if not isinstance(game_id, str) or game_id not in _MODULES:
        known = ", ".join(game_ids())
        shown = repr(game_id)[:60] if isinstance(game_id, str) else type(game_id).__name__
        raise UnknownGameError(f"no game {shown}; known games: {known}")
    key = (game_id, reference is True)
    game = _LOADED.get(key)
    if game is None:
        game = ModuleGame.from_module(importlib.import_module(_MODULES[game_id]), reference=key[1])
        _LOADED[key] = game
    return game
