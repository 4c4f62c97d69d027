"""Gnaughty Gnomes, played plainly: win the trick cheaply, place gnomes where they score.

The policy. Playing to a trick: when the partner's card is winning so far, play the weakest
card; else, if a card can beat the best one played so far, play the weakest such card (an X
card counts as the rank and high/low it would be declared); else play the weakest card.
Placing: the spot that scores the most for the team at once (a new majority or a new tie on the
mushrooms the spot touches, at their current track values); flip only when no spot is open.
Ties at random.

Looks at: the legal actions (its own hand or its dummy's face-up cards), the cards played to
the trick, the suit track, the garden and the gnomes on it. Never at another hand or a dummy's
face-down cards.
"""

from __future__ import annotations

import random
from typing import Any

from gremlinrules.bots.plain import best
from gremlinrules.gnaughty_gnomes import Place
from gremlinrules.gnaughty_gnomes import Play
from gremlinrules.gnaughty_gnomes import PlayX
from gremlinrules.gnaughty_gnomes import State
from gremlinrules.gnaughty_gnomes import legal_actions as _legal
from gremlinrules.gnaughty_gnomes.flow import position_to_act
from gremlinrules.gnaughty_gnomes.trick import card_strength
from gremlinrules.gnaughty_gnomes.trick import score_placement

__all__ = ["choose"]


def _strength(s: State, action: Any) -> tuple[int, int, int]:
    """The card's strength key in the trick (smaller is stronger, as the rules rank it)."""
    if type(action) is PlayX:
        return card_strength(s.track, action.suit, action.rank, -1 if action.high else 1)
    assert type(action) is Play
    return card_strength(s.track, action.card.suit, action.card.rank, 0)


def choose(s: State, seat: int, rnd: random.Random) -> Any:
    """The plain action for ``seat`` (deciding) in ``s``."""
    legal = _legal(s)
    team = position_to_act(s) % 2
    places = [a for a in legal if type(a) is Place]
    if places:
        gnomes = s.gnomes

        def points(a: Place) -> int:
            after = gnomes[:a.spot] + (team,) + gnomes[a.spot + 1:]
            return score_placement(s.layout, s.track, after, a.spot, team)

        return best(places, points, rnd)
    cards = [a for a in legal if type(a) in (Play, PlayX)]
    if not cards:
        return legal[rnd.randrange(len(legal))]
    weakest = best(cards, lambda a: _strength(s, a), rnd)
    if not s.plays:
        return weakest
    keys = [(p.position, card_strength(s.track, p.card.suit, p.rank,
                                       (-1 if p.high else 1) if p.card.is_x else 0)) for p in s.plays]
    leader, top = min(keys, key=lambda k: k[1])
    if leader % 2 == team:
        return weakest
    winners = [a for a in cards if _strength(s, a) < top]
    return best(winners, lambda a: _strength(s, a), rnd) if winners else weakest
