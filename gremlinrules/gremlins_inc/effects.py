"""The card-effect interpreter: runs a card's script (:class:`~.components.Step` values) on the
decision stack.

A card's effect runs step by step (GI-EFFECT-1). Each step first finds its target
seats from the selector (GI-EFFECT-2); where the card's player must choose (a
player, a project, where resources go, which type of resource), the step stops
and pushes a frame, and the answer resumes it (GI-EFFECT-3 to GI-EFFECT-5). A
target's own choice (which cards a discard step takes) is a frame for that
seat (GI-OP-4). Where there is only one choice it is made at once, and a step
with nothing to act on does nothing (GI-EFFECT-6).

Where the effect is in its script is data: the typed :class:`~.frames.Effect` a
frame carries (the card's player, the card, the step, its :class:`~.frames.Stage`,
the target seats left, the chosen seat, project, destination and units left, and
the uid of a project being completed). Every function that carries an effect on
returns a :class:`~gremlinrules.core.step.Step` with the events it caused (a draw's);
the answers themselves cause none.
"""

from __future__ import annotations

from typing import Any

from gremlinrules.core.evolve import make_replace
from gremlinrules.core.evolve import make_updater
from gremlinrules.core.step import Step as Outcome
from gremlinrules.gremlins_inc.actions import Assign
from gremlinrules.gremlins_inc.actions import ChoosePlayer
from gremlinrules.gremlins_inc.actions import ChooseProject
from gremlinrules.gremlins_inc.actions import ChooseResource
from gremlinrules.gremlins_inc.actions import ChooseSelf
from gremlinrules.gremlins_inc.actions import Discard
from gremlinrules.gremlins_inc.actions import Done
from gremlinrules.gremlins_inc.components import RESOURCES
from gremlinrules.gremlins_inc.components import Card
from gremlinrules.gremlins_inc.components import Step
from gremlinrules.gremlins_inc.flow import after_action
from gremlinrules.gremlins_inc.flow import cards_of
from gremlinrules.gremlins_inc.flow import draw
from gremlinrules.gremlins_inc.flow import forget
from gremlinrules.gremlins_inc.flow import give_extra_turns
from gremlinrules.gremlins_inc.flow import protected
from gremlinrules.gremlins_inc.flow import with_row
from gremlinrules.gremlins_inc.frames import AssignChoice
from gremlinrules.gremlins_inc.frames import DiscardChoice
from gremlinrules.gremlins_inc.frames import Effect
from gremlinrules.gremlins_inc.frames import EffectFrame
from gremlinrules.gremlins_inc.frames import PlayerChoice
from gremlinrules.gremlins_inc.frames import ProjectChoice
from gremlinrules.gremlins_inc.frames import ResourceChoice
from gremlinrules.gremlins_inc.frames import Stage
from gremlinrules.gremlins_inc.state import Project
from gremlinrules.gremlins_inc.state import State
from gremlinrules.gremlins_inc.state import evolve

__all__ = ["Advanced", "advance", "after_project", "answer", "choices", "finish_effect", "resume", "retire",
           "run", "start_effect"]

_PROJECT_OPS = frozenset({"move_resource", "steal_resource", "steal_project", "discard_resource",
                          "discard_project", "hide", "reveal"})
_RESOURCE_OPS = frozenset({"move_resource", "steal_resource", "discard_resource"})
_STEAL_OPS = frozenset({"steal_score", "steal_resource", "steal_project"})

_WHO, _EACH, _ACT, _PROJECT, _DEST, _UNITS, _DISCARD, _ASSIGN = Stage

_ctx_with = make_replace(Effect)
_stepped = make_updater(Effect, "step", stage=Stage.WHO, queue=(), each=False, seat=-1, project=-1, dest=-1,
                        left=-1)
"""The context at the start of another step of the same script: ``Effect(player, card, step,
completing=completing)`` without the constructor (the frame carrying it checks its fields)."""
_project_with = make_replace(Project)

Advanced = tuple[Outcome[State], Effect, EffectFrame | None]
"""One stage of a step: the step to the state after it (with its events), the effect's context
after it, and the frame it asks, if any."""


# ---- whom and what a step may touch ------------------------------------------------------------


def _rank_pool(s: State, c: Effect, step: Step) -> list[int]:
    if step.among == "opponents":
        return [p for p in range(s.players) if s.teams[p] != s.teams[c.player]]
    return list(range(s.players))


def _most(s: State, seat: int) -> int:
    return max((len(p.resources) for p in s.projects[seat]), default=-1)


def _selected(s: State, c: Effect, step: Step) -> list[int]:
    """GI-EFFECT-2: the seats the selector names, before the step's own needs."""
    t, me, n = step.target, c.player, s.players
    if t == "you":
        return [me]
    if t == "any_player":
        return list(range(n))
    if t == "any_opponent":  # GI-TEAM-4: never a teammate
        return [p for p in range(n) if s.teams[p] != s.teams[me]]
    if t == "everyone_except_you":  # GI-TEAM-4: teammates included
        return [(me + k) % n for k in range(1, n)]
    pool = _rank_pool(s, c, step)
    if t == "most_resources":  # the owner of the project with the most resources
        pool = [p for p in pool if s.projects[p]]
        key = [_most(s, p) for p in range(n)]
    else:
        key = list(s.scores)
    if not pool:
        return []
    best = (max if t != "lowest_score" else min)(key[p] for p in pool)
    return [p for p in pool if key[p] == best]  # a tie: the card's player chooses (GI-EFFECT-3)


def _room(s: State, seat: int) -> bool:
    return len(s.projects[seat]) < s.components.max_projects


def _dests(s: State, c: Effect, step: Step, seat: int, project: int) -> list[tuple[int, int]]:
    """Where a resource taken from (seat, project) may go (GI-OP-6)."""
    if step.op == "discard_resource":
        return []
    owner = seat if step.op == "move_resource" and step.to == "same" else c.player
    return [(owner, i) for i in range(len(s.projects[owner])) if (owner, i) != (seat, project)]


def _takes(cards: dict[str, Card], p: Project, resource: str) -> list[str]:
    return [r for r in RESOURCES if (resource == "any" or r == resource)
            and any(cards[x].resource == r for x in p.resources)]


def sources(s: State, c: Effect, step: Step, seat: int) -> list[int]:
    """GI-OP-6 to GI-OP-9: the projects of ``seat`` the step may touch (its ``which`` filter)."""
    cards = cards_of(s)
    row = s.projects[seat]
    if step.op == "steal_project" and not _room(s, c.player):
        return []
    out = []
    for i, p in enumerate(row):
        if step.which == "hidden" and p.face_up:
            continue
        if step.which == "revealed" and not p.face_up:
            continue
        if step.op in _RESOURCE_OPS:
            if not _takes(cards, p, step.resource):
                continue
            if step.op != "discard_resource" and not _dests(s, c, step, seat, i):
                continue
        out.append(i)
    if step.which == "most_resources" and out:
        top = max(len(row[i].resources) for i in out)
        out = [i for i in out if len(row[i].resources) == top]
    return out


def _eligible(s: State, c: Effect, step: Step, seat: int) -> bool:
    if seat != c.player and protected(s, seat, step.op, c.player):
        return False  # GI-PASSIVE-3
    if step.op in _STEAL_OPS and seat == c.player:
        return False  # nobody steals from themselves
    if step.op in _PROJECT_OPS:
        return bool(sources(s, c, step, seat))
    return True


def targets(s: State, c: Effect, step: Step) -> list[int]:
    """The seats the step may act on: the selector's, less the protected and those with nothing
    for the step to touch (GI-EFFECT-6)."""
    return [p for p in _selected(s, c, step) if _eligible(s, c, step, p)]


# ---- running a script ---------------------------------------------------------------------------


def _step(s: State, c: Effect) -> Step | None:
    card = cards_of(s).get(c.card)
    if card is None or not 0 <= c.step < len(card.effect):
        return None
    return card.effect[c.step]


def start_effect(s: State, player: int, card: str, completing: int = -1) -> Outcome[State]:
    """Run ``card``'s script for ``player`` from its first step (GI-EFFECT-1); ``completing``:
    the uid of the project completed (GI-DONE-4), -1 for a played card."""
    return run(s, Effect(player, card, completing=completing))


def _next_step(c: Effect) -> Effect:
    return _stepped(c, c.step + 1)


def _seat_done(c: Effect) -> Effect:
    """The step is done with its current seat: the next seat of the queue, or the next step."""
    if c.each:
        return _ctx_with(c, stage=_EACH, seat=-1, project=-1, dest=-1, left=-1)
    return _next_step(c)


def _push(s: State, frame: EffectFrame) -> State:
    return evolve(s, stack=(*s.stack, frame))


def run(s: State, c: Effect) -> Outcome[State]:
    """Carry the effect on from ``c`` until it needs a choice (a frame) or ends."""
    events: tuple[Any, ...] = ()
    while True:
        step = _step(s, c)
        if step is None:
            done = finish_effect(s, c)
            return Outcome(done.state, events + done.events) if events else done
        out, c, frame = advance(s, c, step)
        s = out.state
        if out.events:
            events += out.events
        if frame is not None:
            return Outcome(_push(s, frame), events)


def _stay(s: State, c: Effect, frame: EffectFrame | None = None) -> Advanced:
    return Outcome(s), c, frame


def advance(s: State, c: Effect, step: Step) -> Advanced:
    """One stage of a step: the step to the state after it, the context after it, and the frame
    it asks, if any."""
    stage = c.stage
    if stage is _WHO:
        if step.target == "everyone_except_you":
            seats = tuple(p for p in _selected(s, c, step))
            return _stay(s, _ctx_with(c, stage=_EACH, queue=seats, each=True))
        seats_ = targets(s, c, step)
        if not seats_:
            return _stay(s, _next_step(c))  # GI-EFFECT-6
        if len(seats_) == 1:
            return _stay(s, _ctx_with(c, stage=_ACT, seat=seats_[0]))
        return _stay(s, c, PlayerChoice(c.player, c))  # GI-EFFECT-3
    if stage is _EACH:
        queue = c.queue
        while queue and not _eligible(s, c, step, queue[0]):
            queue = queue[1:]
        if not queue:
            return _stay(s, _next_step(c))
        return _stay(s, _ctx_with(c, stage=_ACT, seat=queue[0], queue=queue[1:]))
    if not 0 <= c.seat < s.players:
        return _stay(s, _next_step(c))  # a frame that names no seat: nothing to act on
    if stage is _ACT:
        return _act(s, c, step)
    if stage is _PROJECT:
        found = sources(s, c, step, c.seat)
        if not found:
            return _stay(s, _seat_done(c))
        if len(found) == 1:
            return after_project(s, _ctx_with(c, project=found[0]), step)
        return _stay(s, c, ProjectChoice(c.player, c))  # GI-EFFECT-4
    if stage is _DEST:
        found_ = _dests(s, c, step, c.seat, c.project)
        if not found_:
            return _stay(s, _seat_done(c))
        if len(found_) == 1:
            return _stay(s, _ctx_with(c, stage=_UNITS, dest=found_[0][1], left=step.amount))
        return _stay(s, c, ProjectChoice(c.player, c))
    if stage is _UNITS:
        return _units(s, c, step)
    if stage is _DISCARD:
        return _discards(s, c, step)
    return _assigns(s, c, step)


def _act(s: State, c: Effect, step: Step) -> Advanced:
    op, seat, me, n = step.op, c.seat, c.player, step.amount
    if op == "gain_score":  # GI-OP-1
        return _stay(_score(s, seat, s.scores[seat] + n), _seat_done(c))
    if op == "lose_score":  # GI-OP-1, GI-SCORE-1: never below 0
        return _stay(_score(s, seat, max(0, s.scores[seat] - n)), _seat_done(c))
    if op == "steal_score":  # GI-OP-3: the thief gains exactly what the target lost
        lost = min(n, s.scores[seat])
        s = _score(s, seat, s.scores[seat] - lost)
        return _stay(_score(s, me, s.scores[me] + lost), _seat_done(c))
    if op == "draw":  # GI-OP-2
        return draw(s, seat, n), _seat_done(c), None
    if op == "discard":
        return _stay(s, _ctx_with(c, stage=_DISCARD, left=n))
    if op == "assign":
        return _stay(s, _ctx_with(c, stage=_ASSIGN, left=n))
    if op == "extra_turn":  # GI-OP-10: the card's player plays again after this turn
        return _stay(give_extra_turns(s, n), _seat_done(c))
    return _stay(s, _ctx_with(c, stage=_PROJECT))


def _score(s: State, seat: int, value: int) -> State:
    scores = s.scores
    return evolve(s, scores=scores[:seat] + (value,) + scores[seat + 1:])


def after_project(s: State, c: Effect, step: Step) -> Advanced:
    """The project is chosen: act on it (GI-OP-7 to GI-OP-9), or go on to where resources go."""
    op = step.op
    if op in _RESOURCE_OPS:
        if op == "discard_resource":
            return _stay(s, _ctx_with(c, stage=_UNITS, left=step.amount))
        return _stay(s, _ctx_with(c, stage=_DEST))
    seat, i = c.seat, c.project
    row = s.projects[seat]
    if not 0 <= i < len(row):
        return _stay(s, _seat_done(c))
    p = row[i]
    if op == "steal_project":  # GI-OP-7: with all its resources, if the thief has room
        if not _room(s, c.player):
            return _stay(s, _seat_done(c))
        known = list(s.seen)
        if not p.face_up:  # the old owner remembers it; the new owner owns it
            known[seat] = tuple(sorted({*known[seat], p.uid}))
        known[c.player] = tuple(u for u in known[c.player] if u != p.uid)
        projects = with_row(s, seat, row[:i] + row[i + 1:])
        mine = projects[c.player] + (p,)
        projects = projects[:c.player] + (mine,) + projects[c.player + 1:]
        return _stay(evolve(s, projects=projects, seen=tuple(known)), _seat_done(c))
    if op == "discard_project":  # GI-OP-8: the project and its resources
        discard = tuple(sorted((*s.discard, p.card, *p.resources)))
        return _stay(evolve(s, projects=with_row(s, seat, row[:i] + row[i + 1:]), discard=discard,
                            seen=forget(s.seen, p.uid)), _seat_done(c))
    face_up = op == "reveal"  # GI-OP-9: hiding a hidden or revealing a revealed project changes nothing
    seen = s.seen
    if p.face_up and not face_up:  # everyone saw it face up: they remember it (GI-VIEW-3)
        seen = tuple(tuple(sorted({*k, p.uid})) if o != seat else k for o, k in enumerate(seen))
    elif face_up:
        seen = forget(seen, p.uid)
    q = _project_with(p, face_up=face_up)
    return _stay(evolve(s, projects=with_row(s, seat, row[:i] + (q,) + row[i + 1:]), seen=seen),
                 _seat_done(c))


def _units(s: State, c: Effect, step: Step) -> Advanced:
    """Take resources one at a time (GI-OP-6): the type is chosen when several could go."""
    row = s.projects[c.seat]
    if c.left <= 0 or not 0 <= c.project < len(row):
        return _stay(s, _seat_done(c))
    kinds = _takes(cards_of(s), row[c.project], step.resource)
    if not kinds:
        return _stay(s, _seat_done(c))
    if len(kinds) > 1:
        return _stay(s, c, ResourceChoice(c.player, c))  # GI-EFFECT-5
    return _stay(take(s, c, step, kinds[0]), _ctx_with(c, left=c.left - 1))


def take(s: State, c: Effect, step: Step, resource: str) -> State:
    """Move the most recently assigned resource of ``resource`` from the chosen project to the
    destination, or to the discard pile (GI-RES-2)."""
    cards = cards_of(s)
    src = s.projects[c.seat][c.project]
    pos = max(i for i, x in enumerate(src.resources) if cards[x].resource == resource)
    card = src.resources[pos]
    src = _project_with(src, resources=src.resources[:pos] + src.resources[pos + 1:])
    row = s.projects[c.seat]
    projects = with_row(s, c.seat, row[:c.project] + (src,) + row[c.project + 1:])
    if step.op == "discard_resource":
        return evolve(s, projects=projects, discard=tuple(sorted((*s.discard, card))))
    owner = c.seat if step.op == "move_resource" and step.to == "same" else c.player
    drow = projects[owner]
    if not 0 <= c.dest < len(drow):
        return evolve(s, projects=projects, discard=tuple(sorted((*s.discard, card))))
    d = drow[c.dest]
    drow = drow[:c.dest] + (_project_with(d, resources=(*d.resources, card)),) + drow[c.dest + 1:]
    return evolve(s, projects=projects[:owner] + (drow,) + projects[owner + 1:])


def _discards(s: State, c: Effect, step: Step) -> Advanced:
    """GI-OP-4: the target discards cards of their choice, one at a time."""
    hand = s.hands[c.seat]
    if c.left <= 0 or not hand:
        return _stay(s, _seat_done(c))
    if len(set(hand)) == 1 or len(hand) <= c.left:
        return _stay(discard_card(s, c.seat, hand[0]), _ctx_with(c, left=c.left - 1))
    return _stay(s, c, DiscardChoice(c.seat, c))


def discard_card(s: State, seat: int, card: str) -> State:
    """``seat`` discards ``card`` from hand, face up."""
    hand = list(s.hands[seat])
    hand.remove(card)
    hands = s.hands[:seat] + (tuple(hand),) + s.hands[seat + 1:]
    return evolve(s, hands=hands, discard=tuple(sorted((*s.discard, card))))


def _assigns(s: State, c: Effect, step: Step) -> Advanced:
    """GI-OP-5: the player assigns up to ``amount`` hand cards to their projects."""
    if c.left <= 0 or not s.hands[c.player] or not s.projects[c.player]:
        return _stay(s, _next_step(c))
    return _stay(s, c, AssignChoice(c.player, c))


def assign_card(s: State, seat: int, card: str, project: int) -> State:
    """``card`` leaves ``seat``'s hand for the back of its project ``project`` (GI-RES-1)."""
    hand = list(s.hands[seat])
    hand.remove(card)
    row = s.projects[seat]
    p = row[project]
    row = row[:project] + (_project_with(p, resources=(*p.resources, card)),) + row[project + 1:]
    hands = s.hands[:seat] + (tuple(hand),) + s.hands[seat + 1:]
    return evolve(s, hands=hands, projects=with_row(s, seat, row))


def finished(s: State, c: Effect) -> State:
    """The script is done: a played card is discarded; a completed project leaves the table and
    all its resources are discarded, whatever its instructions put on it (GI-DONE-4), and its
    card is discarded or, a permanent, becomes active (GI-DONE-3, from the next action on)."""
    if c.completing >= 0:
        return retire(s, c.player, c.card, c.completing)
    return evolve(s, discard=tuple(sorted((*s.discard, c.card))))


def finish_effect(s: State, c: Effect) -> Outcome[State]:
    """The script is done (:func:`finished`); then the action is over."""
    return after_action(finished(s, c))


def retire(s: State, owner: int, card: str, uid: int) -> State:
    """GI-DONE-3, GI-DONE-4: the completed project (``uid``) leaves ``owner``'s row; its
    resources go to the discard pile, its card too unless it is a permanent. A project its own
    instructions already took off the table went with its resources; nothing is left to do."""
    row = s.projects[owner]
    at = [i for i, p in enumerate(row) if p.uid == uid]
    if not at:
        return s
    i = at[0]
    p = row[i]
    design = cards_of(s).get(card)
    pile = (*s.discard, *p.resources)
    perms = s.permanents
    if design is not None and design.kind == "permanent":  # only ever completed, never played
        perms = perms[:owner] + (tuple(sorted((*perms[owner], p.card))),) + perms[owner + 1:]
    else:
        pile = (*pile, p.card)
    return evolve(s, projects=with_row(s, owner, row[:i] + row[i + 1:]), discard=tuple(sorted(pile)),
                  permanents=perms, seen=forget(s.seen, p.uid))


# ---- the frames' choices and answers ---------------------------------------------------------


def choices(s: State, frame: EffectFrame) -> tuple[Any, ...]:
    """The answers an effect frame takes, in canonical order (empty if it is not one the rules make)."""
    c = frame.effect
    step = _step(s, c)
    if step is None or not 0 <= c.player < s.players:
        return ()
    kind = type(frame)
    if kind is PlayerChoice:
        n = s.players
        offsets = sorted((p - c.player) % n for p in targets(s, c, step))
        return tuple(ChooseSelf() if k == 0 else ChoosePlayer(k) for k in (*offsets[1:], 0)
                     ) if offsets and offsets[0] == 0 else tuple(ChoosePlayer(k) for k in offsets)
    if not 0 <= c.seat < s.players:
        return ()
    if kind is ProjectChoice and c.stage is _PROJECT:
        return tuple(ChooseProject(c.seat, i + 1) for i in sources(s, c, step, c.seat))
    if kind is ProjectChoice:
        return tuple(ChooseProject(o, i + 1) for o, i in sorted(_dests(s, c, step, c.seat, c.project)))
    if kind is ResourceChoice:
        row = s.projects[c.seat]
        if not 0 <= c.project < len(row):
            return ()
        return tuple(ChooseResource(r) for r in _takes(cards_of(s), row[c.project], step.resource))
    if kind is DiscardChoice:
        return tuple(Discard(card) for card in sorted(set(s.hands[c.seat])))
    hand = sorted(set(s.hands[c.player]))
    rows = range(1, len(s.projects[c.player]) + 1)
    return (*(Assign(card, i) for card in hand for i in rows), Done())


def answer(s: State, frame: EffectFrame, action: Any) -> tuple[State, Effect | None, EffectFrame | None]:
    """The answer to an effect frame applied (the frame already popped): the state, the context to
    carry the effect on from (None: the script is gone, finish it from the frame's), and a frame
    the answer asks at once, if any. No answer causes an event."""
    c = frame.effect
    step = _step(s, c)
    if step is None:
        return s, None, None
    if type(action) is ChoosePlayer:
        c = _ctx_with(c, stage=_ACT, seat=(c.player + action.offset) % s.players)
    elif type(action) is ChooseSelf:
        c = _ctx_with(c, stage=_ACT, seat=c.player)
    elif type(action) is ChooseProject and c.stage is _PROJECT:
        out, c, pushed = after_project(s, _ctx_with(c, project=action.project - 1), step)
        return out.state, c, pushed
    elif type(action) is ChooseProject:
        c = _ctx_with(c, stage=_UNITS, dest=action.project - 1, left=step.amount)
    elif type(action) is ChooseResource:
        s = take(s, c, step, action.resource)
        c = _ctx_with(c, left=c.left - 1)
    elif type(action) is Discard:
        s = discard_card(s, c.seat, action.card)
        c = _ctx_with(c, left=c.left - 1)
    elif type(action) is Assign:
        s = assign_card(s, c.player, action.card, action.project - 1)
        c = _ctx_with(c, left=c.left - 1)
    else:  # Done: assign no more
        c = _next_step(c)
    return s, c, None


def resume(s: State, frame: EffectFrame, action: Any) -> Outcome[State]:
    """Carry the effect on with the answer to its frame (the frame already popped)."""
    s, c, pushed = answer(s, frame, action)
    if pushed is not None:
        return Outcome(_push(s, pushed))
    if c is None:
        return finish_effect(s, frame.effect)
    return run(s, c)
