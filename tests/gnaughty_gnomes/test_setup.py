"""Setting up: seats, the deal, gnomes, the track and the garden (GG-SEAT-1, GG-SETUP-*)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gremlinrules import SetupError
from gremlinrules.core.rng import Rng
from gremlinrules.gnaughty_gnomes import CARDS
from gremlinrules.gnaughty_gnomes import Card
from gremlinrules.gnaughty_gnomes import Colour
from gremlinrules.gnaughty_gnomes import Options
from gremlinrules.gnaughty_gnomes import Setup
from gremlinrules.gnaughty_gnomes import current_player
from gremlinrules.gnaughty_gnomes import legal_actions
from gremlinrules.gnaughty_gnomes import new_game
from gremlinrules.gnaughty_gnomes import scores
from gremlinrules.gnaughty_gnomes.board import BOARD
from gremlinrules.gnaughty_gnomes.board import clumped
from gremlinrules.gnaughty_gnomes.board import random_layout
from gremlinrules.gnaughty_gnomes.components import SUITS
from gremlinrules.gnaughty_gnomes.invariants import all_cards
from tests.gnaughty_gnomes.strategies import states

seeds = st.integers(0, 2**32)


@pytest.mark.clause("GG-SEAT-1")
@given(state=states(players=4))
def test_partners_sit_opposite_and_share_a_score(state: object) -> None:
    """Positions 0 and 2 share team 0's score, positions 1 and 3 team 1's."""
    s = scores(state)  # type: ignore[arg-type]
    assert s[0] == s[2]
    assert s[1] == s[3]
    assert (s[0], s[1]) == state.team_scores  # type: ignore[attr-defined]


@pytest.mark.clause("GG-SETUP-1", "GG-SETUP-7")
def test_random_start_player_covers_every_player_but_never_a_dummy() -> None:
    """Over many seeds every player position starts; with two players only positions 0 and 1
    by default, and any of the four with first_leader="any_position" (a dummy leading is
    decided by its partner, from its face-up cards); with four players the option changes
    nothing."""
    anywhere = Options(first_leader="any_position")
    assert {new_game(4, seed).leader for seed in range(200)} == {0, 1, 2, 3}
    assert all(new_game(4, seed, options=anywhere).leader == new_game(4, seed).leader for seed in range(50))
    assert {new_game(2, seed).leader for seed in range(200)} == {0, 1}
    assert {new_game(2, seed, options=anywhere).leader for seed in range(200)} == {0, 1, 2, 3}
    assert new_game(2, 0, setup=Setup(start=3)).leader == 3
    first = next(s for s in (new_game(2, seed, options=anywhere) for seed in range(200)) if s.leader >= 2)
    assert current_player(first) == first.leader - 2
    face_up = {up for _, up in first.piles[first.leader]} | set(first.hands[first.leader])
    assert {getattr(a, "card", None) or Card(a.suit, 0) for a in legal_actions(first)} == face_up


@pytest.mark.clause("GG-SETUP-2", "GG-SETUP-3")
@given(seed=seeds)
def test_each_position_gets_eight_numbered_cards_and_one_x_card(seed: int) -> None:
    """Four players: nine cards each, exactly one an X card, every card dealt once."""
    state = new_game(4, seed)
    for hand in state.hands:
        assert len(hand) == 9
        assert sum(c.is_x for c in hand) == 1
    assert Counter(all_cards(state)) == Counter(CARDS)


@pytest.mark.clause("GG-SETUP-4")
@given(seed=seeds, players=st.sampled_from([2, 4]))
def test_every_position_starts_with_eight_gnomes_and_an_empty_garden(seed: int, players: int) -> None:
    """Supply of eight gnomes per position (sixteen per team); no gnome on the garden yet."""
    state = new_game(players, seed)
    assert state.supply == (8, 8, 8, 8)
    assert set(state.gnomes) == {None}


@pytest.mark.clause("GG-SETUP-5")
def test_track_starts_in_a_random_order_of_the_four_suits() -> None:
    """The track is always the four suits, and different seeds give different orders."""
    tracks = {new_game(4, seed).track for seed in range(100)}
    assert all(sorted(t) == sorted(SUITS) for t in tracks)
    assert len(tracks) > 10


@pytest.mark.clause("GG-SETUP-6")
@given(seed=seeds, rule=st.sampled_from(["connected", "triangle"]))
def test_random_gardens_never_clump_under_the_chosen_reading(seed: int, rule: str) -> None:
    """After the correction no colour's three hexes clump (connected group, or triangle)."""
    layout, _ = random_layout(Rng.from_seed(seed), rule)
    assert layout[6] is Colour.WHITE
    assert clumped(layout, rule) is None
    state = new_game(4, seed, options=Options(setup_clump=rule))
    assert clumped(state.layout, rule) is None


@pytest.mark.clause("GG-SETUP-6")
def test_clump_readings_differ_on_a_chain_and_stacked_clumps_are_refused() -> None:
    """A chain of three reds clumps under "connected" but not under "triangle"; a stacked layout
    that clumps is refused with SetupError."""
    chain = [Colour.RED, Colour.RED, Colour.RED, Colour.PURPLE, Colour.PURPLE, Colour.BLACK,
             Colour.WHITE, Colour.PURPLE, Colour.BLACK, Colour.ORANGE, Colour.ORANGE, Colour.BLACK,
             Colour.ORANGE]
    layout = tuple(chain)
    assert BOARD.hexes[:3] == ((-1, -1), (0, -1), (1, -1))  # hexes 0-1-2 form a chain
    assert clumped(layout, "connected") is Colour.RED
    assert clumped(layout, "triangle") is None
    with pytest.raises(SetupError):
        new_game(4, 0, setup=Setup(layout=layout))
    new_game(4, 0, setup=Setup(layout=layout), options=Options(setup_clump="triangle"))


@pytest.mark.clause("GG-SETUP-2", "GG-SETUP-3")
def test_bad_stacked_deals_are_refused() -> None:
    """A stacked deal must use every card once with one X card per position."""
    cards = list(CARDS)
    good = tuple(tuple(cards[i * 8:(i + 1) * 8]) + (cards[32 + i],) for i in range(4))
    new_game(4, 0, setup=Setup(hands=good))
    two_x = (good[0][:7] + (good[1][8], good[0][8]), (*good[1][:8], good[0][7]), good[2], good[3])
    with pytest.raises(SetupError):
        new_game(4, 0, setup=Setup(hands=two_x))
    with pytest.raises(SetupError):
        new_game(4, 0, setup=Setup(hands=(good[0], good[0], good[2], good[3])))
    with pytest.raises(SetupError):
        new_game(4, 0, setup=Setup(track=(Colour.RED,) * 4))
    with pytest.raises(SetupError):
        new_game(4, 0, setup=Setup(start=4))
    with pytest.raises(SetupError):
        new_game(3, 0)
