"""SVG pictures of every game's views, as ``chess.svg`` draws python-chess boards.

>>> import gremlinrules, gremlinrules.svg
>>> game = gremlinrules.get_game("gnaughty-gnomes")
>>> view = game.observe(game.new_game(players=4, seed=7), 0)
>>> picture = gremlinrules.svg.svg("gnaughty-gnomes", view)       # the game named
>>> picture == gremlinrules.svg.draw_view(view)                   # or found from the view
True
>>> picture.startswith("<svg")
True

The API:

- ``svg(game_id, view, *, size=None, labels=False) -> str``: the picture of
  ``view``, a view of game ``game_id`` (any seat's, or a spectator's).
- ``draw_view(view, *, size=None, labels=False) -> str``: the same, the game
  found from the view's class.
- ``drawer_ids()``: the game ids that have a drawer.
- ``action_parts(game_id, view, action) -> tuple[str, ...]``: the parts of the
  picture of ``view`` that ``action`` names (the ``data-part`` values of the
  elements a player clicks to choose it: ``"spot:3"``, ``"space:h2"``,
  ``"cell:2,1"``, ``"card:red-5"``...), empty for an action that names no part
  (end the turn). A part id names only what ``view`` shows: a face-down card
  by its position, never by its face.

``size`` is the picture's width in pixels (its height follows the drawing's
proportions); None keeps the drawing's natural size. ``labels=True`` adds the
names a rules text refers to by number (Gnaughty Gnomes' placement spots, hex
and card indices). The text returned is an :class:`SvgText`, a ``str`` with
``_repr_svg_``, so a notebook shows it as a picture; every game's ``View``
has ``_repr_svg_`` too.

The picture is drawn from the view alone, so it never shows more than the
view holds: a face-down card is drawn as a back (``data-card="hidden"``). It
is deterministic (the same view gives the same text) and well-formed XML (SVG
1.1 elements, with data-* attributes). Parts a program may count carry a class
and data attributes (``<g class="hex" data-hex="3">``, ``<g class="card"
data-card="rust">``); each drawer's docstring lists its own.

An unknown game id raises :class:`~gremlinrules.core.errors.UnknownGameError`;
a view of another game, anything that is not a view, a view whose parts
disagree (edited JSON), or a bad ``size`` or ``labels`` raises
:class:`~gremlinrules.core.errors.InvalidArgumentError`.

Each game's drawer is a module ``gremlinrules.svg.<game_module>`` with
``draw(view, *, size: int | None, labels: bool) -> str`` built on
:mod:`gremlinrules.svg.core`; it is imported on first use.
"""

from __future__ import annotations

import importlib
import importlib.util
from typing import Protocol
from typing import cast

from gremlinrules.core.errors import GremlinRulesError
from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.core.errors import UnknownGameError
from gremlinrules.core.errors import shown
from gremlinrules.registry import game_ids
from gremlinrules.registry import get_game

__all__ = ["MAX_SIZE", "SvgText", "action_parts", "draw_view", "drawer_ids", "svg"]

MAX_SIZE = 10_000
"""The largest ``size`` (width in pixels) accepted."""

_DRAWERS: dict[str, str] = {
    "gnaughty-gnomes": "gremlinrules.svg.gnaughty_gnomes",
    "goblins-vs-gnomes": "gremlinrules.svg.goblins_vs_gnomes",
    "gremlins-inc": "gremlinrules.svg.gremlins_inc",
    "gremlins-the-game": "gremlinrules.svg.gremlins_the_game",
    "no-good-gremlins": "gremlinrules.svg.no_good_gremlins",
}
"""Game id -> the module of its drawer."""


class SvgText(str):
    """SVG text that a notebook (IPython, Jupyter) displays as the picture it is."""

    __slots__ = ()

    def _repr_svg_(self) -> str:
        return str(self)


class _Drawer(Protocol):
    def draw(self, view: object, *, size: int | None, labels: bool) -> str: ...

    def parts(self, view: object, action: object) -> tuple[str, ...]: ...


def drawer_ids() -> tuple[str, ...]:
    """The registered game ids that have a drawer, sorted."""
    return tuple(g for g in game_ids() if g in _DRAWERS and importlib.util.find_spec(_DRAWERS[g]) is not None)


def svg(game_id: str, view: object, *, size: int | None = None, labels: bool = False) -> SvgText:
    """The SVG picture of ``view``, a view of the game ``game_id`` (see the module docstring)."""
    game = get_game(game_id)  # an unknown id raises UnknownGameError
    if type(view) is not game.View:
        raise InvalidArgumentError(
            f"{game_id} draws only its own View (from observe); got {shown(view)}")
    drawer = _drawer(game_id)
    size, labels = _check_size(size), _check_labels(labels)
    try:
        return SvgText(drawer.draw(view, size=size, labels=labels))
    except (ArithmeticError, AttributeError, LookupError, TypeError, ValueError) as exc:
        if isinstance(exc, GremlinRulesError):  # the drawer's own refusal of a view whose parts disagree
            raise
        raise InvalidArgumentError(f"{game_id} cannot draw this view: {shown(exc)}") from None


def action_parts(game_id: str, view: object, action: object) -> tuple[str, ...]:
    """The ``data-part`` ids of the picture of ``view`` that ``action`` names (see the module
    docstring): what a page makes clickable for a legal action of the seat whose view it is."""
    game = get_game(game_id)
    if type(view) is not game.View:
        raise InvalidArgumentError(
            f"{game_id} names the parts of its own View only (from observe); got {shown(view)}")
    if type(action) not in game.action_types:
        raise InvalidArgumentError(f"not an action of {game_id}: {shown(action)}")
    return tuple(_drawer(game_id).parts(view, action))


def draw_view(view: object, *, size: int | None = None, labels: bool = False) -> SvgText:
    """The SVG picture of any game's ``view``, the game found from the view's class."""
    module = getattr(type(view), "__module__", "")
    for game_id in game_ids():
        package = "gremlinrules." + game_id.replace("-", "_")
        if (module == package or module.startswith(package + ".")) and type(view) is get_game(game_id).View:
            return svg(game_id, view, size=size, labels=labels)
    raise InvalidArgumentError(f"not a view of any game (use observe to get one); got {shown(view)}")


def _drawer(game_id: str) -> _Drawer:
    name = _DRAWERS.get(game_id)
    if name is None or importlib.util.find_spec(name) is None:
        raise UnknownGameError(f"no SVG drawer for the game {shown(game_id)} yet")
    return cast(_Drawer, importlib.import_module(name))


def _check_size(size: object) -> int | None:
    if size is None:
        return None
    if not isinstance(size, int) or isinstance(size, bool) or not 1 <= size <= MAX_SIZE:
        raise InvalidArgumentError(
            f"size must be None or a width in pixels from 1 to {MAX_SIZE}; got {shown(size)}")
    return size


def _check_labels(labels: object) -> bool:
    if not isinstance(labels, bool):
        raise InvalidArgumentError(f"labels must be True or False; got {shown(labels)}")
    return labels
