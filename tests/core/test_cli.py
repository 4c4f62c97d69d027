"""The command line."""

from __future__ import annotations

import importlib.metadata
import io
import subprocess
import sys
from pathlib import Path

import pytest

import gremlinrules
from gremlinrules.cli import main
from gremlinrules.core.records import load_record, replay
from gremlinrules.demo import play_demo


def test_list_prints_every_game(capsys: pytest.CaptureFixture[str]) -> None:
    """``list`` prints one line per registered game."""
    assert main(["list"]) == 0
    out = capsys.readouterr().out
    for gid in gremlinrules.game_ids():
        assert gid in out


@pytest.mark.parametrize("game_id", gremlinrules.game_ids())
def test_demo_plays_a_whole_game_and_prints_the_result(game_id: str) -> None:
    """The demo prints one line per decision and the final scores and winners."""
    game = gremlinrules.get_game(game_id)
    out = io.StringIO()
    final = play_demo(game, max(game.player_counts), 3, out)
    text = out.getvalue()
    assert game.is_terminal(final)
    assert "Scores:" in text
    assert "Winner" in text
    assert text.count("\n") >= 4


def test_unknown_game_exits_with_status_2(capsys: pytest.CaptureFixture[str]) -> None:
    """An unknown game id prints a clear error and exits with status 2."""
    assert main(["demo", "no-such-game"]) == 2
    assert "no game 'no-such-game'" in capsys.readouterr().err


def test_bench_prints_a_row_per_player_count_with_ratios(capsys: pytest.CaptureFixture[str]) -> None:
    """``bench`` prints the yardsticks and, for each player count of a game, its figures and a
    ratio to each yardstick (open-spiel is in the test extra)."""
    assert main(["bench", "--games", "2", "--rounds", "2", "--only", "no-good-gremlins"]) == 0
    out = capsys.readouterr().out
    assert "openspiel hearts" in out
    rows = [line for line in out.splitlines() if line.startswith("no-good-gremlins")]
    assert len(rows) == len(gremlinrules.get_game("no-good-gremlins").player_counts)
    for row in rows:
        ratios = row.split()[-2:]
        assert all(float(r) > 0 for r in ratios)


@pytest.mark.parametrize("flag", ["--games", "--rounds"])
def test_bench_refuses_counts_below_one(flag: str, capsys: pytest.CaptureFixture[str]) -> None:
    """``--games 0`` or ``--rounds 0`` is a usage error (status 2), not a crash."""
    with pytest.raises(SystemExit) as exit_info:
        main(["bench", flag, "0"])
    assert exit_info.value.code == 2
    assert "positive integer" in capsys.readouterr().err


def test_bench_players_picks_one_player_count(capsys: pytest.CaptureFixture[str]) -> None:
    """``--players 3`` times only the three-player game."""
    assert main(["bench", "--games", "1", "--rounds", "1", "--only", "no-good-gremlins", "--players", "3",
                 "--no-openspiel"]) == 0
    rows = [line for line in capsys.readouterr().out.splitlines() if line.startswith("no-good-gremlins")]
    assert [row.split()[1] for row in rows] == ["(3p)"]


def test_version_flag_prints_the_package_version(capsys: pytest.CaptureFixture[str]) -> None:
    """``gremlinrules --version`` prints the program name and the package's version, and exits 0."""
    with pytest.raises(SystemExit) as exit_info:
        main(["--version"])
    assert exit_info.value.code == 0
    assert capsys.readouterr().out.strip() == f"gremlinrules {gremlinrules.__version__}"


def test_python_dash_m_prints_the_version_of_the_installed_distribution() -> None:
    """``python -m gremlinrules --version`` works too, and the number is the installed
    distribution's (the build reads it from ``gremlinrules.__version__``, its one source)."""
    out = subprocess.run([sys.executable, "-m", "gremlinrules", "--version"], capture_output=True,
                         text=True, check=True, timeout=60).stdout
    assert out.strip() == f"gremlinrules {gremlinrules.__version__}"
    assert importlib.metadata.version("gremlinrules") == gremlinrules.__version__


@pytest.mark.parametrize("game_id", gremlinrules.game_ids())
def test_demo_record_writes_a_record_that_replays_to_the_demos_final_state(
        game_id: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``demo --record FILE`` writes a game record (one action per line) whose replay ends in the
    state the demo reached, with the result the demo printed."""
    path = tmp_path / "demo.json"
    game = gremlinrules.get_game(game_id)
    players = str(game.min_players)
    assert main(["demo", game_id, "--seed", "4", "--players", players, "--record", str(path)]) == 0
    assert f"Record written to {path}" in capsys.readouterr().out
    text = path.read_text(encoding="utf-8")
    loaded = load_record(text)
    final = play_demo(game, loaded.players, 4, io.StringIO())
    assert replay(loaded)[-1] == final
    assert loaded.result["scores"] == list(game.scores(final))
    assert text.count('{"action": ') == len(loaded.actions) > 0


def test_demo_record_to_an_unwritable_path_exits_with_status_2(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A record path in a missing directory is a clear error with status 2, not a traceback."""
    assert main(["demo", "no-good-gremlins", "--record", str(tmp_path / "no" / "such" / "dir.json")]) == 2
    assert "cannot write" in capsys.readouterr().err
