"""The placement round: which spots each turn-order place may use (GG-PLACE-*)."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from gremlinrules.gnaughty_gnomes import Colour
from gremlinrules.gnaughty_gnomes import Flip
from gremlinrules.gnaughty_gnomes import Options
from gremlinrules.gnaughty_gnomes import Phase
from gremlinrules.gnaughty_gnomes import Place
from gremlinrules.gnaughty_gnomes import State
from gremlinrules.gnaughty_gnomes import apply
from gremlinrules.gnaughty_gnomes import is_legal
from gremlinrules.gnaughty_gnomes import legal_actions
from gremlinrules.gnaughty_gnomes.board import IS_EDGE
from gremlinrules.gnaughty_gnomes.board import N_SPOTS
from gremlinrules.gnaughty_gnomes.board import SPOT_HEXES
from gremlinrules.gnaughty_gnomes.state import team_masks
from tests.gnaughty_gnomes.strategies import states
from tests.gnaughty_gnomes.strategies import step


def _colours_touched(state: State, spot: int) -> set[Colour]:
    return {state.layout[h] for h in SPOT_HEXES[spot]}


def _unflipped(state: State) -> set[Colour]:
    return {p.card.suit for p, f in zip(state.plays, state.flipped, strict=True) if not f}


@pytest.mark.clause("GG-PLACE-2", "GG-PLACE-4", "GG-PLACE-5", "GG-PLACE-6", "GG-PLACE-7", "GG-SCORE-5")
@given(state=states(placing=True))
def test_legal_spots_match_the_turn_order_place(state: State) -> None:
    """Place 1 uses only sides touching one coloured hex; places 2-3 also sides between two
    coloured hexes; place 4 also vertices. Every spot is open and touches the card's colour."""
    if not state.stack:
        return
    for action in legal_actions(state):
        if not isinstance(action, Place):
            continue
        spot = action.spot
        assert state.gnomes[spot] is None
        assert action.suit in _colours_touched(state, spot)
        if step(state) == 0:
            assert IS_EDGE[spot]
            assert len(SPOT_HEXES[spot]) == 1
        elif step(state) in (1, 2):
            assert IS_EDGE[spot]
        # step 3: any side or vertex touching the colour


@pytest.mark.clause("GG-PLACE-4", "GG-PLACE-5")
def test_middle_places_use_inner_sides_and_the_loser_uses_vertices() -> None:
    """Over a few games, middle places do get sides between two hexes and losers get vertices."""
    inner = vertex = False
    for seed in range(5):
        state = states_at_place(seed)
        while state.phase is not Phase.OVER:
            legal = legal_actions(state)
            if state.stack:
                spots = [a.spot for a in legal if isinstance(a, Place)]
                inner |= step(state) in (1, 2) and any(len(SPOT_HEXES[s]) == 2 and IS_EDGE[s] for s in spots)
                vertex |= step(state) == 3 and any(not IS_EDGE[s] for s in spots)
                assert step(state) == 3 or all(IS_EDGE[s] for s in spots)
            state = apply(state, legal[-1])
    assert inner
    assert vertex


def states_at_place(seed: int) -> State:
    """A new four-player game."""
    from gremlinrules.gnaughty_gnomes import new_game

    return new_game(4, seed)


@pytest.mark.clause("GG-PLACE-3", "GG-PLACE-9", "GG-PLACE-10")
@given(state=states(placing=True))
def test_each_placement_uses_and_flips_one_unflipped_card(state: State) -> None:
    """Legal placements name only unflipped colours (any position's card); the loser has only the
    remaining one; applying flips the earliest-played unflipped card of that colour."""
    if not state.stack:
        return
    legal = legal_actions(state)
    assert {a.suit for a in legal} <= _unflipped(state)
    if step(state) == 3:
        assert len(_unflipped(state)) == 1
    action = legal[0]
    idx = next(i for i, p in enumerate(state.plays) if p.card.suit is action.suit and not state.flipped[i])
    after = apply(state, action)
    if after.trick == state.trick:
        assert after.flipped[idx]
        assert sum(after.flipped) == sum(state.flipped) + 1


@pytest.mark.clause("GG-PLACE-6")
@given(state=states(placing=True, options=Options(loser_vertex="any")))
def test_any_vertex_option_lets_the_loser_use_vertices_off_its_colour(state: State) -> None:
    """With loser_vertex="any", every open vertex is a legal spot for the loser; by default only
    vertices touching the remaining colour are."""
    if not state.stack or step(state) != 3:
        return
    legal = set(legal_actions(state))
    suit = next(iter(_unflipped(state)))
    open_vertices = [s for s in range(N_SPOTS) if not IS_EDGE[s] and state.gnomes[s] is None]
    assert all(Place(suit, s) in legal for s in open_vertices)
    default = attrs.evolve(state, options=Options())
    for s in open_vertices:
        assert is_legal(default, Place(suit, s)) == (suit in _colours_touched(state, s))


def _fill(state: State, colour: Colour) -> State:
    """The state with every spot touching ``colour`` taken by team 1's gnomes."""
    gnomes = tuple(1 if g is None and colour in _colours_touched(state, s) else g
                   for s, g in enumerate(state.gnomes))
    return attrs.evolve(state, team_gnomes=team_masks(gnomes))


@pytest.mark.clause("GG-PLACE-8")
@given(state=states(placing=True), widen=st.booleans())
def test_with_no_open_spot_for_any_card_the_seat_flips_without_placing(state: State, widen: bool) -> None:
    """When every spot touching the unflipped colours is taken, the only legal actions are Flips,
    which place nothing; with a spot available a Flip is illegal."""
    if not state.stack:
        return
    for colour in _unflipped(state):
        state = _fill(state, colour)
    if widen:
        state = attrs.evolve(state, options=Options(no_space="widen"))
    legal = legal_actions(state)
    assert legal
    assert all(isinstance(a, Flip) for a in legal)
    after = apply(state, legal[0])
    assert after.gnomes == state.gnomes


@pytest.mark.clause("GG-PLACE-8", "GG-PLACE-9")
@given(state=states(placing=True))
def test_a_flip_uses_the_first_played_unflipped_card_of_its_colour_and_places_nothing(state: State) -> None:
    """Property: with every spot of the trick's unflipped colours taken, each position left to
    place flips a card: the Flip of a colour marks the first-played unflipped card of that colour
    as used, and no other; the garden, the supply and the scores stay as they were; the round
    goes on with the next placement, and after the last one the trick is cleaned up."""
    if not state.stack:
        return
    for colour in _unflipped(state):
        state = _fill(state, colour)
    while state.stack:
        flip = legal_actions(state)[0]
        assert isinstance(flip, Flip)
        first = next(i for i, p in enumerate(state.plays)
                     if p.card.suit is flip.suit and not state.flipped[i])
        after = apply(state, flip)
        assert (after.gnomes, after.supply, after.team_scores) == (
            state.gnomes, state.supply, state.team_scores)
        if after.stack:
            assert after.flipped == tuple(f or i == first for i, f in enumerate(state.flipped))
            assert after.stack == state.stack[:-1]
            assert (after.trick, after.plays) == (state.trick, state.plays)
        else:
            assert sum(state.flipped) == 3
            assert (after.trick, after.history[-1], after.flipped) == (state.trick + 1, state.plays, ())
        state = after


@pytest.mark.clause("GG-PLACE-8")
@given(state=states(placing=True))
def test_widen_option_opens_every_side_and_vertex_of_the_colour_first(state: State) -> None:
    """With no_space="widen", a place-1 seat whose outer sides are all taken may use any open
    side or vertex touching an unflipped colour; by default it must flip."""
    if not state.stack or step(state) != 0:
        return
    outer = {s for s in range(N_SPOTS) if IS_EDGE[s] and len(SPOT_HEXES[s]) == 1}
    gnomes = tuple(1 if s in outer and g is None else g for s, g in enumerate(state.gnomes))
    blocked = attrs.evolve(state, team_gnomes=team_masks(gnomes))
    assert all(isinstance(a, Flip) for a in legal_actions(blocked))
    wide = attrs.evolve(blocked, options=Options(no_space="widen"))
    places = [a for a in legal_actions(wide) if isinstance(a, Place)]
    assert places
    assert not any(is_legal(wide, Flip(c)) for c in _unflipped(state))
