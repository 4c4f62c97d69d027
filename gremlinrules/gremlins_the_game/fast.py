"""The fast paths: the Move destinations remembered by the table around the mover, the Move
checked against them, everything else straight from the rule book (:mod:`.rules`). The
differential test (tests/gremlins_the_game/test_differential.py) holds them to the rule book.
"""

from __future__ import annotations

from typing import Any

from gremlinrules.core.cache import BoundedCache
from gremlinrules.core.checks import check_type
from gremlinrules.core.errors import IllegalActionError
from gremlinrules.gremlins_the_game import flow, rules
from gremlinrules.gremlins_the_game.actions import Move
from gremlinrules.gremlins_the_game.state import Phase, State

__all__ = ["apply", "is_legal", "legal_actions"]

_DESTINATIONS: BoundedCache[tuple[Any, ...], tuple[tuple[Any, ...], frozenset[str]]] = BoundedCache(
    "gtg-destinations", 4096)

def _moves(s: State) -> tuple[tuple[Any, ...], frozenset[str]]:
    """The legal Moves (GTG-MOVE-1) and their destinations' names: they depend only on the key
    below."""
    g = flow.geo(s)  # a Geometry hashes by identity: one per map (GTG-MAP-7)
    key = (g, s.turn, s.positions, s.free_move[s.turn], s.turn_number < s.players, s.event_tokens,
           s.weapon_tokens, tuple([p.space for p in s.board]))
    found = _DESTINATIONS.get(key)
    if found is None:
        names = flow.destinations(s)
        moves, index = g.moves, g.index
        found = _DESTINATIONS.put(key, (tuple([moves[index[n]] for n in names]), frozenset(names)))
    return found


def legal_actions(s: State) -> tuple[Any, ...]:
    """Every legal action, in canonical order (empty iff the game is over)."""
    check_type(s, State, "Gremlins: The Game State")
    if s.phase is Phase.MOVE and not s.stack:
        return _moves(s)[0]
    return rules.legal_actions(s)


def is_legal(s: State, action: Any) -> bool:
    """True iff ``action`` may be applied to ``s``."""
    check_type(s, State, "Gremlins: The Game State")
    if type(action) is Move and s.phase is Phase.MOVE and not s.stack:
        return action.to in _moves(s)[1] if type(action.to) is str else False
    return rules.is_legal(s, action)


def apply(s: State, action: Any) -> State:
    """The state after ``action``; IllegalActionError (with its clause) when the rules forbid it."""
    check_type(s, State, "Gremlins: The Game State")
    if type(action) is Move and s.phase is Phase.MOVE and not s.stack and type(action.to) is str:
        if action.to in _moves(s)[1]:
            return flow.move(s, action.to)
        why = rules.check(s, action)
        raise IllegalActionError(*(why or ("Not a legal move", "GTG-MOVE-1")))
    return rules.apply(s, action)
