"""The fast paths: the same ``legal_actions``, ``is_legal`` and ``apply`` as :mod:`.rules`, faster.
The differential tests (tests/gremlins_the_game/test_differential.py, test_fast_paths.py) hold
them to the rule book. ``get_game("gremlins-the-game", reference=True)`` plays the rule book.
What makes them fast, none of it a rule:

* the Move's destinations as bit masks of a table per map (:mod:`.fast_moves`): a whole-board
  breadth-first search of a dozen integer operations a step
  (:func:`gremlinrules.core.board.reach_bits`), remembered per mover's space and the spaces
  within five steps that end a move; the other Starts cut out once per entry, a player in the
  way by index;
* that table worked out at import for every combination of tokens near the spaces with few
  places for one (about 4,900 entries, 30-40 ms), each with every seat's fixed cuts, and kept
  with the map's table (never emptied): a search at play is left for 3-6% of the decisions, in
  and below the Movie Theater (15-17% with the setup's tokens alone, which cost a quarter of the
  time);
* the token masks of a state kept while it shares its token tuples, and derived, not
  recomputed, by the fast transitions that change the board;
* the last state's legal actions kept, so ``apply`` of one of them is a bit test (a Move) or
  an identity test (a frame's answer) and no check;
* the usual transitions in one constructor call (:mod:`.fast_flow`,
  :func:`gremlinrules.core.evolve.make_updater`): a Move to a plain space or a weapon token
  with the next turn begun, a gremlin revealed, a Defeat, an escape into the theater, the
  Town Square's refill, an event's gremlin placed or moved; the fight's choices from packed
  minimal covering sets (:mod:`.fast_fight`); ``new_game`` of the default table from what does
  not depend on the seed, its shuffles' generator outputs computed all at once in the lanes of
  one integer (:mod:`.setup`);
* anything unusual (a refused action, Stripe in the theater or defeated, the turn limit, a
  full hand, an empty deck, a state made by hand) straight from the rule book and :mod:`.flow`.

Where the time goes (CPU instructions counted under callgrind, which the shared machine's load
does not disturb; 30 random games at 4 players in a fresh process, ``new_game`` and the
benchmark loop included): about 42,600 a decision (55,600 before the table
was filled at import and the shuffles batched). A plain Move with warm tables costs about
23,700: ``legal_actions`` 13,000 (:func:`.fast_moves.moves` 11,800), ``apply`` 10,700, of which
building the 22-field state is 5,200. Measured and not worth it: the players' mask and tokens
handed from ``apply`` to the next ``legal_actions`` (what ``apply`` spends keeping them is what
the next call saves); one cache of the whole answer by the players in the way (it misses too
often); picking the Moves by chunks of 24 spaces; the plain Move written out in ``apply``
(270 instructions a decision, 0.6%). A smaller state would save little: building a 12-field
state costs about 35% less than the 22-field one, about 4% of a decision.
"""

from __future__ import annotations

from typing import Any

from gremlinrules.core.chance import foreign
from gremlinrules.core.checks import check_complete
from gremlinrules.core.checks import half_built
from gremlinrules.core.errors import IllegalActionError
from gremlinrules.core.turns import game_over
from gremlinrules.gremlins_the_game import fast_fight
from gremlinrules.gremlins_the_game import fast_flow
from gremlinrules.gremlins_the_game import fast_moves
from gremlinrules.gremlins_the_game import flow
from gremlinrules.gremlins_the_game import rules
from gremlinrules.gremlins_the_game.actions import Move
from gremlinrules.gremlins_the_game.fast_flow import move as _move
from gremlinrules.gremlins_the_game.fast_moves import REFERENCE_TABLE
from gremlinrules.gremlins_the_game.fast_moves import MoveTable
from gremlinrules.gremlins_the_game.fast_moves import move_table
from gremlinrules.gremlins_the_game.fast_moves import moves as _destinations
from gremlinrules.gremlins_the_game.frames import EscapeToTheater
from gremlinrules.gremlins_the_game.frames import EventDiscard
from gremlinrules.gremlins_the_game.frames import Fight
from gremlinrules.gremlins_the_game.frames import GangToTheater
from gremlinrules.gremlins_the_game.frames import HandLimit
from gremlinrules.gremlins_the_game.frames import PendingFrame
from gremlinrules.gremlins_the_game.frames import PickGremlin
from gremlinrules.gremlins_the_game.state import Phase
from gremlinrules.gremlins_the_game.state import State

__all__ = ["apply", "is_legal", "is_terminal", "legal_actions"]

_MOVE, _OVER = Phase.MOVE, Phase.OVER
_TITLE = "Gremlins: The Game State"
_HAND_MADE = (KeyError, TypeError, AttributeError, IndexError, ValueError, StopIteration)
"""What a state made by hand (not by the rules) can raise on the fast path: the rule book answers."""
_DECISIONS = rules.BOOK.decisions
_THEATERS = (EscapeToTheater, GangToTheater)
_DISCARDS = (HandLimit, EventDiscard)

_last: tuple[Any, ...] = (None, 0, None, None, ())
"""The state of the last ``legal_actions`` on a Move, the mask of its destinations, its map's
table, its tokens and its Moves (one tuple, replaced whole: :func:`.fast_moves.moves`)."""
_last_frame: tuple[Any, tuple[Any, ...]] = (None, ())
"""The state of the last ``legal_actions`` on a pending frame and the choices it gave."""


_table: tuple[Any, MoveTable] = (None, REFERENCE_TABLE)
"""The last ``Options.map`` with a table (grid) and its table (one tuple, replaced whole)."""


def _moves(s: State) -> tuple[Move, ...] | None:
    """The legal Moves of ``s`` (phase MOVE, nothing pending), remembered in ``_last``; None for a
    map that is not a grid, or a state made by hand that the fast path cannot read."""
    global _last, _table
    m = s.options.map
    table = move_table(m)
    if table is None:
        return None
    _table = (m, table)
    try:
        found = _destinations(s, table)
    except _HAND_MADE:
        return None
    _last = found  # the global is written once and never read back (another thread may write it)
    return found[4]


def _choices(s: State, frame: PendingFrame) -> tuple[Any, ...]:
    """The choices of the pending ``frame`` (remembered in ``_last_frame``): the fight's and the
    theater's from tables; the other kinds' from the rule book."""
    global _last_frame
    if isinstance(frame, Fight):
        found = fast_fight.fight_choices(s, frame)
    elif isinstance(frame, _DISCARDS):
        found = fast_fight.discard_choices(s, frame)
    elif isinstance(frame, PickGremlin) or (table := move_table(s.options.map)) is None:
        found = _DECISIONS[type(frame)].choices(s, frame)
    elif isinstance(frame, _THEATERS):
        found = fast_moves.empty_theater(s, table)
    else:
        found = fast_moves.empty_gremlin_spaces(s, table)
    _last_frame = (s, found)
    return found


is_terminal = game_over(State, _OVER, __name__, "True once the game has ended (GTG-STRIPE-2, "
                        "GTG-STRIPE-4, GTG-END-4).")


def legal_actions(s: State) -> tuple[Any, ...]:
    """Every legal action, in canonical order (empty iff the game is over)."""
    try:
        global _last
        if type(s) is not State:
            return foreign(legal_actions, s)  # a tracked state (external chance), or refused
        if s.phase is _MOVE and not s.stack:
            table = _table
            if table[0] is not s.options.map:
                found = _moves(s)
                if found is not None:
                    return found
            else:  # _moves inline
                try:
                    listed = _destinations(s, table[1])
                except _HAND_MADE:
                    return rules.legal_actions(s)
                _last = listed
                return listed[4]
        elif s.stack and s.phase is not _OVER:
            try:
                return _choices(s, s.stack[-1])
            except _HAND_MADE:
                pass
        return rules.legal_actions(s)
    except AttributeError:
        check_complete("legal_actions", s)
        raise


def _move_allowed(s: State, to: Any) -> bool | None:
    """Whether the Move to ``to`` is legal in ``s`` (phase MOVE, nothing pending), leaving the
    state's facts in ``_last``; None when the fast path cannot tell (the rule book answers)."""
    if type(to) is not str or (_last[0] is not s and _moves(s) is None):
        return None
    last = _last
    if last[0] is not s:
        return None
    b = last[2].bit.get(to)
    return None if b is None else bool(last[1] & b)


def is_legal(s: State, action: Any) -> bool:
    """True iff ``action`` may be applied to ``s``."""
    if type(s) is not State:
        return foreign(is_legal, s, action)  # a tracked state (external chance), or refused
    try:
        if type(action) is Move and s.phase is _MOVE and not s.stack:
            legal = _move_allowed(s, action.to)
            if legal is not None:
                return legal
    except AttributeError:
        if not half_built(s, action):
            raise
    return rules.is_legal(s, action)  # (refusing an action or state built without its fields)


def _answer(s: State, frame: PendingFrame, action: Any) -> State:
    """The state after a legal answer to the pending ``frame``."""
    last_table = _table  # read once: the pair is replaced whole, perhaps by another thread
    table = last_table[1] if last_table[0] is s.options.map else move_table(s.options.map)
    if table is not None:
        try:
            if isinstance(frame, Fight):
                return fast_flow.fight(s, frame, action, table)
            if isinstance(frame, EscapeToTheater):
                return fast_flow.to_theater(s, frame, action.space, table)
            if isinstance(frame, GangToTheater):
                return fast_flow.gang_to_theater(s, action.space, table)
            if isinstance(frame, _DISCARDS):
                return fast_flow.discard(s, frame, action.weapon, table)
            if isinstance(frame, PickGremlin):
                return fast_flow.move_from(s, frame, action.space)
            return fast_flow.to_gremlin_space(s, frame, action.space, table)
        except _HAND_MADE:
            pass
    resumed: State = _DECISIONS[type(frame)].resume(flow.replace(s, stack=s.stack[:-1]), frame, action).state
    return resumed


def apply(s: State, action: Any) -> State:
    """The state after ``action``; IllegalActionError (with its clause) when the rules forbid it."""
    try:
        last = _last
        if last[0] is s and type(action) is Move:  # the usual case: a Move just listed
            to = action.to
            b = last[2].bit.get(to) if type(to) is str else None
            if b is not None and last[1] & b:
                try:
                    return _move(s, to, b, last[2], last[3])
                except _HAND_MADE:
                    return rules.apply(s, action)
        if type(s) is not State:
            return foreign(apply, s, action)  # a tracked state (external chance), or refused
        if type(action) is Move and s.phase is _MOVE and not s.stack:
            legal = _move_allowed(s, action.to)
            if legal:
                last = _last  # read once, and used only while it is this state's (threads share it)
                if last[0] is s:
                    try:
                        return fast_flow.move(s, action.to, last[2].bit[action.to], last[2], last[3])
                    except _HAND_MADE:
                        pass
            elif legal is not None:
                why = rules.check(s, action)
                raise IllegalActionError(*(why or ("Not a legal move", "GTG-MOVE-1")))
        elif s.stack and (listed := _last_frame)[0] is s:  # read once (threads share it)
            for choice in listed[1]:
                if choice is action:  # one of the choices just listed: legal, so no check
                    return _answer(s, s.stack[-1], action)
        return rules.apply(s, action)
    except AttributeError:
        check_complete("apply", s)
        if half_built(action):
            return rules.apply(s, action)  # refuses an action built without its fields
        raise
