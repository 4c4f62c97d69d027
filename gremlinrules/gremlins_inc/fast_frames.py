"""Pending frames answered with less work: their choices are listed once per state, and an answer
among them resumes the effect at once, without listing the choices again to check it.

The choices and the resumption are the rule book's own (:data:`.rules.DECISIONS`); anything else
(an answer not among the choices, a state not just listed) goes to the rule book.
"""

from __future__ import annotations

from typing import Any

from gremlinrules.core.evolve import make_updater
from gremlinrules.gremlins_inc import rules
from gremlinrules.gremlins_inc.state import State

__all__ = ["frame_actions", "frame_apply"]

_DECISIONS = rules.RULES.decisions
_popped = make_updater(State, "stack")
_LAST: list[tuple[Any, tuple[Any, ...]]] = [(None, ())]
"""The last state whose frame's choices were listed, and them (held, so its identity stays unique)."""


def frame_actions(s: State) -> tuple[Any, ...]:
    """The choices of the state's top frame (the game not over), in canonical order."""
    frame = s.stack[-1]
    found = _DECISIONS[frame.kind].choices(s, frame)
    _LAST[0] = (s, found)
    return found


def frame_apply(s: State, action: Any) -> State:
    """The state after answering the top frame with ``action`` (the game not over)."""
    last, found = _LAST[0]
    if last is s:
        for c in found:
            if c is action:  # one of the choices just listed: legal
                stack = s.stack
                frame = stack[-1]
                return _DECISIONS[frame.kind].resume(_popped(s, stack[:-1]), frame, action)
    return rules.apply(s, action)
