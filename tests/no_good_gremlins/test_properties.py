"""Invariants over random playouts (Hypothesis draws seeds, player counts and options)."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from gremlinrules.core.rng import Rng
from gremlinrules.no_good_gremlins import ALL_ACTIONS
from gremlinrules.no_good_gremlins import AWAY
from gremlinrules.no_good_gremlins import GONE
from gremlinrules.no_good_gremlins import REFERENCE
from gremlinrules.no_good_gremlins import DrawTwo
from gremlinrules.no_good_gremlins import Options
from gremlinrules.no_good_gremlins import State
from gremlinrules.no_good_gremlins import TakeScrap
from gremlinrules.no_good_gremlins import apply
from gremlinrules.no_good_gremlins import check_state
from gremlinrules.no_good_gremlins import decision_bound
from gremlinrules.no_good_gremlins import is_legal
from gremlinrules.no_good_gremlins import is_terminal
from gremlinrules.no_good_gremlins import legal_actions
from gremlinrules.no_good_gremlins import new_game
from gremlinrules.no_good_gremlins import observe
from gremlinrules.no_good_gremlins import sample_hidden
from gremlinrules.no_good_gremlins import scores
from gremlinrules.no_good_gremlins.actions import MATERIAL_INDEX
from gremlinrules.no_good_gremlins.notation import row_of
from tests.no_good_gremlins import strategies as nst


def _cards_per_type(s: State) -> tuple[int, ...]:
    total = list(s.removed)
    for rows in (s.hands, s.pads, s.medals):
        for r in rows:
            for t, k in enumerate(r):
                total[t] += k
    for c in s.deck + s.scrapheap:
        total[c] += 1
    return tuple(total)


@pytest.mark.playout
@pytest.mark.clause("NGG-ZONE-1")
@given(players=nst.player_counts, seed=nst.seeds, options=nst.options)
def test_every_material_card_in_exactly_one_zone(players: int, seed: int, options: Options) -> None:
    """After every decision each type's cards across deck, hands, heap, pads, medals and
    removed add up to the component count (84 in all), and check_state accepts the state."""
    for s, _ in nst.playout(players, seed, options):
        assert _cards_per_type(s) == REFERENCE.counts
        check_state(s)


@pytest.mark.clause("NGG-BUILD-2", "NGG-WANDER-1")
@given(players=nst.player_counts, seed=nst.seeds, options=nst.options)
def test_pad_limit_and_one_wandering_gremlin(players: int, seed: int, options: Options) -> None:
    """No pad ever holds more than three rockets; the Wandering Gremlin is always in one place
    (aside, a seat, or gone exactly when the game is over)."""
    for s, _ in nst.playout(players, seed, options):
        assert all(sum(1 for k in pad if k) <= 3 for pad in s.pads)
        assert s.wanderer in (AWAY, GONE, *range(players))
        assert (s.wanderer == GONE) == is_terminal(s)


@pytest.mark.playout
@pytest.mark.clause("NGG-LAUNCH-4")
@given(players=nst.player_counts, seed=nst.seeds, options=nst.options)
def test_scores_never_decrease(players: int, seed: int, options: Options) -> None:
    """Medals are never lost, so no seat's score ever goes down."""
    last = (0,) * players
    for s, _ in nst.playout(players, seed, options):
        now = scores(s)
        assert all(a >= b for a, b in zip(now, last, strict=True))
        last = now


@pytest.mark.playout
@pytest.mark.clause("NGG-END-2")
@given(players=nst.player_counts, seed=nst.seeds, options=nst.options)
def test_random_games_end_within_the_bound(players: int, seed: int, options: Options) -> None:
    """A random game reaches the end within decision_bound(players, options)."""
    bound = decision_bound(players, options)
    steps = nst.playout(players, seed, options, max_steps=bound + 1)
    assert is_terminal(steps[-1][0])
    assert len(steps) - 1 <= bound


@pytest.mark.clause("NGG-END-2", "NGG-END-3")
@given(players=nst.player_counts, seed=nst.seeds, limit=st.integers(1, 6))
@settings(max_examples=10)
def test_never_drawing_still_ends(players: int, seed: int, limit: int) -> None:
    """Players who always take from the scrapheap instead of drawing never exhaust the deck;
    the round limit still ends the game within the bound."""
    options = Options(round_limit=limit, free_actions_before_opening=True)
    s = new_game(players, seed, options=options)
    rng = Rng.from_seed(seed)
    n = 0
    while not is_terminal(s):
        legal = legal_actions(s)
        pick = [a for a in legal if not isinstance(a, DrawTwo)] or list(legal)
        if TakeScrap() in pick:
            pick = [TakeScrap()]
        action, rng = rng.choice(pick)
        s = apply(s, action)
        n += 1
        assert n <= decision_bound(players, options)
    assert s.round <= limit + 1


@pytest.mark.clause("NGG-TURN-1")
@given(players=nst.player_counts, seed=nst.seeds, options=nst.options)
@settings(max_examples=10)
def test_is_legal_agrees_with_legal_actions(players: int, seed: int, options: Options) -> None:
    """For every action of the action space, is_legal is membership in legal_actions, and
    legal_actions is in the canonical order; it is empty exactly at the end."""
    order = {a: i for i, a in enumerate(ALL_ACTIONS)}
    for s, _ in nst.playout(players, seed, options)[::7]:
        legal = legal_actions(s)
        assert [order[a] for a in legal] == sorted(order[a] for a in legal)
        assert {a for a in ALL_ACTIONS if is_legal(s, a)} == set(legal)
        assert (legal == ()) == is_terminal(s)


@pytest.mark.playout
@pytest.mark.clause("NGG-VIEW-1")
@given(players=nst.player_counts, seed=nst.seeds, resample=nst.seeds)
@settings(max_examples=15)
def test_views_show_exactly_the_public_part(players: int, seed: int, resample: int) -> None:
    """A view shows the own hand and public zones: redealing other hands and deck orders
    leaves every seat's view unchanged, and the view has no deck order or generator."""
    for s, _ in nst.playout(players, seed)[::11]:
        for p in range(players):
            view = observe(s, p)
            assert view == observe(sample_hidden(s, p, resample), p)
            assert view.hand is not None
            assert row_of(view.hand) == s.hands[p]
            assert view.hand_sizes == tuple(sum(h) for h in s.hands)
            assert (view.deck_size, view.gremlin_deck_size) == (len(s.deck), len(s.gremlin_deck))
            assert tuple(row_of(m) for m in view.medals) == s.medals
            assert tuple(MATERIAL_INDEX[m] for m in view.scrapheap) == s.scrapheap
            names = {f.name for f in attrs.fields(type(view))}
            assert not names & {"deck", "rng", "hands", "gremlin_deck"}


@pytest.mark.clause("NGG-VIEW-1")
def test_other_hands_change_views_of_their_owner_only() -> None:
    """Changing seat 1's hand changes seat 1's view but not seat 0's (beyond the hand size)."""
    s = new_game(2, 5)
    other = (6, 0, 0, 0, 0, 0) if s.hands[1] != (6, 0, 0, 0, 0, 0) else (0, 6, 0, 0, 0, 0)
    swapped = attrs.evolve(s, hands=(s.hands[0], other))
    assert observe(swapped, 0) == observe(s, 0)
    assert observe(swapped, 1) != observe(s, 1)
