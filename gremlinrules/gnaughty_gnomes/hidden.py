"""Sampling the hidden part of a state, as one seat might imagine it (for search bots).

Hidden from a seat: the other players' hands and every face-down dummy card
(GG-VIEW-1, GG-2P-5). What it knows constrains the sample: hand sizes, and
that a position which has not yet played an X card still holds exactly one
(GG-SETUP-3), while face-down dummy cards are never X cards (GG-2P-2).

The finished tricks are kept as they are, even with ``past_tricks="hidden"``
(GG-CLEAN-2): the sample imagines a seat that remembers every card it saw played.
On every state ``check_state`` accepts the redeal fits exactly: the pool holds one
X card for each hidden hand still holding one, and a numbered card for every other
hidden card.
"""

from __future__ import annotations

import attrs

from gremlinrules.core.hidden import sample_start
from gremlinrules.gnaughty_gnomes.components import CARDS
from gremlinrules.gnaughty_gnomes.flow import guarded
from gremlinrules.gnaughty_gnomes.state import Phase
from gremlinrules.gnaughty_gnomes.state import State

__all__ = ["sample_hidden"]

_ORDER = {c: i for i, c in enumerate(CARDS)}


@guarded
def sample_hidden(state: State, player: int, seed: int) -> State:
    """A state seat ``player`` cannot tell from ``state``, with hidden cards redealt.

    ``seed`` is an integer from 0 to 2**64-1 (InvalidArgumentError otherwise).
    """
    seat, rng = sample_start(state, State, "Gnaughty Gnomes State", player, seed)
    if state.phase is Phase.OVER:  # every remaining card is shown at the end (GG-VIEW-2)
        return attrs.evolve(state, rng=rng)
    dummies = (2, 3) if state.players == 2 else ()
    hidden_hands = [pos for pos in range(4) if pos != seat and pos not in dummies]
    pool = [c for pos in hidden_hands for c in state.hands[pos]]
    pool += [d for pos in dummies for d, _ in state.piles[pos] if d is not None]
    xs = [c for c in pool if c.is_x]
    plain = [c for c in pool if not c.is_x]
    xs_t, rng = rng.shuffle(xs)
    plain_t, rng = rng.shuffle(plain)
    x_iter, plain_iter = iter(xs_t), iter(plain_t)
    hands = list(state.hands)
    for pos in hidden_hands:
        has_x = any(c.is_x for c in state.hands[pos])
        new = [next(plain_iter) for _ in range(len(state.hands[pos]) - has_x)]
        if has_x:
            new.append(next(x_iter))
        hands[pos] = tuple(sorted(new, key=_ORDER.__getitem__))
    piles = list(state.piles)
    for pos in dummies:
        piles[pos] = tuple((next(plain_iter) if d is not None else None, u) for d, u in state.piles[pos])
    return attrs.evolve(state, hands=tuple(hands), piles=tuple(piles), rng=rng)
