"""The PettingZoo adapter passes PettingZoo's own api_test, seed_test and render_test on every game and
player count; it renders only what one seat may see and refuses bad actions with the library's errors."""

from __future__ import annotations

import json

import numpy as np
import pytest

import gremlinrules
from gremlinrules.textview import render_view
from tests.conformance import support
from tests.conformance.support import PLAIN_CASE_IDS
from tests.conformance.support import PLAIN_CASES
from tests.conformance.support import TABLE_CASE_IDS
from tests.conformance.support import TABLE_CASES

pz_test = pytest.importorskip("pettingzoo.test")
gpz = pytest.importorskip("gremlinrules.adapters.pettingzoo")


@pytest.mark.parametrize(("game_id", "players"), PLAIN_CASES, ids=PLAIN_CASE_IDS)
@pytest.mark.filterwarnings("ignore::UserWarning")  # api_test's advice on Dict spaces and masks
def test_api_test_passes(game_id: str, players: int) -> None:
    """pettingzoo.test.api_test passes (spaces, masks, agent order, rewards, terminations)."""
    pz_test.api_test(gpz.env(game_id, players), num_cycles=1000)


@pytest.mark.parametrize(("case", "players"), TABLE_CASES, ids=TABLE_CASE_IDS)
@pytest.mark.filterwarnings("ignore::UserWarning")
def test_api_test_passes_at_every_named_table(case: str, players: int) -> None:
    """pettingzoo.test.api_test passes for a game's named tables (team layouts, variants)."""
    env = gpz.env(support.game_id(case), players, options=support.table_options(case))
    pz_test.api_test(env, num_cycles=300)
    assert env.state.options == support.table_options(case)


@pytest.mark.parametrize(("game_id", "players"), PLAIN_CASES, ids=PLAIN_CASE_IDS)
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


@pytest.mark.parametrize(("game_id", "players"), PLAIN_CASES, ids=PLAIN_CASE_IDS)
@pytest.mark.filterwarnings("ignore::UserWarning")
def test_render_test_passes(game_id: str, players: int,
                            capsys: pytest.CaptureFixture[str]) -> None:
    """pettingzoo.test.render_test passes for every render mode ("human" prints and returns None,
    "ansi" returns text)."""
    pz_test.render_test(lambda render_mode=None: gpz.env(game_id, players, render_mode=render_mode))
    assert "seen by" in capsys.readouterr().out


def _hidden_strings(game: gremlinrules.Game, state: object, seat: int) -> set[str]:
    """Leaf strings and ints of the full state's JSON that the seat's view does not contain."""
    def leaves(value: object) -> set[str]:
        if isinstance(value, dict):
            return {x for v in value.values() for x in leaves(v)}
        if isinstance(value, list):
            return {x for v in value for x in leaves(v)}
        return {json.dumps(value)}
    return leaves(game.to_data(state)) - leaves(game.to_data(game.observe(state, seat)))


@pytest.mark.parametrize("game_id", gremlinrules.game_ids())
def test_render_shows_only_the_acting_seats_view_never_the_state(game_id: str) -> None:
    """render() in "ansi" mode is the text of the acting agent's view (observe, then render_view),
    not the state: along a game it never equals the state's JSON, and it follows the agent to act;
    render_as=None shows the spectator's view (or, for a game without one yet, the acting seat's,
    saying so); render_as=k shows seat k's view."""
    lib = gremlinrules.get_game(game_id)
    n = lib.player_counts[0]
    env = gpz.env(game_id, n, render_mode="ansi")
    env.reset(seed=3)
    for _ in range(6):
        seat = env.possible_agents.index(env.agent_selection)
        text = env.render()
        assert text == render_view(lib, lib.observe(env.state, seat))
        assert lib.to_json(env.state) not in text
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(np.flatnonzero(mask)[0]))
    spectator = gpz.env(game_id, n, render_mode="ansi", render_as=None)
    spectator.reset(seed=3)
    assert spectator.render() == render_view(lib, lib.observe(spectator.state, None))
    other = gpz.env(game_id, n, render_mode="ansi", render_as=n - 1)
    assert other.render() == render_view(lib, lib.observe(other.state, n - 1))


def test_render_modes_are_honoured_and_an_unknown_mode_is_refused(
        capsys: pytest.CaptureFixture[str]) -> None:
    """"human" prints the view and returns None (and prints after each step); no render mode warns
    and returns None; an unknown mode or a bad render_as is a SetupError at construction."""
    env = gpz.env("gnaughty-gnomes", 4, render_mode="human")
    assert env.render() is None
    assert "seen by" in capsys.readouterr().out
    env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))
    assert "seen by" in capsys.readouterr().out
    quiet = gpz.env("gnaughty-gnomes", 4)
    with pytest.warns(UserWarning, match="render mode"):
        assert quiet.render() is None
    for bad in ("rgb_array", "", "HUMAN"):
        with pytest.raises(gremlinrules.SetupError, match="render_mode"):
            gpz.env("gnaughty-gnomes", 4, render_mode=bad)
    for seat in (4, -1, True, "seat"):
        with pytest.raises(gremlinrules.SetupError, match="render_as"):
            gpz.env("gnaughty-gnomes", 4, render_as=seat)


def test_step_refuses_non_indices_and_illegal_actions_with_library_errors() -> None:
    """step("x"), a float, None for a live agent or an index out of range raise
    InvalidArgumentError; an index of an illegal action raises IllegalActionError; numpy ints work;
    the state is unchanged by a refused step."""
    env = gpz.env("gnaughty-gnomes", 4)
    before = env.state
    for bad in ("x", 1.0, None, -1, env.space.size, [0]):
        with pytest.raises(gremlinrules.InvalidArgumentError):
            env.step(bad)
    mask = env.observe(env.agent_selection)["action_mask"]
    with pytest.raises(gremlinrules.IllegalActionError):
        env.step(int(np.flatnonzero(mask == 0)[0]))
    assert env.state == before
    env.step(np.int64(np.flatnonzero(mask)[0]))
    assert env.state != before


def test_environment_names_are_versioned() -> None:
    """metadata["name"] is gremlinrules_<game>_v0, and env() accepts that name as well as the id."""
    for game_id in gremlinrules.game_ids():
        name = gpz.env_name(game_id)
        assert name == "gremlinrules_" + game_id.replace("-", "_") + "_v0"
        assert gpz.env(game_id).metadata["name"] == name
        assert gpz.env(name).game.id == game_id
    with pytest.raises(gremlinrules.UnknownGameError):
        gpz.env("gremlinrules_gnaughty_gnomes_v9")
