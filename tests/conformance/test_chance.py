"""The external-chance mode (issue 18), over every game's public API.

A game started with ``new_game(players, chance="external")`` stops at a chance decision
whenever its rules need a random outcome. These properties hold for every game and player
count: the outcomes a seeded game reveals, entered one by one, reproduce that game exactly
(its canonical state, every view, the legal actions); every outcome offered can be entered and
play goes on to the end; probabilities are exact and sum to one; tracked states survive JSON;
and nothing but a pending outcome is accepted at a chance decision.
"""

from __future__ import annotations

import importlib.util
import random
from fractions import Fraction
from types import ModuleType
from typing import Any
from typing import cast

import pytest
from hypothesis import given
from hypothesis import strategies as st

import gremlinrules
from gremlinrules import Game
from gremlinrules import IllegalActionError
from gremlinrules.core.chance import CHANCE
from gremlinrules.core.chance import Outcome
from gremlinrules.core.chance import Tracked
from gremlinrules.core.game import ModuleGame
from tests.conformance.support import PLAIN_CASES


def _model(game: Game) -> ModuleType | None:
    name = cast(ModuleGame, game).module.__name__ + ".chance"
    return importlib.import_module(name) if importlib.util.find_spec(name) else None


CHANCE_CASES = [(gid, n) for gid, n in PLAIN_CASES if _model(gremlinrules.get_game(gid)) is not None]
pytestmark = pytest.mark.parametrize(("game_id", "players"), CHANCE_CASES,
                                     ids=[f"{gid}-{n}p" for gid, n in CHANCE_CASES])


_SHORT: dict[str, Any] = {
    "goblins-vs-gnomes": gremlinrules.get_game("goblins-vs-gnomes").Options(round_limit=2),
    "gremlins-inc": gremlinrules.get_game("gremlins-inc").Options(round_limit=6)}
"""Options that keep a whole random game short where the default is long (Goblins vs Gnomes plays
to 9 points, about 900 moves; random Gremlins, Inc. games run to the 40-round house rule): the test
plays every game to its end."""


def _enter(game: Game, t: Any, outcomes: tuple[Outcome, ...]) -> Any:
    """``t`` with ``outcomes`` entered, checking each is offered as it is entered."""
    for outcome in outcomes:
        assert game.current_player(t) == CHANCE
        offered = game.legal_actions(t)
        assert outcome in offered, f"{outcome} not offered: {offered}"
        assert game.is_legal(t, outcome)
        probabilities = game.chance_outcomes(t)
        assert [o for o, _ in probabilities] == list(offered)
        assert sum(p for _, p in probabilities) == 1
        assert all(p > 0 for _, p in probabilities)
        t = game.apply(t, outcome)
    return t


@given(seed=st.integers(0, 2**32), walk_seed=st.integers(0, 2**32), stop=st.integers(0, 200))
def test_outcomes_of_a_seeded_game_entered_one_by_one_reproduce_it(
        game_id: str, players: int, seed: int, walk_seed: int, stop: int) -> None:
    """Consistency: for a seeded game, entering in external mode the outcomes each of its steps
    revealed (the model's ``reveals``), each of them offered, gives after every move the seeded
    state in canonical form, the same views for every seat and the spectator, the same legal
    actions, seat to act, scores and winners."""
    game = gremlinrules.get_game(game_id)
    model = _model(game)
    assert model is not None
    state = game.new_game(players, seed)
    t = game.new_game(players, chance="external")
    assert type(t) is Tracked
    t = _enter(game, t, model.reveals(None, None, state))
    rnd = random.Random(walk_seed)
    for _ in range(stop + 1):
        assert t.need is None
        assert t.state == model.canonical(state)
        assert game.current_player(t) == game.current_player(state)
        for seat in (*range(players), None):
            assert game.observe(t, seat) == game.observe(state, seat)
        assert game.scores(t) == game.scores(state)
        assert game.winners(t) == game.winners(state)
        if game.is_terminal(state):
            assert game.is_terminal(t)
            assert game.end_reason(t) == game.end_reason(state)
            return
        actions = game.legal_actions(state)
        assert game.legal_actions(t) == actions
        action = actions[rnd.randrange(len(actions))]
        after = game.apply(state, action)
        t = _enter(game, game.apply(t, action), model.reveals(state, action, after))
        state = after


@given(seed=st.integers(0, 2**32))
def test_every_offered_outcome_can_be_entered_and_play_reaches_the_end(
        game_id: str, players: int, seed: int) -> None:
    """Random external games (each outcome drawn by its probability, each move at random) stay
    consistent (check_state passes on every eighth tracked state and the last) and end within
    the game's decision bound; a chance decision never offers an empty choice."""
    game = gremlinrules.get_game(game_id)
    rnd = random.Random(seed)
    options = _SHORT.get(game_id)
    t = game.new_game(players, chance="external", options=options)
    moves = steps = 0
    bound = game.decision_bound(players, options)
    while not game.is_terminal(t):
        steps += 1
        if steps % 8 == 1:  # check_state probes the pending move again: every eighth state
            game.check_state(t)
        if game.current_player(t) == CHANCE:
            outcomes = game.chance_outcomes(t)
            assert outcomes
            pick = rnd.random()
            total = Fraction(0)
            chosen = outcomes[-1][0]
            for outcome, p in outcomes:
                total += p
                if pick < total:
                    chosen = outcome
                    break
            t = game.apply(t, chosen)
        else:
            actions = game.legal_actions(t)
            assert actions
            assert not any(type(a) is Outcome for a in actions)
            t = game.apply(t, actions[rnd.randrange(len(actions))])
            moves += 1
            assert moves <= bound
    game.check_state(t)
    assert game.winners(t) == game.winners(t.state)


@given(seed=st.integers(0, 2**32), stop=st.integers(0, 60))
def test_a_tracked_state_survives_json_and_refuses_what_is_not_pending(
        game_id: str, players: int, seed: int, stop: int) -> None:
    """A tracked state, at a chance decision or a player's, decodes from its JSON to an equal
    state; at a chance decision a player's move and an outcome not offered are refused with
    IllegalActionError, and at a player's decision any outcome is."""
    game = gremlinrules.get_game(game_id)
    rnd = random.Random(seed)
    t = game.new_game(players, chance="external")
    for _ in range(stop + 1):
        assert game.from_json(game.to_json(t), Tracked) == t
        if game.is_terminal(t):
            return
        actions = game.legal_actions(t)
        if game.current_player(t) == CHANCE:
            outcome = actions[0]
            with pytest.raises(IllegalActionError):
                game.apply(t, Outcome(outcome.pool, outcome.item + "-not-a-design"))
            with pytest.raises(IllegalActionError):
                game.apply(t, Outcome(outcome.pool + "-not-a-pool", outcome.item))
            assert game.parse_action(str(outcome)) == outcome
        else:
            with pytest.raises(IllegalActionError):
                game.apply(t, Outcome("not-a-pool", "x"))
        t = game.apply(t, actions[rnd.randrange(len(actions))])
