"""Playing cards and ranking the trick (GG-PLAY-1, GG-X-*, GG-TRICK-*, GG-TRACK-1)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gremlinrules.gnaughty_gnomes import Card
from gremlinrules.gnaughty_gnomes import Colour
from gremlinrules.gnaughty_gnomes import Phase
from gremlinrules.gnaughty_gnomes import Play
from gremlinrules.gnaughty_gnomes import PlayX
from gremlinrules.gnaughty_gnomes import Setup
from gremlinrules.gnaughty_gnomes import State
from gremlinrules.gnaughty_gnomes import apply
from gremlinrules.gnaughty_gnomes import current_player
from gremlinrules.gnaughty_gnomes import is_legal
from gremlinrules.gnaughty_gnomes import is_terminal
from gremlinrules.gnaughty_gnomes import legal_actions
from gremlinrules.gnaughty_gnomes import new_game
from gremlinrules.gnaughty_gnomes.flow import position_to_act
from gremlinrules.gnaughty_gnomes.rules import playable
from gremlinrules.gnaughty_gnomes.state import Played
from gremlinrules.gnaughty_gnomes.trick import rank_trick
from gremlinrules.gnaughty_gnomes.trick import value_of
from tests.gnaughty_gnomes.strategies import states
from tests.gnaughty_gnomes.strategies import step

R, P, B, OR = Colour.RED, Colour.PURPLE, Colour.BLACK, Colour.ORANGE
TRACK = (R, P, B, OR)


def played(pos: int, suit: Colour, rank: int, x: bool = False, high: bool = False) -> Played:
    """A card on the trick; an X card with its declared rank."""
    return Played(pos, Card(suit, 0 if x else rank), rank, high)


@pytest.mark.clause("GG-PLAY-1")
@given(state=states(playing=True))
def test_may_follow_every_held_card_is_playable_whatever_was_led(state: State) -> None:
    """In the play phase each numbered card the position may play is a legal Play, each X card
    gives sixteen PlayX declarations, and nothing else is legal."""
    if state.phase is not Phase.PLAY or state.stack:
        return
    cards = playable(state, position_to_act(state))
    expected: set[Play | PlayX] = {Play(c) for c in cards if not c.is_x}
    expected |= {PlayX(c.suit, r, h) for c in cards if c.is_x for r in range(1, 9) for h in (False, True)}
    assert set(legal_actions(state)) == expected


@pytest.mark.clause("GG-X-1")
@given(state=states(playing=True))
def test_x_card_needs_a_declared_rank_from_1_to_8(state: State) -> None:
    """An X card cannot be played as a plain card nor declared outside 1-8 or without high/low."""
    if state.phase is not Phase.PLAY or state.stack:
        return
    for c in playable(state, position_to_act(state)):
        if c.is_x:
            assert not is_legal(state, Play(c))
            assert not is_legal(state, PlayX(c.suit, 0, True))
            assert not is_legal(state, PlayX(c.suit, 9, False))
            assert not is_legal(state, PlayX(c.suit, 4, None))  # type: ignore[arg-type]
            assert not is_legal(state, PlayX(c.suit, 4.5, True))  # type: ignore[arg-type]
            assert is_legal(state, PlayX(c.suit, 4, True))


@pytest.mark.clause("GG-X-2")
def test_x_high_beats_and_x_low_loses_to_the_same_rank() -> None:
    """Against a numbered 5 of its suit, an X declared 5 high wins and 5 low loses."""
    for high, winner in ((True, 1), (False, 0)):
        order = rank_trick(TRACK, (played(0, R, 5), played(1, R, 5, x=True, high=high),
                                   played(2, OR, 1), played(3, OR, 2)))
        assert order[0] == winner
    # a declared rank is a real rank: X as 6 low still beats a numbered 5
    assert rank_trick(TRACK, (played(0, R, 5), played(1, R, 6, x=True), played(2, OR, 1),
                              played(3, OR, 2)))[0] == 1


@pytest.mark.clause("GG-TRICK-1", "GG-TRICK-2")
def test_stronger_suit_beats_any_rank_then_rank_decides() -> None:
    """A 1 of the strongest suit beats an 8 of a weaker suit; within a suit 8 is highest; the
    order lists turn-order places 1 to 4."""
    plays = (played(0, P, 8), played(1, R, 1), played(2, P, 3), played(3, OR, 8))
    assert rank_trick(TRACK, plays) == (1, 0, 2, 3)
    assert rank_trick((OR, P, B, R), plays) == (3, 0, 2, 1)


@pytest.mark.clause("GG-TRICK-2", "GG-PLACE-1")
@given(state=states(placing=True))
def test_placement_round_follows_turn_order_places(state: State) -> None:
    """The placement round visits the positions holding places 1, 2, 3, 4 in that order (from
    the current step), and current_player names each in turn."""
    if not state.stack:
        return
    expected = [state.plays[state.order[k]].position for k in range(step(state), 4)]
    seen = []
    trick = state.trick
    while state.trick == trick and state.stack:
        pos = position_to_act(state)
        seen.append(pos)
        assert current_player(state) == (pos if state.players == 4 else pos % 2)
        state = apply(state, legal_actions(state)[0])
    assert seen == expected


@pytest.mark.clause("GG-TRACK-1")
def test_colour_values_are_5_4_3_2_by_track_position() -> None:
    """The strongest suit's mushrooms are worth 5, then 4, 3 and 2."""
    assert [value_of(TRACK, c) for c in TRACK] == [5, 4, 3, 2]
    assert value_of((OR, B, P, R), R) == 2


def _strength(track: tuple[Colour, ...], p: Played) -> tuple[int, int, int]:
    """How strong a played card is, written here from the rules (bigger is stronger): its suit's
    place on the track, then its rank, then an X card's high (above) or low (below)."""
    tie = 0 if not p.card.is_x else (1 if p.high else -1)
    return (-track.index(p.card.suit), p.rank, tie)


@pytest.mark.playout
@pytest.mark.clause("GG-SEAT-1", "GG-PLAY-1", "GG-CLEAN-3", "GG-2P-3")
@given(seed=st.integers(0, 2**32), walk=st.integers(0, 2**32), players=st.sampled_from([2, 4]),
       start=st.integers(0, 3))
def test_cards_go_clockwise_from_the_leader_and_the_trick_loser_leads_next(
        seed: int, walk: int, players: int, start: int) -> None:
    """From a stacked start position, every trick's four cards are played by the leader and then
    the next higher positions, wrapping from 3 to 0 (clockwise); the seat asked for each card is
    that position's (its partner's for a dummy); and the next trick is led by the position whose
    card was weakest, ranked here from the track alone."""
    rnd = random.Random(walk)
    state = new_game(players, seed, setup=Setup(start=start))
    leader = start
    while not is_terminal(state):
        track = state.track
        for k in range(4):
            position = (leader + k) % 4
            assert current_player(state) == (position if players == 4 else position % 2)
            legal = legal_actions(state)
            state = apply(state, legal[rnd.randrange(len(legal))])
            assert state.plays[-1].position == position
        trick = state.plays
        while state.stack:
            legal = legal_actions(state)
            state = apply(state, legal[rnd.randrange(len(legal))])
        leader = min(trick, key=lambda p: _strength(track, p)).position
