"""Clean-up, the end of the game and the tie-break (GG-CLEAN-*, GG-END-*)."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from gremlinrules.gnaughty_gnomes import Card
from gremlinrules.gnaughty_gnomes import Colour
from gremlinrules.gnaughty_gnomes import Options
from gremlinrules.gnaughty_gnomes import Phase
from gremlinrules.gnaughty_gnomes import State
from gremlinrules.gnaughty_gnomes import apply
from gremlinrules.gnaughty_gnomes import legal_actions
from gremlinrules.gnaughty_gnomes import observe
from gremlinrules.gnaughty_gnomes import winners
from gremlinrules.gnaughty_gnomes.flow import position_to_act
from gremlinrules.gnaughty_gnomes.state import Played
from gremlinrules.gnaughty_gnomes.trick import track_after
from tests.gnaughty_gnomes.strategies import finished
from tests.gnaughty_gnomes.strategies import states

R, P, B, OR = Colour.RED, Colour.PURPLE, Colour.BLACK, Colour.ORANGE


@pytest.mark.clause("GG-CLEAN-1", "GG-CLEAN-4")
def test_winning_suit_moves_to_the_band_of_the_winning_rank() -> None:
    """Ranks 1-2 move the suit to the strongest position, 3-4 second, 5-6 third, 7-8 last; the
    other suits keep their order (an X card moves by its declared rank)."""
    track = (R, P, B, OR)
    for rank, expected in ((1, (B, R, P, OR)), (2, (B, R, P, OR)), (3, (R, B, P, OR)), (4, (R, B, P, OR)),
                           (5, (R, P, B, OR)), (6, (R, P, B, OR)), (7, (R, P, OR, B)), (8, (R, P, OR, B))):
        assert track_after(track, Played(0, Card(B, rank), rank)) == expected
        assert track_after(track, Played(0, Card(B, 0), rank, True)) == expected


@pytest.mark.clause("GG-CLEAN-1", "GG-CLEAN-2", "GG-CLEAN-3")
@given(state=states(placing=True))
def test_clean_up_moves_the_track_discards_publicly_and_the_loser_leads(state: State) -> None:
    """After the last placement: the winner's suit sits at its band, the trick joins the public
    history of every view, and the trick loser leads the next trick."""
    if not state.stack:
        return
    plays, order = state.plays, state.order
    while state.stack:
        state = apply(state, legal_actions(state)[0])
    winner = plays[order[0]]
    assert state.track.index(winner.card.suit) == (winner.rank - 1) // 2
    assert state.history[-1] == plays
    assert observe(state, 0).history[-1] == plays
    if state.phase is Phase.PLAY:
        assert state.leader == plays[order[3]].position
        assert position_to_act(state) == plays[order[3]].position


@pytest.mark.playout
@pytest.mark.clause("GG-END-1")
@given(seed=st.integers(0, 2**32), walk=st.integers(0, 2**32), players=st.sampled_from([2, 4]))
def test_game_ends_after_exactly_64_decisions_and_the_higher_score_wins(
        seed: int, walk: int, players: int) -> None:
    """Eight tricks of four plays and four placements; the team with more points wins."""
    state = finished(seed, players, walk=walk)
    assert state.trick == 8
    assert len(state.history) == 8
    a, b = state.team_scores
    if a != b:
        team = 0 if a > b else 1
        assert winners(state) == ((team,) if players == 2 else (team, team + 2))


def _tied(state: State, left: list[Card]) -> State:
    """A finished state with equal scores and the given card left at each position."""
    hands = tuple((c,) for c in left)
    piles = tuple(() for _ in range(4))
    return attrs.evolve(state, team_scores=(10, 10), hands=hands, piles=piles, players=4)


@pytest.mark.clause("GG-END-2", "GG-END-3")
def test_tie_goes_to_the_strongest_card_left_and_x_counts_as_eight_high_by_default() -> None:
    """Equal scores: the strongest card left by the final track wins for its team; an X card left
    counts as an 8 declared high (option "lowest": below every numbered card of its suit)."""
    state = attrs.evolve(finished(1), track=(R, P, B, OR))
    assert winners(_tied(state, [Card(P, 8), Card(R, 1), Card(B, 8), Card(OR, 8)])) == (1, 3)
    assert winners(_tied(state, [Card(R, 8), Card(R, 0), Card(B, 8), Card(OR, 8)])) == (1, 3)
    low = attrs.evolve(state, options=Options(x_tiebreak="lowest"))
    assert winners(_tied(low, [Card(R, 1), Card(R, 0), Card(B, 8), Card(OR, 8)])) == (0, 2)
