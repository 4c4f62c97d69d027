"""Whom and what a step may touch, with less work: :func:`.effects.targets` and
:func:`.effects.sources` read off the tables (each resource's type as a bit, a project's types as
a mask), held to them by the differential tests."""

from __future__ import annotations

from gremlinrules.gremlins_inc import flow
from gremlinrules.gremlins_inc.components import Step
from gremlinrules.gremlins_inc.fast_tables import COUNTS_GET
from gremlinrules.gremlins_inc.fast_tables import Tables
from gremlinrules.gremlins_inc.fast_tables import counts
from gremlinrules.gremlins_inc.frames import Effect
from gremlinrules.gremlins_inc.state import Project
from gremlinrules.gremlins_inc.state import State

__all__ = ["WANT", "mask", "selected", "sources", "targets"]

_PROJECT_OPS = frozenset({"move_resource", "steal_resource", "steal_project", "discard_resource",
                          "discard_project", "hide", "reveal"})
_RESOURCE_OPS = frozenset({"move_resource", "steal_resource", "discard_resource"})
_STEAL_OPS = frozenset({"steal_score", "steal_resource", "steal_project"})
WANT = {"any": 7, "gold": 1, "malice": 2, "industry": 4}
"""The resource filter of a step as a mask of type bits (gold 1, malice 2, industry 4)."""


def mask(p: Project, t: Tables) -> int:
    """The types of the project's resources, as bits (gold 1, malice 2, industry 4)."""
    return counts(p, t)[5] if p.resources else 0


def sources(s: State, c: Effect, step: Step, seat: int, t: Tables) -> list[int]:
    """:func:`.effects.sources`: the projects of ``seat`` the step may touch (GI-OP-6 to GI-OP-9)."""
    op, which = step.op, step.which
    row = s.projects[seat]
    if op == "steal_project" and len(s.projects[c.player]) >= t.max_projects:
        return []
    want = 0
    if op in _RESOURCE_OPS:
        want = WANT[step.resource]
        if op != "discard_resource":  # somewhere for the resource to go (GI-OP-6)
            owner = seat if op == "move_resource" and step.to == "same" else c.player
            if len(s.projects[owner]) < (2 if owner == seat else 1):
                return []
    out = []
    for i, p in enumerate(row):
        if which == "hidden" and p.face_up:
            continue
        if which == "revealed" and not p.face_up:
            continue
        if want and not mask(p, t) & want:
            continue
        out.append(i)
    if which == "most_resources" and out:
        top = max(len(row[i].resources) for i in out)
        out = [i for i in out if len(row[i].resources) == top]
    return out


_FIXED: list[tuple[object, dict[tuple[str, int, int], tuple[int, ...]]]] = [(None, {})]
"""The seats a selector that reads no score or project names, by (selector, chooser, players),
for the teams tuple last asked (held, so its identity stays unique; a game's states share it)."""
_STATIC = frozenset({"you", "any_player", "any_opponent", "everyone_except_you"})


def selected(s: State, c: Effect, step: Step) -> tuple[int, ...] | list[int]:
    """:func:`.effects._selected` (GI-EFFECT-2, GI-TEAM-4)."""
    target, me, n = step.target, c.player, s.players
    teams = s.teams
    if target in _STATIC:
        known, table = _FIXED[0]
        if known is not teams:
            table = {}
            _FIXED[0] = (teams, table)
        got = table.get((target, me, n))
        if got is None:
            got = table[target, me, n] = tuple(_fixed(target, me, n, teams))
        return got
    if step.among == "opponents":
        mine = teams[me]
        pool = [p for p in range(n) if teams[p] != mine]
    else:
        pool = list(range(n))
    if target == "most_resources":
        projects = s.projects
        pool = [p for p in pool if projects[p]]
        key = [max((len(q.resources) for q in row), default=-1) for row in projects]
    else:
        key = list(s.scores)
    if not pool:
        return []
    best = (max if target != "lowest_score" else min)(key[p] for p in pool)
    return [p for p in pool if key[p] == best]


def _fixed(target: str, me: int, n: int, teams: tuple[int, ...]) -> list[int]:
    if target == "you":
        return [me]
    if target == "any_player":
        return list(range(n))
    if target == "any_opponent":
        mine = teams[me]
        return [p for p in range(n) if teams[p] != mine]
    return [(me + k) % n for k in range(1, n)]  # everyone_except_you


def targets(s: State, c: Effect, step: Step, t: Tables) -> list[int]:
    """:func:`.effects.targets`: the selector's seats less the protected (GI-PASSIVE-3), the card's
    player for a steal, and those with nothing for the step to touch (GI-EFFECT-6)."""
    op, me = step.op, c.player
    if op == "steal_project" and len(s.projects[me]) >= t.max_projects:
        return []  # nowhere to put a stolen project: no seat has a source (as sources finds)
    perms = s.permanents
    seats = [seat for seat in selected(s, c, step)
             if not (op in _STEAL_OPS if seat == me else perms[seat] and flow.protected(s, seat, op, me))]
    if op not in _PROJECT_OPS:
        return seats
    return _with_source(s, seats, me, step, t)


def _with_source(s: State, seats: list[int], me: int, step: Step, t: Tables) -> list[int]:
    """The ``seats`` with a project the step may touch (:func:`sources` is not empty), for a step
    of a project op played by ``me``."""
    op, which = step.op, step.which
    out: list[int] = []
    projects = s.projects
    want = WANT[step.resource] if op in _RESOURCE_OPS else 0
    to_same = op == "move_resource" and step.to == "same"
    get = COUNTS_GET
    for seat in seats:
        row = projects[seat]
        if not row:
            continue
        if want and op != "discard_resource":  # somewhere for the resource to go (GI-OP-6)
            owner = seat if to_same else me
            if len(projects[owner]) < (2 if owner == seat else 1):
                continue
        for p in row:  # any project the step may touch (sources(...) is not empty)
            if (which == "hidden" and p.face_up) or (which == "revealed" and not p.face_up):
                continue
            if want:
                if not p.resources:
                    continue
                v = get(id(p))
                if v is None or v[0] is not p or v[1] is not t:
                    v = counts(p, t)
                if not v[5] & want:
                    continue
            out.append(seat)
            break
    return out
