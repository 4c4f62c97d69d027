"""Pending frames answered with less work: their choices are listed once per state, and an answer
among them resumes the effect at once, without listing the choices again to check it.

The choices and the resumption are the rule book's own (:data:`.rules.DECISIONS`); anything else
(an answer not among the choices, a state not just listed) goes to the rule book.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from gremlinrules.core.evolve import make_updater
from gremlinrules.gremlins_inc import effects, rules
from gremlinrules.gremlins_inc.components import RESOURCES
from gremlinrules.gremlins_inc.fast_effects import pay, run
from gremlinrules.gremlins_inc.fast_tables import tables
from gremlinrules.gremlins_inc.state import PAY, REDRAW, State

__all__ = ["frame_actions", "frame_apply"]

_DECISIONS = rules.RULES.decisions
_popped = make_updater(State, "stack")
_INDEX = {r: i for i, r in enumerate(RESOURCES)}
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
                s = _popped(s, stack[:-1])
                t = tables(s)
                if frame.kind == PAY:  # GI-PLAY-2: the first unit owed leaves the chosen project
                    owed = tuple(map(_INDEX.__getitem__, str(frame.value("owed")).split(".")))
                    return pay(s, t, frame.seat, frame.source, owed, action.project - 1)
                if frame.kind == REDRAW:
                    return _DECISIONS[REDRAW].resume(s, frame, action)
                return effects.resume(s, frame, action, partial(run, t=t))
    return rules.apply(s, action)
