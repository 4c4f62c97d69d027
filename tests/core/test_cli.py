"""The command line."""

from __future__ import annotations

import importlib.metadata
import io
import itertools
import json
import platform
import statistics
import subprocess
import sys
from pathlib import Path

import pytest

import gremlinrules
from gremlinrules.bench import HEAD
from gremlinrules.bench import HEARTS_GAMES
from gremlinrules.bench import decision_spread
from gremlinrules.bench import hearts_slice
from gremlinrules.bench import ours_slice
from gremlinrules.bench import strict_ratio
from gremlinrules.cli import main
from gremlinrules.core.records import load_record
from gremlinrules.core.records import replay
from gremlinrules.demo import play_demo


def test_list_prints_every_game(capsys: pytest.CaptureFixture[str]) -> None:
    """``list`` prints one line per registered game."""
    assert main(["list"]) == 0
    out = capsys.readouterr().out
    for gid in gremlinrules.game_ids():
        assert gid in out


@pytest.mark.parametrize("game_id", gremlinrules.game_ids())
def test_demo_plays_a_whole_game_and_prints_the_result(game_id: str) -> None:
    """The demo prints one line per decision, the final scores and winners, and last why the game
    ended, in words, with the clause id of the end (``end_reason``) in brackets."""
    game = gremlinrules.get_game(game_id)
    out = io.StringIO()
    final = play_demo(game, max(game.player_counts), 3, out)
    text = out.getvalue()
    assert game.is_terminal(final)
    assert "Scores:" in text
    assert "Winner" in text
    assert text.count("\n") >= 4
    reason = game.end_reason(final)
    assert reason is not None
    assert text.rstrip().splitlines()[-1].startswith("Why it ended: ")
    assert text.rstrip().endswith(f"[{reason}]")


@pytest.mark.parametrize("game_id", gremlinrules.game_ids())
def test_demo_tells_each_decision_as_its_seat_and_the_actions_label(game_id: str, tmp_path: Path) -> None:
    """Each decision line is the acting seat and the action's label as that seat sees it
    (``game.action_label``), the words the page and ``play`` show, not the internal description."""
    game = gremlinrules.get_game(game_id)
    out = io.StringIO()
    play_demo(game, min(game.player_counts), 5, out, max_lines=12, record=tmp_path / "game.json")
    printed = [line for line in out.getvalue().splitlines() if line[:5].strip().rstrip(".").isdigit()]
    loaded = load_record((tmp_path / "game.json").read_text(encoding="utf-8"))
    states = replay(loaded)
    assert len(printed) == 12
    for line, state, action in zip(printed, states, loaded.actions, strict=False):
        seat = game.current_player(state)
        label = game.action_label(game.observe(state, seat), action)
        assert line.split(". ", 1)[1].split("  [scores")[0] == f"Seat {seat}: {label}"


def test_unknown_game_exits_with_status_2(capsys: pytest.CaptureFixture[str]) -> None:
    """An unknown game id prints a clear error and exits with status 2."""
    assert main(["demo", "no-such-game"]) == 2
    assert "no game 'no-such-game'" in capsys.readouterr().err


def test_bench_prints_the_machine_and_a_row_per_player_count_with_the_strict_ratio(
        capsys: pytest.CaptureFixture[str]) -> None:
    """``bench`` prints the machine (CPU, cores, Python), the column header, and per player count
    a row with a positive strict ratio to hearts and a p99 no lower than the median, followed by
    the kinds of decision that make the slowest 1% (open-spiel is in the test extra)."""
    pytest.importorskip("pyspiel")
    assert main(["bench", "--games", "2", "--rounds", "2", "--only", "gnaughty-gnomes", "--no-mcts",
                 "--cpu"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("machine: ")
    assert " cores, " in lines[0]
    assert f"{platform.python_implementation()} {platform.python_version()}" in lines[0]
    assert lines[0].endswith("process CPU clock")
    assert lines[2] == HEAD
    rows = [line for line in lines if line.startswith("gnaughty-gnomes")]
    assert [row.split()[1] for row in rows] == ["(2p)", "(4p)"]
    for row in rows:
        ratio, _mean, median, p99 = (float(x) for x in row.split()[2:6])
        assert ratio > 0
        assert p99 >= median > 0
        assert row.split()[9] == "-"  # --no-mcts
        below = lines[lines.index(row) + 1]
        assert below.startswith("    slowest 1% (>= ")
        assert "(of all " in below


def test_bench_json_gives_the_machine_then_one_object_per_row_with_every_figure(
        capsys: pytest.CaptureFixture[str]) -> None:
    """``--json`` prints JSON lines: the machine, then per game and player count the strict ratio
    and its slices, mean, median and p99 per decision, the slowest 1%'s kinds (shares that sum to
    at most 1), games per second, observe, JSON round trip and MCTS milliseconds per move."""
    pytest.importorskip("pyspiel")
    assert main(["bench", "--games", "2", "--rounds", "1", "--only", "gnaughty-gnomes", "--players", "4",
                 "--json"]) == 0
    first, *rows = (json.loads(line) for line in capsys.readouterr().out.splitlines())
    assert set(first["machine"]) >= {"cpu", "cores", "python", "open_spiel", "clock"}
    assert first["machine"]["clock"] == "wall"
    assert [(r["game"], r["players"]) for r in rows] == [("gnaughty-gnomes", 4)]
    row = rows[0]
    assert row["ratio"] > 0
    assert len(row["slice_ratios"]) == 1
    assert row["games"] == 2
    assert row["p99_us"] >= row["median_us"] > 0
    assert row["mean_us"] > 0
    assert row["games_per_s"] > 0
    assert 0 < sum(share for _, share, _ in row["slowest"]) <= 1
    assert all(0 < every <= 1 for _, _, every in row["slowest"])
    assert row["observe_us"] > 0
    assert row["json_max_us"] >= row["json_us"] > 0
    assert row["mcts_ms"] > 0


def test_bench_gives_the_engines_ratios_for_the_games_it_plays(capsys: pytest.CaptureFixture[str]) -> None:
    """For a game on the engine, ``bench`` reports its cost per decision from a Python loop and inside
    ``engine.playouts``, each a positive ratio to hearts, playouts far below the Python loop (issue
    27); the columns are "-" where the engine is off."""
    pytest.importorskip("pyspiel")
    from gremlinrules import engine

    if "no-good-gremlins" not in engine.games():
        pytest.skip("no compiled engine here")
    assert main(["bench", "--games", "2", "--rounds", "1", "--only", "no-good-gremlins", "--players", "2",
                 "--no-mcts", "--json"]) == 0
    _, row = (json.loads(line) for line in capsys.readouterr().out.splitlines())
    assert row["engine_ratio"] > 0
    assert row["engine_us"] > 0
    assert 0 < row["playouts_ratio"] < row["engine_ratio"]
    assert row["playouts_ns"] > 0


def test_bench_without_openspiel_leaves_the_ratio_and_mcts_out(capsys: pytest.CaptureFixture[str]) -> None:
    """``--no-openspiel`` prints "-" for the ratio and MCTS columns and still times our game."""
    assert main(["bench", "--games", "1", "--rounds", "1", "--only", "no-good-gremlins", "--players", "3",
                 "--no-openspiel"]) == 0
    rows = [line for line in capsys.readouterr().out.splitlines() if line.startswith("no-good-gremlins")]
    assert [row.split()[1] for row in rows] == ["(3p)"]
    fields = rows[0].split()
    assert (fields[2], fields[9]) == ("-", "-")
    assert float(fields[3]) > 0


@pytest.mark.parametrize("flag", ["--games", "--rounds"])
def test_bench_refuses_counts_below_one(flag: str, capsys: pytest.CaptureFixture[str]) -> None:
    """``--games 0`` or ``--rounds 0`` is a usage error (status 2), not a crash."""
    with pytest.raises(SystemExit) as exit_info:
        main(["bench", flag, "0"])
    assert exit_info.value.code == 2
    assert "positive integer" in capsys.readouterr().err


def test_bench_refuses_an_unknown_game(capsys: pytest.CaptureFixture[str]) -> None:
    """``--only`` with an id no game has exits with status 2 and names it (not an empty table)."""
    assert main(["bench", "--only", "no-such-game", "--no-openspiel"]) == 2
    assert "no game 'no-such-game'" in capsys.readouterr().err


def test_strict_ratio_is_whole_playouts_per_decision_over_hearts_per_decision() -> None:
    """With a clock that advances one tick per reading, a hearts game costs one tick however many
    decisions it has (its clock starts after the deal and stops at its end, no reading per step,
    issue 27) and our slice one tick in all (whole playouts timed at once): each slice ratio is
    (1 / our decisions) over (50 games / hearts' decisions), and the ratio is their median."""
    pytest.importorskip("pyspiel")
    ticks = itertools.count()
    game = gremlinrules.get_game("no-good-gremlins")
    row = strict_ratio(game, 2, 3, 3, lambda: float(next(ticks)))
    ours = [ours_slice(game, 2, range(k, k + 1))[1] for k in range(3)]
    hearts = [hearts_slice(range(k * HEARTS_GAMES, (k + 1) * HEARTS_GAMES))[1] for k in range(3)]
    expected = [(1 / d) / (HEARTS_GAMES / h) for d, h in zip(ours, hearts, strict=True)]
    assert row["slice_ratios"] == pytest.approx(expected)
    assert row["ratio"] == pytest.approx(statistics.median(expected))
    assert row["games"] == 3


def test_decision_spread_names_the_kinds_of_the_slowest_decisions() -> None:
    """Every decision is timed: the slowest 1% is at least one decision at or above the 99th
    percentile, named by action class and phase, with shares of the slowest and of all."""
    game = gremlinrules.get_game("gremlins-the-game")
    spread = decision_spread(game, 2, range(2))
    assert spread["p99_us"] >= spread["median_us"] > 0
    names = {cls.__name__ for cls in game.action_types}
    for label, share, every in spread["slowest"]:
        assert label.split()[0] in names
        assert 0 < share <= 1
        assert 0 < every <= 1
    assert len(spread["probes"]) == 6
    assert spread["decisions_per_game"] > 4


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
