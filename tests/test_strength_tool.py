"""tools/strength.py: the strength table's rates are the bots' shares of the wins in simulate's records."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

from gremlinrules.sim import simulate
from gremlinrules.sim.stats import win_credits

ROOT = Path(__file__).resolve().parent.parent


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("strength_tool", ROOT / "tools" / "strength.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_bots_strength_is_its_share_of_the_wins_in_rotated_games() -> None:
    """strength(game, bot, opponent, n, seed) is the bot's summed win credit over the n rotated
    simulate games against that opponent, over n, with an interval around it."""
    tool = _tool()
    got = tool.strength("gnaughty-gnomes", "plain", "random", 6, 5)
    records = simulate("gnaughty-gnomes", games=6, players=2, bots=["plain", "random"], seed=5, rotate=True,
                       workers=1)
    expected = sum(win_credits(r["winners"], 2)[r["bots"].index("plain")] for r in records)
    assert (got.successes, got.n) == (pytest.approx(expected), 6)
    assert got.low <= got.value <= got.high


def test_the_strength_table_prints_an_rst_list_table(capsys: pytest.CaptureFixture[str]) -> None:
    """--rst prints a list-table with a row per bot, random's own cell marked as itself."""
    tool = _tool()
    assert tool.main(["--games", "2", "--only", "gnaughty-gnomes", "--rst"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(".. list-table::")
    assert "``ismcts:200``" in out
    assert "(itself)" in out
