"""The two-player variant with dummy partners (GG-2P-*)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gremlinrules.gnaughty_gnomes import Phase
from gremlinrules.gnaughty_gnomes import Play
from gremlinrules.gnaughty_gnomes import PlayX
from gremlinrules.gnaughty_gnomes import State
from gremlinrules.gnaughty_gnomes import apply
from gremlinrules.gnaughty_gnomes import current_player
from gremlinrules.gnaughty_gnomes import legal_actions
from gremlinrules.gnaughty_gnomes import new_game
from gremlinrules.gnaughty_gnomes import observe
from gremlinrules.gnaughty_gnomes import sample_hidden
from gremlinrules.gnaughty_gnomes.flow import position_to_act
from gremlinrules.gnaughty_gnomes.rules import playable
from tests.gnaughty_gnomes.strategies import states

seeds = st.integers(0, 2**32)


@pytest.mark.clause("GG-2P-1", "GG-2P-2")
@given(seed=seeds)
def test_dummies_get_four_down_four_up_and_their_x_card_face_up(seed: int) -> None:
    """Players hold nine cards; each dummy (positions 2 and 3) has four piles of a face-down card
    under a face-up one, plus its X card face up, and may play only face-up cards."""
    state = new_game(2, seed)
    assert [len(state.hands[p]) for p in (0, 1)] == [9, 9]
    for pos in (2, 3):
        assert len(state.piles[pos]) == 4
        assert all(d is not None and u is not None for d, u in state.piles[pos])
        assert [c.is_x for c in state.hands[pos]] == [True]
        face_up = set(state.hands[pos]) | {u for _, u in state.piles[pos]}
        assert set(playable(state, pos)) == face_up


@pytest.mark.clause("GG-2P-1", "GG-2P-3")
@given(state=states(players=2))
def test_each_player_decides_for_its_dummy(state: object) -> None:
    """current_player is position mod 2: seat 0 decides for positions 0 and 2, seat 1 for 1 and 3."""
    if state.phase is Phase.OVER:  # type: ignore[attr-defined]
        assert current_player(state) is None  # type: ignore[arg-type]
        return
    assert current_player(state) == position_to_act(state) % 2  # type: ignore[arg-type]


@pytest.mark.clause("GG-2P-4")
@given(seed=seeds, walk=seeds)
def test_uncovered_dummy_cards_turn_face_up_only_at_clean_up(seed: int, walk: int) -> None:
    """After a dummy plays a pile's top card, the card under it is not playable until the trick is
    cleaned up; then it is face up and playable."""
    rnd = random.Random(walk)
    state = new_game(2, seed)
    while state.phase is not Phase.OVER:
        pos = position_to_act(state)
        legal = legal_actions(state)
        action = legal[rnd.randrange(len(legal))]
        after = apply(state, action)
        if not state.stack and pos in (2, 3) and isinstance(action, Play):
            pile = next(i for i, (_, u) in enumerate(state.piles[pos]) if u == action.card)
            under = state.piles[pos][pile][0]
            if under is not None:
                assert after.piles[pos][pile] == (under, None)
                assert under not in playable(after, pos)
                while after.trick == state.trick and after.phase is not Phase.OVER:
                    after = apply(after, legal_actions(after)[0])
                assert after.piles[pos][pile] == (None, under)
                assert under in playable(after, pos)
                return
        state = after


@pytest.mark.clause("GG-2P-5", "GG-VIEW-1")
@given(state=states(players=2), k=seeds)
def test_face_down_dummy_cards_are_hidden_even_from_the_partner(state: object, k: int) -> None:
    """Redealing every face-down dummy card (and the opponent's hand) changes neither player's
    view; the views report only how many face-down cards each dummy has."""
    for seat in (0, 1):
        other = sample_hidden(state, seat, k)  # type: ignore[arg-type]
        assert observe(other, seat) == observe(state, seat)  # type: ignore[arg-type]
        view = observe(state, seat)  # type: ignore[arg-type]
        downs = [sum(d is not None for d, _ in state.piles[p]) for p in range(4)]  # type: ignore[attr-defined]
        assert list(view.face_down) == downs
        shown = {c for cards in view.face_up for c in cards} | set(view.hand or ())
        hidden = {d for p in (2, 3) for d, _ in state.piles[p] if d is not None}  # type: ignore[attr-defined]
        assert not shown & hidden


@pytest.mark.clause("GG-2P-2", "GG-X-1")
@given(state=states(players=2, playing=True))
def test_a_dummy_plays_its_face_up_x_card_with_a_declaration(state: State) -> None:
    """A dummy still holding its X card may play it with any of the sixteen declarations."""
    if state.phase is not Phase.PLAY or state.stack:
        return
    pos = position_to_act(state)
    xs = [c for c in playable(state, pos) if c.is_x]
    declared = [a for a in legal_actions(state) if isinstance(a, PlayX)]
    assert len(declared) == 16 * len(xs)
