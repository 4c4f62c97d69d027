"""The registry of games: ids to modules, imported on first use."""

from __future__ import annotations

import importlib

from gremlinrules.core.errors import UnknownGameError
from gremlinrules.core.game import ModuleGame
from gremlinrules.core.protocol import Game

__all__ = ["game_ids", "get_game", "register"]

_MODULES: dict[str, str] = {}
_LOADED: dict[str, ModuleGame] = {}


def register(game_id: str, module: str) -> None:
    """Register a game module (its dotted import path) under ``game_id``."""
    _MODULES[game_id] = module
    _LOADED.pop(game_id, None)


def game_ids() -> tuple[str, ...]:
    """The registered game ids, sorted."""
    return tuple(sorted(_MODULES))


def get_game(game_id: str) -> Game:
    """The game registered as ``game_id``; an unknown id raises UnknownGameError."""
    if not isinstance(game_id, str) or game_id not in _MODULES:
        known = ", ".join(game_ids())
        raise UnknownGameError(f"no game {game_id!r}; known games: {known}")
    game = _LOADED.get(game_id)
    if game is None:
        game = ModuleGame.from_module(importlib.import_module(_MODULES[game_id]))
        _LOADED[game_id] = game
    return game
