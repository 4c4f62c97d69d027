"""The fast paths: ``legal_actions``, ``is_legal``, ``is_terminal`` and ``apply`` answered with less
work than the rule book, held to it by tests/gremlins_inc/test_differential.py and
tests/gremlins_inc/test_fast_paths.py.

``get_game("gremlins-inc", reference=True)`` plays with :mod:`.rules` instead. What makes this
path fast, none of it a rule:

* tables per card set and player count (:mod:`.fast_tables`): each design's Start, Assign and
  Play actions, its cost and completion cost as (gold, malice, industry) counts, its type as a
  bit, the frames' answers as the action space's own objects, each turn action's kind found
  by identity, and the turn's last actions (Completes, Cancels, EndTurn) per row size and mask of
  completable projects; the turn's legal actions are built from them in canonical order without
  a sort or a check per action;
* turn actions applied with their checks inline (:mod:`.fast_turn`), each building the next
  state with one updater call (:func:`gremlinrules.core.evolve.make_updater`), and the action
  that uses up the turn going straight to the next seat's turn, or past the end of the round
  with the game's end checked inline, in one step (the refill too, with its reshuffle when the
  deck runs out, :mod:`.fast_flow`); an effect returns None for anything it does not hold for,
  and the rule book answers (the reason, or the rare case);
* a played card paid for and its script run by :mod:`.fast_effects`: targets and projects found
  from type masks (:mod:`.fast_select`; the seats of a selector that reads no score or project
  from a table per teams), a step with one target acted on at once, score, draw and extra-turn
  steps (also on everyone except you, seat by seat) done inline, every other stage handed to
  :func:`.effects.advance`;
* a frame the fast interpreter pushes (pay, player, project, resource, discard, assign) has its
  choices found as it is pushed, with what it says (the effect's context, the units owed), so
  listing it is an identity check and answering it reads nothing again
  (:data:`.fast_effects.ASKED`); any other frame's choices are listed once per state
  (:mod:`.fast_frames`) and a frame is read once (a bounded cache in :mod:`.effects`);
* a project's resources counted by type, with its type mask, once per project object (a bounded
  cache keyed by identity, the project held); an Assign counts its new project from the old one's
  counts;
* no events: the rule book's :func:`.rules.apply_with_events` gives them (its Steps), and the
  differential tests hold its state to this ``apply``.

Tried and measured as no gain (callgrind: instructions a decision over 20 random 4-player games,
82.2k at the start of that work, 80.0k with the table of last actions, the counted Assign, the
reshuffling refill and one ``apply`` call): each row's totals and completable projects kept up to
date by every Assign and Start (a bounded cache by row identity, hit by 78% of listings) cost more
to keep than they saved (+2%); a project's completable flag stored with its counts (+3%); the
refill stopping once no other seat is short (+1%); hands as presence vectors over the designs,
with ``itertools.compress`` picking Starts and Assigns, list a hand's part slower than
``dict.fromkeys`` and ``map`` even with the vector kept for free (1.6 against 1.4 us). What is
left is spread over ordinary Python work: listing a turn's actions about a quarter of the time,
applying turn actions (a played card's script included) a third, answering frames a quarter (the
script interpreter's own steps about a twentieth of all), the benchmark's random choice and
``new_game`` a tenth.
"""

from __future__ import annotations

from typing import Any

from gremlinrules.core.chance import foreign
from gremlinrules.core.checks import check_complete
from gremlinrules.core.turns import game_over
from gremlinrules.gremlins_inc import rules
from gremlinrules.gremlins_inc.fast_frames import frame_actions
from gremlinrules.gremlins_inc.fast_frames import frame_apply
from gremlinrules.gremlins_inc.fast_tables import MEMO as _MEMO
from gremlinrules.gremlins_inc.fast_tables import Tables
from gremlinrules.gremlins_inc.fast_tables import tables
from gremlinrules.gremlins_inc.fast_tables import turn_actions
from gremlinrules.gremlins_inc.fast_turn import EFFECTS
from gremlinrules.gremlins_inc.state import Phase
from gremlinrules.gremlins_inc.state import State

__all__ = ["apply", "is_legal", "is_terminal", "legal_actions"]

_NAME = "Gremlins, Inc. State"
_PLAY = Phase.PLAY
_OVER = Phase.OVER


def legal_actions(s: State) -> tuple[Any, ...]:
    """Every legal action in canonical order; empty exactly when the game is over."""
    try:
        if type(s) is not State:
            return foreign(legal_actions, s)  # a tracked state (external chance), or refused
        if s.phase is not _PLAY:
            return rules.legal_actions(s)
        if s.stack:
            return frame_actions(s)
        o, n, t = _MEMO[0]  # the tables of the options last asked (tables() without the call)
        return turn_actions(s, t if o is s.options and n == s.players else tables(s))
    except AttributeError:
        check_complete("legal_actions", s)
        raise


def is_legal(s: State, action: Any) -> bool:
    """True exactly when ``action`` is among ``legal_actions(s)``."""
    if type(s) is not State:
        return foreign(is_legal, s, action)  # a tracked state (external chance), or refused
    return rules.is_legal(s, action)


is_terminal = game_over(State, _OVER, __name__, "True once the game is over (GI-END-4).")


def apply(s: State, action: Any) -> State:
    """The next state; IllegalActionError (with the clause) when illegal."""
    try:
        if type(s) is not State:
            return foreign(apply, s, action)  # a tracked state (external chance), or refused
        if s.phase is not _PLAY:
            return rules.apply(s, action)
        try:
            if s.stack:
                return frame_apply(s, action)
            o, n, t = _MEMO[0]  # the tables of the options last asked (tables() without the call)
            if o is not s.options or n != s.players:
                t = tables(s)
            info = t.lookup.by_id.get(id(action)) or _by_value(t, action)
            if info is not None:
                out = EFFECTS[info[0]](s, t, info[1])
                if out is not None:
                    return out
        except _HAND_MADE:  # a state edited by hand that the fast path cannot read: the rule book answers
            pass
        return rules.apply(s, action)  # the reason for a refusal, the rare case, or a hand-made state
    except AttributeError:
        check_complete("apply", s)
        raise


_HAND_MADE = (KeyError, TypeError, AttributeError, IndexError, ValueError, StopIteration)
"""What a state made by hand (not by the rules) can raise on the fast path."""


def _by_value(t: Tables, action: Any) -> tuple[int, Any] | None:
    """A turn action equal to one of the space's but not that object, by value (None otherwise)."""
    try:
        return t.lookup.by_value(action)
    except Exception:  # an action with a hostile field: the rule book explains
        return None
