"""The inline fast paths equal the general resolution they shortcut."""

from __future__ import annotations

from itertools import product

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from gremlinrules.no_good_gremlins import ALL_ACTIONS
from gremlinrules.no_good_gremlins import EndTurn
from gremlinrules.no_good_gremlins import Options
from gremlinrules.no_good_gremlins import Phase
from gremlinrules.no_good_gremlins import fast
from gremlinrules.no_good_gremlins import flow
from gremlinrules.no_good_gremlins import legal_actions
from gremlinrules.no_good_gremlins.components import REFERENCE
from gremlinrules.no_good_gremlins.components import Material
from gremlinrules.no_good_gremlins.components import validate_components
from gremlinrules.no_good_gremlins.fast import _ACTIONS
from gremlinrules.no_good_gremlins.fast import _draw_two
from gremlinrules.no_good_gremlins.fast import held
from gremlinrules.no_good_gremlins.fast import held_directly
from gremlinrules.no_good_gremlins.fast import quick_reveal
from gremlinrules.no_good_gremlins.flow import begin_turn
from gremlinrules.no_good_gremlins.flow import draw
from gremlinrules.no_good_gremlins.flow import reveal_round
from gremlinrules.no_good_gremlins.rules import check
from tests.no_good_gremlins.strategies import main_phase
from tests.no_good_gremlins.strategies import options
from tests.no_good_gremlins.strategies import player_counts
from tests.no_good_gremlins.strategies import playout
from tests.no_good_gremlins.strategies import seeds
from tests.no_good_gremlins.strategies import table


@pytest.mark.clause("NGG-ROUND-1", "NGG-ROUND-2", "NGG-ROUND-3", "NGG-ROUND-4", "NGG-ROUND-5")
@given(players=player_counts, seed=seeds)
def test_the_inline_gremlin_reveal_equals_the_general_one(players: int, seed: int) -> None:
    """In every state of a random game where the quick way applies (one gremlin, no
    thunderstorm), revealing the round's gremlin card that way and starting seat 0's turn gives
    the same state as the general resolution followed by the next turn."""
    for s, _ in playout(players, seed)[::7]:
        quick = quick_reveal(s)
        if quick is not None:
            general = reveal_round(s).then(lambda r: begin_turn(r, 0, final=False)).state
            assert fast._revealed_next_turn(s, *quick, s.round + 1) == general


@pytest.mark.clause("NGG-TURN-2", "NGG-HAND-3")
@given(players=player_counts, seed=seeds)
def test_the_inline_draw_two_equals_the_general_draw(players: int, seed: int) -> None:
    """Drawing two at the opening the quick way gives the same state as the general draw,
    which handles an exhausted deck."""
    for s, _ in playout(players, seed):
        if s.phase is Phase.OPENING and s.deck:
            assert _draw_two(s, -1) == draw(s, s.turn, 2, phase=Phase.DISCARD).state


@pytest.mark.clause("NGG-ROUND-1", "NGG-ROUND-2", "NGG-TURN-5", "NGG-HAND-2", "NGG-END-3")
@given(players=player_counts, seed=seeds, options=options)
def test_the_one_step_end_of_turn_equals_the_step_by_step_one(players: int, seed: int,
                                                              options: Options) -> None:
    """When a turn ends, the fast path's one step (the refill, then the next seat's turn, or the
    dealer's quick reveal with the next round and its first turn) gives the same state as the
    step-by-step close of the turn (refill, general reveal, round limit, finale, next turn), for
    every seat, every option, and after the gremlin has eaten."""
    for s, action in playout(players, seed, options):
        if type(action) is EndTurn and not s.stack:
            eaten = flow.eat(s).state if s.wanderer == s.turn and not flow.meal_choices(s) else s
            assert fast.close_turn(eaten, s.turn) == flow.close_turn(eaten, s.turn).state


@pytest.mark.clause("NGG-TURN-1", "NGG-TURN-2", "NGG-TURN-3", "NGG-TURN-6", "NGG-BUILD-1", "NGG-BUILD-2",
                    "NGG-LAUNCH-1", "NGG-FREE-1", "NGG-FREE-2", "NGG-FREE-3", "NGG-BRIBE-6", "NGG-FINALE-3",
                    "NGG-FINALE-5", "NGG-FINALE-6")
@given(players=player_counts, seed=seeds, options=options)
def test_every_effect_refuses_exactly_what_its_check_refuses(players: int, seed: int,
                                                             options: Options) -> None:
    """Each fast effect tests its own action's legality (``apply`` asks the rule book only to give
    the reason). In every state of a random game with no frame pending, the final one included,
    for every one of the 45 actions and under every option, the fast effect refuses (returns None)
    exactly when the rule book's check gives a reason."""
    for s, _ in playout(players, seed, options)[::3] + playout(players, seed, options)[-1:]:
        if s.stack:
            continue  # a pending Feed frame goes to the rule book itself
        for action in ALL_ACTIONS:
            info = _ACTIONS.get(action)
            assert info is not None
            effect, material = info
            assert (effect(s, material) is None) == (check(s, action) is not None)


@pytest.mark.clause("NGG-LAUNCH-1", "NGG-DATA-6")
@given(sizes=st.lists(st.integers(0, 9), min_size=6, max_size=6), mains=st.integers(0, 2))
def test_launches_follow_each_component_sets_own_costs_on_the_same_pad(sizes: list[int], mains: int) -> None:
    """Legal actions remember what each launch pad allows; a launch depends on the launch costs, so
    the same pad under the reference costs and then under a user's (lower) costs gives, each time,
    exactly the actions whose check passes for that state's own components."""
    pad = tuple(sizes)
    cheap = validate_components(attrs.evolve(REFERENCE, launch_costs=(3, 3, 6, 2, 2, 1)))
    base = main_phase(table(2, hands=((), ())), mains=mains)
    for components in (REFERENCE, cheap, REFERENCE):
        s = attrs.evolve(base, components=components, pads=(pad, base.pads[1]))
        assert legal_actions(s) == tuple(a for a in ALL_ACTIONS if check(s, a) is None)


@pytest.mark.clause("NGG-TURN-2", "NGG-BUILD-1", "NGG-FREE-3")
def test_a_hands_actions_by_pattern_equal_one_per_typeheld() -> None:
    """The builds, discards and bribes a hand allows are looked up by the pattern of types it holds;
    for every hand whose counts are each 0, 1, 2 or 84 (4**6 hands: every pattern, the smallest
    counts and the largest possible), they are one action per type with a nonzero count."""
    for row in product((0, 1, 2, 84), repeat=6):
        builds, discards, bribes = held(row)
        kinds = [m for m, n in zip(Material, row, strict=True) if n]
        assert [b.material for b in builds] == kinds
        assert [d.material for d in discards] == kinds
        assert [b.material for b in bribes] == kinds


@pytest.mark.clause("NGG-TURN-2", "NGG-BUILD-1", "NGG-FREE-3")
@given(hand=st.lists(st.integers(-5, 300), max_size=8))
def test_a_malformed_hand_falls_back_to_the_direct_selection(hand: list[int]) -> None:
    """A hand the pattern lookup cannot read (a count outside 0-255, the wrong length: only a state
    built by hand) gets the same direct selection of one action per nonzero count, never an error."""
    assert held(tuple(hand)) == held_directly(tuple(hand))
