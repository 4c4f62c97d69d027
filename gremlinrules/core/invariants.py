"""A game's consistency check as an ordered tuple of named invariants, each with its clause id.

Each game's ``invariants.py`` lists its :class:`Invariant` s, one per fact a reachable state
satisfies (cards conserved, limits, the decision stack's frames), and runs them with
:func:`broken`: the problems each finds, in order. A check that the later ones rely on (a field's
type, say) says so with its :class:`Gate`, so they never run on what it refused. A game whose
check names only the first problem runs them with :func:`first_broken`.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from collections.abc import Sequence
from typing import Generic
from typing import TypeVar

import attrs

from gremlinrules.core.errors import GremlinRulesError
from gremlinrules.core.errors import shown

__all__ = ["Gate", "Invariant", "broken", "first_broken", "holds", "raise_first"]

_S = TypeVar("_S")


class Gate(enum.Enum):
    """What the later checks need of an invariant before they run."""

    NONE = "none"
    """Nothing: they run whatever it found."""
    SELF = "self"
    """That it holds: once it finds a problem, no later check runs."""
    ALL = "all"
    """That it and every check before it hold: once any problem is found, no later check runs."""


@attrs.frozen
class Invariant(Generic[_S]):
    """One fact every reachable state satisfies: its name, the rule-book clause it follows from,
    and its check, giving the problems it finds in a state (sentences naming the field; none when
    the fact holds). A check may also raise the game's own error at once."""

    name: str
    clause: str
    check: Callable[[_S], Sequence[str]]
    gate: Gate = Gate.NONE


def broken(invariants: Sequence[Invariant[_S]], state: _S) -> list[str]:
    """The problems the ``invariants`` find in ``state``, run in order; empty when it is
    consistent. A check whose :class:`Gate` is not met stops the run (the later checks rely on
    it)."""
    out: list[str] = []
    for invariant in invariants:
        found = invariant.check(state)
        if found:
            out.extend(found)
            if invariant.gate is Gate.SELF:
                break
        if out and invariant.gate is Gate.ALL:
            break
    return out


def first_broken(invariants: Sequence[Invariant[_S]], state: _S) -> str | None:
    """The first problem the ``invariants`` find in ``state``, run in order (each later check may
    rely on every earlier one); None when it is consistent."""
    for invariant in invariants:
        found = invariant.check(state)
        if found:
            return found[0]
    return None


def raise_first(invariants: Sequence[Invariant[_S]], state: _S,
                bad: Callable[[str], GremlinRulesError]) -> None:
    """Raise ``bad(problem)`` for the first problem the ``invariants`` find in ``state``; a state
    made without its constructor, or with fields of the wrong kind, is ``bad`` too ("malformed
    state"), and the library's own errors pass through."""
    try:
        found = first_broken(invariants, state)
    except GremlinRulesError:
        raise
    except (AttributeError, TypeError, ValueError, IndexError, KeyError) as exc:
        raise bad(f"malformed state ({type(exc).__name__}: {shown(str(exc))})") from None
    if found is not None:
        raise bad(found)


def holds(name: str, clause: str, ok: Callable[[_S], bool], problem: str,
          gate: Gate = Gate.NONE) -> Invariant[_S]:
    """The invariant that ``ok`` is true of a state, ``problem`` when it is not."""
    found = (problem,)
    return Invariant(name, clause, lambda state: () if ok(state) else found, gate)
