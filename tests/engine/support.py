"""The engine's differential harness: one random game through the rule book and the engine at once.

The rule book (the game's typed API, fast paths included, themselves held to ``rules.py``) is the
engine's only source of truth: at every decision the engine must offer the same legal indices and
``to_state()`` must equal the Python state.
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest
from hypothesis import settings

import gremlinrules
from gremlinrules import engine
from gremlinrules.core.actionspace import action_space
from gremlinrules.core.errors import IllegalActionError

REQUIRED = os.environ.get("GREMLINRULES_REQUIRE_ENGINE", "") not in ("", "0")
"""CI sets GREMLINRULES_REQUIRE_ENGINE=1: a missing engine then fails the tests instead of
skipping them."""

NATIVE = engine.games()
"""The games with a native implementation here (empty without the compiled engine)."""

needs_engine = pytest.mark.skipif(not engine.available() and not REQUIRED,
                                  reason="the compiled engine is not built here")
"""Skips a test without the engine, unless it is required (then the test fails)."""

DEEP = (os.environ.get("GREMLINRULES_PROFILE") or os.environ.get("HYPOTHESIS_PROFILE")) == "deep"
GAMES_PER_EXAMPLE = 8 if DEEP else 1
"""Games each Hypothesis example plays at least: the deep profile (600 examples) plays more than a
million decisions per game this way, or with :func:`games_per_example` for short games."""
DEEP_DECISIONS = 1_000_000
"""The decisions the deep profile's differential test plays at least, per game."""


def games_per_example(game_id: str, players: int, options: Any) -> int:
    """Games each example of the differential test plays: :data:`GAMES_PER_EXAMPLE`, and in the deep
    profile more where the table's decision bound is so short that its examples (600) of 8 games
    would stay under a million decisions (Gnaughty Gnomes: every game is 64 decisions)."""
    if not DEEP:
        return GAMES_PER_EXAMPLE
    bound = gremlinrules.get_game(game_id).decision_bound(players, options)
    examples = settings().max_examples  # the loaded profile's
    return max(GAMES_PER_EXAMPLE, -(-DEEP_DECISIONS // (examples * bound)))


def play_both(game_id: str, players: int, options: Any, seed: int, picks: random.Random, *,
              probes: bool = True) -> int:
    """One random game through the typed API and the engine side by side; the decisions played.

    At every decision: the same legal indices, ascending, and ``to_state() ==`` the state. With
    ``probes``, at random decisions also: ``from_state`` of the state gives an engine that agrees,
    a clone that is independent of its original, and an illegal index refused with the rule book's
    own error, the engine unchanged."""
    state = gremlinrules.get_game(game_id).new_game(players, seed, options=options)
    return play_on(game_id, players, options, state, engine.new(game_id, players, seed, options), picks,
                   probes=probes)


def play_on(game_id: str, players: int, options: Any, state: Any, native: Any, picks: random.Random, *,
            probes: bool = True) -> int:
    """:func:`play_both` from ``state`` (of a table of ``players`` and ``options``) and a native game
    in it (``engine.new`` or ``engine.from_state``) to the end; the decisions played."""
    game = gremlinrules.get_game(game_id)
    space = action_space(game, players, options)
    decisions = 0
    while True:
        assert native.to_state() == state, f"state differs after {decisions} decisions"
        legal = game.legal_actions(state)
        indices = [space.index_of(a) for a in legal]
        assert native.legal_actions() == indices, f"legal actions differ after {decisions} decisions"
        assert native.current_player() == game.current_player(state)
        if not legal:
            break
        if probes and picks.random() < 0.05:
            _probe(game, space, state, native, picks)
        pick = picks.randrange(len(legal))
        state = game.apply(state, legal[pick])
        native.apply(indices[pick])
        decisions += 1
    assert native.is_terminal()
    assert game.is_terminal(state)
    assert native.scores() == game.scores(state)
    assert native.winners() == game.winners(state)
    assert native.end_reason() == game.end_reason(state)
    return decisions


def _probe(game: Any, space: Any, state: Any, native: Any, picks: random.Random) -> None:
    """from_state, clone and refusal checks at one decision."""
    again = engine.from_state(game.id, state)
    assert again.to_state() == state
    assert again.legal_actions() == native.legal_actions()
    copy = native.clone()
    legal = copy.legal_actions()
    copy.apply(legal[picks.randrange(len(legal))])
    assert native.to_state() == state, "a clone's move changed its original"
    illegal = sorted(set(range(space.size)) - set(native.legal_actions()))
    if illegal:
        index = picks.choice(illegal)
        with pytest.raises(IllegalActionError) as caught:
            native.apply(index)
        with pytest.raises(IllegalActionError) as expected:
            game.apply(state, space.actions[index])
        assert (caught.value.reason, caught.value.clause) == (expected.value.reason, expected.value.clause)
        assert native.to_state() == state, "a refused index changed the engine"
