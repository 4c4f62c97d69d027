"""Scores, winners and the end-of-game tie-break (GG-END-1..3)."""

from __future__ import annotations

from gremlinrules.core.checks import check_type
from gremlinrules.gnaughty_gnomes.state import Phase, State
from gremlinrules.gnaughty_gnomes.trick import strongest_left

__all__ = ["scores", "winners", "winning_team"]


def scores(state: State) -> tuple[int, ...]:
    """Each seat's team score (partners share one score)."""
    check_type(state, State, "Gnaughty Gnomes State")
    a, b = state.team_scores
    return (a, b) if state.players == 2 else (a, b, a, b)


def winning_team(state: State) -> int | None:
    """The winning team once the game is over: higher score, else the strongest card left."""
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


def winners(state: State) -> tuple[int, ...]:
    """The winning seats: both partners with four players, one seat with two; () until the end."""
    check_type(state, State, "Gnaughty Gnomes State")
    team = winning_team(state)
    if team is None:
        return ()
    return (team,) if state.players == 2 else (team, team + 2)
