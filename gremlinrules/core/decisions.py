"""Pending decisions as data: an immutable stack of frames inside the state (untyped, transitional).

Transitional: a converted game declares typed frame classes instead (subclasses of
:class:`gremlinrules.core.frames.Frame` in its ``frames.py``); this untyped :class:`Frame`,
with its ``kind`` string and string-keyed ``bound`` values, serves the games not yet
converted and goes once they all are.

A rule that must stop and ask a player something (name the seat that skips,
choose which of the tied rockets the gremlin eats, pick a target and then one
of its projects) does not add a phase and state fields of its own. It pushes a
:class:`Frame`: who decides, what kind of choice it is, what the choice is
bound to (the values it picks among, the card being resolved, what earlier
steps of the same effect chose) and the remaining steps of the effect. The top
frame is the pending decision; :class:`gremlinrules.core.rulebook.RuleBook`
enumerates its choices and resumes the effect after a choice, in one place for
every game.

A state keeps its frames in a field named ``stack``, a tuple with the top
frame last. Frames are plain attrs data, so they serialize to JSON like the rest
of the state and a view can show the pending decision by its ``kind``.
"""

from __future__ import annotations

from typing import Any

import attrs

__all__ = ["EMPTY", "Frame", "Stack", "bound_value", "pop", "push", "top"]

Value = int | str
"""What a frame may hold: a seat, a count, a material, slot or card name."""


@attrs.frozen(slots=True, cache_hash=True)
class Frame:
    """One pending decision.

    ``kind`` names the decision (``"name-skip"``, ``"feed"``); each game maps
    its kinds to the action class that answers them and the function that
    lists the choices. ``seat`` is the seat that must decide (it need not be
    the seat whose turn it is).
    """

    kind: str
    """The name of the decision, as the game's rule book declares it."""
    seat: int
    """The seat that decides."""
    among: tuple[Value, ...] = ()
    """The values the choice is bound to pick among (the tied materials, the reached
    targets), when the rule fixed them as it asked; empty when the state says."""
    source: str = ""
    """The card or rule that asked (for views and labels), e.g. ``"ale-mug"``."""
    bound: tuple[tuple[str, Value], ...] = ()
    """What earlier steps of the same effect chose, as (name, value) pairs."""
    then: tuple[str, ...] = ()
    """The steps of the effect still to run after this choice, by name."""

    def value(self, name: str) -> Value | None:
        """The value an earlier step bound under ``name``, or None."""
        return bound_value(self, name)


Stack = tuple[Frame, ...]
"""A decision stack: the top frame is the last."""

EMPTY: Stack = ()
"""The stack with no pending decision."""


def top(stack: Stack) -> Frame | None:
    """The pending decision, or None when nothing is pending."""
    return stack[-1] if stack else None


def push(stack: Stack, *frames: Frame) -> Stack:
    """``stack`` with ``frames`` pushed in order (the last one given ends on top)."""
    return stack + frames


def pop(stack: Stack) -> tuple[Frame, Stack]:
    """The top frame and the stack below it; ``stack`` must not be empty."""
    return stack[-1], stack[:-1]


def bound_value(frame: Frame, name: str) -> Value | None:
    """The value bound under ``name`` in ``frame`` (the last binding wins), or None."""
    found: Any = None
    for key, value in frame.bound:
        if key == name:
            found = value
    return found  # type: ignore[no-any-return]
