"""Random playouts of every registered game: the contract holds at every step."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.conformance import support
from tests.conformance.support import CASE_IDS
from tests.conformance.support import CASES
from tests.conformance.support import replay
from tests.conformance.support import walk

pytestmark = pytest.mark.parametrize(("game_id", "players"), CASES, ids=CASE_IDS)

seeds = st.integers(min_value=0, max_value=2**63 - 1)


@given(seed=seeds, walk_seed=st.integers(0, 2**32))
def test_playout_legal_actions_nonempty_until_terminal_and_each_applies(
        game_id: str, players: int, seed: int, walk_seed: int) -> None:
    """Until the end there is a legal action and a current player; sampled legal actions all apply;
    at the end there are none, no current player, and the game ended within its decision bound."""
    game = support.game(game_id)
    rnd = random.Random(walk_seed)

    def visit(state: object, legal: tuple[object, ...], action: object) -> None:
        assert legal, "no legal action before the end"
        assert game.current_player(state) in range(players)
        assert not game.is_terminal(state)
        assert len(set(legal)) == len(legal), "duplicate legal actions"
        for other in rnd.sample(legal, min(3, len(legal))):
            game.apply(state, other)

    final, actions = walk(game, players, seed, rnd, visit)
    assert game.is_terminal(final)
    assert game.legal_actions(final) == ()
    assert game.current_player(final) is None
    assert len(actions) <= game.decision_bound(players)


@given(seed=seeds, walk_seed=st.integers(0, 2**32))
def test_is_legal_agrees_with_legal_actions_and_order_is_canonical(
        game_id: str, players: int, seed: int, walk_seed: int) -> None:
    """is_legal is True for every legal action and False for every other action of the action
    space; legal actions come in the action space's order."""
    game = support.game(game_id)
    rnd = random.Random(walk_seed)
    space = game.all_actions(players)
    index = {a: i for i, a in enumerate(space)}
    assert len(index) == len(space), "the action space has duplicates"

    def visit(state: object, legal: tuple[object, ...], action: object) -> None:
        positions = [index[a] for a in legal]
        assert positions == sorted(positions), "legal actions out of canonical order"
        for a in legal:
            assert game.is_legal(state, a)
        legal_set = set(legal)
        for a in rnd.sample(space, min(40, len(space))):
            assert game.is_legal(state, a) == (a in legal_set)

    walk(game, players, seed, rnd, visit)


@given(seed=seeds, walk_seed=st.integers(0, 2**32))
def test_apply_never_changes_its_input_and_replay_is_deterministic(
        game_id: str, players: int, seed: int, walk_seed: int) -> None:
    """apply leaves its input equal to a snapshot taken before; replaying (seed, actions) gives an
    equal state with identical JSON and hash."""
    game = support.game(game_id)
    rnd = random.Random(walk_seed)
    applied: list[tuple[object, str]] = []  # the state the walk last applied an action to, its JSON before

    def unchanged() -> None:
        if applied:
            state, before = applied.pop()
            assert game.to_json(state) == before, "apply changed its input"

    def visit(state: object, legal: tuple[object, ...], action: object) -> None:
        # the walk applies ``action`` to ``state`` right after this visit; the next visit (or the
        # end of the walk) checks the state is still its snapshot (one apply per step, not two)
        unchanged()
        applied.append((state, game.to_json(state)))

    final, actions = walk(game, players, seed, rnd, visit)
    unchanged()
    assert not applied
    again = replay(game, players, seed, actions)
    assert again == final
    assert hash(again) == hash(final)
    assert game.to_json(again) == game.to_json(final)


@given(seed=seeds, walk_seed=st.integers(0, 2**32))
def test_scores_and_winners_are_well_formed(game_id: str, players: int, seed: int,
                                             walk_seed: int) -> None:
    """scores give one int per seat at every step; winners is empty until the end, then a sorted
    tuple of seats, non-empty unless the game says every player lost (as its view must say too);
    every state passes the game's own invariant check."""
    game = support.game(game_id)
    rnd = random.Random(walk_seed)

    def visit(state: object, legal: tuple[object, ...], action: object) -> None:
        scores = game.scores(state)
        assert len(scores) == players
        assert all(type(s) is int for s in scores)
        assert game.winners(state) == ()
        game.check_state(state)

    final, _ = walk(game, players, seed, rnd, visit)
    game.check_state(final)
    winners = game.winners(final)
    assert winners or support.everyone_lost(game, final)
    if support.everyone_lost(game, final):
        assert winners == ()
    assert list(winners) == sorted(set(winners))
    assert set(winners) <= set(range(players))
