"""``gremlinrules replay``: step through a game record as one seat (or the spectator) sees it."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

import gremlinrules
from gremlinrules import SerializationError
from gremlinrules.cli import main
from gremlinrules.core.records import FORMAT_VERSION
from gremlinrules.core.records import load_record
from gremlinrules.core.records import replay
from gremlinrules.demo import play_demo
from gremlinrules.replay import replay_record
from gremlinrules.textview import render_view
from tests.test_play import frontend_game

GAME_IDS = gremlinrules.game_ids()


def _recorded(game_id: str, tmp_path: Path, seed: int = 3) -> tuple[Path, Any]:
    """A finished game written by ``demo --record``: the file and the final state."""
    game = gremlinrules.get_game(game_id)
    path = tmp_path / f"{game_id}.json"
    final = play_demo(game, game.min_players, seed, io.StringIO(), record=path)
    return path, final


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("seat", [0, 1, None])
def test_replay_shows_the_chosen_view_and_each_actions_notation_and_label(
        game_id: str, seat: int | None, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Replaying a demo's record prints, in order, each action's notation and its label (from the
    acting seat's view) followed by the chosen seat's view (or the spectator's) after it, and the
    final result with why the game ended (its clause id last); no other seat's view is printed."""
    game = frontend_game(game_id)
    path, final = _recorded(game_id, tmp_path)
    args = ["replay", str(path)] + (["--spectator"] if seat is None else ["--seat", str(seat)])
    assert main(args) == 0
    out = capsys.readouterr().out
    loaded = load_record(path.read_text(encoding="utf-8"))
    states = replay(loaded)
    assert states[-1] == final
    position = 0
    steps = zip(states[:-1], loaded.actions, states[1:], strict=True)
    for number, (before, action, after) in enumerate(steps, 1):
        actor = game.current_player(before)
        label = game.action_label(game.observe(before, actor), action)
        line = f"\n{number}. seat {actor}: {action}  ({label})\n"
        position = out.index(line, position)
        position = out.index(render_view(game, game.observe(after, seat)), position)
    assert "Result: game over" in out
    assert out.rstrip().endswith(f"[{game.end_reason(final)}]")
    others = [s for s in range(game.min_players) if s != seat]
    assert all(render_view(game, game.observe(states[-1], s)) not in out for s in others
               if game.observe(states[-1], s) != game.observe(states[-1], seat))


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize(("key", "value", "words"), [
    ("format_version", FORMAT_VERSION + 1, "newer than this library"),
    ("rules", "0", "rules version"),
    ("components", "0" * 16, "components version"),
])
def test_a_record_of_another_format_or_rules_version_is_refused_with_status_2(
        game_id: str, key: str, value: Any, words: str, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    """A record of a newer format version, or made under other rules or components, is refused
    before anything is replayed: status 2, the library's message on standard error, nothing on
    standard output."""
    path, _ = _recorded(game_id, tmp_path)
    record = json.loads(path.read_text(encoding="utf-8"))
    record[key] = value
    path.write_text(json.dumps(record), encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    captured = capsys.readouterr()
    assert words in captured.err
    assert captured.err.startswith("gremlinrules: ")
    assert captured.out == ""


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_record_whose_stated_result_differs_from_its_replay_is_refused(game_id: str,
                                                                         tmp_path: Path) -> None:
    """A record whose stated scores are not what its actions give (edited by hand) is refused
    with a SerializationError at $.result."""
    game = frontend_game(game_id)
    path, final = _recorded(game_id, tmp_path)
    record = json.loads(path.read_text(encoding="utf-8"))
    record["result"]["scores"] = [s + 1 for s in game.scores(final)]
    with pytest.raises(SerializationError, match="result"):
        replay_record(json.dumps(record), io.StringIO())


def test_a_missing_file_a_seat_outside_the_table_and_not_a_record_exit_with_status_2(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``replay`` of a missing file, of a record with ``--seat`` past its table, and of a file that
    is not a record each exit with status 2 and say why."""
    assert main(["replay", str(tmp_path / "missing.json")]) == 2
    assert "cannot read" in capsys.readouterr().err
    path, _ = _recorded(GAME_IDS[0], tmp_path)
    assert main(["replay", str(path), "--seat", "99"]) == 2
    assert "--seat must be a seat from 0" in capsys.readouterr().err
    other = tmp_path / "other.json"
    other.write_text("[1, 2]", encoding="utf-8")
    assert main(["replay", str(other)]) == 2
    assert "not a gremlinrules game record" in capsys.readouterr().err
