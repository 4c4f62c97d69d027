"""The external-chance mode's core: the argument, outcomes' notation and JSON, and its errors."""

from __future__ import annotations

import random
from typing import Any
from typing import cast

import pytest

import gremlinrules
from gremlinrules import InvalidArgumentError
from gremlinrules import SerializationError
from gremlinrules import SetupError
from gremlinrules.core.chance import CHANCE
from gremlinrules.core.chance import UNSEEN
from gremlinrules.core.chance import Need
from gremlinrules.core.chance import Outcome
from gremlinrules.core.chance import Tracked
from gremlinrules.core.chance import parse_outcome
from gremlinrules.core.game import ModuleGame


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


def test_a_tracked_state_of_another_game_or_hand_built_is_refused() -> None:
    """Every function refuses, with InvalidArgumentError, a tracked state made by another game, one
    nested in another, or one whose parts have the wrong types; a seed given with external chance
    is a SetupError (it would be ignored)."""
    gg, ngg = gremlinrules.get_game("gnaughty-gnomes"), gremlinrules.get_game("no-good-gremlins")
    other = gg.new_game(4, chance="external")
    seeded = ngg.new_game(2, 1)
    nested: Any = seeded
    for _ in range(50):
        nested = Tracked(nested)
    action = ngg.legal_actions(seeded)[0]
    for bad in (other, nested, Tracked(None), Tracked(seeded, pending=action),
                Tracked(seeded, pending=action, need=Need("materials", (("rust", 0),))),
                Tracked(seeded, entered=("chance:materials:rust",))):  # type: ignore[arg-type]
        for call in (lambda t: ngg.legal_actions(t), lambda t: ngg.current_player(t),
                     lambda t: ngg.players(t), lambda t: ngg.observe(t, 0), lambda t: ngg.chance_outcomes(t),
                     lambda t: ngg.apply(t, action), lambda t: ngg.check_state(t),
                     lambda t: gremlinrules.get_game("no-good-gremlins", reference=True).apply(t, action)):
            with pytest.raises(InvalidArgumentError, match="not a tracked No Good Gremlins state"):
                call(bad)
    with pytest.raises(SetupError, match="pass one or the other"):
        ngg.new_game(2, 5, chance="external")


@pytest.mark.parametrize("game_id", gremlinrules.game_ids())
def test_the_modules_own_apply_with_events_refuses_a_tracked_state(game_id: str) -> None:
    """A game module's own apply_with_events takes only its State (a tracked state's events come
    from the game object, which knows the chance model); the game object's gives the move's
    events once its outcomes are in."""
    game = cast(ModuleGame, gremlinrules.get_game(game_id))
    t = game.new_game(game.min_players, chance="external")
    with pytest.raises(InvalidArgumentError):
        game.module.apply_with_events(t, game.legal_actions(t)[0])
    while game.current_player(t) == CHANCE:
        t = game.apply(t, game.legal_actions(t)[0])
    after, _ = game.apply_with_events(t, game.legal_actions(t)[0])
    assert type(after) is Tracked


@pytest.mark.parametrize("game_id", gremlinrules.game_ids())
def test_the_json_schema_describes_outcomes_and_tracked_states(game_id: str) -> None:
    """json_schema() has $defs Outcome (one of the Actions) and Tracked, and a tracked state's JSON
    and its outcomes validate against them along a random external game."""
    jsonschema = pytest.importorskip("jsonschema")
    game = gremlinrules.get_game(game_id)
    schema = game.json_schema()
    t = game.new_game(game.min_players, chance="external")
    rnd = random.Random(3)
    for _ in range(60):
        jsonschema.validate(game.to_data(t), {**schema, "$ref": "#/$defs/Tracked"})
        actions = game.legal_actions(t)
        action = actions[rnd.randrange(len(actions))]
        jsonschema.validate(game.to_data(action), {**schema, "$ref": "#/$defs/Action"})
        t = game.apply(t, action)


def test_an_outcome_naming_a_seat_is_written_with_it_and_read_back() -> None:
    """An outcome for another seat than the one offered (issue 28) is written
    chance:<pool>:<item>@<seat> and read back; one naming none is written as before; an item whose
    own name holds "@" is written with a bare "@" after it (or its seat) and reads back; the
    unseen item "?" reads as UNSEEN; a seat with leading zeros or too many digits is refused."""
    assert str(Outcome("materials", "rust", 2)) == "chance:materials:rust@2"
    assert str(Outcome("materials", "rust")) == "chance:materials:rust"
    for outcome in (Outcome("materials", "rust", 2), Outcome("materials", "rust", 0), Outcome("roles", "a@3"),
                    Outcome("roles", "a@3", 1), Outcome("materials", UNSEEN),
                    Outcome("materials", UNSEEN, 4)):
        assert parse_outcome(str(outcome)) == outcome
    assert str(Outcome("roles", "a@3")) == "chance:roles:a@3@"
    assert parse_outcome("chance:deck:a@b") == Outcome("deck", "a@b")
    for bad in ("chance:materials:rust@01", "chance:materials:rust@1234567", "chance:materials:@2"):
        with pytest.raises(SerializationError):
            parse_outcome(bad)


@pytest.mark.parametrize("game_id", gremlinrules.game_ids())
def test_an_outcome_naming_a_seat_has_its_json_and_schema(game_id: str) -> None:
    """An outcome's JSON holds "seat" only when it names one, reads back through game.Action and
    validates against json_schema()'s Outcome; a seat that is not a small non-negative int
    (a bool, text, a float, -1, a million) is a SerializationError."""
    jsonschema = pytest.importorskip("jsonschema")
    game = gremlinrules.get_game(game_id)
    schema = game.json_schema()
    seated = game.to_data(Outcome("pool", "item", 3))
    assert seated == {"type": "Outcome", "pool": "pool", "item": "item", "seat": 3}
    assert "seat" not in game.to_data(Outcome("pool", "item"))
    assert game.from_data(seated, game.Action) == Outcome("pool", "item", 3)
    jsonschema.validate(seated, {**schema, "$ref": "#/$defs/Outcome"})
    for seat in (True, "3", 1.5, -1, 10**6):
        with pytest.raises(SerializationError):
            game.from_data({**seated, "seat": seat}, game.Action)
    entered = {"type": "string", **schema["$defs"]["Tracked"]["properties"]["entered"]["items"]}
    for text in ("chance:deck:map@2", "chance:deck:map", "chance:roles:a@3@"):
        jsonschema.validate(text, entered)
