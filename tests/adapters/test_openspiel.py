"""The OpenSpiel adapter passes OpenSpiel's own random simulation test on every game and player count;
episodes deal afresh through an opening chance node, and OpenSpiel's MCTS and RL environment run on it."""

from __future__ import annotations

import pickle
import time
from typing import Any

import attrs
import numpy as np
import pytest
from hypothesis import settings

import gremlinrules
from gremlinrules.adapters.encoding import view_encoder
from gremlinrules.core.actionspace import action_space
from tests.conformance import support
from tests.conformance.support import PLAIN_CASE_IDS
from tests.conformance.support import PLAIN_CASES
from tests.conformance.support import TABLE_CASE_IDS
from tests.conformance.support import TABLE_CASES

pyspiel = pytest.importorskip("pyspiel")
gos = pytest.importorskip("gremlinrules.adapters.openspiel")


DEEP = settings().max_examples > 100
"""The deep profile (GREMLINRULES_PROFILE=deep) is loaded: every whole-game simulation below runs."""

SEEDED_CASES = PLAIN_CASES if DEEP else [
    (gid, n) for gid, n in PLAIN_CASES if n == min(m for g, m in PLAIN_CASES if g == gid)]
"""A fixed deal changes only how the game loads (no chance node), not how it plays: the fast profile
simulates it at each game's smallest table (the simulations with the opening chance node below play
every player count), the deep profile at every player count."""

SIMULATED_TABLES = TABLE_CASES if DEEP else [
    (case, n) for i, (case, n) in enumerate(TABLE_CASES)
    if support.game_id(case) not in {support.game_id(c) for c, _ in TABLE_CASES[:i]}]
"""The named tables random_sim_test plays whole: each game's first in the fast profile, all in the
deep one. Every table is loaded, round-tripped and played to its returns below either way."""


@pytest.mark.parametrize(("game_id", "players"), SEEDED_CASES, ids=[f"{g}-{n}p" for g, n in SEEDED_CASES])
def test_random_sim_test_passes(game_id: str, players: int) -> None:
    """With a fixed deal (the seed parameter, no chance node), pyspiel.random_sim_test (legal
    actions, masks, clones, serialization, returns) passes."""
    game = gos.load_game(game_id, players=players, seed=players * 101)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize(("game_id", "players"), PLAIN_CASES, ids=PLAIN_CASE_IDS)
def test_random_sim_test_passes_with_the_opening_chance_node(game_id: str, players: int) -> None:
    """Without a fixed seed, random_sim_test (chance outcomes, clones, serialize=True) still passes."""
    game = gos.load_game(game_id, players=players, deals=97)
    assert game.new_initial_state().is_chance_node()
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize(("case", "players"), TABLE_CASES, ids=TABLE_CASE_IDS)
def test_random_sim_test_passes_at_every_named_table(case: str, players: int) -> None:
    """A game's named tables (team layouts, variants) load with their options, which reach the
    library state; a random game there serializes and loads back equal (through the game string,
    options included) at its first ten steps and every power of two, and ends with +1 for each
    winner and -1 for everyone else (0 for all on a full tie). random_sim_test passes at the tables
    of SIMULATED_TABLES (it asks for every seat's tensors at every step, which a table's options do
    not change: the view encoding depends on the game and player count only)."""
    options = support.table_options(case)
    game = gos.load_game(support.game_id(case), players=players, seed=5, options=options)
    assert game.new_initial_state().gremlin_state.options == options
    if (case, players) in SIMULATED_TABLES:
        pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
    lib = gremlinrules.get_game(support.game_id(case))
    rng = np.random.RandomState(players)
    state = game.new_initial_state()
    steps = 0
    while not state.is_terminal():
        if steps < 10 or steps & (steps - 1) == 0:
            _, back = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
            assert back.gremlin_state == state.gremlin_state
            assert back.history() == state.history()
        legal = state.legal_actions()
        state.apply_action(legal[rng.randint(len(legal))])
        steps += 1
    assert steps <= game.max_game_length()
    assert state.gremlin_state.options == options
    winners = set(lib.winners(state.gremlin_state))
    expected = [0.0] * players if len(winners) == players else [
        1.0 if p in winners else -1.0 for p in range(players)]
    assert state.returns() == expected


@pytest.mark.parametrize("game_id", gremlinrules.game_ids())
def test_each_episode_opens_with_a_uniform_chance_node_over_the_deals(game_id: str) -> None:
    """By default the game type is EXPLICIT_STOCHASTIC and the initial state is a chance node with
    DEFAULT_DEALS equally likely outcomes; outcome k deals new_game(players, k), after which no
    chance node follows. With a fixed seed there is no chance node and every episode is that deal."""
    lib = gremlinrules.get_game(game_id)
    n = lib.player_counts[-1]
    game = pyspiel.load_game(gos.short_name(game_id), {"players": n})
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert game.max_chance_outcomes() == gos.DEFAULT_DEALS
    state = game.new_initial_state()
    assert state.current_player() == pyspiel.PlayerId.CHANCE
    outcomes = state.chance_outcomes()
    assert [k for k, _ in outcomes] == list(range(gos.DEFAULT_DEALS))
    assert {p for _, p in outcomes} == {1.0 / gos.DEFAULT_DEALS}
    state.apply_action(12345)
    assert state.gremlin_state == lib.new_game(n, 12345)
    assert not state.is_chance_node()
    assert state.chance_outcomes() == []
    assert state.history() == [12345]
    fixed = pyspiel.load_game(gos.short_name(game_id), {"players": n, "seed": 77})
    assert fixed.new_initial_state().gremlin_state == lib.new_game(n, 77)
    assert fixed.new_initial_state().gremlin_state == fixed.new_initial_state().gremlin_state


def test_chance_node_strings_and_bad_parameters() -> None:
    """The chance node has its own strings and zero observations; an out-of-range deal is an
    IllegalActionError; bad seed, deals or players parameters are SetupErrors."""
    game = gos.load_game("gnaughty-gnomes", players=4, deals=10)
    state = game.new_initial_state()
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 3) == "deal 3"
    assert state.observation_tensor(0) == [0.0] * game.observation_tensor_size()
    assert state.observation_string(0) == "chance: not dealt yet"
    assert state.returns() == [0.0] * 4
    assert not state.is_terminal()
    assert pickle.loads(pickle.dumps(state._held)).state is None
    with pytest.raises(gremlinrules.IllegalActionError):
        state.apply_action(10)
    for params in ({"deals": 0}, {"deals": gos.MAX_DEALS + 1}, {"seed": -2}, {"players": 3}):
        with pytest.raises(gremlinrules.SetupError):
            pyspiel.load_game(gos.short_name("gnaughty-gnomes"), params)


def test_rl_environment_resets_deal_afresh() -> None:
    """rl_environment.Environment(game) samples the deal at reset: two resets give different
    initial observations (the sampler is seeded, so this is reproducible), and an episode runs."""
    from open_spiel.python import rl_environment

    for game_id in gremlinrules.game_ids():
        env = rl_environment.Environment(gos.load_game(game_id))
        env.seed(0)
        first = env.reset()
        second = env.reset()
        seat = first.observations["current_player"]
        seat2 = second.observations["current_player"]
        assert env.get_state.gremlin_state is not None
        assert ((seat, first.observations["info_state"][seat])
                != (seat2, second.observations["info_state"][seat2]))
        step = second
        for _ in range(20):
            if step.last():
                break
            player = step.observations["current_player"]
            step = env.step([step.observations["legal_actions"][player][0]])


MCTS_SECONDS: dict[str, float] = {}
"""The time two MCTS moves took per game (printed by -s runs for the record)."""


@pytest.mark.parametrize("game_id", gremlinrules.game_ids())
def test_mcts_with_random_rollouts_plays_legal_moves_after_the_deal(game_id: str) -> None:
    """OpenSpiel's MCTSBot (RandomRolloutEvaluator, 4 simulations) picks a legal action twice from
    a dealt state of a game with the opening chance node, in a few seconds."""
    from open_spiel.python.algorithms import mcts

    game = gos.load_game(game_id, deals=64)
    state = game.new_initial_state()
    state.apply_action(5)
    rng = np.random.RandomState(0)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=4,
                       evaluator=mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    start = time.perf_counter()
    for _ in range(2):
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    MCTS_SECONDS[game_id] = time.perf_counter() - start
    print(f"MCTS {game_id}: {MCTS_SECONDS[game_id]:.2f} s for two moves")
    assert MCTS_SECONDS[game_id] < 30.0


@pytest.mark.parametrize(("game_id", "players"), PLAIN_CASES, ids=PLAIN_CASE_IDS)
def test_game_facts_match_the_library(game_id: str, players: int) -> None:
    """Loaded by name: action count, game length, tensor shapes and utilities match the library."""
    lib = gremlinrules.get_game(game_id)
    game = pyspiel.load_game(gos.short_name(game_id), {"players": players, "seed": 3})
    assert game.num_players() == players
    assert game.num_distinct_actions() == action_space(lib, players).size
    assert game.max_game_length() == lib.decision_bound(players)
    assert game.observation_tensor_shape() == [view_encoder(lib, players).size]
    assert game.information_state_tensor_shape() == [view_encoder(lib, players).size]
    assert (game.min_utility(), game.max_utility()) == (-1.0, 1.0)


@pytest.mark.parametrize("game_id", gremlinrules.game_ids())
def test_state_follows_the_library_and_serializes(game_id: str) -> None:
    """Each step matches the library; tensors are the view encoding; a serialized state comes back equal."""
    lib = gremlinrules.get_game(game_id)
    n = lib.player_counts[0]
    game = gos.load_game(game_id, players=n, seed=5)
    state = game.new_initial_state()
    expected = lib.new_game(n, 5)
    enc = view_encoder(lib, n)
    for step in range(40):
        if state.is_terminal():
            break
        seat = state.current_player()
        assert seat == lib.current_player(expected)
        assert state.observation_tensor(seat) == pytest.approx(enc.encode_state(expected, seat))
        assert state.observation_string(seat) == lib.to_json(lib.observe(expected, seat))
        legal = state.legal_actions()
        action = legal[(step * 7) % len(legal)]
        expected = lib.apply(expected, game.space.action_at(action))
        state.apply_action(action)
        assert state.gremlin_state == expected
    text = pyspiel.serialize_game_and_state(game, state)
    _, state2 = pyspiel.deserialize_game_and_state(text)
    assert str(state2) == str(state)
    assert state2.history() == state.history()
    assert pickle.loads(pickle.dumps(state._held)).state == state.gremlin_state


def _finish(state: Any) -> Any:
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    return state


@pytest.mark.parametrize("game_id", gremlinrules.game_ids())
def test_returns_are_plus_one_for_winners_minus_one_for_others(game_id: str) -> None:
    """At the end a winner's return is +1 and everyone else's -1 (0 for all on a full tie)."""
    lib = gremlinrules.get_game(game_id)
    n = lib.player_counts[0]
    state = _finish(gos.load_game(game_id, players=n, seed=1).new_initial_state())
    winners = set(lib.winners(state.gremlin_state))
    expected = [0.0] * n if len(winners) == n else [1.0 if p in winners else -1.0 for p in range(n)]
    assert state.returns() == expected
    assert state.rewards() == expected


def test_information_state_string_adds_own_actions() -> None:
    """The perfect-recall string is the view followed by that seat's own action indices."""
    game = gos.load_game("gnaughty-gnomes", players=4, seed=2)
    state = game.new_initial_state()
    seat = state.current_player()
    action = state.legal_actions()[0]
    state.apply_action(action)
    assert state.information_state_string(seat).endswith(f"own-actions:{action}")
    assert state.own_actions(seat) == (action,)


def test_options_and_bad_players_are_checked() -> None:
    """Game options pass as JSON; an unsupported player count is refused when loading."""
    lib = gremlinrules.get_game("gnaughty-gnomes")
    game = gos.load_game("gnaughty-gnomes", players=4, options=lib.Options(no_space="widen"))
    state = game.new_initial_state()
    state.apply_action(0)  # the deal
    assert state.gremlin_state.options == lib.Options(no_space="widen")
    with pytest.raises(gremlinrules.SetupError):
        gos.load_game("gnaughty-gnomes", players=3)


@pytest.mark.parametrize("game_id", gremlinrules.game_ids())
def test_legal_actions_are_the_library_legal_actions_by_index_from_python_and_from_cpp(game_id: str) -> None:
    """Along a playout, legal_actions() (answered in Python), legal_actions(seat) and the mask
    OpenSpiel's C++ builds through _legal_actions all give the indices of the library's legal
    actions, increasing; another seat gets none, and so does everyone at the end."""
    lib = gremlinrules.get_game(game_id)
    n = lib.player_counts[-1]
    game = gos.load_game(game_id, players=n, seed=9)
    space = action_space(lib, n)
    state = game.new_initial_state()
    for step in range(300):
        if state.is_terminal():
            break
        seat = state.current_player()
        expected = [space.index_of(a) for a in lib.legal_actions(state.gremlin_state)]
        assert state.legal_actions() == expected == state.legal_actions(seat) == sorted(expected)
        assert [i for i, m in enumerate(state.legal_actions_mask(seat)) if m] == expected
        assert state.legal_actions((seat + 1) % n) == []
        state.apply_action(expected[(step * 5) % len(expected)])
    if state.is_terminal():
        assert state.legal_actions() == [] == state.legal_actions(0)


def test_actions_built_afresh_by_a_game_are_found_by_value_and_remembered_within_a_bound(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A game whose legal_actions returns new instances (equal to the space's) gets the same
    indices; the instances are remembered by id, and past the bound the memory starts afresh (on
    the typed API, GREMLINRULES_ENGINE=off: a state on the engine lists indices natively)."""
    from gremlinrules import engine

    monkeypatch.setattr(gos, "_LEARNED", 5)
    with monkeypatch.context() as switch:
        switch.setenv(engine.ENV, "off")
        game = gos.load_game("no-good-gremlins", players=3, seed=4)
    engine.available()  # the switch as it was, read again (the loaded game keeps the typed API)
    assert game.table.native is None
    table = game.table
    plain = table.legal
    monkeypatch.setattr(table, "legal", lambda s: tuple(attrs.evolve(a) for a in plain(s)))
    state = game.new_initial_state()
    sizes, widest = [], 0
    for step in range(40):
        expected = [game.space.index_of(a) for a in plain(state.gremlin_state)]
        assert state.legal_actions() == expected
        sizes.append(len(table.known[1]))
        widest = max(widest, len(expected))
        state.apply_action(expected[step % len(expected)])
    assert max(sizes) <= 5 + widest  # checked before each call adds its own
    assert min(sizes[1:]) < max(sizes)  # it started afresh at least once
