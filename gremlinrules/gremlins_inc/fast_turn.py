"""The turn's actions applied with their checks inline, and the end of a turn in one step for its
usual cases.

Each effect returns the next state, or None for anything it does not hold for (an illegal action,
a rare case), and then the rule book answers: the reason an action is refused, or the effect
itself. A played card is paid for and run by :mod:`.fast_effects`; completing goes to the rule
book only with a completion cost passive.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable
from typing import Any

from gremlinrules.core.evolve import make_updater
from gremlinrules.core.zones import replace_at
from gremlinrules.gremlins_inc import flow
from gremlinrules.gremlins_inc import rules
from gremlinrules.gremlins_inc.fast_effects import first_step
from gremlinrules.gremlins_inc.fast_effects import pay
from gremlinrules.gremlins_inc.fast_effects import run
from gremlinrules.gremlins_inc.fast_effects import with_resources
from gremlinrules.gremlins_inc.fast_flow import allowed
from gremlinrules.gremlins_inc.fast_flow import end_turn
from gremlinrules.gremlins_inc.fast_flow import end_turn_after
from gremlinrules.gremlins_inc.fast_tables import COUNTS_GET
from gremlinrules.gremlins_inc.fast_tables import Tables
from gremlinrules.gremlins_inc.fast_tables import counted
from gremlinrules.gremlins_inc.fast_tables import counts
from gremlinrules.gremlins_inc.fast_tables import meets
from gremlinrules.gremlins_inc.fast_tables import perm_info
from gremlinrules.gremlins_inc.fast_tables import put_counts
from gremlinrules.gremlins_inc.state import Project
from gremlinrules.gremlins_inc.state import State

__all__ = ["EFFECTS"]

_assigned = make_updater(State, "hands", "projects", "actions_used")
_started = make_updater(State, "hands", "projects", "next_uid", "actions_used")
_cancelled = make_updater(State, "projects", "discard", "seen", "actions_used")
_played = make_updater(State, "hands", "actions_used")
_new_project = make_updater(Project, "uid", "card", "face_up", resources=())
"""``Project(uid, card, face_up)`` without the constructor: every field is set."""
_BLANK = Project(0, "", False)
_EMPTY = (_BLANK, None, 0, 0, 0, 0)
"""The counts of a project without resources."""
_completing = make_updater(State, "projects", "scores", "seen", "actions_used")


def _after(s: State, t: Tables, limit: int) -> State:
    return end_turn(s, t) if s.actions_used >= limit else s


def _start(s: State, t: Tables, a: Any) -> State | None:
    """GI-PROJ-1 to GI-PROJ-3 (a Start that may not be face up is not in the action space)."""
    me = s.turn
    limit = allowed(s, t) if s.permanents[me] else t.per_turn
    hand = s.hands[me]
    row = s.projects[me]
    used = s.actions_used + 1
    if used > limit or a.card not in hand or len(row) >= t.max_projects:
        return None
    k = hand.index(a.card)
    hands = list(s.hands)
    hands[me] = hand[:k] + hand[k + 1:]
    projects = list(s.projects)
    projects[me] = (*row, _new_project(_BLANK, s.next_uid, a.card, a.face_up is True))
    if used < limit:
        return _started(s, tuple(hands), tuple(projects), s.next_uid + 1, used)
    return end_turn_after(s, t, tuple(hands), tuple(projects), s.next_uid + 1)


def _assign(s: State, t: Tables, arg: tuple[str, int]) -> State | None:
    """GI-RES-1."""
    card, i = arg
    me = s.turn
    limit = allowed(s, t) if s.permanents[me] else t.per_turn
    hand = s.hands[me]
    row = s.projects[me]
    used = s.actions_used + 1
    if used > limit or card not in hand or i >= len(row):
        return None
    k = hand.index(card)
    p = row[i]
    hands = list(s.hands)
    hands[me] = hand[:k] + hand[k + 1:]
    q = with_resources(p, (*p.resources, card))
    # the new project counted from the old one's counts (the listing counted them), for the next
    v = COUNTS_GET(id(p)) if p.resources else _EMPTY
    if v is not None and ((v[0] is p and v[1] is t) or v is _EMPTY):
        put_counts(id(q), counted(q, t, v, t.type_of[card]))
    projects = list(s.projects)
    projects[me] = row[:i] + (q,) + row[i + 1:]
    if used < limit:
        return _assigned(s, tuple(hands), tuple(projects), used)
    return end_turn_after(s, t, tuple(hands), tuple(projects), s.next_uid)


def _play(s: State, t: Tables, a: Any) -> State | None:
    """GI-PLAY-1 to GI-PLAY-3: take the card, pay (a choice of project asks a frame), resolve."""
    me = s.turn
    card = a.card
    cost = t.plays.get(card)
    limit = allowed(s, t)
    hand = s.hands[me]
    if cost is None or s.actions_used >= limit or card not in hand:
        return None
    if s.permanents[me] and perm_info(s, me)[1]:  # GI-PASSIVE-1: a cost passive: the rule book's
        return rules.play(s, a).state if rules.CHECKS[type(a)](s, a) is None else None
    g = m = i = 0
    for p in s.projects[me]:
        if p.resources:
            _, _, pg, pm, pi, _ = counts(p, t)
            g, m, i = g + pg, m + pm, i + pi
    if g < cost[0] or m < cost[1] or i < cost[2]:
        return None
    k = hand.index(card)
    s = _played(s, replace_at(s.hands, me, hand[:k] + hand[k + 1:]), s.actions_used + 1)
    return pay(s, t, me, card, t.owed[card])


def _complete(s: State, t: Tables, a: Any) -> State | None:
    """GI-DONE-1 to GI-DONE-4: reveal, score with bonuses (GI-PASSIVE-5), then the card's
    instructions run while the project stays on the table (as :func:`.rules.complete`)."""
    me = s.turn
    perms = s.permanents[me]
    limit = allowed(s, t) if perms else t.per_turn
    row = s.projects[me]
    i = a.project - 1
    if s.actions_used >= limit or i >= len(row):
        return None
    p = row[i]
    need = t.needs.get(p.card)
    if need is None:  # GI-DONE-2: an action card is never completed
        return None
    if perms and perm_info(s, me)[2]:  # GI-PASSIVE-1: a completion cost passive: the rule book's
        return rules.complete(s, a).state if rules.CHECKS[type(a)](s, a) is None else None
    if len(p.resources) < need[0] or not meets(p.resources, need, t.type_of):
        return None
    cards = t.kit.cards
    gained = cards[p.card].score + sum(
        x.amount for c in perms for x in cards[c].passive if x.effect == "bonus")
    scores = list(s.scores)
    scores[me] += gained
    projects = list(s.projects)
    projects[me] = row[:i] + (Project(p.uid, p.card, True, p.resources),) + row[i + 1:]
    s = _completing(s, tuple(projects), tuple(scores), flow.forget(s.seen, p.uid), s.actions_used + 1)
    return run(s, first_step(me, p.card, p.uid), t)


def _cancel(s: State, t: Tables, i: int) -> State | None:
    """GI-PROJ-4: the project and its resources go to the (sorted) discard pile."""
    me = s.turn
    limit = allowed(s, t)
    row = s.projects[me]
    if s.actions_used >= limit or i >= len(row):
        return None
    p = row[i]
    pile = list(s.discard)
    insort(pile, p.card)
    for r in p.resources:
        insort(pile, r)
    s = _cancelled(s, replace_at(s.projects, me, row[:i] + row[i + 1:]), tuple(pile),
                   flow.forget(s.seen, p.uid), s.actions_used + 1)
    return _after(s, t, limit)


def _end(s: State, t: Tables, _: Any) -> State | None:
    """GI-TURN-2: the turn ends now."""
    return end_turn(s, t)


EFFECTS: tuple[Callable[[State, Tables, Any], State | None], ...] = (
    _start, _assign, _play, _complete, _cancel, _end)
"""The effect of each kind of turn action, by the kind number of :attr:`.Tables.lookup`."""
