"""JSON Schema generated from attrs classes follows what the converter writes."""

from __future__ import annotations

import enum

import attrs
import jsonschema
import pytest
from hypothesis import given
from hypothesis import strategies as st

from gremlinrules.core import serial
from gremlinrules.core.frames import Frame
from gremlinrules.core.schema import build_schema


class Suit(enum.Enum):
    RED = "red"
    BLUE = "blue"


@attrs.frozen
class Play:
    suit: Suit
    rank: int


@attrs.frozen
class Pass:
    pass


@attrs.frozen
class Options:
    fast: bool = True


@attrs.frozen
class Setup:
    hands: tuple[tuple[int, ...], ...] | None = None


@attrs.frozen(slots=True)
class Ask(Frame):
    """A toy decision frame: the seat is asked about a card."""

    card: str


@attrs.frozen
class State:
    hands: tuple[tuple[Play, ...], ...]
    last: Play | Pass | None
    pair: tuple[int, str]
    stack: tuple[Ask, ...] = ()


CONVERTER = serial.make_converter((Play, Pass), frame_types=(Ask,))
SCHEMA = build_schema(title="Toy", state=State, view=State, actions=(Play, Pass), options=Options,
                      setup=Setup, frames=(Ask,))


def _validator(name: str) -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator({"$defs": SCHEMA["$defs"], "$ref": f"#/$defs/{name}"})


plays = st.builds(Play, st.sampled_from(Suit), st.integers(-5, 5))
states = st.builds(State, st.lists(st.lists(plays, max_size=3).map(tuple), max_size=3).map(tuple),
                   st.one_of(st.none(), plays, st.just(Pass())), st.tuples(st.integers(), st.text()),
                   st.lists(st.builds(Ask, st.integers(0, 5), st.text(max_size=5)), max_size=2).map(tuple))


def test_the_schema_is_valid_json_schema_2020_12() -> None:
    """The generated document is itself a valid draft 2020-12 schema naming the five roles."""
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    assert {"State", "View", "Action", "Options", "Setup"} <= set(SCHEMA["$defs"])


@given(states)
def test_every_state_the_converter_writes_is_valid_under_the_schema(state: State) -> None:
    """Property: to_data of any state validates against the schema's State."""
    _validator("State").validate(serial.unstructure(CONVERTER, state))


@pytest.mark.parametrize("bad", [
    {"hands": [], "last": None, "pair": [1, "x"], "extra": 1},
    {"hands": [[{"suit": "green", "rank": 1}]], "last": None, "pair": [1, "x"]},
    {"hands": [], "last": {"type": "Play", "suit": "red"}, "pair": [1, "x"]},
    {"hands": [], "last": None, "pair": [1, "x", 2]},
    {"hands": [], "last": None, "pair": [True, "x"]},
])
def test_what_the_converter_refuses_the_schema_refuses(bad: dict[str, object]) -> None:
    """Extra keys, unknown enum values, missing fields, wrong tuple lengths and booleans for
    integers are invalid under the schema as they are for the converter."""
    assert not _validator("State").is_valid(bad)
    with pytest.raises(Exception, match="State"):
        serial.structure(CONVERTER, bad, State)


def test_actions_carry_their_type_tag() -> None:
    """An action validates with its "type" and fails without it or with another class's."""
    action = _validator("Action")
    assert action.is_valid({"type": "Play", "suit": "red", "rank": 3})
    assert action.is_valid({"type": "Pass"})
    assert not action.is_valid({"suit": "red", "rank": 3})
    assert not action.is_valid({"type": "Pass", "suit": "red", "rank": 3})
