"""The registry of games: ids to modules, imported on first use. It sits above the games.

``gremlinrules.get_game``, ``gremlinrules.game_ids`` and this module's :func:`register`
are the public way in. The core never imports a game or this module: at import, this
module installs itself into the core's store (:mod:`gremlinrules.core.registry`), with the
drawer of views (:mod:`gremlinrules.svg`, imported on first use), and each game registered
here has its chance model (its ``chance`` module) registered with the core.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING
from typing import Any
from typing import Literal
from typing import overload

from gremlinrules.core import registry as _store
from gremlinrules.core.errors import UnknownGameError
from gremlinrules.core.errors import shown
from gremlinrules.core.protocol import Game

if TYPE_CHECKING:  # for the typed overloads only
    from gremlinrules import gnaughty_gnomes as gg
    from gremlinrules import goblins_vs_gnomes as gvg
    from gremlinrules import gremlins_inc as gi
    from gremlinrules import gremlins_the_game as gtg
    from gremlinrules import no_good_gremlins as ngg

__all__ = ["game_ids", "get_game", "module_name", "register"]

_MODULES: dict[str, str] = {}


def register(game_id: str, module: str) -> None:
    """Register a game module (its dotted import path) under ``game_id``.

    Its chance model, the module ``<module>.chance``, is registered with the core too
    (imported on first use of the external-chance mode).
    """
    _MODULES[game_id] = module
    _store.forget(module)
    _store.register_chance(game_id, lambda: importlib.import_module(f"{module}.chance"))


def module_name(game_id: str) -> str:
    """The dotted import path of the module registered as ``game_id`` (UnknownGameError if none)."""
    get_game(game_id)
    return _MODULES[game_id]


def game_ids() -> tuple[str, ...]:
    """The registered game ids, sorted."""
    return tuple(sorted(_MODULES))


@overload
def get_game(game_id: Literal["gnaughty-gnomes"], *, reference: bool = False
             ) -> Game[gg.State, gg.Action, gg.View, gg.Options, gg.Setup, gg.Event]: ...
@overload
def get_game(game_id: Literal["goblins-vs-gnomes"], *, reference: bool = False
             ) -> Game[gvg.State, gvg.Action, gvg.View, gvg.Options, gvg.Setup, gvg.Event]: ...
@overload
def get_game(game_id: Literal["gremlins-the-game"], *, reference: bool = False
             ) -> Game[gtg.State, gtg.Action, gtg.View, gtg.Options, gtg.Setup, gtg.Event]: ...
@overload
def get_game(game_id: Literal["gremlins-inc"], *, reference: bool = False
             ) -> Game[gi.State, gi.Action, gi.View, gi.Options, gi.Setup, gi.Event]: ...
@overload
def get_game(game_id: Literal["no-good-gremlins"], *, reference: bool = False
             ) -> Game[ngg.State, ngg.Action, ngg.View, ngg.Options, ngg.Setup, ngg.Event]: ...
@overload
def get_game(game_id: str, *, reference: bool = False) -> Game: ...
def get_game(game_id: str, *, reference: bool = False) -> Game:
    """The game registered as ``game_id``; an unknown id raises UnknownGameError.

    Called with a literal id of a built-in game, it is typed with that game's
    classes (``Game[State, Action, View, Options, Setup, Event]``), so a type
    checker checks what the program passes and gets back; any other id gives a
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
    return _store.entry(importlib.import_module(_MODULES[game_id]), reference=reference is True)


def _draw(view: object) -> str:
    """The picture of a view: :func:`gremlinrules.svg.draw_view` (imported on first use)."""
    from gremlinrules.svg import draw_view  # drawing is optional: imported when a view is drawn

    return draw_view(view)


def _encoder(game_id: str, players: int, options: Any) -> Any:
    """A table's view encoder: :func:`gremlinrules.adapters.encoding.view_encoder` (imported on first use)."""
    from gremlinrules.adapters.encoding import view_encoder  # only native observations need it here

    return view_encoder(get_game(game_id), players, options)


class _Installed:
    """This registry as the core's store calls it (:class:`gremlinrules.core.registry.Registry`)."""

    def get_game(self, game_id: str, *, reference: bool = False) -> Game:
        return get_game(game_id, reference=reference)

    def game_ids(self) -> tuple[str, ...]:
        return game_ids()

    def module_name(self, game_id: str) -> str:
        return module_name(game_id)

    def register(self, game_id: str, module: str) -> None:
        register(game_id, module)


_store.install(registry=_Installed(), drawer=_draw, encoder=_encoder)
