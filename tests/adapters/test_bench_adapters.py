"""``bench --adapters`` times OpenSpiel's MCTS and a random-step loop through the OpenSpiel adapter with
the engine and without it (issue 30), and the two ways choose the same moves."""

from __future__ import annotations

import json
import os
import time
from typing import Any

import pytest

from gremlinrules import engine
from gremlinrules.bench import ADAPTER_HEAD
from gremlinrules.bench import adapter_engine_figures
from gremlinrules.cli import main
from tests.engine.support import REQUIRED

pytest.importorskip("pyspiel")


def _needs_engine(monkeypatch: pytest.MonkeyPatch, game_id: str) -> None:
    """Switch the engine on for this test; skip where it was not built, unless CI requires it."""
    monkeypatch.delenv(engine.ENV, raising=False)
    if game_id not in engine.games() and not REQUIRED:
        pytest.skip(f"no native {game_id} here (the engine was not built)")


@pytest.fixture(autouse=True)
def _read_the_switch_again() -> Any:
    """After each test (and after monkeypatch has put the environment back), the engine reads the
    switch again."""
    yield
    engine.available()


def test_adapter_figures_time_both_ways_and_the_bots_agree_move_for_move(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """adapter_engine_figures gives positive MCTS milliseconds per move and microseconds per step
    both ways, their ratios (typed / engine), and same_moves True: the two MCTS bots, seeded alike
    on the typed and the native game, chose the same move at every timed move. The switch is as it
    was afterwards."""
    _needs_engine(monkeypatch, "no-good-gremlins")
    before = os.environ.get(engine.ENV)
    row = adapter_engine_figures("no-good-gremlins", 2, time.perf_counter, moves=((0, 2), (1, 1)),
                                 simulations=6, step_games=2)
    assert os.environ.get(engine.ENV) == before
    assert row["mcts_typed_ms"] > 0
    assert row["mcts_engine_ms"] > 0
    assert row["mcts_x"] == pytest.approx(row["mcts_typed_ms"] / row["mcts_engine_ms"])
    assert row["step_typed_us"] > 0
    assert row["step_engine_us"] > 0
    assert row["step_x"] == pytest.approx(row["step_typed_us"] / row["step_engine_us"])
    assert row["same_moves"] is True


def test_adapter_figures_leave_the_engine_columns_empty_when_it_is_switched_off(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """With GREMLINRULES_ENGINE=off only the typed figures are measured; the engine's, the ratios
    and same_moves are None."""
    monkeypatch.setenv(engine.ENV, "off")
    row = adapter_engine_figures("no-good-gremlins", 2, time.perf_counter, moves=((0, 1),),
                                 simulations=3, step_games=1)
    assert row["mcts_typed_ms"] > 0
    assert row["step_typed_us"] > 0
    assert (row["mcts_engine_ms"], row["step_engine_us"], row["mcts_x"], row["step_x"],
            row["same_moves"]) == (None,) * 5


def test_bench_adapters_prints_one_row_per_game_at_its_smallest_table(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """``bench --adapters --only G`` prints the machine, what is timed, the header and one row for G
    at its smallest player count with both ways' figures, ratios and "yes" for the same moves;
    ``--json`` prints the machine and the row as JSON."""
    _needs_engine(monkeypatch, "no-good-gremlins")
    assert main(["bench", "--adapters", "--only", "no-good-gremlins", "--cpu"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("machine: ")
    assert lines[0].endswith("process CPU clock")
    assert lines[2] == ADAPTER_HEAD
    assert len(lines) == 4
    fields = lines[3].split()
    assert fields[:2] == ["no-good-gremlins", "(2p)"]
    assert all(float(x) > 0 for x in fields[2:8])
    assert fields[8] == "yes"
    assert main(["bench", "--adapters", "--only", "no-good-gremlins", "--players", "3", "--json"]) == 0
    first, row = (json.loads(line) for line in capsys.readouterr().out.splitlines())
    assert first["machine"]["clock"] == "wall"
    assert (row["game"], row["players"], row["same_moves"]) == ("no-good-gremlins", 3, True)
    assert row["mcts_engine_ms"] > 0
