"""Scoring each placement, against a model written from the rule text (GG-SCORE-*, GG-INV-1)."""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from gremlinrules.gnaughty_gnomes import Colour
from gremlinrules.gnaughty_gnomes import Phase
from gremlinrules.gnaughty_gnomes import Place
from gremlinrules.gnaughty_gnomes import State
from gremlinrules.gnaughty_gnomes import apply
from gremlinrules.gnaughty_gnomes import legal_actions
from gremlinrules.gnaughty_gnomes import new_game
from gremlinrules.gnaughty_gnomes.board import BOARD
from gremlinrules.gnaughty_gnomes.board import CENTER
from gremlinrules.gnaughty_gnomes.flow import position_to_act
from gremlinrules.gnaughty_gnomes.state import team_masks

VALUES = (5, 4, 3, 2)


def around(state: State, gnomes: tuple[int | None, ...], hex_index: int) -> tuple[int, int]:
    """Gnomes of team 0 and team 1 on the sides and corners of a hex, counted from the geometry."""
    counts = [0, 0]
    for spot in BOARD.spots:
        team = gnomes[spot.index]
        if hex_index in spot.board_hexes and team is not None:
            counts[team] += 1
    return counts[0], counts[1]


def model_points(state: State, spot: int, team: int) -> int:
    """Points by the rulebook: new majority with an opponent present = value; new tie = half."""
    after = state.gnomes[:spot] + (team,) + state.gnomes[spot + 1:]
    points = 0
    for h in BOARD.spots[spot].board_hexes:
        if h == CENTER:
            continue  # the white hex is never evaluated
        value = VALUES[state.track.index(state.layout[h])]
        b_mine, b_theirs = around(state, state.gnomes, h)[team], around(state, state.gnomes, h)[1 - team]
        a_mine, a_theirs = around(state, after, h)[team], around(state, after, h)[1 - team]
        if a_mine > a_theirs >= 1 and not b_mine > b_theirs:
            points += value
        elif a_mine == a_theirs >= 1 and b_mine != b_theirs:
            points += value // 2
    return points


@pytest.mark.playout
@pytest.mark.clause("GG-SCORE-1", "GG-SCORE-2", "GG-SCORE-3", "GG-SCORE-4", "GG-SCORE-5")
@given(seed=st.integers(0, 2**32), walk=st.integers(0, 2**32), players=st.sampled_from([2, 4]))
def test_every_placement_scores_exactly_what_the_rule_text_says(seed: int, walk: int, players: int) -> None:
    """Through a whole game, each placement changes the placing team's score by the model's
    points (plus 1 for winning the trick), and never the other team's score."""
    rnd = random.Random(walk)
    state = new_game(players, seed)
    while state.phase is not Phase.OVER:
        legal = legal_actions(state)
        action = legal[rnd.randrange(len(legal))]
        before = state.team_scores
        after = apply(state, action)
        if isinstance(action, Place):
            team = position_to_act(state) % 2
            gained = [after.team_scores[t] - before[t] for t in (0, 1)]
            assert gained[team] == model_points(state, action.spot, team)
            assert gained[1 - team] == 0
        state = after


@pytest.mark.clause("GG-SCORE-4")
def test_adding_to_an_existing_majority_scores_nothing() -> None:
    """Team 0 already leading a hex 2-1 gains nothing for a third gnome there."""
    state = new_game(4, 5)
    h = 0  # a corner hex of the top row
    spots = [s.index for s in BOARD.spots if h in s.board_hexes and len(s.board_hexes) == 1]
    gnomes = list(state.gnomes)
    gnomes[spots[0]], gnomes[spots[1]], gnomes[spots[2]] = 0, 0, 1
    state = attrs.evolve(state, team_gnomes=team_masks(tuple(gnomes)))
    assert model_points(state, spots[3], 0) == 0
    from gremlinrules.gnaughty_gnomes.trick import score_placement

    after = gnomes[:]
    after[spots[3]] = 0
    assert score_placement(state.layout, state.track, tuple(after), spots[3], 0) == 0
    # while the opponent levelling it at 2-2 scores half the value
    after[spots[3]] = 1
    value = VALUES[state.track.index(state.layout[h])]
    assert score_placement(state.layout, state.track, tuple(after), spots[3], 1) == value // 2
    assert isinstance(state.layout[h], Colour)


@pytest.mark.playout
@pytest.mark.clause("GG-INV-1", "GG-PLACE-1")
@given(seed=st.integers(0, 2**32), walk=st.integers(0, 2**32), players=st.sampled_from([2, 4]))
def test_invariants_hold_and_scores_never_decrease(seed: int, walk: int, players: int) -> None:
    """At every step: 36 cards each in one zone, 16 gnomes per team between garden and supply, at
    most one gnome per spot, scores never decreasing; the trick winner's point arrives with the
    fourth card."""
    from gremlinrules.gnaughty_gnomes.invariants import problems

    rnd = random.Random(walk)
    state = new_game(players, seed)
    while state.phase is not Phase.OVER:
        assert problems(state) == []
        legal = legal_actions(state)
        after = apply(state, legal[rnd.randrange(len(legal))])
        assert all(a >= b for a, b in zip(after.team_scores, state.team_scores, strict=True))
        if not state.stack and after.stack:
            winner_team = after.plays[after.order[0]].position % 2
            assert after.team_scores[winner_team] == state.team_scores[winner_team] + 1
        state = after
    assert problems(state) == []
