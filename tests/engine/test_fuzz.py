"""A fuzz over the engine's calls: random sequences of every call, hostile values among them.

A stateful Hypothesis machine keeps several native games, each beside its Python twin (the state
the rule book reaches by the same calls), and calls anything a caller could: ``new`` and
``from_state`` with good and bad arguments, ``apply`` with legal, illegal and hostile values,
``clone``, dropping a game, reading every query. After every step each native game still equals
its twin, every error raised was the library's, and nothing crashed.
"""

from __future__ import annotations

import gc
import random
from typing import Any

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import Bundle
from hypothesis.stateful import RuleBasedStateMachine
from hypothesis.stateful import consumes
from hypothesis.stateful import invariant
from hypothesis.stateful import rule

import gremlinrules
from gremlinrules import engine
from gremlinrules.core.errors import GremlinRulesError
from gremlinrules.core.errors import IllegalActionError
from tests.engine.support import NATIVE
from tests.engine.support import needs_engine
from tests.engine.tables import tables

pytestmark = needs_engine

HOSTILE = st.one_of(
    st.integers(-(2**70), -1), st.integers(10**4, 2**70), st.booleans(), st.floats(allow_nan=True),
    st.none(), st.text(max_size=3), st.lists(st.integers(0, 3), max_size=2), st.just(object()),
)
"""Values that are no legal index: negative, huge, not integers."""


class Pair:
    """A native game and its Python twin."""

    def __init__(self, game_id: str, native: Any, state: Any) -> None:
        self.game_id = game_id
        self.native = native
        self.state = state


class EngineCalls(RuleBasedStateMachine):
    """Every engine call, in random order, on random games of every native game."""

    games = Bundle("games")

    def __init__(self) -> None:
        super().__init__()
        self.live: list[Pair] = []

    def keep(self, pair: Pair) -> Pair:
        """``pair`` among the live games the invariant checks."""
        self.live.append(pair)
        return pair

    @rule(target=games, game_id=st.sampled_from(NATIVE or ["-"]), data=st.data(),
          seed=st.integers(0, 2**64 - 1))
    def new(self, game_id: str, data: st.DataObject, seed: int) -> Pair:
        """A new native game of a random table, beside new_game's state."""
        players, options = data.draw(tables(game_id))
        state = gremlinrules.get_game(game_id).new_game(players, seed, options=options)
        return self.keep(Pair(game_id, engine.new(game_id, players, seed, options), state))

    @rule(game_id=st.sampled_from(NATIVE or ["-"]), players=st.one_of(st.integers(-3, 12), HOSTILE),
          seed=st.one_of(st.integers(-(2**65), 2**65), HOSTILE), options=st.sampled_from([None, 0, "x"]))
    def new_with_anything(self, game_id: str, players: Any, seed: Any, options: Any) -> None:
        """new with arguments of any kind: a native game, or the library's error."""
        try:
            native = engine.new(game_id, players, seed, options)
        except GremlinRulesError:
            return
        gremlinrules.get_game(game_id).check_state(native.to_state())

    @rule(pair=games, pick=st.randoms(use_true_random=False))
    def play_legal(self, pair: Pair, pick: random.Random) -> None:
        """A legal index, through both."""
        legal = pair.native.legal_actions()
        if not legal:
            return
        index = pick.choice(legal)
        game = gremlinrules.get_game(pair.game_id)
        pair.native.apply(index)
        pair.state = game.apply(pair.state, game.all_actions(pair.native.players, pair.native.options)[index])

    @rule(pair=games, value=st.one_of(HOSTILE, st.integers(0, 4095)))
    def play_anything(self, pair: Pair, value: Any) -> None:
        """Any value as an index: applied where legal (through the twin too), else refused with the
        library's error and no change."""
        before = pair.native.to_state()
        legal = set(pair.native.legal_actions())
        if type(value) is int and value in legal:
            self.play_index(pair, value)
            return
        expected = IllegalActionError if type(value) is int else GremlinRulesError
        with pytest.raises(expected):
            pair.native.apply(value)
        assert pair.native.to_state() == before

    def play_index(self, pair: Pair, index: int) -> None:
        """Apply a legal index to both."""
        game = gremlinrules.get_game(pair.game_id)
        pair.native.apply(index)
        pair.state = game.apply(pair.state, game.all_actions(pair.native.players, pair.native.options)[index])

    @rule(target=games, pair=games)
    def clone(self, pair: Pair) -> Pair:
        """A clone, with a twin of its own."""
        return self.keep(Pair(pair.game_id, pair.native.clone(), pair.state))

    @rule(target=games, pair=games)
    def round_trip(self, pair: Pair) -> Pair:
        """from_state of the twin: an equal native game."""
        return self.keep(Pair(pair.game_id, engine.from_state(pair.game_id, pair.state), pair.state))

    @rule(pair=consumes(games))
    def drop(self, pair: Pair) -> None:
        """A game is dropped (its clones live on)."""
        self.live.remove(pair)
        del pair.native
        gc.collect()

    @rule(game_id=st.sampled_from(NATIVE or ["-"]), value=st.one_of(HOSTILE, st.integers()))
    def from_anything(self, game_id: str, value: Any) -> None:
        """from_state of what is no state gets the library's error."""
        try:
            engine.from_state(game_id, value)
        except GremlinRulesError:
            return
        raise AssertionError(f"from_state took {value!r}")

    @invariant()
    def every_game_equals_its_twin(self) -> None:
        """Every live native game is its twin, in state and in every query."""
        for pair in self.live:
            game = gremlinrules.get_game(pair.game_id)
            assert pair.native.to_state() == pair.state
            assert pair.native.current_player() == game.current_player(pair.state)
            assert pair.native.is_terminal() == game.is_terminal(pair.state)
            assert pair.native.scores() == game.scores(pair.state)
            assert pair.native.winners() == game.winners(pair.state)


EngineCalls.TestCase.settings = settings(stateful_step_count=30)
test_engine_calls = EngineCalls.TestCase
