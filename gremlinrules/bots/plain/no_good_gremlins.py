"""No Good Gremlins, played plainly: build rockets and launch them, never scrap or bribe.

The policy, in order: launch the most valuable complete rocket (NGG's medal values); build the
material whose rocket is nearest completion (its cards on the pad and in hand against the launch
cost); discard the card furthest from use; draw two rather than take from the scrapheap; end the
turn. Anything else (a Feed under an option) is picked at random. Never Scrap, never Bribe:
a uniformly random player scraps about as often as it builds, which is why random games end
0-0 (issue 17's measurements; tests/no_good_gremlins/test_balance.py).

Looks at: its own hand and launch pads, the table's component set and the legal actions. Never
at another hand or either deck.
"""

from __future__ import annotations

import random

from gremlinrules.bots.plain import best
from gremlinrules.no_good_gremlins import Build
from gremlinrules.no_good_gremlins import Discard
from gremlinrules.no_good_gremlins import DrawTwo
from gremlinrules.no_good_gremlins import EndTurn
from gremlinrules.no_good_gremlins import Launch
from gremlinrules.no_good_gremlins import Material
from gremlinrules.no_good_gremlins import State
from gremlinrules.no_good_gremlins import TakeScrap
from gremlinrules.no_good_gremlins import legal_actions as _legal
from gremlinrules.no_good_gremlins.actions import Action

__all__ = ["choose"]

_INDEX = {m: i for i, m in enumerate(Material)}


def _progress(s: State, seat: int, material: Material) -> float:
    """How far the seat's cards of ``material`` (pad and hand) go towards its launch cost."""
    i = _INDEX[material]
    return (s.pads[seat][i] + s.hands[seat][i]) / s.components.launch_costs[i]


def choose(s: State, seat: int, rnd: random.Random) -> Action:
    """The plain action for ``seat`` (deciding) in ``s``."""
    legal = _legal(s)
    values = s.components.medal_values
    launches = [a for a in legal if isinstance(a, Launch)]
    if launches:
        return best(launches, lambda a: values[_INDEX[a.material]], rnd)
    builds = [a for a in legal if isinstance(a, Build)]
    if builds:
        return best(builds, lambda a: _progress(s, seat, a.material), rnd)
    discards = [a for a in legal if isinstance(a, Discard)]
    if discards:
        return best(discards, lambda a: -_progress(s, seat, a.material), rnd)
    for plain in (DrawTwo(), TakeScrap(), EndTurn()):
        if plain in legal:
            return plain
    other: Action = legal[rnd.randrange(len(legal))]
    return other
