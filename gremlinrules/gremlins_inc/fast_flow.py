"""The automatic steps after an action, with less work: the end of an action and of a turn in
one step for their usual cases (:mod:`.flow` does the rest)."""

from __future__ import annotations

from gremlinrules.core.evolve import make_updater
from gremlinrules.gremlins_inc import flow
from gremlinrules.gremlins_inc.fast_tables import Tables, perm_info
from gremlinrules.gremlins_inc.state import Phase, State

__all__ = ["after_action", "allowed", "end_turn"]

_PLAY = Phase.PLAY
_refilled = make_updater(State, "hands", "deck")
_next_turn = make_updater(State, "hands", "deck", "turn", actions_used=0)
_next_round = make_updater(State, "hands", "deck", "turn", "round", actions_used=0)


def allowed(s: State, t: Tables) -> int:
    """GI-TURN-1, GI-PASSIVE-4: the turn owner's actions this turn (:func:`.flow.actions_allowed`)."""
    me = s.turn
    return t.per_turn + perm_info(s, me)[0] if s.permanents[me] else t.per_turn


def after_action(s: State, t: Tables) -> State:
    """:func:`.flow.after_action`: the turn ends once its actions are used up."""
    if s.stack or s.phase is not _PLAY:
        return s
    return end_turn(s, t) if s.actions_used >= allowed(s, t) else s


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
