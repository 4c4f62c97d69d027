"""Card effects run with less work: paying a played card's cost, the usual steps of a script done
inline, and the end of the card without the general flow.

The interpreter is :mod:`.effects`; :func:`run` finds a step's targets and projects itself
(:mod:`.fast_select`), does the steps that need no choice (score, draw, extra turns) inline, and
hands every other stage to :func:`.effects.advance`, one stage at a time, so a script behaves
exactly as there.
"""

from __future__ import annotations

import enum
from bisect import insort
from itertools import chain
from typing import Any
from typing import TypeVar

from gremlinrules.core.cache import BoundedCache
from gremlinrules.core.evolve import make_replace
from gremlinrules.core.evolve import make_updater
from gremlinrules.core.zones import replace_at
from gremlinrules.gremlins_inc import effects
from gremlinrules.gremlins_inc import flow
from gremlinrules.gremlins_inc.components import RESOURCES
from gremlinrules.gremlins_inc.components import Step
from gremlinrules.gremlins_inc.fast_flow import after_action
from gremlinrules.gremlins_inc.fast_select import WANT
from gremlinrules.gremlins_inc.fast_select import mask
from gremlinrules.gremlins_inc.fast_select import selected
from gremlinrules.gremlins_inc.fast_select import sources
from gremlinrules.gremlins_inc.fast_select import targets
from gremlinrules.gremlins_inc.fast_tables import COUNTS_GET
from gremlinrules.gremlins_inc.fast_tables import Tables
from gremlinrules.gremlins_inc.fast_tables import counts
from gremlinrules.gremlins_inc.frames import AssignChoice
from gremlinrules.gremlins_inc.frames import DiscardChoice
from gremlinrules.gremlins_inc.frames import Effect
from gremlinrules.gremlins_inc.frames import EffectFrame
from gremlinrules.gremlins_inc.frames import Payment
from gremlinrules.gremlins_inc.frames import PlayerChoice
from gremlinrules.gremlins_inc.frames import ProjectChoice
from gremlinrules.gremlins_inc.frames import ResourceChoice
from gremlinrules.gremlins_inc.frames import Stage
from gremlinrules.gremlins_inc.state import Project
from gremlinrules.gremlins_inc.state import State

__all__ = ["ASKED", "built", "first_step", "pay", "run", "with_card", "with_resources"]

_F = TypeVar("_F", bound=EffectFrame)

ASKED: list[tuple[Any, tuple[Any, ...], Any]] = [(None, (), None)]
"""The last state whose frame's choices are known, them, and what the frame says (its effect's
:class:`.Effect`, or a pay frame's units owed as type indices), or None to read it from the frame.
A frame this module pushes has its choices found as it is pushed (the step found them to see
that there is a choice); held, so the state's identity stays unique."""

_SIMPLE = frozenset({"gain_score", "lose_score", "steal_score", "draw", "extra_turn"})
_PROJECT_OPS = frozenset({"move_resource", "steal_resource", "steal_project", "discard_resource",
                          "discard_project", "hide", "reveal"})
"""Ops that act on their target at once, with no choice of project, card or resource."""
_ctx_with = make_replace(Effect)
_WHO, _ACT, _PROJECT, _DEST, _UNITS, _DISCARD, _ASSIGN = (Stage.WHO, Stage.ACT, Stage.PROJECT, Stage.DEST,
                                                           Stage.UNITS, Stage.DISCARD, Stage.ASSIGN)
_FRESH: dict[str, Any] = {"stage": Stage.WHO, "queue": (), "each": False, "seat": -1, "project": -1,
                          "dest": -1, "left": -1}
"""A step's context before its target is found (Effect's defaults after ``step``, bar ``completing``)."""
_first_step = make_updater(Effect, "player", "card", "completing", step=0, **_FRESH)
"""``Effect(player, card, completing=...)`` without the constructor: every field is set (the first
argument's are not read)."""
_next_step = make_updater(Effect, "player", "card", "step", **_FRESH)
"""``Effect(player, card, step)`` without the constructor (``completing`` kept)."""
_START = Effect(0, "-")


_new = object.__new__
_set = object.__setattr__


def built(cls: type[_F], seat: int, effect: Effect) -> _F:
    """``cls(seat, effect)`` without the constructor's validators: an effect frame the fast
    interpreter pushes, whose fields the rules have just made (a decoded or hand-built frame is
    still validated by its constructor)."""
    frame = _new(cls)
    _set(frame, "seat", seat)
    _set(frame, "effect", effect)
    return frame


def _payment(seat: int, card: str, owed: tuple[str, ...]) -> Payment:
    """``Payment(seat, card, owed)`` without the constructor's validators (see :func:`built`)."""
    frame = _new(Payment)
    _set(frame, "seat", seat)
    _set(frame, "card", card)
    _set(frame, "owed", owed)
    return frame


def _ask(s: State, frame: EffectFrame, choices: tuple[Any, ...], said: Any) -> State:
    """``s`` with ``frame`` pushed, its choices (as :mod:`.fast_frames` lists them) remembered."""
    out = _pushed(s, (*s.stack, frame))
    ASKED[0] = (out, choices, said)
    return out


_OWED: BoundedCache[tuple[int, ...], tuple[str, ...]] = BoundedCache("gremlins-inc owed units by name", 256)
"""Resource units still owed (type indices) as a Payment frame names them (``("malice", "malice")``)."""
with_resources = make_updater(Project, "resources")
"""A project with other resources (one constructor-free call)."""
_pushed = make_updater(State, "stack")
_scored = make_updater(State, "scores")
_drawn = make_updater(State, "hands", "deck")
_resolved = make_updater(State, "discard")
_paid = make_updater(State, "projects", "discard")
_paid_asking = make_updater(State, "projects", "discard", "stack")


def with_card(pile: tuple[str, ...], *cards: str) -> tuple[str, ...]:
    """The sorted pile with ``cards`` added (as ``tuple(sorted(pile + cards))``)."""
    out = list(pile)
    for c in cards:
        insort(out, c)
    return tuple(out)


def _finish(s: State, c: Effect, t: Tables) -> State:
    """:func:`.effects.finish_effect`: a played card goes to the discard pile (a completed project
    retires, :func:`.effects.retire`), then the action is over."""
    if c.completing >= 0:
        s = effects.retire(s, c.player, c.card, c.completing)
    else:
        s = _resolved(s, with_card(s.discard, c.card))
    return after_action(s, t)


class _Go(enum.Enum):
    """What :func:`run` does after a stage handler that asked no choice."""

    NEXT = "next"
    """Carry on from the handler's context: the loop starts over."""
    ON = "on"
    """Go on to the next handlers with it, then to :func:`.effects.advance`."""


_NEXT, _ON = _Go.NEXT, _Go.ON
_Handled = tuple[State, Effect, "State | _Go"]
"""A stage handler's state and context, and the state :func:`run` returns (a choice is asked), or
what it does next."""


def run(s: State, c: Effect, t: Tables) -> State:
    """:func:`.effects.run`: carry the effect on from ``c`` until it asks a choice or ends."""
    scripts = t.scripts
    while True:
        script = scripts.get(c.card, ())
        if not 0 <= c.step < len(script):
            return _finish(s, c, t)
        step = script[c.step]
        if not c.each:
            if c.stage is _WHO:
                s, c, got = _who(s, c, step, t)
                if got is not _ON:
                    if isinstance(got, State):
                        return got
                    continue
            if 0 <= c.seat < s.players:
                s, c, got = _at_seat(s, c, step, t)
                if got is not _ON:
                    if isinstance(got, State):
                        return got
                    continue
        if c.left > 0 and 0 <= c.seat < s.players:
            asked = _asked(s, c, t)
            if asked is not None:
                return asked
        out, c, frame = effects.advance(s, c, step)
        s = out.state
        if frame is not None:
            return _pushed(s, (*s.stack, frame))


def _who(s: State, c: Effect, step: Step, t: Tables) -> _Handled:
    """The "who" stage (GI-EFFECT-2): each other seat in turn for a simple op on everyone else; else
    the step's targets, asking the card's player to choose among several (GI-EFFECT-3), skipping
    the step without one (GI-EFFECT-6) and acting at once on one for a simple op."""
    if step.target == "everyone_except_you":
        if step.op not in _SIMPLE:
            return s, c, _ON
        me = c.player  # each other seat in turn, from the left (as effects.advance's queue)
        op, amount, perms = step.op, step.amount, s.permanents
        for seat in selected(s, c, step):
            if perms[seat] and flow.protected(s, seat, op, me):  # GI-PASSIVE-3
                continue
            s = _act(s, me, seat, op, amount)
        return s, _next_step(c, me, c.card, c.step + 1), _NEXT
    seats = targets(s, c, step, t)
    if not seats:  # GI-EFFECT-6
        return s, _next_step(c, c.player, c.card, c.step + 1), _NEXT
    if len(seats) > 1:  # GI-EFFECT-3: the card's player chooses, by offset, themselves last
        n = s.players
        offsets = sorted([(p - c.player) % n for p in seats])
        if offsets[0] == 0:
            offsets = [*offsets[1:], 0]
        return s, c, _ask(s, built(PlayerChoice, c.player, c),
                          tuple(map(t.choose_player.__getitem__, offsets)), c)
    op = step.op
    if op in _SIMPLE:  # acted on at once (as effects.advance's "act" stage)
        s = _act(s, c.player, seats[0], op, step.amount)
        return s, _next_step(c, c.player, c.card, c.step + 1), _NEXT
    # the "act" stage of a project op only goes on to its project
    return s, _ctx_with(c, stage=_PROJECT if op in _PROJECT_OPS else _ACT, seat=seats[0]), _ON


def _at_seat(s: State, c: Effect, step: Step, t: Tables) -> _Handled:
    """The stages once the target seat is known: a simple op's act, its project (GI-EFFECT-4), the
    destination of a resource taken (GI-OP-6) and its units, one at a time (GI-EFFECT-5)."""
    stage = c.stage
    if stage is _ACT and step.op in _SIMPLE:
        s = _act(s, c.player, c.seat, step.op, step.amount)
        return s, _next_step(c, c.player, c.card, c.step + 1), _NEXT
    if stage is _PROJECT:  # GI-EFFECT-4
        found = sources(s, c, step, c.seat, t)
        if not found:
            return s, _next_step(c, c.player, c.card, c.step + 1), _NEXT
        if len(found) > 1:
            pick = t.choose_project[c.seat]
            return s, c, _ask(s, built(ProjectChoice, c.player, c),
                              tuple([pick[k] for k in found]), c)
        out, c, frame = effects.after_project(s, _ctx_with(c, project=found[0]), step)
        s = out.state
        return s, c, _NEXT if frame is None else _pushed(s, (*s.stack, frame))
    if stage is _DEST:  # GI-OP-6: where a taken resource goes
        dests = _dests(s, c, step)
        if not dests:
            return s, _next_step(c, c.player, c.card, c.step + 1), _NEXT
        if len(dests) > 1:
            pick = t.choose_project[c.seat if step.op == "move_resource" and step.to == "same" else c.player]
            return s, c, _ask(s, built(ProjectChoice, c.player, c),
                              tuple([pick[k] for k in dests]), c)
        return s, _ctx_with(c, stage=_UNITS, dest=dests[0], left=step.amount), _NEXT
    if stage is _UNITS:  # GI-OP-6: one resource at a time
        row = s.projects[c.seat]
        if c.left <= 0 or not 0 <= c.project < len(row):
            return s, _next_step(c, c.player, c.card, c.step + 1), _NEXT
        kinds = mask(row[c.project], t) & WANT[step.resource]
        if not kinds:
            return s, _next_step(c, c.player, c.card, c.step + 1), _NEXT
        if kinds & (kinds - 1):  # GI-EFFECT-5: several types could go
            return s, c, _ask(s, built(ResourceChoice, c.player, c), t.resource_choices[kinds], c)
        s = effects.take(s, c, step, RESOURCES[kinds.bit_length() - 1])
        return s, _ctx_with(c, left=c.left - 1), _NEXT
    return s, c, _ON


def _asked(s: State, c: Effect, t: Tables) -> State | None:
    """A discard (GI-OP-4: the target chooses among two designs or more) or an assignment (GI-OP-5:
    the player assigns a card or stops) asked, if the stage asks one; else None."""
    stage = c.stage
    if stage is _DISCARD:
        hand = s.hands[c.seat]
        if len(hand) > c.left:
            kinds_ = sorted(set(hand))
            if len(kinds_) > 1:
                return _ask(s, built(DiscardChoice, c.seat, c),
                            tuple(map(t.discards.__getitem__, kinds_)), c)
    elif stage is _ASSIGN:
        hand = s.hands[c.player]
        row = s.projects[c.player]
        if hand and row:
            table = t.assigns[len(row)]
            return _ask(s, built(AssignChoice, c.player, c),
                        (*chain.from_iterable(map(table.__getitem__, sorted(set(hand)))), t.done), c)
    return None


def _dests(s: State, c: Effect, step: Step) -> list[int]:
    """:func:`.effects._dests`: the destination projects (of one owner) for a resource taken from
    the chosen project."""
    if step.op == "discard_resource":
        return []
    owner = c.seat if step.op == "move_resource" and step.to == "same" else c.player
    return [i for i in range(len(s.projects[owner])) if (owner, i) != (c.seat, c.project)]


def _act(s: State, me: int, seat: int, op: str, n: int) -> State:
    """GI-OP-1 to GI-OP-3, GI-OP-10 on one target (as :func:`.effects.advance` acts)."""
    scores = s.scores
    if op == "gain_score":
        return _scored(s, replace_at(scores, seat, scores[seat] + n))
    if op == "lose_score":
        return _scored(s, replace_at(scores, seat, max(0, scores[seat] - n)))
    if op == "steal_score":
        lost = min(n, scores[seat])
        out = list(scores)
        out[seat] -= lost
        out[me] += lost
        return _scored(s, tuple(out))
    if op == "draw":
        deck = s.deck
        if n > len(deck) or n <= 0:  # a reshuffle, or nothing to draw: the flow draws
            return flow.draw(s, seat, n).state
        hands = list(s.hands)
        hands[seat] = tuple(sorted(hands[seat] + deck[:n]))
        return _drawn(s, tuple(hands), deck[n:])
    return flow.give_extra_turns(s, n)


def pay(s: State, t: Tables, seat: int, card: str, owed: tuple[int, ...], chosen: int = -1) -> State:
    """:func:`.rules.pay`: pay the resource units ``owed`` (type indices, in order), asking which
    project each comes from when there is a choice (GI-PLAY-2); then run the card (GI-PLAY-3).
    Each unit is the most recently assigned resource of its type on the project (GI-RES-2).
    ``chosen``: the project (from 0) the first unit comes from, the answer to a pay frame."""
    type_of = t.type_of
    row = s.projects[seat]
    pile: list[str] | None = None
    for k, r in enumerate(owed):
        if k == 0 and chosen >= 0:
            found = [chosen]
        else:
            want = 1 << r
            found = []
            for i, p in enumerate(row):
                if p.resources:
                    v = COUNTS_GET(id(p))
                    if v is None or v[0] is not p or v[1] is not t:
                        v = counts(p, t)
                    if v[5] & want:
                        found.append(i)
        if len(found) > 1:
            rest = owed[k:]
            names = _OWED.get(rest)
            if names is None:
                names = _OWED.put(rest, tuple(RESOURCES[x] for x in rest))
            frame = _payment(seat, card, names)
            pick = t.choose_project[seat]
            if pile is None:
                out = _pushed(s, (*s.stack, frame))
            else:
                out = _paid_asking(s, replace_at(s.projects, seat, row), tuple(pile), (*s.stack, frame))
            ASKED[0] = (out, tuple([pick[i] for i in found]), owed[k:])
            return out
        if found:
            i = found[0]
            p = row[i]
            res = p.resources
            pos = len(res) - 1
            while type_of[res[pos]] != r:
                pos -= 1
            if pile is None:
                pile = list(s.discard)
            insort(pile, res[pos])
            row = row[:i] + (with_resources(p, res[:pos] + res[pos + 1:]),) + row[i + 1:]
    if pile is not None:
        s = _paid(s, replace_at(s.projects, seat, row), tuple(pile))
    return run(s, _first_step(_START, seat, card, -1), t)


def first_step(player: int, card: str, completing: int = -1) -> Effect:
    """``Effect(player, card, completing=completing)``: the start of a card's script (GI-EFFECT-1)."""
    return _first_step(_START, player, card, completing)
