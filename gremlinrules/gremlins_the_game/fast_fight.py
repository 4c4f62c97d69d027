"""The fight's choices (:func:`.rules.fight_choices`, GTG-FIGHT-2) from a table per component set.

A minimal covering set of weapon cards is minimal whatever the hand, so the choices for a hand
are the gremlin's minimal covering sets (at most a few, listed once per component set in the
rule's order: by size, then weapon order) that the hand holds. A multiset of weapon kinds is
packed in an integer, four bits a kind with the top one a guard: the hand holds a set exactly
when subtracting the set from the hand (its guards set) leaves every guard set.
"""

from __future__ import annotations

from typing import Any

from gremlinrules.core.cache import BoundedCache
from gremlinrules.gremlins_the_game import rules
from gremlinrules.gremlins_the_game.actions import LET_ESCAPE
from gremlinrules.gremlins_the_game.actions import Defeat
from gremlinrules.gremlins_the_game.actions import Discard
from gremlinrules.gremlins_the_game.components import HAND_LIMIT
from gremlinrules.gremlins_the_game.components import REFERENCE
from gremlinrules.gremlins_the_game.components import Tables
from gremlinrules.gremlins_the_game.components import covers
from gremlinrules.gremlins_the_game.components import tables
from gremlinrules.gremlins_the_game.frames import EventDiscard
from gremlinrules.gremlins_the_game.frames import Fight
from gremlinrules.gremlins_the_game.frames import HandLimit
from gremlinrules.gremlins_the_game.state import State

__all__ = ["discard_choices", "fight_choices"]

_ESCAPE = (LET_ESCAPE,)


class _FightTable:
    """A component set's minimal covering sets per gremlin, packed."""

    __slots__ = ("covers", "discards", "guards", "one")

    def __init__(self, t: Tables) -> None:
        names = tuple(t.weapon_index)
        self.one = {name: 1 << (4 * i) for i, name in enumerate(names)}
        """Each weapon kind's unit."""
        self.guards = sum(8 << (4 * i) for i in range(len(names)))
        self.covers: dict[str, tuple[tuple[int, Defeat], ...]] = {
            gremlin: tuple((sum(self.one[w] for w in found), Defeat(found))
                           for found in covers(needs, t.weapon_symbols, names))
            for gremlin, needs in t.gremlin_needs.items()}
        """Per gremlin: its minimal covering sets (at most HAND_LIMIT cards), packed, with their Defeat."""
        self.discards = {name: Discard(name) for name in names}
        """Each weapon kind's Discard."""


_TABLES: dict[Tables, _FightTable] = {}
_CHOICES: BoundedCache[tuple[Any, ...], tuple[Any, ...]] = BoundedCache("gtg-fight-choices", 4096)
"""(component tables, gremlin, hand) -> the fight's choices."""


def _table(t: Tables) -> _FightTable:
    table = _TABLES.get(t)
    if table is None:
        if len(_TABLES) >= 16:
            _TABLES.clear()
        table = _TABLES[t] = _FightTable(t)
    return table


def discard_choices(s: State, frame: HandLimit | EventDiscard) -> tuple[Any, ...]:
    """:func:`.rules.discard_choices`: one Discard per kind of weapon card in the hand (GTG-WEAPON-2)."""
    discards = _table(tables(s.components)).discards
    out: list[Discard] = []
    last = None
    for w in s.hands[frame.seat]:
        if w != last:
            out.append(discards[w])
            last = w
    return tuple(out)


def fight_choices(s: State, frame: Fight) -> tuple[Any, ...]:
    """:func:`.rules.fight_choices`: a Defeat per minimal covering set in the hand, then LetEscape."""
    t = tables(s.components)
    hand = s.hands[frame.seat]
    key = (t, frame.gremlin, hand)
    found = _CHOICES.get(key)
    if found is not None:
        return found
    table = _table(t)
    if len(hand) > HAND_LIMIT:  # not a hand the rules make
        return rules.fight_choices(s, frame)
    guards = table.guards
    held = guards
    one = table.one
    for w in hand:
        held += one[w]
    return _CHOICES.put(key, tuple([d for packed, d in table.covers[frame.gremlin]
                                    if (held - packed) & guards == guards]) + _ESCAPE)


_table(tables(REFERENCE))  # the reference set's table made at import, not in the first fight
