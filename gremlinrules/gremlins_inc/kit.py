"""Tables made once per card set and player count: the cards by id and the action space."""

from __future__ import annotations

import functools

import attrs

from gremlinrules.gremlins_inc.actions import Action, build_actions
from gremlinrules.gremlins_inc.components import REFERENCE, Card, Components

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


@functools.lru_cache(maxsize=64)
def _kit(components: Components, players: int) -> Kit:
    actions = build_actions(components, players)
    return Kit(components, players, {c.id: c for c in components.cards}, actions,
               {a: i for i, a in enumerate(actions)}, components.deck)


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
