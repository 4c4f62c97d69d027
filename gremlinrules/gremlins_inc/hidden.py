"""Sampling what one seat cannot see (for search bots): GI-VIEW-1, GI-VIEW-4.

Hidden from a seat: the other hands, the deck order, the cards of others' face-down projects it
does not know (GI-VIEW-3) and, unless resources are revealed, the cards assigned to others'
projects (their types are public). The sample redeals those cards among those places, each
resource slot getting a card of its type, and keeps every size and type.
"""

from __future__ import annotations

import attrs

from gremlinrules.core.checks import guarded
from gremlinrules.core.hidden import sample_start
from gremlinrules.gremlins_inc.components import RESOURCES
from gremlinrules.gremlins_inc.flow import cards_of
from gremlinrules.gremlins_inc.state import State

__all__ = ["sample_hidden"]


@guarded
def sample_hidden(state: State, player: int, seed: int) -> State:
    """A state seat ``player`` cannot tell from ``state``, with its hidden cards redealt.

    ``seed`` is an integer from 0 to 2**64-1 (InvalidArgumentError otherwise).
    """
    me, rng = sample_start(state, State, "Gremlins, Inc. State", player, seed)
    cards = cards_of(state)
    hide_res = not state.options.reveal_resources
    seen = set(state.seen[me])
    pool = list(state.deck)
    for p in range(state.players):
        if p == me:
            continue
        pool += state.hands[p]
        for x in state.projects[p]:
            if not x.face_up and x.uid not in seen:
                pool.append(x.card)
            if hide_res:
                pool += x.resources
    # resource slots first, each from the cards of its type
    by_type = {r: [c for c in pool if cards[c].resource == r] for r in RESOURCES}
    need = dict.fromkeys(RESOURCES, 0)
    if hide_res:
        for p in range(state.players):
            if p != me:
                for x in state.projects[p]:
                    for c in x.resources:
                        need[cards[c].resource] += 1
    drawn: dict[str, list[str]] = {}
    rest: list[str] = []
    for r in RESOURCES:
        shuffled, rng = rng.shuffle(by_type[r])
        drawn[r] = list(shuffled[:need[r]])
        rest += shuffled[need[r]:]
    rest_t, rng = rng.shuffle(rest)
    rest = list(rest_t)
    hands = list(state.hands)
    projects = list(state.projects)
    for p in range(state.players):
        if p == me:
            continue
        size = len(hands[p])
        hands[p] = tuple(sorted(rest[:size]))
        rest = rest[size:]
        row = []
        for x in projects[p]:
            card = x.card
            if not x.face_up and x.uid not in seen:
                card = rest.pop()
            res = tuple(drawn[cards[c].resource].pop() for c in x.resources) if hide_res else x.resources
            row.append(attrs.evolve(x, card=card, resources=res))
        projects[p] = tuple(row)
    return attrs.evolve(state, hands=tuple(hands), projects=tuple(projects), deck=tuple(rest), rng=rng)
