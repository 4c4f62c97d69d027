"""Sampling the hidden part of a state, as one seat might imagine it (for search bots).

Hidden from a seat (GVG-VIEW-1): other hands and the deck, except cards it
knows (GVG-VIEW-4); other seats' roles it has not learned (GVG-VIEW-2), and
which role cards stayed in the box; face-down targets it has not looked at
(GVG-VIEW-3); the generator. Cards any seat knows of are kept in place, so
every seat's knowledge stays true in the sample.
"""

from __future__ import annotations

from collections import Counter

import attrs

from gremlinrules.core.checks import check_seat, check_seed, check_type
from gremlinrules.core.rng import Rng
from gremlinrules.goblins_vs_gnomes.geometry import options_kit
from gremlinrules.goblins_vs_gnomes.state import State
from gremlinrules.goblins_vs_gnomes.view import known_roles, round_over

__all__ = ["sample_hidden"]


def sample_hidden(state: State, player: int, seed: int) -> State:
    """A state seat ``player`` cannot tell from ``state``, with what it cannot see redealt."""
    check_type(state, State, "Goblins vs Gnomes State")
    p = check_seat(player, state.players)
    rng = Rng.from_seed(check_seed(seed))
    n = state.players
    # hands and deck
    fixed: list[Counter[str]] = [Counter() for _ in range(n)]
    for k in state.known_cards:
        for (seat, card), have in Counter(k).items():
            fixed[seat][card] = max(fixed[seat][card], have)
    pool: list[str] = []
    for s in range(n):
        if s != p:
            pool += list((Counter(state.hands[s]) - fixed[s]).elements())
    pool += [c for c, o in zip(state.deck, state.deck_owner, strict=True) if o != p]
    shuffled, rng = rng.shuffle(sorted(pool))
    it = iter(shuffled)
    hands = list(state.hands)
    for s in range(n):
        if s != p:
            keep = list(fixed[s].elements())
            hands[s] = tuple(sorted(keep + [next(it) for _ in range(len(state.hands[s]) - len(keep))]))
    deck = tuple(c if o == p else next(it) for c, o in zip(state.deck, state.deck_owner, strict=True))
    # roles: seats whose card p has not learned, and the box, within each race
    roles, boxed = list(state.roles), list(state.boxed)
    race = options_kit(state.options).race
    if not round_over(state):  # roles are shown once a round ends
        known = {s for s, _ in known_roles(state, p)} | {p}
        for side in ("goblin", "gnome"):
            seats = [s for s in range(n) if s not in known and race[roles[s]] == side]
            cards = [roles[s] for s in seats] + [r for r in boxed if race[r] == side]
            cards_t, rng = rng.shuffle(cards)
            for s, r in zip(seats, cards_t, strict=False):
                roles[s] = r
        boxed = sorted(r for r in race if r not in roles)
    # targets p has neither opened nor peeked at
    peeked = {slot for s, slot in state.peeks if s == p}
    free = [i for i in range(3) if not state.opened[i] and i not in peeked]
    idents, rng = rng.shuffle([state.targets[i] for i in free])
    targets = list(state.targets)
    for i, t in zip(free, idents, strict=True):
        targets[i] = t
    return attrs.evolve(state, hands=tuple(hands), deck=deck, roles=tuple(roles), boxed=tuple(boxed),
                        targets=tuple(targets), rng=rng)
