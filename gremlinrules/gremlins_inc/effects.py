"""The card-effect interpreter: runs a card's script (:class:`~.components.Step` values) on the
decision stack.

A card's effect runs step by step (GI-EFFECT-1). Each step first finds its target
seats from the selector (GI-EFFECT-2); where the card's player must choose (a
player, a project, where resources go, which type of resource), the step stops
and pushes a frame, and the answer resumes it (GI-EFFECT-3 to GI-EFFECT-5). A
target's own choice (which cards a discard step takes) is a frame for that
seat (GI-OP-4). Where there is only one choice it is made at once, and a step
with nothing to act on does nothing (GI-EFFECT-6).

Where the effect is in its script is data: a :class:`Ctx` kept in the frame's
``bound`` (card's player, step, stage, target seats left, chosen seat, project,
destination, units left), and the card in the frame's ``source``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from gremlinrules.core.cache import BoundedCache
from gremlinrules.core.decisions import Frame
from gremlinrules.core.evolve import make_replace
from gremlinrules.gremlins_inc.actions import (
    Assign,
    ChoosePlayer,
    ChooseProject,
    ChooseResource,
    ChooseSelf,
    Discard,
    Done,
)
from gremlinrules.gremlins_inc.components import RESOURCES, Card, Step
from gremlinrules.gremlins_inc.flow import (
    after_action,
    cards_of,
    draw,
    forget,
    give_extra_turns,
    protected,
    with_row,
)
from gremlinrules.gremlins_inc.state import (
    ASSIGN,
    CHOOSE_PLAYER,
    CHOOSE_PROJECT,
    CHOOSE_RESOURCE,
    DISCARD,
    Project,
    State,
    evolve,
)

__all__ = ["STAGES", "Ctx", "advance", "after_project", "choices", "ctx_of", "finish_effect", "frame_of",
           "resume", "retire", "run", "start_effect"]

STAGES = ("who", "each", "act", "project", "dest", "units", "discard", "assign")
"""Where a step stands: finding its target (``who``: chosen; ``each``: every seat in turn),
acting on the target (``act``), choosing its project, the destination, taking units, or the
target's discards and the player's assignments."""

_PROJECT_OPS = frozenset({"move_resource", "steal_resource", "steal_project", "discard_resource",
                          "discard_project", "hide", "reveal"})
_RESOURCE_OPS = frozenset({"move_resource", "steal_resource", "discard_resource"})
_STEAL_OPS = frozenset({"steal_score", "steal_resource", "steal_project"})


@attrs.frozen(slots=True, weakref_slot=False)  # see core.evolve
class Ctx:
    """Where an effect stands."""

    player: int
    """The card's player (who chooses, GI-EFFECT-3)."""
    card: str
    step: int = 0
    stage: str = "who"
    queue: tuple[int, ...] = ()
    """Target seats still to act on (``everyone_except_you``)."""
    each: bool = False
    """The step acts on every seat of a queue (else on one chosen seat)."""
    seat: int = -1
    project: int = -1
    dest: int = -1
    left: int = -1
    """Units (cards, resources) still to take; -1 before the step's acting begins."""


_ctx_with = make_replace(Ctx)
_project_with = make_replace(Project)


def _bound(c: Ctx) -> tuple[tuple[str, int | str], ...]:
    """The readable record of where an effect stands (the frame's ``bound``): the card's
    ``player`` (a seat), the ``step`` of its script (from 1), the ``stage``; for a step on
    everyone except you the seats still to come (``queue``, clockwise, dot-separated, possibly
    empty); and, once set, the target ``seat``, its ``project`` and the destination project
    ``dest`` (numbers from 1, as actions name projects), and the units ``left`` to take."""
    out: list[tuple[str, int | str]] = [("player", c.player), ("step", c.step + 1), ("stage", c.stage)]
    if c.each:
        out.append(("queue", ".".join(map(str, c.queue))))
    if c.seat >= 0:
        out.append(("seat", c.seat))
    if c.project >= 0:
        out.append(("project", c.project + 1))
    if c.dest >= 0:
        out.append(("dest", c.dest + 1))
    if c.left >= 0:
        out.append(("left", c.left))
    return tuple(out)


def frame_of(kind: str, decider: int, c: Ctx) -> Frame:
    """The frame asking ``decider`` for the next choice of the effect ``c``."""
    return Frame(kind, decider, source=c.card, bound=_bound(c))


_KEYS = frozenset({"player", "step", "stage", "queue", "seat", "project", "dest", "left"})


_READ: BoundedCache[Frame, tuple[Frame, Ctx]] = BoundedCache("gremlins-inc effect frames", 4096)
"""Frames already read by :func:`ctx_of`, with what they say (a frame is read when its choices are
listed and again when it is answered)."""


def ctx_of(frame: Frame) -> Ctx:
    """The effect a frame belongs to (ValueError when its bound is not one :func:`frame_of` makes)."""
    try:
        known = _READ.get(frame)
    except TypeError:  # a value that cannot be hashed: not a frame the rules make
        return _read(frame)
    if known is not None and (known[0] is frame or _alike(known[0], frame)):
        return known[1]
    return _READ.put(frame, (frame, _read(frame)))[1]


def _alike(seen: Frame, frame: Frame) -> bool:
    """Two equal frames whose values are also of the same classes (``True`` equals ``1``, but a
    frame holding it is not one the rules write) say the same."""
    return type(seen.source) is type(frame.source) and all(
        type(x) is type(y) for (_, x), (_, y) in zip(seen.bound, frame.bound, strict=True))


def _read(frame: Frame) -> Ctx:
    keys = [k for k, _ in frame.bound]
    b = dict(frame.bound)
    if len(keys) != len(b) or not set(b) <= _KEYS or not {"player", "step", "stage"} <= set(b):
        raise ValueError("an effect frame binds player, step and stage, and may bind queue, seat, project, "
                         "dest and left, each once")
    ints = {k: b.get(k, 0) for k in ("player", "step", "seat", "project", "dest", "left")}
    if (any(type(v) is not int for v in ints.values()) or type(b["stage"]) is not str
            or type(b.get("queue", "")) is not str):
        raise ValueError("an effect frame's numbers are integers, its stage and queue text")
    text = str(b.get("queue", ""))
    if len(text) > 20 or str(b["stage"]) not in STAGES:
        raise ValueError("an effect frame's queue or stage is not one the rules make")
    try:
        queue = tuple(int(x) for x in text.split(".")) if text else ()
    except ValueError:
        raise ValueError("an effect frame's queue lists seats") from None
    c = Ctx(int(ints["player"]), frame.source, int(ints["step"]) - 1, str(b["stage"]), queue, "queue" in b,
            int(b["seat"]) if "seat" in b else -1, int(b["project"]) - 1 if "project" in b else -1,
            int(b["dest"]) - 1 if "dest" in b else -1, int(b["left"]) if "left" in b else -1)
    if _bound(c) != frame.bound:
        raise ValueError("an effect frame's bound is not written as the rules write it")
    return c


# ---- whom and what a step may touch ------------------------------------------------------------


def _rank_pool(s: State, c: Ctx, step: Step) -> list[int]:
    if step.among == "opponents":
        return [p for p in range(s.players) if s.teams[p] != s.teams[c.player]]
    return list(range(s.players))


def _most(s: State, seat: int) -> int:
    return max((len(p.resources) for p in s.projects[seat]), default=-1)


def _selected(s: State, c: Ctx, step: Step) -> list[int]:
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


def _dests(s: State, c: Ctx, step: Step, seat: int, project: int) -> list[tuple[int, int]]:
    """Where a resource taken from (seat, project) may go (GI-OP-6)."""
    if step.op == "discard_resource":
        return []
    owner = seat if step.op == "move_resource" and step.to == "same" else c.player
    return [(owner, i) for i in range(len(s.projects[owner])) if (owner, i) != (seat, project)]


def _takes(cards: dict[str, Card], p: Project, resource: str) -> list[str]:
    return [r for r in RESOURCES if (resource == "any" or r == resource)
            and any(cards[x].resource == r for x in p.resources)]


def sources(s: State, c: Ctx, step: Step, seat: int) -> list[int]:
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


def _eligible(s: State, c: Ctx, step: Step, seat: int) -> bool:
    if seat != c.player and protected(s, seat, step.op, c.player):
        return False  # GI-PASSIVE-3
    if step.op in _STEAL_OPS and seat == c.player:
        return False  # nobody steals from themselves
    if step.op in _PROJECT_OPS:
        return bool(sources(s, c, step, seat))
    return True


def targets(s: State, c: Ctx, step: Step) -> list[int]:
    """The seats the step may act on: the selector's, less the protected and those with nothing
    for the step to touch (GI-EFFECT-6)."""
    return [p for p in _selected(s, c, step) if _eligible(s, c, step, p)]


# ---- running a script ---------------------------------------------------------------------------


def _step(s: State, c: Ctx) -> Step | None:
    card = cards_of(s).get(c.card)
    if card is None or not 0 <= c.step < len(card.effect):
        return None
    return card.effect[c.step]


def start_effect(s: State, player: int, card: str) -> State:
    """Run ``card``'s script for ``player`` from its first step (GI-EFFECT-1)."""
    return run(s, Ctx(player, card))


def _next_step(c: Ctx) -> Ctx:
    return Ctx(c.player, c.card, c.step + 1)


def _seat_done(c: Ctx) -> Ctx:
    """The step is done with its current seat: the next seat of the queue, or the next step."""
    if c.each:
        return _ctx_with(c, stage="each", seat=-1, project=-1, dest=-1, left=-1)
    return _next_step(c)


def run(s: State, c: Ctx) -> State:
    """Carry the effect on from ``c`` until it needs a choice (a frame) or ends."""
    while True:
        step = _step(s, c)
        if step is None:
            return finish_effect(s, c)
        s, c, frame = advance(s, c, step)
        if frame is not None:
            return evolve(s, stack=(*s.stack, frame))


def advance(s: State, c: Ctx, step: Step) -> tuple[State, Ctx, Frame | None]:
    """One stage of a step: the state, the context after it, and the frame it asks, if any."""
    stage = c.stage
    if stage == "who":
        if step.target == "everyone_except_you":
            seats = tuple(p for p in _selected(s, c, step))
            return s, _ctx_with(c, stage="each", queue=seats, each=True), None
        seats_ = targets(s, c, step)
        if not seats_:
            return s, _next_step(c), None  # GI-EFFECT-6
        if len(seats_) == 1:
            return s, _ctx_with(c, stage="act", seat=seats_[0]), None
        return s, c, frame_of(CHOOSE_PLAYER, c.player, c)  # GI-EFFECT-3
    if stage == "each":
        queue = c.queue
        while queue and not _eligible(s, c, step, queue[0]):
            queue = queue[1:]
        if not queue:
            return s, _next_step(c), None
        return s, _ctx_with(c, stage="act", seat=queue[0], queue=queue[1:]), None
    if not 0 <= c.seat < s.players:
        return s, _next_step(c), None  # a frame that names no seat: nothing to act on
    if stage == "act":
        return _act(s, c, step)
    if stage == "project":
        found = sources(s, c, step, c.seat)
        if not found:
            return s, _seat_done(c), None
        if len(found) == 1:
            return after_project(s, _ctx_with(c, project=found[0]), step)
        return s, c, frame_of(CHOOSE_PROJECT, c.player, c)  # GI-EFFECT-4
    if stage == "dest":
        found_ = _dests(s, c, step, c.seat, c.project)
        if not found_:
            return s, _seat_done(c), None
        if len(found_) == 1:
            return s, _ctx_with(c, stage="units", dest=found_[0][1], left=step.amount), None
        return s, c, frame_of(CHOOSE_PROJECT, c.player, c)
    if stage == "units":
        return _units(s, c, step)
    if stage == "discard":
        return _discards(s, c, step)
    return _assigns(s, c, step)


def _act(s: State, c: Ctx, step: Step) -> tuple[State, Ctx, Frame | None]:
    op, seat, me, n = step.op, c.seat, c.player, step.amount
    if op == "gain_score":  # GI-OP-1
        return _score(s, seat, s.scores[seat] + n), _seat_done(c), None
    if op == "lose_score":  # GI-OP-1, GI-SCORE-1: never below 0
        return _score(s, seat, max(0, s.scores[seat] - n)), _seat_done(c), None
    if op == "steal_score":  # GI-OP-3: the thief gains exactly what the target lost
        lost = min(n, s.scores[seat])
        s = _score(s, seat, s.scores[seat] - lost)
        return _score(s, me, s.scores[me] + lost), _seat_done(c), None
    if op == "draw":  # GI-OP-2
        return draw(s, seat, n), _seat_done(c), None
    if op == "discard":
        return s, _ctx_with(c, stage="discard", left=n), None
    if op == "assign":
        return s, _ctx_with(c, stage="assign", left=n), None
    if op == "extra_turn":  # GI-OP-10: the card's player plays again after this turn
        return give_extra_turns(s, n), _seat_done(c), None
    return s, _ctx_with(c, stage="project"), None


def _score(s: State, seat: int, value: int) -> State:
    scores = s.scores
    return evolve(s, scores=scores[:seat] + (value,) + scores[seat + 1:])


def after_project(s: State, c: Ctx, step: Step) -> tuple[State, Ctx, Frame | None]:
    """The project is chosen: act on it (GI-OP-7 to GI-OP-9), or go on to where resources go."""
    op = step.op
    if op in _RESOURCE_OPS:
        if op == "discard_resource":
            return s, _ctx_with(c, stage="units", left=step.amount), None
        return s, _ctx_with(c, stage="dest"), None
    seat, i = c.seat, c.project
    row = s.projects[seat]
    if not 0 <= i < len(row):
        return s, _seat_done(c), None
    p = row[i]
    if op == "steal_project":  # GI-OP-7: with all its resources, if the thief has room
        if not _room(s, c.player):
            return s, _seat_done(c), None
        known = list(s.seen)
        if not p.face_up:  # the old owner remembers it; the new owner owns it
            known[seat] = tuple(sorted({*known[seat], p.uid}))
        known[c.player] = tuple(u for u in known[c.player] if u != p.uid)
        projects = with_row(s, seat, row[:i] + row[i + 1:])
        mine = projects[c.player] + (p,)
        projects = projects[:c.player] + (mine,) + projects[c.player + 1:]
        return evolve(s, projects=projects, seen=tuple(known)), _seat_done(c), None
    if op == "discard_project":  # GI-OP-8: the project and its resources
        discard = tuple(sorted((*s.discard, p.card, *p.resources)))
        return (evolve(s, projects=with_row(s, seat, row[:i] + row[i + 1:]), discard=discard,
                       seen=forget(s.seen, p.uid)), _seat_done(c), None)
    face_up = op == "reveal"  # GI-OP-9: hiding a hidden or revealing a revealed project changes nothing
    seen = s.seen
    if p.face_up and not face_up:  # everyone saw it face up: they remember it (GI-VIEW-3)
        seen = tuple(tuple(sorted({*k, p.uid})) if o != seat else k for o, k in enumerate(seen))
    elif face_up:
        seen = forget(seen, p.uid)
    q = _project_with(p, face_up=face_up)
    return evolve(s, projects=with_row(s, seat, row[:i] + (q,) + row[i + 1:]), seen=seen), _seat_done(c), None


def _units(s: State, c: Ctx, step: Step) -> tuple[State, Ctx, Frame | None]:
    """Take resources one at a time (GI-OP-6): the type is chosen when several could go."""
    row = s.projects[c.seat]
    if c.left <= 0 or not 0 <= c.project < len(row):
        return s, _seat_done(c), None
    kinds = _takes(cards_of(s), row[c.project], step.resource)
    if not kinds:
        return s, _seat_done(c), None
    if len(kinds) > 1:
        return s, c, frame_of(CHOOSE_RESOURCE, c.player, c)  # GI-EFFECT-5
    return take(s, c, step, kinds[0]), _ctx_with(c, left=c.left - 1), None


def take(s: State, c: Ctx, step: Step, resource: str) -> State:
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


def _discards(s: State, c: Ctx, step: Step) -> tuple[State, Ctx, Frame | None]:
    """GI-OP-4: the target discards cards of their choice, one at a time."""
    hand = s.hands[c.seat]
    if c.left <= 0 or not hand:
        return s, _seat_done(c), None
    if len(set(hand)) == 1 or len(hand) <= c.left:
        return discard_card(s, c.seat, hand[0]), _ctx_with(c, left=c.left - 1), None
    return s, c, frame_of(DISCARD, c.seat, c)


def discard_card(s: State, seat: int, card: str) -> State:
    """``seat`` discards ``card`` from hand, face up."""
    hand = list(s.hands[seat])
    hand.remove(card)
    hands = s.hands[:seat] + (tuple(hand),) + s.hands[seat + 1:]
    return evolve(s, hands=hands, discard=tuple(sorted((*s.discard, card))))


def _assigns(s: State, c: Ctx, step: Step) -> tuple[State, Ctx, Frame | None]:
    """GI-OP-5: the player assigns up to ``amount`` hand cards to their projects."""
    if c.left <= 0 or not s.hands[c.player] or not s.projects[c.player]:
        return s, _next_step(c), None
    return s, c, frame_of(ASSIGN, c.player, c)


def assign_card(s: State, seat: int, card: str, project: int) -> State:
    """``card`` leaves ``seat``'s hand for the back of its project ``project`` (GI-RES-1)."""
    hand = list(s.hands[seat])
    hand.remove(card)
    row = s.projects[seat]
    p = row[project]
    row = row[:project] + (_project_with(p, resources=(*p.resources, card)),) + row[project + 1:]
    hands = s.hands[:seat] + (tuple(hand),) + s.hands[seat + 1:]
    return evolve(s, hands=hands, projects=with_row(s, seat, row))


def finish_effect(s: State, c: Ctx) -> State:
    """The script is done: a played card is discarded; a completed project leaves the table and
    all its resources are discarded, whatever its instructions put on it (GI-DONE-4), and its
    card is discarded or, a permanent, becomes active (GI-DONE-3, from the next action on). Then
    the action is over."""
    card = s.resolving
    if card and s.completing >= 0:
        s = retire(s, c.player, card)
    elif card:
        s = evolve(s, discard=tuple(sorted((*s.discard, card))), resolving="")
    return after_action(s)


def retire(s: State, owner: int, card: str) -> State:
    """GI-DONE-3, GI-DONE-4: the completed project (``s.completing``) leaves ``owner``'s row; its
    resources go to the discard pile, its card too unless it is a permanent. A project its own
    instructions already took off the table went with its resources; nothing is left to do."""
    row = s.projects[owner]
    at = [i for i, p in enumerate(row) if p.uid == s.completing]
    s = evolve(s, resolving="", completing=-1)
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


def choices(s: State, frame: Frame) -> tuple[Any, ...]:
    """The answers an effect frame takes, in canonical order (empty if it is not one the rules make)."""
    try:
        c = ctx_of(frame)
    except ValueError:
        return ()
    step = _step(s, c)
    if step is None or not 0 <= c.player < s.players:
        return ()
    kind = frame.kind
    if kind == CHOOSE_PLAYER:
        n = s.players
        offsets = sorted((p - c.player) % n for p in targets(s, c, step))
        return tuple(ChooseSelf() if k == 0 else ChoosePlayer(k) for k in (*offsets[1:], 0)
                     ) if offsets and offsets[0] == 0 else tuple(ChoosePlayer(k) for k in offsets)
    if not 0 <= c.seat < s.players:
        return ()
    if kind == CHOOSE_PROJECT and c.stage == "project":
        return tuple(ChooseProject(c.seat, i + 1) for i in sources(s, c, step, c.seat))
    if kind == CHOOSE_PROJECT and c.stage == "dest":
        return tuple(ChooseProject(o, i + 1) for o, i in sorted(_dests(s, c, step, c.seat, c.project)))
    if kind == CHOOSE_RESOURCE and c.stage == "units":
        row = s.projects[c.seat]
        if not 0 <= c.project < len(row):
            return ()
        return tuple(ChooseResource(r) for r in _takes(cards_of(s), row[c.project], step.resource))
    if kind == DISCARD and c.stage == "discard":
        return tuple(Discard(card) for card in sorted(set(s.hands[c.seat])))
    if kind == ASSIGN and c.stage == "assign":
        hand = sorted(set(s.hands[c.player]))
        rows = range(1, len(s.projects[c.player]) + 1)
        return (*(Assign(card, i) for card in hand for i in rows), Done())
    return ()


def resume(s: State, frame: Frame, action: Any, then: Callable[[State, Ctx], State] | None = None,
           known: Ctx | None = None) -> State:
    """Carry the effect on with the answer to its frame (the frame already popped); ``then`` carries
    it on from there (:func:`run` unless given); ``known``: what the frame says, when its pusher
    still knows (else it is read from the frame)."""
    c = ctx_of(frame) if known is None else known
    step = _step(s, c)
    if step is None:
        return finish_effect(s, c)
    if type(action) is ChoosePlayer:
        c = _ctx_with(c, stage="act", seat=(c.player + action.offset) % s.players)
    elif type(action) is ChooseSelf:
        c = _ctx_with(c, stage="act", seat=c.player)
    elif type(action) is ChooseProject and c.stage == "project":
        s, c, pushed = after_project(s, _ctx_with(c, project=action.project - 1), step)
        if pushed is not None:
            return evolve(s, stack=(*s.stack, pushed))
    elif type(action) is ChooseProject:
        c = _ctx_with(c, stage="units", dest=action.project - 1, left=step.amount)
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
    return (then or run)(s, c)
