"""The PettingZoo adapter passes PettingZoo's own api_test and seed_test on every game and player count."""

from __future__ import annotations

import numpy as np
import pytest

import gremlinrules
from tests.conformance.support import CASE_IDS, CASES

pz_test = pytest.importorskip("pettingzoo.test")
gpz = pytest.importorskip("gremlinrules.adapters.pettingzoo")


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=CASE_IDS)
@pytest.mark.filterwarnings("ignore::UserWarning")  # api_test's advice on Dict spaces and masks
def test_api_test_passes(game_id: str, players: int) -> None:
    """pettingzoo.test.api_test passes (spaces, masks, agent order, rewards, terminations)."""
    pz_test.api_test(gpz.env(game_id, players), num_cycles=1000)


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=CASE_IDS)
@pytest.mark.filterwarnings("ignore::UserWarning")
def test_seed_test_passes(game_id: str, players: int) -> None:
    """pettingzoo.test.seed_test passes: two environments reset with one seed play alike."""
    pz_test.seed_test(lambda: gpz.env(game_id, players), num_cycles=500)


@pytest.mark.parametrize("game_id", gremlinrules.game_ids())
def test_episode_ends_with_outcome_rewards(game_id: str) -> None:
    """Playing masked random actions to the end gives each agent +1 if it won, -1 otherwise."""
    lib = gremlinrules.get_game(game_id)
    n = lib.player_counts[0]
    env = gpz.env(game_id, n)
    env.reset(seed=4)
    rng = np.random.default_rng(4)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        assert obs["action_mask"].sum() == len(lib.legal_actions(env.state))
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    winners = set(lib.winners(env.state))
    for seat, agent in enumerate(env.possible_agents):
        expected = 0.0 if len(winners) == n else (1.0 if seat in winners else -1.0)
        assert totals[agent] == expected


def test_reset_is_reproducible_and_unseeded_resets_move_on() -> None:
    """reset(seed=s) deals new_game(players, s); a reset without a seed deals the next seed."""
    lib = gremlinrules.get_game("gnaughty-gnomes")
    env = gpz.env("gnaughty-gnomes", 4)
    env.reset(seed=12)
    assert env.state == lib.new_game(4, 12)
    env.reset()
    assert env.state == lib.new_game(4, 13)
    assert env.view("player_1") == lib.observe(env.state, 1)
