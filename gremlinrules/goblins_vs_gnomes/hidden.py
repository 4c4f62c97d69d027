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

from gremlinrules.core.checks import guarded
from gremlinrules.core.hidden import sample_start
from gremlinrules.goblins_vs_gnomes.geometry import options_kit
from gremlinrules.goblins_vs_gnomes.state import State
from gremlinrules.goblins_vs_gnomes.view import known_roles
from gremlinrules.goblins_vs_gnomes.view import round_over

__all__ = ["sample_hidden"]


@guarded
def sample_hidden(state: State, player: int, seed: int) -> State:
    """A state seat ``player`` cannot tell from ``state``, with what it cannot see redealt.

    ``seed`` is an integer from 0 to 2**64-1 (InvalidArgumentError otherwise).
    """
    p, rng = sample_start(state, State, "Goblins vs Gnomes State", player, seed)
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
    # roles: the seats whose card p has not learned get cards redrawn from those p cannot place,
    # keeping only what is public: how many Goblins were dealt (GVG-SETUP-3). A seat's race is
    # as hidden as its role (GVG-VIEW-1).
    roles, boxed = list(state.roles), list(state.boxed)
    race = options_kit(state.options).race
    if not round_over(state):  # roles are shown once a round ends
        known = {s for s, _ in known_roles(state, p)} | {p}
        unknown = [s for s in range(n) if s not in known]
        placed = {roles[s] for s in known}
        goblins = sum(race[r] == "goblin" for r in roles) - sum(race[roles[s]] == "goblin" for s in known)
        free_goblins, rng = rng.shuffle(sorted(r for r in race if race[r] == "goblin" and r not in placed))
        free_gnomes, rng = rng.shuffle(sorted(r for r in race if race[r] != "goblin" and r not in placed))
        cards, rng = rng.shuffle(free_goblins[:goblins] + free_gnomes[:len(unknown) - goblins])
        for s, r in zip(unknown, cards, strict=True):
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
