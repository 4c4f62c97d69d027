"""A tracked table's memory: taking entries back, and cards the tracker could not see (issue 28).

Every tracked state ``apply`` makes remembers the state it was made
from and the entry applied (:class:`~gremlinrules.core.chance.Memory`): an outcome as it was
entered, or a player's move. As with python-chess's move stack, the memory is no part of the
state's value: two states of the same table compare equal whatever they remember, and the JSON,
pickle and copies of a state leave it out (a decoded state remembers the outcomes entered again
as it was read: those of its pending move).

- :func:`undo` takes back the last entries: the state before them, exactly.
- :func:`reveal` names a card entered as :data:`~gremlinrules.core.chance.UNSEEN` (a card dealt
  or drawn to another seat, which the tracker could not see) once it shows: the table is
  entered again from that entry on, with the card in place of its placeholder.
- :func:`unseen` lists the cards still held as placeholders.
"""

from __future__ import annotations

from typing import Any

from gremlinrules.core import chance
from gremlinrules.core.chance import UNSEEN
from gremlinrules.core.chance import Memory
from gremlinrules.core.chance import Outcome
from gremlinrules.core.chance import Tracked
from gremlinrules.core.errors import GremlinRulesError
from gremlinrules.core.errors import IllegalActionError
from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.core.errors import shown
from gremlinrules.core.game import ModuleGame  # at run time: the docs resolve the signatures

__all__ = ["reached", "reveal", "undo", "unseen"]


def _links(t: Tracked) -> list[Memory]:
    """What ``t`` remembers, oldest first."""
    links: list[Memory] = []
    memory = t._memory
    while memory is not None:
        if type(memory) is not Memory or type(memory.before) is not Tracked:
            raise InvalidArgumentError("a tracked state's memory holds something else than the states it "
                                       "was made from")
        links.append(memory)
        memory = memory.before._memory
    links.reverse()
    return links


def undo(game: ModuleGame, t: Tracked, n: int = 1) -> Tracked:
    """The tracked state before its last ``n`` entries (each outcome entered and each player's
    move counts one): the very state the table was in, nothing else changed. It reaches back as
    far as the memory does (see the module's docstring); further is InvalidArgumentError."""
    if type(n) is not int or n < 1:
        raise InvalidArgumentError(f"undo takes back 1 entry or more, not {shown(n)}")
    before = t
    for k in range(n):
        memory = before._memory
        if memory is None:
            raise InvalidArgumentError(
                f"only {k} entr{'y' if k == 1 else 'ies'} can be taken back: the table's memory begins "
                "there (a new game, or a state decoded from JSON, pickled or built by hand)")
        if type(memory) is not Memory or type(memory.before) is not Tracked:
            raise InvalidArgumentError("a tracked state's memory holds something else than the states it "
                                       "was made from")
        before = memory.before
    return before


def _owner(memory: Memory) -> int | None:
    """The seat whose hand an outcome entered as unseen went to."""
    entry, need = memory.entry, memory.before.need
    return entry.seat if entry.seat is not None else (None if need is None else need.seat)


def _is_unseen(memory: Memory) -> bool:
    return type(memory.entry) is Outcome and memory.entry.item == UNSEEN


def unseen(t: Tracked) -> tuple[Outcome, ...]:
    """The cards held as placeholders: for each outcome entered as unseen and not revealed
    since, oldest first, the outcome with its pool and seat (the item is
    :data:`~gremlinrules.core.chance.UNSEEN`)."""
    return tuple(Outcome(m.entry.pool, UNSEEN, _owner(m)) for m in _links(t) if _is_unseen(m))


def reveal(game: ModuleGame, t: Tracked, outcome: Outcome) -> Tracked:
    """The table once a card entered as unseen shows: ``outcome`` names its pool, its item and
    the seat it was dealt or drawn to. The oldest outcome entered unseen for that seat and pool
    that can be that item takes it, and every entry after it is entered again (a card entered
    unseen later may get another placeholder). Each entry is checked as it is entered again, so
    the result is a table the rules reach with every entry the tracker made;
    IllegalActionError when no unseen card of that seat can be the item."""
    if (type(outcome) is not Outcome or type(outcome.pool) is not str or type(outcome.item) is not str
            or outcome.item == UNSEEN or type(outcome.seat) is not int):
        raise InvalidArgumentError("reveal takes the card that showed, with its seat: "
                                   f"Outcome(pool, item, seat=...), not {shown(outcome)}")
    links = _links(t)
    for k, memory in enumerate(links):
        if not (_is_unseen(memory) and memory.entry.pool == outcome.pool and _owner(memory) == outcome.seat):
            continue
        try:
            again = chance.apply(game, memory.before, Outcome(outcome.pool, outcome.item, memory.entry.seat))
            for later in links[k + 1:]:
                again = chance.apply(game, again, later.entry)
        except GremlinRulesError:
            continue  # this card cannot have been that one: try the next
        return again
    raise IllegalActionError(f"no card seat {outcome.seat} holds unseen from the {outcome.pool} pool can be "
                             f"{shown(outcome.item)}")


def reached(t: Any) -> bool:
    """True when ``t`` is a tracked state that remembers an entry (for callers that offer undo)."""
    return type(t) is Tracked and t._memory is not None
