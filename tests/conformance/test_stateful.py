"""A Hypothesis state machine per game and player count, drawing from the current legal actions."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine
from hypothesis.stateful import initialize
from hypothesis.stateful import invariant
from hypothesis.stateful import rule
from hypothesis.stateful import run_state_machine_as_test

from gremlinrules import IllegalActionError
from tests.conformance import support
from tests.conformance.support import CASE_IDS
from tests.conformance.support import CASES


class GameMachine(RuleBasedStateMachine):
    """Plays one game; invariants check the contract after every step."""

    game_id = ""
    players = 0

    def __init__(self) -> None:
        super().__init__()
        self.game = support.game(self.game_id)
        self.state: Any = None
        self.steps = 0

    @initialize(seed=st.integers(0, 2**63 - 1))
    def start(self, seed: int) -> None:
        """A new game from a drawn seed."""
        self.state = self.game.new_game(self.players, seed)
        self.steps = 0

    @rule(data=st.data())
    def play_a_legal_action(self, data: st.DataObject) -> None:
        """Apply one of the current legal actions (or nothing at the end)."""
        legal = self.game.legal_actions(self.state)
        if not legal:
            return
        action = data.draw(st.sampled_from(legal))
        self.state = self.game.apply(self.state, action)
        self.steps += 1

    @rule(data=st.data())
    def refuse_an_action_outside_the_legal_set(self, data: st.DataObject) -> None:
        """An action of the action space that is not legal is refused and changes nothing."""
        legal = set(self.game.legal_actions(self.state))
        action = data.draw(st.sampled_from(self.game.all_actions(self.players)))
        if action in legal:
            return
        before = self.state
        with pytest.raises(IllegalActionError):
            self.game.apply(self.state, action)
        assert self.state == before

    @invariant()
    def consistent(self) -> None:
        """The game's own invariants hold and the decision bound is respected."""
        if self.state is None:
            return
        self.game.check_state(self.state)
        assert self.steps <= self.game.decision_bound(self.players)
        assert (self.game.current_player(self.state) is None) == self.game.is_terminal(self.state)

    @invariant()
    def views_round_trip(self) -> None:
        """Every seat's view survives a JSON round trip."""
        if self.state is None:
            return
        for p in range(self.players):
            view = self.game.observe(self.state, p)
            assert self.game.from_json(self.game.to_json(view), self.game.View) == view


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=CASE_IDS)
def test_state_machine_walks_hold_every_invariant(game_id: str, players: int) -> None:
    """Hypothesis-driven walks through legal and illegal actions keep every invariant."""
    machine = type(f"Machine_{game_id}_{players}", (GameMachine,), {"game_id": game_id, "players": players})
    run_state_machine_as_test(machine, settings=settings(stateful_step_count=40))
