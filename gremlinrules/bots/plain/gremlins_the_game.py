"""Gremlins: The Game, played plainly: pick up tokens, fight the gremlins it can beat.

The policy: in a fight, defeat the gremlin whenever the hand can (with the fewest cards), else
let it escape. On a move: land on a token space, in this order of wants: a gremlin token when
holding 2 or more weapon cards (a face-down one, or a face-up one only if the hand covers its
symbols), then a weapon token, then an event token (with fewer than 2 weapons: weapons, events,
then gremlins); with fewer than 8 tokens left on the board, go to the Town Square (where they
are replenished) if it can; else step to the reachable space nearest a wanted token. Other
decisions (a card to discard, a space to choose) are picked at random among the legal ones.

Looks at: its own hand, the token spaces (public), which gremlin a *face-up* token is (never a
face-down one), the table's map and component set, and the legal actions. Never at another hand,
a face-down gremlin's identity or the decks.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from gremlinrules.bots.plain import best
from gremlinrules.core.board import distances
from gremlinrules.gremlins_the_game import Defeat
from gremlinrules.gremlins_the_game import Move
from gremlinrules.gremlins_the_game import State
from gremlinrules.gremlins_the_game import legal_actions as _legal
from gremlinrules.gremlins_the_game.components import Components
from gremlinrules.gremlins_the_game.geometry import Geometry
from gremlinrules.gremlins_the_game.geometry import geometry

__all__ = ["choose"]

_FEW_TOKENS = 8
"""Below this many tokens on the board, head for the Town Square."""
_FAR = 1 << 20

_LAST: tuple[Geometry, tuple[tuple[int | None, ...], ...]] | None = None
"""The last map's distance table (one map at a time, replaced whole)."""


def _distances(geo: Geometry) -> tuple[tuple[int | None, ...], ...]:
    """The steps between every two spaces of a map (the last map's table kept)."""
    global _LAST
    last = _LAST
    if last is not None and last[0] is geo:
        return last[1]
    table = tuple(distances(geo.graph, i) for i in range(len(geo.names)))
    _LAST = (geo, table)
    return table


def _covers(comp: Components, hand: tuple[str, ...], gremlin: str) -> bool:
    """True when the hand's weapon symbols cover every symbol of the gremlin."""
    weapons = {w.name: w for w in comp.weapons}
    have: Counter[tuple[str, str]] = Counter()
    for card in hand:
        for sym in weapons[card].symbols:
            have[(sym.colour, sym.shape)] += sym.count
    token = next(g for g in comp.gremlins if g.id == gremlin)
    return all(have[(sym.colour, sym.shape)] >= sym.count for sym in token.symbols)


def choose(s: State, seat: int, rnd: random.Random) -> Any:
    """The plain action for ``seat`` (deciding) in ``s``."""
    legal = _legal(s)
    moves = [a for a in legal if type(a) is Move]
    if not moves:
        defeats = [a for a in legal if type(a) is Defeat]
        if defeats:
            return best(defeats, lambda a: -len(a.weapons), rnd)
        return legal[rnd.randrange(len(legal))]
    geo = geometry(s.options.map)
    hand = s.hands[seat]
    gremlins = {p.space for p in s.board if p.space is not None
                and (not p.face_up or _covers(s.components, hand, p.gremlin))}
    weapons = set(s.weapon_tokens)
    events = set(s.event_tokens)
    wanted = [gremlins, weapons, events] if len(hand) >= 2 else [weapons, events, gremlins]
    for targets in wanted:
        hits = [a for a in moves if a.to in targets]
        if hits:
            return best(hits, lambda a: 0, rnd)
    tokens = gremlins | weapons | events
    square = [a for a in moves if a.to in geo.square]
    if len(tokens) < _FEW_TOKENS and square:
        return best(square, lambda a: 0, rnd)
    goal = (wanted[0] | wanted[1]) or tokens or set(geo.square)
    ids = [geo.index[t] for t in goal]
    table = _distances(geo)

    def nearness(a: Move) -> int:
        row = table[geo.index[a.to]]
        return -min((d for d in (row[t] for t in ids) if d is not None), default=_FAR)

    return best(moves, nearness, rnd)
