"""Sampling what one seat cannot see (for search bots): NGG-VIEW-1.

Hidden from a seat: the other hands and the order of both decks. The sample
keeps every hand size and the deck sizes, and redeals the unseen material cards
(other hands and the materials deck together) and the gremlin deck's order.
"""

from __future__ import annotations

import attrs

from gremlinrules.core.checks import guarded
from gremlinrules.core.hidden import sample_start
from gremlinrules.no_good_gremlins.state import State

__all__ = ["sample_hidden"]


@guarded
def sample_hidden(state: State, player: int, seed: int) -> State:
    """A state seat ``player`` cannot tell from ``state``, with hidden cards redealt.

    ``seed`` is an integer from 0 to 2**64-1 (InvalidArgumentError otherwise).
    """
    seat, rng = sample_start(state, State, "No Good Gremlins State", player, seed)
    others = [p for p in range(state.players) if p != seat]
    pool = list(state.deck)
    for p in others:
        pool += [t for t, k in enumerate(state.hands[p]) for _ in range(k)]
    cards, rng = rng.shuffle(pool)
    hands = list(state.hands)
    pos = 0
    for p in others:
        size = sum(state.hands[p])
        hand = [0] * 6
        for t in cards[pos:pos + size]:
            hand[t] += 1
        hands[p] = tuple(hand)
        pos += size
    gremlin_deck, rng = rng.shuffle(state.gremlin_deck)
    return attrs.evolve(state, hands=tuple(hands), deck=tuple(cards[pos:]),
                        gremlin_deck=gremlin_deck, rng=rng)
