"""The fast path equals the rule book: random games through both, side by side."""

from __future__ import annotations

from typing import Any
from typing import cast

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import gremlinrules
from gremlinrules.core.errors import IllegalActionError
from gremlinrules.core.game import ModuleGame
from gremlinrules.no_good_gremlins import ALL_ACTIONS
from gremlinrules.no_good_gremlins import REFERENCE
from gremlinrules.no_good_gremlins import Acted
from gremlinrules.no_good_gremlins import Build
from gremlinrules.no_good_gremlins import Feed
from gremlinrules.no_good_gremlins import Options
from gremlinrules.no_good_gremlins import Setup
from gremlinrules.no_good_gremlins import State
from gremlinrules.no_good_gremlins import current_player
from gremlinrules.no_good_gremlins import fast
from gremlinrules.no_good_gremlins import new_game
from gremlinrules.no_good_gremlins import rules
from gremlinrules.no_good_gremlins.actions import Bribe
from gremlinrules.no_good_gremlins.actions import DrawTwo
from gremlinrules.no_good_gremlins.actions import EndTurn
from tests import strategies
from tests.no_good_gremlins.strategies import playout
from tests.strategies import seeds

any_options = strategies.options("no-good-gremlins")
player_counts = strategies.player_counts("no-good-gremlins")

MALFORMED: tuple[Any, ...] = (
    Build("rust"),  # type: ignore[arg-type]
    Feed(7),  # type: ignore[arg-type]
    Bribe(None),  # type: ignore[arg-type]
    "EndTurn",
    EndTurn,
    None,
    DrawTwo,
)
"""Things that are not actions of the game (a field that is no Material, a class, a string)."""


def _outcome(apply_f: Any, s: State, action: Any) -> Any:
    """The state after ``action``, or the refusal as (reason, clause)."""
    try:
        return apply_f(s, action)
    except IllegalActionError as exc:
        return exc.reason, exc.clause


def _same_refusal(s: State, action: Any) -> None:
    fast_out = _outcome(fast.apply, s, action)
    assert type(fast_out) is tuple, f"{action!r} applied on the fast path"
    assert fast_out == _outcome(rules.apply, s, action)
    assert fast.is_legal(s, action) is rules.is_legal(s, action) is False


@pytest.mark.clause("NGG-TURN-1", "NGG-TURN-2", "NGG-TURN-3", "NGG-TURN-4", "NGG-TURN-6",
                    "NGG-BUILD-1", "NGG-BUILD-2", "NGG-LAUNCH-1", "NGG-LAUNCH-2", "NGG-FREE-1",
                    "NGG-FREE-2", "NGG-FREE-3", "NGG-BRIBE-6", "NGG-BRIBE-7", "NGG-WANDER-5",
                    "NGG-FINALE-3", "NGG-FINALE-5", "NGG-FINALE-6", "NGG-DATA-6")
@given(players=player_counts, seed=seeds, options=any_options, holder=st.sampled_from([None, 0]),
       picks=st.lists(st.integers(0, 2**16), max_size=600), probes=st.lists(st.integers(0, 2**16)))
def test_the_fast_path_gives_the_rule_books_actions_states_and_errors(
        players: int, seed: int, options: Options, holder: int | None, picks: list[int],
        probes: list[int]) -> None:
    """In random games (every option drawn, a user's component set included, the Wandering
    Gremlin held from the start or not), at every step the fast and the reference legal actions
    are identical (same actions, same order), applying the drawn action gives equal states on both
    paths, and a drawn illegal action and a malformed one are refused by both with the same
    sentence and clause (is_legal False on both). Past the drawn picks the first legal action is
    played, so every game runs to its end, where both paths refuse everything alike."""
    s = new_game(players, seed, options=options, setup=Setup(wanderer=holder))
    probe = iter(probes)
    step = 0
    while True:
        legal = fast.legal_actions(s)
        assert legal == rules.legal_actions(s)
        illegal = [a for a in ALL_ACTIONS if a not in legal]
        if illegal:
            _same_refusal(s, illegal[next(probe, step) % len(illegal)])
        _same_refusal(s, MALFORMED[next(probe, step) % len(MALFORMED)])
        if not legal:
            break
        action = legal[picks[step] % len(legal) if step < len(picks) else 0]
        after = fast.apply(s, action)
        assert after == rules.apply(s, action)
        s = after
        step += 1


@pytest.mark.clause("NGG-WANDER-5")
def test_the_differential_playouts_reach_the_pending_feed_and_the_finale() -> None:
    """The property above is not vacuous: the same kind of playout, on tied medal values under the
    holder's choice, reaches a pending Feed frame, and with a short round limit the final turns
    and the end; on both paths the states stay equal throughout."""
    flat = attrs.evolve(REFERENCE, medal_values=(2,) * 6)
    options = Options(wanderer_tie="holder_chooses", round_limit=3, components=flat)
    seen: set[str] = set()
    for seed in range(4):
        s = new_game(2, seed, options=options, setup=Setup(wanderer=0))
        while not rules.is_terminal(s):
            legal = fast.legal_actions(s)
            assert legal == rules.legal_actions(s)
            seen |= {"feed"} if s.stack else set()
            seen |= {"final"} if s.final_turn else set()
            action = legal[(seed + len(s.scrapheap)) % len(legal)]
            after = fast.apply(s, action)
            assert after == rules.apply(s, action)
            s = after
    assert seen == {"feed", "final"}


def test_get_game_binds_the_reference_rules_on_request() -> None:
    """get_game(..., reference=True) plays with the rule book and by default with the fast path."""
    assert gremlinrules.get_game("no-good-gremlins").apply is fast.apply
    ref = gremlinrules.get_game("no-good-gremlins", reference=True)
    # the rule book's own functions, wrapped only to answer a tracked state (external chance) too
    inner = cast(ModuleGame, ref).inner
    assert (inner("apply"), inner("legal_actions"), inner("is_legal")) == (
        rules.apply, rules.legal_actions, rules.is_legal)
    state = ref.new_game(3, 4)
    action = ref.legal_actions(state)[0]
    assert ref.legal_actions(state) == rules.legal_actions(state)
    assert ref.apply(state, action) == rules.apply(state, action)


@pytest.mark.clause("NGG-TURN-5", "NGG-WANDER-5", "NGG-ROUND-1", "NGG-HAND-2", "NGG-FINALE-6")
@given(players=player_counts, seed=seeds, options=any_options)
def test_the_rule_books_steps_give_the_fast_paths_states_and_the_events_start_with_the_action(
        players: int, seed: int, options: Options) -> None:
    """Property: the events come from the rule book's steps alone (the fast path returns the
    state only); at every decision of a random game, under random options, the state of
    ``apply_with_events`` is the fast path's, the first event is the action by the deciding seat,
    and ``apply`` is the step's state."""
    for s, action in playout(players, seed, options)[:-1]:
        step = rules.BOOK.step(s, action)
        assert rules.apply_with_events(s, action) == (step.state, step.events)
        assert step.state == fast.apply(s, action) == rules.apply(s, action)
        seat = current_player(s)
        assert seat is not None
        assert step.events[0] == Acted(seat, action)
