"""The turn's actions applied with their checks inline, and the end of a turn in one step for its
usual cases.

Each effect returns the next state, or None for anything it does not hold for (an illegal action,
a rare case), and then the rule book answers: the reason an action is refused, or the effect
itself. Playing and completing go to the rule book's effects once their checks pass, since
their costs and scripts run in :mod:`.rules` and :mod:`.effects`.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable
from typing import Any

from gremlinrules.core.evolve import make_updater
from gremlinrules.core.zones import replace_at
from gremlinrules.gremlins_inc import flow, rules
from gremlinrules.gremlins_inc.fast_tables import Tables, perm_info
from gremlinrules.gremlins_inc.state import Project, State

__all__ = ["EFFECTS", "end_turn"]

_assigned = make_updater(State, "hands", "projects", "actions_used")
_started = make_updater(State, "hands", "projects", "next_uid", "actions_used")
_cancelled = make_updater(State, "projects", "discard", "seen", "actions_used")
_refilled = make_updater(State, "hands", "deck")
_next_turn = make_updater(State, "hands", "deck", "turn", actions_used=0)
_next_round = make_updater(State, "hands", "deck", "turn", "round", actions_used=0)


def _allowed(s: State, t: Tables) -> int:
    """GI-TURN-1, GI-PASSIVE-4: the turn's actions (as :func:`.flow.actions_allowed`)."""
    return t.per_turn + perm_info(s, s.turn)[0] if s.permanents[s.turn] else t.per_turn


def end_turn(s: State, t: Tables) -> State:
    """:func:`.flow.end_turn`: the refill without a reshuffle, then the next seat's turn (and, after
    the seat before the first player, the next round) in one step; an extra turn, a refill that
    needs a reshuffle and the end of the game go to :mod:`.flow`."""
    if s.extra_turns:
        return flow.end_turn(s)
    me, n, size = s.turn, s.players, t.hand_size
    deck = s.deck
    hands = list(s.hands)
    for k in range(n):  # GI-TURN-3: from the seat who just played
        seat = (me + k) % n
        hand = hands[seat]
        short = size - len(hand)
        if short > 0:
            if short > len(deck):  # GI-DRAW-2: a reshuffle (or too few cards): the flow draws
                return flow.end_turn(s)
            hands[seat] = tuple(sorted(hand + deck[:short]))
            deck = deck[short:]
    nxt = me + 1 if me + 1 < n else 0
    if nxt != s.first_player:
        return _next_turn(s, tuple(hands), deck, nxt)
    full = _refilled(s, tuple(hands), deck)  # the round ends (GI-END-4)
    if flow.game_over(full):
        return flow.end_turn(full)  # every hand is full: its refill draws nothing
    return _next_round(s, tuple(hands), deck, nxt, s.round + 1)


def _after(s: State, t: Tables, allowed: int) -> State:
    return end_turn(s, t) if s.actions_used >= allowed else s


def _start(s: State, t: Tables, a: Any) -> State | None:
    """GI-PROJ-1 to GI-PROJ-3 (a Start that may not be face up is not in the action space)."""
    me = s.turn
    allowed = _allowed(s, t)
    hand = s.hands[me]
    row = s.projects[me]
    if s.actions_used >= allowed or a.card not in hand or len(row) >= t.max_projects:
        return None
    k = hand.index(a.card)
    row = (*row, Project(s.next_uid, a.card, a.face_up is True))
    s = _started(s, replace_at(s.hands, me, hand[:k] + hand[k + 1:]), replace_at(s.projects, me, row),
                 s.next_uid + 1, s.actions_used + 1)
    return _after(s, t, allowed)


def _assign(s: State, t: Tables, arg: tuple[str, int]) -> State | None:
    """GI-RES-1."""
    card, i = arg
    me = s.turn
    allowed = _allowed(s, t)
    hand = s.hands[me]
    row = s.projects[me]
    if s.actions_used >= allowed or card not in hand or i >= len(row):
        return None
    k = hand.index(card)
    p = row[i]
    row = row[:i] + (Project(p.uid, p.card, p.face_up, (*p.resources, card)),) + row[i + 1:]
    s = _assigned(s, replace_at(s.hands, me, hand[:k] + hand[k + 1:]), replace_at(s.projects, me, row),
                  s.actions_used + 1)
    return _after(s, t, allowed)


def _play(s: State, t: Tables, a: Any) -> State | None:
    """GI-PLAY-1 to GI-PLAY-3: the rule book's check and effect (paying asks frames)."""
    if rules.CHECKS[type(a)](s, a) is not None:
        return None
    return rules.play(s, a)


def _complete(s: State, t: Tables, a: Any) -> State | None:
    """GI-DONE-1 to GI-DONE-4: the rule book's check and effect."""
    if rules.CHECKS[type(a)](s, a) is not None:
        return None
    return rules.complete(s, a)


def _cancel(s: State, t: Tables, i: int) -> State | None:
    """GI-PROJ-4: the project and its resources go to the (sorted) discard pile."""
    me = s.turn
    allowed = _allowed(s, t)
    row = s.projects[me]
    if s.actions_used >= allowed or i >= len(row):
        return None
    p = row[i]
    pile = list(s.discard)
    insort(pile, p.card)
    for r in p.resources:
        insort(pile, r)
    s = _cancelled(s, replace_at(s.projects, me, row[:i] + row[i + 1:]), tuple(pile),
                   flow.forget(s.seen, p.uid), s.actions_used + 1)
    return _after(s, t, allowed)


def _end(s: State, t: Tables, _: Any) -> State | None:
    """GI-TURN-2: the turn ends now."""
    return end_turn(s, t)


EFFECTS: tuple[Callable[[State, Tables, Any], State | None], ...] = (
    _start, _assign, _play, _complete, _cancel, _end)
"""The effect of each kind of turn action, by the kind number of :attr:`.Tables.lookup`."""
