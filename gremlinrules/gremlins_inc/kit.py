"""Tables made once per card set and player count: the cards by id and the action space."""

from __future__ import annotations

import functools

import attrs

from gremlinrules.gremlins_inc.actions import Action
from gremlinrules.gremlins_inc.actions import Assign
from gremlinrules.gremlins_inc.actions import Cancel
from gremlinrules.gremlins_inc.actions import Complete
from gremlinrules.gremlins_inc.actions import Play
from gremlinrules.gremlins_inc.actions import Start
from gremlinrules.gremlins_inc.actions import build_actions
from gremlinrules.gremlins_inc.components import REFERENCE
from gremlinrules.gremlins_inc.components import Card
from gremlinrules.gremlins_inc.components import Components

__all__ = ["Kit", "kit_for"]


@attrs.frozen(eq=False)
class Kit:
    """A card set with its lookups, and the action space for one player count."""

    components: Components
    players: int
    cards: dict[str, Card]
    """Every design by id."""
    actions: tuple[Action, ...]
    """The action space in canonical order (:func:`~.actions.build_actions`)."""
    index: dict[Action, int]
    """The position of each action in :attr:`actions`."""
    deck: tuple[str, ...]
    """The whole deck as design ids, sorted."""
    by_value: dict[Action, Action] = attrs.field(factory=dict)
    """Each action of the space mapped to its interned instance (the one :attr:`actions` holds),
    for the fast path."""
    types: dict[str, str] = attrs.field(factory=dict)
    """The resource type of each design."""
    starts: dict[str, tuple[Action, ...]] = attrs.field(factory=dict)
    """Each design's Start actions (face down, then face up where allowed)."""
    assigns: dict[str, tuple[Action, ...]] = attrs.field(factory=dict)
    """Each design's Assign actions, to project 1, 2, 3."""
    plays: dict[str, Action] = attrs.field(factory=dict)
    """Each action design's Play."""
    completes: tuple[Action, ...] = ()
    cancels: tuple[Action, ...] = ()


@functools.lru_cache(maxsize=64)
def _kit(components: Components, players: int) -> Kit:
    actions = build_actions(components, players)
    by = {a: a for a in actions}
    rows = range(1, components.max_projects + 1)
    ids = [c.id for c in components.cards]
    return Kit(components, players, {c.id: c for c in components.cards}, actions,
               {a: i for i, a in enumerate(actions)}, components.deck, by,
               {c.id: c.resource for c in components.cards},
               {c.id: (by[Start(c.id, False)], *((by[Start(c.id, True)],) if c.face_up else ()))
                for c in components.cards},
               {i: tuple(by[Assign(i, p)] for p in rows) for i in ids},
               {c.id: by[Play(c.id)] for c in components.cards if c.kind == "action"},
               tuple(by[Complete(p)] for p in rows), tuple(by[Cancel(p)] for p in rows))


_SEEN: dict[tuple[int, int], tuple[Components, Kit]] = {}


def kit_for(components: Components | None, players: int) -> Kit:
    """The kit of a card set (None: the reference deck) for ``players`` seats."""
    comps = REFERENCE if components is None else components
    key = (id(comps), players)
    hit = _SEEN.get(key)
    if hit is not None and hit[0] is comps:  # the entry holds the set, so its id is not reused
        return hit[1]
    made = _kit(comps, players)
    if len(_SEEN) > 256:
        _SEEN.clear()
    _SEEN[key] = (comps, made)
    return made
