"""Whose decision it is and whether the game is over, for a game whose state keeps its
pending decisions as a stack of frames (``state.stack``, each frame with a ``seat``), the
turn owner as ``state.turn`` and its end as a phase.

Each game's ``current_player``, ``is_terminal`` and ``players`` are made here, in the game's own
module, by :func:`seat_to_decide`, :func:`game_over` and :func:`seat_count` with the game's State
class, its final phase and the docstring that names the clauses they answer: they answer the
usual state inline (playouts ask them at every decision) and hand everything else to
:func:`top_or_turn` and :func:`phase_is`. What they share is written once here: a foreign
state is handed to :func:`~gremlinrules.core.chance.foreign` (a tracked
state of the external-chance mode gets its answer, anything else InvalidArgumentError),
and a state of the right class built without its fields gets InvalidArgumentError naming
the function, never a bare AttributeError.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from typing import TypeVar

from gremlinrules.core.chance import foreign
from gremlinrules.core.checks import check_complete
from gremlinrules.core.checks import check_type
from gremlinrules.core.checks import guarded

__all__ = ["game_over", "phase_is", "seat_count", "seat_to_decide", "top_or_turn"]

_S = TypeVar("_S")
_F = TypeVar("_F", bound=Callable[..., Any])


def _named(fn: _F, module: str, doc: str) -> _F:
    """``fn`` documented as the game module's own function (for help(), autodoc and errors)."""
    fn.__module__ = module
    fn.__doc__ = doc
    return fn


def seat_to_decide(cls: type[_S], over: object, module: str, doc: str) -> Callable[[_S], int | None]:
    """The game's ``current_player``: the top frame's seat, else the turn owner; None once the
    phase is ``over``. ``module`` is the game module's ``__name__``, ``doc`` the docstring."""

    def current_player(state: _S) -> int | None:
        try:  # the usual case first, without a call
            if type(state) is cls and state.phase is not over:  # type: ignore[attr-defined]
                seat: int = state.stack[-1].seat if state.stack else state.turn  # type: ignore[attr-defined]
                return seat
        except AttributeError:
            pass  # a State built without its fields: refused by name below
        return top_or_turn(current_player, cls, over, state)

    return _named(current_player, module, doc)


def game_over(cls: type[_S], over: object, module: str, doc: str,
              what: str | None = None) -> Callable[[_S], bool]:
    """The game's ``is_terminal``: whether the phase is ``over``. ``what``, for a reference rule
    book, refuses every state of another class by name (see :func:`phase_is`)."""

    def is_terminal(state: _S) -> bool:
        try:  # the usual case first, without a call
            if type(state) is cls:
                return state.phase is over  # type: ignore[attr-defined]
        except AttributeError:
            pass  # a State built without its fields: refused by name below
        return phase_is(is_terminal, cls, over, state, what)

    return _named(is_terminal, module, doc)


def seat_count(cls: type[_S], what: str, module: str,
               doc: str = "The number of seats.") -> Callable[[_S], int]:
    """The game's ``players``: the number of seats of a ``cls`` state; anything else is refused
    as not ``what`` (InvalidArgumentError), a state built without its fields by name."""

    @guarded
    def players(state: _S) -> int:
        check_type(state, cls, what)
        count: int = state.players  # type: ignore[attr-defined]
        return count

    return _named(players, module, doc)


def top_or_turn(fn: Callable[[Any], int | None], cls: type[Any], over: object, state: Any) -> int | None:
    """The seat that must decide in ``state``: the top frame's seat, else the turn owner; None
    once its phase is ``over``. ``fn`` is the game's ``current_player`` (for a foreign state
    and the error's name); ``cls`` the game's State class."""
    try:
        if type(state) is not cls:
            return foreign(fn, state)  # a tracked state (external chance), or refused
        if state.phase is over:
            return None
        seat: int = state.stack[-1].seat if state.stack else state.turn
        return seat
    except AttributeError:
        check_complete(fn.__name__, state)
        raise


def phase_is(fn: Callable[[Any], bool], cls: type[Any], over: object, state: Any,
             what: str | None = None) -> bool:
    """Whether ``state``'s phase is ``over`` (the game has ended). ``fn`` is the game's
    ``is_terminal``; ``cls`` its State class. With ``what`` (a reference rule book's own
    ``is_terminal``), every state of another class, a tracked one too, is refused by
    :func:`~gremlinrules.core.checks.check_type` ("expected a ``what``")."""
    try:
        if type(state) is not cls:
            if what is not None:
                check_type(state, cls, what)
            return foreign(fn, state)  # a tracked state (external chance), or refused
        return state.phase is over
    except AttributeError:
        check_complete(fn.__name__, state)
        raise
