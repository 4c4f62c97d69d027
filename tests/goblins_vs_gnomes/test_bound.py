"""Termination: the bounded option, the decision bound, the action space."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from gremlinrules import SetupError
from gremlinrules import goblins_vs_gnomes as gvg
from gremlinrules.goblins_vs_gnomes import Options
from gremlinrules.goblins_vs_gnomes import Phase
from gremlinrules.goblins_vs_gnomes import Swap
from gremlinrules.goblins_vs_gnomes.actions import Place
from tests.goblins_vs_gnomes.strategies import final
from tests.goblins_vs_gnomes.strategies import new
from tests.goblins_vs_gnomes.strategies import player_counts
from tests.goblins_vs_gnomes.strategies import playout
from tests.goblins_vs_gnomes.strategies import seeds


@pytest.mark.clause("GVG-BOUND-1")
def test_swaps_are_limited_per_seat_and_round_only_when_bounded() -> None:
    """With the default options a seat's fourth swap in a round is refused; with bounded=False the
    swaps never run out."""
    for opts, allowed in ((Options(), 3), (Options(bounded=False), 12)):
        state = new(3, options=opts)
        for _ in range(allowed):
            for _seat in range(3):
                state = gvg.apply(state, Swap(state.hands[state.turn][0]))
        assert state.round == 1
        assert gvg.is_legal(state, Swap(state.hands[0][0])) == (not opts.bounded)
    state = new(3)
    for _ in range(9):
        state = gvg.apply(state, Swap(state.hands[state.turn][0]))
    with pytest.raises(gvg.IllegalActionError) as err:
        gvg.apply(state, Swap(state.hands[0][0]))
    assert err.value.clause == "GVG-BOUND-1"


@pytest.mark.clause("GVG-BOUND-1")
def test_the_match_ends_at_the_round_limit_with_the_leaders_winning() -> None:
    """With round_limit = 1 the match ends after the first round; the seats with the most points
    win (several on a tie)."""
    opts = Options(round_limit=1)
    state = final(4, 5, opts)
    assert state.phase is Phase.OVER
    assert state.round == 1
    best = max(state.points)
    assert state.winners == tuple(s for s in range(4) if state.points[s] == best)


@pytest.mark.clause("GVG-BOUND-1", "GVG-BOUND-2")
def test_without_the_bound_there_is_no_decision_bound() -> None:
    """decision_bound refuses bounded=False (the rules as written may never end)."""
    with pytest.raises(SetupError):
        gvg.decision_bound(4, Options(bounded=False))


@pytest.mark.clause("GVG-BOUND-2")
@pytest.mark.parametrize("players", [3, 8])
def test_the_bound_is_the_documented_formula(players: int) -> None:
    """Per round 50 plays + 4 namings + 2 choices + 1 steal + n*swaps + n*(50 + n*swaps + 1) passes
    + 4*(n - 1) passes after skipped turns, times the round limit."""
    n, s = players, 3
    per_round = 50 + 4 + 2 + 1 + n * s + n * (50 + n * s + 1) + 4 * (n - 1)
    assert gvg.decision_bound(n) == per_round * 30
    assert gvg.decision_bound(n, Options(swap_limit=0, round_limit=2)) == (57 + n * 51 + 4 * (n - 1)) * 2


@pytest.mark.playout
@pytest.mark.clause("GVG-BOUND-2", "GVG-END-4")
@given(n=player_counts, seed=seeds, advanced=st.booleans())
@settings(max_examples=6)
def test_random_matches_end_within_the_bound(n: int, seed: int, advanced: bool) -> None:
    """Random legal play (with and without advanced roles) reaches the end of the match within the
    decision bound, and every round within the per-round bound."""
    opts = Options(advanced_roles=advanced)
    steps = 0
    round_steps = 0
    current = 1
    for state, _ in playout(n, seed, opts):
        if state.round != current:
            current, round_steps = state.round, 0
        assert round_steps <= gvg.round_bound(n, opts)
        steps += 1
        round_steps += 1
    assert gvg.is_terminal(state)
    assert steps - 1 <= gvg.decision_bound(n, opts)


@pytest.mark.playout
@pytest.mark.clause("GVG-ACT-1")
@given(n=player_counts, seed=seeds)
@settings(max_examples=5)
def test_legal_actions_are_a_sorted_subset_of_the_fixed_action_space(n: int, seed: int) -> None:
    """Every legal action is in all_actions(n), in the same relative order; seat offsets run 1..n-1."""
    space = gvg.all_actions(n)
    index = {a: i for i, a in enumerate(space)}
    assert len(index) == len(space)
    assert max(getattr(a, "offset", 0) for a in space) == n - 1
    assert sum(isinstance(a, Place) for a in space) > 5000
    for state, _ in playout(n, seed, limit=200):
        positions = [index[a] for a in gvg.legal_actions(state)]
        assert positions == sorted(positions)


@pytest.mark.clause("GVG-ACT-1")
@pytest.mark.parametrize("build", [
    lambda: Place("passage-ew", 1.0, 0),  # type: ignore[arg-type]
    lambda: Place("passage-ew", 1, 0, 0),  # type: ignore[arg-type]
    lambda: Place(3, 1, 0),  # type: ignore[arg-type]
    lambda: gvg.PlayPotion(True),
    lambda: gvg.OpenTarget("top"),  # type: ignore[arg-type]
    lambda: gvg.Swap(None),  # type: ignore[arg-type]
])
def test_actions_with_fields_of_the_wrong_type_cannot_be_built(build: object) -> None:
    """A look-alike of a legal action (1.0 for 1, 0 for False, True for 1, a string for a Slot) is
    refused when built, with InvalidArgumentError, so it can never be mistaken for the real one."""
    with pytest.raises(gvg.InvalidArgumentError):
        build()  # type: ignore[operator]
