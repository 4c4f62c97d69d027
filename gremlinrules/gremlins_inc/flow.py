"""The automatic steps between decisions: drawing (with reshuffles), the refill after a turn,
the end of a turn, of a round and of the game, and the table's continuous effects.

The reference rules (:mod:`.rules`) and the card-effect interpreter (:mod:`.effects`) call
these; so does the fast path, so they are written once. A step that can cause events (a draw,
the refill, the end of a turn) returns a :class:`~gremlinrules.core.step.Step` with them; the
fast path takes its ``.state``.
"""

from __future__ import annotations

import contextvars
from collections.abc import Callable

from gremlinrules.core.draws import shuffle
from gremlinrules.core.rng import Rng
from gremlinrules.core.step import Step as Outcome
from gremlinrules.core.zones import replace_at
from gremlinrules.core.zones import seats_from
from gremlinrules.gremlins_inc.components import RESOURCES
from gremlinrules.gremlins_inc.components import Card
from gremlinrules.gremlins_inc.events import Drawn
from gremlinrules.gremlins_inc.events import Event
from gremlinrules.gremlins_inc.events import GameEnded
from gremlinrules.gremlins_inc.events import Reshuffled
from gremlinrules.gremlins_inc.events import RoundEnded
from gremlinrules.gremlins_inc.events import TurnBegan
from gremlinrules.gremlins_inc.kit import Kit
from gremlinrules.gremlins_inc.kit import kit_for
from gremlinrules.gremlins_inc.state import Phase
from gremlinrules.gremlins_inc.state import Project
from gremlinrules.gremlins_inc.state import State
from gremlinrules.gremlins_inc.state import evolve

__all__ = [
    "RESHUFFLE", "actions_allowed", "adjusted", "after_action", "cards_of", "draw", "end_turn", "forget",
    "game_over", "give_extra_turns", "have", "kit", "protected", "refill", "team_totals",
    "winners_of", "with_row",
]


RESHUFFLE: contextvars.ContextVar[Callable[[int, tuple[str, ...]], tuple[tuple[str, ...], int]] | None] = \
    contextvars.ContextVar("gremlins_inc_reshuffle", default=None)
"""Set only by the external-chance model (:mod:`.chance`, GI-CHANCE-2) while it probes a move with
the rule book: the rebuilt deck of a reshuffle as ``(generator state, discard pile) -> (deck, next
generator state)``. Unset (always, in seeded play), a reshuffle is the generator's shuffle. Only
:func:`draw` reads it (the fast path's refill does not: the model applies moves through
:func:`.rules.apply_with_events`, the rule book's)."""

_LAST_KIT: list[tuple[object, int, Kit | None]] = [(None, 0, None)]
"""The options and player count last asked, and their kit (held, so the identity stays unique)."""


def kit(s: State) -> Kit:
    """The tables of the state's card set (remembered for the options last asked: a game's states
    share one)."""
    options, players, found = _LAST_KIT[0]
    if options is s.options and players == s.players and found is not None:
        return found
    made = kit_for(s.options.components, s.players)
    _LAST_KIT[0] = (s.options, s.players, made)
    return made


def cards_of(s: State) -> dict[str, Card]:
    """The designs of the state's card set by id."""
    return kit(s).cards


def _sorted_add(items: tuple[str, ...], *more: str) -> tuple[str, ...]:
    return tuple(sorted(items + more))


def draw(s: State, seat: int, n: int) -> Outcome[State]:
    """``seat`` draws ``n`` cards from the top (GI-DRAW-1). An empty deck is replaced by the
    whole discard pile, shuffled, and the reshuffle is counted (GI-DRAW-2); when both are empty
    the seat draws what there is (GI-DRAW-3). Events: each reshuffle, then the draw."""
    if n <= 0:
        return Outcome(s)
    deck, discard, rng, reshuffles = s.deck, s.discard, s.rng, s.reshuffles
    got: list[str] = []
    events: list[Event] = []
    while len(got) < n:
        if not deck:
            if not discard:
                break  # GI-DRAW-3: nothing left to draw
            stacked = RESHUFFLE.get()
            if stacked is None:
                deck, state = shuffle(rng.state, discard)  # rng.shuffle(discard), the draws inline
            else:
                deck, state = stacked(rng.state, discard)
            rng = Rng(state)
            discard = ()
            reshuffles += 1
            events.append(Reshuffled(reshuffles, len(deck)))
        take = min(n - len(got), len(deck))
        got += deck[:take]
        deck = deck[take:]
    if got:
        events.append(Drawn(seat, len(got), tuple(sorted(got))))
    hands = s.hands
    hands = hands[:seat] + (_sorted_add(hands[seat], *got),) + hands[seat + 1:]
    return Outcome(evolve(s, deck=deck, discard=discard, rng=rng, reshuffles=reshuffles, hands=hands),
                   tuple(events))


def refill(s: State, first: int) -> Outcome[State]:
    """GI-TURN-3: every seat, starting with ``first`` (the one who just played), draws up to a
    full hand."""
    size = s.components.hand_size
    events: tuple[Event, ...] = ()
    for seat in seats_from(first, s.players):
        short = size - len(s.hands[seat])
        if short > 0:
            s, drawn = draw(s, seat, short)
            events += drawn
    return Outcome(s, events)


def team_totals(s: State) -> tuple[int, ...]:
    """GI-TEAM-3: each team's score, the sum of its members' (team 0 first)."""
    totals = [0] * (max(s.teams) + 1)
    for seat, score in enumerate(s.scores):
        totals[s.teams[seat]] += score
    return tuple(totals)


def winners_of(s: State) -> tuple[int, ...]:
    """GI-END-5: the seats of the team (or teams, tied) with the highest score."""
    totals = team_totals(s)
    best = max(totals)
    return tuple(seat for seat in range(s.players) if totals[s.teams[seat]] == best)


def game_over(s: State) -> bool:
    """Whether the round that just ended is the last (see :func:`ending`)."""
    return ending(s) is not None


def ending(s: State) -> str | None:
    """The clause that makes the round that just ended the last, if any: the target score reached
    by a seat (a team in team play, GI-END-2), the deck run out after the last reshuffle
    (GI-END-3), or the round limit of the house rule (GI-BOUND-1), read in that order."""
    o = s.options
    if o.end == "score" and max(team_totals(s)) >= o.target:
        return "GI-END-2"
    if o.end == "reshuffles" and (
            s.reshuffles > o.reshuffles or (s.reshuffles == o.reshuffles and not s.deck)):
        return "GI-END-3"  # after the last reshuffle the deck ran out (empty, or rebuilt again)
    return "GI-BOUND-1" if o.bounded and s.round >= o.round_limit else None


def end_turn(s: State) -> Outcome[State]:
    """The turn ends: refill (GI-TURN-3); a pending extra turn of the same seat begins after the
    refill (GI-TURN-4), and is no seat's place in the round (GI-TURN-5); after the seat before
    the first player the round ends and the game may end (GI-END-4); else the next seat's turn
    begins."""
    n = s.players
    s, events = refill(s, s.turn)
    if s.extra_turns > 0:  # GI-TURN-4: everyone refilled first, then the same seat plays again
        return Outcome(evolve(s, extra_turns=s.extra_turns - 1, actions_used=0),
                       (*events, TurnBegan(s.turn, s.round)))
    if (s.turn + 1) % n == s.first_player:
        events += (RoundEnded(s.round),)
        if game_over(s):
            won = winners_of(s)
            return Outcome(evolve(s, phase=Phase.OVER, winners=won, actions_used=0),
                           (*events, GameEnded(s.scores, won)))
        s = evolve(s, round=s.round + 1)
    nxt = (s.turn + 1) % n
    return Outcome(evolve(s, turn=nxt, actions_used=0), (*events, TurnBegan(nxt, s.round)))


def give_extra_turns(s: State, n: int) -> State:
    """GI-OP-10: the turn owner takes ``n`` more turns right after this one; they stack
    (GI-TURN-5). With the house rule a game gives at most ``round_limit`` times the players
    extra turns, as many as its normal turns, and a step beyond that gives none (GI-BOUND-1)."""
    o = s.options
    if o.bounded:
        n = min(n, o.round_limit * s.players - s.extra_given)
    if n <= 0:
        return s
    return evolve(s, extra_turns=s.extra_turns + n, extra_given=s.extra_given + n)


def actions_allowed(s: State, seat: int) -> int:
    """GI-TURN-1: two actions a turn, plus the extra actions of the seat's active permanents
    (GI-PASSIVE-4)."""
    cards = cards_of(s)
    extra = sum(p.amount for c in s.permanents[seat] for p in cards[c].passive if p.effect == "extra_action")
    return s.components.actions_per_turn + extra


def after_action(s: State) -> Outcome[State]:
    """An action is done (its frames resolved): the turn ends once its actions are used up."""
    if s.stack or s.phase is not Phase.PLAY:
        return Outcome(s)
    if s.actions_used >= actions_allowed(s, s.turn):
        return end_turn(s)
    return Outcome(s)


def have(resources: tuple[str, ...], cards: dict[str, Card]) -> dict[str, int]:
    """How many resources of each type the cards count as."""
    out = dict.fromkeys(RESOURCES, 0)
    for c in resources:
        out[cards[c].resource] += 1
    return out


def adjusted(s: State, seat: int, base: tuple[tuple[str, int], ...], kind: str,
             held: dict[str, int]) -> tuple[tuple[str, int], ...]:
    """A cost after the seat's cost passives (GI-PASSIVE-1): ``kind`` is ``action`` (an action
    card's cost) or ``blueprint`` (a completion cost). A change of a named resource applies only
    where the cost names it, and no amount goes below 0; a change of ``any`` resource falls on
    the named resource where it helps the payer most (GI-PASSIVE-2): a cut on the one they are
    shortest of, a rise on the one they hold most spare of (ties: gold, malice, industry)."""
    passives = [p for c in s.permanents[seat] for p in cards_of(s)[c].passive
                if p.effect == "cost" and p.kind == kind]
    if not passives:
        return base
    cost = dict(base)
    for p in passives:
        named = [r for r in RESOURCES if cost.get(r, 0) > 0]
        if not named:
            continue
        if p.resource == "any":
            spare = {r: held.get(r, 0) - cost[r] for r in named}
            pick = min(named, key=spare.__getitem__) if p.change < 0 else max(named, key=spare.__getitem__)
        elif p.resource in named:
            pick = p.resource
        else:
            continue
        cost[pick] = max(0, cost[pick] + p.change)
    return tuple((r, k) for r, k in sorted(cost.items()) if k > 0)


def protected(s: State, seat: int, op: str, player: int) -> bool:
    """GI-PASSIVE-3: an opponent's card cannot do ``op`` to ``seat`` while ``seat`` has an active
    permanent protecting against it (a teammate's card can)."""
    if s.teams[seat] == s.teams[player]:
        return False
    cards = cards_of(s)
    return any(p.effect == "protect" and p.against == op
               for c in s.permanents[seat] for p in cards[c].passive)


def with_row(s: State, seat: int, row: tuple[Project, ...]) -> tuple[tuple[Project, ...], ...]:
    """The projects with ``seat``'s row replaced."""
    return replace_at(s.projects, seat, row)


def forget(seen: tuple[tuple[int, ...], ...], uid: int) -> tuple[tuple[int, ...], ...]:
    """GI-VIEW-3: no seat remembers a project that left the table (or is face up again)."""
    if not any(uid in k for k in seen):
        return seen
    return tuple(tuple(u for u in k if u != uid) for k in seen)
