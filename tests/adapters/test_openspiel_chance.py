"""The OpenSpiel adapter's external-chance mode (issue 18): a chance node at every random outcome.

With ``chance="external"`` each card of the deal, each draw and each reveal is an OpenSpiel chance
node whose outcomes are the designs still unseen with their exact probabilities. OpenSpiel's own
random simulation test (with serialization) passes, OpenSpiel's MCTS plays from such a game, and the
outcomes of a seeded game, entered as chance actions, follow it move for move.
"""

from __future__ import annotations

import importlib.util
from fractions import Fraction

import numpy as np
import pytest

import gremlinrules
from gremlinrules import SetupError
from gremlinrules.core.chance import Tracked
from tests.conformance.support import PLAIN_CASES

pyspiel = pytest.importorskip("pyspiel")
gos = pytest.importorskip("gremlinrules.adapters.openspiel")

CASES = [(gid, n) for gid, n in PLAIN_CASES
         if importlib.util.find_spec(f"gremlinrules.{gid.replace('-', '_')}.chance") is not None]
IDS = [f"{gid}-{n}p" for gid, n in CASES]
GAMES = sorted({gid for gid, _ in CASES})
_SHORT = {"goblins-vs-gnomes": gremlinrules.get_game("goblins-vs-gnomes").Options(round_limit=2),
          "gremlins-inc": gremlinrules.get_game("gremlins-inc").Options(round_limit=6)}
"""Short games where random play is long: a two-round Goblins vs Gnomes match (not nine points) and
a six-round Gremlins, Inc. game (random play rarely reaches the target and stops at the house rule's
40 rounds): random_sim_test plays every game whole."""


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=IDS)
def test_random_sim_test_passes_with_a_chance_node_at_every_outcome(game_id: str, players: int) -> None:
    """With chance="external", pyspiel.random_sim_test (chance outcomes summing to one, clones,
    serialize=True, returns) passes, and the game opens with a chance node (Goblins vs Gnomes
    with a two-round match and Gremlins, Inc. with six rounds, to keep the whole game short)."""
    game = gos.load_game(game_id, players=players, chance="external", options=_SHORT.get(game_id))
    assert game.new_initial_state().is_chance_node()
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("game_id", GAMES)
def test_chance_nodes_offer_the_library_outcomes_within_the_bound(game_id: str) -> None:
    """Every chance node of a random external-chance game offers the library's outcomes in the
    library's order with their probabilities (as floats), no more than max_chance_outcomes, and its
    action strings are the outcomes' notation."""
    game = gos.load_game(game_id, chance="external")
    library = gremlinrules.get_game(game_id)
    state = game.new_initial_state()
    rng = np.random.RandomState(1)
    while not state.is_terminal():
        if state.is_chance_node():
            inner = state.gremlin_state
            assert type(inner) is Tracked
            outcomes = library.chance_outcomes(inner)
            assert len(outcomes) <= game.max_chance_outcomes()
            assert state.chance_outcomes() == [(k, float(p)) for k, (_, p) in enumerate(outcomes)]
            assert sum(Fraction(p) for _, p in outcomes) == 1
            assert [state.action_to_string(pyspiel.PlayerId.CHANCE, k) for k in range(len(outcomes))] == \
                [str(o) for o, _ in outcomes]
        state.apply_action(int(rng.choice(state.legal_actions())))


@pytest.mark.parametrize("game_id", GAMES)
def test_mcts_plays_legal_moves_in_the_external_chance_mode(game_id: str) -> None:
    """OpenSpiel's MCTSBot (random rollouts, 4 simulations) meets the draws as chance nodes,
    samples them, and picks legal actions for two decisions after the deal."""
    from open_spiel.python.algorithms import mcts

    game = gos.load_game(game_id, chance="external")
    state = game.new_initial_state()
    rng = np.random.RandomState(0)
    while state.is_chance_node():
        state.apply_action(int(rng.choice(state.legal_actions())))
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=4,
                       evaluator=mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    for _ in range(2):
        while state.is_chance_node():
            state.apply_action(int(rng.choice(state.legal_actions())))
        if state.is_terminal():
            break
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)


def test_external_chance_parameters_are_checked() -> None:
    """chance is "seed" or "external", and a fixed seed cannot go with external chance."""
    game_id = GAMES[0]
    with pytest.raises(SetupError):
        gos.load_game(game_id, chance="dice")
    with pytest.raises(SetupError):
        gos.load_game(game_id, seed=3, chance="external")
