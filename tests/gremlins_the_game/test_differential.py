"""The fast path equals the rule book: random games through both, side by side."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from gremlinrules.core.errors import IllegalActionError
from gremlinrules.gremlins_the_game import Choose
from gremlinrules.gremlins_the_game import Defeat
from gremlinrules.gremlins_the_game import Discard
from gremlinrules.gremlins_the_game import Move
from gremlinrules.gremlins_the_game import Options
from gremlinrules.gremlins_the_game import State
from gremlinrules.gremlins_the_game import all_actions
from gremlinrules.gremlins_the_game import fast
from gremlinrules.gremlins_the_game import new_game
from gremlinrules.gremlins_the_game import rules
from tests.gremlins_the_game.helpers import scaled

MALFORMED: tuple[Any, ...] = (
    Move("z99"), Move(7), Choose(None), Discard("laser"), Defeat(("sword",) * 9), Defeat("sword"),  # type: ignore[arg-type]
    "move a1", None, Move,
)
"""Things that are not actions of this table (no such space or weapon, a wrong field, a class)."""


def _outcome(apply_f: Any, s: State, action: Any) -> Any:
    try:
        return apply_f(s, action)
    except IllegalActionError as exc:
        return exc.reason, exc.clause


def _same_refusal(s: State, action: Any) -> None:
    fast_out = _outcome(fast.apply, s, action)
    assert type(fast_out) is tuple, f"{action!r} applied on the fast path"
    assert fast_out == _outcome(rules.apply, s, action)
    assert fast.is_legal(s, action) is rules.is_legal(s, action) is False


@pytest.mark.clause("GTG-MOVE-1", "GTG-TURN-1", "GTG-FIGHT-2", "GTG-END-1", "GTG-SQUARE-6")
@settings(max_examples=scaled(10), deadline=None)
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 2**32), challenging=st.booleans(),
       limit=st.sampled_from([5, 40, 240]), picks=st.lists(st.integers(0, 2**16), max_size=300),
       probes=st.lists(st.integers(0, 2**16)), reenter=st.booleans())
def test_the_fast_path_gives_the_rule_books_actions_states_and_errors(
        players: int, seed: int, challenging: bool, limit: int, picks: list[int], probes: list[int],
        reenter: bool) -> None:
    """In random games (random options), at every step the fast and the reference legal actions
    are identical (same order), applying the drawn action gives equal states on both paths, and a
    drawn illegal action and a malformed one are refused by both with the same sentence and
    clause. Past the drawn picks the first legal action is played, to the end."""
    options = Options(challenging=challenging, turn_limit=limit, reenter_square=reenter)
    s = new_game(players, seed, options=options)
    space = all_actions(players, options)
    probe = iter(probes)
    step = 0
    while True:
        legal = fast.legal_actions(s)
        assert legal == rules.legal_actions(s)
        illegal = [a for a in space[next(probe, step) % 40::40] if a not in legal]
        for a in illegal[:3]:
            _same_refusal(s, a)
        _same_refusal(s, MALFORMED[next(probe, step) % len(MALFORMED)])
        if not legal:
            break
        action = legal[picks[step] % len(legal)] if step < len(picks) else legal[0]
        after = fast.apply(s, action)
        assert after == rules.apply(s, action)
        assert fast.is_legal(s, action)
        assert rules.is_legal(s, action)
        s = after
        step += 1
