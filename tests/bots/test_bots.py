"""The baseline bots: legal, reproducible choices on every game, and clear errors."""

from __future__ import annotations

from typing import Any

import pytest

import gremlinrules
from gremlinrules import InvalidArgumentError
from gremlinrules.bots import BOT_NAMES
from gremlinrules.bots import RandomBot
from gremlinrules.bots import make_bot
from gremlinrules.core import draws
from gremlinrules.core.playout import Playout
from gremlinrules.core.playout import policy_state
from gremlinrules.core.playout import random_playout
from gremlinrules.core.protocol import Game
from tests.conformance import support
from tests.conformance.support import PLAIN_CASE_IDS
from tests.conformance.support import PLAIN_CASES
from tests.conformance.support import TABLE_CASE_IDS
from tests.conformance.support import TABLE_CASES


def _play(game_id: str, players: int, seed: int, names: list[str], limit: int | None = None) -> list[Any]:
    game = gremlinrules.get_game(game_id)
    bots = [make_bot(names[s], game, s, seed + s, iterations=8, rollout_depth=10)
            if names[s] == "ismcts" else make_bot(names[s], game_id, s, seed + s)
            for s in range(players)]
    return play_out(game, bots, game.new_game(players, seed), limit)[1]


def play_out(game: Game, bots: list[Any], state: Any, limit: int | None = None) -> tuple[Any, list[Any]]:
    """Play ``state`` on with each seat's bot (up to ``limit`` decisions), checking every choice is
    legal and the game ends within its decision bound: the last state and the actions chosen."""
    chosen: list[Any] = []
    while not game.is_terminal(state) and (limit is None or len(chosen) < limit):
        seat = game.current_player(state)
        assert seat is not None
        action = bots[seat].choose(state)
        assert game.is_legal(state, action)
        chosen.append(action)
        state = game.apply(state, action)
        assert len(chosen) <= game.decision_bound(game.players(state))
    return state, chosen


@pytest.mark.parametrize(("game_id", "players"), PLAIN_CASES, ids=PLAIN_CASE_IDS)
def test_random_bots_finish_a_game_reproducibly(game_id: str, players: int) -> None:
    """Random bots play only legal actions to the end, and the same seeds give the same game."""
    first = _play(game_id, players, 21, ["random"] * players)
    assert first == _play(game_id, players, 21, ["random"] * players)
    assert len(first) <= gremlinrules.get_game(game_id).decision_bound(players)


@pytest.mark.parametrize(("game_id", "players"), PLAIN_CASES, ids=PLAIN_CASE_IDS)
def test_search_bot_chooses_legal_actions_reproducibly(game_id: str, players: int) -> None:
    """An IS-MCTS seat among random ones only plays legal actions, the same for the same seeds."""
    names = ["ismcts"] + ["random"] * (players - 1)
    first = _play(game_id, players, 5, names, limit=25)
    assert first == _play(game_id, players, 5, names, limit=25)


@pytest.mark.parametrize(("case", "players"), TABLE_CASES, ids=TABLE_CASE_IDS)
def test_random_bots_finish_every_named_table(case: str, players: int) -> None:
    """At a game's named tables (team layouts, variants) random bots play only legal actions to
    the end, within the table's decision bound."""
    game = support.game(case)
    bots = [make_bot("random", game, s, 30 + s) for s in range(players)]
    state = game.new_game(players, 30)
    steps = 0
    while not game.is_terminal(state):
        seat = game.current_player(state)
        assert seat is not None
        action = bots[seat].choose(state)
        assert game.is_legal(state, action)
        state = game.apply(state, action)
        steps += 1
    assert steps <= game.decision_bound(players)
    assert state.options == support.table_options(case)


class _Spy:
    """A game that records every call whose first argument is one particular state object."""

    def __init__(self, game: Any, watched: Any) -> None:
        self._game = game
        self._watched = watched
        self.calls: list[tuple[str, tuple[Any, ...]]] = []

    def __getattr__(self, name: str) -> Any:
        target = getattr(self._game, name)
        if not callable(target):
            return target

        def call(*args: Any, **kwargs: Any) -> Any:
            if args and args[0] is self._watched:
                self.calls.append((name, args[1:]))
            return target(*args, **kwargs)

        return call


@pytest.mark.parametrize("game_id", gremlinrules.game_ids())
def test_search_bot_sees_the_real_state_only_through_sample_hidden(game_id: str) -> None:
    """The real state reaches only current_player, legal_actions and sample_hidden for the bot's seat."""
    game = gremlinrules.get_game(game_id)
    state = game.new_game(game.player_counts[0], seed=8)
    while len(game.legal_actions(state)) < 2:  # a forced move needs no search
        state = game.apply(state, game.legal_actions(state)[0])
    seat = game.current_player(state)
    assert seat is not None
    spy = _Spy(game, state)
    make_bot("ismcts", spy, seat, 4, iterations=12, rollout_depth=5).choose(state)
    assert {name for name, _ in spy.calls} <= {"current_player", "legal_actions", "sample_hidden"}
    samples = [args for name, args in spy.calls if name == "sample_hidden"]
    assert samples
    assert all(args[0] == seat for args in samples)


def test_search_bot_beats_random_on_gnaughty_gnomes() -> None:
    """Over a few fixed seeds the search bot's team wins more than half its games (random: about half)."""
    game = gremlinrules.get_game("gnaughty-gnomes")
    wins = 0
    for seed in range(4):
        seat = seed % 2
        bots = [make_bot("ismcts", game, s, seed, iterations=30) if s == seat
                else make_bot("random", game, s, seed) for s in range(2)]
        state = game.new_game(2, seed)
        while not game.is_terminal(state):
            state = game.apply(state, bots[game.current_player(state)].choose(state))  # type: ignore[index]
        wins += seat in game.winners(state)
    assert wins >= 3


def test_bad_bot_requests_raise() -> None:
    """Unknown names, bad seats and bad settings raise InvalidArgumentError; so does the wrong turn."""
    game = gremlinrules.get_game("gnaughty-gnomes")
    assert set(BOT_NAMES) == {"random", "ismcts", "plain"}
    with pytest.raises(InvalidArgumentError):
        make_bot("minimax", game, 0)
    with pytest.raises(InvalidArgumentError):
        make_bot("random", game, 9)
    with pytest.raises(InvalidArgumentError):
        make_bot("ismcts", game, 0, iterations=0)
    state = game.new_game(4, seed=1)
    seat = game.current_player(state)
    assert seat is not None
    with pytest.raises(InvalidArgumentError):
        make_bot("random", game, (seat + 1) % 4).choose(state)


@pytest.mark.parametrize(("game_id", "players"), PLAIN_CASES, ids=PLAIN_CASE_IDS)
def test_random_bot_making_every_decision_plays_the_random_playout(game_id: str, players: int) -> None:
    """A RandomBot of seed s that makes every decision of the game of seed s (its seat moved to
    whoever decides) plays the random playout of s exactly: the playouts' documented draws."""
    game = gremlinrules.get_game(game_id)
    seed = 11
    bot = RandomBot(game, 0, seed)
    state = game.new_game(players, seed)
    decisions = 0
    while not game.is_terminal(state):
        seat = game.current_player(state)
        assert seat is not None
        bot.seat = seat
        state = game.apply(state, bot.choose(state))
        decisions += 1
    played = Playout(game.scores(state), game.winners(state), decisions, game.end_reason(state))
    assert played == random_playout(game, players, seed)


@pytest.mark.parametrize("game_id", gremlinrules.game_ids())
def test_search_bot_determinizes_with_its_streams_raw_outputs(game_id: str) -> None:
    """IS-MCTS's first determinization seed is the first raw 64-bit output of the stream started at
    policy_state(seed), as its module docstring documents (so a port draws the same)."""
    game = gremlinrules.get_game(game_id)
    state = game.new_game(game.player_counts[0], seed=8)
    while len(game.legal_actions(state)) < 2:
        state = game.apply(state, game.legal_actions(state)[0])
    seat = game.current_player(state)
    assert seat is not None
    spy = _Spy(game, state)
    make_bot("ismcts", spy, seat, 4, iterations=3, rollout_depth=5).choose(state)
    seeds = [args[1] for name, args in spy.calls if name == "sample_hidden"]
    first, _ = draws.below(policy_state(4), 1 << 64)
    assert seeds[0] == first
    assert len(seeds) == 3


def test_search_bot_refuses_an_unknown_rollout_policy() -> None:
    """rollout must be "uniform" or "careful": anything else is an InvalidArgumentError."""
    for bad in ("greedy", "", None, 1):
        with pytest.raises(InvalidArgumentError):
            make_bot("ismcts", "no-good-gremlins", 0, rollout=bad)
    assert make_bot("ismcts", "no-good-gremlins", 0, rollout="careful").rollout == "careful"  # type: ignore[attr-defined]
