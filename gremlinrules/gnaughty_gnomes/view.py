"""What one seat may see (GG-VIEW-1): its own hand, and everything on the table."""

from __future__ import annotations

import attrs

from gremlinrules.core.checks import check_seat, check_type
from gremlinrules.gnaughty_gnomes.components import Card, Colour
from gremlinrules.gnaughty_gnomes.rules import current_player, position_to_act
from gremlinrules.gnaughty_gnomes.state import Phase, Played, State

__all__ = ["View", "observe"]


@attrs.frozen(slots=True)
class View:
    """A seat's view: no other hand, no face-down dummy card, no generator."""

    seat: int
    """The seat this view belongs to."""
    players: int
    layout: tuple[Colour, ...]
    track: tuple[Colour, ...]
    hand: tuple[Card, ...]
    """The seat's own hand (its position's cards)."""
    face_up: tuple[tuple[Card, ...], ...]
    """Per position, the cards lying face up (a dummy's X card and pile tops); empty for players."""
    face_down: tuple[int, ...]
    """Per position, how many face-down dummy cards it has (hidden from everyone, GG-2P-2)."""
    hand_sizes: tuple[int, ...]
    """Per position, cards still to be played (held, face up and face down)."""
    gnomes: tuple[int, ...]
    supply: tuple[int, ...]
    team_scores: tuple[int, int]
    trick: int
    leader: int
    phase: Phase
    plays: tuple[Played, ...]
    order: tuple[int, ...]
    flipped: tuple[bool, ...]
    step: int
    history: tuple[tuple[Played, ...], ...]
    to_act: int | None
    """The position whose decision is pending, or None at the end."""
    current_player: int | None


def observe(state: State, player: int) -> View:
    """The view of seat ``player`` (GG-VIEW-1)."""
    check_type(state, State, "Gnaughty Gnomes State")
    seat = check_seat(player, state.players)
    over = state.phase is Phase.OVER
    # Dummy cards lie face up; at the end every card left is shown for the tie-break (GG-VIEW-2).
    face_up = tuple(
        state.hands[pos] + tuple(up for _, up in state.piles[pos] if up is not None)
        if state.piles[pos] or over else ()
        for pos in range(4)
    )
    face_down = tuple(sum(1 for down, _ in p if down is not None) for p in state.piles)
    sizes = tuple(len(state.hands[pos]) + sum((d is not None) + (u is not None) for d, u in state.piles[pos])
                  for pos in range(4))
    return View(
        seat=seat, players=state.players, layout=state.layout, track=state.track,
        hand=state.hands[seat], face_up=face_up, face_down=face_down, hand_sizes=sizes,
        gnomes=state.gnomes, supply=state.supply, team_scores=state.team_scores, trick=state.trick,
        leader=state.leader, phase=state.phase, plays=state.plays, order=state.order,
        flipped=state.flipped, step=state.step, history=state.history,
        to_act=None if over else position_to_act(state), current_player=current_player(state),
    )
