"""The typed decision frame of No Good Gremlins: its JSON, its validators, and the version 1
documents (untyped "feed" frames) that still read."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import gremlinrules
from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.core.errors import SerializationError
from gremlinrules.no_good_gremlins import FORMAT_VERSION
from gremlinrules.no_good_gremlins import REFERENCE
from gremlinrules.no_good_gremlins import EndTurn
from gremlinrules.no_good_gremlins import Feed
from gremlinrules.no_good_gremlins import Material
from gremlinrules.no_good_gremlins import MealChoice
from gremlinrules.no_good_gremlins import Options
from gremlinrules.no_good_gremlins import TakeScrap
from gremlinrules.no_good_gremlins import apply
from gremlinrules.no_good_gremlins import observe
from tests.no_good_gremlins.strategies import table

GAME = gremlinrules.get_game("no-good-gremlins")
V1 = json.loads((Path(__file__).parent / "v1_feed_document.json").read_text())
"""A state and the holder's view with a pending "feed" frame, as main wrote them at format
version 1 (before the frames were typed)."""


def _pending() -> Any:
    """The state of ``V1``, reached by the rules: seat 0 must feed steel or chrome."""
    comps = attrs.evolve(REFERENCE, medal_values=(1, 2, 3, 4, 6, 6))
    s = table(3, hands=(("wood",), ("rust",), ("rust",)), pads=(("rust", "steel", "steel", "chrome"), (), ()),
              heap=("iron",), wanderer=0, options=Options(wanderer_tie="holder_chooses"), components=comps)
    return apply(apply(s, TakeScrap()), EndTurn())


@pytest.mark.clause("NGG-WANDER-5")
def test_the_pending_meal_choice_is_tagged_in_json_and_round_trips() -> None:
    """The frame is data like an action: ``"type": "MealChoice"``, the seat, the tied materials
    by name; the state and the view carry the raised format version and read back equal."""
    s = _pending()
    assert s.stack == (MealChoice(0, (Material.STEEL, Material.CHROME)),)
    data = GAME.to_data(s)
    assert data["format_version"] == FORMAT_VERSION == 2
    assert data["stack"] == [{"type": "MealChoice", "seat": 0, "among": ["steel", "chrome"]}]
    assert GAME.from_json(GAME.to_json(s), GAME.State) == s
    view = observe(s, 0)
    assert GAME.from_json(GAME.to_json(view), GAME.View) == view


@pytest.mark.clause("NGG-WANDER-5")
def test_a_version_1_document_still_reads_as_the_same_state_and_view() -> None:
    """A state and a view written by the previous version (an untyped "feed" frame with its
    kind, source and remaining-step strings) decode to what the rules reach now."""
    assert V1["state"]["format_version"] == 1
    assert V1["state"]["stack"][0]["kind"] == "feed"
    s = _pending()
    assert GAME.from_data(V1["state"], GAME.State) == s
    assert GAME.from_data(V1["view"], GAME.View) == observe(s, 0)
    decoded = GAME.from_data(V1["state"], GAME.State)
    assert GAME.apply(decoded, Feed(Material.CHROME)) == apply(s, Feed(Material.CHROME))


@pytest.mark.clause("NGG-WANDER-5")
@pytest.mark.parametrize("version", [0, 3, "2", None])
def test_a_version_this_library_does_not_read_is_refused(version: object) -> None:
    """Only versions 1 (upgraded) and 2 read; any other is refused at its key."""
    with pytest.raises(SerializationError, match=r"\$\.format_version: .* is not 1 to 2") as caught:
        GAME.from_data({**V1["state"], "format_version": version}, GAME.State)
    assert caught.value.path == "$.format_version"


@pytest.mark.clause("NGG-WANDER-5")
@pytest.mark.parametrize(("field", "value", "why"), [
    ("seat", -1, "a seat from 0 to 63"),
    ("seat", True, "expected an integer, got a boolean"),
    ("among", ["steel"], "two or more distinct materials"),
    ("among", ["chrome", "steel"], "two or more distinct materials"),
    ("among", ["steel", "steel"], "two or more distinct materials"),
])
def test_a_malformed_frame_is_refused_at_its_field(field: str, value: object, why: str) -> None:
    """The frame validates its own fields: the decoder names the field and what it takes."""
    data = {**V1["state"], "format_version": 2,
            "stack": [{"type": "MealChoice", "seat": 0, "among": ["steel", "chrome"], field: value}]}
    with pytest.raises(SerializationError, match=why) as caught:
        GAME.from_data(data, GAME.State)
    assert caught.value.path == f"$.stack[0].{field}"


@pytest.mark.clause("NGG-WANDER-5")
def test_a_frame_of_another_kind_or_for_another_seat_is_refused() -> None:
    """An unknown frame type is refused by its tag; a well-formed frame the rules did not ask
    (for a seat that is not the turn owner) by the game's invariants."""
    bad_type = {**V1["state"], "format_version": 2, "stack": [{"type": "Feed", "seat": 0, "among": []}]}
    with pytest.raises(SerializationError, match="expected frame type 'MealChoice', got 'Feed'"):
        GAME.from_data(bad_type, GAME.State)
    other_seat = {**V1["state"], "format_version": 2,
                  "stack": [{"type": "MealChoice", "seat": 1, "among": ["steel", "chrome"]}]}
    with pytest.raises(SerializationError, match="a pending decision the rules cannot ask"):
        GAME.from_data(other_seat, GAME.State)


@pytest.mark.clause("NGG-WANDER-5")
@given(seat=st.integers(0, 63), among=st.lists(st.sampled_from(list(Material)), min_size=2, unique=True))
def test_every_valid_meal_choice_builds_and_round_trips(seat: int, among: list[Material]) -> None:
    """Property: any seat and two or more distinct materials in rust-to-chrome order make a
    frame, whose data converts back to it; the same materials out of order are refused."""
    ordered = tuple(m for m in Material if m in among)
    frame = MealChoice(seat, ordered)
    conv = gremlinrules.no_good_gremlins.CONVERTER
    assert conv.structure(conv.unstructure(frame), MealChoice) == frame
    if tuple(among) != ordered:
        with pytest.raises(InvalidArgumentError, match="rust to chrome"):
            MealChoice(seat, tuple(among))


def test_the_schema_lists_the_frame_and_the_state_refers_to_it() -> None:
    """``json_schema()`` names the game's frames under ``Frame``, each tagged by its class."""
    defs = GAME.json_schema()["$defs"]
    assert defs["Frame"] == {"oneOf": [{"$ref": "#/$defs/MealChoice"}]}
    assert defs["MealChoice"]["properties"]["type"] == {"const": "MealChoice"}
    assert defs["MealChoice"]["required"] == ["type", "seat", "among"]
    assert defs["State"]["properties"]["stack"]["items"] == {"$ref": "#/$defs/MealChoice"}
