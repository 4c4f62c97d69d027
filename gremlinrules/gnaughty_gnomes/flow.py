"""The automatic steps between decisions: whose decision it is, the trick's end, clean-up.

A trick runs in one phase (:attr:`Phase.PLAY`). Positions play clockwise from
the leader (GG-SEAT-1); the fourth card ranks the trick (GG-TRICK-2), scores
the winner's point and pushes the four placements as frames on the decision
stack, turn-order place 1 on top (GG-PLACE-1). The last placement cleans up
(GG-CLEAN-1, GG-CLEAN-2, GG-CLEAN-3, GG-2P-4). These functions are shared by the
reference rules and the fast path: they are already as short as the rules.

A placement frame is a :class:`~gremlinrules.gnaughty_gnomes.frames.Placement`
(``Placement(seat, position, place)``): the turn-order card ``place`` (1 winner, 2-3
middle, 4 loser) held by ``position``, decided by its seat (a dummy's partner, GG-2P-3).
The frames are interned: the same placement is always the same object. Each step returns
a :class:`~gremlinrules.core.step.Step`, the state and the events it caused.
"""

from __future__ import annotations

from gremlinrules.core.chance import foreign
from gremlinrules.core.checks import check_type
from gremlinrules.core.evolve import make_replace
from gremlinrules.core.step import Step
from gremlinrules.core.turns import seat_count
from gremlinrules.core.zones import next_seat
from gremlinrules.gnaughty_gnomes.components import REFERENCE
from gremlinrules.gnaughty_gnomes.events import GameEnded
from gremlinrules.gnaughty_gnomes.events import Revealed
from gremlinrules.gnaughty_gnomes.events import TrickCleared
from gremlinrules.gnaughty_gnomes.events import TrickWon
from gremlinrules.gnaughty_gnomes.frames import POSITIONS
from gremlinrules.gnaughty_gnomes.frames import Placement
from gremlinrules.gnaughty_gnomes.state import Phase
from gremlinrules.gnaughty_gnomes.state import Played
from gremlinrules.gnaughty_gnomes.state import State
from gremlinrules.gnaughty_gnomes.state import guarded
from gremlinrules.gnaughty_gnomes.state import incomplete
from gremlinrules.gnaughty_gnomes.trick import rank_trick
from gremlinrules.gnaughty_gnomes.trick import strongest_left
from gremlinrules.gnaughty_gnomes.trick import track_after

__all__ = [
    "clean_up", "current_player", "guarded", "incomplete", "is_terminal", "placement_frame",
    "placement_stack",
    "players", "position_to_act", "scores", "seat_of", "trick_ranked", "winners", "winning_team",
]

_replace = make_replace(State)
_OVER = Phase.OVER


def seat_of(players: int, position: int) -> int:
    """The seat that decides for ``position``: itself, or a dummy's partner (GG-2P-3)."""
    return position if players == POSITIONS else position % 2


_FRAMES: dict[tuple[int, int, int], Placement] = {
    (players, place, pos): Placement(seat_of(players, pos), pos, place)
    for players in (2, 4) for place in range(1, 5) for pos in range(POSITIONS)
}


def placement_frame(players: int, place: int, position: int) -> Placement:
    """The interned frame of turn-order ``place`` (1-4) held by ``position``."""
    return _FRAMES[players, place, position]


def placement_stack(players: int, positions: tuple[int, ...]) -> tuple[Placement, ...]:
    """The frames of the placement round for ``positions`` in turn order, place 1 on top."""
    return tuple(placement_frame(players, place, pos)
                 for place, pos in reversed(tuple(enumerate(positions, start=1))))


def position_to_act(state: State) -> int:
    """The table position whose decision is pending (meaningless once the game is over)."""
    if state.stack:
        return state.stack[-1].position
    return next_seat(state.leader, POSITIONS, len(state.plays))


@guarded
def current_player(state: State) -> int | None:
    """The seat that decides now: a dummy's decisions belong to its partner (GG-2P-3)."""
    if type(state) is not State:
        return foreign(current_player, state)  # a tracked state (external chance), or refused
    if state.phase is Phase.OVER:
        return None
    if state.stack:
        return state.stack[-1].seat
    return seat_of(state.players, position_to_act(state))


players = seat_count(State, "Gnaughty Gnomes State", __name__, "The number of seats (2 or 4).")


def is_terminal(state: State) -> bool:
    """True after the eighth trick's placements (GG-END-1)."""
    try:
        if type(state) is not State:  # check_type, inline: playouts ask this once a decision
            return foreign(is_terminal, state)  # a tracked state (external chance), or refused
        return state.phase is _OVER
    except (AttributeError, TypeError):  # a State built without __init__ or edited by hand
        raise incomplete("is_terminal") from None


def trick_ranked(state: State, plays: tuple[Played, ...]) -> Step[State]:
    """The state once the fourth card is down: turn-order cards dealt (GG-TRICK-2), the
    winner's team point (GG-PLACE-1), the four placements pushed, the winner's on top.
    Event: ``TrickWon``."""
    order = rank_trick(state.track, plays)
    winner = plays[order[0]].position
    winner_team = winner % 2
    scores = tuple(s + (team == winner_team) for team, s in enumerate(state.team_scores))
    positions = tuple(plays[i].position for i in order)
    stack = placement_stack(state.players, positions)
    after = _replace(state, plays=plays, order=order, flipped=(False,) * POSITIONS,
                     team_scores=scores, stack=stack)
    return Step(after, (TrickWon(state.trick + 1, winner, winner_team, 1, positions),))


def clean_up(state: State) -> Step[State]:
    """After the last placement: the winning suit moves on the track by the winning rank
    (GG-CLEAN-1, GG-CLEAN-4); the trick's cards are discarded but stay on record
    (GG-CLEAN-2); uncovered dummy cards turn face up (GG-2P-4); the trick loser leads
    (GG-CLEAN-3); after the eighth trick the game is over (GG-END-1). Events: ``Revealed``
    per uncovered card, ``TrickCleared``, and ``GameEnded`` after the eighth trick."""
    plays, order = state.plays, state.order
    events: list[Revealed | TrickCleared | GameEnded] = []
    if state.players == 2:
        events += [Revealed(pos, pile, down) for pos, row in enumerate(state.piles)
                   for pile, (down, up) in enumerate(row) if up is None and down is not None]
        piles = tuple(
            tuple((None, down) if up is None and down is not None else (down, up) for down, up in p)
            for p in state.piles
        )
    else:
        piles = state.piles
    trick = state.trick + 1
    after = _replace(
        state, piles=piles, track=track_after(state.track, plays[order[0]]),
        history=(*state.history, plays), leader=plays[order[-1]].position, trick=trick,
        phase=Phase.OVER if trick == REFERENCE.tricks else Phase.PLAY, plays=(), order=(), flipped=(),
        stack=(),
    )
    events.append(TrickCleared(after.trick, after.track, after.leader, after.team_scores))
    if after.phase is Phase.OVER:
        left = tuple(after.hands[pos] + tuple(c for pile in after.piles[pos] for c in pile if c is not None)
                     for pos in range(POSITIONS))
        events.append(GameEnded(scores(after), winners(after), left))
    return Step(after, tuple(events))


@guarded
def scores(state: State) -> tuple[int, ...]:
    """Each seat's team score (partners share one score)."""
    check_type(state, State, "Gnaughty Gnomes State")
    a, b = state.team_scores
    return (a, b) if state.players == 2 else (a, b, a, b)


def winning_team(state: State) -> int | None:
    """The winning team once the game is over: higher score (GG-END-1), else the strongest card
    left (GG-END-2, GG-END-3)."""
    if state.phase is not Phase.OVER:
        return None
    a, b = state.team_scores
    if a != b:
        return 0 if a > b else 1
    best = []
    for team in (0, 1):
        cards = tuple(
            c for pos in (team, team + 2)
            for c in state.hands[pos] + tuple(x for pile in state.piles[pos] for x in pile if x is not None)
        )
        best.append(strongest_left(state.track, cards, state.options.x_tiebreak))
    return 0 if best[0] < best[1] else 1


@guarded
def winners(state: State) -> tuple[int, ...]:
    """The winning seats: both partners with four players, one seat with two; () until the end."""
    check_type(state, State, "Gnaughty Gnomes State")
    team = winning_team(state)
    if team is None:
        return ()
    return (team,) if state.players == 2 else (team, team + 2)
