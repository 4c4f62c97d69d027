"""The command line."""

from __future__ import annotations

import io

import pytest

import gremlinrules
from gremlinrules.cli import main
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
