"""The external-chance mode's core: the argument, outcomes' notation and JSON, and its errors."""

from __future__ import annotations

from typing import Any

import pytest

import gremlinrules
from gremlinrules import InvalidArgumentError, SerializationError, SetupError
from gremlinrules.core.chance import CHANCE, Outcome, Tracked, parse_outcome


@pytest.mark.parametrize("game_id", gremlinrules.game_ids())
def test_a_seeded_game_has_no_chance_decision(game_id: str) -> None:
    """The default mode is seeded: no state of it is a chance decision, and chance_outcomes is
    empty; new_game(chance="seeded") is the same game as new_game()."""
    game = gremlinrules.get_game(game_id)
    state = game.new_game(game.min_players, 5)
    assert game.new_game(game.min_players, 5, chance="seeded") == state
    assert game.current_player(state) != CHANCE
    assert game.chance_outcomes(state) == ()


@pytest.mark.parametrize("game_id", gremlinrules.game_ids())
def test_bad_chance_arguments_get_the_library_errors(game_id: str) -> None:
    """An unknown chance mode, a setup with external chance, and chance_outcomes of something
    that is not a state of the game are refused with the library's errors."""
    game = gremlinrules.get_game(game_id)
    with pytest.raises(InvalidArgumentError, match="chance must be one of"):
        game.new_game(game.min_players, chance="dice")
    with pytest.raises(SetupError):
        game.new_game(game.min_players, chance="external", setup=game.Setup())
    with pytest.raises(InvalidArgumentError):
        game.chance_outcomes("a state")


def test_an_outcome_is_written_chance_pool_item_and_read_back() -> None:
    """str(Outcome) is chance:<pool>:<item>, parse_outcome reads it (None for other text) and a
    malformed chance text is a SerializationError."""
    outcome = Outcome("materials", "rust")
    assert str(outcome) == "chance:materials:rust"
    assert parse_outcome(str(outcome)) == outcome
    assert parse_outcome("build rust") is None
    for bad in ("chance:", "chance:materials", "chance::rust", "chance:materials:"):
        with pytest.raises(SerializationError):
            parse_outcome(bad)


@pytest.mark.parametrize("game_id", gremlinrules.game_ids())
def test_outcome_json_and_bad_tracked_json(game_id: str) -> None:
    """An outcome converts to {"type": "Outcome", "pool", "item"} and back through game.Action;
    malformed outcome or tracked-state JSON raises SerializationError."""
    game = gremlinrules.get_game(game_id)
    outcome = Outcome("pool", "item")
    data = game.to_data(outcome)
    assert data == {"type": "Outcome", "pool": "pool", "item": "item"}
    assert game.from_data(data, game.Action) == outcome
    assert game.from_data(data, Outcome) == outcome
    bad_outcomes: list[Any] = [
        {"type": "Outcome", "pool": "", "item": "x"}, {"type": "Outcome", "pool": "p"},
        {"type": "Outcome", "pool": 3, "item": "x"}, {"type": "Outcome", "pool": "p", "item": "x", "z": 1}]
    for bad in bad_outcomes:
        with pytest.raises(SerializationError):
            game.from_data(bad, game.Action)
    empty = {"format_version": 1, "chance": "external", "state": None, "pending": None, "entered": []}
    bad_tracked: list[Any] = [
        None, [], {"format_version": 1}, {**empty, "chance": "seeded"}, empty,
        {**empty, "pending": {"deal": {"players": 2}}}, {**empty, "pending": {"move": {}}, "entered": ["x"]},
        {**empty, "format_version": 2}]
    for bad in bad_tracked:
        with pytest.raises(SerializationError):
            game.from_data(bad, Tracked)
