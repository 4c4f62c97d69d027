"""``gremlinrules play GAME --table``: a person tracks a physical table in the terminal (issue 18)."""

from __future__ import annotations

import io

import attrs
import pytest

import gremlinrules
from gremlinrules.core.chance import CHANCE
from gremlinrules.core.chance import Outcome
from gremlinrules.core.chance import Tracked
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
    assert f"What came from the {first.pool} pool for seat 0?" in text
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


def test_table_mode_takes_entries_back_with_undo() -> None:
    """``undo`` takes back the last entry and ``undo N`` the last N, outcomes and moves alike: the
    session goes on from the state before them, and its record holds only what stands."""
    game = gremlinrules.get_game("no-good-gremlins")
    answers = ["rust", "wood", "undo", "iron", "copper", "steel", "undo 2", "chrome", "undo 9"]
    out = io.StringIO()
    result = play_terminal(game, 2, seat=0, inp=io.StringIO("\n".join(answers) + "\n"), out=out, table=True)
    assert [a.item for a in result.actions] == ["rust", "iron", "chrome"]
    replayed = game.new_game(2, chance="external")
    for action in result.actions:
        replayed = game.apply(replayed, action)
    assert replayed == result.state
    text = out.getvalue()
    assert "* taken back: 1 entry" in text
    assert "* taken back: 2 entries" in text
    assert "only 3 entries can be taken back" in text


def test_table_mode_enters_a_card_for_another_seat_and_a_card_unseen_then_names_it() -> None:
    """``ITEM@SEAT`` enters a card of the deal for another seat than the one asked; ``?`` a card
    the tracker cannot see (No Good Gremlins allows it for a seat's own cards); ``reveal
    ITEM@SEAT`` names such a card once it shows; the prompt says how many are held unseen. A card
    for a seat whose hand is full is refused with the game's sentence, which names no card the
    pool may still give."""
    game = gremlinrules.get_game("no-good-gremlins")
    answers = ["wood@1", "rust", "rust", "rust", "rust", "rust", "rust", "iron@0", "?", "?", "?", "?", "?",
               "reveal chrome@1"]
    out = io.StringIO()
    result = play_terminal(game, 2, seat=0, inp=io.StringIO("\n".join(answers) + "\n"), out=out, table=True)
    text = out.getvalue()
    assert result.actions[0] == Outcome("materials", "wood", 1)
    assert "seat 0 has all its cards of the materials pool" in text
    assert "Entered unseen, not revealed yet: seat 1: 5 (materials)" in text
    assert "Entered unseen, not revealed yet: seat 1: 4 (materials)" in text
    hand, mine = game.observe(result.state, 1).hand, game.observe(result.state, 0).hand
    assert hand is not None
    assert mine is not None
    assert (hand.chrome, hand.wood >= 1, sum(attrs.astuple(hand))) == (1, True, 6)
    assert mine.rust == 6
    refusal = next(line for line in text.splitlines() if "has all its cards" in line)
    assert not {"copper", "steel", "chrome"} & set(refusal.replace(":", " ").split())


def test_table_mode_refuses_an_unseen_card_where_the_game_needs_every_card() -> None:
    """In Gremlins, Inc. a card cannot be entered unseen: ``?`` is refused with the reason, and the
    question is asked again."""
    game = gremlinrules.get_game("gremlins-inc")
    out = io.StringIO()
    result = play_terminal(game, 2, seat=0, inp=io.StringIO("?\n"), out=out, table=True)
    assert result.actions == ()
    assert "takes no unseen outcome" in out.getvalue()
