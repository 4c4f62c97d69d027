"""The conformance checks again with advanced roles (the shared suite plays default options)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import settings

import gremlinrules
from gremlinrules import goblins_vs_gnomes as gvg
from gremlinrules.goblins_vs_gnomes import Options
from tests.goblins_vs_gnomes.strategies import player_counts
from tests.goblins_vs_gnomes.strategies import playout
from tests.goblins_vs_gnomes.strategies import seeds

GAME = gremlinrules.get_game("goblins-vs-gnomes")


@pytest.mark.playout
@pytest.mark.clause("GVG-ADV-1", "GVG-ADV-3", "GVG-ACT-1")
@given(n=player_counts, seed=seeds)
@settings(max_examples=6)
def test_advanced_matches_keep_the_contract(n: int, seed: int) -> None:
    """With advanced roles, along whole random matches: a legal action exists until the end; is_legal
    agrees with membership for sampled actions of the action space; states and views round-trip
    through JSON (also in the Greedy One's steal phase); replay is exact; every state is consistent."""
    opts = Options(advanced_roles=True)
    rnd = random.Random(seed)
    space = gvg.all_actions(n, opts)
    actions: list[object] = []
    state = gvg.new_game(n, seed, options=opts)
    for state, action in playout(n, seed, opts):
        gvg.check_state(state)
        if action is None:
            break
        legal = set(gvg.legal_actions(state))
        assert legal
        for probe in rnd.sample(space, 8):
            assert gvg.is_legal(state, probe) == (probe in legal)
        if len(actions) % 50 == 0 or (bool(state.stack) and type(state.stack[-1]) is gvg.StealChoice):
            assert GAME.from_json(GAME.to_json(state), gvg.State) == state
            for p in range(n):
                view = gvg.observe(state, p)
                assert GAME.from_json(GAME.to_json(view), gvg.View) == view
        actions.append(action)
    assert gvg.is_terminal(state)
    again = gvg.new_game(n, seed, options=opts)
    for action in actions:
        again = gvg.apply(again, action)
    assert again == state
