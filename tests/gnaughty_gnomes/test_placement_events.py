"""The events of a placement decision, read off the frame that asked and the answer given."""

from __future__ import annotations

import pytest

from gremlinrules.gnaughty_gnomes import CardFlipped, GnomePlaced, Place, legal_actions, new_game, rules


@pytest.mark.clause("GG-PLACE-9")
@pytest.mark.clause("GG-SCORE-1")
@pytest.mark.parametrize("players", [2, 4])
def test_a_placement_reports_the_frame_the_answer_the_team_and_the_points(players: int) -> None:
    """GG-PLACE-9, GG-SCORE-1: answering a pending placement first reports the asking frame's
    seat, position and place with the card's colour; a Place also its spot, the position's team
    (position mod 2) and the points, which are exactly what the team's score gained."""
    checked = 0
    for seed in range(4):
        s = new_game(players=players, seed=seed)
        while legal_actions(s) and checked < 400:
            actions = legal_actions(s)
            action = actions[(seed + checked) % len(actions)]
            frame = s.stack[-1] if s.stack else None
            before = s.team_scores
            s, events = rules.apply_with_events(s, action)
            if frame is None:
                continue
            checked += 1
            event = next(e for e in events if isinstance(e, (GnomePlaced, CardFlipped)))
            if isinstance(action, Place):
                team = frame.position % 2
                assert isinstance(event, GnomePlaced)
                assert event == GnomePlaced(frame.seat, frame.position, frame.place, action.suit,
                                            action.spot, team, event.points)
                assert s.team_scores[team] - before[team] >= event.points >= 0
            else:
                assert event == CardFlipped(frame.seat, frame.position, frame.place, action.suit)
    assert checked > 0
