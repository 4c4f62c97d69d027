"""Goblins vs Gnomes, played plainly: a gnome digs towards the gold, a goblin gets in the way.

The policy, from the seat's own view. A gnome: with a Map and no target known to be the Gold,
look at the first face-down target it has not seen; else lay a tunnel card (never a Cave-in)
on the cell nearest a target that may be the Gold (a face-down one not known to be the
Dragon); else swap a card; else pass. A goblin: when it knows where the Dragon is, dig towards
it as a gnome digs towards the Gold; else lay a Cave-in on the cell nearest a face-down target,
blow up the field card nearest one, look at a face-down target with a Map, swap a card, pass;
and when it must lay a card anyway, it lays it as far from the targets as it can. A Potion is
never played by choice. Decisions inside a turn (name a skipped seat, the order to open
targets, a steal) are picked at random. Ties at random.

Looks at: ``observe(state, seat)`` (its role, hand and the targets it knows) and the legal
actions; never another seat's role or hand, a target it has not seen, or the deck.
"""

from __future__ import annotations

import random
from typing import Any

from gremlinrules.bots.plain import best
from gremlinrules.goblins_vs_gnomes import Pass
from gremlinrules.goblins_vs_gnomes import Place
from gremlinrules.goblins_vs_gnomes import PlayExplosion
from gremlinrules.goblins_vs_gnomes import PlayMap
from gremlinrules.goblins_vs_gnomes import State
from gremlinrules.goblins_vs_gnomes import Swap
from gremlinrules.goblins_vs_gnomes import legal_actions as _legal
from gremlinrules.goblins_vs_gnomes import observe
from gremlinrules.goblins_vs_gnomes.geometry import Kit
from gremlinrules.goblins_vs_gnomes.geometry import options_kit

__all__ = ["choose"]

_SLOTS = ("top", "middle", "bottom")


def _nearness(kit: Kit, x: int, y: int, slots: list[int]) -> int:
    """Minus the steps (across and down) from a cell to the nearest target of ``slots``."""
    return -min(abs(x - tx) + abs(y - ty) for tx, ty in (kit.target_cells[i] for i in slots))


def choose(s: State, seat: int, rnd: random.Random) -> Any:
    """The plain action for ``seat`` (deciding) in ``s``."""
    legal = _legal(s)
    view = observe(s, seat)
    if view.pending is not None or view.role is None:
        return legal[rnd.randrange(len(legal))]
    kit = options_kit(s.options)
    targets = [getattr(view.targets, name) for name in _SLOTS]
    face_down = [i for i, t in enumerate(targets) if not t.opened]
    unseen = [i for i in face_down if targets[i].card is None]
    known = {t.card: i for i, t in enumerate(targets) if t.card is not None and not t.opened}
    gnome = kit.race[view.role] == "gnome"
    goal = known.get("gold" if gnome else "dragon")
    places = [a for a in legal if type(a) is Place]
    digs = [a for a in places if kit.kind[a.card] != "cave-in"]
    maps = [a for a in legal if type(a) is PlayMap and a.target.value in {_SLOTS[i] for i in unseen}]
    if gnome and goal is None and maps:
        return best(maps, lambda a: -_SLOTS.index(a.target.value), rnd)
    wanted = [goal] if goal is not None else [i for i in face_down if targets[i].card != "dragon"]
    if (gnome or goal is not None) and digs and wanted:
        return best(digs, lambda a: _nearness(kit, a.x, a.y, wanted), rnd)
    if not gnome and face_down:
        blocks = [a for a in places if kit.kind[a.card] == "cave-in"]
        if blocks:
            return best(blocks, lambda a: _nearness(kit, a.x, a.y, face_down), rnd)
        blasts = [a for a in legal if type(a) is PlayExplosion]
        if blasts:
            return best(blasts, lambda a: _nearness(kit, a.x, a.y, face_down), rnd)
        if maps:
            return best(maps, lambda a: -_SLOTS.index(a.target.value), rnd)
    swaps = [a for a in legal if type(a) is Swap]
    if swaps:
        return best(swaps, lambda a: kit.kind[a.card] == ("cave-in" if gnome else "passage"), rnd)
    if Pass() in legal:
        return Pass()
    if places:
        return best(places, lambda a: -_nearness(kit, a.x, a.y, face_down or [0, 1, 2]), rnd)
    return legal[rnd.randrange(len(legal))]
