"""tools/strength.py: the bots' strength table is reproducible and counts the candidate's seat."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

import gremlinrules
from gremlinrules.sim import simulate
from gremlinrules.sim.stats import win_credits

_SCRIPT = Path(__file__).resolve().parents[2] / "tools" / "strength.py"


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("strength_tool", _SCRIPT)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["strength_tool"] = module
    spec.loader.exec_module(module)
    return module


def test_a_cell_is_the_rotated_candidates_share_of_the_wins() -> None:
    """The candidate sits at seat ``i % players`` in game ``i`` (simulate's rotation), and its
    share is its win credit there, summed over the games, over the games played."""
    tool = _tool()
    got = tool.strength("no-good-gremlins", "plain", "random", 6, seed=9, workers=1)
    records = simulate("no-good-gremlins", games=6, players=2, bots=["plain", "random"], seed=9,
                       workers=1, rotate=True)
    assert all(r["bots"][r["index"] % 2] == "plain" for r in records)
    expected = sum(win_credits(r["winners"], 2)[r["index"] % 2] for r in records)
    assert got.n == 6
    assert got.successes == pytest.approx(expected)
    assert got.low <= got.value <= got.high


def test_the_table_is_the_same_for_the_same_command(tmp_path: Path) -> None:
    """Bots limited by simulations and seeds derived from the master seed: two runs of one command
    write the same file, with a row per bot and a column per opponent."""
    tool = _tool()
    args = ["--only", "no-good-gremlins", "--games", "2", "--budgets", "2", "--workers", "1"]
    first, second = tmp_path / "a.rst", tmp_path / "b.rst"
    assert tool.main([*args, "--out", str(first)]) == 0
    assert tool.main([*args, "--out", str(second)]) == 0
    text = first.read_text(encoding="utf-8")
    assert text == second.read_text(encoding="utf-8")
    title = gremlinrules.get_game("no-good-gremlins").title
    assert f".. list-table:: {title}, 2 players" in text
    for bot in ("``random``", "``plain``", "``ismcts:2``"):
        assert f"   * - {bot}" in text
    assert text.count("     - against ") == 2
