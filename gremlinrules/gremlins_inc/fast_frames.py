"""Pending frames answered with less work: their choices are listed once per state, and an answer
among them resumes the effect at once, without listing the choices again to check it.

The choices are listed as :data:`.rules.DECISIONS` lists them, from the tables and
:mod:`.fast_select`, as the action space's own objects; the answer resumes the effect on
:func:`.fast_effects.run`. Anything else (a frame the rules would not make, an answer not among
the choices, a state not just listed) goes to the rule book.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import chain
from typing import Any

from gremlinrules.core.evolve import make_updater
from gremlinrules.gremlins_inc import effects
from gremlinrules.gremlins_inc import rules
from gremlinrules.gremlins_inc.components import RESOURCES
from gremlinrules.gremlins_inc.components import Step
from gremlinrules.gremlins_inc.fast_effects import ASKED
from gremlinrules.gremlins_inc.fast_effects import pay
from gremlinrules.gremlins_inc.fast_effects import run
from gremlinrules.gremlins_inc.fast_select import WANT as _WANT
from gremlinrules.gremlins_inc.fast_select import mask
from gremlinrules.gremlins_inc.fast_select import sources
from gremlinrules.gremlins_inc.fast_select import targets
from gremlinrules.gremlins_inc.fast_tables import Tables
from gremlinrules.gremlins_inc.fast_tables import tables
from gremlinrules.gremlins_inc.frames import AssignChoice
from gremlinrules.gremlins_inc.frames import DiscardChoice
from gremlinrules.gremlins_inc.frames import Effect
from gremlinrules.gremlins_inc.frames import EffectFrame
from gremlinrules.gremlins_inc.frames import Payment
from gremlinrules.gremlins_inc.frames import PendingFrame
from gremlinrules.gremlins_inc.frames import PlayerChoice
from gremlinrules.gremlins_inc.frames import ProjectChoice
from gremlinrules.gremlins_inc.frames import ResourceChoice
from gremlinrules.gremlins_inc.frames import Stage
from gremlinrules.gremlins_inc.state import State

__all__ = ["frame_actions", "frame_apply"]

_popped = make_updater(State, "stack")
_INDEX = {r: i for i, r in enumerate(RESOURCES)}
_LAST = ASKED
"""The last state whose frame's choices were listed or found as it was pushed, them, and what the
frame says when known (:data:`.fast_effects.ASKED`)."""


def frame_actions(s: State) -> tuple[Any, ...]:
    """The choices of the state's top frame (the game not over), in canonical order."""
    last = _LAST[0]
    if last[0] is s:
        return last[1]
    frame = s.stack[-1]
    try:
        found = _choices(s, frame, tables(s))
    except (KeyError, IndexError):  # a state built by hand with odd values: the rule book's
        found = None
    if found is None:
        found = rules.RULES.decision(frame).choices(s, frame)
    _LAST[0] = (s, found, None)
    return found


def _choices(s: State, frame: PendingFrame, t: Tables) -> tuple[Any, ...] | None:
    """The frame's choices as :data:`.rules.DECISIONS` lists them, as the space's own action
    objects; None where the rule book answers (a redraw, a card outside the tables)."""
    n = s.players
    if type(frame) is Payment:
        return _pay_choices(s, frame, t)
    if not isinstance(frame, EffectFrame):  # a Redraw: the rule book's
        return None
    c, kind = frame.effect, type(frame)
    script = t.scripts.get(c.card, ())
    if not 0 <= c.step < len(script) or not c.player < n:
        return None
    step = script[c.step]
    if kind is PlayerChoice:  # GI-EFFECT-3: by offset from the chooser, themselves last
        offsets = sorted((p - c.player) % n for p in targets(s, c, step, t))
        if offsets and offsets[0] == 0:
            offsets = [*offsets[1:], 0]
        return tuple(map(t.choose_player.__getitem__, offsets))
    if not 0 <= c.seat < n:
        return None
    frame_choices = _FRAME_CHOICES.get(kind)
    return None if frame_choices is None else frame_choices(s, c, step, t)


def _pay_choices(s: State, frame: Payment, t: Tables) -> tuple[Any, ...] | None:
    """GI-PLAY-2: the payer's projects holding the type."""
    if not frame.seat < s.players:
        return None
    bit = 1 << _INDEX[frame.owed[0]]
    row = s.projects[frame.seat]
    pick = t.choose_project[frame.seat]
    return tuple(pick[i] for i, p in enumerate(row) if mask(p, t) & bit)


def _project_choices(s: State, c: Effect, step: Step, t: Tables) -> tuple[Any, ...]:
    """GI-EFFECT-4: the target's projects the step can act on (stage ``project``); else where the
    resource goes (:func:`_dest_choices`)."""
    if c.stage is not Stage.PROJECT:
        return _dest_choices(s, c, step, t)
    pick = t.choose_project[c.seat]
    return tuple(pick[i] for i in sources(s, c, step, c.seat, t))


def _dest_choices(s: State, c: Effect, step: Step, t: Tables) -> tuple[Any, ...]:
    """GI-OP-6: where the resource goes."""
    if step.op == "discard_resource":
        return ()
    owner = c.seat if step.op == "move_resource" and step.to == "same" else c.player
    pick = t.choose_project[owner]
    return tuple(pick[i] for i in range(len(s.projects[owner])) if (owner, i) != (c.seat, c.project))


def _resource_choices(s: State, c: Effect, step: Step, t: Tables) -> tuple[Any, ...]:
    """GI-EFFECT-5: the types of the chosen project's resources the step can take."""
    row = s.projects[c.seat]
    if not 0 <= c.project < len(row):
        return ()
    have = mask(row[c.project], t) & _WANT[step.resource]
    return tuple(t.choose_resource[r] for k, r in enumerate(RESOURCES) if have & 1 << k)


def _discard_choices(s: State, c: Effect, step: Step, t: Tables) -> tuple[Any, ...]:
    """GI-OP-4: the designs in the target's hand."""
    return tuple(map(t.discards.__getitem__, sorted(set(s.hands[c.seat]))))


def _assign_choices(s: State, c: Effect, step: Step, t: Tables) -> tuple[Any, ...]:
    """GI-OP-5: a card of the player's hand to one of their projects, or stop."""
    table = t.assigns[len(s.projects[c.player])]
    return (*chain.from_iterable(map(table.__getitem__, sorted(set(s.hands[c.player])))), t.done)


_FRAME_CHOICES: dict[type[EffectFrame], Callable[[State, Effect, Step, Tables], tuple[Any, ...]]] = {
    ProjectChoice: _project_choices,
    ResourceChoice: _resource_choices,
    DiscardChoice: _discard_choices,
    AssignChoice: _assign_choices,
}
"""The choices of an effect's frame (bar a choice of player) by its class."""


def frame_apply(s: State, action: Any) -> State:
    """The state after answering the top frame with ``action`` (the game not over)."""
    last, found, said = _LAST[0]
    if last is s:
        for c in found:
            if c is action:  # one of the choices just listed: legal
                stack = s.stack
                frame = stack[-1]
                s = _popped(s, stack[:-1])
                t = tables(s)
                if type(frame) is Payment:  # GI-PLAY-2: the first unit owed leaves the chosen project
                    owed = said if said is not None else tuple(map(_INDEX.__getitem__, frame.owed))
                    return pay(s, t, frame.seat, frame.card, owed, action.project - 1)
                if isinstance(frame, EffectFrame):
                    s, ctx, pushed = effects.answer(s, frame, action)
                    if pushed is not None:
                        return _popped(s, (*s.stack, pushed))
                    return run(s, frame.effect if ctx is None else ctx, t)
                resumed: State = rules.RULES.decision(frame).resume(s, frame, action).state
                return resumed
    return rules.apply(s, action)
