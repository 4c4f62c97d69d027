"""What a seat sees, and the action space (GG-VIEW-*, GG-ACT-1)."""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from gremlinrules.gnaughty_gnomes import ACTIONS
from gremlinrules.gnaughty_gnomes import Flip
from gremlinrules.gnaughty_gnomes import Options
from gremlinrules.gnaughty_gnomes import Phase
from gremlinrules.gnaughty_gnomes import Place
from gremlinrules.gnaughty_gnomes import Play
from gremlinrules.gnaughty_gnomes import PlayX
from gremlinrules.gnaughty_gnomes import State
from gremlinrules.gnaughty_gnomes import all_actions
from gremlinrules.gnaughty_gnomes import apply
from gremlinrules.gnaughty_gnomes import decision_bound
from gremlinrules.gnaughty_gnomes import is_terminal
from gremlinrules.gnaughty_gnomes import legal_actions
from gremlinrules.gnaughty_gnomes import new_game
from gremlinrules.gnaughty_gnomes import observe
from gremlinrules.gnaughty_gnomes import sample_hidden
from tests.gnaughty_gnomes.strategies import finished
from tests.gnaughty_gnomes.strategies import states


@pytest.mark.clause("GG-VIEW-1")
@given(state=states(players=4), k=st.integers(0, 2**32))
def test_a_seat_sees_its_own_hand_and_only_counts_of_the_others(state: State, k: int) -> None:
    """The view holds the seat's own hand, the hand sizes of all, the public table; redealing the
    other hands leaves it unchanged."""
    for seat in range(4):
        view = observe(state, seat)
        assert view.hand == state.hands[seat]
        assert list(view.hand_sizes) == [len(h) for h in state.hands]
        assert view.gnomes == state.gnomes
        assert view.track == state.track
        assert view.plays == state.plays
        if state.phase is not Phase.OVER:
            assert view.face_up == ((), (), (), ())
        assert observe(sample_hidden(state, seat, k), seat) == view


@pytest.mark.playout
@pytest.mark.clause("GG-VIEW-2")
@given(seed=st.integers(0, 2**32), players=st.sampled_from([2, 4]))
def test_remaining_cards_are_shown_to_everyone_at_the_end(seed: int, players: int) -> None:
    """Once the game is over each position's last card is face up in every view."""
    state = finished(seed, players)
    for seat in range(players):
        view = observe(state, seat)
        for pos in range(4):
            left = set(state.hands[pos]) | {u for _, u in state.piles[pos] if u is not None}
            assert len(left) == 1
            assert set(view.face_up[pos]) == left


@pytest.mark.clause("GG-ACT-1")
@given(state=states())
def test_action_space_is_fixed_and_legal_actions_follow_its_order(state: State) -> None:
    """468 actions (32 Play, 64 PlayX, 368 Place, 4 Flip) for both player counts; legal actions
    are a subsequence of it; a game lasts at most 64 decisions."""
    assert all_actions(2) == all_actions(4) == ACTIONS
    kinds = [type(a) for a in ACTIONS]
    assert [kinds.count(t) for t in (Play, PlayX, Place, Flip)] == [32, 64, 368, 4]
    index = {a: i for i, a in enumerate(ACTIONS)}
    positions = [index[a] for a in legal_actions(state)]
    assert positions == sorted(positions)
    assert decision_bound(4) == decision_bound(2) == 64


@pytest.mark.playout
@pytest.mark.clause("GG-CLEAN-2", "GG-VIEW-1")
@given(seed=st.integers(0, 2**32), walk=st.integers(0, 2**32), players=st.sampled_from([2, 4]))
def test_finished_tricks_are_in_every_view_unless_the_table_hides_them(seed: int, walk: int,
                                                                       players: int) -> None:
    """One game played twice, with past_tricks "shown" and "hidden": the rules play the same; with
    "shown" every seat's and the spectator's view lists every finished trick in order, with
    "hidden" none ever does, and the two views differ in nothing else (the open trick, gnomes,
    track and scores stay on the table)."""
    rnd = random.Random(walk)
    shown = new_game(players, seed)
    hidden = new_game(players, seed, options=Options(past_tricks="hidden"))
    finished: list[object] = []
    while True:
        assert attrs.evolve(hidden, options=shown.options) == shown
        for seat in (*range(players), None):
            view, blind = observe(shown, seat), observe(hidden, seat)
            assert list(view.history) == finished
            assert blind.history == ()
            assert attrs.evolve(blind, history=view.history, options=view.options) == view
        if is_terminal(shown):
            break
        legal = legal_actions(shown)
        assert legal_actions(hidden) == legal
        action = legal[rnd.randrange(len(legal))]
        before = shown
        shown, hidden = apply(shown, action), apply(hidden, action)
        if shown.trick > before.trick:
            finished.append(before.plays)
    assert len(finished) == 8
