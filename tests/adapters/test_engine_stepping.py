"""The adapters step on the compiled engine where it plays the table, and nothing observable changes:
seeded random play through the OpenSpiel and PettingZoo adapters with the engine and with
GREMLINRULES_ENGINE=off gives the same legal actions, masks, rewards and returns, observation
tensors, strings, refusals and ends at every step. The frameworks' own suites also pass with the
engine switched off (the other adapter tests run them with it on)."""

from __future__ import annotations

import pickle
import random
from typing import Any

import numpy as np
import pytest

import gremlinrules
from gremlinrules import engine
from gremlinrules.adapters import stepping
from gremlinrules.core.actionspace import ActionSpace
from gremlinrules.core.actionspace import action_space
from tests.conformance.support import PLAIN_CASES
from tests.engine.support import REQUIRED

pyspiel = pytest.importorskip("pyspiel")
gos = pytest.importorskip("gremlinrules.adapters.openspiel")
gpz = pytest.importorskip("gremlinrules.adapters.pettingzoo")
pz_test = pytest.importorskip("pettingzoo.test")

SMALLEST = [(gid, n) for gid, n in PLAIN_CASES if n == min(m for g, m in PLAIN_CASES if g == gid)]
LARGEST = [(gid, n) for gid, n in PLAIN_CASES if n == max(m for g, m in PLAIN_CASES if g == gid)]
ENDS = sorted(set(SMALLEST + LARGEST))
"""Each game at its smallest and largest table."""

TENSOR_STEPS = 12
"""Observation and information-state tensors (every seat's) are compared at the first steps, at
every power of two, and at the end: the encoding is the costly part, and it reads only the typed
state, which is compared at every step."""


@pytest.fixture(autouse=True)
def _read_the_switch_again() -> Any:
    """After each test (and after monkeypatch has put the environment back), the engine reads the
    switch again, so later tests meet the environment they run in."""
    yield
    engine.available()


def _switch(monkeypatch: pytest.MonkeyPatch, on: bool) -> None:
    if on:
        monkeypatch.delenv(engine.ENV, raising=False)
    else:
        monkeypatch.setenv(engine.ENV, "off")
    engine.available()  # the engine reads the switch at available() and games()


def _needs_engine(monkeypatch: pytest.MonkeyPatch, game_id: str) -> None:
    """Switch the engine on for this test (it compares both ways whatever the environment says);
    skip where it was not built, unless CI requires it (then the test goes on, and fails)."""
    _switch(monkeypatch, True)
    if game_id not in engine.games() and not REQUIRED:
        pytest.skip(f"no native {game_id} here (the engine was not built)")


def _both_games(monkeypatch: pytest.MonkeyPatch, game_id: str, **params: Any) -> tuple[Any, Any]:
    """The game loaded with the engine switched off, then with it on (the switch is left on)."""
    _switch(monkeypatch, False)
    typed = gos.load_game(game_id, **params)
    _switch(monkeypatch, True)
    native = gos.load_game(game_id, **params)
    assert typed.table.native is None
    assert native.table.native is not None
    return typed, native


def _refusal(state: Any, action: int) -> tuple[str, str] | str:
    try:
        state.apply_action(action)
    except gremlinrules.IllegalActionError as exc:
        return str(exc), exc.clause
    except gremlinrules.InvalidArgumentError as exc:
        return str(exc)
    raise AssertionError(f"action {action} was applied")


def _same_openspiel_state(a: Any, b: Any, players: int, step: int) -> None:
    """Everything OpenSpiel shows of the two states is equal (tensors at the chosen steps)."""
    assert a.current_player() == b.current_player()
    assert a.is_terminal() == b.is_terminal()
    assert a.is_chance_node() == b.is_chance_node()
    assert a.chance_outcomes() == b.chance_outcomes()
    assert a.legal_actions() == b.legal_actions()
    assert a.returns() == b.returns()
    assert a.rewards() == b.rewards()
    assert a.history() == b.history()
    assert str(a) == str(b)
    assert a.gremlin_state == b.gremlin_state
    if a.is_terminal():
        return
    seat = a.current_player()
    assert a.legal_actions(seat) == b.legal_actions(seat)
    assert a.legal_actions_mask(seat) == b.legal_actions_mask(seat)
    for p in range(players):
        assert a.observation_string(p) == b.observation_string(p)
        assert a.information_state_string(p) == b.information_state_string(p)
        if step < TENSOR_STEPS or step & (step - 1) == 0:
            assert a.observation_tensor(p) == b.observation_tensor(p)
            assert a.information_state_tensor(p) == b.information_state_tensor(p)
    for action in a.legal_actions()[:3]:
        assert a.action_to_string(seat, action) == b.action_to_string(seat, action)


@pytest.mark.parametrize(("game_id", "players"), ENDS, ids=[f"{g}-{n}p" for g, n in ENDS])
def test_openspiel_states_on_the_engine_show_exactly_what_the_typed_states_show(
        monkeypatch: pytest.MonkeyPatch, game_id: str, players: int) -> None:
    """From the opening chance node (deal 3) to the end of a seeded random game, an OpenSpiel state
    stepping on the engine and one stepping on the typed API agree on the seat to move, chance
    outcomes, legal actions and masks, returns and rewards, history, strings, every seat's
    observation and information-state tensors, the library state and the end. An illegal index
    and an index outside the space are refused alike (the same error and clause, nothing
    changed); a clone steps apart from its original; a pickled or serialized state comes back
    equal; the engine's state is a native game all along. Four more whole games (deals 4 to 7)
    agree on legal actions, seats, returns and the final state."""
    _needs_engine(monkeypatch, game_id)
    typed_game, native_game = _both_games(monkeypatch, game_id, players=players, deals=8)
    a, b = typed_game.new_initial_state(), native_game.new_initial_state()
    _same_openspiel_state(a, b, players, 0)
    a.apply_action(3)
    b.apply_action(3)
    assert type(b._held).__name__ == "_Native"
    rnd = random.Random(f"{game_id}-{players}")
    size = typed_game.num_distinct_actions()
    step = 0
    while True:
        _same_openspiel_state(a, b, players, step)
        if a.is_terminal():
            break
        legal = a.legal_actions()
        if step % 25 == 0:
            illegal = next((i for i in range(rnd.randrange(size), size) if i not in legal), None)
            for bad in ([] if illegal is None else [illegal]) + [size]:
                assert _refusal(a, bad) == _refusal(b, bad)
            assert a.gremlin_state == b.gremlin_state
            twin_a, twin_b = a.clone(), b.clone()
            twin_a.apply_action(legal[0])
            twin_b.apply_action(legal[0])
            assert twin_a.gremlin_state == twin_b.gremlin_state != b.gremlin_state
            assert pickle.loads(pickle.dumps(b._held)).state == a.gremlin_state
            _, back = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(native_game, b))
            assert back.gremlin_state == a.gremlin_state
        action = legal[rnd.randrange(len(legal))]
        a.apply_action(action)
        b.apply_action(action)
        step += 1
    assert type(b._held).__name__ == "_Native"
    assert step <= typed_game.max_game_length()
    for deal in (4, 5, 6, 7):  # more whole games, for more ends: legal actions and returns alone
        a, b = typed_game.new_initial_state(), native_game.new_initial_state()
        a.apply_action(deal)
        b.apply_action(deal)
        while not a.is_terminal():
            legal = a.legal_actions()
            assert b.legal_actions() == legal
            assert b.current_player() == a.current_player()
            action = legal[rnd.randrange(len(legal))]
            a.apply_action(action)
            b.apply_action(action)
        assert b.is_terminal()
        assert b.returns() == a.returns()
        assert b.gremlin_state == a.gremlin_state


@pytest.mark.parametrize("game_id", gremlinrules.game_ids())
def test_a_fixed_deal_and_deals_by_seed_step_on_the_engine_with_the_typed_games_states(
        monkeypatch: pytest.MonkeyPatch, game_id: str) -> None:
    """With a fixed ``seed`` the initial state steps on the engine, each new initial state apart
    (stepping one leaves the next as dealt), and new_initial_state_for_seed deals the typed game's
    state; the external-chance mode stays on the typed API (the engine takes no tracked state)."""
    _needs_engine(monkeypatch, game_id)
    lib = gremlinrules.get_game(game_id)
    n = lib.player_counts[0]
    typed_game, native_game = _both_games(monkeypatch, game_id, players=n, seed=11)
    first = native_game.new_initial_state()
    assert type(first._held).__name__ == "_Native"
    first.apply_action(first.legal_actions()[0])
    assert native_game.new_initial_state().gremlin_state == lib.new_game(n, 11)
    assert typed_game.new_initial_state().gremlin_state == lib.new_game(n, 11)
    dealt = native_game.new_initial_state_for_seed(2**40)
    assert type(dealt._held).__name__ == "_Native"
    assert dealt.gremlin_state == lib.new_game(n, 2**40)
    assert gos.load_game(game_id, players=n, chance="external").table.native is None


def _same_step(a: Any, b: Any) -> None:
    """Everything an agent sees of the two environments now is equal."""
    assert a.agent_selection == b.agent_selection
    assert a.agents == b.agents
    assert a.rewards == b.rewards
    assert a._cumulative_rewards == b._cumulative_rewards
    assert a.terminations == b.terminations
    assert a.truncations == b.truncations
    assert a.infos == b.infos
    for agent in a.possible_agents:
        seen_a, seen_b = a.observe(agent), b.observe(agent)
        assert seen_a["action_mask"].dtype == seen_b["action_mask"].dtype == np.int8
        assert np.array_equal(seen_a["action_mask"], seen_b["action_mask"])
        assert np.array_equal(seen_a["observation"], seen_b["observation"])
    assert a.render() == b.render()
    assert a.state == b.state


@pytest.mark.parametrize(("game_id", "players"), ENDS, ids=[f"{g}-{n}p" for g, n in ENDS])
def test_pettingzoo_environments_on_the_engine_show_exactly_what_the_typed_ones_show(
        monkeypatch: pytest.MonkeyPatch, game_id: str, players: int) -> None:
    """Over two seeded episodes of masked random play, an environment stepping on the engine and one
    stepping on the typed API agree at every step on the agent to act, rewards (each step's and
    cumulated), terminations, truncations, infos, every agent's observation vector and action mask,
    the rendered text and the typed state; an illegal index and a non-index are refused alike,
    changing nothing."""
    _needs_engine(monkeypatch, game_id)
    _switch(monkeypatch, False)
    a = gpz.env(game_id, players, render_mode="ansi")
    _switch(monkeypatch, True)
    b = gpz.env(game_id, players, render_mode="ansi")
    space = action_space(gremlinrules.get_game(game_id), players)
    rnd = random.Random(players)
    for seed in (5, 2**63 + 5):
        _switch(monkeypatch, False)
        a.reset(seed=seed)
        _switch(monkeypatch, True)
        b.reset(seed=seed)
        assert a._native is None
        assert b._native is not None
        steps = 0
        for agent in b.agent_iter():
            assert agent == a.agent_selection
            _same_step(a, b)
            _, _, terminated, truncated, _ = b.last()
            if terminated or truncated:
                a.step(None)
                b.step(None)
                continue
            mask = b.observe(agent)["action_mask"]
            if steps % 40 == 0:
                illegal = int(np.flatnonzero(mask == 0)[rnd.randrange(int((mask == 0).sum()))])
                for bad in (illegal, space.size):
                    assert _pz_refusal(a, bad) == _pz_refusal(b, bad)
                assert a.state == b.state
            action = int(rnd.choice(np.flatnonzero(mask)))
            a.step(action)
            b.step(action)
            steps += 1
        assert b.agents == a.agents == []
        assert steps > 0


def _pz_refusal(env: Any, action: int) -> tuple[str, str]:
    try:
        env.step(action)
    except gremlinrules.GremlinRulesError as exc:
        return type(exc).__name__, str(exc)
    raise AssertionError(f"action {action} was applied")


def test_setting_the_environment_state_steps_it_on_the_typed_api(monkeypatch: pytest.MonkeyPatch) -> None:
    """``env.state = s`` puts the episode in ``s`` and the typed API steps it from there (until the
    next reset, which deals on the engine again)."""
    _needs_engine(monkeypatch, "no-good-gremlins")
    _switch(monkeypatch, True)
    lib = gremlinrules.get_game("no-good-gremlins")
    env = gpz.env("no-good-gremlins", 3)
    state = lib.apply(lib.new_game(3, 9), lib.legal_actions(lib.new_game(3, 9))[0])
    env.state = state
    assert env.state is state
    assert env._native is None
    env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))
    assert env.state == lib.apply(state, lib.legal_actions(state)[0])
    env.reset(seed=9)
    assert env._native is not None
    assert env.state == lib.new_game(3, 9)


def _reordered(space: ActionSpace) -> ActionSpace:
    """An action space whose indices are another's, reversed (to exercise the index maps)."""
    actions = tuple(reversed(space.actions))
    return ActionSpace(game=space.game, players=space.players, options=space.options, actions=actions,
                       index={a: i for i, a in enumerate(actions)})


def test_index_maps_translate_between_two_orders_of_the_same_actions_and_refuse_other_lists() -> None:
    """index_maps of two orders of the same actions are inverse permutations taking each action's
    index in one to its index in the other; a list with an action missing, or of another length,
    gets None (the adapter then stays on the typed API); a NativeTable with maps translates legal
    indices (sorted), actions and masks."""
    lib = gremlinrules.get_game("no-good-gremlins")
    space = action_space(lib, 3)
    other = _reordered(space)
    maps = stepping.index_maps(space.actions, other)
    assert maps is not None
    to_native, to_adapter = maps
    for i, action in enumerate(other.actions):
        assert space.actions[to_native[i]] == action
        assert other.actions[to_adapter[to_native[i]]] == action
    assert stepping.index_maps(space.actions[:-1], other) is None
    assert stepping.index_maps(space.actions[:-1] + space.actions[:1], other) is None
    table = stepping.NativeTable("no-good-gremlins", 3, None, maps)

    class _Native:
        def legal_actions(self) -> list[int]:
            return [0, 2]

        def legal_mask(self) -> bytearray:
            return bytearray([1, 0, 1] + [0] * (space.size - 3))

    assert table.legal(_Native()) == sorted([to_adapter[0], to_adapter[2]])  # type: ignore[arg-type]
    assert table.index(to_adapter[2]) == 2
    mask = table.mask(_Native())  # type: ignore[arg-type]
    assert [i for i, m in enumerate(mask) if m] == sorted([to_adapter[0], to_adapter[2]])


def test_the_engine_switched_off_or_refusing_the_options_leaves_the_adapters_on_the_typed_api(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """With GREMLINRULES_ENGINE=off no table steps natively; options the engine refuses
    (UnsupportedError) leave that table on the typed API, and it still plays."""
    _needs_engine(monkeypatch, "no-good-gremlins")
    _switch(monkeypatch, False)
    for game_id in gremlinrules.game_ids():
        assert gos.load_game(game_id, deals=4).table.native is None
        assert gpz.env(game_id)._native is None
    _switch(monkeypatch, True)

    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise gremlinrules.UnsupportedError("not these options")

    monkeypatch.setattr(engine, "new", refuse)
    game = gos.load_game("no-good-gremlins", players=4, deals=5)
    assert game.table.native is None
    state = game.new_initial_state()
    state.apply_action(1)
    state.apply_action(state.legal_actions()[0])
    assert type(state._held).__name__ == "_Held"
    env = gpz.env("no-good-gremlins", 4)
    assert env._native is None
    env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))


@pytest.mark.parametrize(("game_id", "players"), SMALLEST, ids=[f"{g}-{n}p" for g, n in SMALLEST])
@pytest.mark.filterwarnings("ignore::UserWarning")  # api_test's advice on Dict spaces and masks
def test_the_frameworks_suites_pass_with_the_engine_switched_off(
        monkeypatch: pytest.MonkeyPatch, game_id: str, players: int) -> None:
    """With GREMLINRULES_ENGINE=off, pyspiel.random_sim_test (with the opening chance node and
    serialization) and PettingZoo's api_test and seed_test pass at each game's smallest table, on
    the typed API (the rest of tests/adapters runs them with the engine on)."""
    _switch(monkeypatch, False)
    game = gos.load_game(game_id, players=players, deals=97)
    assert game.table.native is None
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
    env = gpz.env(game_id, players)
    assert env._native is None
    pz_test.api_test(env, num_cycles=300)
    pz_test.seed_test(lambda: gpz.env(game_id, players), num_cycles=300)
