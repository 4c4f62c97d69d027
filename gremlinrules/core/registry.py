"""The core's store of what the layers above it register: the core never imports a game.

The import direction is one way: the games import the core, and the top level
(:mod:`gremlinrules.registry`, which ``import gremlinrules`` loads) imports the
games. Where the core needs something of a game or of the top level, it finds
it here, registered from above:

- :func:`install` is called once by the top level with the registry of games
  (:func:`find_game`, :func:`known_games`: what records, sampling and the
  external-chance mode use to find a game by id), the drawer of views
  (:func:`draw`, behind every view's ``_repr_svg_``) and the library's version
  (:func:`library_version`, written into records);
- :func:`register_chance` takes a game's chance model (its ``chance`` module, or a
  function that imports it on first use), read by
  :func:`gremlinrules.core.chance.chance_model`;
- :func:`entry` keeps the one registry entry (:class:`~gremlinrules.core.game.ModuleGame`)
  built for each game module, so ``get_game`` and the external-chance paths share it.

``get_game``, ``game_ids``, ``module_name`` and ``register`` live in
:mod:`gremlinrules.registry` (and ``gremlinrules.get_game``...); the names here are
deprecated aliases that call the installed registry and warn.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from types import ModuleType
from typing import TYPE_CHECKING
from typing import Any
from typing import Protocol

from gremlinrules.core.errors import GremlinRulesError
from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.core.errors import UnknownGameError
from gremlinrules.core.errors import shown
from gremlinrules.core.protocol import Game

if TYPE_CHECKING:
    from gremlinrules.core.game import ModuleGame

__all__ = [
    "Registry",
    "draw",
    "entry",
    "find_game",
    "forget",
    # deprecated aliases of gremlinrules.registry's functions:
    "game_ids",
    "get_game",
    "install",
    "known_games",
    "library_version",
    "module_name",
    "register",
    "register_chance",
    "registered_chance",
    "view_encoder_for",
]


class Registry(Protocol):
    """What the top level installs: the registry of games (the module :mod:`gremlinrules.registry`)."""

    def get_game(self, game_id: str, *, reference: bool = False) -> Game:
        """The game registered as ``game_id``; an unknown id raises UnknownGameError."""

    def game_ids(self) -> tuple[str, ...]:
        """The registered game ids, sorted."""

    def module_name(self, game_id: str) -> str:
        """The dotted import path of the game module registered as ``game_id``."""

    def register(self, game_id: str, module: str) -> None:
        """Register a game module (its dotted import path) under ``game_id``."""


ChanceModel = ModuleType | Callable[[], ModuleType]
"""A game's chance model: its module, or a function returning it (imported on first use)."""

_registry: Registry | None = None
_drawer: Callable[[object], str] | None = None
_encoder: Callable[[str, int, Any], Any] | None = None
_library = "unknown"
_CHANCE: dict[str, ChanceModel] = {}
_ENTRIES: dict[tuple[str, bool], ModuleGame] = {}


def install(*, registry: Registry | None = None, drawer: Callable[[object], str] | None = None,
            library: str | None = None, encoder: Callable[[str, int, Any], Any] | None = None) -> None:
    """Install, from above the games, what the core calls: the registry of games, the drawer
    of views (``drawer(view) -> SVG text``), the library's version and the maker of a table's
    view encoder (``encoder(game_id, players, options)``, :func:`view_encoder_for`). Each one
    given replaces the one installed before; the others stay."""
    global _registry, _drawer, _library, _encoder
    if registry is not None:
        _registry = registry
    if drawer is not None:
        _drawer = drawer
    if encoder is not None:
        _encoder = encoder
    if library is not None:
        _library = library


def _installed() -> Registry:
    if _registry is None:
        raise UnknownGameError("no registry of games is installed (import gremlinrules installs it)")
    return _registry


def find_game(game_id: str, *, reference: bool = False) -> Game:
    """The game registered as ``game_id`` in the installed registry (UnknownGameError if none)."""
    return _installed().get_game(game_id, reference=reference)


def known_games() -> tuple[str, ...]:
    """The ids of the games of the installed registry, sorted (empty when none is installed)."""
    return () if _registry is None else _registry.game_ids()


def draw(view: object) -> str:
    """The picture of ``view`` (SVG text) from the installed drawer (:mod:`gremlinrules.svg`)."""
    if _drawer is None:
        raise GremlinRulesError("no drawer of views is installed (import gremlinrules installs it)")
    return _drawer(view)


def view_encoder_for(game_id: str, players: int, options: Any) -> Any:
    """The installed maker's view encoder of a table (:func:`gremlinrules.adapters.encoding.view_encoder`
    of the game, its player count and options): what the engine's native observations are laid
    out by."""
    if _encoder is None:
        raise GremlinRulesError("no view encoder is installed (import gremlinrules installs it)")
    return _encoder(game_id, players, options)


def library_version() -> str:
    """The gremlinrules version that the top level installed (``gremlinrules.__version__``)."""
    return _library


def register_chance(game_id: str, model: ChanceModel) -> None:
    """Register ``model`` as the chance model of game ``game_id`` (the external-chance mode):
    the module itself, or a function that imports and returns it on first use."""
    if not isinstance(game_id, str) or not (isinstance(model, ModuleType) or callable(model)):
        raise InvalidArgumentError(f"register_chance takes a game id and a module (or a function "
                                   f"returning one), not {shown(game_id)} and {shown(model)}")
    _CHANCE[game_id] = model


def registered_chance(game_id: str) -> ModuleType | None:
    """The chance model registered for ``game_id`` (imported now if it was registered as a
    function), or None when none is. An import error of the model itself propagates."""
    model = _CHANCE.get(game_id)
    if model is None or isinstance(model, ModuleType):
        return model
    module = model()
    _CHANCE[game_id] = module
    return module


def entry(module: ModuleType, *, reference: bool = False) -> ModuleGame:
    """The registry entry of the game module ``module`` (its reference rules when ``reference``),
    built on first use and kept: every caller gets the same object."""
    from gremlinrules.core.game import ModuleGame  # the game wrapper imports the chance machinery

    key = (module.__name__, reference is True)
    game = _ENTRIES.get(key)
    if game is None or game.module is not module:
        game = ModuleGame.from_module(module, reference=key[1])
        _ENTRIES[key] = game
    return game


def forget(module_name: str) -> None:
    """Drop the kept entries of the game module named ``module_name`` (it was registered anew)."""
    _ENTRIES.pop((module_name, False), None)
    _ENTRIES.pop((module_name, True), None)


# -- deprecated aliases: the registry moved above the games (gremlinrules.registry) -------------

def _deprecated(name: str) -> Registry:
    warnings.warn(f"gremlinrules.core.registry.{name} is deprecated; use gremlinrules.{name} "
                  f"(or gremlinrules.registry.{name})", DeprecationWarning, stacklevel=3)
    return _installed()


def get_game(game_id: str, *, reference: bool = False) -> Game:
    """Deprecated: :func:`gremlinrules.get_game`."""
    return _deprecated("get_game").get_game(game_id, reference=reference)


def game_ids() -> tuple[str, ...]:
    """Deprecated: :func:`gremlinrules.game_ids`."""
    return _deprecated("game_ids").game_ids()


def module_name(game_id: str) -> str:
    """Deprecated: :func:`gremlinrules.registry.module_name`."""
    return _deprecated("module_name").module_name(game_id)


def register(game_id: str, module: str) -> None:
    """Deprecated: :func:`gremlinrules.registry.register`."""
    _deprecated("register").register(game_id, module)
