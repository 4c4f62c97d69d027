"""Tables for the fast path, made once per card set and player count, and the turn's legal actions
built from them (:func:`turn_actions`).

Nothing here is a rule: each table is read off the card set (:mod:`.components`) and the action
space (:mod:`.kit`), and :mod:`.rules` stays the statement of what is legal.
"""

from __future__ import annotations

from itertools import chain
from typing import Any

from gremlinrules.core.cache import BoundedCache
from gremlinrules.core.lookup import ActionLookup
from gremlinrules.gremlins_inc import rules
from gremlinrules.gremlins_inc.actions import Action
from gremlinrules.gremlins_inc.actions import Assign
from gremlinrules.gremlins_inc.actions import Cancel
from gremlinrules.gremlins_inc.actions import ChoosePlayer
from gremlinrules.gremlins_inc.actions import ChooseProject
from gremlinrules.gremlins_inc.actions import ChooseResource
from gremlinrules.gremlins_inc.actions import ChooseSelf
from gremlinrules.gremlins_inc.actions import Complete
from gremlinrules.gremlins_inc.actions import Discard
from gremlinrules.gremlins_inc.actions import Done
from gremlinrules.gremlins_inc.actions import EndTurn
from gremlinrules.gremlins_inc.actions import Play
from gremlinrules.gremlins_inc.actions import Start
from gremlinrules.gremlins_inc.components import RESOURCES
from gremlinrules.gremlins_inc.components import Components
from gremlinrules.gremlins_inc.components import Step
from gremlinrules.gremlins_inc.flow import have
from gremlinrules.gremlins_inc.kit import Kit
from gremlinrules.gremlins_inc.kit import kit_for
from gremlinrules.gremlins_inc.state import Project
from gremlinrules.gremlins_inc.state import State

__all__ = ["COUNTS_GET", "MEMO", "Tables", "counted", "counts", "meets", "perm_info", "put_counts", "tables",
           "turn_actions"]

_G, _M, _I = (RESOURCES.index(r) for r in ("gold", "malice", "industry"))


class Tables:
    """What the fast path reads for one card set and player count."""

    __slots__ = ("assigns", "bit", "cancels", "choose_player", "choose_project", "choose_resource",
                 "choose_self", "completes", "discards", "done", "end", "ends", "hand_size", "kit",
                 "lookup", "max_projects", "needs", "orders", "owed", "per_turn", "plays",
                 "resource_choices", "scripts", "starts", "tails", "type_of")

    def __init__(self, kit: Kit) -> None:
        comps: Components = kit.components
        self.kit = kit
        self.hand_size = comps.hand_size
        self.max_projects = comps.max_projects
        self.per_turn = comps.actions_per_turn
        n = kit.players
        self.orders: tuple[tuple[int, ...], ...] = tuple(
            tuple((me + k) % n for k in range(n)) for me in range(n))
        """Per seat: every seat in turn order from it (the refill's order, GI-TURN-3)."""
        self.type_of: dict[str, int] = {c.id: RESOURCES.index(c.resource) for c in comps.cards}
        """Each design's resource type as an index into RESOURCES."""
        self.bit: dict[str, int] = {c: 1 << i for c, i in self.type_of.items()}
        """Each design's resource type as a bit (gold 1, malice 2, industry 4)."""
        self._card_tables(kit)
        self._choice_tables(kit)
        self.lookup: ActionLookup[tuple[int, Any]] = _turn_lookup(kit)
        """Each turn action of the space: its kind (0 start, 1 assign, 2 play, 3 complete, 4 cancel,
        5 end) and what its effect needs."""

    def _card_tables(self, kit: Kit) -> None:
        """The tables read off each card design."""
        comps: Components = kit.components
        self.starts: dict[str, tuple[Action, ...]] = kit.starts
        self.assigns: tuple[dict[str, tuple[Action, ...]], ...] = tuple(
            {c: a[:size] for c, a in kit.assigns.items()} for size in range(comps.max_projects + 1))
        """Per row size: each design's Assign actions to the projects of that row."""
        self.plays: dict[str, tuple[int, int, int, Action]] = {
            c.id: (*_triple(c.cost), kit.plays[c.id]) for c in comps.cards if c.kind == "action"}
        """Each action design's cost (gold, malice, industry) and its Play."""
        self.owed: dict[str, tuple[int, ...]] = {
            c.id: tuple(RESOURCES.index(r) for r, k in c.cost for _ in range(k)) for c in comps.cards}
        """Each design's cost as the resource units paid in order (GI-PLAY-2), as type indices."""
        self.scripts: dict[str, tuple[Step, ...]] = {c.id: c.effect for c in comps.cards}
        """Each design's effect script."""
        self.needs: dict[str, tuple[int, int, int, int]] = {
            c.id: (sum(n for _, n in c.needs), *_triple(c.needs)) for c in comps.cards if c.kind != "action"}
        """Each completable design's completion cost: its total, then gold, malice, industry."""

    def _choice_tables(self, kit: Kit) -> None:
        """The choices' actions, as the space holds them."""
        comps: Components = kit.components
        by = kit.by_value
        self.completes = kit.completes
        self.cancels = kit.cancels
        self.choose_player: tuple[Action, ...] = (
            by[ChooseSelf()], *(by[ChoosePlayer(k)] for k in range(1, kit.players)))
        """ChoosePlayer by offset (ChooseSelf at 0), as the space holds them."""
        self.choose_self: Action = by[ChooseSelf()]
        self.choose_project: tuple[tuple[Action, ...], ...] = tuple(
            tuple(by[ChooseProject(seat, i)] for i in range(1, comps.max_projects + 1))
            for seat in range(kit.players))
        """ChooseProject by seat and project index (from 0)."""
        self.choose_resource: dict[str, Action] = {r: by[ChooseResource(r)] for r in RESOURCES}
        self.resource_choices: tuple[tuple[Action, ...], ...] = tuple(
            tuple(self.choose_resource[r] for k, r in enumerate(RESOURCES) if bits & 1 << k)
            for bits in range(8))
        """ChooseResource of each type in a mask of type bits (gold 1, malice 2, industry 4)."""
        self.discards: dict[str, Action] = {c.id: by[Discard(c.id)] for c in comps.cards}
        self.done: Action = by[Done()]
        self.end: Action = by[EndTurn()]
        self.ends: tuple[Action, ...] = (self.end,)
        self.tails: tuple[tuple[tuple[Action, ...], ...], ...] = tuple(
            tuple((*(self.completes[k] for k in range(size) if done >> k & 1), *self.cancels[:size], self.end)
                  for done in range(1 << size))
            for size in range(comps.max_projects + 1))
        """Per row size and mask of completable projects (project 1 is bit 1): the last of the
        turn's actions, the Completes, the Cancels of the row and EndTurn."""


def _turn_lookup(kit: Kit) -> ActionLookup[tuple[int, Any]]:
    """Each turn action of the space: its kind (0 start, 1 assign, 2 play, 3 complete, 4 cancel,
    5 end) and what its effect needs."""
    data: dict[Any, tuple[int, Any]] = {}
    for a in kit.actions:
        if isinstance(a, Start):
            data[a] = (0, a)
        elif isinstance(a, Assign):
            data[a] = (1, (a.card, a.project - 1))
        elif isinstance(a, Play):
            data[a] = (2, a)
        elif isinstance(a, Complete):
            data[a] = (3, a)
        elif isinstance(a, Cancel):
            data[a] = (4, a.project - 1)
        elif isinstance(a, EndTurn):
            data[a] = (5, a)
    return ActionLookup(data)


def _triple(cost: tuple[tuple[str, int], ...]) -> tuple[int, int, int]:
    out = [0, 0, 0]
    for r, n in cost:
        out[RESOURCES.index(r)] += n
    return out[0], out[1], out[2]


MEMO: list[tuple[Any, int, Tables]] = [(None, 0, None)]  # type: ignore[list-item]
"""The options and player count last asked, and their tables (held, so the identity is unique)."""
_MADE: dict[tuple[int, int], tuple[Kit, Tables]] = {}


def tables(s: State) -> Tables:
    """The tables of the state's card set and player count."""
    o, n, t = MEMO[0]
    if o is s.options and n == s.players:
        return t
    kit = kit_for(s.options.components, s.players)
    key = (id(kit), s.players)
    hit = _MADE.get(key)
    if hit is None or hit[0] is not kit:
        if len(_MADE) > 64:
            _MADE.clear()
        hit = _MADE[key] = (kit, Tables(kit))
    MEMO[0] = (s.options, s.players, hit[1])
    return hit[1]


def perm_info(s: State, seat: int) -> tuple[int, bool, bool]:
    """The seat's active permanents: extra actions a turn, whether a cost passive changes action
    costs, and whether one changes completion costs."""
    cards = tables(s).kit.cards
    extra, act, blue = 0, False, False
    for c in s.permanents[seat]:
        for p in cards[c].passive:
            if p.effect == "extra_action":
                extra += p.amount
            elif p.effect == "cost":
                if p.kind == "action":
                    act = True
                else:
                    blue = True
    return extra, act, blue


_COUNTS: BoundedCache[int, tuple[Project, Tables, int, int, int, int]] = BoundedCache(
    "gremlins-inc resources by type", 16384)
"""A project's resources counted by type (gold, malice, industry) and the types held as bits (gold
1, malice 2, industry 4), by the project object's id, with the project (held, so the id stays its
own) and the tables they were counted for: a project object is kept over many states."""
_counts_get = _COUNTS.get
COUNTS_GET = _counts_get
"""The counts cache's lookup by ``id(project)`` (check the entry's project and tables)."""
put_counts = _COUNTS.put
"""Store a project's counts under ``id(project)`` (as :func:`counts` makes them)."""


def counts(p: Project, t: Tables) -> tuple[Project, Tables, int, int, int, int]:
    """The project, the tables, then its resources by type (gold, malice, industry) and as a type
    mask."""
    got = _counts_get(id(p))
    if got is not None and got[0] is p and got[1] is t:
        return got
    out = [0, 0, 0]
    type_of = t.type_of
    for r in p.resources:
        out[type_of[r]] += 1
    g, m, i = out
    return _COUNTS.put(id(p), (p, t, g, m, i, (g > 0) | (m > 0) << 1 | (i > 0) << 2))


def counted(q: Project, t: Tables, v: tuple[Project, Any, int, int, int, int],
            r: int) -> tuple[Project, Tables, int, int, int, int]:
    """The counts of ``q``: a project counted ``v`` with one more resource of type index ``r``."""
    g, m, i = v[2] + (r == 0), v[3] + (r == 1), v[4] + (r == 2)
    return q, t, g, m, i, (g > 0) | (m > 0) << 1 | (i > 0) << 2


def turn_actions(s: State, t: Tables) -> tuple[Action, ...]:
    """The turn owner's legal actions (no frame pending, the game on), in the canonical order
    (GI-CARD-1): starts, assigns, plays, completes, cancels, end."""
    me = s.turn
    if s.permanents[me]:
        return _with_permanents(s, t, me)
    if s.actions_used >= t.per_turn:
        return t.ends
    distinct = dict.fromkeys(s.hands[me])
    row = s.projects[me]
    size = len(row)
    # sum() joins the few short tuples of each design in C, faster than a chain for a hand
    if size == t.max_projects:
        out: tuple[Action, ...] = sum(map(t.assigns[size].__getitem__, distinct), ())
    else:
        out = sum(map(t.starts.__getitem__, distinct), ())
        if size:
            out += sum(map(t.assigns[size].__getitem__, distinct), ())
    g = m = i = done = 0
    needs = t.needs
    for k, p in enumerate(row):
        need = needs.get(p.card)
        if p.resources:
            v = _counts_get(id(p))
            if v is None or v[0] is not p or v[1] is not t:
                v = counts(p, t)
            g += v[2]
            m += v[3]
            i += v[4]
            if need is not None and v[2] >= need[1] and v[3] >= need[2] and v[4] >= need[3]:
                done |= 1 << k
        elif need is not None and not need[0]:
            done |= 1 << k
    ok = [c[3] for c in map(t.plays.get, distinct) if c is not None and g >= c[0] and m >= c[1] and i >= c[2]]
    if ok:
        out += tuple(ok)
    return out + t.tails[size][done]


def _with_permanents(s: State, t: Tables, me: int) -> tuple[Action, ...]:
    """:func:`turn_actions` for a seat with active permanents (extra actions, cost passives)."""
    extra, act, blue = perm_info(s, me)
    if s.actions_used >= t.per_turn + extra:
        return t.ends
    distinct = dict.fromkeys(s.hands[me])
    row = s.projects[me]
    size = len(row)
    out: list[Action] = []
    if size < t.max_projects:
        out += chain.from_iterable(map(t.starts.__getitem__, distinct))
    if size:
        out += chain.from_iterable(map(t.assigns[size].__getitem__, distinct))
    held = [0, 0, 0]
    for p in row:
        for r in p.resources:
            held[t.type_of[r]] += 1
    cards = t.kit.cards
    for c in distinct:
        cost = t.plays.get(c)
        if cost is None:
            continue
        if act:
            if all(held[RESOURCES.index(r)] >= n for r, n in rules.action_cost(s, me, cards[c])):
                out.append(cost[3])
        elif held[_G] >= cost[0] and held[_M] >= cost[1] and held[_I] >= cost[2]:
            out.append(cost[3])
    for k, p in enumerate(row):
        need = t.needs.get(p.card)
        if need is None:
            continue
        if blue:
            got = have(p.resources, cards)
            if all(got[r] >= n for r, n in rules.completion_cost(s, me, p)):
                out.append(t.completes[k])
        elif len(p.resources) >= need[0] and meets(p.resources, need, t.type_of):
            out.append(t.completes[k])
    out += t.cancels[:size]
    out.append(t.end)
    return tuple(out)


def meets(resources: tuple[str, ...], need: tuple[int, int, int, int], type_of: dict[str, int]) -> bool:
    """Whether the resources cover a completion cost (its total, then gold, malice, industry)."""
    got = [0, 0, 0]
    for r in resources:
        got[type_of[r]] += 1
    return got[_G] >= need[1] and got[_M] >= need[2] and got[_I] >= need[3]
