"""The frames the fast interpreter pushes with their choices already found (fast_effects.ASKED)
against the rule book, at every player count and with teams (GI-EFFECT-3 to GI-EFFECT-5,
GI-OP-4, GI-OP-5, GI-PLAY-2), and a pushed frame's state changed by hand still listed afresh."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from gremlinrules.gremlins_inc import Options
from gremlinrules.gremlins_inc import fast
from gremlinrules.gremlins_inc import new_game
from gremlinrules.gremlins_inc import rules
from gremlinrules.gremlins_inc.fast_effects import ASKED
from gremlinrules.gremlins_inc.state import evolve

CASES = [(2, Options()), (3, Options()), (4, Options(teams="2v2")), (5, Options()),
         (6, Options(teams="2v2v2")), (6, Options(teams="3v3", seating="grouped"))]


@pytest.mark.clause("GI-EFFECT-3", "GI-EFFECT-4", "GI-EFFECT-5", "GI-OP-4", "GI-OP-5", "GI-PLAY-2")
@settings(max_examples=max(6, settings().max_examples // 10))
@given(pick=st.integers(0, len(CASES) - 1), seed=st.integers(0, 2**32))
def test_a_frame_pushed_with_its_choices_lists_and_answers_as_the_rule_book(pick: int, seed: int) -> None:
    """Property: in a random game played on the fast path, every state with a pending frame lists
    the rule book's choices (most of them found as the frame was pushed), and each answer reaches
    the rule book's state."""
    players, opts = CASES[pick]
    s = new_game(players, seed, options=opts)
    rnd = random.Random(seed)
    while not rules.is_terminal(s):
        if s.stack:
            legal = fast.legal_actions(s)
            assert legal == rules.legal_actions(s)
        else:
            legal = fast.legal_actions(s)
        a = legal[rnd.randrange(len(legal))]
        t = fast.apply(s, a)
        if s.stack:
            assert t == rules.apply(s, a)
        s = t


@pytest.mark.clause("GI-EFFECT-3")
def test_a_state_changed_by_hand_under_a_pushed_frame_lists_its_own_choices() -> None:
    """A state made from one whose frame's choices are remembered (its scores changed by hand, so
    a highest-score target moves) is listed afresh, as the rule book lists it."""
    found = 0
    for seed in range(40):
        s = new_game(4, seed)
        rnd = random.Random(seed)
        while not rules.is_terminal(s) and found < 5:
            legal = fast.legal_actions(s)
            t = fast.apply(s, legal[rnd.randrange(len(legal))])
            if t.stack and ASKED[0][0] is t:
                found += 1
                other = evolve(t, scores=tuple(reversed(t.scores)))
                assert fast.legal_actions(other) == rules.legal_actions(other)
                for a in rules.legal_actions(other):
                    assert fast.apply(other, a) == rules.apply(other, a)
            s = t
    assert found == 5
