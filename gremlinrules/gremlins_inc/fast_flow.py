"""The automatic steps after an action, with less work: the end of an action and of a turn in
one step for their usual cases (:mod:`.flow` does the rest)."""

from __future__ import annotations

from gremlinrules.core.draws import shuffle
from gremlinrules.core.evolve import make_updater
from gremlinrules.core.rng import Rng
from gremlinrules.gremlins_inc import flow
from gremlinrules.gremlins_inc.fast_tables import Tables
from gremlinrules.gremlins_inc.fast_tables import perm_info
from gremlinrules.gremlins_inc.state import Phase
from gremlinrules.gremlins_inc.state import Project
from gremlinrules.gremlins_inc.state import State

__all__ = ["after_action", "allowed", "end_turn", "end_turn_after"]

_PLAY = Phase.PLAY
_ALONE = {n: tuple(range(n)) for n in range(1, 9)}
_refilled = make_updater(State, "hands", "deck")
_next_turn = make_updater(State, "hands", "deck", "turn", actions_used=0)
_next_round = make_updater(State, "hands", "deck", "turn", "round", actions_used=0)
_next_turn_after = make_updater(State, "hands", "projects", "next_uid", "deck", "turn", actions_used=0)
_next_round_after = make_updater(State, "hands", "projects", "next_uid", "deck", "turn", "round",
                                 actions_used=0)
_acted = make_updater(State, "hands", "projects", "next_uid")
_drawn = make_updater(State, "hands", "deck", "discard", "rng", "reshuffles")
_next_turn_drawn = make_updater(State, "hands", "deck", "discard", "rng", "reshuffles", "turn",
                                actions_used=0)


def allowed(s: State, t: Tables) -> int:
    """GI-TURN-1, GI-PASSIVE-4: the turn owner's actions this turn (:func:`.flow.actions_allowed`)."""
    me = s.turn
    return t.per_turn + perm_info(s, me)[0] if s.permanents[me] else t.per_turn


def after_action(s: State, t: Tables) -> State:
    """:func:`.flow.after_action`: the turn ends once its actions are used up."""
    if s.stack or s.phase is not _PLAY:
        return s
    return end_turn(s, t) if s.actions_used >= allowed(s, t) else s


def _refill(hands: list[tuple[str, ...]], deck: tuple[str, ...], order: tuple[int, ...],
            size: int) -> tuple[str, ...] | None:
    """GI-TURN-3: every seat, from the one who just played, draws up to ``size`` (``hands`` is
    refilled in place); the deck left, or None when it runs short (GI-DRAW-2: the flow draws)."""
    for seat in order:
        hand = hands[seat]
        short = size - len(hand)
        if short > 0:
            if short > len(deck):
                return None
            hands[seat] = tuple(sorted(hand + deck[:short]))
            deck = deck[short:]
    return deck


def _draw_all(s: State, hands: list[tuple[str, ...]], order: tuple[int, ...],
              size: int) -> tuple[tuple[str, ...], tuple[str, ...], Rng, int]:
    """GI-TURN-3 with the reshuffles of GI-DRAW-2 and GI-DRAW-3 (as :func:`.flow.refill` draws):
    ``hands`` is refilled in place; the deck, discard pile, generator and reshuffles after it."""
    deck, discard, rng, reshuffles = s.deck, s.discard, s.rng, s.reshuffles
    for seat in order:
        hand = hands[seat]
        n = size - len(hand)
        if n <= 0:
            continue
        got: tuple[str, ...] = ()
        while len(got) < n:
            if not deck:
                if not discard:
                    break  # GI-DRAW-3: nothing left to draw
                deck, state = shuffle(rng.state, discard)  # GI-DRAW-2: the discard pile, shuffled
                rng = Rng(state)
                discard = ()
                reshuffles += 1
            take = n - len(got)
            got += deck[:take]
            deck = deck[take:]
        hands[seat] = tuple(sorted(hand + got))
    return deck, discard, rng, reshuffles


def _end_turn_drawing(s: State, t: Tables) -> State:
    """:func:`end_turn` when the refill runs the deck out (no extra turn pending): the refill with
    its reshuffles in one step, then the next seat's turn, or the round's end by :mod:`.flow`."""
    me = s.turn
    hands = list(s.hands)
    deck, discard, rng, reshuffles = _draw_all(s, hands, t.orders[me], t.hand_size)
    nxt = me + 1 if me + 1 < s.players else 0
    if nxt != s.first_player:
        return _next_turn_drawn(s, tuple(hands), deck, discard, rng, reshuffles, nxt)
    # every hand is as full as the cards allow: the flow's refill draws nothing more
    return flow.end_turn(_drawn(s, tuple(hands), deck, discard, rng, reshuffles)).state


def end_turn(s: State, t: Tables) -> State:
    """:func:`.flow.end_turn`: the refill, then the next seat's turn (and, after the seat before the
    first player, the next round) in one step, a refill that needs a reshuffle too
    (:func:`_end_turn_drawing`); an extra turn and the end of a round with a reshuffle or of the
    game go to :mod:`.flow`."""
    if s.extra_turns:
        return flow.end_turn(s).state
    me = s.turn
    hands = list(s.hands)
    deck = _refill(hands, s.deck, t.orders[me], t.hand_size)
    if deck is None:
        return _end_turn_drawing(s, t)
    nxt = me + 1 if me + 1 < s.players else 0
    if nxt != s.first_player:
        return _next_turn(s, tuple(hands), deck, nxt)
    if _over(s, deck):  # the round ends (GI-END-4)
        return flow.end_turn(_refilled(s, tuple(hands), deck)).state  # every hand is full: nothing drawn
    return _next_round(s, tuple(hands), deck, nxt, s.round + 1)


def _over(s: State, deck: tuple[str, ...]) -> bool:
    """:func:`.flow.game_over` of ``s`` with ``deck`` for its deck (the refill drew no reshuffle)."""
    o = s.options
    if o.end == "score":
        alone = s.teams == _ALONE.get(s.players)  # each seat its own team: the totals are the scores
        if max(s.scores if alone else flow.team_totals(s)) >= o.target:
            return True
    elif s.reshuffles > o.reshuffles or (s.reshuffles == o.reshuffles and not deck):
        return True
    return o.bounded and s.round >= o.round_limit


def end_turn_after(s: State, t: Tables, hands: tuple[tuple[str, ...], ...],
                   projects: tuple[tuple[Project, ...], ...], next_uid: int) -> State:
    """:func:`end_turn` of ``s`` with its hands, projects and next uid replaced (the action that
    used up the turn), without building that state in the usual cases."""
    me = s.turn
    refilled = list(hands)
    deck = _refill(refilled, s.deck, t.orders[me], t.hand_size)
    nxt = me + 1 if me + 1 < s.players else 0
    if s.extra_turns:
        return flow.end_turn(_acted(s, hands, projects, next_uid)).state
    if deck is None:
        return _end_turn_drawing(_acted(s, hands, projects, next_uid), t)
    if nxt != s.first_player:
        return _next_turn_after(s, tuple(refilled), projects, next_uid, deck, nxt)
    if _over(s, deck):  # the round ends and the game with it (GI-END-4): the flow's
        return end_turn(_acted(s, hands, projects, next_uid), t)
    return _next_round_after(s, tuple(refilled), projects, next_uid, deck, nxt, s.round + 1)
