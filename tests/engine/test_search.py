"""IS-MCTS on the engine chooses what it chooses on the typed API: the same draws, the same sums."""

from __future__ import annotations

import random
from typing import Any

import pytest

import gremlinrules
from gremlinrules import engine
from gremlinrules.bench import format_ismcts
from gremlinrules.bench import ismcts_figures
from gremlinrules.bots import ISMCTSBot
from gremlinrules.bots import RandomBot
from gremlinrules.sim import simulate
from tests.engine.support import NATIVE
from tests.engine.support import needs_engine
from tests.engine.test_sample_hidden import SAMPLED

pytestmark = needs_engine


def _decisions(game: Any, players: int, seed: int, count: int) -> list[Any]:
    """``count`` states of a random game of ``seed`` with at least two legal actions."""
    picks = random.Random(seed)
    state = game.new_game(players, seed)
    out: list[Any] = []
    while not game.is_terminal(state) and len(out) < count:
        legal = game.legal_actions(state)
        if len(legal) > 1 and picks.random() < 0.3:
            out.append(state)
        state = game.apply(state, legal[picks.randrange(len(legal))])
    return out


@pytest.mark.parametrize("game_id", sorted(NATIVE))
def test_search_bot_chooses_the_same_move_with_and_without_the_engine(game_id: str) -> None:
    """At several states of random games and several seeds, ISMCTSBot with the engine chooses the
    very action it chooses on the typed API, and its stream ends in the same state (so the next
    decision draws alike too)."""
    game = gremlinrules.get_game(game_id)
    compared = 0
    for players in (game.player_counts[0], game.player_counts[-1]):
        for state in _decisions(game, players, 40 + players, 4):
            seat = game.current_player(state)
            assert seat is not None
            for seed in (0, 7, 2**64 - 1):
                fast = ISMCTSBot(game, seat, seed, iterations=30, rollout_depth=20)
                slow = ISMCTSBot(game, seat, seed, iterations=30, rollout_depth=20, native=False)
                for _ in range(2):  # two decisions in a row: the streams stay together
                    assert fast.choose(state) == slow.choose(state)
                    assert fast._stream == slow._stream
                compared += 1
    assert compared >= 8


@pytest.mark.parametrize("game_id", [g for g in SAMPLED if g in NATIVE])
def test_search_bot_searches_natively_where_the_engine_can(game_id: str,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """Where the game has a native sample_hidden, choose never runs the Python simulations (counted
    and timed budgets alike), and its choice is legal."""
    game = gremlinrules.get_game(game_id)
    state = _decisions(game, game.player_counts[0], 3, 1)[0]
    seat = game.current_player(state)
    assert seat is not None

    def refuse(*args: Any) -> None:
        raise AssertionError("the Python search ran")

    monkeypatch.setattr(ISMCTSBot, "_simulate", refuse)
    for bot in (ISMCTSBot(game, seat, 1, iterations=50), ISMCTSBot(game, seat, 1, seconds=0.01)):
        assert game.is_legal(state, bot.choose(state))


def test_bench_measures_ismcts_both_ways() -> None:
    """bench's IS-MCTS figures: milliseconds a decision on the typed API and on the engine (the same
    moves both ways, or it raises), their ratio, and the line that prints them."""
    row = ismcts_figures("no-good-gremlins", 2, iterations=5, count=2)
    assert row["ismcts_ms"] > 0
    assert row["ismcts_engine_ms"] > 0
    assert row["ismcts_speedup"] == row["ismcts_ms"] / row["ismcts_engine_ms"]
    line = format_ismcts({"game": "no-good-gremlins", "players": 2, **row})
    assert "IS-MCTS" in line
    assert "with the engine" in line
    assert format_ismcts({"game": "no-good-gremlins", "players": 2}) == ""


@pytest.mark.parametrize("game_id", sorted(NATIVE))
def test_simulate_records_of_a_search_line_up_are_the_same_with_the_engine_off(
        game_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """simulate with an IS-MCTS seat among random ones gives the same records (every field but the
    time, ended_by included) with the engine and with GREMLINRULES_ENGINE=off."""
    game = gremlinrules.get_game(game_id)
    players = game.player_counts[0]
    bots = ",".join(["ismcts:6"] + ["random"] * (players - 1))

    def run() -> list[dict[str, Any]]:
        records = simulate(game_id, games=2, players=players, bots=bots, seed=9, workers=1)
        return [{k: v for k, v in r.items() if k != "seconds"} for r in records]

    fast = run()
    monkeypatch.setenv("GREMLINRULES_ENGINE", "off")
    assert not engine.available()
    slow = run()
    assert fast == slow
    assert len(fast) == 2


@pytest.mark.parametrize("game_id", ["no-good-gremlins", "gnaughty-gnomes"])
def test_careful_rollouts_choose_the_same_move_with_and_without_the_engine(game_id: str) -> None:
    """With rollout="careful" (No Good Gremlins: no Scrap while anything else is legal; Gnaughty
    Gnomes lists nothing, so uniform), the engine's search chooses what the typed API's does."""
    game = gremlinrules.get_game(game_id)
    for state in _decisions(game, 2, 12, 5):
        seat = game.current_player(state)
        assert seat is not None
        fast = ISMCTSBot(game, seat, 3, iterations=40, rollout="careful")
        slow = ISMCTSBot(game, seat, 3, iterations=40, rollout="careful", native=False)
        assert fast.choose(state) == slow.choose(state)
        assert fast._stream == slow._stream


def test_careful_rollouts_beat_random_players_more_often_than_uniform_ones() -> None:
    """In No Good Gremlins, IS-MCTS with 50 simulations and careful rollouts wins more of 16 fixed
    games against a random player than with uniform rollouts, and at least 14 of them."""
    game = gremlinrules.get_game("no-good-gremlins")
    wins = {}
    for rollout in ("uniform", "careful"):
        won = 0.0
        for seed in range(16):
            seat = seed % 2
            bots: list[Any] = [ISMCTSBot(game, s, seed, iterations=50, rollout=rollout) if s == seat
                               else RandomBot(game, s, seed + 100) for s in range(2)]
            state = game.new_game(2, seed)
            while not game.is_terminal(state):
                state = game.apply(state, bots[game.current_player(state)].choose(state))  # type: ignore[index]
            winners = game.winners(state)
            won += 1 / len(winners) if seat in winners else 0.0
        wins[rollout] = won
    assert wins["careful"] > wins["uniform"]
    assert wins["careful"] >= 14
