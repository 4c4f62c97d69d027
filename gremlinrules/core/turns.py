"""Whose decision it is and whether the game is over, for a game whose state keeps its
pending decisions as a stack of frames (``state.stack``, each frame with a ``seat``), the
turn owner as ``state.turn`` and its end as a phase.

Each game's ``current_player`` and ``is_terminal`` keep their names, signatures and
docstrings (the clauses they answer) in the game's own module and call these with
themselves, the game's State class and its final phase. What they share is written once
here: a foreign state is handed to :func:`~gremlinrules.core.chance.foreign` (a tracked
state of the external-chance mode gets its answer, anything else InvalidArgumentError),
and a state of the right class built without its fields gets InvalidArgumentError naming
the function, never a bare AttributeError.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gremlinrules.core.chance import foreign
from gremlinrules.core.checks import check_complete
from gremlinrules.core.checks import check_type

__all__ = ["phase_is", "top_or_turn"]


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
