"""The events of a placement decision, read off the frame that asked and the answer given."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from gremlinrules.gnaughty_gnomes import CardFlipped
from gremlinrules.gnaughty_gnomes import Flip
from gremlinrules.gnaughty_gnomes import GnomePlaced
from gremlinrules.gnaughty_gnomes import Place
from gremlinrules.gnaughty_gnomes import State
from gremlinrules.gnaughty_gnomes import legal_actions
from gremlinrules.gnaughty_gnomes import new_game
from gremlinrules.gnaughty_gnomes import rules
from gremlinrules.gnaughty_gnomes.board import SPOT_HEXES
from gremlinrules.gnaughty_gnomes.state import team_masks


def _checked(s: State, action: Any) -> tuple[State, type]:
    """Answer the pending placement of ``s`` with ``action`` and check its event against the
    frame that asked; the next state and the class of the event checked."""
    frame = s.stack[-1]
    before = s.team_scores
    after, events = rules.apply_with_events(s, action)
    event = next(e for e in events if isinstance(e, (GnomePlaced, CardFlipped)))
    if isinstance(action, Place):
        team = frame.position % 2
        assert isinstance(event, GnomePlaced)
        assert event == GnomePlaced(frame.seat, frame.position, frame.place, action.suit,
                                    action.spot, team, event.points)
        assert after.team_scores[team] - before[team] >= event.points >= 0
    else:
        assert event == CardFlipped(frame.seat, frame.position, frame.place, action.suit)
        assert not any(isinstance(e, GnomePlaced) for e in events)
        assert (after.gnomes, after.team_scores) == (s.gnomes, s.team_scores)
    return after, type(event)


def _blocked(s: State) -> State:
    """``s`` with every open spot touching a colour of the trick's unflipped cards taken by team
    1's gnomes, so the placing position has no legal spot (GG-PLACE-8)."""
    colours = {p.card.suit for p, f in zip(s.plays, s.flipped, strict=True) if not f}
    gnomes = tuple(1 if g is None and any(s.layout[h] in colours for h in SPOT_HEXES[spot]) else g
                   for spot, g in enumerate(s.gnomes))
    return attrs.evolve(s, team_gnomes=team_masks(gnomes))


@pytest.mark.clause("GG-PLACE-9")
@pytest.mark.clause("GG-SCORE-1")
@pytest.mark.clause("GG-PLACE-8")
@pytest.mark.parametrize("players", [2, 4])
def test_a_placement_reports_the_frame_the_answer_the_team_and_the_points(players: int) -> None:
    """GG-PLACE-9, GG-SCORE-1: answering a pending placement first reports the asking frame's
    seat, position and place with the card's colour; a Place also its spot, the position's team
    (position mod 2) and the points, which are exactly what the team's score gained. GG-PLACE-8:
    random play never leaves a position without a legal spot, so a constructed garden does (every
    spot of the trick's unflipped colours taken): each position left to place flips, reported as
    a CardFlipped of its frame and colour that places nothing."""
    seen: dict[type, int] = {GnomePlaced: 0, CardFlipped: 0}
    first_frame: State | None = None
    for seed in range(4):
        s = new_game(players=players, seed=seed)
        while legal_actions(s) and sum(seen.values()) < 400:
            actions = legal_actions(s)
            action = actions[(seed + sum(seen.values())) % len(actions)]
            if not s.stack:
                s = rules.apply(s, action)
                continue
            first_frame = first_frame or s
            s, kind = _checked(s, action)
            seen[kind] += 1
    assert first_frame is not None
    s = _blocked(first_frame)
    while s.stack:
        flips = legal_actions(s)
        assert flips
        assert all(isinstance(a, Flip) for a in flips)
        s, kind = _checked(s, flips[-1])
        assert kind is CardFlipped
        seen[kind] += 1
    assert seen[GnomePlaced] > 0
    assert seen[CardFlipped] > 0
