"""``gremlinrules play GAME --table``: a person tracks a physical table in the terminal (issue 18)."""

from __future__ import annotations

import io

import pytest

import gremlinrules
from gremlinrules.core.chance import CHANCE, Outcome, Tracked
from gremlinrules.play import play_terminal


@pytest.mark.parametrize("game_id", ["no-good-gremlins", "gremlins-inc"])
def test_table_mode_asks_for_each_outcome_and_each_move_and_applies_them(game_id: str) -> None:
    """In table mode the terminal asks for the deal card by card (named by pool and by who sees
    it), accepts an outcome by its item name, by number and by notation, asks every seat's move
    (no bot plays), and ends cleanly at the end of input with every answer applied."""
    game = gremlinrules.get_game(game_id)
    first = game.legal_actions(game.new_game(2, chance="external"))[0]
    assert isinstance(first, Outcome)
    answers = [first.item, "1", str(first)] + ["1"] * 200
    out = io.StringIO()
    result = play_terminal(game, 2, seat=0, inp=io.StringIO("\n".join(answers) + "\n"), out=out, table=True)
    text = out.getvalue()
    assert not result.finished
    assert len(result.actions) >= 3
    assert result.actions[0] == first
    assert type(result.state) is Tracked
    assert f"What came from the {first.pool} pool?" in text
    moves = [a for a in result.actions if not isinstance(a, Outcome)]
    assert moves, "no player move was asked"
    assert "Your move:" in text or "'s move:" in text
    assert game.current_player(result.state) in (0, 1, CHANCE, None)
    replayed = game.new_game(2, chance="external")
    for action in result.actions:
        replayed = game.apply(replayed, action)
    assert replayed == result.state


def test_table_mode_refuses_an_outcome_that_cannot_come() -> None:
    """An item that is not offered is refused with a sentence, and the question is asked again."""
    game = gremlinrules.get_game("no-good-gremlins")
    out = io.StringIO()
    result = play_terminal(game, 2, seat=None, inp=io.StringIO("unobtainium\n"), out=out, table=True)
    assert result.actions == ()
    assert "is neither a number" in out.getvalue()
