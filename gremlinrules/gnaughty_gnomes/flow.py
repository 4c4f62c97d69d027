"""The automatic steps between decisions: whose decision it is, the trick's end, clean-up.

A trick runs in one phase (:attr:`Phase.PLAY`). Positions play clockwise from
the leader (GG-SEAT-1); the fourth card ranks the trick (GG-TRICK-2), scores
the winner's point and pushes the four placements as frames on the decision
stack, turn-order place 1 on top (GG-PLACE-1). The last placement cleans up
(GG-CLEAN-1, GG-CLEAN-2, GG-CLEAN-3, GG-2P-4). These functions are shared by the
reference rules and the fast path: they are already as short as the rules.

A placement frame reads ``Frame(kind="place", seat=<the deciding seat>,
source="turn-order-<n>", bound=(("position", <position>), ("place", <n>)))``:
the turn-order card ``n`` (1 winner, 2-3 middle, 4 loser) held by ``position``,
decided by its seat (a dummy's partner, GG-2P-3). The frames are interned: the
same placement is always the same object.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import ParamSpec, TypeVar

from gremlinrules.core.chance import foreign
from gremlinrules.core.checks import check_type
from gremlinrules.core.decisions import Frame, Stack, bound_value
from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.core.evolve import make_replace
from gremlinrules.core.zones import next_seat
from gremlinrules.gnaughty_gnomes.components import REFERENCE
from gremlinrules.gnaughty_gnomes.state import Phase, Played, State
from gremlinrules.gnaughty_gnomes.trick import rank_trick, track_after

__all__ = [
    "FRAME_SOURCES", "PLACE_KIND", "clean_up", "current_player", "frame_place", "frame_position",
    "guarded", "incomplete", "is_terminal", "placement_frame", "placement_stack", "players",
    "position_to_act", "seat_of", "trick_ranked",
]

_P = ParamSpec("_P")
_R = TypeVar("_R")


def incomplete(name: str) -> InvalidArgumentError:
    """The error of public function ``name`` given a state or view of the right class that is
    incomplete or holds values of the wrong type (see :func:`guarded`)."""
    return InvalidArgumentError(f"{name}: an argument of the right class is incomplete or holds values of "
                                "the wrong type")


def guarded(fn: Callable[_P, _R]) -> Callable[_P, _R]:
    """``fn`` with a state or view of the right class whose fields are missing or of the wrong
    type (an object built without ``__init__``, or edited by hand) refused with
    InvalidArgumentError instead of the AttributeError or TypeError it trips over; ``check_state``
    says what is wrong with such a state."""

    @functools.wraps(fn)
    def call(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        try:
            return fn(*args, **kwargs)
        except (AttributeError, TypeError):
            raise incomplete(fn.__name__) from None

    return call


PLACE_KIND = "place"
"""The kind of a placement frame."""
POSITIONS = 4
"""Table positions, whatever the seat count (GG-2P-1)."""

_replace = make_replace(State)
_OVER = Phase.OVER


def seat_of(players: int, position: int) -> int:
    """The seat that decides for ``position``: itself, or a dummy's partner (GG-2P-3)."""
    return position if players == POSITIONS else position % 2


FRAME_SOURCES = tuple(f"turn-order-{place}" for place in range(1, 5))
"""The source of a placement frame: the turn-order card 1-4 its position holds."""

_FRAMES: dict[tuple[int, int, int], Frame] = {
    (players, place, pos): Frame(PLACE_KIND, seat_of(players, pos), source=FRAME_SOURCES[place - 1],
                                 bound=(("position", pos), ("place", place)))
    for players in (2, 4) for place in range(1, 5) for pos in range(POSITIONS)
}


def placement_frame(players: int, place: int, position: int) -> Frame:
    """The interned frame of turn-order ``place`` (1-4) held by ``position``."""
    return _FRAMES[players, place, position]


def frame_position(frame: Frame) -> int:
    """The table position a placement frame places for."""
    return bound_value(frame, "position")  # type: ignore[return-value]


def frame_place(frame: Frame) -> int:
    """The turn-order place (1 winner ... 4 loser) of a placement frame."""
    return bound_value(frame, "place")  # type: ignore[return-value]


def placement_stack(players: int, positions: tuple[int, ...]) -> Stack:
    """The frames of the placement round for ``positions`` in turn order, place 1 on top."""
    return tuple(placement_frame(players, place, pos)
                 for place, pos in reversed(tuple(enumerate(positions, start=1))))


def position_to_act(state: State) -> int:
    """The table position whose decision is pending (meaningless once the game is over)."""
    if state.stack:
        return frame_position(state.stack[-1])
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


@guarded
def players(state: State) -> int:
    """The number of seats (2 or 4)."""
    check_type(state, State, "Gnaughty Gnomes State")
    return state.players


def is_terminal(state: State) -> bool:
    """True after the eighth trick's placements (GG-END-1)."""
    try:
        if type(state) is not State:  # check_type, inline: playouts ask this once a decision
            return foreign(is_terminal, state)  # a tracked state (external chance), or refused
        return state.phase is _OVER
    except (AttributeError, TypeError):  # a State built without __init__ or edited by hand
        raise incomplete("is_terminal") from None


def trick_ranked(state: State, plays: tuple[Played, ...]) -> State:
    """The state once the fourth card is down: turn-order cards dealt (GG-TRICK-2), the
    winner's team point (GG-PLACE-1), the four placements pushed, the winner's on top."""
    order = rank_trick(state.track, plays)
    winner_team = plays[order[0]].position % 2
    scores = tuple(s + (team == winner_team) for team, s in enumerate(state.team_scores))
    stack = placement_stack(state.players, tuple(plays[i].position for i in order))
    return _replace(state, plays=plays, order=order, flipped=(False,) * POSITIONS,
                    team_scores=scores, stack=stack)


def clean_up(state: State) -> State:
    """After the last placement: the winning suit moves on the track by the winning rank
    (GG-CLEAN-1, GG-CLEAN-4); the trick's cards are discarded but stay on record
    (GG-CLEAN-2); uncovered dummy cards turn face up (GG-2P-4); the trick loser leads
    (GG-CLEAN-3); after the eighth trick the game is over (GG-END-1)."""
    plays, order = state.plays, state.order
    piles = tuple(
        tuple((None, down) if up is None and down is not None else (down, up) for down, up in p)
        for p in state.piles
    ) if state.players == 2 else state.piles
    trick = state.trick + 1
    return _replace(
        state, piles=piles, track=track_after(state.track, plays[order[0]]),
        history=(*state.history, plays), leader=plays[order[-1]].position, trick=trick,
        phase=Phase.OVER if trick == REFERENCE.tricks else Phase.PLAY, plays=(), order=(), flipped=(),
        stack=(),
    )
